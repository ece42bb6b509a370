// SPDX-License-Identifier: MIT
#include "contact/broadphase.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "models/assert.h"

namespace contactlab {

namespace {

bool is_finite(const WorldBox& box) { return box.lower.allFinite() && box.upper.allFinite(); }

// Sorts `order` by `key` assuming it is nearly sorted already (the last call's order, the shapes having moved a
// little): insertion sort, given up after `budget` moves (the order is then still a permutation).
template <typename Key>
bool insertion_sort(std::vector<int>& order, const Key& key, std::size_t budget) {
  std::size_t moves = 0;
  for (std::size_t i = 1; i < order.size(); ++i) {
    const int shape = order[i];
    const double k = key(shape);
    std::size_t j = i;
    for (; j > 0 && key(order[j - 1]) > k; --j) {
      order[j] = order[j - 1];
      if (++moves > budget) {
        order[j - 1] = shape;
        return false;
      }
    }
    order[j] = shape;
  }
  return true;
}

}  // namespace

WorldBox world_box(const BroadphaseBound& bound, const Eigen::Isometry3d& X_WS) {
  using Kind = BroadphaseBound::Kind;
  const Eigen::Vector3d centre = X_WS.translation();
  const Eigen::Matrix3d& R = X_WS.linear();
  const Eigen::Vector3d axis = R.col(2);  // a capsule's or cylinder's axis
  Eigen::Vector3d half = Eigen::Vector3d::Zero();
  switch (bound.kind) {
    case Kind::kSphere: half.setConstant(bound.radius); break;
    case Kind::kCapsule: half = axis.cwiseAbs() * (0.5 * bound.length) + Eigen::Vector3d::Constant(bound.radius); break;
    case Kind::kCylinder:
      // The end discs' reach along world axis k: r √(1 − a_k²); the axis segment's: |a_k| l / 2.
      for (int k = 0; k < 3; ++k) {
        half[k] = std::abs(axis[k]) * 0.5 * bound.length + bound.radius * std::sqrt(std::max(0.0, 1.0 - axis[k] * axis[k]));
      }
      break;
    case Kind::kBox: half = R.cwiseAbs() * bound.half_extents; break;
    case Kind::kHalfspace: CONTACTLAB_ASSERT(false, "broadphase: a halfspace has no bounded box"); break;
  }
  return {centre - half, centre + half};
}

Broadphase::Broadphase(const std::vector<Shape>& shapes, double margin) {
  bounds_.reserve(shapes.size());
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    bounds_.push_back(shape_traits(shapes[i].type).broadphase_bound(shapes[i], margin));
    if (bounds_.back().kind == BroadphaseBound::Kind::kHalfspace) {
      halfspaces_.push_back(static_cast<int>(i));
    } else {
      order_.push_back(static_cast<int>(i));
    }
  }
  boxes_.resize(shapes.size());
  keys_.resize(shapes.size());
}

void Broadphase::candidates(const std::vector<Eigen::Isometry3d>& shape_poses, std::vector<std::pair<int, int>>& out) {
  CONTACTLAB_ASSERT(shape_poses.size() == bounds_.size(), "broadphase: a pose for every shape");
  out.clear();
  // The boxes, and the axis along which their centres spread most (kept unless another spreads twice as much, so
  // that a scene near the tie does not re-sort from scratch at every call).
  Eigen::Vector3d sum = Eigen::Vector3d::Zero(), sum_of_squares = Eigen::Vector3d::Zero();
  std::size_t finite = 0;
  for (int i : order_) {
    WorldBox& box = boxes_[static_cast<std::size_t>(i)];
    box = world_box(bounds_[static_cast<std::size_t>(i)], shape_poses[static_cast<std::size_t>(i)]);
    // A shape whose box is not finite sorts last and is never swept; the others' keys are set below.
    const bool bounded = is_finite(box);
    keys_[static_cast<std::size_t>(i)] = bounded ? 0.0 : std::numeric_limits<double>::infinity();
    if (!bounded) continue;
    const Eigen::Vector3d centre = 0.5 * (box.lower + box.upper);
    sum += centre;
    sum_of_squares += centre.cwiseProduct(centre);
    ++finite;
  }
  if (finite > 0) {
    const Eigen::Vector3d spread = sum_of_squares - sum.cwiseProduct(sum) / static_cast<double>(finite);
    int widest = 0;
    spread.maxCoeff(&widest);
    const bool resort = axis_ < 0 || spread[widest] > 2.0 * spread[axis_];
    if (resort) axis_ = widest;
    const int axis = axis_;
    for (int i : order_) {
      double& key = keys_[static_cast<std::size_t>(i)];
      if (std::isfinite(key)) key = boxes_[static_cast<std::size_t>(i)].lower[axis];
    }
    const auto key = [&](int i) { return keys_[static_cast<std::size_t>(i)]; };
    if (resort || !insertion_sort(order_, key, 4 * order_.size() + 16)) {
      std::sort(order_.begin(), order_.end(), [&](int a, int b) { return key(a) < key(b); });
    }
    // Sweep: every box after this one in the order whose lower end is within this one's extent on the axis, then
    // the other two axes. Closed intervals: boxes that just touch are candidates.
    const int other_1 = (axis + 1) % 3, other_2 = (axis + 2) % 3;
    for (std::size_t a = 0; a < finite; ++a) {
      const int i = order_[a];
      const WorldBox& box_i = boxes_[static_cast<std::size_t>(i)];
      for (std::size_t b = a + 1; b < finite; ++b) {
        const int j = order_[b];
        const WorldBox& box_j = boxes_[static_cast<std::size_t>(j)];
        if (box_j.lower[axis] > box_i.upper[axis]) break;
        if (box_j.lower[other_1] > box_i.upper[other_1] || box_i.lower[other_1] > box_j.upper[other_1]) continue;
        if (box_j.lower[other_2] > box_i.upper[other_2] || box_i.lower[other_2] > box_j.upper[other_2]) continue;
        out.emplace_back(std::min(i, j), std::max(i, j));
      }
    }
  }
  // A halfspace (the region n·x ≤ n·o, its boundary moved out by the margin) against each box: the box's lowest
  // corner along n.
  for (int h : halfspaces_) {
    const Eigen::Isometry3d& plane = shape_poses[static_cast<std::size_t>(h)];
    const Eigen::Vector3d n = plane.linear().col(2);
    const double level = n.dot(plane.translation()) + bounds_[static_cast<std::size_t>(h)].offset;
    if (!std::isfinite(level)) continue;
    for (std::size_t a = 0; a < finite; ++a) {
      const int i = order_[a];
      const WorldBox& box = boxes_[static_cast<std::size_t>(i)];
      double lowest = 0.0;
      for (int k = 0; k < 3; ++k) lowest += n[k] * (n[k] >= 0.0 ? box.lower[k] : box.upper[k]);
      if (lowest <= level) out.emplace_back(std::min(h, i), std::max(h, i));
    }
  }
  std::sort(out.begin(), out.end());  // the sweep's order is the boxes'; the list's is the shapes'
}

}  // namespace contactlab
