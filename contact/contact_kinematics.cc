// SPDX-License-Identifier: MIT
#include "contact/contact_kinematics.h"

#include "contact/narrowphase.h"

namespace contactlab {

namespace {

// A capsule's axis end points straight from its body's pose (no shape pose composed).
void axis_ends(const Shape& capsule, const BodyMotion& body, Eigen::Vector3d& end_0, Eigen::Vector3d& end_1) {
  const Eigen::Vector3d centre = body.pose * capsule.pose.translation();
  const Eigen::Vector3d half = (0.5 * capsule.length) * (body.pose.linear() * capsule.pose.linear().col(2));
  end_0 = centre - half;
  end_1 = centre + half;
}

}  // namespace

void pair_geometry(const ContactModel& model, const ContactPairModel& pair, int point, const BodyMotion& body_a,
                   const BodyMotion& body_b, PairGeometry& out) {
  const Shape& a = model.shapes[static_cast<std::size_t>(pair.shape_a)];
  const Shape& b = model.shapes[static_cast<std::size_t>(pair.shape_b)];
  if (b.type == ShapeType::kSphere && a.type == ShapeType::kSphere) {
    sphere_sphere(body_a.pose * a.pose.translation(), a.radius, body_b.pose * b.pose.translation(), b.radius, out);
  } else if (b.type == ShapeType::kSphere && a.type == ShapeType::kHalfspace) {
    halfspace_sphere(body_a.pose.linear() * a.pose.linear().col(2), body_a.pose * a.pose.translation(),
                     body_b.pose * b.pose.translation(), b.radius, out);
  } else if (a.type == ShapeType::kCapsule && b.type == ShapeType::kCapsule) {
    Eigen::Vector3d a0, a1, b0, b1;
    axis_ends(a, body_a, a0, a1);
    axis_ends(b, body_b, b0, b1);
    capsule_capsule(a0, a1, a.radius, b0, b1, b.radius, out);
  } else {
    narrowphase(a, body_a.pose * a.pose, b, body_b.pose * b.pose, point, out);
  }
  out.normal_velocity =
      point_velocity_along(body_a, out.point_a, out.normal) - point_velocity_along(body_b, out.point_b, out.normal);
}

double pair_gap(const ContactModel& model, const ContactPairModel& pair, int point, const BodyMotion& body_a,
                const BodyMotion& body_b, PairGeometry& scratch) {
  const Shape& a = model.shapes[static_cast<std::size_t>(pair.shape_a)];
  const Shape& b = model.shapes[static_cast<std::size_t>(pair.shape_b)];
  if (a.type == ShapeType::kCapsule && b.type == ShapeType::kCapsule) {
    Eigen::Vector3d a0, a1, b0, b1;
    axis_ends(a, body_a, a0, a1);
    axis_ends(b, body_b, b0, b1);
    return capsule_capsule_gap(a0, a1, a.radius, b0, b1, b.radius);
  }
  pair_geometry(model, pair, point, body_a, body_b, scratch);
  return scratch.gap;
}

double pair_touch_radius(const ContactModel& model, const ContactPairModel& pair, const BodyMotion& body_a,
                         const BodyMotion& body_b) {
  const Shape& a = model.shapes[static_cast<std::size_t>(pair.shape_a)];
  const Shape& b = model.shapes[static_cast<std::size_t>(pair.shape_b)];
  return touch_effective_radius(a, body_a.pose * a.pose, b, body_b.pose * b.pose);
}

}  // namespace contactlab
