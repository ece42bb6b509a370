#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The bifurcation diagram of the ball on a vibrating table (scenes/bouncing_ball_vibrating_table.yaml) over the
table's normalised acceleration Γ = A ω²/g (docs/output.md, "Bifurcation diagrams").

    /usr/bin/python3 scripts/bifurcation.py --out DIR [--gamma 1.1:1.74:65] [--model impulse] [--duration 40]
        [--transient 30] [--jobs 2] [--contactlab build/apps/contactlab] [--scene FILE]

Runs `contactlab run SCENE --model MODEL --set gamma=Γ --set duration=D` once per Γ (into DIR/runs/, sampled
every 0.05 s), reads each
run's impacts.csv, keeps the impacts after the transient and writes
    bifurcation.csv   gamma, t_start, phase (the table's phase ω t at impact, in (−π, π] [rad]), impact_velocity [m/s]
    bifurcation.png   the impact velocities against Γ, with the period-one orbit's closed forms (scene comments)
    bifurcation.md    Γ₁ and Γ₂ from the closed forms, and Γ₂ as the runs locate it
Γ₂ is located where the period-one orbit's impacts start to alternate: at a period doubling the alternation's
square grows linearly in Γ − Γ₂ (a flip bifurcation), so a line fitted to it over the first Γ values past the
onset meets zero at the located Γ₂. Exit codes: 0 written, 1 a run failed, 3 matplotlib/numpy missing.
"""

import argparse
import concurrent.futures
import csv
import math
import os
import subprocess
import sys

try:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt
    import numpy as np
except ImportError as missing:
    sys.stderr.write(
        f"error: bifurcation.py needs matplotlib and numpy ({missing}); on Debian: apt-get install python3-matplotlib\n")
    sys.exit(3)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# An alternation of the last impacts' velocities above this fraction of their mean is a doubled period (the
# period-one orbit converges to round-off: its alternation is ~1e-9 after the transient).
ALTERNATION_THRESHOLD = 1e-3
# The Γ values past the onset that the flip's line is fitted over.
FIT_POINTS = 4


def gamma_values(text):
    start, stop, count = text.split(":")
    start, stop, count = float(start), float(stop), int(count)
    if count < 2:
        raise argparse.ArgumentTypeError("expected START:STOP:COUNT with COUNT >= 2")
    return [round(start + (stop - start) * k / (count - 1), 12) for k in range(count)]


def scene_variables(scene):
    """The scene's plain numeric variables (restitution, frequency, g) from its `variables:` block."""
    values = {}
    inside = False
    with open(scene) as f:
        for line in f:
            if line.startswith("variables:"):
                inside = True
                continue
            if inside and not line.startswith("  "):
                break
            if inside:
                name, _, rest = line.strip().partition(":")
                try:
                    values[name.strip()] = float(rest.split("#")[0])
                except ValueError:
                    pass
    return values


def run_one(arguments, gamma):
    directory = os.path.join(arguments.out, "runs", f"gamma={gamma:.6g}")
    # Samples every 0.05 s: the diagram needs only impacts.csv, and 40 s at the scene's 1 ms is 40000 rows per run.
    command = [arguments.contactlab, "-q", "run", arguments.scene, "--set", f"gamma={gamma!r}",
               "--set", f"duration={arguments.duration!r}", "--set", "output.interval=0.05", "--out", directory]
    if arguments.model:
        command[3:3] = ["--model", arguments.model]
    completed = subprocess.run(command, capture_output=True, text=True)
    if completed.returncode != 0:
        return gamma, None, completed.stderr.strip() or f"exit {completed.returncode}"
    with open(os.path.join(directory, "impacts.csv")) as f:
        rows = list(csv.DictReader(f))
    return gamma, rows, ""


def alternation(velocities):
    """Mean |v_k − v_{k−1}| over the impacts kept, relative to their mean."""
    if len(velocities) < 2:
        return float("nan")
    steps = [abs(b - a) for a, b in zip(velocities, velocities[1:])]
    return sum(steps) / len(steps) / (sum(velocities) / len(velocities))


def locate_doubling(gammas, alternations):
    """Γ₂: the zero of a line through (Γ, alternation²) over the first FIT_POINTS values past the onset."""
    past = [k for k, a in enumerate(alternations) if a > ALTERNATION_THRESHOLD]
    if not past:
        return None
    first = past[0]
    points = [(gammas[k], alternations[k] ** 2) for k in range(first, min(first + FIT_POINTS, len(gammas)))
              if alternations[k] > ALTERNATION_THRESHOLD]
    if len(points) < 2:
        return gammas[first]
    x = np.array([p[0] for p in points])
    y = np.array([p[1] for p in points])
    slope, intercept = np.polyfit(x, y, 1)
    return -intercept / slope if slope > 0 else gammas[first]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--gamma", type=gamma_values, default=gamma_values("1.1:1.74:65"))
    parser.add_argument("--model", default="impulse", help="the contact law or method (empty: the scene's)")
    parser.add_argument("--duration", type=float, default=40.0, help="of each run [s]")
    parser.add_argument("--transient", type=float, default=30.0, help="impacts before this time are left out [s]")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--contactlab", default=os.path.join(ROOT, "build", "apps", "contactlab"))
    parser.add_argument("--scene", default=os.path.join(ROOT, "scenes", "bouncing_ball_vibrating_table.yaml"))
    arguments = parser.parse_args()
    if arguments.transient >= arguments.duration:
        parser.error("--transient must be shorter than --duration")
    os.makedirs(arguments.out, exist_ok=True)

    variables = scene_variables(arguments.scene)
    e, frequency, g = variables["restitution"], variables["frequency"], variables["g"]
    omega = 2 * math.pi * frequency
    gamma_exists = math.pi * (1 - e) / (1 + e)
    gamma_doubles = math.hypot(gamma_exists, 2 * (1 + e * e) / (1 + e) ** 2)
    period_one_velocity = g / (frequency * (1 + e))

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        results = list(pool.map(lambda gamma: run_one(arguments, gamma), arguments.gamma))
    failed = [(gamma, message) for gamma, rows, message in results if rows is None]
    for gamma, message in failed:
        sys.stderr.write(f"error: gamma={gamma}: {message}\n")

    kept = []  # (gamma, t_start, phase, impact_velocity)
    gammas, alternations = [], []
    for gamma, rows, _ in results:
        if rows is None:
            continue
        late = [r for r in rows if float(r["t_start"]) >= arguments.transient]
        velocities = [float(r["impact_velocity"]) for r in late]
        for r in late:
            t = float(r["t_start"])
            kept.append((gamma, t, math.remainder(omega * t, 2 * math.pi), float(r["impact_velocity"])))
        gammas.append(gamma)
        alternations.append(alternation(velocities))
    located = locate_doubling(gammas, alternations)

    with open(os.path.join(arguments.out, "bifurcation.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["gamma", "t_start", "phase", "impact_velocity"])
        for row in kept:
            writer.writerow([f"{row[0]!r}"] + [f"{x:.17g}" for x in row[1:]])

    with open(os.path.join(arguments.out, "bifurcation.md"), "w") as f:
        f.write("# Bifurcation diagram: ball on a vibrating table\n\n")
        f.write(f"Scene `{os.path.relpath(arguments.scene, ROOT)}`, model `{arguments.model or 'the scene'}`, "
                f"e = {e:g}, {frequency:g} Hz; {len(gammas)} runs of {arguments.duration:g} s, impacts after "
                f"{arguments.transient:g} s.\n\n")
        f.write("| quantity | closed form | runs |\n|---|---|---|\n")
        f.write(f"| Γ₁ (period one exists) | {gamma_exists:.4f} | |\n")
        f.write(f"| Γ₂ (period one doubles) | {gamma_doubles:.4f} | "
                f"{'not reached' if located is None else f'{located:.4f}'} |\n")
        f.write(f"| period-one impact velocity [m/s] | {period_one_velocity:.6f} | |\n")

    figure, (top, bottom) = plt.subplots(2, 1, figsize=(8, 7), sharex=True, dpi=120)
    data = np.array(kept) if kept else np.zeros((0, 4))
    top.scatter(data[:, 0], data[:, 3], s=1.5, color="black", label="impacts after the transient")
    top.axhline(period_one_velocity, color="tab:blue", lw=0.8, ls="--", label="period one: g/(f (1 + e))")
    bottom.scatter(data[:, 0], data[:, 2], s=1.5, color="black")
    grid = np.linspace(max(gamma_exists, min(arguments.gamma)), max(arguments.gamma), 200)
    bottom.plot(grid, np.arccos(np.clip(gamma_exists / grid, -1, 1)), color="tab:blue", lw=0.8, ls="--",
                label="period one: arccos(Γ₁/Γ)")
    for axis in (top, bottom):
        axis.axvline(gamma_doubles, color="tab:red", lw=0.8, label=f"Γ₂ closed form {gamma_doubles:.3f}")
        if located is not None:
            axis.axvline(located, color="tab:orange", lw=0.8, ls=":", label=f"Γ₂ located {located:.3f}")
        axis.legend(loc="upper left", fontsize=7)
    top.set_ylabel("impact velocity relative to the table [m/s]")
    bottom.set_ylabel("table phase at impact [rad]")
    bottom.set_xlabel("Γ = A ω²/g")
    top.set_title(f"Ball on a vibrating table, e = {e:g}, {frequency:g} Hz ({arguments.model or 'scene law'})")
    figure.tight_layout()
    figure.savefig(os.path.join(arguments.out, "bifurcation.png"))
    sys.stderr.write(f"info: Γ₂ closed form {gamma_doubles:.4f}, located "
                     f"{'not reached' if located is None else f'{located:.4f}'}; wrote "
                     f"{os.path.join(arguments.out, 'bifurcation.png')}\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
