#!/usr/bin/env bash
# Installs missing dependencies, then configures and builds contactlab (Release) in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
