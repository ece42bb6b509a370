// SPDX-License-Identifier: MIT
#include "apps/sweep.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

#include "apps/comparison.h"
#include "apps/impact_columns.h"
#include "apps/output_files.h"
#include "apps/report.h"
#include "scenes/expression.h"
#include "scenes/key_path.h"

namespace contactlab {
namespace {

constexpr std::size_t kMaxRuns = 1'000'000;

constexpr const char* kValuesSyntax =
    "a comma list of values (1,2.5,5), a range start:stop:count (count ≥ 2, linearly spaced, both ends included) "
    "or start:stop:count:log (geometrically spaced, both ends > 0)";

std::string trim(std::string_view text) {
  const auto begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return "";
  return std::string(text.substr(begin, text.find_last_not_of(" \t") - begin + 1));
}

std::string join(const std::vector<std::string>& words, const std::string& separator) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) text += (i ? separator : "") + words[i];
  return text;
}

// Evaluates one value (an expression over the scene's variables); throws SweepArgumentError naming it.
double evaluate(const std::string& argument, const std::string& what, const std::string& text,
                const std::map<std::string, double>& variables) {
  try {
    return evaluate_expression(text, [&](std::string_view name) -> std::optional<double> {
      const auto it = variables.find(std::string(name));
      if (it == variables.end()) return std::nullopt;
      return it->second;
    });
  } catch (const ExpressionError& error) {
    throw SweepArgumentError("--vary " + argument + ": " + what + " '" + text + "': " + error.what() +
                             " (at character " + std::to_string(error.position + 1) + ")");
  }
}

// Splits at commas outside parentheses, so `max(a,b)` stays one value.
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items(1);
  int depth = 0;
  for (const char c : text) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      items.emplace_back();
    } else {
      items.back() += c;
    }
  }
  for (std::string& item : items) item = trim(item);
  return items;
}

// The nearest double to `value` written with 15 significant digits: a linearly spaced 0.3 is 0.3, not
// 0.30000000000000004.
double round_15_digits(double value) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.15g", value);
  return std::strtod(text, nullptr);
}

std::vector<std::string> range_values(const std::string& argument, const std::vector<std::string>& parts,
                                      const std::map<std::string, double>& variables) {
  const bool logarithmic = parts.size() == 4;
  if ((parts.size() != 3 && parts.size() != 4) || (logarithmic && parts[3] != "log")) {
    throw SweepArgumentError("--vary " + argument + ": a range has the form start:stop:count or start:stop:count:log; expected " +
                             kValuesSyntax);
  }
  const double start = evaluate(argument, "range start", parts[0], variables);
  const double stop = evaluate(argument, "range stop", parts[1], variables);
  long count = 0;
  const std::string& count_text = parts[2];
  const auto [end, error] = std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
  if (count_text.empty() || error != std::errc() || end != count_text.data() + count_text.size() || count < 2) {
    throw SweepArgumentError("--vary " + argument + ": the count of a range must be an integer ≥ 2, found '" + count_text + "'");
  }
  constexpr long kMaxCount = 1'000'000;
  if (count > kMaxCount) {
    throw SweepArgumentError("--vary " + argument + ": the count of a range must be at most " + std::to_string(kMaxCount) +
                             ", found " + count_text);
  }
  if (!std::isfinite(start) || !std::isfinite(stop)) {
    throw SweepArgumentError("--vary " + argument + ": the ends of a range must be finite, found " + format_number(start) +
                             " and " + format_number(stop));
  }
  if (logarithmic && !(start > 0.0 && stop > 0.0)) {
    throw SweepArgumentError("--vary " + argument + ": a log range needs both ends > 0, found " + format_number(start) +
                             " and " + format_number(stop));
  }
  std::vector<std::string> values;
  const double intervals = static_cast<double>(count - 1);
  for (long i = 0; i < count; ++i) {
    const double k = static_cast<double>(i);
    double value;
    if (i == 0) value = start;  // the ends exactly as given
    else if (i == count - 1) value = stop;
    else if (logarithmic) value = round_15_digits(std::exp(std::log(start) + (std::log(stop) - std::log(start)) * k / intervals));
    else value = round_15_digits((start * (intervals - k) + stop * k) / intervals);
    values.push_back(format_number(value));
  }
  return values;
}

// Shell word for a reproduce command: quoted when it holds anything but plain characters.
std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                              "0123456789_-+.,/=:@%") == std::string::npos;
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string status_text(SweepRunStatus status) {
  switch (status) {
    case SweepRunStatus::kCompleted: return "ok";
    case SweepRunStatus::kNumericalTrouble: return "numerical trouble";
    case SweepRunStatus::kBadInput: return "bad input";
    case SweepRunStatus::kFailed: return "failed";
  }
  return "";
}

// The first-impact columns of sweep.md and stdout, in column order (apps/impact_columns.h).
constexpr const ImpactColumn* kFirstImpactColumns[] = {
    &impact_column("impact_velocity"), &impact_column("separation_velocity"), &impact_column("restitution"),
    &impact_column("max_indentation"), &impact_column("max_force"),           &impact_column("contact_time"),
    &impact_column("dissipated_energy"),
};

// "a, b, c" or, for many values, "a, b, …, z".
std::string value_summary(const std::vector<std::string>& values) {
  constexpr std::size_t kShown = 8;
  if (values.size() <= kShown) return join(values, ", ");
  return values[0] + ", " + values[1] + ", " + values[2] + ", …, " + values.back();
}

// The law every run uses, or "varied" when a varied key can change it (contacts.law, contacts.pairs[k].method, …).
std::string sweep_law(const Scene& scene, const SweepSetup& setup) {
  for (const SweepVariable& variable : setup.variables) {
    const std::string& name = variable.name;
    for (const char* key : {"law", "method"}) {
      const std::string suffix = std::string(".") + key;
      if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
        return "varied (" + name + ")";
      }
    }
  }
  return scene_law(scene);
}

}  // namespace

SweepVariable parse_vary(const std::string& argument, const std::map<std::string, double>& variables) {
  const auto equals = argument.find('=');
  if (equals == std::string::npos || trim(argument.substr(0, equals)).empty()) {
    throw SweepArgumentError("--vary " + argument + ": expected NAME=VALUES, VALUES being " + kValuesSyntax);
  }
  SweepVariable variable;
  variable.name = trim(argument.substr(0, equals));
  const bool key = overrides_a_key(variable.name, variables.count(variable.name) > 0);
  if (!key && variables.find(variable.name) == variables.end()) {
    std::vector<std::string> names;
    for (const auto& [name, value] : variables) names.push_back(name);
    throw SweepArgumentError("--vary " + argument + ": the scene has no variable '" + variable.name + "'" +
                             (names.empty() ? "; it declares none" : "; its variables are " + join(names, ", ")) +
                             "; any other key is varied by its path, e.g. contacts.parameters.damping");
  }
  const std::string values = trim(argument.substr(equals + 1));
  if (values.empty()) throw SweepArgumentError("--vary " + argument + ": no values; expected " + kValuesSyntax);
  if (values.find(':') != std::string::npos) {
    std::vector<std::string> parts;
    std::size_t begin = 0;
    while (true) {
      const std::size_t end = values.find(':', begin);
      parts.push_back(trim(values.substr(begin, end == std::string::npos ? std::string::npos : end - begin)));
      if (end == std::string::npos) break;
      begin = end + 1;
    }
    variable.values = range_values(argument, parts, variables);
    return variable;
  }
  for (std::string& item : split_list(values)) {
    if (item.empty()) throw SweepArgumentError("--vary " + argument + ": an empty value in the list; expected " + kValuesSyntax);
    // A key may take names (contacts.law=hertz,flores): a value that is not an expression is passed on as it is,
    // and the scene says whether it fits.
    if (key) {
      try {
        (void)evaluate(argument, "value", item, variables);
      } catch (const SweepArgumentError&) {
        variable.values.push_back(std::move(item));
        continue;
      }
    }
    const double value = evaluate(argument, "value", item, variables);
    // A plain number is written as the scene reports it (1e3 as 1000), the same double.
    double number = 0.0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), number);
    const bool plain = error == std::errc() && end == item.data() + item.size() && number == value;
    variable.values.push_back(plain ? format_number(number) : std::move(item));
  }
  return variable;
}

std::vector<SweepVariable> parse_sweep(const std::vector<std::string>& arguments,
                                       const std::map<std::string, double>& variables,
                                       const std::vector<std::string>& set_names) {
  if (arguments.empty()) throw SweepArgumentError("--vary: expected at least one NAME=VALUES");
  std::vector<SweepVariable> sweep;
  for (const std::string& argument : arguments) {
    SweepVariable variable = parse_vary(argument, variables);
    for (const SweepVariable& earlier : sweep) {
      if (earlier.name == variable.name) {
        throw SweepArgumentError("--vary " + argument + ": '" + variable.name +
                                 "' is already varied; give each variable once, with all its values");
      }
    }
    if (std::find(set_names.begin(), set_names.end(), variable.name) != set_names.end()) {
      throw SweepArgumentError("--vary " + argument + ": '" + variable.name +
                               "' is also given with --set; a variable is either fixed or varied");
    }
    sweep.push_back(std::move(variable));
    if (sweep_size(sweep) > kMaxRuns) {
      throw SweepArgumentError("--vary " + argument + ": the sweep would have more than " + std::to_string(kMaxRuns) +
                               " runs; vary fewer values");
    }
  }
  return sweep;
}

std::size_t sweep_size(const std::vector<SweepVariable>& variables) {
  std::size_t runs = variables.empty() ? 0 : 1;
  for (const SweepVariable& variable : variables) {
    // Saturating, so a product too large to count still compares above any limit.
    const std::size_t size = variable.values.size();
    runs = size != 0 && runs > std::numeric_limits<std::size_t>::max() / size ? std::numeric_limits<std::size_t>::max() : runs * size;
  }
  return runs;
}

std::vector<std::size_t> sweep_point(const std::vector<SweepVariable>& variables, std::size_t run) {
  std::vector<std::size_t> point(variables.size());
  for (std::size_t v = variables.size(); v-- > 0;) {
    const std::size_t size = variables[v].values.size();
    point[v] = run % size;
    run /= size;
  }
  return point;
}

const char* sweep_run_status_name(SweepRunStatus status) {
  switch (status) {
    case SweepRunStatus::kCompleted: return "ok";
    case SweepRunStatus::kNumericalTrouble: return "numerical_trouble";
    case SweepRunStatus::kBadInput: return "bad_input";
    case SweepRunStatus::kFailed: return "failed";
  }
  return "";
}

std::string sweep_run_command(const SweepSetup& setup, const SweepRun& run) {
  std::string command = "contactlab run " + shell_word(setup.scene_file);
  if (!setup.law.empty()) command += " --model " + shell_word(setup.law);
  for (const std::string& assignment : setup.overrides) command += " --set " + shell_word(assignment);
  for (std::size_t v = 0; v < setup.variables.size() && v < run.values.size(); ++v) {
    command += " --set " + shell_word(setup.variables[v].name + "=" + run.values[v]);
  }
  return command;
}

std::string sweep_csv(const SweepSetup& setup, const std::vector<SweepRun>& runs) {
  std::ostringstream c;
  c << "case";
  for (const SweepVariable& variable : setup.variables) c << "," << csv_field("var." + variable.name);
  c << ",impact," << impact_csv_header() << "\n";
  for (std::size_t r = 0; r < runs.size(); ++r) {
    std::string values;
    for (const std::string& value : runs[r].values) values.append(",").append(csv_field(value));
    for (std::size_t i = 0; i < runs[r].impacts.size(); ++i) {
      c << r + 1 << values << "," << i + 1 << "," << impact_csv_fields(runs[r].impacts[i]) << "\n";
    }
  }
  return c.str();
}

std::string sweep_cases_csv(const Scene& scene, const SweepSetup& setup, const std::vector<SweepRun>& runs) {
  std::ostringstream c;
  c << "case";
  for (const SweepVariable& variable : setup.variables) c << "," << csv_field("var." + variable.name);
  c << ",status,message,impacts";
  for (const MeasureSpec& measure : scene.measures) c << ",measure." << measure.name;
  c << ",steps,rhs_evaluations,end_time,wall_time_s\n";
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const SweepRun& run = runs[r];
    c << r + 1;
    for (const std::string& value : run.values) c << "," << csv_field(value);
    c << "," << sweep_run_status_name(run.status) << "," << csv_field(run.message) << ",";
    if (run.has_result()) {
      c << run.impacts.size();
      for (const MeasureValue& measure : run.measures) c << "," << format_number(measure.value);
      c << "," << run.stats.steps << "," << run.stats.rhs_evaluations << "," << format_number(run.end_time) << ","
        << format_number(run.wall_time_s) << "\n";
    } else {
      c << std::string(scene.measures.size() + 4, ',') << "\n";
    }
  }
  return c.str();
}

std::string sweep_markdown(const Scene& scene, const SweepSetup& setup, const std::vector<SweepRun>& runs) {
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const SweepRun& run : runs) ++counts[static_cast<int>(run.status)];
  std::ostringstream m;
  m << "# Parameter sweep: " << scene.name << "\n\n";
  if (!scene.description.empty()) m << scene.description << "\n\n";
  m << "- Scene file: `" << setup.scene_file << "`; law: " << sweep_law(scene, setup) << "\n";
  std::vector<std::string> fixed;
  for (const auto& [name, value] : scene.variables) {
    const bool varied = std::any_of(setup.variables.begin(), setup.variables.end(),
                                    [&](const SweepVariable& variable) { return variable.name == name; });
    if (!varied) fixed.push_back(name + " = " + format_number(value));
  }
  if (!fixed.empty()) {
    m << "- Other variables (with the varied ones at the scene's values; one defined from a varied variable follows "
         "it): "
      << join(fixed, ", ") << "\n";
  }
  m << "- Varied, row-major (the last one fastest):\n";
  for (const SweepVariable& variable : setup.variables) {
    m << "  - " << variable.name << ": " << variable.values.size() << " value" << (variable.values.size() == 1 ? "" : "s")
      << " (" << markdown_cell(value_summary(variable.values)) << ")\n";
  }
  m << "- Runs: " << runs.size() << ", " << counts[static_cast<int>(SweepRunStatus::kCompleted)] << " completed";
  if (counts[static_cast<int>(SweepRunStatus::kNumericalTrouble)] > 0) {
    m << ", " << counts[static_cast<int>(SweepRunStatus::kNumericalTrouble)] << " stopped on numerical trouble";
  }
  if (counts[static_cast<int>(SweepRunStatus::kBadInput)] > 0) {
    m << ", " << counts[static_cast<int>(SweepRunStatus::kBadInput)] << " with values the scene rejects";
  }
  if (counts[static_cast<int>(SweepRunStatus::kFailed)] > 0) m << ", " << counts[static_cast<int>(SweepRunStatus::kFailed)] << " failed";
  m << (runs.size() == counts[static_cast<int>(SweepRunStatus::kCompleted)] ? ".\n" : " (reasons below).\n");
  m << "- Each row: the run's number of impacts, its first impact and the scene's measures. Every impact of every run "
       "is in sweep.csv (one row per impact) and each run's measures at full precision in sweep_cases.csv. The runs' "
       "own outputs are not written: `contactlab run` with the row's values reproduces one, e.g. for run 1\n  `"
    << (runs.empty() ? std::string() : sweep_run_command(setup, runs.front())) << "`\n";

  std::vector<double> columns[std::size(kFirstImpactColumns)];
  for (const SweepRun& run : runs) {
    if (run.impacts.empty()) continue;
    for (std::size_t k = 0; k < std::size(kFirstImpactColumns); ++k) columns[k].push_back(kFirstImpactColumns[k]->value(run.impacts.front()));
  }
  std::vector<ScaledUnit> scaled;
  for (std::size_t k = 0; k < std::size(kFirstImpactColumns); ++k) scaled.push_back(scale_unit(std::string(kFirstImpactColumns[k]->unit), columns[k]));
  // The measures' columns, each in one unit (the runs that have them agree on it).
  const std::size_t measure_count = scene.measures.size();
  std::vector<ScaledUnit> measure_scaled;
  for (std::size_t k = 0; k < measure_count; ++k) {
    std::vector<double> values;
    std::string unit;
    for (const SweepRun& run : runs) {
      if (run.measures.size() != measure_count) continue;
      values.push_back(run.measures[k].value);
      unit = run.measures[k].unit;
    }
    measure_scaled.push_back(scale_unit(unit, values));
  }

  m << "\n## Runs: first impact and measures\n\n| # |";
  for (const SweepVariable& variable : setup.variables) m << " " << markdown_cell(variable.name) << " |";
  m << " status | impacts | pair |";
  for (std::size_t k = 0; k < std::size(kFirstImpactColumns); ++k) {
    m << " " << kFirstImpactColumns[k]->heading << (scaled[k].unit.empty() ? "" : " [" + scaled[k].unit + "]") << " |";
  }
  for (std::size_t k = 0; k < measure_count; ++k) {
    m << " " << markdown_cell(scene.measures[k].name) << (measure_scaled[k].unit.empty() ? "" : " [" + measure_scaled[k].unit + "]") << " |";
  }
  m << " steps | RHS evaluations |\n|--:|";
  for (std::size_t v = 0; v < setup.variables.size(); ++v) m << "--:|";
  m << "---|--:|---|";
  for (std::size_t k = 0; k < std::size(kFirstImpactColumns) + measure_count; ++k) m << "--:|";
  m << "--:|--:|\n";
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const SweepRun& run = runs[r];
    m << "| " << r + 1 << " |";
    for (const std::string& value : run.values) m << " " << markdown_cell(value) << " |";
    m << " " << status_text(run.status) << " | " << (run.has_result() ? std::to_string(run.impacts.size()) : "—") << " | "
      << (run.impacts.empty() ? "—" : markdown_cell(run.impacts.front().pair)) << " |";
    for (std::size_t k = 0; k < std::size(kFirstImpactColumns); ++k) {
      const ImpactRecord* first = run.impacts.empty() ? nullptr : &run.impacts.front();
      m << " " << (first ? scaled[k].format(kFirstImpactColumns[k]->value(*first)) + (first->open ? " (open)" : "") : "—") << " |";
    }
    for (std::size_t k = 0; k < measure_count; ++k) {
      m << " " << (run.measures.size() == measure_count ? measure_scaled[k].format(run.measures[k].value) : "—") << " |";
    }
    if (run.has_result()) m << " " << run.stats.steps << " | " << run.stats.rhs_evaluations << " |\n";
    else m << " — | — |\n";
  }

  if (counts[static_cast<int>(SweepRunStatus::kCompleted)] < runs.size()) {
    m << "\n## Runs that did not complete\n\n| # | values | status | reason |\n|--:|---|---|---|\n";
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const SweepRun& run = runs[r];
      if (run.status == SweepRunStatus::kCompleted) continue;
      std::vector<std::string> values;
      for (std::size_t v = 0; v < setup.variables.size() && v < run.values.size(); ++v) {
        values.push_back(setup.variables[v].name + "=" + run.values[v]);
      }
      m << "| " << r + 1 << " | " << markdown_cell(join(values, " ")) << " | " << status_text(run.status) << " | "
        << markdown_cell(run.message) << " |\n";
    }
  }
  return m.str();
}

void print_sweep_table(std::ostream& out, const Scene& scene, const SweepSetup& setup, const std::vector<SweepRun>& runs,
                       int threads, double wall_time_s, std::size_t max_rows) {
  std::vector<std::string> shape;
  for (const SweepVariable& variable : setup.variables) shape.push_back(variable.name + " " + std::to_string(variable.values.size()));
  char line[1024];
  std::snprintf(line, sizeof(line), "%s: sweep of %zu run%s (%s), law %s, %d thread%s, %.3f s wall time; first impact and measures of each run\n",
                scene.name.c_str(), runs.size(), runs.size() == 1 ? "" : "s", join(shape, " × ").c_str(),
                sweep_law(scene, setup).c_str(), threads, threads == 1 ? "" : "s", wall_time_s);
  out << line;
  std::vector<int> widths;
  std::string header;
  std::snprintf(line, sizeof(line), "%5s", "#");
  header = line;
  for (const SweepVariable& variable : setup.variables) {
    int width = static_cast<int>(variable.name.size());
    for (const std::string& value : variable.values) width = std::max(width, static_cast<int>(value.size()));
    width = std::clamp(width, 8, 24);
    widths.push_back(width);
    std::snprintf(line, sizeof(line), " %*s", width, variable.name.c_str());
    header += line;
  }
  std::snprintf(line, sizeof(line), "  %-20s %7s %14s %12s %13s %13s %13s\n", "pair", "impacts", "v_impact [m/s]",
                "restitution", "max δ [m]", "max F [N]", "contact [s]");
  out << header << line;
  const std::size_t shown = std::min(runs.size(), max_rows);
  for (std::size_t r = 0; r < shown; ++r) {
    const SweepRun& run = runs[r];
    std::snprintf(line, sizeof(line), "%5zu", r + 1);
    std::string row = line;
    for (std::size_t v = 0; v < widths.size() && v < run.values.size(); ++v) {
      std::snprintf(line, sizeof(line), " %*s", widths[v], run.values[v].c_str());
      row += line;
    }
    out << row;
    if (!run.has_result()) {
      out << "  " << status_text(run.status) << ": " << run.message << "\n";
      continue;
    }
    if (run.impacts.empty()) {
      std::snprintf(line, sizeof(line), "  %-20s %7d  no impacts", "", 0);
      out << line;
    } else {
      const ImpactRecord& r1 = run.impacts.front();
      std::snprintf(line, sizeof(line), "  %-20s %7zu %14.7g %12.7f %13.6e %13.6e %13.6e%s", r1.pair.c_str(), run.impacts.size(),
                    r1.impact_velocity, r1.restitution, r1.max_indentation, r1.max_force, impact_column("contact_time").value(r1),
                    r1.open ? "  (open at end)" : "");
      out << line;
    }
    for (const MeasureValue& measure : run.measures) out << "  " << measure.name << " = " << measure_text(measure);
    out << "\n";
    if (run.status == SweepRunStatus::kNumericalTrouble) out << std::string(7, ' ') << "numerical trouble: " << run.message << "\n";
  }
  if (shown < runs.size()) out << "  … " << runs.size() - shown << " more runs in sweep.csv\n";
}

}  // namespace contactlab
