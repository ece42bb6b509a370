// SPDX-License-Identifier: MIT
// scenes/slider_crank_ideal.yaml: a kinematic tree closed by a revolute loop constraint, the crank driven at
// 5000 rpm. With ideal joints the slider's motion is kinematics alone, x(θ) = r cos θ + √(l² − r² sin² θ), θ = ωt:
// every sample against it, the extremes the clearance-joint papers quote, and the pin's reaction against Newton's law
// for the slider.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/loop_closure.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

constexpr double kCrank = 0.05;  // r [m]
constexpr double kRod = 0.12;    // l [m]
constexpr double kSpeed = 5000.0 * 2.0 * M_PI / 60.0;  // ω [rad/s]

struct SliderKinematics {
  double position, velocity, acceleration;
};

// x, ẋ, ẍ at crank angle θ (constant ω): dx/dθ = −r sin θ − r² sin θ cos θ / s,
// d²x/dθ² = −r cos θ − r² cos 2θ / s − r⁴ sin² θ cos² θ / s³, s = √(l² − r² sin² θ).
SliderKinematics slider_at(double angle) {
  const double sine = std::sin(angle), cosine = std::cos(angle);
  const double s = std::sqrt(kRod * kRod - kCrank * kCrank * sine * sine);
  const double first = -kCrank * sine - kCrank * kCrank * sine * cosine / s;
  const double second = -kCrank * cosine - kCrank * kCrank * std::cos(2.0 * angle) / s -
                        std::pow(kCrank, 4) * sine * sine * cosine * cosine / (s * s * s);
  return {kCrank * cosine + s, kSpeed * first, kSpeed * kSpeed * second};
}

TEST(SliderCrank, TheClosedFormsExtremesAreThePublishedOnes) {
  // The figures the clearance-joint papers quote for this mechanism (r = 0.05 m, l = 0.12 m, 5000 rpm), from the
  // closed form sampled every 1e-5 rad: ẍ from −19 420 to +9 696 m/s², |ẋ| up to 28.41 m/s (their last digit).
  double lowest = 0.0, highest = 0.0, fastest = 0.0;
  for (double angle = 0.0; angle < 2.0 * M_PI; angle += 1e-5) {
    const SliderKinematics k = slider_at(angle);
    lowest = std::min(lowest, k.acceleration);
    highest = std::max(highest, k.acceleration);
    fastest = std::max(fastest, std::abs(k.velocity));
  }
  EXPECT_NEAR(lowest, -19420.0, 1.0);
  EXPECT_NEAR(highest, 9696.0, 1.0);
  EXPECT_NEAR(fastest, 28.41, 0.005);
}

TEST(SliderCrank, TheSliderFollowsTheKinematicsAndThePinPushesItByNewtonsLaw) {
  const Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/slider_crank_ideal.yaml");
  int slider = -1, slider_body = -1;
  for (std::size_t b = 0; b < scene.model.bodies.size(); ++b) {
    if (scene.model.bodies[b].name == "slider") {
      slider = scene.model.bodies[b].joint.q_index;
      slider_body = static_cast<int>(b);
    }
  }
  ASSERT_GE(slider, 0);
  const double slider_mass = scene.model.bodies[static_cast<std::size_t>(slider_body)].mass;
  State state = scene.initial_state;
  Data data(scene.model);
  double position_error = 0.0, velocity_error = 0.0, acceleration_error = 0.0, newton_error = 0.0, drift = 0.0;
  double lowest = 0.0, highest = 0.0, fastest = 0.0;
  int samples = 0;
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation, [&](const State& s, const Data& d) {
    const SliderKinematics exact = slider_at(kSpeed * s.time);
    position_error = std::max(position_error, std::abs(s.q[slider] - exact.position));
    velocity_error = std::max(velocity_error, std::abs(s.v[slider] - exact.velocity));
    acceleration_error = std::max(acceleration_error, std::abs(d.qdd[slider] - exact.acceleration));
    // The slider moves along x under the pin's force alone (its guide takes y and z): F_x = m ẍ.
    newton_error = std::max(newton_error, std::abs(loop_reaction(d, 0).force.x() - slider_mass * d.qdd[slider]));
    drift = std::max(drift, loop_drift(scene.model, d, s.q.data(), s.v.data()).position);
    lowest = std::min(lowest, d.qdd[slider]);
    highest = std::max(highest, d.qdd[slider]);
    fastest = std::max(fastest, std::abs(s.v[slider]));
    ++samples;
  });
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_GE(samples, 2400);
  // The drift bound (checks.constraint_tolerance, 1e-9) holds at the steps' ends and so, to the dense output's own
  // error, at the samples between them; the position is the constraint's, so it is as exact.
  EXPECT_LE(result.max_loop_drift, 2e-9);
  EXPECT_LE(drift, 2e-9);
  EXPECT_LT(position_error, 1e-8);
  // Velocities and accelerations at samples inside a step come from the method's 4th-order dense output (rtol 1e-8):
  // 1e-5 m/s is 4e-7 of the peak speed, 1e-3 m/s² 5e-8 of the peak acceleration (measured: 2.2e-6 and 1.2e-4).
  EXPECT_LT(velocity_error, 1e-5);
  EXPECT_LT(acceleration_error, 1e-3);
  // The multiplier is the force: Newton's law for the slider to round-off of the 2700 N it carries.
  EXPECT_LT(newton_error, 1e-6);
  // The extremes over the samples (every 0.3° of crank): within the grid's miss of the published figures.
  EXPECT_NEAR(lowest, -19420.0, 1.0);
  EXPECT_NEAR(highest, 9696.0, 2.0);
  EXPECT_NEAR(fastest, 28.41, 0.01);
  // The drive supplies every joule: the ledger closes to the integrator's tolerance.
  EXPECT_LT(result.max_energy_balance_error, 1e-7 * result.energy_scale);
}

}  // namespace
}  // namespace contactlab
