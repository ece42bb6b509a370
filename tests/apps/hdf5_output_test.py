#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""results.h5 read back with h5py against the CSV files of the same run (docs/output.md, "results.h5").

    hdf5_output_test.py CONTACTLAB SCENE...

Each scene is run twice, `--format csv` and `--format hdf5`; the runs are deterministic, so every number of
timeseries.csv, contacts.csv and impacts.csv must be in results.h5 exactly (the CSV's text reads back to the same
double), with the same column names, and the root's attributes must be summary.json's members. Exit 1 on a mismatch.
"""
import csv
import json
import math
import pathlib
import subprocess
import sys
import tempfile

import h5py
import numpy as np

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def same(a, b):
    """Equal as doubles, NaN equal to NaN."""
    return a == b or (math.isnan(a) and math.isnan(b))


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def compare_table(name, dataset, header, rows, text_columns):
    """A CSV table against a 2-D dataset: columns in text_columns hold names, given by index in `pairs`."""
    columns = [c.decode() if isinstance(c, bytes) else c for c in dataset.attrs["columns"]]
    check(columns == header, f"{name}: columns {columns} against {header}")
    check(len(dataset.attrs["units"]) == len(columns), f"{name}: {len(dataset.attrs['units'])} units")
    values = dataset[()]
    check(values.shape == (len(rows), len(header)), f"{name}: shape {values.shape} against {len(rows)} x {len(header)}")
    if values.shape != (len(rows), len(header)):
        return
    pairs = [p.decode() if isinstance(p, bytes) else p for p in dataset.attrs.get("pairs", [])]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if header[c] in text_columns:
                check(pairs[int(values[r, c])] == text, f"{name} row {r}: pair {pairs[int(values[r, c])]} against {text}")
            elif not same(values[r, c], float(text)):
                check(False, f"{name} row {r} column {header[c]}: {values[r, c]!r} against {text}")
                return


def compare_summary(h5, summary):
    attributes = dict(h5.attrs)
    check(list(attributes) and set(attributes) == set(summary), f"summary members {sorted(attributes)} against {sorted(summary)}")
    for key, value in summary.items():
        if key not in attributes:
            continue
        got = attributes[key]
        if isinstance(value, (dict, list)):
            check(json.loads(got) == value, f"summary {key}: {got} against {value}")
        elif isinstance(value, str):
            check(got == value, f"summary {key}: {got!r} against {value!r}")
        elif value is None:
            check(math.isnan(got), f"summary {key}: {got} against null")
        else:
            check(got == value, f"summary {key}: {got} against {value}")


def main():
    contactlab, scenes = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as work:
        for scene in scenes:
            name = pathlib.Path(scene).stem
            directories = {}
            for fmt in ("csv", "hdf5"):
                directories[fmt] = pathlib.Path(work) / f"{name}-{fmt}"
                subprocess.run([contactlab, "-q", "run", scene, "--format", fmt, "--out", str(directories[fmt])],
                               check=True, stdout=subprocess.DEVNULL)
            run_csv, run_h5 = directories["csv"], directories["hdf5"]
            check(not (run_h5 / "timeseries.csv").exists(), f"{name}: the HDF5 run wrote timeseries.csv")
            check(not (run_csv / "results.h5").exists(), f"{name}: the CSV run wrote results.h5")
            with h5py.File(run_h5 / "results.h5", "r") as h5:
                header, rows = read_csv(run_csv / "timeseries.csv")
                compare_table(f"{name} timeseries", h5["timeseries"], header, rows, set())
                header, rows = read_csv(run_csv / "contacts.csv")
                check(len(rows) > 0, f"{name}: no contact rows to compare")
                compare_table(f"{name} contacts", h5["contacts"], header, rows, {"pair"})
                header, rows = read_csv(run_csv / "impacts.csv")
                check(len(rows) > 0, f"{name}: no impacts to compare")
                compare_table(f"{name} impacts", h5["impacts"], header, rows, {"pair"})
                # The summary of the same run, and the CSV run's apart from its time and command line.
                summary = json.loads((run_h5 / "summary.json").read_text())
                compare_summary(h5, summary)
                csv_summary = json.loads((run_csv / "summary.json").read_text())
                for key in ("wall_time_s", "provenance"):
                    summary.pop(key)
                    csv_summary.pop(key)
                check(summary == csv_summary, f"{name}: summary.json differs between the formats")
                units = dict(zip(h5["timeseries"].attrs["columns"], h5["timeseries"].attrs["units"]))
                for column, unit in summary["coordinate_units"].items():
                    check(units.get(column) == unit, f"{name}: unit of {column} {units.get(column)} against {unit}")
                check(units["time"] == "s" and units["kinetic_energy"] == "J", f"{name}: units {units}")
            print(f"{name}: results.h5 holds the CSV run's {len(rows)} impacts and every row")
    for failure in failures[:20]:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
