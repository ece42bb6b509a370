// SPDX-License-Identifier: MIT
// Tests of engine/kinematics: poses and velocities of a planar two-link arm against hand-derived forward
// kinematics, and point and angular velocities of random trees against finite differences of poses.
#include "engine/kinematics.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "contact/contact_kinematics.h"
#include "engine/data.h"
#include "engine/model.h"
#include "random_tree.h"

namespace contactlab {
namespace {

void expect_vector_near(const Vec3& actual, const Vec3& expected, double tolerance, const char* what) {
  EXPECT_LE((actual - expected).norm(), tolerance) << what << ": " << actual.transpose() << " vs "
                                                   << expected.transpose();
}

// Link 1 rotates about z at the origin; link 2 rotates about z at the end of link 1, (L1, 0, 0) in link 1's
// frame. Both links point along their body x axes.
struct PlanarArm {
  double length1 = 0.7;
  double length2 = 0.45;
  Model model;
  PlanarArm() {
    model = make_model();
    Body link1;
    link1.name = "link1";
    link1.parent = 0;
    link1.joint.type = JointType::kRevolute;
    link1.joint.axis = Vec3::UnitZ();
    link1.mass = 1.0;
    link1.com = Vec3(0.5 * length1, 0.0, 0.0);
    link1.inertia = 0.01 * Mat3::Identity();
    add_body(model, link1);
    Body link2 = link1;
    link2.name = "link2";
    link2.parent = 1;
    link2.joint.placement.translation() = Vec3(length1, 0.0, 0.0);
    link2.com = Vec3(0.5 * length2, 0.0, 0.0);
    add_body(model, link2);
    finalize(model);
  }
};

TEST(PlanarArmKinematics, PosesAndVelocitiesMatchHandDerivedForwardKinematics) {
  const PlanarArm arm;
  Data data(arm.model);
  const double q1 = 0.4, q2 = -1.1, w1 = 1.3, w2 = -0.6;
  Eigen::VectorXd q(2), v(2);
  q << q1, q2;
  v << w1, w2;
  forward_kinematics(arm.model, q, v, data);

  const double L1 = arm.length1, L2 = arm.length2;
  const double c1 = std::cos(q1), s1 = std::sin(q1), c12 = std::cos(q1 + q2), s12 = std::sin(q1 + q2);
  constexpr double kTolerance = 1e-14;

  // Elbow p1 = L1 (cos q1, sin q1); tip p2 = p1 + L2 (cos(q1+q2), sin(q1+q2)).
  const Vec3 elbow(L1 * c1, L1 * s1, 0.0);
  const Vec3 tip = elbow + Vec3(L2 * c12, L2 * s12, 0.0);
  expect_vector_near(data.motion[1].pose.translation(), Vec3::Zero(), kTolerance, "link 1 origin");
  expect_vector_near(data.motion[2].pose.translation(), elbow, kTolerance, "link 2 origin (elbow)");
  expect_vector_near(data.motion[1].pose * Vec3(L1, 0.0, 0.0), elbow, kTolerance, "end of link 1");
  expect_vector_near(data.motion[2].pose * Vec3(L2, 0.0, 0.0), tip, kTolerance, "end of link 2 (tip)");
  // Body x axes point along the links: (cos q1, sin q1, 0) and (cos(q1+q2), sin(q1+q2), 0).
  expect_vector_near(data.motion[1].pose.linear().col(0), Vec3(c1, s1, 0.0), kTolerance, "link 1 x axis");
  expect_vector_near(data.motion[2].pose.linear().col(0), Vec3(c12, s12, 0.0), kTolerance, "link 2 x axis");
  expect_vector_near(com_position(arm.model, data, 2), elbow + 0.5 * Vec3(L2 * c12, L2 * s12, 0.0), kTolerance,
                     "link 2 centre of mass");

  // Angular velocities add along the chain about the common z axis.
  expect_vector_near(data.motion[1].angular_velocity, Vec3(0.0, 0.0, w1), kTolerance, "ω1");
  expect_vector_near(data.motion[2].angular_velocity, Vec3(0.0, 0.0, w1 + w2), kTolerance, "ω2");

  // Time derivatives of the positions above.
  const Vec3 elbow_velocity(-L1 * s1 * w1, L1 * c1 * w1, 0.0);
  const Vec3 tip_velocity = elbow_velocity + Vec3(-L2 * s12 * (w1 + w2), L2 * c12 * (w1 + w2), 0.0);
  expect_vector_near(data.motion[1].linear_velocity, Vec3::Zero(), kTolerance, "link 1 origin velocity");
  expect_vector_near(data.motion[2].linear_velocity, elbow_velocity, kTolerance, "elbow velocity");
  expect_vector_near(point_velocity(data.motion[1], elbow), elbow_velocity, kTolerance, "elbow as a point of link 1");
  expect_vector_near(point_velocity(data.motion[2], tip), tip_velocity, kTolerance, "tip velocity");

  // Body-frame spatial velocity of link 2: [ω; v_origin] rotated into the body axes.
  const Mat3 R2 = data.motion[2].pose.linear();
  expect_vector_near(data.velocity[2].head<3>(), Vec3(0.0, 0.0, w1 + w2), kTolerance, "body-frame ω2");
  expect_vector_near(data.velocity[2].tail<3>(), R2.transpose() * elbow_velocity, kTolerance, "body-frame v2");
}

TEST(PlanarArmKinematics, TipVelocityEqualsFiniteDifferenceOfTipPosition) {
  const PlanarArm arm;
  Data data(arm.model);
  Eigen::VectorXd q(2), v(2);
  q << -0.3, 2.1;
  v << 0.8, 1.7;
  const Vec3 tip_local(arm.length2, 0.0, 0.0);
  auto tip_at = [&](double t) {
    forward_kinematics(arm.model, q + t * v, v, data);
    return Vec3(data.motion[2].pose * tip_local);
  };
  // Central difference: truncation O(h²) ≈ 1e-10 and round-off ≈ 1e-16/h ≈ 1e-10 for h = 1e-5.
  const double h = 1e-5;
  const Vec3 finite_difference = (tip_at(h) - tip_at(-h)) / (2.0 * h);
  forward_kinematics(arm.model, q, v, data);
  const Vec3 analytic = point_velocity(data.motion[2], data.motion[2].pose * tip_local);
  expect_vector_near(analytic, finite_difference, 1e-8 * analytic.norm(), "tip velocity");
}

class RandomTreeKinematics : public ::testing::TestWithParam<unsigned> {};

// In 3-D, with random axes and placements: the velocity of any body-fixed point and the angular velocity
// equal the time derivatives of the poses along q(t) = q + t q̇, q̇ = N(q) v.
TEST_P(RandomTreeKinematics, PointAndAngularVelocitiesEqualFiniteDifferencesOfPoses) {
  test::RandomSource random(GetParam());
  const Model model = test::make_random_tree(random, 2 + static_cast<int>(GetParam() % 8));
  Data data(model);
  const Eigen::VectorXd q = test::random_configuration(random, model);
  const Eigen::VectorXd v = random.vector_n(model.nv, 2.0);
  Eigen::VectorXd qdot(model.nq);
  configuration_derivative(model, q, v, qdot);
  const double h = 1e-5;
  Data plus(model), minus(model);
  forward_kinematics(model, q, v, data);
  forward_kinematics(model, q + h * qdot, v, plus);
  forward_kinematics(model, q - h * qdot, v, minus);
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Vec3 local = random.vector(1.0);
    const Vec3 finite_difference = (plus.motion[i].pose * local - minus.motion[i].pose * local) / (2.0 * h);
    const Vec3 analytic = point_velocity(data.motion[i], data.motion[i].pose * local);
    expect_vector_near(analytic, finite_difference, 1e-8 * std::max(1.0, analytic.norm()), "point velocity");

    // R(t+h) R(t−h)ᵀ is a rotation by 2h|ω| about ω to first order.
    const Eigen::AngleAxisd rotation(Mat3(plus.motion[i].pose.linear() * minus.motion[i].pose.linear().transpose()));
    const Vec3 omega = rotation.angle() / (2.0 * h) * rotation.axis();
    expect_vector_near(data.motion[i].angular_velocity, omega, 1e-8 * std::max(1.0, omega.norm()), "ω");
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomTreeKinematics, ::testing::Range(1u, 21u));

}  // namespace
}  // namespace contactlab
