// SPDX-License-Identifier: MIT
#include "contact/contact_force.h"

#include <algorithm>

namespace contactlab {

double pair_elastic_energy(const ContactPairModel& pair, const PairState& state, const ContactInput& input) {
  if (!state.active || pair.law_info->potential == nullptr) return 0.0;
  return pair.law_info->potential(input, pair.parameters.values, state.law_state);
}

}  // namespace contactlab
