#!/usr/bin/env bash
# Every test: build, then run the whole CTest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
cd build
ctest --output-on-failure -j"$(nproc)"
