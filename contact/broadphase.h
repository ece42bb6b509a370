// SPDX-License-Identifier: MIT
// Broadphase by sort and sweep: the shape pairs whose bounds, grown by the margin, overlap.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Geometry>

#include "contact/contact_model.h"
#include "contact/shape_traits.h"

namespace contactlab {

// An axis-aligned box in world coordinates [m].
struct WorldBox {
  Eigen::Vector3d lower = Eigen::Vector3d::Zero();
  Eigen::Vector3d upper = Eigen::Vector3d::Zero();
};

// The smallest world box holding a bounded (not halfspace) bound at the pose X_WS of its shape, in closed form.
WorldBox world_box(const BroadphaseBound& bound, const Eigen::Isometry3d& X_WS);

// Every shape is bounded by its row of the shape table grown by the margin (a sphere of radius r + margin, …), so
// the candidates are every pair that can touch before any shape has moved by half the margin. The boxes of those
// bounds are sorted along the axis on which their centres spread most and swept once: O(n) per call while the
// order changes little between calls (insertion sort on the last order), O(n log n) otherwise. Halfspaces are
// tested against every box in closed form.
class Broadphase {
 public:
  Broadphase(const std::vector<Shape>& shapes, double margin);

  // Shape pairs (unordered, a < b by index, sorted) whose grown bounds overlap at these world poses (X_WS per
  // shape). A shape whose pose is not finite pairs with nothing (the run's step checks report it).
  void candidates(const std::vector<Eigen::Isometry3d>& shape_poses, std::vector<std::pair<int, int>>& out);

 private:
  std::vector<BroadphaseBound> bounds_;  // one per shape
  std::vector<int> halfspaces_;
  std::vector<WorldBox> boxes_;          // one per shape, at the last call's poses (halfspaces: unused)
  std::vector<double> keys_;             // per shape: its box's lower end on axis_, infinite when not finite
  std::vector<int> order_;               // the bounded shapes with finite boxes, by their boxes' lower end on axis_
  int axis_ = -1;                        // the sweep's axis at the last call; -1 before the first
};

}  // namespace contactlab
