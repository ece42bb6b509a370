// SPDX-License-Identifier: MIT
// The contact stage, stage by stage:
//   BM_Broadphase/<spheres>        one refresh of the FCL broadphase on a 1-D chain (its candidate pairs);
//   BM_Narrowphase/<pair>          one pair's geometry (gap, normal, points, normal velocity) at all its contact
//                                  points;
//   BM_Law/<id>                    one force evaluation of every law in the registry, by family;
//   BM_Power/<method>              δ^{0.65} over contact's indentations by std::pow (0) and by FixedPower (1);
//   BM_ChainRightHandSide/<beads>  one right-hand side of a chain with every neighbour pair in contact;
//   BM_ChainWaveRightHandSide      one right-hand side of the 70-bead chain with a wave's 5 pairs in contact;
//   BM_FrictionLaw/<id>            one force evaluation of every friction law, by family;
//   BM_FrictionRightHandSide/<law> one right-hand side of 64 balls on a floor, frictionless (0), sliding with the
//                                  tanh law (1), LuGre (2) or Coulomb (3), or held at rest by Coulomb's exact
//                                  stiction (4): what friction costs per contact.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "bench/chain.h"
#include "bench/typical_parameters.h"
#include "contact/broadphase.h"
#include "contact/contact_kinematics.h"
#include "contact/narrowphase.h"
#include "engine/data.h"
#include "engine/forward.h"
#include "engine/state.h"
#include "engine/compile_scene.h"
#include "models/fixed_power.h"
#include "models/friction_registry.h"
#include "models/registry.h"

namespace contactlab {
namespace {

void BM_Broadphase(benchmark::State& bench) {
  const int n = static_cast<int>(bench.range(0));
  std::vector<Shape> shapes(static_cast<std::size_t>(n));
  std::vector<Eigen::Isometry3d> poses(static_cast<std::size_t>(n), Eigen::Isometry3d::Identity());
  for (int i = 0; i < n; ++i) {
    shapes[static_cast<std::size_t>(i)].type = ShapeType::kSphere;
    shapes[static_cast<std::size_t>(i)].radius = bench::kBeadRadius;
    shapes[static_cast<std::size_t>(i)].body = i + 1;
    poses[static_cast<std::size_t>(i)].translation().x() = i * 2.0 * bench::kBeadRadius;
  }
  Broadphase broadphase(shapes, 0.1 * bench::kBeadRadius);
  std::vector<std::pair<int, int>> pairs;
  broadphase.candidates(poses, pairs);  // the first sort
  for (auto _ : bench) {
    broadphase.candidates(poses, pairs);
    benchmark::DoNotOptimize(pairs.data());
  }
  bench.SetComplexityN(n);
  bench.counters["candidates"] = static_cast<double>(pairs.size());
  bench.counters["ns_per_sphere"] =
      benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Broadphase)->RangeMultiplier(10)->Range(10, 100000)->Complexity(benchmark::oN);

// Two shapes 0.1 mm into each other, both moving and turning.
struct NarrowphaseCase {
  const char* name;
  Shape a;
  Shape b;
  Eigen::Isometry3d pose_b;  // shape a sits at the origin
};

Shape make_shape(ShapeType type, double radius, double length = 0.0, Vec3 half_extents = Vec3::Zero()) {
  Shape s;
  s.type = type;
  s.radius = radius;
  s.length = length;
  s.half_extents = half_extents;
  s.material = 0;
  return s;
}

Eigen::Isometry3d placed(const Vec3& translation, double angle = 0.3) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::AngleAxisd(angle, Vec3(1.0, 2.0, 3.0).normalized()).toRotationMatrix();
  X.translation() = translation;
  return X;
}

std::vector<NarrowphaseCase> narrowphase_cases() {
  const Shape sphere = make_shape(ShapeType::kSphere, 0.05);
  const Shape capsule = make_shape(ShapeType::kCapsule, 0.05, 0.2);
  const Shape cylinder = make_shape(ShapeType::kCylinder, 0.05, 0.2);
  const Shape box = make_shape(ShapeType::kBox, 0.0, 0.0, Vec3(0.05, 0.06, 0.07));
  const Shape halfspace = make_shape(ShapeType::kHalfspace, 0.0);
  const Shape hole = make_shape(ShapeType::kHole, 0.06, 0.3);
  Eigen::Isometry3d ground = Eigen::Isometry3d::Identity();
  ground.translation().z() = 0.0499;
  Eigen::Isometry3d pin = Eigen::Isometry3d::Identity();
  pin.translation() = Vec3(0.0101, 0.0, 0.0);
  return {
      {"sphere_sphere", sphere, sphere, placed(Vec3(0.0999, 0.0, 0.0))},
      {"halfspace_sphere", halfspace, sphere, ground},
      {"halfspace_box", halfspace, box, placed(Vec3(0.0, 0.0, 0.07), 0.1)},
      {"sphere_capsule", sphere, capsule, placed(Vec3(0.0999, 0.0, 0.0), 1.5708)},
      {"sphere_cylinder", sphere, cylinder, placed(Vec3(0.0999, 0.0, 0.0), 1.5708)},
      {"sphere_box", sphere, box, placed(Vec3(0.0999, 0.0, 0.0), 0.0)},
      {"capsule_capsule", capsule, capsule, placed(Vec3(0.0999, 0.0, 0.0), 1.0)},
      {"sphere_hole", sphere, hole, pin},
      {"box_box", box, box, placed(Vec3(0.0999, 0.0, 0.0), 0.2)},
      {"cylinder_cylinder", cylinder, cylinder, placed(Vec3(0.0999, 0.0, 0.0), 1.2)},
  };
}

void BM_Narrowphase(benchmark::State& bench) {
  const NarrowphaseCase c = narrowphase_cases()[static_cast<std::size_t>(bench.range(0))];
  ContactModel model;
  model.materials = {Material{"steel", 2e11, 0.3, 7800.0, 1e9}};
  model.shapes = {c.a, c.b};
  model.shapes[0].body = 1;
  model.shapes[1].body = 2;
  ContactPairModel pair;
  pair.shape_a = 0;
  pair.shape_b = 1;
  pair.body_a = 1;
  pair.body_b = 2;
  BodyMotion a, b;
  a.linear_velocity = Vec3(0.1, 0.0, 0.0);
  a.angular_velocity = Vec3(0.0, 0.3, 0.0);
  b.linear_velocity = Vec3(-0.1, 0.05, 0.0);
  b.angular_velocity = Vec3(0.2, 0.0, 0.1);
  // b's pose alternates between two 1 nm apart, so that no call reuses what the one before found (a pair's
  // contact points share some of their work at one pose; the engine's poses change between right-hand sides).
  Eigen::Isometry3d poses[2] = {c.pose_b, c.pose_b};
  poses[1].translation().x() += 1e-9;
  const int points = contact_point_count(c.a.type, c.b.type);
  PairGeometry out;
  double least_gap = 0.0;
  int turn = 0;
  for (auto _ : bench) {
    b.pose = poses[turn ^= 1];
    least_gap = std::numeric_limits<double>::infinity();
    for (int k = 0; k < points; ++k) {
      pair_geometry(model, pair, k, a, b, out);
      least_gap = std::min(least_gap, out.gap);
    }
    benchmark::ClobberMemory();
  }
  bench.SetLabel(c.name);
  bench.counters["points"] = points;
  bench.counters["gap_um"] = least_gap * 1e6;
}
BENCHMARK(BM_Narrowphase)->DenseRange(0, 9);

// Times law.force(in, parameters, state): the input may have changed (so the call is not hoisted) and the result is
// used (so it is not dropped).
template <class Law, class Input>
void time_force(benchmark::State& bench, const Law& law, const Input& in, const LawParameters& parameters,
                const double* state) {
  decltype(law.force(in, parameters.values, state)) f;
  for (auto _ : bench) {
    benchmark::DoNotOptimize(&in);
    benchmark::ClobberMemory();
    f = law.force(in, parameters.values, state);
    benchmark::DoNotOptimize(&f);
    benchmark::ClobberMemory();
  }
  bench.SetLabel(std::string(law.family));
}

// The law's required parameters at typical values, compiled; nullopt (the benchmark skipped) when they do not compile.
template <class Law>
std::optional<LawParameters> typical_parameters(benchmark::State& bench, const Law& law) {
  try {
    return compile_parameters(parameter_table(law), contactlab::bench::typical_required_values(law));
  } catch (const std::exception& error) {
    bench.SkipWithError(error.what());
    return std::nullopt;
  }
}

// One force evaluation of a law at a typical point of a steel impact (δ = 10 µm, δ̇ = 0.5 m/s, δ̇⁻ = 1 m/s).
void BM_Law(benchmark::State& bench, LawIndex index) {
  const LawInfo& law = law_info(index);
  const std::optional<LawParameters> parameters = typical_parameters(bench, law);
  if (!parameters) return;
  ContactInput in = bench::typical_contact_input(law);
  in.indentation = 1e-5;
  in.normal_velocity = 0.5;
  in.time_since_onset = 1e-5;
  double state[kMaxLawState] = {};
  if (law.event) law.event(ContactEvent::kOnset, in, parameters->values, state);
  time_force(bench, law, in, *parameters, state);
}

// δ^{0.65} (bordbar_hyppanen's dashpot weight) of 4096 indentations log-uniform from 1 pm to 10 mm, by std::pow (0)
// or a FixedPower (1); independent evaluations, as a right-hand side's contacts are. ns per power.
void BM_Power(benchmark::State& bench) {
  const bool fixed = bench.range(0) == 1;
  constexpr double kExponent = 0.65;
  const FixedPower power(kExponent);
  std::vector<double> indentations(4096);
  for (std::size_t i = 0; i < indentations.size(); ++i) {
    // A fixed scramble of the decades (golden-ratio steps), so that neighbours differ as in a chain.
    const double fraction = std::fmod(0.6180339887498949 * static_cast<double>(i), 1.0);
    indentations[i] = std::pow(10.0, -12.0 + 10.0 * fraction);
  }
  for (auto _ : bench) {
    benchmark::DoNotOptimize(indentations.data());
    double sum = 0.0;
    for (double x : indentations) sum += fixed ? power(x) : std::pow(x, kExponent);
    benchmark::DoNotOptimize(sum);
  }
  bench.SetLabel(fixed ? "FixedPower" : "std::pow");
  bench.counters["ns_per_power"] = benchmark::Counter(static_cast<double>(indentations.size()),
                                                      benchmark::Counter::kIsIterationInvariantRate |
                                                          benchmark::Counter::kInvert);
}
BENCHMARK(BM_Power)->DenseRange(0, 1);

void BM_ChainRightHandSide(benchmark::State& bench) {
  const int n = static_cast<int>(bench.range(0));
  bench::Chain chain = bench::make_chain(n, 1e-6, "hunt_crossley", {{"restitution", 0.9}});
  Model& model = chain.model;
  // Compile every neighbour pair with the model and put it 0.1 µm into contact.
  model.contact.broadphase = false;
  for (int i = 0; i + 1 < n; ++i) model.contact.pairs.push_back(make_contact_pair(model.contact, i, i + 1, model.contact.settings));
  Data data(model);
  State state = make_state(model);
  for (int i = 0; i < n; ++i) state.q[i] = i * (2.0 * bench::kBeadRadius - 1e-7);
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

// The right-hand side as a wave passes: 70 Hertz beads, 5 neighbour pairs of 69 in contact (the 70-bead chain of
// BM_Scene has 4 to 5 at a time).
void BM_ChainWaveRightHandSide(benchmark::State& bench) {
  constexpr int kBeads = 70;
  constexpr int kFirst = 30;
  constexpr int kActive = 5;
  bench::Chain chain = bench::make_chain(kBeads, 1e-6, "hertz", {}, false);
  const Model& model = chain.model;
  Data data(model);
  State state = chain.state;
  std::vector<int> active;
  for (int p = kFirst; p < kFirst + kActive; ++p) {
    state.q[p + 1] -= 1e-7 * (p - kFirst + 1);  // a wave of overlaps of 0.1 µm and up
    state.v[p] = 0.5;
    state.contacts[static_cast<std::size_t>(p)].active = true;
    state.contacts[static_cast<std::size_t>(p)].impact_velocity = 0.5;
    active.push_back(p);
  }
  forward(model, state, data);
  for (auto _ : bench) {
    evaluate(model, 0.0, state.q, state.v, state.contacts, active, data);
    benchmark::DoNotOptimize(data.qdd.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_ChainWaveRightHandSide);

// One friction force evaluation at a slip of 1 mm/s under N = 10 N, with its state at a typical deflection.
void BM_FrictionLaw(benchmark::State& bench, FrictionLawIndex index) {
  const FrictionLawInfo& law = friction_law_info(index);
  const std::optional<LawParameters> parameters = typical_parameters(bench, law);
  if (!parameters) return;
  FrictionInput in;
  in.slip_velocity[0] = 1e-3;
  in.slip_speed = 1e-3;
  in.normal_force = 10.0;
  double state[kMaxLawState] = {1e-6};
  time_force(bench, law, in, *parameters, state);
}

// 64 steel balls (r = 10 mm, free joints) resting 1 µm deep on a floor and sliding at 0.1 m/s, one listed pair
// each; the friction law by bench.range(0): none, coulomb_tanh, lugre, coulomb; and 4: coulomb with every ball at
// rest and held (the hold solve of engine/stick_force.h for 64 points).
void BM_FrictionRightHandSide(benchmark::State& bench) {
  constexpr int kBalls = 64;
  const char* laws[] = {"none", "coulomb_tanh", "lugre", "coulomb", "coulomb"};
  const std::string law = laws[bench.range(0)];
  const bool held = bench.range(0) == 4;
  SceneSpec spec;
  spec.name = "sliding_balls";
  spec.duration = 1.0;
  MaterialSpec steel;
  steel.name = "steel";
  steel.youngs_modulus = 2e11;
  steel.poisson_ratio = 0.3;
  steel.density = 7800.0;
  spec.materials.push_back(steel);
  ShapeSpec floor;
  floor.name = "floor";
  floor.type = "halfspace";
  floor.material = "steel";
  spec.world.shapes.push_back(floor);
  spec.contacts.pairs.emplace();
  for (int i = 0; i < kBalls; ++i) {
    BodySpec ball;
    ball.name = "ball_" + std::to_string(i);
    ball.mass = 0.0327;
    ball.joint.type = "free";
    ball.initial.position = Vec3(0.05 * (i % 8), 0.05 * (i / 8), 0.01 - 1e-6);
    ball.initial.linear_velocity = Vec3(held ? 0.0 : 0.1, 0.0, 0.0);
    ShapeSpec sphere;
    sphere.name = *ball.name;
    sphere.type = "sphere";
    sphere.radius = 0.01;
    sphere.material = "steel";
    ball.shapes.push_back(sphere);
    spec.bodies.push_back(ball);
    PairSpec pair;
    pair.shapes = {"floor", *ball.name};
    spec.contacts.pairs->push_back(pair);
  }
  spec.contacts.law = "hunt_crossley";
  spec.contacts.parameters = {{"restitution", 0.9}};
  if (law == "coulomb_tanh") {
    spec.contacts.friction = FrictionSpec{law, {{"friction", 0.3}, {"regularisation_velocity", 1e-4}}};
  } else if (law == "lugre") {
    spec.contacts.friction = FrictionSpec{law, {{"static_friction", 0.4}, {"kinetic_friction", 0.3},
                                                {"stribeck_velocity", 1e-3}, {"bristle_stiffness", 1e5},
                                                {"bristle_damping", 300.0}}};
  } else if (law == "coulomb") {
    spec.contacts.friction = FrictionSpec{law, {{"static_friction", 0.4}, {"kinetic_friction", 0.3}}};
  }
  const CompiledScene scene = compile_scene(spec);
  const Model& model = scene.model;
  Data data(model);
  State state = scene.initial_state;
  bind_pairs(model, state, data);
  std::vector<int> active;
  for (std::size_t e = 0; e < state.contacts.size(); ++e) {
    state.contacts[e].active = true;
    state.contacts[e].impact_velocity = 0.1;
    state.contacts[e].effective_mass = 0.0327;
    state.contacts[e].friction_state[0] = 1e-6;
    state.contacts[e].sticking = held;
    state.contacts[e].slip_direction[0] = 1.0;
    active.push_back(static_cast<int>(e));
  }
  for (auto _ : bench) {
    evaluate(model, 0.0, state.q, state.v, state.contacts, active, data);
    benchmark::DoNotOptimize(data.qdd.data());
    benchmark::ClobberMemory();
  }
  bench.SetLabel(held ? law + " held" : law);
  bench.counters["ns_per_contact"] =
      benchmark::Counter(static_cast<double>(bench.iterations()) * kBalls, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_FrictionRightHandSide)->DenseRange(0, 4);

}  // namespace
}  // namespace contactlab

int main(int argc, char** argv) {
  for (contactlab::LawIndex i = 0; i < static_cast<contactlab::LawIndex>(contactlab::all_laws().size()); ++i) {
    const contactlab::LawInfo& law = contactlab::law_info(i);
    if (law.impulsive || law.force == nullptr) continue;
    benchmark::RegisterBenchmark(("BM_Law/" + std::string(law.id)).c_str(), contactlab::BM_Law, i);
  }
  for (contactlab::FrictionLawIndex i = 0; i < static_cast<contactlab::FrictionLawIndex>(contactlab::friction_laws().size()); ++i) {
    benchmark::RegisterBenchmark(("BM_FrictionLaw/" + std::string(contactlab::friction_law_info(i).id)).c_str(),
                                 contactlab::BM_FrictionLaw, i);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
