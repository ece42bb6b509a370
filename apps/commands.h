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
  std::string plan_directory;          // --plan DIR: write the cases (plan.json, cases.csv) instead of running them
  std::string collect_directory;       // --collect DIR: assemble the cases run-case wrote (no scene, no --vary)
};

// `run-case DIR --index I`: case I (1-based, as cases.csv numbers them) of a `sweep --plan DIR`.
struct RunCaseArguments {
  std::string directory;
  long index = 0;
};

int run_scene(const RunArguments& arguments, std::ostream& out);
// Runs the scene once per law (in parallel) and writes <out>/<law>/ and comparison.csv/.md (and report.md).
int compare_scene(const CompareArguments& arguments, std::ostream& out);
// Runs the scene once per point of the cartesian product of the --vary values (in parallel) and writes
// sweep.csv and sweep.md: one row per run, its first impact. With --plan, writes the cases instead of running them;
// with --collect, assembles the outcomes run-case wrote into the same files.
int sweep_scene(const SweepArguments& arguments, std::ostream& out);
// Runs one case of a planned sweep into <directory>/cases/<I>.json; exits as `run` would for that case.
int run_case(const RunCaseArguments& arguments, std::ostream& out);
int check_scene(const RunArguments& arguments, std::ostream& out);
// PNG plots of a run or comparison directory.
int plot_results(const std::string& directory);
int list_models(const std::string& law, bool json, std::ostream& out);

}  // namespace contactlab
