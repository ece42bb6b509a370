// SPDX-License-Identifier: MIT
// The narrowphase kernels of the pairs between boxes, capsules and cylinders (contact/narrowphase.cc's pair
// table): each fills contact point `point` (0 ≤ point < its count) of shapes a and b at world poses X_WA, X_WB.
// Every slot has a gap, a unit normal from a to b and finite points with point_b − point_a = gap·normal; a slot
// that is not part of the manifold at these poses reports an unsigned distance (docs/contact.md "Manifolds").
#pragma once

#include <Eigen/Geometry>

#include "contact/contact_model.h"

namespace contactlab {

// The contact polygon of the two faces that meet, one slot per polygon edge (contact/box_box.cc).
inline constexpr int kBoxBoxPoints = 8;
void box_box(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB, int point,
             PairGeometry& out);

}  // namespace contactlab
