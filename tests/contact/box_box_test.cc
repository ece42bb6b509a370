// SPDX-License-Identifier: MIT
// Tests of contact/box_box: the contact polygon's points for hand-derived stacks, edges and crossings; the same
// corner seen against a box face and against a halfspace; the smallest gap against a brute-force signed distance
// written here (the Minkowski difference's facets when overlapping, corners and edges when apart); and sweeps
// through touch and through every change of the polygon, counting the slots handed over while in contact.
#include <array>
#include <cstdio>
#include <random>

#include "contact/pair_kernels.h"
#include "tests/contact/pair_testing.h"

namespace contactlab {
namespace {

using namespace contactlab::testing;
using Eigen::Vector2d;

constexpr double kPi = std::numbers::pi;

// ---------------------------------------------------------------------------------------------------------
// A brute-force signed distance, independent of the kernel.

std::array<Vector3d, 8> corners(const Vector3d& half, const Isometry3d& X) {
  std::array<Vector3d, 8> c;
  for (int k = 0; k < 8; ++k) {
    c[static_cast<std::size_t>(k)] =
        X * Vector3d((k & 1) ? half.x() : -half.x(), (k & 2) ? half.y() : -half.y(), (k & 4) ? half.z() : -half.z());
  }
  return c;
}

double point_to_box(const Vector3d& p, const Vector3d& half, const Isometry3d& X) {
  const Vector3d local = X.inverse() * p;
  return (local - local.cwiseMax(-half).cwiseMin(half)).norm();
}

// Distance between segments [p0, p1] and [q0, q1]: the smaller of the four end-to-segment distances and, when
// the infinite lines' closest points lie inside both, the lines' distance.
double point_to_segment(const Vector3d& p, const Vector3d& s0, const Vector3d& s1) {
  const Vector3d e = s1 - s0;
  return (p - (s0 + std::clamp(e.dot(p - s0) / e.squaredNorm(), 0.0, 1.0) * e)).norm();
}
double segment_to_segment(const Vector3d& p0, const Vector3d& p1, const Vector3d& q0, const Vector3d& q1) {
  double d = std::min({point_to_segment(p0, q0, q1), point_to_segment(p1, q0, q1), point_to_segment(q0, p0, p1),
                       point_to_segment(q1, p0, p1)});
  const Vector3d u = p1 - p0, v = q1 - q0, w = p0 - q0;
  const double a = u.dot(u), b = u.dot(v), c = v.dot(v), e = u.dot(w), f = v.dot(w);
  const double det = a * c - b * b;
  if (det > 1e-14 * a * c) {
    const double s = (b * f - c * e) / det, t = (a * f - b * e) / det;
    if (s > 0.0 && s < 1.0 && t > 0.0 && t < 1.0) d = std::min(d, (w + s * u - t * v).norm());
  }
  return d;
}

// Whether the segment [p0, p1] passes through the box (slabs, in the box's frame).
bool segment_meets_box(const Vector3d& p0, const Vector3d& p1, const Vector3d& half, const Isometry3d& X) {
  const Vector3d a = X.inverse() * p0, d = X.inverse() * p1 - a;
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 3; ++i) {
    if (d[i] == 0.0) {
      if (std::abs(a[i]) > half[i]) return false;
      continue;
    }
    const double t0 = (-half[i] - a[i]) / d[i], t1 = (half[i] - a[i]) / d[i];
    lo = std::max(lo, std::min(t0, t1));
    hi = std::min(hi, std::max(t0, t1));
  }
  return lo <= hi;
}

// Signed distance between two boxes. Apart: the least distance between a corner and the other box or between
// two edges; zero when an edge passes through the other box (two boxes meet exactly when one's edge meets the
// other). Overlapping: minus the distance from the origin to the boundary of the Minkowski difference B − A,
// the least offset of its facets (planes through three of its 64 vertices with all on one side).
double distance_apart(const Vector3d& half_a, const Isometry3d& X_A, const Vector3d& half_b, const Isometry3d& X_B) {
  const auto ca = corners(half_a, X_A), cb = corners(half_b, X_B);
  for (int i = 0; i < 8; ++i) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if (i & bit) continue;
      const auto e = static_cast<std::size_t>(i), f = static_cast<std::size_t>(i | bit);
      if (segment_meets_box(ca[e], ca[f], half_b, X_B) || segment_meets_box(cb[e], cb[f], half_a, X_A)) return 0.0;
    }
  }
  double apart = std::numeric_limits<double>::infinity();
  for (const Vector3d& c : ca) apart = std::min(apart, point_to_box(c, half_b, X_B));
  for (const Vector3d& c : cb) apart = std::min(apart, point_to_box(c, half_a, X_A));
  for (int i = 0; i < 8; ++i) {
    for (int bit_i = 1; bit_i < 8; bit_i <<= 1) {
      if (i & bit_i) continue;
      for (int j = 0; j < 8; ++j) {
        for (int bit_j = 1; bit_j < 8; bit_j <<= 1) {
          if (j & bit_j) continue;
          apart = std::min(apart, segment_to_segment(ca[static_cast<std::size_t>(i)], ca[static_cast<std::size_t>(i | bit_i)],
                                                     cb[static_cast<std::size_t>(j)], cb[static_cast<std::size_t>(j | bit_j)]));
        }
      }
    }
  }
  return apart;
}

double brute_force_signed_distance(const Vector3d& half_a, const Isometry3d& X_A, const Vector3d& half_b,
                                   const Isometry3d& X_B) {
  const double apart = distance_apart(half_a, X_A, half_b, X_B);
  if (apart > 0.0) return apart;
  const auto ca = corners(half_a, X_A), cb = corners(half_b, X_B);
  std::vector<Vector3d> m;
  for (const Vector3d& b : cb) {
    for (const Vector3d& a : ca) m.push_back(b - a);
  }
  const double tolerance = 1e-12 * (half_a.norm() + half_b.norm() + (X_B.translation() - X_A.translation()).norm());
  double depth = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < m.size(); ++i) {
    for (std::size_t j = i + 1; j < m.size(); ++j) {
      for (std::size_t k = j + 1; k < m.size(); ++k) {
        Vector3d normal = (m[j] - m[i]).cross(m[k] - m[i]);
        if (normal.norm() < 1e-9) continue;
        normal.normalize();
        const double offset = normal.dot(m[i]);
        bool above = false, below = false;
        for (const Vector3d& x : m) {
          const double h = normal.dot(x) - offset;
          above = above || h > tolerance;
          below = below || h < -tolerance;
          if (above && below) break;
        }
        if (above && below) continue;
        depth = std::min(depth, above ? -offset : offset);  // the origin's height below the facet, outward
      }
    }
  }
  return -depth;
}

// ---------------------------------------------------------------------------------------------------------
// Hand-derived manifolds.

TEST(BoxBox, SlotCount) { EXPECT_EQ(contact_point_count(ShapeType::kBox, ShapeType::kBox), kBoxBoxPoints); }

TEST(BoxBox, SmallBoxCentredOnABigBoxHasItsFourCornersAtEqualDepth) {
  // A: half extents (1, 1, 0.5), top face z = 0.5. B: (0.2, 0.3, 0.1) at (0.1, −0.2, 0.6 − δ): its bottom face,
  // at z = 0.5 − δ, lies inside A's top face. The polygon is B's bottom face: four points at B's corners
  // (0.1 ± 0.2, −0.2 ± 0.3, 0.5 − δ), gap −δ, normal +z, point_a straight above on A's face. The four other
  // slots (a's face edges, all outside b's face) are positive.
  const Shape a = make_box(Vector3d(1.0, 1.0, 0.5)), b = make_box(Vector3d(0.2, 0.3, 0.1));
  for (double delta : {0.01, -0.02}) {
    const auto all = slots(a, Isometry3d::Identity(), b, make_pose(Vector3d(0.1, -0.2, 0.6 - delta)));
    const auto touching = in_contact(all);
    ASSERT_EQ(touching.size(), delta > 0.0 ? 4u : 0u);
    if (delta < 0.0) continue;
    for (double x : {-0.1, 0.3}) {
      for (double y : {-0.5, 0.1}) EXPECT_TRUE(has_point(touching, Vector3d(x, y, 0.5 - delta), -delta, 1e-15));
    }
    for (const PairGeometry& p : touching) {
      expect_vector_near(p.normal, Vector3d::UnitZ(), 1e-15, "normal");
      EXPECT_NEAR(p.point_a.z(), 0.5, 1e-15);
    }
  }
}

TEST(BoxBox, FaceContactOnEveryAxisHasFourPoints) {
  // The small box of SmallBoxCentredOnABigBox pressed δ into each of the big box's six faces in turn (b's facing
  // face parallel to it): four points at gap −δ each time, on every axis and either side, so the corners of every
  // face have four different slots.
  const Shape a = make_box(Vector3d(1.0, 1.0, 1.0)), b = make_box(Vector3d(0.2, 0.3, 0.1));
  const double delta = 0.01;
  for (int axis = 0; axis < 3; ++axis) {
    for (double side : {-1.0, 1.0}) {
      Vector3d centre(0.1, -0.2, 0.15);
      centre[axis] = side * (1.0 + b.half_extents[axis] - delta);
      const auto touching = in_contact(slots(a, Isometry3d::Identity(), b, make_pose(centre)));
      ASSERT_EQ(touching.size(), 4u) << "axis " << axis << ", side " << side;
      for (const PairGeometry& p : touching) EXPECT_NEAR(p.gap, -delta, 1e-15);
    }
  }
}

TEST(BoxBox, EqualBoxesExactlyStackedHaveExactlyFourPoints) {
  // Two unit cubes, b on a pressed δ = 0.01 into it: the faces coincide in projection, every corner is at once a
  // corner of both faces and a crossing of their edges. The polygon has four vertices, each once: the corners
  // (±0.5, ±0.5, 0.5) at gap −δ, held by a's face edges (slots 0–3: a owns coinciding edges). Also with both
  // cubes turned by the same rotation (200 random ones), where the corners coincide only up to round-off: without
  // merging the polygon's vertices that round-off separates, one in six of these gives 5 or 6 points.
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const double delta = 0.01;
  const auto aligned = slots(cube, Isometry3d::Identity(), cube, make_pose(Vector3d(0.0, 0.0, 1.0 - delta)));
  ASSERT_EQ(in_contact(aligned).size(), 4u);
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(aligned[static_cast<std::size_t>(k)].gap, -delta, 1e-15) << "slot " << k;
  for (double x : {-0.5, 0.5}) {
    for (double y : {-0.5, 0.5}) EXPECT_TRUE(has_point(aligned, Vector3d(x, y, 0.5 - delta), -delta, 1e-15));
  }
  std::mt19937 random(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Matrix3d R = uniform_rotation(unit(random), unit(random), unit(random));
    const Vector3d o(unit(random), unit(random), unit(random));
    const auto touching = in_contact(slots(cube, make_pose(o, R), cube, make_pose(o + R * Vector3d(0.0, 0.0, 1.0 - delta), R)));
    ASSERT_EQ(touching.size(), 4u) << "trial " << trial;
    for (double x : {-0.5, 0.5}) {
      for (double y : {-0.5, 0.5}) {
        EXPECT_TRUE(has_point(touching, o + R * Vector3d(x, y, 0.5 - delta), -delta, 1e-14)) << x << ", " << y;
      }
    }
  }
}

TEST(BoxBox, RotationsOffByRoundOffGiveTheSameManifold) {
  // The stacked cubes of EqualBoxesExactlyStackedHaveExactlyFourPoints with one rotation shortened by 6e-13, as a
  // quaternion not yet normalised leaves it (tests/contact/narrowphase_test.cc): still exactly four points at
  // gap −δ, to 1e-13 (the shortening moves points by 6e-13 of their distance from the origin), not the
  // near-duplicate vertices of faces skewed by more than round-off.
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const double delta = 0.01;
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Matrix3d R = uniform_rotation(unit(random), unit(random), unit(random));
    const Matrix3d off = (1.0 - 6e-13) * R;
    const Vector3d o(unit(random), unit(random), unit(random));
    const Vector3d above = o + R * Vector3d(0.0, 0.0, 1.0 - delta);
    for (const auto& [X_A, X_B] : {std::pair{make_pose(o, off), make_pose(above, R)}, std::pair{make_pose(o, R), make_pose(above, off)}}) {
      const auto touching = in_contact(slots(cube, X_A, cube, X_B));
      ASSERT_EQ(touching.size(), 4u) << "trial " << trial;
      for (const PairGeometry& p : touching) EXPECT_NEAR(p.gap, -delta, 1e-13) << "trial " << trial;
    }
  }
}

TEST(BoxBox, OffsetStackHasTheOverlapRectanglesCorners) {
  // b shifted by (0.2, 0.3) on a: the faces overlap in x ∈ [−0.3, 0.5], y ∈ [−0.2, 0.5]. Its corners are one
  // of b's corners inside a's face (−0.3, −0.2), one of a's inside b's (0.5, 0.5) and two edge crossings.
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const double delta = 0.01;
  const auto touching = in_contact(slots(cube, Isometry3d::Identity(), cube, make_pose(Vector3d(0.2, 0.3, 1.0 - delta))));
  ASSERT_EQ(touching.size(), 4u);
  for (double x : {-0.3, 0.5}) {
    for (double y : {-0.2, 0.5}) EXPECT_TRUE(has_point(touching, Vector3d(x, y, 0.5 - delta), -delta, 1e-15));
  }
}

TEST(BoxBox, BoxOnAnEdgeHasTwoPoints) {
  // b (half extents 0.3, 0.2, 0.2) turned by θ about x rests on its bottom edge on a's wide top face (z = 0.5):
  // the edge's depth below b's centre is 0.2 (cos θ + sin θ), so with the centre at 0.5 + that − δ the two
  // corners (±0.3, y_e, 0.5 − δ) are in contact, y_e = 0.2 (sin θ − cos θ). At θ = 45° both faces along the edge
  // face a equally, yet the same two points come out.
  const Shape a = make_box(Vector3d(2.0, 2.0, 0.5)), b = make_box(Vector3d(0.3, 0.2, 0.2));
  const double delta = 0.01;
  for (double theta : {kPi / 4.0, 0.7, 0.3}) {
    const double depth = 0.2 * (std::cos(theta) + std::sin(theta));
    const Vector3d centre(0.1, 0.0, 0.5 + depth - delta);
    const auto touching =
        in_contact(slots(a, Isometry3d::Identity(), b, make_pose(centre, rotation_about(Vector3d::UnitX(), theta))));
    ASSERT_EQ(touching.size(), 2u) << "θ = " << theta;
    const double y_edge = 0.2 * (std::sin(theta) - std::cos(theta));
    for (double x : {-0.2, 0.4}) EXPECT_TRUE(has_point(touching, Vector3d(x, y_edge, 0.5 - delta), -delta, 1e-14));
  }
}

TEST(BoxBox, EdgeAcrossEdgeHasOnePoint) {
  // a: unit cube turned 45° about x, its top edge along x at z = √2/2; b: unit cube turned 45° about y, its
  // bottom edge along y at z_b − √2/2. The edges cross above (0.1, −0.05): one point, gap z_b − √2, normal +z.
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const Isometry3d X_A = make_pose(Vector3d::Zero(), rotation_about(Vector3d::UnitX(), kPi / 4.0));
  for (double gap : {-0.02, 0.0, 0.03}) {
    const Isometry3d X_B =
        make_pose(Vector3d(0.1, -0.05, std::sqrt(2.0) + gap), rotation_about(Vector3d::UnitY(), kPi / 4.0));
    const auto all = slots(cube, X_A, cube, X_B);
    const auto touching = in_contact(all);
    EXPECT_NEAR(lowest_gap(all), gap, 1e-15);
    if (gap == 0.0) continue;  // touching: the gap is zero up to round-off, of either sign
    ASSERT_EQ(touching.size(), gap < 0.0 ? 1u : 0u);
    if (gap > 0.0) continue;
    expect_vector_near(touching[0].normal, Vector3d::UnitZ(), 1e-15, "normal");
    expect_vector_near(touching[0].point_a, Vector3d(0.1, 0.0, std::sqrt(0.5)), 1e-15, "point_a");
  }
}

TEST(BoxBox, SquareTurnedOnASquareHasTheOctagon) {
  // Equal cubes, b turned by 45° about z: the faces cross in a regular octagon, its vertices the eight edge
  // crossings at (±0.5, ±(√2 − 1)/2) and (±(√2 − 1)/2, ±0.5): eight points, the most the polygon can have.
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const double delta = 0.01, c = 0.5 * (std::sqrt(2.0) - 1.0);
  const auto touching = in_contact(
      slots(cube, Isometry3d::Identity(), cube, make_pose(Vector3d(0.0, 0.0, 1.0 - delta), rotation_about(Vector3d::UnitZ(), kPi / 4.0))));
  ASSERT_EQ(touching.size(), 8u);
  for (double s : {-1.0, 1.0}) {
    for (double t : {-1.0, 1.0}) {
      EXPECT_TRUE(has_point(touching, Vector3d(0.5 * s, c * t, 0.5 - delta), -delta, 1e-15));
      EXPECT_TRUE(has_point(touching, Vector3d(c * s, 0.5 * t, 0.5 - delta), -delta, 1e-15));
    }
  }
}

TEST(BoxBox, CornerOnAFaceIsTheCornerOnAHalfspace) {
  // b tilted by R_y(β) R_x(φ) presses its lowest corner δ into a's wide top face: the same contact as that corner
  // against a halfspace at z = 0.5. The box–box slot and the halfspace–box slot agree to 1e-12 (gap, normal,
  // points), and no other slot of either pair is in contact.
  const Shape a = make_box(Vector3d(3.0, 3.0, 0.5)), b = make_box(Vector3d(0.2, 0.3, 0.1));
  const Matrix3d R = rotation_about(Vector3d::UnitY(), kPi / 6.0) * rotation_about(Vector3d::UnitX(), kPi / 9.0);
  const Isometry3d X_B = make_pose(Vector3d(0.4, -0.7, 0.75), R);
  const auto box_slots = in_contact(slots(a, Isometry3d::Identity(), b, X_B));
  const auto plane_slots = in_contact(slots(make_halfspace(), make_pose(Vector3d(0.0, 0.0, 0.5)), b, X_B));
  ASSERT_EQ(box_slots.size(), 1u);
  ASSERT_EQ(plane_slots.size(), 1u);
  EXPECT_LT(box_slots[0].gap, -0.01);
  EXPECT_NEAR(box_slots[0].gap, plane_slots[0].gap, 1e-12);
  expect_vector_near(box_slots[0].normal, plane_slots[0].normal, 1e-12, "normal");
  expect_vector_near(box_slots[0].point_a, plane_slots[0].point_a, 1e-12, "point_a");
  expect_vector_near(box_slots[0].point_b, plane_slots[0].point_b, 1e-12, "point_b");
}

// ---------------------------------------------------------------------------------------------------------
// The smallest gap is the signed distance.

TEST(BoxBox, SmallestGapIsTheBruteForceSignedDistance) {
  // Random boxes, b placed along a random direction at separations from 0.1 to −0.1 of the sizes (touch located by
  // bisection on the brute-force distance). Overlapping, touching or up to 1e-3 apart, the smallest gap is the
  // exact signed distance to 1e-12 of the sizes: the nearest features are then those that touch, generically a
  // corner and a face or two crossing edges, whose separation along their axis is the distance. 0.1 apart the
  // nearest features may have changed (to a corner and an edge, say): the smallest gap is then a distance
  // between points of the two faces, so no less than the distance. 40 pairs × 7 separations.
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int overlapping = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Vector3d half_a(0.2 + unit(random), 0.2 + unit(random), 0.2 + unit(random));
    const Vector3d half_b(0.2 + unit(random), 0.2 + unit(random), 0.2 + unit(random));
    const Isometry3d X_A = make_pose(Vector3d(unit(random), unit(random), unit(random)),
                                     uniform_rotation(unit(random), unit(random), unit(random)));
    const Matrix3d R_B = uniform_rotation(unit(random), unit(random), unit(random));
    const Vector3d direction = uniform_rotation(unit(random), unit(random), unit(random)).col(0);
    const auto distance_at = [&](double s) {
      return brute_force_signed_distance(half_a, X_A, half_b, make_pose(X_A.translation() + s * direction, R_B));
    };
    double lo = 0.0, hi = 2.0 * (half_a.norm() + half_b.norm());  // touching lies between
    for (int i = 0; i < 100; ++i) {
      const double mid = 0.5 * (lo + hi);
      (distance_apart(half_a, X_A, half_b, make_pose(X_A.translation() + mid * direction, R_B)) > 0.0 ? hi : lo) = mid;
    }
    const double scale = half_a.norm() + half_b.norm();
    for (double offset : {0.1, 1e-3, 1e-7, 0.0, -1e-7, -1e-3, -0.1}) {
      const Isometry3d X_B = make_pose(X_A.translation() + (hi + offset * scale) * direction, R_B);
      const double expected = distance_at(hi + offset * scale);
      const double smallest = lowest_gap(slots(make_box(half_a), X_A, make_box(half_b), X_B));
      if (offset < 0.1) {
        EXPECT_NEAR(smallest, expected, 1e-12 * scale) << "trial " << trial << ", offset " << offset;
      } else {
        EXPECT_GE(smallest, expected - 1e-12 * scale) << "trial " << trial;
      }
      if (offset != 0.0) {
        EXPECT_EQ(smallest < 0.0, expected < 0.0) << "trial " << trial << ", offset " << offset;
      }
      overlapping += expected < 0.0 ? 1 : 0;
    }
  }
  EXPECT_GE(overlapping, 40 * 3);
}

// ---------------------------------------------------------------------------------------------------------
// Sweeps: the smallest gap is continuous; each slot's gap is continuous except where a point is handed over.

struct SweepCounts {
  double largest_lowest_jump = 0.0;  // of the smallest gap between samples
  int handovers = 0;                 // slot gaps jumping while in contact (before or after)
  int count_changes = 0;             // changes of the number of slots in contact
  int most_in_contact = 0;
};

// Samples slots(a, X_A, b, pose_b(s)) at s = s0 … s1; a slot's gap "jumps" when it changes by more than `jump`.
template <class PoseB>
SweepCounts sweep(const Shape& a, const Isometry3d& X_A, const Shape& b, const PoseB& pose_b, double s0, double s1,
                  int steps, double jump) {
  SweepCounts counts;
  std::vector<PairGeometry> before = slots(a, X_A, b, pose_b(s0));
  for (int i = 1; i <= steps; ++i) {
    const std::vector<PairGeometry> after = slots(a, X_A, b, pose_b(s0 + (s1 - s0) * i / steps));
    counts.largest_lowest_jump = std::max(counts.largest_lowest_jump, std::abs(lowest_gap(after) - lowest_gap(before)));
    for (std::size_t k = 0; k < after.size(); ++k) {
      if (std::abs(after[k].gap - before[k].gap) > jump && std::min(after[k].gap, before[k].gap) <= 0.0) ++counts.handovers;
    }
    counts.count_changes += in_contact(after).size() != in_contact(before).size() ? 1 : 0;
    counts.most_in_contact = std::max(counts.most_in_contact, static_cast<int>(in_contact(after).size()));
    before = after;
  }
  return counts;
}

void report(const char* name, const SweepCounts& c) {
  std::printf("[ sweep    ] %s: smallest gap's largest step %.3g, handovers %d, contact count changes %d\n", name,
              c.largest_lowest_jump, c.handovers, c.count_changes);
}

TEST(BoxBoxSweep, CornerThroughAFace) {
  // b's corner descends through a's face at unit speed, 2000 steps of 1e-5: every gap moves by ≤ 1e-5 a step
  // (a point's gap moves with it; no slot is handed over), the smallest is z − z_touch throughout.
  const Shape a = make_box(Vector3d(3.0, 3.0, 0.5)), b = make_box(Vector3d(0.2, 0.3, 0.1));
  const Matrix3d R = rotation_about(Vector3d::UnitY(), kPi / 6.0) * rotation_about(Vector3d::UnitX(), kPi / 9.0);
  const double below = -(R.row(2).cwiseAbs().dot(Vector3d(0.2, 0.3, 0.1)));  // the lowest corner's z offset
  const double z_touch = 0.5 - below;
  const auto pose = [&](double z) { return make_pose(Vector3d(0.4, -0.7, z), R); };
  const SweepCounts c = sweep(a, Isometry3d::Identity(), b, pose, z_touch + 0.01, z_touch - 0.01, 2000, 1.01e-5);
  report("corner through a face", c);
  EXPECT_LE(c.largest_lowest_jump, 1.0e-5 + 1e-15);
  EXPECT_EQ(c.handovers, 0);
  for (double z : {z_touch + 1e-9, z_touch, z_touch - 1e-9}) {
    EXPECT_NEAR(lowest_gap(slots(a, Isometry3d::Identity(), b, pose(z))), z - z_touch, 1e-15);
  }
}

TEST(BoxBoxSweep, EdgeThroughAnEdge) {
  // The crossing edges of EdgeAcrossEdgeHasOnePoint, b descending through touch: the smallest gap is z − √2.
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const Isometry3d X_A = make_pose(Vector3d::Zero(), rotation_about(Vector3d::UnitX(), kPi / 4.0));
  const auto pose = [&](double z) {
    return make_pose(Vector3d(0.1, -0.05, z), rotation_about(Vector3d::UnitY(), kPi / 4.0));
  };
  const SweepCounts c = sweep(cube, X_A, cube, pose, std::sqrt(2.0) + 0.01, std::sqrt(2.0) - 0.01, 2000, 1.01e-5);
  report("edge through an edge", c);
  EXPECT_LE(c.largest_lowest_jump, 1.0e-5 + 1e-15);
  EXPECT_EQ(c.handovers, 0);
  EXPECT_EQ(c.most_in_contact, 1);
}

TEST(BoxBoxSweep, TippingOverAnEdge) {
  // b (a cube of half 0.2) turns about its bottom edge (x-parallel, held δ deep in a's face) from its bottom face
  // (θ = 0) to its side face (θ = 90°). Between, the edge's two corners carry it; at 45° the face of b that faces
  // a changes, yet the corners keep their slots (their labels do not depend on the face): no handover. 4 points
  // at both ends, 2 between: the count changes twice.
  const Shape a = make_box(Vector3d(2.0, 2.0, 0.5)), b = make_box(Vector3d(0.2, 0.2, 0.2));
  const double delta = 0.01;
  const Vector3d edge(0.1, 0.3, 0.5 - delta);  // the bottom edge's midpoint, fixed
  const auto pose = [&](double theta) {
    const Matrix3d R = rotation_about(Vector3d::UnitX(), -theta);  // b's body turns up over the edge
    return make_pose(edge - R * Vector3d(0.0, 0.2, -0.2), R);    // the edge is at (·, +0.2, −0.2) in b's frame
  };
  const SweepCounts c = sweep(a, Isometry3d::Identity(), b, pose, 0.0, kPi / 2.0, 1800, 0.2 * kPi / 2.0 / 1800 * 2.0);
  report("tipping over an edge", c);
  EXPECT_LE(c.largest_lowest_jump, 1e-14);
  EXPECT_EQ(c.handovers, 0);
  EXPECT_EQ(c.count_changes, 2);
}

TEST(BoxBoxSweep, SlidingOffAnEdge) {
  // Equal cubes, b pressed δ into a's top and slid along x from s = −0.3 to 1.05 in steps of 1e-3. The overlap
  // rectangle keeps four corners at gap −δ while |s| < 1 − δ; at s = 1 − δ the side faces' separation (s − 1)
  // overtakes the top faces' (−δ): the axis turns to x and the points pass to the side faces' thin overlap, at the
  // same gap; at s = 1 the cubes part (the one change of the contact count, 4 → 0). Slot handovers: 6 slot jumps.
  // As b's x-edges pass a's at s = 0, a vertex on each moves from b's slot to a's (s < 0 → 0) and another from
  // a's to b's (0 → s > 0): 4 jumps; at the axis change the corners shared by the old and new faces keep their
  // labels, but along the thin overlap the edge leaving one vertex changes box: 2 jumps. The smallest gap is
  // continuous (−δ, then s − 1).
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const double delta = 0.01;
  const auto pose = [&](double s) { return make_pose(Vector3d(s, 0.0, 1.0 - delta)); };
  const SweepCounts c = sweep(cube, Isometry3d::Identity(), cube, pose, -0.3, 1.05, 1350, 2e-3);
  report("sliding off an edge", c);
  EXPECT_LE(c.largest_lowest_jump, 1e-3 + 1e-15);
  EXPECT_EQ(c.handovers, 6);
  EXPECT_EQ(c.count_changes, 1);
  for (double s : {-0.25, -1e-9, 0.0, 1e-9, 0.5, 0.98}) {
    const auto touching = in_contact(slots(cube, Isometry3d::Identity(), cube, pose(s)));
    EXPECT_EQ(touching.size(), 4u) << "s = " << s;
    EXPECT_NEAR(lowest_gap(touching), -delta, 1e-15) << "s = " << s;
  }
}

TEST(BoxBoxSweep, TurningAboutTheNormal) {
  // Equal cubes pressed δ, b turned about z by ψ ∈ [0, 90°]: a square at both ends, an octagon in between
  // (4 → 8 → 4: 2 count changes). However small ψ, each pair of facing edges crosses near its middle, so four
  // points appear there at once in b's slots (4 handovers at ψ = 0+) and vanish at ψ = 90° from a's (4 more):
  // 8. The smallest gap stays −δ. The total force of equal points doubles when the stack turns off alignment
  // (docs/contact.md "Manifolds").
  const Shape cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const double delta = 0.01;
  const auto pose = [&](double psi) {
    return make_pose(Vector3d(0.0, 0.0, 1.0 - delta), rotation_about(Vector3d::UnitZ(), psi));
  };
  const SweepCounts c = sweep(cube, Isometry3d::Identity(), cube, pose, 0.0, kPi / 2.0, 900, 0.02);
  report("turning about the normal", c);
  EXPECT_LE(c.largest_lowest_jump, 1e-15);
  EXPECT_EQ(c.handovers, 8);
  EXPECT_EQ(c.count_changes, 2);
  EXPECT_EQ(c.most_in_contact, 8);
}

}  // namespace
}  // namespace contactlab
