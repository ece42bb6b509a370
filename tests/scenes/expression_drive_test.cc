// SPDX-License-Identifier: MIT
// Drives and efforts given as expressions in t (`drive: {expression: …}`, `effort: {expression: …}`), through the
// scene loader: an expression equal to a sine drive moves the model as the sine drive does; an expression that
// leaves its domain is bad input at load when it fails at t = 0, and stops the run (exit 3's status) naming the
// time, the joint and the expression when it fails later; an expression effort is the force it says.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

// A cart driven along x carrying a pendulum (a point bob 0.4 m below its pivot), no contact.
std::string cart_pendulum(const std::string& drive) {
  return R"(scene: cart_pendulum
gravity: [0, -9.81, 0]
bodies:
  - name: cart
    mass: 2.0
    inertia: [1e-3, 1e-3, 1e-3]
    joint: {type: prismatic, axis: [1, 0, 0], drive: )" + drive + R"(}
  - name: bob
    mass: 0.5
    com: [0, -0.4, 0]
    inertia: [1e-9, 1e-9, 1e-9]
    joint: {type: revolute, parent: cart, axis: [0, 0, 1]}
    initial: {q: 0.3}
duration: 1.0
integrator: {relative_tolerance: 1e-11, absolute_tolerance: 1e-13}
output: {interval: 1e-2}
)";
}

struct Sample {
  double time, cart, swing, force;
};

std::vector<Sample> run(Scene& scene, SimulationResult& result) {
  Data data(scene.model);
  State state = scene.initial_state;
  std::vector<Sample> samples;
  result = simulate(scene.model, state, data, scene.simulation, [&](const State& s, const Data& d) {
    samples.push_back({s.time, s.q[0], s.q[1], d.drive_force[0]});
  });
  return samples;
}

TEST(ExpressionDrive, AnExpressionEqualToASineDriveMovesAsTheSineDrive) {
  Scene sine = load_scene_text(cart_pendulum("{sine: {amplitude: 0.05, frequency: 1.3, phase: 0.2}}"), "sine.yaml");
  Scene expression = load_scene_text(cart_pendulum("{expression: \"0.05*sin(2*pi*1.3*t + 0.2)\"}"), "expression.yaml");
  EXPECT_EQ(sine.initial_state.q[0], expression.initial_state.q[0]);
  EXPECT_NEAR(sine.initial_state.v[0], expression.initial_state.v[0], 1e-15);
  SimulationResult sine_result, expression_result;
  const std::vector<Sample> a = run(sine, sine_result);
  const std::vector<Sample> b = run(expression, expression_result);
  ASSERT_EQ(sine_result.status, SimulationStatus::kCompleted) << sine_result.message;
  ASSERT_EQ(expression_result.status, SimulationStatus::kCompleted) << expression_result.message;
  ASSERT_EQ(a.size(), b.size());
  ASSERT_GT(a.size(), 90u);
  // The two evaluate the same closed form, rounded in another order (A·(ω cos) against (A ω) cos): the jets differ by
  // an ulp or two, and the runs, whose steps follow them, by round-off amplified over 100 steps of the swing —
  // bounded here by 1e-12 of each quantity's scale (the integrator's own tolerance is 1e-11).
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].time, b[k].time);
    EXPECT_NEAR(a[k].cart, b[k].cart, 1e-12 * 0.05);
    EXPECT_NEAR(a[k].swing, b[k].swing, 1e-12);
    EXPECT_NEAR(a[k].force, b[k].force, 1e-12 * 2.5 * 0.05 * std::pow(2 * M_PI * 1.3, 2) * 10);
  }
  EXPECT_NEAR(sine_result.max_energy_balance_error, expression_result.max_energy_balance_error,
              1e-12 * sine_result.energy_scale);
}

TEST(ExpressionDrive, AnExpressionFailingAtTheStartIsBadInputAtItsKey) {
  try {
    load_scene_text(cart_pendulum("{expression: \"sqrt(t - 1)\"}"), "start.yaml");
    FAIL() << "expected a SceneError";
  } catch (const SceneError& error) {
    EXPECT_EQ(error.key_path(), "bodies[0].joint.drive.expression");
    EXPECT_EQ(error.line(), 7);
    EXPECT_NE(error.problem().find("sqrt is not a number (NaN) at t = 0 (at character 1)"), std::string::npos)
        << error.problem();
  }
  try {
    load_scene_text(cart_pendulum("{expression: \"0.05*sin(2*pi*t\"}"), "syntax.yaml");
    FAIL() << "expected a SceneError";
  } catch (const SceneError& error) {
    EXPECT_EQ(error.key_path(), "bodies[0].joint.drive.expression");
    EXPECT_NE(error.problem().find("expected ')' after the argument of sin (at character 16)"), std::string::npos)
        << error.problem();
  }
}

TEST(ExpressionDrive, AnExpressionLeavingItsDomainDuringTheRunStopsItWithTheTimeAndTheJoint) {
  // (0.3 − t)/|0.3 − t| is 1 before t = 0.3 (its derivatives 0) and −1 after: the log is 0, then NaN. q = 0.01 t is
  // integrated exactly, so the steps are long and one steps over 0.3: the stage beyond finds the NaN, and the run
  // stops there with the time, the joint and the expression, not with NaN written on.
  Scene scene = load_scene_text(cart_pendulum("{expression: \"0.01*t + log((0.3 - t)/abs(0.3 - t))\"}"), "domain.yaml");
  SimulationResult result;
  const std::vector<Sample> samples = run(scene, result);
  ASSERT_EQ(result.status, SimulationStatus::kNumericalError);
  EXPECT_LT(result.end_time, 0.3);
  for (const Sample& s : samples) EXPECT_TRUE(std::isfinite(s.cart) && std::isfinite(s.force)) << s.time;
  EXPECT_NE(result.message.find("the drive of the joint of body 'cart' fails: in expression "
                                "'0.01*t + log((0.3 - t)/abs(0.3 - t))': log is not a number (NaN) (at character 10)"),
            std::string::npos) << result.message;
  EXPECT_EQ(result.message.rfind("t = 0.3", 0), 0u) << result.message;
  // An expression that reaches the end of its domain through a singularity (sqrt(0.5 − t): q̈ → −∞) stops the run
  // there too, the step having collapsed onto t = 0.5.
  Scene edge = load_scene_text(cart_pendulum("{expression: \"0.01*sqrt(0.5 - t)\"}"), "edge.yaml");
  const std::vector<Sample> before_edge = run(edge, result);
  ASSERT_EQ(result.status, SimulationStatus::kNumericalError);
  EXPECT_NEAR(result.end_time, 0.5, 1e-6);
  for (const Sample& s : before_edge) EXPECT_TRUE(std::isfinite(s.cart) && std::isfinite(s.force)) << s.time;
}

TEST(ExpressionDrive, AnExpressionEffortIsTheForceItSays) {
  // A free slider of 2 kg pushed by F = 2 cos t N from rest: v = sin t, x = 1 − cos t; its work sin² t = ½ m v².
  Scene scene = load_scene_text(R"yaml(scene: pushed
gravity: [0, 0, 0]
bodies:
  - name: slider
    mass: 2.0
    inertia: [1, 1, 1]
    joint: {type: prismatic, axis: [1, 0, 0], effort: {expression: "2*cos(t)"}}
duration: 1.0
integrator: {relative_tolerance: 1e-12, absolute_tolerance: 1e-14}
)yaml", "effort.yaml");
  Data data(scene.model);
  State state = scene.initial_state;
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_NEAR(state.q[0], 1.0 - std::cos(1.0), 1e-11);
  EXPECT_NEAR(state.v[0], std::sin(1.0), 1e-11);
  EXPECT_NEAR(state.joint_work, std::sin(1.0) * std::sin(1.0), 1e-11);
}

}  // namespace
}  // namespace contactlab
