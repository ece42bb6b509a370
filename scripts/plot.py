#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""PNG plots of contactlab output (docs/output.md), called by `contactlab plot DIR` and `--plot`.

    plot.py DIR [--quiet] [--verbose]

DIR is either a run directory (summary.json, impacts.csv, timeseries.csv), which gets
    force_time.png  force_indentation.png  phase_portrait.png  energy.png  coordinates.png
    friction.png  (runs with friction: slip and friction force per contact point, stick phases shaded)
    clearance_<joint>.png  (per joint with clearance: the journal's orbit or the slider's place in its guide, the
                            contact force against the crank angle, free flight / impact / continuous contact shaded)
or a comparison directory (comparison.csv and one run directory per law), which gets the same plots with
the laws overlaid (first impact of each law) plus a bar chart of the first-impact measures:
    comparison_force_time.png  comparison_force_indentation.png  comparison_phase_portrait.png
    comparison_energy.png  comparison_coordinates.png  comparison_summary.png
    comparison_force_indentation_grid.png  comparison_force_time_grid.png  (each law over the others)
and, when the comparison has a page (`compare --report` wrote report.json), its overlays of the scene's headline
curves and journal orbits: report_curves.png  report_orbits.png (a scene with revolute clearance joints)
Exit codes: 0 plots written, 2 DIR holds neither, 3 matplotlib/numpy missing, 1 other errors.
"""

import argparse
import csv
import json
import math
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt
    import numpy as np
except ImportError as missing:
    sys.stderr.write(
        f"error: plot.py needs matplotlib and numpy ({missing}); on Debian: apt-get install python3-matplotlib\n")
    sys.exit(3)

# Mathtext symbols (the combining dot of "δ̇" does not render in the default font).
DELTA = r"$\delta$"
DELTA_DOT = r"$\dot{\delta}$"

# Impacts shown individually in a run's per-impact plots; later ones are left out (the title says so).
MAX_IMPACTS_SHOWN = 8
DPI = 120

quiet = False
verbose = False


def info(message):
    if not quiet:
        sys.stderr.write(f"info: {message}\n")


def debug(message):
    if verbose:
        sys.stderr.write(f"debug: {message}\n")


# ---------------------------------------------------------------------------------------------- reading


class Timeseries:
    """timeseries.csv as named float columns."""

    def __init__(self, path):
        with open(path, newline="") as handle:
            self.names = next(csv.reader(handle))
        data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2) if os.path.getsize(path) > 0 else np.zeros((0, 0))
        if data.size == 0:
            data = np.zeros((0, len(self.names)))
        self.columns = {name: data[:, i] for i, name in enumerate(self.names)}
        self.time = self.columns["time"]
        # Whole-run time axes in s, ms or µs, whichever reads best for the run's length.
        self.time_scale, self.time_unit = si_scale(self.time, "s")
        self.axis_time = self.time / self.time_scale

    def coordinates(self):
        return [name[2:] for name in self.names if name.startswith("q_")]

    def velocities(self):
        return [name[2:] for name in self.names if name.startswith("v_")]

    def has_pair(self, pair):
        """Pairs the broadphase finds at run time may have no timeseries columns."""
        return f"{pair}.force" in self.columns

    def pairs(self):
        return [name[: -len(".force")] for name in self.names if name.endswith(".force")]

    def window(self, t_start, t_end):
        """Boolean mask of the samples of one contact interval (the events themselves are sampled)."""
        return (self.time >= t_start) & (self.time <= t_end)


def read_impacts(path):
    impacts = []
    if not os.path.exists(path):
        return impacts
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            impact = {key: (value if key == "pair" else float(value)) for key, value in row.items()}
            impacts.append(impact)
    return impacts


def read_summary(path):
    with open(path) as handle:
        return json.load(handle)


# ---------------------------------------------------------------------------------------------- helpers

PREFIXES = [(1e9, "G"), (1e6, "M"), (1e3, "k"), (1.0, ""), (1e-3, "m"), (1e-6, "µ"), (1e-9, "n"), (1e-12, "p"), (1e-15, "f")]


def si_scale(values, unit):
    """Factor to divide by and the prefixed unit, so the largest magnitude reads between 1 and 1000."""
    finite = [abs(v) for v in np.ravel(values) if np.isfinite(v)]
    largest = max(finite) if finite else 0.0
    if largest == 0.0 or unit == "":
        return 1.0, unit
    for factor, prefix in PREFIXES:
        if largest >= factor:
            return factor, prefix + unit
    return PREFIXES[-1][0], PREFIXES[-1][1] + unit


def law_styles(count):
    """Distinct colour/line-style pairs for up to 40 overlaid laws."""
    colours = plt.get_cmap("tab10").colors  # tab20's light/dark pairs are too alike; vary the dashes instead
    dashes = ["-", "--", ":", "-."]
    return [(colours[i % len(colours)], dashes[(i // len(colours)) % len(dashes)]) for i in range(count)]


def legend_outside(axes, count, title=None):
    """Legend right of the axes, in as many columns as the count needs."""
    columns = max(1, math.ceil(count / 24))
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small" if count <= 12 else "x-small",
                ncol=columns, title=title, frameon=False)


def figure_legend(figure, axes, count, title=None):
    """One legend right of a multi-panel figure (an axes legend would stretch the gap between panels).
    Call after tight_layout; save() keeps it in the picture (bbox_inches="tight")."""
    handles, labels = axes.get_legend_handles_labels()
    figure.legend(handles, labels, loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize="small" if count <= 12 else "x-small",
                  ncol=max(1, math.ceil(count / 30)), title=title, frameon=False)


def save(figure, path):
    """Writes atomically (temporary name, then rename): a reader never sees a partial PNG."""
    temporary = f"{path}.tmp-{os.getpid()}.png"
    try:
        figure.savefig(temporary, dpi=DPI, bbox_inches="tight")
        os.replace(temporary, path)
    finally:
        plt.close(figure)
        if os.path.exists(temporary):
            os.remove(temporary)
    info(f"wrote {path}")


def impact_label(number, impact, several_pairs):
    label = f"#{number}"
    if several_pairs:
        label += f" {impact['pair']}"
    label += f"  ({DELTA_DOT}$^-$ = {impact['impact_velocity']:.3g} m/s)"
    return label


def shown_impacts(impacts):
    return list(enumerate(impacts[:MAX_IMPACTS_SHOWN], start=1))


def impacts_note(impacts, untraced=0):
    note = f" — first {MAX_IMPACTS_SHOWN} of {len(impacts)} impacts" if len(impacts) > MAX_IMPACTS_SHOWN else ""
    if untraced:
        note += f" ({untraced} impacts on pairs without timeseries columns not shown)"
    return note


def no_data(axes, text):
    axes.text(0.5, 0.5, text, transform=axes.transAxes, ha="center", va="center", color="0.4")


def mark_impacts(axes, impacts, time_scale):
    """Thin vertical lines at the contact onsets, for orientation in whole-run plots."""
    for impact in impacts:
        axes.axvline(impact["t_start"] / time_scale, color="0.85", linewidth=0.8, zorder=0)


# ------------------------------------------------------------------------------------------ run plots


def run_title(summary, what):
    return f"{summary.get('scene', '')}: {what} (law {summary.get('model', '?')})"


def plot_run_force_time(directory, summary, series, impacts, untraced):
    figure, (whole, zoom) = plt.subplots(2, 1, figsize=(10, 8), gridspec_kw={"height_ratios": [1, 1.4]})
    pairs = series.pairs()
    force_values = np.concatenate([series.columns[f"{p}.force"] for p in pairs]) if pairs else np.zeros(0)
    f_scale, f_unit = si_scale(force_values, "N")
    for pair in pairs:
        whole.plot(series.axis_time, series.columns[f"{pair}.force"] / f_scale, linewidth=0.9, label=pair)
    whole.set_xlabel(f"time t [{series.time_unit}]")
    whole.set_ylabel(f"normal force F [{f_unit}]")
    whole.set_title("whole run")
    whole.grid(alpha=0.3)
    if len(pairs) > 1:
        whole.legend(fontsize="small")
    if not pairs:
        no_data(whole, "no contact pairs")

    shown = shown_impacts(impacts)
    longest = max([i["t_end"] - i["t_start"] for _, i in shown], default=0.0)
    t_scale, t_unit = si_scale([longest], "s")
    several_pairs = len(pairs) > 1
    for number, impact in shown:
        mask = series.window(impact["t_start"], impact["t_end"])
        zoom.plot((series.time[mask] - impact["t_start"]) / t_scale,
                  series.columns[f"{impact['pair']}.force"][mask] / f_scale, marker=".", markersize=2,
                  linewidth=1.2, label=impact_label(number, impact, several_pairs))
    zoom.set_xlabel(f"time since contact onset t − t_start [{t_unit}]")
    zoom.set_ylabel(f"normal force F [{f_unit}]")
    zoom.set_title("each impact, from onset to separation" + impacts_note(impacts, untraced))
    zoom.grid(alpha=0.3)
    if shown:
        zoom.legend(fontsize="small", title="impact")
    else:
        no_data(zoom, "no impacts")
    figure.suptitle(run_title(summary, "contact force vs time"))
    figure.tight_layout()
    save(figure, os.path.join(directory, "force_time.png"))


def plot_run_loops(directory, summary, series, impacts, untraced, kind):
    """Force–indentation hysteresis loops, or the phase portrait δ̇(δ), one curve per impact."""
    figure, axes = plt.subplots(figsize=(9, 6.5))
    shown = shown_impacts(impacts)
    several_pairs = len(series.pairs()) > 1
    masks = [series.window(i["t_start"], i["t_end"]) for _, i in shown]
    delta = [series.columns[f"{i['pair']}.indentation"][m] for (_, i), m in zip(shown, masks)]
    y_name = "force" if kind == "force" else "normal_velocity"
    y = [series.columns[f"{i['pair']}.{y_name}"][m] for (_, i), m in zip(shown, masks)]
    d_scale, d_unit = si_scale(np.concatenate(delta) if delta else [], "m")
    y_scale, y_unit = si_scale(np.concatenate(y) if y else [], "N" if kind == "force" else "m/s")
    for (number, impact), d, v in zip(shown, delta, y):
        line, = axes.plot(d / d_scale, v / y_scale, linewidth=1.3, label=impact_label(number, impact, several_pairs))
        if len(d) > 0:
            axes.plot(d[0] / d_scale, v[0] / y_scale, "o", color=line.get_color(), markersize=4)
    axes.axhline(0.0, color="0.6", linewidth=0.8)
    axes.set_xlabel(f"indentation {DELTA} [{d_unit}]")
    if kind == "force":
        axes.set_ylabel(f"normal force F [{y_unit}]")
        what = "force vs indentation (hysteresis loops)"
        name = "force_indentation.png"
    else:
        axes.set_ylabel(f"indentation rate {DELTA_DOT} [{y_unit}]  (> 0 approaching)")
        what = f"phase portrait {DELTA_DOT} vs {DELTA}"
        name = "phase_portrait.png"
    axes.set_title(run_title(summary, what) + impacts_note(impacts, untraced) + "\n(dot: onset)", fontsize="medium")
    axes.grid(alpha=0.3)
    if shown:
        axes.legend(fontsize="small", title="impact")
    else:
        no_data(axes, "no impacts")
    figure.tight_layout()
    save(figure, os.path.join(directory, name))


def plot_run_energy(directory, summary, series, impacts):
    figure, (terms, balance) = plt.subplots(2, 1, figsize=(10, 8), sharex=True, gridspec_kw={"height_ratios": [2, 1]})
    c = series.columns
    stacked = [c[name] for name in ("kinetic_energy", "gravitational_energy", "elastic_energy", "dissipated_energy",
                                    "total_energy")]
    e_scale, e_unit = si_scale(np.concatenate(stacked) if len(series.time) else [], "J")
    terms.plot(series.axis_time, c["kinetic_energy"] / e_scale, label="kinetic")
    terms.plot(series.axis_time, c["gravitational_energy"] / e_scale, label="gravitational")
    terms.plot(series.axis_time, c["elastic_energy"] / e_scale, label="elastic (in contacts)")
    terms.plot(series.axis_time, c["dissipated_energy"] / e_scale, label="dissipated work W_diss")
    terms.plot(series.axis_time, c["total_energy"] / e_scale, color="black", linewidth=1.6, label="total E")
    ledger = c["total_energy"] + c["dissipated_energy"] - c.get("joint_work", 0.0)
    terms.plot(series.axis_time, ledger / e_scale, color="black", linestyle="--", linewidth=1.0, label="E + W_diss")
    mark_impacts(terms, impacts, series.time_scale)
    terms.set_ylabel(f"energy [{e_unit}]")
    terms.set_title(run_title(summary, "energy terms and dissipated work"))
    terms.grid(alpha=0.3)
    legend_outside(terms, 6)
    error = ledger - ledger[0] if len(ledger) else ledger
    b_scale, b_unit = si_scale(error, "J")
    balance.plot(series.axis_time, error / b_scale, color="tab:red", linewidth=1.0)
    mark_impacts(balance, impacts, series.time_scale)
    balance.set_xlabel(f"time t [{series.time_unit}]")
    balance.set_ylabel(f"E + W_diss − E(0) [{b_unit}]")
    balance.set_title("energy balance error (zero for the exact solution; grey lines: contact onsets)", fontsize="medium")
    balance.grid(alpha=0.3)
    figure.tight_layout()
    save(figure, os.path.join(directory, "energy.png"))


def unit_label(columns, units):
    """"[m]" when the plotted columns share a unit, else "[m, rad]"; "1" (quaternions) reads as unitless."""
    found = []
    for column in columns:
        unit = units.get(column, "?")
        unit = "–" if unit == "1" else unit
        if unit not in found:
            found.append(unit)
    return f"[{', '.join(found)}]" if found else ""


def plot_run_coordinates(directory, summary, series, impacts):
    names = series.coordinates()
    units = summary.get("coordinate_units", {})
    # Many coordinates (a chain of beads): displacements from the start, coloured by index, no legend.
    many = len(names) > 10
    mixed = len({units.get(f"q_{n}") for n in names}) > 1
    figure, (positions, velocities) = plt.subplots(2, 1, figsize=(10, 8), sharex=True)
    colours = plt.get_cmap("viridis")(np.linspace(0.0, 1.0, max(len(names), 1))) if many else [None] * len(names)
    displacements = [series.columns[f"q_{n}"] - series.columns[f"q_{n}"][:1] for n in names] if many else []
    q_unit = units.get(f"q_{names[0]}", "") if names and not mixed else ""
    d_scale, d_unit = si_scale(np.concatenate(displacements) if displacements else [], q_unit) if q_unit else (1.0, "")
    for index, (name, colour) in enumerate(zip(names, colours)):
        suffix = f" [{units.get(f'q_{name}', '?')}]" if mixed else ""
        q = displacements[index] / d_scale if many else series.columns[f"q_{name}"]
        positions.plot(series.axis_time, q, color=colour, linewidth=1.0 if many else 1.5, label=name + suffix)
    # A joint may have fewer velocities than coordinates (a free joint: 7 q with a quaternion, 6 v): its own list.
    rates = series.velocities()
    rate_colours = plt.get_cmap("viridis")(np.linspace(0.0, 1.0, max(len(rates), 1))) if many else [None] * len(rates)
    for name, colour in zip(rates, rate_colours):
        velocities.plot(series.axis_time, series.columns[f"v_{name}"], color=colour, linewidth=1.0 if many else 1.5,
                        label=name)
    for axes in (positions, velocities):
        if not many:
            mark_impacts(axes, impacts, series.time_scale)
        axes.grid(alpha=0.3)
    q_label = unit_label([f"q_{n}" for n in names], units)
    positions.set_ylabel(f"displacement q − q(0) {f'[{d_unit}]' if d_unit else q_label}" if many
                         else f"generalized coordinate q {q_label}")
    velocities.set_ylabel(f"generalized velocity v {unit_label([f'v_{n}' for n in rates], units)}")
    velocities.set_xlabel(f"time t [{series.time_unit}]")
    note = f"{len(names)} coordinates, coloured by index" if many else "grey lines: contact onsets"
    positions.set_title(run_title(summary, "body coordinates") + f"\n({note})", fontsize="medium")
    if many:
        figure.tight_layout()
        mappable = matplotlib.cm.ScalarMappable(cmap="viridis", norm=matplotlib.colors.Normalize(0, len(names) - 1))
        bar = figure.colorbar(mappable, ax=[positions, velocities], fraction=0.04, pad=0.02)
        bar.set_label(f"coordinate index ({names[0]} … {names[-1]})")
    else:
        if names:
            legend_outside(positions, len(names), title="coordinate")
        else:
            no_data(positions, "no moving bodies")
        figure.tight_layout()
    save(figure, os.path.join(directory, "coordinates.png"))


class ContactPoint:
    """One contact point's friction samples from contacts.csv (world components), in the order written."""

    def __init__(self, samples):
        columns = list(zip(*samples))
        self.time = np.array(columns[0])
        self.slip = np.array(columns[1:4]).T  # v_t [m/s]
        self.friction = np.array(columns[4:7]).T  # f_t on B [N]
        self.normal = np.array(columns[7])  # N [N]
        self.sticking = np.array(columns[8]) > 0.5  # held by the engine (exact stiction, or a band law in its band)


def read_friction(path):
    """contacts.csv's friction columns per contact point: {(pair, point): ContactPoint}, or {} when the run has no
    friction (no slip_speed column)."""
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
        names = rows[0].keys() if rows else []
    if "slip_speed" not in names:
        return {}
    points = {}
    for row in rows:
        key = (row["pair"], int(row["point"]))
        sample = [float(row[name]) for name in ("time", "slip_x", "slip_y", "slip_z", "friction_x", "friction_y",
                                                "friction_z", "force", "sticking")]
        points.setdefault(key, []).append(sample)
    return {key: ContactPoint(samples) for key, samples in points.items()}


def slip_direction(point):
    """A fixed unit direction in the contact plane to project a point's slip and friction on: the slip's where it is
    largest, else (a point that never slips) the friction force's where it is largest; None when both are zero."""
    for vectors in (point.slip, point.friction):
        sizes = np.linalg.norm(vectors, axis=1)
        largest = int(np.argmax(sizes))
        if sizes[largest] > 0.0:
            return vectors[largest] / sizes[largest]
    return None


def contact_segments(point, intervals):
    """Index ranges of a point's samples, one per contact (the impacts' [t_start, t_end]): curves are not drawn
    across the time the point is apart."""
    segments = []
    for t_start, t_end in intervals:
        inside = np.nonzero((point.time >= t_start) & (point.time <= t_end))[0]
        if len(inside):
            segments.append((inside[0], inside[-1] + 1))
    return segments or [(0, len(point.time))]


def stick_phases(time, sticks, segments):
    """[(t_first, t_last)] of each run of consecutive sticking samples within one contact."""
    phases = []
    for begin, end in segments:
        k = begin
        while k < end:
            if not sticks[k]:
                k += 1
                continue
            first = k
            while k < end and sticks[k]:
                k += 1
            phases.append((time[first], time[k - 1]))
    return phases


def plot_run_friction(directory, summary, series, impacts):
    """Per contact point in contact (runs with friction only): (a) the slip velocity along a fixed direction d in the
    contact plane against time, stick phases shaded; (b) the friction force along d over the normal force against
    that slip velocity, where a state law's hysteresis shows as a loop and exact Coulomb friction as its set-valued
    graph (the vertical segment at v = 0 is the stick phase's holding force)."""
    points = read_friction(os.path.join(directory, "contacts.csv"))
    if not points:
        return
    # Stick phases: the engine's flag for laws that hold contacts (exact stiction, a band law in its band); for the
    # others (regularised, bristle), and pairs made by the broadphase (not listed), slip slower than stick_speed.
    holding = {c["pair"] for c in summary.get("contacts", []) if c.get("friction", {}).get("stiction") in ("exact", "band")}
    stick_speed = summary.get("stick_speed", 1e-3)
    figure, (slips, loops) = plt.subplots(1, 2, figsize=(13, 5))
    shown = sorted(points)[:8]
    colours = plt.get_cmap("tab10").colors
    fastest = 0.0
    for index, key in enumerate(shown):
        point, colour = points[key], colours[index % len(colours)]
        label = f"{key[0]} #{key[1]}" if len(points) > 1 else key[0]
        direction = slip_direction(point)
        if direction is None:
            direction = np.array([1.0, 0.0, 0.0])
        slip = point.slip @ direction
        fastest = max(fastest, float(np.max(np.abs(slip))))
        friction = point.friction @ direction
        sticks = point.sticking.copy()
        if key[0] not in holding:
            sticks |= np.linalg.norm(point.slip, axis=1) < stick_speed
        intervals = [(i["t_start"], i["t_end"]) for i in impacts if i["pair"] == key[0] and int(i["point"]) == key[1]]
        segments = contact_segments(point, intervals)
        phases = stick_phases(point.time, sticks, segments)
        for number, (begin, end) in enumerate(segments):
            pressed = point.normal[begin:end] > 0
            slips.plot(point.time[begin:end] / series.time_scale, slip[begin:end], color=colour, linewidth=1.0,
                       label=label if number == 0 else None)
            loops.plot(slip[begin:end][pressed], friction[begin:end][pressed] / point.normal[begin:end][pressed],
                       color=colour, linewidth=1.0, marker=".", markersize=2, label=label if number == 0 else None)
        for t_first, t_last in phases:
            slips.axvspan(t_first / series.time_scale, t_last / series.time_scale, color=colour, alpha=0.15, linewidth=0)
        in_contact = sum(point.time[end - 1] - point.time[begin] for begin, end in segments)
        stuck = sum(t_last - t_first for t_first, t_last in phases)
        along = ", ".join(f"{c:.3g}" for c in direction)
        info(f"friction.png: {label}: {len(phases)} stick phases, {stuck:.6g} s sticking of {in_contact:.6g} s in "
             f"contact (slip along d = [{along}])")
    slips.axhline(0.0, color="0.6", linewidth=0.8)
    slips.set_xlabel(f"time t [{series.time_unit}]")
    slips.set_ylabel("slip velocity along d, v_t·d [m/s]")
    slips.set_title("(a) slip velocity (shaded: sticking)", fontsize="medium")
    loops.axhline(0.0, color="0.6", linewidth=0.8)
    loops.axvline(0.0, color="0.6", linewidth=0.8)
    # When points slide fast: linear below the stick speed, logarithmic above, so the slow branches where laws differ
    # (a bristle law's pre-sliding loop, the Stribeck dip) are as wide as the fast sliding.
    if fastest > 10.0 * stick_speed:
        loops.set_xscale("symlog", linthresh=stick_speed)
        loops.set_xlabel(f"slip velocity along d, v_t·d [m/s]  (linear below {stick_speed:g})")
    else:
        loops.set_xlabel("slip velocity along d, v_t·d [m/s]")
    loops.set_ylabel("friction force along d over normal force, f_t·d / N")
    loops.set_title("(b) friction force vs slip velocity", fontsize="medium")
    for axes in (slips, loops):
        axes.grid(alpha=0.3)
    friction_laws = sorted({c["friction"]["law"] for c in summary.get("contacts", []) if "friction" in c})
    figure.suptitle(run_title(summary, "friction") + (f", friction {', '.join(friction_laws)}" if friction_laws else "")
                    + "\n(d: each point's direction of largest slip, fixed in the world)", fontsize="medium")
    figure.tight_layout()
    if len(shown) > 1:
        figure_legend(figure, loops, len(shown), "contact point" + (f" (first 8 of {len(points)})" if len(points) > 8 else ""))
    save(figure, os.path.join(directory, "friction.png"))


# A contact of a clearance joint lasting longer than this many typical impact durations is continuous contact; the
# typical impact duration is the lower quartile of the joint's contact durations (most contacts of a joint that
# rattles are impacts; the quartile stays an impact's length while up to three quarters of them last long).
CONTINUOUS_CONTACT_MULTIPLE = 10.0


def contact_intervals(time, force):
    """[(t_first, t_last)] of each run of consecutive samples with a positive force."""
    intervals = []
    pressed = force > 0.0
    k = 0
    while k < len(time):
        if not pressed[k]:
            k += 1
            continue
        first = k
        while k < len(time) and pressed[k]:
            k += 1
        intervals.append((time[first], time[k - 1]))
    return intervals


def driven_angle(summary, series):
    """(values, label) of the first driven revolute joint's angle in degrees, or None when no revolute joint is driven."""
    driven = [name[len("drive_"):] for name in series.names if name.startswith("drive_")]
    for body in driven:
        column = f"q_{body}"
        if column in series.columns and summary.get("coordinate_units", {}).get(column) == "rad":
            return np.degrees(series.columns[column]), f"crank angle ({body}) [deg]"
    return None


def crank_angle(summary, series):
    """(values, label) for a clearance plot's abscissa: the driven joint's angle in degrees, else time."""
    return driven_angle(summary, series) or (series.axis_time, f"time t [{series.time_unit}]")


def plot_run_clearances(directory, summary, series):
    """Per joint with clearance: (a) the journal centre's orbit in the bearing, over the radial clearance (the unit
    circle is contact), or the slider's offset across its guide and its rotation; (b) the contact force summed over
    the joint's pairs against the crank angle, with its phases shaded: free flight (none), impact, continuous contact
    (CONTINUOUS_CONTACT_MULTIPLE)."""
    for joint in summary.get("clearances", []):
        name, clearance = joint["name"], joint["clearance"]
        if f"{name}.x" not in series.columns:
            continue
        force = sum((series.columns[f"{pair}.force"] for pair in joint["pairs"] if series.has_pair(pair)),
                    np.zeros_like(series.time))
        intervals = contact_intervals(series.time, force)
        durations = np.array([t_last - t_first for t_first, t_last in intervals])
        typical = float(np.percentile(durations[durations > 0.0], 25)) if np.any(durations > 0.0) else 0.0
        abscissa, abscissa_label = crank_angle(summary, series)
        figure, (place, forces) = plt.subplots(1, 2, figsize=(13, 5.5))
        if joint["type"] == "revolute":
            x, y = series.columns[f"{name}.x"] / clearance, series.columns[f"{name}.y"] / clearance
            circle = np.linspace(0.0, 2.0 * math.pi, 361)
            place.plot(np.cos(circle), np.sin(circle), color="0.5", linewidth=1.0, linestyle="--", label="contact (|e| = c)")
            place.plot(x, y, color="C0", linewidth=0.8, label="journal centre")
            place.plot(x[:1], y[:1], "o", color="C2", markersize=5, label="start")
            place.set_aspect("equal")
            place.set_xlabel("x / c  (bearing frame)")
            place.set_ylabel("y / c")
            place.set_title(f"(a) journal orbit in the bearing, c = {clearance * 1e3:.3g} mm", fontsize="medium")
            place.legend(fontsize="small", loc="upper right")
        else:
            half = 0.5 * clearance
            place.plot(abscissa, series.columns[f"{name}.y"] / half, color="C0", linewidth=0.8,
                       label="centre across the guide, y / (c/2)")
            twin = place.twinx()
            twin.plot(abscissa, np.degrees(series.columns[f"{name}.angle"]), color="C1", linewidth=0.8)
            twin.set_ylabel("rotation in the guide [deg]", color="C1")
            for level in (-1.0, 1.0):
                place.axhline(level, color="0.5", linewidth=1.0, linestyle="--")
            place.set_xlabel(abscissa_label)
            place.set_ylabel("y / (c/2)  (±1: a face on a guide, unrotated)", color="C0")
            place.set_title(f"(a) slider in its guide, c = {clearance * 1e3:.3g} mm", fontsize="medium")
        forces.plot(abscissa, force, color="C3", linewidth=0.8)
        impacts = continuous = 0
        for t_first, t_last in intervals:
            long = typical > 0.0 and t_last - t_first > CONTINUOUS_CONTACT_MULTIPLE * typical
            inside = (series.time >= t_first) & (series.time <= t_last)
            span = abscissa[inside]
            forces.axvspan(span.min(), span.max(), color="C1" if long else "C0", alpha=0.25 if long else 0.15, linewidth=0)
            continuous += long
            impacts += not long
        forces.set_xlabel(abscissa_label)
        forces.set_ylabel("contact force, summed over the joint's pairs [N]")
        forces.set_title(f"(b) contact force: {impacts} impacts (blue), {continuous} continuous contacts (orange), "
                         "free flight (white)", fontsize="medium")
        for axes in (place, forces):
            axes.grid(alpha=0.3)
        figure.suptitle(run_title(summary, f"clearance joint {name}") +
                        f"\n(continuous contact: longer than {CONTINUOUS_CONTACT_MULTIPLE:g} × the typical impact "
                        f"duration {typical * 1e6:.3g} µs, the lower quartile of the contacts' durations)", fontsize="medium")
        figure.tight_layout()
        save(figure, os.path.join(directory, f"clearance_{name}.png"))
        info(f"clearance_{name}.png: {impacts} impacts, {continuous} continuous contacts (typical impact "
             f"{typical:.3g} s)")


def plot_run(directory):
    summary = read_summary(os.path.join(directory, "summary.json"))
    series = Timeseries(os.path.join(directory, "timeseries.csv"))
    impacts = read_impacts(os.path.join(directory, "impacts.csv"))
    debug(f"{directory}: {len(series.time)} samples, {len(impacts)} impacts")
    traced = [impact for impact in impacts if series.has_pair(impact["pair"])]
    untraced = len(impacts) - len(traced)
    if untraced:
        info(f"{directory}: {untraced} impacts are on pairs without timeseries columns; their curves are left out")
    plot_run_force_time(directory, summary, series, traced, untraced)
    plot_run_loops(directory, summary, series, traced, untraced, "force")
    plot_run_loops(directory, summary, series, traced, untraced, "velocity")
    plot_run_energy(directory, summary, series, impacts)
    plot_run_coordinates(directory, summary, series, impacts)
    plot_run_friction(directory, summary, series, impacts)
    plot_run_clearances(directory, summary, series)


# ----------------------------------------------------------------------------------- comparison plots


class LawOutput:
    def __init__(self, law, directory):
        self.law = law
        self.series = Timeseries(os.path.join(directory, "timeseries.csv"))
        self.impacts = read_impacts(os.path.join(directory, "impacts.csv"))
        # The first impact with force samples in the timeseries.
        self.first = next((i for i in self.impacts if self.series.has_pair(i["pair"])), None)

    def first_impact(self, column):
        """(time since onset, indentation, column) over the first impact."""
        mask = self.series.window(self.first["t_start"], self.first["t_end"])
        pair = self.first["pair"]
        return (self.series.time[mask] - self.first["t_start"], self.series.columns[f"{pair}.indentation"][mask],
                self.series.columns[f"{pair}.{column}"][mask])


def read_comparison(directory):
    with open(os.path.join(directory, "comparison.csv"), newline="") as handle:
        rows = list(csv.DictReader(handle))
    laws, skipped = [], []
    for row in rows:
        law_directory = os.path.join(directory, row["law"])
        if row["status"] == "completed" and os.path.exists(os.path.join(law_directory, "timeseries.csv")):
            laws.append(LawOutput(row["law"], law_directory))
        else:
            skipped.append(f"{row['law']} ({row['status'].replace('_', ' ')})")
    return laws, skipped


def comparison_title(scene, what, skipped):
    title = f"{scene}: {what}, one curve per law"
    if skipped:
        title += f"\n(not shown, did not complete: {len(skipped)} laws, see comparison.md)"
    return title


def plot_comparison_first_impact(directory, scene, laws, skipped, kind):
    with_impact = [law for law in laws if law.first is not None]
    styles = law_styles(len(with_impact))
    figure, axes = plt.subplots(figsize=(11, 7))
    curves = {law.law: law.first_impact("force" if kind != "phase" else "normal_velocity") for law in with_impact}
    times = np.concatenate([c[0] for c in curves.values()]) if curves else np.zeros(0)
    deltas = np.concatenate([c[1] for c in curves.values()]) if curves else np.zeros(0)
    values = np.concatenate([c[2] for c in curves.values()]) if curves else np.zeros(0)
    t_scale, t_unit = si_scale(times, "s")
    d_scale, d_unit = si_scale(deltas, "m")
    y_scale, y_unit = si_scale(values, "m/s" if kind == "phase" else "N")
    for law, (colour, dash) in zip(with_impact, styles):
        t, d, y = curves[law.law]
        x = t / t_scale if kind == "time" else d / d_scale
        axes.plot(x, y / y_scale, color=colour, linestyle=dash, linewidth=1.2, label=law.law)
    if kind == "time":
        axes.set_xlabel(f"time since contact onset t − t_start [{t_unit}]")
        what, name = "force vs time of the first impact", "comparison_force_time.png"
    else:
        axes.set_xlabel(f"indentation {DELTA} [{d_unit}]")
        if kind == "loop":
            what, name = "force vs indentation of the first impact", "comparison_force_indentation.png"
        else:
            what, name = f"phase portrait {DELTA_DOT} vs {DELTA} of the first impact", "comparison_phase_portrait.png"
    axes.set_ylabel(f"indentation rate {DELTA_DOT} [{y_unit}]  (> 0 approaching)" if kind == "phase" else f"normal force F [{y_unit}]")
    axes.axhline(0.0, color="0.6", linewidth=0.8)
    axes.grid(alpha=0.3)
    axes.set_title(comparison_title(scene, what, skipped), fontsize="medium")
    if with_impact:
        legend_outside(axes, len(with_impact), title="law")
    else:
        no_data(axes, "no law had an impact")
    figure.tight_layout()
    save(figure, os.path.join(directory, name))


def plot_comparison_grid(directory, scene, laws, skipped, kind):
    """Small multiples of the first impact: each law highlighted over the others in grey. With many laws
    the overlay is crowded; this figure keeps every law readable."""
    with_impact = [law for law in laws if law.first is not None]
    name = f"comparison_{'force_time' if kind == 'time' else 'force_indentation'}_grid.png"
    if not with_impact:
        figure, axes = plt.subplots(figsize=(8, 5))
        no_data(axes, "no law completed with an impact (see comparison.md)")
        axes.set_title(f"{scene}: first impact of each law", fontsize="medium")
        save(figure, os.path.join(directory, name))
        return
    curves = {law.law: law.first_impact("force") for law in with_impact}
    times = np.concatenate([c[0] for c in curves.values()])
    deltas = np.concatenate([c[1] for c in curves.values()])
    forces = np.concatenate([c[2] for c in curves.values()])
    t_scale, t_unit = si_scale(times, "s")
    d_scale, d_unit = si_scale(deltas, "m")
    f_scale, f_unit = si_scale(forces, "N")
    x_scale = t_scale if kind == "time" else d_scale

    def x_of(curve):
        return (curve[0] if kind == "time" else curve[1]) / x_scale

    columns = min(5, len(with_impact))
    rows = math.ceil(len(with_impact) / columns)
    figure, axes_grid = plt.subplots(rows, columns, figsize=(3.2 * columns, 2.6 * rows + 1.0), sharex=True, sharey=True,
                                     squeeze=False)
    for index, law in enumerate(with_impact):
        axes = axes_grid[index // columns][index % columns]
        for other in with_impact:
            if other is not law:
                axes.plot(x_of(curves[other.law]), curves[other.law][2] / f_scale, color="0.82", linewidth=0.7)
        axes.plot(x_of(curves[law.law]), curves[law.law][2] / f_scale, color="tab:blue", linewidth=1.5)
        axes.set_title(law.law, fontsize="small")
        axes.grid(alpha=0.3)
    for index in range(len(with_impact), rows * columns):
        axes_grid[index // columns][index % columns].set_visible(False)
    for row in range(rows):
        axes_grid[row][0].set_ylabel(f"F [{f_unit}]")
    for column in range(columns):
        # The bottom visible panel of each column carries the x label.
        bottom = max(r for r in range(rows) if r * columns + column < len(with_impact))
        axes_grid[bottom][column].set_xlabel(f"t − t_start [{t_unit}]" if kind == "time" else f"{DELTA} [{d_unit}]")
        axes_grid[bottom][column].xaxis.set_tick_params(labelbottom=True)
    what = "force vs time" if kind == "time" else "force vs indentation"
    figure.suptitle(f"{scene}: {what} of the first impact, each law (blue) over the others (grey)"
                    + (f"\n(not shown, did not complete: {len(skipped)} laws, see comparison.md)" if skipped else ""))
    figure.tight_layout()
    save(figure, os.path.join(directory, name))


def plot_comparison_energy(directory, scene, laws, skipped):
    styles = law_styles(len(laws))
    figure, (total, dissipated) = plt.subplots(2, 1, figsize=(11, 8), sharex=True)
    every = [law.series.columns["total_energy"] for law in laws] + [law.series.columns["dissipated_energy"] for law in laws]
    e_scale, e_unit = si_scale(np.concatenate(every) if every else [], "J")
    t_scale, t_unit = si_scale(np.concatenate([law.series.time for law in laws]) if laws else [], "s")
    for law, (colour, dash) in zip(laws, styles):
        c = law.series.columns
        total.plot(law.series.time / t_scale, c["total_energy"] / e_scale, color=colour, linestyle=dash, linewidth=1.1, label=law.law)
        dissipated.plot(law.series.time / t_scale, c["dissipated_energy"] / e_scale, color=colour, linestyle=dash, linewidth=1.1)
    total.set_ylabel(f"total energy E [{e_unit}]")
    total.set_title(comparison_title(scene, "energy", skipped), fontsize="medium")
    dissipated.set_ylabel(f"dissipated work W_diss [{e_unit}]")
    dissipated.set_xlabel(f"time t [{t_unit}]")
    for axes in (total, dissipated):
        axes.grid(alpha=0.3)
    figure.tight_layout()
    if laws:
        figure_legend(figure, total, len(laws), title="law")
    save(figure, os.path.join(directory, "comparison_energy.png"))


def plot_comparison_coordinates(directory, scene, laws, skipped, units):
    names = laws[0].series.coordinates() if laws else []
    shown = names[:3]  # a mechanism's first coordinates; every coordinate is in each law's coordinates.png
    rows = max(1, len(shown))
    figure, axes_list = plt.subplots(rows, 1, figsize=(11, 3.2 * rows + 1.5), sharex=True, squeeze=False)
    styles = law_styles(len(laws))
    t_scale, t_unit = si_scale(np.concatenate([law.series.time for law in laws]) if laws else [], "s")
    for row, name in enumerate(shown):
        axes = axes_list[row][0]
        for law, (colour, dash) in zip(laws, styles):
            axes.plot(law.series.time / t_scale, law.series.columns[f"q_{name}"], color=colour, linestyle=dash, linewidth=1.1,
                      label=law.law)
        axes.set_ylabel(f"q_{name} {unit_label([f'q_{name}'], units)}")
        axes.grid(alpha=0.3)
    axes_list[-1][0].set_xlabel(f"time t [{t_unit}]")
    note = f" (first 3 of {len(names)})" if len(names) > 3 else ""
    axes_list[0][0].set_title(comparison_title(scene, "body coordinates" + note, skipped), fontsize="medium")
    if not (laws and shown):
        no_data(axes_list[0][0], "no coordinates")
    figure.tight_layout()
    if laws and shown:
        figure_legend(figure, axes_list[0][0], len(laws), title="law")
    save(figure, os.path.join(directory, "comparison_coordinates.png"))


def plot_comparison_summary(directory, scene, laws, skipped):
    """First-impact measures per law as horizontal bars: the law × measure table at a glance."""
    with_impact = [law for law in laws if law.first is not None]
    if not with_impact:
        figure, axes = plt.subplots(figsize=(8, 5))
        no_data(axes, "no law completed with an impact (see comparison.md)")
        axes.set_title(f"{scene}: first-impact measures", fontsize="medium")
        save(figure, os.path.join(directory, "comparison_summary.png"))
        return
    measures = [
        ("restitution", "restitution", lambda i: i["restitution"], ""),
        ("max_force", "maximum force", lambda i: i["max_force"], "N"),
        ("max_indentation", "maximum indentation", lambda i: i["max_indentation"], "m"),
        ("contact_time", "contact time", lambda i: i["t_end"] - i["t_start"], "s"),
        ("dissipated_energy", "dissipated energy", lambda i: i["dissipated_energy"], "J"),
    ]
    # The tangential measures too when some law ran with friction (they are nan without).
    if any(np.isfinite(law.first.get("friction_work", np.nan)) for law in with_impact):
        measures += [
            ("slip_distance", "slip distance", lambda i: i["slip_distance"], "m"),
            ("stick_time", "stick time", lambda i: i["stick_time"], "s"),
            ("friction_work", "friction work", lambda i: i["friction_work"], "J"),
            ("rebound_angle", "rebound angle", lambda i: i["rebound_angle"], "rad"),
            ("separation_spin", "separation spin", lambda i: i["separation_spin"], "rad/s"),
        ]
    height = max(4.0, 0.24 * len(with_impact) + 2.0)
    figure, axes_list = plt.subplots(1, len(measures), figsize=(3.4 * len(measures), height), sharey=True)
    positions = np.arange(len(with_impact))
    for axes, (_, label, value, unit) in zip(axes_list, measures):
        values = np.array([value(law.first) for law in with_impact])
        scale, scaled_unit = si_scale(values, unit)
        shown = values / scale if len(values) else values
        # Zero-based bars read honestly; the printed values carry the differences bars cannot show.
        axes.barh(positions, shown, color="tab:blue", alpha=0.75)
        for position, number in zip(positions, shown):
            axes.text(max(number, 0.0), position, f" {number:.4g}", va="center", fontsize="x-small")
        axes.set_xlabel(f"{label} [{scaled_unit}]" if scaled_unit else label)
        axes.grid(axis="x", alpha=0.3)
        finite = shown[np.isfinite(shown)] if len(shown) else shown
        if len(finite):
            axes.set_xlim(min(0.0, finite.min()), max(finite.max(), 0.0) * 1.3 or 1.0)
    axes_list[0].set_yticks(positions)
    axes_list[0].set_yticklabels([law.law for law in with_impact], fontsize="small")
    axes_list[0].invert_yaxis()  # first law on top, as in comparison.md
    figure.suptitle(comparison_title(scene, "first-impact measures", skipped).replace(", one curve per law", ""))
    figure.tight_layout()
    info(f"comparison_summary.png: {len(measures)} measures: {', '.join(label for _, label, _, _ in measures)}")
    save(figure, os.path.join(directory, "comparison_summary.png"))


def plot_report_curves(directory, scene, laws, skipped, summary, spec):
    """The comparison page's headline curves (report.json, written by `compare --report`): one axes per curve, one line
    per law, against the crank angle when a revolute joint is driven (the same for every law), else time."""
    columns = spec["columns"]
    figure, axes_list = plt.subplots(len(columns), 1, figsize=(11, 2.8 * len(columns) + 1.2), sharex=True, squeeze=False)
    styles = law_styles(len(laws))
    # One time unit for all laws (a law stopped by numerical trouble has a shorter run).
    t_scale, t_unit = si_scale(np.concatenate([law.series.time for law in laws]), "s")
    abscissa_label = f"time t [{t_unit}]"
    for row, curve in enumerate(columns):
        axes = axes_list[row][0]
        name = curve["column"]
        values = [law.series.columns[name] for law in laws if name in law.series.columns]
        scale, unit = si_scale(np.concatenate(values) if values else [], curve["unit"])
        for law, (colour, dash) in zip(laws, styles):
            if name not in law.series.columns:
                continue
            abscissa, abscissa_label = driven_angle(summary, law.series) or (law.series.time / t_scale, abscissa_label)
            axes.plot(abscissa, law.series.columns[name] / scale, color=colour, linestyle=dash, linewidth=1.0, label=law.law)
        axes.set_ylabel(f"{name} [{unit}]" if unit else name)
        axes.grid(alpha=0.3)
    axes_list[-1][0].set_xlabel(abscissa_label)
    axes_list[0][0].set_title(comparison_title(scene, "headline curves", skipped), fontsize="medium")
    figure.tight_layout()
    figure_legend(figure, axes_list[0][0], len(laws), title="law")
    save(figure, os.path.join(directory, spec["file"]))
    info(f"{spec['file']}: {len(columns)} curves ({', '.join(c['column'] for c in columns)}), {len(laws)} laws")


def plot_report_orbits(directory, scene, laws, skipped, summary, spec):
    """Each revolute clearance joint's journal orbit (its centre in the bearing over the radial clearance c), one line
    per law, with the circle |e| = c where the journal touches the bearing."""
    joints = spec["joints"]
    clearances = {joint["name"]: joint["clearance"] for joint in summary.get("clearances", [])}
    figure, axes_list = plt.subplots(1, len(joints), figsize=(6.0 * len(joints), 6.0), squeeze=False)
    styles = law_styles(len(laws))
    circle = np.linspace(0.0, 2.0 * math.pi, 361)
    for axes, joint in zip(axes_list[0], joints):
        clearance = clearances[joint]
        axes.plot(np.cos(circle), np.sin(circle), color="0.4", linewidth=1.2, linestyle="--", label="_contact")
        for law, (colour, dash) in zip(laws, styles):
            c = law.series.columns
            axes.plot(c[f"{joint}.x"] / clearance, c[f"{joint}.y"] / clearance, color=colour, linestyle=dash,
                      linewidth=0.8, label=law.law)
        axes.set_aspect("equal")
        axes.set_xlabel("x / c  (bearing frame)")
        axes.set_ylabel("y / c")
        axes.set_title(f"{joint}: c = {clearance * 1e3:.3g} mm (dashed: contact, |e| = c)", fontsize="medium")
        axes.grid(alpha=0.3)
    figure.suptitle(comparison_title(scene, "journal orbits", skipped), fontsize="medium")
    figure.tight_layout()
    figure_legend(figure, axes_list[0][-1], len(laws), title="law")
    save(figure, os.path.join(directory, spec["file"]))
    info(f"{spec['file']}: {len(joints)} orbits ({', '.join(joints)}), {len(laws)} laws")


def plot_report(directory, scene, laws, skipped, summary):
    """The figures of the comparison page (report.md), when the comparison has one and some law ran (the page embeds
    them then only)."""
    path = os.path.join(directory, "report.json")
    if not os.path.exists(path) or not laws:
        return
    with open(path) as handle:
        report = json.load(handle)
    if report["curves"]["columns"]:
        plot_report_curves(directory, scene, laws, skipped, summary, report["curves"])
    if report["orbits"]["joints"]:
        plot_report_orbits(directory, scene, laws, skipped, summary, report["orbits"])


def scene_from_markdown(directory):
    """The scene name from comparison.md's title, for a comparison in which no law completed."""
    try:
        with open(os.path.join(directory, "comparison.md")) as handle:
            first = handle.readline().strip()
        return first.split(": ", 1)[1] if ": " in first else ""
    except OSError:
        return ""


def plot_comparison(directory):
    laws, skipped = read_comparison(directory)
    summary = read_summary(os.path.join(directory, laws[0].law, "summary.json")) if laws else {}
    scene = summary.get("scene", "") or scene_from_markdown(directory)
    if skipped:
        debug("not plotted (did not complete): " + ", ".join(skipped))
    plot_comparison_first_impact(directory, scene, laws, skipped, "time")
    plot_comparison_first_impact(directory, scene, laws, skipped, "loop")
    plot_comparison_first_impact(directory, scene, laws, skipped, "phase")
    plot_comparison_grid(directory, scene, laws, skipped, "loop")
    plot_comparison_grid(directory, scene, laws, skipped, "time")
    plot_comparison_energy(directory, scene, laws, skipped)
    plot_comparison_coordinates(directory, scene, laws, skipped, summary.get("coordinate_units", {}))
    plot_comparison_summary(directory, scene, laws, skipped)
    plot_report(directory, scene, laws, skipped, summary)


def main():
    global quiet, verbose
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory")
    parser.add_argument("--quiet", action="store_true", help="only errors")
    parser.add_argument("--verbose", action="store_true", help="debug messages")
    arguments = parser.parse_args()
    quiet, verbose = arguments.quiet, arguments.verbose
    directory = arguments.directory
    if os.path.exists(os.path.join(directory, "comparison.csv")):
        plot_comparison(directory)
    elif os.path.exists(os.path.join(directory, "summary.json")) and os.path.exists(os.path.join(directory, "timeseries.csv")):
        plot_run(directory)
    elif os.path.exists(os.path.join(directory, "results.h5")):
        sys.stderr.write(f"error: {directory} holds a run written as HDF5 (results.h5); plotting reads the CSV files: "
                         "run it again with output.format csv (or --format csv)\n")
        return 2
    else:
        sys.stderr.write(f"error: {directory} holds neither a run (summary.json, timeseries.csv) nor a comparison "
                         "(comparison.csv)\n")
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError, KeyError) as problem:
        sys.stderr.write(f"error: plot.py: {problem}\n")
        sys.exit(1)
