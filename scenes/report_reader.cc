// SPDX-License-Identifier: MIT
#include "scenes/report_reader.h"

#include <algorithm>

namespace contactlab {
namespace {

std::vector<ReportEntry> read_names(Reader& reader, const MapReader& block, const char* key, const char* what) {
  std::vector<ReportEntry> entries;
  if (!block.has(key)) return entries;
  const YAML::Node list = block.get(key);
  const std::string path = block.child(key);
  if (!list.IsSequence()) reader.fail(list, path, std::string("expected a list of ") + what + ", found " + describe(list));
  for (std::size_t i = 0; i < list.size(); ++i) {
    const YAML::Node entry = list[i];
    const std::string entry_path = path + "[" + std::to_string(i) + "]";
    if (!entry.IsScalar() || entry.Scalar().empty()) reader.fail(entry, entry_path, std::string("expected ") + what + ", found " + describe(entry));
    const std::string& name = entry.Scalar();
    if (std::any_of(entries.begin(), entries.end(), [&](const ReportEntry& e) { return e.name == name; })) {
      reader.fail(entry, entry_path, "'" + name + "' is listed twice");
    }
    const YAML::Mark mark = entry.Mark();
    entries.push_back({name, {mark.line >= 0 ? mark.line + 1 : 0, mark.column >= 0 ? mark.column + 1 : 0, entry_path}});
  }
  return entries;
}

}  // namespace

ReportSpec read_report(Reader& reader, const MapReader& top) {
  ReportSpec report;
  if (!top.has("report")) return report;
  const YAML::Node node = top.get("report");
  if (!node.IsMap()) reader.fail(node, "report", "expected a map {curves, orbits}, found " + describe(node));
  const MapReader block(reader, node, "report", {"curves", "orbits"});
  report.declared = true;
  report.curves = read_names(reader, block, "curves", "a time-series column's name");
  report.orbits = read_names(reader, block, "orbits", "a revolute clearance joint's name");
  if (report.curves.empty() && report.orbits.empty()) {
    reader.fail(node, "report", "expected curves, orbits or both (without a report block the page shows the defaults)");
  }
  return report;
}

}  // namespace contactlab
