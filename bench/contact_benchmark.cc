// SPDX-License-Identifier: MIT
// Cost of the contact stage against the number of spheres in a 1-D chain: the FCL broadphase refresh, and one
// right-hand side with every neighbour pair active (narrowphase, law, Jᵀf, dynamics).
#include <benchmark/benchmark.h>

#include "contact/fcl_bridge.h"
#include "engine/data.h"
#include "engine/forward.h"
#include "engine/state.h"
#include "models/registry.h"

namespace contactlab {
namespace {

constexpr double kRadius = 2.38e-3;

void BM_BroadphaseChain(benchmark::State& bench) {
  const int n = static_cast<int>(bench.range(0));
  std::vector<Shape> shapes(static_cast<std::size_t>(n));
  std::vector<Eigen::Isometry3d> poses(static_cast<std::size_t>(n), Eigen::Isometry3d::Identity());
  for (int i = 0; i < n; ++i) {
    shapes[static_cast<std::size_t>(i)].type = ShapeType::kSphere;
    shapes[static_cast<std::size_t>(i)].radius = kRadius;
    shapes[static_cast<std::size_t>(i)].body = i + 1;
    poses[static_cast<std::size_t>(i)].translation().x() = i * 2.0 * kRadius;
  }
  FclBroadphase broadphase(shapes, 0.1 * kRadius);
  std::vector<std::pair<int, int>> pairs;
  broadphase.candidates(poses, pairs);  // builds the tree
  for (auto _ : bench) {
    broadphase.candidates(poses, pairs);
    benchmark::DoNotOptimize(pairs.data());
  }
  bench.SetComplexityN(n);
  bench.counters["candidates"] = static_cast<double>(pairs.size());
  bench.counters["ns_per_sphere"] =
      benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_BroadphaseChain)->RangeMultiplier(10)->Range(10, 100000)->Complexity(benchmark::oN);

void BM_ChainRightHandSide(benchmark::State& bench) {
  const int n = static_cast<int>(bench.range(0));
  Model model = make_model();
  model.gravity.setZero();
  for (int i = 0; i < n; ++i) {
    Body bead;
    bead.name = "bead";
    bead.parent = 0;
    bead.joint.type = JointType::kPrismatic;
    bead.joint.axis = Vec3::UnitX();
    bead.mass = 4.5e-4;
    bead.inertia = Mat3::Identity() * 1e-12;
    add_body(model, bead);
    Shape s;
    s.type = ShapeType::kSphere;
    s.radius = kRadius;
    s.body = i + 1;
    s.material = 0;
    model.contact.shapes.push_back(s);
  }
  finalize(model);
  model.contact.materials = {Material{"steel", 193e9, 0.3, 7900.0, 9.4e8}};
  model.contact.bodies.push_back({-1, true, 1e300});
  for (int i = 0; i < n; ++i) model.contact.bodies.push_back({0, false, 4.5e-4});
  PairSettings settings;
  settings.law = find_law("hunt_crossley");
  settings.law_info = &law_info(settings.law);
  settings.parameters = compile_law_parameters(*settings.law_info, std::vector<NamedValue>{{"restitution", 0.9}});
  for (int i = 0; i + 1 < n; ++i) model.contact.pairs.push_back(make_contact_pair(model.contact, i, i + 1, settings));
  Data data(model);
  State state = make_state(model);
  for (int i = 0; i < n; ++i) state.q[i] = i * (2.0 * kRadius - 1e-7);  // every neighbour pair 0.1 µm in contact
  for (PairState& s : state.contacts) {
    s.active = true;
    s.impact_velocity = 0.1;
  }
  forward(model, state, data);
  for (auto _ : bench) {
    evaluate(model, 0.0, state.q, state.v, state.contacts, data);
    benchmark::DoNotOptimize(data.qdd.data());
  }
  bench.SetComplexityN(n);
  bench.counters["ns_per_bead"] =
      benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ChainRightHandSide)->RangeMultiplier(10)->Range(10, 100000)->Complexity(benchmark::oN);

}  // namespace
}  // namespace contactlab

BENCHMARK_MAIN();
