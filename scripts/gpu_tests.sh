#!/usr/bin/env bash
# On a lent GPU machine: unpacks what scripts/gpu_pack.sh packed and runs the engine tests and the VTK
# C++ tests on CUDA (LOOM_DEVICE=cuda), one line per program (with the cases that ran on CUDA), then the
# failures' output.
#   bash scripts/gpu_tests.sh output/gpu/pack.txz [gtest filter]
set -uo pipefail
pack=${1:-output/gpu/pack.txz}
filter=${2:-*}
# tar picks the compression from the file; without an xz program there, Python's lzma unpacks it
untar() { tar xf "$pack" -P "$@" 2>/dev/null || python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall("/")' "$pack"; }
untar
root=$(tar tf "$pack" 2>/dev/null | grep -m1 '/gpu-libs/$' | sed 's|/gpu-libs/$||')
[ -n "$root" ] || root=$(python3 -c 'import sys, tarfile; print(next(n for n in tarfile.open(sys.argv[1]).getnames() if n.endswith("/gpu-libs")).rsplit("/gpu-libs", 1)[0])' "$pack")
root=/${root#/}
export LD_LIBRARY_PATH="$root/gpu-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" LOOM_DATA_DIR="$root/Data"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
logs=${OUT:-/tmp}/gpu-logs
mkdir -p "$logs"
status=0
run() { # name, command...
  local name=$1; shift
  local t0=$SECONDS
  "$@" >"$logs/$name.log" 2>&1
  local rc=$?
  # The filter programs end with "loomtest: N cases on CUDA" (Testing/Filters/LoomFilterTesting.h).
  printf '%-28s rc=%-3s %4ss  %s %s\n' "$name" "$rc" "$((SECONDS - t0))" \
    "$(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/$name.log" | tr '\n' ' ')" \
    "$(grep -o -E 'loomtest: [0-9]+ cases on CUDA' "$logs/$name.log" | sed 's/loomtest: //')"
  [ $rc -eq 0 ] || status=1
}
run engine "$root/build/Testing/Engine/loom_engine_tests" --loom-device=cuda --gtest_filter="$filter"
for p in "$root"/build/Testing/Filters/loom_*_tests; do
  LOOM_DEVICE=cuda run "$(basename "$p")" "$p" --gtest_filter="$filter"
done
for f in "$logs"/*.log; do
  # (not "Abort": the progress tests' names and lines say it when they pass)
  grep -q -E '^\[  FAILED  \]|Segmentation fault|terminate called|Aborted \(core' "$f" || continue
  echo "=== $(basename "$f")"; grep -E -B3 -A12 'Failure|FAILED|Segmentation fault|terminate called|Aborted \(core' "$f" | head -60
done
exit $status
