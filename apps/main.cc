// SPDX-License-Identifier: MIT
// contactlab: run a scene, compare force laws on it, sweep its variables, plot results, check a scene, list the force laws, or validate against the papers. Composes the library; no physics here.
// Exit codes: 0 success, 1 I/O or internal error, 2 bad input (scene or command line), 3 numerical trouble.
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "apps/commands.h"
#include "apps/friction_models.h"
#include "apps/interruption.h"
#include "apps/models_document.h"
#include "apps/plotting.h"
#include "apps/provenance.h"
#include "engine/names.h"
#include "scenes/law_plugins.h"

namespace {

// `contactlab validate [ARGS...]`: replaces this process by scripts/validate.py (python3 with matplotlib, as for
// plots) run with this binary (--contactlab) and ARGS; it writes docs/validation.md (docs/validation.md says how).
int run_validation(std::vector<std::string> arguments) {
  std::string problem;
  const std::optional<std::string> python = contactlab::find_plotting_python(problem);
  if (!python) {
    spdlog::error("validate: {}", problem);
    return 1;
  }
  const std::filesystem::path script = std::filesystem::path(CONTACTLAB_SOURCE_DIR) / "scripts" / "validate.py";
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  std::vector<std::string> words{*python, script.string()};
  if (!error) words.insert(words.end(), {"--contactlab", self.string()});
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  spdlog::error("validate: cannot run {} {}: {}", *python, script.string(), std::strerror(errno));
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // First, before any thread starts: SIGINT and SIGTERM remove partial output, then end the process.
  contactlab::handle_interruptions();
  CLI::App app{"contactlab: multibody dynamics with pluggable penalty contact laws"};
  app.require_subcommand(1);
  app.fallthrough();  // -q/-v also after the subcommand: `contactlab compare scene.yaml -q`
  bool quiet = false;
  bool verbose = false;
  app.add_flag("-q,--quiet", quiet, "Only errors on stderr");
  app.add_flag("-v,--verbose", verbose, "Debug messages on stderr");
  std::vector<std::string> plugins;
  app.add_option("--plugin", plugins,
                 "A force-law plugin (shared library, models/law_plugin.h) whose laws become usable by name (repeatable)");

  contactlab::RunArguments run;
  CLI::App* run_command = app.add_subcommand(
      "run", "Run a scene and write summary.json with impacts.csv, timeseries.csv and contacts.csv, or results.h5");
  run_command->add_option("scene", run.scene, "Scene file (YAML)")->required();
  run_command->add_option("--model", run.law, "Force law for every contact (see `contactlab models`)");
  run_command->add_option("--set", run.overrides, "Override a scene variable: NAME=VALUE (repeatable)");
  run_command->add_option("--out", run.output_directory, "Output directory (default results/<scene name>)");
  run_command->add_flag("--plot", run.plot, "Also draw PNG plots into the output directory (python3 + matplotlib)");
  run_command->add_option("--format", run.format, "Output format instead of the scene's output.format: csv or hdf5")
      ->check(CLI::IsMember({"csv", "hdf5"}));

  contactlab::CompareArguments compare;
  CLI::App* compare_command =
      app.add_subcommand("compare", "Run a scene once per force law and write comparison.csv, comparison.md and <law>/");
  compare_command->add_option("scene", compare.scene, "Scene file (YAML)")->required();
  compare_command->add_option("--models", compare.laws, "Comma-separated law ids, or all (see `contactlab models`)");
  compare_command->add_option("--friction-models", compare.friction_laws,
                              "Comma-separated friction law ids, or all (see `contactlab models --friction`); with "
                              "--models, every pair of a law and a friction law");
  compare_command->add_option("--set", compare.overrides, "Override a scene variable: NAME=VALUE (repeatable)");
  compare_command->add_option("--calibrate", compare.calibrate,
                              "restitution=C@V: set each law's dissipation parameter so that every pair's isolated impact "
                              "at V m/s returns restitution C (instead of the scene's calibrate)");
  compare_command->add_option("--out", compare.output_directory, "Output directory (default results/<scene name>/compare)");
  compare_command->add_flag("--plot", compare.plot, "Also draw PNG plots (overlays per law) into the output directory");
  compare_command->add_flag("--report", compare.report,
                            "Also write report.md: the laws, the scene's measures and impacts per law, and overlays of its "
                            "headline curves (implies --plot)");
  compare_command->add_option("--threads", compare.threads, "Threads, N ≥ 1 (default: the hardware threads, at most one per law)");

  contactlab::SweepArguments sweep;
  CLI::App* sweep_command = app.add_subcommand(
      "sweep", "Run a scene once per combination of variable values and write sweep.csv and sweep.md (first impact of each)");
  CLI::Option* sweep_scene = sweep_command->add_option("scene", sweep.scene, "Scene file (YAML)");
  CLI::Option* sweep_vary = sweep_command->add_option(
      "--vary", sweep.varies, "Vary a scene variable: NAME=V1,V2,… or NAME=START:STOP:COUNT[:log] (repeatable: the cartesian product)");
  sweep_command->add_option("--model", sweep.law, "Force law for every contact (see `contactlab models`)");
  sweep_command->add_option("--set", sweep.overrides, "Override a scene variable: NAME=VALUE (repeatable)");
  sweep_command->add_option("--out", sweep.output_directory, "Output directory (default results/<scene name>/sweep)");
  sweep_command->add_option("--threads", sweep.threads, "Threads, N ≥ 1 (default: the hardware threads, at most one per run)");
  CLI::Option* sweep_plan = sweep_command->add_option(
      "--plan", sweep.plan_directory, "Write the cases into DIR (plan.json, cases.csv) for `run-case`, instead of running them");
  CLI::Option* sweep_collect = sweep_command->add_option(
      "--collect", sweep.collect_directory, "Assemble the cases `run-case` ran in DIR (a --plan directory) into DIR/sweep (or --out)");
  sweep_collect->excludes(sweep_scene)->excludes(sweep_vary)->excludes(sweep_plan);
  sweep_command->callback([&] {
    if (!sweep.collect_directory.empty()) return;
    if (sweep.scene.empty()) throw CLI::RequiredError("scene");
    if (sweep.varies.empty()) throw CLI::RequiredError("--vary");
  });

  contactlab::RunCaseArguments run_case;
  CLI::App* run_case_command =
      app.add_subcommand("run-case", "Run one case of a `sweep --plan DIR` into DIR/cases/I.json (a job array's task)");
  run_case_command->add_option("directory", run_case.directory, "The --plan directory")->required();
  run_case_command->add_option("--index", run_case.index, "The case, 1 … N (cases.csv; e.g. $SLURM_ARRAY_TASK_ID)")->required();

  std::string plot_directory;
  CLI::App* plot_command = app.add_subcommand("plot", "Draw PNG plots of a run or comparison directory (python3 + matplotlib)");
  plot_command->add_option("directory", plot_directory, "Output directory of `run` or `compare`")->required();

  contactlab::RunArguments check;
  CLI::App* check_command = app.add_subcommand("check", "Validate a scene without running it");
  check_command->add_option("scene", check.scene, "Scene file (YAML)")->required();
  check_command->add_option("--model", check.law, "Force law for every contact");
  check_command->add_option("--set", check.overrides, "Override a scene variable: NAME=VALUE (repeatable)");

  CLI::App* validate_command = app.add_subcommand(
      "validate", "Reproduce the papers' published results into docs/validation.md (runs scripts/validate.py; its --help)");
  // Everything after `validate` is passed on to scripts/validate.py (e.g. --only alaci --jobs 4), -q included.
  validate_command->fallthrough(false)->allow_extras();

  std::string law;
  bool json = false;
  CLI::App* models_command = app.add_subcommand("models", "List the force laws, or show one in full");
  models_command->add_option("law", law, "Law id or alias");
  models_command->add_flag("--json", json, "Machine-readable output");
  bool markdown = false;
  bool friction = false;
  models_command->add_flag("--friction", friction, "The friction (tangential) laws instead of the normal ones");
  models_command->add_flag("--markdown", markdown,
                           "The docs/models.md page: every law, with its restitution measured through the engine");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // A first word that names no command is left over, and CLI11 would only say that a command is required.
    const std::vector<std::string> extra = app.remaining();
    if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr && app.get_subcommands().empty() && !extra.empty() &&
        !extra.front().starts_with("-")) {
      std::vector<std::string> names;
      for (const CLI::App* command : app.get_subcommands({})) names.push_back(command->get_name());
      const std::vector<std::string_view> views(names.begin(), names.end());
      std::cerr << "contactlab: unknown command '" << extra.front() << "'" << contactlab::did_you_mean(extra.front(), views)
                << "; the commands are " << contactlab::join_names(views) << " (contactlab --help)\n";
      return 2;
    }
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }

  const std::string command_line = contactlab::shell_command_line(argc, argv);
  run.command_line = compare.command_line = sweep.command_line = command_line;

  auto logger = spdlog::stderr_color_mt("contactlab");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%^%l%$: %v");
  spdlog::set_level(quiet ? spdlog::level::err : verbose ? spdlog::level::debug : spdlog::level::info);

  // Plugins first: their laws must be registered before any scene names them or any thread reads the registry.
  for (const std::string& plugin : plugins) {
    try {
      const std::vector<std::string> ids = contactlab::load_law_plugin(plugin);
      spdlog::debug("--plugin {}: laws {}", plugin, fmt::join(ids, ", "));
    } catch (const contactlab::LawPluginError& error) {
      spdlog::error("--plugin: {}", error.what());
      return 2;
    }
  }

  if (*run_command) return contactlab::run_scene(run, std::cout);
  if (*compare_command) return contactlab::compare_scene(compare, std::cout);
  if (*sweep_command) return contactlab::sweep_scene(sweep, std::cout);
  if (*run_case_command) return contactlab::run_case(run_case, std::cout);
  if (*plot_command) return contactlab::plot_results(plot_directory);
  if (*check_command) return contactlab::check_scene(check, std::cout);
  if (*validate_command) {
    std::vector<std::string> extra = validate_command->remaining();
    if (quiet) extra.emplace_back("--quiet");
    return run_validation(extra);
  }
  if (markdown) return contactlab::write_models_document(law, std::cout);
  if (friction) return contactlab::list_friction_models(law, json, std::cout);
  return contactlab::list_models(law, json, std::cout);
}
