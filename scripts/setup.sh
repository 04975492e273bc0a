#!/usr/bin/env bash
# Loom: install the Debian packages the project needs (skipping what is present), then configure and
# build in Release. Used by scripts/demo.sh, scripts/test.sh and CI. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(cmake ninja-build g++ libtbb-dev libgtest-dev libgmock-dev libbenchmark-dev
  # ParaView 5.11 and its VTK, with what its CMake package needs for the components Loom uses
  paraview paraview-dev python3-paraview libopenmpi-dev openmpi-bin libdouble-conversion-dev
  liblz4-dev python3-dev libexpat1-dev liblzma-dev zlib1g-dev
  # plugin help pages (XML_DOCUMENTATION), the plugin's Qt panel and widgets (ParaView's pq libraries
  # need Qt's Widgets, Network, Svg and Help CMake packages), and the GUI tests under Xvfb
  qttools5-dev qtxmlpatterns5-dev-tools qtbase5-dev libqt5svg5-dev libqt5opengl5-dev
  # ... and the link interfaces of the VTK modules those libraries use
  libglew-dev libnetcdf-dev libhdf5-dev
  xvfb xauth x11-utils imagemagick)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "loom setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The CUDA toolkit is not a Debian package here: use nvcc where the machine has it.
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi

BUILD_DIR="${LOOM_BUILD_DIR:-build}"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release ${LOOM_CMAKE_ARGS:-}
cmake --build "$BUILD_DIR" -j 2
