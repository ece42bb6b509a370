// SPDX-License-Identifier: MIT
// The narrowphase kernels of the pairs between boxes, capsules and cylinders (contact/narrowphase.cc's pair
// table): each fills contact point `point` (0 ≤ point < its count) of shapes a and b at world poses X_WA, X_WB.
// Every slot has a gap, a unit normal from a to b and finite points with point_b − point_a = gap·normal; a slot
// that is not part of the manifold at these poses reports an unsigned distance (docs/contact.md "Manifolds").
#pragma once

#include <Eigen/Geometry>

#include "contact/contact_model.h"
#include "contact/geometry.h"

namespace contactlab {

// A sphere (A, centre in world) against a solid (B at X_WB) given the solid's surface point nearest to the centre
// (solid frame): gap = distance − radius, normal from the sphere into the solid (contact/narrowphase.cc).
void sphere_against_solid(const Eigen::Vector3d& centre, double radius, const Eigen::Isometry3d& X_WB,
                          const SurfacePoint& nearest, PairGeometry& out);

// The pose with its rotation made orthonormal (nearest_rotation): the kernels place the shapes at rigid poses.
inline Eigen::Isometry3d rigid(const Eigen::Isometry3d& X) {
  Eigen::Isometry3d rigid_X = X;
  rigid_X.linear() = nearest_rotation(X.linear());
  return rigid_X;
}

// A slot outside the manifold reports its candidate points' distance, unsigned: a negative gap changes sign with
// the normal, so that point_b − point_a = gap·normal still holds.
inline void make_unsigned(PairGeometry& g) {
  if (g.gap >= 0.0) return;
  g.gap = -g.gap;
  g.normal = -g.normal;
}

// The contact polygon of the two faces that meet, one slot per polygon edge (contact/box_box.cc).
inline constexpr int kBoxBoxPoints = 8;
void box_box(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB, int point,
             PairGeometry& out);

// Spheres on the capsule's axis: where it leaves the face it lies over, and beside a cylinder's side the point
// nearest it (contact/capsule_pairs.cc).
inline constexpr int kCapsuleBoxPoints = 2;
inline constexpr int kCapsuleCylinderPoints = 3;
void capsule_box(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB,
                 int point, PairGeometry& out);
void capsule_cylinder(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB,
                      int point, PairGeometry& out);

// Each cylinder's rim points towards the other solid, cast along the contact normal; a box's corners
// (contact/cylinder_pairs.cc).
inline constexpr int kCylinderBoxPoints = 12;
inline constexpr int kCylinderCylinderPoints = 9;
void cylinder_box(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB,
                  int point, PairGeometry& out);
void cylinder_cylinder(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB,
                       int point, PairGeometry& out);

}  // namespace contactlab
