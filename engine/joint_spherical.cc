// SPDX-License-Identifier: MIT
// The spherical joint: q the unit quaternion (w, x, y, z) of the body in the joint frame; v = ω in the body frame.
#include <algorithm>

#include "engine/joint_quaternion.h"

namespace contactlab {
namespace {

MotionSubspace subspace(const Joint&) {
  MotionSubspace S = MotionSubspace::Zero(6, 3);
  S.topRows<3>().setIdentity();
  return S;
}

Pose transform(const Joint&, const double* q) {
  Pose X = Pose::Identity();
  X.linear() = joint_quaternion(q).toRotationMatrix();
  return X;
}

// The angular velocity is given in the joint frame and turned into the body frame.
std::optional<JointInitialProblem> set_initial(const JointInitialValues& given, double* q, double* v) {
  Mat3 rotation;
  if (auto problem = initial_orientation(given, q, rotation)) return problem;
  if (given.angular_velocity) {
    const Vec3 body = rotation.transpose() * *given.angular_velocity;
    std::copy(body.data(), body.data() + 3, v);
  }
  return std::nullopt;
}

}  // namespace

extern const JointTraits kSphericalJoint = {
    .name = "spherical",
    .nq = 4,
    .nv = 3,
    .coordinate_units = {"1", "1", "1", "1"},
    .velocity_units = {"rad/s", "rad/s", "rad/s"},
    .neutral = {1.0, 0.0, 0.0, 0.0},
    .quaternion = 0,
    .subspace = subspace,
    .transform = transform,
    .configuration_rate = quaternion_rate,
    .initial_keys = {.orientation = true, .angular_velocity = 3},
    .set_initial = set_initial,
};

}  // namespace contactlab
