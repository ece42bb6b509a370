#!/usr/bin/env python3
"""A horizontal chain of N beads (scenes/granular_chain_horizontal.yaml geometry, Hertz contacts) written the way a
researcher scripts it: SciPy solve_ivp (RK45), numpy-vectorised neighbour forces, no events (the Hertz force is
continuous at δ = 0). Usage: granular_chain.py [N] [duration] [rtol]. Prints JSON with the solve time."""
import json
import math
import sys
import time

import numpy as np
from scipy.integrate import solve_ivp

R, M, E, NU, V0, GAP = 2.38e-3, 0.45e-3, 193e9, 0.3, 1.77, 1e-9
E_STAR = E / (2.0 * (1.0 - NU * NU))
K = 4.0 / 3.0 * E_STAR * math.sqrt(R / 2.0)  # two equal spheres: R* = R/2


def main(n=70, duration=600e-6, rtol=1e-8):
    n, duration, rtol = int(n), float(duration), float(rtol)
    x0 = np.arange(n) * (2.0 * R + GAP)
    v0 = np.zeros(n)
    v0[0] = V0

    def rhs(t, y):
        x, v = y[:n], y[n:]
        overlap = np.maximum(2.0 * R - np.diff(x), 0.0)
        force = K * overlap ** 1.5  # pushes bead i back and bead i+1 forward
        a = np.zeros(n)
        a[:-1] -= force / M
        a[1:] += force / M
        return np.concatenate((v, a))

    start = time.perf_counter()
    sol = solve_ivp(rhs, (0.0, duration), np.concatenate((x0, v0)), method="RK45", rtol=rtol, atol=1e-13)
    elapsed = time.perf_counter() - start
    v_end = sol.y[n:, -1]
    print(json.dumps({"problem": f"granular_chain_{n}", "solve_time_s": elapsed, "rhs_evaluations": int(sol.nfev),
                      "steps": len(sol.t) - 1, "last_bead_velocity": float(v_end[-1]),
                      "momentum_error": float(M * v_end.sum() - M * V0)}))


if __name__ == "__main__":
    main(*sys.argv[1:])
