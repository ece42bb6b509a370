// SPDX-License-Identifier: MIT
// Tests of engine/dynamics: the O(n) articulated-body algorithm against the dense M(q) q̈ = τ − b(q, q̇)
// built from the composite-rigid-body and recursive Newton–Euler algorithms, closed-form pendulums and
// free fall, and the effective mass along a contact normal.
#include "engine/dynamics.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include "contact/contact_kinematics.h"
#include "engine/data.h"
#include "engine/kinematics.h"
#include "engine/model.h"
#include "random_tree.h"

namespace contactlab {
namespace {

constexpr double kGravity = 9.81;

double relative_difference(const Eigen::VectorXd& actual, const Eigen::VectorXd& expected) {
  return (actual - expected).norm() / std::max(expected.norm(), 1e-300);
}

// ---------------------------------------------------------------------------------------------------------
// ABA against the dense solve on random trees.

class RandomTreeDynamics : public ::testing::TestWithParam<unsigned> {};

TEST_P(RandomTreeDynamics, AbaEqualsDenseSolveOfMassMatrixAndInverseDynamics) {
  test::RandomSource random(GetParam());
  const int body_count = 1 + static_cast<int>(GetParam() % 12);
  const Model model = test::make_random_tree(random, body_count);
  Data data(model);
  const Eigen::VectorXd q = test::random_configuration(random, model);
  const Eigen::VectorXd v = random.vector_n(model.nv, 2.0);
  forward_kinematics(model, q, v, data);
  data.tau = random.vector_n(model.nv, 5.0);
  for (std::size_t i = 1; i < model.bodies.size(); ++i) data.external_force[i] = random.spatial(3.0);
  // Sliders (prismatic leaves on the world) also take forces along their axes, as generalized forces at their
  // velocities (zero at the others').
  data.slider_force.setZero();
  for (int v : model.sliders.v_index) data.slider_force[v] = random.uniform(-4.0, 4.0);
  const Eigen::VectorXd applied = data.tau + data.slider_force;

  forward_dynamics(model, data);
  const Eigen::VectorXd qdd_aba = data.qdd;

  // M q̈ = τ − b, with b = ID(q, q̇, 0) the velocity, gravity and external-force terms: the same equation the
  // ABA solves, so both must agree to round-off (1e-10 leaves room for the conditioning of M).
  const Eigen::MatrixXd M = mass_matrix(model, data);
  const Eigen::VectorXd bias = inverse_dynamics(model, data, Eigen::VectorXd::Zero(model.nv));
  const Eigen::LLT<Eigen::MatrixXd> cholesky(M);
  ASSERT_EQ(cholesky.info(), Eigen::Success) << "M(q) must be positive definite";
  const Eigen::VectorXd qdd_dense = cholesky.solve(applied - bias);
  EXPECT_LT(relative_difference(qdd_aba, qdd_dense), 1e-10) << "ABA: " << qdd_aba.transpose()
                                                             << "\ndense: " << qdd_dense.transpose();

  // Inverse dynamics at the ABA acceleration gives back the applied τ (the two algorithms invert each other).
  const Eigen::VectorXd tau_back = inverse_dynamics(model, data, qdd_aba);
  EXPECT_LT(relative_difference(tau_back, applied), 1e-10);
}

// The trees above exercise the sliders' own path (Model::sliders) and the world leaves' closed form
// (Model::world_leaves) beside the articulated-body algorithm, in the same trees.
TEST(RandomTreeDynamicsCoverage, SomeTreesHaveSlidersWorldLeavesAndDeepPrismaticJoints) {
  int with_sliders = 0, deep_prismatic = 0, leaves_and_articulated = 0;
  for (unsigned seed = 1; seed < 41; ++seed) {
    test::RandomSource random(seed);
    const Model model = test::make_random_tree(random, 1 + static_cast<int>(seed % 12));
    with_sliders += model.sliders.size() > 0 ? 1 : 0;
    leaves_and_articulated += !model.world_leaves.empty() && !model.articulated_bodies.empty() ? 1 : 0;
    for (const Body& body : model.bodies) {
      deep_prismatic += body.joint.type == JointType::kPrismatic && (body.parent != 0 || body.children > 0) ? 1 : 0;
    }
  }
  EXPECT_GE(with_sliders, 5);
  EXPECT_GE(deep_prismatic, 5);
  EXPECT_GE(leaves_and_articulated, 5);
}

TEST_P(RandomTreeDynamics, MassMatrixIsSymmetricPositiveDefiniteAndMatchesInverseDynamicsColumns) {
  test::RandomSource random(GetParam());
  const int body_count = 1 + static_cast<int>(GetParam() % 12);
  Model model = test::make_random_tree(random, body_count);
  model.gravity.setZero();
  Data data(model);
  const Eigen::VectorXd q = test::random_configuration(random, model);
  forward_kinematics(model, q, Eigen::VectorXd::Zero(model.nv), data);  // q̇ = 0: ID(e_j) = M e_j exactly

  const Eigen::MatrixXd M = mass_matrix(model, data);
  const double scale = M.cwiseAbs().maxCoeff();
  EXPECT_LE((M - M.transpose()).cwiseAbs().maxCoeff(), 1e-14 * scale);
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(M);
  EXPECT_GT(eigen.eigenvalues().minCoeff(), 0.0) << "M(q) must be positive definite";

  // With q̇ = 0, g = 0 and no external force, RNEA is linear in q̈: column j of M is ID(e_j).
  for (int j = 0; j < model.nv; ++j) {
    const Eigen::VectorXd column = inverse_dynamics(model, data, Eigen::VectorXd::Unit(model.nv, j));
    EXPECT_LT(relative_difference(M.col(j), column), 1e-12) << "column " << j;
  }
}

// Effective mass from the O(n) probe equals 1/(J_n M⁻¹ J_nᵀ) with J_n built column by column from point
// velocities (J_n e_j = n·(v_PA − v_PB) at q̇ = e_j).
TEST_P(RandomTreeDynamics, EffectiveMassEqualsDenseFormula) {
  test::RandomSource random(GetParam());
  const int body_count = 2 + static_cast<int>(GetParam() % 11);
  const Model model = test::make_random_tree(random, body_count);
  Data data(model);
  const Eigen::VectorXd q = test::random_configuration(random, model);
  forward_kinematics(model, q, Eigen::VectorXd::Zero(model.nv), data);
  const Eigen::MatrixXd M = mass_matrix(model, data);

  const int body_a = random.integer(0, body_count);
  const int body_b = random.integer(1, body_count);
  const Vec3 point_a = random.vector(1.0);
  const Vec3 point_b = random.vector(1.0);
  const Vec3 normal = random.unit_vector();

  Eigen::RowVectorXd J(model.nv);
  Data probe(model);
  for (int j = 0; j < model.nv; ++j) {
    forward_kinematics(model, q, Eigen::VectorXd::Unit(model.nv, j), probe);
    J[j] = normal.dot(point_velocity(probe.motion[static_cast<std::size_t>(body_a)], point_a) -
                      point_velocity(probe.motion[static_cast<std::size_t>(body_b)], point_b));
  }
  const double inverse_mass = (J * M.ldlt().solve(J.transpose())).value();
  const double m_eff = effective_mass(model, data, body_a, point_a, body_b, point_b, normal);
  if (inverse_mass > 1e-12) {
    EXPECT_NEAR(m_eff, 1.0 / inverse_mass, 1e-10 / inverse_mass) << "bodies " << body_a << ", " << body_b;
  } else {
    // Neither point can move along the normal (e.g. both on fixed bodies): the mass is infinite.
    EXPECT_GT(m_eff, 1e10);
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomTreeDynamics, ::testing::Range(1u, 41u));

// ---------------------------------------------------------------------------------------------------------
// Closed forms.

// A pendulum about z through the origin of its joint frame, hanging along −y at q = 0, under gravity −y.
Model make_pendulum(double mass, const Vec3& com, const Mat3& inertia_com) {
  Model model = make_model();
  model.gravity = Vec3(0.0, -kGravity, 0.0);
  Body body;
  body.name = "pendulum";
  body.parent = 0;
  body.joint.type = JointType::kRevolute;
  body.joint.axis = Vec3::UnitZ();
  body.joint.placement.translation() = Vec3(0.3, 1.2, -0.4);  // where the pivot sits does not matter
  body.mass = mass;
  body.com = com;
  body.inertia = inertia_com;
  add_body(model, body);
  finalize(model);
  return model;
}

double pendulum_acceleration(const Model& model, double angle, double rate) {
  Data data(model);
  Eigen::VectorXd q(1), v(1);
  q << angle;
  v << rate;
  forward_kinematics(model, q, v, data);
  forward_dynamics(model, data);
  return data.qdd[0];
}

TEST(PendulumDynamics, SimplePendulumAccelerationIsMinusGOverLSinTheta) {
  // A point bob (no inertia about its centre) at distance L: I = m L², torque −m g L sin θ.
  const double length = 0.8;
  const Model model = make_pendulum(1.7, Vec3(0.0, -length, 0.0), Mat3::Zero());
  for (double angle : {0.0, 0.3, -1.1, 2.5}) {
    // The rate must not matter for a single revolute joint (no Coriolis term).
    for (double rate : {0.0, 2.0}) {
      const double expected = -kGravity / length * std::sin(angle);
      EXPECT_NEAR(pendulum_acceleration(model, angle, rate), expected, 1e-12 * kGravity / length)
          << "θ = " << angle << ", θ̇ = " << rate;
    }
  }
}

TEST(PendulumDynamics, CompoundRodAccelerationIsMinusThreeGOverTwoLSinTheta) {
  // Uniform thin rod of length L pivoted at one end: I_pivot = m L²/12 + m (L/2)² = m L²/3, torque
  // −m g (L/2) sin θ, so q̈ = −(3 g / 2 L) sin θ.
  const double length = 1.3;
  const double mass = 2.4;
  const double rod = mass * length * length / 12.0;
  const Model model = make_pendulum(mass, Vec3(0.0, -0.5 * length, 0.0), Vec3(rod, 0.0, rod).asDiagonal());
  for (double angle : {0.0, 0.7, -2.0, 3.0}) {
    const double expected = -1.5 * kGravity / length * std::sin(angle);
    EXPECT_NEAR(pendulum_acceleration(model, angle, 1.5), expected, 1e-12 * kGravity / length) << "θ = " << angle;
  }
}

Model make_slider(const Pose& placement, const Vec3& axis, const Vec3& gravity) {
  Model model = make_model();
  model.gravity = gravity;
  Body body;
  body.name = "slider";
  body.parent = 0;
  body.joint.type = JointType::kPrismatic;
  body.joint.axis = axis;
  body.joint.placement = placement;
  body.mass = 3.0;
  body.com = Vec3(0.1, -0.2, 0.3);  // an offset centre of mass cannot matter for pure translation
  body.inertia = Vec3(0.2, 0.3, 0.4).asDiagonal();
  add_body(model, body);
  finalize(model);
  return model;
}

TEST(PrismaticDynamics, VerticalFreeFallAcceleratesAtMinusG) {
  const Model model = make_slider(Pose::Identity(), Vec3::UnitZ(), Vec3(0.0, 0.0, -kGravity));
  Data data(model);
  Eigen::VectorXd q(1), v(1);
  q << 0.7;
  v << -1.2;
  forward_kinematics(model, q, v, data);
  forward_dynamics(model, data);
  EXPECT_NEAR(data.qdd[0], -kGravity, 1e-14 * kGravity);
}

TEST(PrismaticDynamics, TiltedSlideAcceleratesAtGravityAlongTheWorldAxis) {
  // The joint axis in the world is R_placement · axis; a frictionless slide accelerates at g·axis_world.
  Pose placement = Pose::Identity();
  placement.linear() = Eigen::AngleAxisd(0.6, Vec3(1.0, 2.0, -0.5).normalized()).toRotationMatrix();
  placement.translation() = Vec3(0.5, -0.3, 2.0);
  const Vec3 axis = Vec3(0.3, -0.4, 1.2).normalized();
  const Vec3 gravity(1.0, -2.0, -kGravity);
  const Model model = make_slider(placement, axis, gravity);
  Data data(model);
  Eigen::VectorXd q(1), v(1);
  q << -0.4;
  v << 0.9;
  forward_kinematics(model, q, v, data);
  forward_dynamics(model, data);
  EXPECT_NEAR(data.qdd[0], gravity.dot(placement.linear() * axis), 1e-14 * gravity.norm());
}

// ---------------------------------------------------------------------------------------------------------
// Effective mass.

// A rod of mass m and length L along the body's −y axis, pivoted about z at the world origin; at angle θ
// its direction is u = (sin θ, −cos θ, 0) and the tangent of its tip path t = (cos θ, sin θ, 0).
struct RodPendulum {
  double mass = 2.0;
  double length = 1.5;
  Model model;
  RodPendulum() {
    model = make_model();
    Body body;
    body.name = "rod";
    body.parent = 0;
    body.joint.type = JointType::kRevolute;
    body.joint.axis = Vec3::UnitZ();
    body.mass = mass;
    body.com = Vec3(0.0, -0.5 * length, 0.0);
    const double rod = mass * length * length / 12.0;
    body.inertia = Vec3(rod, 0.0, rod).asDiagonal();
    add_body(model, body);
    finalize(model);
  }
  double pivot_inertia() const { return mass * length * length / 3.0; }
};

TEST(EffectiveMass, PendulumTangentialIsPivotInertiaOverDistanceSquared) {
  // J_n q̇ = s θ̇ for a normal along the tangent at distance s: m_eff = I_pivot / s².
  const RodPendulum rod;
  Data data(rod.model);
  for (double angle : {0.0, 0.4, -2.2}) {
    Eigen::VectorXd q(1);
    q << angle;
    forward_kinematics(rod.model, q, Eigen::VectorXd::Zero(1), data);
    const Vec3 direction(std::sin(angle), -std::cos(angle), 0.0);
    const Vec3 tangent(std::cos(angle), std::sin(angle), 0.0);
    for (double s : {0.5, 1.5, 2.0}) {
      const Vec3 point = s * direction;
      const double expected = rod.pivot_inertia() / (s * s);
      // The rod as body A against the world, and the world as A against the rod: the same mass.
      EXPECT_NEAR(effective_mass(rod.model, data, 1, point, 0, point, tangent), expected, 1e-12 * expected);
      EXPECT_NEAR(effective_mass(rod.model, data, 0, point, 1, point, -tangent), expected, 1e-12 * expected);
    }
  }
}

TEST(EffectiveMass, PendulumAlongTheRodIsInfinite) {
  // A normal through the pivot has no lever arm: the point cannot move along it, so m_eff = ∞.
  const RodPendulum rod;
  Data data(rod.model);
  Eigen::VectorXd q(1);
  q << 0.0;  // R = 1 exactly, so the lever arm r × n vanishes exactly
  forward_kinematics(rod.model, q, Eigen::VectorXd::Zero(1), data);
  const Vec3 tip = rod.length * Vec3(0.0, -1.0, 0.0);
  EXPECT_TRUE(std::isinf(effective_mass(rod.model, data, 1, tip, 0, tip, Vec3(0.0, -1.0, 0.0))));

  // At a general angle the lever arm is zero only to round-off: 1/m_eff vanishes relative to s²/I_pivot.
  const double angle = 0.9;
  q << angle;
  forward_kinematics(rod.model, q, Eigen::VectorXd::Zero(1), data);
  const Vec3 direction(std::sin(angle), -std::cos(angle), 0.0);
  const double m_eff = effective_mass(rod.model, data, 1, rod.length * direction, 0, Vec3::Zero(), direction);
  EXPECT_LE(1.0 / m_eff, 1e-12 * rod.length * rod.length / rod.pivot_inertia());
}

// Two spheres on prismatic joints along x (masses m1 at x = 0, m2 at x = 1).
Model make_two_sliders(double m1, double m2) {
  Model model = make_model();
  for (int i = 0; i < 2; ++i) {
    Body body;
    body.name = i == 0 ? "sphere1" : "sphere2";
    body.parent = 0;
    body.joint.type = JointType::kPrismatic;
    body.joint.axis = Vec3::UnitX();
    body.joint.placement.translation() = Vec3(i, 0.0, 0.0);
    body.mass = i == 0 ? m1 : m2;
    body.inertia = 0.4 * body.mass * 0.01 * Mat3::Identity();  // solid sphere of radius 0.1
    add_body(model, body);
  }
  finalize(model);
  return model;
}

TEST(EffectiveMass, TwoSlidingSpheresGiveTheReducedMass) {
  // Central impact along x: J_n q̇ = q̇1 − q̇2, M = diag(m1, m2), so m_eff = 1/(1/m1 + 1/m2) = m1 m2/(m1 + m2).
  const double m1 = 0.7;
  const double m2 = 2.9;
  const Model model = make_two_sliders(m1, m2);
  Data data(model);
  Eigen::VectorXd q(2);
  q << 0.2, -0.1;
  forward_kinematics(model, q, Eigen::VectorXd::Zero(2), data);
  const Vec3 point_a(0.3, 0.0, 0.0);  // surface of sphere 1 (radius 0.1 at x = 0.2)
  const Vec3 point_b(0.8, 0.0, 0.0);  // surface of sphere 2 (radius 0.1 at x = 0.9)
  const double reduced = m1 * m2 / (m1 + m2);
  EXPECT_NEAR(effective_mass(model, data, 1, point_a, 2, point_b, Vec3::UnitX()), reduced, 1e-14 * reduced);

  // An oblique normal n = (cos φ, sin φ, 0): J_n q̇ = cos φ (q̇1 − q̇2), so m_eff = m_reduced / cos² φ.
  const double phi = 0.5;
  const Vec3 oblique(std::cos(phi), std::sin(phi), 0.0);
  const double expected = reduced / (std::cos(phi) * std::cos(phi));
  EXPECT_NEAR(effective_mass(model, data, 1, point_a, 2, point_b, oblique), expected, 1e-13 * expected);
}

TEST(EffectiveMass, SphereAgainstTheWorldIsItsOwnMass) {
  // The world (body 0) is infinitely heavy: m_eff = m1, whichever side it is on.
  const double m1 = 0.7;
  const Model model = make_two_sliders(m1, 2.9);
  Data data(model);
  forward_kinematics(model, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Zero(2), data);
  const Vec3 wall(-0.1, 0.0, 0.0);
  EXPECT_NEAR(effective_mass(model, data, 0, wall, 1, wall, Vec3::UnitX()), m1, 1e-14 * m1);
  EXPECT_NEAR(effective_mass(model, data, 1, wall, 0, wall, -Vec3::UnitX()), m1, 1e-14 * m1);
  // A normal perpendicular to the slide: the sphere cannot move along it.
  EXPECT_TRUE(std::isinf(effective_mass(model, data, 0, wall, 1, wall, Vec3::UnitY())));
}

}  // namespace
}  // namespace contactlab
