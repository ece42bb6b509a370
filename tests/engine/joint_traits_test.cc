// SPDX-License-Identifier: MIT
// engine/joint_traits: every row of the joint table — its name both ways, its sizes and units, its neutral
// configuration, q̇ = N(q) v against a finite difference of X(q), and the initial values it takes.
#include "engine/joint_traits.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

std::vector<JointType> all_types() {
  std::vector<JointType> types;
  for (int i = 0; i < kJointTypeCount; ++i) types.push_back(static_cast<JointType>(i));
  return types;
}

Joint make_joint(JointType type) {
  Joint joint;
  joint.type = type;
  joint.axis = Vec3(0.3, -0.5, 0.8).normalized();
  return joint;
}

// A configuration of the joint with every entry random and its quaternion (if any) of unit norm.
std::vector<double> random_configuration(const JointTraits& traits, std::mt19937& random) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> q(static_cast<std::size_t>(traits.nq));
  for (double& x : q) x = uniform(random);
  if (traits.quaternion >= 0) {
    Eigen::Map<Eigen::Vector4d> quaternion(q.data() + traits.quaternion);
    quaternion.normalize();
  }
  return q;
}

TEST(JointTraits, EveryNameRoundTrips) {
  const std::vector<std::string_view> names = joint_type_names();
  ASSERT_EQ(names.size(), static_cast<std::size_t>(kJointTypeCount));
  for (JointType type : all_types()) {
    const std::string_view name = joint_type_name(type);
    EXPECT_EQ(name, joint_traits(type).name);
    EXPECT_EQ(names[static_cast<std::size_t>(type)], name);
    ASSERT_TRUE(find_joint_type(name).has_value()) << name;
    EXPECT_EQ(*find_joint_type(name), type) << name;
  }
  EXPECT_FALSE(find_joint_type("helical").has_value());
}

// Every row is complete: sizes within the limits, a unit for each coordinate and velocity and none beyond, S of nv
// columns, and X at the neutral configuration the identity.
TEST(JointTraits, EveryRowIsConsistent) {
  for (JointType type : all_types()) {
    const JointTraits& t = joint_traits(type);
    SCOPED_TRACE(t.name);
    ASSERT_TRUE(t.subspace != nullptr && t.transform != nullptr);
    ASSERT_LE(t.nq, kMaxJointCoordinates);
    ASSERT_LE(t.nv, kMaxJointVelocities);
    EXPECT_GE(t.nq, t.nv);
    for (int k = 0; k < kMaxJointCoordinates; ++k) EXPECT_EQ(t.coordinate_units[k] != nullptr, k < t.nq) << k;
    for (int k = 0; k < kMaxJointVelocities; ++k) EXPECT_EQ(t.velocity_units[k] != nullptr, k < t.nv) << k;
    const Joint joint = make_joint(type);
    const MotionSubspace S = t.subspace(joint);
    EXPECT_EQ(S.rows(), 6);
    EXPECT_EQ(S.cols(), t.nv);
    if (t.nv > 0) {
      // Independent columns: SᵀS is invertible.
      EXPECT_GT(std::abs((S.transpose() * S).determinant()), 1e-12);
    }
    EXPECT_TRUE(t.transform(joint, t.neutral.data()).matrix().isIdentity(1e-15));
    EXPECT_EQ(t.nq != t.nv, t.quaternion >= 0) << "only a quaternion makes q longer than v";
    if (t.nq != t.nv) {
      EXPECT_NE(t.configuration_rate, nullptr) << "q̇ = v needs nq = nv";
    }
  }
}

// The body's velocity, S v in the body frame, is the time derivative of X(q) along q̇ = N(q) v: ω = (Rᵀ Ṙ)^∨ and
// v_origin = Rᵀ ṗ, by central differences of X(q ± h q̇).
TEST(JointTraits, ConfigurationRateIsTheDerivativeOfTheTransform) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (JointType type : all_types()) {
    const JointTraits& t = joint_traits(type);
    if (t.nv == 0) continue;
    SCOPED_TRACE(t.name);
    const Joint joint = make_joint(type);
    for (int trial = 0; trial < 20; ++trial) {
      const std::vector<double> q = random_configuration(t, random);
      std::vector<double> v(static_cast<std::size_t>(t.nv));
      for (double& x : v) x = uniform(random);
      std::vector<double> qdot(q.size());
      if (t.configuration_rate) {
        t.configuration_rate(q.data(), v.data(), qdot.data());
      } else {
        qdot = v;
      }
      const double h = 1e-6;
      std::vector<double> plus = q, minus = q;
      for (std::size_t k = 0; k < q.size(); ++k) {
        plus[k] += h * qdot[k];
        minus[k] -= h * qdot[k];
      }
      const Pose X = t.transform(joint, q.data());
      const Pose X_plus = t.transform(joint, plus.data());
      const Pose X_minus = t.transform(joint, minus.data());
      const Mat3 R = X.linear();
      const Mat3 skew_omega = R.transpose() * (X_plus.linear() - X_minus.linear()) / (2.0 * h);
      Vec6 finite_difference;
      finite_difference.head<3>() = 0.5 * Vec3(skew_omega(2, 1) - skew_omega(1, 2), skew_omega(0, 2) - skew_omega(2, 0),
                                               skew_omega(1, 0) - skew_omega(0, 1));
      finite_difference.tail<3>() = R.transpose() * (X_plus.translation() - X_minus.translation()) / (2.0 * h);
      const Vec6 body_velocity = t.subspace(joint) * Eigen::Map<const Eigen::VectorXd>(v.data(), t.nv);
      EXPECT_LT((body_velocity - finite_difference).norm(), 1e-8 * std::max(1.0, body_velocity.norm()))
          << body_velocity.transpose() << "\n" << finite_difference.transpose();
    }
  }
}

// A quaternion's norm does not reach the transform: it is normalised there.
TEST(JointTraits, TransformsNormaliseTheirQuaternion) {
  std::mt19937 random(11);
  for (JointType type : all_types()) {
    const JointTraits& t = joint_traits(type);
    if (t.quaternion < 0) continue;
    const Joint joint = make_joint(type);
    std::vector<double> q = random_configuration(t, random);
    const Pose X = t.transform(joint, q.data());
    for (int k = 0; k < 4; ++k) q[static_cast<std::size_t>(t.quaternion + k)] *= 1.7;
    EXPECT_TRUE(t.transform(joint, q.data()).isApprox(X, 1e-15)) << t.name;
  }
}

// Initial values are joint-frame: after set_initial, X(q) has the given position and orientation, and the body's
// velocity S v, turned into the joint frame, is the given one.
TEST(JointTraits, InitialValuesAreGivenInTheJointFrame) {
  const Vec3 position(0.4, -0.2, 0.0);
  const Eigen::Quaterniond orientation(Eigen::AngleAxisd(0.7, Vec3(1.0, 2.0, -0.5).normalized()));
  const Vec3 linear_velocity(1.5, -0.5, 0.0);
  const Vec3 angular_velocity(0.3, -0.8, 1.2);
  for (JointType type : all_types()) {
    const JointTraits& t = joint_traits(type);
    SCOPED_TRACE(t.name);
    EXPECT_EQ(t.set_initial != nullptr, t.initial_keys.position || t.initial_keys.angle || t.initial_keys.orientation ||
                                            t.initial_keys.linear_velocity || t.initial_keys.angular_velocity);
    if (!t.set_initial) continue;
    JointInitialValues given;
    if (t.initial_keys.position) given.position = position;
    if (t.initial_keys.angle) given.angle = 0.9;
    if (t.initial_keys.orientation) given.orientation = orientation;
    if (t.initial_keys.linear_velocity) given.linear_velocity = linear_velocity;
    if (t.initial_keys.angular_velocity == 3) given.angular_velocity = angular_velocity;
    if (t.initial_keys.angular_velocity == 1) given.angular_velocity = Vec3(0.0, 0.0, angular_velocity.z());
    std::vector<double> q(t.neutral.begin(), t.neutral.begin() + t.nq);
    std::vector<double> v(static_cast<std::size_t>(t.nv), 0.0);
    ASSERT_FALSE(t.set_initial(given, q.data(), v.data()).has_value());
    const Joint joint = make_joint(type);
    const Pose X = t.transform(joint, q.data());
    const Vec6 body = t.subspace(joint) * Eigen::Map<const Eigen::VectorXd>(v.data(), t.nv);
    if (given.position) {
      EXPECT_LT((X.translation() - position).norm(), 1e-15);
    }
    if (given.orientation) {
      EXPECT_LT((X.linear() - orientation.toRotationMatrix()).norm(), 1e-15);
    }
    if (given.angle) {
      EXPECT_LT((X.linear() - Eigen::AngleAxisd(0.9, Vec3::UnitZ()).toRotationMatrix()).norm(), 1e-15);
    }
    if (given.linear_velocity) {
      EXPECT_LT((X.linear() * body.tail<3>() - linear_velocity).norm(), 1e-14);
    }
    if (given.angular_velocity) {
      EXPECT_LT((X.linear() * body.head<3>() - *given.angular_velocity).norm(), 1e-14);
    }
  }
}

TEST(JointTraits, InitialValuesThatCannotBeUsedNameTheirKey) {
  const JointTraits& planar = joint_traits(JointType::kPlanar);
  JointInitialValues off_plane;
  off_plane.position = Vec3(0.0, 0.0, 1.0);
  double q[3] = {}, v[3] = {};
  const auto problem = planar.set_initial(off_plane, q, v);
  ASSERT_TRUE(problem.has_value());
  EXPECT_STREQ(problem->key, "position");

  const JointTraits& free = joint_traits(JointType::kFree);
  double zero_quaternion[7] = {}, w[6] = {};
  const auto zero = free.set_initial(JointInitialValues{}, zero_quaternion, w);
  ASSERT_TRUE(zero.has_value());
  EXPECT_STREQ(zero->key, "q");
}

// Messages list the joint types from the table.
TEST(JointTraits, ListsOfTypesComeFromTheTable) {
  EXPECT_EQ(joint_type_list(takes_force_elements, "or"), "revolute or prismatic");
  EXPECT_EQ(joint_type_list([](const JointTraits& t) { return t.initial_keys.angular_velocity > 0; }, "and"),
            "planar, spherical and free");
  EXPECT_EQ(joint_type_list([](const JointTraits& t) { return t.initial_keys.angle; }, "and"), "planar");
  EXPECT_EQ(joint_type_list([](const JointTraits& t) { return t.axis; }, "or"), "revolute or prismatic");
}

}  // namespace
}  // namespace contactlab
