// SPDX-License-Identifier: MIT
// Purely elastic laws: no dissipation, c_out = 1.
#include <algorithm>
#include <cmath>

#include "models/indentation_power.h"
#include "models/laws.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

// Hooke: F = k δ — Corral et al. review (S001) Eq (5.1).
ContactForce hooke_force(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return {};
  return {in.stiffness * in.indentation, in.stiffness, 0.0};
}

double hooke_potential(const ContactInput& in, const double*, const double*) {
  const double d = std::max(in.indentation, 0.0);
  return 0.5 * in.stiffness * d * d;
}

// Hertz: F = K δ^n — Alves et al. (S000) Eq (2); S001 Eq (5.2); Poursina–Nikravesh (S002) Eq (6).
ContactForce hertz_force(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return {};
  const double elastic_stiffness = in.stiffness * indentation_power(in.indentation, in.exponent - 1.0);  // K δ^{n−1}
  return {elastic_stiffness * in.indentation, in.exponent * elastic_stiffness, 0.0};
}

double hertz_potential(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return 0.0;
  return in.stiffness * indentation_power(in.indentation, in.exponent + 1.0) / (in.exponent + 1.0);
}

}  // namespace

void append_elastic_laws(std::vector<LawInfo>& laws) {
  LawInfo hooke;
  hooke.id = "hooke";
  hooke.family = "elastic";
  hooke.formula = "F = k δ";
  hooke.source = "Corral et al. review (S001) Eq (5.1)";
  hooke.requires_linear_stiffness = true;
  hooke.peak_at_max_indentation = true;
  set_force<hooke_force>(hooke);
  hooke.potential = hooke_potential;
  laws.push_back(hooke);

  LawInfo hertz;
  hertz.id = "hertz";
  hertz.family = "elastic";
  hertz.formula = "F = K δ^n";
  hertz.source = "Alves et al. (S000) Eq (2); Corral et al. (S001) Eq (5.2); Poursina–Nikravesh (S002) Eq (6)";
  hertz.peak_at_max_indentation = true;
  set_force<hertz_force>(hertz);
  hertz.potential = hertz_potential;
  laws.push_back(hertz);
}

}  // namespace contactlab
