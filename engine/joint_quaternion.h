// SPDX-License-Identifier: MIT
// The unit quaternion (w, x, y, z) in q of the spherical and free joints (engine/joint_spherical.cc,
// engine/joint_free.cc).
#pragma once

#include <optional>

#include "engine/joint_traits.h"

namespace contactlab {

// The rotation of the quaternion at `wxyz`, normalised: a small drift of its norm during integration does not
// reach the kinematics.
inline Eigen::Quaterniond joint_quaternion(const double* wxyz) {
  return Eigen::Quaterniond(wxyz[0], wxyz[1], wxyz[2], wxyz[3]).normalized();
}

// d/dt of the quaternion for a body-frame angular velocity ω: ½ q ⊗ (0, ω).
inline void quaternion_rate(const double* q, const double* omega, double* rate) {
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double a = omega[0], b = omega[1], c = omega[2];
  rate[0] = 0.5 * (-x * a - y * b - z * c);
  rate[1] = 0.5 * (w * a + y * c - z * b);
  rate[2] = 0.5 * (w * b + z * a - x * c);
  rate[3] = 0.5 * (w * c + x * b - y * a);
}

// The initial orientation: the given one written to the quaternion at `wxyz`, else the one there. Its rotation (to
// turn the joint-frame velocities into body-frame ones), or the problem of a zero quaternion.
inline std::optional<JointInitialProblem> initial_orientation(const JointInitialValues& given, double* wxyz,
                                                              Mat3& rotation) {
  if (given.orientation) {
    wxyz[0] = given.orientation->w();
    wxyz[1] = given.orientation->x();
    wxyz[2] = given.orientation->y();
    wxyz[3] = given.orientation->z();
  }
  const Eigen::Quaterniond quaternion(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
  if (!(quaternion.norm() > 0.0)) return JointInitialProblem{"q", "the quaternion (w, x, y, z) must be non-zero"};
  rotation = quaternion.normalized().toRotationMatrix();
  return std::nullopt;
}

}  // namespace contactlab
