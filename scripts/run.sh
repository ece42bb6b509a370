#!/usr/bin/env bash
# The main job: build, then run the default scene and print its per-impact report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
build/apps/contactlab run scenes/bouncing_ball.yaml "$@"
