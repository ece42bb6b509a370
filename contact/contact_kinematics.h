// SPDX-License-Identifier: MIT
// From body motion to one pair's gap, normal, contact points and normal velocity (models.md §4, with the
// sign of Eq (4.5) corrected: δ̇ = n·(v_PA − v_PB) with n from A to B is positive while approaching).
#pragma once

#include <span>

#include "contact/contact_model.h"

namespace contactlab {

// Contact point `point` of the pair (contact_point_count, contact/narrowphase.h); `body_a`, `body_b`: the world
// motion of the pair's two bodies.
void pair_geometry(const ContactModel& model, const ContactPairModel& pair, int point, const BodyMotion& body_a,
                   const BodyMotion& body_b, PairGeometry& out);

// The signed distance alone (an event function's gap): in closed form for capsule pairs, else pair_geometry's
// gap (`scratch` receives the rest).
double pair_gap(const ContactModel& model, const ContactPairModel& pair, int point, const BodyMotion& body_a,
                const BodyMotion& body_b, PairGeometry& scratch);

// The effective radius of the surfaces the pair's shapes touch with at the bodies' poses where it is not the pair's
// compiled one, else NaN (touch_effective_radius, contact/narrowphase.h).
double pair_touch_radius(const ContactModel& model, const ContactPairModel& pair, const BodyMotion& body_a,
                         const BodyMotion& body_b);

// Velocity of a point fixed to a body, world coordinates.
inline Eigen::Vector3d point_velocity(const BodyMotion& body, const Eigen::Vector3d& point) {
  return body.linear_velocity + body.angular_velocity.cross(point - body.pose.translation());
}

// Its component along a unit direction n: n·v + ω·(r × n), in scalars (the vector sum, assembled on the stack
// and read back whole, stalls on store forwarding in the right-hand side's hottest loop).
inline double point_velocity_along(const BodyMotion& body, const Eigen::Vector3d& point, const Eigen::Vector3d& n) {
  const double rx = point.x() - body.pose.translation().x();
  const double ry = point.y() - body.pose.translation().y();
  const double rz = point.z() - body.pose.translation().z();
  const Eigen::Vector3d& v = body.linear_velocity;
  const Eigen::Vector3d& w = body.angular_velocity;
  return n.x() * v.x() + n.y() * v.y() + n.z() * v.z() + w.x() * (ry * n.z() - rz * n.y()) +
         w.y() * (rz * n.x() - rx * n.z()) + w.z() * (rx * n.y() - ry * n.x());
}

}  // namespace contactlab
