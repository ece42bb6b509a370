// SPDX-License-Identifier: MIT
// Typical values of a law's required parameters, for the benchmarks that time a law by itself and the tests that
// evaluate every law of a registry: a restitution 0.8, friction coefficients 0.3 (μ_s 0.4), the velocities and
// lengths of a steel contact (v_r 0.1 mm/s, Stribeck 1 mm/s, bristles 1e5 /m breaking away at 1 µm), else the middle
// of a bounded range, twice a positive minimum, or 1 — a value inside every parameter's range.
#pragma once

#include <cmath>
#include <string_view>
#include <utility>
#include <vector>

#include "models/force_law.h"
#include "models/law_parameters.h"

namespace contactlab::bench {

inline double typical_value(const LawParameter& p) {
  if (p.name.find("restitution") != std::string_view::npos) return 0.8;
  if (p.role == ParameterRole::kKineticFriction) return 0.3;
  if (p.role == ParameterRole::kStaticFriction) return 0.4;
  const std::pair<std::string_view, double> physical[] = {
      {"regularisation_velocity", 1e-4}, {"stribeck_velocity", 1e-3}, {"dead_velocity", 1e-5},
      {"full_velocity", 1e-4},           {"bristle_stiffness", 1e5},  {"breakaway_displacement", 1e-6}};
  for (const auto& [name, value] : physical) {
    if (p.name == name) return value;
  }
  if (std::isfinite(p.max) && p.max > p.min) return 0.5 * (p.min + p.max);
  if (p.min > 0.0) return 2.0 * p.min;
  return 1.0;
}

// The law's required parameters at their typical values (a LawInfo or a FrictionLawInfo).
template <class Law>
std::vector<NamedValue> typical_required_values(const Law& law) {
  std::vector<NamedValue> values;
  for (const LawParameter& p : law.parameters) {
    if (p.required) values.push_back({p.name, typical_value(p)});
  }
  return values;
}

// The input of a steel-like Hertz contact (R* 1 cm, E* 110 GPa, K from them) of 0.1 kg closing at 1 m/s at onset;
// a law that needs a linear stiffness gets k = 1e8 N/m with n = 1, as a scene gives it. Indentation, rate and time
// since onset are the caller's.
inline ContactInput typical_contact_input(const LawInfo& law) {
  ContactInput in;
  in.impact_velocity = 1.0;
  in.effective_mass = 0.1;
  in.effective_radius = 0.01;
  in.effective_modulus = 1.1e11;
  in.exponent = law.requires_linear_stiffness ? 1.0 : 1.5;
  in.stiffness = law.requires_linear_stiffness ? 1e8 : 4.0 / 3.0 * in.effective_modulus * std::sqrt(in.effective_radius);
  return in;
}

}  // namespace contactlab::bench
