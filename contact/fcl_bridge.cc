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

#include <algorithm>
#include <stdexcept>

#include <fcl/broadphase/broadphase_dynamic_AABB_tree.h>
#include <fcl/fcl.h>

namespace contactlab {

struct FclShapes::Impl {
  std::vector<std::shared_ptr<fcl::CollisionGeometryd>> geometry;
};

namespace {

// FCL geometry of a shape grown by `margin` in every direction (0: the shape itself).
std::shared_ptr<fcl::CollisionGeometryd> make_geometry(const Shape& s, double margin = 0.0) {
  switch (s.type) {
    case ShapeType::kHalfspace: return std::make_shared<fcl::Halfspaced>(Eigen::Vector3d::UnitZ(), margin);  // narrowphase only
    case ShapeType::kSphere: return std::make_shared<fcl::Sphered>(s.radius + margin);
    case ShapeType::kCapsule: return std::make_shared<fcl::Capsuled>(s.radius + margin, s.length);
    case ShapeType::kCylinder: return std::make_shared<fcl::Cylinderd>(s.radius + margin, s.length + 2.0 * margin);
    case ShapeType::kBox: return std::make_shared<fcl::Boxd>(2.0 * (s.half_extents.array() + margin).matrix());
    // The bore's solid bound: FCL has no concave primitive; holes never reach FCL's narrowphase.
    case ShapeType::kHole: return std::make_shared<fcl::Cylinderd>(s.radius + margin, s.length + 2.0 * margin);
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

// FCL's dynamic AABB tree cannot hold a halfspace (its infinite box crashes the tree build), so halfspaces are
// kept out of it and tested against every shape's grown box in closed form: O(n) per halfspace.
struct FclBroadphase::Impl {
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> objects;  // one per shape (halfspaces: unused)
  std::vector<int> halfspaces;
  fcl::DynamicAABBTreeCollisionManagerd manager;
  double margin = 0.0;
  bool registered = false;
};

FclBroadphase::FclBroadphase(const std::vector<Shape>& shapes, double margin) : impl_(std::make_unique<Impl>()) {
  impl_->margin = margin;
  impl_->objects.reserve(shapes.size());
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (shapes[i].type == ShapeType::kHalfspace) impl_->halfspaces.push_back(static_cast<int>(i));
    auto object = std::make_unique<fcl::CollisionObjectd>(make_geometry(shapes[i], margin));
    object->setUserData(reinterpret_cast<void*>(i));
    impl_->objects.push_back(std::move(object));
  }
}

FclBroadphase::~FclBroadphase() = default;

void FclBroadphase::candidates(const std::vector<Eigen::Isometry3d>& shape_poses, std::vector<std::pair<int, int>>& out) {
  const auto is_halfspace = [&](std::size_t i) {
    return std::binary_search(impl_->halfspaces.begin(), impl_->halfspaces.end(), static_cast<int>(i));
  };
  for (std::size_t i = 0; i < impl_->objects.size(); ++i) {
    if (is_halfspace(i)) continue;
    impl_->objects[i]->setTransform(shape_poses[i]);
    impl_->objects[i]->computeAABB();
  }
  if (!impl_->registered) {
    std::vector<fcl::CollisionObjectd*> pointers;
    for (std::size_t i = 0; i < impl_->objects.size(); ++i) {
      if (!is_halfspace(i)) pointers.push_back(impl_->objects[i].get());
    }
    impl_->manager.registerObjects(pointers);
    impl_->manager.setup();
    impl_->registered = true;
  } else {
    impl_->manager.update();
  }
  out.clear();
  auto callback = [](fcl::CollisionObjectd* a, fcl::CollisionObjectd* b, void* data) {
    auto* pairs = static_cast<std::vector<std::pair<int, int>>*>(data);
    int i = static_cast<int>(reinterpret_cast<std::uintptr_t>(a->getUserData()));
    int j = static_cast<int>(reinterpret_cast<std::uintptr_t>(b->getUserData()));
    if (i > j) std::swap(i, j);
    pairs->emplace_back(i, j);
    return false;  // keep going
  };
  impl_->manager.collide(&out, callback);
  // Halfspace (the region n·x ≤ n·o, grown by the margin) against each grown box: the box's lowest point along n.
  for (int h : impl_->halfspaces) {
    const Eigen::Isometry3d& plane = shape_poses[static_cast<std::size_t>(h)];
    const Eigen::Vector3d n = plane.linear().col(2);
    const double level = n.dot(plane.translation()) + impl_->margin;
    for (std::size_t i = 0; i < impl_->objects.size(); ++i) {
      if (is_halfspace(i)) continue;
      const fcl::AABBd& box = impl_->objects[i]->getAABB();
      double lowest = 0.0;
      for (int k = 0; k < 3; ++k) lowest += n[k] * (n[k] >= 0.0 ? box.min_[k] : box.max_[k]);
      if (lowest <= level) out.emplace_back(std::min(h, static_cast<int>(i)), std::max(h, static_cast<int>(i)));
    }
  }
  std::sort(out.begin(), out.end());  // the tree's traversal order is not meaningful; make the list deterministic
}

}  // namespace contactlab
