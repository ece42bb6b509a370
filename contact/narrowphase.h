// SPDX-License-Identifier: MIT
// Narrowphase: signed distance, normal and the deepest points of one shape pair, exact for the primitive
// pairs (closed form) and through FCL for the others (contact/fcl_bridge.h).
#pragma once

#include <Eigen/Geometry>

#include "contact/contact_model.h"

namespace contactlab {

class FclShapes;

// Whether a pair of shape types can be checked (pairs are stored with type(a) ≤ type(b)).
bool narrowphase_supported(ShapeType a, ShapeType b);

// Fills gap, normal, point_a and point_b of `out` for shapes a and b at world poses X_WA and X_WB
// (shape frames). `fcl` is needed only for pairs without a closed form.
void narrowphase(const Shape& a, const Eigen::Isometry3d& X_WA, const Shape& b, const Eigen::Isometry3d& X_WB,
                 const FclShapes* fcl, int shape_a, int shape_b, PairGeometry& out);

}  // namespace contactlab
