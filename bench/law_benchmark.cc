// SPDX-License-Identifier: MIT
// The cost of each force law, two ways:
//
// BM_ChainLaw/<law>/<beads>: a whole run. It solves the library's horizontal chain
// (scenes/granular_chain_horizontal.yaml, its beads 1 nm apart as in BM_Scene) with the law in place of the scene's
// own, the law's parameters from the scene's `laws` entries (docs/scenes.md, "The library's laws entries"): 70 beads
// for 600 µs, and 10 000 beads for 100 µs. simulate() alone is timed, its minimum over the iterations; the counters
// divide it by the right-hand-side evaluations (ns_per_rhs), say how many active contacts an evaluation computed on
// average (contacts_per_rhs), and divide it by the contact evaluations, right-hand sides × active contacts
// (ns_per_contact). A dissipative law keeps neighbours touching behind the wave, so its right-hand sides evaluate
// several times more contacts than the elastic law's: its per-RHS cost counts that physics, and its per-contact cost
// spreads the run's other costs over more contacts.
//
// BM_ChainRhs/<law>/<beads>: fixed work. The same chain compiled the same way, put in one state where every
// neighbour pair is in contact, kRhsCompression deep and closing at kRhsClosingSpeed, the same for every law; the
// engine starts those contacts itself (a run of a picosecond from that state: the onset the engine gives a contact
// that starts closed, with its impact velocity, effective mass and the law's kOnset event), and the right-hand side
// the integrator calls (evaluate(), engine/forward.h) is then timed at that state. Every law evaluates the same
// beads − 1 contacts, so its time against hertz's is the law's own arithmetic beyond hertz's. hertz's chain is timed
// in the same iterations, a block of evaluations of each in turn (this VM's speed drifts by tens of per cent within
// minutes, so two benchmarks run apart would compare the drift): ns_per_rhs and hertz_ns_per_rhs are their wall
// times per evaluation over the repetition, hertz_ratio their quotient. A law whose forces there are not all finite
// and non-zero (refused for the pair, or NaN) would fake a cheap evaluation: it is skipped with an error.
//
// BM_LawOverhead/<law>/<beads>: the engine overhead of each law. BM_ChainLaw's run against the floor of the same law
// (bench/law_floor.h: a hand-written loop calling the law's force function, with the same integrator, tolerances,
// chain and duration), the two timed back to back in every iteration, as BM_Overhead (bench/end_to_end_benchmark.cc)
// times the Hertz chain against its inline formula; the minimum of each over the iterations and their quotient.
//
// BM_LawOverheadAtAccuracy/<law>/70: the same at equal accuracy: the floor at the tolerance at which its answer is as
// accurate as the pipeline's at the scene's (equal_accuracy_floor below).
//
// Every registered law runs but the rigid `impulse` method, which has no force to evaluate.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bench/law_floor.h"
#include "bench/paired_overhead.h"
#include "engine/forward.h"
#include "engine/simulate.h"
#include "models/registry.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

// The horizontal chain of `beads` beads with `law` and the scene's laws entries for it, beads 1 nm apart.
Scene chain_scene(const std::string& law, int beads) {
  SceneOptions options;
  options.law_override = law;
  options.variable_overrides = {{"gap", "1e-9"}};
  if (beads != 70) {
    options.variable_overrides.emplace_back("beads", std::to_string(beads));
    options.variable_overrides.emplace_back("simulated_time", "100e-6");
  }
  return load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/granular_chain_horizontal.yaml", options);
}

void BM_ChainLaw(benchmark::State& bench, std::string law, int beads) {
  const Scene scene = chain_scene(law, beads);
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

// How far apart (relative) the floor's end velocities and the pipeline's may be for the two to count as solving the
// same problem: the laws' events placed on the floor's dense output keep them within 1.6e-3 (yigit, whose kinks the
// floor steps across at the benchmark's tolerance; 2e-7 for the Hunt–Crossley family), where taking them at the
// steps' ends left yigit's 19 % apart.
constexpr double kFloorAgreement = 1e-2;


// The answers' accuracy: the beads' end velocities against a reference's, ‖v − v_ref‖/‖v_ref‖.
double velocity_error(const Eigen::VectorXd& v, const Eigen::VectorXd& reference) {
  return (v - reference).norm() / reference.norm();
}

void BM_LawOverhead(benchmark::State& bench, std::string law, int beads) {
  const Scene scene = chain_scene(law, beads);
  const auto runs = bench::time_paired(bench, scene, [&scene] { return bench::run_law_floor(scene); });
  if (runs.result.status != SimulationStatus::kCompleted) {
    bench.SkipWithError(runs.result.message.c_str());
    return;
  }
  if (!runs.floor.finite) {
    bench.SkipWithError("the floor's integration failed (a force not finite, or the step collapsed)");
    return;
  }
  // That the two solved the same problem: how far the floor's end velocities are from the pipeline's, relative. A
  // floor that solved another one (a law's events taken elsewhere) would time something else: an error, not a ratio.
  const double velocity_difference = velocity_error(runs.floor.velocities, runs.end.v);
  if (!(velocity_difference < kFloorAgreement)) {
    bench.SkipWithError(("the floor's end velocities are " + std::to_string(velocity_difference) +
                         " apart from the pipeline's (relative): not the same problem").c_str());
    return;
  }
  bench.SetLabel(law);
  bench.counters["beads"] = beads;
  bench::set_paired_counters(bench, runs);
  bench.counters["velocity_difference"] = velocity_difference;
}

// The floor's tolerances searched for BM_LawOverheadAtAccuracy: the scene's, relative and absolute alike, times
// 10^(−k/8) for k from kLoosest (a decade looser) to kTightest (three decades tighter); the reference at kReference
// (four decades tighter: rtol 1e-12 for the chain's 1e-8). One grid step changes a fifth-order method's work by
// about 10^(1/40), 6 %.
constexpr int kGridPerDecade = 8;
constexpr int kLoosest = -8;
constexpr int kTightest = 24;
constexpr int kReference = 32;
// The floor's error trend at a tolerance: the geometric mean of its errors over kTrend grid steps either side (half
// a decade in all). A floor that steps across a law's kinks has an erratic error, a factor of 5 from one grid step
// to the next (yigit's), which would make the first tolerance that happens to meet the pipeline's a lucky draw.
constexpr int kTrend = 2;
// The floor's work searched at most: this many times the pipeline's right-hand sides. A floor whose steps collapse
// at the onsets it steps across (a dashpot's force jumps there) does not reach rtol 1e-12 in minutes.
constexpr double kFloorWorkBudget = 16.0;

struct EqualAccuracy {
  double relative_tolerance = 0.0;
  double absolute_tolerance = 0.0;
  double pipeline_error = 0.0;  // the pipeline's at the scene's tolerances, against the reference
  double floor_error = 0.0;     // the floor's trend at the tolerances found
  bool reached = false;         // else the floor's most accurate within the budget, short of the pipeline's
  std::string failure;
};

// The floor's loosest tolerances on the grid from which on its error trend stays at or below the pipeline's error at
// the scene's tolerances. The reference is the pipeline at kReference: the floor cannot give one for every law
// (above), and where it can its answer at rtol 1e-12 meets the pipeline's to 4e-6 or better (docs/performance.md),
// far below the errors compared here.
EqualAccuracy equal_accuracy_floor(const Scene& scene) {
  EqualAccuracy found;
  const IntegratorOptions& integrator = scene.simulation.integrator;
  const auto scaled = [](int k) { return std::pow(10.0, -static_cast<double>(k) / kGridPerDecade); };
  struct Run {
    bool completed = false;
    long evaluations = 0;
    Eigen::VectorXd velocities;
  };
  const auto pipeline = [&scene](double factor) {
    auto data = std::make_unique<Data>(scene.model);
    State state = scene.initial_state;
    SimulationOptions options = scene.simulation;
    options.integrator.relative_tolerance *= factor;
    options.integrator.absolute_tolerance *= factor;
    const SimulationResult result = simulate(scene.model, state, *data, options);
    return Run{result.status == SimulationStatus::kCompleted, result.stats.rhs_evaluations, state.v};
  };
  const Run reference = pipeline(scaled(kReference));
  const Run at_scene = pipeline(1.0);
  if (!reference.completed || !at_scene.completed) {
    found.failure = "the pipeline's run failed";
    return found;
  }
  found.pipeline_error = velocity_error(at_scene.velocities, reference.velocities);
  // The floor's errors from the loosest tolerance on, as far as the budget allows.
  std::vector<double> errors;
  const auto budget = static_cast<long>(kFloorWorkBudget * static_cast<double>(at_scene.evaluations));
  for (int k = kLoosest; k <= kTightest; ++k) {
    const bench::LawFloorRun floor = bench::run_law_floor(scene, integrator.relative_tolerance * scaled(k),
                                                          integrator.absolute_tolerance * scaled(k), budget);
    if (!floor.finite || floor.exhausted) break;
    errors.push_back(velocity_error(floor.velocities, reference.velocities));
  }
  const int last = static_cast<int>(errors.size()) - 1;
  if (last < 0) {
    found.failure = "the floor's integration failed at every tolerance";
    return found;
  }
  const auto trend = [&](int i) {
    const int from = std::max(0, i - kTrend), to = std::min(last, i + kTrend);
    double logs = 0.0;
    for (int j = from; j <= to; ++j) logs += std::log(errors[static_cast<std::size_t>(j)]);
    return std::exp(logs / (to - from + 1));
  };
  int chosen = last;  // short of the pipeline's accuracy: the floor's most accurate
  found.reached = trend(last) <= found.pipeline_error;
  if (found.reached) {
    while (chosen > 0 && trend(chosen - 1) <= found.pipeline_error) --chosen;
  } else {
    for (int i = 0; i < last; ++i) {
      if (trend(i) < trend(chosen)) chosen = i;
    }
  }
  const int k = kLoosest + chosen;
  found.relative_tolerance = integrator.relative_tolerance * scaled(k);
  found.absolute_tolerance = integrator.absolute_tolerance * scaled(k);
  found.floor_error = trend(chosen);
  return found;
}

// BM_LawOverheadAtAccuracy/<law>/70: BM_LawOverhead at equal accuracy instead of equal tolerances. A floor that
// steps across a law's kinks (its history events, where the pipeline restarts) is less accurate at the same
// tolerance, and a cheaper answer to a looser question; here the floor runs at the loosest tolerance of the grid at
// which its answer is as accurate as the pipeline's at the scene's (equal_accuracy_floor), and the two are timed
// back to back as in BM_LawOverhead. Where the floor does not get there within its budget, it runs at its most
// accurate (reached 0): the ratio is then an upper bound.
void BM_LawOverheadAtAccuracy(benchmark::State& bench, std::string law, int beads) {
  const Scene scene = chain_scene(law, beads);
  const EqualAccuracy accuracy = equal_accuracy_floor(scene);
  if (!accuracy.failure.empty()) {
    bench.SkipWithError(accuracy.failure.c_str());
    return;
  }
  const auto runs = bench::time_paired(bench, scene, [&] {
    return bench::run_law_floor(scene, accuracy.relative_tolerance, accuracy.absolute_tolerance);
  });
  if (runs.result.status != SimulationStatus::kCompleted || !runs.floor.finite) {
    bench.SkipWithError("a timed run failed");
    return;
  }
  bench.SetLabel(law);
  bench.counters["beads"] = beads;
  bench::set_paired_counters(bench, runs);
  bench.counters["floor_relative_tolerance"] = accuracy.relative_tolerance;
  bench.counters["floor_error"] = accuracy.floor_error;
  bench.counters["pipeline_error"] = accuracy.pipeline_error;
  bench.counters["reached"] = accuracy.reached ? 1.0 : 0.0;
}

double minimum(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

// BM_ChainRhs's state: every neighbour pair 0.1 µm deep (below the 0.6 µm where wang_kv_granular's elastic branch
// ends, δ ≪ R*) and closing at 0.1 m/s (above the impact velocity floor, so no law's damping is floored).
constexpr double kRhsCompression = 1e-7;    // [m]
constexpr double kRhsClosingSpeed = 0.1;    // [m/s]
constexpr double kRhsOnsetRun = 1e-12;      // [s]: the run that starts the contacts

// The chain of BM_ChainRhs with its contacts started, or why it cannot be timed.
struct RhsChain {
  std::string law;
  int beads = 0;
  Scene scene;
  State state;
  std::unique_ptr<Data> data;
  std::vector<int> active;
  std::string error;
};

// Made in place (Data keeps pointers into the model).
std::unique_ptr<RhsChain> prepare_rhs_chain(const std::string& law, int beads) {
  auto made = std::make_unique<RhsChain>();
  RhsChain& chain = *made;
  chain.law = law;
  chain.beads = beads;
  chain.scene = chain_scene(law, beads);
  const Model& model = chain.scene.model;
  const double radius = model.contact.shapes.front().radius;
  State& state = chain.state;
  state = chain.scene.initial_state;
  for (int i = 0; i < beads; ++i) {
    state.q[i] = i * (2.0 * radius - kRhsCompression);
    state.v[i] = -i * kRhsClosingSpeed;  // each bead closes on the one before it
  }
  chain.data = std::make_unique<Data>(model);
  SimulationOptions options = chain.scene.simulation;
  options.duration = kRhsOnsetRun;
  options.output_interval = 0.0;
  const SimulationResult started = simulate(model, state, *chain.data, options);
  if (started.status != SimulationStatus::kCompleted) {
    chain.error = started.message;
    return made;
  }
  forward(model, state, *chain.data);
  for (std::size_t e = 0; e < state.contacts.size(); ++e) {
    if (!state.contacts[e].active) continue;
    chain.active.push_back(static_cast<int>(e));
    const double force = chain.data->contact_force[e];
    if (!std::isfinite(force) || force == 0.0) {
      chain.error = "contact " + std::to_string(e) + " has force " + std::to_string(force);
      return made;
    }
  }
  if (static_cast<int>(chain.active.size()) != beads - 1)
    chain.error = std::to_string(chain.active.size()) + " contacts active of " + std::to_string(beads - 1);
  return made;
}

// The prepared chain of `law` and `beads`, kept for the next benchmark of the same size (compiling 10 000 beads
// takes longer than timing them); hertz's, of every size, is kept beside it.
const RhsChain& rhs_chain(const std::string& law, int beads) {
  static std::vector<std::unique_ptr<RhsChain>> kept;
  for (const auto& chain : kept) {
    if (chain->law == law && chain->beads == beads) return *chain;
  }
  std::erase_if(kept, [](const auto& chain) { return chain->law != "hertz"; });
  kept.push_back(prepare_rhs_chain(law, beads));
  return *kept.back();
}

// Wall seconds of `count` right-hand sides of the chain at its state.
double time_rhs(const RhsChain& chain, int count, Eigen::VectorXd& qdd) {
  const State& state = chain.state;
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < count; ++k) {
    evaluate(chain.scene.model, state.time, state.q, state.v, state.contacts, chain.active, *chain.data, qdd);
    benchmark::DoNotOptimize(qdd.data());
    benchmark::ClobberMemory();
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void BM_ChainRhs(benchmark::State& bench, std::string law, int beads) {
  const RhsChain& hertz = rhs_chain("hertz", beads);
  const RhsChain& chain = rhs_chain(law, beads);
  for (const RhsChain* c : {&hertz, &chain}) {
    if (!c->error.empty()) {
      bench.SkipWithError((c->law + ": " + c->error).c_str());
      return;
    }
  }
  // Blocks of a few tens of microseconds: long against the clock's resolution, short against the drift.
  const int block = std::max(1, 2048 / beads);
  Eigen::VectorXd qdd(chain.scene.model.nv);
  double law_seconds = 0.0;
  double hertz_seconds = 0.0;
  bool law_first = true;
  for (auto _ : bench) {
    // In turn first and second, so that neither gains from following the other.
    const double first = time_rhs(law_first ? chain : hertz, block, qdd);
    const double second = time_rhs(law_first ? hertz : chain, block, qdd);
    const double law_block = law_first ? first : second;
    law_seconds += law_block;
    hertz_seconds += law_first ? second : first;
    law_first = !law_first;
    bench.SetIterationTime(law_block / block);
  }
  const double evaluations = static_cast<double>(bench.iterations()) * block;
  const auto contacts = static_cast<double>(chain.active.size());
  bench.SetLabel(law);
  bench.counters["beads"] = beads;
  bench.counters["contacts"] = contacts;
  bench.counters["ns_per_rhs"] = law_seconds * 1e9 / evaluations;
  bench.counters["hertz_ns_per_rhs"] = hertz_seconds * 1e9 / evaluations;
  bench.counters["hertz_ratio"] = law_seconds / hertz_seconds;
  bench.counters["ns_per_contact"] = law_seconds * 1e9 / (evaluations * contacts);
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
      const std::string overhead = "BM_LawOverhead/" + std::string(law.id) + "/" + std::to_string(beads);
      benchmark::RegisterBenchmark(overhead.c_str(), contactlab::BM_LawOverhead, std::string(law.id), beads)
          ->Iterations(beads == 70 ? 15 : 5)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
      if (beads == 70) {
        const std::string accuracy = "BM_LawOverheadAtAccuracy/" + std::string(law.id) + "/70";
        benchmark::RegisterBenchmark(accuracy.c_str(), contactlab::BM_LawOverheadAtAccuracy, std::string(law.id), 70)
            ->Iterations(15)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
      }
      const std::string rhs = "BM_ChainRhs/" + std::string(law.id) + "/" + std::to_string(beads);
      benchmark::RegisterBenchmark(rhs.c_str(), contactlab::BM_ChainRhs, std::string(law.id), beads)
          ->Unit(beads == 70 ? benchmark::kNanosecond : benchmark::kMicrosecond)
          ->UseManualTime()
          ->MinTime(0.1)
          ->Repetitions(5)
          ->ComputeStatistics("min", contactlab::minimum)
          ->ReportAggregatesOnly(true);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
