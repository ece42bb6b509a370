// SPDX-License-Identifier: MIT
// The only place that includes FCL. Holds FCL's geometry for every shape of a contact model and answers
// narrowphase queries for the pairs without a closed form.
#pragma once

#include <memory>
#include <vector>

#include <Eigen/Geometry>

#include "contact/contact_model.h"

namespace contactlab {

class FclShapes {
 public:
  explicit FclShapes(const std::vector<Shape>& shapes);
  ~FclShapes();
  FclShapes(const FclShapes&) = delete;
  FclShapes& operator=(const FclShapes&) = delete;

  // Signed gap, normal (A to B) and witness points through FCL: penetration depth from fcl::collide when
  // the shapes overlap, distance from fcl::distance (GJK solver GST_INDEP) when they do not.
  void pair_geometry(int shape_a, const Eigen::Isometry3d& X_WA, int shape_b, const Eigen::Isometry3d& X_WB,
                     PairGeometry& out) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
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
