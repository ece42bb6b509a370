#!/usr/bin/python3
"""The two pendulums of scenes/two_pendulums.yaml (Poursina & Nikravesh §6) written the way researchers script it
today: SciPy solve_ivp (RK45), free motion and contact as separate segments switched by terminal events, the
capsule–capsule distance from the standard closest-points-between-segments formula (2-D), and the
Poursina–Nikravesh law F = c δ̇ + K δ^n released at F = 0, with c = α(n)(e^β(n) − 1)[K δ̇⁻^(n−1) m_eff^n]^(1/(n+1))
frozen at the onset (m_eff = 1/(J M⁻¹ Jᵀ), M = diag of the rods' inertias about their pivots).

Inside each contact, non-terminal events locate the maximum indentation (δ̇ = 0) and the force peak (dF/dt = 0,
dF/dt = c δ̈ + n K δ^(n−1) δ̇ with δ̈ in closed form). Prints one JSON object (see README.md).

    /usr/bin/python3 bench/peers/two_pendulums.py [--repeats 5] [--duration 8] [--rtol 1e-10] [--atol 1e-12]
"""
import math

import numpy as np
from scipy.integrate import solve_ivp

from common import impact, parser, report

G = 9.81
M1, L1, M2, L2 = 1.0, 6.0, 0.2, 4.0
O1, O2 = (0.0, 0.0), (-2.0, 0.0)  # pivots
I1, I2 = M1 * L1 ** 2 / 3.0, M2 * L2 ** 2 / 3.0  # about the pivots
ROD_RADIUS = 5e-3
K, N, E_TARGET = 1e8, 1.5, 0.3
ALPHA = 0.3331 * N ** 4 - 1.48 * N ** 3 + 3.077 * N ** 2 - 2.306 * N + 1.794  # S002 Eq (46)
BETA = 1.285 * N ** 0.2553 - 1.725  # S002 Eq (47)
Y0 = [math.pi / 12.0, -math.pi / 2.0, 0.0, 0.0]  # theta1, theta2, omega1, omega2
PAIR = "rod1/rod2"  # contactlab's name for the pair


def cross(ax, ay, bx, by):
    return ax * by - ay * bx


def clamp01(x):
    return min(max(x, 0.0), 1.0)


def closest_points(p1x, p1y, d1x, d1y, p2x, p2y, d2x, d2y):
    """Closest points of segments p1 + s d1 and p2 + t d2, s, t in [0, 1] (Ericson, Real-Time Collision
    Detection §5.1.9). Returns s, t."""
    rx, ry = p1x - p2x, p1y - p2y
    a, e, f = d1x * d1x + d1y * d1y, d2x * d2x + d2y * d2y, d2x * rx + d2y * ry
    c, b = d1x * rx + d1y * ry, d1x * d2x + d1y * d2y
    denom = a * e - b * b
    s = clamp01((b * f - c * e) / denom) if denom != 0.0 else 0.0
    t = (b * s + f) / e
    if t < 0.0:
        t, s = 0.0, clamp01(-c / a)
    elif t > 1.0:
        t, s = 1.0, clamp01((b - c) / a)
    return s, t


def geometry(y):
    """Gap, normal n (rod 1 → rod 2), the lever arms of the closest points and the row J with δ̇ = J·ω."""
    c1, s1, c2, s2 = math.cos(y[0]), math.sin(y[0]), math.cos(y[1]), math.sin(y[1])
    s, t = closest_points(O1[0], O1[1], L1 * c1, L1 * s1, O2[0], O2[1], L2 * c2, L2 * s2)
    r1x, r1y = s * L1 * c1, s * L1 * s1  # closest point on rod 1 relative to its pivot
    r2x, r2y = t * L2 * c2, t * L2 * s2
    dx, dy = O2[0] + r2x - O1[0] - r1x, O2[1] + r2y - O1[1] - r1y
    dist = math.hypot(dx, dy)
    nx, ny = dx / dist, dy / dist
    j1, j2 = cross(r1x, r1y, nx, ny), -cross(r2x, r2y, nx, ny)
    return dist - 2.0 * ROD_RADIUS, j1, j2, s, t


def gravity_accel(y):
    return (-M1 * G * 0.5 * L1 * math.cos(y[0]) / I1, -M2 * G * 0.5 * L2 * math.cos(y[1]) / I2)


# ---- free motion -----------------------------------------------------------------------------------------------
def free(t, y):
    a1, a2 = gravity_accel(y)
    return [y[2], y[3], a1, a2]


def touch(t, y):
    return geometry(y)[0]
touch.terminal, touch.direction = True, -1


# ---- contact (damping c frozen at the onset, passed through args) ---------------------------------------------
def contact_state(y, c):
    gap, j1, j2, s, t = geometry(y)
    delta = max(-gap, 0.0)
    rate = j1 * y[2] + j2 * y[3]
    force = c * rate + K * delta ** N
    a1, a2 = gravity_accel(y)
    return delta, rate, force, a1 - force * j1 / I1, a2 - force * j2 / I2, s, t


def contact(t, y, c):
    _, _, _, a1, a2, _, _ = contact_state(y, c)
    return [y[2], y[3], a1, a2]


def release_force(t, y, c):  # "released at zero force"
    return contact_state(y, c)[2]
release_force.terminal, release_force.direction = True, -1


def release_gap(t, y, c):  # δ back to 0
    return -geometry(y)[0]
release_gap.terminal, release_gap.direction = True, -1


def deepest(t, y, c):  # δ̇ = 0 (from + to −)
    return contact_state(y, c)[1]
deepest.direction = -1


def _point(theta, omega, alpha, pivot, dist):
    """Position, velocity, acceleration of the point `dist` along a rod."""
    ux, uy = math.cos(theta), math.sin(theta)
    return ((pivot[0] + dist * ux, pivot[1] + dist * uy), (-dist * omega * uy, dist * omega * ux),
            (dist * (-alpha * uy - omega * omega * ux), dist * (alpha * ux - omega * omega * uy)))


def _line_distance_derivatives(theta, omega, alpha, pivot, point):
    """h = u × (E − O) for a rod's line (angle theta about pivot O) and a moving point E: h, ḣ, ḧ."""
    (ex, ey), (vx, vy), (ax, ay) = point
    ux, uy = math.cos(theta), math.sin(theta)
    wx, wy = ex - pivot[0], ey - pivot[1]
    h = cross(ux, uy, wx, wy)
    uw, uv = ux * wx + uy * wy, ux * vx + uy * vy
    hd = -omega * uw + cross(ux, uy, vx, vy)
    hdd = -alpha * uw - omega * omega * h - 2.0 * omega * uv + cross(ux, uy, ax, ay)
    return h, hd, hdd


def delta_acceleration(y, s, t, a1, a2):
    """δ̈ for the current closest features: an endpoint against a rod's body (point–line), or two endpoints."""
    th1, th2, w1, w2 = y
    if 0.0 < s < 1.0:
        # endpoint t of rod 2 against the body of rod 1
        h, _, hdd = _line_distance_derivatives(th1, w1, a1, O1, _point(th2, w2, a2, O2, t * L2))
        return -math.copysign(1.0, h) * hdd
    if 0.0 < t < 1.0:
        # endpoint s of rod 1 against the body of rod 2
        h, _, hdd = _line_distance_derivatives(th2, w2, a2, O2, _point(th1, w1, a1, O1, s * L1))
        return -math.copysign(1.0, h) * hdd
    # endpoint against endpoint: d̈ = n·Δa + (|Δv|² − ḋ²)/d
    (p1, v1, acc1), (p2, v2, acc2) = _point(th1, w1, a1, O1, s * L1), _point(th2, w2, a2, O2, t * L2)
    dx, dy = p2[0] - p1[0], p2[1] - p1[1]
    dvx, dvy, dax, day = v2[0] - v1[0], v2[1] - v1[1], acc2[0] - acc1[0], acc2[1] - acc1[1]
    d = math.hypot(dx, dy)
    nx, ny = dx / d, dy / d
    dd = nx * dvx + ny * dvy
    return -(nx * dax + ny * day + (dvx * dvx + dvy * dvy - dd * dd) / d)


def force_rate(t, y, c):  # dF/dt = c δ̈ + n K δ^(n−1) δ̇
    delta, rate, _, a1, a2, s, tt = contact_state(y, c)
    return c * delta_acceleration(y, s, tt, a1, a2) + N * K * delta ** (N - 1.0) * rate
force_rate.direction = -1


def make_solver(duration, rtol, atol):
    def solve():
        t, y = 0.0, np.array(Y0, dtype=float)
        impacts, nfev, steps = [], 0, 0
        current, damping = None, 0.0
        while t < duration:
            if current is None:
                sol = solve_ivp(free, (t, duration), y, method="RK45", rtol=rtol, atol=atol, events=touch)
            else:
                sol = solve_ivp(contact, (t, duration), y, method="RK45", rtol=rtol, atol=atol,
                                events=[release_force, release_gap, deepest, force_rate], args=(damping,))
            nfev += sol.nfev
            steps += len(sol.t) - 1
            t, y = sol.t[-1], sol.y[:, -1].copy()
            if current is not None:
                for ye in sol.y_events[2]:
                    current["max_indentation"] = max(current["max_indentation"], contact_state(ye, damping)[0])
                for ye in sol.y_events[3]:
                    current["max_force"] = max(current["max_force"], contact_state(ye, damping)[2])
            if sol.status != 1:  # reached the end of the run
                break
            if current is None:  # onset: freeze δ̇⁻ and m_eff, form c
                _, j1, j2, _, _ = geometry(y)
                v_in = j1 * y[2] + j2 * y[3]
                m_eff = 1.0 / (j1 * j1 / I1 + j2 * j2 / I2)
                damping = ALPHA * (E_TARGET ** BETA - 1.0) * (K * v_in ** (N - 1.0) * m_eff ** N) ** (1.0 / (N + 1.0))
                current = impact(PAIR, t, v_in, max_indentation=0.0, max_force=damping * v_in)  # F jumps to c δ̇⁻
                current["effective_mass"] = m_eff
                impacts.append(current)
            else:  # separation (F = 0 or δ = 0)
                rate = contact_state(y, damping)[1]
                current["t_end"] = t
                current["separation_velocity"] = -rate
                current["restitution"] = -rate / current["impact_velocity"]
                current["released_at"] = "zero_force" if len(sol.t_events[0]) else "zero_indentation"
                current = None
        return {"steps": steps, "rhs_evaluations": nfev, "impacts": impacts,
                "final": {"time": t, "theta1": y[0], "theta2": y[1], "omega1": y[2], "omega2": y[3]}}
    return solve


def main():
    p = parser(__doc__.splitlines()[0], duration=8.0, rtol=1e-10, atol=1e-12)
    a = p.parse_args()
    report("two_pendulums", make_solver(a.duration, a.rtol, a.atol), a.repeats, a.rtol, a.atol,
           {"duration": a.duration})


if __name__ == "__main__":
    main()
