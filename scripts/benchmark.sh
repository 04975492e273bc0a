#!/usr/bin/env bash
# Loom: build and run the benchmarks; results (console, JSON, CSV, PNG) go to output/benchmarks/.
# The engine programs take Google Benchmark arguments (e.g. --benchmark_filter=Sort); the filter
# harness reads LOOM_BENCH_SIZES (default 128,256), LOOM_BENCH_REPEATS (default 5), LOOM_BENCH_FILTERS,
# LOOM_BENCH_DEVICES (default Serial,TBB; add CUDA on a machine with a GPU) and LOOM_BENCH_STATE (default
# holding; holding,lean also times each group in a fresh process holding its input alone).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p output/benchmarks
BUILD="${LOOM_BUILD_DIR:-build}"
for name in device_adapter worklets reduce_by_key families; do
  "$BUILD/Testing/Benchmarks/loom_benchmark_$name" \
    --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    --benchmark_out="output/benchmarks/$name.json" --benchmark_out_format=json "$@" \
    | tee "output/benchmarks/$name.txt"
done
PLUGIN_DIR="$BUILD/lib/paraview-5.11/plugins/Loom" # ParaView's plugin subfolder (PARAVIEW_PLUGIN_SUBDIR)
if [ -d "$PLUGIN_DIR" ]; then
  PV_PLUGIN_PATH="$PWD/$PLUGIN_DIR" pvpython Testing/Benchmarks/benchmark_filters.py \
    output/benchmarks | tee output/benchmarks/filters.txt
fi
