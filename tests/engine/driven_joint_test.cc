// SPDX-License-Identifier: MIT
// Driven joints (engine/drive.h) against closed forms: the torque of a crank at constant speed, a pendulum on a
// sinusoidally driven cart against its own equation of motion integrated independently, the energy ledger with the
// drive's work, contacts seeing a driven joint as locked, the table's cubic spline.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/drive.h"
#include "engine/dynamics.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/simulate.h"

namespace contactlab {
namespace {

constexpr double kG = 9.81;
constexpr double kPi = std::numbers::pi;

SimulationOptions options(double duration) {
  SimulationOptions o;
  o.duration = duration;
  o.integrator.relative_tolerance = 1e-11;
  o.integrator.absolute_tolerance = 1e-13;
  o.output_interval = duration / 200.0;
  return o;
}

// A crank about z turning at ω from φ, carrying a point mass m at radius r; gravity −y.
Model crank(double mass, double radius, double speed, double start) {
  Model model = make_model();
  model.gravity = Vec3(0.0, -kG, 0.0);
  Body arm;
  arm.name = "crank";
  arm.parent = 0;
  arm.joint.type = JointType::kRevolute;
  arm.joint.drive.kind = Drive::Kind::kSpeed;
  arm.joint.drive.speed = speed;
  arm.joint.drive.start = start;
  arm.mass = mass;
  arm.com = Vec3(radius, 0.0, 0.0);
  add_body(model, arm);
  finalize(model);
  return model;
}

TEST(DrivenJoint, CrankAtConstantSpeedNeedsTheGravityTorqueOnly) {
  // The mass at angle θ = ωt + φ: gravity's moment about z is −m g r cos θ and at constant speed there is no inertia
  // torque, so the drive applies m g r cos θ. θ is linear in t, which every Runge–Kutta method integrates exactly:
  // the torque agrees to round-off.
  const double m = 0.3, r = 0.05, omega = 523.6, phi = 0.4;
  const Model model = crank(m, r, omega, phi);
  Data data(model);
  State state = make_state(model);
  state.q[0] = phi;
  state.v[0] = omega;
  int samples = 0;
  double worst = 0.0;
  // Nothing here moves freely, so nothing bounds the step but max_step: the drive's work is a quadrature outside
  // the error control (docs/engine.md), resolved at 1200 steps per turn.
  SimulationOptions run = options(0.1);
  run.integrator.max_step = 1e-5;
  const SimulationResult result = simulate(model, state, data, run, [&](const State& s, const Data& d) {
    const double angle = omega * s.time + phi;
    EXPECT_NEAR(s.q[0], angle, 1e-12 * angle);
    EXPECT_EQ(d.qdd[0], 0.0);
    worst = std::max(worst, std::abs(d.drive_force[0] - m * kG * r * std::cos(angle)));
    ++samples;
  });
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_GT(samples, 100);
  EXPECT_LT(worst, 1e-9 * m * kG * r);  // the angle's round-off at 52 rad, times m g r
  EXPECT_NEAR(state.v[0], omega, 1e-12 * omega);
  EXPECT_LT(result.max_energy_balance_error, 1e-9 * result.energy_scale);
}

// A cart of mass M on x, driven x = A sin(2π f t), carrying a pendulum: a point bob m at length L below a pivot
// about z at the cart's origin; gravity −y, θ = 0 hanging.
Model cart_pendulum(double cart_mass, double bob_mass, double length, double amplitude, double frequency) {
  Model model = make_model();
  model.gravity = Vec3(0.0, -kG, 0.0);
  Body cart;
  cart.name = "cart";
  cart.parent = 0;
  cart.joint.type = JointType::kPrismatic;
  cart.joint.axis = Vec3::UnitX();
  cart.joint.drive.kind = Drive::Kind::kSine;
  cart.joint.drive.amplitude = amplitude;
  cart.joint.drive.frequency = frequency;
  cart.mass = cart_mass;
  cart.inertia = Mat3::Identity() * 1e-3;
  const int index = add_body(model, cart);
  Body bob;
  bob.name = "bob";
  bob.parent = index;
  bob.joint.type = JointType::kRevolute;
  bob.mass = bob_mass;
  bob.com = Vec3(0.0, -length, 0.0);
  add_body(model, bob);
  finalize(model);
  return model;
}

// θ̈ = −(g/L) sin θ − (ẍ/L) cos θ with ẍ = −A ω² sin ωt, by classical RK4 at a step small enough that its error
// (h⁴: ~1e-14 here) is far below what the test asks.
Eigen::Vector2d pendulum_on_cart(double length, double amplitude, double frequency, double theta0, double end) {
  const double omega = 2.0 * kPi * frequency;
  auto rate = [&](double t, const Eigen::Vector2d& y) {
    const double xdd = -amplitude * omega * omega * std::sin(omega * t);
    return Eigen::Vector2d(y[1], -kG / length * std::sin(y[0]) - xdd / length * std::cos(y[0]));
  };
  Eigen::Vector2d y(theta0, 0.0);
  const int steps = 200000;
  const double h = end / steps;
  for (int k = 0; k < steps; ++k) {
    const double t = k * h;
    const Eigen::Vector2d k1 = rate(t, y);
    const Eigen::Vector2d k2 = rate(t + h / 2, y + h / 2 * k1);
    const Eigen::Vector2d k3 = rate(t + h / 2, y + h / 2 * k2);
    const Eigen::Vector2d k4 = rate(t + h, y + h * k3);
    y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return y;
}

TEST(DrivenJoint, PendulumOnASinusoidalCartFollowsItsEquationAndTheDriveForceIsNewtons) {
  const double M = 2.0, m = 0.5, L = 0.4, A = 0.05, f = 1.3, theta0 = 0.3, end = 2.0;
  const double omega = 2.0 * kPi * f;
  const Model model = cart_pendulum(M, m, L, A, f);
  Data data(model);
  State state = make_state(model);
  state.v[0] = A * omega;  // the drive at t = 0 (the scene compiler sets it so)
  state.q[1] = theta0;
  double worst_force = 0.0;
  double force_scale = 0.0;
  const SimulationResult result = simulate(model, state, data, options(end), [&](const State& s, const Data& d) {
    // F = (M + m) ẍ + m L (θ̈ cos θ − θ̇² sin θ): the horizontal momentum balance of cart and bob.
    const double xdd = -A * omega * omega * std::sin(omega * s.time);
    const double theta = s.q[1], rate = s.v[1], acceleration = d.qdd[1];
    EXPECT_NEAR(d.qdd[0], xdd, 1e-12 * A * omega * omega);
    EXPECT_NEAR(s.q[0], A * std::sin(omega * s.time), 1e-9 * A);  // the drive's position, integrated to tolerance
    const double expected = (M + m) * xdd + m * L * (acceleration * std::cos(theta) - rate * rate * std::sin(theta));
    worst_force = std::max(worst_force, std::abs(d.drive_force[0] - expected));
    force_scale = std::max(force_scale, std::abs(expected));
  });
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_LT(worst_force, 1e-10 * force_scale);
  const Eigen::Vector2d reference = pendulum_on_cart(L, A, f, theta0, end);
  EXPECT_NEAR(state.q[1], reference[0], 1e-8);
  EXPECT_NEAR(state.v[1], reference[1], 1e-7);
}

TEST(DrivenJoint, TheLedgerClosesWithTheDrivesWorkOverTwoSeconds) {
  // E + W_dissipated − W_joints = E(0), W_joints here the drive's work ∫ F ẋ dt: the run's balance check holds it to
  // energy_tolerance; measured against the scale, it closes to the integrator's tolerance.
  const Model model = cart_pendulum(2.0, 0.5, 0.4, 0.05, 1.3);
  Data data(model);
  State state = make_state(model);
  state.v[0] = 0.05 * 2.0 * kPi * 1.3;
  state.q[1] = 0.3;
  const SimulationResult result = simulate(model, state, data, options(2.0));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  forward(model, state, data);
  const Energy e = energy(model, state, data);
  EXPECT_GT(std::abs(e.joint_work), 1e-3);  // the drive does work (its sign changes with the swing)
  EXPECT_LT(result.max_energy_balance_error, 1e-9 * result.energy_scale);
  EXPECT_NEAR(e.balance(), result.initial_energy, 1e-9 * result.energy_scale);
}

TEST(DrivenJoint, ContactsSeeADrivenJointLocked) {
  // The bob at θ, pushed along x. The cart driven, the pivot holds still: only the swing's tangent (cos θ, sin θ)
  // yields, m_eff = m / cos²θ, and the drive takes the rest of the push, F = m L θ̈ cos θ − 1 = −sin²θ (θ̈ = cos θ/(m L)
  // at rest without gravity). The cart free: 1/m_eff = J M⁻¹ Jᵀ with M = [[M + m, m L c], [m L c, m L²]] and
  // J = [1, L c], which is (m s² + M c²)/(m (M + m s²)).
  const double M = 2.0, m = 0.5, L = 0.4, theta = 0.5;
  const double c = std::cos(theta), s = std::sin(theta);
  const Vec3 bob(L * s, -L * c, 0.0);
  const Model driven = cart_pendulum(M, m, L, 0.05, 1.3);
  Data data(driven);
  State state = make_state(driven);
  state.q[1] = theta;
  forward(driven, state, data);
  EXPECT_NEAR(effective_mass(driven, data, 0, bob, 2, bob, Vec3::UnitX()), m / (c * c), 1e-12 * m);
  EXPECT_EQ(data.probe_qdd[0], 0.0);
  EXPECT_NEAR(data.probe_drive_force[0], -s * s, 1e-12);
  // A push on the cart itself meets the drive alone: nothing yields.
  EXPECT_TRUE(std::isinf(effective_mass(driven, data, 0, Vec3::Zero(), 1, Vec3::Zero(), Vec3::UnitX())));
  Model free = cart_pendulum(M, m, L, 0.05, 1.3);
  free.bodies[1].joint.drive = Drive{};
  finalize(free);
  Data free_data(free);
  forward(free, state, free_data);
  EXPECT_NEAR(effective_mass(free, free_data, 0, bob, 2, bob, Vec3::UnitX()), m * (M + m * s * s) / (m * s * s + M * c * c),
              1e-12 * m);
}

TEST(DrivenJoint, TableIsANaturalCubicSplineTwiceDifferentiable) {
  // Through samples of a cubic the natural spline is not the cubic (its ends have q̈ = 0), but through a straight
  // line it is the line, and through (0,0), (1,1), (2,0) it is the symmetric spline with M₁ = −3: q(0.5) = 11/16.
  const Drive line = table_drive({0.0, 1.0, 3.0, 4.5}, {1.0, 3.0, 7.0, 10.0});
  for (double t : {0.0, 0.7, 2.2, 4.5}) {
    const DrivenMotion motion = line(t);
    EXPECT_NEAR(motion.position, 1.0 + 2.0 * t, 1e-14);
    EXPECT_NEAR(motion.rate, 2.0, 1e-14);
    EXPECT_NEAR(motion.acceleration, 0.0, 1e-14);
  }
  const Drive hat = table_drive({0.0, 1.0, 2.0}, {0.0, 1.0, 0.0});
  EXPECT_NEAR(hat(1.0).acceleration, -3.0, 1e-14);
  EXPECT_NEAR(hat(0.5).position, 11.0 / 16.0, 1e-14);
  EXPECT_NEAR(hat(1.0).rate, 0.0, 1e-14);
  // q̇ and q̈ continuous at the knot, from either side.
  EXPECT_NEAR(hat(1.0 - 1e-9).rate, hat(1.0 + 1e-9).rate, 1e-8);
  EXPECT_NEAR(hat(1.0 - 1e-9).acceleration, hat(1.0 + 1e-9).acceleration, 1e-8);
  // q̇ is the derivative of q, q̈ of q̇ (central differences, h = 1e-5: error ~1e-10).
  const double h = 1e-5;
  for (double t : {0.3, 1.4}) {
    EXPECT_NEAR((hat(t + h).position - hat(t - h).position) / (2 * h), hat(t).rate, 1e-8);
    EXPECT_NEAR((hat(t + h).rate - hat(t - h).rate) / (2 * h), hat(t).acceleration, 1e-8);
  }
}

}  // namespace
}  // namespace contactlab
