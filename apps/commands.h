// SPDX-License-Identifier: MIT
// The runner's commands, as functions returning the process exit code.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace contactlab {

struct RunArguments {
  std::string scene;
  std::string law;                     // --model
  std::vector<std::string> overrides;  // --set NAME=VALUE
  std::string output_directory;        // --out
  bool plot = false;                   // --plot: PNG plots of the output (scripts/plot.py)
};

struct CompareArguments {
  std::string scene;
  std::string laws;                    // --models ID,ID,… or "all"
  std::vector<std::string> overrides;  // --set NAME=VALUE
  std::string output_directory;        // --out (default results/<scene name>/compare)
  bool plot = false;                   // --plot
};

int run_scene(const RunArguments& arguments, std::ostream& out);
// Runs the scene once per law (in parallel) and writes <out>/<law>/ and comparison.csv/.md.
int compare_scene(const CompareArguments& arguments, std::ostream& out);
int check_scene(const RunArguments& arguments, std::ostream& out);
// PNG plots of a run or comparison directory.
int plot_results(const std::string& directory);
int list_models(const std::string& law, bool json, std::ostream& out);

}  // namespace contactlab
