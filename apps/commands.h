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
};

int run_scene(const RunArguments& arguments, std::ostream& out);
int check_scene(const RunArguments& arguments, std::ostream& out);
int list_models(const std::string& law, bool json, std::ostream& out);

}  // namespace contactlab
