// SPDX-License-Identifier: MIT
#include <cmath>
#include "apps/commands.h"

#include <chrono>
#include <filesystem>
#include <optional>

#include <spdlog/spdlog.h>

#include "apps/output_files.h"
#include "apps/report.h"
#include "engine/data.h"
#include "models/registry.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

constexpr int kBadInput = 2;
constexpr int kNumericalTrouble = 3;

// Compiles the scene named by the arguments; logs the error and returns nullopt on bad input.
std::optional<Scene> compile(const RunArguments& arguments) {
  SceneOptions options;
  options.law_override = arguments.law;
  for (const std::string& assignment : arguments.overrides) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) {
      spdlog::error("--set {}: expected NAME=VALUE", assignment);
      return std::nullopt;
    }
    options.variable_overrides.emplace_back(assignment.substr(0, equals), assignment.substr(equals + 1));
  }
  try {
    Scene scene = load_scene(arguments.scene, options);
    for (const std::string& note : scene.notes) spdlog::warn("{}", note);
    return scene;
  } catch (const SceneError& error) {
    spdlog::error("{}", error.what());
    return std::nullopt;
  }
}

}  // namespace

int run_scene(const RunArguments& arguments, std::ostream& out) {
  std::optional<Scene> scene = compile(arguments);
  if (!scene) return kBadInput;
  const std::filesystem::path directory =
      arguments.output_directory.empty() ? std::filesystem::path("results") / scene->name : std::filesystem::path(arguments.output_directory);
  try {
    std::filesystem::create_directories(directory);
    Data data(scene->model);
    State state = scene->initial_state;
    TimeseriesWriter timeseries(directory / "timeseries.csv", *scene);
    const auto start = std::chrono::steady_clock::now();
    const SimulationResult result = simulate(scene->model, state, data, scene->simulation,
                                             [&](const State& s, const Data& d) { timeseries.write(s, d); });
    const double wall_time = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    timeseries.commit();
    write_file_atomically(directory / "impacts.csv", impacts_csv(*scene, result));
    write_file_atomically(directory / "summary.json", summary_json(*scene, result, wall_time));
    print_impact_table(out, *scene, result, wall_time);
    for (const std::string& diagnostic : result.diagnostics) spdlog::warn("{}", diagnostic);
    spdlog::info("wrote {}", (directory / "summary.json").string());
    if (result.status != SimulationStatus::kCompleted) {
      spdlog::error("numerical trouble: {}", result.message);
      return kNumericalTrouble;
    }
    return 0;
  } catch (const std::exception& error) {
    spdlog::error("{}", error.what());
    return 1;
  }
}

int check_scene(const RunArguments& arguments, std::ostream& out) {
  std::optional<Scene> scene = compile(arguments);
  if (!scene) return kBadInput;
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
    out << ": " << p.description << "\n";
  };
  auto json_law = [&](const LawInfo& info) {
    out << "{\"id\": " << json_string(std::string(info.id)) << ", \"aliases\": [";
    for (std::size_t i = 0; i < info.aliases.size(); ++i) out << (i ? ", " : "") << json_string(std::string(info.aliases[i]));
    out << "], \"family\": " << json_string(std::string(info.family)) << ", \"formula\": " << json_string(std::string(info.formula))
        << ", \"source\": " << json_string(std::string(info.source)) << ", \"parameters\": [";
    for (std::size_t i = 0; i < info.parameters.size(); ++i) {
      const LawParameter& p = info.parameters[i];
      out << (i ? ", " : "") << "{\"name\": " << json_string(std::string(p.name)) << ", \"unit\": " << json_string(std::string(p.unit))
          << ", \"description\": " << json_string(std::string(p.description)) << ", \"required\": " << (p.required ? "true" : "false")
          << ", \"default\": " << (std::isfinite(p.default_value) ? format_number(p.default_value) : "null")
          << ", \"min\": " << (std::isfinite(p.min) ? format_number(p.min) : "null")
          << ", \"max\": " << (std::isfinite(p.max) ? format_number(p.max) : "null") << "}";
    }
    out << "], \"needs_impact_velocity\": " << ((info.needs & kNeedsImpactVelocity) ? "true" : "false")
        << ", \"needs_effective_mass\": " << ((info.needs & kNeedsEffectiveMass) ? "true" : "false")
        << ", \"state_size\": " << info.state_size << ", \"separation\": "
        << (info.separation == Separation::kForce ? "\"force\"" : "\"indentation\"")
        << ", \"can_tension\": " << (info.can_tension ? "true" : "false")
        << ", \"force_jump\": " << (info.force_jump ? "true" : "false")
        << ", \"accurate_restitution\": ";
    if (info.accurate_restitution_max > info.accurate_restitution_min) {
      out << "[" << format_number(info.accurate_restitution_min) << ", " << format_number(info.accurate_restitution_max) << "]";
    } else {
      out << "null";
    }
    out << "}";
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
      json_law(info);
      out << "\n";
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
    out << "  needs: impact velocity " << ((info.needs & kNeedsImpactVelocity) ? "yes" : "no") << ", effective mass "
        << ((info.needs & kNeedsEffectiveMass) ? "yes" : "no") << "\n";
    out << "  separation at " << (info.separation == Separation::kForce ? "zero force" : "zero indentation")
        << "; tension possible: " << (info.can_tension ? "yes" : "no") << "; force jump at onset: "
        << (info.force_jump ? "yes" : "no") << "\n";
    if (info.accurate_restitution_max > info.accurate_restitution_min) {
      out << "  reproduces a target restitution within 0.01 for c in [" << format_number(info.accurate_restitution_min)
          << ", " << format_number(info.accurate_restitution_max) << "]\n";
    }
    return 0;
  }
  if (json) {
    out << "[\n";
    const auto laws = all_laws();
    for (std::size_t i = 0; i < laws.size(); ++i) {
      out << "  ";
      json_law(laws[i]);
      out << (i + 1 < laws.size() ? ",\n" : "\n");
    }
    out << "]\n";
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
