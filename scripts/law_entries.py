#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Print a scene's `contacts.laws` block: what the laws other than the scene's own need beyond what the materials
supply, by the rules of docs/scenes.md ("The library's laws entries"), so that `compare --models all` runs them.

    scripts/law_entries.py SCENE --restitution C [--speed V] [--set NAME=VALUE ...] [--pair NAME]

C is the restitution every law's dissipation is calibrated to and V the impact speed of that calibration (and of the
equivalent linear stiffness): by default the fastest of the pair's impacts in the scene run with `hertz` (those
comparison.csv records); --set passes scene overrides to contactlab (a two-bead chain instead of a long one, for
instance: calibration needs compiled pairs); --pair picks the pair whose R*, E*, K and reduced mass set the geometric
rules (default: the first). Runs `contactlab compare` twice (in a temporary directory) and prints YAML.
"""
import argparse
import csv
import json
import math
import os
import re
import subprocess
import sys
import tempfile

# The laws whose dissipation parameter is calibrated, with the entry's parameter name(s).
CALIBRATED = {
    "kelvin_voigt": ["damping"],
    "ristow": ["damping"],
    "schafer": ["damping"],
    "falcon": ["damping"],
    "bordbar_hyppanen": ["damping"],
    "choi": ["damping"],
    "alizadeh": ["fluid_consistency"],
    "jian": ["viscosity"],
    "roy_carretero": ["damping_1", "damping_2"],
    "xiong": ["damping_offset"],
    "wang_kv_granular": ["plastic_restitution"],
}
HERTZ_CONTACT_TIME = 2.9432  # t_H = 2.9432 δ_max/V for n = 3/2 (models.md §2.3)


def significant(x, digits=3):
    return float(f"{x:.{digits - 1}e}")


def text(x):
    return f"{significant(x):.3g}" if 1e-3 <= abs(x) < 1e4 else f"{significant(x):.2e}"


def compare(contactlab, scene, laws, restitution, speed, sets, out):
    command = [contactlab, "-q", "compare", scene, "--models", ",".join(laws), "--out", out, "--threads", "2"]
    if restitution is not None:
        command += ["--calibrate", f"restitution={restitution}@{speed}"]
    for s in sets:
        command += ["--set", s]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"law_entries: {' '.join(command)} failed (exit {done.returncode}):\n{done.stderr}")
    with open(os.path.join(out, "comparison.csv"), newline="") as f:
        return {row["law"]: row for row in csv.DictReader(f)}


def calibrated_value(text, pair):
    """The value calibrated for `pair` in a comparison.csv calibration cell, or None: the cell is "name=value (restitution
    c)" when every pair got the same value, else "pair: name=value (restitution c); pair: …" (apps/comparison.cc)."""
    number = r"=([0-9.eE+-]+) \(restitution"
    match = (re.search(rf"(?:^|; ){re.escape(pair)}: [a-z0-9_=]*?{number}", text) or
             re.match(rf"[a-z0-9_=]*?{number}", text))
    return float(match.group(1)) if match else None


def pair_of(summary, name):
    pairs = summary["contacts"]
    if name is None:
        return pairs[0]
    for pair in pairs:
        if pair["pair"] == name:
            return pair
    sys.exit(f"law_entries: no pair {name}; the pairs are {', '.join(p['pair'] for p in pairs)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scene")
    parser.add_argument("--restitution", type=float, required=True)
    parser.add_argument("--speed", type=float, help="[m/s]")
    parser.add_argument("--set", action="append", default=[], dest="sets")
    parser.add_argument("--pair")
    parser.add_argument("--contactlab", default=os.path.join(os.path.dirname(__file__), "..", "build", "apps", "contactlab"))
    args = parser.parse_args()
    c, v = args.restitution, args.speed

    # The scene's own law keeps the scene's parameters: its entry would override them.
    checked = subprocess.run([args.contactlab, "check", args.scene] + [x for s in args.sets for x in ("--set", s)],
                             capture_output=True, text=True)
    own = re.search(r", law ([a-z0-9_]+)\)", checked.stdout)
    own_law = own.group(1) if own else None

    with tempfile.TemporaryDirectory() as work:
        if v is None:
            # The scene's own impact speed: the pair's first impact with the elastic law.
            hertz = compare(args.contactlab, args.scene, ["hertz"], None, None, args.sets, os.path.join(work, "0"))["hertz"]
            with open(os.path.join(work, "0", "hertz", "summary.json")) as f:
                name = pair_of(json.load(f), args.pair)["pair"]
            speeds = [float(x) for key, x in hertz.items()
                      if key.startswith(f"{name}.impact") and key.endswith(".impact_velocity") and x]
            if not speeds:
                sys.exit(f"law_entries: pair {name} has no impact with hertz; give --speed")
            v = significant(max(speeds))
        # The pair's Hertz contact and its equivalent linear stiffness k at V.
        first = compare(args.contactlab, args.scene, ["hertz", "hooke"], c, v, args.sets, os.path.join(work, "a"))
        with open(os.path.join(work, "a", "hertz", "summary.json")) as f:
            pair = pair_of(json.load(f), args.pair)
        stiffness, exponent, mass = pair["stiffness"], pair["exponent"], pair["reduced_mass"]
        radius, modulus = pair["effective_radius"], pair["effective_modulus"]
        # One pair's "k=… N/m (rule)", or "pair: k=… N/m (rule); pair: …" when the scene has several pairs.
        match = (re.search(rf"(?:^|; ){re.escape(pair['pair'])}: k=([0-9.eE+-]+) N/m", first["hooke"]["stiffness"]) or
                 re.match(r"k=([0-9.eE+-]+) N/m", first["hooke"]["stiffness"]))
        linear = float(match.group(1)) if match else stiffness if exponent == 1 else None

        entries, notes = {}, []
        # Xiong: γ = 100/t_H, the Hertz (K δ^n) contact time at V.
        max_indentation = ((exponent + 1) * mass * v * v / (2 * stiffness)) ** (1 / (exponent + 1))
        contact_time = HERTZ_CONTACT_TIME * max_indentation / v
        entries["xiong"] = {"relaxation_rate": 100 / contact_time}
        notes.append(f"xiong: relaxation_rate = 100/t_H, t_H = {contact_time:.3e} s (δ_max {max_indentation:.3e} m at {v} m/s)")
        entries["wang_kv_granular"] = {"elastic_restitution": c}
        # Luo–Nahon: s′_max = R*, A0 = k R*/(π E*): its stiffness γπE*A0/s′_max is k.
        finite = all(x is not None and math.isfinite(x) and x > 0 for x in (linear, radius, modulus))
        if finite:
            entries["luo_nahon"] = {"contact_area": linear * radius / (math.pi * modulus), "shape_coefficient": radius}
            notes.append(f"luo_nahon: A0 = k R*/(π E*), s'_max = R*, k = {linear:.4e} N/m")
        else:
            notes.append("luo_nahon: no entry (the pair has no finite R*, E* or equivalent linear stiffness)")

        sets = list(args.sets) + [f"contacts.laws.xiong.relaxation_rate={significant(entries['xiong']['relaxation_rate'])}",
                                  f"contacts.laws.wang_kv_granular.elastic_restitution={c}"]
        if "luo_nahon" in entries:
            sets += [f"contacts.laws.luo_nahon.{k}={significant(x)}" for k, x in entries["luo_nahon"].items()]
        rows = compare(args.contactlab, args.scene, list(CALIBRATED) + ["luo_nahon"], c, v, sets, os.path.join(work, "b"))
        for law in ("luo_nahon", "wang_kv_granular"):
            row = rows.get(law)
            if law in entries and (row is None or row["status"] == "not_run"):
                del entries[law]  # its rule's entry is of no use where the law cannot apply
        for law, names in CALIBRATED.items():
            row = rows.get(law)
            # The calibration is the isolated impact's, of the pair asked for (each pair's at its own reduced mass); the
            # value stands whether or not the scene then runs with it.
            value = calibrated_value(row["calibration"], pair["pair"]) if row else None
            if value is None:
                reason = row["reason"] if row else "not in the comparison"
                notes.append(f"{law}: no calibrated entry ({row['status'] if row else 'missing'}: {reason})")
                continue
            entries.setdefault(law, {}).update({name: value for name in names})

    if "damping_offset" not in entries.get("xiong", {}):
        entries.pop("xiong", None)  # its relaxation rate is of no use without a calibrated damping
    entries.pop(own_law, None)
    print(f"  # By scripts/law_entries.py --restitution {c} --speed {v}" + "".join(f" --set {s}" for s in args.sets) +
          (f" --pair {args.pair}" if args.pair else "") +
          f" (pair {pair['pair']}: R* {radius} m, E* {modulus} Pa, K {stiffness:.4e} N/m^{exponent}, m {mass:.4e} kg)")
    for note in notes:
        print(f"  # {note}")
    print("  laws:")
    for law in sorted(entries):
        fields = ", ".join(f"{name}: {text(x)}" for name, x in entries[law].items())
        print(f"    {law}: {{{fields}}}")


if __name__ == "__main__":
    main()
