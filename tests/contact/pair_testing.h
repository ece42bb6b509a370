// SPDX-License-Identifier: MIT
// Shapes, poses and the contact points (slots) of a pair, for the narrowphase tests.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "contact/narrowphase.h"

namespace contactlab::testing {

using Eigen::AngleAxisd;
using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;

inline Shape make_sphere(double radius) {
  Shape s;
  s.type = ShapeType::kSphere;
  s.radius = radius;
  return s;
}
inline Shape make_halfspace() {
  Shape s;
  s.type = ShapeType::kHalfspace;
  return s;
}
inline Shape make_box(const Vector3d& half_extents) {
  Shape s;
  s.type = ShapeType::kBox;
  s.half_extents = half_extents;
  return s;
}
inline Shape make_capsule(double radius, double length) {
  Shape s;
  s.type = ShapeType::kCapsule;
  s.radius = radius;
  s.length = length;
  return s;
}
inline Shape make_cylinder(double radius, double length) {
  Shape s;
  s.type = ShapeType::kCylinder;
  s.radius = radius;
  s.length = length;
  return s;
}

inline Isometry3d make_pose(const Vector3d& translation, const Matrix3d& rotation = Matrix3d::Identity()) {
  Isometry3d X = Isometry3d::Identity();
  X.linear() = rotation;
  X.translation() = translation;
  return X;
}

inline Matrix3d rotation_about(const Vector3d& axis, double angle) {
  return AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

inline void expect_vector_near(const Vector3d& actual, const Vector3d& expected, double tolerance, const char* what) {
  EXPECT_LE((actual - expected).norm(), tolerance) << what << ": " << actual.transpose() << " vs "
                                                   << expected.transpose();
}

// Contact point k of the pair, with every field written and the conventions every slot keeps: a unit normal,
// finite points, point_b − point_a = gap·normal.
inline PairGeometry slot(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int k) {
  PairGeometry g;
  g.gap = 12345.0;
  g.normal = Vector3d::Constant(std::numeric_limits<double>::quiet_NaN());
  narrowphase(a, X_WA, b, X_WB, k, g);
  EXPECT_NE(g.gap, 12345.0) << "slot " << k;
  EXPECT_NEAR(g.normal.norm(), 1.0, 1e-12) << "slot " << k;
  EXPECT_TRUE(g.point_a.allFinite() && g.point_b.allFinite()) << "slot " << k;
  const double scale = std::max({1.0, g.point_a.norm(), std::abs(g.gap)});
  EXPECT_LE((g.point_b - g.point_a - g.gap * g.normal).norm(), 1e-12 * scale)
      << "slot " << k << ": point_b − point_a = gap·normal";
  return g;
}

// Every contact point of the pair.
inline std::vector<PairGeometry> slots(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB) {
  std::vector<PairGeometry> all;
  for (int k = 0; k < contact_point_count(a.type, b.type); ++k) all.push_back(slot(a, X_WA, b, X_WB, k));
  return all;
}

inline double lowest_gap(const std::vector<PairGeometry>& points) {
  double lowest = std::numeric_limits<double>::infinity();
  for (const PairGeometry& p : points) lowest = std::min(lowest, p.gap);
  return lowest;
}

// The slots in contact (gap ≤ 0), in slot order.
inline std::vector<PairGeometry> in_contact(const std::vector<PairGeometry>& points) {
  std::vector<PairGeometry> touching;
  for (const PairGeometry& p : points) {
    if (p.gap <= 0.0) touching.push_back(p);
  }
  return touching;
}

// Whether some contact point sits at point_b = `at` with the given gap (to `tolerance`).
inline bool has_point(const std::vector<PairGeometry>& points, const Vector3d& at, double gap, double tolerance) {
  return std::any_of(points.begin(), points.end(), [&](const PairGeometry& p) {
    return (p.point_b - at).norm() <= tolerance && std::abs(p.gap - gap) <= tolerance;
  });
}

// A rotation from three uniform numbers in [0, 1) (Shoemake, "Uniform random rotations", Graphics Gems III).
inline Matrix3d uniform_rotation(double u1, double u2, double u3) {
  const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1);
  const double t1 = 2.0 * std::numbers::pi * u2, t2 = 2.0 * std::numbers::pi * u3;
  return Eigen::Quaterniond(b * std::cos(t2), a * std::sin(t1), a * std::cos(t1), b * std::sin(t2))
      .toRotationMatrix();
}

}  // namespace contactlab::testing
