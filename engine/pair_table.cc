// SPDX-License-Identifier: MIT
#include "engine/pair_table.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "contact/narrowphase.h"
#include "engine/kinematics.h"
#include "engine/tunnelling.h"
#include "models/assert.h"

namespace contactlab {

PairTable::PairTable(const Model& model, const SimulationOptions& options)
    : model_(model),
      overlap_tolerance_(options.overlap_tolerance),
      max_indentation_ratio_(options.max_indentation_ratio) {
  slider_coordinate_ = Eigen::ArrayXd::Zero(model.nq);
  for (int i : model.sliders.q_index) slider_coordinate_[i] = 1.0;
  if (!model.contact.broadphase) return;
  body_reach_.assign(model.bodies.size(), -1.0);
  for (const Shape& shape : model.contact.shapes) {
    double& reach = body_reach_[static_cast<std::size_t>(shape.body)];
    reach = std::max(reach, shape.pose.translation().norm() + shape_extent(shape));
  }
}

void PairTable::bind(const State& state, const Data& data) {
  const std::size_t n = data.elements.size();
  sizes_.resize(n);
  validity_depths_.resize(n);
  depths_.resize(n);
  for (std::size_t e = 0; e < n; ++e) {
    const ContactPairModel& pair = *data.elements[e].pair;
    sizes_[e] = std::min(shape_size(model_.contact.shapes[static_cast<std::size_t>(pair.shape_a)]),
                         shape_size(model_.contact.shapes[static_cast<std::size_t>(pair.shape_b)]));
    const double radius = std::abs(pair.effective_radius);
    const bool curved = std::isfinite(radius) && radius > 0.0;
    validity_depths_[e] = max_indentation_ratio_ * (curved ? radius : sizes_[e]);
    depths_[e] = element_depth_allowance(model_, pair, validity_depths_[e]);
  }
  unpaired_halfspaces_.clear();
  const std::vector<Shape>& shapes = model_.contact.shapes;
  const bool halfspaces =
      std::any_of(shapes.begin(), shapes.end(), [](const Shape& shape) { return shape.type == ShapeType::kHalfspace; });
  std::vector<PairKey> keys;  // the table's pairs, searched for each halfspace's
  if (halfspaces) {
    keys.reserve(n);
    for (const ContactElement& element : data.elements) keys.push_back({element.pair->shape_a, element.pair->shape_b});
    std::sort(keys.begin(), keys.end());
  }
  for (std::size_t h = 0; halfspaces && h < shapes.size(); ++h) {
    if (shapes[h].type != ShapeType::kHalfspace) continue;
    for (std::size_t s = 0; s < shapes.size(); ++s) {
      const int a = static_cast<int>(h), b = static_cast<int>(s);
      if (s == h || !shapes_may_collide(model_.contact, a, b)) continue;
      if (!std::binary_search(keys.begin(), keys.end(), pair_key(model_.contact, a, b))) unpaired_halfspaces_.emplace_back(a, b);
    }
  }
  is_active_.assign(n, 0);
  offset_elements_.clear();
  for (std::size_t e = 0; e < n; ++e) {
    const PairState& s = state.contacts[e];
    is_active_[e] = s.active ? 1 : 0;
    if (!s.active && s.gap_offset < 0.0) offset_elements_.push_back(static_cast<int>(e));
  }
  active_.clear();
  inactive_.clear();
  ++active_version_;
  for (int e = 0; e < size(); ++e) (is_active_[static_cast<std::size_t>(e)] != 0 ? active_ : inactive_).push_back(e);
  count_impacting(state);
}

// e moves from one ascending list to the other (a search and a shift, not a pass over the whole table at every event
// of a long chain).
void PairTable::set_active(int e, bool active, const State& state) {
  const auto i = static_cast<std::size_t>(e);
  if ((is_active_[i] != 0) != active) {
    is_active_[i] = active ? 1 : 0;
    std::vector<int>& from = active ? inactive_ : active_;
    std::vector<int>& to = active ? active_ : inactive_;
    from.erase(std::lower_bound(from.begin(), from.end(), e));
    to.insert(std::lower_bound(to.begin(), to.end(), e), e);
    ++active_version_;
  }
  count_impacting(state);
}

void PairTable::count_impacting(const State& state) {
  impacting_ = 0;
  for (int e : active_) {
    if (!state.contacts[static_cast<std::size_t>(e)].persistent) ++impacting_;
  }
}

bool PairTable::holds_offset(int e) const {
  return std::find(offset_elements_.begin(), offset_elements_.end(), e) != offset_elements_.end();
}

// A body's shapes move at most |Δp| + ‖ΔR‖_F · reach.
bool PairTable::refresh_due(const double* q, const Data& data) const {
  if (!model_.contact.broadphase) return false;
  const double limit = 0.5 * model_.contact.margin;
  // Unit axes: a slider's coordinate is its displacement. Over every coordinate, masked, so that it vectorises.
  if (!model_.sliders.q_index.empty() &&
      ((Eigen::Map<const Eigen::VectorXd>(q, model_.nq) - reference_q_).array().abs() * slider_coordinate_).maxCoeff() >
          limit) {
    return true;
  }
  for (int b : model_.tree_bodies) {
    const auto i = static_cast<std::size_t>(b);
    if (!(body_reach_[i] >= 0.0)) continue;  // no shapes
    const Pose& now = data.motion[i].pose;
    const Pose& then = reference_poses_[i];
    const double moved = (now.translation() - then.translation()).norm();
    const double turned = (now.linear() - then.linear()).norm() * body_reach_[i];
    if (moved + turned > limit) return true;
  }
  return false;
}

bool PairTable::refresh(State& state, Data& data, bool initial) {
  CONTACTLAB_ASSERT(data.broadphase != nullptr, "pair_table: a refresh needs the model's broadphase");
  forward_kinematics(model_, state.q, state.v, data);
  update_shape_poses(model_, data);
  reference_q_ = state.q;
  // The tree bodies' poses (refresh_due reads no other: a slider's is its coordinate, a 10 000-bead chain's beads).
  reference_poses_.resize(data.motion.size());
  for (int b : model_.tree_bodies) reference_poses_[static_cast<std::size_t>(b)] = data.motion[static_cast<std::size_t>(b)].pose;
  std::vector<std::pair<int, int>> candidates;
  data.broadphase->candidates(data.shape_poses, candidates);
  // Each pair of the current table and its first element (contact point 0), by key: a sorted vector, searched
  // (a std::map would allocate a node per pair: 10 000 of them at a 10 000-bead chain's start).
  std::vector<std::pair<PairKey, std::size_t>> current;
  current.reserve(data.elements.size());
  for (std::size_t e = 0; e < data.elements.size(); ++e) {
    const ContactElement& element = data.elements[e];
    if (element.point == 0) current.push_back({{element.pair->shape_a, element.pair->shape_b}, e});
  }
  std::sort(current.begin(), current.end());
  // A key listed twice gives its last element, as assigning each in turn would.
  auto find = [&current](const PairKey& key) -> const std::size_t* {
    const auto after = std::upper_bound(current.begin(), current.end(), key,
                                        [](const PairKey& k, const auto& entry) { return k < entry.first; });
    return after != current.begin() && std::prev(after)->first == key ? &std::prev(after)->second : nullptr;
  };
  // An element with an open impact record is an active one, so the dynamic pairs kept are those with an active
  // element or law history.
  std::vector<PairKey> next;
  next.reserve(candidates.size() + (data.elements.size() - data.compiled_entries));
  for (std::size_t e = data.compiled_entries; e < data.elements.size(); ++e) {
    const PairState& s = state.contacts[e];
    const bool history = std::any_of(s.law_state, s.law_state + kMaxLawState, [](double x) { return x != 0.0; });
    if (s.active || history) next.push_back({data.elements[e].pair->shape_a, data.elements[e].pair->shape_b});
  }
  for (const auto& [a, b] : candidates) {
    if (!shapes_may_collide(model_.contact, a, b)) continue;
    const PairKey key = pair_key(model_.contact, a, b);
    const std::size_t* found = find(key);
    if (found != nullptr && *found < data.compiled_entries) continue;  // a compiled pair
    next.push_back(key);
  }
  std::sort(next.begin(), next.end());
  next.erase(std::unique(next.begin(), next.end()), next.end());
  if (!initial && next == state.dynamic_pairs) return false;

  // Carry the per-element state of the pairs that stay.
  const std::size_t fixed = data.compiled_entries;
  carried_from_.resize(fixed);
  for (std::size_t e = 0; e < fixed; ++e) carried_from_[e] = static_cast<int>(e);
  for (const PairKey& key : next) {
    const std::size_t* found = find(key);
    const bool kept = found != nullptr;
    const int points = contact_point_count(model_.contact.shapes[static_cast<std::size_t>(key.shape_a)].type,
                                           model_.contact.shapes[static_cast<std::size_t>(key.shape_b)].type);
    for (int k = 0; k < points; ++k) carried_from_.push_back(kept ? static_cast<int>(*found) + k : -1);
  }
  std::vector<PairState> contacts;
  std::vector<double> work;
  contacts.reserve(carried_from_.size());
  work.reserve(carried_from_.size());
  double carried_work = 0.0;
  for (int from : carried_from_) {
    contacts.push_back(from >= 0 ? state.contacts[static_cast<std::size_t>(from)] : PairState{});
    work.push_back(from >= 0 ? state.absorbed_work[from] : 0.0);
    carried_work += work.back();
  }
  // A pair that leaves the table takes its dissipated work out of the per-pair ledger, not out of the run's.
  state.retired_work += state.absorbed_work.sum() - carried_work;
  state.dynamic_pairs = std::move(next);
  state.contacts = std::move(contacts);
  state.absorbed_work = Eigen::Map<const Eigen::VectorXd>(work.data(), static_cast<Eigen::Index>(work.size()));
  bind_pairs(model_, state, data);
  return true;
}

}  // namespace contactlab
