// SPDX-License-Identifier: MIT
#include "apps/comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "apps/impact_columns.h"
#include "apps/output_files.h"
#include "contact/pair_kinds.h"
#include "engine/model.h"
#include "models/friction_registry.h"
#include "models/law_parameters.h"
#include "models/registry.h"

namespace contactlab {
namespace {

// How many impacts per pair the markdown tables show; comparison.csv has them all.
constexpr std::size_t kMarkdownImpacts = 10;
// Up to this many pairs with impacts, comparison.md has a section per pair; beyond, law × pair tables of
// the first impact on each pair, the first kMarkdownPairs pairs.
constexpr std::size_t kPairSections = 3;
constexpr std::size_t kMarkdownPairs = 12;

// Every law's impacts grouped by contact pair, built once per file (a granular chain has thousands).
struct ImpactGrid {
  // The scene's compiled pairs in order, then pairs found at run time (broadphase) in the order they first
  // appear across the laws' impacts.
  std::vector<std::string> pairs;
  std::vector<std::vector<std::vector<const ImpactRecord*>>> by_run;  // [run][pair]: impacts in time order
  std::vector<std::size_t> columns;                                    // most impacts any law had on a pair
};

ImpactGrid impact_grid(const Scene& scene, const std::vector<LawRun>& runs) {
  ImpactGrid grid;
  std::unordered_map<std::string, std::size_t> index;
  auto add_pair = [&](const std::string& name) {
    if (index.emplace(name, grid.pairs.size()).second) grid.pairs.push_back(name);
  };
  for (const ContactPairModel& pair : scene.model.contact.pairs) add_pair(pair.name);
  for (const LawRun& run : runs) {
    if (!has_result(run)) continue;
    for (const ImpactRecord& impact : run.result.impacts) add_pair(impact.pair);
  }
  grid.by_run.assign(runs.size(), std::vector<std::vector<const ImpactRecord*>>(grid.pairs.size()));
  grid.columns.assign(grid.pairs.size(), 0);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (!has_result(runs[r])) continue;
    for (const ImpactRecord& impact : runs[r].result.impacts) grid.by_run[r][index.at(impact.pair)].push_back(&impact);
    for (std::size_t p = 0; p < grid.pairs.size(); ++p) grid.columns[p] = std::max(grid.columns[p], grid.by_run[r][p].size());
  }
  return grid;
}

double relative_balance_error(const SimulationResult& result) {
  return result.energy_scale > 0.0 ? result.max_energy_balance_error / result.energy_scale : 0.0;
}

std::string printf_number(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), format, value);
  return buffer;
}

// The measures compared per impact, in column order (apps/impact_columns.h).
constexpr const ImpactColumn* kComparedColumns[] = {
    &impact_column("impact_velocity"), &impact_column("restitution"),  &impact_column("max_force"),
    &impact_column("max_indentation"), &impact_column("contact_time"), &impact_column("dissipated_energy"),
};

// The tangential measures, compared as well when some law ran with friction.
constexpr const ImpactColumn* kTangentialColumns[] = {
    &impact_column("slip_distance"), &impact_column("stick_time"),      &impact_column("friction_work"),
    &impact_column("rebound_angle"), &impact_column("separation_spin"),
};

bool any_rubs(const std::vector<LawRun>& runs) {
  return std::any_of(runs.begin(), runs.end(), [](const LawRun& run) { return run.rubs; });
}

// The measures a comparison shows: the normal ones, and the tangential ones when some law ran with friction.
std::vector<const ImpactColumn*> compared_columns(const std::vector<LawRun>& runs) {
  std::vector<const ImpactColumn*> columns(std::begin(kComparedColumns), std::end(kComparedColumns));
  if (any_rubs(runs)) columns.insert(columns.end(), std::begin(kTangentialColumns), std::end(kTangentialColumns));
  return columns;
}

// A measure as shown in one markdown column: its values in one scaled unit (kN, µm, …).
struct ScaledMeasure {
  const ImpactColumn* measure = nullptr;
  ScaledUnit scale;

  std::string heading() const {
    return std::string(measure->heading) + (scale.unit.empty() ? "" : " [" + scale.unit + "]");
  }
  // An impact still open at the end of the run is marked.
  std::string cell(const ImpactRecord& impact) const {
    return scale.format(measure->value(impact)) + (impact.open ? " (open)" : "");
  }
};

ScaledMeasure scale_measure(const ImpactColumn& measure, const std::vector<const ImpactRecord*>& impacts) {
  std::vector<double> values;
  for (const ImpactRecord* impact : impacts) values.push_back(measure.value(*impact));
  return ScaledMeasure{&measure, scale_unit(std::string(measure.unit), values)};
}

// Law × pair tables: per measure, the first impact on each pair (scenes with many contact pairs).
void write_pair_tables(std::ostream& m, const std::vector<LawRun>& runs, const ImpactGrid& grid,
                       const std::vector<std::size_t>& impacted) {
  const std::vector<std::string>& pairs = grid.pairs;
  const std::size_t shown = std::min(impacted.size(), kMarkdownPairs);
  std::vector<const ImpactRecord*> first_impacts;
  for (const auto& grouped : grid.by_run) {
    for (std::size_t i = 0; i < shown; ++i) {
      if (!grouped[impacted[i]].empty()) first_impacts.push_back(grouped[impacted[i]].front());
    }
  }
  auto header = [&](const std::string& title, bool with_parameters) {
    m << "\n## " << title;
    if (shown < impacted.size()) m << " (first " << shown << " of " << impacted.size() << " pairs with impacts)";
    m << "\n\n| law |" << (with_parameters ? " parameters |" : "");
    for (std::size_t i = 0; i < shown; ++i) m << " " << markdown_cell(pairs[impacted[i]]) << " |";
    m << "\n|---|" << (with_parameters ? "---|" : "");
    for (std::size_t i = 0; i < shown; ++i) m << "--:|";
    m << "\n";
  };
  header("Impacts per pair", true);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const LawRun& run = runs[r];
    if (!has_result(run)) continue;
    const auto& grouped = grid.by_run[r];
    m << "| " << markdown_cell(result_label(run)) << " | " << (run.parameters.empty() ? "—" : markdown_cell(run.parameters)) << " |";
    for (std::size_t i = 0; i < shown; ++i) m << " " << grouped[impacted[i]].size() << " |";
    m << "\n";
  }
  for (const ImpactColumn* measure : compared_columns(runs)) {
    const ScaledMeasure scaled = scale_measure(*measure, first_impacts);
    header(scaled.heading() + ", first impact on each pair", false);
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const LawRun& run = runs[r];
      if (!has_result(run)) continue;
      const auto& grouped = grid.by_run[r];
      m << "| " << markdown_cell(result_label(run)) << " |";
      for (std::size_t i = 0; i < shown; ++i) {
        const auto& impacts = grouped[impacted[i]];
        m << " " << (impacts.empty() ? "—" : scaled.cell(*impacts.front())) << " |";
      }
      m << "\n";
    }
  }
}

std::string status_text(const LawRun& run) {
  switch (run.status) {
    case LawRunStatus::kCompleted: return "ok";
    case LawRunStatus::kNumericalError: return "numerical error";
    case LawRunStatus::kNotRun: return "not run";
    case LawRunStatus::kFailed: return "failed";
  }
  return "";
}

// The scene's measures (scenes/measure.h) per law: comparison.csv's last columns, `measure.<name>`, at full
// precision (empty for a law without a result), and comparison.md's table law × measure.
std::string measure_csv_header(const Scene& scene) {
  std::string header;
  for (const MeasureSpec& measure : scene.measures) header.append(",").append(csv_field("measure." + measure.name));
  return header;
}

std::string measure_csv_fields(const Scene& scene, const LawRun& run) {
  std::string fields;
  for (std::size_t k = 0; k < scene.measures.size(); ++k) {
    fields += ',';
    if (has_result(run) && k < run.measures.size()) fields += format_number(run.measures[k].value);
  }
  return fields;
}

}  // namespace

bool has_result(const LawRun& run) {
  return run.status == LawRunStatus::kCompleted || run.status == LawRunStatus::kNumericalError;
}

std::string run_directory(const LawRun& run) {
  if (run.friction.empty()) return run.law;
  return run.overrides_law ? run.law + "+" + run.friction : run.friction;
}

std::vector<std::string> resolve_laws(const std::string& list, LawKind kind, const std::string& option) {
  constexpr const char* kExpected = "expected a comma-separated list of law ids, or all";
  const bool normal = kind == LawKind::kNormal;
  const std::vector<std::string_view> registry = normal ? law_ids() : friction_law_ids();
  auto find = [&](const std::string& name) -> std::string_view {
    if (normal) {
      const LawIndex index = find_law(name);
      return index < 0 ? std::string_view() : law_info(index).id;
    }
    const FrictionLawIndex index = find_friction_law(name);
    return index < 0 ? std::string_view() : friction_law_info(index).id;
  };
  auto refuse = [](const std::string& message) { throw std::invalid_argument(message); };
  std::vector<std::string> laws;
  std::vector<std::string> given;  // the name each law came from, for the message of a second one
  auto add = [&](std::string_view id, const std::string& name) {
    if (const auto earlier = std::find(laws.begin(), laws.end(), id); earlier != laws.end()) {
      const std::string& first = given[static_cast<std::size_t>(earlier - laws.begin())];
      refuse(option + " " + list + ": law '" + std::string(id) + "' is listed twice (" + first + " and " + name +
             "); give each law once");
    }
    laws.emplace_back(id);
    given.push_back(name);
  };
  if (list.find_first_not_of(" \t") == std::string::npos) refuse(option + ": " + kExpected);
  std::size_t begin = 0;
  while (begin <= list.size()) {
    std::size_t end = list.find(',', begin);
    if (end == std::string::npos) end = list.size();
    std::string name = list.substr(begin, end - begin);
    name.erase(0, name.find_first_not_of(" \t"));
    name.erase(name.find_last_not_of(" \t") + 1);
    begin = end + 1;
    if (name.empty()) refuse(option + " " + list + ": an empty item in the list; " + kExpected);
    if (name == "all") {
      for (std::string_view id : registry) add(id, "all");
      continue;
    }
    const std::string_view id = find(name);
    if (id.empty()) {
      std::string names;
      for (std::string_view known : registry) names += (names.empty() ? "" : ", ") + std::string(known);
      refuse(option + ": unknown law '" + name + "'; valid names are all, " + names);
    }
    add(id, name);
  }
  return laws;
}

std::string result_label(const LawRun& run) {
  if (run.status != LawRunStatus::kNumericalError) return law_label(run);
  return law_label(run) + " (stopped at " + printf_number("%.6g", run.result.end_time) + " s: numerical error)";
}

std::string law_label(const LawRun& run) {
  const std::string law = run.same_as.empty() ? run.law : run.law + " (= " + run.same_as + ": " + run.parameters + ")";
  return run.friction.empty() ? law : law + " + " + run.friction;
}

const char* law_run_status_name(LawRunStatus status) {
  switch (status) {
    case LawRunStatus::kCompleted: return "completed";
    case LawRunStatus::kNumericalError: return "numerical_error";
    case LawRunStatus::kNotRun: return "not_run";
    case LawRunStatus::kFailed: return "failed";
  }
  return "";
}

std::string ScaledUnit::format(double value) const {
  if (std::isnan(value)) return "—";  // a value the run does not have (an open impact's restitution, a null measure)
  char text[64];
  std::snprintf(text, sizeof(text), "%.*f", decimals, value / factor);
  std::string cell = text;
  if (cell.find_first_not_of("-0.") == std::string::npos && cell.front() == '-') cell.erase(0, 1);  // no "-0.000"
  return cell;
}

ScaledUnit scale_unit(const std::string& unit, const std::vector<double>& values) {
  ScaledUnit scaled{1.0, unit, 5};
  if (unit.empty()) return scaled;
  double largest = 0.0;
  for (const double value : values) {
    if (std::isfinite(value)) largest = std::max(largest, std::abs(value));
  }
  if (largest == 0.0) return scaled;
  static const std::pair<double, const char*> prefixes[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1.0, ""}, {1e-3, "m"},
                                                             {1e-6, "µ"}, {1e-9, "n"}, {1e-12, "p"}};
  for (const auto& [factor, prefix] : prefixes) {
    scaled.factor = factor;
    scaled.unit = std::string(prefix) + unit;
    if (largest >= factor) break;
  }
  // Five significant digits for the largest value of the column.
  scaled.decimals = std::clamp(4 - static_cast<int>(std::floor(std::log10(largest / scaled.factor))), 0, 9);
  return scaled;
}

std::string law_parameter_text(const Scene& scene) {
  auto values_text = [](const std::vector<NamedValue>& values) {
    std::string text;
    for (const NamedValue& given : values) {
      if (!text.empty()) text += ' ';
      text.append(given.name).append("=").append(format_number(given.value));
    }
    return text.empty() ? std::string("none") : text;
  };
  auto text_of = [&](const LawInfo& law, const LawParameters& values, const FrictionLawInfo* friction,
                     const LawParameters& friction_values) {
    std::string text = values_text(given_values(law, values));
    if (friction == nullptr) return text;
    return text + "; " + std::string(friction->id) + ": " + values_text(given_values(parameter_table(*friction), friction_values));
  };
  const ContactModel& contact = scene.model.contact;
  std::vector<std::pair<std::string, std::string>> texts;  // (pair, parameters)
  for (const ContactPairModel& pair : contact.pairs) {
    texts.emplace_back(pair.name, text_of(*pair.law_info, pair.parameters, pair.friction_law, pair.friction_parameters));
  }
  // Pairs found at run time: one of each kind, with the parameters its materials give it (pair_kinds.h).
  for (const ContactPairModel& pair : broadphase_pair_kinds(contact)) {
    texts.emplace_back("pairs like " + pair.name,
                       text_of(*pair.law_info, pair.parameters, pair.friction_law, pair.friction_parameters));
  }
  const bool all_same = std::all_of(texts.begin(), texts.end(), [&](const auto& t) { return t.second == texts.front().second; });
  if (texts.empty()) return "";
  if (all_same) return texts.front().second;
  std::string text;
  for (const auto& [pair, parameters] : texts) text += (text.empty() ? "" : "; ") + pair + ": " + parameters;
  return text;
}

namespace {

// Per-pair texts as one: the text when all pairs agree, else "<pair>: <text>; …" for the pairs that have one.
std::string pairs_text(const std::vector<std::pair<std::string, std::string>>& texts) {
  if (texts.empty()) return "";
  const bool all_same = std::all_of(texts.begin(), texts.end(), [&](const auto& t) { return t.second == texts.front().second; });
  if (all_same) return texts.front().second;
  std::string text;
  for (const auto& [pair, value] : texts) {
    if (!value.empty()) text += (text.empty() ? "" : "; ") + pair + ": " + value;
  }
  return text;
}

}  // namespace

std::string scene_file_lines(const Scene& scene) {
  std::ostringstream m;
  m << "- Scene file: `" << scene.file << "`\n";
  if (!scene.variables.empty()) {
    m << "- Variables:";
    bool first = true;
    for (const auto& [name, value] : scene.variables) {
      m << (first ? " " : ", ") << name << " = " << format_number(value);
      first = false;
    }
    m << "\n";
  }
  return m.str();
}

std::string calibration_text(const Scene& scene, bool common_calibration) {
  const ContactModel& contact = scene.model.contact;
  std::vector<std::pair<std::string, std::string>> texts;
  for (const CalibrationOutcome& outcome : scene.calibrated) {
    const ContactPairModel& pair = contact.pairs.at(outcome.pair);
    std::ostringstream text;
    text.precision(6);
    text << outcome.parameter << "=";
    if (outcome.parameter == pair.law_info->dissipation_parameter && !pair.law_info->dissipation_twin.empty()) {
      text << pair.law_info->dissipation_twin << "=";
    }
    text << outcome.value << " (restitution " << outcome.restitution << ")";
    texts.emplace_back(pair.name, text.str());
  }
  if (!texts.empty() || !common_calibration || contact.pairs.empty()) return pairs_text(texts);
  const LawInfo& law = *contact.pairs.front().law_info;
  return law.parameters.empty() ? "elastic: not calibrated" : "dissipation from material constants: not calibrated";
}

std::string linear_stiffness_text(const Scene& scene) {
  std::vector<std::pair<std::string, std::string>> texts;
  bool any = false;
  for (const ContactPairModel& pair : scene.model.contact.pairs) {
    std::string text;
    if (pair.linear_stiffness_speed > 0.0) {
      any = true;
      char buffer[128];
      std::snprintf(buffer, sizeof(buffer), "k=%.6g N/m (equal maximum indentation at %g m/s)", pair.stiffness,
                    pair.linear_stiffness_speed);
      text = buffer;
    }
    texts.emplace_back(pair.name, text);
  }
  return any ? pairs_text(texts) : "";
}

std::string measure_table(const Scene& scene, const std::vector<LawRun>& runs) {
  if (scene.measures.empty()) return "";
  std::vector<ScaledUnit> scaled;
  for (std::size_t k = 0; k < scene.measures.size(); ++k) {
    std::vector<double> values;
    std::string unit;
    for (const LawRun& run : runs) {
      if (!has_result(run) || k >= run.measures.size()) continue;
      values.push_back(run.measures[k].value);
      unit = run.measures[k].unit;
    }
    scaled.push_back(scale_unit(unit, values));
    if (scene.measures[k].reduction == Reduction::kCount) scaled.back().decimals = 0;  // a number of impacts
  }
  std::ostringstream m;
  m << "| law |";
  for (std::size_t k = 0; k < scene.measures.size(); ++k) {
    m << " " << markdown_cell(scene.measures[k].name) << (scaled[k].unit.empty() ? "" : " [" + scaled[k].unit + "]") << " |";
  }
  m << "\n|---|";
  for (std::size_t k = 0; k < scene.measures.size(); ++k) m << "--:|";
  m << "\n";
  for (const LawRun& run : runs) {
    if (!has_result(run)) continue;
    m << "| " << markdown_cell(result_label(run)) << " |";
    for (std::size_t k = 0; k < scene.measures.size(); ++k) {
      m << " " << (k < run.measures.size() ? scaled[k].format(run.measures[k].value) : "—") << " |";
    }
    m << "\n";
  }
  return m.str();
}

std::string comparison_csv(const Scene& scene, const std::vector<LawRun>& runs) {
  const ImpactGrid grid = impact_grid(scene, runs);
  const std::vector<std::string>& pairs = grid.pairs;
  const std::vector<std::size_t>& columns = grid.columns;
  const std::vector<const ImpactColumn*> measures = compared_columns(runs);
  std::ostringstream c;
  c << "law,same_as,status,reason,parameters,calibration,stiffness,end_time,steps,rhs_evaluations,max_relative_balance_error";
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const std::string& pair = pairs[p];
    c << "," << csv_field(pair + ".impacts");
    for (std::size_t k = 1; k <= columns[p]; ++k) {
      for (const ImpactColumn* measure : measures) {
        c << "," << csv_field(pair + ".impact" + std::to_string(k) + "." + std::string(measure->name));
      }
      c << "," << csv_field(pair + ".impact" + std::to_string(k) + ".open");
    }
  }
  c << measure_csv_header(scene) << "\n";
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const LawRun& run = runs[r];
    const bool result = has_result(run);
    c << run_directory(run) << "," << run.same_as << "," << law_run_status_name(run.status) << "," << csv_field(run.reason) << ","
      << csv_field(run.parameters) << "," << csv_field(run.calibration) << "," << csv_field(run.stiffness);
    if (result) {
      c << "," << format_number(run.result.end_time) << "," << run.result.stats.steps << ","
        << run.result.stats.rhs_evaluations << "," << format_number(relative_balance_error(run.result));
    } else {
      c << ",,,,";
    }
    const auto& grouped = grid.by_run[r];
    for (std::size_t p = 0; p < pairs.size(); ++p) {
      c << ",";
      if (result) c << grouped[p].size();
      for (std::size_t k = 0; k < columns[p]; ++k) {
        if (k < grouped[p].size()) {
          for (const ImpactColumn* measure : measures) c << "," << format_number(measure->value(*grouped[p][k]));
          c << "," << (grouped[p][k]->open ? 1 : 0);
        } else {
          c << std::string(measures.size() + 1, ',');
        }
      }
    }
    c << measure_csv_fields(scene, run) << "\n";
  }
  return c.str();
}

std::string comparison_markdown(const Scene& scene, const std::vector<LawRun>& runs) {
  const ImpactGrid grid = impact_grid(scene, runs);
  const std::vector<std::string>& pairs = grid.pairs;
  const std::vector<std::size_t>& columns = grid.columns;
  const IntegratorOptions& integrator = scene.simulation.integrator;
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const LawRun& run : runs) ++counts[static_cast<int>(run.status)];

  std::ostringstream m;
  m << "# Force-law comparison: " << scene.name << "\n\n";
  if (!scene.description.empty()) m << scene.description << "\n\n";
  m << scene_file_lines(scene);
  m << "- Every law runs the same geometry, initial state, integrator (" << integrator_method_name(integrator.method)
    << ", relative tolerance " << format_number(integrator.relative_tolerance) << ", absolute tolerance "
    << format_number(integrator.absolute_tolerance) << ") and duration (" << format_number(scene.simulation.duration)
    << " s); only the force law of every contact changes. Parameters a law does not take are dropped.\n";
  m << "- Laws: " << runs.size() << " requested, " << counts[static_cast<int>(LawRunStatus::kCompleted)] << " completed";
  if (counts[static_cast<int>(LawRunStatus::kNumericalError)] > 0) {
    m << ", " << counts[static_cast<int>(LawRunStatus::kNumericalError)] << " stopped on numerical trouble";
  }
  if (counts[static_cast<int>(LawRunStatus::kNotRun)] > 0) {
    m << ", " << counts[static_cast<int>(LawRunStatus::kNotRun)] << " cannot run on this scene";
  }
  if (counts[static_cast<int>(LawRunStatus::kFailed)] > 0) m << ", " << counts[static_cast<int>(LawRunStatus::kFailed)] << " failed";
  m << " (reasons below).\n";
  m << "- Each law's full output (summary.json, impacts.csv, timeseries.csv) is in `<law>/`; every value at full "
       "precision is in comparison.csv.\n";
  // Pairs some law had an impact on; a scene with many of them gets law × pair tables instead of a section
  // per pair (e.g. the sensor beads of a granular chain).
  std::vector<std::size_t> impacted;
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    if (columns[p] > 0) impacted.push_back(p);
  }
  if (impacted.empty()) m << "\nNo law had an impact.\n";
  if (impacted.size() > kPairSections) write_pair_tables(m, runs, grid, impacted);

  for (const std::size_t p : impacted) {
    if (impacted.size() > kPairSections) break;
    const std::string pair = markdown_cell(pairs[p]);
    // One unit per measure and pair, for both tables, chosen from every impact shown.
    const std::size_t shown = std::min(columns[p], kMarkdownImpacts);
    std::vector<const ImpactRecord*> shown_impacts;
    for (const auto& grouped : grid.by_run) {
      for (std::size_t k = 0; k < std::min(shown, grouped[p].size()); ++k) shown_impacts.push_back(grouped[p][k]);
    }
    std::vector<ScaledMeasure> scaled;
    for (const ImpactColumn* measure : compared_columns(runs)) scaled.push_back(scale_measure(*measure, shown_impacts));

    m << "\n## First impact of " << pair << "\n\n";
    m << "| law | parameters | impacts |";
    for (const ScaledMeasure& measure : scaled) m << " " << measure.heading() << " |";
    m << " status |\n|---|---|--:|";
    for (std::size_t i = 0; i < scaled.size(); ++i) m << "--:|";
    m << "---|\n";
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const LawRun& run = runs[r];
      const auto& grouped = grid.by_run[r];
      m << "| " << markdown_cell(law_label(run)) << " | " << (run.parameters.empty() ? "—" : markdown_cell(run.parameters)) << " | "
        << (has_result(run) ? std::to_string(grouped[p].size()) : "—") << " |";
      for (const ScaledMeasure& measure : scaled) m << " " << (grouped[p].empty() ? "—" : measure.cell(*grouped[p].front())) << " |";
      m << " " << status_text(run) << " |\n";
    }

    if (columns[p] < 2) continue;
    // Later impacts: one law × impact table per measure, like the papers' law × case tables.
    for (const ScaledMeasure& measure : scaled) {
      m << "\n### " << measure.heading() << " per impact of " << pair;
      if (shown < columns[p]) m << " (first " << shown << " of up to " << columns[p] << ")";
      m << "\n\n| law |";
      for (std::size_t k = 1; k <= shown; ++k) m << " #" << k << " |";
      m << "\n|---|";
      for (std::size_t k = 1; k <= shown; ++k) m << "--:|";
      m << "\n";
      for (std::size_t r = 0; r < runs.size(); ++r) {
        const LawRun& run = runs[r];
        if (!has_result(run)) continue;
        const auto& grouped = grid.by_run[r];
        m << "| " << markdown_cell(result_label(run)) << " |";
        for (std::size_t k = 0; k < shown; ++k) m << " " << (k < grouped[p].size() ? measure.cell(*grouped[p][k]) : "—") << " |";
        m << "\n";
      }
    }
  }

  if (!scene.measures.empty()) {
    m << "\n## Measures\n\nThe scene's measures (its `measures` block), per law.\n\n" << measure_table(scene, runs);
  }
  const bool any_calibration = std::any_of(runs.begin(), runs.end(), [](const LawRun& run) { return !run.calibration.empty(); });
  const bool any_stiffness = std::any_of(runs.begin(), runs.end(), [](const LawRun& run) { return !run.stiffness.empty(); });
  if (any_calibration || any_stiffness) {
    m << "\n## Calibration and equivalent stiffness\n\nThe value each calibration set (the law's dissipation parameter, "
         "for the restitution of the pair's isolated impact), and the linear stiffness of laws that need one, from the "
         "Hertz stiffness by equal maximum indentation in the reference impact (docs/scenes.md).\n\n"
         "| law | calibration | linear stiffness |\n|---|---|---|\n";
    for (const LawRun& run : runs) {
      if (run.calibration.empty() && run.stiffness.empty()) continue;
      m << "| " << markdown_cell(law_label(run)) << " | " << (run.calibration.empty() ? "—" : markdown_cell(run.calibration)) << " | "
        << (run.stiffness.empty() ? "—" : markdown_cell(run.stiffness)) << " |\n";
    }
  }

  m << "\n## Run statistics\n\n| law | status | end time [s] | steps | RHS evaluations | max relative energy balance error |\n"
       "|---|---|--:|--:|--:|--:|\n";
  for (const LawRun& run : runs) {
    if (!has_result(run)) continue;
    m << "| " << markdown_cell(law_label(run)) << " | " << status_text(run) << " | " << printf_number("%.6g", run.result.end_time) << " | "
      << run.result.stats.steps << " | " << run.result.stats.rhs_evaluations << " | "
      << printf_number("%.2e", relative_balance_error(run.result)) << " |\n";
  }

  const bool any_incomplete = std::any_of(runs.begin(), runs.end(), [](const LawRun& run) { return run.status != LawRunStatus::kCompleted; });
  if (any_incomplete) {
    m << "\n## Laws that did not complete\n\n| law | status | reason |\n|---|---|---|\n";
    for (const LawRun& run : runs) {
      if (run.status == LawRunStatus::kCompleted) continue;
      m << "| " << markdown_cell(law_label(run)) << " | " << status_text(run) << " | " << markdown_cell(run.reason) << " |\n";
    }
  }

  const bool any_notes = std::any_of(runs.begin(), runs.end(), [](const LawRun& run) { return !run.notes.empty(); });
  if (any_notes) {
    m << "\n## Notes\n\nCompile notes and run diagnostics, per law (also in each law's summary.json).\n\n";
    for (const LawRun& run : runs) {
      for (const std::string& note : run.notes) m << "- " << markdown_cell(law_label(run)) << ": " << markdown_cell(note) << "\n";
    }
  }
  return m.str();
}

void print_comparison_table(std::ostream& out, const Scene& scene, const std::vector<LawRun>& runs, int threads,
                            double wall_time_s) {
  char line[1024];
  std::snprintf(line, sizeof(line), "%s: %zu laws, %.6g s simulated each, %d thread%s, %.3f s wall time; first impact of each law\n",
                scene.name.c_str(), runs.size(), scene.simulation.duration, threads, threads == 1 ? "" : "s", wall_time_s);
  out << line;
  std::snprintf(line, sizeof(line), "%-26s %-20s %7s %14s %12s %13s %13s %13s %14s\n", "law", "pair", "impacts",
                "v_impact [m/s]", "restitution", "max δ [m]", "max F [N]", "contact [s]", "dissipated [J]");
  out << line;
  for (const LawRun& run : runs) {
    if (!has_result(run)) {
      std::snprintf(line, sizeof(line), "%-26s %s: ", law_label(run).c_str(), status_text(run).c_str());
      out << line << run.reason << "\n";
      continue;
    }
    if (run.result.impacts.empty()) {
      std::snprintf(line, sizeof(line), "%-26s %-20s %7d  no impacts\n", law_label(run).c_str(), "", 0);
      out << line;
    } else {
      const ImpactRecord& r = run.result.impacts.front();
      std::snprintf(line, sizeof(line), "%-26s %-20s %7zu %14.7g %12.7f %13.6e %13.6e %13.6e %14.6e%s\n", law_label(run).c_str(),
                    r.pair.c_str(), run.result.impacts.size(),
                    r.impact_velocity, r.restitution, r.max_indentation, r.max_force, impact_column("contact_time").value(r),
                    r.dissipated_energy, r.open ? "  (open at end)" : "");
      out << line;
    }
    if (run.status == LawRunStatus::kNumericalError) out << std::string(27, ' ') << "numerical trouble: " << run.reason << "\n";
  }
  if (!any_rubs(runs)) return;
  std::snprintf(line, sizeof(line), "%-26s %-20s %13s %13s %13s %13s %15s\n", "tangential, first impact", "pair",
                "slip [m]", "stick [s]", "friction [J]", "rebound [rad]", "spin [rad/s]");
  out << line;
  for (const LawRun& run : runs) {
    if (!has_result(run) || run.result.impacts.empty()) continue;
    const ImpactRecord& r = run.result.impacts.front();
    std::snprintf(line, sizeof(line), "%-26s %-20s %13.6e %13.6e %13.6e %13.7f %15.7g\n", law_label(run).c_str(),
                  r.pair.c_str(), r.slip_distance, r.stick_time, r.friction_work, r.rebound_angle, r.separation_spin);
    out << line;
  }
}

}  // namespace contactlab
