// SPDX-License-Identifier: MIT
// FCL's dynamic AABB tree as the broadphase. The narrowphase does not use FCL: its signed distance is only
// approximate near contact (libccd's EPA/MPR to ~1e-6, normals ill-defined at touch) and wrong for halfspaces
// (docs/contact.md "FCL").
#include "contact/fcl_bridge.h"

#include <algorithm>
#include <stdexcept>

#include <fcl/broadphase/broadphase_dynamic_AABB_tree.h>
#include <fcl/fcl.h>

namespace contactlab {

namespace {

// FCL geometry of a shape grown by `margin` in every direction.
std::shared_ptr<fcl::CollisionGeometryd> make_geometry(const Shape& s, double margin) {
  switch (s.type) {
    // Kept out of the tree (FclBroadphase::Impl).
    case ShapeType::kHalfspace: return std::make_shared<fcl::Halfspaced>(Eigen::Vector3d::UnitZ(), margin);
    case ShapeType::kSphere: return std::make_shared<fcl::Sphered>(s.radius + margin);
    case ShapeType::kCapsule: return std::make_shared<fcl::Capsuled>(s.radius + margin, s.length);
    case ShapeType::kCylinder: return std::make_shared<fcl::Cylinderd>(s.radius + margin, s.length + 2.0 * margin);
    case ShapeType::kBox: return std::make_shared<fcl::Boxd>(2.0 * (s.half_extents.array() + margin).matrix());
    // The bore's solid bound: FCL has no concave primitive.
    case ShapeType::kHole: return std::make_shared<fcl::Cylinderd>(s.radius + margin, s.length + 2.0 * margin);
  }
  throw std::logic_error("fcl_bridge: unknown shape type");
}

}  // namespace

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
