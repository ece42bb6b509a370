// SPDX-License-Identifier: MIT
#include "scenes/measure_reader.h"

#include <algorithm>
#include <cmath>

#include "engine/names.h"
#include "scenes/expression.h"

namespace contactlab {
namespace {

constexpr std::string_view kImpactsPrefix = "impacts.";

SourceSpot spot_of(const YAML::Node& node, std::string key_path) {
  const YAML::Mark mark = node.IsDefined() ? node.Mark() : YAML::Mark::null_mark();
  return {mark.line >= 0 ? mark.line + 1 : 0, mark.column >= 0 ? mark.column + 1 : 0, std::move(key_path)};
}

std::vector<std::string_view> reduction_names(bool series, bool impacts) {
  std::vector<std::string_view> names;
  for (const ReductionTraits& traits : kReductions) {
    if ((series && traits.series) || (impacts && traits.impacts)) names.push_back(traits.name);
  }
  return names;
}

MeasureSpec read_measure(const MapReader& measure, const std::string& name,
                         const std::vector<std::string>& earlier, const std::map<std::string, double>& variables) {
  MeasureSpec spec;
  spec.name = name;
  if (measure.has("expression")) {
    for (const char* key : {"of", "reduce", "pair", "from", "to"}) {
      if (measure.has(key)) measure.fail(key, "an expression measure takes no '" + std::string(key) + "'");
    }
    spec.source = MeasureSource::kExpression;
    spec.expression = measure.text("expression", "");
    spec.of_spot = spot_of(measure.get("expression"), measure.child("expression"));
    // Checked with every name set to 1: a syntax error or a name that is neither an earlier measure nor a variable.
    try {
      evaluate_expression(spec.expression, [&](std::string_view word) -> std::optional<double> {
        const bool known = std::find(earlier.begin(), earlier.end(), word) != earlier.end() || variables.contains(std::string(word));
        return known ? std::optional<double>(1.0) : std::nullopt;
      });
    } catch (const ExpressionError& error) {
      measure.fail("expression", std::string(error.what()) + " (an expression names measures declared before it and the scene's variables)");
    }
    return spec;
  }
  if (!measure.has("of")) measure.fail("of", "missing required key: expected a time-series column, impacts, or impacts.<impact column> (or an expression)");
  const std::string of = measure.text("of", "");
  spec.of_spot = spot_of(measure.get("of"), measure.child("of"));
  if (of == "impacts") {
    spec.source = MeasureSource::kImpacts;
  } else if (of.starts_with(kImpactsPrefix)) {
    spec.source = MeasureSource::kImpact;
    spec.column = of.substr(kImpactsPrefix.size());
  } else {
    spec.column = of;
  }
  const bool series = spec.source == MeasureSource::kSeries;
  const bool impacts = spec.source == MeasureSource::kImpact;
  if (spec.source == MeasureSource::kImpacts) {
    const std::string reduce = measure.text("reduce", "count");
    if (reduce != "count") measure.fail("reduce", "the impacts themselves are counted: expected count, found '" + reduce + "'");
    spec.reduction = Reduction::kCount;
  } else {
    if (!measure.has("reduce")) {
      measure.fail("reduce", "missing required key: expected one of " + join_names(reduction_names(series, impacts)));
    }
    const std::string reduce = measure.text("reduce", "");
    const std::vector<std::string_view> allowed = reduction_names(series, impacts);
    const auto found = std::find(allowed.begin(), allowed.end(), reduce);
    if (found == allowed.end()) {
      measure.fail("reduce", "expected one of " + join_names(allowed) + (impacts ? " (over impacts)" : " (over a time series)") +
                                 did_you_mean(reduce, allowed) + ", found '" + reduce + "'");
    }
    for (int r = 0; r < static_cast<int>(std::size(kReductions)); ++r) {
      if (kReductions[r].name == reduce) spec.reduction = static_cast<Reduction>(r);
    }
  }
  if (measure.has("pair")) {
    if (series) measure.fail("pair", "only a measure of impacts takes a pair (a time series has its pairs' columns: <pair>.force)");
    spec.pair = measure.text("pair", "");
    spec.pair_spot = spot_of(measure.get("pair"), measure.child("pair"));
  }
  spec.from = measure.number("from", spec.from);
  spec.to = measure.number("to", spec.to);
  if (!(spec.from < spec.to)) measure.fail("to", "expected the window's end after its start (from)");
  return spec;
}

}  // namespace

std::vector<MeasureSpec> read_measures(Reader& reader, const MapReader& top) {
  std::vector<MeasureSpec> measures;
  if (!top.has("measures")) return measures;
  const YAML::Node block = top.get("measures");
  if (!block.IsMap()) reader.fail(block, "measures", "expected a map of measure names, found " + describe(block));
  std::vector<std::string> names;
  for (const auto& entry : block) {
    const std::string name = entry.first.Scalar();
    const std::string path = "measures." + name;
    if (std::string problem = variable_name_problem(name); !problem.empty()) reader.fail(entry.first, path, "a measure's name: " + problem);
    if (reader.variables().contains(name)) {
      reader.fail(entry.first, path, "a measure cannot be named as a scene variable (expressions would not know which is meant)");
    }
    const MapReader measure(reader, entry.second, path, {"of", "reduce", "pair", "from", "to", "expression"});
    if (!entry.second.IsMap()) reader.fail(entry.second, path, "expected a map {of, reduce[, pair, from, to]} or {expression}, found " + describe(entry.second));
    measures.push_back(read_measure(measure, name, names, reader.variables()));
    names.push_back(name);
  }
  return measures;
}

}  // namespace contactlab
