// SPDX-License-Identifier: MIT
// Tests of contact/narrowphase: gap, normal and witness points of the halfspace, sphere, capsule–capsule and hole
// pairs against hand-derived values, separated and overlapping; the closed-form depths against FCL; and the box,
// capsule and cylinder pairs of tests/contact/{box_box,capsule_pairs,cylinder_pairs}_test.cc through the pair
// table, exact on both sides of touch.
//
// Conventions checked throughout: the normal points from A to B, gap > 0 separated, and
// point_b − point_a = gap · normal.
#include "contact/narrowphase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <fcl/fcl.h>
#include <gtest/gtest.h>

#include "tests/contact/pair_testing.h"

namespace contactlab {
namespace {

using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using testing::expect_vector_near;
using testing::make_box;
using testing::make_capsule;
using testing::make_cylinder;
using testing::make_halfspace;
using testing::make_pose;
using testing::make_sphere;
using testing::rotation_about;
using testing::slots;

constexpr double kPi = std::numbers::pi;
constexpr double kTolerance = 1e-12;  // relative; the closed forms are exact up to round-off

PairGeometry closed_form(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB) {
  PairGeometry out;
  out.gap = 12345.0;  // sentinel: every field must be written
  narrowphase(a, X_WA, b, X_WB, 0, out);
  return out;
}

// Gap to `tolerance` relative to |gap|; the normal and points to `tolerance` relative to their size (≥ 1).
void expect_geometry(const PairGeometry& actual, double gap, const Vector3d& normal, const Vector3d& point_a,
                     const Vector3d& point_b, double tolerance = kTolerance) {
  EXPECT_NEAR(actual.gap, gap, tolerance * std::abs(gap)) << "gap";
  expect_vector_near(actual.normal, normal, tolerance, "normal");
  expect_vector_near(actual.point_a, point_a, tolerance * std::max(1.0, point_a.norm()), "point_a");
  expect_vector_near(actual.point_b, point_b, tolerance * std::max(1.0, point_b.norm()), "point_b");
  expect_vector_near(actual.point_b - actual.point_a, actual.gap * actual.normal,
                     tolerance * std::max(1.0, point_a.norm()), "point_b − point_a = gap·normal");
}

// ---------------------------------------------------------------------------------------------------------
// Sphere–sphere.

// Centres along u = (2, 3, 6)/7 (a unit vector with rational components) at distance D:
// gap = D − r_a − r_b, normal u, point_a = c_a + r_a u, point_b = c_b − r_b u.
TEST(SphereSphere, SeparatedAndOverlapping) {
  const Shape a = make_sphere(0.3), b = make_sphere(0.5);
  const Vector3d centre_a(0.1, 0.2, 0.3);
  const Vector3d u = Vector3d(2.0, 3.0, 6.0) / 7.0;
  for (double distance : {1.0, 0.7}) {
    const Vector3d centre_b = centre_a + distance * u;
    const PairGeometry g = closed_form(a, make_pose(centre_a), b, make_pose(centre_b));
    expect_geometry(g, distance - 0.8, u, centre_a + 0.3 * u, centre_b - 0.5 * u);
  }
  // Distance 1.0 separates by 0.2; 0.7 overlaps by 0.1 (checked literally too).
  EXPECT_NEAR(closed_form(a, make_pose(centre_a), b, make_pose(centre_a + 0.7 * u)).gap, -0.1, 1e-15);
}

TEST(SphereSphere, RotationOfTheShapeFramesDoesNotMatter) {
  const Shape a = make_sphere(0.3), b = make_sphere(0.5);
  const Vector3d u = Vector3d(2.0, 3.0, 6.0) / 7.0;
  const PairGeometry g = closed_form(a, make_pose(Vector3d::Zero(), rotation_about(Vector3d::UnitX(), 1.0)), b,
                                     make_pose(0.7 * u, rotation_about(Vector3d(1, 1, 0).normalized(), -2.0)));
  expect_geometry(g, -0.1, u, 0.3 * u, 0.2 * u);
}

// ---------------------------------------------------------------------------------------------------------
// Halfspace–convex: the halfspace is z ≤ 0 of its frame; gap = n·(deepest point of B − plane origin).

TEST(HalfspaceSphere, AxisAlignedPlane) {
  const Shape ground = make_halfspace(), ball = make_sphere(0.5);
  // Centre 0.7 above the plane: gap 0.2, deepest point 0.2 above, its projection on the plane.
  expect_geometry(closed_form(ground, Isometry3d::Identity(), ball, make_pose(Vector3d(0.3, -0.2, 0.7))), 0.2,
                  Vector3d::UnitZ(), Vector3d(0.3, -0.2, 0.0), Vector3d(0.3, -0.2, 0.2));
  // Centre 0.4 above: overlapping by 0.1, the deepest point 0.1 below the plane.
  expect_geometry(closed_form(ground, Isometry3d::Identity(), ball, make_pose(Vector3d(0.3, -0.2, 0.4))), -0.1,
                  Vector3d::UnitZ(), Vector3d(0.3, -0.2, 0.0), Vector3d(0.3, -0.2, -0.1));
}

TEST(HalfspaceSphere, RotatedPlane) {
  // The plane frame rotated by α = 30° about x and moved to o = (1, 2, 3): its axes are
  // x̂ = (1, 0, 0), ŷ = (0, cos α, sin α) = (0, √3/2, 1/2), n = ẑ = (0, −sin α, cos α) = (0, −1/2, √3/2).
  const double root3_2 = std::sqrt(3.0) / 2.0;
  const Vector3d origin(1.0, 2.0, 3.0), x_hat(1.0, 0.0, 0.0), y_hat(0.0, root3_2, 0.5), n(0.0, -0.5, root3_2);
  const Isometry3d plane = make_pose(origin, rotation_about(Vector3d::UnitX(), kPi / 6.0));
  const Shape ground = make_halfspace(), ball = make_sphere(0.5);
  const Vector3d foot = origin + 0.4 * x_hat + 0.3 * y_hat;  // the centre's projection on the plane
  for (double height : {0.7, 0.4}) {
    const Vector3d centre = foot + height * n;
    expect_geometry(closed_form(ground, plane, ball, make_pose(centre)), height - 0.5, n, foot, centre - 0.5 * n);
  }
}

// Halfspace against shapes with flat faces, edges or a straight side: one contact point per feature that can be
// deepest (contact_point_count), so a face lying on the plane is held at all of its corners.

// Every contact point of the pair, each checked for the conventions.
std::vector<PairGeometry> contact_points_of(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB) {
  std::vector<PairGeometry> points;
  for (int k = 0; k < contact_point_count(a.type, b.type); ++k) {
    PairGeometry out;
    out.gap = 12345.0;
    narrowphase(a, X_WA, b, X_WB, k, out);
    expect_vector_near(out.point_b - out.point_a, out.gap * out.normal, 1e-12, "point_b − point_a = gap·normal");
    points.push_back(out);
  }
  return points;
}

double lowest_gap(const std::vector<PairGeometry>& points) {
  double lowest = std::numeric_limits<double>::infinity();
  for (const PairGeometry& p : points) lowest = std::min(lowest, p.gap);
  return lowest;
}

TEST(HalfspaceBox, EachCornerIsAContactPoint) {
  // An axis-aligned box (half extents 0.2, 0.3, 0.1) centred at (0.5, −0.5, z): corner k is c + (±0.2, ±0.3, ±0.1)
  // with the signs from bits 0, 1, 2 of k (set: +); its gap is its height, z ± 0.1. The four bottom corners lie
  // at the face's depth, so the face is held at its corners, not at one point.
  EXPECT_EQ(contact_point_count(ShapeType::kHalfspace, ShapeType::kBox), 8);
  const Vector3d half(0.2, 0.3, 0.1);
  const Shape ground = make_halfspace(), box = make_box(half);
  for (double z : {0.15, 0.05}) {
    const Vector3d centre(0.5, -0.5, z);
    const auto points = contact_points_of(ground, Isometry3d::Identity(), box, make_pose(centre));
    for (int k = 0; k < 8; ++k) {
      const Vector3d corner = centre + Vector3d((k & 1) ? 0.2 : -0.2, (k & 2) ? 0.3 : -0.3, (k & 4) ? 0.1 : -0.1);
      expect_geometry(points[static_cast<std::size_t>(k)], corner.z(), Vector3d::UnitZ(),
                      Vector3d(corner.x(), corner.y(), 0.0), corner);
    }
  }
}

TEST(HalfspaceBox, TiltedAboutOneAxisTheLowestEdgeHasTwoPointsAtItsDepth) {
  // Rotated by β = 30° about y: e_x = (cos β, 0, −sin β), e_z = (sin β, 0, cos β). The lowest edge is
  // c + h_x e_x − h_z e_z ± h_y e_y (parallel to the plane): its two corners are both at
  // gap = z_c − h_x sin β − h_z cos β, and no corner is lower.
  const double beta = kPi / 6.0, c = std::cos(beta), s = std::sin(beta);
  const Vector3d half(0.2, 0.3, 0.1);
  const Shape ground = make_halfspace(), box = make_box(half);
  for (double z : {0.25, 0.15}) {
    const Vector3d centre(0.5, -0.5, z);
    const auto points = contact_points_of(ground, Isometry3d::Identity(), box,
                                          make_pose(centre, rotation_about(Vector3d::UnitY(), beta)));
    const double gap = z - half.x() * s - half.z() * c;
    int at_edge = 0;
    for (const PairGeometry& p : points) {
      EXPECT_GE(p.gap, gap - 1e-15);
      if (std::abs(p.gap - gap) <= 1e-15) {
        ++at_edge;
        EXPECT_NEAR(std::abs(p.point_b.y() - centre.y()), half.y(), 1e-15);
        EXPECT_NEAR(p.point_b.x(), centre.x() + half.x() * c - half.z() * s, 1e-15);
      }
    }
    EXPECT_EQ(at_edge, 2);
  }
}

TEST(HalfspaceBox, TiltedAboutTwoAxesTheLowestCornerIsTheSupportPoint) {
  // R = R_y(β) R_x(φ), β = 30°, φ = 20°: e_x = (cβ, 0, −sβ), e_y = (sβ sφ, cφ, cβ sφ),
  // e_z = (sβ cφ, −sφ, cβ cφ). Their z components −sβ, cβ sφ, cβ cφ give the lowest corner
  // c + h_x e_x − h_y e_y − h_z e_z (k = 1: +x, −y, −z) at height z_c − h_x sβ − h_y cβ sφ − h_z cβ cφ.
  const double beta = kPi / 6.0, phi = kPi / 9.0;
  const double cb = std::cos(beta), sb = std::sin(beta), cp = std::cos(phi), sp = std::sin(phi);
  const Vector3d e_x(cb, 0.0, -sb), e_y(sb * sp, cp, cb * sp), e_z(sb * cp, -sp, cb * cp);
  const Vector3d half(0.2, 0.3, 0.1);
  const Matrix3d R = rotation_about(Vector3d::UnitY(), beta) * rotation_about(Vector3d::UnitX(), phi);
  const Shape ground = make_halfspace(), box = make_box(half);
  for (double z : {0.45, 0.25}) {
    const Vector3d centre(-0.3, 0.8, z);
    const Vector3d corner = centre + half.x() * e_x - half.y() * e_y - half.z() * e_z;
    const double gap = z - half.x() * sb - half.y() * cb * sp - half.z() * cb * cp;
    const auto points = contact_points_of(ground, Isometry3d::Identity(), box, make_pose(centre, R));
    expect_geometry(points[1], gap, Vector3d::UnitZ(), Vector3d(corner.x(), corner.y(), 0.0), corner);
    EXPECT_DOUBLE_EQ(lowest_gap(points), points[1].gap);
  }
}

TEST(HalfspaceCapsule, TheTwoEndSpheresAreTheContactPoints) {
  EXPECT_EQ(contact_point_count(ShapeType::kHalfspace, ShapeType::kCapsule), 2);
  const Shape ground = make_halfspace(), capsule = make_capsule(0.1, 0.6);
  // Tilted by β = 40° about y: axis a = (sin β, 0, cos β) points up. Point 0, the lower end sphere, touches at
  // c − (L/2) a − r ẑ with gap z_c − (L/2) cos β − r; point 1, the upper, at z_c + (L/2) cos β − r.
  const double beta = 2.0 * kPi / 9.0;
  const Vector3d axis(std::sin(beta), 0.0, std::cos(beta));
  for (double z : {0.5, 0.3}) {
    const Vector3d centre(0.2, 0.1, z);
    const auto points = contact_points_of(ground, Isometry3d::Identity(), capsule,
                                          make_pose(centre, rotation_about(Vector3d::UnitY(), beta)));
    for (int k = 0; k < 2; ++k) {
      const Vector3d deepest = centre + (k == 0 ? -0.3 : 0.3) * axis - 0.1 * Vector3d::UnitZ();
      expect_geometry(points[static_cast<std::size_t>(k)], deepest.z(), Vector3d::UnitZ(),
                      Vector3d(deepest.x(), deepest.y(), 0.0), deepest);
    }
  }
  // Lying flat (axis along x): both ends are deepest, at gap z − r, x = 0.2 ∓ 0.3: the capsule rests on two
  // points and cannot pivot about one.
  for (double z : {0.15, 0.05}) {
    const Vector3d centre(0.2, 0.1, z);
    const auto points = contact_points_of(ground, Isometry3d::Identity(), capsule,
                                          make_pose(centre, rotation_about(Vector3d::UnitY(), kPi / 2.0)));
    expect_geometry(points[0], z - 0.1, Vector3d::UnitZ(), Vector3d(0.2 - 0.3, 0.1, 0.0), Vector3d(-0.1, 0.1, z - 0.1));
    expect_geometry(points[1], z - 0.1, Vector3d::UnitZ(), Vector3d(0.2 + 0.3, 0.1, 0.0), Vector3d(0.5, 0.1, z - 0.1));
  }
}

TEST(HalfspaceCylinder, AFaceLyingFlatIsHeldAtThreeRimPoints) {
  // Upright (axis z), radius 0.2, length 0.5: points 0–2 on the bottom rim, all at gap z_c − 0.25, 0.2 from the
  // axis and 120° apart (their offsets from the axis sum to zero); points 3–5 on the top rim at z_c + 0.25.
  EXPECT_EQ(contact_point_count(ShapeType::kHalfspace, ShapeType::kCylinder), 6);
  const Shape ground = make_halfspace(), cylinder = make_cylinder(0.2, 0.5);
  for (double z : {0.3, 0.2}) {
    const Vector3d centre(-0.4, 0.6, z);
    const auto points = contact_points_of(ground, Isometry3d::Identity(), cylinder, make_pose(centre));
    for (int rim = 0; rim < 2; ++rim) {
      Vector3d sum = Vector3d::Zero();
      for (int k = 3 * rim; k < 3 * rim + 3; ++k) {
        const PairGeometry& p = points[static_cast<std::size_t>(k)];
        EXPECT_NEAR(p.gap, z + (rim == 0 ? -0.25 : 0.25), 1e-15);
        const Vector3d offset = p.point_b - centre;
        EXPECT_NEAR(std::hypot(offset.x(), offset.y()), 0.2, 1e-15);
        sum += Vector3d(offset.x(), offset.y(), 0.0);
      }
      EXPECT_LE(sum.norm(), 1e-15);
    }
  }
}

TEST(HalfspaceCylinder, TiltedTheFirstPointOfEachRimIsItsLowest) {
  // Tilted by β = 25° about y: axis a = (sβ, 0, cβ). Along d = −ẑ the radial direction is
  // (d − (a·d) a)/|…| = (cβ, 0, −sβ), so the lowest rim point is c − (L/2) a + r (cβ, 0, −sβ), at height
  // z_c − (L/2) cβ − r sβ; the points at ±120° are at z_c − (L/2) cβ + r sβ/2.
  const double beta = 5.0 * kPi / 36.0, c = std::cos(beta), s = std::sin(beta);
  const Shape ground = make_halfspace(), cylinder = make_cylinder(0.2, 0.5);
  for (double z : {0.4, 0.25}) {
    const Vector3d centre(-0.4, 0.6, z);
    const Vector3d rim = centre - 0.25 * Vector3d(s, 0.0, c) + 0.2 * Vector3d(c, 0.0, -s);
    const auto points = contact_points_of(ground, Isometry3d::Identity(), cylinder,
                                          make_pose(centre, rotation_about(Vector3d::UnitY(), beta)));
    expect_geometry(points[0], z - 0.25 * c - 0.2 * s, Vector3d::UnitZ(), Vector3d(rim.x(), rim.y(), 0.0), rim);
    EXPECT_NEAR(points[1].gap, z - 0.25 * c + 0.1 * s, 1e-15);
    EXPECT_NEAR(points[2].gap, z - 0.25 * c + 0.1 * s, 1e-15);
    EXPECT_DOUBLE_EQ(lowest_gap(points), points[0].gap);
  }
}

TEST(HalfspaceCylinder, RimPointHeightsAreContinuousThroughAFaceLyingFlat) {
  // The lowest direction of a rim is undefined when its face lies flat; the points' heights depend only on the
  // tilt's size, so a tilt of 1e-9 rad in any direction moves each by at most r·1e-9.
  const Shape ground = make_halfspace(), cylinder = make_cylinder(0.2, 0.5);
  const auto flat = contact_points_of(ground, Isometry3d::Identity(), cylinder, make_pose(Vector3d(0.0, 0.0, 0.3)));
  for (double direction : {0.0, 1.0, 2.5, 4.0}) {
    const Vector3d about(std::cos(direction), std::sin(direction), 0.0);
    const auto tilted = contact_points_of(ground, Isometry3d::Identity(), cylinder,
                                          make_pose(Vector3d(0.0, 0.0, 0.3), rotation_about(about, 1e-9)));
    for (std::size_t k = 0; k < 6; ++k) EXPECT_NEAR(tilted[k].gap, flat[k].gap, 0.2e-9 + 1e-16) << "point " << k;
  }
}

TEST(HalfspaceCylinder, AFaceLyingFlatOnARotationNotYetNormalisedKeepsItsRimPointsLevel) {
  // A free body's rotation comes from a quaternion the integrator normalises only at events: here off by 6e-13, as
  // measured on a can resting on its face. The rim's lowest direction is then of the size of that error; it must
  // still lie in the rim's plane, so the three points of the face stay at one height (before, one of them rose
  // 1.8e-5 m and the next evaluation at the same state dropped it again: a separation and an "overlap" at once).
  const Shape ground = make_halfspace(), cylinder = make_cylinder(0.04, 0.12);
  const Matrix3d flipped = rotation_about(Vector3d(1.0, 1.0, 0.0).normalized(), kPi) * (1.0 - 6e-13);
  const auto points = contact_points_of(ground, Isometry3d::Identity(), cylinder, make_pose(Vector3d(0.3, 0.0, 0.06), flipped));
  for (std::size_t k = 3; k < 6; ++k) EXPECT_NEAR(points[k].gap, points[3].gap, 1e-15) << "point " << k;
  EXPECT_NEAR(points[3].gap, 0.0, 1e-13);
}

// ---------------------------------------------------------------------------------------------------------
// Sphere–capsule and capsule–capsule: the closest points of the axis segments act as sphere centres.

TEST(SphereCapsule, BesideTheSegmentAndBeyondTheCap) {
  // Capsule radius 0.2, length 1.0, centred at (1, 1, 1) along z: its axis runs from z = 0.5 to z = 1.5.
  const Shape capsule = make_capsule(0.2, 1.0);
  const Isometry3d X_capsule = make_pose(Vector3d(1.0, 1.0, 1.0));
  // Beside the segment: a sphere of radius 0.3 at (1 + d, 1, 1.25) is closest to the axis point (1, 1, 1.25),
  // the normal from the sphere (A) to the capsule (B) is −x̂, and gap = d − 0.5.
  for (double d : {0.7, 0.4}) {
    const Vector3d centre(1.0 + d, 1.0, 1.25);
    expect_geometry(closed_form(make_sphere(0.3), make_pose(centre), capsule, X_capsule), d - 0.5, -Vector3d::UnitX(),
                    Vector3d(1.0 + d - 0.3, 1.0, 1.25), Vector3d(1.2, 1.0, 1.25));
  }
  // Beyond the top cap: a sphere of radius 0.2 at (1, 1, 1.5) + k (0.3, 0, 0.4) is closest to the end point
  // (1, 1, 1.5) at distance 0.5 k, along n = −(0.6, 0, 0.8), so gap = 0.5 k − 0.4.
  const Vector3d top(1.0, 1.0, 1.5), n(-0.6, 0.0, -0.8);
  for (double k : {1.0, 0.5}) {
    const Vector3d centre = top + k * Vector3d(0.3, 0.0, 0.4);
    expect_geometry(closed_form(make_sphere(0.2), make_pose(centre), capsule, X_capsule), 0.5 * k - 0.4, n,
                    centre + 0.2 * n, top - 0.2 * n);
  }
}

// Capsule A: radius 0.2, length 2, along x through the origin (R_y(90°) turns its z axis into x).
const Isometry3d kCapsuleAlongX = make_pose(Vector3d::Zero(), rotation_about(Vector3d::UnitY(), kPi / 2.0));

TEST(CapsuleCapsule, CrossingAxes) {
  // Capsule B: radius 0.3, length 2, horizontal at height h, through (0.2, −0.3, h), its axis at γ = 60° to x.
  // B's axis crosses above y = 0 at t = 0.3/sin γ, i.e. at x* = 0.2 + 0.3 cos γ/sin γ = 0.2 + 0.1 √3; the
  // common perpendicular is ẑ, so gap = h − 0.5, point_a = (x*, 0, 0.2) and point_b = (x*, 0, h − 0.3).
  const Shape a = make_capsule(0.2, 2.0), b = make_capsule(0.3, 2.0);
  const double x_star = 0.2 + 0.1 * std::sqrt(3.0);
  for (double h : {0.7, 0.4}) {
    const Isometry3d X_B = make_pose(Vector3d(0.2, -0.3, h), rotation_about(Vector3d::UnitZ(), kPi / 3.0) *
                                                                 rotation_about(Vector3d::UnitY(), kPi / 2.0));
    expect_geometry(closed_form(a, kCapsuleAlongX, b, X_B), h - 0.5, Vector3d::UnitZ(), Vector3d(x_star, 0.0, 0.2),
                    Vector3d(x_star, 0.0, h - 0.3));
  }
}

TEST(CapsuleCapsule, ParallelSideBySide) {
  // B parallel to A at height h, shifted to x ∈ [−0.5, 1.5]: gap = h − 0.5 along ẑ. The closest points are
  // not unique; any pair above each other on the overlap x ∈ [−0.5, 1] is right.
  const Shape a = make_capsule(0.2, 2.0), b = make_capsule(0.3, 2.0);
  for (double h : {0.7, 0.4}) {
    const Isometry3d X_B = make_pose(Vector3d(0.5, 0.0, h), kCapsuleAlongX.linear());
    const PairGeometry g = closed_form(a, kCapsuleAlongX, b, X_B);
    EXPECT_NEAR(g.gap, h - 0.5, kTolerance * std::abs(h - 0.5));
    expect_vector_near(g.normal, Vector3d::UnitZ(), kTolerance, "normal");
    EXPECT_NEAR(g.point_a.y(), 0.0, kTolerance);
    EXPECT_NEAR(g.point_a.z(), 0.2, kTolerance);
    EXPECT_GE(g.point_a.x(), -0.5 - kTolerance);
    EXPECT_LE(g.point_a.x(), 1.0 + kTolerance);
    expect_vector_near(g.point_b - g.point_a, g.gap * g.normal, kTolerance, "point_b − point_a = gap·normal");
  }
}

TEST(CapsuleCapsule, ParallelEndToEnd) {
  // B collinear with A, centred at x = 1 + 1 + s: the facing end points (1, 0, 0) and (1 + s, 0, 0) are
  // closest, n = x̂, gap = s − 0.5, point_a = (1.2, 0, 0), point_b = (1 + s − 0.3, 0, 0).
  const Shape a = make_capsule(0.2, 2.0), b = make_capsule(0.3, 2.0);
  for (double s : {0.6, 0.4}) {
    const Isometry3d X_B = make_pose(Vector3d(2.0 + s, 0.0, 0.0), kCapsuleAlongX.linear());
    expect_geometry(closed_form(a, kCapsuleAlongX, b, X_B), s - 0.5, Vector3d::UnitX(), Vector3d(1.2, 0.0, 0.0),
                    Vector3d(0.7 + s, 0.0, 0.0));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Cross-checks of the overlapping closed forms against FCL.

double fcl_penetration_depth(const fcl::CollisionGeometryd& a, const Isometry3d& X_WA,
                             const fcl::CollisionGeometryd& b, const Isometry3d& X_WB) {
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  fcl::collide(&a, X_WA, &b, X_WB, request, result);
  return result.numContacts() > 0 ? result.getContact(0).penetration_depth : 0.0;
}

TEST(FclCrossCheck, SphereSphereDepth) {
  // FCL's sphere–sphere collision is closed form too: the depths agree to round-off (here 0.1).
  const Vector3d u = Vector3d(2.0, 3.0, 6.0) / 7.0;
  const Isometry3d X_A = make_pose(Vector3d(0.1, 0.2, 0.3)), X_B = make_pose(Vector3d(0.1, 0.2, 0.3) + 0.7 * u);
  const double depth = fcl_penetration_depth(fcl::Sphered(0.3), X_A, fcl::Sphered(0.5), X_B);
  EXPECT_NEAR(-closed_form(make_sphere(0.3), X_A, make_sphere(0.5), X_B).gap, depth, kTolerance * depth);
  EXPECT_NEAR(depth, 0.1, kTolerance * 0.1);
}

TEST(FclCrossCheck, HalfspaceSphereDepth) {
  // FCL's halfspace–sphere collision is closed form; the rotated plane of HalfspaceSphere.RotatedPlane with the
  // centre 0.4 above it overlaps by 0.1.
  const Isometry3d plane = make_pose(Vector3d(1.0, 2.0, 3.0), rotation_about(Vector3d::UnitX(), kPi / 6.0));
  const Vector3d centre = plane * Vector3d(0.4, 0.3, 0.4);
  const double depth =
      fcl_penetration_depth(fcl::Halfspaced(Vector3d::UnitZ(), 0.0), plane, fcl::Sphered(0.5), make_pose(centre));
  EXPECT_NEAR(-closed_form(make_halfspace(), plane, make_sphere(0.5), make_pose(centre)).gap, depth, kTolerance * depth);
  EXPECT_NEAR(depth, 0.1, kTolerance * 0.1);
}

TEST(FclCrossCheck, CapsuleCapsuleDepth) {
  // The crossing capsules of CapsuleCapsule.CrossingAxes at h = 0.4 overlap by 0.1.
  const Isometry3d X_B = make_pose(Vector3d(0.2, -0.3, 0.4), rotation_about(Vector3d::UnitZ(), kPi / 3.0) *
                                                                 rotation_about(Vector3d::UnitY(), kPi / 2.0));
  const fcl::Capsuled fcl_a(0.2, 2.0), fcl_b(0.3, 2.0);
  const double depth = -closed_form(make_capsule(0.2, 2.0), kCapsuleAlongX, make_capsule(0.3, 2.0), X_B).gap;
  EXPECT_NEAR(depth, 0.1, kTolerance * 0.1);

  // FCL 0.7's closed form for this pair is its segment–segment signed distance (fcl::distance): round-off.
  fcl::DistanceRequestd request(true);
  fcl::DistanceResultd result;
  fcl::distance(&fcl_a, kCapsuleAlongX, &fcl_b, X_B, request, result);
  EXPECT_NEAR(-result.min_distance, depth, kTolerance * depth);

  // fcl::collide has no closed form for capsule–capsule in FCL 0.7 (it runs libccd's iterative MPR, whose
  // default tolerance is 1e-6), so it agrees only to that tolerance.
  EXPECT_NEAR(fcl_penetration_depth(fcl_a, kCapsuleAlongX, fcl_b, X_B), depth, 1e-5 * depth);
}

// ---------------------------------------------------------------------------------------------------------
// Boxes, capsules and cylinders through the pair table (their kernels' own tests are in box_box_test.cc,
// capsule_pairs_test.cc and cylinder_pairs_test.cc): exact to round-off separated, overlapping and at touch,
// where the normal is defined too. Shapes are sorted by type, so a sphere, capsule or cylinder is A against a
// box B, and the normal from A to B is the box face's inward normal.

TEST(ConvexPairs, SphereAboveABoxFace) {
  // Box of half extents (0.5, 0.4, 0.2), rotated and moved; a sphere of radius 0.3 whose centre sits at box
  // coordinates (0.1, −0.1, 0.2 + h), above the top face. The nearest box point is the face point
  // (0.1, −0.1, 0.2); the normal from the sphere (A) to the box (B) is the box's −ẑ; gap = h − 0.3.
  const Matrix3d R = rotation_about(Vector3d(1.0, -2.0, 0.5), 0.7);
  const Isometry3d X_box = make_pose(Vector3d(0.3, -1.0, 2.0), R);
  const Vector3d up = R.col(2);
  const Vector3d face_point = X_box * Vector3d(0.1, -0.1, 0.2);
  const Shape sphere = make_sphere(0.3), box = make_box(Vector3d(0.5, 0.4, 0.2));
  // h = 0.5: separated by 0.2. h = 0.2: overlapping by 0.1, the sphere's deepest point 0.1 below the face.
  for (const double h : {0.5, 0.2}) {
    const Vector3d centre = face_point + h * up;
    expect_geometry(closed_form(sphere, make_pose(centre), box, X_box), h - 0.3, -up, centre - 0.3 * up, face_point);
  }
}

TEST(ConvexPairs, CylinderFaceOnABoxFace) {
  // An upright cylinder (radius 0.2, length 1) centred at (0.1, 0.05, z) over the cube [−0.5, 0.5]³: its bottom
  // face at z − 0.5 faces the cube's top face at 0.5, so, as on a halfspace, three bottom rim points — at angles
  // 0 and ±120° from its x axis (a level face's lowest direction is undefined) — carry the least gap, z − 1,
  // along −ẑ, in slot order (0, 2, 3). z = 0.9: sunk 0.1 into the face; z = 1.1: 0.1 above it.
  const Shape cylinder = make_cylinder(0.2, 1.0), box = make_box(Vector3d(0.5, 0.5, 0.5));
  for (const double z : {0.9, 1.1}) {
    const auto points = slots(cylinder, make_pose(Vector3d(0.1, 0.05, z)), box, Isometry3d::Identity());
    EXPECT_NEAR(lowest_gap(points), z - 1.0, kTolerance * 0.1) << "z = " << z;
    std::vector<PairGeometry> lowest;
    for (const PairGeometry& p : points) {
      if (std::abs(p.gap - (z - 1.0)) <= kTolerance * 0.1) lowest.push_back(p);
    }
    ASSERT_EQ(lowest.size(), 3u) << "z = " << z;
    for (std::size_t k = 0; k < 3; ++k) {
      const double angle = (k == 0 ? 0.0 : k == 1 ? 2.0 : -2.0) * kPi / 3.0;
      const Vector3d rim(0.1 + 0.2 * std::cos(angle), 0.05 + 0.2 * std::sin(angle), z - 0.5);
      expect_geometry(lowest[k], z - 1.0, -Vector3d::UnitZ(), rim, Vector3d(rim.x(), rim.y(), 0.5));
    }
  }
}

TEST(ConvexPairs, TiltedCapsuleOnABox) {
  // A capsule (radius 0.2, length 1) tilted by R_y(β) R_x(φ) over the cube, centre height 0.9: its axis is
  // a = (sβ cφ, −sφ, cβ cφ), its lower end sphere's centre c − (L/2) a lies inside the cube under its top face
  // (x, y within ±0.5), so that sphere's gap is its centre's height 0.9 − 0.5 cβ cφ less 0.5 and 0.2, along −ẑ,
  // with the face point below the centre. The upper end sphere (slot 1) is apart.
  const double beta = 0.5, phi = 0.3;
  const Shape capsule = make_capsule(0.2, 1.0), box = make_box(Vector3d(0.5, 0.5, 0.5));
  const Matrix3d R = rotation_about(Vector3d::UnitY(), beta) * rotation_about(Vector3d::UnitX(), phi);
  const Vector3d end = Vector3d(0.1, 0.05, 0.9) - 0.5 * R.col(2);
  const double gap = end.z() - 0.5 - 0.2;
  const auto points = slots(capsule, make_pose(Vector3d(0.1, 0.05, 0.9), R), box, Isometry3d::Identity());
  ASSERT_EQ(points.size(), 2u);
  expect_geometry(points[0], gap, -Vector3d::UnitZ(), end - 0.2 * Vector3d::UnitZ(), Vector3d(end.x(), end.y(), 0.5));
  EXPECT_NEAR(gap, 0.9 - 0.5 * std::cos(beta) * std::cos(phi) - 0.7, 1e-15);
  EXPECT_GT(points[1].gap, 0.0);
}

TEST(ConvexPairs, GapAndNormalAreExactThroughTouch) {
  // The cylinder of CylinderFaceOnABoxFace at centre height 1 + s and the capsule of TiltedCapsuleOnABox raised
  // so that its lowest point is s above the face: the least gap is s, to the round-off of the poses (≈ 1e-16 of
  // their size 1), on both sides of touch and at it, and its normal is −ẑ there too.
  const Shape cylinder = make_cylinder(0.2, 1.0), capsule = make_capsule(0.2, 1.0);
  const Shape box = make_box(Vector3d(0.5, 0.5, 0.5));
  const double beta = 0.5, phi = 0.3;
  const Matrix3d R = rotation_about(Vector3d::UnitY(), beta) * rotation_about(Vector3d::UnitX(), phi);
  const double capsule_bottom = 0.5 * std::cos(beta) * std::cos(phi) + 0.2;  // centre height above its lowest point
  const auto expect_touch = [&](const std::vector<PairGeometry>& points, double s, const char* what) {
    const auto lowest = std::min_element(points.begin(), points.end(),
                                         [](const PairGeometry& p, const PairGeometry& q) { return p.gap < q.gap; });
    EXPECT_NEAR(lowest->gap, s, 1e-15) << what << ", s = " << s;
    expect_vector_near(lowest->normal, -Vector3d::UnitZ(), 1e-15, what);
  };
  for (double s : {1e-5, 1e-6, 3e-7, 1e-7, 1e-8, 1e-9, 1e-12, 0.0, -1e-12, -1e-9, -1e-8, -1e-7, -3e-7, -1e-6, -1e-5}) {
    expect_touch(slots(cylinder, make_pose(Vector3d(0.1, 0.05, 1.0 + s)), box, Isometry3d::Identity()), s,
                 "cylinder");
    expect_touch(slots(capsule, make_pose(Vector3d(0.1, 0.05, 0.5 + capsule_bottom + s), R), box,
                       Isometry3d::Identity()),
                 s, "capsule");
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sphere–cylinder and sphere–box (closed forms).

TEST(SphereCylinder, FlatFaceSideAndRim) {
  // Cylinder R = 0.5, length 2 (faces at z = ±1), rotated and moved; the sphere (r = 0.2) placed in its frame.
  const Isometry3d X_C = make_pose(Vector3d(1.0, -2.0, 0.5), rotation_about(Vector3d(1.0, 1.0, 0.0).normalized(), 0.7));
  const Shape cylinder = make_cylinder(0.5, 2.0), sphere = make_sphere(0.2);
  auto at = [&](const Vector3d& local) { return make_pose(X_C * local); };
  const Matrix3d R = X_C.linear();
  // Above the flat face, 0.3 over it: gap 0.1, normal −z_C (from the sphere down into the cylinder).
  expect_geometry(closed_form(sphere, at(Vector3d(0.1, 0.2, 1.3)), cylinder, X_C), 0.1, -R.col(2),
                  X_C * Vector3d(0.1, 0.2, 1.1), X_C * Vector3d(0.1, 0.2, 1.0));
  // Sunk 0.05 into the flat face (centre 0.15 above it): gap −0.05, same normal.
  expect_geometry(closed_form(sphere, at(Vector3d(0.1, 0.2, 1.15)), cylinder, X_C), -0.05, -R.col(2),
                  X_C * Vector3d(0.1, 0.2, 0.95), X_C * Vector3d(0.1, 0.2, 1.0));
  // Beside the side at radius 0.9: gap 0.9 − 0.5 − 0.2 = 0.2, normal −x_C.
  expect_geometry(closed_form(sphere, at(Vector3d(0.9, 0.0, 0.3)), cylinder, X_C), 0.2, -R.col(0),
                  X_C * Vector3d(0.7, 0.0, 0.3), X_C * Vector3d(0.5, 0.0, 0.3));
  // Beyond the rim: centre at (0.8, 0, 1.4): closest rim point (0.5, 0, 1), distance 0.5, gap 0.3.
  const Vector3d u = Vector3d(0.3, 0.0, 0.4) / 0.5;
  expect_geometry(closed_form(sphere, at(Vector3d(0.8, 0.0, 1.4)), cylinder, X_C), 0.3, -(R * u),
                  X_C * (Vector3d(0.8, 0.0, 1.4) - 0.2 * u), X_C * Vector3d(0.5, 0.0, 1.0));
  // Centre inside, nearer the side (0.1) than the face (0.6): gap −(0.1 + 0.2) = −0.3, and point_a is the
  // sphere's point 0.3 inside the side along the normal.
  expect_geometry(closed_form(sphere, at(Vector3d(0.0, 0.4, 0.4)), cylinder, X_C), -0.3, -R.col(1),
                  X_C * Vector3d(0.0, 0.2, 0.4), X_C * Vector3d(0.0, 0.5, 0.4));
}

// Where a sphere meets a cylinder's side, or a capsule's, its R* is Hertz's elliptical contact's (equivalent_radius,
// contact/material_mixing.h), not the compiled one of a flat face or of two spheres; on a face, a capsule's end or a
// rim (an edge) the compiled one stands (NaN). References: SciPy's solution of the same equations (material_mixing
// tests).
TEST(TouchEffectiveRadius, ASphereOnACylindersSideButNotOnItsFaceOrRim) {
  const Isometry3d X_C = make_pose(Vector3d(1.0, -2.0, 0.5), rotation_about(Vector3d(1.0, 1.0, 0.0).normalized(), 0.7));
  const Shape cylinder = make_cylinder(0.5, 2.0), sphere = make_sphere(0.2);
  auto at = [&](const Vector3d& local) { return make_pose(X_C * local); };
  EXPECT_NEAR(touch_effective_radius(sphere, at(Vector3d(0.69, 0.0, 0.3)), cylinder, X_C), 0.169828837325, 1e-11);
  EXPECT_TRUE(std::isnan(touch_effective_radius(sphere, at(Vector3d(0.1, 0.2, 1.19)), cylinder, X_C)));   // face
  EXPECT_TRUE(std::isnan(touch_effective_radius(sphere, at(Vector3d(0.6, 0.0, 1.15)), cylinder, X_C)));   // rim
}

TEST(TouchEffectiveRadius, CapsuleSidesAndEnds) {
  const Shape ball = make_sphere(0.2), thin = make_capsule(0.2, 2.0), thick = make_capsule(0.3, 2.0);
  // A ball beside a capsule's side (R 0.3), and beyond its end (two spheres: the compiled R* stands).
  EXPECT_NEAR(touch_effective_radius(ball, make_pose(Vector3d(0.3, 0.0, 0.5)), thick, kCapsuleAlongX), 0.156606784495,
              1e-12);
  EXPECT_TRUE(std::isnan(touch_effective_radius(ball, make_pose(Vector3d(1.5, 0.0, 0.1)), thick, kCapsuleAlongX)));
  // Sides crossed at 60° (the geometry of CapsuleCapsule.CrossingAxes).
  const Isometry3d X_B = make_pose(Vector3d(0.2, -0.3, 0.7), rotation_about(Vector3d::UnitZ(), kPi / 3.0) *
                                                                 rotation_about(Vector3d::UnitY(), kPi / 2.0));
  EXPECT_NEAR(touch_effective_radius(thin, kCapsuleAlongX, thick, X_B), 0.299357519246, 1e-11);
  // The thick capsule upright over the thin one: its lower end sphere (0.3) on a side of 0.2.
  EXPECT_NEAR(touch_effective_radius(thin, kCapsuleAlongX, thick, make_pose(Vector3d(0.0, 0.0, 1.6))), 0.196413680679,
              1e-12);
  // End to end along one line: two spheres.
  const Isometry3d X_F = make_pose(Vector3d(3.0, 0.0, 0.0), rotation_about(Vector3d::UnitY(), kPi / 2.0));
  EXPECT_TRUE(std::isnan(touch_effective_radius(thin, kCapsuleAlongX, thick, X_F)));
}

TEST(SphereBox, FaceEdgeCornerAndInside) {
  const Isometry3d X_B = make_pose(Vector3d(-1.0, 0.5, 2.0), rotation_about(Vector3d(0.0, 1.0, 1.0).normalized(), -0.4));
  const Shape box = make_box(Vector3d(0.5, 1.0, 1.5)), sphere = make_sphere(0.25);
  auto at = [&](const Vector3d& local) { return make_pose(X_B * local); };
  const Matrix3d R = X_B.linear();
  // Over the +x face at 0.75: gap 0.
  expect_geometry(closed_form(sphere, at(Vector3d(0.85, 0.2, -0.3)), box, X_B), 0.1, -R.col(0),
                  X_B * Vector3d(0.6, 0.2, -0.3), X_B * Vector3d(0.5, 0.2, -0.3));
  // Off the (+x, +y) edge by (0.3, 0.4): distance 0.5, gap 0.25.
  const Vector3d u = Vector3d(0.3, 0.4, 0.0) / 0.5;
  expect_geometry(closed_form(sphere, at(Vector3d(0.8, 1.4, 0.0)), box, X_B), 0.25, -(R * u),
                  X_B * (Vector3d(0.8, 1.4, 0.0) - 0.25 * u), X_B * Vector3d(0.5, 1.0, 0.0));
  // Centre inside, 0.1 below the +z face: gap −0.35.
  expect_geometry(closed_form(sphere, at(Vector3d(0.0, 0.0, 1.4)), box, X_B), -0.35, -R.col(2),
                  X_B * Vector3d(0.0, 0.0, 1.15), X_B * Vector3d(0.0, 0.0, 1.5));
}

TEST(FclCrossCheck, SphereCylinderAndSphereBoxDepths) {
  // FCL's sphere–cylinder and sphere–box collisions are primitive (exact) algorithms: the depths agree.
  const Isometry3d X_C = make_pose(Vector3d(0.3, 0.1, -0.2), rotation_about(Vector3d::UnitX(), 0.3));
  const Isometry3d ball = make_pose(X_C * Vector3d(0.1, 0.2, 1.15));
  const double cylinder_depth = fcl_penetration_depth(fcl::Sphered(0.2), ball, fcl::Cylinderd(0.5, 2.0), X_C);
  EXPECT_NEAR(-closed_form(make_sphere(0.2), ball, make_cylinder(0.5, 2.0), X_C).gap, cylinder_depth, kTolerance);
  EXPECT_NEAR(cylinder_depth, 0.05, 1e-11);
  const Isometry3d box_ball = make_pose(X_C * Vector3d(0.65, 0.2, -0.3));
  const double box_depth = fcl_penetration_depth(fcl::Sphered(0.25), box_ball, fcl::Boxd(1.0, 2.0, 3.0), X_C);
  EXPECT_NEAR(-closed_form(make_sphere(0.25), box_ball, make_box(Vector3d(0.5, 1.0, 1.5)), X_C).gap, box_depth, kTolerance);
  EXPECT_NEAR(box_depth, 0.1, 1e-11);
}

// ---------------------------------------------------------------------------------------------------------
// Pins in a hole (internal contact, clearance joints).

TEST(PinInHole, SphereAndCapsuleAgainstTheBoreWall) {
  // Bore of radius 10 mm along z_H, moved and rotated; pin radius 9.5 mm: radial clearance 0.5 mm.
  Shape hole;
  hole.type = ShapeType::kHole;
  hole.radius = 0.010;
  hole.length = 0.05;
  const Isometry3d X_H = make_pose(Vector3d(0.2, -0.1, 0.3), rotation_about(Vector3d(1.0, 2.0, 0.5).normalized(), 0.8));
  const Matrix3d R = X_H.linear();
  // Pin centre displaced by 0.3 mm along x_H: gap 0.5 − 0.3 = 0.2 mm, normal +x_H (pin to wall).
  const Vector3d centre = X_H * Vector3d(3e-4, 0.0, 0.01);
  expect_geometry(closed_form(make_sphere(0.0095), make_pose(centre), hole, X_H), 2e-4, R.col(0),
                  X_H * Vector3d(3e-4 + 0.0095, 0.0, 0.01), X_H * Vector3d(0.010, 0.0, 0.01));
  // Displaced by 0.8 mm along (3, 4)/5: indentation 0.3 mm.
  const Vector3d u(0.6, 0.8, 0.0);
  expect_geometry(closed_form(make_sphere(0.0095), make_pose(X_H * Vector3d(8e-4 * u)), hole, X_H), -3e-4, R * u,
                  X_H * Vector3d((8e-4 + 0.0095) * u), X_H * Vector3d(0.010 * u));
  // A capsule pin tilted in the bore: the end farther from the axis touches (offset 0.6 mm at z = +10 mm).
  const Isometry3d X_P = make_pose(X_H * Vector3d(1e-4, 0.0, 0.0), R * rotation_about(Vector3d::UnitY(), 0.025));
  const Shape pin = make_capsule(0.0095, 0.02);
  const PairGeometry g = closed_form(pin, X_P, hole, X_H);
  const Vector3d tip = X_H.inverse() * (X_P * Vector3d(0.0, 0.0, 0.01));
  EXPECT_NEAR(g.gap, 0.010 - 0.0095 - std::hypot(tip.x(), tip.y()), 1e-15);
  expect_vector_near(g.normal, R * Vector3d(tip.x(), tip.y(), 0.0).normalized(), 1e-12, "capsule normal");
  EXPECT_FALSE(narrowphase_supported(ShapeType::kBox, ShapeType::kHole));
  EXPECT_TRUE(narrowphase_supported(ShapeType::kCapsule, ShapeType::kHole));
}

TEST(NarrowphaseSupported, EveryOrderedPairButHalfspaceHalfspace) {
  EXPECT_FALSE(narrowphase_supported(ShapeType::kHalfspace, ShapeType::kHalfspace));
  EXPECT_TRUE(narrowphase_supported(ShapeType::kHalfspace, ShapeType::kBox));
  EXPECT_TRUE(narrowphase_supported(ShapeType::kSphere, ShapeType::kCylinder));
  EXPECT_TRUE(narrowphase_supported(ShapeType::kBox, ShapeType::kBox));
  EXPECT_FALSE(narrowphase_supported(ShapeType::kBox, ShapeType::kSphere));  // pairs are stored sorted by type
}

}  // namespace
}  // namespace contactlab
