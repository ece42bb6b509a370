// SPDX-License-Identifier: MIT
// engine/scene_calibration: the calibration stage after compiling. The value it finds gives the target restitution
// (checked by running the isolated impact), an identical request is taken from the process's cache without
// simulating, two threads asking at once share one search, and a target the parameter cannot reach is refused at
// `<block>.calibrate.parameter`. Simulations are counted by the force law itself: Kelvin–Voigt registered again under
// another id with a force function that counts its calls, so compiling is seen to run none.
#include "engine/scene_calibration.h"

#include <atomic>
#include <cmath>
#include <latch>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "engine/calibration.h"
#include "engine/data.h"
#include "engine/simulate.h"
#include "models/kelvin_voigt_restitution.h"
#include "models/registry.h"

namespace contactlab {
namespace {

std::atomic<long> force_calls{0};
ForceFunction kelvin_voigt_force = nullptr;

ContactForce counted_force(const ContactInput& input, const double* parameters, const double* state) {
  force_calls.fetch_add(1, std::memory_order_relaxed);
  return kelvin_voigt_force(input, parameters, state);
}

// kelvin_voigt (F = k δ + D δ̇, released at δ = 0) under the id counted_kelvin_voigt; registered once, before any
// thread runs (the registry is not thread-safe).
const char* counted_kelvin_voigt() {
  static const bool registered = [] {
    LawInfo law = law_info(find_law("kelvin_voigt"));
    kelvin_voigt_force = law.force;
    law.id = "counted_kelvin_voigt";
    law.aliases = {};
    law.force = counted_force;
    return register_law(law) >= 0;
  }();
  EXPECT_TRUE(registered);
  return "counted_kelvin_voigt";
}

constexpr double kStiffness = 1e6;  // k [N/m]
constexpr double kMass = 2.0;       // [kg]

// A block on a prismatic joint meeting a wall, no gravity: the isolated impact of the calibration itself. Its
// damping is to give `restitution` at `speed`.
SceneSpec block_on_a_wall(double restitution, double speed = 1.0) {
  return {
      .name = "calibrated",
      .gravity = Vec3::Zero(),
      .world = {.shapes = {{.name = "wall", .type = "halfspace"}}},
      .bodies = {{.name = "block",
                  .mass = kMass,
                  .inertia = Vec3(1.0, 1.0, 1.0),
                  .joint = {.type = "prismatic"},
                  .initial = {.q = {{0.11}}, .v = {{-speed}}},
                  .shapes = {{.type = "sphere", .radius = 0.1}}}},
      .contacts = {.law = counted_kelvin_voigt(),
                   .stiffness = kStiffness,
                   .exponent = 1.0,
                   .calibrate = CalibrationSpec{.parameter = "damping", .restitution = restitution, .impact_velocity = speed}},
      .duration = 0.02 / speed,
      .integrator = {.relative_tolerance = 1e-10, .absolute_tolerance = 1e-12},
  };
}

double damping(const CompiledScene& scene) {
  const ContactPairModel& pair = scene.model.contact.pairs.at(0);
  return parameter_value(*pair.law_info, pair.parameters, "damping");
}

TEST(SceneCalibration, FindsTheValueThatGivesTheTarget) {
  const double target = 0.5;
  const long before = force_calls.load();
  CompiledScene scene = compile_scene(block_on_a_wall(target));
  EXPECT_EQ(force_calls.load(), before) << "compiling ran the law";
  ASSERT_EQ(scene.calibrations.size(), 1u);

  const std::vector<CalibrationOutcome> outcomes = calibrate_scene(scene);
  EXPECT_TRUE(scene.calibrations.empty());
  ASSERT_EQ(outcomes.size(), 1u);
  const CalibrationOutcome& outcome = outcomes[0];
  EXPECT_FALSE(outcome.from_cache);
  EXPECT_GT(outcome.simulations, 0);
  EXPECT_GT(force_calls.load(), before);
  EXPECT_EQ(outcome.pair, 0u);
  EXPECT_EQ(outcome.parameter, "damping");
  EXPECT_EQ(damping(scene), outcome.value);
  EXPECT_NEAR(outcome.restitution, target, 1e-9);
  // Released at δ = 0 the linear impact returns c = exp(−πξ/√(1−ξ²)) for any k, m and v (models.md §3.B1):
  // D = 2ξ√(k m).
  const double exact = 2.0 * kelvin_voigt_indentation_release_damping_ratio(target) * std::sqrt(kStiffness * kMass);
  EXPECT_NEAR(outcome.value / exact, 1.0, 1e-6);
  ASSERT_FALSE(scene.notes.empty());
  EXPECT_EQ(scene.notes.back().rfind("contacts: calibrated counted_kelvin_voigt damping = ", 0), 0u) << scene.notes.back();

  // The isolated impact with the value found returns the target; so does the scene's own run.
  const IsolatedImpactResult check = simulate_isolated_impact(scene.model.contact.pairs[0], kMass, 1.0);
  ASSERT_TRUE(check.separated) << check.simulation.message;
  EXPECT_NEAR(check.restitution, target, 1e-8);
  State state = scene.initial_state;
  Data data(scene.model);
  const SimulationResult run = simulate(scene.model, state, data, scene.simulation);
  ASSERT_EQ(run.status, SimulationStatus::kCompleted) << run.message;
  ASSERT_EQ(run.impacts.size(), 1u);
  EXPECT_NEAR(run.impacts[0].restitution, target, 1e-8);
}

TEST(SceneCalibration, AnIdenticalRequestComesFromTheCache) {
  const double target = 0.55;
  CompiledScene first = compile_scene(block_on_a_wall(target));
  const CalibrationOutcome searched = calibrate_scene(first).at(0);
  EXPECT_FALSE(searched.from_cache);

  const long before = force_calls.load();
  CompiledScene second = compile_scene(block_on_a_wall(target));
  const CalibrationOutcome cached = calibrate_scene(second).at(0);
  EXPECT_EQ(force_calls.load(), before) << "an identical request simulated again";
  EXPECT_TRUE(cached.from_cache);
  EXPECT_EQ(cached.value, searched.value);
  EXPECT_EQ(cached.restitution, searched.restitution);
  EXPECT_EQ(damping(second), damping(first));
  ASSERT_FALSE(second.notes.empty());
  EXPECT_NE(second.notes.back().find(", from the cache)"), std::string::npos) << second.notes.back();

  // Another impact velocity is another request: searched anew.
  CompiledScene faster = compile_scene(block_on_a_wall(target, 2.0));
  EXPECT_FALSE(calibrate_scene(faster).at(0).from_cache);
  EXPECT_GT(force_calls.load(), before);
}

TEST(SceneCalibration, TwoThreadsAskingAtOnceShareOneSearch) {
  const double target = 0.6;
  CompiledScene scenes[2] = {compile_scene(block_on_a_wall(target)), compile_scene(block_on_a_wall(target))};
  const ContactPairModel pair = scenes[0].model.contact.pairs.at(0);
  CalibrationOutcome outcomes[2];
  const long before = force_calls.load();
  std::latch start(2);
  {
    std::jthread threads[2];
    for (int i = 0; i < 2; ++i) {
      threads[i] = std::jthread([&, i] {
        start.arrive_and_wait();
        outcomes[i] = calibrate_scene(scenes[i]).at(0);
      });
    }
  }
  const long both = force_calls.load() - before;
  EXPECT_EQ(outcomes[0].value, outcomes[1].value);
  EXPECT_EQ(damping(scenes[0]), damping(scenes[1]));
  EXPECT_NE(outcomes[0].from_cache, outcomes[1].from_cache);
  EXPECT_NEAR(outcomes[0].restitution, target, 1e-9);
  // The search is deterministic: the same search run once more, outside the cache, calls the law as often as the
  // two threads did together.
  const long alone_before = force_calls.load();
  const RestitutionCalibration alone = calibrate_restitution(pair, "damping", kMass, 1.0, target);
  EXPECT_EQ(force_calls.load() - alone_before, both);
  EXPECT_EQ(alone.value, outcomes[0].value);
}

TEST(SceneCalibration, AnUnreachableTargetIsRefusedAtTheParameter) {
  // Gharib–Hurmuzlu's z = 1/c_r ≥ 1 never returns more than c_out(1) = 0.594 (models.md §2.5).
  SceneSpec spec = block_on_a_wall(0.5);
  spec.materials = {{.name = "steel", .youngs_modulus = 2e11, .poisson_ratio = 0.3}};
  spec.world.shapes[0].material = "steel";
  spec.bodies[0].shapes[0].material = "steel";
  spec.contacts = {.law = "gharib_hurmuzlu",
                   .calibrate = CalibrationSpec{.parameter = "restitution", .restitution = 0.9}};
  for (const bool listed : {false, true}) {
    if (listed) {
      spec.contacts.pairs = {{.shapes = {"wall", "block"}, .calibrate = spec.contacts.calibrate}};
      spec.contacts.calibrate.reset();
    }
    CompiledScene scene = compile_scene(spec);
    try {
      calibrate_scene(scene);
      ADD_FAILURE() << "calibrated";
    } catch (const SpecError& error) {
      EXPECT_EQ(error.key_path(), listed ? "contacts.pairs[0].calibrate.parameter" : "contacts.calibrate.parameter");
      EXPECT_NE(error.problem().find("out of reach"), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace contactlab
