#!/usr/bin/env bash
# Loom: the clang build with ASan+UBSan and libFuzzer coverage in Loom's code (build-fuzz/), for the
# fuzzer (scripts/fuzz.sh) and the sanitized filter tests (scripts/sanitizers.sh). ParaView's VTK is
# Debian's, uninstrumented. Builds the targets named on the command line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
if ! command -v clang++ >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clang
fi
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOOM_ENABLE_CUDA=OFF \
  -DLOOM_ENABLE_SANITIZERS=ON -DLOOM_ENABLE_FUZZER=ON -DLOOM_PLUGIN_GUI=OFF -DLOOM_WRAP_PYTHON=OFF >/dev/null
cmake --build build-fuzz -j 2 --target "$@"
