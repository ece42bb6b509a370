// SPDX-License-Identifier: MIT
#include "scenes/scene_size.h"

#include <cstdio>

namespace contactlab {
namespace {

std::string count_text(double n) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.4g", n);
  return text;
}

}  // namespace

std::string byte_text(double bytes) {
  static const char* const kUnits[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
  int unit = 0;
  while (bytes >= 1000.0 && unit < 6) bytes /= 1000.0, ++unit;
  char text[64];
  std::snprintf(text, sizeof(text), "%.3g %s", bytes, kUnits[unit]);
  return text;
}

std::string memory_problem(const SceneSize& size, const SceneLimits& limits) {
  if (size.memory_bytes() <= limits.memory_bytes) return {};
  return "the scene would need about " + byte_text(size.memory_bytes()) + " of memory (" + count_text(size.bodies) +
         " bodies, " + count_text(size.shapes) + " shapes, " + count_text(size.pairs) + " contact pairs), more than " +
         "limits.memory = " + byte_text(limits.memory_bytes) + "; raise limits.memory if the machine has it";
}

std::string output_problem(const SceneSize& size, const SceneLimits& limits) {
  if (size.output_bytes() <= limits.output_bytes) return {};
  return "timeseries.csv would take about " + byte_text(size.output_bytes()) + " (" + count_text(size.timeseries_rows) +
         " samples of " + count_text(size.timeseries_columns) + " columns), more than limits.output = " +
         byte_text(limits.output_bytes) + "; sample less often (output.interval) or raise limits.output";
}

}  // namespace contactlab
