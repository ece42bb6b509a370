# SPDX-License-Identifier: MIT
"""Item 4: two aluminium spheres in direct central impact, Alves et al. (S000) §4, Figs 3–4 (models.md §5.1)."""

from validation.context import DELTA, DELTA_DOT, at_extremum, code, hunt_crossley_z, law_style, verdict

ITEM = 4
TITLE = "Two aluminium spheres: hysteresis loops, phase portraits, post-impact velocities (Alves et al., S000 Figs 3–4)"

SCENE = "scenes/two_spheres_aluminium.yaml"
# S000 Figs 3–4, models (a)–(h) (models.md §5.1), then the exact law for the target itself.
MODELS = [
    ("a", "hunt_crossley", "Hunt–Crossley / Marhefka–Orin"),
    ("b", "herbert_mcwhannell", "Herbert–McWhannell"),
    ("c", "lee_wang", "Lee–Wang"),
    ("d", "lankarani_nikravesh", "Lankarani–Nikravesh"),
    ("e", "gonthier", "Gonthier / Zhang–Sharf (approximate)"),
    ("f", "zhiying_qishao", "Zhiying–Qishao"),
    ("g", "flores", "Flores"),
    ("h", "gharib_hurmuzlu", "Gharib–Hurmuzlu"),
    ("", "zhang_sharf_exact", "exact (target c = 0.7)"),
]
# models.md §5.1 [computed]: z, F_max [N], c_out, post-impact relative velocity δ̇⁺ [m/s].
COMPUTED = {
    "hunt_crossley": (0.4500, 304.80, 0.7680, -0.2304),
    "herbert_mcwhannell": (0.5696, 302.90, 0.7227, -0.2168),
    "lee_wang": (0.2250, 313.63, 0.8693, -0.2608),
    "lankarani_nikravesh": (0.3825, 306.60, 0.7960, -0.2388),
    "gonthier": (0.7286, 302.21, 0.6696, -0.2009),
    "zhiying_qishao": (0.6970, 302.21, 0.6796, -0.2039),
    "flores": (0.6857, 302.23, 0.6832, -0.2050),
    "gharib_hurmuzlu": (1.4286, 310.97, 0.5008, -0.1502),
    "zhang_sharf_exact": (0.6348, 302.40, 0.7000, -0.2100),
}
HERTZ_COMPUTED = {"max_indentation": 1.5467e-5, "max_force": 334.57, "compression_time": 7.5875e-5}
# One unit in the last digit models.md prints (covers the rounding of its value and of ours).
TOLERANCES = {"z": 1e-4, "max_force": 0.01, "c_out": 1e-4, "velocity": 1e-4, "max_indentation": 1e-9,
              "compression_time": 1e-9}
RETURN_AT_0_2 = ["herbert_mcwhannell", "gonthier", "zhang_sharf_exact", "zhiying_qishao", "flores"]


def post_impact(run):
    """δ̇ after the impact (< 0: separating) and the bodies' final velocities."""
    last = {name: values[-1] for name, values in run.series.items()}
    return -run.impact["separation_velocity"], last["v_left"], last["v_right"]


def section(ctx):
    hertz = ctx.run_scene(SCENE, law="hertz")
    runs = dict(zip([law for _, law, _ in MODELS], ctx.run_scenes([dict(scene=SCENE, law=law) for _, law, _ in MODELS])))

    out = [f"""Two identical spheres (radius 20 mm, 0.092 kg each, so m_eff = 0.046 kg) meet head-on at ±0.15 m/s (0.3 m/s
relative) with the relative stiffness K = 5.5e9 N/m^1.5 of S000 and a target restitution c = 0.7; S000 Figs 3–4 show the
hysteresis loops and phase portraits of the Hunt–Crossley-type models (a)–(h). The paper prints no numbers for them,
only statements (below); models.md §5.1 computed the numbers (*[computed]*: z, F_max, the achieved restitution c_out and
the post-impact relative velocity), which are the reference here. {ctx.scene_link(SCENE)} runs each law as
`contactlab run {SCENE} --model LAW`; both bodies are free (prismatic joints), so m_eff is the engine's
1/(J M⁻¹ Jᵀ). `zhang_sharf_exact` is added: it is the law that returns the target 0.7 exactly.

How each number is measured: **z** from the force samples as in item 2; **F_max** and **c_out** from impacts.csv;
the **post-impact relative velocity** δ̇⁺ = −(separation velocity) (δ̇ > 0 approaching, so it is negative); the
bodies' **post-impact velocities** from the last row of timeseries.csv (free flight after separation). The
reference body velocities follow from δ̇⁺ by momentum conservation with equal masses: v_left = δ̇⁺/2, v_right = −δ̇⁺/2.

**Tolerance: one unit in the last digit models.md prints** (z, c_out, velocities ±1e-4; F_max ±0.01 N), i.e. agreement
to the printed digits.
"""]

    # Quantitative: models.md §5.1 [computed].
    rows = []
    for letter, law, name in MODELS:
        run = runs[law]
        z_published, force_published, c_published, v_published = COMPUTED[law]
        z, _ = hunt_crossley_z(run)
        v_after, v_left, v_right = post_impact(run)
        label = f"({letter}) {name}" if letter else name
        for quantity, published, ours, tolerance, digits in [
                ("z = χ δ̇⁻/K", z_published, z, TOLERANCES["z"], 4),
                ("F_max [N]", force_published, run.impact["max_force"], TOLERANCES["max_force"], 3),
                ("c_out", c_published, run.impact["restitution"], TOLERANCES["c_out"], 5),
                ("δ̇⁺ post-impact relative velocity [m/s]", v_published, v_after, TOLERANCES["velocity"], 5),
                ("v_left after [m/s] (derived: δ̇⁺/2)", v_published / 2, v_left, TOLERANCES["velocity"], 5),
                ("v_right after [m/s] (derived: −δ̇⁺/2)", -v_published / 2, v_right, TOLERANCES["velocity"], 5)]:
            check = ctx.check(published, ours, tolerance, relative=False)
            rows.append([label, code(law), code(run.command), quantity, f"{published:g}", f"{ours:.{digits}f}",
                         check.difference_text, check.tolerance_text, check.verdict])
    for key, quantity, digits in [("max_indentation", "δ_max [m]", 4), ("max_force", "F_max [N]", 3),
                                  ("compression_time", "t_compression [s]", 4)]:
        if key == "compression_time":
            ours = at_extremum(hertz, "indentation")[0]["time"] - hertz.impact["t_start"]
        else:
            ours = hertz.impact[key]
        check = ctx.check(HERTZ_COMPUTED[key], ours, TOLERANCES[key], relative=False)
        rows.append(["Hertz (no damping)", code("hertz"), code(hertz.command), quantity, f"{HERTZ_COMPUTED[key]:g}",
                     f"{ours:.{digits}e}" if key != "max_force" else f"{ours:.{digits}f}", check.difference_text,
                     check.tolerance_text, check.verdict])
    out.append("\n### Against models.md §5.1 [computed]\n\n")
    out.append(ctx.table(["model (S000 Figs 3–4)", "law", "command", "quantity", "published [computed]", "ours",
                          "difference", "tolerance", "pass"], rows, "lllllrrrc"))

    # Qualitative: the paper's statements.
    rows = []
    damped = [law for _, law, _ in MODELS]

    def add(statement, law, run, published, ours, difference, tolerance, passed):
        ctx.note_check(passed)
        rows.append([statement, code(law), code(run.command), published, ours, difference, tolerance, verdict(passed)])

    v_hertz = post_impact(hertz)[0]
    add("“Hertz returns at −0.3 m/s” (elastic)", "hertz", hertz, "-0.3", f"{v_hertz:.6f}", f"{v_hertz + 0.3:+.1e}",
        "±1e-6", abs(v_hertz + 0.3) <= 1e-6)
    for law in RETURN_AT_0_2:
        v = post_impact(runs[law])[0]
        add("“… return at −0.2 m/s” (printed to one digit)", law, runs[law], "-0.2", f"{v:.4f}", f"{v + 0.2:+.4f}",
            "rounds to −0.2 (±0.05)", abs(v + 0.2) < 0.05)
    speeds = {law: -post_impact(runs[law])[0] for law in damped}
    slowest, fastest = min(speeds, key=speeds.get), max(speeds, key=speeds.get)
    add("“Gharib–Hurmuzlu has the lowest post-impact velocity”", "gharib_hurmuzlu", runs["gharib_hurmuzlu"],
        "lowest |δ̇⁺|", f"{speeds['gharib_hurmuzlu']:.4f} m/s; lowest: {slowest}",
        f"next: {sorted(speeds.values())[1]:.4f} m/s", "must be the lowest", slowest == "gharib_hurmuzlu")
    add("“Lee–Wang is the most elastic”", "lee_wang", runs["lee_wang"], "highest |δ̇⁺|",
        f"{speeds['lee_wang']:.4f} m/s; highest: {fastest}", f"next: {sorted(speeds.values())[-2]:.4f} m/s",
        "must be the highest", fastest == "lee_wang")
    for letter, law, name in MODELS:
        run = runs[law]
        series, pair, mask = run.impact_window()
        force = series[f"{pair}.force"][mask]
        peak = run.impact["max_force"]
        ends = max(abs(force[0]), abs(force[-1])) / peak
        add("“The force starts and ends at zero and is always compressive”", law, run, "F = 0 at both ends, F ≥ 0",
            ("F = 0 exactly at both ends" if ends == 0 else f"|F| at the ends ≤ {ends:.1e} F_max")
            + f"; min F = {force.min():.3g} N", "—", "ends ≤ 1e-9 F_max, min F ≥ 0",
            ends <= 1e-9 and force.min() >= 0.0)
    for letter, law, name in MODELS:
        run = runs[law]
        add("Given: δ̇⁻ = 0.3 m/s (the phase portraits' first point), m_eff = 0.046 kg", law, run, "0.3 m/s, 0.046 kg",
            f"{run.impact['impact_velocity']:.9f} m/s, {run.impact['effective_mass']:.6g} kg",
            f"{run.impact['impact_velocity'] - 0.3:+.1e} m/s", "±1e-9 m/s, ±1e-12 kg",
            abs(run.impact["impact_velocity"] - 0.3) <= 1e-9 and abs(run.impact["effective_mass"] - 0.046) <= 1e-12)
    out.append("\n### Against the paper's statements (S000 §4)\n\n")
    out.append(ctx.table(["statement (S000 §4, via models.md §5.1)", "law", "command", "published", "ours", "difference",
                          "tolerance", "pass"], rows, "llllllrc"))

    # A compact view of the post-impact velocities.
    rows = []
    for letter, law, name in MODELS:
        v_after, v_left, v_right = post_impact(runs[law])
        rows.append([f"({letter}) {name}" if letter else name, code(law), f"{COMPUTED[law][3]:+.4f}", f"{v_after:+.4f}",
                     f"{v_left:+.4f}", f"{v_right:+.4f}", f"{runs[law].impact['restitution']:.4f}"])
    v_after, v_left, v_right = post_impact(hertz)
    rows.append(["Hertz", code("hertz"), "−0.3 (S000)", f"{v_after:+.4f}", f"{v_left:+.4f}", f"{v_right:+.4f}",
                 f"{hertz.impact['restitution']:.4f}"])
    out.append("\n### Post-impact velocities at a glance\n\nBefore the impact: v_left = +0.15 m/s, v_right = −0.15 m/s, "
               "δ̇⁻ = +0.3 m/s.\n\n")
    out.append(ctx.table(["model", "law", "δ̇⁺ models.md [computed]", "δ̇⁺ ours", "v_left ours", "v_right ours",
                          "c_out ours"], rows, "llrrrrr"))

    out.append("\n" + figure_grid(ctx, runs, hertz, "force"))
    out.append("\n" + figure_grid(ctx, runs, hertz, "phase"))
    out.append("\n" + figure_overlay(ctx, runs, hertz))
    return "".join(out)


def curve(run, kind):
    """(δ [µm], F or δ̇) over the first impact. Hertz's unloading retraces its loading exactly, which would draw a
    dashed line solid, so for the elastic law the force curve stops at the maximum indentation."""
    series, pair, mask = run.impact_window()
    delta = series[f"{pair}.indentation"][mask] * 1e6
    y = series[f"{pair}.force"][mask] if kind == "force" else series[f"{pair}.normal_velocity"][mask]
    if kind == "force" and run.law == "hertz":
        end = int(delta.argmax()) + 1
        delta, y = delta[:end], y[:end]
    return delta, y


def figure_grid(ctx, runs, hertz, kind):
    figure, axes_grid = ctx.figure(3, 3, figsize=(14, 11), sharex=True, sharey=True)
    reference = curve(hertz, kind)
    for (letter, law, name), axes in zip(MODELS, axes_grid.flat):
        axes.plot(*reference, color="0.6", linestyle="--", linewidth=1.0, label="Hertz (elastic)")
        axes.plot(*curve(runs[law], kind), color="tab:blue", linewidth=1.6, label="the model")
        if kind == "phase":
            v_after = -runs[law].impact["separation_velocity"]
            axes.axhline(-0.2, color="tab:orange", linestyle=":", linewidth=1.0, label="−0.2 m/s (S000)")
            axes.annotate(rf"$\dot{{\delta}}^+$ = {v_after:.4f} m/s", (0.97, 0.9), xycoords="axes fraction",
                          ha="right", fontsize="small", color="tab:blue")
        else:
            peak = runs[law].impact["max_force"]
            axes.annotate(f"F_max = {peak:.2f} N", (0.02, 0.92), xycoords="axes fraction", fontsize="small",
                          color="tab:blue")
        axes.axhline(0, color="0.75", linewidth=0.8)
        axes.set_title(f"({letter}) {name}\n{law}" if letter else f"{name}\n{law}", fontsize="medium")
        axes.grid(alpha=0.3)
    for axes in axes_grid[-1, :]:
        axes.set_xlabel(f"indentation {DELTA} [µm]")
    for axes in axes_grid[:, 0]:
        axes.set_ylabel("contact force F [N]" if kind == "force" else f"indentation rate {DELTA_DOT} [m/s]")
    what = "hysteresis loops (cf. S000 Fig. 3)" if kind == "force" else "phase portraits (cf. S000 Fig. 4)"
    figure.suptitle(rf"Two aluminium spheres, c = 0.7, $\dot{{\delta}}^-$ = 0.3 m/s: {what}")
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    handles, labels = axes_grid.flat[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="lower center", ncol=3, frameon=False)
    name = "aluminium_spheres_hysteresis.png" if kind == "force" else "aluminium_spheres_phase.png"
    caption = ("Two aluminium spheres: force vs indentation of each model (a)–(h) and the exact law, Hertz dashed"
               if kind == "force" else
               "Two aluminium spheres: phase portrait δ̇(δ) of each model, Hertz dashed, S000's −0.2 m/s dotted")
    return ctx.save_figure(figure, name, caption)


def figure_overlay(ctx, runs, hertz):
    figure, (loops, phase) = ctx.figure(1, 2, figsize=(15, 6))
    entries = [("Hertz", "hertz", hertz)] + [(f"({l}) {law}" if l else law, law, runs[law]) for l, law, _ in MODELS]
    for index, (label, law, run) in enumerate(entries):
        colour, dash = ("black", ":") if law == "hertz" else law_style(index - 1)
        loops.plot(*curve(run, "force"), color=colour, linestyle=dash, linewidth=1.2, label=label)
        phase.plot(*curve(run, "phase"), color=colour, linestyle=dash, linewidth=1.2)
    loops.set_xlabel(f"indentation {DELTA} [µm]")
    loops.set_ylabel("contact force F [N]")
    loops.set_title("hysteresis loops")
    phase.set_xlabel(f"indentation {DELTA} [µm]")
    phase.set_ylabel(f"indentation rate {DELTA_DOT} [m/s]  (> 0 approaching)")
    phase.set_title("phase portraits (end point: post-impact relative velocity)")
    for axes in (loops, phase):
        axes.axhline(0, color="0.75", linewidth=0.8)
        axes.grid(alpha=0.3)
    figure.suptitle("Two aluminium spheres: every model on one plot")
    figure.tight_layout()
    figure.legend(*loops.get_legend_handles_labels(), loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
    return ctx.save_figure(figure, "aluminium_spheres_overlay.png",
                           "Two aluminium spheres: the models' hysteresis loops and phase portraits overlaid")
