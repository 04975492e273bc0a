#!/usr/bin/env bash
# Loom GUI test: ParaView's real client under Xvfb loads the Loom plugin and runs a script that saves
# screenshots of Loom filters; each picture must match its baseline (vtkImageDifference) and show data.
# Arguments: plugin directory, output directory, baseline PNG of the first picture, and optionally the
# script (default gui_script.py) and the suffixes of its further pictures (default _contour): a
# picture NAME_SUFFIX.png is compared with the baseline BASELINE_SUFFIX.png.
set -euo pipefail
plugin_dir=$1 out_dir=$2 baseline=$3
here="$(cd "$(dirname "$0")" && pwd)"
script="$here/${4:-gui_script.py}"
if [ $# -ge 5 ]; then suffixes=("${@:5}"); elif [ $# -eq 4 ]; then suffixes=(); else suffixes=(_contour); fi
mkdir -p "$out_dir"
shot="$out_dir/$(basename "$baseline")"
log="$out_dir/$(basename "$baseline" .png).log"
rm -f "$shot" "$shot.done"

source "$here/xvfb.sh"

# Rendering under load sometimes loses the X connection: up to 3 attempts of at most 50 s each.
for attempt in 1 2 3; do
  rm -f "$shot" "$shot.done"
  LOOM_GUI_SCREENSHOT="$shot" paraview --plugin-search-paths="$plugin_dir" --plugins=Loom \
    --script="$script" >"$log" 2>&1 &
  client_pid=$!
  for _ in $(seq 1 500); do [ -f "$shot.done" ] && break; sleep 0.1; done
  # A client that lost its X connection may not stop on TERM: KILL it after a grace period.
  kill $client_pid 2>/dev/null || true
  for _ in $(seq 1 20); do kill -0 $client_pid 2>/dev/null || break; sleep 0.1; done
  kill -9 $client_pid 2>/dev/null || true
  wait $client_pid 2>/dev/null || true
  [ -f "$shot.done" ] && break
  echo "attempt $attempt: no screenshot after $((SECONDS)) s"
done
[ -f "$shot.done" ] || { echo "the GUI did not write a screenshot"; cat "$log"; exit 1; }
if grep -q "Plugin 'Loom' not found\|not defined\|Traceback" "$log"; then
  cat "$log"; exit 1
fi
for suffix in "" "${suffixes[@]}"; do
  picture="${shot%.png}$suffix.png" expected="${baseline%.png}$suffix.png"
  if [ ! -f "$expected" ]; then
    echo "no baseline at $expected: copy $picture there after checking it by eye"; exit 1
  fi
  pvpython "$here/compare_images.py" "$picture" "$expected" 15
done
echo "GUI test passed"
