// SPDX-License-Identifier: MIT
// Tests of contact/capsule_pairs: capsules lying on box faces and cylinder faces, along and across a cylinder's
// side, across edges and rims, against hand-derived values; the same end sphere seen against a face and against a
// halfspace; the smallest gap against an independent signed distance (the axis's points' distance to the solid,
// minimised by sampling and golden-section search); and sweeps through touch and the manifold's changes.
#include <cstdio>
#include <random>

#include "contact/pair_kernels.h"
#include "tests/contact/pair_testing.h"

namespace contactlab {
namespace {

using namespace contactlab::testing;

constexpr double kPi = std::numbers::pi;
const Matrix3d kLying = rotation_about(Vector3d::UnitY(), kPi / 2.0);  // the capsule's axis along x

TEST(CapsulePairs, SlotCounts) {
  EXPECT_EQ(contact_point_count(ShapeType::kCapsule, ShapeType::kBox), kCapsuleBoxPoints);
  EXPECT_EQ(contact_point_count(ShapeType::kCapsule, ShapeType::kCylinder), kCapsuleCylinderPoints);
}

// ---------------------------------------------------------------------------------------------------------
// Hand-derived manifolds. The capsule (radius 0.1, axis length 0.6) is a; the solid b sits at the origin.

TEST(CapsuleBox, LyingOnAFaceIsHeldAtItsEndSpheres) {
  // Axis along x at height z over the cube's top face (z = 0.5), centred at (0.1, 0.1): the end spheres' lowest
  // points (0.1 ∓ 0.3, 0.1, z − 0.1) have gap z − 0.6, normal −z (from the capsule down into the box).
  const Shape capsule = make_capsule(0.1, 0.6), cube = make_box(Vector3d(0.5, 0.5, 0.5));
  for (double z : {0.59, 0.62}) {
    const auto all = slots(capsule, make_pose(Vector3d(0.1, 0.1, z), kLying), cube, Isometry3d::Identity());
    for (std::size_t k = 0; k < 2; ++k) {
      const double x = k == 0 ? -0.2 : 0.4;
      EXPECT_NEAR(all[k].gap, z - 0.6, 1e-15) << "slot " << k;
      expect_vector_near(all[k].normal, -Vector3d::UnitZ(), 1e-15, "normal");
      expect_vector_near(all[k].point_a, Vector3d(x, 0.1, z - 0.1), 1e-15, "point_a");
      expect_vector_near(all[k].point_b, Vector3d(x, 0.1, 0.5), 1e-15, "point_b");
    }
  }
}

TEST(CapsulePairs, RotationsOffByRoundOffGiveTheSameManifold) {
  // A capsule (r 0.1, length 0.6) lying on a box's top face and along a cylinder's side, pressed δ = 0.01, the
  // pair turned by a random rotation R and moved by up to 10 m, one of the two rotations shortened by 6e-13 as a
  // quaternion not yet normalised leaves it (tests/contact/narrowphase_test.cc): two points at gap −δ to 1e-13 —
  // not moved by 6e-13 of the distance from the origin, as a pose composed with a non-orthonormal inverse would.
  const Shape capsule = make_capsule(0.1, 0.6), box = make_box(Vector3d(1.0, 1.0, 0.5)), cylinder = make_cylinder(0.3, 1.0);
  const double delta = 0.01;
  std::mt19937 random(13);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 100; ++trial) {
    const Matrix3d R = uniform_rotation(unit(random), unit(random), unit(random));
    const Matrix3d off = (1.0 - 6e-13) * R;
    const Vector3d o = 10.0 * Vector3d(unit(random), unit(random), unit(random));
    const Vector3d on_box = o + R * Vector3d(0.0, 0.0, 0.6 - delta), beside = o + R * Vector3d(0.4 - delta, 0.0, 0.0);
    const Matrix3d along_z = R, along_x = R * kLying;
    for (bool shorten_capsule : {true, false}) {
      const Matrix3d capsule_x = shorten_capsule ? Matrix3d((1.0 - 6e-13) * along_x) : along_x;
      const Matrix3d capsule_z = shorten_capsule ? Matrix3d((1.0 - 6e-13) * along_z) : along_z;
      const Matrix3d solid = shorten_capsule ? R : off;
      for (const auto& points : {slots(capsule, make_pose(on_box, capsule_x), box, make_pose(o, solid)),
                                 slots(capsule, make_pose(beside, capsule_z), cylinder, make_pose(o, solid))}) {
        const auto touching = in_contact(points);
        ASSERT_EQ(touching.size(), 2u) << "trial " << trial;
        for (const PairGeometry& p : touching) EXPECT_NEAR(p.gap, -delta, 1e-13) << "trial " << trial;
      }
    }
  }
}

TEST(CapsuleBox, LyingAcrossAnEdgeIsHeldAtTheEdge) {
  // Centred at x = 0.4, the axis runs from x = 0.1 to 0.7, past the face's edge at x = 0.5: the points are end 0
  // (0.1, 0.1, 0.49) and the axis point over the edge (0.5, 0.1, 0.49), both at gap −0.01 — not end 1, whose
  // sphere hangs 0.2 beyond the edge. Across a narrower box (|x| ≤ 0.1) both points are at its edges, x = ±0.1.
  const Shape capsule = make_capsule(0.1, 0.6);
  const auto across = in_contact(
      slots(capsule, make_pose(Vector3d(0.4, 0.1, 0.59), kLying), make_box(Vector3d(0.5, 0.5, 0.5)), Isometry3d::Identity()));
  ASSERT_EQ(across.size(), 2u);
  EXPECT_TRUE(has_point(across, Vector3d(0.1, 0.1, 0.5), -0.01, 1e-15));
  EXPECT_TRUE(has_point(across, Vector3d(0.5, 0.1, 0.5), -0.01, 1e-15));
  const auto narrow = in_contact(
      slots(capsule, make_pose(Vector3d(0.0, 0.1, 0.59), kLying), make_box(Vector3d(0.1, 0.5, 0.5)), Isometry3d::Identity()));
  ASSERT_EQ(narrow.size(), 2u);
  EXPECT_TRUE(has_point(narrow, Vector3d(-0.1, 0.1, 0.5), -0.01, 1e-15));
  EXPECT_TRUE(has_point(narrow, Vector3d(0.1, 0.1, 0.5), -0.01, 1e-15));
}

// The axis through (h, y, h + H) descending at α below the horizontal (in the xz-plane) passes the edge
// (x = z = h, along y) at distance H cos α, nearest at the axis point (h + H sin α cos α, y, h + H cos² α).
TEST(CapsuleBox, CrossingAnEdgeHasOnePoint) {
  const Shape capsule = make_capsule(0.1, 0.6), cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const double alpha = 0.4, H = 0.095 / std::cos(alpha);  // gap H cos α − r = −0.005
  const Vector3d through(0.5, 0.2, 0.5 + H), direction(std::cos(alpha), 0.0, -std::sin(alpha));
  const Matrix3d R = rotation_about(Vector3d::UnitY(), kPi / 2.0 + alpha);  // local z → direction
  ASSERT_LE((R.col(2) - direction).norm(), 1e-15);
  const auto touching = in_contact(slots(capsule, make_pose(through + 0.05 * direction, R), cube, Isometry3d::Identity()));
  ASSERT_EQ(touching.size(), 1u);
  const Vector3d axis_point(0.5 + H * std::sin(alpha) * std::cos(alpha), 0.2, 0.5 + H * std::cos(alpha) * std::cos(alpha));
  const Vector3d n = (Vector3d(0.5, 0.2, 0.5) - axis_point).normalized();
  EXPECT_NEAR(touching[0].gap, -0.005, 1e-15);
  expect_vector_near(touching[0].normal, n, 1e-12, "normal");
  expect_vector_near(touching[0].point_b, Vector3d(0.5, 0.2, 0.5), 1e-12, "point_b");
  expect_vector_near(touching[0].point_a, axis_point + 0.1 * n, 1e-12, "point_a");
}

TEST(CapsuleBox, LyingOnEveryFaceIsHeldAtItsEndSpheres) {
  // The capsule of LyingOnAFace pressed 0.01 onto each of the six faces of a box (half extents 0.5, 0.6, 0.7),
  // its axis along the next coordinate axis: two points at gap −0.01 on every face, at the end spheres.
  const Shape capsule = make_capsule(0.1, 0.6);
  const Vector3d h(0.5, 0.6, 0.7);
  for (int axis = 0; axis < 3; ++axis) {
    for (double side : {-1.0, 1.0}) {
      const int along = (axis + 1) % 3;
      Vector3d centre(0.05, -0.05, 0.02);
      centre[axis] = side * (h[axis] + 0.09);
      const Matrix3d R = Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitZ(), Vector3d::Unit(along)).toRotationMatrix();
      const auto touching = in_contact(slots(capsule, make_pose(centre, R), make_box(h), Isometry3d::Identity()));
      ASSERT_EQ(touching.size(), 2u) << "axis " << axis << ", side " << side;
      for (double end : {-0.3, 0.3}) {
        Vector3d at = centre + end * Vector3d::Unit(along);
        at[axis] = side * h[axis];
        EXPECT_TRUE(has_point(touching, at, -0.01, 1e-15)) << "axis " << axis << ", side " << side;
      }
    }
  }
}

TEST(CapsuleBox, EndSphereOnAnEdgeHasOnePoint) {
  // Pointing away from the cube at 45° in the xz-plane with end 0's centre 0.09 from the top edge (x = z = 0.5)
  // along the edge's outward bisector: one point, gap −0.01, normal −(1, 0, 1)/√2 — the axis lies over no face, and
  // both slots' stretches end at end 0, so slot 1 stands down rather than count end 0 twice.
  const Shape capsule = make_capsule(0.1, 0.6), cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const Vector3d out = Vector3d(1.0, 0.0, 1.0).normalized();
  const Vector3d end0 = Vector3d(0.5, 0.2, 0.5) + 0.09 * out;
  const Matrix3d R = rotation_about(Vector3d::UnitY(), kPi / 4.0);  // local z → out
  const auto all = slots(capsule, make_pose(end0 + 0.3 * out, R), cube, Isometry3d::Identity());
  const auto touching = in_contact(all);
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, -0.01, 1e-15);
  expect_vector_near(touching[0].normal, -out, 1e-15, "normal");
  expect_vector_near(touching[0].point_b, Vector3d(0.5, 0.2, 0.5), 1e-15, "point_b");
}

TEST(CapsuleBox, AlongAnEdgeIsHeldAtItsEndSpheres) {
  // Parallel to the top edge (along y) beside it, its axis 0.09 from the edge along the outward bisector: every
  // axis point is equally near the edge, so the capsule rests along it, at its two ends: (0.5, 0.1 ∓ 0.3, 0.5)
  // on the box, gap −0.01.
  const Shape capsule = make_capsule(0.1, 0.6), cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const Vector3d out = Vector3d(1.0, 0.0, 1.0).normalized();
  const auto touching = in_contact(slots(capsule, make_pose(Vector3d(0.5, 0.1, 0.5) + 0.09 * out, rotation_about(Vector3d::UnitX(), kPi / 2.0)),
                                         cube, Isometry3d::Identity()));
  ASSERT_EQ(touching.size(), 2u);
  EXPECT_TRUE(has_point(touching, Vector3d(0.5, -0.2, 0.5), -0.01, 1e-15));
  EXPECT_TRUE(has_point(touching, Vector3d(0.5, 0.4, 0.5), -0.01, 1e-15));
}

TEST(CapsuleBox, EndSphereOnAFaceIsTheEndSphereOnAHalfspace) {
  // Tilted by 0.3 rad about y, end 0 lowest, pressed 0.01 into a wide box top at z = 0.5: the same contact as
  // against a halfspace at z = 0.5 (the halfspace is a, so its normal and points swap).
  const Shape capsule = make_capsule(0.1, 0.6);
  const Isometry3d X = make_pose(Vector3d(0.2, -0.3, 0.5 + 0.1 + 0.3 * std::cos(0.3) - 0.01), rotation_about(Vector3d::UnitY(), 0.3));
  const auto box_slots = in_contact(slots(capsule, X, make_box(Vector3d(2.0, 2.0, 0.5)), Isometry3d::Identity()));
  const auto plane_slots = in_contact(slots(make_halfspace(), make_pose(Vector3d(0.0, 0.0, 0.5)), capsule, X));
  ASSERT_EQ(box_slots.size(), 1u);
  ASSERT_EQ(plane_slots.size(), 1u);
  EXPECT_NEAR(box_slots[0].gap, -0.01, 1e-15);
  EXPECT_NEAR(box_slots[0].gap, plane_slots[0].gap, 1e-12);
  expect_vector_near(box_slots[0].normal, -plane_slots[0].normal, 1e-12, "normal");
  expect_vector_near(box_slots[0].point_a, plane_slots[0].point_b, 1e-12, "capsule's point");
  expect_vector_near(box_slots[0].point_b, plane_slots[0].point_a, 1e-12, "face's point");
}

TEST(CapsuleCylinder, LyingOnTheFlatFaceIsHeldAtItsEndSpheres) {
  // The cylinder (R 0.5, length 1) upright: its top face is z = 0.5, as the cube's. Same two points.
  const Shape capsule = make_capsule(0.1, 0.6), cylinder = make_cylinder(0.5, 1.0);
  const auto all = slots(capsule, make_pose(Vector3d(0.1, 0.1, 0.59), kLying), cylinder, Isometry3d::Identity());
  const auto touching = in_contact(all);
  ASSERT_EQ(touching.size(), 2u);
  EXPECT_TRUE(has_point(touching, Vector3d(-0.2, 0.1, 0.5), -0.01, 1e-15));
  EXPECT_TRUE(has_point(touching, Vector3d(0.4, 0.1, 0.5), -0.01, 1e-15));
  EXPECT_GT(all[2].gap, 0.0);
}

TEST(CapsuleCylinder, AlongTheSideIsHeldAtItsEndSpheres) {
  // Axis parallel to the cylinder's, 0.59 from it, z ∈ [−0.2, 0.4] within the length: the end spheres' points
  // nearest the side, (0.49, 0, z), gap 0.59 − 0.5 − 0.1 = −0.01, normal −x; slot 2 (a crossing) is off.
  const Shape capsule = make_capsule(0.1, 0.6), cylinder = make_cylinder(0.5, 1.0);
  const auto all = slots(capsule, make_pose(Vector3d(0.59, 0.0, 0.1)), cylinder, Isometry3d::Identity());
  const auto touching = in_contact(all);
  ASSERT_EQ(touching.size(), 2u);
  EXPECT_TRUE(has_point(touching, Vector3d(0.5, 0.0, -0.2), -0.01, 1e-15));
  EXPECT_TRUE(has_point(touching, Vector3d(0.5, 0.0, 0.4), -0.01, 1e-15));
  for (const PairGeometry& p : touching) expect_vector_near(p.normal, -Vector3d::UnitX(), 1e-15, "normal");
}

TEST(CapsuleCylinder, AcrossTheSideHasOnePoint) {
  // Axis along y at (0.59, ·, 0.1): it crosses the side at (0.5, 0, 0.1), gap −0.01 (slot 2); the end spheres at
  // y = ±0.3 are √(0.59² + 0.3²) − 0.6 = 0.0619 away.
  const Shape capsule = make_capsule(0.1, 0.6), cylinder = make_cylinder(0.5, 1.0);
  const auto all =
      slots(capsule, make_pose(Vector3d(0.59, 0.0, 0.1), rotation_about(Vector3d::UnitX(), kPi / 2.0)), cylinder, Isometry3d::Identity());
  ASSERT_EQ(in_contact(all).size(), 1u);
  EXPECT_NEAR(all[2].gap, -0.01, 1e-15);
  // The minimiser counts slopes within 64 ulp of the axis length as zero, which places a smooth minimum to
  // 64 ulp of the distance from the cylinder's axis (1e-14 here); its gap is second order in that.
  expect_vector_near(all[2].point_b, Vector3d(0.5, 0.0, 0.1), 1e-13, "point_b");
  for (std::size_t k = 0; k < 2; ++k) EXPECT_NEAR(all[k].gap, std::hypot(0.59, 0.3) - 0.6, 1e-15);
}

TEST(CapsuleCylinder, CrossingTheRimHasOnePoint) {
  // As CrossingAnEdgeHasOnePoint with the rim point (0.5, 0, 0.5) for the edge: in the plane y = 0 the rim is
  // the edge's section, and the nearest axis point lies in that plane, so the same point and gap.
  const Shape capsule = make_capsule(0.1, 0.6), cylinder = make_cylinder(0.5, 1.0);
  const double alpha = 0.4, H = 0.095 / std::cos(alpha);
  const Vector3d through(0.5, 0.0, 0.5 + H), direction(std::cos(alpha), 0.0, -std::sin(alpha));
  const auto touching = in_contact(slots(capsule, make_pose(through + 0.05 * direction, rotation_about(Vector3d::UnitY(), kPi / 2.0 + alpha)),
                                         cylinder, Isometry3d::Identity()));
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, -0.005, 1e-15);
  expect_vector_near(touching[0].point_b, Vector3d(0.5, 0.0, 0.5), 1e-12, "point_b");
}

// ---------------------------------------------------------------------------------------------------------
// The smallest gap is the signed distance: here the axis points' distance to the solid (clamped coordinates,
// written again), minimised over the axis by 1000 samples then golden-section search.

double point_to_box(const Vector3d& p, const Vector3d& h) { return (p - p.cwiseMax(-h).cwiseMin(h)).norm(); }
double point_to_cylinder(const Vector3d& p, double radius, double half_length) {
  const double radial = std::max(std::hypot(p.x(), p.y()) - radius, 0.0);
  const double axial = std::max(std::abs(p.z()) - half_length, 0.0);
  return std::hypot(radial, axial);
}

template <class Distance>
double least_along(const Vector3d& p0, const Vector3d& p1, const Distance& distance) {
  const int n = 1000;
  int best = 0;
  for (int i = 1; i <= n; ++i) {
    if (distance(p0 + (p1 - p0) * (double(i) / n)) < distance(p0 + (p1 - p0) * (double(best) / n))) best = i;
  }
  const auto f = [&](double t) { return distance(p0 + t * (p1 - p0)); };
  double lo = std::max(0.0, (best - 1.0) / n), hi = std::min(1.0, (best + 1.0) / n);
  const double g = (std::sqrt(5.0) - 1.0) / 2.0;
  for (int i = 0; i < 200; ++i) {
    const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    if (f(x1) <= f(x2)) {
      hi = x2;
    } else {
      lo = x1;
    }
  }
  return f(0.5 * (lo + hi));
}

template <class Distance>
void expect_smallest_gap_is_the_distance(const Shape& solid, const Distance& distance, double size) {
  // 40 random capsules, each placed along a random direction so that its axis is 0.5 r … 3 r from the solid
  // (gaps −0.5 r … 2 r): the smallest gap is the axis's distance less r, to 1e-12.
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int overlapping = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Shape capsule = make_capsule(0.05 + 0.1 * unit(random), 0.2 + unit(random));
    const Matrix3d R = uniform_rotation(unit(random), unit(random), unit(random));
    const Vector3d direction = uniform_rotation(unit(random), unit(random), unit(random)).col(0);
    const double target = capsule.radius * (0.5 + 2.5 * unit(random));
    const auto axis_distance = [&](double s) {
      const Vector3d c = s * direction, half = 0.5 * capsule.length * R.col(2);
      return least_along(c - half, c + half, distance);
    };
    double lo = 0.0, hi = 3.0 * size + capsule.length;  // the axis's distance grows with s along the ray
    for (int i = 0; i < 50; ++i) {
      const double mid = 0.5 * (lo + hi);
      (axis_distance(mid) > target ? hi : lo) = mid;
    }
    const double expected = axis_distance(hi) - capsule.radius;
    const double smallest = lowest_gap(slots(capsule, make_pose(hi * direction, R), solid, Isometry3d::Identity()));
    EXPECT_NEAR(smallest, expected, 1e-12) << "trial " << trial;
    overlapping += expected < 0.0 ? 1 : 0;
  }
  EXPECT_GE(overlapping, 4);
}

TEST(CapsuleBox, SmallestGapIsTheAxisDistanceLessTheRadius) {
  const Vector3d h(0.4, 0.3, 0.2);
  expect_smallest_gap_is_the_distance(make_box(h), [&](const Vector3d& p) { return point_to_box(p, h); }, h.norm());
}

TEST(CapsuleCylinder, SmallestGapIsTheAxisDistanceLessTheRadius) {
  expect_smallest_gap_is_the_distance(make_cylinder(0.3, 0.8),
                                      [&](const Vector3d& p) { return point_to_cylinder(p, 0.3, 0.4); }, 0.5);
}

// ---------------------------------------------------------------------------------------------------------
// Sweeps: b fixed, the capsule's pose along a path; handovers are slot gaps jumping while in contact.

struct SweepCounts {
  double largest_lowest_jump = 0.0;
  int handovers = 0;
  int most_in_contact = 0;
};

template <class PoseA>
SweepCounts sweep(const Shape& a, const PoseA& pose_a, const Shape& b, double s0, double s1, int steps, double jump) {
  SweepCounts counts;
  std::vector<PairGeometry> before = slots(a, pose_a(s0), b, Isometry3d::Identity());
  for (int i = 1; i <= steps; ++i) {
    const std::vector<PairGeometry> after = slots(a, pose_a(s0 + (s1 - s0) * i / steps), b, Isometry3d::Identity());
    counts.largest_lowest_jump = std::max(counts.largest_lowest_jump, std::abs(lowest_gap(after) - lowest_gap(before)));
    for (std::size_t k = 0; k < after.size(); ++k) {
      if (std::abs(after[k].gap - before[k].gap) > jump && std::min(after[k].gap, before[k].gap) <= 0.0) ++counts.handovers;
    }
    counts.most_in_contact = std::max(counts.most_in_contact, static_cast<int>(in_contact(after).size()));
    before = after;
  }
  std::printf("[ sweep    ] smallest gap's largest step %.3g, handovers %d\n", counts.largest_lowest_jump, counts.handovers);
  return counts;
}

TEST(CapsuleSweep, RockingOnAFace) {
  // Lying on the cube's top, pressed 0.01, rocked about its centre by ±0.05 rad through flat: the two slots stay
  // at the end spheres (no handover); a step of 1e-4 rad moves an end by ≤ 0.3e-4.
  const Shape capsule = make_capsule(0.1, 0.6), cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const auto pose = [&](double tilt) { return make_pose(Vector3d(0.1, 0.1, 0.59), rotation_about(Vector3d::UnitY(), tilt) * kLying); };
  const SweepCounts c = sweep(capsule, pose, cube, -0.05, 0.05, 1000, 0.31e-4);
  EXPECT_EQ(c.handovers, 0);
  EXPECT_LE(c.largest_lowest_jump, 0.31e-4);
}

TEST(CapsuleSweep, SlidingOffAnEdge) {
  // Lying pressed 0.01, slid along x from centre 0 to 1.0 in steps of 1e-3: slot 1 passes continuously from end
  // 1's sphere to the point over the edge (x = 0.5) as end 1 passes it (no handover); once the centre is beyond the
  // edge the capsule still lies on it at end 0 and the edge point. At x = 0.8 end 0 leaves the face: from then the
  // capsule is past the edge.
  const Shape capsule = make_capsule(0.1, 0.6), cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const auto pose = [&](double x) { return make_pose(Vector3d(x, 0.1, 0.59), kLying); };
  const SweepCounts c = sweep(capsule, pose, cube, 0.0, 0.79, 790, 2e-3);
  EXPECT_EQ(c.handovers, 0);
  EXPECT_EQ(c.most_in_contact, 2);
}

TEST(CapsuleSweep, TippingOverAnEdge) {
  // Rolled over the cube's top edge (x = z = 0.5, along y) from lying flat down to 80°, pressed 0.01: the axis stays
  // tangent to the circle of radius 0.09 about the edge, touching it at C = edge + 0.09 (sin a, 0, cos a), its
  // nearest point to the edge, 0.15 from end 1. Slot 1 follows C continuously until the capsule's nearest point
  // faces the side face rather than the top (a > 45°): then C passes to slot 0 (2 slot jumps). The smallest gap
  // stays −0.01 throughout.
  const Shape capsule = make_capsule(0.1, 0.6), cube = make_box(Vector3d(0.5, 0.5, 0.5));
  const auto pose = [&](double a) {
    const Matrix3d R = rotation_about(Vector3d::UnitY(), kPi / 2.0 + a);  // local z → (cos a, 0, −sin a)
    const Vector3d touch = Vector3d(0.5, 0.1, 0.5) + 0.09 * Vector3d(std::sin(a), 0.0, std::cos(a));
    return make_pose(touch - 0.15 * R.col(2), R);
  };
  const SweepCounts c = sweep(capsule, pose, cube, 0.0, 1.4, 1400, 2e-3);
  EXPECT_LE(c.largest_lowest_jump, 1e-14);
  EXPECT_EQ(c.handovers, 2);
}

TEST(CapsuleCylinder, TurnedOffParallelAlongTheSideAddsTheCrossing) {
  // Along the side, pressed 0.01, turned by τ about the radial axis through its centre: off parallel the centre is
  // the nearest point and the ends, at (0.59, ∓0.3 sin τ, ·) from the cylinder's axis, lift to a gap of
  // √(0.59² + (0.3 sin τ)²) − 0.6 ≈ −0.01 + (0.3 τ)²/(2 · 0.59). For small τ the ends still press and slot 2 adds
  // the centre: three points; exactly parallel, two. Slot 2 thus jumps from standing down (+0.01) to −0.01 as τ
  // leaves 0 — a handover that docs/contact.md lists.
  const Shape capsule = make_capsule(0.1, 0.6), cylinder = make_cylinder(0.5, 1.0);
  for (double turn : {-1e-4, 0.0, 1e-4, 0.02}) {
    const auto all = slots(capsule, make_pose(Vector3d(0.59, 0.0, 0.1), rotation_about(Vector3d::UnitX(), turn)), cylinder,
                           Isometry3d::Identity());
    EXPECT_EQ(in_contact(all).size(), turn == 0.0 ? 2u : 3u) << "τ = " << turn;
    EXPECT_NEAR(lowest_gap(all), -0.01, 1e-15);
    EXPECT_NEAR(all[0].gap, std::hypot(0.59, 0.3 * std::sin(turn)) - 0.6, 1e-15);
  }
}

}  // namespace
}  // namespace contactlab
