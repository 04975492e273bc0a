#!/usr/bin/env bash
# Loom: set up, build, and run the main job: the Loom filters on the bundled data and the wavelet,
# beside ParaView's own filters (outputs, timing table and a rendered PNG in output/), then the engine
# demo. Rendering needs an X server: without DISPLAY the script runs under xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p output
BUILD="${LOOM_BUILD_DIR:-build}"
"$BUILD/Worklets/demo/loom_engine_demo" output
PLUGIN_DIR="$BUILD/lib/paraview-5.11/plugins/Loom" # ParaView's plugin subfolder (PARAVIEW_PLUGIN_SUBDIR)
if [ -d "$PLUGIN_DIR" ]; then
  export PV_PLUGIN_PATH="$PWD/$PLUGIN_DIR" LOOM_DATA_DIR="$PWD/Data"
  if [ -n "${DISPLAY:-}" ]; then
    pvpython scripts/demo.py output
  else
    xvfb-run -a -s "-screen 0 1280x1024x24" pvpython scripts/demo.py output
  fi
fi
