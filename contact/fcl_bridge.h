// SPDX-License-Identifier: MIT
// The only place that includes FCL: the broadphase.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include <Eigen/Geometry>

#include "contact/contact_model.h"

namespace contactlab {

// Once FCL's narrowphase geometry; no pair needs it now (every pair has a kernel of its own,
// contact/narrowphase.h). The engine's data still holds one and hands it to the narrowphase, which ignores it.
class FclShapes {
 public:
  explicit FclShapes(const std::vector<Shape>&) {}
};

// Broadphase through FCL's dynamic AABB tree manager: every shape is registered as a copy inflated by the
// margin (a sphere of radius r + margin, …), so the manager reports the pairs whose inflated bounds overlap —
// every pair that can touch before any shape has moved by half the margin. Halfspaces are tested against the
// grown boxes in closed form (FCL's tree cannot hold their infinite box).
class FclBroadphase {
 public:
  FclBroadphase(const std::vector<Shape>& shapes, double margin);
  ~FclBroadphase();
  FclBroadphase(const FclBroadphase&) = delete;
  FclBroadphase& operator=(const FclBroadphase&) = delete;

  // Shape pairs (unordered, a < b by index) whose inflated shapes overlap at these world poses (X_WS per shape).
  void candidates(const std::vector<Eigen::Isometry3d>& shape_poses, std::vector<std::pair<int, int>>& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace contactlab
