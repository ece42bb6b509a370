// SPDX-License-Identifier: MIT
// Test support for the runner's end-to-end tests: run the contactlab executable and read what it wrote.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace contactlab::test {

// The executable under test (set by tests/apps/CMakeLists.txt).
inline const std::string kContactlab = CONTACTLAB_BINARY;

// Runs `contactlab <arguments>` with stdout and stderr into `log`; returns the exit code (−1 if it did not exit).
inline int run_contactlab(const std::string& arguments, const std::filesystem::path& log) {
  const std::string command = kContactlab + " " + arguments + " > " + log.string() + " 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// summary.json without the one field that measures time.
inline std::string without_wall_time(std::string json) {
  const auto at = json.find("\"wall_time_s\"");
  if (at == std::string::npos) return json;
  return json.erase(at, json.find('\n', at) - at);
}

}  // namespace contactlab::test
