// SPDX-License-Identifier: MIT
// Cost of one right-hand-side evaluation against the number of bodies: a serial chain of prismatic beads
// (each bead's joint is on the previous bead, so the tree is as deep as it is long), and the bouncing ball.
#include <benchmark/benchmark.h>

#include "engine/data.h"
#include "engine/dynamics.h"
#include "engine/forward.h"
#include "engine/kinematics.h"
#include "engine/state.h"

namespace contactlab {
namespace {

Model prismatic_chain(int beads) {
  Model model = make_model();
  for (int i = 0; i < beads; ++i) {
    Body bead;
    bead.name = "bead" + std::to_string(i);
    bead.parent = i;  // the previous bead (0: the world)
    bead.joint.type = JointType::kPrismatic;
    bead.joint.axis = Vec3::UnitX();
    bead.joint.placement.translation() = Vec3(0.01, 0.0, 0.0);
    bead.mass = 4.5e-4;
    bead.inertia = Mat3::Identity() * 1e-9;
    add_body(model, bead);
  }
  finalize(model);
  return model;
}

void BM_ForwardDynamicsPrismaticChain(benchmark::State& bench) {
  const Model model = prismatic_chain(static_cast<int>(bench.range(0)));
  Data data(model);
  State state = make_state(model);
  state.v.setConstant(0.1);
  for (auto _ : bench) {
    forward_kinematics(model, state.q, state.v, data);
    forward_dynamics(model, data);
    benchmark::DoNotOptimize(data.qdd.data());
  }
  bench.SetComplexityN(bench.range(0));
  bench.counters["ns_per_body"] = benchmark::Counter(static_cast<double>(bench.range(0)),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
}
BENCHMARK(BM_ForwardDynamicsPrismaticChain)->RangeMultiplier(10)->Range(10, 100000)->Complexity(benchmark::oN);

}  // namespace
}  // namespace contactlab

BENCHMARK_MAIN();
