#!/usr/bin/env bash
# Loom: build and run the benchmark programs; results (console and JSON) go to output/benchmarks/.
# Extra arguments go to Google Benchmark, e.g. --benchmark_filter=Sort.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p output/benchmarks
for name in device_adapter worklets; do
  "${LOOM_BUILD_DIR:-build}/Testing/Benchmarks/loom_benchmark_$name" \
    --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    --benchmark_out="output/benchmarks/$name.json" --benchmark_out_format=json "$@" \
    | tee "output/benchmarks/$name.txt"
done
