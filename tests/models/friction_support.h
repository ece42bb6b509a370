// SPDX-License-Identifier: MIT
// Test support for the friction laws: inputs along a direction, compiled parameters by name, and the force's
// component along the slip.
#pragma once

#include <cmath>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "models/friction_registry.h"

namespace contactlab::test {

// Slip at speed `speed` along the unit direction (c, s, 0) in the plane z = 0 (normal +z), normal force N.
inline FrictionInput slip_input(double speed, double normal_force, double angle = 0.0) {
  FrictionInput in;
  in.slip_velocity[0] = speed * std::cos(angle);
  in.slip_velocity[1] = speed * std::sin(angle);
  in.slip_speed = std::abs(speed);
  in.normal_force = normal_force;
  return in;
}

struct FrictionLaw {
  const FrictionLawInfo* info;
  LawParameters parameters;

  FrictionForce force(const FrictionInput& in, const double* state = nullptr) const {
    static const double zeros[kMaxLawState] = {};
    return info->force(in, parameters.values, state ? state : zeros);
  }
  // The force's component along the slip direction (negative: it opposes the slip), for a slip along x.
  double along_x(double speed, double normal_force, const double* state = nullptr) const {
    return force(slip_input(speed, normal_force), state).force[0];
  }
};

inline FrictionLaw friction_law(std::string_view id, std::initializer_list<NamedValue> values) {
  const FrictionLawIndex index = find_friction_law(id);
  const FrictionLawInfo& info = friction_law_info(index);
  const std::vector<NamedValue> list(values);
  return {&info, compile_parameters(parameter_table(info), list)};
}

}  // namespace contactlab::test
