// SPDX-License-Identifier: MIT
// Capsule–box and capsule–cylinder. A capsule is the set of points within r of its axis segment, so its signed
// distance to a solid is the least signed distance φ of the axis's points to the solid, less r: exact while the
// axis stays outside the solid (indentations up to r); deeper, the depth of the axis's deepest point. φ is convex
// along the axis (a convex solid's signed distance is convex), so its minimisers are found by bisection on its
// slope, to round-off.
//
// Slots: each is the sphere of radius r centred on one point of the axis, against the solid. The solid's face
// that the capsule's nearest point faces (a box face, a cylinder's flat face or its side) splits the axis into
// the part over it (projected along its normal; beside it along the cylinder's axis, for the side) and the two
// stretches beyond. Over a flat face φ is the height, affine along the axis, so its least value there is at an end
// of the part and the capsule's nearest point lies in [0, lower] or [upper, 1]: slot 0 is the minimiser of φ over
// [0, lower] (of equal ones, the nearest to end 0), slot 1 over [upper, 1] (nearest to end 1). A capsule lying
// on a face is held at its two end spheres, one lying across the face's edge at the end over the face and at the
// edge, one tilted down over an edge at its point nearest the edge, one crossing a narrow face at both edges —
// and each slot moves continuously from one of these to the next. Beside a cylinder's side φ is not affine:
// slot 2 is the nearest point inside the part when it is strictly deeper than both ends (a capsule across the
// side), a point of its own.
//
// Where the two slots' stretches meet in one point (the capsule is nowhere over the face, or over it at a single
// point) and both minimisers are that point, slot 1 stands down. Handed over while in contact: the nearest point
// when the face it faces changes (a capsule over an edge turning past 45°, across the rim of a cylinder), slot 2
// when a capsule along a cylinder's side turns off parallel (docs/contact.md "Manifolds").
#include <cmath>
#include <limits>

#include "contact/geometry.h"
#include "contact/pair_kernels.h"

namespace contactlab {

using Eigen::Isometry3d;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
constexpr double kSamePoint = 1e-12;  // axis parameters this close are one point of the axis

// The capsule's axis in the solid's frame: p(t) = p0 + t d, t ∈ [0, 1] from end 0 (local −z) to end 1.
struct Axis {
  Vector3d p0, d;
  Vector3d at(double t) const { return p0 + t * d; }
};

Axis axis_in_solid_frame(const Shape& capsule, const Isometry3d& X_WA, const Isometry3d& X_WB) {
  const Isometry3d X_BA = X_WB.inverse() * X_WA;
  const Vector3d half = 0.5 * capsule.length * X_BA.linear().col(2);
  return {X_BA.translation() - half, 2.0 * half};
}

// The part of the axis over the face that the capsule's nearest point faces, and whether that face is curved.
struct FacePart {
  Interval part;
  bool curved = false;  // a cylinder's side
};

// Slot `point` of a capsule against a solid: `nearest` gives the solid's SurfacePoint of a point (solid frame),
// `face_part` the FacePart of the face that a point of outward direction n from the solid faces.
template <class Nearest, class FacePartOf>
void capsule_slot(const Shape& capsule, const Isometry3d& X_WA, const Isometry3d& X_WB, int point,
                  const Nearest& nearest, const FacePartOf& face_part, PairGeometry& out) {
  const Axis axis = axis_in_solid_frame(capsule, X_WA, X_WB);
  const auto slope = [&](double t) { return nearest(axis.at(t)).normal.dot(axis.d); };
  const double flat_slope = 64.0 * kEpsilon * capsule.length;
  const double nearest_t = convex_minimiser(0.0, 1.0, slope, flat_slope, true);
  const auto [part, curved] = face_part(nearest(axis.at(nearest_t)).normal, axis);

  double t = 0.0;
  bool in_manifold = true;
  if (point == 2) {
    // Strictly inside, the leftmost minimiser is strictly deeper than the part's ends (parallel to the side, the
    // flat stretch makes it the part's lower end).
    t = convex_minimiser(part.lower, part.upper, slope, flat_slope, true);
    in_manifold = curved && part.lower < t && t < part.upper;
  } else {
    const double t0 = convex_minimiser(0.0, part.lower, slope, flat_slope, true);
    const double t1 = convex_minimiser(part.upper, 1.0, slope, flat_slope, false);
    t = point == 0 ? t0 : t1;
    in_manifold = point == 0 || part.upper - part.lower > kSamePoint || t1 - t0 > kSamePoint;
  }
  sphere_against_solid(X_WB * axis.at(t), capsule.radius, X_WB, nearest(axis.at(t)), out);
  if (!in_manifold) make_unsigned(out);
}

}  // namespace

void capsule_box(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                 PairGeometry& out) {
  const Vector3d& h = b.half_extents;
  const auto nearest = [&](const Vector3d& p) { return box_surface_point(h, p); };
  const auto face_part = [&](const Vector3d& n, const Axis& axis) {
    Eigen::Index i = 0;
    n.cwiseAbs().maxCoeff(&i);  // the face whose normal is nearest n
    const int j = (static_cast<int>(i) + 1) % 3, k = (static_cast<int>(i) + 2) % 3;
    return FacePart{part_over_rectangle(axis.p0, axis.d, Vector3d::Unit(i), static_cast<int>(i), h[i], Vector2d(h[j], h[k]))};
  };
  capsule_slot(a, X_WA, X_WB, point, nearest, face_part, out);
}

void capsule_cylinder(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                      PairGeometry& out) {
  const double half_length = 0.5 * b.length;
  const auto nearest = [&](const Vector3d& p) { return cylinder_surface_point(b.radius, half_length, p); };
  const auto face_part = [&](const Vector3d& n, const Axis& axis) {
    const bool side = std::abs(n.z()) < std::hypot(n.x(), n.y());  // nearer the side's normal than the flat faces'
    return side ? FacePart{part_within_length(axis.p0, axis.d, half_length), true}
                : FacePart{part_over_disc(axis.p0, axis.d, Vector3d::UnitZ(), half_length, b.radius)};
  };
  capsule_slot(a, X_WA, X_WB, point, nearest, face_part, out);
}

}  // namespace contactlab
