# SPDX-License-Identifier: MIT
"""Item 1: steel ball on cylindrical specimens, Alves et al. (S000) §4, Table 4 (models.md §5.2)."""

import numpy as np

from validation.context import DELTA, at_extremum, code, fmt_fixed, law_style

ITEM = 1
TITLE = "Ball on cylinder: maximum contact force (Alves et al., S000 Table 4)"

# Table 4 of S000, verbatim (models.md §5.2): F_max [N] and the printed error relative to the experiment [%].
SCENES = [  # (scene file, column heading of Table 4)
    ("scenes/ball_on_cylinder_c1_slow.yaml", "C1 0.094 m/s"),
    ("scenes/ball_on_cylinder_c1_fast.yaml", "C1 0.500 m/s"),
    ("scenes/ball_on_cylinder_c2_slow.yaml", "C2 0.094 m/s"),
    ("scenes/ball_on_cylinder_c2_fast.yaml", "C2 0.500 m/s"),
]
EXPERIMENT = {"Experimental [16]": [663.0, 4709.6, 660.2, 4364.6]}
TABLE_4 = [  # (law id, Table 4 row label verbatim, F_max per column, printed error per column)
    ("hertz", "Hertz [104]", [662.5, 4937.8, 657.5, 4899.9], ["-0.1", "4.8", "-0.4", "12.3"]),
    ("hunt_crossley", "Hunt and Crossley [96], Marhefka and Orin [27]", [652.7, 4817.6, 630.6, 4496.4],
     ["-1.6", "2.3", "-4.5", "3.0"]),
    ("herbert_mcwhannell", "Herbert and McWhannell [102]", [652.4, 4812.8, 628.9, 4464.1],
     ["-1.6", "2.2", "-4.7", "2.3"]),
    ("lee_wang", "Lee and Wang [109]", [657.4, 4874.3, 642.6, 4633.5], ["-0.8", "3.5", "-2.7", "6.2"]),
    ("lankarani_nikravesh", "Lankarani and Nikravesh [100]", [652.8, 4820.0, 631.5, 4522.3],
     ["-1.5", "2.3", "-4.3", "3.6"]),
    ("gonthier", "Gonthier et al. [110], Zhang and Sharf [103]", [649.5, 4780.2, 622.9, 4436.0],
     ["-2.0", "1.5", "-5.7", "1.6"]),
    ("zhiying_qishao", "Zhying and Qishao [111]", [652.3, 4810.1, 627.8, 4444.0], ["-1.6", "2.1", "-4.9", "1.8"]),
    ("flores", "Flores et al. [101]", [651.8, 4805.2, 627.2, 4445.5], ["-1.7", "2.0", "-5.0", "1.9"]),
]
# models.md §5.2 [computed] reproduction (scipy, m = 0.54 kg, Table 3's printed K = 2.46e10 / 2.41e10).
COMPUTED = {
    "hertz": [663.3, 4928.6, 657.9, 4888.2],
    "hunt_crossley": [653.6, 4809.5, 631.1, 4488.1],
    "herbert_mcwhannell": [653.4, 4804.8, 629.4, 4454.4],
    "lee_wang": [658.3, 4865.6, 643.1, 4623.1],
    "lankarani_nikravesh": [653.7, 4811.9, 632.0, 4512.4],
    "gonthier": [650.5, 4772.4, 623.4, 4426.3],
    "zhiying_qishao": [653.2, 4802.2, 628.4, 4434.3],
    "flores": [652.7, 4797.3, 627.8, 4435.9],
}
TOLERANCE = 0.005           # against Table 4 (see the text)
COMPUTED_TOLERANCE = 0.001  # against models.md's reproduction


def section(ctx):
    experiment = EXPERIMENT["Experimental [16]"]
    specs = [dict(scene=scene, law=law) for scene, _ in SCENES for law, *_ in TABLE_4]
    runs = iter(ctx.run_scenes(specs))
    results = {(scene, law): next(runs) for scene, _ in SCENES for law, *_ in TABLE_4}

    out = [f"""A steel ball (0.54 kg, Ø 50.8 mm; S000 prints the two swapped, models.md erratum 1) strikes the flat face of a
fixed steel cylinder, specimen C1 (E = 213 GPa) or C2 (E = 205 GPa, yields at 42 N), at 0.094 or 0.5 m/s — the
experiment of Zhang & Sharf, modelled in S000 as an isolated Hunt–Crossley-type impact with the target restitution
of its Table 3. Each scene's header states the set-up; the stiffness comes from the materials (sphere on a flat,
K = 4/3 E*√R), which is Table 3's value to its printed digits (models.md §2.1). Each law runs on each scene as
`contactlab run SCENE --model LAW`; **ours** is the located force peak `max_force` of impacts.csv.

**Tolerance: ±{100 * TOLERANCE:g} % against the published model values.** models.md §5.2 reproduced Table 4 independently
(scipy, Table 3's printed K) and found every model within 0.25 % of it, with an offset that is the same for all models of a
column and alternates in sign with the speed (about +0.1 % at 0.094 m/s, −0.2 % at 0.5 m/s): S000's peak capture by time
stepping, not a law. Our values carry the same offset (table below), plus ≤ 0.07 % from K computed from the materials
rather than the rounded 2.46e10 / 2.41e10 of Table 3 (F_max ∝ K^(2/5)). ±{100 * TOLERANCE:g} % is twice the largest offset.
Against that reproduction itself (models.md §5.2 *[computed]*) we must agree within ±{100 * COMPUTED_TOLERANCE:g} %
(the K rounding). The *error vs experiment* columns are S000's printed Error and ours, (F − F_exp)/F_exp; the models
ignore plasticity, which is S000's explanation for the C2 errors (C2 yields at 42 N). Row labels are Table 4's,
verbatim, misspellings included (models.md erratum 9: Zhiying, Marhefka); the row "Gonthier et al., Zhang and Sharf"
is Gonthier's approximate damping z = (1 − c²)/c, our `gonthier` (models.md §3.D5: the exact z would not reproduce it).
"""]

    for column, (scene, heading) in enumerate(SCENES):
        rows = [["Experimental [16]", "—", "—", fmt_fixed(experiment[column], 1), "-"] + ["—"] * 7]
        for law, label, published, printed_error in TABLE_4:
            run = results[(scene, law)]
            ours = run.impact["max_force"]
            check = ctx.check(published[column], ours, TOLERANCE)
            computed = ctx.check(COMPUTED[law][column], ours, COMPUTED_TOLERANCE)
            ours_error = 100 * (ours - experiment[column]) / experiment[column]
            rows.append([label, code(law), code(run.command), fmt_fixed(published[column], 1), printed_error[column],
                         fmt_fixed(ours, 2), f"{ours_error:+.2f}", check.difference_text, check.tolerance_text, check.verdict, fmt_fixed(COMPUTED[law][column], 1),
                         f"{computed.difference_text} ({computed.tolerance_text}) {computed.verdict}"])
        out.append(f"\n### {heading}: {ctx.scene_link(scene)}\n\n")
        out.append(ctx.table(["Table 4 row (verbatim)", "law", "command", "published F_max [N]",
                              "published error vs exp. [%]", "ours F_max [N]", "ours error vs exp. [%]",
                              "ours − published", "tolerance", "pass", "models.md [computed] [N]",
                              "ours − [computed]"], rows, "lllrrrrrrcrl"))

    # The offset is systematic: the same for every law of a column.
    rows = []
    for column, (scene, heading) in enumerate(SCENES):
        differences = np.array([100 * (results[(scene, law)].impact["max_force"] - published[column]) / published[column]
                                for law, _, published, _ in TABLE_4])
        rows.append([heading, f"{differences.mean():+.3f} %", f"{differences.min():+.3f} %",
                     f"{differences.max():+.3f} %", f"{differences.max() - differences.min():.3f} %"])
    out.append("\n### The offset from Table 4 is systematic\n\nOurs − published over the eight laws of each column: "
               "the spread within a column is a fraction of the offset, which is the same for all laws (models.md §5.2).\n\n")
    out.append(ctx.table(["column", "mean", "min", "max", "spread"], rows))

    out.append("\n" + figure_peaks(ctx, results, experiment))
    out.append("\n" + figure_differences(ctx, results))
    out.append("\n" + figure_histories(ctx, results))
    return "".join(out)


def figure_peaks(ctx, results, experiment):
    figure, axes_grid = ctx.figure(2, 2, figsize=(13, 8.5))
    laws = [law for law, *_ in TABLE_4]
    positions = np.arange(len(laws))
    for column, ((scene, heading), axes) in enumerate(zip(SCENES, axes_grid.flat)):
        published = [row[2][column] for row in TABLE_4]
        ours = [results[(scene, law)].impact["max_force"] for law in laws]
        axes.axhline(experiment[column], color="0.3", linestyle="--", linewidth=1.2, label="experiment [16]")
        axes.plot(positions, published, "o", markersize=9, markerfacecolor="none", markeredgecolor="tab:blue",
                  markeredgewidth=1.5, label="published (Table 4)")
        axes.plot(positions, [COMPUTED[law][column] for law in laws], "+", markersize=10, color="tab:green",
                  label="models.md [computed]")
        axes.plot(positions, ours, "x", markersize=7, color="tab:red", markeredgewidth=1.8, label="ours")
        axes.set_xticks(positions)
        axes.set_xticklabels(laws, rotation=35, ha="right", fontsize="small")
        axes.set_ylabel("maximum contact force F_max [N]")
        axes.set_title(f"{heading}  ({scene.split('/')[-1]})", fontsize="medium")
        axes.grid(alpha=0.3)
    figure.suptitle("Ball on cylinder (S000 Table 4): F_max per law — published, models.md reproduction, ours; "
                    "dashed: experiment")
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    handles, labels = axes_grid.flat[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="lower center", ncol=4, frameon=False)
    return ctx.save_figure(figure, "ball_on_cylinder_fmax.png",
                           "Ball on cylinder: F_max of each law on each specimen and speed, published (Table 4) vs ours")


def figure_differences(ctx, results):
    figure, axes = ctx.figure(1, 1, figsize=(11, 5.5))
    laws = [law for law, *_ in TABLE_4]
    positions = np.arange(len(laws))
    axes.axhspan(-100 * TOLERANCE, 100 * TOLERANCE, color="tab:green", alpha=0.08, label=f"tolerance ±{100 * TOLERANCE:g} %")
    for column, (scene, heading) in enumerate(SCENES):
        colour, _ = law_style(column)
        offset = (column - 1.5) * 0.12
        against_published = [100 * (results[(scene, law)].impact["max_force"] / row[2][column] - 1)
                             for law, row in zip(laws, TABLE_4)]
        against_computed = [100 * (results[(scene, law)].impact["max_force"] / COMPUTED[law][column] - 1) for law in laws]
        axes.plot(positions + offset, against_published, "o", color=colour, label=f"{heading}: vs Table 4")
        axes.plot(positions + offset, against_computed, "^", color=colour, markerfacecolor="none",
                  label=f"{heading}: vs models.md [computed]")
    for level in (-100 * COMPUTED_TOLERANCE, 100 * COMPUTED_TOLERANCE):
        axes.axhline(level, color="tab:green", linestyle=":", linewidth=1.0,
                     label=f"tolerance vs [computed] ±{100 * COMPUTED_TOLERANCE:g} %" if level > 0 else None)
    axes.axhline(0, color="0.5", linewidth=0.8)
    axes.set_xticks(positions)
    axes.set_xticklabels(laws, rotation=30, ha="right")
    axes.set_ylabel("ours − reference [%]")
    axes.set_ylim(-0.6, 0.6)
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    axes.set_title("Ball on cylinder: relative difference of our F_max from Table 4 (filled) and from models.md's "
                   "reproduction (open)", fontsize="medium")
    figure.tight_layout()
    return ctx.save_figure(figure, "ball_on_cylinder_difference.png",
                           "Ball on cylinder: ours − published F_max in %, per law and column; the shaded band is the tolerance")


def figure_histories(ctx, results):
    figure, axes_grid = ctx.figure(2, 2, figsize=(13, 8.5))
    for (scene, heading), axes in zip(SCENES, axes_grid.flat):
        for index, (law, *_) in enumerate(TABLE_4):
            run = results[(scene, law)]
            series, pair, mask = run.impact_window()
            colour, dash = law_style(index)
            axes.plot(series[f"{pair}.indentation"][mask] * 1e6, series[f"{pair}.force"][mask], color=colour,
                      linestyle=dash, linewidth=1.1, label=law)
            peak, _ = at_extremum(run, "force")
            axes.plot(peak[f"{pair}.indentation"] * 1e6, peak[f"{pair}.force"], "o", color=colour, markersize=4)
        axes.set_xlabel(f"indentation {DELTA} [µm]")
        axes.set_ylabel("contact force F [N]")
        axes.set_title(f"{heading}  ({scene.split('/')[-1]})", fontsize="medium")
        axes.grid(alpha=0.3)
    figure.suptitle("Ball on cylinder: force–indentation loops of each law (dot: F_max; hertz has no dissipation)")
    figure.tight_layout()
    handles, labels = axes_grid.flat[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False, title="law")
    return ctx.save_figure(figure, "ball_on_cylinder_loops.png",
                           "Ball on cylinder: force vs indentation of each law on each specimen and speed")
