#!/usr/bin/env bash
# Adds the malformed scenes of tests/scenes/scene_loader_test.cc to the fuzz corpus, tests/fuzz/corpus/
# (as malformed_<name>): the test writes each scene it checks when CONTACTLAB_FUZZ_CORPUS names a directory.
# Run after adding malformed cases to the tests; commit the new files. Uses the build in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build --target scene_loader_test
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
CONTACTLAB_FUZZ_CORPUS="$scratch" build/tests/scenes/scene_loader_test > /dev/null
cp "$scratch"/* tests/fuzz/corpus/
echo "seed-fuzz-corpus: $(ls "$scratch" | wc -l) malformed scenes in tests/fuzz/corpus/"
