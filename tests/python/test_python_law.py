# SPDX-License-Identifier: MIT
# A force law written in Python, registered by name: Hertz's K δ^n written in Python gives the C++ hertz law's impact
# (same formula; the two differ by round-off, which the adaptive steps of relative tolerance 1e-11 carry into the
# located maxima at ~1e-10, so 1e-8 is the bound); its parameters reach it; its exception stops the run and is raised.
import pytest

import contactlab


def python_hertz(indentation, rate, parameters, contact):
    return contact["stiffness"] * indentation ** contact["exponent"] if indentation > 0 else 0.0


def scaled_linear(indentation, rate, parameters, contact):
    return parameters["k"] * indentation


def failing(indentation, rate, parameters, contact):
    raise ZeroDivisionError("from the law")


contactlab.register_law("python_hertz", python_hertz, formula="F = K δ^n", source="Hertz (1882), in Python")
contactlab.register_law("python_linear", scaled_linear,
                        [contactlab.Parameter("k", "N/m", "linear stiffness", required=True, min=0.0)])
contactlab.register_law("python_failing", failing)


def test_a_python_law_gives_the_cpp_laws_impact(scenes):
    reference = contactlab.run(scenes / "impact_1dof.yaml", model="hertz")
    python = contactlab.run(scenes / "impact_1dof.yaml", model="python_hertz")
    assert python.completed, python.message
    [a], [b] = reference.impacts.itertuples(), python.impacts.itertuples()
    for field in ("max_indentation", "max_force", "restitution", "contact_time"):
        assert getattr(b, field) == pytest.approx(getattr(a, field), rel=1e-8), field
    assert "python_hertz" in contactlab.models().index
    assert contactlab.model("python_hertz")["family"] == "Python"


def test_its_parameters_reach_it(scenes):
    # A linear spring k on a mass m from speed v: the maximum indentation v √(m/k).
    k = 2e6
    scene = contactlab.load(scenes / "impact_1dof.yaml", model="python_linear",
                            set={"contacts.parameters": {"k": k}, "impact_velocity": 1.0})
    [impact] = scene.run().impacts.itertuples()
    assert impact.max_indentation == pytest.approx((scene.variables["mass"] / k) ** 0.5, rel=1e-8)
    with pytest.raises(contactlab.SceneError, match="k"):
        contactlab.load(scenes / "impact_1dof.yaml", model="python_linear", set={"contacts.parameters": {}})


def test_its_exception_stops_the_run(scenes):
    with pytest.raises(ZeroDivisionError, match="from the law"):
        contactlab.run(scenes / "impact_1dof.yaml", model="python_failing")


def test_a_name_is_registered_once():
    with pytest.raises(ValueError, match="python_hertz"):
        contactlab.register_law("python_hertz", python_hertz)
