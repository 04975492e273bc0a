#!/usr/bin/env bash
# Loom: the filter fuzzer (Testing/Filters/FuzzLoomFilters.cxx), coverage-guided by libFuzzer under
# ASan+UBSan, for FUZZ_SECONDS (default 600). Builds build-fuzz/ with clang (Loom's code instrumented;
# ParaView's VTK is Debian's, uninstrumented). Starts from the regression corpus
# (Testing/Filters/FuzzCorpus) and keeps what it learns in build-fuzz/corpus; a crash or a failed
# check is left in build-fuzz/crashes/ (replay it with the fuzzer and the file's path, then add it to
# the corpus with its fix).
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
cmake --build build-fuzz -j 2 --target loom_filter_fuzzer
mkdir -p build-fuzz/corpus build-fuzz/crashes
# Leaks: LSan's report at exit covers VTK's and ParaView's one-time allocations (their singletons);
# Testing/Filters/lsan.supp names each. The buffer pool is off so that ASan sees every block freed.
LOOM_BUFFER_POOL=0 \
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
LSAN_OPTIONS="suppressions=$PWD/Testing/Filters/lsan.supp:print_suppressions=0" \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  build-fuzz/Testing/Filters/loom_filter_fuzzer -max_total_time="${FUZZ_SECONDS:-600}" -max_len=2048 -timeout=60 \
    -rss_limit_mb=8192 -artifact_prefix=build-fuzz/crashes/ -print_final_stats=1 \
    build-fuzz/corpus Testing/Filters/FuzzCorpus
