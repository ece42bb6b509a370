// SPDX-License-Identifier: MIT
#include "contact/contact_kinematics.h"

#include "contact/narrowphase.h"

namespace contactlab {

void pair_geometry(const ContactModel& model, const ContactPairModel& pair, const BodyMotion& body_a,
                   const BodyMotion& body_b, const FclShapes* fcl, PairGeometry& out) {
  const Shape& a = model.shapes[static_cast<std::size_t>(pair.shape_a)];
  const Shape& b = model.shapes[static_cast<std::size_t>(pair.shape_b)];
  if (b.type == ShapeType::kSphere && a.type == ShapeType::kSphere) {
    sphere_sphere(body_a.pose * a.pose.translation(), a.radius, body_b.pose * b.pose.translation(), b.radius, out);
  } else if (b.type == ShapeType::kSphere && a.type == ShapeType::kHalfspace) {
    halfspace_sphere(body_a.pose.linear() * a.pose.linear().col(2), body_a.pose * a.pose.translation(),
                     body_b.pose * b.pose.translation(), b.radius, out);
  } else {
    narrowphase(a, body_a.pose * a.pose, b, body_b.pose * b.pose, fcl, pair.shape_a, pair.shape_b, out);
  }
  out.normal_velocity = out.normal.dot(point_velocity(body_a, out.point_a) - point_velocity(body_b, out.point_b));
}

}  // namespace contactlab
