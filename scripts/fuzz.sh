#!/usr/bin/env bash
# Loom: the filter fuzzer (Testing/Filters/FuzzLoomFilters.cxx), coverage-guided by libFuzzer under
# ASan+UBSan, for FUZZ_SECONDS (default 600). Builds build-fuzz/ with clang (Loom's code instrumented;
# ParaView's VTK is Debian's, uninstrumented). Starts from the regression corpus
# (Testing/Filters/FuzzCorpus) and keeps what it learns in build-fuzz/corpus; a crash or a failed
# check is left in build-fuzz/crashes/ (replay it with the fuzzer and the file's path, then add it to
# the corpus with its fix).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/clang-asan-build.sh loom_filter_fuzzer
mkdir -p build-fuzz/corpus build-fuzz/crashes
# Leaks: LeakSanitizer runs too; Testing/Filters/lsan.supp holds suppressions for ParaView's and VTK's own
# allocations should any be needed (none so far). The buffer pool is off so that ASan sees every block freed.
LOOM_BUFFER_POOL=0 \
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
LSAN_OPTIONS="suppressions=$PWD/Testing/Filters/lsan.supp:print_suppressions=0" \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  build-fuzz/Testing/Filters/loom_filter_fuzzer -max_total_time="${FUZZ_SECONDS:-600}" -max_len=2048 -timeout=60 \
    -rss_limit_mb=8192 -artifact_prefix=build-fuzz/crashes/ -print_final_stats=1 \
    build-fuzz/corpus Testing/Filters/FuzzCorpus
