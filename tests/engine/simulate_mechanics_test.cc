// SPDX-License-Identifier: MIT
// engine/simulate without contacts: mechanisms against closed forms, conservation laws, every joint type and
// every integrator (their orders of convergence), force elements.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/dynamics.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/kinematics.h"
#include "engine/simulate.h"

namespace contactlab {
namespace {

constexpr double kG = 9.81;

SimulationOptions options(double duration, IntegratorMethod method = IntegratorMethod::kDormandPrince,
                          double tolerance = 1e-12, double step = 1e-3) {
  SimulationOptions o;
  o.duration = duration;
  o.integrator.method = method;
  o.integrator.relative_tolerance = tolerance;
  o.integrator.absolute_tolerance = tolerance * 1e-2;
  o.integrator.step = step;
  return o;
}

// A point mass m at distance L from a revolute joint about z, gravity −y; θ = 0 hangs down.
Model point_pendulum(double length) {
  Model model = make_model();
  model.gravity = Vec3(0.0, -kG, 0.0);
  Body bob;
  bob.name = "bob";
  bob.parent = 0;
  bob.joint.type = JointType::kRevolute;
  bob.joint.axis = Vec3::UnitZ();
  bob.mass = 1.0;
  bob.com = Vec3(0.0, -length, 0.0);
  add_body(model, bob);
  finalize(model);
  return model;
}

// Complete elliptic integral of the first kind K(k) by the arithmetic–geometric mean: K = π / (2 AGM(1, √(1−k²))).
double elliptic_k(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 40; ++i) {
    const double next = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = next;
  }
  return std::numbers::pi / (2.0 * a);
}

TEST(SimulateMechanics, PendulumPeriodAt170DegreesIsTheEllipticIntegral) {
  // T = 4 √(L/g) K(sin(θ₀/2)); released at rest from θ₀, after T/2 it is at −θ₀ at rest again.
  const double length = 1.0;
  const double amplitude = 170.0 * std::numbers::pi / 180.0;
  const double period = 4.0 * std::sqrt(length / kG) * elliptic_k(std::sin(0.5 * amplitude));
  const Model model = point_pendulum(length);
  Data data(model);
  State state = make_state(model);
  state.q[0] = amplitude;
  const SimulationResult result = simulate(model, state, data, options(0.5 * period));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  // Near a turning point θ̇ ≈ θ̈ δT, so the residual speed measures the period error δT.
  const double angular_acceleration = kG / length * std::sin(amplitude);
  EXPECT_LT(std::abs(state.v[0]) / angular_acceleration / period, 1e-8);
  EXPECT_NEAR(state.q[0], -amplitude, 1e-8 * amplitude);
}

// Two uniform rods in series (compound double pendulum), revolute about z, gravity −y.
Model double_rod_pendulum() {
  Model model = make_model();
  model.gravity = Vec3(0.0, -kG, 0.0);
  for (int i = 0; i < 2; ++i) {
    Body rod;
    rod.name = i == 0 ? "upper" : "lower";
    rod.parent = i;
    rod.joint.type = JointType::kRevolute;
    rod.joint.axis = Vec3::UnitZ();
    if (i == 1) rod.joint.placement.translation() = Vec3(0.0, -1.0, 0.0);
    rod.mass = 1.0;
    rod.com = Vec3(0.0, -0.5, 0.0);
    rod.inertia = Vec3(1.0 / 12.0, 1e-6, 1.0 / 12.0).asDiagonal();  // uniform rod of length 1 along y
    add_body(model, rod);
  }
  finalize(model);
  return model;
}

TEST(SimulateMechanics, DoublePendulumConservesEnergyOver100Seconds) {
  const Model model = double_rod_pendulum();
  Data data(model);
  State state = make_state(model);
  state.q << 2.0, -1.0;  // chaotic regime
  forward(model, state, data);
  const double initial = energy(model, state, data).total();
  const double scale = 2.0 * 1.0 * kG * 2.0;  // m g ΔH for the two rods' full height range
  const SimulationResult result = simulate(model, state, data, options(100.0, IntegratorMethod::kDormandPrince, 1e-10));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  forward(model, state, data);
  // Local errors of 1e-10 (relative) over ~1e5 steps: the drift stays within a few 1e-7 of the scale.
  EXPECT_LT(std::abs(energy(model, state, data).total() - initial) / scale, 1e-6);
  EXPECT_LT(result.max_energy_balance_error / scale, 1e-6);
}

TEST(SimulateMechanics, CompoundPendulumFollowsItsEquationOfMotion) {
  // Rod of length L about its end: θ̈ = −(3g/2L) sin θ; small oscillation period 2π √(2L/(3g)).
  Model model = make_model();
  model.gravity = Vec3(0.0, -kG, 0.0);
  Body rod;
  rod.name = "rod";
  rod.parent = 0;
  rod.joint.type = JointType::kRevolute;
  rod.mass = 2.0;
  rod.com = Vec3(0.0, -0.75, 0.0);
  rod.inertia = Vec3(2.0 * 1.5 * 1.5 / 12.0, 1e-6, 2.0 * 1.5 * 1.5 / 12.0).asDiagonal();
  add_body(model, rod);
  finalize(model);
  Data data(model);
  State state = make_state(model);
  const double amplitude = 1e-4;
  state.q[0] = amplitude;
  const double period = 2.0 * std::numbers::pi * std::sqrt(2.0 * 1.5 / (3.0 * kG));
  const SimulationResult result = simulate(model, state, data, options(period));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted);
  // The finite-amplitude period exceeds the linear one by a factor 1 + θ₀²/16 = 1 + 6e-10.
  EXPECT_NEAR(state.q[0], amplitude, 1e-7 * amplitude);
}

// A rigid body on a free joint, no gravity.
Model free_body(const Vec3& principal_inertia) {
  Model model = make_model();
  model.gravity.setZero();
  Body body;
  body.name = "body";
  body.parent = 0;
  body.joint.type = JointType::kFree;
  body.mass = 2.0;
  body.inertia = principal_inertia.asDiagonal();
  add_body(model, body);
  finalize(model);
  return model;
}

Vec3 angular_momentum_world(const Model& model, const State& state, Data& data) {
  forward_kinematics(model, state.q, state.v, data);
  const Mat3 R = data.motion[1].pose.linear();
  return R * (model.bodies[1].inertia * Vec3(state.v.head<3>()));
}

TEST(SimulateMechanics, TorqueFreeBodyConservesEnergyAndAngularMomentum) {
  const Model model = free_body(Vec3(1.0, 2.0, 3.0));
  Data data(model);
  State state = make_state(model);
  state.v.head<3>() = Vec3(0.3, 1.0, -0.7);  // body-frame ω
  state.v.tail<3>() = Vec3(0.5, 0.0, 0.2);   // body-frame velocity of the origin
  forward(model, state, data);
  const double initial_energy = energy(model, state, data).total();
  const Vec3 initial_momentum = angular_momentum_world(model, state, data);
  const SimulationResult result = simulate(model, state, data, options(20.0, IntegratorMethod::kDormandPrince, 1e-11));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  forward(model, state, data);
  EXPECT_NEAR(energy(model, state, data).total() / initial_energy, 1.0, 1e-8);
  EXPECT_LT((angular_momentum_world(model, state, data) - initial_momentum).norm() / initial_momentum.norm(), 1e-8);
  // The quaternion is kept at unit norm.
  EXPECT_NEAR(state.q.segment<4>(3).norm(), 1.0, 1e-12);
  // Linear momentum: the origin of a body whose COM is at its origin moves uniformly.
  EXPECT_NEAR(state.q[0], 0.5 * 20.0, 1e-7);
}

TEST(SimulateMechanics, IntermediateAxisIsUnstable) {
  // Spin about the intermediate axis flips (Dzhanibekov effect); about the major axis it stays.
  // The smallest value of the spin component over the run, from samples every 10 ms.
  const Model model = free_body(Vec3(1.0, 2.0, 3.0));
  auto minimum_spin = [&](const Vec3& omega, int axis) {
    Data data(model);
    State state = make_state(model);
    state.v.head<3>() = omega;
    SimulationOptions o = options(30.0, IntegratorMethod::kDormandPrince, 1e-10);
    o.output_interval = 0.01;
    double minimum = omega[axis];
    simulate(model, state, data, o, [&](const State& s, const Data&) { minimum = std::min(minimum, s.v[axis]); });
    return minimum;
  };
  EXPECT_LT(minimum_spin(Vec3(1e-3, 2.0, 1e-3), 1), -1.9);  // intermediate: reverses to about −2
  EXPECT_GT(minimum_spin(Vec3(1e-3, 1e-3, 2.0), 2), 1.99);  // major: stays
  EXPECT_GT(minimum_spin(Vec3(2.0, 1e-3, 1e-3), 0), 1.99);  // minor: stays
}

TEST(SimulateMechanics, ProjectileOnFreeAndPlanarJointsFollowsTheParabola) {
  // Free joint: p(t) = p₀ + v₀ t + ½ g t², whatever the body spins.
  Model free = free_body(Vec3(1.0, 2.0, 3.0));
  free.gravity = Vec3(0.0, -kG, 0.0);
  Data free_data(free);
  State free_state = make_state(free);
  const Vec3 v0(3.0, 4.0, 0.0);
  free_state.v.head<3>() = Vec3(0.0, 0.0, 2.0);  // spin about z keeps the motion planar
  free_state.v.tail<3>() = v0;                  // at identity orientation body frame = world
  const double t = 0.7;
  simulate(free, free_state, free_data, options(t));
  const Vec3 expected = v0 * t + 0.5 * Vec3(0.0, -kG, 0.0) * t * t;
  EXPECT_NEAR((free_state.q.head<3>() - expected).norm(), 0.0, 1e-9);

  // The same body on a planar joint (xy plane, rotation about z) gives the same trajectory.
  Model planar = make_model();
  planar.gravity = free.gravity;
  Body body = free.bodies[1];
  body.joint = Joint{};
  body.joint.type = JointType::kPlanar;
  add_body(planar, body);
  finalize(planar);
  Data planar_data(planar);
  State planar_state = make_state(planar);
  planar_state.v << v0.x(), v0.y(), 2.0;
  simulate(planar, planar_state, planar_data, options(t));
  EXPECT_NEAR(planar_state.q[0], free_state.q[0], 1e-9);
  EXPECT_NEAR(planar_state.q[1], free_state.q[1], 1e-9);
  EXPECT_NEAR(planar_state.q[2], 2.0 * t, 1e-9);
}

TEST(SimulateMechanics, SphericalPendulumMatchesTheRevoluteOneInItsPlane) {
  // A spherical joint started in the xy plane stays in it and follows the revolute pendulum.
  const double length = 0.8;
  const Model revolute = point_pendulum(length);
  Model spherical = make_model();
  spherical.gravity = revolute.gravity;
  Body bob = revolute.bodies[1];
  bob.joint = Joint{};
  bob.joint.type = JointType::kSpherical;
  bob.inertia = Mat3::Identity() * 1e-3;
  Body bob_revolute = bob;
  bob_revolute.joint = revolute.bodies[1].joint;
  add_body(spherical, bob);
  finalize(spherical);
  Model reference = make_model();
  reference.gravity = revolute.gravity;
  add_body(reference, bob_revolute);
  finalize(reference);

  Data data_s(spherical), data_r(reference);
  State s = make_state(spherical), r = make_state(reference);
  s.v << 0.0, 0.0, 3.0;  // ω about z, body frame
  r.v << 3.0;
  simulate(spherical, s, data_s, options(2.0));
  simulate(reference, r, data_r, options(2.0));
  // Angle about z from the quaternion (w, 0, 0, z): θ = 2 atan2(z, w).
  EXPECT_NEAR(2.0 * std::atan2(s.q[3], s.q[0]), std::remainder(r.q[0], 2.0 * std::numbers::pi), 1e-8);
  EXPECT_NEAR(s.v[2], r.v[0], 1e-8);
  EXPECT_NEAR(s.q[1], 0.0, 1e-12);
  EXPECT_NEAR(s.q[2], 0.0, 1e-12);
}

// A mass on a prismatic joint with a spring and a damper: x(t) of the underdamped oscillator.
TEST(SimulateMechanics, JointSpringDamperIsTheDampedOscillator) {
  Model model = make_model();
  model.gravity.setZero();
  Body mass;
  mass.name = "mass";
  mass.parent = 0;
  mass.joint.type = JointType::kPrismatic;
  mass.joint.axis = Vec3::UnitX();
  mass.joint.stiffness = 100.0;
  mass.joint.damping = 2.0;
  mass.joint.rest_position = 0.1;
  mass.mass = 1.0;
  add_body(model, mass);
  finalize(model);
  Data data(model);
  State state = make_state(model);
  state.q[0] = 0.3;  // 0.2 from rest
  const double omega0 = 10.0, zeta = 2.0 / (2.0 * std::sqrt(100.0 * 1.0)), t = 1.3;
  const double omega_d = omega0 * std::sqrt(1.0 - zeta * zeta);
  const double expected = 0.1 + 0.2 * std::exp(-zeta * omega0 * t) *
                                    (std::cos(omega_d * t) + zeta * omega0 / omega_d * std::sin(omega_d * t));
  const SimulationResult result = simulate(model, state, data, options(t));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_NEAR(state.q[0], expected, 1e-10);
  // E + W_dissipated − W_joints = E(0): the damper's work is negative and equals the lost energy.
  forward(model, state, data);
  const Energy e = energy(model, state, data);
  EXPECT_NEAR(e.total() - e.joint_work, 0.5 * 100.0 * 0.2 * 0.2, 1e-9);
  EXPECT_LT(e.joint_work, 0.0);
}

TEST(SimulateMechanics, ConstantAndSineEffortsDriveAWheel) {
  // I θ̈ = τ(t): θ = τ t²/(2I) for a constant torque; θ = A/(I ω²)(ω t − sin ω t) for τ = A sin ω t.
  for (bool sine : {false, true}) {
    Model model = make_model();
    model.gravity.setZero();
    Body wheel;
    wheel.name = "wheel";
    wheel.parent = 0;
    wheel.joint.type = JointType::kRevolute;
    wheel.mass = 1.0;
    wheel.inertia = Vec3(0.1, 0.1, 0.5).asDiagonal();
    if (sine) {
      wheel.joint.effort.kind = TimeFunction::Kind::kSine;
      wheel.joint.effort.amplitude = 2.0;
      wheel.joint.effort.frequency = 1.0 / (2.0 * std::numbers::pi);  // ω = 1 rad/s
    } else {
      wheel.joint.effort.value = 2.0;
    }
    add_body(model, wheel);
    finalize(model);
    Data data(model);
    State state = make_state(model);
    const SimulationResult result = simulate(model, state, data, options(2.0));
    ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
    const double expected = sine ? 2.0 / 0.5 * (2.0 - std::sin(2.0)) : 2.0 * 4.0 / (2.0 * 0.5);
    EXPECT_NEAR(state.q[0], expected, 1e-9);
    // All of the kinetic energy came from the effort.
    forward(model, state, data);
    const Energy e = energy(model, state, data);
    EXPECT_NEAR(e.kinetic, e.joint_work, 1e-9);
  }
}

TEST(SimulateMechanics, TimeFunctionTableInterpolatesAndHolds) {
  TimeFunction f;
  f.kind = TimeFunction::Kind::kTable;
  f.times = {0.0, 1.0, 3.0};
  f.values = {0.0, 2.0, -2.0};
  EXPECT_EQ(f(-1.0), 0.0);
  EXPECT_EQ(f(0.5), 1.0);
  EXPECT_EQ(f(2.0), 0.0);
  EXPECT_EQ(f(5.0), -2.0);
}

// Error at t = 2 s of the 120° pendulum against a tight Dormand–Prince reference.
double fixed_step_error(IntegratorMethod method, double step) {
  const Model model = point_pendulum(1.0);
  Data data(model);
  State reference = make_state(model);
  reference.q[0] = 2.0 * std::numbers::pi / 3.0;
  State state = reference;
  simulate(model, reference, data, options(2.0, IntegratorMethod::kDormandPrince, 1e-13));
  SimulationOptions o = options(2.0, method, 1e-8, step);
  o.energy_tolerance = 0.5;  // first-order symplectic Euler oscillates by O(h ω) in energy, which is expected
  simulate(model, state, data, o);
  return std::abs(state.q[0] - reference.q[0]) + std::abs(state.v[0] - reference.v[0]);
}

TEST(SimulateMechanics, FixedStepMethodsConvergeAtTheirOrder) {
  // Halving the step divides the error by 2^order.
  struct Case {
    IntegratorMethod method;
    double order;
    double step;
  };
  for (const Case& c : {Case{IntegratorMethod::kSymplecticEuler, 1.0, 1e-3}, Case{IntegratorMethod::kVelocityVerlet, 2.0, 1e-3},
                        Case{IntegratorMethod::kRungeKutta4, 4.0, 2e-2}}) {
    const double coarse = fixed_step_error(c.method, c.step);
    const double fine = fixed_step_error(c.method, 0.5 * c.step);
    const double observed = std::log2(coarse / fine);
    EXPECT_NEAR(observed, c.order, 0.15) << integrator_method_name(c.method) << ": " << coarse << " → " << fine;
  }
}

TEST(SimulateMechanics, BdfSolvesTheStiffSpringMassAccurately) {
  // A stiff damped spring (ω₀ = 1e3 rad/s, ζ = 5): BDF follows the overdamped solution without tiny steps.
  Model model = make_model();
  model.gravity.setZero();
  Body mass;
  mass.name = "mass";
  mass.parent = 0;
  mass.joint.type = JointType::kPrismatic;
  mass.joint.stiffness = 1e6;
  mass.joint.damping = 1e4;
  mass.mass = 1.0;
  add_body(model, mass);
  finalize(model);
  Data data(model);
  State state = make_state(model);
  state.q[0] = 1.0;
  const SimulationResult result = simulate(model, state, data, options(0.05, IntegratorMethod::kBdf, 1e-8));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  // Overdamped: x = A e^{r1 t} + B e^{r2 t}, r = −ζω₀ ± ω₀√(ζ²−1), x(0) = 1, ẋ(0) = 0.
  const double w = 1e3, z = 5.0, r1 = -z * w + w * std::sqrt(z * z - 1.0), r2 = -z * w - w * std::sqrt(z * z - 1.0);
  const double a = -r2 / (r1 - r2), b = r1 / (r1 - r2);
  EXPECT_NEAR(state.q[0], a * std::exp(r1 * 0.05) + b * std::exp(r2 * 0.05), 1e-6);
  EXPECT_LT(result.stats.steps, 2000);
}

}  // namespace
}  // namespace contactlab
