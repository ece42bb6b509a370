#!/usr/bin/python3
"""Writes docs/performance.md (to stdout) from the raw results scripts/bench.sh leaves in results/bench/.

    /usr/bin/python3 scripts/performance_report.py results/bench > docs/performance.md
    /usr/bin/python3 scripts/performance_report.py results/bench --summary     # the targets table only

Standard library only; with matplotlib it also draws docs/performance_scaling.png. A missing result file is
reported as "not measured"."""
import json
import math
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLOT = os.path.join(ROOT, "docs", "performance_scaling.png")
PROBLEMS = [("bouncing_ball", "bouncing ball", 50.0), ("two_pendulums", "two pendulums", 50.0),
            ("granular_chain_70", "70-bead chain", 10.0), ("granular_chain_10000", "10 000-bead chain", 3.0)]
# The damped chain (the scene's own law) and the Hunt–Crossley family against SciPy (bench/peers/chain_laws.py).
sys.path.insert(0, os.path.join(ROOT, "bench", "peers"))
from chain_laws import LAWS as CHAIN_LAWS  # noqa: E402  (the list bench.sh runs, in its order)
DAMPED_LAWS = [law for law in CHAIN_LAWS if law != "hertz"]
RUN_VS_SCIPY, SOLVE_VS_SCIPY_10000, LAW_LIMIT = 10.0, 3.0, 1.5
UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
NA = "not measured"


# ---- formatting ---------------------------------------------------------------------------------------------------
def sig(x, digits=3):
    text = f"{x:.{digits}g}"
    if "e" in text:
        if abs(x) >= 1:
            return f"{x:.0f}"
        mantissa, exponent = text.split("e")
        return f"{mantissa}e{int(exponent)}"
    return text


def seconds(s):
    """A time with a unit chosen so that the number is in [1, 1000), 3 significant digits."""
    if s is None:
        return NA
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if abs(s) >= 0.9995 * scale or unit == "ns":
            return f"{sig(s / scale)} {unit}"


def count(n):
    if n is None:
        return "—"
    n = int(round(n))
    return f"{n:,}".replace(",", " ")


def ratio(r):
    return NA if r is None else (f"{r:.0f}×" if r >= 10 else f"{r:.2f}×")


def small(x):
    """A relative difference: 3.6e-9."""
    if x is None:
        return "—"
    if x == 0:
        return "0"
    if not math.isfinite(x):
        return str(x)
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


# ---- loading ------------------------------------------------------------------------------------------------------
def load(directory, name):
    try:
        with open(os.path.join(directory, name)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def key_of(run_name):
    """BM_Scene/0/repeats:7/real_time → BM_Scene/0."""
    parts = [p for p in run_name.split("/") if ":" not in p and p not in ("real_time", "process_time", "manual_time")]
    return "/".join(parts)


def suite(directory, name):
    """{key: run} for a Google Benchmark JSON file: the "min" aggregate where there is one, else the plain run
    with the smallest real time. Each run gets "seconds" (its real time), "cv" (the real-time coefficient of
    variation over repetitions, a fraction, when reported) and "median" (the median aggregate, when reported)."""
    data = load(directory, name)
    if data is None:
        return None, None
    best, cv, median, has_min = {}, {}, {}, set()
    for b in data.get("benchmarks", []):
        key = key_of(b.get("run_name", b["name"]))
        if b.get("error_occurred"):
            continue
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "cv":
                cv[key] = b["real_time"]
            if b.get("aggregate_name") == "median":
                median[key] = b
            if b.get("aggregate_name") != "min":
                continue
            has_min.add(key)
        elif key in has_min:
            continue
        run = dict(b, seconds=b["real_time"] * UNIT[b.get("time_unit", "ns")])
        if b.get("run_type") == "aggregate" or key not in best or run["seconds"] < best[key]["seconds"]:
            best[key] = run
    for key, run in best.items():
        run["cv"] = cv.get(key)
        run["median"] = median.get(key)
    return best, data.get("context", {})


def by_prefix(runs):
    groups = {}
    for key, run in (runs or {}).items():
        groups.setdefault(key.split("/")[0], []).append((key, run))
    return groups


def arg(key, index=1):
    try:
        return int(key.split("/")[index])
    except (IndexError, ValueError):
        return None


# ---- the comparisons ----------------------------------------------------------------------------------------------
FIELDS = ["t_start", "impact_velocity", "restitution", "max_indentation", "max_force"]


def rel(a, b):
    # A value either side leaves undefined (a restitution of a contact begun at rest: null or NaN) is not compared.
    if a is None or b is None or not math.isfinite(a) or not math.isfinite(b):
        return None
    return abs(a - b) / abs(b) if b else (0.0 if a == b else math.inf)


def agreement(problem, scipy, mine):
    """Largest relative differences over impacts matched by pair and order, and of the final state."""
    worst = {f: None for f in FIELDS}
    rows = {}
    for imp in mine["impacts"]:
        rows.setdefault(imp["pair"], []).append(imp)
    seen, matched = {}, 0
    for imp in scipy["impacts"]:
        k = seen.get(imp["pair"], 0)
        seen[imp["pair"]] = k + 1
        if k >= len(rows.get(imp["pair"], [])):
            continue
        matched += 1
        other = rows[imp["pair"]][k]
        for f in FIELDS:
            r = rel(imp.get(f), other.get(f))
            if r is not None:
                worst[f] = r if worst[f] is None else max(worst[f], r)
    a, b = scipy["final"], mine["final"]
    q = dict(zip(b["q_indices"], b["q"]))
    v = dict(zip(b["v_indices"], b["v"]))
    if problem == "bouncing_ball":
        final = max(rel(a["height"], q[0]), rel(a["velocity"], v[0]))
        what = "height, velocity"
    elif problem == "two_pendulums":
        final = max(rel(a["theta1"], q[0]), rel(a["theta2"], q[1]), rel(a["omega1"], v[0]), rel(a["omega2"], v[1]))
        what = "angles, rates"
    else:
        pairs = [(x, v[i]) for i, x in zip(a["velocities_beads"], a["velocities"]) if i in v]
        scale = max(abs(y) for _, y in pairs)
        final = max(abs(x - y) for x, y in pairs) / scale
        what = f"max \\|Δv\\| / max \\|v\\| over {len(pairs)} beads"
    return {"matched": matched, "scipy_impacts": len(scipy["impacts"]), "impacts": len(mine["impacts"]),
            "worst": worst, "final": final, "final_what": what}


def fit_exponent(points):
    """Least-squares slope of log y against log x."""
    pts = [(math.log(x), math.log(y)) for x, y in points if x > 0 and y > 0]
    if len(pts) < 2:
        return None
    mx, my = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx if sxx else None


class Report:
    def __init__(self, directory):
        d = directory
        self.machine = load(d, "machine.json") or {}
        self.run = load(d, "run.json") or {}
        self.e2e, self.context = suite(d, "end_to_end_benchmark.json")
        self.contact, _ = suite(d, "contact_benchmark.json")
        self.dynamics, _ = suite(d, "dynamics_benchmark.json")
        self.laws, _ = suite(d, "law_benchmark.json")
        self.sweep = load(d, "sweep.json")
        self.process_start = load(d, "process_start.json")
        try:
            with open(os.path.join(d, "shared_libraries.txt")) as f:
                self.shared_libraries = int(f.read().strip())
        except (OSError, ValueError):
            self.shared_libraries = None
        self.allocation = {name: load(d, f"{name}.json") for name in ("forward_allocation_test", "simulate_allocation_test")}
        self.output, _ = suite(d, "output_benchmark.json")
        self.output_allocation = load(d, "output_allocation_test.json")
        self.scipy = {p: load(d, f"scipy_{p}.json") for p, _, _ in PROBLEMS}
        self.scipy_tight = load(d, "scipy_granular_chain_70_rtol3e-9.json")
        self.mine = {p: load(d, f"contactlab_{p}.json") for p, _, _ in PROBLEMS}
        self.damped = {law: {"scipy_70": load(d, f"scipy_granular_chain_70_{law}.json"),
                             "solve_70": load(d, f"contactlab_granular_chain_70_{law}.json"),
                             "run_70": load(d, f"run_granular_chain_70_{law}.json"),
                             "scipy_10000": load(d, f"scipy_granular_chain_10000_{law}.json"),
                             "solve_10000": load(d, f"contactlab_granular_chain_10000_{law}.json")}
                       for law in DAMPED_LAWS}
        self.scene = {run.get("label"): run for key, run in (self.e2e or {}).items() if key.startswith("BM_Scene/")}
        self.paired = {arg(key): run for key, run in (self.e2e or {}).items() if key.startswith("BM_Overhead/")}
        self.unresolved_scaling = []
        self.scaling = self.scaling_points()

    def scene_time(self, problem):
        run = self.scene.get(problem)
        return run["seconds"] if run else None

    def scipy_ratio(self, problem, scipy=None):
        scipy = scipy or self.scipy.get(problem)
        t = self.scene_time(problem)
        return scipy["solve_time_s"] / t if scipy and t else None

    def overhead(self, beads):
        """Pipeline over floor, both the minimum of BM_Overhead's back-to-back pairs."""
        run = self.paired.get(beads)
        return run["pipeline_seconds"] / run["floor_seconds"] if run else None

    def scaling_points(self):
        runs = {(arg(k, 1), arg(k, 2)): r for k, r in (self.e2e or {}).items() if k.startswith("BM_ChainScaling/")}
        points = []
        for n in sorted({n for n, _ in runs}):
            setup, longer = runs.get((n, 0)), next((r for (m, us), r in runs.items() if m == n and us), None)
            if setup and longer:
                us = longer.get("simulated_us", arg(longer["name"], 2))
                per_us = (longer["seconds"] - setup["seconds"]) / us
                if per_us <= 0.0:  # the setup's variation exceeds the simulation's cost: no figure, not a negative one
                    self.unresolved_scaling.append(n)
                    continue
                rhs = (longer.get("rhs_evaluations") or 0) - (setup.get("rhs_evaluations") or 0)
                points.append({"beads": n, "setup": setup["seconds"], "run": longer["seconds"], "us": us,
                               "per_us": per_us, "per_bead_ns": per_us / n * 1e9, "steps": longer.get("steps"),
                               "per_bead_rhs_ns": (per_us * us / rhs / n * 1e9) if rhs > 0 else None,
                               "heap": setup.get("heap_bytes_per_bead")})
        return points

    def law_runs(self):
        """{law: {beads: run}} of BM_ChainLaw/<law>/<beads>, in the registry's order."""
        laws = {}
        for key, run in (self.laws or {}).items():
            parts = key.split("/")
            if parts[0] == "BM_ChainLaw" and len(parts) == 3 and "ns_per_rhs" in run:
                laws.setdefault(parts[1], {})[int(parts[2])] = run
        return laws

    def rhs_medians(self):
        """{law: {beads: the median repetition}} of BM_ChainRhs/<law>/<beads>, in the registry's order."""
        laws = {}
        for key, run in (self.laws or {}).items():
            parts = key.split("/")
            if parts[0] == "BM_ChainRhs" and len(parts) == 3 and run.get("median") and "hertz_ratio" in run["median"]:
                laws.setdefault(parts[1], {})[int(parts[2])] = run["median"]
        return laws

    def paired_law_runs(self, benchmark):
        """{law: {beads: run}} of <benchmark>/<law>/<beads> (a floor and the pipeline timed in pairs), in the
        registry's order."""
        laws = {}
        for key, run in (self.laws or {}).items():
            parts = key.split("/")
            if (parts[0] == benchmark and len(parts) == 3 and run.get("floor_seconds")
                    and run.get("pipeline_seconds")):
                laws.setdefault(parts[1], {})[int(parts[2])] = run
        return laws

    def law_overheads(self):
        """{law: {beads: run}} of BM_LawOverhead/<law>/<beads>."""
        return self.paired_law_runs("BM_LawOverhead")

    def law_accuracy_overheads(self):
        """{law: run} of BM_LawOverheadAtAccuracy/<law>/70."""
        return {law: runs[70] for law, runs in self.paired_law_runs("BM_LawOverheadAtAccuracy").items() if 70 in runs}

    def law_overhead_ratios(self):
        """{law: {beads: pipeline over that law's floor}}."""
        return {law: {beads: r["pipeline_seconds"] / r["floor_seconds"] for beads, r in runs.items()}
                for law, runs in self.law_overheads().items()}

    def rhs_runs(self):
        """{law: {beads: wall seconds per right-hand side}}, the median repetition's."""
        return {law: {beads: r["ns_per_rhs"] * 1e-9 for beads, r in runs.items()}
                for law, runs in self.rhs_medians().items()}

    def rhs_ratios(self):
        """{law: {beads: its time per right-hand side over hertz's, timed in the same iterations}}."""
        return {law: {beads: r["hertz_ratio"] for beads, r in runs.items()}
                for law, runs in self.rhs_medians().items()}

    def damped_ratios(self, law):
        """(SciPy's solve over contactlab's whole run at 70 beads, SciPy's solve over contactlab's at 10 000 beads)."""
        r = self.damped[law]
        run = r["scipy_70"]["solve_time_s"] / r["run_70"]["wall_time_s"] if r["scipy_70"] and r["run_70"] else None
        big = (r["scipy_10000"]["solve_time_s"] / r["solve_10000"]["solve_time_s"]
               if r["scipy_10000"] and r["solve_10000"] else None)
        return run, big

    def law_ratios(self, per="ns_per_contact"):
        """{law: {beads: `per` (ns per contact evaluation, or ns_per_rhs) over hertz's}} where both were measured."""
        laws = self.law_runs()
        hertz = laws.get("hertz", {})
        return {law: {beads: run[per] / hertz[beads][per] for beads, run in runs.items()
                      if beads in hertz and per in run and per in hertz[beads]} for law, runs in laws.items()}

    def sweep_rows(self):
        if not self.sweep:
            return []
        rows = []
        for t in self.sweep["threads"]:
            walls, cpus = t["wall_times_s"], t.get("cpu_times_s") or []
            best = walls.index(min(walls))
            rows.append((t["threads"], walls[best], walls, cpus[best] / walls[best] if len(cpus) > best else None))
        base = next((w for t, w, _, _ in rows if t == 1), None)
        return [(t, w, ws, base / w if base else None, cpu) for t, w, ws, cpu in rows]

    # ---- sections -----------------------------------------------------------------------------------------------
    def targets(self):
        rows = []
        for problem, name, need in PROBLEMS:
            r = self.scipy_ratio(problem)
            text = ratio(r)
            if problem == "granular_chain_70" and self.scipy_tight:
                tight = self.scipy_ratio(problem, self.scipy_tight)
                text = f"{ratio(r)} at the same tolerance, {ratio(tight)} at the same answer"
                r = min(x for x in (r, tight) if x is not None) if (r or tight) else None
            rows.append((f"faster than SciPy RK45, {name}", f"≥ {need:.0f}×", text, met(r, lambda x: x >= need)))
        for beads in (70, 10000):
            r = self.overhead(beads)
            rows.append((f"engine overhead vs the floor, {count(beads)} beads", "≤ 2×", ratio(r),
                         met(r, lambda x: x <= 2.0)))
        rows.append(self.law_overhead_target())
        p = fit_exponent([(s["beads"], s["per_us"]) for s in self.scaling])
        if p is None:
            rows.append(("chain cost per simulated µs linear in N", "exponent 1 ± 0.1", NA, "no"))
        else:
            lo, hi = self.scaling[0]["beads"], self.scaling[-1]["beads"]
            per_bead = [s["per_bead_ns"] for s in self.scaling]
            rows.append((f"chain cost per simulated µs linear in N ({count(lo)} … {count(hi)} beads)",
                         "exponent 1 ± 0.1", f"N^{p:.2f}; {sig(min(per_bead))}–{sig(max(per_bead))} ns per bead "
                         "per simulated µs", "yes" if abs(p - 1) <= 0.1 and hi >= 10 ** 6 else "no"))
        heap = [s["heap"] for s in self.scaling if s["heap"]]
        rows.append(("memory per bead stated", "stated", f"{sig(min(heap) / 1e3)}–{sig(max(heap) / 1e3)} kB per bead"
                     if heap else NA, "yes" if heap else "no"))
        rows.append(self.law_target())
        rows += self.damped_targets()
        two = next((s for t, _, _, s, _ in self.sweep_rows() if t == 2), None)
        rows.append(("sweep speed-up, 2 threads vs 1", "≥ 1.8× (near-linear on 2 cores)", ratio(two),
                     met(two, lambda x: x >= 1.8)))
        rows.append(self.allocation_row())
        rows.append(self.output_target())
        rows.append(self.output_allocation_row())
        return table(["target", "required", "measured", "met"], rows)

    def law_overhead_target(self):
        target = ("engine overhead vs the floor for every force law, the floor calling the law's force function: at "
                  "equal accuracy at 70 beads (`BM_LawOverheadAtAccuracy`), at equal tolerances at 10 000 "
                  "(`BM_LawOverhead`)")
        at_tolerance = self.law_overhead_ratios()
        at_accuracy = {law: r["pipeline_seconds"] / r["floor_seconds"]
                       for law, r in self.law_accuracy_overheads().items()}
        if not at_tolerance or not at_accuracy:
            return (target, "≤ 2×", NA, "no")

        def summary(measured):
            worst = max(measured)
            within = sum(1 for x, _ in measured if x <= 2.0)
            return f"{within} of {len(measured)} laws, the largest {ratio(worst[0])} ({worst[1]})"

        parts = [f"70 beads at equal accuracy: {summary([(x, law) for law, x in at_accuracy.items()])}"]
        at_70 = [(r[70], law) for law, r in at_tolerance.items() if 70 in r]
        if at_70:
            parts.append(f"(at equal tolerances: {summary(at_70)})")
        at_10000 = [(r[10000], law) for law, r in at_tolerance.items() if 10000 in r]
        parts.append(f"10 000 beads: {summary(at_10000)}" if at_10000 else f"10 000 beads: {NA}")
        laws = set(at_tolerance) | set(at_accuracy)
        complete = all(law in at_accuracy and 10000 in at_tolerance.get(law, {}) for law in laws)
        ok = complete and all(x <= 2.0 for x in at_accuracy.values()) and all(x <= 2.0 for x, _ in at_10000)
        return (target, "≤ 2×", "; ".join(parts), "yes" if ok else "no")

    def law_target(self):
        target = f"every force law ≤ {LAW_LIMIT}× `hertz` per right-hand side at fixed work (`BM_ChainRhs`, 70 and 10 000 beads)"
        laws = self.rhs_ratios()
        ratios = [(r, law, beads) for law, by_beads in laws.items() for beads, r in by_beads.items()]
        if not ratios:
            return (target, f"≤ {LAW_LIMIT}×", NA, "no")
        within = sum(1 for by_beads in laws.values() if len(by_beads) == 2 and max(by_beads.values()) <= LAW_LIMIT)
        over = sorted({law for r, law, _ in ratios if r > LAW_LIMIT})
        worst = max(ratios)
        return (target, f"≤ {LAW_LIMIT}×", f"{within} of {len(laws)} laws; the largest {ratio(worst[0])} "
                f"({worst[1]}, {count(worst[2])} beads)" + (f"; over: {', '.join(over)}" if over else ""),
                "yes" if within == len(laws) else "no")

    def damped_targets(self):
        rows = []
        for index, (name, need) in enumerate(
                [(f"`contactlab run` (whole command, default outputs) faster than SciPy's solve, damped chain and "
                  "Hunt–Crossley family, 70 beads", RUN_VS_SCIPY),
                 ("contactlab's solve faster than SciPy's, damped chain and Hunt–Crossley family, 10 000 beads",
                  SOLVE_VS_SCIPY_10000)]):
            measured = [(self.damped_ratios(law)[index], law) for law in DAMPED_LAWS]
            measured = [(r, law) for r, law in measured if r is not None]
            if not measured:
                rows.append((name, f"≥ {need:.0f}×", NA, "no"))
                continue
            within = sum(1 for r, _ in measured if r >= need)
            worst = min(measured)
            rows.append((name, f"≥ {need:.0f}× for each law", f"{within} of {len(DAMPED_LAWS)} laws; the smallest "
                         f"{ratio(worst[0])} ({worst[1]})", "yes" if within == len(DAMPED_LAWS) else "no"))
        return rows

    # ---- output: `contactlab run` against simulate() alone ----------------------------------------------------------
    OUTPUT_LIMIT = 1.3

    def output_rows(self):
        """(scene, simulate s, run s, run / simulate, samples per step, bytes written, writing alone s, numbers
        written) per library scene measured in output_benchmark; None where a benchmark or counter is missing."""
        runs = self.output or {}
        rows = []
        for key in sorted(k for k in runs if k.startswith("BM_SimulateScene/")):
            scene = key.split("/", 1)[1]
            run = runs.get(f"BM_RunScene/{scene}")
            write = runs.get(f"BM_WriteScene/{scene}")
            simulate = runs[key]["seconds"]
            steps = runs[key].get("steps")
            samples = run.get("samples") if run else None
            per_step = samples / steps if samples is not None and steps else None
            rows.append((scene, simulate, run["seconds"] if run else None, run["seconds"] / simulate if run else None,
                         per_step, run.get("bytes") if run else None, write["seconds"] if write else None,
                         write.get("numbers") if write else None))
        return rows

    def output_target(self):
        name = f"`contactlab run` (default outputs) of every library scene ≤ {self.OUTPUT_LIMIT}× `simulate()` alone"
        rows = [r for r in self.output_rows() if r[3] is not None]
        if not rows:
            return (name, f"≤ {self.OUTPUT_LIMIT}×", NA, "no")
        worst = max(rows, key=lambda r: r[3])
        within = sum(1 for r in rows if r[3] <= self.OUTPUT_LIMIT)
        # Of those over: where formatting and writing alone (BM_WriteScene, one core) already take more than the
        # target allows, no overlap with the simulation can meet it.
        over = [r for r in rows if r[3] > self.OUTPUT_LIMIT]
        bound = [r for r in over if r[6] is not None and r[6] / r[1] > self.OUTPUT_LIMIT]
        beyond = (f"; of the {len(over)} over it, {len(bound)} write more than it allows even alone (writing alone "
                  f"> {self.OUTPUT_LIMIT}× simulate(), the Output table)") if over else ""
        return (name, f"≤ {self.OUTPUT_LIMIT}×", f"{within} of {len(rows)} scenes; the largest {ratio(worst[3])} "
                f"({worst[0]}){beyond}", "yes" if within == len(rows) else "no")

    def output_allocation_row(self):
        r = self.output_allocation
        name = "output allocates nothing per sample"
        if r is None:
            return (name, "0 per sample", NA, "no")
        passed = r.get("failures", 1) == 0 and r.get("errors", 0) == 0
        return (name, "0 per sample", f"`tests/apps/output_allocation_test.cc` {'passed' if passed else 'FAILED'}: "
                "16 times the samples of the 70-bead chain add thousands of rows and at most the few reused slots "
                "of the recording thread", "yes" if passed else "no")

    def output_section(self):
        rows = self.output_rows()
        table_rows = [(f"`{scene}`", seconds(sim), seconds(run) if run else NA, ratio(r) if r else NA,
                       met(r, lambda x: x <= self.OUTPUT_LIMIT), sig(per_step, 3) if per_step is not None else NA,
                       f"{written / 1e6:.2f} MB" if written is not None else NA, seconds(write),
                       ratio(write / sim) if write is not None else NA,
                       seconds(write / numbers) if write is not None and numbers else NA)
                      for scene, sim, run, r, per_step, written, write, numbers in rows]
        runs = self.output or {}
        formats = []
        for key in sorted(k for k in runs if k.startswith("BM_RunSceneHdf5/")):
            scene = key.split("/", 1)[1]
            h5, csv = runs[key], runs.get(f"BM_RunScene/{scene}")
            if not csv:
                continue
            formats.append((f"`{scene}`", f"{csv.get('bytes', 0) / 1e6:.2f} MB", f"{h5.get('bytes', 0) / 1e6:.2f} MB",
                            ratio(h5.get("bytes", 0) / csv["bytes"]) if csv.get("bytes") else NA,
                            seconds(csv["seconds"]), seconds(h5["seconds"]), ratio(h5["seconds"] / csv["seconds"])))
        return "\n".join([
            "## Output", "",
            "`contactlab run` as a user runs it — `simulate()` with the time series and contact rows written as samples "
            "arrive, then impacts.csv and summary.json (`run_into_directory`, apps/run_output.h) — against "
            "`simulate()` alone without an observer, for every scene of the library with its default outputs (CSV), "
            "the two timed back to back per scene (`bench/output_benchmark.cc`, wall time, minimum of 3 "
            "repetitions; the scene's compilation and the directory's creation are outside both).", "",
            "What makes output cheap: numbers are formatted without iostreams, from Dragonbox's shortest round-trip "
            "digits laid out as `std::to_chars` lays them out (the same text, a third of its instructions; the digits "
            "two at a time by a multiplication, not a division), a column's text is reused while its number repeats, "
            "nothing is allocated per sample, contacts.csv leaves out the rows of a point held unchanged, and the "
            "samples are evaluated, turned into rows and written by a pipeline of two threads of their own while the "
            "simulation goes on (apps/background_records.h, apps/background_writer.h; the second also creates the "
            "files and writes their headers): the simulating thread hands over each sample's state, a swap of "
            "vectors; the recording thread makes the sample's `forward()` in a workspace of its own, reduces the "
            "measures (which take every step's state) and copies the rows' numbers into blocks; the writing thread "
            "formats and writes them. A run with many samples a step is then as fast as the slower of the two, not "
            "their sum (with one thread doing both, two_pendulums' run took 17× its simulation). "
            "Waking a thread on a virtual machine is an interrupt to the other processor, some 10 µs, as much as a "
            "dozen samples of a small mechanism: the recording thread looks at its queue every 0.5 ms and is woken "
            "only when it is three quarters full (handing over every sample with a wake-up made the four-bar "
            "mechanism's run slower, not faster). Little fresh memory: about 1 MB of states in flight (at most 256) "
            "in a ring of as many slots, and 256 kB of rows, all reused; each CSV file's text goes out 16 kB at a time with "
            "write(2) — on a virtual machine a page's first touch can cost tens of µs (15–26 µs where this was "
            "written), as much as formatting the 512 numbers it holds.", "",
            "What no writer removes: a sample the scene asks for (its `output.interval`, and every step while a "
            "contact is active) is a `forward()` at that instant and a row of numbers to format, and a run has a "
            "fixed cost (the recording thread's start, four files created and renamed, summary.json). On this "
            "virtual machine a new thread first runs 40–600 µs after it is created (600 µs when the other processor "
            "has been idle: a standalone test of 8 creations, 2026-11-27), and creating, writing and renaming four "
            "small files and their directory takes 55–90 µs: with timestamps in the run, `oblique_impact` (600 µs "
            "simulate()) ended its simulation before its recording thread had started (at 850 µs), which then "
            "evaluated and recorded every sample (300 µs) and wrote the files (140 µs) after it, the hand-overs "
            "between the threads some 150 µs more. A run this short is the simulation plus its outputs in series. "
            "Samples per "
            "step: the time-series rows over the integration steps; where it is large, the samples, not the "
            "simulation, are most of the run. Written: the output directory's bytes (most of them contact rows "
            "where the samples are few). Writing alone: the formatting and writing of the recording thread timed by "
            "themselves (`BM_WriteScene`: the run's rows, impacts and summary recorded beforehand, then formatted "
            "and written on one thread; the samples' `forward()` comes on top), against simulate() and per number "
            "written (the fixed cost of the four files and summary.json included: most of it in the shortest runs); "
            f"where it is above {self.OUTPUT_LIMIT}× simulate(), formatting the numbers the scene asks for costs "
            "more than the target allows on one core, however well the recording overlaps the simulation.", "",
            table(["scene", "simulate()", "run", "run / simulate", f"≤ {self.OUTPUT_LIMIT}×", "samples per step",
                   "written", "writing alone", "writing / simulate", "per number"], table_rows)
            if table_rows else NA, "",
            "### HDF5 against CSV", "",
            "The same runs writing results.h5 (`output.format: hdf5`: float64 matrices, uncompressed) instead of "
            "timeseries.csv, contacts.csv and impacts.csv; both write summary.json. Sizes are the output directory's "
            "bytes; times as above.", "",
            table(["scene", "CSV", "HDF5", "HDF5 / CSV size", "run, CSV", "run, HDF5", "HDF5 / CSV time"], formats)
            if formats else NA])

    def allocation_row(self):
        results = [(name, self.allocation.get(name)) for name in ("forward_allocation_test", "simulate_allocation_test")]
        if any(r is None for _, r in results):
            return ("no allocation in the right-hand side and the step loop", "0 per evaluation and per step", NA, "no")
        passed = all(r.get("failures", 1) == 0 and r.get("errors", 0) == 0 for _, r in results)
        tests = sum(r.get("tests", 0) for _, r in results)
        return ("no allocation in the right-hand side and the step loop", "0 per evaluation and per step",
                f"{tests} allocation tests {'passed' if passed else 'FAILED'} in this build: 0 allocations in 100 "
                "right-hand sides (`tests/engine/forward_allocation_test.cc`); hundreds of extra steps add fewer "
                "than one allocation per 20 steps, i.e. none per step (`tests/engine/simulate_allocation_test.cc`)",
                "yes" if passed else "no")

    def header(self):
        m, c = self.machine, self.context or {}
        caches = ", ".join(f"{k.replace(' cache', '')} {v}" for k, v in m.get("caches", {}).items())
        memory = f"{m['memory_bytes'] / 2 ** 30:.1f} GiB" if m.get("memory_bytes") else "unknown memory"
        cvs = [r["cv"] * 100 for r in self.scene.values() if r.get("cv") is not None]
        quick = " It was a `--quick` run: the 10⁶-bead scaling point is missing." if self.run.get("quick") else ""
        took = f" The measurements took {self.run['measurement_seconds']:.0f} s." if "measurement_seconds" in self.run else ""
        load = [m.get("load_average_start"), self.run.get("load_average_end")]
        if all(load):
            took += (f" Load average (1, 5, 15 min) before the first measurement {', '.join(sig(x, 2) for x in load[0])}"
                     f" (about 0 on an idle machine), at the end {', '.join(sig(x, 2) for x in load[1])} (this run's "
                     "own single-threaded benchmarks account for about 1).")
        return "\n".join([
            "# Performance", "",
            f"Benchmark figures of contactlab, generated by `scripts/bench.sh` from the raw results it writes to "
            f"`results/bench/`; this page is never edited by hand. Run of {m.get('date_utc', 'unknown date')} on commit "
            f"`{m.get('commit', 'unknown')}`. Machine: {m.get('cpu', 'unknown CPU')}, {m.get('cores', '?')} cores "
            f"({m.get('hypervisor') + ' virtual machine, ' if m.get('hypervisor') else ''}{caches}), {memory}, "
            f"{m.get('os', 'unknown OS')}, {m.get('compiler', 'unknown compiler')}, Google Benchmark "
            f"{m.get('google_benchmark', '(version unknown)')}.{took}{quick}", "",
            "Method: Release build (`-O3`); the suites in `bench/` run under Google Benchmark (the Debian library "
            "reports itself as a debug build; the timed loops are compiled in this project's `-O3` code). Every "
            "figure is the minimum over repetitions: the machine is a shared 2-core VM whose noise only ever adds "
            "time (median coefficient of variation of the `BM_Scene` repetitions in this run: "
            f"{sig(statistics.median(cvs), 2) + ' %' if cvs else NA}). Times are wall-clock; the `ns_per_*` counters "
            "are Google Benchmark rates over CPU time. contactlab's solve time is `simulate()` only (no scene "
            "compilation, no output writing); SciPy's is the minimum of its repeats of `time.perf_counter` around "
            "the solve only (`bench/peers/`). Neither side includes process start-up. The benchmark programs keep "
            "freed memory in the process (`bench/retain_memory.cc`), as a sweep's worker does from case to case, so "
            "that a repeated simulation does not pay fresh page faults for memory glibc happened to hand back to "
            "the kernel; the whole-command timings (`contactlab run`, `--help`) pay a fresh process's page faults."])

    def against_scipy(self):
        timing, answers = [], []
        for problem, name, _ in PROBLEMS:
            variants = [(self.scipy.get(problem), "")]
            if problem == "granular_chain_70":
                variants.append((self.scipy_tight, " (same answer)"))
            run = self.scene.get(problem)
            for scipy, note in variants:
                tol = f", rtol {sig(scipy['rtol'])}" if scipy else ""
                timing.append((name + tol + note,
                               seconds(scipy["solve_time_s"]) if scipy else NA,
                               f"{count(scipy['steps'])} / {count(scipy['rhs_evaluations'])}" if scipy else "—",
                               seconds(run["seconds"]) if run else NA,
                               f"BM_Scene/{arg(run['name'])} ({run.get('label')})" if run else "—",
                               f"{count(run.get('steps'))} / {count(run.get('rhs_evaluations'))}" if run else "—",
                               ratio(self.scipy_ratio(problem, scipy))))
                mine = self.mine.get(problem)
                if scipy and mine:
                    a = agreement(problem, scipy, mine)
                    impacts = (f"{a['matched']} of {a['scipy_impacts']} / {a['impacts']}" if a["scipy_impacts"]
                               else f"none in SciPy (no events) / {a['impacts']}")
                    answers.append([name + tol] + [impacts] + [small(a["worst"][f]) for f in FIELDS] +
                                   [f"{small(a['final'])} ({a['final_what']})"])
                else:
                    answers.append([name + tol, NA] + ["—"] * (len(FIELDS) + 1))
        return "\n".join([
            "## Against SciPy", "",
            "`bench/peers/` holds the straightforward SciPy scripts (`solve_ivp`, RK45, events for contact onset) "
            "for the same problems at the same tolerances; contactlab's time is the `BM_Scene` benchmark of "
            "`bench/end_to_end_benchmark.cc`, which compiles the same scene as `contactlab run`. The chains are "
            "the library's horizontal chain with its beads 1 nm apart (`--set gap=1e-9`; the library writes them "
            "touching): SciPy's event functions would start at exactly zero for touching beads and see no onset. "
            "Ratio = SciPy time / contactlab time.", "",
            table(["problem", "SciPy", "steps / RHS", "contactlab", "benchmark", "steps / RHS", "ratio"], timing), "",
            "The answers: largest relative difference between SciPy (`bench/peers/*.py`) and contactlab "
            "(`build/bench/solve_scene`, same scene) over the impacts matched by pair and order (impacts: matched of "
            "SciPy's / contactlab's; SciPy's chain reports onsets only), and of the final state at the end time.", "",
            table(["problem", "impacts"] + FIELDS + ["final state"], answers), "",
            "For the 70-bead chain the second SciPy row runs at rtol 3e-9, the tolerance at which its answer is as "
            "accurate as contactlab's at 1e-8: against a DOP853 reference at rtol 1e-13, RK45 at 1e-8 is off by "
            "7.7e-6 m/s in the bead velocities where contactlab is off by 2.7e-7 m/s, because RK45 steps straight "
            "across contact onsets, where the Hertz force is not smooth, while contactlab locates each onset and "
            "restarts there (`bench/peers/README.md`)."])

    def damped_chain(self):
        timing, answers = [], []
        for law in DAMPED_LAWS:
            r = self.damped[law]
            run_ratio, big_ratio = self.damped_ratios(law)
            own = " (the scene's own)" if law == "wang_kv_granular" else ""
            sp, so, ru, sb, cb = r["scipy_70"], r["solve_70"], r["run_70"], r["scipy_10000"], r["solve_10000"]
            timing.append((f"`{law}`{own}", seconds(sp["solve_time_s"]) if sp else NA,
                           f"{count(sp['steps'])} / {count(sp['rhs_evaluations'])}" if sp else "—",
                           seconds(so["solve_time_s"]) if so else NA,
                           f"{count(so['steps'])} / {count(so['rhs_evaluations'])}" if so else "—",
                           seconds(ru["wall_time_s"]) if ru else NA, ratio(run_ratio),
                           met(run_ratio, lambda x: x >= RUN_VS_SCIPY),
                           seconds(sb["solve_time_s"]) if sb else NA, seconds(cb["solve_time_s"]) if cb else NA,
                           ratio(big_ratio), met(big_ratio, lambda x: x >= SOLVE_VS_SCIPY_10000)))
            for beads, scipy, mine in ((70, sp, so), (10000, sb, cb)):
                if scipy and mine:
                    a = agreement(f"granular_chain_{beads}", scipy, mine)
                    answers.append([f"`{law}`, {count(beads)} beads", f"{a['matched']} of {a['scipy_impacts']} / "
                                    f"{a['impacts']}"] + [small(a["worst"][f]) for f in FIELDS[:3]] +
                                   [f"{small(a['final'])} ({a['final_what']})"])
                else:
                    answers.append([f"`{law}`, {count(beads)} beads", NA] + ["—"] * 4)
        return "\n".join([
            "## The damped chain and the Hunt–Crossley family against SciPy", "",
            "The horizontal chain (beads 1 nm apart, as above) with its own law, `wang_kv_granular` (S003 Eq (25): "
            "K_h δ^{3/2} + g2 √(K_h m) δ^{1/4} δ̇ up to the yield indentation, linear with a linear dashpot beyond; "
            "c_e = 0.89, c_p = 0.70), and with every law of the form F = K δ^n (1 + z δ̇/δ̇⁻) in the registry: the "
            "13 whose z follows from the restitution (0.70, the material's), `wang_yield` (z from the yield strengths "
            "and δ̇⁻) and `luo_nahon` (the same damping on a linear volumetric stiffness). The power-law dashpots "
            "(`kuwabara_kono`, `tsuji`, …) are not of that form: their damping is not proportional to the elastic "
            "force. SciPy: `bench/peers/granular_chain.py --law NAME` (RK45, rtol 1e-8, atol 1e-13; the laws and "
            "their parameters, the scene's, in `bench/peers/chain_laws.py`); a Hunt–Crossley law stops the solve "
            "at each onset to record the pair's δ̇⁻ and at each separation, as contactlab does. contactlab: its "
            "solve (`solve_scene`, `simulate()` only, minimum of 5 at 70 beads and 3 at 10 000) and, at 70 beads, "
            "the whole `contactlab run` command with its default outputs, process start-up included "
            "(`scripts/time_command.py`, minimum of 5). SciPy's solve alone (minimum of 5; once at 10 000 beads). "
            f"Targets: `contactlab run` ≥ {RUN_VS_SCIPY:.0f}× faster than SciPy's solve at 70 beads, contactlab's "
            f"solve ≥ {SOLVE_VS_SCIPY_10000:.0f}× faster at 10 000 beads (100 µs).", "",
            table(["law", "SciPy, 70", "steps / RHS", "solve, 70", "steps / RHS", "run, 70", "SciPy / run",
                   f"≥ {RUN_VS_SCIPY:.0f}×", "SciPy, 10 000", "solve, 10 000", "SciPy / solve",
                   f"≥ {SOLVE_VS_SCIPY_10000:.0f}×"], timing), "",
            self.process_start_text(), "",
            "The answers, as above: impacts matched by pair and order (matched of SciPy's / contactlab's), the "
            "largest relative difference of their onset times, impact velocities and restitutions, and of the "
            "final bead velocities.", "",
            table(["chain", "impacts"] + FIELDS[:3] + ["final state"], answers)])

    def process_start_text(self):
        start = self.process_start
        libraries = "" if self.shared_libraries is None else f", loading {self.shared_libraries} shared libraries"
        took = f"takes {seconds(start['wall_time_s'])}" if start else "was not measured"
        return (f"Of the run's time, process start-up: `contactlab --help` {took} (`scripts/time_command.py`, "
                f"minimum of 20){libraries}. Most of it is the dynamic loader mapping and relocating those libraries "
                "(libstdc++, spdlog, yaml-cpp, SUNDIALS) and the page faults of their first touch (about 25 µs each "
                "on this virtual machine; a C++ hello-world takes 4–5 ms here). Two libraries were taken out of every "
                "command's start: libhdf5, whose writer is a module opened only by a run that writes results.h5 "
                "(docs/output.md), since Debian's libhdf5 brings some 30 libraries (libcurl, gnutls, krb5, …); and "
                "FCL, whose dynamic AABB tree was the last thing contactlab used it for: with libccd and octomap it "
                "cost 7 ms (29 000 symbol relocations) for what is now a sort and sweep of boxes in closed form "
                "(contact/broadphase.h, docs/contact.md).")

    def engine_overhead(self):
        rows = []
        for beads in (70, 10000):
            run = self.paired.get(beads)
            rows.append((f"{count(beads)} beads",
                         seconds(run["pipeline_seconds"]) if run else NA,
                         f"{count(run.get('steps'))} / {count(run.get('rhs_evaluations'))}" if run else "—",
                         seconds(run["floor_seconds"]) if run else NA,
                         f"{count(run.get('floor_steps'))} / {count(run.get('floor_rhs_evaluations'))}" if run else "—",
                         ratio(self.overhead(beads)),
                         count(run.get("iterations")) if run else "—"))
        return "\n".join([
            "## Engine overhead", "",
            "The floor is a minimal hand-written loop that integrates the same Hertz chain with the same "
            "Dormand–Prince integrator (`engine/dormand_prince.h`) and the same tolerances, one coordinate and "
            "one velocity per bead, the neighbour forces in one loop. It locates no events and does nothing else. "
            "The full pipeline (the scene of `BM_Scene`, as `contactlab run` compiles it) also locates the onset "
            "and separation of every pair by root finding and restarts there, checks the energy balance every step, "
            "keeps the broadphase up to date, works in generalized coordinates (kinematics, contact Jacobians, "
            "dynamics) and dispatches the force law through the registry. `BM_Overhead/N` times the two back to "
            "back in every iteration, so that the shared machine's slow swings fall on both alike, and reports the "
            "minimum of each over its iterations.", "",
            table(["chain", "pipeline", "steps / RHS", "floor", "steps / RHS", "pipeline / floor", "pairs timed"],
                  rows), "",
            "Where the rest goes (callgrind and cachegrind on `BM_Overhead/70`, 2026-11-26): the pipeline executes "
            "1.79× the floor's instructions (65.4 M against 36.5 M a run). The integrator's own step costs the same "
            "on both sides; the difference is the work per step outside it (event roots, event location, the "
            "tunnelling bound, the energy check, the broadphase's refresh test: about 8.7 k instructions a step) and "
            "the right-hand side's generalized-coordinate bookkeeping (1 895 instructions against 1 082). Wall time "
            "is further from the floor than instructions because the floor's loop fits in the instruction cache and "
            "the pipeline's thirty-odd functions a step do not. What was cut for this: the step's checks take each "
            "active element's maxima, validity depth and elastic energy in one pass; the tunnelling bound keeps two "
            "speed buffers instead of three passes over a growth array; a contact's onset no longer recompiles every "
            "pair for the spare workspace (it shares the run's); the active and inactive lists move one element "
            "instead of being rebuilt; no per-element law-state copy when no law has state. Instruction-cache misses "
            "of the 70-bead benchmark fell from 9.9 M to 5.5 M, every scene's outputs byte for byte the same. At "
            "10 000 beads the pipeline's time also holds its setup (the broadphase's first sort, the pairs compiled), "
            "which the floor has none of, and about 11 % more steps, from restarting the integrator at each event. "
            "Where the 10 000-bead pipeline's time goes (perf with DWARF call graphs on `BM_Overhead/10000`, "
            "2026-11-27, before the change to the sliders' loads below, shares of the pipeline's samples): the "
            "integrator's steps 54 % (the right-hand side 19 %: v copied into ẏ 6 %, the sliders' forces cleared 3 % "
            "and their accelerations 8 %; the error norm 5 %; the stage arithmetic the rest), 282 of them where the floor takes 253: the run restarts the integrator at each onset and "
            "separation it locates (31 here), where the floor steps straight across them. Stepping across is less "
            "accurate, since the contact force is not smooth there: an isolated Hertz impact at 1 m/s integrated "
            "through its separation without a restart left with a velocity 2.9e-9 off, ten times the 2.8e-10 of the "
            "restarted run (rtol 1e-8), so the restarts stay. The run's start 13 % (the broadphase's first refresh "
            "and the 9 999 pairs it finds bound once, kinematics and the energy at t₀, the integrator's vectors); "
            "the event functions at every step's end 7 % (every element's gap), their location 3 % and the state "
            "interpolated at each root 2 %; the contact events 6 % (the spare workspace's first construction and "
            "the closing accelerations of separations, 4 %); the tunnelling bound 4.5 %; the end state's complete "
            "evaluation 3 %; the broadphase's refresh test 1.7 %. Cut for this since the last complete run: a "
            "stage of few contacts against many sliders (fewer than 1/32 as many) lists the sliders it may load, so "
            "that the next stage clears those entries alone and the dynamics computes those alone, a·g elsewhere, "
            "where every evaluation cleared the whole slider_force and multiplied it through (pipeline 63.0–65.2 → "
            "57.9–60.3 ms, alternating binaries; the 70-bead chain's five contacts keep the vectorised passes, which "
            "cost less there). Since the complete run before: the "
            "step-size controller keeps its memory across a restart (a fresh one shrank the step after each restart "
            "by up to 1.45×: 294 → 282 steps); the start reads the beads' compact slider arrays where it bound each "
            "pair through its body's kilobyte of model, and finds each pair's line once (the start of the 10 000-bead "
            "run 10.9 → 8.8 ms); an event reads an inactive element's state only where its gap is at or below zero, "
            "a contact's effective mass clears the probe forces of the tree bodies only, and a root interpolates the "
            "live quadratures only (pipeline −8 %, every library scene's output byte for byte the same). Before "
            "that: the run's start binds the pair table once and keeps the pairs in sorted vectors; "
            "the events read only the elements a root concerns; and Dormand–Prince sums only the live quadratures "
            "(`OdeSystem::live_quadrature`): the per-element ledger makes the state 3N long where the floor's is 2N, "
            "but its rates are zero except at the few active contacts, so the other entries are copied instead of "
            "read through five stages, and the run's copy of the state at each step's end leaves them alone "
            "(pipeline −7 %). The floor's working set, eleven "
            "vectors of 2N doubles (1.8 MB), about fits the 2 MB of L2 cache per core; the pipeline's, some 6 kB "
            "per bead, does not.", "",
            self.law_overhead_section()])

    def law_overhead_section(self):
        laws = self.law_overheads()
        accuracy = self.law_accuracy_overheads()
        rows = []
        for law, runs in laws.items():
            cells = []
            for beads in (70, 10000):
                run = runs.get(beads)
                cells += [seconds(run["pipeline_seconds"]) if run else NA,
                          seconds(run["floor_seconds"]) if run else NA,
                          f"{count(run.get('steps'))} / {count(run.get('floor_steps'))}" if run else "—",
                          ratio(run["pipeline_seconds"] / run["floor_seconds"]) if run else NA]
            apart = " / ".join(sig(runs[b]["velocity_difference"], 2) if b in runs and "velocity_difference" in runs[b]
                               else NA for b in (70, 10000))
            accurate = accuracy.get(law)
            judged = [accurate["pipeline_seconds"] / accurate["floor_seconds"]] if accurate else []
            judged += [r["pipeline_seconds"] / r["floor_seconds"] for b, r in runs.items() if b == 10000]
            rows.append((f"`{law}`", *cells, apart, "yes" if len(judged) == 2 and max(judged) <= 2.0 else "no"))
        rows.append(("`impulse`", *["—"] * 9, "not a force law: a rigid impact applied at the onset"))
        chain = self.law_runs()

        def contacts(law):
            run = chain.get(law, {}).get(70)
            return sig(run["contacts_per_rhs"], 2) if run and "contacts_per_rhs" in run else NA

        big = [(r["pipeline_seconds"] / r["floor_seconds"], law) for law, runs in laws.items()
               for beads, r in runs.items() if beads == 10000]
        largest_10000 = f"{ratio(max(big)[0])}, {max(big)[1]}" if big else NA
        return "\n".join([
            "### Every law", "",
            "The same comparison for every law of the registry, each against a floor that uses that law "
            "(`BM_LawOverhead/<law>/<beads>`, `bench/law_benchmark.cc`; the floor in `bench/law_floor.h`): the chain "
            "of `BM_ChainLaw` (the scene's beads, 1 nm apart, the law's parameters from the scene's laws entries), "
            "its pair compiled as the broadphase compiles it, integrated by a hand-written loop with the same "
            "Dormand–Prince, tolerances and duration, the neighbour forces from the law's own force function "
            "(`LawInfo::force_value`, what the engine's right-hand side calls) with the pair's compiled constants, and "
            "the law's integrated states, where it has any, beside the beads. It keeps of each contact what the "
            "law's formula reads, taken at the accepted steps' ends as such a loop would take it: a pair found "
            "overlapping starts its contact where its gap crossed zero on the step's dense output (δ̇⁻ its closing "
            "speed there, the law's onset event), its closing speed changing sign calls the law's "
            "maximum-indentation or reload event where it crossed zero, a step's end without overlap its separation "
            "where the gap opened: the events placed as exactly as the pipeline places them, but the integration "
            "never restarts there. Calling the law through its function pointer costs this floor a little against "
            "the Hertz floor above, whose formula is written inline. The two are timed back to back in every "
            "iteration (15 pairs at 70 beads, 5 at 10 000), the minimum of each. Steps: the pipeline's / the "
            "floor's. That both solved the same problem: the floor's end velocities against the pipeline's, "
            "‖v_floor − v‖/‖v‖ (the last column but one, 70 / 10 000 beads).", "",
            "Where a law's force jumps at the onset (Kelvin–Voigt's dashpot, Poursina–Nikravesh's, the Ristow and "
            "Schäfer dashpots) the floor's steps collapse at every onset it steps across, and it comes out slower "
            "than the pipeline, which locates the onset and restarts there. Where a law keeps a history of each "
            "contact (a yield point, a maximum indentation: thornton, goldsmith_modified_hertz, yigit), the pipeline "
            "restarts at each of its events, where the floor steps across them, and takes more steps for that; at the "
            "same tolerance the floor's answer is then the less accurate one, several times so (the table below). "
            "Equal tolerances then compare a cheaper answer with a better one; the target is judged at equal accuracy "
            "where that can be measured (70 beads, below), and at equal tolerances at 10 000 beads, where a reference "
            "at rtol 1e-12 would take hours. The last column: at most 2× at 70 beads at equal accuracy and at "
            "10 000 at equal tolerances. "
            "(thornton's end velocities were 2.7e-3 from the floor's until a contact at rest was made to leave rest "
            "when pressed beyond its deepest indentation, so that its law sees the new maximum: docs/contact.md, "
            "\"Persistent contact\".)", "",
            "Where the rest went at 70 beads (perf on `BM_ChainLaw/hunt_crossley/70`, 2026-11-27, while the family "
            "still damped the wave for the first creep of each touching pair, thousands of times its law's, and kept "
            "neighbours touching behind it: 39 contacts per right-hand side then; in this run "
            f"{contacts('hunt_crossley')} where Hertz's has {contacts('hertz')}, its δ̇⁻ now the wave's: docs/contact.md, "
            "\"A new impact through a contact\"): the "
            "pipeline's cost was then its evaluation of each active contact: the law's own function takes 22 % of the "
            "run's samples (3.6 ns a contact, as in the floor) and the rest of the contact stage 32 % (5.1 ns a "
            "contact: the element's line record, the law's input, the pair's tension rule, the force kept, the "
            "sliders' loads and the contact's power), where the floor's loop adds about a nanosecond to the law; "
            "the integrator's steps take 15 % (as the floor's), and the checks and events of each step the rest "
            "(event functions 4 %, the energy check's elastic energies 3 %, the tunnelling bound and new impacts 2 % "
            "each). Cut for this since the last complete run (the three together 2.33–2.37× → 2.07–2.09× for "
            "hunt_crossley, alternating binaries; every library scene's output byte for byte the same): the line "
            "kernel's eight arrays became one 64-byte record per element holding its pair too, and its elements "
            "have a loop of their own whose arrays stay in registers across the law's call through a pointer "
            "(after such a call the compiler reads every array of `Data` again); the stage gathers the forces' "
            "finiteness instead of a second pass over the active contacts; `Data::contact_force` keeps F alone "
            "(its partials were never evaluated); and each contact's power goes straight into the ledger's rates "
            "instead of through `Data` and a copy. Since then, measured in instructions and cachegrind's simulated "
            "caches (the machine too noisy for a wall-time A/B of a few per cent): the pair's fields the right-hand side "
            "reads come first in `ContactPairModel`, in one cache line with the law's first parameters "
            "(`BM_ChainLaw/hunt_crossley/70`: L1 data misses 15.9 M → 10.3 M, the contact stage's read misses "
            "4.1 M → 1.45 M); the root finder's evaluation of one active contact computes that contact alone "
            "(`element_normal_stage`: goldsmith_modified_hertz's 13 419 root evaluations a run, 1 035 M → 1 006 M "
            "instructions); and a law whose force peaks where its indentation does (`LawInfo::peak_at_max_indentation`) "
            "has no force-rate event function of its own (newtons_cradle: 678 → 549 root evaluations); and the "
            "search for a new impact's largest closing speed on the step's dense output (the record's, under a law "
            "that does not read δ̇⁻; some thirty interpolations a step while it lasts) interpolates the element's "
            "sliders' coordinates and rates alone, not the whole state (goldsmith_modified_hertz at 70 beads: the "
            "dense output's share of the run's samples 17 % → 5 %, perf, 2026-11-28). "
            "At 10 000 beads the few active contacts weigh little against the beads "
            f"(the largest ratio there {largest_10000}). A law that integrates a state (xiong: one per bead, relaxing "
            "apart) cost the 10 000-bead pipeline 4.3× its floor until the rates of the elements apart read a "
            "compact record of the law, its parameters, the pair's constants and the last onset, instead of each "
            "bead's element, pair and PairState with the whole state copied there first at every evaluation "
            "(16.6 s → 6.4 s; engine/run_ode.h).", "",
            table(["law", "pipeline, 70", "floor, 70", "steps, 70", "× floor, 70", "pipeline, 10 000",
                   "floor, 10 000", "steps, 10 000", "× floor, 10 000", "end velocities apart",
                   "≤ 2×"], rows) if laws else NA,
            "", self.law_accuracy_section(accuracy)])

    def law_accuracy_section(self, accuracy):
        rows = []
        for law, r in accuracy.items():
            reached = r.get("reached", 0) >= 1
            over = r["pipeline_seconds"] / r["floor_seconds"]
            rows.append((f"`{law}`", small(r["pipeline_error"]), small(r["floor_relative_tolerance"]),
                         small(r["floor_error"]) + ("" if reached else " (short)"),
                         f"{count(r.get('steps'))} / {count(r.get('floor_steps'))}",
                         seconds(r["pipeline_seconds"]), seconds(r["floor_seconds"]),
                         ratio(over) if reached else f"≤ {ratio(over)}", "yes" if over <= 2.0 else "no"))
        return "\n".join([
            "#### At equal accuracy", "",
            "`BM_LawOverheadAtAccuracy/<law>/70` (`bench/law_benchmark.cc`): the 70-bead chain again, the floor at "
            "the tolerance at which its answer is as accurate as the pipeline's at the scene's (rtol 1e-8). "
            "Accuracy: the end velocities against the pipeline's at rtol 1e-12, ‖v − v_ref‖/‖v_ref‖; the floor's own "
            "answer at rtol 1e-12 meets that reference to 1.7e-8 (hunt_crossley) to 3.9e-6 (yigit) for the six laws "
            "checked (with thornton, goldsmith_modified_hertz, yigit_linearized, ma_liu; 2026-11-28), far below "
            "the errors compared "
            "(the floor cannot be the reference: where a law's force jumps at the onset its steps collapse at every "
            "onset and it does not get there in minutes). The floor's tolerances are searched on a grid of eight "
            "per decade from rtol 1e-7 to 1e-11 (its absolute tolerance scaled alike), the floor's error taken as "
            "its trend, the geometric mean over half a decade of the grid (stepping across a law's kinks makes it "
            "erratic, a factor of 5 from one grid step to the next for yigit); the loosest tolerance from which on "
            "the trend stays at or below the pipeline's error is the floor's. One grid step is about 6 % of a "
            "fifth-order method's work. A floor that does not get there within 16 times the pipeline's right-hand "
            "sides (short) runs at its most accurate: its ratio is then an upper bound. Both then timed back to "
            "back, 15 pairs, the minimum of each. Steps: the pipeline's / the floor's.", "",
            table(["law", "pipeline's error", "floor's rtol", "floor's error", "steps", "pipeline", "floor",
                   "× floor", "≤ 2×"], rows) if rows else NA])

    def scaling_section(self):
        rows = [(count(s["beads"]), seconds(s["setup"]), f'{seconds(s["run"])} ({sig(s["us"])} µs)', seconds(s["per_us"]),
                 sig(s["per_bead_ns"]), count(s["steps"]),
                 sig(s["per_bead_rhs_ns"]) if s["per_bead_rhs_ns"] else NA, count(s["heap"])) for s in self.scaling]
        p = fit_exponent([(s["beads"], s["per_us"]) for s in self.scaling])
        lines = ["## Scaling", "",
                 "`BM_ChainScaling/N/0` and `BM_ChainScaling/N/10` (`/N/50` at 10⁶ beads): the horizontal Hertz chain built in code "
                 "(`bench/chain.h`), simulated for a picosecond (setup: broadphase, pair table, integrator, one "
                 "step) and for 10 µs (50 µs at 10⁶ beads). Cost per simulated µs = (t − t₀) / the simulated µs. "
                 "Each timed run starts from the initial state on a workspace that has already made the picosecond "
                 "once, untimed, so that neither t nor t₀ holds the first touch of the workspace's pages (at 10⁶ "
                 "beads, 8–10 s of page faults that varied by more than the simulation subtracted from them). "
                 "ns per bead per RHS: (t − t₀) over the right-hand sides evaluated between them and the beads: the "
                 "engine's own cost per bead, which the adaptive step count does not enter; it grows where the "
                 "workspace outgrows the processor's caches. Heap bytes per bead: the heap in "
                 "use at the peak of a run (model, workspace, state, the run's own vectors) over the heap before "
                 "the model was built, per bead.", "",
                 table(["beads", "setup t₀", "simulated t", "per simulated µs",
                        "ns per bead per simulated µs", "steps", "ns per bead per RHS", "heap bytes per bead"], rows)
                 if rows else NA,
                 ""]
        if self.unresolved_scaling:
            lines += [f"Not resolved (the setup run took longer than the simulated run, so their difference is "
                      f"noise): {', '.join(count(n) + ' beads' for n in self.unresolved_scaling)}.", ""]
        if p is not None:
            first, last = self.scaling[0], self.scaling[-1]
            per_step = [s["per_bead_ns"] * s["us"] / s["steps"] for s in (first, last) if s["steps"]]
            lines.append(f"Least-squares fit on log–log: cost per simulated µs ∝ N^{p:.2f} "
                         f"({'linear' if abs(p - 1) <= 0.1 else 'not linear'} by the 1 ± 0.1 criterion); per bead "
                         f"it ranges over {sig(min(s['per_bead_ns'] for s in self.scaling))}–"
                         f"{sig(max(s['per_bead_ns'] for s in self.scaling))} ns per simulated µs.")
            if len(per_step) == 2:
                lines[-1] += (f" The adaptive steps per simulated µs are not constant ({sig(first['steps'] / first['us'])} at "
                              f"{count(first['beads'])} beads, {sig(last['steps'] / last['us'])} at {count(last['beads'])}), so "
                              f"the cost per bead per step goes from {sig(per_step[0])} to {sig(per_step[1])} ns.")
            if self.plot():
                lines += ["", "![cost per simulated µs against beads](performance_scaling.png)"]
        return "\n".join(lines)

    def plot(self):
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            return False
        n = [s["beads"] for s in self.scaling]
        cost = [s["per_us"] for s in self.scaling]
        fig, ax = plt.subplots(figsize=(6, 4))
        ax.loglog(n, cost, "o-", label="contactlab (BM_ChainScaling)")
        ax.loglog(n, [cost[0] * x / n[0] for x in n], "--", color="grey", label="linear from the first point")
        ax.set_xlabel("beads N")
        ax.set_ylabel("wall time per simulated µs [s]")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(PLOT, dpi=100)
        plt.close(fig)
        return True

    def stages(self):
        reps = max([r.get("repetitions", 1) for r in list((self.contact or {}).values()) +
                    list((self.dynamics or {}).values())] or [1])
        lines = ["## Stages", "",
                 "From `bench/contact_benchmark.cc` and `bench/dynamics_benchmark.cc`: time per call, the minimum "
                 f"over {reps} repetitions."]
        for title, runs in (("contact_benchmark", self.contact), ("dynamics_benchmark", self.dynamics)):
            if runs is None:
                lines += ["", f"### {title}", "", NA]
                continue
            for prefix, items in by_prefix(runs).items():
                lines += ["", f"### {prefix} ({title})", "", self.stage_table(prefix, items)]
        return "\n".join(lines)

    def stage_table(self, prefix, items):
        items.sort(key=lambda kr: (arg(kr[0]) is None, arg(kr[0]) or 0, kr[0]))
        if prefix in ("BM_Law", "BM_FrictionLaw"):
            families = {}
            for key, run in items:
                families.setdefault(run.get("label", "?"), []).append((key.split("/", 1)[1], run["seconds"] * 1e9))
            rows = []
            for family, laws in families.items():
                ns = [t for _, t in laws]
                slow = ", ".join(f"{law} ({sig(t)})" for law, t in laws if t > 30) or "—"
                rows.append((family, len(laws), sig(min(ns)), sig(statistics.median(ns)), sig(max(ns)), slow))
            what = ("One force evaluation of every law in the registry at a typical point of a steel impact"
                    if prefix == "BM_Law" else
                    "One friction force evaluation of every friction law at a slip of 1 mm/s under 10 N")
            return (what + ", grouped by family [ns].\n\n" +
                    table(["family", "laws", "min", "median", "max", "laws > 30 ns"], rows))
        if prefix == "BM_Power":
            rows = [(f"`{key}`", run.get("label", ""), sig(run["ns_per_power"] * 1e9) if run.get("ns_per_power")
                     else "—") for key, run in items]
            return ("δ^{0.65}, bordbar_hyppanen's dashpot weight, of 4096 indentations from 1 pm to 10 mm: by std::pow "
                    "and by a FixedPower prepared once (models/fixed_power.h: two tables and a binomial series of "
                    "degree 8, within 4.3 ulp of the exact power).\n\n" +
                    table(["benchmark", "method", "ns per power"], rows))
        if prefix == "BM_FrictionRightHandSide":
            per_contact = {run.get("label", "?"): run.get("ns_per_contact") for _, run in items}
            base = per_contact.get("none")
            rows = [(f"`{key}`", run.get("label", ""), seconds(run["seconds"]),
                     sig(run["ns_per_contact"] * 1e9) if run.get("ns_per_contact") else "—",
                     "—" if base is None or run.get("label") == "none" or run.get("ns_per_contact") is None
                     else sig((run["ns_per_contact"] - base) * 1e9))
                    for key, run in items]
            return ("One right-hand side of 64 balls sliding on a floor, one contact each: what friction adds per "
                    "contact (slip velocity, contact frame, the law, the tangential wrench and, for LuGre, its state "
                    "rate) over the frictionless run; in the last row (`held`) every ball is at rest and held by "
                    "Coulomb's exact stiction, which adds the hold solve (engine/stick_force.h: 64 independent groups "
                    "of one point, each in closed form).\n\n" +
                    table(["benchmark", "friction law", "time", "ns per contact", "friction's cost per contact [ns]"],
                          rows))
        counters = sorted({k for _, run in items for k in run
                           if k not in SKIP and isinstance(run[k], (int, float)) and not isinstance(run[k], bool)})
        header = ["benchmark"] + (["label"] if any(run.get("label") for _, run in items) else []) + ["time"]
        header += [c.replace("ns_per_", "ns per ").replace("_um", " [µm]").replace("_", " ") for c in counters]
        rows = []
        for key, run in items:
            row = [f"`{key}`"] + ([run.get("label", "")] if "label" in header else []) + [seconds(run["seconds"])]
            for c in counters:
                v = run.get(c)
                row.append("—" if v is None else sig(v * 1e9) if c.startswith("ns_per_") else
                           count(v) if float(v).is_integer() else sig(v))
            rows.append(row)
        return table(header, rows)

    def sweep_repetitions(self):
        runs = (self.sweep or {}).get("threads", [])
        return max((len(t.get("wall_times_s", [])) for t in runs), default=0)

    def per_law(self):
        laws, ratios, rhs_ratios = self.law_runs(), self.law_ratios(), self.law_ratios("ns_per_rhs")
        rows = []
        for law, runs in laws.items():
            cells = []
            for beads in (70, 10000):
                run = runs.get(beads)
                cells += [sig(run["ns_per_rhs"]) if run else NA, ratio(rhs_ratios[law].get(beads)),
                          sig(run["contacts_per_rhs"], 2) if run and "contacts_per_rhs" in run else "—",
                          sig(run["ns_per_contact"]) if run and "ns_per_contact" in run else NA,
                          ratio(ratios[law].get(beads))]
            both = list(ratios[law].values())
            rows.append((f"`{law}`", *cells, "yes" if len(both) == 2 and max(both) <= 1.5 else "no"))
        rows.append(("`impulse`", *["—"] * 10, "not a force law: a rigid impact applied at the onset, no force to evaluate"))
        rhs, rhs_ratios = self.rhs_runs(), self.rhs_ratios()
        fixed = []
        for law, runs in rhs.items():
            cells = []
            for beads in (70, 10000):
                cells += [seconds(runs.get(beads)), ratio(rhs_ratios[law].get(beads))]
            both = list(rhs_ratios[law].values())
            fixed.append((f"`{law}`", *cells, "yes" if len(both) == 2 and max(both) <= LAW_LIMIT else "no"))
        return "\n".join([
            "## Per law", "",
            "The target: what a run costs must not depend on the law chosen by more than the law's own arithmetic: "
            f"every law within {LAW_LIMIT}× of `hertz` per right-hand-side evaluation, on the 70-bead and the "
            "10 000-bead chain, measured at fixed work. `BM_ChainRhs/<law>/<beads>` (`bench/law_benchmark.cc`): the "
            "horizontal chain compiled with each law as below, put in one state where every neighbour pair is in "
            "contact (0.1 µm deep, closing at 0.1 m/s, the same for every law), its contacts started by the "
            "engine's own onset (impact velocity, effective mass, the law's onset event), then the right-hand side "
            "the integrator calls (`evaluate()`, engine/forward.h) timed there: every law evaluates the same "
            "beads − 1 contacts, so × hertz is the law's own arithmetic beyond Hertz's. hertz's chain is timed in "
            "the same iterations as the law's, a block of evaluations of each in turn (a few tens of µs each, the "
            "first of the two alternating), so that the machine's drift, tens of per cent within minutes on this "
            "VM, falls on both: × hertz is the quotient of their wall times over one repetition, and the table "
            "gives the median of 5 repetitions (per RHS: the law's time in that repetition). A law whose forces "
            "there are not all finite and non-zero is reported as an error, not timed.", "",
            "What keeps a law's cost to its own arithmetic: the right-hand side evaluates each law's F alone "
            "(`LawInfo::force_value`, the law's force function compiled without its partial derivatives, which "
            "nothing in a run reads: their divisions and powers took 10 % of bordbar_hyppanen's right-hand side and "
            "27 % of wang_kv_granular's); common exponents go through square roots, not `std::pow` "
            "(models/indentation_power.h); a fixed exponent such as bordbar_hyppanen's 0.65 through tables prepared once "
            "(models/fixed_power.h); jian's relaxation ramp 1 − e^{−t/T} by its series or one `exp`, without "
            "`expm1`'s division (models/one_minus_exp.h: that division was half of jian's excess over Hertz).", "",
            table(["law", "per RHS, 70 beads", "× hertz", "per RHS, 10 000 beads", "× hertz",
                   f"≤ {LAW_LIMIT}× on both"], fixed) if fixed else NA, "",
            "For context, whole runs: "
            "`BM_ChainLaw/<law>/<beads>` (`bench/law_benchmark.cc`): the library's horizontal chain "
            "(`scenes/granular_chain_horizontal.yaml`, beads 1 nm apart as in `BM_Scene`) solved with each "
            "registered law in place of the scene's own, its parameters from the scene's `contacts.laws` (docs/scenes.md, "
            "\"The library's laws entries\": dissipation parameters calibrated for restitution 0.70 at the striker's "
            "1.77 m/s; `kuwabara_kono`, `zheng` and the Brilliantov laws, whose damping the scene does not give, run "
            "undamped): 70 beads for 600 µs and 10 000 beads for 100 µs, `simulate()` alone, the minimum over 7 and 3 "
            "runs.", "",
            "The per-RHS ratio of a whole run also counts the contacts the law's physics keeps touching, which no "
            "engine change can remove, and the per-contact ratio is biased the other way. ns per contact = solve time / "
            "(right-hand sides × active contacts per right-hand side), the engine's per-step and per-bead costs "
            "spread over the contacts evaluated; × hertz against `BM_ChainLaw/hertz` of the same run. The per-RHS "
            "columns (ns per RHS = solve time / right-hand-side evaluations) compare different amounts of work: a "
            "dissipative law leaves neighbours touching behind the wave, so its evaluations compute several times as "
            "many contacts as the elastic law's (contacts per RHS), and that, not its formula, is most of its cost per "
            "RHS at 70 beads; at 10 000 beads the bead count dominates both. Per contact, the elastic law's few "
            "contacts carry the whole per-RHS cost of the rest of the run, so a law that keeps more contacts active "
            "can come out below 1×.", "",
            table(["law", "ns per RHS, 70 beads", "× hertz", "contacts per RHS", "ns per contact", "× hertz",
                   "ns per RHS, 10 000 beads", "× hertz", "contacts per RHS", "ns per contact", "× hertz",
                   "≤ 1.5× per contact on both"], rows) if laws else NA])

    def sweeps(self):
        rows = [(t, seconds(w), ", ".join(sig(x) for x in ws), ratio(s), "—" if cpu is None else sig(cpu, 2))
                for t, w, ws, s, cpu in self.sweep_rows()]
        command = self.sweep["command"] if self.sweep else "build/apps/contactlab -q sweep …"
        return "\n".join([
            "## Sweeps", "",
            f"`{command}`: 8 runs of the 300-bead chain for 2 ms (the scene's own law), timed as whole processes "
            f"(wall clock, scene compilation included), {self.sweep_repetitions()} repetitions alternating between "
            "thread counts, the "
            "minimum. CPU in use = (user + system time) / wall time of that fastest run: below the thread count, "
            "the threads did not all run at once (waiting on each other, or other processes held the cores).", "",
            table(["threads", "wall time (min)", "all repetitions [s]", "speed-up vs 1 thread", "CPU in use"], rows)
            if rows else NA])

    def markdown(self):
        return "\n\n".join([
            self.header(),
            "## Targets\n\nThe targets of the performance issue; met or not, each against what this run measured.\n\n"
            + self.targets(),
            self.against_scipy(), self.damped_chain(), self.engine_overhead(), self.per_law(), self.scaling_section(), self.output_section(), self.stages(),
            self.sweeps(),
            "## Reproduce\n\n```sh\nscripts/bench.sh           # everything: rebuilds (Release), reruns every "
            "comparison, rewrites this page\nscripts/bench.sh --quick   # the same without the 10⁶-bead scaling "
            "point\n```\n\nThe raw results (Google Benchmark JSON, the SciPy and `solve_scene` answers, the sweep "
            "times, machine.json) are in `results/bench/`; a regression shows as a changed figure when the script "
            "is rerun."]) + "\n"


SKIP = {"family_index", "per_family_instance_index", "repetitions", "repetition_index", "threads", "iterations",
        "real_time", "cpu_time", "seconds", "cv"}


def met(value, test):
    return "no" if value is None else ("yes" if test(value) else "no")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    directory = args[0] if args else os.path.join(ROOT, "results", "bench")
    report = Report(directory)
    if "--summary" in sys.argv:
        print("Targets (docs/performance.md):\n\n" + report.targets())
    else:
        sys.stdout.write(report.markdown())


if __name__ == "__main__":
    main()
