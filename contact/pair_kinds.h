// SPDX-License-Identifier: MIT
// The kinds of pair a scene's broadphase can make at run time, one compiled pair standing for each: what a law's
// parameters become per pair (a restitution, a yield strength from the materials) is known before the run only
// through such pairs, the contact settings holding placeholders in their place (engine/compile_contacts.cc).
#pragma once

#include <vector>

#include "contact/contact_model.h"

namespace contactlab {

// One pair for every kind of pair that `model.settings` may make at run time: two shapes alike in material, type,
// curvature and collision filter make pairs alike in law parameters, so one pair of each two kinds that may touch
// stands for them all (a chain of 10 000 beads of one material: one pair). A kind of pair the settings' law cannot
// describe (make_contact_pair refuses it) is left out: the run refuses it where such shapes meet. Empty without a
// broadphase or its law.
std::vector<ContactPairModel> broadphase_pair_kinds(const ContactModel& model);

}  // namespace contactlab
