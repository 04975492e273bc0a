#!/usr/bin/env bash
# ParaView's own filters on Loom in ParaView's real client under Xvfb: the client starts with the plugin (in a HOME
# of its own: the events switch Accelerate ParaView Filters off and on) and plays accelerate_client_events.xml.
# Arguments: plugin folder, output folder, the device Auto resolves to here.
set -euo pipefail
plugin_dir=$1 out_dir=$2 auto_device=$3
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$out_dir"
mkdir -p "$out_dir/home"
events="$out_dir/accelerate_client_events.xml"
sed "s/@LOOM_AUTO_DEVICE@/$auto_device/g" "$here/accelerate_client_events.xml.in" >"$events"
source "$here/xvfb.sh"
for attempt in 1 2 3; do
  log="$out_dir/client-$attempt.log"
  play_events "$log" "$events" env HOME="$out_dir/home" LOOM_ACCELERATE= paraview --dr \
    --plugin-search-paths="$plugin_dir" --plugins=Loom && break
  echo "attempt $attempt: the client did not finish the events"
done
grep -v "^\s*$" "$log" | grep -v "^ *[0-9]* *0x" | tail -12
grep -q "Success =  true" "$log" || { echo "the acceleration events failed"; exit 1; }
echo "Loom acceleration client test passed"
