# SPDX-License-Identifier: MIT
"""contactlab from Python: load a scene, run it, compare force laws, sweep variables (on a Dask cluster too).

Results come as NumPy arrays and pandas DataFrames whose column names are those of the CLI's files
(docs/output.md); every DataFrame carries the SI unit of each column in ``df.attrs["units"]``.

    >>> import contactlab
    >>> result = contactlab.run("scenes/bouncing_ball.yaml", set={"restitution": 0.5})
    >>> result.impacts[["t_start", "restitution", "max_force"]]

A scene may also be written in Python as C++ writes it (:class:`SceneSpec` and its parts, engine/scene_spec.h) and
run with ``contactlab.run(spec)`` or ``Scene.from_spec(spec)``.

Bad input raises :class:`SceneError` (with ``file``, ``line``, ``column``, ``key``); runs release the GIL and stop on
Ctrl-C (KeyboardInterrupt). docs/python.md is the guide.
"""

from __future__ import annotations

import io
import json
import os
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Optional, Sequence, Union

import pandas as pd

from . import _core
from ._core import (BodySpec, CalibrationSpec, ChecksSpec, ClearanceSpec, ConstraintSpec, ContactsSpec, Drive,
                    FrictionSpec, HertzStiffness, InitialSpec, IntegratorSpec, JointSpec, LawParametersSpec,
                    MaterialSpec, OutputSpec, PairSpec, ParameterValue, RotationSpec, Scene, SceneError, SceneSpec,
                    ShapeSpec, SweepArgumentError, TimeFunction, WorldSpec)
from ._frames import Comparison, Result, result_from
from ._sweep import SweepResult, sweep

__all__ = [
    "BodySpec", "CalibrationSpec", "ChecksSpec", "ClearanceSpec", "Comparison", "ConstraintSpec", "ContactsSpec",
    "Drive", "FrictionSpec", "HertzStiffness", "InitialSpec", "IntegratorSpec", "JointSpec", "LawParametersSpec",
    "MaterialSpec", "OutputSpec", "PairSpec", "Parameter", "ParameterValue", "Result", "RotationSpec", "Scene",
    "SceneError", "SceneSpec", "ShapeSpec", "StateVariable", "SweepArgumentError", "SweepResult", "TimeFunction", "WorldSpec",
    "compare", "friction_models", "load", "load_text", "model", "models", "register_law", "run", "sweep",
]

Overrides = Optional[Mapping[str, Any]]


def override_text(value: Any) -> str:
    """A ``set=`` value as ``--set NAME=VALUE`` takes it: text as given, numbers to round trip, the rest as YAML."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(float(value)) if isinstance(value, float) else str(value)
    return json.dumps(value)  # a mapping or list: JSON is YAML's flow style


def _type_name(value: Any) -> str:
    return type(value).__name__


def check_type(argument: str, value: Any, types: tuple, expected: str) -> None:
    """TypeError naming the argument and what it expected, for a value of another type (a bool is not a number)."""
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        raise TypeError(f"{argument}: expected {expected}, found {_type_name(value)} {value!r}")


def check_threads(threads: Any) -> None:
    if threads is not None:
        check_type("threads", threads, (int,), "a number of threads (an int ≥ 1) or None")


def check_model(model: Any) -> None:
    if model is not None:
        check_type("model", model, (str,), "a force law's id or alias (a str) or None")


def overrides(set: Overrides) -> list[tuple[str, str]]:
    if set is None:
        return []
    check_type("set", set, (Mapping,), "a mapping of variable names or key paths to values, e.g. {\"restitution\": 0.5}")
    for name in set:
        check_type("set", name, (str,), "variable names or key paths (str) as keys")
    return [(name, override_text(value)) for name, value in set.items()]


def load(path: Union[str, os.PathLike], *, set: Overrides = None, model: Optional[str] = None) -> Scene:
    """Reads, compiles and calibrates a scene file.

    ``set`` overrides scene variables or key paths, as ``--set NAME=VALUE``: ``{"restitution": 0.5,
    "contacts.parameters.damping": 40}``; ``model`` replaces every contact's force law (``--model``).
    Raises SceneError naming the file, line, column and key of bad input.
    """
    check_model(model)
    return _core.load(os.fspath(path), overrides(set), model or "")


def load_text(text: str, *, file: str = "<text>", set: Overrides = None, model: Optional[str] = None) -> Scene:
    """As :func:`load`, from the YAML text of a scene; ``file`` names it in messages."""
    check_type("text", text, (str,), "the YAML text of a scene (a str)")
    check_model(model)
    return _core.load_text(text, file, overrides(set), model or "")


def run(scene: Union[Scene, SceneSpec, str, os.PathLike], *, set: Overrides = None,
        model: Optional[str] = None) -> Result:
    """Runs a scene (a Scene, a SceneSpec compiled with ``model``, or a file loaded with ``set`` and ``model``) as
    ``contactlab run`` does.

    The GIL is released while it runs; Ctrl-C stops it (KeyboardInterrupt). Numerical trouble does not raise: the
    result's ``status`` is ``"numerical_trouble"`` and ``message`` says why (time, pair, law), as exit code 3 does.
    """
    if isinstance(scene, SceneSpec):
        if set:
            raise ValueError("set= applies to scene files; a SceneSpec's fields are set in Python")
        scene = Scene.from_spec(scene, model or "")
    elif not isinstance(scene, Scene):
        scene = load(scene, set=set, model=model)
    elif set or model:
        raise ValueError("set= and model= apply when loading: contactlab.load(path, set=…, model=…)")
    return result_from(_core.run(scene))


Scene.run = run  # scene.run()


def compare(scene: Union[SceneSpec, str, os.PathLike], laws: Union[str, Iterable[str]], *, set: Overrides = None,
            text: Optional[str] = None, threads: Optional[int] = None) -> Comparison:
    """Runs a scene file (or a SceneSpec) once per force law, in parallel, as ``contactlab compare --models`` does.

    ``laws`` is a list of law ids or aliases, a comma list, or ``"all"``. With ``text``, the scene is that YAML text
    and ``scene`` only names it. Returns a Comparison: ``table`` (comparison.csv: one row per law, each pair's impacts as columns),
    ``runs`` (each law's Result, None for a law that could not run on the scene) and ``reasons``.
    """
    check_type("laws", laws, (str, Iterable), "a list of law ids or aliases, a comma list or \"all\"")
    names = [name.strip() for name in laws.split(",")] if isinstance(laws, str) else list(laws)
    for name in names:
        check_type("laws", name, (str,), "law ids or aliases (str)")
    check_threads(threads)
    if isinstance(scene, SceneSpec):
        if set or text is not None:
            raise ValueError("set= and text= apply to scene files; a SceneSpec's fields are set in Python")
        table, ids, runs, reasons = _core.compare_spec(scene, names, threads)
    else:
        table, ids, runs, reasons = _core.compare(os.fspath(scene), text, overrides(set), names, threads)
    frame = pd.read_csv(io.StringIO(table), float_precision="round_trip")
    return Comparison(table=frame, runs={law: (result_from(r) if r is not None else None) for law, r in zip(ids, runs)},
                      reasons=dict(zip(ids, reasons)))


def models() -> pd.DataFrame:
    """Every normal force law of the registry, one row each (id, family, formula, source, parameters with units).

    ``model(id)`` gives one law in full, as ``contactlab models ID --json`` does.
    """
    laws = json.loads(_core.models_json())
    rows = []
    for law in laws:
        parameters = ", ".join(f"{p['name']} [{p['unit']}]" for p in law["parameters"])
        rows.append({"id": law["id"], "family": law["family"], "formula": law["formula"], "source": law["source"],
                     "parameters": parameters})
    return pd.DataFrame(rows).set_index("id")


def model(law: str) -> dict:
    """One law as ``contactlab models ID --json`` describes it: parameters (name, unit, description, default, range),
    derived parameters, aliases, formula, source; for a law written in Python with state, its state variables
    (name, unit, description, initial). KeyError for an unknown id or alias."""
    for entry in json.loads(_core.models_json()):
        if law == entry["id"] or law in entry.get("aliases", []):
            if entry["id"] in _python_law_state:
                entry["state"] = [variable._asdict() for variable in _python_law_state[entry["id"]]]
            return entry
    raise KeyError(f"no force law '{law}'; contactlab.models() lists them")


def friction_models() -> pd.DataFrame:
    """Every friction law of the registry (``contactlab models --friction --json``), one row each."""
    laws = json.loads(_core.friction_models_json())
    rows = [{"id": law["id"], "formula": law.get("formula", ""), "source": law.get("source", ""),
             "parameters": ", ".join(f"{p['name']} [{p['unit']}]" for p in law.get("parameters", []))} for law in laws]
    return pd.DataFrame(rows).set_index("id")


class Parameter(NamedTuple):
    """A parameter of a force law written in Python: name, SI unit, description, default, whether a scene must give
    it, and its range [min, max]."""
    name: str
    unit: str = ""
    description: str = ""
    default: float = 0.0
    required: bool = False
    min: float = float("-inf")
    max: float = float("inf")


# The state variables of the laws registered in Python, by id (the C++ registry holds only their number).
_python_law_state: dict = {}


class StateVariable(NamedTuple):
    """A per-contact state variable of a force law written in Python: name, SI unit, description and the value it
    holds until the law's event function first writes it."""
    name: str
    unit: str = ""
    description: str = ""
    initial: float = 0.0


def register_law(id: str, force: Callable[..., float], parameters: Sequence[Parameter] = (), *,
                 state: Sequence[StateVariable] = (), event: Optional[Callable[..., None]] = None,
                 formula: str = "", source: str = "", notes: str = "", ignores: Sequence[str] = (),
                 fixed_exponent: Optional[float] = None, restitution: Optional[str] = None) -> None:
    """Registers a force law written in Python; scenes, ``model=`` and :func:`compare` then use it by name.

    ``force(indentation, rate, parameters, contact)`` returns the normal force F [N] (> 0 repulsive) at indentation
    δ [m] (> 0 penetrating) and rate δ̇ [m/s] (> 0 approaching), and 0 at δ ≤ 0 (where the engine evaluates it too,
    at onsets and events); ``parameters`` maps the law's parameter names to the
    pair's values, ``contact`` holds what the engine froze at onset: impact_velocity [m/s], effective_mass [kg],
    effective_radius [m], effective_modulus [Pa], stiffness K [N/m^n], exponent n, time_since_onset [s].

    A law with history declares its per-contact ``state`` (StateVariable: name, unit, description, initial value) and
    an ``event(name, indentation, rate, parameters, contact, state)`` that updates the dict ``state`` in place at the
    contact's located events, ``name`` one of "onset", "max_indentation", "reload", "separation", "new_impact" (a new
    impact loading the contact while in contact: the δ̇⁻ in ``contact`` is the new one), as a C++ law's event function
    does (models/force_law.h). ``force`` then takes the state as a fifth argument (read only: changes
    made there are dropped). The state belongs to the contact's pair, persists from one contact to the next (reset it
    at "onset" if the law wants), and changes only at events, which the engine locates at accepted steps.

    What the law declares, as a C++ law does (models/force_law.h): ``ignores`` lists the pair's generic values its
    force does not read, "stiffness" and/or "exponent" (a scene that gives one is then refused rather than reported
    as used); ``fixed_exponent`` is the exponent n its formula fixes (a scene's other one is refused, its stiffness
    read in N/m^n); ``restitution`` names the parameter that is a target coefficient of restitution (the shapes'
    materials may supply it; a scene's ``calibrate:`` and ``contactlab compare --calibrate`` set it).

    Every evaluation is a Python call (docs/python.md measures it: ~100× a C++ law); register before any run.
    An exception in ``force`` or ``event`` stops the run and is raised from run().
    """
    table = [tuple(Parameter(*p) if not isinstance(p, Parameter) else p) for p in parameters]
    variables = [StateVariable(*v) if not isinstance(v, StateVariable) else v for v in state]
    if isinstance(ignores, str):
        raise TypeError("register_law: ignores is a sequence of names, e.g. ('stiffness', 'exponent')")
    _core.register_law(id, force, table, [tuple(v) for v in variables], event, formula, source, notes, list(ignores),
                       0.0 if fixed_exponent is None else float(fixed_exponent), restitution or "")
    if variables:
        _python_law_state[id] = variables
