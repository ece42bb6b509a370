#!/usr/bin/python3
"""Runs contactlab and the SciPy peer scripts on the same problems and prints how far their answers are apart
(impact by impact, and the final state). contactlab's timeseries.csv does not hold the state at the end time
(its regular samples accumulate the interval and the last one can fall just past the end), so the final state is
compared at contactlab's last sample: the peer is run with --duration set to that sample's time.

    /usr/bin/python3 bench/peers/compare_contactlab.py [--contactlab build/apps/contactlab] [--problems bb,tp,gc]
                                                      [--law NAME]

--law runs the chain (gc) with that law on both sides (granular_chain.py --law, contactlab --model), the beads
1 nm apart as the peer has them.
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

PROBLEMS = {
    "bb": ("scenes/bouncing_ball.yaml", [], "bouncing_ball.py", []),
    "tp": ("scenes/two_pendulums.yaml", [], "two_pendulums.py", []),
    "gc": ("scenes/granular_chain_horizontal.yaml", ["--model", "hertz"], "granular_chain.py", ["--beads", "70"]),
}
FIELDS = ["t_start", "impact_velocity", "t_end", "separation_velocity", "restitution", "max_indentation", "max_force"]


def run_contactlab(binary, scene, extra, out):
    subprocess.run([binary, "-q", "run", os.path.join(ROOT, scene), "--out", out] + extra, check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "impacts.csv")) as f:
        impacts = list(csv.DictReader(f))
    with open(os.path.join(out, "timeseries.csv")) as f:
        rows = list(csv.reader(f))
    last = dict(zip(rows[0], (float(v) for v in rows[-1])))
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    return impacts, last, summary


def run_peer(script, extra):
    out = subprocess.run([sys.executable, os.path.join(HERE, script), "--repeats", "1"] + extra, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def differences(peer_impacts, cl_impacts):
    """Per field: the largest absolute and relative difference over impacts matched by pair and order."""
    by_pair = {}
    for row in cl_impacts:
        by_pair.setdefault(row["pair"], []).append(row)
    seen, worst, unmatched = {}, {}, []
    for imp in peer_impacts:
        k = seen.get(imp["pair"], 0)
        seen[imp["pair"]] = k + 1
        rows = by_pair.get(imp["pair"], [])
        if k >= len(rows):
            unmatched.append(imp["pair"])
            continue
        row = rows[k]
        for field in FIELDS:
            mine, theirs = imp.get(field), row.get(field)
            if mine is None or theirs in (None, ""):
                continue
            theirs = float(theirs)
            d = abs(mine - theirs)
            r = d / abs(theirs) if theirs else math.inf
            a, rel, where = worst.get(field, (0.0, 0.0, None))
            worst[field] = (max(a, d), max(rel, r), where if r <= rel else imp["pair"] + f"#{k + 1}")
    missing = sum(len(v) for v in by_pair.values()) - sum(min(seen.get(p, 0), len(v)) for p, v in by_pair.items())
    return worst, unmatched, missing


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--contactlab", default=os.path.join(ROOT, "build", "apps", "contactlab"))
    p.add_argument("--problems", default="bb,tp,gc")
    p.add_argument("--law", help="the chain's law (default hertz)")
    a = p.parse_args()
    for key in a.problems.split(","):
        scene, cl_extra, script, peer_extra = PROBLEMS[key]
        if key == "gc" and a.law:
            cl_extra = ["--model", a.law, "--set", "gap=1e-9"]
            peer_extra = peer_extra + ["--law", a.law]
        with tempfile.TemporaryDirectory() as out:
            cl_impacts, last, summary = run_contactlab(a.contactlab, scene, cl_extra, out)
        peer = run_peer(script, peer_extra)
        print(f"== {peer['problem']}: contactlab {len(cl_impacts)} impacts, {summary['integrator']['steps']} steps, "
              f"{summary['integrator']['rhs_evaluations']} RHS; scipy {len(peer['impacts'])} impacts, "
              f"{peer['steps']} steps, {peer['rhs_evaluations']} RHS")
        worst, unmatched, missing = differences(peer["impacts"], cl_impacts)
        for field in FIELDS:
            if field in worst:
                d, r, where = worst[field]
                print(f"  {field:20s} max |diff| {d:.3e}   max rel {r:.3e}   (worst: {where})")
        if unmatched or missing:
            print(f"  impacts only in scipy: {len(unmatched)}; only in contactlab: {missing}")
        # final state at contactlab's last sample
        t_last = last["time"]
        at_last = run_peer(script, peer_extra + ["--duration", repr(t_last)])["final"]
        if key == "bb":
            pairs = [("height", at_last["height"], last["q_ball"]), ("velocity", at_last["velocity"], last["v_ball"])]
        elif key == "tp":
            pairs = [("theta1", at_last["theta1"], last["q_rod1"]), ("theta2", at_last["theta2"], last["q_rod2"]),
                     ("omega1", at_last["omega1"], last["v_rod1"]), ("omega2", at_last["omega2"], last["v_rod2"])]
        else:
            beads = at_last["velocities_beads"]
            pairs = [(f"v_{i}", v, last[f"v_bead_{i}"]) for i, v in zip(beads, at_last["velocities"])]
        print(f"  final state at t = {t_last!r} (contactlab's last sample):")
        worst_abs = max(pairs, key=lambda q: abs(q[1] - q[2]))
        for name, mine, theirs in (pairs if len(pairs) <= 4 else [worst_abs, pairs[-1]]):
            print(f"    {name:10s} scipy {mine:.15g}  contactlab {theirs:.15g}  diff {mine - theirs:.3e}"
                  f"  rel {abs(mine - theirs) / max(abs(theirs), 1e-300):.3e}")
        if len(pairs) > 4:
            scale = max(abs(q[2]) for q in pairs)
            print(f"    max |diff| / max |value| over the {len(pairs)} values: "
                  f"{abs(worst_abs[1] - worst_abs[2]) / scale:.3e}")


if __name__ == "__main__":
    main()
