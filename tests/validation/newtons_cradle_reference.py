#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Independent reference for scenes/newtons_cradle.yaml: the touching Newton's cradle integrated from scratch
with SciPy, sharing no code with contactlab.

    newtons_cradle_reference.py [--count 5] [--strikers 1] [--radius 0.01] [--length 0.1]
                                [--release-angle 0.3490658503988659] [--gap 0] [--youngs-modulus 2.1e11]
                                [--poisson-ratio 0.3] [--density 7800] [--g 9.81] [--time T] [--rtol 1e-12]

The model. Ball k (k = 0 … N−1) is a steel sphere of radius R and mass m = ρ (4/3) π R³ rigidly fixed at the end
of a massless string of length L (a pendulum on a revolute joint: it turns with its string) whose pivot is at
x = k (2R + gap), height L. φ_k is its angle from the vertical, positive towards +x (the far end); its moment of
inertia about the pivot is I = m (L² + (2/5) R²). Neighbouring balls k, k+1 touch when their centres are less
than 2R apart and then push each other along the line of centres with the Hertz force F = K δ^{3/2}, δ = 2R − d,
K = (4/3) E* √R*, 1/E* = 2 (1 − ν²)/E, R* = R/2 (Hertz's two-sphere contact; the formula contactlab uses,
docs/contact.md "Stiffness and parameter mixing"). So

    I φ̈_k = −m g L sin φ_k + Σ F_pair n_pair · ∂c_k/∂φ_k,   c_k = (x_k + L sin φ_k, L − L cos φ_k).

The first `strikers` balls are released together from rest at φ = −release angle. They swing down as one rigid
pendulum each (identical pendulums on parallel strings keep touching with zero force), so the integration starts
at the first contact — the front striker reaching the ball hanging at rest — with the angular speed that energy
gives exactly, ω² = 2 m g L (cos φ_c − cos θ₀)/I (φ_c = 0 when gap = 0). From there it is integrated with DOP853
at rtol (default 1e-12), restarted at every contact onset and separation (located as events on each pair's gap)
so that every integrated piece is smooth (δ^{3/2} is not smooth at δ = 0), until every contact has ended and no
pair is closing, then 5 ms more to see that none closes again (and on to --time).

The result: each ball's velocity L φ̇ (its centre's speed along its arc) at `--time` after the release, the instant
contactlab's run ends, and when each pair's contact ended; the first contact's time is the strikers' descent time,
the elliptic integral (K(k) + F(ψ, k))/ω_p, k = sin(θ₀/2), ω_p² = m g L/I.

The cross-check: the 1-D chain of free balls of equal masses with Hertz contacts, struck by `strikers` balls at
speed v₀. Scaling x by (m v₀²/K)^{2/5} and t by that over v₀ removes K, m and v₀, so its final v_k/v₀ are pure
numbers for each (N, strikers). The pendulums' velocities at their last separation differ from them only by what
gravity and the strings' arcs do during the contacts (the equal moments of inertia I/L² act as equal masses, which
the scaling removes): a ball displaced by x ≤ v₀ t feels −(g/L) x, so its velocity moves by at most (g/L) v₀ t²,
and the lines of centres tilt by ~v₀ t/L, a cosine error of its square (t: the contacts' duration, ~0.2 ms). The
script exits 1 if the largest |v_k(pendulum) − v_k(chain)|/v₀ exceeds twice that, 2 (g t²/L + (v₀ t/L)²) (~1e-5).

Output: lines `name value …` in SI units (comments start with #), read by tests/validation/newtons_cradle_test.cc:
    first_contact_time [s after the release]   impact_speed v₀ [m/s]   contact_end_time [s after the first contact]
    contacts (how many contacts ended)   separation_times (each pair's last separation) [s after the release]
    report_time [s]   velocities, angles (each ball's L φ̇ [m/s] and φ [rad] at report_time)
    separation_velocities [m/s] (at the last separation)   chain_velocities (the 1-D chain's v_k/v₀ times v₀) [m/s]
    energy_error (relative change of the total energy)   rtol_change (largest change of `velocities`/v₀ when
    the tolerance is 100 times looser: a bound on the reference's own error)   chain_deviation, chain_bound
"""

import argparse
import math
import sys

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq
from scipy.special import ellipk, ellipkinc


def hertz_stiffness(youngs_modulus, poisson_ratio, radius):
    effective_modulus = youngs_modulus / (2.0 * (1.0 - poisson_ratio**2))
    effective_radius = radius / 2.0
    return 4.0 / 3.0 * effective_modulus * math.sqrt(effective_radius)


class Pairs:
    """Gaps of the neighbouring pairs, accurate to the last bit when tiny: the differences of sines and cosines
    are taken as products (no cancellation between two O(L) numbers)."""

    def __init__(self, radius, length, spacing):
        self.radius, self.length, self.spacing = radius, length, spacing

    def geometry(self, phi):
        a, b = phi[:-1], phi[1:]
        half_sum, half_diff = 0.5 * (a + b), 0.5 * (b - a)
        # dx = spacing + L (sin b − sin a), dz = L (cos a − cos b) (heights L − L cos φ).
        dx_minus = (self.spacing - 2.0 * self.radius) + 2.0 * self.length * np.cos(half_sum) * np.sin(half_diff)
        dx = 2.0 * self.radius + dx_minus
        dz = 2.0 * self.length * np.sin(half_sum) * np.sin(half_diff)
        distance = np.hypot(dx, dz)
        # gap = d − 2R = (dx² + dz² − 4R²)/(d + 2R) with dx² − 4R² = (dx − 2R)(dx + 2R).
        gap = (dx_minus * (dx + 2.0 * self.radius) + dz * dz) / (distance + 2.0 * self.radius)
        return gap, dx / distance, dz / distance


class Pendulums:
    def __init__(self, args):
        self.n = args.count
        self.radius, self.length, self.g = args.radius, args.length, args.g
        self.mass = args.density * 4.0 / 3.0 * math.pi * args.radius**3
        self.inertia = self.mass * (args.length**2 + 0.4 * args.radius**2)
        self.stiffness = hertz_stiffness(args.youngs_modulus, args.poisson_ratio, args.radius)
        self.pairs = Pairs(args.radius, args.length, 2.0 * args.radius + args.gap)

    def rhs(self, _t, y):
        n, length = self.n, self.length
        phi, omega = y[:n], y[n:]
        torque = -self.mass * self.g * length * np.sin(phi)
        gap, nx, nz = self.pairs.geometry(phi)
        force = self.stiffness * np.maximum(-gap, 0.0) ** 1.5  # pushes ball k+1 along n, ball k against it
        # ∂c/∂φ = L (cos φ, sin φ).
        lever_next = length * (np.cos(phi[1:]) * nx + np.sin(phi[1:]) * nz)
        lever_prev = length * (np.cos(phi[:-1]) * nx + np.sin(phi[:-1]) * nz)
        torque[1:] += force * lever_next
        torque[:-1] -= force * lever_prev
        return np.concatenate([omega, torque / self.inertia])

    def energy(self, y):
        n = self.n
        phi, omega = y[:n], y[n:]
        gap, _, _ = self.pairs.geometry(phi)
        elastic = 0.4 * self.stiffness * np.maximum(-gap, 0.0) ** 2.5
        return np.sum(0.5 * self.inertia * omega**2 + self.mass * self.g * self.length * (1 - np.cos(phi))) + elastic.sum()

    def gap_rate(self, y, eps=1e-9):
        """d(gap)/dt of each pair along the flow (a centred difference in the velocities' direction)."""
        n = self.n
        phi, omega = y[:n], y[n:]
        h = eps / max(np.max(np.abs(omega)), 1e-30)
        return (self.pairs.geometry(phi + h * omega)[0] - self.pairs.geometry(phi - h * omega)[0]) / (2 * h)


def integrate_contacts(system, y0, in_contact, rtol, atol, settle, tail, chunk, until=0.0):
    """Integrates from y0 (t = 0) through every onset and separation; in_contact: each pair's initial state.
    settle(y) -> True when no pair can close any more; then the integration goes on `tail` more (to see that none
    closes again) and at least to `until`; before that it goes on in pieces of `chunk`. Returns a function of t giving
    the state (the solution's dense output), the time the last contact ended and each pair's separation times."""
    t, y = 0.0, np.array(y0, dtype=float)
    in_contact = list(in_contact)
    separations = [[] for _ in in_contact]
    last_end = 0.0
    pieces = []
    end = None
    while True:
        if end is None and not any(in_contact) and settle(y):
            end = max(t + tail, until)
        horizon = end if end is not None else t + chunk
        events = []
        for k, closed in enumerate(in_contact):
            # A gap of exactly 0 (a pair the pulse has not reached yet) counts as the state the pair is in, so that
            # it is not taken for a crossing.
            def event(_t, state, k=k, closed=closed):
                gap = system.gap(state)[k]
                return gap if gap != 0.0 else (-1e-300 if closed else 1e-300)
            event.terminal = True
            event.direction = 1.0 if closed else -1.0  # a contact ends as the gap rises through 0, starts as it falls
            events.append(event)
        solution = solve_ivp(system.rhs, (t, horizon), y, method="DOP853", rtol=rtol, atol=atol, events=events,
                             dense_output=True)
        if solution.status == -1:
            raise RuntimeError(solution.message)
        pieces.append((t, solution.t[-1], solution.sol))
        t, y = solution.t[-1], solution.y[:, -1]
        if solution.status == 1:
            for k, times in enumerate(solution.t_events):
                if len(times):
                    in_contact[k] = not in_contact[k]
                    if not in_contact[k]:
                        separations[k].append(t)
                        last_end = t
            end = None
            continue
        if end is not None and t >= end:
            break

    def state(time):
        for start, stop, dense in pieces:
            if start <= time <= stop:
                return dense(time)
        raise ValueError(f"t = {time} outside the integration [0, {pieces[-1][1]}]")

    return state, last_end, separations


class PendulumSystem:
    def __init__(self, pendulums):
        self.p = pendulums

    def rhs(self, t, y):
        return self.p.rhs(t, y)

    def gap(self, y):
        return self.p.pairs.geometry(y[: self.p.n])[0]


class ChainSystem:
    """Free equal balls on a line, scaled: unit mass, unit stiffness, striker speed 1."""

    def __init__(self, n):
        self.n = n

    def rhs(self, _t, y):
        n = self.n
        x, v = y[:n], y[n:]
        gap = x[1:] - x[:-1]
        force = np.maximum(-gap, 0.0) ** 1.5
        a = np.zeros(n)
        a[1:] += force
        a[:-1] -= force
        return np.concatenate([v, a])

    def gap(self, y):
        return y[1 : self.n] - y[: self.n - 1]


def descent_time(p, theta0, phi):
    """Time a pendulum released from rest at −θ0 takes to reach φ (−θ0 ≤ φ ≤ θ0): with sin(φ/2) = k sin ψ,
    k = sin(θ0/2), t = (K(k) + F(ψ, k))/ω_p, ω_p² = m g L/I (the complete and incomplete elliptic integrals)."""
    k = math.sin(theta0 / 2.0)
    psi = math.asin(max(-1.0, min(1.0, math.sin(phi / 2.0) / k)))
    return (ellipk(k * k) + ellipkinc(psi, k * k)) / math.sqrt(p.mass * p.g * p.length / p.inertia)


def cradle(args, rtol):
    """The cradle's solution: a dict of the numbers main() prints."""
    p = Pendulums(args)
    n, s = p.n, args.strikers
    theta0 = args.release_angle
    # First contact: the front striker (the strikers move together) reaches ball s, hanging at rest.
    y_probe = np.zeros(n)

    def front_gap(phi):
        y_probe[:s] = phi
        return p.pairs.geometry(y_probe)[0][s - 1]

    # With a positive gap the strikers meet ball s just past the vertical.
    phi_contact = 0.0 if front_gap(0.0) <= 0.0 else brentq(front_gap, 0.0, theta0, xtol=1e-300, rtol=1e-15)
    omega0 = math.sqrt(2.0 * p.mass * p.g * p.length * (math.cos(phi_contact) - math.cos(theta0)) / p.inertia)
    first_contact = descent_time(p, theta0, phi_contact)
    y0 = np.zeros(2 * n)
    y0[:s] = phi_contact
    y0[n : n + s] = omega0
    # Pairs closed at the start: the front pair, and any pair at gap 0 (its δ grows as soon as the pulse reaches
    # it). With a positive gap the others are open and start by events.
    gaps = p.pairs.geometry(y0[:n])[0]
    in_contact = [k == s - 1 or gaps[k] <= 0.0 for k in range(n - 1)]
    # Absolute tolerances: the angles that matter are the indentations over L, δ_H/L (δ_H: the two-ball Hertz
    # impact's largest indentation, models.md §2.3); the angular speeds are of order ω0.
    indentation = (5.0 * (p.inertia / p.length**2 / 2.0) * (p.length * omega0) ** 2 / (4.0 * p.stiffness)) ** 0.4
    atol = np.concatenate([np.full(n, rtol * indentation / p.length), np.full(n, rtol * omega0)])
    system = PendulumSystem(p)

    def settled(y):
        return np.all(p.gap_rate(y) >= 0.0)

    report = max(args.time - first_contact, 0.0) if args.time is not None else 0.0
    state, last_end, separations = integrate_contacts(system, y0, in_contact, rtol, atol, settled, tail=5e-3, chunk=1e-3,
                                                 until=report)
    at_separation = state(last_end)
    at_report = state(report) if args.time is not None else at_separation
    return dict(pendulums=p, impact_speed=p.length * omega0, first_contact=first_contact, contact_end=last_end,
                separations=separations, separation_velocities=p.length * at_separation[n:],
                velocities=p.length * at_report[n:], angles=at_report[:n],
                energy_error=abs(p.energy(at_report) - p.energy(y0)) / p.energy(y0))


def chain(n, strikers, rtol):
    """Final velocities / v0 of the 1-D chain of free equal balls."""
    y0 = np.zeros(2 * n)
    y0[n : n + strikers] = 1.0
    in_contact = [True] * (n - 1)  # touching: every pair closes as the pulse arrives
    atol = np.full(2 * n, rtol)  # scaled: indentations and speeds of order 1
    system = ChainSystem(n)

    def settled(y):
        return np.all(np.diff(y[n:]) >= 0.0)

    state, last_end, _ = integrate_contacts(system, y0, in_contact, rtol, atol, settled, tail=20.0, chunk=5.0)
    return state(last_end)[n:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--strikers", type=int, default=1)
    parser.add_argument("--radius", type=float, default=0.01)
    parser.add_argument("--length", type=float, default=0.1)
    parser.add_argument("--release-angle", type=float, default=math.pi / 9)
    parser.add_argument("--gap", type=float, default=0.0)
    parser.add_argument("--youngs-modulus", type=float, default=2.1e11)
    parser.add_argument("--poisson-ratio", type=float, default=0.3)
    parser.add_argument("--density", type=float, default=7800.0)
    parser.add_argument("--g", type=float, default=9.81)
    parser.add_argument("--time", type=float, default=None, help="report the velocities at this time after the release")
    parser.add_argument("--rtol", type=float, default=1e-12)
    args = parser.parse_args()
    if not 1 <= args.strikers < args.count:
        parser.error("need 1 <= strikers < count")

    fine = cradle(args, args.rtol)
    coarse = cradle(args, 100.0 * args.rtol)
    p, v0 = fine["pendulums"], fine["impact_speed"]
    rtol_change = np.max(np.abs(fine["velocities"] - coarse["velocities"])) / v0
    chain_ratios = chain(args.count, args.strikers, args.rtol)
    chain_deviation = np.max(np.abs(fine["separation_velocities"] / v0 - chain_ratios))
    # Gravity during the contacts: a ball displaced by x ≤ v0 t_end feels −ω_p² x, so its velocity changes by at
    # most ω_p² v0 t_end²; the strings' arcs tilt the lines of centres by ~v0 t_end/L, a cosine error of its square.
    t_end = fine["contact_end"]
    chain_bound = 2.0 * (p.g / p.length * t_end**2 + (v0 * t_end / p.length) ** 2)

    def line(name, values):
        print(name, " ".join(f"{value:.17g}" for value in np.atleast_1d(values)))

    print(f"# Newton's cradle, N = {args.count}, strikers = {args.strikers}: R = {args.radius} m, L = {args.length} m, "
          f"release {args.release_angle} rad, gap {args.gap} m, K = {p.stiffness:.6g} N/m^1.5, m = {p.mass:.6g} kg")
    line("first_contact_time", fine["first_contact"])
    line("impact_speed", v0)
    line("contact_end_time", t_end)
    # Each pair's contacts: how many, and when the last one ended (after the release). The onsets of touching pairs
    # are not compared: at gap 0 a pair's δ is positive as soon as the pulse moves anything.
    separations = fine["separations"]
    line("contacts", sum(len(times) for times in separations))
    line("separation_times", [fine["first_contact"] + times[-1] if times else math.nan for times in separations])
    line("report_time", args.time if args.time is not None else fine["first_contact"] + t_end)
    line("velocities", fine["velocities"])
    line("angles", fine["angles"])
    line("separation_velocities", fine["separation_velocities"])
    line("chain_velocities", chain_ratios * v0)
    print("# v_k/v0 at the report time:  ", " ".join(f"{value:+.8f}" for value in fine["velocities"] / v0))
    print("# v_k/v0 at the last separation:", " ".join(f"{value:+.8f}" for value in fine["separation_velocities"] / v0))
    print("# v_k/v0 of the 1-D chain:      ", " ".join(f"{value:+.8f}" for value in chain_ratios))
    line("energy_error", fine["energy_error"])
    line("rtol_change", rtol_change)
    line("chain_deviation", chain_deviation)
    line("chain_bound", chain_bound)
    if not chain_deviation <= chain_bound:
        print(f"# the pendulums differ from the 1-D chain by {chain_deviation:.3g} v0 > {chain_bound:.3g}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
