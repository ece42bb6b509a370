# SPDX-License-Identifier: MIT
# contactlab.sweep on a Dask LocalCluster of two worker processes: 100 runs, the tables the runner's sweep.csv and
# sweep_cases.csv row for row (wall times aside), whichever worker ran which case in whatever order; a case that does
# not compile is its row, and the others are kept.

import pandas as pd
import pytest
from distributed import Client, LocalCluster

import contactlab
from conftest import contactlab_cli, read_csv


@pytest.fixture(scope="module")
def client():
    # The workers import contactlab from the build tree as this process does (PYTHONPATH is inherited).
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
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
