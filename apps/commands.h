// SPDX-License-Identifier: MIT
// The runner's commands, as functions returning the process exit code.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace contactlab {

struct RunArguments {
  std::string command_line;            // as typed, for provenance
  std::string scene;
  std::string law;                     // --model
  std::vector<std::string> overrides;  // --set NAME=VALUE
  std::string output_directory;        // --out
  bool plot = false;                   // --plot: PNG plots of the output (scripts/plot.py)
  std::string format;                  // --format: csv or hdf5, instead of the scene's output.format
};

struct CompareArguments {
  std::string command_line;            // as typed, for provenance
  std::string scene;
  std::string laws;                    // --models ID,ID,… or "all"
  std::string friction_laws;           // --friction-models ID,ID,… or "all" (alone, or crossed with --models)
  std::vector<std::string> overrides;  // --set NAME=VALUE
  std::string calibrate;               // --calibrate restitution=C@V: a common calibration (CompileOptions)
  std::string output_directory;        // --out (default results/<scene name>/compare)
  bool plot = false;                   // --plot
  bool report = false;                 // --report: report.md, the comparison page, with its plots (implies --plot)
  std::optional<int> threads;          // --threads N (≥ 1); default: the hardware threads, at most one per law
};

struct SweepArguments {
  std::string command_line;            // as typed, for provenance
  std::string scene;
  std::string law;                     // --model
  std::vector<std::string> overrides;  // --set NAME=VALUE
  std::vector<std::string> varies;     // --vary NAME=VALUES (a list 1,2,5 or a range start:stop:count[:log])
  std::string output_directory;        // --out (default results/<scene name>/sweep)
  std::optional<int> threads;          // --threads N (≥ 1); default: the hardware threads, at most one per run
};

int run_scene(const RunArguments& arguments, std::ostream& out);
// Runs the scene once per law (in parallel) and writes <out>/<law>/ and comparison.csv/.md (and report.md).
int compare_scene(const CompareArguments& arguments, std::ostream& out);
// Runs the scene once per point of the cartesian product of the --vary values (in parallel) and writes
// sweep.csv and sweep.md: one row per run, its first impact.
int sweep_scene(const SweepArguments& arguments, std::ostream& out);
int check_scene(const RunArguments& arguments, std::ostream& out);
// PNG plots of a run or comparison directory.
int plot_results(const std::string& directory);
int list_models(const std::string& law, bool json, std::ostream& out);

}  // namespace contactlab
