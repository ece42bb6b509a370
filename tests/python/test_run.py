# SPDX-License-Identifier: MIT
# contactlab.load and run: the module is the runner's engine — a run's samples and impacts are those `contactlab run`
# writes, value for value — with a closed form through it, bad input as SceneError at its place, the registry
# browsable, the GIL released during a run and Ctrl-C stopping it.
import _thread
import sys
import threading
import time

import numpy as np
import pytest

import contactlab
from conftest import contactlab_cli, read_csv


def test_a_run_is_the_runners_run_value_for_value(scenes, tmp_path):
    out = tmp_path / "run"
    cli = contactlab_cli("-q", "run", str(scenes / "bouncing_ball.yaml"), "--set", "restitution=0.6", "--out", str(out))
    assert cli.returncode == 0, cli.stderr
    result = contactlab.run(scenes / "bouncing_ball.yaml", set={"restitution": 0.6})
    assert result.completed and result.message == ""
    series = read_csv(out / "timeseries.csv")
    assert list(series.columns) == [c for c in result.timeseries.columns if c in series.columns]
    assert np.array_equal(result.timeseries[series.columns].to_numpy(), series.to_numpy())
    assert result.series.shape == (len(series), len(result.columns))
    impacts = read_csv(out / "impacts.csv")
    assert len(impacts) == len(result.impacts) > 3
    for column in impacts.columns.drop(["pair", "point", "open"]):
        assert np.array_equal(result.impacts[column].to_numpy(), impacts[column].to_numpy(), equal_nan=True), column
    assert list(result.impacts["pair"]) == list(impacts["pair"])
    contacts = read_csv(out / "contacts.csv")
    assert np.array_equal(result.contacts[["time", "indentation", "force"]].to_numpy(),
                          contacts[["time", "indentation", "force"]].to_numpy())
    assert result.units["time"] == "s" and result.impacts.attrs["units"]["max_force"] == "N"
    assert result.contacts.attrs["units"]["indentation"] == "m"
    assert "total_energy" in result.energies.columns


def test_an_elastic_hertz_impact_meets_its_closed_form(scenes):
    # m δ̈ = −K δ^1.5 from δ̇(0) = v: the maximum indentation (5 m v² / (4 K))^(2/5) and the rebound at v (e = 1), to
    # the integrator's tolerance (relative 1e-11 in the scene; the maximum is located as the root of δ̇).
    scene = contactlab.load(scenes / "impact_1dof.yaml", model="hertz", set={"impact_velocity": 1.5})
    assert scene.law == "hertz" and scene.variables["impact_velocity"] == 1.5
    result = scene.run()
    m, K, v = scene.variables["mass"], scene.variables["stiffness"], 1.5
    [impact] = result.impacts.itertuples()
    assert impact.max_indentation == pytest.approx((5 * m * v**2 / (4 * K)) ** 0.4, rel=1e-8)
    assert impact.restitution == pytest.approx(1.0, abs=1e-8)
    assert result.measures.loc["rebound_velocity", "value"] == pytest.approx(v, rel=1e-8)
    assert result.measures.loc["rebound_velocity", "unit"] == "m/s"


def test_units_cover_every_column(scenes):
    # docs/python.md: result.units["max_force"] is "N" (it was a KeyError: only the series' and contacts' units).
    result = contactlab.run(scenes / "impact_1dof.yaml")
    assert result.units["max_force"] == "N" and result.units["restitution"] == ""
    assert result.units["time"] == "s" and result.units["indentation"] == "m"


def test_an_impact_open_at_the_end_has_no_separation_quantities(scenes):
    # Stopped mid-contact (the impact at 1 m/s lasts about 0.1 ms), the impact has not separated: no restitution, no
    # separation velocity, no contact time (it lasted at least t_end − t_start), as impacts.csv has them.
    result = contactlab.run(scenes / "impact_1dof.yaml", set={"duration": 2e-5})
    [impact] = result.impacts.itertuples()
    assert impact.open
    for column in ("restitution", "separation_velocity", "rebound_angle", "separation_spin", "contact_time"):
        assert np.isnan(getattr(impact, column)), column
    assert impact.max_indentation > 0


def test_wrong_types_say_what_was_expected(scenes):
    with pytest.raises(TypeError, match="^set: expected a mapping"):
        contactlab.run(scenes / "impact_1dof.yaml", set=[("mass", 1)])
    with pytest.raises(TypeError, match="^model: expected"):
        contactlab.run(scenes / "impact_1dof.yaml", model=3)


def test_bad_input_is_a_scene_error_at_its_place(scenes):
    text = (scenes / "impact_1dof.yaml").read_text().replace("mass: mass", "mass: -mass")
    with pytest.raises(contactlab.SceneError) as raised:
        contactlab.load_text(text, file="broken.yaml")
    error = raised.value
    assert isinstance(error, ValueError)
    assert error.file == "broken.yaml"
    assert error.line == text.splitlines().index("    mass: -mass") + 1 and error.column > 0
    assert error.key == "bodies[0].mass"
    assert error.problem and str(error).startswith("broken.yaml:")
    with pytest.raises(contactlab.SceneError) as raised:
        contactlab.load(scenes / "impact_1dof.yaml", model="no_such_law")
    assert raised.value.key == "--model"
    with pytest.raises(contactlab.SceneError):
        contactlab.load(scenes / "no_such_scene.yaml")


def test_the_registry_is_browsable():
    laws = contactlab.models()
    assert {"hertz", "hunt_crossley", "flores", "lankarani_nikravesh", "gonthier"} <= set(laws.index)
    assert "restitution [1]" in laws.loc["hunt_crossley", "parameters"] or "restitution" in laws.loc["hunt_crossley", "parameters"]
    hunt_crossley = contactlab.model("hunt_crossley")
    [restitution] = [p for p in hunt_crossley["parameters"] if p["name"] == "restitution"]
    assert restitution["unit"] is not None and restitution["description"]
    assert hunt_crossley["source"]
    assert len(contactlab.friction_models()) > 0
    with pytest.raises(KeyError):
        contactlab.model("no_such_law")


def pendulums(scenes, duration):
    # Two pendulums striking each other again and again (~0.2 ms of solving per simulated second), sampled sparsely.
    return contactlab.load(scenes / "two_pendulums.yaml", set={"duration": duration, "output.interval": 0.1})


def test_a_run_releases_the_gil(scenes):
    # A counting thread runs beside the run. Held, the GIL would let it count only in the switch intervals around the
    # run's call (sys.getswitchinterval(), 5 ms); released, it counts through the whole run. Its rate alone is
    # measured first, and the run is lengthened until it lasts 0.2 s whatever the machine's speed, so the two cases
    # differ by a factor of 40 or more while the check asks for a quarter of the free rate.
    progress = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            progress[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        before = progress[0]
        time.sleep(0.1)  # sleeping releases the GIL: the counter's own rate
        rate = (progress[0] - before) / 0.1
        duration = 1000.0
        while True:
            scene = pendulums(scenes, duration)
            before = progress[0]
            start = time.perf_counter()
            scene.run()
            elapsed = time.perf_counter() - start
            counted = progress[0] - before
            if elapsed >= 0.2 or duration > 1e6:
                break
            duration *= 2 * 0.2 / max(elapsed, 0.01)
    finally:
        done.set()
        counter.join()
    assert elapsed >= 0.2
    assert rate * 2 * sys.getswitchinterval() < 0.25 * rate * elapsed  # the check can tell the two cases apart
    assert counted > 0.25 * rate * elapsed


def test_ctrl_c_stops_a_run(scenes):
    scene = pendulums(scenes, 40000)  # ~ 6 s of solving
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        timer.start()  # inside: the interruption must not land outside pytest.raises
        scene.run()
    # Stopped well before the run's ~6 s: the signal is seen within 50 ms, the run ends at its next step (the bound
    # leaves room for a loaded machine).
    assert time.perf_counter() - start < 3.0
