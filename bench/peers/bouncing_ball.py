#!/usr/bin/env python3
"""The bouncing ball of scenes/bouncing_ball.yaml written the way researchers script it today: SciPy solve_ivp
(RK45) with events for contact onset and separation, Hunt–Crossley with the Flores damping factor.
Prints JSON: solve time (without start-up), steps, RHS evaluations, and the impacts' restitutions."""
import json
import math
import sys
import time

import numpy as np
from scipy.integrate import solve_ivp

RADIUS, MASS, G = 0.1, 1.0, 9.81
E, NU = 6.7e10, 0.33
K = 4.0 / 3.0 * E / (1.0 - NU * NU) * math.sqrt(RADIUS)
C = 0.9
Z = 8.0 * (1.0 - C) / (5.0 * C)  # Flores et al.
DURATION = 3.0


def main(rtol=1e-10, atol=1e-12):
    y = np.array([1.0 + RADIUS, -math.sqrt(25.0 - 2.0 * G * 1.0)])
    t = 0.0
    impacts, nfev, steps = [], 0, 0
    in_contact, impact_velocity = False, 0.0

    def free(t, y):
        return [y[1], -G]

    def contact(t, y):
        delta, rate = RADIUS - y[0], -y[1]
        force = K * max(delta, 0.0) ** 1.5 * (1.0 + Z * rate / impact_velocity)
        return [y[1], -G + force / MASS]

    def touch(t, y):
        return y[0] - RADIUS
    touch.terminal, touch.direction = True, -1

    def release(t, y):
        return RADIUS - y[0]
    release.terminal, release.direction = True, -1

    start = time.perf_counter()
    while t < DURATION:
        if in_contact:
            sol = solve_ivp(contact, (t, DURATION), y, method="RK45", rtol=rtol, atol=atol, events=release)
        else:
            sol = solve_ivp(free, (t, DURATION), y, method="RK45", rtol=rtol, atol=atol, events=touch)
        nfev += sol.nfev
        steps += len(sol.t) - 1
        t, y = sol.t[-1], sol.y[:, -1].copy()
        if sol.status == 1:  # an event ended the segment
            if in_contact:
                impacts.append(-y[1] / impact_velocity)
            else:
                impact_velocity = -y[1]
            in_contact = not in_contact
    elapsed = time.perf_counter() - start
    print(json.dumps({"problem": "bouncing_ball", "solve_time_s": elapsed, "rhs_evaluations": nfev, "steps": steps,
                      "restitutions": impacts}))


if __name__ == "__main__":
    main(*(float(a) for a in sys.argv[1:]))
