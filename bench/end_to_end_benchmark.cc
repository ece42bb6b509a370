// SPDX-License-Identifier: MIT
// Whole runs, solve time only (simulate(); the scene compilation and the workspace's construction are outside the
// timing), against the figures a user compares them with:
//   BM_Scene/<problem>   the scenes the SciPy peers in bench/peers/ solve, as `contactlab run` compiles them;
//   BM_Overhead/<beads>  the engine overhead: the floor, a minimal hand-written loop that integrates the same Hertz
//                        chain with the same Dormand–Prince (engine/dormand_prince.h) and the same tolerances, in one
//                        coordinate per bead, and the pipeline (BM_Scene's chain) timed back to back;
//   BM_ChainScaling/<beads>/<simulated µs>  the chain built in code, 10² … 10⁶ beads; run with 0 and with some
//                        microseconds simulated, the difference is the cost per simulated microsecond.
// Every benchmark repeats and reports its minimum (the machine's noise only ever adds time).
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "bench/chain.h"
#include "bench/paired_overhead.h"
#include "engine/dormand_prince.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

double minimum(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

struct Problem {
  const char* name;
  const char* file;
  const char* law;  // "" for the scene's own
  std::vector<std::pair<std::string, std::string>> overrides;
};

const std::vector<Problem>& problems() {
  static const std::vector<Problem> list = {
      {"bouncing_ball", "scenes/bouncing_ball.yaml", "", {}},
      {"two_pendulums", "scenes/two_pendulums.yaml", "", {}},
      // The chains keep the 1 nm gaps of the floor and the SciPy peer (bench/chain.h kBeadGap): an event function
      // that starts at exactly zero shows no sign change, so SciPy could not see a touching pair's onset.
      {"granular_chain_70", "scenes/granular_chain_horizontal.yaml", "hertz", {{"gap", "1e-9"}}},
      {"granular_chain_10000", "scenes/granular_chain_horizontal.yaml", "hertz",
       {{"beads", "10000"}, {"simulated_time", "100e-6"}, {"gap", "1e-9"}}},
  };
  return list;
}

// simulate() alone, once per iteration: the workspace is made and destroyed outside the timing, and, with `warm_up`,
// first runs that untimed from the same initial state. The last result.
SimulationResult timed_simulate(benchmark::State& bench, const Model& model, const State& initial,
                                const SimulationOptions& options, const SimulationOptions* warm_up = nullptr) {
  SimulationResult result;
  for (auto _ : bench) {
    bench.PauseTiming();
    auto data = std::make_unique<Data>(model);
    State state = initial;
    if (warm_up != nullptr) {
      simulate(model, state, *data, *warm_up);
      state = initial;
    }
    bench.ResumeTiming();
    result = simulate(model, state, *data, options);
    benchmark::DoNotOptimize(&result);
    bench.PauseTiming();
    data.reset();
    bench.ResumeTiming();
  }
  return result;
}

void BM_Scene(benchmark::State& bench) {
  const Problem& problem = problems()[static_cast<std::size_t>(bench.range(0))];
  SceneOptions options;
  options.law_override = problem.law;
  options.variable_overrides = problem.overrides;
  const Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/" + problem.file, options);
  const SimulationResult result = timed_simulate(bench, scene.model, scene.initial_state, scene.simulation);
  if (result.status != SimulationStatus::kCompleted) bench.SkipWithError(result.message.c_str());
  bench.SetLabel(problem.name);
  bench.counters["steps"] = static_cast<double>(result.stats.steps);
  bench.counters["rhs_evaluations"] = static_cast<double>(result.stats.rhs_evaluations);
  bench.counters["impacts"] = static_cast<double>(result.impacts.size());
}
BENCHMARK(BM_Scene)
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(7)
    ->ComputeStatistics("min", minimum)
    ->ReportAggregatesOnly(true);

// The floor: x_i, v_i of N beads on a line, F = K δ^{3/2} between neighbours.
class FloorChain final : public DormandPrince::Function {
 public:
  explicit FloorChain(int beads) : beads_(beads), stiffness_(bench::bead_pair_stiffness()) {}
  int operator()(double, const double* y, double* ydot) override {
    const double* x = y;
    const double* v = y + beads_;
    double* a = ydot + beads_;
    for (int i = 0; i < beads_; ++i) {
      ydot[i] = v[i];
      a[i] = 0.0;
    }
    const double reach = 2.0 * bench::kBeadRadius;
    for (int i = 0; i + 1 < beads_; ++i) {
      const double overlap = reach - (x[i + 1] - x[i]);
      if (overlap > 0.0) {
        const double force = stiffness_ * overlap * std::sqrt(overlap) / bench::kBeadMass;
        a[i] -= force;
        a[i + 1] += force;
      }
    }
    return 0;
  }

 private:
  int beads_;
  double stiffness_;
};

// One floor run: the chain of BM_Scene's scene, integrated to its end time.
struct FloorRun {
  long steps = 0;
  long evaluations = 0;
};
FloorRun run_floor(int beads) {
  const double duration = beads <= 100 ? 600e-6 : 100e-6;  // as the scenes of BM_Scene
  FloorChain chain(beads);
  std::vector<double> y0(static_cast<std::size_t>(2 * beads), 0.0);
  for (int i = 0; i < beads; ++i) y0[static_cast<std::size_t>(i)] = i * (2.0 * bench::kBeadRadius + bench::kBeadGap);
  y0[static_cast<std::size_t>(beads)] = bench::kStrikerSpeed;
  const std::vector<double> absolute(static_cast<std::size_t>(2 * beads), 1e-13);
  DormandPrince method(2 * beads, 2 * beads);
  method.set_tolerances(1e-8, absolute);
  method.reset(0.0, y0.data(), 0.0, chain);
  while (method.time() < duration) method.step(duration, chain);
  benchmark::DoNotOptimize(method.state());
  return {method.steps(), method.function_evaluations()};
}

// The engine overhead, paired (bench/paired_overhead.h): the floor and the pipeline (the scene as BM_Scene compiles
// it) back to back in every iteration.
void BM_Overhead(benchmark::State& bench) {
  const int beads = static_cast<int>(bench.range(0));
  const Problem& problem = problems()[beads == 70 ? 2 : 3];
  SceneOptions options;
  options.law_override = problem.law;
  options.variable_overrides = problem.overrides;
  const Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/" + problem.file, options);
  if (scene.model.nv != beads) bench.SkipWithError("the scene's chain is not the floor's");
  const auto runs = bench::time_paired(bench, scene, [beads] { return run_floor(beads); });
  if (runs.result.status != SimulationStatus::kCompleted) bench.SkipWithError(runs.result.message.c_str());
  bench.SetLabel(problem.name);
  bench::set_paired_counters(bench, runs);
}
BENCHMARK(BM_Overhead)->Arg(70)->Iterations(40)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Overhead)->Arg(10000)->Iterations(15)->UseManualTime()->Unit(benchmark::kMillisecond);

// Heap in use [bytes] (glibc): the arena's allocated blocks and the large mmap'ed ones.
double heap_in_use() {
  const struct mallinfo2 info = mallinfo2();
  return static_cast<double>(info.uordblks + info.hblkhd);
}

void BM_ChainScaling(benchmark::State& bench) {
  const int beads = static_cast<int>(bench.range(0));
  const double simulated_us = static_cast<double>(bench.range(1));
  const double before = heap_in_use();
  // "0 µs" runs a picosecond: the setup (broadphase, pair table, integrator) and one step.
  bench::Chain chain = bench::make_chain(beads, std::max(simulated_us, 1e-6) * 1e-6);
  // Each timed run starts from the initial state on a workspace that has made that picosecond once, untimed: its
  // memory is touched, so that t − t₀ is the simulation alone and not the first touch of up to gigabytes of pages
  // (8–10 s of page faults at 10⁶ beads, varying by more than the simulation they would be subtracted from).
  SimulationOptions warm_up = chain.options;
  warm_up.duration = 1e-12;
  const SimulationResult result = timed_simulate(bench, chain.model, chain.state, chain.options, &warm_up);
  if (result.status != SimulationStatus::kCompleted) bench.SkipWithError(result.message.c_str());
  bench.counters["beads"] = beads;
  bench.counters["simulated_us"] = simulated_us;
  bench.counters["steps"] = static_cast<double>(result.stats.steps);
  bench.counters["rhs_evaluations"] = static_cast<double>(result.stats.rhs_evaluations);
  if (simulated_us == 0.0) {
    // Memory: the model, the workspace, the state and the run's own vectors, at the peak of a run (sampled by an
    // observer at its start and end), over the heap before the model was built.
    double peak = 0.0;
    Data data(chain.model);
    State state = chain.state;
    SimulationOptions options = chain.options;
    options.output_interval = options.duration;
    simulate(chain.model, state, data, options, [&](const State&, const Data&) { peak = std::max(peak, heap_in_use()); });
    bench.counters["heap_bytes_per_bead"] = (peak - before) / beads;
  }
}
// Each size's setup run and its simulated run one after the other, so that their difference is taken over the same
// stretch of the shared machine's weather. 10 µs, and 50 µs at 10⁶ beads, where the setup alone takes about a
// second.
BENCHMARK(BM_ChainScaling)
    ->Args({100, 0})->Args({100, 10})
    ->Args({1000, 0})->Args({1000, 10})
    ->Args({10000, 0})->Args({10000, 10})
    ->Args({100000, 0})->Args({100000, 10})
    ->Args({1000000, 0})->Args({1000000, 50})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(5)
    ->ComputeStatistics("min", minimum)
    ->ReportAggregatesOnly(true);

}  // namespace
}  // namespace contactlab

BENCHMARK_MAIN();
