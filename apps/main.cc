// SPDX-License-Identifier: MIT
// contactlab: run a scene, check it, or list the force laws. Composes the library; no physics here.
// Exit codes: 0 success, 1 I/O or internal error, 2 bad input (scene or command line), 3 numerical trouble.
#include <chrono>
#include <filesystem>
#include <iostream>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "apps/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"contactlab: multibody dynamics with pluggable penalty contact laws"};
  app.require_subcommand(1);
  bool quiet = false;
  bool verbose = false;
  app.add_flag("-q,--quiet", quiet, "Only errors on stderr");
  app.add_flag("-v,--verbose", verbose, "Debug messages on stderr");

  contactlab::RunArguments run;
  CLI::App* run_command = app.add_subcommand("run", "Run a scene and write summary.json, impacts.csv, timeseries.csv");
  run_command->add_option("scene", run.scene, "Scene file (YAML)")->required();
  run_command->add_option("--model", run.law, "Force law for every contact (see `contactlab models`)");
  run_command->add_option("--set", run.overrides, "Override a scene variable: NAME=VALUE (repeatable)");
  run_command->add_option("--out", run.output_directory, "Output directory (default results/<scene name>)");

  contactlab::RunArguments check;
  CLI::App* check_command = app.add_subcommand("check", "Validate a scene without running it");
  check_command->add_option("scene", check.scene, "Scene file (YAML)")->required();
  check_command->add_option("--model", check.law, "Force law for every contact");
  check_command->add_option("--set", check.overrides, "Override a scene variable: NAME=VALUE (repeatable)");

  std::string law;
  bool json = false;
  CLI::App* models_command = app.add_subcommand("models", "List the force laws, or show one in full");
  models_command->add_option("law", law, "Law id or alias");
  models_command->add_flag("--json", json, "Machine-readable output");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }

  auto logger = spdlog::stderr_color_mt("contactlab");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%^%l%$: %v");
  spdlog::set_level(quiet ? spdlog::level::err : verbose ? spdlog::level::debug : spdlog::level::info);

  if (*run_command) return contactlab::run_scene(run, std::cout);
  if (*check_command) return contactlab::check_scene(check, std::cout);
  return contactlab::list_models(law, json, std::cout);
}
