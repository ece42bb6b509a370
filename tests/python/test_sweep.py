# SPDX-License-Identifier: MIT
# contactlab.sweep on threads: the tables are the runner's sweep.csv and sweep_cases.csv row for row (wall times aside),
# and bad sweeps are refused before anything runs.
import pandas as pd
import pytest

import contactlab
from conftest import contactlab_cli, read_csv


def runner_sweep(scene, out, *arguments):
    cli = contactlab_cli("-q", "sweep", str(scene), *arguments, "--out", str(out))
    assert cli.returncode in (0, 2, 3), cli.stderr
    return read_csv(out / "sweep_cases.csv"), read_csv(out / "sweep.csv")


def test_a_sweep_is_the_runners_sweep(scenes, tmp_path):
    cases, impacts = runner_sweep(scenes / "impact_1dof.yaml", tmp_path / "sweep", "--model", "hunt_crossley", "--set",
                                  "mass=0.2", "--vary", "restitution=0.3,0.6", "--vary", "impact_velocity=1:3:3")
    result = contactlab.sweep(scenes / "impact_1dof.yaml", {"restitution": [0.3, 0.6], "impact_velocity": "1:3:3"},
                              model="hunt_crossley", set={"mass": 0.2}, threads=2)
    pd.testing.assert_frame_equal(result.cases.drop(columns="wall_time_s"), cases.drop(columns="wall_time_s"))
    pd.testing.assert_frame_equal(result.impacts, impacts)
    assert len(result.cases) == 6 and (result.cases["status"] == "ok").all()
    assert result.markdown.startswith("# Parameter sweep: impact_1dof")


def test_a_case_that_does_not_compile_is_its_row(scenes):
    result = contactlab.sweep(scenes / "impact_1dof.yaml", {"restitution": [0.5, 1.5]}, model="hunt_crossley")
    assert list(result.cases["status"]) == ["ok", "bad_input"]
    assert "restitution" in result.failed.iloc[0]["message"]


def test_bad_sweeps_are_refused(scenes):
    with pytest.raises(ValueError, match="no_such_variable"):  # SweepArgumentError or SceneError
        contactlab.sweep(scenes / "impact_1dof.yaml", {"no_such_variable": [1, 2]})
    with pytest.raises(contactlab.SceneError):
        contactlab.sweep(scenes / "impact_1dof.yaml", {"restitution": [0.5]}, model="no_such_law")


def test_a_bad_sweep_argument_is_a_sweep_argument_error(scenes):
    # The CLI's message, as its own exception type (it was a bare ValueError: no translator was registered).
    with pytest.raises(contactlab.SweepArgumentError, match="the count of a range must be an integer ≥ 2"):
        contactlab.sweep(scenes / "impact_1dof.yaml", {"restitution": "0.1:0.5:1"})


def test_threads_below_one_are_refused_as_by_the_cli(scenes):
    for threads in (0, -1):
        with pytest.raises(ValueError, match=f"threads {threads}: expected a number of threads ≥ 1"):
            contactlab.sweep(scenes / "impact_1dof.yaml", {"restitution": [0.5]}, threads=threads)


def test_arguments_of_the_wrong_type_say_what_was_expected(scenes):
    scene = scenes / "impact_1dof.yaml"
    for call, argument in [(lambda: contactlab.sweep(scene, [("restitution", "0.1:0.5:3")]), "vary"),
                           (lambda: contactlab.sweep(scene, {"restitution": None}), "vary\\['restitution'\\]"),
                           (lambda: contactlab.sweep(scene, {"restitution": 0.5}), "vary\\['restitution'\\]"),
                           (lambda: contactlab.sweep(scene, {"restitution": [0.5]}, threads="2"), "threads"),
                           (lambda: contactlab.sweep(scene, {"restitution": [0.5]}, set=[("mass", 1)]), "set")]:
        with pytest.raises(TypeError, match=f"^{argument}: expected"):
            call()
