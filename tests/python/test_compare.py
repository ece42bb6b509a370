# SPDX-License-Identifier: MIT
# contactlab.compare: the table is the runner's comparison.csv for the same laws, and each law's run comes with it.
import numpy as np
import pandas as pd

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
