// SPDX-License-Identifier: MIT
// Narrowphase: the signed distance, normal and points of each contact point of one shape pair, in closed form
// or by iterations converged to round-off, exact on both sides of touch (docs/contact.md "Narrowphase").
#pragma once

#include <Eigen/Geometry>

#include "contact/contact_model.h"

namespace contactlab {

// Fills contact point `point` of shapes a and b at world poses X_WA and X_WB (shape frames).
using GeometryKernel = void (*)(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b,
                                const Eigen::Isometry3d& X_WB, int point, PairGeometry& out);

// The effective radius R* [m] of the surfaces shapes a and b touch with at world poses X_WA and X_WB where it is not
// their curvature radii's (contact/shape_traits.h, from which a pair's R* is compiled): a sphere, or a capsule's
// end, on the side of a cylinder or a capsule (which the pair's R* takes for a flat face or a sphere), or two
// capsules' sides crossing; NaN where the compiled R* holds (a sphere on a cylinder's face, a capsule's end on
// another's), or where no Hertz point contact has one (a cylinder's rim: an edge).
using TouchRadiusKernel = double (*)(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b,
                                     const Eigen::Isometry3d& X_WB);

// A pair type's entry of the pair table: how many contact points it has, and their geometry; {0, nullptr} when the
// pair is not checked. `touch_radius`: for the pairs whose touching surfaces' curvature depends on where they touch
// (null: the compiled R* holds wherever they do).
struct PairKernel {
  int points = 0;
  GeometryKernel geometry = nullptr;
  TouchRadiusKernel touch_radius = nullptr;
};

// The pair table's entry of types a and b, stored with type(a) ≤ type(b) (the entries with a > b are empty). Which
// shape types collide is read from here and nowhere else (shape_types_collide, contact/shape_traits.h).
const PairKernel& pair_kernel(ShapeType a, ShapeType b);

// The contact points (manifold slots) a pair of shape types contributes, pairs stored with type(a) ≤ type(b); 0
// when the pair cannot be checked. Each point is a contact element of its own: its own gap function, events, law
// state and ledger entry (docs/contact.md "Manifolds"). A halfspace against a box has its 8 corners, against a
// capsule the 2 end spheres, against a cylinder 3 points on each rim; a smooth pair has 1; the others as
// docs/contact.md's narrowphase table says.
int contact_point_count(ShapeType a, ShapeType b);

// R* of the surfaces shapes a and b touch with at these poses where it is not the compiled one (TouchRadiusKernel),
// else NaN; stored with type(a) ≤ type(b).
double touch_effective_radius(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b,
                              const Eigen::Isometry3d& X_WB);

// Whether a pair of shape types can be checked (pairs are stored with type(a) ≤ type(b)).
inline bool narrowphase_supported(ShapeType a, ShapeType b) { return contact_point_count(a, b) > 0; }

// Fills gap, normal, point_a and point_b of contact point `point` (0 ≤ point < contact_point_count) of `out` for
// shapes a and b at world poses X_WA and X_WB (shape frames). A point's gap is a continuous function of the poses,
// exact at zero; a point that is not part of the manifold at these poses has a positive gap.
void narrowphase(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB,
                 int point, PairGeometry& out);

// The two commonest pairs from a sphere's centre alone, so that no shape pose has to be composed (world
// coordinates; `normal` is the halfspace's outward unit normal, `surface_point` a point of its boundary).
void sphere_sphere(const Eigen::Vector3d& centre_a, double radius_a, const Eigen::Vector3d& centre_b, double radius_b,
                   PairGeometry& out);
void halfspace_sphere(const Eigen::Vector3d& normal, const Eigen::Vector3d& surface_point, const Eigen::Vector3d& centre,
                      double radius, PairGeometry& out);
// Two capsules from their axes' end points (world coordinates), likewise; and their signed distance alone.
void capsule_capsule(const Eigen::Vector3d& a0, const Eigen::Vector3d& a1, double radius_a, const Eigen::Vector3d& b0,
                     const Eigen::Vector3d& b1, double radius_b, PairGeometry& out);
double capsule_capsule_gap(const Eigen::Vector3d& a0, const Eigen::Vector3d& a1, double radius_a,
                           const Eigen::Vector3d& b0, const Eigen::Vector3d& b1, double radius_b);

}  // namespace contactlab
