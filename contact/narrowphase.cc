// SPDX-License-Identifier: MIT
// The pair table and the kernels of the halfspace, sphere and hole pairs; the others are in box_box.cc,
// capsule_pairs.cc and cylinder_pairs.cc. Every kernel is a closed form or an iteration converged to round-off:
// the gap is exact on both sides of touch, which event location needs (docs/contact.md "Narrowphase").
#include "contact/narrowphase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "contact/geometry.h"
#include "contact/material_mixing.h"
#include "contact/pair_kernels.h"
#include "models/assert.h"

namespace contactlab {

using Eigen::Isometry3d;
using Eigen::Vector3d;

// Two spheres (also the core of sphere–capsule and capsule–capsule, whose closest axis points act as
// sphere centres).
void sphere_sphere(const Vector3d& centre_a, double radius_a, const Vector3d& centre_b, double radius_b,
                   PairGeometry& out) {
  const Vector3d d = centre_b - centre_a;
  const double distance = d.norm();
  out.normal = distance > 0.0 ? Vector3d(d / distance) : Vector3d::UnitZ();
  out.gap = distance - radius_a - radius_b;
  out.point_a = centre_a + radius_a * out.normal;
  out.point_b = centre_b - radius_b * out.normal;
}

void halfspace_sphere(const Vector3d& normal, const Vector3d& surface_point, const Vector3d& centre, double radius,
                      PairGeometry& out) {
  const Vector3d deepest = centre - radius * normal;
  out.gap = normal.dot(deepest - surface_point);
  out.normal = normal;
  out.point_b = deepest;
  out.point_a = deepest - out.gap * normal;
}

void sphere_against_solid(const Vector3d& centre, double radius, const Isometry3d& X_WB, const SurfacePoint& nearest,
                          PairGeometry& out) {
  out.normal = -(X_WB.linear() * nearest.normal);  // from A (the sphere) into B
  out.gap = nearest.distance - radius;
  out.point_b = X_WB * nearest.point;
  out.point_a = centre + radius * out.normal;
}

namespace {

constexpr double kNoTouchRadius = std::numeric_limits<double>::quiet_NaN();

// A rim's lowest direction shorter than this counts as undefined (the face lies flat): the heights it would
// change are below round-off.
constexpr double kFlatTolerance = 1e-12;

// A point of shape b (world) against the halfspace a: its height above the boundary along the outward normal.
void against_halfspace(const Isometry3d& X_WA, const Vector3d& point, PairGeometry& out) {
  const Vector3d n = X_WA.linear().col(2);
  out.gap = n.dot(point - X_WA.translation());
  out.normal = n;
  out.point_b = point;
  out.point_a = point - out.gap * n;
}

// The deepest point of a convex shape against a plane is always one of a few features, and each feature's height
// is a smooth function of the pose: so each is a contact point of its own, and a face, edge or side lying on the
// plane is held at all of its points rather than at one that jumps between them.

// A sphere: its lowest point.
void halfspace_sphere_shapes(const Shape&, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int,
                             PairGeometry& out) {
  against_halfspace(X_WA, X_WB.translation() - b.radius * X_WA.linear().col(2), out);
}

// A capsule: the lowest points of its two end spheres (point 0 at −z, 1 at +z).
void halfspace_capsule(const Shape&, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                       PairGeometry& out) {
  const double end = point == 0 ? -0.5 : 0.5;
  const Vector3d centre = X_WB.translation() + end * b.length * X_WB.linear().col(2);
  against_halfspace(X_WA, centre - b.radius * X_WA.linear().col(2), out);
}

// A box: its 8 corners, corner k at Σ ±h_i e_i with the sign of axis i from bit i of k.
void halfspace_box(const Shape&, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                   PairGeometry& out) {
  Vector3d corner = X_WB.translation();
  for (int i = 0; i < 3; ++i) {
    const double sign = (point >> i & 1) != 0 ? 1.0 : -1.0;
    corner += sign * b.half_extents[i] * X_WB.linear().col(i);
  }
  against_halfspace(X_WA, corner, out);
}

// A cylinder: three points on each rim (points 0–2 on the rim at −z, 3–5 at +z), the rim's lowest point and the
// two at ±120° from it. Tilted, the first is the deepest point of the rim, so an edge or a rolling side is exact;
// lying on a face, the three hold it like a tripod whose stiffness about the face centre is the same in every
// direction (Σ r rᵀ = (3/2) R² I for three points 120° apart). Their heights depend only on the tilt's size, not
// its direction, so they stay continuous through a face lying flat, where the lowest direction is undefined.
void halfspace_cylinder(const Shape&, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                        PairGeometry& out) {
  const Vector3d n = X_WA.linear().col(2);
  // Unit and orthogonal whatever the pose's rounding: a body's rotation from a quaternion the integrator has not
  // yet normalised is off by its norm, and the rim's lowest direction of a face lying flat is itself of that size.
  const Vector3d axis = X_WB.linear().col(2).normalized();
  const Vector3d centre = X_WB.translation() + (point < 3 ? -0.5 : 0.5) * b.length * X_WB.linear().col(2);
  const Vector3d down = -n - axis.dot(-n) * axis;  // the lowest direction within the rim's plane
  const double down_norm = down.norm();
  const Vector3d x_axis = X_WB.linear().col(0);
  const Vector3d first = down_norm > kFlatTolerance ? Vector3d(down / down_norm)
                                                    : Vector3d((x_axis - x_axis.dot(axis) * axis).normalized());
  const double angle = (point % 3) * (2.0 * std::numbers::pi / 3.0);
  const Vector3d direction = std::cos(angle) * first + std::sin(angle) * axis.cross(first);
  against_halfspace(X_WA, centre + b.radius * direction, out);
}

void sphere_sphere_shapes(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int,
                          PairGeometry& out) {
  sphere_sphere(X_WA.translation(), a.radius, X_WB.translation(), b.radius, out);
}

// Closest point to p on the segment [s0, s1].
Vector3d closest_on_segment(const Vector3d& s0, const Vector3d& s1, const Vector3d& p) {
  const Vector3d e = s1 - s0;
  const double length2 = e.squaredNorm();
  if (length2 == 0.0) return s0;
  return s0 + std::clamp(e.dot(p - s0) / length2, 0.0, 1.0) * e;
}

void capsule_axis(const Shape& s, const Isometry3d& X, Vector3d& s0, Vector3d& s1) {
  const Vector3d half = 0.5 * s.length * X.linear().col(2);
  s0 = X.translation() - half;
  s1 = X.translation() + half;
}

void sphere_capsule(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int,
                    PairGeometry& out) {
  Vector3d b0, b1;
  capsule_axis(b, X_WB, b0, b1);
  sphere_sphere(X_WA.translation(), a.radius, closest_on_segment(b0, b1, X_WA.translation()), b.radius, out);
}

void capsule_capsule_shapes(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int,
                            PairGeometry& out) {
  Vector3d a0, a1, b0, b1;
  capsule_axis(a, X_WA, a0, a1);
  capsule_axis(b, X_WB, b0, b1);
  capsule_capsule(a0, a1, a.radius, b0, b1, b.radius, out);
}

// Sphere (A) against a cylinder (B, axis z, centred): flat faces, side and rim.
void sphere_cylinder(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int, PairGeometry& out) {
  sphere_against_solid(X_WA.translation(), a.radius, X_WB,
                       cylinder_surface_point(b.radius, 0.5 * b.length, X_WB.inverse() * X_WA.translation()), out);
}

// Sphere (A) against a box (B): faces, edges and corners.
void sphere_box(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int, PairGeometry& out) {
  sphere_against_solid(X_WA.translation(), a.radius, X_WB,
                       box_surface_point(b.half_extents, X_WB.inverse() * X_WA.translation()), out);
}

// A pin (a sphere of radius r centred at c, world) inside a hole (B): the gap is the clearance left on the side
// the pin is displaced to, R_h − r − e (e: the centre's distance from the axis); the normal points from the pin
// to the wall, radially outward.
void pin_in_hole(const Vector3d& centre, double radius, const Shape& hole, const Isometry3d& X_WB, PairGeometry& out) {
  const Vector3d c = X_WB.inverse() * centre;
  const double offset = std::hypot(c.x(), c.y());
  const Vector3d direction = offset > 0.0 ? Vector3d(c.x() / offset, c.y() / offset, 0.0) : Vector3d::UnitX();
  out.gap = hole.radius - radius - offset;
  out.normal = X_WB.linear() * direction;
  out.point_a = centre + radius * out.normal;
  out.point_b = X_WB * Vector3d(hole.radius * direction.x(), hole.radius * direction.y(), c.z());
}

void sphere_hole(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int, PairGeometry& out) {
  pin_in_hole(X_WA.translation(), a.radius, b, X_WB, out);
}

// A capsule pin: the end of its axis farther from the hole's axis, or the middle when both are equally far
// (a pin parallel to the bore presses along its length; its middle keeps the moment right).
void capsule_hole(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int, PairGeometry& out) {
  Vector3d s0, s1;
  capsule_axis(a, X_WA, s0, s1);
  const Isometry3d to_hole = X_WB.inverse();
  const Vector3d l0 = to_hole * s0, l1 = to_hole * s1;
  const double e0 = std::hypot(l0.x(), l0.y()), e1 = std::hypot(l1.x(), l1.y());
  const Vector3d centre = std::abs(e0 - e1) <= 1e-12 * std::max(1.0, b.radius) ? Vector3d(0.5 * (s0 + s1))
                                                                               : (e0 > e1 ? s0 : s1);
  pin_in_hole(centre, a.radius, b, X_WB, out);
}

// Where the surfaces touch (TouchRadiusKernel). A sphere's curvatures are 1/r both ways; a cylindrical side's 1/R
// around it and 0 along its axis (equivalent_radius, contact/material_mixing.h).
double sphere_on_side(double sphere_radius, double side_radius) {
  return equivalent_radius(1.0 / sphere_radius, 1.0 / sphere_radius, 1.0 / side_radius, 0.0, 0.0);
}

// Where the segment's nearest point to p lies strictly inside it: beside the capsule's side, not its ends.
bool beside_side(const Vector3d& s0, const Vector3d& s1, const Vector3d& p) {
  const Vector3d e = s1 - s0;
  const double along = e.dot(p - s0);
  return along > 0.0 && along < e.squaredNorm();
}

double sphere_capsule_touch(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB) {
  Vector3d b0, b1;
  capsule_axis(b, X_WB, b0, b1);
  return beside_side(b0, b1, X_WA.translation()) ? sphere_on_side(a.radius, b.radius) : kNoTouchRadius;
}

// The sphere's nearest point of the cylinder on its side (not a face, not the rim: an edge, no Hertz curvature).
double sphere_cylinder_touch(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB) {
  const SurfacePoint nearest = cylinder_surface_point(b.radius, 0.5 * b.length, X_WB.inverse() * X_WA.translation());
  const bool side = nearest.normal.z() == 0.0 && std::abs(nearest.point.z()) < 0.5 * b.length;
  return side ? sphere_on_side(a.radius, b.radius) : kNoTouchRadius;
}

// Two capsules: an end on the other's side, or the two sides crossing at the angle of their axes.
double capsule_capsule_touch(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB) {
  Vector3d a0, a1, b0, b1, ca, cb;
  capsule_axis(a, X_WA, a0, a1);
  capsule_axis(b, X_WB, b0, b1);
  closest_between_segments(a0, a1, b0, b1, ca, cb);
  const bool side_a = beside_side(a0, a1, cb), side_b = beside_side(b0, b1, ca);
  if (side_a && side_b) {
    const Vector3d ua = (a1 - a0).normalized(), ub = (b1 - b0).normalized();
    const double angle = std::acos(std::clamp(std::abs(ua.dot(ub)), 0.0, 1.0));
    return equivalent_radius(1.0 / a.radius, 0.0, 1.0 / b.radius, 0.0, angle);
  }
  if (side_a) return sphere_on_side(b.radius, a.radius);
  if (side_b) return sphere_on_side(a.radius, b.radius);
  return kNoTouchRadius;
}

// A kernel given rigid poses (rigid, contact/pair_kernels.h): those that decide on directions, such as a flat face
// facing another, must not see a rotation that a quaternion not yet normalised leaves ~1e-12 off orthonormal.
template <GeometryKernel kernel>
void on_rigid_poses(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                    PairGeometry& out) {
  kernel(a, rigid(X_WA), b, rigid(X_WB), point, out);
}

// [type a][type b] with type a ≤ type b. Adding a shape pair is one row entry here.
constexpr PairKernel kPairKernels[kShapeTypeCount][kShapeTypeCount] = {
    // halfspace
    {{}, {1, halfspace_sphere_shapes}, {2, halfspace_capsule}, {6, halfspace_cylinder}, {8, halfspace_box}, {}},
    // sphere
    {{}, {1, sphere_sphere_shapes}, {1, sphere_capsule, sphere_capsule_touch}, {1, sphere_cylinder, sphere_cylinder_touch},
     {1, sphere_box}, {1, sphere_hole}},
    // capsule
    {{}, {}, {1, capsule_capsule_shapes, capsule_capsule_touch}, {kCapsuleCylinderPoints, on_rigid_poses<capsule_cylinder>},
     {kCapsuleBoxPoints, on_rigid_poses<capsule_box>}, {1, capsule_hole}},
    // cylinder
    {{}, {}, {}, {kCylinderCylinderPoints, on_rigid_poses<cylinder_cylinder>},
     {kCylinderBoxPoints, on_rigid_poses<cylinder_box>}, {}},
    // box
    {{}, {}, {}, {}, {kBoxBoxPoints, on_rigid_poses<box_box>}, {}},
    // hole
    {{}, {}, {}, {}, {}, {}},
};

}  // namespace

const PairKernel& pair_kernel(ShapeType a, ShapeType b) {
  return kPairKernels[static_cast<int>(a)][static_cast<int>(b)];
}

int contact_point_count(ShapeType a, ShapeType b) { return pair_kernel(a, b).points; }

double touch_effective_radius(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB) {
  const PairKernel& kernel = kPairKernels[static_cast<int>(a.type)][static_cast<int>(b.type)];
  return kernel.touch_radius != nullptr ? kernel.touch_radius(a, X_WA, b, X_WB) : kNoTouchRadius;
}

void narrowphase(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                 PairGeometry& out) {
  const PairKernel& kernel = kPairKernels[static_cast<int>(a.type)][static_cast<int>(b.type)];
  // One unsigned comparison: also false for a pair with no kernel (0 points) or stored the other way round.
  CONTACTLAB_ASSERT(static_cast<unsigned>(point) < static_cast<unsigned>(kernel.points),
                    "narrowphase: a contact point beyond the pair's, or a pair of shape types the table has no kernel for");
  kernel.geometry(a, X_WA, b, X_WB, point, out);
}

void capsule_capsule(const Vector3d& a0, const Vector3d& a1, double radius_a, const Vector3d& b0, const Vector3d& b1,
                     double radius_b, PairGeometry& out) {
  Vector3d ca, cb;
  closest_between_segments(a0, a1, b0, b1, ca, cb);
  sphere_sphere(ca, radius_a, cb, radius_b, out);
}

double capsule_capsule_gap(const Vector3d& a0, const Vector3d& a1, double radius_a, const Vector3d& b0,
                           const Vector3d& b1, double radius_b) {
  Vector3d ca, cb;
  closest_between_segments(a0, a1, b0, b1, ca, cb);
  return (cb - ca).norm() - radius_a - radius_b;
}

}  // namespace contactlab
