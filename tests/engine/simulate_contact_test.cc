// SPDX-License-Identifier: MIT
// engine/simulate's contact life cycle on whole mechanisms: onset at touch, no tunnelling, the watchdogs,
// contact points (manifolds), persistent contact, the impulse method on a persisting contact, and the energy
// ledger with an initial overlap. The models are written as scene text (scenes/), which reads better than
// building free bodies with rotated shapes by hand; every expectation is a closed form or a conservation law. Last,
// a law's integrated state between contacts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bench/law_floor.h"
#include "engine/data.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/simulate.h"
#include "models/registry.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

// A body of mass m on a Hertz contact of stiffness K (exponent 3/2) under gravity g rests at δ_s = (m g / K)^{2/3};
// released at rest at δ = 0, it swings down to where m g δ = (2/5) K δ^{5/2}: δ = (5/2)^{2/3} δ_s = 1.842 δ_s.
constexpr double kDropFactor = 1.8420157493201932;  // (5/2)^{2/3}

// The ball of scenes/bouncing_ball.yaml: E = 67 GPa, ν = 0.33, R = 0.1 m on a rigid ground, 1 kg.
// K = (4/3) E/(1 − ν²) √R = 3.1702031680886005e10 N/m^1.5 (contact/material_mixing.h).
constexpr double kBallStiffness = 3.1702031680886005e10;

struct SceneRun {
  Scene scene;
  State state;
  SimulationResult result;
  double end_energy = 0.0;  // E at the end: kinetic, gravitational, springs and the contacts' elastic [J]
};

SceneRun run(const std::string& yaml, const SampleObserver& observer = {}) {
  SceneRun r{load_scene_text(yaml, "test.yaml"), {}, {}};
  r.state = r.scene.initial_state;
  Data data(r.scene.model);
  r.result = simulate(r.scene.model, r.state, data, r.scene.simulation, observer);
  forward(r.scene.model, r.state, data);
  r.end_energy = energy(r.scene.model, r.state, data).total();
  return r;
}

// The exact Hunt–Crossley damping for restitution 0.5 (models.md D6).
const std::string kExactDamping = "{law: zhang_sharf_exact, parameters: {restitution: 0.5}}";

// A 1 kg ball of radius 0.1 m on a vertical slider above a rigid ground; `contacts` the scene's contacts block,
// `integrator` its integrator block.
std::string ball_on_ground(const std::string& q, const std::string& v, const std::string& contacts, double g,
                           double duration, const std::string& extra = "",
                           const std::string& integrator = "{relative_tolerance: 1e-10, absolute_tolerance: 1e-13}") {
  return "scene: ball\n"
         "gravity: [0, 0, " + std::to_string(-g) + "]\n"
         "materials: {ball: {youngs_modulus: 6.7e10, poisson_ratio: 0.33}, ground: {rigid: true}}\n"
         "world: {shapes: [{name: ground, type: halfspace, material: ground}]}\n"
         "bodies:\n"
         "  - name: ball\n"
         "    mass: 1\n"
         "    joint: {type: prismatic, axis: [0, 0, 1]}\n"
         "    initial: {q: " + q + ", v: " + v + "}\n"
         "    shapes: [{type: sphere, radius: 0.1, material: ball}]\n"
         "contacts: " + contacts + "\n"
         "integrator: " + integrator + "\n"
         "duration: " + std::to_string(duration) + "\n" + extra;
}

// ---------------------------------------------------------------------------------------------------------
// Onset at touch.

TEST(OnsetAtTouch, ABallPlacedOnTheGroundSwingsToTheHertzDepthAndNoFurther) {
  // Placed touching (gap exactly 0) at rest, an elastic ball must press into the ground down to 1.842 δ_s and come
  // back: before, the pair never engaged and the ball fell 44 m through the ground with "no impacts".
  const double static_depth = std::pow(9.81 / kBallStiffness, 2.0 / 3.0);
  double lowest = 1.0;
  const SceneRun r = run(ball_on_ground("0.1", "0", "{law: hertz}", 9.81, 0.01, "output: {interval: 1e-5}\n"),
                    [&](const State& s, const Data&) { lowest = std::min(lowest, s.q[0]); });
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  ASSERT_FALSE(r.result.impacts.empty());
  const ImpactRecord& contact = r.result.impacts.front();
  EXPECT_NEAR(contact.max_indentation, kDropFactor * static_depth, 1e-6 * static_depth);
  EXPECT_GE(lowest, 0.1 - kDropFactor * static_depth * (1.0 + 1e-6));
  EXPECT_LE(r.state.q[0], 0.1 + 1e-12) << "an elastic ball released at touch cannot rise above it";
}

// docs/output.md: an impact's restitution is null only for an approach speed below contacts.impact_velocity_floor
// (a contact that began at rest); at the floor itself it is measured, here an elastic impact's 1.
TEST(OnsetAtTouch, AnImpactAtTheVelocityFloorHasARestitutionOneBelowItHasNone) {
  for (const char* floor : {"1e-4", "2e-4"}) {
    SCOPED_TRACE(floor);
    const SceneRun r = run(ball_on_ground("0.1000001", "-1e-4", std::string("{law: hertz, impact_velocity_floor: ") + floor + "}",
                                          0.0, 0.01));
    ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
    ASSERT_EQ(r.result.impacts.size(), 1u);
    const ImpactRecord& impact = r.result.impacts[0];
    EXPECT_DOUBLE_EQ(impact.impact_velocity, 1e-4);
    EXPECT_NEAR(impact.separation_velocity, 1e-4, 1e-8);
    if (std::string(floor) == "1e-4") EXPECT_NEAR(impact.restitution, 1.0, 1e-4);
    else EXPECT_TRUE(std::isnan(impact.restitution)) << impact.restitution;
  }
}

TEST(OnsetAtTouch, ASphereSlidingAlongTheGroundAtZeroGapStaysOnIt) {
  // A free sphere touching the ground and moving along it at 1 m/s under gravity: it presses in by at most
  // 1.842 δ_s (the vertical motion is the placed ball's) and slides 0.2 m in 0.2 s (frictionless).
  const std::string yaml =
      "scene: slide\n"
      "gravity: [0, 0, -9.81]\n"
      "materials: {ball: {youngs_modulus: 6.7e10, poisson_ratio: 0.33}, ground: {rigid: true}}\n"
      "world: {shapes: [{name: ground, type: halfspace, material: ground}]}\n"
      "bodies:\n"
      "  - name: ball\n"
      "    mass: 1\n"
      "    joint: {type: free}\n"
      "    initial: {position: [0, 0, 0.1], linear_velocity: [1, 0, 0]}\n"
      "    shapes: [{type: sphere, radius: 0.1, material: ball}]\n"
      "contacts: {law: hertz}\n"
      "integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-13}\n"
      "duration: 0.2\n";
  const double static_depth = std::pow(9.81 / kBallStiffness, 2.0 / 3.0);
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  EXPECT_NEAR(r.state.q[0], 0.2, 1e-9);  // free joint q: position then quaternion
  EXPECT_GE(r.state.q[2], 0.1 - kDropFactor * static_depth * (1.0 + 1e-6));
  EXPECT_LE(r.state.q[2], 0.1 + 1e-12);
}

// Three equal spheres on one line, touching, the first struck towards the others at v0 (scene text below).
std::string touching_chain(const std::string& law) {
  return "scene: chain\n"
         "gravity: [0, 0, 0]\n"
         "materials: {steel: {youngs_modulus: 2.1e11, poisson_ratio: 0.3}}\n"
         "bodies:\n"
         "  - name: bead\n"
         "    count: 3\n"
         "    mass: 0.05\n"
         "    joint: {type: prismatic, axis: [1, 0, 0], position: [i * 0.02, 0, 0]}\n"
         "    initial: {v: \"max(0, 1 - i)\"}\n"
         "    shapes: [{type: sphere, radius: 0.01, material: steel}]\n"
         "contacts: {law: " + law + "}\n"
         "integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-14}\n"
         "duration: 1e-3\n";
}

TEST(OnsetAtTouch, ATouchingChainPassesTheStrikeOnWithoutPassingThrough) {
  // Elastic Hertz contacts conserve momentum and kinetic energy; the beads must stay in order (before, the beads
  // passed through each other with no force), and no pair can press deeper than the whole strike's energy in its
  // spring allows: ½ m v0² = (2/5) K x^{5/2}.
  const SceneRun r = run(touching_chain("hertz"));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const double m = 0.05, v0 = 1.0;
  const Eigen::VectorXd& v = r.state.v;
  EXPECT_NEAR(m * v.sum(), m * v0, 1e-12);
  EXPECT_NEAR(0.5 * m * v.squaredNorm(), 0.5 * m * v0 * v0, 1e-8 * 0.5 * m * v0 * v0);
  EXPECT_LE(v[0], v[1] + 1e-12);
  EXPECT_LE(v[1], v[2] + 1e-12);
  EXPECT_GT(v[2], 0.8 * v0) << "the last bead carries most of the strike away";
  // K of two steel spheres of 10 mm: E* = E/(2(1 − ν²)), R* = 5 mm.
  const double stiffness = 4.0 / 3.0 * 2.1e11 / (2.0 * (1.0 - 0.09)) * std::sqrt(0.005);
  const double bound = std::pow(0.5 * m * v0 * v0 / (0.4 * stiffness), 0.4);
  for (const ImpactRecord& impact : r.result.impacts) EXPECT_LE(impact.max_indentation, bound * (1.0 + 1e-9)) << impact.pair;
  EXPECT_LT(r.state.q[0], r.state.q[1] + 0.02);  // centres 2R apart at least, in order
  EXPECT_LT(r.state.q[1] + 0.02, r.state.q[2] + 0.02 + 1e-9);
}

// ---------------------------------------------------------------------------------------------------------
// No tunnelling.

// A sphere of 1 mm radius on a vertical slider, 1.0003 m above a 1 mm thick steel plate (a box fixed to the world),
// moving down at `speed`; elastic Hertz contact, no gravity.
std::string sphere_and_plate(double speed, const std::string& integrator) {
  return "scene: plate\n"
         "gravity: [0, 0, 0]\n"
         "materials: {steel: {youngs_modulus: 2.1e11, poisson_ratio: 0.3}}\n"
         "world: {shapes: [{name: plate, type: box, size: [0.1, 0.1, 0.001], material: steel}]}\n"
         "bodies:\n"
         "  - name: bead\n"
         "    mass: 3.3e-5\n"
         "    joint: {type: prismatic, axis: [0, 0, 1]}\n"
         "    initial: {q: 1.0018, v: " + std::to_string(-speed) + "}\n"
         "    shapes: [{type: sphere, radius: 0.001, material: steel}]\n"
         "contacts: {law: hertz}\n"
         "integrator: " + integrator + "\n"
         "checks: {max_indentation_ratio: 0.9}  # at 1000 m/s the bead presses 0.6 R in (x_H of models.md §2.3)\n"
         "duration: " + std::to_string(2.0 / speed) + "\n";
}

TEST(Tunnelling, FastAndSlowSpheresHitAThinPlateAndComeBack) {
  // In free flight the step grows without bound; before, the bead passed through the 1 mm plate between two
  // steps, at 1000 m/s and at 1 m/s alike, with no impact. Now the one impact is found and, elastic, it returns
  // the bead at the speed it came (restitution 1).
  for (double speed : {1000.0, 1.0}) {
    SCOPED_TRACE(speed);
    const SceneRun r = run(sphere_and_plate(speed, "{relative_tolerance: 1e-10, absolute_tolerance: 1e-13}"));
    ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
    ASSERT_EQ(r.result.impacts.size(), 1u);
    EXPECT_NEAR(r.result.impacts[0].restitution, 1.0, 1e-6);
    EXPECT_NEAR(r.state.v[0], speed, 1e-6 * speed);
  }
}

TEST(Watchdogs, AFixedStepLongerThanTheTunnellingBoundStopsTheRun) {
  // At 1000 m/s a step of 10 µs moves the bead 10 mm, more than the 1 mm plate and its own 2 mm: from 0.3 mm
  // above the plate (after 100 steps) it would come out below it unseen, so the run must stop there (exit 3), not
  // complete without an impact.
  const SceneRun r = run(sphere_and_plate(1000.0, "{method: velocity_verlet, step: 1e-5}"));
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(r.result.message.find("tunnelling"), std::string::npos) << r.result.message;
}

TEST(Tunnelling, NoStepEndsDeeperThanTheLawsValiditySoNoSlotsExcursionHidesInOne) {
  // A box tumbling onto a capsule. The capsule–box pair's slot 1 crosses zero between t = 0.29262 s (gap +0.77 mm)
  // and 0.29282 s (−0.48 mm), closing at 6.3 m/s. Steps bounded only by half the capsule's width (19 mm) ran from
  // 0.2916 s (gap 7.2 mm) to 0.2949 s: slot 1 went in and, 6 mm deep, handed its point to slot 0 (a point passing
  // onto another slot's point, docs/contact.md) before the step's end, so the event locator found slot 0's jump
  // and a 6 mm "onset" instead (exit 3). No step may now end an element deeper than its law's validity, 0.1 R* =
  // 1.9 mm here: slot 1's onset is found at the crossing, where the gap interpolates to t = 0.29274 s.
  const std::string yaml =
      "scene: tumbling\n"
      "world: {shapes: [{name: ground, type: halfspace}]}\n"
      "bodies:\n"
      "  - {name: b0, mass: 0.48, joint: {type: free}, initial: {position: [-0.011, 0.009, 0.411],\n"
      "     orientation: {axis: [-0.34, 0.93, -0.80], angle: 2.07}, linear_velocity: [-0.39, -0.22, -1.21],\n"
      "     angular_velocity: [-4.32, 2.86, 4.32]}, shapes: [{name: s0, type: box, size: [0.139, 0.133, 0.091]}]}\n"
      "  - {name: b1, mass: 1.36, joint: {type: free}, initial: {position: [0.037, 0.049, 0.906],\n"
      "     orientation: {axis: [-0.84, -0.97, -0.45], angle: 2.64}, linear_velocity: [-0.62, -0.53, -0.58]},\n"
      "     shapes: [{name: s1, type: capsule, radius: 0.019, length: 0.149}]}\n"
      "contacts: {law: kelvin_voigt, parameters: {damping: 200}, stiffness: 1e10, exponent: 1.0}\n"
      "duration: 0.3\n";
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const auto first = std::find_if(r.result.impacts.begin(), r.result.impacts.end(),
                                  [](const ImpactRecord& impact) { return impact.pair == "s1/s0"; });
  ASSERT_NE(first, r.result.impacts.end());
  EXPECT_EQ(first->point, 1);
  EXPECT_NEAR(first->t_start, 0.29274, 2e-5);
  EXPECT_NEAR(first->impact_velocity, 6.26, 0.05);
}

// ---------------------------------------------------------------------------------------------------------
// Watchdogs.

TEST(Watchdogs, AShapeThroughAHalfspaceItHasNoPairWithStopsTheRun) {
  // The pairs list names only the two balls; the ground may collide with them (no groups keep them apart), so a
  // ball falling through it is an error naming both shapes, not a completed run.
  const std::string yaml =
      "scene: unpaired\n"
      "materials: {steel: {youngs_modulus: 2.1e11, poisson_ratio: 0.3}}\n"
      "world: {shapes: [{name: ground, type: halfspace}]}\n"
      "bodies:\n"
      "  - {name: a, mass: 1, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.5},\n"
      "     shapes: [{name: a, type: sphere, radius: 0.1, material: steel}]}\n"
      "  - {name: b, mass: 1, joint: {type: prismatic, axis: [0, 0, 1], position: [1, 0, 0]}, initial: {q: 0.5},\n"
      "     shapes: [{name: b, type: sphere, radius: 0.1, material: steel}]}\n"
      "contacts: {law: hertz, pairs: [{shapes: [a, b]}]}\n"
      "duration: 1\n";
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(r.result.message.find("through halfspace 'ground'"), std::string::npos) << r.result.message;
}

TEST(Watchdogs, AGivenStiffnessIsCheckedAgainstTheLawsValidityToo) {
  // K given (not from the materials): a soft contact pressing a 0.1 m ball in by more than 0.1 R* = 1 cm leaves
  // the point-contact laws' validity (models.md §2.7), which docs/scenes.md states for every pair. Before, only
  // the shape's full size stopped it.
  const SceneRun r = run(ball_on_ground("0.1", "-5", "{law: hertz}", 0.0, 0.2));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << "control: the stiff ball stays valid";
  const SceneRun s = run(ball_on_ground("0.1", "-5", "{law: hertz, stiffness: 1e5, exponent: 1.5}", 0.0, 0.2));
  ASSERT_EQ(s.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(s.result.message.find("0.1 of the effective radius 0.1 m"), std::string::npos) << s.result.message;
}

// A law that finds its contact outside what its formula describes at an event (LawFailure, models/force_law.h) stops
// the run there. goldsmith_modified_hertz with a given permanent indentation of 0.1 mm, for the 1 kg ball of K =
// 3.1702e10 N/m^1.5 meeting the ground at 1 m/s without gravity: Hertz loading reaches x_H = (5 m v²/(4K))^{2/5} =
// 68.917 µm at t_H = 1.47164 x_H/v = 101.42 µs after the touch (at 1 µs), short of δ_p, so its unloading would be
// vertical — the ball left at rest 69 µm deep with no force, or under gravity pressed in, reloaded and dropped again at
// every step until the step budget ran out. The run stops at the located maximum, t = 102.42 µs, naming the pair, the
// law and why. Control: δ_p = 30 µm unloads on a curve and returns c = √(1 − δ_p/x_H) = 0.75146 (the work ratio).
TEST(Watchdogs, ALawLeftWithoutAFormulaAtAnEventStopsTheRunThere) {
  const std::string contacts = "{law: goldsmith_modified_hertz, parameters: {permanent_indentation: ";
  const SceneRun r = run(ball_on_ground("0.100001", "-1", contacts + "1e-4}}", 0.0, 0.01));
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NEAR(r.state.time, 1.0242150e-4, 1e-9) << "stopped at the maximum indentation";
  EXPECT_LT(r.result.stats.steps, 200);
  for (const std::string part : {"t = 0.00010242", "contact ground/ball (law goldsmith_modified_hertz)",
                                 "permanent_indentation δ_p = 0.0001 m", "maximum indentation δ_max = 6.8917",
                                 "would be vertical"}) {
    EXPECT_NE(r.result.message.find(part), std::string::npos) << part << " in: " << r.result.message;
  }
  const SceneRun control = run(ball_on_ground("0.100001", "-1", contacts + "3e-5}}", 0.0, 0.01));
  ASSERT_EQ(control.result.status, SimulationStatus::kCompleted) << control.result.message;
  ASSERT_EQ(control.result.impacts.size(), 1u);
  EXPECT_NEAR(control.result.impacts[0].restitution, 0.751462, 1e-5);
}

// A ball (r = 20 mm, 0.2 kg) moving at 1 m/s, without gravity, onto the side of a steel rod (R = 20 mm) lying along x: the pair's R*
// is compiled from the shapes' curvature radii, the rod's side as flat (20 mm), where Hertz's elliptical contact of
// a sphere on a cylinder has R* = 14.4262 mm (B/A = 2; contact/material_mixing.h). The stiffness from the materials
// would be 18 % too high: the run stops at the touch, saying which R* it needs. Given, the impact is Hertz's: ½ m v²
// = (2/5) K δ^{5/2}, F_max = K δ_max^{3/2} with K = (4/3) E* √R*.
TEST(Watchdogs, ABallOnACylindersSideStopsUnlessItsEffectiveRadiusIsGiven) {
  auto scene = [](const std::string& radius) {
    return "scene: rod\n"
           "gravity: [0, 0, 0]\n"
           "materials: {steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}}\n"
           "world: {shapes: [{name: rod, type: cylinder, radius: 0.02, length: 0.2, axis: [1, 0, 0], material: steel}]}\n"
           "bodies:\n"
           "  - {name: ball, mass: 0.2, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.041, v: -1},\n"
           "     shapes: [{type: sphere, radius: 0.02, material: steel}]}\n"
           "contacts: {law: hertz" + radius + "}\n"
           "duration: 2e-3\n"
           "integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-14}\n";
  };
  const SceneRun stopped = run(scene(""));
  ASSERT_EQ(stopped.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(stopped.result.message.find("contact ball/rod"), std::string::npos) << stopped.result.message;
  EXPECT_NE(stopped.result.message.find("effective radius R* = 0.0144262 m"), std::string::npos) << stopped.result.message;
  EXPECT_NE(stopped.result.message.find("give the pair effective_radius: 0.0144262"), std::string::npos)
      << stopped.result.message;
  const SceneRun given = run(scene(", effective_radius: 0.01442620103"));
  ASSERT_EQ(given.result.status, SimulationStatus::kCompleted) << given.result.message;
  ASSERT_EQ(given.result.impacts.size(), 1u);
  const double modulus = 2e11 / (2.0 * (1.0 - 0.3 * 0.3));
  const double stiffness = 4.0 / 3.0 * modulus * std::sqrt(0.01442620103);
  const double max_indentation = std::pow(1.25 * 0.2 * 1.0 / stiffness, 0.4);
  EXPECT_NEAR(given.result.impacts[0].max_indentation / max_indentation, 1.0, 1e-7);
  EXPECT_NEAR(given.result.impacts[0].max_force / (stiffness * std::pow(max_indentation, 1.5)), 1.0, 1e-7);
}

// A box (0.1 m, 1 kg) dropped 0.1 m near the corner of a table box, elastic Hertz (K = 1e7): the box lands on its
// face, tips over the table's edge and lands again. Its contact points hand over from the box's corners to the
// table's as it tips, and point 7 returned 1.94e-3 J more than it took (with the energy scale 1.47 J, 1.3e-3 of it),
// the run completing with E rising by as much after the second landing and a restitution of 1.29 at that point.
// A law only returns what it took: the run stops there, naming the point.
TEST(Watchdogs, AContactPointThatReturnsMoreEnergyThanItTookStopsTheRun) {
  const std::string yaml =
      "scene: boxbox\n"
      "world: {shapes: [{name: table, type: box, size: [0.4, 0.4, 0.1], position: [0, 0, -0.05]}]}\n"
      "bodies:\n"
      "  - {name: box, mass: 1.0, joint: {type: free}, initial: {position: [0.17, 0.19, 0.15]},\n"
      "     shapes: [{type: box, size: [0.1, 0.1, 0.1]}]}\n"
      "contacts: {law: hertz, stiffness: 1e7, exponent: 1.5}\n"
      "duration: 0.6\n"
      "integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-12}\n";
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(r.result.message.find("table/box point 7"), std::string::npos) << r.result.message;
  EXPECT_NE(r.result.message.find("J more than it took"), std::string::npos) << r.result.message;
}

// A fixed step (symplectic Euler, 1 ms) far too long for a 0.1 m ball's contact on a rigid floor (its Hertz contact
// lasts about 1 ms): the contact throws the ball off at 79 m/s after it struck at 3 m/s, the energy rising a
// thousandfold once it has ended. The energy check finds no active contact then; it names the one that ended last,
// where the energy came from.
TEST(Watchdogs, AnEnergyRiseAfterAContactNamesTheContactThatEndedLast) {
  const SceneRun r = run(ball_on_ground("0.5", "-1", "{law: flores, parameters: {restitution: 0.9}}", 9.81, 1.0, "",
                                        "{method: symplectic_euler, step: 1e-3}"));
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(r.result.message.find("the energy rose"), std::string::npos) << r.result.message;
  EXPECT_NE(r.result.message.find("the last contact, ground/ball (law flores), ended at t = 0.20188"), std::string::npos)
      << r.result.message;
}

// scenes/impact_1dof.yaml with a 1 kg body striking at 1 m/s a Hertz contact of K = 1e14 N/m^1.5: E(0) = ½ m v² = 0.5
// J, the energy scale, and an undamped contact lasting 2.94 ((5/4) m v² / K)^(2/5) / v ≈ 8.1 µs (models.md §2.3).
std::string stiff_impact(const std::string& integrator) {
  return "scene: stiff\n"
         "gravity: [0, 0, 0]\n"
         "world: {shapes: [{name: wall, type: halfspace, normal: [0, 0, 1]}]}\n"
         "bodies:\n"
         "  - {name: body, mass: 1, inertia: [1e-6, 1e-6, 1e-6], joint: {type: prismatic, axis: [0, 0, 1]},\n"
         "     initial: {q: 0.015001, v: -1}, shapes: [{type: sphere, radius: 0.015}]}\n"
         "contacts: {law: hertz, stiffness: 1e14, exponent: 1.5}\n"
         "integrator: " + integrator + "\n"
         "duration: 4e-5\n";
}

// A fixed step of 20 µs, longer than the whole contact: RK4 locates onset, maximum indentation and separation inside
// its first steps and returns the body at 0.987 m/s with 0.079 J more than the contact took. The run stops (right),
// but blamed a manifold handover, which a sphere on a halfspace — one point — cannot have: the cause is the step.
// Every step of the run ended at an event, never an accepted step, where the energy scale and the contact's maxima
// were set: the result said scale 0 and a maximum force of 0 at a maximum indentation of 1.74 µm. The scale is E(0)
// = 0.5 J from the start, and the largest force the law's at the located maximum indentation, K δ^1.5.
TEST(Watchdogs, AContactShorterThanTheFixedStepIsBlamedOnTheStepNotOnAHandover) {
  const SceneRun r = run(stiff_impact("{method: rk4, step: 2e-5}"));
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(r.result.message.find("J more than it took"), std::string::npos) << r.result.message;
  EXPECT_NE(r.result.message.find("less than one fixed step of 2e-05 s: the method stepped over it"), std::string::npos)
      << r.result.message;
  EXPECT_EQ(r.result.message.find("handover"), std::string::npos) << r.result.message;
  EXPECT_EQ(r.result.energy_scale, 0.5);
  ASSERT_EQ(r.result.impacts.size(), 1u);
  const ImpactRecord& impact = r.result.impacts[0];
  EXPECT_LT(impact.t_end - impact.t_start, 2e-5);
  ASSERT_GT(impact.max_indentation, 0.0);
  EXPECT_NEAR(impact.max_force, 1e14 * std::pow(impact.max_indentation, 1.5), 1e-12 * impact.max_force);
}

// The same with symplectic Euler: its first step in contact sinks the body 20 µm, where Hertz's force throws it back
// with 71.6 J against E(0) = 0.5 J, and the run stops on the rise. The contact's work is booked as absorbed (a
// negative dissipation), so E + W_dissipated − E(0) stays 0: the balance error alone said nothing was wrong. The rise
// that stopped the run is the result's largest rise, and the scale is 0.5 J. The message names the step: the contact
// began one step before.
TEST(Watchdogs, TheRiseThatStopsTheRunIsTheResultsLargestRise) {
  const SceneRun r = run(stiff_impact("{method: symplectic_euler, step: 2e-5}"));
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  const std::string said = "the energy rose by ";
  const std::size_t at = r.result.message.find(said);
  ASSERT_NE(at, std::string::npos) << r.result.message;
  const double rise = std::stod(r.result.message.substr(at + said.size()));
  EXPECT_NEAR(rise, 71.55, 0.01);
  EXPECT_NE(r.result.message.find("contact wall/body began 2e-05 s before, within 1 fixed step(s) of 2e-05 s: the step is "
                                  "too long to follow its force"),
            std::string::npos)
      << r.result.message;
  EXPECT_NEAR(r.result.max_energy_rise, rise, 1e-5 * rise);  // the message prints six digits
  EXPECT_EQ(r.result.energy_scale, 0.5);
}

// With an effort doing work E may rise, and the run does not check it: the rise is not measured (NaN), not said to
// be 0.
TEST(Watchdogs, TheRiseIsNotMeasuredWhenAnEffortDoesWork) {
  std::string yaml = ball_on_ground("0.5", "0", kExactDamping, 9.81, 0.05);
  const std::string joint = "joint: {type: prismatic, axis: [0, 0, 1]}";
  yaml.replace(yaml.find(joint), joint.size(), "joint: {type: prismatic, axis: [0, 0, 1], effort: 20}");
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  EXPECT_TRUE(std::isnan(r.result.max_energy_rise));
  // Without it E only falls: the largest rise is E(0)'s own 0, or round-off above it.
  const double rise = run(ball_on_ground("0.5", "0", kExactDamping, 9.81, 0.05)).result.max_energy_rise;
  EXPECT_GE(rise, 0.0);
  EXPECT_LT(rise, 1e-9);
}

// check_start is the run's own start, not a copy of its checks: whatever simulate() stops with at t = 0 it reports
// with the same message, and the same warnings, without integrating (end time the start time, the state untouched).
// scenes/impact_1dof.yaml's defaults (0.11 kg at 2.8 m/s, K = 1.88377e10 N/m^1.5, 1 µm above the wall) under RK4 at a
// 1 ms step: the tunnelling bound at the start is 0.536 ms, so the run refuses to start; 1 mm into the wall, the run
// warns of the overlap and starts.
TEST(StartCheck, ReportsWhatTheRunStopsWithAtItsStartAndItsWarnings) {
  auto scene = [](const std::string& q, const std::string& integrator) {
    return "scene: start\n"
           "gravity: [0, 0, 0]\n"
           "world: {shapes: [{name: wall, type: halfspace, normal: [0, 0, 1]}]}\n"
           "bodies:\n"
           "  - {name: body, mass: 0.11, inertia: [1e-6, 1e-6, 1e-6], joint: {type: prismatic, axis: [0, 0, 1]},\n"
           "     initial: {q: " + q + ", v: -2.8}, shapes: [{type: sphere, radius: 0.015}]}\n"
           "contacts: {law: hertz, stiffness: 1.88377e10, exponent: 1.5}\n"
           "integrator: " + integrator + "\n"
           "duration: 1e-3\n";
  };
  const Scene refused = load_scene_text(scene("0.015001", "{method: rk4, step: 1e-3}"), "test.yaml");
  const SimulationResult start = check_start(refused.model, refused.initial_state, refused.simulation);
  ASSERT_EQ(start.status, SimulationStatus::kNumericalError);
  EXPECT_NE(start.message.find("t = 0 s"), std::string::npos) << start.message;
  EXPECT_NE(start.message.find("the fixed step 0.001 s is longer than the 0.000536"), std::string::npos) << start.message;
  EXPECT_EQ(start.end_time, 0.0);
  EXPECT_EQ(start.message, run(scene("0.015001", "{method: rk4, step: 1e-3}")).result.message);

  const Scene overlapping = load_scene_text(scene("0.014", "{relative_tolerance: 1e-10, absolute_tolerance: 1e-13}"), "test.yaml");
  const SimulationResult warned = check_start(overlapping.model, overlapping.initial_state, overlapping.simulation);
  EXPECT_EQ(warned.status, SimulationStatus::kCompleted) << warned.message;
  ASSERT_EQ(warned.diagnostics.size(), 1u);
  EXPECT_NE(warned.diagnostics[0].find("overlap by 0.001"), std::string::npos) << warned.diagnostics[0];
  EXPECT_NE(warned.diagnostics[0].find("at the start"), std::string::npos) << warned.diagnostics[0];
  const SceneRun ran = run(scene("0.014", "{relative_tolerance: 1e-10, absolute_tolerance: 1e-13}"));
  ASSERT_FALSE(ran.result.diagnostics.empty());
  EXPECT_EQ(warned.diagnostics[0], ran.result.diagnostics[0]);
  EXPECT_EQ(warned.impacts.size(), 1u);  // the contact begun at the start, open
}

TEST(Watchdogs, AContactPointHandedOverDeepStopsTheRunNamingThePoint) {
  // A box corner (slot 6) presses into a tumbling cylinder's side; at t = 0.3250 s the pair's normal turns from the
  // box face's to the cylinder's radial direction and the rim points of the cylinder's line L (slots 0, 1) appear
  // 0.90 and 0.69 mm deep at once (docs/contact.md, Manifolds: "the face that splits a line L changes"). With K =
  // 1e8 N/m, ½ K δ² = 40.8 J appears at once against an energy scale of 25 J. Before, the balance watchdog blamed
  // the integrator; the cause is the point, and the run says so at the instant it happens. (A random drop found by
  // the stress test of docs/contact.md; a kernel that keeps this handover continuous will need another trigger.)
  const std::string yaml =
      "scene: handover\n"
      "world: {shapes: [{name: ground, type: halfspace}]}\n"
      "bodies:\n"
      "  - {name: b0, mass: 0.50, joint: {type: free}, initial: {position: [0.038, -0.030, 0.284],\n"
      "     linear_velocity: [0.93, -0.30, -0.27]}, shapes: [{name: s0, type: sphere, radius: 0.038}]}\n"
      "  - {name: b1, mass: 0.78, joint: {type: free}, initial: {position: [0.002, -0.012, 0.775],\n"
      "     linear_velocity: [-0.39, 0.62, -0.90], angular_velocity: [-2.83, -2.47, 1.82]},\n"
      "     shapes: [{name: s1, type: cylinder, radius: 0.076, length: 0.137}]}\n"
      "  - {name: b2, mass: 0.92, joint: {type: free}, initial: {position: [-0.040, 0.002, 1.247],\n"
      "     linear_velocity: [0.10, 0.31, -1.45]}, shapes: [{name: s2, type: box, size: [0.082, 0.078, 0.083]}]}\n"
      "  - {name: b3, mass: 0.29, joint: {type: free}, initial: {position: [0.004, -0.036, 1.694],\n"
      "     linear_velocity: [0.12, 0.11, -1.03]}, shapes: [{name: s3, type: cylinder, radius: 0.074, length: 0.064}]}\n"
      "contacts: {law: kelvin_voigt, parameters: {damping: 200}, stiffness: 1e8, exponent: 1.0}\n"
      "duration: 0.5\n";
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(r.result.message.find("s1/s2 point 0"), std::string::npos) << r.result.message;
  EXPECT_NE(r.result.message.find("engaged 0.00090"), std::string::npos) << r.result.message;
  EXPECT_NE(r.result.message.find("manifold handover"), std::string::npos) << r.result.message;
}

// ---------------------------------------------------------------------------------------------------------
// The energy ledger.

TEST(Ledger, AnOverlapAtTheStartCountsItsElasticEnergyInEZero) {
  // A ball starting 0.1 mm inside the ground, no gravity, at rest: it holds U0 = (2/5) K δ0^{5/2} (Hertz), E(0)
  // must count it (before: summary E(0) = 0 while the time series started at U0, and the impact's dissipated
  // energy was negative). Elastic: the ball leaves with all of it as kinetic energy, nothing dissipated.
  const double depth = 1e-4;
  const double stored = 0.4 * kBallStiffness * std::pow(depth, 2.5);
  const SceneRun r = run(ball_on_ground("0.1 - 1e-4", "0", "{law: hertz}", 0.0, 0.01));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  EXPECT_NEAR(r.result.initial_energy, stored, 1e-12 * stored);
  ASSERT_EQ(r.result.impacts.size(), 1u);
  EXPECT_NEAR(r.result.impacts[0].dissipated_energy, 0.0, 1e-8 * stored);
  EXPECT_NEAR(0.5 * r.state.v[0] * r.state.v[0], stored, 1e-8 * stored);
  // Damped (Hunt–Crossley, exact damping for c = 0.5 at the floored δ̇⁻): what the ball does not carry away was
  // dissipated, and the impact says so.
  const SceneRun h = run(ball_on_ground("0.1 - 1e-4", "0", kExactDamping, 0.0, 0.01));
  ASSERT_EQ(h.result.status, SimulationStatus::kCompleted) << h.result.message;
  ASSERT_EQ(h.result.impacts.size(), 1u);
  EXPECT_NEAR(h.result.initial_energy, stored, 1e-12 * stored);
  EXPECT_GT(h.result.impacts[0].dissipated_energy, 0.0);
  EXPECT_NEAR(h.result.impacts[0].dissipated_energy, stored - h.end_energy, 1e-8 * stored);
}

TEST(Ledger, APersistentContactsImpactsAddUpToTheLedger) {
  // A ball bouncing to rest (exact Hunt–Crossley damping, c = 0.5): every bounce's dissipated energy, and the open
  // resting contact's, add up to E(0) − E(end), E(end) counting the elastic energy of the resting contact.
  const SceneRun r = run(ball_on_ground("0.2", "0", kExactDamping, 9.81, 3.0));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  double dissipated = 0.0;
  for (const ImpactRecord& impact : r.result.impacts) dissipated += impact.dissipated_energy;
  EXPECT_GT(r.result.impacts.size(), 3u);
  EXPECT_NEAR(dissipated, r.result.initial_energy - r.end_energy, 1e-7 * r.result.initial_energy);
  EXPECT_TRUE(r.result.impacts.back().open) << "the ball rests: its last contact is still open";
}

// ---------------------------------------------------------------------------------------------------------
// Persistent contact.

TEST(PersistentContact, ABallComesToRestOverTenThousandSecondsInBoundedStepsAndRows) {
  // Restitution 0.5: the bounces die down within 1.3 s; after that the contact rests (no events, no rows of its
  // own) and BDF takes the steps the still ball allows. Before: 2 800 rows per simulated second (10⁴ s → 6.7 GB).
  // Bounds: rows = duration/interval + the steps of ~10 impacts; steps a few thousand; the ball at the static
  // Hertz depth δ_s to round-off.
  long rows = 0;
  const SceneRun r = run(ball_on_ground("1.1", "0", kExactDamping, 9.81, 1e4, "output: {interval: 10}\n"),
                         [&](const State&, const Data&) { ++rows; });
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  EXPECT_LE(rows, 1001 + 2000);
  EXPECT_LE(r.result.stats.steps, 10000);
  EXPECT_GT(r.result.stats.resting_steps, 0) << "BDF must have taken over while the ball rested";
  const double static_depth = std::pow(9.81 / kBallStiffness, 2.0 / 3.0);
  EXPECT_NEAR(r.state.q[0], 0.1 - static_depth, 1e-6 * static_depth);
  EXPECT_NEAR(r.state.v[0], 0.0, 1e-9);
}

// Placed touching at rest, the same ball's contact begins as a touch: its approach is below the impact-velocity floor
// (1e-4 m/s), at which the law's damping ∝ 1/δ̇⁻ is taken, far beyond critical. It creeps down to δ_s without a phase
// change or a bounce, so neither rule of rest applied and its damping bounded every explicit step: 100 s took
// 4.2 million steps. It rests once its creep left is below 1e-3 of its depth, and BDF takes over: about 2 000 steps,
// and the ball at δ_s to round-off.
TEST(PersistentContact, ABallPlacedTouchingSettlesIntoRestUnderAnOverdampedTouch) {
  const SceneRun r = run(ball_on_ground("0.1", "0", kExactDamping, 9.81, 100.0, "output: {interval: 1}\n"));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  EXPECT_LE(r.result.stats.steps, 10000);
  EXPECT_GT(r.result.stats.resting_steps, 0) << "BDF must have taken over while the ball rested";
  const double static_depth = std::pow(9.81 / kBallStiffness, 2.0 / 3.0);
  EXPECT_NEAR(r.state.q[0], 0.1 - static_depth, 1e-6 * static_depth);
  EXPECT_NEAR(r.state.v[0], 0.0, 1e-9);
}

// The library's horizontal chain under `law`, its beads `gap` apart [m], at rtol 1e-11, and the benchmark's
// hand-written chain (bench/law_floor.h) at 1e-12: the beads' end velocities.
struct ChainRun {
  bool completed = false;
  std::string message;
  Eigen::VectorXd velocities, floor_velocities;
  double apart() const { return (velocities - floor_velocities).norm() / floor_velocities.norm(); }
};

ChainRun chain_against_floor(const std::string& law, const std::string& gap) {
  SceneOptions options;
  options.law_override = law;
  options.variable_overrides = {{"gap", gap}};
  Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/granular_chain_horizontal.yaml", options);
  scene.simulation.integrator.relative_tolerance = 1e-11;
  scene.simulation.integrator.absolute_tolerance = 1e-16;
  State state = scene.initial_state;
  Data data(scene.model);
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
  ChainRun run;
  run.velocities = state.v.head(scene.model.nv);
  const bench::LawFloorRun floor = bench::run_law_floor(scene, 1e-12, 1e-17);
  run.floor_velocities = floor.velocities;
  run.completed = result.status == SimulationStatus::kCompleted && floor.finite;
  run.message = floor.finite ? result.message : "the floor's chain is not finite";
  return run;
}

// A law whose events record a loading history (δ_max and the unloading curve it fixes: history_at_events) must see
// every new maximum indentation. The library's horizontal chain (70 beads 1 nm apart, struck at 1.77 m/s, 600 µs)
// lets contacts come to rest between two waves — a phase change whose stroke is below rest_stroke_ratio of the
// contact's depth — and the next wave presses some of them deeper: at rest, without phase changes, thornton's law was
// never told, and unloaded along its loading curve; the chain's end velocities came out 2.7e-3 (relative) from a
// hand-written integration of the same equations that gives every contact its events (bench/law_floor.h: the law's
// own force function, each phase change placed on the steps' dense output, no rules of rest), at any tolerance. With
// the rest depth watched, every such law agrees with it to the two integrations' accuracy: measured 1e-6 (thornton,
// yigit's 4e-6 the largest) with the engine at rtol 1e-11 and the floor at 1e-12, whose own error, stepping across
// the laws' kinks, is a few 1e-7 to 4e-6 against the engine at 1e-13; 1e-4 leaves a margin of 25 and fails the old
// rule 27 times over.
TEST(PersistentContact, AChainsContactAtRestPressedDeeperGivesItsLoadingHistoryLawTheNewMaximum) {
  int laws = 0;
  for (const LawInfo& info : all_laws()) {
    if (!history_at_events(info)) continue;
    ++laws;
    const std::string law(info.id);
    const ChainRun chain = chain_against_floor(law, "1e-9");
    ASSERT_TRUE(chain.completed) << law << ": " << chain.message;
    EXPECT_LT(chain.apart(), 1e-4) << law;
  }
  EXPECT_GE(laws, 5) << "goldsmith_modified_hertz, thornton, yigit, yigit_linearized, ma_liu";
}

// ---------------------------------------------------------------------------------------------------------
// A new impact through a contact.

// A 0.1 g steel ball (R 10 mm) placed touching a rigid ground, a 1 kg steel ball (R 50 mm) released 1.3 mm above
// it: it lands at √(2 g 1.3 mm) = 0.1597 m/s. The ground contact is the exact Hunt–Crossley law for c = 0.8. The
// balls' contact is a stiff Kelvin–Voigt one (k 1e11 N/m, c 3e4 N·s/m: 2 √(k m) = 6.3e3, overdamped for the light
// ball, which it carries along within c/k = 0.3 µs): at the peak force, 1 800 N, it takes 1.8e-8 m of a 1.5e-5 m
// stroke and stores 1.6e-5 J of the 1.3e-2 J the heavy ball brings, and its damping sees that stroke's rate only.
// So the heavy ball's impact is, to a part in 10³, one on the ground contact alone through a weightless ball.
// `max_steps` stops the run where its step collapses.
const std::string kLightUnderHeavy =
    "scene: light_under_heavy\n"
    "materials: {steel: {youngs_modulus: 2.0e11, poisson_ratio: 0.3}, ground: {rigid: true}}\n"
    "world: {shapes: [{name: ground, type: halfspace, material: ground}]}\n"
    "bodies:\n"
    "  - {name: light, mass: 1e-4, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.01},\n"
    "     shapes: [{name: small, type: sphere, radius: 0.01, material: steel}]}\n"
    "  - {name: heavy, mass: 1, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.0713},\n"
    "     shapes: [{name: big, type: sphere, radius: 0.05, material: steel}]}\n"
    "contacts:\n"
    "  pairs:\n"
    "    - {shapes: [ground, small], law: zhang_sharf_exact, parameters: {restitution: 0.8}}\n"
    "    - {shapes: [small, big], law: kelvin_voigt, exponent: 1, stiffness: 1e11, parameters: {damping: 3e4},\n"
    "       tension: clamp}\n"
    "integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-12, max_steps: 200000}\n"
    "duration: 0.02\n";

// The light ball's ground contact began as a touch (its δ̇⁻ floored to 1e-4 m/s) and rests when the heavy ball lands:
// the new compression, at up to 0.16 m/s, was damped 1 600 times its law's for that speed, the step collapsed and the
// run spent its whole step budget there (here the scene's 2e5 steps; the default 5e7 took minutes). Taken as the new
// impact it is, the run completes in about 54 000 steps (the light ball's c/m bounds them); the ground contact's δ̇⁻
// is the largest closing speed of its new compression — the heavy ball's landing speed, which the light ball takes
// within a microsecond — and that compression's restitution is the law's c = 0.8 for the speed it arrived with, to
// 0.005: gravity (9.81 N against 1 800 N), the balls' stiff contact (above) and the light ball's overshoot (below)
// move it by parts in 10³.
TEST(NewImpact, AContactAtRestLoadedByANewImpactIsDampedForThatImpactsSpeed) {
  const Scene scene = load_scene_text(kLightUnderHeavy, "test.yaml");
  State state = scene.initial_state;
  Data data(scene.model);
  // The light ball's closing speed on the ground, δ̇ = −v (the ground's normal is +z), at the steps' ends.
  double fastest = 0.0;
  const SampleObserver step = [&](const State& s, const Data&) { fastest = std::max(fastest, -s.v[0]); };
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation, {}, step);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_LE(result.stats.steps, 100000);
  int ground = -1;
  for (std::size_t e = 0; e < data.elements.size(); ++e) {
    if (data.elements[e].pair->name == "ground/small") ground = static_cast<int>(e);
  }
  ASSERT_GE(ground, 0);
  const PairState& contact = state.contacts[static_cast<std::size_t>(ground)];
  const double landing = std::sqrt(2.0 * 9.81 * 1.3e-3);
  EXPECT_FALSE(contact.impact_velocity_floored);
  // δ̇⁻ is the largest closing speed, located on the steps' dense output: at least the largest the observer sees at
  // the steps' ends and events, and within 1e-3 of it.
  EXPECT_GE(contact.impact_velocity, fastest);
  EXPECT_NEAR(contact.impact_velocity, fastest, 1e-3 * fastest);
  // The light ball overshoots the landing speed by 1 %: the balls' spring, compressed while their dashpot brought it
  // up to speed, pushes it on.
  EXPECT_NEAR(contact.impact_velocity, landing, 2e-2 * landing);
  // The ground contact's first record opened with the touch and ends where the new impact begins, unseparated (no
  // separation, no restitution); the new impact has a record of its own from there, its approach the δ̇⁻ the contact
  // followed up to, and separates: its separation speed over the landing speed of the mass it stopped is the law's
  // c = 0.8 (as above), and over its own approach, which the overshoot puts 1 % above the landing speed, within 2 %
  // of that.
  std::vector<const ImpactRecord*> ground_records;
  for (const ImpactRecord& impact : result.impacts) {
    if (impact.pair == "ground/small") ground_records.push_back(&impact);
  }
  ASSERT_GE(ground_records.size(), 2u);
  const ImpactRecord& touch = *ground_records[0];
  const ImpactRecord& impact = *ground_records[1];
  EXPECT_LT(touch.impact_velocity, 1e-4) << "the touch's record keeps its onset's approach";
  EXPECT_FALSE(touch.open);
  EXPECT_TRUE(std::isnan(touch.separation_velocity));
  EXPECT_TRUE(std::isnan(touch.restitution));
  EXPECT_EQ(touch.t_end, impact.t_start);
  EXPECT_FALSE(impact.open);
  EXPECT_NEAR(impact.impact_velocity, landing, 2e-2 * landing);
  EXPECT_NEAR(impact.separation_velocity / landing, 0.8, 0.005);
  EXPECT_NEAR(impact.restitution, 0.8, 0.016);
  EXPECT_EQ(impact.restitution, impact.separation_velocity / impact.impact_velocity);
  EXPECT_GT(impact.max_force, 100.0) << "the new impact's peak (1 800 N), not the touch's weight";
  EXPECT_GT(impact.compression_time, 0.0);
  EXPECT_LT(impact.compression_time, impact.t_end - impact.t_start);
  // The records' dissipated energies still add up to the ledger's W_dissipated (the touch's record hands its elastic
  // energy on to the new impact's).
  double booked = 0.0;
  for (const ImpactRecord& record : result.impacts) booked += record.dissipated_energy;
  forward(scene.model, state, data);
  const Energy end = energy(scene.model, state, data);
  EXPECT_NEAR(booked, end.dissipated(), 1e-9 * result.energy_scale);
  EXPECT_LT(result.max_energy_balance_error, 1e-8 * result.energy_scale);
}

// Whatever its law, a contact at rest loaded anew is a new impact with a record of its own. A 1 g steel ball dropped 1 mm
// onto a rigid ground through a Kelvin–Voigt contact (k 1e8 N/m, c 30 N·s/m, clamped: restitution about 0.8 at these
// speeds) bounces down until its bounce is small and rests; a 100 g ball released 0.23 m above it lands at 0.207 s and
// presses it into the ground at 1.3 m/s. Kelvin–Voigt does not read δ̇⁻, and the rule of new impacts followed only the
// laws that do: the ground contact's record joined its last bounce (1.1e-4 m/s) to the new impact's separation
// (0.48 m/s), a restitution of 4 359. Now the rest's record ends unseparated where the new impact's begins, and every
// record's restitution is a real impact's (below 1: the dashpot dissipates) or none.
TEST(NewImpact, AContactAtRestLoadedAnewIsANewImpactWhateverItsLaw) {
  const std::string scene =
      "scene: rest_then_pressed\n"
      "gravity: [0, 0, -9.81]\n"
      "materials: {steel: {youngs_modulus: 2.0e11, poisson_ratio: 0.3}, ground: {rigid: true}}\n"
      "world: {shapes: [{name: ground, type: halfspace, material: ground}]}\n"
      "bodies:\n"
      "  - {name: light, mass: 1e-3, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.011},\n"
      "     shapes: [{name: small, type: sphere, radius: 0.01, material: steel}]}\n"
      "  - {name: heavy, mass: 0.1, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.25},\n"
      "     shapes: [{name: big, type: sphere, radius: 0.02, material: steel}]}\n"
      "contacts:\n"
      "  pairs:\n"
      "    - {shapes: [ground, small], law: kelvin_voigt, exponent: 1, stiffness: 1e8, parameters: {damping: 30},\n"
      "       tension: clamp}\n"
      "    - {shapes: [small, big], law: hertz}\n"
      "integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-13}\n"
      "duration: 0.3\n";
  const SceneRun r = run(scene);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  std::vector<const ImpactRecord*> ground;
  for (const ImpactRecord& impact : r.result.impacts) {
    if (impact.pair == "ground/small") ground.push_back(&impact);
    if (impact.pair != "ground/small" || std::isnan(impact.restitution)) continue;
    EXPECT_LT(impact.restitution, 1.0) << "the record from " << impact.t_start << " s to " << impact.t_end << " s";
  }
  // The landing: the heavy ball falls 0.23 − 0.0215 m onto the light one (sqrt(2 g h) = 2.02 m/s at 0.2069 s).
  const auto landing = std::find_if(ground.begin(), ground.end(), [](const ImpactRecord* impact) {
    return impact->impact_velocity > 1.0;
  });
  ASSERT_NE(landing, ground.end()) << "no record of the new impact";
  ASSERT_NE(landing, ground.begin());
  const ImpactRecord& rest = **(landing - 1);
  EXPECT_NEAR((*landing)->t_start, 0.2069, 1e-3);
  EXPECT_EQ(rest.t_end, (*landing)->t_start) << "the rest's record ends where the new impact's begins";
  EXPECT_TRUE(std::isnan(rest.separation_velocity)) << "its shapes did not part";
  EXPECT_LT(rest.impact_velocity, 1e-3) << "the rest's record keeps its last bounce's approach";
}

// Three 10 mm steel balls (32.7 g) on a line: b and c touch (gap 0), a strikes b at 0.5 m/s. The b/c contact begins
// when the wave presses it beyond round-off, at 3.8e-5 m/s, and is then compressed by a at some 0.3 m/s in that same
// first compression: a new impact through the touch. Its δ̇⁻ is the speed that loads it, so a law damped ∝ δ̇/δ̇⁻
// damps it as its restitution says; with the onset's, floored to 1e-4 m/s, Hunt–Crossley at restitution 0.99 damped it
// three thousand times beyond its law (1e-4 against 0.31 m/s): b and c ended moving together (b at 0.31 m/s where the
// elastic law sends it off at 0.04) and the contacts dissipated 14 % of the energy. The record of the touch is the same impact under every law: its approach the speed that loads it.
std::string touching_pair_struck(const std::string& law, const std::string& relative_tolerance = "1e-10") {
  return "scene: touching_pair_struck\n"
         "materials: {steel: {youngs_modulus: 2.0e11, poisson_ratio: 0.3}}\n"
         "bodies:\n"
         "  - {name: a, mass: 0.0327, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0, v: 0.5},\n"
         "     shapes: [{name: a, type: sphere, radius: 0.01, material: steel}]}\n"
         "  - {name: b, mass: 0.0327, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0.0201},\n"
         "     shapes: [{name: b, type: sphere, radius: 0.01, material: steel}]}\n"
         "  - {name: c, mass: 0.0327, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0.0401},\n"
         "     shapes: [{name: c, type: sphere, radius: 0.01, material: steel}]}\n"
         "contacts: {law: " + law + "}\n"
         "integrator: {relative_tolerance: " + relative_tolerance + ", absolute_tolerance: 1e-13}\n"
         "duration: 1e-3\n";
}

const ImpactRecord& only_record(const SceneRun& r, const std::string& pair) {
  const ImpactRecord* found = nullptr;
  int count = 0;
  for (const ImpactRecord& impact : r.result.impacts) {
    if (impact.pair != pair) continue;
    found = &impact;
    ++count;
  }
  EXPECT_EQ(count, 1) << pair;
  if (found == nullptr) throw std::runtime_error("no record of " + pair);
  return *found;
}

TEST(NewImpact, ATouchStruckThroughInItsFirstCompressionIsDampedForTheSpeedThatLoadsIt) {
  constexpr double kRestitution = 0.99, kStrike = 0.5;
  const SceneRun elastic = run(touching_pair_struck("hertz"));
  const SceneRun damped =
      run(touching_pair_struck("hunt_crossley, parameters: {restitution: " + std::to_string(kRestitution) + "}"));
  ASSERT_EQ(elastic.result.status, SimulationStatus::kCompleted) << elastic.result.message;
  ASSERT_EQ(damped.result.status, SimulationStatus::kCompleted) << damped.result.message;
  // Nearly elastic, nearly Hertz: the damping force is at most 1.5 (1 − c) |δ̇|/δ̇⁻ of the elastic one, and |δ̇| stays
  // below 1.5 δ̇⁻ here (b/c separates at 1.46 times its approach), so each contact's impulse, and each ball's final
  // velocity, moves by about 2.2 (1 − c) of the strike; 5 (1 − c) leaves a factor 2 (measured 1.1 (1 − c)).
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(damped.state.v[k], elastic.state.v[k], 5.0 * (1.0 - kRestitution) * kStrike) << "ball " << k;
  }
  // The touch's record: one impact, its approach the speed that loaded it, the same under both laws to (1 − c)
  // (0.3111 and 0.3084 m/s), where it was the onset's 3.8e-5 m/s.
  const ImpactRecord& touch_elastic = only_record(elastic, "b/c");
  const ImpactRecord& touch_damped = only_record(damped, "b/c");
  EXPECT_GT(touch_elastic.impact_velocity, 0.5 * kStrike);
  EXPECT_NEAR(touch_damped.impact_velocity, touch_elastic.impact_velocity,
              2.0 * (1.0 - kRestitution) * touch_elastic.impact_velocity);
  EXPECT_EQ(touch_damped.restitution, touch_damped.separation_velocity / touch_damped.impact_velocity);
  // Located on the steps' dense output, not sampled at their ends: at rtol 1e-6 (74 steps) the approach is the one
  // at 1e-10 to 1e-6 (measured 1e-7; taken at the steps' ends it was 0.3 % apart in the library's chain).
  const SceneRun coarse =
      run(touching_pair_struck("hunt_crossley, parameters: {restitution: " + std::to_string(kRestitution) + "}", "1e-6"));
  ASSERT_EQ(coarse.result.status, SimulationStatus::kCompleted) << coarse.result.message;
  EXPECT_NEAR(only_record(coarse, "b/c").impact_velocity, touch_damped.impact_velocity, 1e-6 * touch_damped.impact_velocity);
}

// The same three balls under every adaptive method: the touching pair's approach is the largest closing speed to
// 1e-6 whatever the method (measured: bdf 7e-10, arkode_dormand_prince 3e-10 from dormand_prince's). Under bdf the run
// stopped on its step budget: CVODE met the striking pair's force peak, a finite difference that changes sign in
// round-off over some 1e-11 s around a flat peak, every 4e-18 s after restarting there (engine/stepper_sundials.cc
// now holds a root it let pass on its side for one step).
TEST(NewImpact, ATouchStruckThroughGivesTheSameApproachUnderEveryAdaptiveMethod) {
  const std::string law = "hunt_crossley, parameters: {restitution: 0.99}";
  const SceneRun reference = run(touching_pair_struck(law));
  ASSERT_EQ(reference.result.status, SimulationStatus::kCompleted) << reference.result.message;
  const double approach = only_record(reference, "b/c").impact_velocity;
  for (const char* method : {"bdf", "arkode_dormand_prince"}) {
    SCOPED_TRACE(method);
    Scene scene = load_scene_text(touching_pair_struck(law), "test.yaml");
    scene.simulation.integrator.method = std::string(method) == "bdf" ? IntegratorMethod::kBdf
                                                                      : IntegratorMethod::kArkodeDormandPrince;
    scene.simulation.integrator.max_steps = 200000;
    State state = scene.initial_state;
    Data data(scene.model);
    const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
    ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
    double found = 0.0;
    for (const ImpactRecord& impact : result.impacts) {
      if (impact.pair == "b/c") found = impact.impact_velocity;
    }
    EXPECT_NEAR(found, approach, 1e-6 * approach);
  }
}

// The library's horizontal chain (70 steel beads struck at 1.77 m/s) under the Hunt–Crossley family, restitution 0.7
// from the beads' material: each contact begins at the wave's first creep (2.6e-10 m/s touching, some 1e-3 m/s 1 nm
// apart) and is compressed by the wave at up to 0.9 m/s, a new impact. With the onset's δ̇⁻ the wave's damping
// depended on that creep: the 31st bead's peak force 6.5 N touching and 3.4 N 1 nm apart under hunt_crossley, the
// elastic chain's 93 N either way. Now δ̇⁻ is the speed of the wave that loads the contact, and
//  - the chain's end velocities do not depend on whether the beads touch or are 1 nm apart, to 1e-2: until its
//    closing speed doubles, a contact is damped for its onset's speed (measured 3.1e-3 for each law; 0.63 before);
//  - the pipeline agrees with the benchmark's hand-written chain (bench/law_floor.h, the same rule written for a chain
//    on a line: δ̇⁻ from the dense output of its own steps) to 1e-5 at rtol 1e-11 against 1e-12 (measured 3e-9 to
//    3.4e-8; 2.3e-7 when the pipeline took the largest from the dense output at the steps' ends).
TEST(NewImpact, AChainsWaveIsDampedForItsOwnSpeedWhetherTheBeadsTouchOrNot) {
  for (const std::string law : {"hunt_crossley", "flores", "lankarani_nikravesh"}) {
    SCOPED_TRACE(law);
    std::vector<Eigen::VectorXd> ends;
    for (const std::string gap : {"0", "1e-9"}) {
      const ChainRun chain = chain_against_floor(law, gap);
      ASSERT_TRUE(chain.completed) << chain.message;
      ends.push_back(chain.velocities);
      EXPECT_LT(chain.apart(), 1e-5) << "gap " << gap;
    }
    const double moved = (ends[0] - ends[1]).norm() / ends[1].norm();
    EXPECT_LT(moved, 1e-2);
  }
}

// wang_yield keeps z, which it derives from δ̇⁻, in the contact's state, and its force computes z for the input's δ̇⁻
// where that is another (a new impact's rising closing speed). The engine reports a new impact to the law where it
// begins and where its largest closing speed is located, not at every step's end of the rise: there the law's state
// changed, which restarted the integration at every step, and the force read the z of the last step's end, not of
// its δ̇⁻. On the library's chain (70 beads 1 nm apart, the scene's tolerances) wang_yield took 6 823 steps where
// hunt_crossley, damping the same wave, takes 2 034: now within 1.5 times (measured 2 072, 1.02 times). Against the hand-written
// chain, whose law sees the same continuous δ̇⁻, to 1e-5 at rtol 1e-11 against 1e-12 as the family's (measured 2.4e-9).
TEST(NewImpact, ALawThatDerivesFromTheApproachFollowsItsRiseWithoutRestarts) {
  const auto steps = [](const std::string& law) {
    SceneOptions options;
    options.law_override = law;
    options.variable_overrides = {{"gap", "1e-9"}};
    const Scene scene =
        load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/granular_chain_horizontal.yaml", options);
    State state = scene.initial_state;
    Data data(scene.model);
    const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
    EXPECT_EQ(result.status, SimulationStatus::kCompleted) << law << ": " << result.message;
    return result.stats.steps;
  };
  const long family = steps("hunt_crossley");
  EXPECT_LT(static_cast<double>(steps("wang_yield")), 1.5 * static_cast<double>(family));
  const ChainRun chain = chain_against_floor("wang_yield", "1e-9");
  ASSERT_TRUE(chain.completed) << chain.message;
  EXPECT_LT(chain.apart(), 1e-5);
}

// ---------------------------------------------------------------------------------------------------------
// Contact points (manifolds).

// A 0.2 × 0.1 × 0.05 m box of 7.8 kg on a free joint, tilted by `tilt` about x, its lowest edge `drop` above the
// ground; exact Hunt–Crossley damping for c = 0.5 with K = 1e9 N/m^1.5 per contact point.
std::string box(double tilt, double drop, double duration) {
  return "scene: box\n"
         "variables: {tilt: " + std::to_string(tilt) + ", drop: " + std::to_string(drop) + "}\n"
         "world: {shapes: [{name: ground, type: halfspace}]}\n"
         "bodies:\n"
         "  - name: box\n"
         "    mass: 7.8\n"
         "    joint: {type: free}\n"
         "    initial:\n"
         "      position: [0, 0, drop + 0.05*sin(tilt) + 0.025*cos(tilt)]\n"
         "      orientation: {axis: [1, 0, 0], angle: tilt}\n"
         "    shapes: [{name: box, type: box, size: [0.2, 0.1, 0.05]}]\n"
         "contacts: {law: zhang_sharf_exact, parameters: {restitution: 0.5}, stiffness: 1e9, exponent: 1.5}\n"
         "integrator: {relative_tolerance: 1e-9, absolute_tolerance: 1e-12}\n"
         "duration: " + std::to_string(duration) + "\n";
}

TEST(ContactPoints, ABoxRestingFlatCarriesItsWeightOnItsFourBottomCornersAlike) {
  // Dropped flat from 1 mm, it settles on its face: each bottom corner carries m g/4 = 19.1295 N at
  // δ = (m g /(4K))^{2/3}, the top corners nothing. Before, one point at the face centre held it and it could not
  // resist tilting. Once at rest it costs about what free flight does: a handful of steps per simulated second.
  const SceneRun r = run(box(0.0, 1e-3, 3.0));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  Data data(r.scene.model);
  forward(r.scene.model, r.state, data);
  ASSERT_EQ(data.elements.size(), 8u);
  const double quarter = 7.8 * 9.81 / 4.0;
  for (std::size_t k = 0; k < 8; ++k) {
    const bool bottom = (data.elements[k].point & 4) == 0;  // corner bit 2: the sign along the box's z
    EXPECT_NEAR(data.contact_force[k], bottom ? quarter : 0.0, 1e-6 * quarter) << "corner " << data.elements[k].point;
  }
  EXPECT_NEAR(r.state.q[2], 0.025 - std::pow(quarter / 1e9, 2.0 / 3.0), 1e-9);
  // Ten more seconds at rest: no events, no rows of its own, and steps bounded by the resting contacts' vibration
  // (docs/engine.md, "Resting contacts"; before: one jumping point, 109 s of computing per simulated second).
  State resting = r.state;
  SimulationOptions more = r.scene.simulation;
  more.duration = 10.0;
  long rows = 0;
  const SimulationResult rest = simulate(r.scene.model, resting, data, more, [&](const State&, const Data&) { ++rows; });
  ASSERT_EQ(rest.status, SimulationStatus::kCompleted) << rest.message;
  EXPECT_EQ(rest.stats.events, 0);
  EXPECT_LE(rows, 10.0 / r.scene.simulation.output_interval + 2.0);
  std::printf("box at rest: %ld steps, %ld right-hand sides for 10 s\n", rest.stats.steps, rest.stats.rhs_evaluations);
  EXPECT_LE(rest.stats.steps, 20000);
}

TEST(ContactPoints, ABoxLandingOnAnEdgeTouchesAtItsTwoCornersAtOnce) {
  // Tilted 0.3 rad about x, the lowest edge (along x) lands flat: its two corners (y = −0.05, z = −0.025 in the box
  // frame: points 0 and 1) touch at the same instant and speed, √(2 g drop).
  const SceneRun r = run(box(0.3, 0.1, 0.2));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  ASSERT_GE(r.result.impacts.size(), 2u);
  const ImpactRecord& a = r.result.impacts[0];
  const ImpactRecord& b = r.result.impacts[1];
  EXPECT_EQ(std::min(a.point, b.point), 0);
  EXPECT_EQ(std::max(a.point, b.point), 1);
  EXPECT_NEAR(a.t_start, b.t_start, 1e-12);
  EXPECT_NEAR(a.t_start, std::sqrt(2.0 * 0.1 / 9.81), 1e-9);
  EXPECT_NEAR(a.impact_velocity, std::sqrt(2.0 * 9.81 * 0.1), 1e-8);
  EXPECT_NEAR(b.impact_velocity, a.impact_velocity, 1e-9);
}

TEST(ContactPoints, ACapsuleLyingFlatRestsOnItsTwoEndsAlike) {
  // A capsule (r = 2 cm, axis 0.2 m along x, 1 kg) dropped flat: each end sphere carries m g/2 on a Hertz
  // contact (R* = r on the rigid ground). Before, the single contact point jumped between the ends (27 kN peaks
  // for a 1 kg capsule, 292 s of computing for 1.5 s simulated).
  const std::string yaml =
      "scene: capsule\n"
      "materials: {steel: {youngs_modulus: 2.1e11, poisson_ratio: 0.3}, ground: {rigid: true}}\n"
      "world: {shapes: [{name: ground, type: halfspace, material: ground}]}\n"
      "bodies:\n"
      "  - name: capsule\n"
      "    mass: 1\n"
      "    joint: {type: free}\n"
      "    initial: {position: [0, 0, 0.021]}\n"
      "    shapes: [{name: capsule, type: capsule, radius: 0.02, length: 0.2, axis: [1, 0, 0], material: steel}]\n"
      "contacts: {law: zhang_sharf_exact, parameters: {restitution: 0.5}}\n"
      "integrator: {relative_tolerance: 1e-9, absolute_tolerance: 1e-12}\n"
      "duration: 1.5\n";
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  Data data(r.scene.model);
  forward(r.scene.model, r.state, data);
  ASSERT_EQ(data.elements.size(), 2u);
  EXPECT_NEAR(data.contact_force[0], 9.81 / 2.0, 1e-6 * 9.81);
  EXPECT_NEAR(data.contact_force[1], 9.81 / 2.0, 1e-6 * 9.81);
  double peak = 0.0;
  for (const ImpactRecord& impact : r.result.impacts) peak = std::max(peak, impact.max_force);
  // Dropped 1 mm: the landing's peak is bounded by the two ends sharing m g (1 + √(1 + 2 h K_eff / (m g)))-ish;
  // 27 kN would be three orders above it.
  EXPECT_LT(peak, 2000.0);
  // At rest the two stiff steel contacts' vibration bounds the steps (docs/engine.md, "Resting contacts"):
  // about 3 500 per simulated second, against 9 million before.
  EXPECT_LE(r.result.stats.steps, 10000);
}

// A cylinder (r = 5 cm, 10 cm long, 1 kg) on a vertical slider, tilted 0.3 rad about x so that one rim point is
// lowest, dropped at 1 m/s from 1 mm above `target`'s top at z = 0; K = 1e9 N/m^1.5 given, `law`.
std::string rim_drop(const std::string& target, const std::string& law) {
  return "scene: rim\n"
         "gravity: [0, 0, 0]\n"
         "world: {shapes: [" + target + "]}\n"
         "bodies:\n"
         "  - name: striker\n"
         "    mass: 1\n"
         "    joint: {type: prismatic, axis: [0, 0, 1]}\n"
         "    initial: {q: 0.001 + 0.05*cos(0.3) + 0.05*sin(0.3), v: -1}\n"
         "    shapes: [{name: striker, type: cylinder, radius: 0.05, length: 0.1, rotation: {axis: [1, 0, 0], angle: 0.3}}]\n"
         "contacts: {law: " + law + ", stiffness: 1e9, exponent: 1.5}\n"
         "integrator: {relative_tolerance: 1e-11, absolute_tolerance: 1e-14}\n"
         "duration: 0.01\n";
}

TEST(ContactPoints, ARimStrikesACylindersFaceAsItStrikesAHalfspace) {
  // The same geometry seen through two pairs: the rim point lands on a flat face either way, so the impacts must
  // agree to 1e-9. Before, through FCL, the cylinder face gave +28 % indentation and +46 % force, and the elastic
  // hertz law "dissipated" ±0.01 J.
  for (const std::string law : {"hertz", "{law: hunt_crossley, parameters: {restitution: 0.5}}"}) {
    const std::string contacts = law.front() == '{' ? law.substr(6, law.size() - 7) : law;
    SCOPED_TRACE(contacts);
    const SceneRun ground = run(rim_drop("{name: ground, type: halfspace}", contacts));
    const SceneRun face = run(rim_drop("{name: anvil, type: cylinder, radius: 1, length: 0.2, position: [0, 0, -0.1]}", contacts));
    ASSERT_EQ(ground.result.status, SimulationStatus::kCompleted) << ground.result.message;
    ASSERT_EQ(face.result.status, SimulationStatus::kCompleted) << face.result.message;
    ASSERT_EQ(ground.result.impacts.size(), 1u);
    ASSERT_EQ(face.result.impacts.size(), 1u);
    const ImpactRecord& a = ground.result.impacts[0];
    const ImpactRecord& b = face.result.impacts[0];
    EXPECT_NEAR(b.t_start, a.t_start, 1e-12);
    EXPECT_NEAR(b.impact_velocity, a.impact_velocity, 1e-9);
    EXPECT_NEAR(b.max_indentation, a.max_indentation, 1e-9 * a.max_indentation);
    EXPECT_NEAR(b.max_force, a.max_force, 1e-9 * a.max_force);
    EXPECT_NEAR(b.separation_velocity, a.separation_velocity, 1e-9);
    EXPECT_NEAR(b.dissipated_energy, a.dissipated_energy, 1e-9 * 0.5);
    if (contacts == "hertz") {
      EXPECT_NEAR(a.dissipated_energy, 0.0, 1e-9 * 0.5) << "elastic";
    }
  }
}

TEST(ContactPoints, ABoxDroppedFlatOnABoxSettlesOnFourCorners) {
  // A 0.1 m cube (1 kg) dropped flat from 1 mm onto a 1 m slab, Hunt–Crossley with c = 0.5 (its damping ∝ 1/δ̇⁻).
  // Before, through FCL, the onset's normal velocity came out with the wrong sign or zero, the damping stuck the
  // boxes together and 1 s took over 18 minutes. Now it settles on its four bottom corners, m g/4 each.
  const std::string yaml =
      "scene: boxes\n"
      "world: {shapes: [{name: slab, type: box, size: [1, 1, 0.2], position: [0, 0, -0.1]}]}\n"
      "bodies:\n"
      "  - name: cube\n"
      "    mass: 1\n"
      "    joint: {type: free}\n"
      "    initial: {position: [0, 0, 0.051]}\n"
      "    shapes: [{name: cube, type: box, size: [0.1, 0.1, 0.1]}]\n"
      "contacts: {law: hunt_crossley, parameters: {restitution: 0.5}, stiffness: 1e9, exponent: 1.5}\n"
      "integrator: {relative_tolerance: 1e-9, absolute_tolerance: 1e-12}\n"
      "duration: 1\n";
  const SceneRun r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  EXPECT_GT(r.result.impacts.front().impact_velocity, 0.14) << "√(2 g · 1 mm) = 0.140 m/s, approaching";
  Data data(r.scene.model);
  forward(r.scene.model, r.state, data);
  double total = 0.0;
  int carrying = 0;
  for (std::size_t k = 0; k < data.elements.size(); ++k) {
    total += data.contact_force[k];
    if (data.contact_force[k] > 0.0) {
      ++carrying;
      EXPECT_NEAR(data.contact_force[k], 9.81 / 4.0, 1e-6 * 9.81);
    }
  }
  EXPECT_EQ(carrying, 4);
  EXPECT_NEAR(total, 9.81, 1e-6 * 9.81);
  EXPECT_LE(r.result.stats.steps, 20000);
}

// ---------------------------------------------------------------------------------------------------------
// The impulse method.

TEST(ImpulseMethod, APersistingContactEndsTheRunWithADiagnosisNotAnOverlap) {
  // Rigid bounces with e = 0.5 shrink geometrically towards rest (Zeno): impulses cannot hold a resting
  // contact. Before, they chattered and let the shapes sink into each other with status "completed".
  double lowest = 1.0;
  const SceneRun r = run(ball_on_ground("0.2", "0", "{law: impulse, parameters: {restitution: 0.5}}", 9.81, 3.0),
                         [&](const State& s, const Data&) { lowest = std::min(lowest, s.q[0]); });
  ASSERT_EQ(r.result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(r.result.message.find("the contact persists"), std::string::npos) << r.result.message;
  EXPECT_GE(lowest, 0.1 - 1e-9) << "the ball never sank into the ground";
}

// ---------------------------------------------------------------------------------------------------------
// A law's integrated state apart.

// Hertz's force, and two states: a discrete one set at each onset to δ̇⁻ m_eff, and an integrated one that moves at
// the rate (that discrete state) × (t − t_onset), in contact and apart alike (continuous through a separation, so
// that the integration is exact there): registered once, before any thread runs (the registry is not thread-safe).
ContactForce hertz_force(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return {};
  return {in.stiffness * in.indentation * std::sqrt(in.indentation), 0.0, 0.0};
}
void onset_clock_rate(const ContactInput& in, const double*, const double* state, double* rate) {
  rate[0] = state[1] * in.time_since_onset;
}
void onset_clock_event(ContactEvent event, const ContactInput& in, const double*, double* state) {
  if (event == ContactEvent::kOnset) state[1] = in.impact_velocity * in.effective_mass;
}
const char* onset_clock() {
  static const bool registered = [] {
    LawInfo law;
    law.id = "test_onset_clock";
    law.needs = kNeedsImpactVelocity | kNeedsEffectiveMass | kNeedsTimeSinceOnset | kNeedsHistory;
    law.state_size = 2;
    law.continuous_state_size = 1;
    law.force = hertz_force;
    law.state_rate = onset_clock_rate;
    law.event = onset_clock_event;
    return register_law(law) >= 0;
  }();
  EXPECT_TRUE(registered);
  return "test_onset_clock";
}

TEST(LawState, ALawsStateApartMovesWithTheInputOfItsLastOnset) {
  // No gravity: the ball meets the ground 0.5 mm below at 1 m/s, bounces and flies off until T = 10 ms, most of it
  // apart. Before the onset the discrete state is 0 and the integrated one stays 0; from the onset t_on on it grows
  // as the integral of δ̇⁻ m (t − t_on): s(T) = δ̇⁻ m (T − t_on)²/2, with the onset's δ̇⁻, m = 1 kg and t_on as the
  // impact record has them. A rate apart that read its onset as it was before the contact, or not the discrete state
  // the onset set, would stop s at the separation, 0.2 ms after the onset: at 1/2000 of it.
  const double duration = 0.01;
  const std::string contacts = std::string("{law: ") + onset_clock() + "}";
  const SceneRun r = run(ball_on_ground("[0.1005]", "[-1]", contacts, 0.0, duration));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  ASSERT_EQ(r.result.impacts.size(), 1u);
  const ImpactRecord& impact = r.result.impacts[0];
  EXPECT_NEAR(impact.impact_velocity, 1.0, 1e-9);
  EXPECT_DOUBLE_EQ(impact.effective_mass, 1.0);
  const double since_onset = duration - impact.t_start;
  const double expected = impact.impact_velocity * impact.effective_mass * 0.5 * since_onset * since_onset;
  EXPECT_NEAR(r.state.contacts[0].law_state[0], expected, 1e-9 * expected) << "expected " << expected;
}

}  // namespace
}  // namespace contactlab
