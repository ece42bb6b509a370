// SPDX-License-Identifier: MIT
// One pair's normal force: assembles the law's input from geometry and per-contact state, dispatches to
// the law by index, and applies the pair's tension rule.
#pragma once

#include <algorithm>

#include "contact/contact_model.h"

namespace contactlab {

// Inline: the right-hand side calls both for every active pair, and built in place the input is read back by the
// law without a round trip through a copy on the stack.
inline ContactInput contact_input(const ContactPairModel& pair, const PairState& state, const PairGeometry& geometry,
                                  double time) {
  ContactInput in;
  in.indentation = -geometry.gap;
  in.normal_velocity = geometry.normal_velocity;
  // Through a new impact the contact's δ̇⁻ is the largest closing speed so far: continuous while it rises.
  in.impact_velocity = state.new_impact ? std::max(state.impact_velocity, geometry.normal_velocity) : state.impact_velocity;
  in.effective_mass = state.effective_mass;
  in.effective_radius = pair.effective_radius;
  in.effective_modulus = pair.effective_modulus;
  in.stiffness = pair.stiffness;
  in.exponent = pair.exponent;
  in.time_since_onset = time - state.onset_time;
  return in;
}

// Whether the pair's rules take the law's force F away: a clamped pair never pulls, and a resting contact pushes only
// while the shapes overlap, and never pulls.
inline bool pair_withholds(const ContactPairModel& pair, const PairState& state, const ContactInput& input, double force) {
  if (pair.tension == TensionRule::kClamp && force < 0.0) return true;
  return state.persistent && (input.indentation <= 0.0 || force < 0.0);
}

// Force of an active pair (0 when inactive).
inline ContactForce pair_force(const ContactPairModel& pair, const PairState& state, const ContactInput& input) {
  if (!state.active) return {};
  const ContactForce out = pair.law_info->force(input, pair.parameters.values, state.law_state);
  return pair_withholds(pair, state, input, out.force) ? ContactForce{} : out;
}

// F alone of a pair the caller knows is active, as pair_force(...).force: what the right-hand side asks for, by the
// law's force_value where it has one (no partials evaluated).
inline double active_pair_force_value(const ContactPairModel& pair, const PairState& state, const ContactInput& input) {
  const double force = force_of(*pair.law_info, input, pair.parameters.values, state.law_state);
  return pair_withholds(pair, state, input, force) ? 0.0 : force;
}

// The same of any pair: 0 when inactive.
inline double pair_force_value(const ContactPairModel& pair, const PairState& state, const ContactInput& input) {
  return state.active ? active_pair_force_value(pair, state, input) : 0.0;
}

// Elastic energy the law declares stored at this instant (0 when inactive or undeclared) [J]. Inline: a run's energy
// check asks it of every active contact at every step.
inline double pair_elastic_energy(const ContactPairModel& pair, const PairState& state, const ContactInput& input) {
  if (!state.active || pair.law_info->potential == nullptr) return 0.0;
  return pair.law_info->potential(input, pair.parameters.values, state.law_state);
}

}  // namespace contactlab
