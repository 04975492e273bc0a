#!/bin/sh
# Filters.TwinsAskForCuda: on a machine without a GPU, the filter test programs run as their `.cuda` twins
# would (LOOM_DEVICE=cuda), the device helper made to report CUDA (LOOM_TEST_CUDA_STAND_IN=1: the requests
# fall back to a CPU device here, so the check that CUDA ran is left out), and each program must pass and
# report the cases it ran on CUDA ("loomtest: N cases on CUDA", N > 0): every device loop takes its list
# from loomtest::Devices(); and no test source lists { Serial, TBB } itself, which a twin would run on the
# CPU again; the pvpython tests likewise take theirs from loom_testing.devices() (['CUDA'] in a twin).
# Arguments: the engine test program (the GPU probe), then the filter test programs. Skipped (77) where a
# GPU is present: the twins themselves run there.
engine=$1; shift
"$engine" --loom-device=cuda --gtest_filter=- >/dev/null 2>&1
[ $? -eq 77 ] || { echo "a GPU is present: the .cuda twins run on it"; exit 77; }
status=0
fixed=$(grep -n -E 'DEVICE_SERIAL\)?, *(int\()?vtkLoom[A-Za-z]*::DEVICE_TBB\)? *[})]' "$(dirname "$0")"/*.cxx)
if [ -n "$fixed" ]; then
  echo "device lists of their own (take loomtest::Devices()):"; echo "$fixed"; status=1
fi
# The pvpython tests: their device loops from loom_testing.devices(), which names CUDA alone in a twin.
python=$(dirname "$0")/../Python
fixed=$(grep -n -E "[\[(]'Serial', *'TBB'[])]" "$python"/test_*.py)
if [ -n "$fixed" ]; then
  echo "pvpython device lists of their own (take loom_testing.devices()):"; echo "$fixed"; status=1
fi
asked=$(cd "$python" && LOOM_DEVICE=cuda python3 -c 'import loom_testing; print(loom_testing.devices())')
[ "$asked" = "['CUDA']" ] || { echo "loom_testing.devices() in a twin: $asked"; status=1; }
for program in "$@"; do
  log=$(LOOM_DEVICE=cuda LOOM_TEST_CUDA_STAND_IN=1 "$program" 2>&1)
  rc=$?
  cases=$(printf '%s\n' "$log" | sed -n 's/^loomtest: \([0-9]*\) cases on CUDA$/\1/p')
  echo "$(basename "$program"): rc=$rc, ${cases:-0} cases on CUDA"
  if [ $rc -ne 0 ] || [ "${cases:-0}" -eq 0 ]; then
    printf '%s\n' "$log" | grep -E -A8 'Failure|FAILED' | head -40
    status=1
  fi
done
[ $status -eq 0 ] && echo "every filter test program runs its cases on the device the twins name"
exit $status
