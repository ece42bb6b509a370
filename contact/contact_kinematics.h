// SPDX-License-Identifier: MIT
// From body motion to one pair's gap, normal, contact points and normal velocity (models.md §4, with the
// sign of Eq (4.5) corrected: δ̇ = n·(v_PA − v_PB) with n from A to B is positive while approaching).
#pragma once

#include <span>

#include "contact/contact_model.h"

namespace contactlab {

class FclShapes;

// `body_a`, `body_b`: the world motion of the pair's two bodies.
void pair_geometry(const ContactModel& model, const ContactPairModel& pair, const BodyMotion& body_a,
                   const BodyMotion& body_b, const FclShapes* fcl, PairGeometry& out);

// Velocity of a point fixed to a body, world coordinates.
inline Eigen::Vector3d point_velocity(const BodyMotion& body, const Eigen::Vector3d& point) {
  return body.linear_velocity + body.angular_velocity.cross(point - body.pose.translation());
}

}  // namespace contactlab
