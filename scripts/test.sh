#!/usr/bin/env bash
# Loom: set up, build, and run every test through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
# Without a GPU (no nvidia-smi that lists one) the CUDA code is compiled to PTX only (CMake's 90-virtual):
# the same device compilation up to the machine code nothing here can run (ptxas, about a quarter of each .cu
# file's time); the CUDA tests skip. With a GPU, or LOOM_CUDA_ARCHITECTURES set, its architectures.
# Nothing can run that code here, so it is not optimized either (LOOM_CUDA_DEVICE_OPTIMIZATION=OFF: CUDA's front
# end checks every kernel; its optimizer, most of the .cu files' build time, is skipped).
if [ -z "${LOOM_CUDA_ARCHITECTURES:-}" ] && ! nvidia-smi -L 2>/dev/null | grep -q GPU; then
  LOOM_CUDA_ARCHITECTURES=90-virtual
  export LOOM_CMAKE_ARGS="${LOOM_CMAKE_ARGS:-} -DLOOM_CUDA_DEVICE_OPTIMIZATION=OFF"
fi
if [ -n "${LOOM_CUDA_ARCHITECTURES:-}" ]; then
  export LOOM_CMAKE_ARGS="${LOOM_CMAKE_ARGS:-} -DCMAKE_CUDA_ARCHITECTURES=${LOOM_CUDA_ARCHITECTURES}"
fi
case "${LOOM_CMAKE_ARGS:-}" in
  *LOOM_CUDA_DEVICE_OPTIMIZATION*) ;;
  *) export LOOM_CMAKE_ARGS="${LOOM_CMAKE_ARGS:-} -DLOOM_CUDA_DEVICE_OPTIMIZATION=ON" ;; # a GPU: optimized
esac
bash scripts/setup.sh
root=$PWD
cd "${LOOM_BUILD_DIR:-build}"
# A build that has run no test yet starts from the tests' seconds on the CI machine kind (Testing/ctest-costs.txt,
# CTest's own format): the longest first, so that the two cores are not left to one long test at the end. CTest
# keeps its own timings from then on.
if [ ! -s Testing/Temporary/CTestCostData.txt ]; then
  mkdir -p Testing/Temporary
  cp "$root/Testing/ctest-costs.txt" Testing/Temporary/CTestCostData.txt
fi
# Two at a time (no test judges by the clock; the ParaView client tests one at a time, beside other tests:
# RESOURCE_LOCK loom_display; the install test alone, RUN_SERIAL).
ctest --output-on-failure -j 2
