"""Shared bits of the SciPy peer scripts: the common command line, the repeat-and-time loop, the JSON report.

Every peer script defines a `solve()` callable that runs the whole problem once and returns a dict with at least
"steps", "rhs_evaluations", "impacts" and "final"; `report()` times it `--repeats` times (time.perf_counter around
the call only) and prints one JSON object on stdout."""
import argparse
import json
import math
import time


def parser(description, duration, rtol, atol):
    """The options every peer takes; duration, rtol and atol default to its scene's values."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--repeats", type=int, default=5, help="solve N times, report the minimum time (default 5)")
    p.add_argument("--json", action="store_true", help="accepted for symmetry; the output is always JSON")
    p.add_argument("--duration", type=float, default=duration)
    p.add_argument("--rtol", type=float, default=rtol)
    p.add_argument("--atol", type=float, default=atol)
    return p


def _clean(value):
    """numpy scalars → Python floats/ints, NaN/inf → null, recursively."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if hasattr(value, "item"):  # numpy scalar
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def report(problem, solve, repeats, rtol, atol, extra=None):
    times, result = [], None
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        result = solve()
        times.append(time.perf_counter() - start)
    out = {"problem": problem, "tool": "scipy", "solve_time_s": min(times), "solve_times_s": times,
           "steps": int(result["steps"]), "rhs_evaluations": int(result["rhs_evaluations"]),
           "rtol": rtol, "atol": atol}
    if extra:
        out.update(extra)
    out["impacts"] = result["impacts"]
    out["final"] = result["final"]
    print(json.dumps(_clean(out)))


def impact(pair, t_start, impact_velocity, t_end=None, separation_velocity=None, max_indentation=None,
           max_force=None):
    restitution = None
    if separation_velocity is not None and impact_velocity:
        restitution = separation_velocity / impact_velocity
    return {"pair": pair, "t_start": t_start, "impact_velocity": impact_velocity, "t_end": t_end,
            "separation_velocity": separation_velocity, "restitution": restitution,
            "max_indentation": max_indentation, "max_force": max_force}
