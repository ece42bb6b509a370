// SPDX-License-Identifier: MIT
#include "apps/commands.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <tuple>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "apps/comparison.h"
#include "apps/law_reduction.h"
#include "apps/measures.h"
#include "apps/output_directory.h"
#include "apps/output_files.h"
#include "apps/parallel.h"
#include "apps/plotting.h"
#include "apps/progress.h"
#include "apps/provenance.h"
#include "apps/report.h"
#include "apps/report_page.h"
#include "apps/run_output.h"
#include "apps/sweep.h"
#include "apps/sweep_case.h"
#include "contact/material_parameters.h"
#include "engine/data.h"
#include "models/friction_registry.h"
#include "models/registry.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

constexpr int kOtherError = 1;
constexpr int kBadInput = 2;
constexpr int kNumericalTrouble = 3;

// SceneOptions from --set NAME=VALUE arguments; logs the error and returns nullopt on a malformed one.
std::optional<SceneOptions> scene_options(const std::vector<std::string>& overrides, const std::string& law) {
  SceneOptions options;
  options.law_override = law;
  for (const std::string& assignment : overrides) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) {
      spdlog::error("--set {}: expected NAME=VALUE", assignment);
      return std::nullopt;
    }
    options.variable_overrides.emplace_back(assignment.substr(0, equals), assignment.substr(equals + 1));
  }
  return options;
}

// `--calibrate restitution=C@V`, C in (0, 1) and V > 0 [m/s]; logs the error and returns nullopt on a malformed one.
std::optional<CommonCalibration> common_calibration(const std::string& text) {
  constexpr std::string_view kPrefix = "restitution=";
  const std::size_t at = text.find('@');
  auto number = [](const std::string& field, double& value) {
    std::size_t used = 0;
    try {
      value = std::stod(field, &used);
    } catch (const std::exception&) {
      return false;
    }
    return used == field.size() && std::isfinite(value);
  };
  CommonCalibration calibration;
  if (text.starts_with(kPrefix) && at != std::string::npos &&
      number(text.substr(kPrefix.size(), at - kPrefix.size()), calibration.restitution) &&
      number(text.substr(at + 1), calibration.impact_velocity) && calibration.restitution > 0.0 &&
      calibration.restitution < 1.0 && calibration.impact_velocity > 0.0) {
    return calibration;
  }
  spdlog::error("--calibrate {}: expected restitution=C@V, a restitution C in (0, 1) at an impact speed V > 0 [m/s], "
                "e.g. restitution=0.9@1.5",
                text);
  return std::nullopt;
}

// Compiles a scene; logs the error and returns nullopt on bad input. Compile notes go to the log at
// `note_level` (a comparison reports them per law in comparison.md instead).
std::optional<Scene> compile(const std::string& file, const SceneOptions& options,
                             spdlog::level::level_enum note_level = spdlog::level::warn) {
  try {
    Scene scene = load_scene(file, options);
    check_measures(scene);
    check_report(scene);
    for (const std::string& note : scene.notes) spdlog::log(note_level, "{}", note);
    return scene;
  } catch (const SceneError& error) {
    spdlog::error("{}", error.what());
    return std::nullopt;
  }
}

std::optional<Scene> compile(const RunArguments& arguments) {
  const std::optional<SceneOptions> options = scene_options(arguments.overrides, arguments.law);
  if (!options) return std::nullopt;
  return compile(arguments.scene, *options);
}

// The output directory of one command as a unit (apps/output_directory.h), or nullptr after logging why not;
// `code` is then the exit code: bad input for a target that is not an output directory, else other error.
std::unique_ptr<OutputDirectory> open_output(const std::filesystem::path& directory, const char* command, int& code) {
  try {
    return std::make_unique<OutputDirectory>(directory, command);
  } catch (const OutputDirectoryRefused& error) {
    spdlog::error("{}", error.what());
    code = kBadInput;
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    code = kOtherError;
  }
  return nullptr;
}

Provenance run_provenance(const Scene& scene, const RunArguments& arguments) {
  std::vector<std::string> given;
  if (!arguments.law.empty()) given.push_back("--model " + arguments.law);
  for (const std::string& o : arguments.overrides) given.push_back("--set " + o);
  if (!arguments.format.empty()) given.push_back("--format " + arguments.format);
  return make_provenance(scene, arguments.command_line, given);
}

// --plot (or --report, which draws the plots its page embeds: `flag`) draws from the CSV files (scripts/plot.py): bad
// input with another output format.
bool plots_readable(const Scene& scene, const std::string& flag) {
  if (scene.output_format == OutputFormat::kCsv) return true;
  spdlog::error("{} draws from the CSV files: run with output.format csv{}, or drop {}", flag,
                flag == "--plot" ? " (or --format csv)" : "", flag);
  return false;
}

// --plot: fail before a long run rather than after it when plots cannot be drawn.
bool plotting_available() {
  std::string problem;
  if (find_plotting_python(problem)) return true;
  spdlog::error("--plot: {}", problem);
  return false;
}

// The runs of a comparison: each normal law, each friction law (with the scene's normal law), or every pair of them.
std::vector<LawRun> comparison_runs(const Scene& scene, const std::vector<std::string>& laws,
                                    const std::vector<std::string>& frictions) {
  std::vector<LawRun> runs;
  for (const std::string& law : laws.empty() ? std::vector<std::string>{""} : laws) {
    for (const std::string& friction : frictions.empty() ? std::vector<std::string>{""} : frictions) {
      LawRun run;
      run.overrides_law = !law.empty();
      run.law = law.empty() ? scene_law(scene) : law;
      run.friction = friction;
      runs.push_back(std::move(run));
    }
  }
  return runs;
}

// One law of a comparison: compile the scene with the law, run it into <directory>/<law>/. Never throws:
// whatever stops the law is recorded as its status and reason, so the other laws go on.
void run_law(const std::string& scene_file, const SceneOptions& base_options, const std::filesystem::path& directory,
             const Provenance& provenance, ProgressBar& progress, int task, LawRun& run) {
  SceneOptions options = base_options;
  options.refuse_unread_overrides = false;  // checked on the scene with its own laws, before any law runs
  if (run.overrides_law) options.law_override = run.law;
  options.friction_law_override = run.friction;
  std::optional<Scene> scene;
  try {
    scene.emplace(load_scene(scene_file, options));
  } catch (const SceneError& error) {
    // Without the file:line: prefix, which is the same scene file for every law.
    run.status = LawRunStatus::kNotRun;
    run.reason = error.key_path().empty() ? error.problem() : error.key_path() + ": " + error.problem();
    progress.finish(task);
    return;
  } catch (const std::exception& error) {
    run.status = LawRunStatus::kFailed;
    run.reason = error.what();
    progress.finish(task);
    return;
  }
  run.parameters = law_parameter_text(*scene);
  run.calibration = calibration_text(*scene, options.common_calibration.has_value());
  run.stiffness = linear_stiffness_text(*scene);
  run.same_as = elastic_equivalent(*scene);
  run.rubs = scene_has_friction(*scene);
  run.notes = scene->notes;
  try {
    const std::filesystem::path law_directory = directory / run_directory(run);
    std::filesystem::create_directories(law_directory);
    RunOutput output = run_into_directory(*scene, law_directory, provenance, progress, task);
    run.result = std::move(output.result);
    run.measures = std::move(output.measures);
    run.notes.insert(run.notes.end(), run.result.diagnostics.begin(), run.result.diagnostics.end());
    if (run.result.status == SimulationStatus::kCompleted) {
      run.status = LawRunStatus::kCompleted;
    } else {
      run.status = LawRunStatus::kNumericalError;
      run.reason = run.result.message;
    }
  } catch (const std::exception& error) {
    run.status = LawRunStatus::kFailed;
    run.reason = error.what();
  }
  progress.finish(task);
}

// --threads: the threads for `tasks` independent runs (requested_thread_count); logs the error and returns nullopt
// on a count below 1.
std::optional<int> thread_count(const std::optional<int>& requested, std::size_t tasks) {
  try {
    return requested_thread_count(requested, tasks);
  } catch (const std::invalid_argument& error) {
    spdlog::error("{}", error.what());
    return std::nullopt;
  }
}

}  // namespace

int run_scene(const RunArguments& arguments, std::ostream& out) {
  std::optional<Scene> scene = compile(arguments);
  if (!scene) return kBadInput;
  if (!arguments.format.empty()) {
    scene->output_format = static_cast<OutputFormat>(
        std::find(std::begin(kOutputFormatNames), std::end(kOutputFormatNames), arguments.format) - std::begin(kOutputFormatNames));
  }
  if (arguments.plot && !plots_readable(*scene, "--plot")) return kBadInput;
  if (arguments.plot && !plotting_available()) return kOtherError;
  const std::filesystem::path directory =
      arguments.output_directory.empty() ? std::filesystem::path("results") / scene->name : std::filesystem::path(arguments.output_directory);
  int code = 0;
  const std::unique_ptr<OutputDirectory> unit = open_output(directory, "run", code);
  if (!unit) return code;
  RunOutput output;
  int plot_code = 0;
  try {
    ProgressBar progress(scene->name, 1);
    output = run_into_directory(*scene, unit->staging(), run_provenance(*scene, arguments), progress, 0);
    // Plots also of a run stopped by numerical trouble: they show what led up to it.
    plot_code = arguments.plot ? plot_directory(unit->staging()) : 0;
    unit->commit();
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    return kOtherError;
  }
  print_impact_table(out, *scene, output.result, output.measures, output.wall_time_s);
  out.flush();  // the table before the log lines on stderr, also when both go to one file
  for (const std::string& diagnostic : output.result.diagnostics) spdlog::warn("{}", diagnostic);
  spdlog::info("wrote {}", (directory / "summary.json").string());
  if (output.result.status != SimulationStatus::kCompleted) {
    spdlog::error("numerical trouble: {}", output.result.message);
    return kNumericalTrouble;
  }
  return plot_code;
}

int compare_scene(const CompareArguments& arguments, std::ostream& out) {
  std::optional<SceneOptions> options = scene_options(arguments.overrides, "");
  if (!options) return kBadInput;
  if (!arguments.calibrate.empty()) {
    options->common_calibration = common_calibration(arguments.calibrate);
    if (!options->common_calibration) return kBadInput;
  }
  // The scene with its own law must be valid: a broken scene is bad input, not a column of failed laws. (Without the
  // common calibration: whether its own law can be calibrated is that law's row, like every other law's.)
  SceneOptions own_law = *options;
  own_law.common_calibration.reset();
  // Every law run replaces what --models and --friction-models name in every pair: an override of that is refused.
  own_law.law_replaced = !arguments.laws.empty();
  own_law.friction_replaced = !arguments.friction_laws.empty();
  const std::optional<Scene> scene = compile(arguments.scene, own_law, spdlog::level::debug);
  if (!scene) return kBadInput;
  if (arguments.laws.empty() && arguments.friction_laws.empty()) {
    spdlog::error("compare: expected --models, --friction-models or both");
    return kBadInput;
  }
  // Laws act only where shapes touch: a scene without shapes (an ideal mechanism) gives every law the same motion.
  if (scene->model.contact.shapes.empty()) {
    spdlog::error("compare: scene '{}' has no shapes, so no contact for a force law to act on: every law gives the "
                  "same motion", scene->name);
    return kBadInput;
  }
  std::vector<std::string> laws, frictions;
  try {
    if (!arguments.laws.empty()) laws = resolve_laws(arguments.laws, LawKind::kNormal, "--models");
    if (!arguments.friction_laws.empty()) frictions = resolve_laws(arguments.friction_laws, LawKind::kFriction, "--friction-models");
  } catch (const std::invalid_argument& error) {
    spdlog::error("{}", error.what());
    return kBadInput;
  }
  std::vector<LawRun> runs = comparison_runs(*scene, laws, frictions);
  const std::optional<int> requested_threads = thread_count(arguments.threads, runs.size());
  if (!requested_threads) return kBadInput;
  const bool plot = arguments.plot || arguments.report;  // the page embeds the plots
  if (plot && !plots_readable(*scene, arguments.report ? "--report" : "--plot")) return kBadInput;
  if (plot && !plotting_available()) return kOtherError;
  const std::filesystem::path directory = arguments.output_directory.empty()
                                              ? std::filesystem::path("results") / scene->name / "compare"
                                              : std::filesystem::path(arguments.output_directory);

  int code = 0;
  const std::unique_ptr<OutputDirectory> unit = open_output(directory, "compare", code);
  if (!unit) return code;

  std::vector<std::string> given;
  if (!arguments.laws.empty()) given.push_back("--models " + arguments.laws);
  if (!arguments.friction_laws.empty()) given.push_back("--friction-models " + arguments.friction_laws);
  for (const std::string& o : arguments.overrides) given.push_back("--set " + o);
  if (!arguments.calibrate.empty()) given.push_back("--calibrate " + arguments.calibrate);
  const Provenance provenance = make_provenance(*scene, arguments.command_line, given);
  int threads = 0;
  const auto start = std::chrono::steady_clock::now();
  try {
    ProgressBar progress("compare " + scene->name, static_cast<int>(runs.size()));
    // Every law has its own Scene (Model), Data and State, and writes only its own directory and its own slot
    // of `runs`, so the result does not depend on the scheduling.
    threads = run_in_parallel(runs.size(), *requested_threads, [&](std::size_t i) {
      run_law(arguments.scene, *options, unit->staging(), provenance, progress, static_cast<int>(i), runs[i]);
    });
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    return kOtherError;
  }
  const double wall_time = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  int plot_code = 0;
  try {
    write_file_atomically(unit->staging() / "comparison.csv", comparison_csv(*scene, runs));
    write_file_atomically(unit->staging() / "comparison.md", comparison_markdown(*scene, runs) + provenance_markdown(provenance));
    write_file_atomically(unit->staging() / "provenance.json", json_text(provenance_json(provenance)));
    if (arguments.report) {
      // Before the plots: report.json says which curves and orbits plot.py overlays.
      const ReportFigures figures = report_figures(*scene);
      write_file_atomically(unit->staging() / "report.json", report_json(figures));
      write_file_atomically(unit->staging() / "report.md", report_markdown(*scene, runs, figures) + provenance_markdown(provenance));
    }
    plot_code = plot ? plot_directory(unit->staging()) : 0;
    unit->commit();
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    return kOtherError;
  }
  print_comparison_table(out, *scene, runs, threads, wall_time);
  out.flush();  // the table before the log lines on stderr, also when both go to one file
  bool any_failed = false;
  for (const LawRun& run : runs) {
    for (const std::string& note : run.notes) spdlog::debug("{}: {}", law_label(run), note);
    if (run.status == LawRunStatus::kFailed) {
      spdlog::error("{}: {}", law_label(run), run.reason);
      any_failed = true;
    }
  }
  spdlog::info("wrote {}", (directory / (arguments.report ? "report.md" : "comparison.md")).string());
  return any_failed ? kOtherError : plot_code;
}

namespace {

// A sweep's case outcomes written as a unit into `directory` (sweep.csv, sweep_cases.csv, sweep.md, provenance.json)
// and its table printed; returns the exit code (the worst outcome: other error, numerical trouble, bad input).
int write_sweep(const SweepPlan& plan, const Scene& scene, const std::vector<SweepRun>& runs,
                const std::filesystem::path& directory, OutputDirectory& unit, const std::string& command_line,
                int threads, double wall_time, std::ostream& out) {
  const SweepSetup& setup = plan.setup;
  try {
    write_file_atomically(unit.staging() / "sweep.csv", sweep_csv(setup, runs));
    write_file_atomically(unit.staging() / "sweep_cases.csv", sweep_cases_csv(scene, setup, runs));
    const Provenance provenance = make_provenance(scene, command_line, plan.arguments);
    write_file_atomically(unit.staging() / "sweep.md", sweep_markdown(scene, setup, runs) + provenance_markdown(provenance));
    write_file_atomically(unit.staging() / "provenance.json", json_text(provenance_json(provenance)));
    unit.commit();
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    return kOtherError;
  }
  print_sweep_table(out, scene, setup, runs, threads, wall_time);
  out.flush();  // the table before the log lines on stderr, also when both go to one file
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const SweepRun& run : runs) ++counts[static_cast<int>(run.status)];
  const std::size_t numerical_trouble = counts[static_cast<int>(SweepRunStatus::kNumericalTrouble)];
  const std::size_t bad_input = counts[static_cast<int>(SweepRunStatus::kBadInput)];
  const std::size_t failed = counts[static_cast<int>(SweepRunStatus::kFailed)];
  if (numerical_trouble + bad_input + failed > 0) {
    spdlog::warn("{} of {} runs did not complete: {} numerical trouble, {} bad input, {} failed (sweep.md lists them)",
                 numerical_trouble + bad_input + failed, runs.size(), numerical_trouble, bad_input, failed);
  }
  spdlog::info("wrote {}", (directory / "sweep.md").string());
  if (failed > 0) return kOtherError;
  if (numerical_trouble > 0) return kNumericalTrouble;
  return bad_input > 0 ? kBadInput : 0;
}

// plan.json of a --plan directory; logs why not and returns nullopt when it cannot be read.
std::optional<SweepPlan> read_plan(const std::filesystem::path& directory) {
  const std::filesystem::path file = directory / "plan.json";
  try {
    std::ifstream in(file);
    if (!in) throw std::runtime_error("cannot open it (is " + directory.string() + " a directory of `sweep --plan`?)");
    return sweep_plan_from_json(nlohmann::ordered_json::parse(in));
  } catch (const std::exception& error) {
    spdlog::error("{}: {}", file.string(), error.what());
    return std::nullopt;
  }
}

// cases.csv of a --plan directory: each case's number and values, as sweep.csv names them.
std::string plan_cases_csv(const SweepSetup& setup) {
  std::string text = "case";
  for (const SweepVariable& variable : setup.variables) text.append(",").append(csv_field("var." + variable.name));
  text += "\n";
  for (std::size_t i = 0; i < sweep_size(setup.variables); ++i) {
    const std::vector<std::size_t> point = sweep_point(setup.variables, i);
    text += std::to_string(i + 1);
    for (std::size_t v = 0; v < point.size(); ++v) text.append(",").append(csv_field(setup.variables[v].values[point[v]]));
    text += "\n";
  }
  return text;
}

std::filesystem::path case_file(const std::filesystem::path& directory, std::size_t case_number) {
  return directory / "cases" / (std::to_string(case_number) + ".json");
}

int collect_sweep(const SweepArguments& arguments, std::ostream& out) {
  const std::filesystem::path plan_directory(arguments.collect_directory);
  const std::optional<SweepPlan> plan = read_plan(plan_directory);
  if (!plan) return kBadInput;
  std::optional<Scene> scene;
  try {
    scene.emplace(sweep_base_scene(*plan));
  } catch (const SceneError& error) {
    spdlog::error("{}", error.what());
    return kBadInput;
  }
  const std::size_t count = sweep_size(plan->setup.variables);
  std::vector<SweepRun> runs(count);
  std::vector<std::string> missing;
  for (std::size_t i = 0; i < count; ++i) {
    const std::filesystem::path file = case_file(plan_directory, i + 1);
    std::ifstream in(file);
    if (!in) {
      missing.push_back(std::to_string(i + 1));
      continue;
    }
    try {
      runs[i] = sweep_run_from_json(nlohmann::ordered_json::parse(in));
    } catch (const std::exception& error) {
      spdlog::error("{}: {}", file.string(), error.what());
      return kBadInput;
    }
  }
  if (!missing.empty()) {
    const std::size_t shown = std::min<std::size_t>(missing.size(), 20);
    std::string list;
    for (std::size_t k = 0; k < shown; ++k) list += (k ? "," : "") + missing[k];
    spdlog::error("--collect {}: {} of {} cases have no result yet (run-case --index {}{}); nothing written",
                  plan_directory.string(), missing.size(), count, list, shown < missing.size() ? ",…" : "");
    return kBadInput;
  }
  const std::filesystem::path directory =
      arguments.output_directory.empty() ? plan_directory / "sweep" : std::filesystem::path(arguments.output_directory);
  int code = 0;
  const std::unique_ptr<OutputDirectory> unit = open_output(directory, "sweep", code);
  if (!unit) return code;
  double wall_time = 0.0;  // the cases' own, summed: they ran elsewhere, in whatever parallel
  for (const SweepRun& run : runs) wall_time += run.wall_time_s;
  return write_sweep(*plan, *scene, runs, directory, *unit, arguments.command_line, 1, wall_time, out);
}

}  // namespace

int sweep_scene(const SweepArguments& arguments, std::ostream& out) {
  if (!arguments.collect_directory.empty()) return collect_sweep(arguments, out);
  std::optional<SweepPlan> plan;
  std::optional<Scene> scene;
  try {
    plan.emplace(make_sweep_plan(arguments.scene, arguments.law, arguments.overrides, arguments.varies));
    scene.emplace(sweep_base_scene(*plan));
  } catch (const SceneError& error) {
    spdlog::error("{}", error.what());
    return kBadInput;
  } catch (const SweepArgumentError& error) {
    spdlog::error("{}", error.what());
    return kBadInput;
  }
  for (const std::string& note : scene->notes) spdlog::warn("{}", note);
  const std::size_t count = sweep_size(plan->setup.variables);
  const std::optional<int> requested_threads = thread_count(arguments.threads, count);
  if (!requested_threads) return kBadInput;

  if (!arguments.plan_directory.empty()) {
    const std::filesystem::path directory(arguments.plan_directory);
    int code = 0;
    const std::unique_ptr<OutputDirectory> unit = open_output(directory, "plan", code);
    if (!unit) return code;
    try {
      std::filesystem::create_directory(unit->staging() / "cases");
      write_file_atomically(unit->staging() / "plan.json", json_text(sweep_plan_json(*plan)));
      write_file_atomically(unit->staging() / "cases.csv", plan_cases_csv(plan->setup));
      unit->commit();
    } catch (const std::exception& error) {
      spdlog::error("{}", error.what());
      return kOtherError;
    }
    // The count on stdout alone, for a job script: sbatch --array=1-$(…).
    out << count << "\n";
    spdlog::info("planned {} cases in {}: run each with `contactlab run-case {} --index I` (I = 1…{}), then "
                 "`contactlab sweep --collect {}`",
                 count, directory.string(), directory.string(), count, directory.string());
    return 0;
  }

  const std::filesystem::path directory = arguments.output_directory.empty()
                                              ? std::filesystem::path("results") / scene->name / "sweep"
                                              : std::filesystem::path(arguments.output_directory);
  int code = 0;
  const std::unique_ptr<OutputDirectory> unit = open_output(directory, "sweep", code);  // before the runs: fails at once
  if (!unit) return code;

  std::vector<SweepRun> runs(count);
  int threads = 0;
  const auto start = std::chrono::steady_clock::now();
  try {
    ProgressBar progress("sweep " + scene->name, static_cast<int>(count));
    // Every run has its own Scene (Model), Data and State and writes only its own slot of `runs`, so the
    // result does not depend on the scheduling or the number of threads.
    threads = run_in_parallel(count, *requested_threads, [&](std::size_t i) {
      const int task = static_cast<int>(i);
      runs[i] = run_sweep_case(*plan, i, [&](double fraction) { progress.update(task, fraction); });
      progress.finish(task);
    });
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    return kOtherError;
  }
  const double wall_time = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return write_sweep(*plan, *scene, runs, directory, *unit, arguments.command_line, threads, wall_time, out);
}

int run_case(const RunCaseArguments& arguments, std::ostream& out) {
  const std::filesystem::path directory(arguments.directory);
  const std::optional<SweepPlan> plan = read_plan(directory);
  if (!plan) return kBadInput;
  const std::size_t count = sweep_size(plan->setup.variables);
  if (arguments.index < 1 || static_cast<std::size_t>(arguments.index) > count) {
    spdlog::error("--index {}: expected a case number from 1 to {} (cases.csv)", arguments.index, count);
    return kBadInput;
  }
  const std::size_t index = static_cast<std::size_t>(arguments.index) - 1;
  SweepRun run;
  {
    ProgressBar progress("case " + std::to_string(arguments.index), 1);
    run = run_sweep_case(*plan, index, [&](double fraction) { progress.update(0, fraction); });
  }
  try {
    write_file_atomically(case_file(directory, index + 1), json_text(sweep_run_json(run)));
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    return kOtherError;
  }
  out << "case " << arguments.index << ": " << sweep_run_status_name(run.status) << ", " << run.impacts.size()
      << " impact(s)" << (run.message.empty() ? "" : ": " + run.message) << "\n";
  switch (run.status) {
    case SweepRunStatus::kCompleted: return 0;
    case SweepRunStatus::kNumericalTrouble: return kNumericalTrouble;
    case SweepRunStatus::kBadInput: return kBadInput;
    case SweepRunStatus::kFailed: return kOtherError;
  }
  return kOtherError;
}

int plot_results(const std::string& directory) {
  if (!std::filesystem::is_directory(directory)) {
    spdlog::error("plot: {} is not a directory", directory);
    return kBadInput;
  }
  if (const std::string written = hdf5_run_in(directory); !written.empty()) {
    spdlog::error("plot: {} holds a run written as HDF5 ({}); plotting reads the CSV files: run it again with "
                  "output.format csv (or --format csv)", directory, written);
    return kBadInput;
  }
  if (!is_plottable_directory(directory)) {
    spdlog::error("plot: {} holds neither a run's output (summary.json, timeseries.csv) nor a comparison (comparison.csv)",
                  directory);
    return kBadInput;
  }
  return plot_directory(directory);
}

int check_scene(const RunArguments& arguments, std::ostream& out) {
  std::optional<Scene> scene = compile(arguments);
  if (!scene) return kBadInput;
  // The run's own start (engine check_start): what `run` would stop with at the start time is numerical trouble here
  // too, and what it would warn about there is warned about.
  const SimulationResult start = check_start(scene->model, scene->initial_state, scene->simulation);
  for (const std::string& diagnostic : start.diagnostics) spdlog::warn("{}", diagnostic);
  if (start.status != SimulationStatus::kCompleted) {
    spdlog::error("numerical trouble: {}", start.message);
    return kNumericalTrouble;
  }
  out << arguments.scene << ": ok (" << scene->model.bodies.size() - 1 << " bodies, " << scene->model.nv
      << " degrees of freedom, " << scene->model.contact.shapes.size() << " shapes, "
      << scene->model.contact.pairs.size() << " contact pairs, law " << scene_law(*scene) << ")\n";
  return 0;
}

int list_models(const std::string& law, bool json, std::ostream& out) {
  auto describe_parameter = [&](const LawParameter& p) {
    out << "    " << p.name << " [" << p.unit << "]" << (p.required ? " required" : "") << ", range "
        << (p.min_exclusive ? "(" : "[") << format_number(p.min) << ", " << format_number(p.max)
        << (p.max_exclusive ? ")" : "]");
    if (!p.required) out << ", default " << format_number(p.default_value);
    out << ": " << p.description;
    if (const std::string_view source = material_role_source(p.role); !source.empty()) out << "; left out: " << source;
    out << "\n";
  };
  auto json_law = [](const LawInfo& info) {
    using Json = nlohmann::ordered_json;
    auto finite_or_null = [](double x) { return std::isfinite(x) ? Json(x) : Json(nullptr); };
    Json parameters = Json::array();
    for (const LawParameter& p : info.parameters) {
      parameters.push_back({{"name", p.name},
                            {"unit", p.unit},
                            {"description", p.description},
                            {"required", p.required},
                            {"default", finite_or_null(p.default_value)},
                            {"min", finite_or_null(p.min)},
                            {"max", finite_or_null(p.max)},
                            {"from_materials", material_role_source(p.role)}});
    }
    Json ignores = Json::array();  // the pair's generic parameters the law does not read (LawInfo::ignores)
    if ((info.ignores & kIgnoresStiffness) != 0) ignores.push_back("stiffness");
    if ((info.ignores & kIgnoresExponent) != 0) ignores.push_back("exponent");
    Json derived = Json::array();
    for (const LawParameter& p : info.derived) {
      derived.push_back({{"name", p.name}, {"unit", p.unit}, {"description", p.description}});
    }
    Json aliases = Json::array();
    for (std::string_view alias : info.aliases) aliases.push_back(alias);
    Json accurate = Json::array();  // [[min, max], …], ascending
    for (const RestitutionRange& range : accurate_restitution_ranges(info)) accurate.push_back(Json::array({range.min, range.max}));
    return Json{{"id", info.id},
                {"aliases", aliases},
                {"family", info.family},
                {"formula", info.formula},
                {"source", info.source},
                {"parameters", parameters},
                {"derived", derived},
                {"needs_impact_velocity", reads_impact_velocity(info)},
                {"needs_effective_mass", (info.needs & kNeedsEffectiveMass) != 0},
                {"state_size", info.state_size},
                {"separation", info.separation == Separation::kForce ? "force" : "indentation"},
                {"can_tension", info.can_tension},
                {"force_jump", info.force_jump},
                {"peak_at_max_indentation", info.peak_at_max_indentation},
                {"fixed_exponent", info.fixed_exponent > 0.0 ? Json(info.fixed_exponent) : Json(nullptr)},
                {"ignores", ignores},
                {"dissipation_parameter", info.dissipation_parameter.empty() ? Json(nullptr) : Json(std::string(info.dissipation_parameter))},
                {"dissipation_twin", info.dissipation_twin.empty() ? Json(nullptr) : Json(std::string(info.dissipation_twin))},
                {"accurate_restitution", accurate.empty() ? Json(nullptr) : accurate}};
  };

  if (!law.empty()) {
    const LawIndex index = find_law(law);
    if (index < 0) {
      std::string names;
      for (std::string_view id : law_ids()) names += (names.empty() ? "" : ", ") + std::string(id);
      spdlog::error("unknown law '{}'; valid names are {}", law, names);
      return kBadInput;
    }
    const LawInfo& info = law_info(index);
    if (json) {
      out << json_text(json_law(info));
      return 0;
    }
    out << info.id << " (" << info.family << ")\n  " << info.formula << "\n  source: " << info.source << "\n";
    if (!info.aliases.empty()) {
      out << "  aliases:";
      for (std::string_view alias : info.aliases) out << " " << alias;
      out << "\n";
    }
    out << "  parameters:" << (info.parameters.empty() ? " none\n" : "\n");
    for (const LawParameter& p : info.parameters) describe_parameter(p);
    if (!info.derived.empty()) out << "  derived when a pair is compiled:\n";
    for (const LawParameter& p : info.derived) out << "    " << p.name << " [" << p.unit << "]: " << p.description << "\n";
    out << "  needs: impact velocity " << (reads_impact_velocity(info) ? "yes" : "no") << ", effective mass "
        << ((info.needs & kNeedsEffectiveMass) ? "yes" : "no") << "\n";
    const bool ignores_stiffness = (info.ignores & kIgnoresStiffness) != 0;
    const bool ignores_exponent = (info.ignores & kIgnoresExponent) != 0;
    if (ignores_stiffness) {
      out << "  stiffness K" << (ignores_exponent ? " and exponent n" : "")
          << ": not read, the elastic term is the law's own (a scene's are refused)\n";
    }
    if (!ignores_exponent) {
      out << "  exponent n of K δ^n: "
          << (info.fixed_exponent > 0.0 ? "fixed at " + format_number(info.fixed_exponent) + " (a scene's other exponent is refused)"
                                        : std::string(info.requires_linear_stiffness ? "1 (an equivalent linear stiffness otherwise)"
                                                                                     : "the pair's (contacts.exponent)"))
          << "\n";
    }
    out << "  separation at " << (info.separation == Separation::kForce ? "zero force" : "zero indentation")
        << "; tension possible: " << (info.can_tension ? "yes" : "no") << "; force jump at onset: "
        << (info.force_jump ? "yes" : "no") << "; force peak at the maximum indentation: "
        << (info.peak_at_max_indentation ? "yes (no dF/dt root of its own)" : "no") << "\n";
    out << "  dissipation parameter (compare --calibrate): "
        << (info.dissipation_parameter.empty() ? (info.parameters.empty() ? "none (elastic)" : "none (from material constants)")
                                               : std::string(info.dissipation_parameter))
        << (info.dissipation_twin.empty() ? std::string() : " = " + std::string(info.dissipation_twin) + " (set equal)") << "\n";
    if (!accurate_restitution_ranges(info).empty()) {
      out << "  reproduces a target restitution within 0.01 for c in " << accurate_restitution_text(info) << "\n";
    }
    return 0;
  }
  if (json) {
    nlohmann::ordered_json laws = nlohmann::ordered_json::array();
    for (const LawInfo& info : all_laws()) laws.push_back(json_law(info));
    out << json_text(laws);
    return 0;
  }
  for (const LawInfo& info : all_laws()) {
    out << info.id;
    for (std::size_t pad = info.id.size(); pad < 26; ++pad) out << ' ';
    out << info.formula << "\n";
  }
  return 0;
}

}  // namespace contactlab
