// SPDX-License-Identifier: MIT
#include "engine/stick_slip.h"

#include <algorithm>
#include <limits>

#include "engine/forward.h"
#include "engine/stick_force.h"

namespace contactlab {
namespace {

// A hold force this much beyond the static limit is round-off of a force at the limit, not a slip.
constexpr double kLimitRoundOff = 1e-9;

bool exact(const ContactElement& element) {
  return element.tangential_law != nullptr && element.tangential_law->stiction == Stiction::kExact;
}

Vec3 direction_of(const PairState& s) { return {s.slip_direction[0], s.slip_direction[1], s.slip_direction[2]}; }

void set_direction(PairState& s, const Vec3& direction) {
  for (int k = 0; k < 3; ++k) s.slip_direction[k] = direction[k];
}

}  // namespace

void StickSlip::begin(const ContactElement& element, PairState& s, const Vec3& slip) {
  if (!exact(element)) return;
  const double speed = slip.norm();
  s.sticking = !(speed >= kRoundOffSlipSpeed);
  set_direction(s, s.sticking ? Vec3::Zero() : Vec3(slip / speed));
}

const Data& StickSlip::evaluate_at(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                                   const Eigen::Ref<const Eigen::VectorXd>& v) {
  Data& data = spare_.get();
  evaluate(model_, t, q, v, state_.contacts, table_.active(), data, qdd_);
  return data;
}

double StickSlip::limit_ratio(const Data& data, std::size_t e) {
  const ContactElement& element = data.elements[e];
  const double limit = element.tangential_law->static_limit(data.friction_input[e], element.pair->friction_parameters.values);
  const double force = data.friction_force[e].norm();
  if (limit > 0.0) return force / limit;
  return force > 0.0 ? std::numeric_limits<double>::infinity() : 0.0;
}

bool StickSlip::exceeds_limit(const Data& data, std::size_t e) { return limit_ratio(data, e) > 1.0 + kLimitRoundOff; }

void StickSlip::slip_against(PairState& s, const Vec3& hold_force) {
  s.sticking = false;
  const double magnitude = hold_force.norm();
  set_direction(s, magnitude > 0.0 ? Vec3(-hold_force / magnitude) : Vec3::Zero());
}

void StickSlip::add_resting(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                            const Eigen::Ref<const Eigen::VectorXd>& v) {
  const Data& data = evaluate_at(t, q, v);
  const std::size_t triggered = trying_.size();  // indices, not iterators: the pushes below may reallocate
  auto among_triggers = [&](auto&& test) {
    for (std::size_t k = 0; k < triggered; ++k) {
      if (test(trying_[k])) return true;
    }
    return false;
  };
  for (int e : table_.active()) {
    const auto i = static_cast<std::size_t>(e);
    if (!exact(data.elements[i]) || state_.contacts[i].sticking) continue;
    if (!(data.frames[i].slip_velocity.norm() < kRoundOffSlipSpeed)) continue;
    if (among_triggers([&](int trigger) { return trigger == e; })) continue;
    if (among_triggers([&](int trigger) { return data.elements[static_cast<std::size_t>(trigger)].pair == data.elements[i].pair; })) {
      trying_.push_back(e);
    }
  }
}

void StickSlip::try_stick(std::span<const int> elements, double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                          const Eigen::Ref<const Eigen::VectorXd>& v) {
  if (elements.empty()) return;
  for (int e : elements) state_.contacts[static_cast<std::size_t>(e)].sticking = true;
  // Together, not one by one: a contact tried alone holds against the others' sliding forces (at a box's stop, the
  // first corner tried took on the other three's kinetic friction and slipped on for good, its slip round-off). Of
  // those whose hold force then exceeds its limit, the one furthest beyond slips and the rest are solved again.
  for (;;) {
    const Data& data = evaluate_at(t, q, v);
    int worst = -1;
    double worst_excess = 1.0 + kLimitRoundOff;
    for (int e : elements) {
      const auto i = static_cast<std::size_t>(e);
      if (!state_.contacts[i].sticking) continue;
      const double excess = limit_ratio(data, i);
      if (excess > worst_excess) {
        worst = e;
        worst_excess = excess;
      }
    }
    if (worst < 0) return;
    slip_against(state_.contacts[static_cast<std::size_t>(worst)], data.friction_force[static_cast<std::size_t>(worst)]);
  }
}

bool StickSlip::handle(double t, const FoundRoots& roots) {
  bool changed = false;
  trying_.clear();
  for (int e : table_.active()) {
    if (roots.stick(e) == 0) continue;
    const auto i = static_cast<std::size_t>(e);
    changed = true;  // a band's edge, or a stick or slip
    if (!exact(spare_.get().elements[i])) continue;
    PairState& s = state_.contacts[i];
    if (s.sticking) {
      const Data& data = evaluate_at(t, state_.q, state_.v);
      slip_against(s, data.friction_force[i]);
    } else {
      trying_.push_back(e);
    }
  }
  if (!trying_.empty()) add_resting(t, state_.q, state_.v);
  try_stick(trying_, t, state_.q, state_.v);
  return changed;
}

bool StickSlip::after_step(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                           const Eigen::Ref<const Eigen::VectorXd>& v) {
  const Data* data = nullptr;
  bool changed = false;
  trying_.clear();
  for (int e : table_.active()) {
    const auto i = static_cast<std::size_t>(e);
    if (!exact(spare_.get().elements[i])) continue;
    if (data == nullptr) data = &evaluate_at(t, q, v);
    PairState& s = state_.contacts[i];
    if (s.sticking) {
      if (!exceeds_limit(*data, i)) continue;
      slip_against(s, data->friction_force[i]);
      changed = true;
      data = nullptr;  // the states changed: evaluate again for the next element
      continue;
    }
    const Vec3& slip = data->frames[i].slip_velocity;
    const double along = slip.dot(direction_of(s));
    if (along > 0.0) {
      const double speed = slip.norm();
      if (speed >= kRoundOffSlipSpeed) set_direction(s, slip / speed);  // the same sign: no event lost or invented
      continue;
    }
    trying_.push_back(e);
  }
  if (trying_.empty()) return changed;
  add_resting(t, q, v);
  try_stick(trying_, t, q, v);
  return true;
}

}  // namespace contactlab
