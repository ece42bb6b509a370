# SPDX-License-Identifier: MIT
"""contactlab from Python: one isolated impact under five force laws, their force–indentation loops in one figure.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/compare_laws.py [OUT.png]

Each dissipative law is given the same target restitution, 0.7 (each meets it as closely as its damping formula
allows: docs/models.md); the elastic Hertz law returns along its loading curve, the others enclose the energy they
absorb.
"""
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import contactlab

SCENE = Path(__file__).resolve().parents[2] / "scenes" / "impact_1dof.yaml"
LAWS = ["hertz", "hunt_crossley", "lankarani_nikravesh", "flores", "gonthier"]


def main(out: str) -> None:
    comparison = contactlab.compare(SCENE, LAWS, set={"restitution": 0.7, "impact_velocity": 1.0})
    # comparison.csv: one row per law, each pair's impacts as columns (wall/body.impact1.restitution, …).
    print(comparison.table.set_index("law").filter(like="impact1.").to_string())
    figure, axes = plt.subplots(figsize=(7, 4.5))
    for law, result in comparison.runs.items():
        contacts = result.contacts
        axes.plot(contacts["indentation"] * 1e6, contacts["force"] * 1e-3, label=law)
    axes.set_xlabel("indentation δ [µm]")
    axes.set_ylabel("force F [kN]")
    axes.set_title("One impact at 1 m/s, target restitution 0.7")
    axes.legend()
    figure.tight_layout()
    figure.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "force_indentation.png")
