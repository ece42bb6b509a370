// SPDX-License-Identifier: MIT
// Spatial (6-D) algebra in Featherstone's convention: motion and force vectors stack [angular; linear],
// expressed in a frame and taken about that frame's origin. Poses are Eigen::Isometry3d X_AB: the pose of
// frame B in frame A, so p_A = X_AB * p_B.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace contactlab {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;
using Pose = Eigen::Isometry3d;

inline Mat3 skew(const Vec3& v) {
  Mat3 m;
  m << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return m;
}

// Motion vector m given in B, expressed in A (X = X_AB).
inline Vec6 motion_to_parent(const Pose& X, const Vec6& m) {
  Vec6 out;
  out.head<3>() = X.linear() * m.head<3>();
  out.tail<3>() = X.linear() * m.tail<3>() + X.translation().cross(out.head<3>());
  return out;
}

// Motion vector m given in A, expressed in B (X = X_AB).
inline Vec6 motion_to_child(const Pose& X, const Vec6& m) {
  Vec6 out;
  out.head<3>() = X.linear().transpose() * m.head<3>();
  out.tail<3>() = X.linear().transpose() * (m.tail<3>() - X.translation().cross(m.head<3>()));
  return out;
}

// Force vector f given in B, expressed in A (X = X_AB).
inline Vec6 force_to_parent(const Pose& X, const Vec6& f) {
  Vec6 out;
  out.tail<3>() = X.linear() * f.tail<3>();
  out.head<3>() = X.linear() * f.head<3>() + X.translation().cross(out.tail<3>());
  return out;
}

// Force vector f given in A, expressed in B (X = X_AB).
inline Vec6 force_to_child(const Pose& X, const Vec6& f) {
  Vec6 out;
  out.tail<3>() = X.linear().transpose() * f.tail<3>();
  out.head<3>() = X.linear().transpose() * (f.head<3>() - X.translation().cross(f.tail<3>()));
  return out;
}

// 6x6 matrix of motion_to_parent; its transpose maps forces from A to B.
inline Mat6 motion_matrix(const Pose& X) {
  Mat6 out = Mat6::Zero();
  out.topLeftCorner<3, 3>() = X.linear();
  out.bottomRightCorner<3, 3>() = X.linear();
  out.bottomLeftCorner<3, 3>() = skew(X.translation()) * X.linear();
  return out;
}

// v ×  m (motion cross product).
inline Vec6 cross_motion(const Vec6& v, const Vec6& m) {
  Vec6 out;
  out.head<3>() = v.head<3>().cross(m.head<3>());
  out.tail<3>() = v.head<3>().cross(m.tail<3>()) + v.tail<3>().cross(m.head<3>());
  return out;
}

// v ×* f (force cross product).
inline Vec6 cross_force(const Vec6& v, const Vec6& f) {
  Vec6 out;
  out.head<3>() = v.head<3>().cross(f.head<3>()) + v.tail<3>().cross(f.tail<3>());
  out.tail<3>() = v.head<3>().cross(f.tail<3>());
  return out;
}

// Spatial inertia about a frame's origin of a body with mass m, centre of mass c and rotational inertia
// I_c about the centre of mass, all in that frame.
inline Mat6 spatial_inertia(double mass, const Vec3& com, const Mat3& inertia_com) {
  const Mat3 c = skew(com);
  Mat6 out;
  out.topLeftCorner<3, 3>() = inertia_com + mass * c * c.transpose();
  out.topRightCorner<3, 3>() = mass * c;
  out.bottomLeftCorner<3, 3>() = mass * c.transpose();
  out.bottomRightCorner<3, 3>() = mass * Mat3::Identity();
  return out;
}

}  // namespace contactlab
