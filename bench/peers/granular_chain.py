#!/usr/bin/python3
"""A horizontal chain of N beads (scenes/granular_chain_horizontal.yaml run with --model hertz) written the way a
researcher scripts it: SciPy solve_ivp (RK45) with numpy-vectorised neighbour forces F = K δ^1.5 (the Hertz force
is continuous at δ = 0, so the contacts need no switching). With --events (default up to 1000 beads) one
non-terminal event per neighbour pair on its gap (direction −1) reports each onset's time and impact velocity;
the large-N script a researcher writes has no events (--no-events, default above 1000 beads).
Prints one JSON object (see README.md).

    /usr/bin/python3 bench/peers/granular_chain.py [--beads 70] [--duration 600e-6] [--rtol 1e-8] [--atol 1e-13]
                                                  [--events | --no-events] [--repeats 5]
"""
import math

import numpy as np
from scipy.integrate import solve_ivp

from common import impact, parser, report

R, M, E, NU, V0, GAP = 2.38e-3, 0.45e-3, 193e9, 0.3, 1.77, 1e-9
E_STAR = E / (2.0 * (1.0 - NU * NU))  # two equal spheres
K = 4.0 / 3.0 * E_STAR * math.sqrt(R / 2.0)  # R* = R/2


def make_problem(n):
    y0 = np.zeros(2 * n)
    y0[:n] = np.arange(n) * (2.0 * R + GAP)
    y0[n] = V0  # bead 0 strikes the chain

    def rhs(t, y):
        x, v = y[:n], y[n:]
        force = K * np.maximum(2.0 * R - np.diff(x), 0.0) ** 1.5  # pushes bead i back and bead i+1 forward
        a = np.zeros(n)
        a[:-1] -= force
        a[1:] += force
        return np.concatenate((v, a / M))

    def gap_event(i):
        def gap(t, y):
            return y[i + 1] - y[i] - 2.0 * R
        gap.direction = -1
        return gap

    events = [gap_event(i) for i in range(n - 1)]
    return y0, rhs, events


def make_solver(n, duration, rtol, atol, with_events):
    y0, rhs, events = make_problem(n)

    def solve():
        sol = solve_ivp(rhs, (0.0, duration), y0, method="RK45", rtol=rtol, atol=atol,
                        events=events if with_events else None)
        impacts = []
        if with_events:
            for i, (times, states) in enumerate(zip(sol.t_events, sol.y_events)):
                for t, y in zip(times, states):
                    impacts.append(impact(f"bead_{i}/bead_{i + 1}", t, y[n + i] - y[n + i + 1]))
            impacts.sort(key=lambda row: row["t_start"])
        v = sol.y[n:, -1]
        shown = v.tolist() if n <= 100 else v[:20].tolist() + v[-5:].tolist()
        final = {"time": sol.t[-1], "velocities": shown,
                 "velocities_beads": list(range(n)) if n <= 100 else list(range(20)) + list(range(n - 5, n)),
                 "momentum": M * v.sum(), "kinetic_energy": 0.5 * M * (v * v).sum(), "last_bead_velocity": v[-1]}
        return {"steps": len(sol.t) - 1, "rhs_evaluations": sol.nfev, "impacts": impacts, "final": final}
    return solve


def main():
    p = parser(__doc__.splitlines()[0], duration=600e-6, rtol=1e-8, atol=1e-13)
    p.add_argument("--beads", type=int, default=70)
    p.add_argument("--events", dest="events", action="store_true", default=None,
                   help="one gap event per neighbour pair (default when beads <= 1000)")
    p.add_argument("--no-events", dest="events", action="store_false")
    a = p.parse_args()
    with_events = a.beads <= 1000 if a.events is None else a.events
    report(f"granular_chain_{a.beads}", make_solver(a.beads, a.duration, a.rtol, a.atol, with_events), a.repeats,
           a.rtol, a.atol, {"beads": a.beads, "duration": a.duration, "events": with_events})


if __name__ == "__main__":
    main()
