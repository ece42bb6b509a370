#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The cost of a force law written in Python (docs/python.md, "Force laws written in Python"), per evaluation.

Hertz's F = K δ^n registered from Python runs the 70-bead granular chain (scenes/granular_chain_horizontal.yaml, its
first 200 µs: a solitary wave through ~30 contacts at a time, some 10⁵–10⁶ force evaluations) beside the C++ hertz law;
the difference of the two runs' times over the number of Python calls is the cost of one evaluation through Python,
and the C++ run's time per right-hand side evaluation the whole engine's. Minimum of REPEAT runs each (a shared
machine is noisy).

    PYTHONPATH=build/python /usr/bin/python3 scripts/python_law_cost.py [REPEAT]
"""
import sys
import time
from pathlib import Path

import contactlab

SCENE = Path(__file__).resolve().parents[1] / "scenes" / "granular_chain_horizontal.yaml"
SETTINGS = {"simulated_time": 200e-6, "output.interval": 1e-5}
calls = 0


def python_hertz(indentation, rate, parameters, contact):
    global calls
    calls += 1
    return contact["stiffness"] * indentation ** contact["exponent"] if indentation > 0 else 0.0


def fastest(scene, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = scene.run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main(repeat: int) -> None:
    global calls
    contactlab.register_law("python_hertz", python_hertz, formula="F = K δ^n")
    cpp, cpp_result = fastest(contactlab.load(SCENE, model="hertz", set=SETTINGS), repeat)
    calls = 0
    python, python_result = fastest(contactlab.load(SCENE, model="python_hertz", set=SETTINGS), repeat)
    per_run = calls / repeat
    rhs = cpp_result.stats["rhs_evaluations"]
    print(f"C++ hertz: {cpp * 1e3:.2f} ms per run, {rhs} RHS evaluations, {cpp / rhs * 1e9:.0f} ns per RHS evaluation")
    print(f"Python law: {python * 1e3:.2f} ms per run, {per_run:.0f} Python calls, "
          f"{(python - cpp) / per_run * 1e9:.0f} ns per evaluation more than the C++ law, "
          f"{python / cpp:.0f}x the run time")
    print(f"same run: {len(cpp_result.impacts)} and {len(python_result.impacts)} impacts, the first's maximum force "
          f"{cpp_result.impacts['max_force'][0]:.9g} N and {python_result.impacts['max_force'][0]:.9g} N")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
