#!/usr/bin/env bash
# Reruns every performance comparison (Google Benchmark suites, contactlab against the SciPy peers, sweep
# speed-up) in a Release build, writes the raw results to results/bench/ and rewrites docs/performance.md from
# them (scripts/performance_report.py).
#
#   scripts/bench.sh           # everything, about 50 minutes on 2 cores
#   scripts/bench.sh --quick   # without the 10^6-bead scaling point
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    -h | --help) sed -n '2,7s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown argument '$arg' (only --quick)" >&2; exit 2 ;;
  esac
done

started=$(date +%s.%N)
out=results/bench
python=/usr/bin/python3

# ---- dependencies ------------------------------------------------------------------------------------------------
scripts/install-deps.sh
if ! "$python" -c 'import numpy, scipy' 2>/dev/null; then
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  echo "bench.sh: installing python3-numpy python3-scipy" >&2
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-numpy python3-scipy
fi

# ---- build (Release, as scripts/build.sh) --------------------------------------------------------------------------
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)" --target contactlab end_to_end_benchmark law_benchmark contact_benchmark dynamics_benchmark \
  solve_scene output_benchmark forward_allocation_test simulate_allocation_test output_allocation_test

rm -rf "$out"
mkdir -p "$out"

failures=()
# step NAME OUTPUT COMMAND...: runs COMMAND with stdout to OUTPUT; a failure is recorded (and OUTPUT removed), the
# other measurements go on, and the report says "not measured" for it.
step() {
  local name=$1 file=$2
  shift 2
  echo "== $name" >&2
  if "$@" >"$file.tmp"; then
    mv "$file.tmp" "$file"
  else
    echo "bench.sh: $name failed (exit $?)" >&2
    failures+=("$name")
    rm -f "$file.tmp"
  fi
}

# ---- the machine -------------------------------------------------------------------------------------------------
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain 2>/dev/null)" ]; then commit="$commit+modified"; fi
"$python" - "$out/machine.json" "$commit" <<'EOF'
import json, os, subprocess, sys, datetime

def run(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return ""

lscpu = {}
for line in run("lscpu").splitlines():
    key, _, value = line.partition(":")
    lscpu[key.strip()] = value.strip()
memory = next((int(l.split()[1]) for l in run("free", "-b").splitlines() if l.startswith("Mem:")), None)
os_name = ""
if os.path.exists("/etc/os-release"):
    for line in open("/etc/os-release"):
        if line.startswith("PRETTY_NAME="):
            os_name = line.split("=", 1)[1].strip().strip('"')
benchmark_version = ""
for line in run("dpkg", "-s", "libbenchmark-dev").splitlines():
    if line.startswith("Version:"):
        benchmark_version = line.split(":", 1)[1].strip()
machine = {
    "cpu": lscpu.get("Model name", ""),
    "cores": os.cpu_count(),
    "threads_per_core": lscpu.get("Thread(s) per core", ""),
    "hypervisor": lscpu.get("Hypervisor vendor", ""),
    "caches": {k: lscpu[k] for k in ("L1d cache", "L1i cache", "L2 cache", "L3 cache") if k in lscpu},
    "memory_bytes": memory,
    "os": os_name,
    "compiler": run("c++", "--version").splitlines()[0] if run("c++", "--version") else "",
    "google_benchmark": benchmark_version,
    "date_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    "commit": sys.argv[2],
    "load_average_start": [float(x) for x in open("/proc/loadavg").read().split()[:3]],
}
json.dump(machine, open(sys.argv[1], "w"), indent=2)
EOF

# ---- contactlab against the SciPy peers (same problems, same tolerances) ----------------------------------------------
solve=build/bench/solve_scene
chain=scenes/granular_chain_horizontal.yaml
# The chains keep the peers' 1 nm gaps (bench/chain.h kBeadGap): SciPy's event functions, starting at exactly zero,
# would not see a touching pair's onset.
nm=(--set gap=1e-9)
big=(--set beads=10000 --set simulated_time=100e-6 "${nm[@]}")
step "solve_scene bouncing_ball" "$out/contactlab_bouncing_ball.json" $solve bouncing_ball scenes/bouncing_ball.yaml
step "solve_scene two_pendulums" "$out/contactlab_two_pendulums.json" $solve two_pendulums scenes/two_pendulums.yaml
step "solve_scene granular_chain_70" "$out/contactlab_granular_chain_70.json" $solve granular_chain_70 $chain --model hertz "${nm[@]}"
step "solve_scene granular_chain_10000" "$out/contactlab_granular_chain_10000.json" \
  $solve granular_chain_10000 $chain --model hertz "${big[@]}"

peers=bench/peers
step "scipy bouncing_ball" "$out/scipy_bouncing_ball.json" "$python" $peers/bouncing_ball.py
step "scipy two_pendulums" "$out/scipy_two_pendulums.json" "$python" $peers/two_pendulums.py
step "scipy granular_chain_70" "$out/scipy_granular_chain_70.json" "$python" $peers/granular_chain.py
step "scipy granular_chain_70 rtol 3e-9" "$out/scipy_granular_chain_70_rtol3e-9.json" \
  "$python" $peers/granular_chain.py --rtol 3e-9
step "scipy granular_chain_10000" "$out/scipy_granular_chain_10000.json" \
  "$python" $peers/granular_chain.py --beads 10000 --duration 100e-6

# ---- the damped chain and the Hunt–Crossley family against SciPy --------------------------------------------------
# The scene's own law (wang_kv_granular: Hertz + δ^¼ dashpot) and every law F = K δ^n (1 + z δ̇/δ̇⁻) of the registry
# (bench/peers/chain_laws.py says which and why), each with the scene's parameters for it: contactlab's solve
# (solve_scene) and its whole `run` command with the default outputs (scripts/time_command.py, process included), and
# SciPy's solve, at 70 beads and at 10 000 beads for 100 µs (SciPy once there: one solve takes seconds).
read -r -a damped_laws <<<"$("$python" $peers/chain_laws.py)"
# What every command pays before it starts: process start-up, `contactlab --help` timed whole, and the shared
# libraries the executable loads.
step "contactlab --help" "$out/process_start.json" "$python" scripts/time_command.py --repeats 20 -- build/apps/contactlab --help
ldd build/apps/contactlab | grep -c "=>" > "$out/shared_libraries.txt" || true
for law in "${damped_laws[@]}"; do
  step "solve_scene granular_chain_70 $law" "$out/contactlab_granular_chain_70_$law.json" \
    $solve "granular_chain_70_$law" $chain --model "$law" "${nm[@]}"
  step "contactlab run granular_chain_70 $law" "$out/run_granular_chain_70_$law.json" \
    "$python" scripts/time_command.py -- build/apps/contactlab -q run $chain --model "$law" "${nm[@]}" --out "$out/run"
  step "scipy granular_chain_70 $law" "$out/scipy_granular_chain_70_$law.json" \
    "$python" $peers/granular_chain.py --law "$law"
  step "solve_scene granular_chain_10000 $law" "$out/contactlab_granular_chain_10000_$law.json" \
    $solve "granular_chain_10000_$law" $chain --model "$law" "${big[@]}" --repeats 3
  step "scipy granular_chain_10000 $law" "$out/scipy_granular_chain_10000_$law.json" \
    "$python" $peers/granular_chain.py --law "$law" --beads 10000 --duration 100e-6 --repeats 1
done
rm -rf "$out/run"

# ---- sweep speed-up: 1, 2 (and nproc) threads, 5 alternating repetitions, minimum wall time -----------------------
threads=(1 2)
if [ "$(nproc)" -gt 2 ]; then threads+=("$(nproc)"); fi
sweep_args=(-q sweep $chain --set beads=300 --set simulated_time=2e-3 --vary plastic_restitution=0.5:0.85:8)
times_file="$out/sweep_times.txt"
TIMEFORMAT='%3R %3U %3S'
: >"$times_file"
sweep_ok=1
echo "== sweep: threads ${threads[*]}, 5 alternating repetitions" >&2
for repetition in 1 2 3 4 5; do
  for t in "${threads[@]}"; do
    # bash's time: wall, user and system seconds of the whole process
    if ! { time build/apps/contactlab "${sweep_args[@]}" --threads "$t" --out "$out/sweep$t" \
      >"$out/sweep$t.log" 2>&1; } 2>"$out/time.txt"; then
      sweep_ok=0
    fi
    read -r wall user system <"$out/time.txt"
    cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.3f", u + s }')
    echo "$t $wall $cpu" >>"$times_file"
    echo "   threads $t: $wall s wall, $cpu s CPU" >&2
  done
done
if [ $sweep_ok -eq 1 ]; then
  {
    printf '{"command": "build/apps/contactlab %s --threads T",\n "runs": 8, "cores": %d, "threads": [' \
      "${sweep_args[*]}" "$(nproc)"
    sep=""
    for t in "${threads[@]}"; do
      walls=$(awk -v t="$t" '$1 == t { printf "%s%s", (n++ ? ", " : ""), $2 }' "$times_file")
      cpus=$(awk -v t="$t" '$1 == t { printf "%s%s", (n++ ? ", " : ""), $3 }' "$times_file")
      printf '%s\n  {"threads": %d, "wall_times_s": [%s], "cpu_times_s": [%s]}' "$sep" "$t" "$walls" "$cpus"
      sep=","
    done
    printf '\n]}\n'
  } >"$out/sweep.json"
  rm -f "$out/time.txt"
else
  failures+=("sweep")
fi

# ---- allocation: the right-hand side and the step loop (operator new counted in the test binaries) ----------------
for t in engine/forward_allocation_test engine/simulate_allocation_test apps/output_allocation_test; do
  echo "== $t" >&2
  if ! "build/tests/$t" --gtest_output="json:$out/$(basename "$t").json" >&2; then failures+=("$t"); fi
done

# ---- Google Benchmark suites ---------------------------------------------------------------------------------------
# end_to_end_benchmark sets its repetitions and a "min" statistic itself; the stage suites get 3 repetitions here.
filter=()
if [ $quick -eq 1 ]; then filter=(--benchmark_filter=-BM_ChainScaling/1000000/); fi
gbench() {
  local suite=$1
  shift
  echo "== $suite" >&2
  if ! "build/bench/$suite" --benchmark_out="$out/$suite.json" --benchmark_out_format=json \
    --benchmark_format=console "$@"; then
    echo "bench.sh: $suite failed" >&2
    failures+=("$suite")
    rm -f "$out/$suite.json"
  fi
}
gbench dynamics_benchmark --benchmark_repetitions=3
gbench contact_benchmark --benchmark_repetitions=3
gbench end_to_end_benchmark "${filter[@]}"
# output_benchmark: every library scene, run (with its outputs) against simulate() alone; sets its own repetitions.
gbench output_benchmark
gbench law_benchmark

elapsed() { awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }'; }
load_end=$(awk '{ printf "[%s, %s, %s]", $1, $2, $3 }' /proc/loadavg)
echo "{\"measurement_seconds\": $(elapsed), \"quick\": $([ $quick -eq 1 ] && echo true || echo false)," \
  "\"load_average_end\": $load_end}" >"$out/run.json"

# ---- the report --------------------------------------------------------------------------------------------------
tmp=$(mktemp docs/.performance.md.XXXXXX)
if "$python" scripts/performance_report.py "$out" >"$tmp"; then
  mv "$tmp" docs/performance.md
else
  rm -f "$tmp"
  echo "bench.sh: scripts/performance_report.py failed; docs/performance.md left as it was" >&2
  exit 1
fi

echo
"$python" scripts/performance_report.py "$out" --summary
echo "bench.sh: $(elapsed) s in all; docs/performance.md rewritten from $out/"
if [ ${#failures[@]} -gt 0 ]; then
  echo "bench.sh: failed: ${failures[*]}" >&2
  exit 1
fi
