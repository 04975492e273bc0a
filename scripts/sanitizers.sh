#!/usr/bin/env bash
# Loom: build the engine tests with ASan+UBSan and run them on every CPU device, then with TSan and
# run the TBB suite, then the VTK C++ filter tests with ASan+UBSan (clang). Uses build-asan/,
# build-tsan/ and build-fuzz/; prints a one-line verdict per run.
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

# ASan + UBSan: every engine suite. The buffer pool is off so that ASan sees every large block freed
# (a reused block would hide a use after free).
LOOM_BUFFER_POOL=0 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  run build-asan "-DLOOM_ENABLE_SANITIZERS=ON" "Engine.Conformance"
# TSan: the TBB suite. Debian's libtbb is not built with TSan, so the synchronisation inside its
# scheduler is invisible; Testing/Engine/tsan.supp removes reports on TBB's own bookkeeping, and the
# reports left (memory that TBB's small-object pool recycles between tasks) are counted and kept in
# build-tsan/tsan-report.txt for reading, not treated as failures. The tests themselves must pass.
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOOM_BUILD_PLUGIN=OFF \
  -DLOOM_ENABLE_CUDA=OFF -DLOOM_ENABLE_TSAN=ON >/dev/null
cmake --build build-tsan -j 2 --target loom_engine_tests
TSAN_OPTIONS="halt_on_error=0:allocator_may_return_null=1:suppressions=$PWD/Testing/Engine/tsan.supp" \
  build-tsan/Testing/Engine/loom_engine_tests --loom-device=tbb > build-tsan/tsan-report.txt 2>&1 || true
# (The program exits 66 when TSan reported anything; the verdict is the tests' own.)
grep -E "PASSED|FAILED" build-tsan/tsan-report.txt
echo "TSan reports left after suppressions: $(grep -c 'WARNING: ThreadSanitizer' build-tsan/tsan-report.txt)"
if grep -q "^\[  FAILED  \]" build-tsan/tsan-report.txt; then
  echo "sanitizers: the TSan run's tests failed (build-tsan/tsan-report.txt)"
  exit 1
fi
# ASan + UBSan (and LeakSanitizer) over the VTK C++ filter tests: clang's build of Loom's module
# (build-fuzz/, shared with scripts/fuzz.sh) under Debian's uninstrumented VTK. No suppressions are needed.
FILTER_TESTS=(loom_filter_tests loom_bad_input_tests loom_contour_tests loom_contour_case_tests
  loom_tetrahedralize_tests loom_threshold_tests loom_slice_tests loom_clip_tests loom_extract_surface_tests
  loom_clean_grid_tests loom_level_of_detail_tests loom_gradient_tests loom_point_map_tests loom_execution_tests
  loom_measure_tests loom_resample_to_image_tests loom_plot_over_line_tests loom_probe_location_tests
  loom_histogram_tests loom_connectivity_tests loom_extract_subset_tests loom_mesh_quality_tests
  loom_quality_measure_tests loom_generate_surface_normals_tests loom_stream_tracer_tests)
bash scripts/clang-asan-build.sh "${FILTER_TESTS[@]}"
for t in "${FILTER_TESTS[@]}"; do
  LOOM_BUFFER_POOL=0 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "build-fuzz/Testing/Filters/$t" > "build-fuzz/$t.log" 2>&1 ||
    { echo "sanitizers: $t failed under ASan+UBSan (build-fuzz/$t.log)"; exit 1; }
done
# The pvpython filter tests on that build's plugin: the sanitizer runtime preloaded into Debian's
# (uninstrumented) pvpython. Leak detection is off there: Python and ParaView keep their interpreter and
# proxy state to exit by design, which LeakSanitizer would report by the thousand; the C++ runs above cover
# Loom's leaks.
bash scripts/clang-asan-build.sh Loom
ASAN_RUNTIME=$(clang -print-file-name=libclang_rt.asan-x86_64.so)
PY_TESTS=(average tetrahedralize contour slice clip threshold extract_surface clean_grid level_of_detail gradient
  point_maps resample_to_image plot_over_line probe_location resample_with_dataset integrate_variables histogram connectivity extract_subset mesh_quality generate_surface_normals stream_tracer)
for t in "${PY_TESTS[@]}"; do
  PV_PLUGIN_PATH="$PWD/build-fuzz/lib/paraview-5.11/plugins/Loom" LOOM_DATA_DIR="$PWD/Data" LOOM_BUFFER_POOL=0 \
    LD_PRELOAD="$ASAN_RUNTIME" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    pvpython --force-offscreen-rendering "Testing/Python/test_loom_$t.py" > "build-fuzz/python_$t.log" 2>&1 &&
    grep -q "test passed" "build-fuzz/python_$t.log" ||
    { echo "sanitizers: test_loom_$t.py failed under ASan+UBSan (build-fuzz/python_$t.log)"; exit 1; }
done
# The pvbatch tests on 2 MPI ranks and the MPI table (1, 2 and 3 ranks) on the same plugin, the runtime
# preloaded into every rank (mpiexec -x), not into mpiexec. Leak detection off as above.
MPI_TESTS=(mpi contour_mpi slice_mpi clip_mpi threshold_mpi extract_surface_mpi clean_grid_mpi level_of_detail_mpi
  gradient_mpi cell_size_mpi histogram_mpi connectivity_mpi extract_subset_mpi)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ranks() {
  local n=$1
  shift
  PV_PLUGIN_PATH="$PWD/build-fuzz/lib/paraview-5.11/plugins/Loom" LOOM_DATA_DIR="$PWD/Data" LOOM_BUFFER_POOL=0 \
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    mpiexec --oversubscribe -np "$n" -x LD_PRELOAD="$ASAN_RUNTIME" -x PV_PLUGIN_PATH -x LOOM_DATA_DIR \
    -x LOOM_BUFFER_POOL -x ASAN_OPTIONS -x UBSAN_OPTIONS pvbatch "$@"
}
for t in "${MPI_TESTS[@]}"; do
  symmetric=--symmetric
  [ "$t" = mpi ] && symmetric=
  ranks 2 $symmetric "Testing/Python/test_loom_$t.py" > "build-fuzz/pvbatch_$t.log" 2>&1 &&
    grep -q "MPI test passed" "build-fuzz/pvbatch_$t.log" ||
    { echo "sanitizers: test_loom_$t.py on 2 ranks failed under ASan+UBSan (build-fuzz/pvbatch_$t.log)"; exit 1; }
done
for n in 1 2 3; do
  ranks "$n" --symmetric Testing/Python/loom_mpi_table.py measure "build-fuzz/mpi-table-$n.json" \
    > "build-fuzz/mpi_table_$n.log" 2>&1 ||
    { echo "sanitizers: the MPI table on $n ranks failed under ASan+UBSan (build-fuzz/mpi_table_$n.log)"; exit 1; }
done
pvpython Testing/Python/loom_mpi_table.py compare build-fuzz/mpi-table-{1,2,3}.json > build-fuzz/mpi_table.log 2>&1 &&
  grep -q "filter runs equal" build-fuzz/mpi_table.log ||
  { echo "sanitizers: the MPI table's ranks disagree under ASan+UBSan (build-fuzz/mpi_table.log)"; exit 1; }
echo "sanitizers: ASan+UBSan passed on every CPU device, on the ${#FILTER_TESTS[@]} filter test programs," \
  "the ${#PY_TESTS[@]} pvpython filter tests, the ${#MPI_TESTS[@]} pvbatch MPI tests and the MPI table on 1-3" \
  "ranks; TSan run of the TBB suite done"
