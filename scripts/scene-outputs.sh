#!/usr/bin/env bash
# Runs every scene of the library (and each under `compare` with a few laws) with a given contactlab binary and
# writes their outputs, with the fields that differ from run to run (wall time, version, command line, paths)
# removed, to OUTDIR. Two trees written before and after a change that must not change behaviour are compared
# with `diff -r`.
#
#   scripts/scene-outputs.sh OUTDIR [CONTACTLAB]     # CONTACTLAB defaults to build/apps/contactlab
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/scene-outputs.sh OUTDIR [CONTACTLAB]}
binary=${2:-build/apps/contactlab}
python=/usr/bin/python3
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for scene in scenes/*.yaml; do
  name=$(basename "$scene" .yaml)
  set +e
  "$binary" -q run "$scene" --out "$work/$name" > "$work/$name.stdout" 2>&1
  echo "exit $?" >> "$work/$name.stdout"
  set -e
  mkdir -p "$out/$name"
  for file in "$work/$name"/*; do
    [ -e "$file" ] || continue
    cp "$file" "$out/$name/"
  done
done
# A comparison of a few laws on the bouncing ball: the per-law tables.
"$binary" -q compare scenes/bouncing_ball.yaml --models hertz,flores,gonthier,poursina_nikravesh,zhang_sharf_exact \
  --threads 1 --out "$work/compare" > /dev/null 2>&1 || true
mkdir -p "$out/compare"
cp "$work/compare"/comparison.csv "$out/compare/" 2>/dev/null || true

# A sweep: its tables (every impact, and each run with its measures).
"$binary" -q sweep scenes/impact_1dof.yaml --vary restitution=0.5,0.9 --threads 1 --out "$work/sweep" > /dev/null 2>&1 || true
mkdir -p "$out/sweep"
cp "$work/sweep"/sweep.csv "$work/sweep"/sweep_cases.csv "$out/sweep/" 2>/dev/null || true

# Strip the fields that are not behaviour.
"$python" - "$out" <<'EOF'
import json, pathlib, sys
root = pathlib.Path(sys.argv[1])
volatile = {"wall_time_s", "contactlab_version", "command_line", "scene_file", "provenance", "output_directory"}
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in volatile}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
for path in root.rglob("*.csv"):
    rows = path.read_text().splitlines()
    if rows and "wall_time_s" in rows[0].split(","):
        k = rows[0].split(",").index("wall_time_s")
        path.write_text("\n".join(",".join(c for i, c in enumerate(r.split(",")) if i != k) for r in rows) + "\n")
for path in root.rglob("summary.json"):
    data = json.loads(path.read_text())
    path.write_text(json.dumps(strip(data), indent=1, sort_keys=True) + "\n")
EOF
echo "scene-outputs: wrote $out ($(find "$out" -type f | wc -l) files)"
