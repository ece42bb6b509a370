// SPDX-License-Identifier: MIT
#include "contact/contact_kinematics.h"

#include "contact/narrowphase.h"

namespace contactlab {

void pair_geometry(const ContactModel& model, const ContactPairModel& pair, std::span<const BodyMotion> bodies,
                   const FclShapes* fcl, PairGeometry& out) {
  const Shape& a = model.shapes[static_cast<std::size_t>(pair.shape_a)];
  const Shape& b = model.shapes[static_cast<std::size_t>(pair.shape_b)];
  const BodyMotion& body_a = bodies[static_cast<std::size_t>(pair.body_a)];
  const BodyMotion& body_b = bodies[static_cast<std::size_t>(pair.body_b)];
  narrowphase(a, body_a.pose * a.pose, b, body_b.pose * b.pose, fcl, pair.shape_a, pair.shape_b, out);
  out.normal_velocity = out.normal.dot(point_velocity(body_a, out.point_a) - point_velocity(body_b, out.point_b));
}

}  // namespace contactlab
