// SPDX-License-Identifier: MIT
// The run's pair table as the run sees it: which contact elements are active (in contact) and which not, which hold
// a gap offset, and what each element's shapes allow — the touch tolerance, the depth where its law holds, how deep
// a step may end in it; and, with a broadphase, the refresh that makes the table follow the candidate pairs
// (docs/contact.md, "Broadphase"), carrying each element's state with its pair.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/simulate.h"
#include "engine/state.h"

namespace contactlab {

class PairTable {
 public:
  PairTable(const Model& model, const SimulationOptions& options);

  // After data's elements were bound to the state's table (bind_pairs): each element's sizes, the lists from the
  // states, the halfspaces without an element.
  void bind(const State& state, const Data& data);

  int size() const { return static_cast<int>(is_active_.size()); }

  // The active elements, ascending; the others; and how many of the active ones impact (are not resting).
  std::span<const int> active() const { return active_; }
  std::span<const int> inactive() const { return inactive_; }
  bool is_active(int e) const { return is_active_[static_cast<std::size_t>(e)] != 0; }
  // Changes whenever active() does (bind, set_active): equal versions, equal lists.
  std::uint64_t active_version() const { return active_version_; }
  int impacting() const { return impacting_; }
  // Element e became active or inactive (the states say which of the active ones rest).
  void set_active(int e, bool active, const State& state);

  // Inactive elements that may hold a gap offset (PairState::gap_offset < 0), which their onset function subtracts.
  std::span<const int> offset_elements() const { return offset_elements_; }
  void hold_offset(int e) { offset_elements_.push_back(e); }
  bool holds_offset(int e) const;
  // Drops the listed elements for which `forget(e)` says so.
  template <typename Forget>
  void forget_offsets(Forget&& forget) {
    std::erase_if(offset_elements_, forget);
  }

  // The smaller of the element's two shapes' sizes (shape_size: a radius, a box's smallest half extent; a halfspace
  // or a hole: infinite) [m].
  double smaller_shape_size(int e) const { return sizes_[static_cast<std::size_t>(e)]; }
  // Round-off allowance of touching: SimulationOptions::overlap_tolerance of the smaller shape's size [m].
  double touch_tolerance(int e) const { return overlap_tolerance_ * smaller_shape_size(e); }
  // The deepest indentation where the element's law holds: max_indentation_ratio of |R*| (Hertz theory, δ ≪ R*;
  // models.md §2.7), or of the smaller shape's size for a flat point (R* infinite: a corner on a face) [m].
  double validity_depth(int e) const { return validity_depths_[static_cast<std::size_t>(e)]; }
  // How deep a step may end in each element (element_depth_allowance, engine/tunnelling.h) [m].
  std::span<const double> depth_allowances() const { return depths_; }
  // Shapes that may collide with a halfspace but have no element against it in the table (an explicit pair list
  // without it, or a broadphase candidate not yet found): (halfspace, shape).
  std::span<const std::pair<int, int>> unpaired_halfspaces() const { return unpaired_halfspaces_; }

  // Whether some shape may have moved by more than half the broadphase margin since the last refresh (data's tree
  // kinematics at q): only then can a pair outside the candidate list have come within reach.
  bool refresh_due(const double* q, const Data& data) const;
  // Makes the table the model's pairs, the dynamic pairs still in contact or holding law history, and the
  // broadphase's candidates at the state: the state's table, contacts and ledger and data's elements follow. True
  // when the table was made anew (always when `initial`); carried_from() then gives, per new element, the old
  // element it continues (−1: a new one).
  bool refresh(State& state, Data& data, bool initial);
  std::span<const int> carried_from() const { return carried_from_; }

 private:
  void count_impacting(const State& state);

  const Model& model_;
  double overlap_tolerance_;
  double max_indentation_ratio_;
  std::vector<char> is_active_;
  std::vector<int> active_;
  std::uint64_t active_version_ = 0;
  std::vector<int> inactive_;
  int impacting_ = 0;
  std::vector<int> offset_elements_;
  std::vector<double> sizes_;
  std::vector<double> validity_depths_;
  std::vector<double> depths_;
  std::vector<std::pair<int, int>> unpaired_halfspaces_;
  // The broadphase's refresh.
  std::vector<double> body_reach_;                   // farthest point of a body's shapes from its origin [m]
  std::vector<Eigen::Isometry3d> reference_poses_;  // the tree bodies' poses at the last refresh
  Eigen::VectorXd reference_q_;                      // and coordinates
  Eigen::ArrayXd slider_coordinate_;                 // 1 at the sliders' coordinates, 0 at the others
  std::vector<int> carried_from_;
};

}  // namespace contactlab
