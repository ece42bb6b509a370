# SPDX-License-Identifier: MIT
# contactlab.compare: the table is the runner's comparison.csv for the same laws, and each law's run comes with it.
import numpy as np
import pandas as pd
import pytest

import contactlab
from conftest import contactlab_cli, read_csv

LAWS = ["hertz", "hunt_crossley", "flores", "gonthier", "zhang_sharf_exact"]


def test_compare_is_the_runners_comparison(scenes, tmp_path):
    out = tmp_path / "compare"
    cli = contactlab_cli("-q", "compare", str(scenes / "bouncing_ball.yaml"), "--models", ",".join(LAWS), "--out", str(out))
    assert cli.returncode == 0, cli.stderr
    comparison = contactlab.compare(scenes / "bouncing_ball.yaml", LAWS, threads=2)
    pd.testing.assert_frame_equal(comparison.table, read_csv(out / "comparison.csv"))
    assert list(comparison.runs) == LAWS
    for law in LAWS:
        run = comparison.runs[law]
        assert run.completed
        runner = read_csv(out / law / "impacts.csv")
        assert np.array_equal(run.impacts["max_force"].to_numpy(), runner["max_force"].to_numpy())


def test_a_law_that_cannot_run_says_why(scenes):
    # hooke needs a linear stiffness: the bouncing ball's Hertz contact has none, so the law is not run.
    comparison = contactlab.compare(scenes / "bouncing_ball.yaml", "hertz,hooke")
    assert comparison.runs["hertz"] is not None
    if comparison.runs["hooke"] is None:
        assert comparison.reasons["hooke"]
    assert set(comparison.table["law"]) >= {"hertz"}


def test_laws_and_threads_are_checked_as_by_the_cli(scenes):
    # A law named twice would run once and be reported once: refused, as `compare --models` refuses it.
    scene = scenes / "bouncing_ball.yaml"
    for laws, message in [(["flores", "flores"], "law 'flores' is listed twice"),
                          (["hunt_crossley", "hertz", "marhefka_orin"], "law 'hunt_crossley' is listed twice \\(hunt_crossley and marhefka_orin\\)"),
                          (["all", "hertz"], "law 'hertz' is listed twice \\(all and hertz\\)"),
                          (["flores", ""], "an empty item"), ([], "expected a comma-separated list")]:
        with pytest.raises(ValueError, match=message):
            contactlab.compare(scene, laws)
    with pytest.raises(ValueError, match="threads 0: expected a number of threads ≥ 1"):
        contactlab.compare(scene, ["flores"], threads=0)
    with pytest.raises(TypeError, match="^laws: expected"):
        contactlab.compare(scene, ["flores", 3])
    with pytest.raises(TypeError, match="^threads: expected"):
        contactlab.compare(scene, ["flores"], threads=2.0)


def test_an_override_no_pair_reads_is_refused_and_the_laws_still_compare(scenes):
    # Every pair of the slider-crank takes its law from its clearance joint: contacts.law would change nothing.
    scene = scenes / "slider_crank_revolute_clearance.yaml"
    with pytest.raises(contactlab.SceneError, match="clearances.pin.law"):
        contactlab.compare(scene, ["flores"], set={"contacts.law": "hertz", "duration": 0.002})
    comparison = contactlab.compare(scene, ["flores", "hertz"], set={"duration": 0.002})
    assert comparison.runs["flores"] is not None and comparison.runs["hertz"] is not None
