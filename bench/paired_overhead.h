// SPDX-License-Identifier: MIT
// The engine overhead, paired (BM_Overhead, BM_LawOverhead): every iteration times a hand-written floor and then the
// pipeline (simulate() of the scene, on a fresh workspace made outside the timing) back to back, so that the shared
// machine's slow swings fall on both alike; the minimum of each over the iterations, and their quotient.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <utility>

#include "engine/data.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab::bench {

// A floor's run reports its steps and right-hand sides (`steps`, `evaluations`).
template <class FloorRun>
struct PairedRuns {
  double floor_seconds = std::numeric_limits<double>::infinity();     // the minimum
  double pipeline_seconds = std::numeric_limits<double>::infinity();  // the minimum
  FloorRun floor;           // the last iteration's
  SimulationResult result;  // the pipeline's last
  State end;                // the pipeline's last end state
};

// `run_floor()` returns its FloorRun. The iteration's time is the pair's.
template <class RunFloor>
auto time_paired(benchmark::State& bench, const Scene& scene, const RunFloor& run_floor) {
  using Clock = std::chrono::steady_clock;
  PairedRuns<decltype(run_floor())> runs;
  for (auto _ : bench) {
    auto data = std::make_unique<Data>(scene.model);
    State state = scene.initial_state;
    const auto start = Clock::now();
    runs.floor = run_floor();
    const auto middle = Clock::now();
    runs.result = simulate(scene.model, state, *data, scene.simulation);
    const auto end = Clock::now();
    benchmark::DoNotOptimize(&runs.result);
    const double floor_seconds = std::chrono::duration<double>(middle - start).count();
    const double pipeline_seconds = std::chrono::duration<double>(end - middle).count();
    runs.floor_seconds = std::min(runs.floor_seconds, floor_seconds);
    runs.pipeline_seconds = std::min(runs.pipeline_seconds, pipeline_seconds);
    bench.SetIterationTime(floor_seconds + pipeline_seconds);
    runs.end = std::move(state);
  }
  return runs;
}

// The counters the report reads of a paired benchmark.
template <class FloorRun>
void set_paired_counters(benchmark::State& bench, const PairedRuns<FloorRun>& runs) {
  bench.counters["floor_seconds"] = runs.floor_seconds;
  bench.counters["floor_steps"] = static_cast<double>(runs.floor.steps);
  bench.counters["floor_rhs_evaluations"] = static_cast<double>(runs.floor.evaluations);
  bench.counters["pipeline_seconds"] = runs.pipeline_seconds;
  bench.counters["steps"] = static_cast<double>(runs.result.stats.steps);
  bench.counters["rhs_evaluations"] = static_cast<double>(runs.result.stats.rhs_evaluations);
  bench.counters["overhead"] = runs.pipeline_seconds / runs.floor_seconds;
}

}  // namespace contactlab::bench
