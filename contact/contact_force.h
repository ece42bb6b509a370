// SPDX-License-Identifier: MIT
// One pair's normal force: assembles the law's input from geometry and per-contact state, dispatches to
// the law by index, and applies the pair's tension rule.
#pragma once

#include "contact/contact_model.h"

namespace contactlab {

ContactInput contact_input(const ContactPairModel& pair, const PairState& state, const PairGeometry& geometry,
                           double time);

// Force of an active pair (0 when inactive).
ContactForce pair_force(const ContactPairModel& pair, const PairState& state, const ContactInput& input);

// Elastic energy the law declares stored at this instant (0 when inactive or undeclared) [J].
double pair_elastic_energy(const ContactPairModel& pair, const PairState& state, const ContactInput& input);

}  // namespace contactlab
