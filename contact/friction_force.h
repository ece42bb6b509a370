// SPDX-License-Identifier: MIT
// One contact point's friction force: assembles the friction law's input from the contact's normal, slip velocity
// and normal force, and dispatches to the pair's law (models/friction_law.h), as contact_force.h does for the normal
// force. Conventions (docs/contact.md, "Friction"): the slip velocity is B's contact point's velocity relative to
// A's, in the contact plane; the force returned acts on B (A takes its opposite).
#pragma once

#include <Eigen/Core>

#include "contact/contact_model.h"

namespace contactlab {

// The law's input. The normal force N the law scales with is the normal law's force, never negative: a contact
// that pulls (a law with tension allowed) presses nothing and so rubs nothing.
inline FrictionInput friction_input(const Eigen::Vector3d& normal, const Eigen::Vector3d& slip_velocity,
                                    double normal_force) {
  FrictionInput in;
  for (int k = 0; k < 3; ++k) {
    in.slip_velocity[k] = slip_velocity[k];
    in.normal[k] = normal[k];
  }
  in.slip_speed = slip_velocity.norm();
  in.normal_force = normal_force > 0.0 ? normal_force : 0.0;
  return in;
}

// The friction force on B of an active contact of a pair with a friction law [N].
inline Eigen::Vector3d pair_friction_force(const ContactPairModel& pair, const PairState& state,
                                           const FrictionInput& input) {
  const FrictionForce out = pair.friction_law->force(input, pair.friction_parameters.values, state.friction_state);
  return {out.force[0], out.force[1], out.force[2]};
}

}  // namespace contactlab
