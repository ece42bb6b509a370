// SPDX-License-Identifier: MIT
#include "apps/plotting.h"

#include <algorithm>
#include <cstdlib>
#include <sys/wait.h>
#include <vector>

#include <spdlog/spdlog.h>

namespace contactlab {
namespace {

// Quotes one word for /bin/sh (paths may hold spaces or quotes).
std::string shell_quote(const std::string& word) {
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

int shell_exit_code(int status) { return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

bool imports_matplotlib(const std::string& python) {
  const std::string command = shell_quote(python) + " -c 'import matplotlib, numpy' >/dev/null 2>&1";
  return shell_exit_code(std::system(command.c_str())) == 0;
}

bool on_path(const std::string& program) {
  const std::string command = "command -v " + shell_quote(program) + " >/dev/null 2>&1";
  return shell_exit_code(std::system(command.c_str())) == 0;
}

}  // namespace

std::optional<std::string> find_plotting_python(std::string& problem) {
  std::vector<std::string> candidates;
  if (const char* chosen = std::getenv("CONTACTLAB_PYTHON"); chosen != nullptr && *chosen != '\0') {
    candidates.emplace_back(chosen);
  }
  candidates.emplace_back("python3");
  candidates.emplace_back("/usr/bin/python3");
  std::string tried;
  for (const std::string& python : candidates) {
    const bool found = on_path(python);
    if (found && imports_matplotlib(python)) return python;
    tried += (tried.empty() ? "" : ", ") + python + (found ? " (no matplotlib/numpy)" : " (not found)");
  }
  problem = "plotting needs python3 with matplotlib and numpy; tried " + tried +
            ". Install them (Debian: apt-get install python3-matplotlib, or scripts/install-deps.sh) "
            "or point CONTACTLAB_PYTHON at an interpreter that has them";
  return std::nullopt;
}

std::filesystem::path plot_script() {
  if (const char* chosen = std::getenv("CONTACTLAB_PLOT_SCRIPT"); chosen != nullptr && *chosen != '\0') return chosen;
  return std::filesystem::path(CONTACTLAB_SOURCE_DIR) / "scripts" / "plot.py";
}

bool is_plottable_directory(const std::filesystem::path& directory) {
  namespace fs = std::filesystem;
  return fs::is_regular_file(directory / "comparison.csv") ||
         (fs::is_regular_file(directory / "summary.json") && fs::is_regular_file(directory / "timeseries.csv"));
}

std::string hdf5_run_in(const std::filesystem::path& directory) {
  namespace fs = std::filesystem;
  auto hdf5_run = [](const fs::path& d) {
    return fs::is_regular_file(d / "results.h5") && !fs::is_regular_file(d / "timeseries.csv");
  };
  if (hdf5_run(directory)) return (directory / "results.h5").string();
  if (!fs::is_regular_file(directory / "comparison.csv")) return "";
  std::error_code error;
  std::vector<fs::path> laws;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory, error)) {
    if (entry.is_directory(error) && hdf5_run(entry.path())) laws.push_back(entry.path() / "results.h5");
  }
  if (laws.empty()) return "";
  std::sort(laws.begin(), laws.end());
  return laws.front().string() + (laws.size() > 1 ? " and " + std::to_string(laws.size() - 1) + " more" : "");
}

int plot_directory(const std::filesystem::path& directory) {
  std::string problem;
  const std::optional<std::string> python = find_plotting_python(problem);
  if (!python) {
    spdlog::error("{}", problem);
    return 1;
  }
  const std::filesystem::path script = plot_script();
  if (!std::filesystem::is_regular_file(script)) {
    spdlog::error("plotting script {} not found (set CONTACTLAB_PLOT_SCRIPT)", script.string());
    return 1;
  }
  std::string command = shell_quote(*python) + " " + shell_quote(script.string()) + " " + shell_quote(directory.string());
  if (!spdlog::should_log(spdlog::level::info)) command += " --quiet";
  if (spdlog::should_log(spdlog::level::debug)) command += " --verbose";
  spdlog::debug("plotting: {}", command);
  const int code = shell_exit_code(std::system(command.c_str()));
  if (code != 0) {
    spdlog::error("plotting {} failed ({} exited with {})", directory.string(), script.string(), code);
    return 1;
  }
  return 0;
}

}  // namespace contactlab
