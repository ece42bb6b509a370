// SPDX-License-Identifier: MIT
#include "contact/contact_force.h"

#include <algorithm>

namespace contactlab {

ContactInput contact_input(const ContactPairModel& pair, const PairState& state, const PairGeometry& geometry,
                           double time) {
  ContactInput in;
  in.indentation = -geometry.gap;
  in.normal_velocity = geometry.normal_velocity;
  in.impact_velocity = state.impact_velocity;
  in.effective_mass = state.effective_mass;
  in.effective_radius = pair.effective_radius;
  in.effective_modulus = pair.effective_modulus;
  in.stiffness = pair.stiffness;
  in.exponent = pair.exponent;
  in.time_since_onset = time - state.onset_time;
  return in;
}

ContactForce pair_force(const ContactPairModel& pair, const PairState& state, const ContactInput& input) {
  if (!state.active) return {};
  ContactForce out = pair.law_info->force(input, pair.parameters.values, state.law_state);
  if (pair.tension == TensionRule::kClamp && out.force < 0.0) out = {};
  return out;
}

double pair_elastic_energy(const ContactPairModel& pair, const PairState& state, const ContactInput& input) {
  if (!state.active || pair.law_info->potential == nullptr) return 0.0;
  return pair.law_info->potential(input, pair.parameters.values, state.law_state);
}

}  // namespace contactlab
