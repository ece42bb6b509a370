#!/usr/bin/python3
"""A horizontal chain of N beads (scenes/granular_chain_horizontal.yaml) written the way a researcher scripts it:
SciPy solve_ivp (RK45) with numpy-vectorised neighbour forces, the law chosen by --law (as contactlab's --model;
chain_laws.py holds the laws and their parameters):
- hertz (default): F = K δ^1.5. With --events (default up to 1000 beads) one non-terminal event per neighbour pair
  on its gap (direction −1) reports each onset's time and impact velocity; the large-N script a researcher writes
  has no events (--no-events, default above 1000 beads).
- wang_kv_granular (the scene's own law): Hertz + δ^¼ dashpot up to the yield indentation, linear beyond; like
  hertz, a function of (δ, δ̇) alone, with the same optional onset events.
- the Hunt–Crossley family (hunt_crossley, flores, lankarani_nikravesh, gonthier, …): F = K δ^n (1 + z δ̇/δ̇⁻),
  where δ̇⁻ is the speed each pair's impact arrived with: its approach speed at its onset, or, once the wave closes
  it faster than twice that (a new impact through the contact: docs/contact.md), the largest closing speed of the
  compression. Four vectorised terminal events, at any N: the smallest gap of the pairs apart (an onset: its δ̇⁻ is
  recorded), the smallest indentation of the pairs in contact (a separation), the largest closing speed less twice
  δ̇⁻ of the pairs compressing (a new impact: δ̇⁻ then follows the closing speed, max(δ̇⁻, δ̇) in the force), and the smallest
  closing acceleration of the pairs following (their largest closing speed: δ̇⁻ fixed there); the solve restarts at
  each, as contactlab does. An impact record gives the speed its impact arrived with (δ̇⁻), still open at the end
  while its closing speed rises: the speed so far.
Prints one JSON object (see README.md).

    /usr/bin/python3 bench/peers/granular_chain.py [--law hertz] [--beads 70] [--duration 600e-6] [--rtol 1e-8]
                                                  [--atol 1e-13] [--events | --no-events] [--repeats 5]
"""
import math

import numpy as np
from scipy.integrate import solve_ivp

from chain_laws import HUNT_CROSSLEY_FAMILY, IMPACT_VELOCITY_FLOOR, K_HERTZ as K, LAWS, M, R, TOUCH_TOLERANCE, \
    family_member, wang_kv_constants
from common import impact, parser, report

V0, GAP = 1.77, 1e-9


def initial_state(n):
    y0 = np.zeros(2 * n)
    y0[:n] = np.arange(n) * (2.0 * R + GAP)
    y0[n] = V0  # bead 0 strikes the chain
    return y0


def accelerations(force, n):
    """Bead accelerations from the neighbour forces (force > 0 pushes bead i back and bead i+1 forward)."""
    a = np.zeros(n)
    a[:-1] -= force
    a[1:] += force
    return a / M


def hertz_force(y, n):
    return K * np.maximum(2.0 * R - np.diff(y[:n]), 0.0) ** 1.5


def wang_kv_force(y, n, c=wang_kv_constants()):
    """S003 Eq (25): K_h δ^{3/2} + g2 √(K_h M) δ^{1/4} δ̇ (0 < δ ≤ δ_y), K_p δ + g1 √(K_p M) δ̇ (δ > δ_y)."""
    delta = 2.0 * R - np.diff(y[:n])
    rate = -np.diff(y[n:])
    d = np.maximum(delta, 0.0)
    elastic = c["hertz_stiffness"] * d ** 1.5 + c["elastic_damping"] * d ** 0.25 * rate
    plastic = c["plastic_stiffness"] * d + c["plastic_damping"] * rate
    return np.where(delta <= 0.0, 0.0, np.where(delta <= c["yield_indentation"], elastic, plastic))


def make_problem(n, force_of=hertz_force):
    y0 = initial_state(n)

    def rhs(t, y):
        return np.concatenate((y[n:], accelerations(force_of(y, n), n)))

    def gap_event(i):
        def gap(t, y):
            return y[i + 1] - y[i] - 2.0 * R
        gap.direction = -1
        return gap

    events = [gap_event(i) for i in range(n - 1)]
    return y0, rhs, events


def make_solver(n, duration, rtol, atol, with_events, force_of=hertz_force):
    y0, rhs, events = make_problem(n, force_of)

    def solve():
        sol = solve_ivp(rhs, (0.0, duration), y0, method="RK45", rtol=rtol, atol=atol,
                        events=events if with_events else None)
        impacts = []
        if with_events:
            for i, (times, states) in enumerate(zip(sol.t_events, sol.y_events)):
                for t, y in zip(times, states):
                    impacts.append(impact(f"bead_{i}/bead_{i + 1}", t, y[n + i] - y[n + i + 1]))
            impacts.sort(key=lambda row: row["t_start"])
        return {"steps": len(sol.t) - 1, "rhs_evaluations": sol.nfev, "impacts": impacts,
                "final": final_state(sol.t[-1], sol.y[:, -1], n)}
    return solve


def final_state(t, y, n):
    v = y[n:]
    shown = v.tolist() if n <= 100 else v[:20].tolist() + v[-5:].tolist()
    return {"time": t, "velocities": shown,
            "velocities_beads": list(range(n)) if n <= 100 else list(range(20)) + list(range(n - 5, n)),
            "momentum": M * v.sum(), "kinetic_energy": 0.5 * M * (v * v).sum(), "last_bead_velocity": v[-1]}


def make_family_solver(law, n, duration, rtol, atol):
    """A Hunt–Crossley member: F = K δ^n (1 + z δ̇/δ̇⁻) while δ > 0, δ̇⁻ recorded at each pair's onset."""
    stiffness, exponent, z_of = family_member(law)
    y0 = initial_state(n)

    def solve():
        touching = np.zeros(n - 1, dtype=bool)  # in contact since its last onset
        # A pair touching without approaching (just separated, or at rest within round-off) waits, as contactlab's does,
        # until it is pressed by the touch tolerance: its onset function is the gap less this offset. Without it the
        # smallest-gap event fires again at once at the restart point (its kink at a pair sitting at zero).
        offset = np.zeros(n - 1)
        damping = np.zeros(n - 1)  # z / δ̇⁻ per pair, set at its onset and where a new impact's δ̇⁻ is fixed
        approach = np.zeros(n - 1)  # δ̇⁻ per pair (not below the floor)
        following = np.zeros(n - 1, dtype=bool)  # a new impact: δ̇⁻ is the closing speed, still rising
        open_impacts, impacts = {}, []
        steps = nfev = 0
        t, y = 0.0, y0.copy()

        def forces(y):
            delta = np.maximum(2.0 * R - np.diff(y[:n]), 0.0)
            rate = -np.diff(y[n:])
            factor = 1.0 + damping * rate
            for i in np.flatnonzero(following):  # δ̇⁻ the largest closing speed: max(δ̇⁻ so far, δ̇)
                largest = max(approach[i], rate[i])
                factor[i] = 1.0 + z_of(largest) * rate[i] / largest
            return np.where(delta > 0.0, stiffness * delta ** exponent * factor, 0.0)

        def rhs(t, y):
            return np.concatenate((y[n:], accelerations(forces(y), n)))

        def onset(t, y):  # the smallest gap of the pairs apart
            gaps = (np.diff(y[:n]) - 2.0 * R - offset)[~touching]
            return gaps.min() if gaps.size else 1.0
        onset.terminal, onset.direction = True, -1

        def separation(t, y):  # the smallest indentation of the pairs in contact
            delta = 2.0 * R - np.diff(y[:n])[touching]
            return delta.min() if delta.size else 1.0
        separation.terminal, separation.direction = True, -1

        def new_impact(t, y):  # the largest closing speed less twice δ̇⁻ of the pairs compressing, not following
            rate = -np.diff(y[n:])
            waiting = touching & ~following & (rate > 0.0)
            return (rate - 2.0 * approach)[waiting].max() if waiting.any() else -1.0
        new_impact.terminal, new_impact.direction = True, 1

        def turn(t, y):  # the smallest closing acceleration of the pairs following
            if not following.any():
                return 1.0
            a = accelerations(forces(y), n)
            return (a[:-1] - a[1:])[following].min()
        turn.terminal, turn.direction = True, -1

        while t < duration:
            sol = solve_ivp(rhs, (t, duration), y, method="RK45", rtol=rtol, atol=atol,
                            events=[onset, separation, new_impact, turn])
            steps += len(sol.t) - 1
            nfev += sol.nfev
            t, y = sol.t[-1], sol.y[:, -1]
            if sol.status != 1:
                break
            gaps = np.diff(y[:n]) - 2.0 * R
            rates = -np.diff(y[n:])
            offset[(offset != 0.0) & (gaps > TOUCH_TOLERANCE)] = 0.0  # apart again: the offset is forgotten
            if sol.t_events[2].size:  # a pair closing at twice its δ̇⁻: it follows its closing speed
                waiting = touching & ~following & (rates > 0.0)
                i = int(np.flatnonzero(waiting)[np.argmax((rates - 2.0 * approach)[waiting])])
                following[i], approach[i] = True, rates[i]
                continue
            if sol.t_events[3].size:  # a following pair at its largest closing speed: δ̇⁻ fixed there
                a = accelerations(forces(y), n)
                i = int(np.flatnonzero(following)[np.argmin((a[:-1] - a[1:])[following])])
                following[i], approach[i] = False, rates[i]
                damping[i] = z_of(rates[i]) / rates[i]
                open_impacts[i]["impact_velocity"] = rates[i]
                continue
            if sol.t_events[0].size:  # the pair apart whose gap (less its offset) reached zero
                i = int(np.flatnonzero(~touching)[np.argmin(np.abs((gaps - offset)[~touching]))])
                if gaps[i] >= -TOUCH_TOLERANCE and not rates[i] > IMPACT_VELOCITY_FLOOR:
                    offset[i] = min(gaps[i], 0.0) - TOUCH_TOLERANCE  # touching, not approaching: not yet an impact
                    continue
                approach[i] = max(rates[i], IMPACT_VELOCITY_FLOOR)
                touching[i], damping[i], offset[i] = True, z_of(approach[i]) / approach[i], 0.0
                open_impacts[i] = impact(f"bead_{i}/bead_{i + 1}", t, rates[i])
            else:  # the pair in contact whose indentation reached zero
                i = int(np.flatnonzero(touching)[np.argmin(np.abs(gaps[touching]))])
                touching[i], following[i], offset[i] = False, False, min(gaps[i], 0.0) - TOUCH_TOLERANCE
                row = open_impacts.pop(i)
                impacts.append(impact(row["pair"], row["t_start"], row["impact_velocity"], t, -rates[i]))
        # An impact still open at the end whose closing speed still rises arrived, so far, with its speed there (its
        # δ̇⁻ as the force reads it, max(δ̇⁻, δ̇)), as contactlab's open record gives it.
        rates = -np.diff(y[n:])
        for i, row in open_impacts.items():
            if following[i]:
                row["impact_velocity"] = max(approach[i], rates[i])
        impacts += list(open_impacts.values())
        impacts.sort(key=lambda row: row["t_start"])
        return {"steps": steps, "rhs_evaluations": nfev, "impacts": impacts, "final": final_state(t, y, n)}
    return solve


def main():
    p = parser(__doc__.splitlines()[0], duration=600e-6, rtol=1e-8, atol=1e-13)
    p.add_argument("--law", choices=LAWS, default="hertz")
    p.add_argument("--beads", type=int, default=70)
    p.add_argument("--events", dest="events", action="store_true", default=None,
                   help="one gap event per neighbour pair (default when beads <= 1000)")
    p.add_argument("--no-events", dest="events", action="store_false")
    a = p.parse_args()
    extra = {"law": a.law, "beads": a.beads, "duration": a.duration}
    problem = f"granular_chain_{a.beads}" + ("" if a.law == "hertz" else f"_{a.law}")
    if a.law in HUNT_CROSSLEY_FAMILY:
        solve = make_family_solver(a.law, a.beads, a.duration, a.rtol, a.atol)
        extra["events"] = True
    else:
        with_events = a.beads <= 1000 if a.events is None else a.events
        solve = make_solver(a.beads, a.duration, a.rtol, a.atol, with_events,
                            hertz_force if a.law == "hertz" else wang_kv_force)
        extra["events"] = with_events
    report(problem, solve, a.repeats, a.rtol, a.atol, extra)


if __name__ == "__main__":
    main()
