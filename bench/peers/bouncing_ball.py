#!/usr/bin/python3
"""The bouncing ball of scenes/bouncing_ball.yaml written the way researchers script it today: SciPy solve_ivp
(RK45) switching between free flight and contact with terminal events, Hunt–Crossley with the Flores damping
factor, F = K δ^1.5 (1 + z δ̇/δ̇⁻), z = 8(1−c)/(5c).

Inside each contact two non-terminal events locate the maximum indentation (δ̇ = 0) and the force peak
(dF/dt = 0, closed form with δ̈ = g − F/m). Prints one JSON object (see README.md).

    /usr/bin/python3 bench/peers/bouncing_ball.py [--repeats 5] [--duration 3] [--rtol 1e-10] [--atol 1e-12]
"""
import math

import numpy as np
from scipy.integrate import solve_ivp

from common import impact, parser, report

RADIUS, MASS, G = 0.1, 1.0, 9.81
E, NU = 6.7e10, 0.33
K = 4.0 / 3.0 * E / (1.0 - NU * NU) * math.sqrt(RADIUS)  # rigid ground: E* = E/(1−ν²), R* = R
C = 0.9
Z = 8.0 * (1.0 - C) / (5.0 * C)  # Flores et al.
X0 = 1.0 + RADIUS  # lowest point 1 m above the ground
V0 = -math.sqrt(5.0 ** 2 - 2.0 * G * 1.0)  # arrives at 5 m/s
PAIR = "ground/ball"


# ---- free flight -----------------------------------------------------------------------------------------------
def free(t, y):
    return [y[1], -G]


def touch(t, y):
    return y[0] - RADIUS
touch.terminal, touch.direction = True, -1


# ---- contact (v_in = δ̇⁻, captured at the onset, passed through args) ------------------------------------------
def force(y, v_in):
    delta, rate = max(RADIUS - y[0], 0.0), -y[1]
    return K * delta ** 1.5 * (1.0 + Z * rate / v_in)


def contact(t, y, v_in):
    return [y[1], -G + force(y, v_in) / MASS]


def release(t, y, v_in):  # δ back to 0
    return RADIUS - y[0]
release.terminal, release.direction = True, -1


def deepest(t, y, v_in):  # δ̇ = 0 (from + to −)
    return -y[1]
deepest.direction = -1


def force_rate(t, y, v_in):  # dF/dt = K[1.5 δ^0.5 δ̇ (1 + z δ̇/v) + δ^1.5 z δ̈/v], δ̈ = g − F/m
    delta, rate = max(RADIUS - y[0], 0.0), -y[1]
    accel = G - force(y, v_in) / MASS
    return K * (1.5 * math.sqrt(delta) * rate * (1.0 + Z * rate / v_in) + delta ** 1.5 * Z * accel / v_in)
force_rate.direction = -1


def make_solver(duration, rtol, atol):
    def solve():
        t, y = 0.0, np.array([X0, V0])
        impacts, nfev, steps = [], 0, 0
        current = None  # the open impact
        while t < duration:
            if current is None:
                sol = solve_ivp(free, (t, duration), y, method="RK45", rtol=rtol, atol=atol, events=touch)
            else:
                sol = solve_ivp(contact, (t, duration), y, method="RK45", rtol=rtol, atol=atol,
                                events=[release, deepest, force_rate], args=(current["impact_velocity"],))
            nfev += sol.nfev
            steps += len(sol.t) - 1
            t, y = sol.t[-1], sol.y[:, -1].copy()
            if current is not None:
                v_in = current["impact_velocity"]
                for ye in sol.y_events[1]:
                    current["max_indentation"] = max(current["max_indentation"] or 0.0, RADIUS - ye[0])
                for ye in sol.y_events[2]:
                    current["max_force"] = max(current["max_force"] or 0.0, force(ye, v_in))
            if sol.status != 1:  # reached the end of the run
                break
            if current is None:  # onset
                current = impact(PAIR, t, -y[1])
                impacts.append(current)
            else:  # separation
                current["t_end"] = t
                current["separation_velocity"] = y[1]
                current["restitution"] = y[1] / current["impact_velocity"]
                current = None
        return {"steps": steps, "rhs_evaluations": nfev, "impacts": impacts,
                "final": {"time": t, "height": y[0], "velocity": y[1]}}
    return solve


def main():
    p = parser(__doc__.splitlines()[0], duration=3.0, rtol=1e-10, atol=1e-12)
    a = p.parse_args()
    report("bouncing_ball", make_solver(a.duration, a.rtol, a.atol), a.repeats, a.rtol, a.atol,
           {"duration": a.duration})


if __name__ == "__main__":
    main()
