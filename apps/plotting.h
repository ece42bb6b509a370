// SPDX-License-Identifier: MIT
// PNG plots of a run or a comparison, drawn by scripts/plot.py (matplotlib) in a child python3 process:
// plotting is presentation, so it stays out of the C++ build's dependencies.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace contactlab {

// A python3 interpreter that can import matplotlib: $CONTACTLAB_PYTHON, else `python3` on PATH, else
// /usr/bin/python3 (a python3 earlier on PATH, e.g. a pyenv or venv one, often lacks the Debian package).
// On failure, `problem` says what was tried and how to install matplotlib.
std::optional<std::string> find_plotting_python(std::string& problem);

// The plotting script: $CONTACTLAB_PLOT_SCRIPT, else scripts/plot.py of the source tree.
std::filesystem::path plot_script();

// Draws the plots of a run directory (summary.json, timeseries.csv) or a comparison directory
// (comparison.csv) into that directory. Returns 0, or 1 after logging why plotting failed.
int plot_directory(const std::filesystem::path& directory);

// True when `directory` holds a run's or a comparison's output.
bool is_plottable_directory(const std::filesystem::path& directory);

// The results.h5 of a run written as HDF5 in `directory` (a run without timeseries.csv, or a comparison's law), which
// the plots cannot read (they read the CSV files); empty when there is none.
std::string hdf5_run_in(const std::filesystem::path& directory);

}  // namespace contactlab
