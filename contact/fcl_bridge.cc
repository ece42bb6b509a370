// SPDX-License-Identifier: MIT
// FCL's dynamic AABB tree as the broadphase. The narrowphase does not use FCL: its signed distance is only
// approximate near contact (libccd's EPA/MPR to ~1e-6, normals ill-defined at touch) and wrong for halfspaces
// (docs/contact.md "FCL").
#include "contact/fcl_bridge.h"

#include <algorithm>

#include <fcl/broadphase/broadphase_dynamic_AABB_tree.h>
#include <fcl/fcl.h>

#include "contact/shape_traits.h"
#include "models/assert.h"

namespace contactlab {

namespace {

// FCL's primitive for a shape's broadphase bound (its row of the shape table, contact/shape_traits.h).
std::shared_ptr<fcl::CollisionGeometryd> make_geometry(const BroadphaseBound& b) {
  using Kind = BroadphaseBound::Kind;
  switch (b.kind) {
    case Kind::kHalfspace: return std::make_shared<fcl::Halfspaced>(Eigen::Vector3d::UnitZ(), b.offset);
    case Kind::kSphere: return std::make_shared<fcl::Sphered>(b.radius);
    case Kind::kCapsule: return std::make_shared<fcl::Capsuled>(b.radius, b.length);
    case Kind::kCylinder: return std::make_shared<fcl::Cylinderd>(b.radius, b.length);
    case Kind::kBox: return std::make_shared<fcl::Boxd>(2.0 * b.half_extents);
  }
  CONTACTLAB_ASSERT(false, "fcl_bridge: a broadphase bound of no FCL primitive");
  return nullptr;
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
    const BroadphaseBound bound = shape_traits(shapes[i].type).broadphase_bound(shapes[i], margin);
    if (bound.kind == BroadphaseBound::Kind::kHalfspace) impl_->halfspaces.push_back(static_cast<int>(i));
    auto object = std::make_unique<fcl::CollisionObjectd>(make_geometry(bound));
    CONTACTLAB_ASSERT(object->collisionGeometry() != nullptr, "fcl_bridge: FCL made no geometry for a shape");
    object->setUserData(reinterpret_cast<void*>(i));
    impl_->objects.push_back(std::move(object));
  }
}

FclBroadphase::~FclBroadphase() = default;

void FclBroadphase::candidates(const std::vector<Eigen::Isometry3d>& shape_poses, std::vector<std::pair<int, int>>& out) {
  CONTACTLAB_ASSERT(shape_poses.size() == impl_->objects.size(), "fcl_bridge: a pose for every shape of the broadphase");
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
