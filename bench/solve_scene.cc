// SPDX-License-Identifier: MIT
// Runs a scene the way `contactlab run` compiles it and prints, as one JSON object, what the SciPy peers in
// bench/peers/ print for the same problem: the impacts and the final state, with the solve time (the minimum over
// repeats, simulate() only). scripts/performance_report.py compares the two answers.
//
//   solve_scene PROBLEM SCENE [--model ID] [--set NAME=VALUE]... [--repeats N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace {

using contactlab::ImpactRecord;

std::string number(double x) {
  if (!std::isfinite(x)) return "null";
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.17g", x);
  return buffer;
}

// All of v, or its first 20 and last 5 entries with their indices when it is long.
std::string vector_json(const Eigen::VectorXd& v, const char* name) {
  std::vector<Eigen::Index> indices;
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    if (v.size() <= 100 || i < 20 || i >= v.size() - 5) indices.push_back(i);
  }
  std::string values = "[", where = "[";
  for (std::size_t k = 0; k < indices.size(); ++k) {
    if (k > 0) {
      values.append(", ");
      where.append(", ");
    }
    values.append(number(v[indices[k]]));
    where.append(std::to_string(indices[k]));
  }
  std::string out = "\"";
  out.append(name).append("\": ").append(values).append("], \"").append(name).append("_indices\": ").append(where).append("]");
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: solve_scene PROBLEM SCENE [--model ID] [--set NAME=VALUE]... [--repeats N]\n");
    return 2;
  }
  const std::string problem = argv[1];
  contactlab::SceneOptions options;
  int repeats = 5;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--model") {
      options.law_override = value;
    } else if (flag == "--set") {
      const auto equals = value.find('=');
      if (equals == std::string::npos) {
        std::fprintf(stderr, "--set: expected NAME=VALUE, found '%s'\n", value.c_str());
        return 2;
      }
      options.variable_overrides.emplace_back(value.substr(0, equals), value.substr(equals + 1));
    } else if (flag == "--repeats") {
      repeats = std::max(1, std::atoi(value.c_str()));
    } else {
      std::fprintf(stderr, "unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  try {
    const contactlab::Scene scene = contactlab::load_scene(argv[2], options);
    std::vector<double> times;
    contactlab::SimulationResult result;
    contactlab::State final_state;
    for (int r = 0; r < repeats; ++r) {
      auto data = std::make_unique<contactlab::Data>(scene.model);
      contactlab::State state = scene.initial_state;
      const auto start = std::chrono::steady_clock::now();
      result = contactlab::simulate(scene.model, state, *data, scene.simulation);
      times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      final_state = state;
    }
    contactlab::Data data(scene.model);
    contactlab::forward(scene.model, final_state, data);
    const contactlab::Energy energy = contactlab::energy(scene.model, final_state, data);

    std::string out = "{\"problem\": \"" + problem + "\", \"tool\": \"contactlab\", \"status\": \"" +
                      (result.status == contactlab::SimulationStatus::kCompleted ? "completed" : "numerical_trouble") +
                      "\", \"solve_time_s\": " + number(*std::min_element(times.begin(), times.end())) +
                      ", \"solve_times_s\": [";
    for (std::size_t k = 0; k < times.size(); ++k) out += (k ? ", " : "") + number(times[k]);
    out += "], \"steps\": " + std::to_string(result.stats.steps) +
           ", \"rhs_evaluations\": " + std::to_string(result.stats.rhs_evaluations) +
           ", \"rtol\": " + number(scene.simulation.integrator.relative_tolerance) +
           ", \"atol\": " + number(scene.simulation.integrator.absolute_tolerance) + ", \"impacts\": [";
    for (std::size_t k = 0; k < result.impacts.size(); ++k) {
      const ImpactRecord& i = result.impacts[k];
      out += std::string(k ? ", " : "") + "{\"pair\": \"" + i.pair + "\", \"t_start\": " + number(i.t_start) +
             ", \"impact_velocity\": " + number(i.impact_velocity) + ", \"t_end\": " + (i.open ? "null" : number(i.t_end)) +
             ", \"separation_velocity\": " + (i.open ? "null" : number(i.separation_velocity)) +
             ", \"restitution\": " + (i.open ? "null" : number(i.restitution)) +
             ", \"max_indentation\": " + number(i.max_indentation) + ", \"max_force\": " + number(i.max_force) + "}";
    }
    out += "], \"final\": {\"time\": " + number(final_state.time) + ", " + vector_json(final_state.q, "q") + ", " +
           vector_json(final_state.v, "v") + ", \"kinetic_energy\": " + number(energy.kinetic) + "}}\n";
    std::fputs(out.c_str(), stdout);
    return result.status == contactlab::SimulationStatus::kCompleted ? 0 : 3;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 2;
  }
}
