# SPDX-License-Identifier: MIT
"""What the extension returns, as DataFrames with units: a run's Result and a Comparison."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

ENERGY_COLUMNS = ("kinetic_energy", "gravitational_energy", "spring_energy", "elastic_energy", "dissipated_energy",
                  "joint_work", "total_energy")


def with_units(frame: pd.DataFrame, units: dict) -> pd.DataFrame:
    frame.attrs["units"] = {name: units[name] for name in frame.columns if name in units}
    return frame


@dataclass
class Result:
    """One run, as ``contactlab run`` writes it (docs/output.md), in memory.

    ``timeseries`` holds timeseries.csv's columns and the generalized accelerations ``a_<coordinate>`` (the rows are
    the output samples, also every step in contact); ``series`` is the same table as a NumPy array (rows × columns,
    in ``columns`` order). ``contacts`` is contacts.csv (one row per contact point in contact at a sample),
    ``impacts`` impacts.csv with the derived measures (contact_time, tangential_restitution), ``energies`` the
    energy columns against time, ``measures`` the scene's measures. Units: ``units`` and each frame's
    ``attrs["units"]``.
    """

    scene: str
    status: str  # "completed" or "numerical_trouble" (message says why)
    message: str
    diagnostics: list
    end_time: float  # [s]
    wall_time_s: float
    stats: dict
    energy: dict  # initial_energy [J], max_energy_balance_error [J], energy_scale [J], max_energy_rise [J]
    series: np.ndarray
    columns: list
    units: dict
    timeseries: pd.DataFrame
    contacts: pd.DataFrame
    impacts: pd.DataFrame
    measures: pd.DataFrame

    @property
    def completed(self) -> bool:
        return self.status == "completed"

    @property
    def energies(self) -> pd.DataFrame:
        names = ["time"] + [c for c in ENERGY_COLUMNS if c in self.timeseries.columns]
        return with_units(self.timeseries[names].copy(), self.units)

    def __repr__(self) -> str:
        return (f"<contactlab.Result {self.scene}: {self.status}, {len(self.impacts)} impact(s), "
                f"{len(self.timeseries)} samples, {self.end_time:g} s>")


def result_from(raw: dict) -> Result:
    columns = list(raw["series_columns"])
    units = dict(zip(columns, raw["series_units"]))
    series = raw["series"]
    timeseries = with_units(pd.DataFrame(series, columns=columns), units)
    contact_units = {"time": "s", "indentation": "m", "normal_velocity": "m/s", "force": "N", "slip_speed": "m/s",
                     "slip_x": "m/s", "slip_y": "m/s", "slip_z": "m/s", "friction_x": "N", "friction_y": "N",
                     "friction_z": "N", "sticking": "", "spin": "rad/s", "rolling_x": "rad/s", "rolling_y": "rad/s",
                     "rolling_z": "rad/s"}
    contacts = with_units(pd.DataFrame(raw["contacts"]), contact_units)
    impacts = with_units(pd.DataFrame(raw["impacts"]["columns"]), dict(raw["impacts"]["units"]))
    measures = pd.DataFrame(raw["measures"], columns=["name", "value", "unit"]).set_index("name")
    units.update(contact_units)
    units.update(dict(raw["impacts"]["units"]))  # result.units["max_force"], as documented
    return Result(scene=raw["scene"], status=raw["status"], message=raw["message"], diagnostics=list(raw["diagnostics"]),
                  end_time=raw["end_time"], wall_time_s=raw["wall_time_s"], stats=dict(raw["stats"]),
                  energy=dict(raw["energy"]), series=series, columns=columns, units=units, timeseries=timeseries,
                  contacts=contacts, impacts=impacts, measures=measures)


@dataclass
class Comparison:
    """A comparison of force laws: ``table`` is comparison.csv (one row per law, each pair's impacts as columns; docs/output.md),
    ``runs`` each law's Result (None when the law could not run on the scene: ``reasons`` says why)."""

    table: pd.DataFrame
    runs: dict = field(default_factory=dict)
    reasons: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        ran = sum(r is not None for r in self.runs.values())
        return f"<contactlab.Comparison of {len(self.runs)} law(s), {ran} ran>"
