// SPDX-License-Identifier: MIT
// engine/loop_closure.h in three dimensions: a body on a free joint held to the world by a loop constraint moves as
// the same body on the tree joint the constraint stands for (an independent solution: the tree's own dynamics), and
// the constraints' reactions and motions against closed forms.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/energy.h"
#include "engine/loop_closure.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

// The world positions of body 1's centre of mass at the samples, the run's result, and the largest drift seen.
struct Trajectory {
  std::vector<Vec3> centre;
  std::vector<Mat3> rotation;
  SimulationResult result;
  double drift = 0.0;
  double energy_change = 0.0;
};

Trajectory run(const std::string& text) {
  const Scene scene = load_scene_text(text, "loop.yaml");
  State state = scene.initial_state;
  Data data(scene.model);
  Trajectory out;
  double initial = std::nan("");
  out.result = simulate(scene.model, state, data, scene.simulation, [&](const State& s, const Data& d) {
    out.centre.push_back(d.motion[1].pose * scene.model.bodies[1].com);
    out.rotation.push_back(d.motion[1].pose.linear());
    out.drift = std::max(out.drift, loop_drift(scene.model, d, s.q.data(), s.v.data()).position);
    const double total = energy(scene.model, s, d).total();
    if (std::isnan(initial)) initial = total;
    out.energy_change = std::max(out.energy_change, std::abs(total - initial));
  });
  return out;
}

// [x, y, z] as a scene writes it, to round-trip precision.
std::string vector_text(const Vec3& v) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "[%.17g, %.17g, %.17g]", v.x(), v.y(), v.z());
  return buffer;
}

// A body with its centre of mass 0.3 m below its origin, unequal principal moments, and the scene's settings.
std::string body(const std::string& joint, const std::string& initial) {
  return R"(
scene: loop
bodies:
  - name: bob
    mass: 2.0
    com: [0.02, 0.01, -0.3]
    inertia: [0.02, 0.03, 0.04]
    joint: )" + joint + R"(
    initial: )" + initial + R"(
integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-12}
duration: 1.5
output: {interval: 0.01}
)";
}

void expect_same_motion(const Trajectory& loop, const Trajectory& tree, double tolerance) {
  ASSERT_EQ(loop.result.status, SimulationStatus::kCompleted) << loop.result.message;
  ASSERT_EQ(tree.result.status, SimulationStatus::kCompleted) << tree.result.message;
  ASSERT_EQ(loop.centre.size(), tree.centre.size());
  double worst = 0.0, worst_rotation = 0.0;
  for (std::size_t k = 0; k < loop.centre.size(); ++k) {
    worst = std::max(worst, (loop.centre[k] - tree.centre[k]).norm());
    worst_rotation = std::max(worst_rotation, (loop.rotation[k] - tree.rotation[k]).cwiseAbs().maxCoeff());
  }
  EXPECT_LT(worst, tolerance);
  EXPECT_LT(worst_rotation, tolerance / 0.3);  // a rotation error ε moves the centre 0.3 ε
}

TEST(LoopClosure, ASphericalConstraintOnAFreeBodyIsASphericalJoint) {
  // Tipped 0.6 rad about x, spinning about an oblique axis: a heavy asymmetric top about a fixed point.
  const std::string initial = "{orientation: {axis: [1, 0, 0], angle: 0.6}, angular_velocity: [1.0, -2.0, 5.0]}";
  const Trajectory tree = run(body("{type: spherical, position: [0, 0, 1]}", initial));
  const Trajectory loop = run(body("{type: free}", "{position: [0, 0, 1], " + initial.substr(1)) +
                              "constraints:\n  - {type: spherical, body_a: world, position_a: [0, 0, 1], body_b: bob}\n");
  // Both integrate to 1e-10 relative over 1.5 s of a top's motion: 1e-7 m between them.
  expect_same_motion(loop, tree, 1e-7);
  EXPECT_LE(loop.drift, 2e-9);
  EXPECT_LT(loop.energy_change, 1e-7);
}

TEST(LoopClosure, ARevoluteConstraintOnAFreeBodyIsARevoluteJoint) {
  // About an oblique axis through (0, 0, 1): the rotation rows keep the body's frame turning about it alone.
  const std::string axis = "[0.3, 1, 0.2]";
  const Vec3 unit = Vec3(0.3, 1, 0.2).normalized();
  const Vec3 w = 3.0 * unit;
  const std::string spin = vector_text(w);
  const Trajectory tree = run(body("{type: revolute, position: [0, 0, 1], axis: " + axis + "}", "{v: 3.0}"));
  const Trajectory loop = run(body("{type: free}", "{position: [0, 0, 1], angular_velocity: " + spin + "}") +
                              "constraints:\n  - {type: revolute, body_a: world, position_a: [0, 0, 1], axis: " + axis +
                              ", body_b: bob}\n");
  expect_same_motion(loop, tree, 1e-7);
  EXPECT_LE(loop.drift, 2e-9);
}

TEST(LoopClosure, APrismaticConstraintSlidesTheBodyDownItsAxisAtGravitysComponent) {
  // Along a = (1, 0, −1)/√2 from the origin, without turning: x(t) = ½ (g·a) t² a, g·a = 9.81/√2.
  const Trajectory loop = run(body("{type: free}", "{position: [0, 0, 0]}") +
                              "constraints:\n  - {type: prismatic, body_a: world, axis: [1, 0, -1], body_b: bob}\n");
  ASSERT_EQ(loop.result.status, SimulationStatus::kCompleted) << loop.result.message;
  const Vec3 a = Vec3(1, 0, -1).normalized();
  const Vec3 com(0.02, 0.01, -0.3);
  double worst = 0.0;
  for (std::size_t k = 0; k < loop.centre.size(); ++k) {
    const double t = 0.01 * static_cast<double>(k);
    worst = std::max(worst, (loop.centre[k] - (com + 0.5 * Vec3(0, 0, -9.81).dot(a) * t * t * a)).norm());
    EXPECT_LT((loop.rotation[k] - Mat3::Identity()).cwiseAbs().maxCoeff(), 1e-9);
  }
  // 1e-8 m: the integrator's tolerance on a 7.8 m slide.
  EXPECT_LT(worst, 1e-8);
}

TEST(LoopClosure, AWeldedBodyHangsStillAndItsReactionCarriesItsWeight) {
  const Scene scene = load_scene_text(body("{type: free}", "{position: [0, 0, 1]}") +
                                          "constraints:\n  - {type: weld, body_a: world, position_a: [0, 0, 1], body_b: bob}\n",
                                      "weld.yaml");
  State state = scene.initial_state;
  Data data(scene.model);
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_LT((state.q.head<3>() - Vec3(0, 0, 1)).norm(), 1e-12);
  // The weld holds the 2 kg body at its frame's origin: force m g upward; torque r × (−m g) of the weight's moment
  // about that origin, r = (0.02, 0.01, −0.3) the centre of mass, cancelled: τ = −r × (0, 0, −m g).
  const LoopReaction reaction = loop_reaction(data, 0);
  EXPECT_LT((reaction.force - Vec3(0, 0, 2.0 * 9.81)).norm(), 1e-9);
  const Vec3 expected_torque = -Vec3(0.02, 0.01, -0.3).cross(Vec3(0, 0, -2.0 * 9.81));
  EXPECT_LT((reaction.torque - expected_torque).norm(), 1e-9);
}

TEST(LoopClosure, ADistanceConstraintHoldsAConicalPendulumOnItsCircle) {
  // A free point mass held at L = 0.5 m from a fixed point, launched on the conical pendulum's orbit: at α = 0.4 rad
  // from the vertical it circles at Ω = √(g/(L cos α)) with its height fixed (a closed form of the constraint's force
  // being exactly what the circle needs). 1e-7 m after 1.1 turns: the integrator's tolerance on a neutrally stable
  // orbit.
  const double length = 0.5, tilt = 0.4;
  const double rate = std::sqrt(9.81 / (length * std::cos(tilt)));
  const Vec3 pivot(0, 0, 1.5);
  const Vec3 arm = Eigen::AngleAxisd(tilt, Vec3::UnitX()) * Vec3(0, 0, -length);
  const Trajectory loop = run(R"(
scene: conical
bodies:
  - name: bob
    mass: 2.0
    inertia: [1e-4, 1e-4, 1e-4]
    joint: {type: free}
    initial: {position: )" + vector_text(pivot + arm) + ", linear_velocity: " + vector_text(Vec3(0, 0, rate).cross(arm)) + R"(}
constraints:
  - {type: distance, body_a: world, position_a: [0, 0, 1.5], body_b: bob}
integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-12}
duration: 1.5
output: {interval: 0.01}
)");
  ASSERT_EQ(loop.result.status, SimulationStatus::kCompleted) << loop.result.message;
  double worst = 0.0;
  for (std::size_t k = 0; k < loop.centre.size(); ++k) {
    const double t = 0.01 * static_cast<double>(k);
    worst = std::max(worst, (loop.centre[k] - (pivot + Eigen::AngleAxisd(rate * t, Vec3::UnitZ()) * arm)).norm());
  }
  EXPECT_LT(worst, 1e-7);
  EXPECT_LE(loop.drift, 2e-9);
}

// Two sliders joined by a distance constraint along their line are one body of 4 kg; a 2 kg ball striking the first
// meets that mass, with the impulse method as with a force law.
std::string struck_pair(const std::string& contacts) {
  return R"(
scene: struck_pair
gravity: [0, 0, 0]
materials:
  steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}
bodies:
  - name: ball
    mass: 2.0
    joint: {type: prismatic, axis: [1, 0, 0]}
    initial: {v: 1.0}
    shapes: [{type: sphere, radius: 0.01, material: steel}]
  - name: first
    mass: 1.0
    joint: {type: prismatic, axis: [1, 0, 0]}
    initial: {q: 0.05}
    shapes: [{type: sphere, radius: 0.01, material: steel}]
  - name: second
    mass: 3.0
    inertia: [1e-4, 1e-4, 1e-4]
    joint: {type: prismatic, axis: [1, 0, 0]}
    initial: {q: 0.3}
constraints:
  - {type: distance, body_a: first, body_b: second}
)" + contacts + R"(
integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-12}
duration: 0.1
)";
}

TEST(LoopClosure, AContactInsideALoopMeetsTheConstrainedMass) {
  // Elastic impact of 2 kg on 4 kg at 1 m/s: the ball leaves at (2 − 4)/(2 + 4) = −1/3 m/s, the pair at 2·2/6 = 2/3 m/s.
  for (const std::string& contacts : {std::string("contacts: {method: impulse, parameters: {restitution: 1.0}}\n"),
                                     std::string("contacts: {law: hertz}\n")}) {
    const Scene scene = load_scene_text(struck_pair(contacts), "struck_pair.yaml");
    State state = scene.initial_state;
    Data data(scene.model);
    const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
    ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
    ASSERT_EQ(result.impacts.size(), 1u) << contacts;
    // The impulse is exact; Hertz's elastic impact returns the same velocities to the integrator's tolerance.
    EXPECT_NEAR(state.v[0], -1.0 / 3.0, 1e-8) << contacts;
    EXPECT_NEAR(state.v[1], 2.0 / 3.0, 1e-8) << contacts;
    EXPECT_NEAR(state.v[2], 2.0 / 3.0, 1e-8) << contacts;
    // The pair's effective mass at onset: 2·4/(2 + 4).
    EXPECT_NEAR(result.impacts[0].effective_mass, 4.0 / 3.0, 1e-12) << contacts;
  }
}

}  // namespace
}  // namespace contactlab
