#!/usr/bin/env bash
# Loom: set up, build, and run the main job. Results are written to output/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p output
"${LOOM_BUILD_DIR:-build}/Worklets/demo/loom_engine_demo" output
