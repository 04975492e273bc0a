#!/usr/bin/env bash
# Loom GUI test: ParaView's real client under Xvfb loads the Loom plugin, applies a Loom filter to a
# Wavelet, saves a screenshot, then contours it (Loom Contour) and saves another; each picture must
# match its baseline (vtkImageDifference) and show data.
# Arguments: plugin directory, output directory, baseline PNG.
set -euo pipefail
plugin_dir=$1 out_dir=$2 baseline=$3
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out_dir"
shot="$out_dir/loom_gui.png"
rm -f "$shot" "$shot.done"

# One Xvfb on a free display, checked before the client starts.
display_number=$((90 + RANDOM % 100))
Xvfb ":$display_number" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
paraview_pid=
trap 'kill $paraview_pid $xvfb_pid 2>/dev/null || true' EXIT
export DISPLAY=":$display_number"
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
xdpyinfo >/dev/null 2>&1 || { echo "Xvfb did not start"; exit 1; }

# Rendering under load sometimes loses the X connection: up to 3 attempts.
for attempt in 1 2 3; do
  rm -f "$shot" "$shot.done"
  LOOM_GUI_SCREENSHOT="$shot" paraview --plugin-search-paths="$plugin_dir" --plugins=Loom \
    --script="$here/gui_script.py" >"$out_dir/paraview.log" 2>&1 &
  paraview_pid=$!
  for _ in $(seq 1 600); do [ -f "$shot.done" ] && break; sleep 0.1; done
  kill $paraview_pid 2>/dev/null || true
  wait $paraview_pid 2>/dev/null || true
  [ -f "$shot.done" ] && break
  echo "attempt $attempt: no screenshot"
done
[ -f "$shot.done" ] || { echo "the GUI did not write a screenshot"; cat "$out_dir/paraview.log"; exit 1; }
if grep -q "Plugin 'Loom' not found\|not defined\|Traceback" "$out_dir/paraview.log"; then
  cat "$out_dir/paraview.log"; exit 1
fi
if [ ! -f "$baseline" ]; then
  echo "no baseline at $baseline: copy $shot there after checking it by eye"; exit 1
fi
pvpython "$here/compare_images.py" "$shot" "$baseline" 15
contour_baseline="${baseline%.png}_contour.png"
if [ ! -f "$contour_baseline" ]; then
  echo "no baseline at $contour_baseline: copy ${shot%.png}_contour.png there after checking it by eye"; exit 1
fi
pvpython "$here/compare_images.py" "${shot%.png}_contour.png" "$contour_baseline" 15
echo "GUI test passed"
