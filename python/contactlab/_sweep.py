# SPDX-License-Identifier: MIT
"""Sweeps: every combination of the varied values, run on threads of this process or on a Dask cluster.

The cases are planned, run and assembled by the same code as ``contactlab sweep`` (apps/sweep_case.h), so the tables
are the CLI's sweep.csv and sweep_cases.csv row for row, whatever the number of workers and the order in which the
cases finish.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
import numbers
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

import pandas as pd

from . import _core


@dataclass
class SweepResult:
    """``cases`` is sweep_cases.csv (one row per case: varied values ``var.<name>``, status, message, impacts,
    ``measure.<name>``, steps, wall time), ``impacts`` sweep.csv (every impact of every case), ``markdown`` sweep.md.
    A case that failed (also one that kills its Dask worker, run again alone to tell it from the cases that died beside
    it) is a row with status ``failed`` and its message; the others are kept."""

    cases: pd.DataFrame
    impacts: pd.DataFrame
    markdown: str
    plan: str  # plan.json's text

    @property
    def failed(self) -> pd.DataFrame:
        return self.cases[self.cases["status"] != "ok"]

    def __repr__(self) -> str:
        return f"<contactlab.SweepResult of {len(self.cases)} case(s), {len(self.failed)} not ok>"


def read_table(text: str) -> pd.DataFrame:
    # round_trip: the tables hold the shortest text of each double, read back to the same double.
    return pd.read_csv(io.StringIO(text), float_precision="round_trip")


def vary_argument(name: str, values: Union[str, Sequence[Any]]) -> str:
    """``--vary NAME=VALUES``: a range text as given ("0.1:0.9:9", "1:100:5:log"), a list of values comma-joined."""
    if isinstance(values, str):
        return f"{name}={values}"
    if isinstance(values, (bytes, Mapping)) or not isinstance(values, Iterable):
        raise TypeError(f"vary[{name!r}]: expected a list of values or a range text such as \"0.1:0.9:9\", found "
                        f"{type(values).__name__} {values!r}")
    values = list(values)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, (str, int, float, numbers.Real)):
            raise TypeError(f"vary[{name!r}]: expected numbers or expressions (str) as values, found "
                            f"{type(value).__name__} {value!r}")
    return f"{name}=" + ",".join(repr(float(v)) if isinstance(v, float) else str(v) for v in values)


def run_case(plan: str, index: int) -> str:
    """One case (0-based) of a plan, on a worker: its outcome as JSON text."""
    return _core.run_case(plan, index)


def sweep(scene: Union[str, os.PathLike], vary: Mapping[str, Union[str, Sequence[Any]]], *,
          model: Optional[str] = None, set: Optional[Mapping[str, Any]] = None, client: Any = None,
          threads: Optional[int] = None) -> SweepResult:
    """Runs a scene file once per combination of the ``vary`` values, as ``contactlab sweep`` does.

    ``vary`` maps a variable (or key path) to a list of values or a range text, ``{"restitution": "0.1:0.9:9",
    "impact_velocity": [0.1, 1, 10]}``; the last one varies fastest. Without ``client`` the cases run on ``threads``
    threads of this process (GIL released; Ctrl-C stops them). With a ``distributed.Client`` they run on its
    cluster's workers (a LocalCluster, or a scheduler's address for many machines), which must import contactlab.
    """
    from . import check_model, check_threads, check_type, overrides  # the package's argument checks

    check_type("vary", vary, (Mapping,), "a mapping of variable names or key paths to values, e.g. "
                                         "{\"restitution\": \"0.1:0.9:9\"}")
    for name in vary:
        check_type("vary", name, (str,), "variable names or key paths (str) as keys")
    check_model(model)
    check_threads(threads)
    set_arguments = [f"{name}={value}" for name, value in overrides(set)]
    plan = _core.plan_sweep(os.fspath(scene), model or "", set_arguments,
                            [vary_argument(name, values) for name, values in vary.items()])
    count = _core.case_count(plan)
    if client is None:
        outcomes = _core.run_cases(plan, threads)
    else:
        outcomes = _run_on_dask(client, plan, count)
    impacts, cases, markdown = _core.collect_sweep(plan, outcomes)
    return SweepResult(cases=read_table(cases), impacts=read_table(impacts),
                       markdown=markdown, plan=plan)


def _run_on_dask(client: Any, plan: str, count: int) -> list:
    from concurrent.futures import CancelledError

    from distributed.scheduler import KilledWorker

    def outcome(future, index: int, lost: list) -> Optional[str]:
        # result() waits, also for a case Dask computes again because the worker that held its outcome died.
        try:
            return future.result()
        except (KilledWorker, CancelledError):
            lost.append(index)
            return None
        except Exception as error:  # the task raised: the case is reported failed with the error
            return _core.failed_case(plan, index, f"{type(error).__name__}: {error}")

    # The plan goes with every task, not scattered: data scattered to workers is lost with them when they die, and
    # every case would then be cancelled.
    futures = client.map(run_case, [plan] * count, range(count), pure=False)
    lost: list = []
    outcomes = [outcome(future, index, lost) for index, future in enumerate(futures)]
    # A worker that dies takes with it the case that killed it and may take cases waiting beside it, which Dask then
    # gives up on too (KilledWorker after distributed.scheduler.allowed-failures deaths). Each is run again alone, so
    # that only a case that kills its worker on its own is reported failed.
    for index in lost:
        [future] = client.map(run_case, [plan], [index], pure=False)
        outcomes[index] = outcome(future, index, [])
        if outcomes[index] is None:
            outcomes[index] = _core.failed_case(
                plan, index, "its Dask worker died running it, also when run alone (KilledWorker)")
    return outcomes
