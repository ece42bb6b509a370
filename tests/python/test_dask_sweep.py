# SPDX-License-Identifier: MIT
# contactlab.sweep on a Dask LocalCluster of two worker processes: 100 runs, the tables the runner's sweep.csv and
# sweep_cases.csv row for row (wall times aside), whichever worker ran which case in whatever order; a case that does
# not compile is its row, and the others are kept.

import dask
import pandas as pd
import pytest
from distributed import Client, LocalCluster

import contactlab
from conftest import contactlab_cli, read_csv


@pytest.fixture(scope="module")
def client():
    # The workers import contactlab from the build tree as this process does (PYTHONPATH is inherited). A task whose
    # worker dies is not tried again on another (Dask's default tries it on four; a case that kills its worker would
    # kill four): the sweep runs such cases again alone itself.
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        yield client


def test_a_dask_sweep_of_100_runs_is_the_runners_sweep(scenes, tmp_path, client):
    vary = {"restitution": "0.1:0.9:10", "impact_velocity": "0.5:5:10"}
    cli = contactlab_cli("-q", "sweep", str(scenes / "impact_1dof.yaml"), "--model", "hunt_crossley",
                         "--vary", "restitution=0.1:0.9:10", "--vary", "impact_velocity=0.5:5:10", "--out", str(tmp_path / "s"))
    assert cli.returncode == 0, cli.stderr
    result = contactlab.sweep(scenes / "impact_1dof.yaml", vary, model="hunt_crossley", client=client)
    assert len(result.cases) == 100
    assert len(client.scheduler_info()["workers"]) == 2
    pd.testing.assert_frame_equal(result.cases.drop(columns="wall_time_s"),
                                  read_csv(tmp_path / "s" / "sweep_cases.csv").drop(columns="wall_time_s"))
    pd.testing.assert_frame_equal(result.impacts, read_csv(tmp_path / "s" / "sweep.csv"))


def test_a_failed_case_keeps_the_others(scenes, client):
    result = contactlab.sweep(scenes / "impact_1dof.yaml", {"restitution": [0.5, 1.5, 0.7]}, model="hunt_crossley",
                              client=client)
    assert list(result.cases["status"]) == ["ok", "bad_input", "ok"]
    assert list(result.failed["var.restitution"]) == [1.5]


class DiesAtValues:
    """A worker plugin, this test's own hook: on every worker, also those the nanny starts after a death, the engine's
    per-case function (contactlab._core.run_case, which the sweep's tasks call) first looks at the case's values and
    kills its process with os._exit at the given ones, as a crash in native code would."""

    name = "dies_at_values"

    def __init__(self, values: list):
        self.values = values

    def setup(self, worker):
        import json
        import os

        from contactlab import _core

        original, fatal = _core.run_case, self.values

        def run_case(plan, index):
            if json.loads(_core.failed_case(plan, index, ""))["values"] == fatal:
                os._exit(1)
            return original(plan, index)

        self.original, _core.run_case = original, run_case

    def teardown(self, worker):
        from contactlab import _core

        _core.run_case = self.original


def test_a_worker_that_dies_fails_its_case_and_keeps_the_others(scenes, tmp_path, client):
    vary = ["restitution=0.3,0.4,0.5,0.6,0.7", "impact_velocity=1,2"]
    cli = contactlab_cli("-q", "sweep", str(scenes / "impact_1dof.yaml"), "--model", "hunt_crossley",
                         "--vary", vary[0], "--vary", vary[1], "--out", str(tmp_path / "s"))
    assert cli.returncode == 0, cli.stderr
    expected = read_csv(tmp_path / "s" / "sweep_cases.csv").drop(columns="wall_time_s")
    client.register_worker_plugin(DiesAtValues(["0.5", "2"]))
    try:
        result = contactlab.sweep(scenes / "impact_1dof.yaml", {"restitution": "0.3,0.4,0.5,0.6,0.7",
                                                               "impact_velocity": "1,2"},
                                  model="hunt_crossley", client=client)
    finally:
        client.unregister_worker_plugin(DiesAtValues.name)
    cases = result.cases.drop(columns="wall_time_s")
    died = (cases["var.restitution"] == 0.5) & (cases["var.impact_velocity"] == 2)
    # The case that kills its worker failed, with its values and the reason; the nine others are the CLI's rows,
    # those that waited on the dying worker too.
    [failed] = cases[died].itertuples()
    assert (failed.status, failed.message) == ("failed", "its Dask worker died running it, also when run alone (KilledWorker)")
    # (The failed row's empty counts make those columns float in this table: values compared, not dtypes.)
    kept = cases[~died].reset_index(drop=True)
    pd.testing.assert_frame_equal(kept, expected[~died].reset_index(drop=True), check_dtype=False)
    impacts = read_csv(tmp_path / "s" / "sweep.csv")
    lost = (impacts["var.restitution"] == 0.5) & (impacts["var.impact_velocity"] == 2)
    pd.testing.assert_frame_equal(result.impacts, impacts[~lost].reset_index(drop=True))
