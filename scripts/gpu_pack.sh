#!/usr/bin/env bash
# Packs the built VTK C++ tests, the engine tests and the families benchmark for a run on a lent GPU
# machine (no Debian packages there): the programs, libLoomFilters.so, Data/ and every shared library
# ldd lists for them except the C/C++ runtime, as one .tgz of absolute paths (the tests hold the
# build's paths; the carry limit is 64 MiB: xz keeps a CUDA 80;90 build near 46 MB where gzip made 78).
#   bash scripts/gpu_pack.sh [build-dir] [out.txz]
# On the GPU machine: tar xJf out.txz -C / && export LD_LIBRARY_PATH=<root>/gpu-libs, then run the
# programs with LOOM_DEVICE=cuda (see README, "CUDA").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=${2:-$root/output/gpu/pack.txz}
mkdir -p "$(dirname "$out")"
# The GPU runs optimized machine code: a build for PTX only, or without CUDA's optimizer (the test command's on
# a machine without a GPU: LOOM_CUDA_DEVICE_OPTIMIZATION=OFF), is rebuilt for sm_90 and optimized first (the
# driver would otherwise compile every kernel at its first launch, on device time, and slow kernels would be
# measured).
if grep -q -E '^CMAKE_CUDA_ARCHITECTURES:.*virtual|^LOOM_CUDA_DEVICE_OPTIMIZATION:BOOL=OFF' "$build/CMakeCache.txt"   2>/dev/null; then
  echo "gpu_pack: $build holds PTX only or unoptimized kernels; rebuilding it for sm_90, optimized" >&2
  cmake -S "$root" -B "$build" -DCMAKE_CUDA_ARCHITECTURES=90 -DLOOM_CUDA_DEVICE_OPTIMIZATION=ON >/dev/null
  cmake --build "$build" -j 2
fi
programs=$(ls "$build"/Testing/Filters/loom_*_test* "$build"/Testing/Engine/loom_engine_tests \
  "$build"/Testing/Benchmarks/loom_benchmark_families "$build"/Testing/Benchmarks/loom_benchmark_vtk 2>/dev/null)
[ -n "$programs" ] || { echo "gpu_pack: no test programs under $build (build first)" >&2; exit 1; }
libs=$(for p in $programs; do ldd "$p"; done | awk '/=> \//{print $3}' | sort -u |
  grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so|/libLoom' || true)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/gpu-libs"
for l in $libs; do cp -L "$l" "$stage/gpu-libs/"; done
XZ_OPT="-6 -T2" tar cJf "$out" -P $programs "$build"/lib/paraview-5.11/plugins/Loom/libLoomFilters.so "$root/Data" \
  --transform "s|^$stage/gpu-libs|$root/gpu-libs|" "$stage/gpu-libs"
echo "gpu_pack: $(du -h "$out" | cut -f1) in $out ($(echo $libs | wc -w) libraries)"
