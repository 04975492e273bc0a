#!/usr/bin/env bash
# Loom: set up, build, and run every test through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd "${LOOM_BUILD_DIR:-build}"
# Two at a time (no test judges by the clock; the GUI and install tests run alone, RUN_SERIAL).
ctest --output-on-failure -j 2
