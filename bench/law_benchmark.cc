// SPDX-License-Identifier: MIT
// The cost of each force law in a whole run: BM_ChainLaw/<law>/<beads> solves the library's horizontal chain
// (scenes/granular_chain_horizontal.yaml, its beads 1 nm apart as in BM_Scene) with the law in place of the scene's
// own, the law's parameters from the scene's `laws` entries (docs/scenes.md, "The library's laws entries"): 70 beads
// for 600 µs, and 10 000 beads for 100 µs. simulate() alone is timed, its minimum over the iterations; the counters
// divide it by the right-hand-side evaluations (ns_per_rhs), say how many active contacts an evaluation computed on
// average (contacts_per_rhs), and divide it by the contact evaluations, right-hand sides × active contacts
// (ns_per_contact): a dissipative law keeps neighbours touching behind the wave, so its right-hand sides evaluate
// several times more contacts than the elastic law's, and only the cost per contact compares the laws' own work.
// Every registered law runs but the rigid `impulse` method, which has no force to evaluate.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <string>

#include "engine/simulate.h"
#include "models/registry.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

void BM_ChainLaw(benchmark::State& bench, std::string law, int beads) {
  SceneOptions options;
  options.law_override = law;
  options.variable_overrides = {{"gap", "1e-9"}};
  if (beads != 70) {
    options.variable_overrides.emplace_back("beads", std::to_string(beads));
    options.variable_overrides.emplace_back("simulated_time", "100e-6");
  }
  const Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/granular_chain_horizontal.yaml", options);
  using Clock = std::chrono::steady_clock;
  double best = std::numeric_limits<double>::infinity();
  SimulationResult result;
  for (auto _ : bench) {
    auto data = std::make_unique<Data>(scene.model);
    State state = scene.initial_state;
    const auto start = Clock::now();
    result = simulate(scene.model, state, *data, scene.simulation);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    benchmark::DoNotOptimize(&result);
    best = std::min(best, seconds);
    bench.SetIterationTime(seconds);
  }
  if (result.status != SimulationStatus::kCompleted) bench.SkipWithError(result.message.c_str());
  const auto rhs = static_cast<double>(result.stats.rhs_evaluations);
  const auto contacts = static_cast<double>(result.stats.contact_evaluations);
  bench.SetLabel(law);
  bench.counters["beads"] = beads;
  bench.counters["solve_seconds"] = best;
  bench.counters["steps"] = static_cast<double>(result.stats.steps);
  bench.counters["rhs_evaluations"] = rhs;
  bench.counters["contacts_per_rhs"] = contacts / rhs;
  bench.counters["ns_per_rhs"] = best * 1e9 / rhs;
  bench.counters["ns_per_contact"] = best * 1e9 / contacts;
}

}  // namespace
}  // namespace contactlab

int main(int argc, char** argv) {
  for (const contactlab::LawInfo& law : contactlab::all_laws()) {
    if (law.impulsive) continue;
    for (int beads : {70, 10000}) {
      const std::string name = "BM_ChainLaw/" + std::string(law.id) + "/" + std::to_string(beads);
      benchmark::RegisterBenchmark(name.c_str(), contactlab::BM_ChainLaw, std::string(law.id), beads)
          ->Iterations(beads == 70 ? 7 : 3)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
