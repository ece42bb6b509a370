// SPDX-License-Identifier: MIT
// The free joint: q = (x, y, z, w, q_x, q_y, q_z), the position in the joint frame, then the unit quaternion;
// v = (ω, v), the angular velocity and the velocity of the body origin, both in the body frame.
#include <algorithm>

#include "engine/joint_quaternion.h"

namespace contactlab {
namespace {

MotionSubspace subspace(const Joint&) { return MotionSubspace::Identity(6, 6); }

Pose transform(const Joint&, const double* q) {
  Pose X = Pose::Identity();
  X.translation() = Vec3(q[0], q[1], q[2]);
  X.linear() = joint_quaternion(q + 3).toRotationMatrix();
  return X;
}

// ṗ = R v, the quaternion's as a spherical joint's.
void configuration_rate(const double* q, const double* v, double* qdot) {
  const Vec3 velocity = joint_quaternion(q + 3) * Vec3(v[3], v[4], v[5]);
  qdot[0] = velocity.x();
  qdot[1] = velocity.y();
  qdot[2] = velocity.z();
  quaternion_rate(q + 3, v, qdot + 3);
}

// Position and velocities are given in the joint frame; the velocities are turned into the body frame.
std::optional<JointInitialProblem> set_initial(const JointInitialValues& given, double* q, double* v) {
  Mat3 rotation;
  if (auto problem = initial_orientation(given, q + 3, rotation)) return problem;
  if (given.angular_velocity) {
    const Vec3 body = rotation.transpose() * *given.angular_velocity;
    std::copy(body.data(), body.data() + 3, v);
  }
  if (given.position) std::copy(given.position->data(), given.position->data() + 3, q);
  if (given.linear_velocity) {
    const Vec3 body = rotation.transpose() * *given.linear_velocity;
    std::copy(body.data(), body.data() + 3, v + 3);
  }
  return std::nullopt;
}

}  // namespace

extern const JointTraits kFreeJoint = {
    .name = "free",
    .nq = 7,
    .nv = 6,
    .coordinate_units = {"m", "m", "m", "1", "1", "1", "1"},
    .velocity_units = {"rad/s", "rad/s", "rad/s", "m/s", "m/s", "m/s"},
    .neutral = {0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0},
    .quaternion = 3,
    .subspace = subspace,
    .transform = transform,
    .configuration_rate = configuration_rate,
    .initial_keys = {.position = 3, .orientation = true, .linear_velocity = 3, .angular_velocity = 3},
    .set_initial = set_initial,
};

}  // namespace contactlab
