// SPDX-License-Identifier: MIT
// The planar joint: q = (x, y, θ) in the joint frame's xy plane, θ about its z; v = (v_x, v_y, ω) with v_x, v_y the
// velocity of the body origin in the body frame, so that the motion subspace is constant.
#include <cmath>

#include "engine/joint_traits.h"

namespace contactlab {
namespace {

MotionSubspace subspace(const Joint&) {
  MotionSubspace S = MotionSubspace::Zero(6, 3);
  S(3, 0) = 1.0;  // v_x
  S(4, 1) = 1.0;  // v_y
  S(2, 2) = 1.0;  // ω about z
  return S;
}

Pose transform(const Joint&, const double* q) {
  Pose X = Pose::Identity();
  X.translation() = Vec3(q[0], q[1], 0.0);
  X.linear() = Eigen::AngleAxisd(q[2], Vec3::UnitZ()).toRotationMatrix();
  return X;
}

// (ẋ, ẏ) = R(θ) (v_x, v_y), θ̇ = ω.
void configuration_rate(const double* q, const double* v, double* qdot) {
  const double c = std::cos(q[2]), s = std::sin(q[2]);
  qdot[0] = c * v[0] - s * v[1];
  qdot[1] = s * v[0] + c * v[1];
  qdot[2] = v[2];
}

// Position and velocities are given in the joint frame; the linear velocity is turned into the body frame.
std::optional<JointInitialProblem> set_initial(const JointInitialValues& given, double* q, double* v) {
  if (given.position) {
    if (given.position->z() != 0.0) {
      return JointInitialProblem{"position", "a planar joint moves in its xy plane: expected z = 0"};
    }
    q[0] = given.position->x();
    q[1] = given.position->y();
  }
  if (given.angle) q[2] = *given.angle;
  const Mat3 rotation = Eigen::AngleAxisd(q[2], Vec3::UnitZ()).toRotationMatrix();
  if (given.linear_velocity) {
    const Vec3 body = rotation.transpose() * *given.linear_velocity;
    v[0] = body.x();
    v[1] = body.y();
  }
  if (given.angular_velocity) v[2] = given.angular_velocity->z();
  return std::nullopt;
}

}  // namespace

extern const JointTraits kPlanarJoint = {
    .name = "planar",
    .nq = 3,
    .nv = 3,
    .coordinate_units = {"m", "m", "rad"},
    .velocity_units = {"m/s", "m/s", "rad/s"},
    .subspace = subspace,
    .transform = transform,
    .configuration_rate = configuration_rate,
    .initial_keys = {.position = 3, .angle = true, .linear_velocity = 3, .angular_velocity = 1},
    .set_initial = set_initial,
};

}  // namespace contactlab
