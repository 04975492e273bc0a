#!/usr/bin/env sh
# Engine.BuildsWithoutCuda: machines without nvcc build Loom with LOOM_ENABLE_CUDA=OFF, so the engine and
# every worklet family must compile that way too. Configures such a tree, then checks every translation
# unit of the engine and the families with the compiler's full front end (-fsyntax-only: every template
# the unit uses instantiated and checked, no code generated: a fraction of a build's time), two at a time.
# Arguments: cmake, the source folder, the folder to configure, the C++ compiler.
set -eu
cmake=$1 source=$2 binary=$3 compiler=$4
"$cmake" -S "$source" -B "$binary" -G Ninja -DCMAKE_BUILD_TYPE=None -DLOOM_ENABLE_CUDA=OFF -DLOOM_BUILD_PLUGIN=OFF \
  -DBUILD_TESTING=OFF -DCMAKE_CXX_COMPILER="$compiler" >/dev/null
cd "$binary"
# The compile commands of loom_algorithms and the engine libraries it links, each made a syntax check.
ninja -t commands loom_algorithms | grep -e ' -c ' | grep -v -e '--fatbin\|nvcc' |
  sed 's/ -o [^ ]*\.o / -fsyntax-only /' >syntax-checks.txt
units=$(wc -l <syntax-checks.txt)
[ "$units" -gt 20 ] || { echo "only $units translation units found"; cat syntax-checks.txt; exit 1; }
grep -q -e '-DLOOM_ENABLE_CUDA' syntax-checks.txt && { echo "CUDA is on in the configured tree"; exit 1; }
xargs -d '\n' -P 2 -I{} sh -c '{}' <syntax-checks.txt
echo "Loom compiles without CUDA: $units translation units checked"
