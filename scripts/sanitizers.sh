#!/usr/bin/env bash
# Loom: build the engine tests with ASan+UBSan and run them on every CPU device, then with TSan and
# run the TBB suite. Uses build-asan/ and build-tsan/; prints a one-line verdict per run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null

run() {
  local dir=$1 opts=$2 filter=$3
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOOM_BUILD_PLUGIN=OFF \
    -DLOOM_ENABLE_CUDA=OFF $opts >/dev/null
  cmake --build "$dir" -j 2 --target loom_engine_tests
  (cd "$dir" && ctest --output-on-failure -R "$filter")
}

# ASan + UBSan: every engine suite.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  run build-asan "-DLOOM_ENABLE_SANITIZERS=ON" "Engine.Conformance"
# TSan: the TBB paths (TBB's own internals are not instrumented, so TSan sees Loom's accesses only).
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
  run build-tsan "-DLOOM_ENABLE_TSAN=ON" "Engine.Conformance.tbb"
echo "sanitizers: ASan+UBSan and TSan runs passed"
