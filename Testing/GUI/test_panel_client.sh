#!/usr/bin/env bash
# Loom panel in ParaView's real client under Xvfb: the client starts with the plugin and plays
# loom_panel_events.xml (View > Loom, filters through the menus, checks of the panel's report, the default
# device); once the events have passed, a picture of the whole screen is compared with the baseline.
# Arguments: plugin folder, output folder, baseline picture, the device Auto resolves to here.
set -euo pipefail
plugin_dir=$1 out_dir=$2 baseline=$3 auto_device=$4
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out_dir"
events="$out_dir/loom_panel_events.xml" shot="$out_dir/loom_panel_client.png"
sed "s/@LOOM_AUTO_DEVICE@/$auto_device/g" "$here/loom_panel_events.xml.in" >"$events"
source "$here/xvfb.sh"
after_success='sleep 1; import -window root "$shot"' # after the last render
for attempt in 1 2 3; do
  log="$out_dir/client-$attempt.log"
  play_events "$log" "$events" paraview --dr --plugin-search-paths="$plugin_dir" --plugins=Loom && break
  echo "attempt $attempt: the client did not finish the events"
done
grep -v "^\s*$" "$log" | tail -20
grep -q "Success =  true" "$log" || { echo "the Loom panel events failed"; exit 1; }
if [ ! -f "$baseline" ]; then
  echo "no baseline at $baseline: copy $shot there after checking it by eye"; exit 1
fi
pvpython "$here/compare_images.py" "$shot" "$baseline" 15
echo "Loom panel client test passed"
