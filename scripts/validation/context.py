# SPDX-License-Identifier: MIT
"""The validation framework: what a section of docs/validation.md gets to work with.

A section is a module scripts/validation/section_<name>.py that defines

    ITEM = 3                      # its place in docs/validation.md (the item number of the issue)
    TITLE = "Poursina & Nikravesh (S002 §5.3): ..."
    def section(ctx) -> str       # the section's markdown body (validate.py writes the "## ITEM. TITLE" heading)

validate.py imports every such module it finds, calls section(ctx) in ITEM order with ctx.begin_section()
done for it, and appends to each section the energy-balance table of the runs the section made. A section
raises nothing on a failed comparison: it records it with ctx.check(...) (the summary counts it) and says
why in its text; an exception (a run that fails, a missing file) marks the section as failed with the message.

What ctx offers (class Context below):

- runs:    ctx.run_scene(scene, overrides={...}, law=..., out_dir=None, energy_tolerance=1e-6) -> Run
           ctx.run_scenes([dict(scene=..., overrides=..., law=...), ...]) -> [Run] (in parallel, same order)
           Run: .command (the line to put in a table), .summary, .impacts, .impact (the first), .series
           (timeseries.csv as numpy columns, lazily), .variables, .contact (first contact of summary.json),
           .energy_error [J], .energy_relative_error, .dir
- reading: ctx.read_summary(dir), ctx.read_impacts(dir), ctx.read_timeseries(dir) (also module functions)
- checks:  ctx.check(published, ours, tolerance, relative=True) -> Check(.difference_text, .tolerance_text,
           .verdict, .passed); ctx.note_check(passed) for a check made some other way (a qualitative one)
- tables:  ctx.table(headers, rows) -> markdown; fmt(x, digits); percent(fraction); short_number(x); code(text);
           ctx.scene_link(scene) (a link relative to docs/)
- plots:   fig, axes = ctx.figure(rows, cols, figsize); ctx.save_figure(fig, "name.png", caption) -> markdown
           image (written atomically under docs/validation/); DELTA / DELTA_DOT mathtext labels; law_style(i)
- energy:  every Run is listed with its energy balance error under its section, and in the summary; a run
           passes when it completed with a relative error ≤ its energy_tolerance (run_scene's argument).
- analysis: undamped_hertz_reference(K, m, v0, n) -> x_H, F_H, t_H, L_H (models.md §2.3);
           at_extremum(run, "force"|"indentation") -> the sample at the located force peak / maximum indentation;
           hunt_crossley_z(run) -> z = χ δ̇⁻/K measured from the force samples.
Runs go to results/validation/<scene>__<law>__<overrides>/ (validate.py --work); figures to docs/validation/.
"""

import concurrent.futures
import csv
import json
import math
import os
import re
import shlex
import subprocess
import threading

import matplotlib

matplotlib.use("Agg")  # files only
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

DELTA = r"$\delta$"
DELTA_DOT = r"$\dot{\delta}$"
DPI = 110


# ------------------------------------------------------------------------------------------------ reading


def read_summary(directory):
    with open(os.path.join(directory, "summary.json")) as handle:
        return json.load(handle)


def read_impacts(directory):
    """impacts.csv as a list of dicts (numbers as floats, `pair` as text)."""
    path = os.path.join(directory, "impacts.csv")
    with open(path, newline="") as handle:
        return [{k: (v if k == "pair" else float(v)) for k, v in row.items()} for row in csv.DictReader(handle)]


def read_timeseries(directory):
    """timeseries.csv as {column name: numpy array}."""
    path = os.path.join(directory, "timeseries.csv")
    with open(path, newline="") as handle:
        names = next(csv.reader(handle))
    data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    if data.size == 0:
        data = np.zeros((0, len(names)))
    return {name: data[:, i] for i, name in enumerate(names)}


# ------------------------------------------------------------------------------------------------ formatting


def fmt(value, digits=4):
    """A number for a table: `digits` significant digits, plain notation for ordinary magnitudes."""
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    if not math.isfinite(value):
        return str(value)
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    if -4 <= magnitude < 6:
        decimals = max(0, digits - 1 - magnitude)
        return f"{value:.{decimals}f}"
    return f"{value:.{digits - 1}e}"


def short_number(value):
    """1e-06 → 1e-6: %g without the exponent's leading zero."""
    return re.sub(r"e([+-])0*(\d)", lambda m: "e" + ("-" if m.group(1) == "-" else "") + m.group(2), f"{value:g}")


def fmt_fixed(value, decimals):
    return "—" if value is None else f"{value:.{decimals}f}"


def code(text):
    return f"`{text}`"


def markdown_table(headers, rows, align=None):
    """A GitHub markdown table; `align` is a string of l/r/c per column (default: first left, rest right)."""
    align = align or ("l" + "r" * (len(headers) - 1))
    marks = {"l": ":---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join(marks[a] for a in align) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |")
    return "\n".join(lines) + "\n"


def percent(fraction):
    """A relative difference in %: three decimals, or two significant digits when smaller than 0.001 %."""
    value = 100 * fraction
    if value == 0:
        return "0 %"
    if abs(value) < 0.001:
        return f"{value:+.1e} %"
    return f"{value:+.3f} %"


def verdict(passed):
    return "pass" if passed else "**FAIL**"


# ------------------------------------------------------------------------------------------------ checks


class Check:
    """One comparison of our number with a published one."""

    def __init__(self, published, ours, tolerance, relative=True):
        self.published = published
        self.ours = ours
        self.tolerance = tolerance
        self.relative = relative
        self.difference = ours - published
        if relative:
            self.relative_difference = self.difference / published if published != 0 else math.inf
            self.passed = abs(self.relative_difference) <= tolerance
        else:
            self.relative_difference = None
            self.passed = abs(self.difference) <= tolerance

    @property
    def difference_text(self):
        if self.relative:
            return percent(self.relative_difference)
        return f"{self.difference:+.2g}"

    @property
    def tolerance_text(self):
        return f"±{short_number(100 * self.tolerance)} %" if self.relative else f"±{short_number(self.tolerance)}"

    @property
    def verdict(self):
        return verdict(self.passed)


# ------------------------------------------------------------------------------------------------ runs


class RunError(RuntimeError):
    pass


class Run:
    """One `contactlab run` and its output directory."""

    def __init__(self, scene, law, overrides, directory, command, energy_tolerance):
        self.scene = scene
        self.law = law
        self.overrides = dict(overrides or {})
        self.dir = directory
        self.command = command
        self.energy_tolerance = energy_tolerance
        self.summary = read_summary(directory)
        self.impacts = read_impacts(directory)
        self._series = None

    @property
    def impact(self):
        return self.impacts[0] if self.impacts else None

    @property
    def series(self):
        if self._series is None:
            self._series = read_timeseries(self.dir)
        return self._series

    @property
    def variables(self):
        return self.summary["variables"]

    @property
    def contact(self):
        return self.summary["contacts"][0]

    @property
    def status(self):
        return self.summary["status"]

    @property
    def energy_error(self):
        return self.summary["energy"]["max_balance_error"]

    @property
    def energy_relative_error(self):
        return self.summary["energy"]["max_relative_balance_error"]

    @property
    def energy_ok(self):
        return self.status == "completed" and self.energy_relative_error <= self.energy_tolerance

    def impact_window(self, number=0):
        """(series, pair, mask) of the samples of impact `number` (onset to separation, events included)."""
        impact = self.impacts[number]
        series = self.series
        mask = (series["time"] >= impact["t_start"]) & (series["time"] <= impact["t_end"])
        return series, impact["pair"], mask


class Section:
    def __init__(self, item, title, module):
        self.item = item
        self.title = title
        self.module = module
        self.passed = 0
        self.failed = 0
        self.runs = []
        self.error = None

    @property
    def ok(self):
        return self.error is None and self.failed == 0 and all(run.energy_ok for run in self.runs)


class Context:
    """Shared by every section: the binary, the directories, runs, checks, tables and figures."""

    def __init__(self, root, binary, work_dir, figure_dir, document_dir, jobs=2, quiet=False):
        self.root = root                  # the repository
        self.binary = binary              # the contactlab executable
        self.work_dir = work_dir          # run outputs (results/validation by default)
        self.figure_dir = figure_dir      # docs/validation
        self.document_dir = document_dir  # docs (where validation.md lives; links are relative to it)
        self.jobs = max(1, jobs)
        self.quiet = quiet
        self.sections = []
        self.section = None
        self.figures = []
        self._lock = threading.Lock()
        self._cache = {}

    # ---- sections

    def begin_section(self, item, title, module):
        self.section = Section(item, title, module)
        self.sections.append(self.section)
        return self.section

    def log(self, message):
        if not self.quiet:
            print(message, flush=True)

    # ---- runs

    def command_line(self, scene, law=None, overrides=None):
        """The command as a reader would type it (from the repository root)."""
        words = ["contactlab", "run", scene]
        if law:
            words += ["--model", law]
        for name, value in (overrides or {}).items():
            words += ["--set", f"{name}={value}"]
        return " ".join(shlex.quote(w) for w in words)

    def _default_out_dir(self, scene, law, overrides):
        name = os.path.splitext(os.path.basename(scene))[0]
        parts = [name, law or "scene_law"] + [f"{k}={v}" for k, v in sorted((overrides or {}).items())]
        safe = "__".join(parts).replace("/", "_").replace(" ", "")
        return os.path.join(self.work_dir, safe)

    def run_scene(self, scene, overrides=None, law=None, out_dir=None, energy_tolerance=1e-6):
        """Runs `contactlab run scene [--model law] [--set k=v]... --out out_dir` (scene relative to the
        repository root) and returns its Run; the same run twice is done once. Raises RunError if contactlab
        exits with an error (exit code 3, numerical trouble, included: validation runs must complete).
        `energy_tolerance` is the largest relative energy balance error the run may have to pass."""
        run = self._run(scene, overrides, law, out_dir, energy_tolerance)
        self._attach(run)
        return run

    def run_scenes(self, specs):
        """Several runs in parallel (ctx.jobs at a time); `specs` are dicts of run_scene's keyword arguments.
        Returns the Runs in the order of `specs`."""
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as pool:
            futures = [pool.submit(self._run, **spec) for spec in specs]
            runs = [future.result() for future in futures]
        for run in runs:
            self._attach(run)
        return runs

    def _attach(self, run):
        if self.section is not None and run not in self.section.runs:
            self.section.runs.append(run)

    def _run(self, scene, overrides=None, law=None, out_dir=None, energy_tolerance=1e-6):
        overrides = {name: str(value) for name, value in (overrides or {}).items()}
        out_dir = out_dir or self._default_out_dir(scene, law, overrides)
        key = (scene, law, tuple(sorted(overrides.items())), out_dir)
        with self._lock:
            cached = self._cache.get(key)
        if cached is not None:
            return cached
        arguments = [self.binary, "-q", "run", scene]
        if law:
            arguments += ["--model", law]
        for name, value in overrides.items():
            arguments += ["--set", f"{name}={value}"]
        arguments += ["--out", out_dir]
        os.makedirs(out_dir, exist_ok=True)
        process = subprocess.run(arguments, cwd=self.root, capture_output=True, text=True)
        if process.returncode != 0:
            raise RunError(f"{' '.join(shlex.quote(a) for a in arguments)} exited with {process.returncode}: "
                           f"{process.stderr.strip()}")
        run = Run(scene, law, overrides, out_dir, self.command_line(scene, law, overrides), energy_tolerance)
        with self._lock:
            self._cache.setdefault(key, run)
            return self._cache[key]

    read_summary = staticmethod(read_summary)
    read_impacts = staticmethod(read_impacts)
    read_timeseries = staticmethod(read_timeseries)

    # ---- checks and tables

    def check(self, published, ours, tolerance, relative=True):
        result = Check(published, ours, tolerance, relative)
        self.note_check(result.passed)
        return result

    def note_check(self, passed):
        if self.section is not None:
            if passed:
                self.section.passed += 1
            else:
                self.section.failed += 1
        return passed

    table = staticmethod(markdown_table)

    def relative_path(self, path):
        """A path relative to docs/ (for links in validation.md)."""
        return os.path.relpath(os.path.join(self.root, path), self.document_dir)

    def scene_link(self, scene):
        return f"[{scene}]({self.relative_path(scene)})"

    def energy_table(self, runs):
        rows = []
        for run in runs:
            rows.append([code(run.command), run.status, f"{run.energy_error:.2e}",
                         f"{run.energy_relative_error:.2e}", f"≤ {short_number(run.energy_tolerance)}", verdict(run.energy_ok)])
        return markdown_table(["run", "status", "max \\|E + W_diss − E(0)\\| [J]", "relative to the energy scale",
                               "tolerance (relative)", "pass"], rows, "llrrrc")

    # ---- figures

    def figure(self, rows=1, columns=1, figsize=(9, 6), **keywords):
        return plt.subplots(rows, columns, figsize=figsize, **keywords)

    def save_figure(self, figure, name, caption):
        """Writes docs/validation/<name> atomically and returns the markdown that shows it."""
        os.makedirs(self.figure_dir, exist_ok=True)
        path = os.path.join(self.figure_dir, name)
        temporary = f"{path}.tmp-{os.getpid()}.png"
        try:
            figure.savefig(temporary, dpi=DPI, bbox_inches="tight", metadata={"Software": None})
            os.replace(temporary, path)
        finally:
            plt.close(figure)
            if os.path.exists(temporary):
                os.remove(temporary)
        self.figures.append(path)
        relative = os.path.relpath(path, self.document_dir)
        return f"![{caption}]({relative})\n\n*{caption}*\n"


def law_style(index):
    colours = plt.get_cmap("tab10").colors
    return colours[index % len(colours)], ["-", "--", "-.", ":"][(index // len(colours)) % 4]


# ------------------------------------------------------------------------------------------------ analysis


def undamped_hertz_reference(stiffness, mass, velocity, exponent=1.5):
    """x_H, F_H, t_H, L_H of the undamped impact (models.md §2.3)."""
    n = exponent
    x_h = ((n + 1) * mass * velocity ** 2 / (2 * stiffness)) ** (1 / (n + 1))
    f_h = stiffness * x_h ** n
    coefficient = math.gamma(0.5) * math.gamma(1 / (n + 1)) / math.gamma(0.5 + 1 / (n + 1)) / (n + 1)
    t_h = coefficient * x_h / velocity
    l_h = 0.5 * mass * velocity ** 2
    return x_h, f_h, t_h, l_h


def hunt_crossley_z(run, number=0, minimum_rate=0.05):
    """The normalised damping z = χ δ̇⁻/K of a Hunt–Crossley-family impact, measured from the output: every
    sample in contact obeys F = K δ^n (1 + z δ̇/δ̇⁻), so z = (F/(K δ^n) − 1) δ̇⁻/δ̇. Returns (median, spread)
    over the samples with |δ̇| > minimum_rate δ̇⁻ (the spread shows the law really is of that form)."""
    series, pair, mask = run.impact_window(number)
    stiffness, exponent = run.contact["stiffness"], run.contact["exponent"]
    v0 = run.impacts[number]["impact_velocity"]
    delta = series[f"{pair}.indentation"][mask]
    rate = series[f"{pair}.normal_velocity"][mask]
    force = series[f"{pair}.force"][mask]
    use = (delta > 0) & (np.abs(rate) > minimum_rate * v0)
    z = (force[use] / (stiffness * delta[use] ** exponent) - 1.0) * v0 / rate[use]
    return float(np.median(z)), float(np.max(z) - np.min(z))


def at_extremum(run, column, number=0):
    """The sample of impact `number` where `column` (e.g. 'force', 'indentation') is largest: the engine
    locates force peaks and maximum indentation as events, so that sample is the extremum itself."""
    series, pair, mask = run.impact_window(number)
    index = int(np.argmax(series[f"{pair}.{column}"][mask]))
    return {name: values[mask][index] for name, values in series.items()}, pair
