// SPDX-License-Identifier: MIT
// Tests of contact/geometry: each helper against hand-derived values — closest points of segments, a point
// against a box and a cylinder, lines through them (crossing, missing, grazing), support functions, the part of a
// segment over a face, the convex minimiser, polynomial roots and the bracketed zero.
#include "contact/geometry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

namespace contactlab {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

void expect_vector_near(const Vector3d& actual, const Vector3d& expected, double tolerance, const char* what) {
  EXPECT_LE((actual - expected).norm(), tolerance) << what << ": " << actual.transpose() << " vs "
                                                   << expected.transpose();
}

// ---------------------------------------------------------------------------------------------------------
// Closest points of two segments.

TEST(ClosestBetweenSegments, CrossingParallelAndBeyondTheEnds) {
  Vector3d c1, c2;
  // [−1, 1] along x and [−1, 1] along y lifted to z = 0.5: they cross above the origin.
  closest_between_segments(Vector3d(-1, 0, 0), Vector3d(1, 0, 0), Vector3d(0, -1, 0.5), Vector3d(0, 1, 0.5), c1, c2);
  expect_vector_near(c1, Vector3d(0, 0, 0), 1e-15, "c1, crossing");
  expect_vector_near(c2, Vector3d(0, 0, 0.5), 1e-15, "c2, crossing");
  // The second moved along y to start at y = 2: its nearest point is its end (0, 2, 0.5), nearest (0, 0, 0).
  closest_between_segments(Vector3d(-1, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 2, 0.5), Vector3d(0, 3, 0.5), c1, c2);
  expect_vector_near(c1, Vector3d(0, 0, 0), 1e-15, "c1, beyond an end");
  expect_vector_near(c2, Vector3d(0, 2, 0.5), 1e-15, "c2, beyond an end");
  // Parallel, overlapping in x ∈ [0.5, 1]: any pair 0.3 apart is nearest; the first segment's start is taken
  // (s = 0), clamped onto the second's range: (0.5, 0, 0) and (0.5, 0.3, 0).
  closest_between_segments(Vector3d(-1, 0, 0), Vector3d(1, 0, 0), Vector3d(0.5, 0.3, 0), Vector3d(2, 0.3, 0), c1, c2);
  EXPECT_NEAR((c2 - c1).norm(), 0.3, 1e-15);
  expect_vector_near(c2, Vector3d(0.5, 0.3, 0), 1e-15, "c2, parallel");
  // A point (zero-length segment) against a segment: its foot.
  closest_between_segments(Vector3d(0.2, 1, 1), Vector3d(0.2, 1, 1), Vector3d(-1, 0, 0), Vector3d(1, 0, 0), c1, c2);
  expect_vector_near(c2, Vector3d(0.2, 0, 0), 1e-15, "c2, point");
}

// ---------------------------------------------------------------------------------------------------------
// A point against a solid.

TEST(BoxSurfacePoint, FaceEdgeCornerAndInside) {
  const Vector3d h(0.5, 0.4, 0.3);
  // Over the +z face by 0.2.
  SurfacePoint s = box_surface_point(h, Vector3d(0.1, -0.2, 0.5));
  EXPECT_NEAR(s.distance, 0.2, 1e-15);
  expect_vector_near(s.point, Vector3d(0.1, -0.2, 0.3), 1e-15, "face point");
  expect_vector_near(s.normal, Vector3d::UnitZ(), 1e-15, "face normal");
  // Off the (+x, +y) edge by (0.3, 0.4): distance 0.5, normal (0.6, 0.8, 0).
  s = box_surface_point(h, Vector3d(0.8, 0.8, 0.1));
  EXPECT_NEAR(s.distance, 0.5, 1e-15);
  expect_vector_near(s.normal, Vector3d(0.6, 0.8, 0.0), 1e-15, "edge normal");
  // Off the (+, +, +) corner by (0.2, 0.3, 0.6): distance 0.7.
  s = box_surface_point(h, Vector3d(0.7, 0.7, 0.9));
  EXPECT_NEAR(s.distance, 0.7, 1e-15);
  expect_vector_near(s.point, h, 1e-15, "corner");
  // Inside, 0.05 from the −y face and farther from the others: distance −0.05, normal −ŷ.
  s = box_surface_point(h, Vector3d(0.2, -0.35, 0.1));
  EXPECT_NEAR(s.distance, -0.05, 1e-15);
  expect_vector_near(s.point, Vector3d(0.2, -0.4, 0.1), 1e-15, "inside: nearest face point");
  expect_vector_near(s.normal, -Vector3d::UnitY(), 0.0, "inside: normal");
}

TEST(CylinderSurfacePoint, SideFaceRimAndInside) {
  // R = 0.5, half length 1.
  SurfacePoint s = cylinder_surface_point(0.5, 1.0, Vector3d(0.6, 0.8, 0.3));  // radius 1: 0.5 off the side
  EXPECT_NEAR(s.distance, 0.5, 1e-15);
  expect_vector_near(s.point, Vector3d(0.3, 0.4, 0.3), 1e-15, "side point");
  expect_vector_near(s.normal, Vector3d(0.6, 0.8, 0.0), 1e-15, "side normal");
  s = cylinder_surface_point(0.5, 1.0, Vector3d(0.1, 0.2, 1.4));  // 0.4 over the +z face
  EXPECT_NEAR(s.distance, 0.4, 1e-15);
  expect_vector_near(s.normal, Vector3d::UnitZ(), 1e-15, "face normal");
  s = cylinder_surface_point(0.5, 1.0, Vector3d(0.8, 0.0, -1.4));  // beyond the −z rim by (0.3, −0.4): 0.5
  EXPECT_NEAR(s.distance, 0.5, 1e-15);
  expect_vector_near(s.point, Vector3d(0.5, 0.0, -1.0), 1e-15, "rim point");
  expect_vector_near(s.normal, Vector3d(0.6, 0.0, -0.8), 1e-15, "rim normal");
  // Inside: 0.1 from the side, 0.3 from the +z face: the side, distance −0.1.
  s = cylinder_surface_point(0.5, 1.0, Vector3d(0.0, -0.4, 0.7));
  EXPECT_NEAR(s.distance, -0.1, 1e-15);
  expect_vector_near(s.normal, -Vector3d::UnitY(), 1e-15, "inside, side");
  // Inside: 0.05 from the −z face, 0.2 from the side: the face.
  s = cylinder_surface_point(0.5, 1.0, Vector3d(0.3, 0.0, -0.95));
  EXPECT_NEAR(s.distance, -0.05, 1e-15);
  expect_vector_near(s.normal, -Vector3d::UnitZ(), 1e-15, "inside, face");
}

TEST(SurfacePoint, TheNormalIsTheDistancesGradient) {
  // Along random lines p + t d through random points (inside and out, away from the medial surfaces) the
  // distance's central difference at step 1e-6 equals normal·d to 1e-8 (its second-order term is ~1e-6 over the
  // curvature radii here, ≥ 0.05 away from edges).
  std::mt19937 random(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const Vector3d h(0.5, 0.4, 0.3);
  int checked = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Vector3d p(unit(random), unit(random), unit(random)), d = Vector3d(unit(random), unit(random), unit(random)).normalized();
    const double step = 1e-6;
    const SurfacePoint box = box_surface_point(h, p), cylinder = cylinder_surface_point(0.5, 0.3, p);
    const auto box_at = [&](double t) { return box_surface_point(h, p + t * d).distance; };
    const auto cylinder_at = [&](double t) { return cylinder_surface_point(0.5, 0.3, p + t * d).distance; };
    // Skip the medial surfaces inside (two faces, or a face and the side, equally near), where it has a kink.
    std::array<double, 3> margins = {h.x() - std::abs(p.x()), h.y() - std::abs(p.y()), h.z() - std::abs(p.z())};
    std::sort(margins.begin(), margins.end());
    if (box.distance < 0.0 && margins[1] - margins[0] < 1e-3) continue;
    if (cylinder.distance < 0.0 && std::abs((0.3 - std::abs(p.z())) - (0.5 - std::hypot(p.x(), p.y()))) < 1e-3) continue;
    EXPECT_NEAR((box_at(step) - box_at(-step)) / (2 * step), box.normal.dot(d), 1e-8) << "box, trial " << trial;
    EXPECT_NEAR((cylinder_at(step) - cylinder_at(-step)) / (2 * step), cylinder.normal.dot(d), 1e-8)
        << "cylinder, trial " << trial;
    ++checked;
  }
  EXPECT_GT(checked, 1500);
}

// ---------------------------------------------------------------------------------------------------------
// Lines through a solid.

TEST(BoxLineCrossing, ThroughMissingAndGrazing) {
  const Vector3d h(0.5, 0.4, 0.3);
  // Along x from x = −2 at (y, z) = (0.1, 0.2): enters at s = 1.5 through −x̂, leaves at 2.5 through +x̂.
  auto c = box_line_crossing(h, Vector3d(-2.0, 0.1, 0.2), Vector3d::UnitX());
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->enter, 1.5, 1e-15);
  EXPECT_NEAR(c->exit, 2.5, 1e-15);
  expect_vector_near(c->enter_normal, -Vector3d::UnitX(), 0.0, "enter normal");
  expect_vector_near(c->exit_normal, Vector3d::UnitX(), 0.0, "exit normal");
  // Down along (0.6, 0, −0.8) from (−0.6, 0, 1.1): enters the top face z = 0.3 at s = 1 (x = 0, after the slab
  // x ≥ −0.5 at s = 1/6) and leaves through the bottom z = −0.3 at s = 1.75 (x = 0.45, before x = 0.5 at 11/6).
  c = box_line_crossing(h, Vector3d(-0.6, 0.0, 1.1), Vector3d(0.6, 0.0, -0.8));
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->enter, 1.0, 1e-15);
  EXPECT_NEAR(c->exit, 1.75, 1e-15);
  expect_vector_near(c->enter_normal, Vector3d::UnitZ(), 0.0, "oblique enter normal");
  expect_vector_near(c->exit_normal, -Vector3d::UnitZ(), 0.0, "oblique exit normal");
  // Along x at y = 0.4 + 1e-9: misses; at y = 0.4 exactly (along the face): meets; behind the start: s < 0.
  EXPECT_FALSE(box_line_crossing(h, Vector3d(-2.0, 0.4 + 1e-9, 0.0), Vector3d::UnitX()));
  EXPECT_TRUE(box_line_crossing(h, Vector3d(-2.0, 0.4, 0.0), Vector3d::UnitX()));
  c = box_line_crossing(h, Vector3d(2.0, 0.0, 0.0), Vector3d::UnitX());
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->enter, -2.5, 1e-15);
}

TEST(CylinderLineCrossing, ThroughMissingAndGrazing) {
  // R = 0.5, half length 1. Along x at y = 0.3, z = 0.2: the side from x = −0.4 to 0.4 (0.3, 0.4, 0.5 triangle);
  // from x = −2 that is s = 1.6 to 2.4, entering along (−0.8, 0.6, 0).
  auto c = cylinder_line_crossing(0.5, 1.0, Vector3d(-2.0, 0.3, 0.2), Vector3d::UnitX());
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->enter, 1.6, 1e-15);
  EXPECT_NEAR(c->exit, 2.4, 1e-15);
  expect_vector_near(c->enter_normal, Vector3d(-0.8, 0.6, 0.0), 1e-15, "side enter normal");
  // Down the axis from z = 3: the +z face at s = 2, the −z face at s = 4.
  c = cylinder_line_crossing(0.5, 1.0, Vector3d(0.1, 0.1, 3.0), -Vector3d::UnitZ());
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->enter, 2.0, 1e-15);
  EXPECT_NEAR(c->exit, 4.0, 1e-15);
  expect_vector_near(c->enter_normal, Vector3d::UnitZ(), 0.0, "face enter normal");
  // Tangent to the side (y = 0.5): meets at one point, s = 2; 1e-9 beyond: misses; beyond the faces: misses.
  c = cylinder_line_crossing(0.5, 1.0, Vector3d(-2.0, 0.5, 0.0), Vector3d::UnitX());
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->enter, 2.0, 1e-7);  // a double root: s = 2 ± √(slack · 2R)
  EXPECT_FALSE(cylinder_line_crossing(0.5, 1.0, Vector3d(-2.0, 0.5 + 1e-9, 0.0), Vector3d::UnitX()));
  EXPECT_FALSE(cylinder_line_crossing(0.5, 1.0, Vector3d(-2.0, 0.0, 1.0 + 1e-9), Vector3d::UnitX()));
}

// ---------------------------------------------------------------------------------------------------------
// Rotations off orthonormal by round-off.

TEST(NearestRotation, UndoesAShorteningAndASymmetricStretch) {
  // Q (1 − 6e-13) (a quaternion not yet normalised) and Q (I + 1e-5 S), S symmetric: the orthogonal polar factor
  // of both is Q, found to round-off (the two steps square the error: 1e-5 → 1e-10 → 1e-20).
  const Eigen::Matrix3d Q = Eigen::AngleAxisd(0.7, Vector3d(1.0, -2.0, 0.5).normalized()).toRotationMatrix();
  Eigen::Matrix3d S;
  S << 0.3, 0.5, -0.2, 0.5, -0.1, 0.4, -0.2, 0.4, 0.8;
  for (const Eigen::Matrix3d& R : {Eigen::Matrix3d((1.0 - 6e-13) * Q), Eigen::Matrix3d(Q * (Eigen::Matrix3d::Identity() + 1e-5 * S))}) {
    const Eigen::Matrix3d nearest = nearest_rotation(R);
    EXPECT_LE((nearest - Q).norm(), 1e-15);
    EXPECT_LE((nearest.transpose() * nearest - Eigen::Matrix3d::Identity()).norm(), 1e-15);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Support functions.

TEST(Support, BoxAndCylinderAgainstTheirDefinition) {
  // max over the solid of u·x: a box's is Σ h_i |u_i| at the corner of u's signs; a cylinder's R|u⊥| + H|u_z|.
  const Vector3d h(0.5, 0.4, 0.3), u(0.36, -0.48, 0.8);
  EXPECT_NEAR(box_support(h, u), 0.5 * 0.36 + 0.4 * 0.48 + 0.3 * 0.8, 1e-15);
  expect_vector_near(box_support_point(h, u), Vector3d(0.5, -0.4, 0.3), 0.0, "box support point");
  EXPECT_NEAR(cylinder_support(0.5, 1.0, u), 0.5 * 0.6 + 1.0 * 0.8, 1e-15);
  // Both solids are symmetric about their centre: the same against −u, at the opposite corner.
  EXPECT_NEAR(box_support(h, -u), box_support(h, u), 1e-15);
  expect_vector_near(box_support_point(h, -u), Vector3d(-0.5, 0.4, -0.3), 0.0, "box support point against −u");
  EXPECT_NEAR(cylinder_support(0.5, 1.0, -u), cylinder_support(0.5, 1.0, u), 1e-15);
  // Sampled: no rim point (where a cylinder's support lies) exceeds it; the best of 3600 comes within 1e-6.
  double best = -1.0;
  for (int i = 0; i < 3600; ++i) {
    const double angle = 2.0 * std::numbers::pi * i / 3600.0;
    for (double z : {-1.0, 1.0}) best = std::max(best, u.dot(Vector3d(0.5 * std::cos(angle), 0.5 * std::sin(angle), z)));
  }
  EXPECT_LE(best, cylinder_support(0.5, 1.0, u) + 1e-15);
  EXPECT_GE(best, cylinder_support(0.5, 1.0, u) - 1e-6);
}

// ---------------------------------------------------------------------------------------------------------
// Segments over a face.

TEST(Clip, RectangleAndDisc) {
  // From (−2, 0.1) along (4, 0): inside |x| ≤ 1 for t ∈ [0.25, 0.75].
  auto t = clip_to_rectangle(Vector2d(-2.0, 0.1), Vector2d(4.0, 0.0), Vector2d(1.0, 0.5));
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->lower, 0.25, 1e-15);
  EXPECT_NEAR(t->upper, 0.75, 1e-15);
  EXPECT_FALSE(clip_to_rectangle(Vector2d(-2.0, 0.6), Vector2d(4.0, 0.0), Vector2d(1.0, 0.5)));
  // Disc of radius 0.5, the chord at y = 0.3 spans x ∈ [−0.4, 0.4]: t ∈ [0.4, 0.6].
  t = clip_to_disc(Vector2d(-2.0, 0.3), Vector2d(4.0, 0.0), 0.5);
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->lower, 0.4, 1e-15);
  EXPECT_NEAR(t->upper, 0.6, 1e-15);
  EXPECT_FALSE(clip_to_disc(Vector2d(-2.0, 0.6), Vector2d(4.0, 0.0), 0.5));
}

TEST(PartOverAFace, ProjectedAlongADirection) {
  // The segment from (−2, 0, 1) to (2, 0, 1) projected along u = (1, 0, −1)/√2 onto the plane z = 0.3 moves by
  // 0.7 in x: x from −1.3 to 2.7. Over the rectangle |y| ≤ 0.4, |x| ≤ 0.5 (i = z: (j, k) = (x, y)) for
  // x + 0.7 ∈ [−0.5, 0.5], i.e. x ∈ [−1.2, −0.2], t = (x + 2)/4 ∈ [0.2, 0.45].
  const Vector3d p(-2.0, 0.0, 1.0), d(4.0, 0.0, 0.0), u = Vector3d(1.0, 0.0, -1.0).normalized();
  Interval part = part_over_rectangle(p, d, u, 2, 0.3, Vector2d(0.5, 0.4));
  EXPECT_NEAR(part.lower, 0.2, 1e-15);
  EXPECT_NEAR(part.upper, 0.45, 1e-15);
  // Over the disc of radius 0.5 on z = 0.3: x + 0.7 ∈ [−0.5, 0.5], the same t.
  part = part_over_disc(p, d, u, 0.3, 0.5);
  EXPECT_NEAR(part.lower, 0.2, 1e-15);
  EXPECT_NEAR(part.upper, 0.45, 1e-15);
  // Moved to y = 1: nowhere over either; the single t nearest: for the rectangle, 0.6 from it all along
  // t ∈ [0.2, 0.45], the first, 0.2; for the disc, where x + 0.7 = 0, t = 0.325.
  part = part_over_rectangle(p + Vector3d(0, 1, 0), d, u, 2, 0.3, Vector2d(0.5, 0.4));
  EXPECT_NEAR(part.lower, 0.2, 1e-15);
  EXPECT_EQ(part.lower, part.upper);
  part = part_over_disc(p + Vector3d(0, 1, 0), d, u, 0.3, 0.5);
  EXPECT_NEAR(part.lower, 0.325, 1e-15);
  EXPECT_EQ(part.lower, part.upper);
  // Beside a side of half length 0.5: the segment from z = −1 to 1 is within it for t ∈ [0.25, 0.75]; from
  // z = 1 to 2 nowhere, the end nearest being t = 0.
  part = part_within_length(Vector3d(0, 0, -1), Vector3d(0, 0, 2), 0.5);
  EXPECT_NEAR(part.lower, 0.25, 1e-15);
  EXPECT_NEAR(part.upper, 0.75, 1e-15);
  part = part_within_length(Vector3d(0, 0, 1), Vector3d(0, 0, 1), 0.5);
  EXPECT_EQ(part.lower, 0.0);
  EXPECT_EQ(part.upper, 0.0);
}

// ---------------------------------------------------------------------------------------------------------
// One-variable solvers.

TEST(ConvexMinimiser, PointFlatStretchAndEnds) {
  // |t − 0.3|: the minimiser 0.3, to the resolution of double.
  const auto kink = [](double t) { return t < 0.3 ? -1.0 : 1.0; };
  EXPECT_NEAR(convex_minimiser(0.0, 1.0, kink, 0.0, true), 0.3, 1e-15);
  // Flat on [0.2, 0.6] (slope 0 there): leftmost 0.2, rightmost 0.6.
  const auto flat = [](double t) { return t < 0.2 ? -1.0 : t > 0.6 ? 1.0 : 0.0; };
  EXPECT_NEAR(convex_minimiser(0.0, 1.0, flat, 0.0, true), 0.2, 1e-15);
  EXPECT_NEAR(convex_minimiser(0.0, 1.0, flat, 0.0, false), 0.6, 1e-15);
  // Slopes within ±flat count as zero: slope 1e-12 (t − 0.5) over [0, 1] is flat with flat = 1e-11.
  const auto gentle = [](double t) { return 1e-12 * (t - 0.5); };
  EXPECT_EQ(convex_minimiser(0.0, 1.0, gentle, 1e-11, true), 0.0);
  EXPECT_EQ(convex_minimiser(0.0, 1.0, gentle, 1e-11, false), 1.0);
  // Rising throughout: the left end; falling: the right end.
  EXPECT_EQ(convex_minimiser(0.0, 1.0, [](double) { return 1.0; }, 0.0, true), 0.0);
  EXPECT_EQ(convex_minimiser(0.0, 1.0, [](double) { return -1.0; }, 0.0, false), 1.0);
}

TEST(PolynomialRoots, QuarticCubicQuadraticAndNone) {
  // (x − 1)(x + 2)(x − 0.5)(x + 3) = (x² + x − 2)(x² + 2.5x − 1.5) = x⁴ + 3.5x³ − x² − 6.5x + 3: roots −3, −2,
  // 0.5, 1, ascending.
  double roots[4];
  const double quartic[5] = {3.0, -6.5, -1.0, 3.5, 1.0};
  ASSERT_EQ(polynomial_roots(quartic, 4, roots), 4);
  const double expected[4] = {-3.0, -2.0, 0.5, 1.0};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(roots[i], expected[i], 1e-14) << "root " << i;
  // A leading coefficient below 1e-14 of the largest lowers the degree: 1e-20 x⁴ + (x − 2)(x + 1)(x − 4)
  // = 1e-20 x⁴ + x³ − 5x² + 2x + 8 has the cubic's roots −1, 2, 4 (the quartic's fourth lies near −1e20).
  const double cubic[5] = {8.0, 2.0, -5.0, 1.0, 1e-20};
  ASSERT_EQ(polynomial_roots(cubic, 4, roots), 3);
  EXPECT_NEAR(roots[0], -1.0, 1e-14);
  EXPECT_NEAR(roots[1], 2.0, 1e-14);
  EXPECT_NEAR(roots[2], 4.0, 1e-14);
  // Widely spread: (x − 1e-3)(x − 1e3) = x² − 1000.001x + 1: both to round-off.
  const double spread[3] = {1.0, -1000.001, 1.0};
  ASSERT_EQ(polynomial_roots(spread, 2, roots), 2);
  EXPECT_NEAR(roots[0], 1e-3, 1e-18);
  EXPECT_NEAR(roots[1], 1e3, 1e-12);
  // x² + 1 and x⁴ + 1: none.
  const double none[5] = {1.0, 0.0, 0.0, 0.0, 1.0};
  EXPECT_EQ(polynomial_roots(none, 2, roots), 0);
  EXPECT_EQ(polynomial_roots(none, 4, roots), 0);
}

TEST(PolynomialRoots, RandomQuarticsAgainstTheirValues) {
  // 2000 quartics with 4 random real roots in [−5, 5] at least 0.01 apart: all 4 found, each to 1e-10 (the
  // condition of a root 0.01 from its neighbour, ε·|p|/|p'| ≤ 1e-12 · 10⁴, is the bound).
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(-5.0, 5.0);
  for (int trial = 0; trial < 2000; ++trial) {
    double r[4];
    for (double& x : r) x = unit(random);
    std::sort(r, r + 4);
    if (r[1] - r[0] < 0.01 || r[2] - r[1] < 0.01 || r[3] - r[2] < 0.01) continue;
    // Expand (x − r0)(x − r1)(x − r2)(x − r3).
    double c[5] = {1.0, 0.0, 0.0, 0.0, 0.0};
    for (int k = 0; k < 4; ++k) {
      for (int i = k + 1; i > 0; --i) c[i] = c[i - 1] - r[k] * c[i];
      c[0] = -r[k] * c[0];
    }
    double found[4];
    ASSERT_EQ(polynomial_roots(c, 4, found), 4) << "trial " << trial;
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(found[i], r[i], 1e-10) << "trial " << trial << ", root " << i;
  }
}

TEST(ZeroBetween, ToRoundOffAndEnds) {
  // cos x = x at 0.739085133215160641655312087673873404... (the Dottie number).
  const auto g = [](double x) { return x - std::cos(x); };
  EXPECT_NEAR(zero_between(0.0, 1.0, g), 0.7390851332151607, 2e-16);
  // Without a sign change the end of the other sign is returned: g > 0 on [1, 2] → lo; g < 0 on [−2, 0] → hi.
  EXPECT_EQ(zero_between(1.0, 2.0, g), 1.0);
  EXPECT_EQ(zero_between(-2.0, 0.0, g), 0.0);
}

TEST(LargestBetween, TheMaximumToTheFlatnessOfItsTop) {
  // sin x on [0, π] peaks at 1 (x = π/2): the interval narrowed to 1e-5 of its width leaves x within 3e-5 of the
  // peak, sin within (3e-5)²/2 = 5e-10 of 1.
  const auto f = [](double x) { return std::sin(x); };
  EXPECT_NEAR(largest_between(0.0, std::numbers::pi, f), 1.0, 5e-10);
  // Off-centre, as a closing speed that turns late in a step: 2 − 40 (x − 0.93)² on [0, 1] peaks at 2.
  const auto late = [](double x) { return 2.0 - 40.0 * (x - 0.93) * (x - 0.93); };
  EXPECT_NEAR(largest_between(0.0, 1.0, late), 2.0, 40.0 * 1e-10);
}

}  // namespace
}  // namespace contactlab
