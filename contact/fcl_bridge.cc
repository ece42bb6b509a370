// SPDX-License-Identifier: MIT
// FCL 0.7 choices, and why:
// - Penetration depth comes from fcl::collide, whose primitive algorithms are exact (sphere–box, box–box,
//   sphere–cylinder, …). Collision uses the libccd solver: for pairs without a primitive algorithm
//   (capsule–box, cylinder–box, cylinder–cylinder, capsule–cylinder) the GST_INDEP solver's EPA returns a
//   negated depth and a normal in A's local frame (gjk_solver_indep-inl.h: `S depth = -epa.depth;`,
//   `normal = epa.normal`), so overlapping shapes came out as separated. libccd's MPR gives the depth to its
//   1e-6 tolerance with a world-frame normal.
// - Separation distance comes from fcl::distance with the GST_INDEP GJK solver: FCL's libccd solver is off by
//   up to 1e-3 (relative) near contact and crashes on halfspaces. Halfspace pairs never reach this file: FCL
//   returns wrong distances for them (0.516 instead of 0.4 for a sphere 0.4 above a plane), so
//   contact/narrowphase.cc handles them in closed form.
#include "contact/fcl_bridge.h"

#include <stdexcept>

#include <fcl/fcl.h>

namespace contactlab {

struct FclShapes::Impl {
  std::vector<std::shared_ptr<fcl::CollisionGeometryd>> geometry;
};

namespace {

std::shared_ptr<fcl::CollisionGeometryd> make_geometry(const Shape& s) {
  switch (s.type) {
    case ShapeType::kHalfspace: return std::make_shared<fcl::Halfspaced>(Eigen::Vector3d::UnitZ(), 0.0);
    case ShapeType::kSphere: return std::make_shared<fcl::Sphered>(s.radius);
    case ShapeType::kCapsule: return std::make_shared<fcl::Capsuled>(s.radius, s.length);
    case ShapeType::kCylinder: return std::make_shared<fcl::Cylinderd>(s.radius, s.length);
    case ShapeType::kBox: return std::make_shared<fcl::Boxd>(2.0 * s.half_extents);
  }
  throw std::logic_error("fcl_bridge: unknown shape type");
}

}  // namespace

FclShapes::FclShapes(const std::vector<Shape>& shapes) : impl_(std::make_unique<Impl>()) {
  impl_->geometry.reserve(shapes.size());
  for (const Shape& s : shapes) impl_->geometry.push_back(make_geometry(s));
}

FclShapes::~FclShapes() = default;

void FclShapes::pair_geometry(int shape_a, const Eigen::Isometry3d& X_WA, int shape_b,
                              const Eigen::Isometry3d& X_WB, PairGeometry& out) const {
  const fcl::CollisionGeometryd* a = impl_->geometry[static_cast<std::size_t>(shape_a)].get();
  const fcl::CollisionGeometryd* b = impl_->geometry[static_cast<std::size_t>(shape_b)].get();

  fcl::CollisionRequestd collision_request(1, true);
  collision_request.gjk_solver_type = fcl::GST_LIBCCD;  // not GST_INDEP: its EPA negates the depth (see top)
  fcl::CollisionResultd collision_result;
  fcl::collide(a, X_WA, b, X_WB, collision_request, collision_result);
  if (collision_result.numContacts() > 0) {
    const fcl::Contactd& contact = collision_result.getContact(0);
    out.normal = contact.normal;  // FCL: from the first object to the second
    out.gap = -contact.penetration_depth;
    out.point_a = contact.pos + 0.5 * contact.penetration_depth * out.normal;
    out.point_b = contact.pos - 0.5 * contact.penetration_depth * out.normal;
    return;
  }

  fcl::DistanceRequestd distance_request(true);
  distance_request.gjk_solver_type = fcl::GST_INDEP;
  fcl::DistanceResultd distance_result;
  fcl::distance(a, X_WA, b, X_WB, distance_request, distance_result);
  if (distance_result.min_distance < 0.0) {
    // Within the solvers' 1e-6 tolerance of touching, GJK may find the shapes intersecting although collide
    // did not; fcl::distance then returns −1 and no witness points. libccd's signed distance is continuous
    // through touch.
    distance_request.gjk_solver_type = fcl::GST_LIBCCD;
    distance_request.enable_signed_distance = true;
    distance_result.clear();
    fcl::distance(a, X_WA, b, X_WB, distance_request, distance_result);
  }
  out.gap = distance_result.min_distance;
  out.point_a = distance_result.nearest_points[0];
  out.point_b = distance_result.nearest_points[1];
  const Eigen::Vector3d d = out.point_b - out.point_a;  // gap · normal, so reversed when the gap is negative
  const double norm = d.norm();
  out.normal = norm > 0.0 ? Eigen::Vector3d((out.gap < 0.0 ? -d : d) / norm) : Eigen::Vector3d::UnitZ();
}

}  // namespace contactlab
