// SPDX-License-Identifier: MIT
// Tests of contact/cylinder_pairs: rims, flat faces and sides of cylinders on box faces and on each other against
// hand-derived values; the same rim seen against a box face, a cylinder's flat face and a halfspace; the smallest
// gap against an independent signed distance (apart: the rims' and edges' distances to the other solid, sampled
// then refined by golden-section search; just overlapping, minus that distance at the mirror offset); and sweeps
// through touch and the manifold's changes.
#include <cstdio>
#include <random>

#include "contact/pair_kernels.h"
#include "tests/contact/pair_testing.h"

namespace contactlab {
namespace {

using namespace contactlab::testing;

constexpr double kPi = std::numbers::pi;
const Matrix3d kLying = rotation_about(Vector3d::UnitY(), kPi / 2.0);  // the cylinder's axis along x

TEST(CylinderPairs, SlotCounts) {
  EXPECT_EQ(contact_point_count(ShapeType::kCylinder, ShapeType::kBox), kCylinderBoxPoints);
  EXPECT_EQ(contact_point_count(ShapeType::kCylinder, ShapeType::kCylinder), kCylinderCylinderPoints);
}

// The same contact seen through two pairs: `flipped` when the flat shape is b in one and a in the other.
void expect_same_contact(const PairGeometry& p, const PairGeometry& q, bool flipped) {
  EXPECT_NEAR(p.gap, q.gap, 1e-12);
  expect_vector_near(p.normal, flipped ? Vector3d(-q.normal) : q.normal, 1e-12, "normal");
  expect_vector_near(p.point_a, flipped ? q.point_b : q.point_a, 1e-12, "point_a");
  expect_vector_near(p.point_b, flipped ? q.point_a : q.point_b, 1e-12, "point_b");
}

// A cylinder (radius 0.2, length 0.5) tilted by R_y(β) R_x(φ), its −z rim pressed δ = 0.01 into the plane z = 0.5:
// its centre height is 0.5 + 0.25 cβ cφ + 0.2 √(1 − (cβ cφ)²) − δ (the rim's lowest point is R √(1 − a_z²) below its
// centre, a = the axis).
Isometry3d tilted_on_the_plane() {
  const double beta = 0.35, phi = -0.2;
  const Matrix3d R = rotation_about(Vector3d::UnitY(), beta) * rotation_about(Vector3d::UnitX(), phi);
  const double a_z = R(2, 2);
  return make_pose(Vector3d(0.1, -0.2, 0.5 + 0.25 * a_z + 0.2 * std::sqrt(1.0 - a_z * a_z) - 0.01), R);
}

// The halfspace–cylinder slots of the −z rim: 0 (lowest), 1 and 2 (±120°), and 3 (the +z rim's lowest).
std::vector<PairGeometry> on_the_plane(const Shape& cylinder, const Isometry3d& X) {
  return slots(make_halfspace(), make_pose(Vector3d(0.0, 0.0, 0.5)), cylinder, X);
}

// ---------------------------------------------------------------------------------------------------------
// Cylinder–box.

TEST(CylinderBox, RimOnAFaceIsTheRimOnAHalfspace) {
  // On a wide box whose top is z = 0.5: slot 0 (the −z rim's point towards the box), 1 (the +z rim's), 2 and 3
  // (±120° on the −z rim) are the halfspace's slots 0, 3, 1, 2, with a and b swapped, to 1e-12.
  const Shape cylinder = make_cylinder(0.2, 0.5);
  const Isometry3d X = tilted_on_the_plane();
  const auto box = slots(cylinder, X, make_box(Vector3d(3.0, 3.0, 0.5)), Isometry3d::Identity());
  const auto plane = on_the_plane(cylinder, X);
  EXPECT_NEAR(box[0].gap, -0.01, 1e-15);
  const int same[4] = {0, 3, 1, 2};
  for (int k = 0; k < 4; ++k) expect_same_contact(box[static_cast<std::size_t>(k)], plane[static_cast<std::size_t>(same[k])], true);
  EXPECT_EQ(in_contact(box).size(), 1u);
}

TEST(CylinderBox, FlatFaceOnAFaceIsHeldAtThreeRimPoints) {
  // Upright on the box top, pressed δ: slots 0, 2, 3 on the −z rim 120° apart (their offsets from the axis sum to
  // zero), at gap −δ; nothing else in contact. The rim's direction towards the box is undefined; its points start,
  // as against a halfspace, from the cylinder's x axis, and are the halfspace's slots 0, 1, 2 (also turned about z).
  const Shape cylinder = make_cylinder(0.2, 0.5);
  const Vector3d centre(0.1, -0.2, 0.74);
  for (double turn : {0.0, 0.7}) {
    const Isometry3d X = make_pose(centre, rotation_about(Vector3d::UnitZ(), turn));
    const auto all = slots(cylinder, X, make_box(Vector3d(1.0, 1.0, 0.5)), Isometry3d::Identity());
    ASSERT_EQ(in_contact(all).size(), 3u);
    Vector3d sum = Vector3d::Zero();
    for (std::size_t k : {0u, 2u, 3u}) {
      EXPECT_NEAR(all[k].gap, -0.01, 1e-15);
      const Vector3d offset = all[k].point_a - centre;
      EXPECT_NEAR(std::hypot(offset.x(), offset.y()), 0.2, 1e-15);
      sum += Vector3d(offset.x(), offset.y(), 0.0);
    }
    EXPECT_LE(sum.norm(), 1e-15);
    const auto plane = on_the_plane(cylinder, X);
    const int same[3] = {0, 1, 2};
    const std::size_t mine[3] = {0, 2, 3};
    for (int k = 0; k < 3; ++k) expect_same_contact(all[mine[k]], plane[static_cast<std::size_t>(same[k])], true);
  }
}

TEST(CylinderBox, SideLyingOnAFaceIsHeldAtBothRims) {
  // Lying along x, pressed δ: the two rims' lowest points (∓0.25, 0, 0.49) on a, gap −δ.
  const Shape cylinder = make_cylinder(0.2, 0.5);
  const auto touching = in_contact(slots(cylinder, make_pose(Vector3d(0.0, 0.0, 0.69), kLying), make_box(Vector3d(1.0, 1.0, 0.5)),
                                         Isometry3d::Identity()));
  ASSERT_EQ(touching.size(), 2u);
  EXPECT_TRUE(has_point(touching, Vector3d(-0.25, 0.0, 0.5), -0.01, 1e-15));
  EXPECT_TRUE(has_point(touching, Vector3d(0.25, 0.0, 0.5), -0.01, 1e-15));
}

TEST(CylinderBox, SideLyingAcrossANarrowFaceIsHeldAtItsEdges) {
  // Lying across a box only 0.2 wide in x: the side's lowest line rests on the face between its edges x = ±0.1,
  // held there (the rims hang beyond): two points at the edges, gap −δ. Beyond an edge the lines along the normal
  // miss the box; those within the casts' round-off allowance (64 ulp) still meet it at the same gap, so the point
  // may sit that far past the edge: positions to 1e-13.
  const Shape cylinder = make_cylinder(0.2, 0.6);
  const auto touching = in_contact(slots(cylinder, make_pose(Vector3d(0.0, 0.0, 0.69), kLying), make_box(Vector3d(0.1, 0.5, 0.5)),
                                         Isometry3d::Identity()));
  ASSERT_EQ(touching.size(), 2u);
  for (double x : {-0.1, 0.1}) {
    EXPECT_TRUE(has_point(touching, Vector3d(x, 0.0, 0.5), -0.01, 1e-13));
    for (const PairGeometry& p : touching) EXPECT_NEAR(p.gap, -0.01, 1e-15);
  }
}

TEST(CylinderBox, SmallBoxOnTheFlatFaceHasItsFourCorners) {
  // A box (0.2, 0.3, 0.1) standing on a wide upright cylinder's top face (R 1, z = 0.5): its bottom corners
  // (0.1 ± 0.2, 0.1 ± 0.3, 0.49), gap −δ, are the contact, as a small box on a big box.
  const auto touching = in_contact(slots(make_cylinder(1.0, 1.0), Isometry3d::Identity(), make_box(Vector3d(0.2, 0.3, 0.1)),
                                         make_pose(Vector3d(0.1, 0.1, 0.59))));
  ASSERT_EQ(touching.size(), 4u);
  for (double x : {-0.1, 0.3}) {
    for (double y : {-0.2, 0.4}) EXPECT_TRUE(has_point(touching, Vector3d(x, y, 0.49), -0.01, 1e-15));
  }
}

TEST(CylinderBox, EdgeAcrossTheSideHasOnePoint) {
  // A cube (half 0.3) turned 45° about y, its bottom edge along y at z_b − 0.3 √2, across a cylinder lying along
  // x (axis at z = 0): one point, gap z_b − 0.3 √2 − 0.2, above the axis at x = 0.1.
  const Shape cylinder = make_cylinder(0.2, 0.6), cube = make_box(Vector3d(0.3, 0.3, 0.3));
  const double z_b = 0.3 * std::sqrt(2.0) + 0.19;
  const auto touching = in_contact(slots(cylinder, make_pose(Vector3d::Zero(), kLying), cube,
                                         make_pose(Vector3d(0.1, 0.0, z_b), rotation_about(Vector3d::UnitY(), kPi / 4.0))));
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, -0.01, 1e-15);
  expect_vector_near(touching[0].point_a, Vector3d(0.1, 0.0, 0.2), 1e-15, "point_a");
  expect_vector_near(touching[0].normal, Vector3d::UnitZ(), 1e-15, "normal");
}

TEST(CylinderBox, RimAlongAnEdge) {
  // A box (half 0.2, 0.5, 0.2) turned 30° about y, its edge (−x_b, −z_b) along y at E = P + d n, n = (1, 0, 1)/√2,
  // beside the top rim point P = (0.3, 0, 0.4) of an upright cylinder (R 0.3, length 0.8): the edge is parallel
  // to the rim's tangent there — their cross product vanishes and only the points' difference gives the normal.
  // The directions u that both features' normal cones hold (the rim's spans x̂ to ẑ, the edge's 330° to 60° in
  // the xz-plane) form the arc 0° to 60°, where the separation is u·(E − P) = d u·n: apart (d > 0) largest at n,
  // d; overlapping, at the arc's end farthest from n, x̂: d/√2 (pushing the box out along x̂ by that much
  // separates them). Exact to 1e-12, the normal to 1e-9; at touch every normal of the arc separates them.
  const Shape cylinder = make_cylinder(0.3, 0.8), box = make_box(Vector3d(0.2, 0.5, 0.2));
  const Matrix3d R = rotation_about(Vector3d::UnitY(), kPi / 6.0);
  const Vector3d n = Vector3d(1.0, 0.0, 1.0).normalized();
  for (const double d : {1e-3, 1e-6, 1e-9, 0.0, -1e-9, -1e-6, -1e-3}) {
    const Vector3d edge = Vector3d(0.3, 0.0, 0.4) + d * n;
    const auto points = slots(cylinder, Isometry3d::Identity(), box, make_pose(edge + 0.2 * R.col(0) + 0.2 * R.col(2), R));
    const auto lowest = std::min_element(points.begin(), points.end(),
                                         [](const PairGeometry& p, const PairGeometry& q) { return p.gap < q.gap; });
    EXPECT_NEAR(lowest->gap, d > 0.0 ? d : d * n.x(), 1e-12) << "d = " << d;
    if (d != 0.0) expect_vector_near(lowest->normal, d > 0.0 ? n : Vector3d::UnitX(), 1e-9, "normal");
  }
}

TEST(CylinderBox, CornerOnTheSideHasOnePoint) {
  // A cube turned so that its corner (−0.3, −0.3, −0.3) points along −x, pressed 0.01 into an upright cylinder's
  // side at (0.2, 0, 0.05): one point, gap −0.01, the cylinder's slot (the corner lands on its line along the
  // normal, so the box's corner slot stands down).
  const Shape cylinder = make_cylinder(0.2, 0.6), cube = make_box(Vector3d(0.3, 0.3, 0.3));
  const Matrix3d R = Eigen::Quaterniond::FromTwoVectors(Vector3d(-1.0, -1.0, -1.0).normalized(), -Vector3d::UnitX()).toRotationMatrix();
  const auto touching = in_contact(slots(cylinder, Isometry3d::Identity(), cube,
                                         make_pose(Vector3d(0.19 + 0.3 * std::sqrt(3.0), 0.0, 0.05), R)));
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, -0.01, 1e-15);
  expect_vector_near(touching[0].point_b, Vector3d(0.19, 0.0, 0.05), 1e-14, "point_b");
}

// ---------------------------------------------------------------------------------------------------------
// Cylinder–cylinder.

TEST(CylinderCylinder, RimOnAFlatFaceIsTheRimOnAHalfspace) {
  // The check: the tilted cylinder's rim on a wide upright cylinder's top face (z = 0.5) is the same
  // contact as on the plane z = 0.5: as b, its slots 4–7 are the halfspace's 0, 3, 1, 2 (a the flat one in both);
  // as a (on a wide cylinder b below), its slots 0–3, with a and b swapped. To 1e-12.
  const Shape cylinder = make_cylinder(0.2, 0.5), wide = make_cylinder(3.0, 1.0);
  const Isometry3d X = tilted_on_the_plane();
  const auto plane = on_the_plane(cylinder, X);
  const int same[4] = {0, 3, 1, 2};
  const auto as_b = slots(wide, Isometry3d::Identity(), cylinder, X);
  for (int k = 0; k < 4; ++k) expect_same_contact(as_b[static_cast<std::size_t>(4 + k)], plane[static_cast<std::size_t>(same[k])], false);
  EXPECT_EQ(in_contact(as_b).size(), 1u);
  const auto as_a = slots(cylinder, X, wide, Isometry3d::Identity());
  for (int k = 0; k < 4; ++k) expect_same_contact(as_a[static_cast<std::size_t>(k)], plane[static_cast<std::size_t>(same[k])], true);
  EXPECT_EQ(in_contact(as_a).size(), 1u);
}

TEST(CylinderCylinder, EqualCoinsStackedHaveThreePoints) {
  // Equal coins (R 0.5, thickness 0.1) stacked coaxially, pressed 0.001: each rim lies on the other's flat face's
  // edge. Three points (a's upper rim, 120° apart), not six: b's rim points land on a's rim and stand down. Also
  // with both turned by 200 random common rotations (round-off only between the rims).
  const Shape coin = make_cylinder(0.5, 0.1);
  ASSERT_EQ(in_contact(slots(coin, Isometry3d::Identity(), coin, make_pose(Vector3d(0.0, 0.0, 0.099)))).size(), 3u);
  std::mt19937 random(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Matrix3d R = uniform_rotation(unit(random), unit(random), unit(random));
    const Vector3d o(unit(random), unit(random), unit(random));
    const auto touching = in_contact(slots(coin, make_pose(o, R), coin, make_pose(o + R * Vector3d(0.0, 0.0, 0.099), R)));
    ASSERT_EQ(touching.size(), 3u) << "trial " << trial;
    for (const PairGeometry& p : touching) EXPECT_NEAR(p.gap, -0.001, 1e-15);
  }
}

TEST(CylinderPairs, RotationsOffByRoundOffGiveTheSameManifold) {
  // A body's rotation may come from a quaternion not yet normalised: off by 6e-13, as measured on a can resting on
  // its face (tests/contact/narrowphase_test.cc). The equal coins stacked and the coin lying on a box face of
  // EqualCoinsStackedHaveThreePoints and FlatFaceOnAFaceIsHeldAtThreeRimPoints, turned by R (1 − 6e-13) for a
  // random rotation R: still three points, each at gap −0.001 to 1e-13 (the shortening moves points by 6e-13 of
  // their distance from the origin); an axis 6e-13 short must not pass for a direction ⊥ it.
  const Shape coin = make_cylinder(0.5, 0.1), box = make_box(Vector3d(1.0, 1.0, 0.5));
  std::mt19937 random(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 100; ++trial) {
    const Matrix3d R = uniform_rotation(unit(random), unit(random), unit(random));
    const Matrix3d off = (1.0 - 6e-13) * R;
    const Vector3d o(unit(random), unit(random), unit(random));
    for (const auto& [X_A, X_B] : {std::pair{make_pose(o, off), make_pose(o + R * Vector3d(0.0, 0.0, 0.099), R)},
                                   std::pair{make_pose(o, R), make_pose(o + R * Vector3d(0.0, 0.0, 0.099), off)}}) {
      const auto touching = in_contact(slots(coin, X_A, coin, X_B));
      ASSERT_EQ(touching.size(), 3u) << "coins, trial " << trial;
      for (const PairGeometry& p : touching) EXPECT_NEAR(p.gap, -0.001, 1e-13) << "coins, trial " << trial;
    }
    const auto on_box = in_contact(slots(coin, make_pose(o + R * Vector3d(0.0, 0.0, 0.549), off), box, make_pose(o, R)));
    ASSERT_EQ(on_box.size(), 3u) << "on a box, trial " << trial;
    for (const PairGeometry& p : on_box) EXPECT_NEAR(p.gap, -0.001, 1e-13) << "on a box, trial " << trial;
  }
}

TEST(CylinderCylinder, ParallelSidesHaveTwoPoints) {
  // Side by side, axes 0.39 apart (radii 0.2): gap −0.01 along the overlap of their lengths. b shorter (z ∈
  // [−0.15, 0.35]): the points are at b's ends (to the casts' round-off allowance, as across a narrow face); equal
  // and aligned: two points, not four (b's land on a's).
  const Shape a = make_cylinder(0.2, 0.8);
  for (const Shape& b : {make_cylinder(0.2, 0.5), make_cylinder(0.2, 0.8)}) {
    const double shift = b.length < a.length ? 0.1 : 0.0;
    const auto touching = in_contact(slots(a, Isometry3d::Identity(), b, make_pose(Vector3d(0.39, 0.0, shift))));
    ASSERT_EQ(touching.size(), 2u) << "length " << b.length;
    for (double z : {shift - 0.5 * b.length, shift + 0.5 * b.length}) {
      EXPECT_TRUE(has_point(touching, Vector3d(0.19, 0.0, z), -0.01, 1e-13)) << "length " << b.length;
    }
  }
}

TEST(CylinderCylinder, CrossedSidesHaveOnePoint) {
  // b along y crossing a (along z), axes 0.39 apart: one point (slot 8), gap −0.01 at (0.2, 0, 0) on a.
  const Shape c = make_cylinder(0.2, 0.8);
  const auto all = slots(c, Isometry3d::Identity(), c, make_pose(Vector3d(0.39, 0.0, 0.0), rotation_about(Vector3d::UnitX(), kPi / 2.0)));
  ASSERT_EQ(in_contact(all).size(), 1u);
  EXPECT_NEAR(all[8].gap, -0.01, 1e-15);
  expect_vector_near(all[8].point_a, Vector3d(0.2, 0.0, 0.0), 1e-15, "point_a");
}

TEST(CylinderCylinder, RimOnASideHasOnePoint) {
  // b (R 0.15) with its axis (cos 0.5, 0, sin 0.5) pointing away from a, its −z rim's point nearest a's axis at
  // (0.19, 0, 0.1), 0.01 inside a's side. By symmetry about y = 0 that point is the rim's extreme towards −x,
  // c − 0.25 axis + 0.15 d with d = −x made ⊥ axis. One point, gap −0.01, normal +x (a's side's normal).
  const Shape a = make_cylinder(0.2, 0.8), b = make_cylinder(0.15, 0.5);
  const Matrix3d R = rotation_about(Vector3d::UnitY(), kPi / 2.0 - 0.5);
  const Vector3d axis = R.col(2);
  const Vector3d d = (-Vector3d::UnitX() - (-Vector3d::UnitX()).dot(axis) * axis).normalized();
  const Vector3d c = Vector3d(0.19, 0.0, 0.1) + 0.25 * axis - 0.15 * d;
  const auto touching = in_contact(slots(a, Isometry3d::Identity(), b, make_pose(c, R)));
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, -0.01, 1e-14);
  expect_vector_near(touching[0].normal, Vector3d::UnitX(), 1e-12, "normal");
}

// ---------------------------------------------------------------------------------------------------------
// The smallest gap is the signed distance.

double point_to_box(const Vector3d& p, const Vector3d& h, const Isometry3d& X) {
  const Vector3d q = X.inverse() * p;
  return (q - q.cwiseMax(-h).cwiseMin(h)).norm();
}
double point_to_cylinder(const Vector3d& p, double radius, double half_length, const Isometry3d& X) {
  const Vector3d q = X.inverse() * p;
  return std::hypot(std::max(std::hypot(q.x(), q.y()) - radius, 0.0), std::max(std::abs(q.z()) - half_length, 0.0));
}

// The least of f over [0, 1], or over one period: 400 samples, then golden-section search about the best.
template <class F>
double least(const F& f, double period = 1.0) {
  const int n = 400;
  int best = 0;
  for (int i = 1; i < n; ++i) {
    if (f(period * i / n) < f(period * best / n)) best = i;
  }
  double lo = period * (best - 1.0) / n, hi = period * (best + 1.0) / n;
  if (period == 1.0) lo = std::max(lo, 0.0), hi = std::min(hi, 1.0);
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

Vector3d rim_point(double radius, double half_length, double side, const Isometry3d& X, double angle) {
  return X * Vector3d(radius * std::cos(angle), radius * std::sin(angle), side * half_length);
}

// Apart: the closest points are a rim against the other solid, a box edge against the cylinder, or (two cylinders)
// their sides, where the axes' closest points lie inside both.
double distance_apart(const Shape& a, const Isometry3d& X_A, const Shape& b, const Isometry3d& X_B) {
  const double ha = 0.5 * a.length;
  double d = std::numeric_limits<double>::infinity();
  const auto to_b = [&](const Vector3d& p) {
    return b.type == ShapeType::kBox ? point_to_box(p, b.half_extents, X_B) : point_to_cylinder(p, b.radius, 0.5 * b.length, X_B);
  };
  for (double side : {-1.0, 1.0}) {
    d = std::min(d, least([&](double t) { return to_b(rim_point(a.radius, ha, side, X_A, t)); }, 2.0 * kPi));
  }
  if (b.type == ShapeType::kBox) {
    const Vector3d& h = b.half_extents;
    for (int k = 0; k < 8; ++k) {
      for (int bit = 1; bit < 8; bit <<= 1) {
        if (k & bit) continue;
        const auto corner = [&](int c) {
          return X_B * Vector3d((c & 1) ? h.x() : -h.x(), (c & 2) ? h.y() : -h.y(), (c & 4) ? h.z() : -h.z());
        };
        const Vector3d p0 = corner(k), p1 = corner(k | bit);
        d = std::min(d, least([&](double t) { return point_to_cylinder(p0 + t * (p1 - p0), a.radius, ha, X_A); }));
      }
    }
    return d;
  }
  const double hb = 0.5 * b.length;
  for (double side : {-1.0, 1.0}) {
    d = std::min(d, least([&](double t) { return point_to_cylinder(rim_point(b.radius, hb, side, X_B, t), a.radius, ha, X_A); }, 2.0 * kPi));
  }
  const Vector3d u = X_A.linear().col(2), v = X_B.linear().col(2), w = X_A.translation() - X_B.translation();
  const double uv = u.dot(v), det = 1.0 - uv * uv;
  if (det > 1e-12) {
    const double s = (uv * v.dot(w) - u.dot(w)) / det, t = (v.dot(w) - uv * u.dot(w)) / det;
    if (std::abs(s) < ha && std::abs(t) < hb) d = std::min(d, (w + s * u - t * v).norm() - a.radius - b.radius);
  }
  return d;
}

template <class MakeB>
void expect_smallest_gap_is_the_signed_distance(const Shape& a, const MakeB& make_b, std::uint32_t seed,
                                                bool towards_the_rims = false) {
  // 20 random pairs, b moved along a random unit direction v: touch located by bisection on the distance apart.
  // 1e-3 and 1e-7 apart, the smallest gap is the distance, to 1e-12; touching, zero to 1e-12. Overlapping by
  // ε = 1e-7 along v it is minus its value at +ε, to 1e-12: the signed distance is differentiable through touch,
  // its slope along v being n·v on both sides (its second-order term, ε²/(a radius), is 1e-13). 1e-3 deep it lies
  // in [−1e-3, 0): moving b back by 1e-3 along v separates them.
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const Shape b = make_b(unit, random);
    const Isometry3d X_A = make_pose(Vector3d::Zero(), uniform_rotation(unit(random), unit(random), unit(random)));
    const Matrix3d R_B = uniform_rotation(unit(random), unit(random), unit(random));
    Vector3d direction = uniform_rotation(unit(random), unit(random), unit(random)).col(0);
    if (towards_the_rims) {  // at 30°–60° from a's axis: the rims come first
      const double azimuth = 2.0 * kPi * unit(random), polar = (1.0 + unit(random)) * kPi / 6.0;
      direction = X_A.linear() * Vector3d(std::sin(polar) * std::cos(azimuth), std::sin(polar) * std::sin(azimuth),
                                          (unit(random) < 0.5 ? 1.0 : -1.0) * std::cos(polar));
    }
    const auto pose = [&](double s) { return make_pose(s * direction, R_B); };
    double lo = 0.0, hi = 5.0;
    for (int i = 0; i < 50; ++i) {
      const double mid = 0.5 * (lo + hi);
      (distance_apart(a, X_A, b, pose(mid)) > 1e-13 ? hi : lo) = mid;
    }
    const auto smallest = [&](double offset) { return lowest_gap(slots(a, X_A, b, pose(hi + offset))); };
    for (double offset : {1e-3, 1e-7}) {
      EXPECT_NEAR(smallest(offset), distance_apart(a, X_A, b, pose(hi + offset)), 1e-12) << "trial " << trial << ", offset " << offset;
    }
    EXPECT_NEAR(smallest(0.0), 0.0, 1e-12) << "trial " << trial;
    EXPECT_NEAR(smallest(-1e-7), -distance_apart(a, X_A, b, pose(hi + 1e-7)), 1e-12) << "trial " << trial;
    EXPECT_LT(smallest(-1e-3), 0.0) << "trial " << trial;
    EXPECT_GE(smallest(-1e-3), -1e-3 - 1e-12) << "trial " << trial;
  }
}

// b moved from a along `direction` to touch (bisection on the distance apart), then `depth` further: the pose.
Isometry3d pressed_along(const Shape& a, const Shape& b, const Matrix3d& R_B, const Vector3d& direction, double depth) {
  double lo = 0.0, hi = 5.0;
  for (int i = 0; i < 50; ++i) {
    const double mid = 0.5 * (lo + hi);
    (distance_apart(a, Isometry3d::Identity(), b, make_pose(mid * direction, R_B)) > 1e-13 ? hi : lo) = mid;
  }
  return make_pose((hi - depth) * direction, R_B);
}

TEST(CylinderBox, RimOnAnEdgeHasOnePoint) {
  // The upright cylinder of SmallestGap's trials (R 0.3, length 0.8) and a box turned so that one of its edges
  // crosses the cylinder's top rim: b moved in along (1, 0.2, 1) until they touch, then 1e-7 further. One point,
  // at minus the distance 1e-7 apart (the signed distance is differentiable through touch).
  const Shape cylinder = make_cylinder(0.3, 0.8), box = make_box(Vector3d(0.2, 0.3, 0.25));
  const Matrix3d R = rotation_about(Vector3d(1.0, -1.0, 0.0), 0.9) * rotation_about(Vector3d::UnitZ(), 0.4);
  const Vector3d v = Vector3d(1.0, 0.2, 1.0).normalized();
  const auto touching = in_contact(slots(cylinder, Isometry3d::Identity(), box, pressed_along(cylinder, box, R, v, 1e-7)));
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, -distance_apart(cylinder, Isometry3d::Identity(), box, pressed_along(cylinder, box, R, v, -1e-7)), 1e-12);
  const Vector3d on_a = touching[0].point_a;
  EXPECT_NEAR(std::hypot(on_a.x(), on_a.y()), 0.3, 1e-12);  // on the rim
  EXPECT_NEAR(on_a.z(), 0.4, 1e-12);
}

TEST(CylinderCylinder, RimOnARimHasOnePoint) {
  // Two cylinders (R 0.3, 0.8 and R 0.2, 0.5), b turned so that its rim crosses a's top rim obliquely, moved in
  // along (1, 0.3, 1.2) to touch, then 1e-7 further: one point (a's rim point, b's standing down), on both rims,
  // at minus the distance 1e-7 apart (to 1e-12: the signed distance's second-order term is ~1e-14).
  const Shape a = make_cylinder(0.3, 0.8), b = make_cylinder(0.2, 0.5);
  const Matrix3d R = rotation_about(Vector3d(0.3, 1.0, 0.2), 1.1);
  const Vector3d v = Vector3d(1.0, 0.3, 1.2).normalized();
  const Isometry3d X_B = pressed_along(a, b, R, v, 1e-7);
  const auto touching = in_contact(slots(a, Isometry3d::Identity(), b, X_B));
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, -distance_apart(a, Isometry3d::Identity(), b, pressed_along(a, b, R, v, -1e-7)), 1e-12);
  const Vector3d on_a = touching[0].point_a, on_b = X_B.inverse() * touching[0].point_b;
  EXPECT_NEAR(std::hypot(on_a.x(), on_a.y()), 0.3, 1e-12);
  EXPECT_NEAR(std::abs(on_a.z()), 0.4, 1e-12);
  EXPECT_NEAR(std::hypot(on_b.x(), on_b.y()), 0.2, 1e-12);
  EXPECT_NEAR(std::abs(on_b.z()), 0.25, 1e-12);
}

TEST(CylinderCylinder, RimAlongARim) {
  // Two upright cylinders (R 0.3, length 0.8 and R 0.2, length 0.5), b's bottom rim beside a's top rim: b's point
  // Q = (0.3, 0, 0.4) + d n, n = (1, 0, 1)/√2, nearest a's P = (0.3, 0, 0.4), both rims' tangents along ŷ there.
  // Both rims' normal cones span x̂ to ẑ, so, as for RimAlongAnEdge, the separation is u·(Q − P) = d u·n over that
  // arc: apart, d along n; overlapping, d/√2 (at either end, x̂ or ẑ, equally). Exact to 1e-12. The normal apart
  // is Q − P's direction, which round-off in the points (ε R) turns by about ε R/d: to 1e-9 from d = 1e-6 up,
  // to 1e-6 at d = 1e-9.
  const Shape a = make_cylinder(0.3, 0.8), b = make_cylinder(0.2, 0.5);
  const Vector3d n = Vector3d(1.0, 0.0, 1.0).normalized();
  for (const double d : {1e-3, 1e-6, 1e-9, 0.0, -1e-9, -1e-6, -1e-3}) {
    const Vector3d q = Vector3d(0.3, 0.0, 0.4) + d * n;
    const auto points = slots(a, Isometry3d::Identity(), b, make_pose(q + Vector3d(0.2, 0.0, 0.25)));
    const auto lowest = std::min_element(points.begin(), points.end(),
                                         [](const PairGeometry& p, const PairGeometry& r) { return p.gap < r.gap; });
    EXPECT_NEAR(lowest->gap, d > 0.0 ? d : d * n.x(), 1e-12) << "d = " << d;
    if (d > 0.0) expect_vector_near(lowest->normal, n, d < 1e-6 ? 1e-6 : 1e-9, "normal");
  }
}

TEST(CylinderCylinder, RimOnARimWithTheNormalNearlyAlongAnAxis) {
  // b's bottom rim comes within 1e-5 of a's bottom rim, crossing it nearly at right angles, the common normal 0.02
  // rad off a's axis: a's support point along it moves 20 times faster than the normal turns, and a point cast
  // along a normal that errs sideways passes beside a's rim and enters its side far up. The smallest gap is the
  // distance apart to 1e-12 (a normal taken from the nearest points' difference, whose direction errs by
  // ε·R/1e-5, made it 1.4e-10 too large).
  const Shape a = make_cylinder(0.4096216249, 0.9502155970), b = make_cylinder(0.4233663475, 0.3841462622);
  const Matrix3d R = Eigen::Quaterniond(-0.0691918342, -0.1036786296, 0.9755329215, -0.1811042543).normalized().toRotationMatrix();
  const Vector3d v = Vector3d(-0.3322013942, 0.4354603433, -0.8135466423).normalized();
  const Isometry3d X_B = pressed_along(a, b, R, v, -1e-5);
  const double apart = distance_apart(a, Isometry3d::Identity(), b, X_B);
  EXPECT_NEAR(apart, 1e-5 * 0.84, 1e-6);
  EXPECT_NEAR(lowest_gap(slots(a, Isometry3d::Identity(), b, X_B)), apart, 1e-12);
}

// A box (0.15, 0.35, 0.2) beside the top rim of a cylinder (R 0.2, length 0.5), 0.0026 apart.
const Isometry3d kRimNearAnEdge = make_pose(
    Vector3d(-0.447365, 0.357583, 0.452817),
    Eigen::Quaterniond(-0.235209, -0.032772, -0.023400, 0.971110).normalized().toRotationMatrix());

TEST(CylinderPairs, ASlotDoesNotDependOnTheQueriesBefore) {
  // A pair's slots share their contact normal, which is kept for the last inputs seen. The rim-on-edge and
  // rim-on-rim pairs above (whose normal depends on every input) and variants differing from them in one input
  // each — b's position, a's position, a turn of b, a's radius, b's length or one of its half extents — whose
  // normal differs: each variant's slots, asked for in turn with the base's (which leaves the base's inputs kept),
  // equal, to the bit, those asked for after an unrelated pair of the same types.
  struct Pair {
    Shape a, b;
    Isometry3d X_A, X_B;
  };
  const Shape cylinder = make_cylinder(0.3, 0.8), small = make_cylinder(0.2, 0.5);
  const Matrix3d R_small = rotation_about(Vector3d(0.3, 1.0, 0.2), 1.1);
  const Pair bases[] = {
      {make_cylinder(0.2, 0.5), make_box(Vector3d(0.15, 0.35, 0.2)), Isometry3d::Identity(), kRimNearAnEdge},
      {cylinder, small, Isometry3d::Identity(), pressed_along(cylinder, small, R_small, Vector3d(1.0, 0.3, 1.2).normalized(), 1e-7)}};
  const Shape other = make_cylinder(0.1, 0.1), small_box = make_box(Vector3d(0.1, 0.1, 0.1));
  // Variants whose normal differs: all but b's length and its half extent along the edge for the box, all but the
  // half extents for the cylinder.
  const int sensitive[] = {6, 5};
  for (const Pair& base : bases) {
    int tested = 0;
    std::vector<Pair> variants(8, base);
    variants[0].X_B.translation().x() += 1e-3;
    variants[1].X_A.translation().z() -= 1e-3;
    variants[2].X_B.linear() = variants[2].X_B.linear() * rotation_about(Vector3d::UnitY(), 1e-3);
    variants[3].a.radius += 1e-3;
    variants[4].b.length += 2e-3;
    for (int i = 0; i < 3; ++i) variants[static_cast<std::size_t>(5 + i)].b.half_extents[i] += 1e-3;
    const auto lowest_normal = [](const std::vector<PairGeometry>& points) {
      return std::min_element(points.begin(), points.end(), [](const PairGeometry& p, const PairGeometry& q) {
               return p.gap < q.gap;
             })->normal;
    };
    const Vector3d base_normal = lowest_normal(slots(base.a, base.X_A, base.b, base.X_B));
    const auto unrelated = [&] { slots(other, Isometry3d::Identity(), base.b.type == ShapeType::kBox ? small_box : other,
                                       make_pose(Vector3d(0.0, 0.0, 0.15))); };
    for (const Pair& v : variants) {
      unrelated();
      const auto fresh = slots(v.a, v.X_A, v.b, v.X_B);
      unrelated();
      if ((lowest_normal(fresh) - base_normal).norm() < 1e-9) continue;
      ++tested;
      for (int k = 0; k < contact_point_count(v.a.type, v.b.type); ++k) {
        slot(base.a, base.X_A, base.b, base.X_B, k);
        const PairGeometry g = slot(v.a, v.X_A, v.b, v.X_B, k);
        EXPECT_EQ(g.gap, fresh[static_cast<std::size_t>(k)].gap) << "slot " << k;
        EXPECT_EQ(g.normal, fresh[static_cast<std::size_t>(k)].normal) << "slot " << k;
      }
    }
    EXPECT_EQ(tested, sensitive[&base - bases]);
  }
}

TEST(CylinderBox, RimWhoseDistanceToAnEdgeHasTwoNearbyMinima) {
  // kRimNearAnEdge: along the rim, the distance to one box edge's line has two local minima 0.9 rad apart (0.016
  // and 0.0026) with a maximum between, both within the sampled minima's brackets. The smallest gap is the
  // distance, 0.0026 apart, to 1e-12 — not the 0.0035 that a search started on the maximum's slope found.
  const Shape cylinder = make_cylinder(0.2, 0.5), box = make_box(Vector3d(0.15, 0.35, 0.2));
  const Isometry3d& X_B = kRimNearAnEdge;
  const double apart = distance_apart(cylinder, Isometry3d::Identity(), box, X_B);
  EXPECT_NEAR(apart, 0.0026, 1e-4);
  EXPECT_NEAR(lowest_gap(slots(cylinder, Isometry3d::Identity(), box, X_B)), apart, 1e-12);
}

TEST(CylinderBox, SmallestGapIsTheSignedDistance) {
  expect_smallest_gap_is_the_signed_distance(make_cylinder(0.3, 0.8), [](auto& unit, auto& random) {
    return make_box(Vector3d(0.1 + 0.4 * unit(random), 0.1 + 0.4 * unit(random), 0.1 + 0.4 * unit(random)));
  }, 17);
}

TEST(CylinderBox, SmallestGapIsTheSignedDistanceNearTheRims) {
  // As above, b approaching along directions that meet a's rims first (rim against corner, edge or face): the
  // curved pair rim–edge is where a circle's distance to a line can have two minima within one sample step.
  expect_smallest_gap_is_the_signed_distance(make_cylinder(0.3, 0.8), [](auto& unit, auto& random) {
    return make_box(Vector3d(0.1 + 0.4 * unit(random), 0.1 + 0.4 * unit(random), 0.1 + 0.4 * unit(random)));
  }, 23, true);
}

TEST(CylinderCylinder, SmallestGapIsTheSignedDistanceNearTheRims) {
  expect_smallest_gap_is_the_signed_distance(make_cylinder(0.3, 0.8), [](auto& unit, auto& random) {
    return make_cylinder(0.1 + 0.3 * unit(random), 0.2 + 0.6 * unit(random));
  }, 29, true);
}

TEST(CylinderCylinder, SmallestGapIsTheSignedDistance) {
  expect_smallest_gap_is_the_signed_distance(make_cylinder(0.3, 0.8), [](auto& unit, auto& random) {
    return make_cylinder(0.1 + 0.3 * unit(random), 0.2 + 0.6 * unit(random));
  }, 19);
}

TEST(CylinderCylinder, NoSlotRestsAtZeroWhenTheyOverlap) {
  // 1000 random pairs of cylinders with centres within 0.2 of each other (most overlap deeply): no slot's gap is
  // exactly 0. A slot resting at 0 while the solids overlap would be a contact of zero indentation that the
  // engine starts active; a line point beside the other's side, short of its own rims, whose stretch's least gap
  // lies on the other's flat face, casts from that face (distance 0) — it stands down with its distance along
  // the side to its nearer rim added (~10 % of these pairs have such a point).
  std::mt19937 random(41);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int zeros = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    const Shape a = make_cylinder(0.05 + 0.3 * unit(random), 0.1 + 0.6 * unit(random));
    const Shape b = make_cylinder(0.05 + 0.3 * unit(random), 0.1 + 0.6 * unit(random));
    const Vector3d offset(unit(random) - 0.5, unit(random) - 0.5, unit(random) - 0.5);
    const Isometry3d X_B = make_pose(0.4 * offset, uniform_rotation(unit(random), unit(random), unit(random)));
    for (const PairGeometry& p : slots(a, Isometry3d::Identity(), b, X_B)) zeros += p.gap == 0.0;
  }
  EXPECT_EQ(zeros, 0);
}

// ---------------------------------------------------------------------------------------------------------
// Sweeps.

struct SweepCounts {
  double largest_lowest_jump = 0.0;
  int handovers = 0;
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
    before = after;
  }
  std::printf("[ sweep    ] smallest gap's largest step %.3g, handovers %d\n", counts.largest_lowest_jump, counts.handovers);
  return counts;
}

TEST(CylinderSweep, RimThroughAFace) {
  // The tilted cylinder of RimOnAFace lowered through the box top, 2000 steps of 1e-5: the smallest gap is the
  // rim's height, z − z_touch, at every step, and no slot jumps.
  const Shape cylinder = make_cylinder(0.2, 0.5), box = make_box(Vector3d(3.0, 3.0, 0.5));
  const Isometry3d touching = tilted_on_the_plane();
  const double z_touch = touching.translation().z() + 0.01;
  const auto pose = [&](double z) { return make_pose(Vector3d(0.1, -0.2, z), touching.linear()); };
  const SweepCounts c = sweep(cylinder, pose, box, z_touch + 0.01, z_touch - 0.01, 2000, 1.01e-5);
  EXPECT_LE(c.largest_lowest_jump, 1e-5 + 1e-15);
  EXPECT_EQ(c.handovers, 0);
  for (double z : {z_touch + 1e-9, z_touch, z_touch - 1e-9}) {
    EXPECT_NEAR(lowest_gap(slots(cylinder, pose(z), box, Isometry3d::Identity())), z - z_touch, 1e-15);
  }
}

TEST(CylinderSweep, SlidingOffAnEdgeLying) {
  // Lying along x, pressed 0.01, slid along x off the box's edge x = 0.5 (centre 0 → 0.7 in steps of 1e-3): the
  // +z rim's lowest point passes continuously to the point over the edge and follows it; no handover.
  const Shape cylinder = make_cylinder(0.2, 0.6), box = make_box(Vector3d(0.5, 0.5, 0.5));
  const auto pose = [&](double x) { return make_pose(Vector3d(x, 0.0, 0.69), kLying); };
  const SweepCounts c = sweep(cylinder, pose, box, 0.0, 0.7, 700, 2e-3);
  EXPECT_LE(c.largest_lowest_jump, 1e-15);
  EXPECT_EQ(c.handovers, 0);
}

TEST(CylinderSweep, RimOverAnEdge) {
  // The tilted cylinder of RimOnAFace, pressed 0.01, slid along +x so that its lowest rim point passes the box's
  // edge x = 0.5 (from x = 0.45 to 0.55, steps of 1e-4). Slot 0 keeps the rim's point throughout (continuously:
  // the smallest gap moves by ≤ 1e-4 a step). Slot 1 is L's point over the face's edge: as the rim point nears the
  // edge, L's part over the face shrinks and that point comes down to the rim's depth, pressing too — the
  // short-part band of docs/contact.md — until the rim point passes the edge, where the part vanishes and slot 1
  // stands down: 1 handover.
  const Shape cylinder = make_cylinder(0.2, 0.5), box = make_box(Vector3d(0.5, 2.0, 0.5));
  const Isometry3d X = tilted_on_the_plane();
  const double lowest_x = slots(cylinder, X, make_box(Vector3d(3.0, 3.0, 0.5)), Isometry3d::Identity())[0].point_a.x();
  const auto pose = [&](double x) { return make_pose(X.translation() + Vector3d(x - lowest_x, 0.0, 0.0), X.linear()); };
  const SweepCounts c = sweep(cylinder, pose, box, 0.45, 0.55, 1000, 2e-3);
  EXPECT_LE(c.largest_lowest_jump, 1e-4);
  EXPECT_EQ(c.handovers, 1);
}

TEST(CylinderSweep, SidesTurningOffParallel) {
  // A short cylinder (R 0.2, length 0.5) lying along a long one (0.8), axes 0.39 apart, turned about x through
  // parallel by ±0.02 rad. Parallel, its rims' points hold the strip of contact at its ends; off parallel the sides
  // cross at the middle, deeper than the ends (which lift by ~ (0.25 τ)²/(2 · 0.39)), so slot 8 adds that point
  // while the ends still press: three points. Slot 8 jumps in and out at exact parallel (τ = 0 is a sample:
  // 2 handovers).
  const Shape shorter = make_cylinder(0.2, 0.5), longer = make_cylinder(0.2, 0.8);
  const auto pose = [&](double turn) { return make_pose(Vector3d(-0.39, 0.0, 0.1), rotation_about(Vector3d::UnitX(), turn)); };
  const SweepCounts counts = sweep(shorter, pose, longer, -0.02, 0.02, 400, 2e-3);
  EXPECT_EQ(counts.handovers, 2);
  EXPECT_EQ(in_contact(slots(shorter, pose(0.0), longer, Isometry3d::Identity())).size(), 2u);
  EXPECT_EQ(in_contact(slots(shorter, pose(1e-4), longer, Isometry3d::Identity())).size(), 3u);
}

TEST(CylinderCylinder, EqualSidesTurnedOffParallelPressAtBothRims) {
  // Equal sides (length 0.8) with their ends together: parallel, two points (b's rim points land on a's and stand
  // down); turned by 1e-4, each end is pressed by both cylinders' rim points, which no longer coincide, plus the
  // crossing: five points — the double count docs/contact.md lists, until an end passes the other.
  const Shape c = make_cylinder(0.2, 0.8);
  const auto pose = [&](double turn) { return make_pose(Vector3d(-0.39, 0.0, 0.0), rotation_about(Vector3d::UnitX(), turn)); };
  EXPECT_EQ(in_contact(slots(c, pose(0.0), c, Isometry3d::Identity())).size(), 2u);
  EXPECT_EQ(in_contact(slots(c, pose(1e-4), c, Isometry3d::Identity())).size(), 5u);
}

TEST(CylinderSweep, TippingFromFlatFaceToSide) {
  // On a box top, pressed 0.01, turned about the −z rim's lowest point from upright (0) to lying (90°): the
  // lowest point stays in slot 0 at gap −0.01 throughout; the ±120° points lift off continuously; at 90° the +z
  // rim's lowest point comes down to −0.01. The ±120° points start from the x axis when upright and from the
  // tilt's direction otherwise; their gaps agree there (all at −0.01), so no handover.
  const Shape cylinder = make_cylinder(0.2, 0.5), box = make_box(Vector3d(1.0, 1.0, 0.5));
  const Vector3d pivot(0.3, 0.1, 0.49);  // the lowest point: the −z rim's point along the cylinder's +x
  const auto pose = [&](double angle) {
    const Matrix3d R = rotation_about(Vector3d::UnitY(), angle);  // the axis tips towards +x, about the pivot
    return make_pose(pivot - R * Vector3d(0.2, 0.0, -0.25), R);
  };
  const SweepCounts c = sweep(cylinder, pose, box, 0.0, kPi / 2.0, 900, 2e-3);
  EXPECT_LE(c.largest_lowest_jump, 1e-15);
  EXPECT_EQ(c.handovers, 0);
  EXPECT_EQ(in_contact(slots(cylinder, pose(kPi / 2.0), box, Isometry3d::Identity())).size(), 2u);
}

}  // namespace
}  // namespace contactlab
