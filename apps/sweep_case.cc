// SPDX-License-Identifier: MIT
#include "apps/sweep_case.h"

#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "apps/impact_columns.h"
#include "apps/measures.h"
#include "apps/output_files.h"
#include "engine/data.h"
#include "engine/run_interruption.h"
#include "scenes/key_path.h"

namespace contactlab {
namespace {

using Json = nlohmann::ordered_json;

// An ImpactRecord's recorded measures, in the order of kImpactColumns' first kRecordedImpactColumns rows (whose names
// the documents use): the readers need the fields themselves, the table only reads them.
constexpr double ImpactRecord::*kRecordedFields[] = {
    &ImpactRecord::t_start,         &ImpactRecord::t_end,
    &ImpactRecord::impact_velocity, &ImpactRecord::separation_velocity,
    &ImpactRecord::restitution,     &ImpactRecord::max_indentation,
    &ImpactRecord::max_force,       &ImpactRecord::min_force,
    &ImpactRecord::effective_mass,  &ImpactRecord::dissipated_energy,
    &ImpactRecord::slip_velocity,   &ImpactRecord::separation_slip_velocity,
    &ImpactRecord::impact_angle,    &ImpactRecord::rebound_angle,
    &ImpactRecord::separation_spin, &ImpactRecord::slip_distance,
    &ImpactRecord::friction_work,   &ImpactRecord::stick_time,
};
static_assert(std::size(kRecordedFields) == kRecordedImpactColumns);

// The fields an ImpactRecord holds besides those, and the integrator's counters.
constexpr double ImpactRecord::*kOtherFields[] = {&ImpactRecord::indentation_at_max_force,
                                                   &ImpactRecord::velocity_at_max_force, &ImpactRecord::compression_time,
                                                   &ImpactRecord::impulse};
constexpr const char* kOtherFieldNames[] = {"indentation_at_max_force", "velocity_at_max_force", "compression_time",
                                            "impulse"};
constexpr std::pair<const char*, long IntegratorStats::*> kStats[] = {
    {"steps", &IntegratorStats::steps},
    {"step_attempts", &IntegratorStats::step_attempts},
    {"error_test_failures", &IntegratorStats::error_test_failures},
    {"rhs_evaluations", &IntegratorStats::rhs_evaluations},
    {"contact_evaluations", &IntegratorStats::contact_evaluations},
    {"root_evaluations", &IntegratorStats::root_evaluations},
    {"events", &IntegratorStats::events},
    {"broadphase_refreshes", &IntegratorStats::broadphase_refreshes},
    {"resting_steps", &IntegratorStats::resting_steps},
};

Json number(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return value;
}

[[noreturn]] void malformed(const std::string& what) {
  throw std::runtime_error("malformed sweep document: " + what);
}

const Json& member(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) malformed(std::string("no '") + key + "'");
  return object.at(key);
}

double read_number(const Json& object, const char* key) {
  const Json& value = member(object, key);
  if (value.is_number()) return value.get<double>();
  if (value == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (value == "inf") return std::numeric_limits<double>::infinity();
  if (value == "-inf") return -std::numeric_limits<double>::infinity();
  malformed(std::string("'") + key + "' is not a number");
}

template <typename T>
T read(const Json& object, const char* key) {
  try {
    return member(object, key).get<T>();
  } catch (const nlohmann::json::exception&) {
    malformed(std::string("'") + key + "' has the wrong type");
  }
}

SweepRunStatus status_from_name(const std::string& name) {
  for (SweepRunStatus status : {SweepRunStatus::kCompleted, SweepRunStatus::kNumericalTrouble, SweepRunStatus::kBadInput,
                                SweepRunStatus::kFailed}) {
    if (name == sweep_run_status_name(status)) return status;
  }
  malformed("unknown status '" + name + "'");
}

}  // namespace

SweepPlan make_sweep_plan(const std::string& scene_file, const std::string& law, const std::vector<std::string>& overrides,
                          const std::vector<std::string>& varies) {
  SweepPlan plan;
  plan.setup = SweepSetup{scene_file, law, overrides, {}};
  for (const std::string& assignment : overrides) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) throw SweepArgumentError("--set " + assignment + ": expected NAME=VALUE");
  }
  const SceneOptions options = sweep_scene_options(plan.setup);
  // The scene with --model and --set must be valid, and gives the variables --vary may name.
  const Scene scene = load_scene(scene_file, options);
  check_measures(scene);
  std::vector<std::string> set_names;
  for (const auto& [name, value] : options.variable_overrides) set_names.push_back(name);
  plan.setup.variables = parse_sweep(varies, scene.variables, set_names);
  // A varied key path must lead somewhere, and a varied variable be used: bad input, and nothing runs, when the
  // scene compiles with none of its values. (A value that fails where others compile is that run's row: bad_input.)
  for (const SweepVariable& variable : plan.setup.variables) {
    std::optional<SceneError> first_error;
    bool any = false;
    for (const std::string& value : variable.values) {
      SceneOptions one = options;
      one.override_flag = "--vary";
      one.variable_overrides.emplace_back(variable.name, value);
      try {
        load_scene(scene_file, one);
        any = true;
        break;
      } catch (const SceneError& error) {
        if (!first_error) first_error.emplace(error);
      }
    }
    if (!any) throw *first_error;
  }
  std::ifstream in(scene_file);
  if (!in) throw SceneError(scene_file, 0, 0, "", "cannot open the scene file");
  std::stringstream text;
  text << in.rdbuf();
  plan.scene_text = text.str();
  if (!law.empty()) plan.arguments.push_back("--model " + law);
  for (const std::string& o : overrides) plan.arguments.push_back("--set " + o);
  for (const std::string& v : varies) plan.arguments.push_back("--vary " + v);
  return plan;
}

SceneOptions sweep_scene_options(const SweepSetup& setup) {
  SceneOptions options;
  options.law_override = setup.law;
  for (const std::string& assignment : setup.overrides) {
    const auto equals = assignment.find('=');
    options.variable_overrides.emplace_back(assignment.substr(0, equals),
                                            equals == std::string::npos ? "" : assignment.substr(equals + 1));
  }
  return options;
}

Scene sweep_base_scene(const SweepPlan& plan) {
  return load_scene_text(plan.scene_text, plan.setup.scene_file, sweep_scene_options(plan.setup));
}

SweepRun run_sweep_case(const SweepPlan& plan, std::size_t index, const std::function<void(double)>& progress) {
  const std::vector<SweepVariable>& variables = plan.setup.variables;
  const std::vector<std::size_t> point = sweep_point(variables, index);
  SceneOptions options = sweep_scene_options(plan.setup);
  SweepRun run;
  for (std::size_t v = 0; v < variables.size(); ++v) {
    run.values.push_back(variables[v].values[point[v]]);
    options.variable_overrides.emplace_back(variables[v].name, variables[v].values[point[v]]);
  }
  try {
    std::optional<Scene> scene;
    std::optional<MeasureRecorder> measures;
    try {
      scene.emplace(load_scene_text(plan.scene_text, plan.setup.scene_file, options));
      measures.emplace(*scene);
    } catch (const SceneError& error) {
      // Without the file:line: prefix, which is the same scene file for every run.
      run.status = SweepRunStatus::kBadInput;
      run.message = error.key_path().empty() ? error.problem() : error.key_path() + ": " + error.problem();
      return run;
    }
    for (std::size_t v = 0; v < variables.size(); ++v) {
      const auto value = scene->variables.find(variables[v].name);  // a key path's value stays as given
      if (value != scene->variables.end()) run.values[v] = format_number(value->second);
    }
    Data data(scene->model);
    State state = scene->initial_state;
    const double start_time = state.time;
    const double duration = scene->simulation.duration;
    const auto start = std::chrono::steady_clock::now();
    // The measures from the same states as `run`'s (observers never change the steps), without writing.
    SimulationResult result = simulate(
        scene->model, state, data, scene->simulation,
        [&](const State& s, const Data&) {
          if (progress) progress((s.time - start_time) / duration);
        },
        measure_observer(*measures));
    if (stop_requested()) throw SweepInterrupted("interrupted");
    run.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.measures = measures->finish(result);
    run.impacts = std::move(result.impacts);
    run.stats = result.stats;
    run.end_time = result.end_time;
    if (result.status == SimulationStatus::kCompleted) {
      run.status = SweepRunStatus::kCompleted;
    } else {
      run.status = SweepRunStatus::kNumericalTrouble;
      run.message = result.message;
    }
  } catch (const SweepInterrupted&) {
    throw;
  } catch (const std::exception& error) {
    run.status = SweepRunStatus::kFailed;
    run.message = error.what();
  }
  return run;
}

Json sweep_plan_json(const SweepPlan& plan) {
  Json variables = Json::array();
  for (const SweepVariable& variable : plan.setup.variables) {
    variables.push_back({{"name", variable.name}, {"values", variable.values}});
  }
  return Json{{"scene_file", plan.setup.scene_file},
              {"model", plan.setup.law},
              {"set", plan.setup.overrides},
              {"vary", variables},
              {"cases", sweep_size(plan.setup.variables)},
              {"arguments", plan.arguments},
              {"scene_text", plan.scene_text}};
}

SweepPlan sweep_plan_from_json(const Json& document) {
  SweepPlan plan;
  plan.setup.scene_file = read<std::string>(document, "scene_file");
  plan.setup.law = read<std::string>(document, "model");
  plan.setup.overrides = read<std::vector<std::string>>(document, "set");
  const Json& variables = member(document, "vary");
  if (!variables.is_array()) malformed("'vary' is not a list");
  for (const Json& variable : variables) {
    plan.setup.variables.push_back({read<std::string>(variable, "name"), read<std::vector<std::string>>(variable, "values")});
    if (plan.setup.variables.back().values.empty()) malformed("a varied variable has no values");
  }
  plan.scene_text = read<std::string>(document, "scene_text");
  plan.arguments = read<std::vector<std::string>>(document, "arguments");
  if (read<std::size_t>(document, "cases") != sweep_size(plan.setup.variables)) malformed("'cases' is not the product of the values");
  return plan;
}

Json sweep_run_json(const SweepRun& run) {
  Json impacts = Json::array();
  for (const ImpactRecord& record : run.impacts) {
    Json impact{{"pair", record.pair}, {"shape_a", record.shape_a}, {"shape_b", record.shape_b},
                {"point", record.point}, {"open", record.open}};
    for (int c = 0; c < kRecordedImpactColumns; ++c) impact[std::string(kImpactColumns[c].name)] = number(record.*kRecordedFields[c]);
    for (std::size_t f = 0; f < std::size(kOtherFields); ++f) impact[kOtherFieldNames[f]] = number(record.*kOtherFields[f]);
    impacts.push_back(std::move(impact));
  }
  Json measures = Json::array();
  for (const MeasureValue& measure : run.measures) {
    measures.push_back({{"name", measure.name}, {"value", number(measure.value)}, {"unit", measure.unit}});
  }
  Json stats = Json::object();
  for (const auto& [name, field] : kStats) stats[name] = run.stats.*field;
  return Json{{"values", run.values},       {"status", sweep_run_status_name(run.status)},
              {"message", run.message},     {"impacts", impacts},
              {"measures", measures},       {"stats", stats},
              {"end_time", number(run.end_time)}, {"wall_time_s", number(run.wall_time_s)}};
}

SweepRun sweep_run_from_json(const Json& document) {
  SweepRun run;
  run.values = read<std::vector<std::string>>(document, "values");
  run.status = status_from_name(read<std::string>(document, "status"));
  run.message = read<std::string>(document, "message");
  const Json& impacts = member(document, "impacts");
  if (!impacts.is_array()) malformed("'impacts' is not a list");
  for (const Json& impact : impacts) {
    ImpactRecord record;
    record.pair = read<std::string>(impact, "pair");
    record.shape_a = read<int>(impact, "shape_a");
    record.shape_b = read<int>(impact, "shape_b");
    record.point = read<int>(impact, "point");
    record.open = read<bool>(impact, "open");
    for (int c = 0; c < kRecordedImpactColumns; ++c) {
      record.*kRecordedFields[c] = read_number(impact, std::string(kImpactColumns[c].name).c_str());
    }
    for (std::size_t f = 0; f < std::size(kOtherFields); ++f) record.*kOtherFields[f] = read_number(impact, kOtherFieldNames[f]);
    run.impacts.push_back(std::move(record));
  }
  const Json& measures = member(document, "measures");
  if (!measures.is_array()) malformed("'measures' is not a list");
  for (const Json& measure : measures) {
    run.measures.push_back({read<std::string>(measure, "name"), read_number(measure, "value"), read<std::string>(measure, "unit")});
  }
  const Json& stats = member(document, "stats");
  for (const auto& [name, field] : kStats) run.stats.*field = read<long>(stats, name);
  run.end_time = read_number(document, "end_time");
  run.wall_time_s = read_number(document, "wall_time_s");
  return run;
}

}  // namespace contactlab
