# SPDX-License-Identifier: MIT
"""Item 6: friction — Coulomb's closed forms of rigid-body mechanics, run with the regularised laws and with exact
stiction."""

import math

import numpy as np

from validation.context import code, fmt

ITEM = 6
TITLE = ("Friction: Coulomb's closed forms (sliding block, rolling ball, incline, oblique impacts, stick–slip), "
         "regularised and exact")

G = 9.81
RADIUS = 0.05


def world_velocities(series, body):
    """World linear and angular velocity of a free body at every sample (its v is (ω, v) in the body frame)."""
    w, x, y, z = (series[f"q_{body}[{k}]"] for k in (3, 4, 5, 6))
    n = np.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    rotation = np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])  # 3 × 3 × samples
    angular = np.stack([series[f"v_{body}[{k}]"] for k in (0, 1, 2)])
    linear = np.stack([series[f"v_{body}[{k}]"] for k in (3, 4, 5)])
    return np.einsum("ijs,js->is", rotation, linear), np.einsum("ijs,js->is", rotation, angular)


def excess_distance(shape, v0, vr, mu):
    """(1/μg) ∫₀^v₀ v (1/φ(v/v_r) − 1) dv by Simpson's rule: how far a law of shape φ slides beyond Coulomb's stop."""
    n = 20000
    v = np.linspace(0.0, v0, n + 1)[1:]
    integrand = v * (1.0 / shape(v / vr) - 1.0)
    limit = vr if shape is np.tanh else 0.5 * math.pi * vr  # at v → 0
    values = np.concatenate([[limit], integrand])
    weights = np.ones(n + 1)
    weights[1:-1:2] = 4.0
    weights[2:-1:2] = 2.0
    return float(np.sum(weights * values) * v0 / (3 * n)) / (mu * G)


def section(ctx):
    out = ["""Friction laws act at every contact point as a full force vector against the slip (docs/contact.md, *Friction*).
Rigid-body mechanics with Coulomb friction gives closed forms for a block, a rolling ball and an oblique impact; the
runs use the tanh regularisation of Coulomb's law, sharp (v_r = 0.1 mm/s), whose own correction to each number is
stated and much smaller than the tolerance. Each scene's header states its set-up. The same checks run in CTest
(`ctest -R ContactFriction`, tests/engine/contact_friction_test.cc).

"""]
    # 1. The sliding block and the convergence of regularisations.
    speed, mu = 2.0, 0.3
    block = ctx.run_scene("scenes/sliding_block.yaml")
    stop = v_stop = None
    x = block.series["q_box[0]"]
    stop_distance = speed ** 2 / (2 * mu * G)
    check = ctx.check(stop_distance, x[-1], 1e-5 / stop_distance)
    rows = [["stopping distance v₀²/(2μg) [m]", fmt(stop_distance, 7), fmt(x[-1], 7), check.difference_text,
             check.tolerance_text, check.verdict]]
    velocity = block.series["v_box[3]"]
    time = block.series["time"]
    stop_time = speed / (mu * G)
    for t in (0.2, 0.4, 0.6):
        k = int(np.argmin(abs(time - t)))
        expected = speed - mu * G * time[k]
        c = ctx.check(expected, velocity[k], 2e-5, relative=False)
        rows.append([f"speed at t = {time[k]:.3f} s, v₀ − μgt [m/s]", fmt(expected, 7), fmt(velocity[k], 7),
                     c.difference_text, c.tolerance_text, c.verdict])
    moving = time[np.abs(velocity) > 1e-4]
    c = ctx.check(stop_time, moving[-1], 2e-3 / stop_time)
    rows.append(["stopping time v₀/(μg) [s] (last sample above 0.1 mm/s)", fmt(stop_time, 6), fmt(moving[-1], 6),
                 c.difference_text, c.tolerance_text, c.verdict])
    out.append(f"### Sliding block: {ctx.scene_link('scenes/sliding_block.yaml')}\n\n"
               f"`{block.command}`: a 7.8 kg box launched at v₀ = {speed} m/s on its four corners, μ = {mu}. Tolerances: "
               "1e-5 m on the distance (the box settles 7 µm into the ground at release, its corners pressing less "
               "than its weight for about a millisecond), 2e-5 m/s on the speed, one output interval on the stop.\n\n")
    out.append(ctx.table(["quantity", "closed form", "ours", "difference", "tolerance", "pass"], rows))

    rows = []
    laws = [("coulomb_tanh", np.tanh, "(π²/12) v_r²/(μg): second order"),
            ("coulomb_atan", lambda u: 2.0 / math.pi * np.arctan(u), "≈ 2 v₀ v_r/(π μ g): first order")]
    specs = [dict(scene="scenes/sliding_block.yaml", law=None,
                  overrides={"contacts.friction.law": law, "contacts.friction.parameters.regularisation_velocity": vr})
             for law, _, _ in laws for vr in (0.04, 0.02, 0.01)]
    runs = iter(ctx.run_scenes(specs))
    for law, shape, order in laws:
        for vr in (0.04, 0.02, 0.01):
            run = next(runs)
            excess = excess_distance(shape, speed, vr, mu)
            ours = run.series["q_box[0]"][-1] - stop_distance
            c = ctx.check(excess, ours, 1e-5, relative=False)
            rows.append([code(law), f"{vr:g}", order, fmt(excess, 5), fmt(ours, 5), c.difference_text, c.tolerance_text,
                         c.verdict])
    out.append("\n**Regularisations converge to Coulomb's stop** as v_r shrinks, by the excess distance their shape φ "
               "predicts, (1/μg) ∫₀^v₀ v (1/φ(v/v_r) − 1) dv (Simpson's rule, 20 000 intervals). Tolerance 1e-5 m, as above. "
               "Commands: `contactlab run scenes/sliding_block.yaml --set contacts.friction.law=LAW "
               "--set contacts.friction.parameters.regularisation_velocity=V`.\n\n")
    out.append(ctx.table(["law", "v_r [m/s]", "excess", "predicted excess [m]", "ours [m]", "difference", "tolerance",
                          "pass"], rows))

    # 2. The rolling ball, flat and on an incline.
    rows = []
    ball = ctx.run_scene("scenes/rolling_ball.yaml")
    linear, angular = world_velocities(ball.series, "ball")
    time = ball.series["time"]
    v0, mu = 1.0, 0.2
    roll_time = 2 * v0 / (7 * mu * G)
    slip = linear[0] - angular[1] * RADIUS
    rolling = time[np.abs(slip) < 1e-3]
    c = ctx.check(roll_time, rolling[0], 2e-3 / roll_time)
    rows.append([code(ball.command), "rolling from 2v₀/(7μg) [s]", fmt(roll_time, 6), fmt(rolling[0], 6), c.difference_text,
                 c.tolerance_text, c.verdict])
    c = ctx.check(5 * v0 / 7, linear[0][-1], 1e-4, relative=False)
    rows.append([code(ball.command), "rolling speed 5v₀/7 [m/s]", fmt(5 * v0 / 7, 7), fmt(linear[0][-1], 7),
                 c.difference_text, c.tolerance_text, c.verdict])
    c = ctx.check(5 * v0 / 7, angular[1][-1] * RADIUS, 1e-4, relative=False)
    rows.append([code(ball.command), "ω r at the end [m/s]", fmt(5 * v0 / 7, 7), fmt(angular[1][-1] * RADIUS, 7),
                 c.difference_text, c.tolerance_text, c.verdict])
    angle = 0.5235987755982988
    for friction in (0.3, 0.1):
        run = ctx.run_scene("scenes/rolling_ball.yaml",
                            overrides={"speed": 0, "incline": angle, "friction": friction})
        rolls = math.tan(angle) <= 3.5 * friction
        acceleration = 5 / 7 * G * math.sin(angle) if rolls else G * (math.sin(angle) - friction * math.cos(angle))
        t = run.series["time"][-1]
        travelled = ((run.series["q_ball[0]"][-1] - RADIUS * math.sin(angle)) * math.cos(angle)
                     - (run.series["q_ball[2]"][-1] - RADIUS * math.cos(angle)) * math.sin(angle))
        c = ctx.check(0.5 * acceleration * t * t, travelled, 1e-5, relative=False)
        what = ("rolls: ½ (5/7) g sin θ t²" if rolls else "slides: ½ g (sin θ − μ cos θ) t²") + f" at t = {t:g} s [m]"
        rows.append([code(run.command), what, fmt(0.5 * acceleration * t * t, 7), fmt(travelled, 7), c.difference_text,
                     c.tolerance_text, c.verdict])
    out.append(f"\n### Rolling ball: {ctx.scene_link('scenes/rolling_ball.yaml')}\n\n"
               "A solid steel ball (r = 50 mm) launched at v₀ = 1 m/s without spin, μ = 0.2, rolls from 2v₀/(7μg) on at "
               "5v₀/7; on a 30° incline, released at rest, it rolls (a = (5/7) g sin θ) when tan θ ≤ 7μ/2 and slides "
               "(a = g(sin θ − μ cos θ)) otherwise. World velocities from the free joint's body-frame ones and its "
               "quaternion. Tolerances: 1e-4 m/s (the ball's first 0.3 ms settling in at less than its load), 1e-5 m, "
               "one output interval on the time.\n\n")
    out.append(ctx.table(["command", "quantity", "closed form", "ours", "difference", "tolerance", "pass"], rows))

    # 3. Oblique impacts.
    rows = []
    v, psi, e = 2.0, math.pi / 3, 0.5
    vn, vt = v * math.cos(psi), v * math.sin(psi)
    for friction, spin in ((0.2, 0.0), (0.8, 0.0), (0.2, -40.0)):
        run = ctx.run_scene("scenes/oblique_impact.yaml", overrides={"friction": friction, "spin": spin})
        linear, angular = world_velocities(run.series, "ball")
        u = vt - spin * RADIUS
        impulse = friction * (1 + e) * vn
        slides = abs(u) > 3.5 * impulse
        sign = 1.0 if u > 0 else -1.0
        tangential = vt - sign * impulse if slides else (5 * vt + 2 * spin * RADIUS) / 7
        spin_after = spin * RADIUS + 2.5 * sign * impulse if slides else tangential
        tolerance = 1e-6 if slides else 1e-4
        regime = "slides throughout" if slides else "leaves rolling"
        for name, expected, ours in (("v_t after", tangential, linear[0][-1]),
                                     ("ω r after", spin_after, angular[1][-1] * RADIUS),
                                     ("v_n after = e v_n", e * vn, linear[2][-1])):
            c = ctx.check(expected, ours, tolerance, relative=False)
            rows.append([code(run.command), regime, name + " [m/s]", fmt(expected, 7), fmt(ours, 7), c.difference_text,
                         c.tolerance_text, c.verdict])
    out.append(f"\n### Oblique impacts: {ctx.scene_link('scenes/oblique_impact.yaml')}\n\n"
               "A steel ball strikes a rough floor at 2 m/s, 60° from the normal, e = 0.5, no gravity. Rigid-body impulse "
               "theory (Maw, Barber & Fawcett 1976): with initial slip u = v sin ψ − ω₀ r, if |u| > (7/2) μ (1 + e) v_n "
               "it slides throughout (v_t falls by μ(1 + e)v_n, ω r rises by (5/2) μ(1 + e)v_n), otherwise it leaves "
               "rolling at (5 v sin ψ + 2 ω₀ r)/7. Tolerances: 1e-6 m/s sliding (the tanh law saturated), 1e-4 m/s "
               "rolling (the law lets a rolling ball creep at up to v_r).\n\n")
    out.append(ctx.table(["command", "regime", "quantity", "impulse theory", "ours", "difference", "tolerance", "pass"],
                         rows))

    # 4. The stick–slip oscillator.
    run = ctx.run_scene("scenes/stick_slip.yaml")
    time, x = run.series["time"], run.series["q_carriage"]

    def extremes(sign):
        found = []
        for i in range(1, len(x) - 1):
            a, b, c = x[i - 1], x[i], x[i + 1]
            if sign * (b - a) > 0 and sign * (b - c) >= 0:
                shift = (a - c) / (2 * (a - 2 * b + c))
                found.append((time[i] + shift * (time[i + 1] - time[i]), b - 0.25 * (a - c) * shift))
        return found

    m, k, vb, fs, fc = 1.0, 2.0, 0.1, 1.5, 1.0
    omega, centre = math.sqrt(k / m), fc / k
    amplitude = math.hypot((fs - fc) / k, vb / omega)
    period = (math.pi + 2 * math.atan(vb * k / (omega * (fs - fc)))) / omega + 2 * (fs - fc) / (k * vb)
    maxima, minima = extremes(1.0), extremes(-1.0)
    rows = []
    for name, expected, ours, tolerance in (
            ("period, maxima [s]", period, maxima[1][0] - maxima[0][0], 0.01),
            ("period, minima [s]", period, minima[1][0] - minima[0][0], 0.01),
            ("largest x, x_c + A [m]", centre + amplitude, maxima[0][1], 0.02 * amplitude / (centre + amplitude)),
            ("smallest x, x_c − A [m]", centre - amplitude, minima[0][1], 0.02 * amplitude / (centre - amplitude))):
        c = ctx.check(expected, ours, tolerance)
        rows.append([code(run.command), name, fmt(expected, 6), fmt(ours, 6), c.difference_text, c.tolerance_text,
                     c.verdict])
    out.append(f"\n### Stick–slip oscillator: {ctx.scene_link('scenes/stick_slip.yaml')}\n\n"
               "A 1 kg block on a spring (k = 2 N/m) riding a belt at 0.1 m/s, F_s = 1.5 N, F_c = 1 N (the friction "
               "reviews' oscillator, Pennestrì et al. 2016 §5). Coulomb's closed form: stick 2(F_s − F_c)/(k v_b) = 5 s, "
               "slip (π + 2 atan(v_b k/(ω(F_s − F_c))))/ω = 2.611 s, period 7.6113 s, x between x_c ± A = 0.2402 and "
               "0.7598 m. The run uses LuGre (v_s = 1 mm/s, σ₀ = 1e5 /m), whose bristles hold the sticking block: it is "
               "Coulomb to about v_s/v_b = 1 %, so the tolerances are 1 % on the period and 2 % of A on the extremes "
               "(LuGre's break-away overshoots F_s a little). Extremes located between samples by a parabola.\n\n")
    out.append(ctx.table(["command", "quantity", "Coulomb", "ours", "difference", "tolerance", "pass"], rows))

    # 5. Exact stiction: the same scenes with the coulomb law, whose sticking contacts are held exactly.
    rows = []
    exact = "{law: coulomb, parameters: {static_friction: %s, kinetic_friction: %s}}"
    run = ctx.run_scene("scenes/stick_slip.yaml", overrides={
        "contacts.friction": exact % ("static_force/weight", "kinetic_force/weight")})
    time, x = run.series["time"], run.series["q_carriage"]
    maxima, minima = extremes(1.0), extremes(-1.0)
    for name, expected, ours, tolerance in (
            ("period, maxima [s]", period, maxima[1][0] - maxima[0][0], 1e-4),
            ("period, minima [s]", period, minima[1][0] - minima[0][0], 1e-4),
            ("largest x, x_c + A [m]", centre + amplitude, maxima[0][1], 1e-5),
            ("smallest x, x_c − A [m]", centre - amplitude, minima[0][1], 1e-5)):
        c = ctx.check(expected, ours, tolerance, relative=False)
        rows.append([code(run.command), name, fmt(expected, 7), fmt(ours, 7), c.difference_text, c.tolerance_text,
                     c.verdict])
    block = ctx.run_scene("scenes/sliding_block.yaml", overrides={"contacts.friction": exact % (0.4, "friction")})
    x = block.series["q_box[0]"]
    c = ctx.check(stop_distance, x[-1], 1e-5, relative=False)
    rows.append([code(block.command), "stopping distance v₀²/(2μ_k g) [m]", fmt(stop_distance, 7), fmt(x[-1], 7),
                 c.difference_text, c.tolerance_text, c.verdict])
    time = block.series["time"]
    settled = int(np.argmin(abs(time - (stop_time + 0.05))))
    drift = x[-1] - x[settled]
    c = ctx.check(0.0, drift, 1e-7, relative=False)
    rows.append([code(block.command), f"x(end) − x({time[settled]:.3f} s), held [m]", "0", fmt(drift, 3),
                 c.difference_text, c.tolerance_text, c.verdict])
    ball = ctx.run_scene("scenes/rolling_ball.yaml", overrides={"contacts.friction": exact % ("friction", "friction")})
    linear, angular = world_velocities(ball.series, "ball")
    slip = abs(linear[0][-1] - angular[1][-1] * RADIUS)
    c = ctx.check(0.0, slip, 1e-9, relative=False)
    rows.append([code(ball.command), "rolling: slip v − ωr at the end [m/s]", "0", fmt(slip, 3), c.difference_text,
                 c.tolerance_text, c.verdict])
    c = ctx.check(5 * v0 / 7, linear[0][-1], 1e-4, relative=False)
    rows.append([code(ball.command), "rolling speed 5v₀/7 [m/s]", fmt(5 * v0 / 7, 7), fmt(linear[0][-1], 7),
                 c.difference_text, c.tolerance_text, c.verdict])
    impact = ctx.run_scene("scenes/oblique_impact.yaml",
                           overrides={"friction": 0.8, "contacts.friction": exact % ("friction", "friction")})
    linear, angular = world_velocities(impact.series, "ball")
    for name, expected, ours in (("v_t after, 5 v sin ψ/7", 5 * vt / 7, linear[0][-1]),
                                 ("ω r after, 5 v sin ψ/7", 5 * vt / 7, angular[1][-1] * RADIUS)):
        c = ctx.check(expected, ours, 1e-6, relative=False)
        rows.append([code(impact.command), name + " [m/s]", fmt(expected, 7), fmt(ours, 7), c.difference_text,
                     c.tolerance_text, c.verdict])
    out.append("\n### Exact stiction\n\n"
               "The scenes above with the `coulomb` law, which holds a sticking contact at v_t = 0 with the force that "
               "keeps it there (up to μ_s N) and locates stick and slip as events (docs/contact.md, *Friction*): "
               "Coulomb's closed forms hold to the integrator's tolerance, with no creep. Tolerances: 1e-4 s on the "
               "oscillator's period and 1e-5 m on its extremes (event location and the extremes' interpolation between "
               "samples), 1e-5 m and 1e-4 m/s where the box or ball settles into the ground at launch (as above), "
               "1e-9 m/s on what a held contact may slip, 1e-7 m on the stopped box's drift (its centre moves only "
               "as the box pitches on its stiff corners, a normal vibration its contact law damps slowly; a "
               "regularised law creeps instead), 1e-6 m/s on the impact's rolling exit. The same checks run "
               "in CTest (`ctest -R StickSlip`, tests/engine/stick_slip_test.cc).\n\n")
    out.append(ctx.table(["command", "quantity", "Coulomb", "ours", "difference", "tolerance", "pass"], rows))
    return "".join(out)
