// SPDX-License-Identifier: MIT
// Linear spring–dashpot laws (Kelvin–Voigt family).
#include <algorithm>
#include <cmath>
#include <limits>

#include "models/laws.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr LawParameter kKelvinVoigtParameters[] = {
    {"damping", "N·s/m", "dashpot coefficient D", 0.0, true, 0.0, kInf, false, true},
};

// Kelvin–Voigt: F = k δ + D δ̇ — Corral et al. (S001) Eq (5.8); Wang et al. (S003) Eq (4).
ContactForce kelvin_voigt_force(const ContactInput& in, const double* p, const double*) {
  if (in.indentation <= 0.0) return {};
  const double damping = p[0];
  return {in.stiffness * in.indentation + damping * in.normal_velocity, in.stiffness, damping};
}

double kelvin_voigt_potential(const ContactInput& in, const double*, const double*) {
  const double d = std::max(in.indentation, 0.0);
  return 0.5 * in.stiffness * d * d;
}

}  // namespace

void append_kelvin_voigt_laws(std::vector<LawInfo>& laws) {
  LawInfo kv;
  kv.id = "kelvin_voigt";
  kv.family = "kelvin_voigt";
  kv.formula = "F = k δ + D δ̇";
  kv.source = "Corral et al. (S001) Eq (5.8); Wang et al. (S003) Eq (4)";
  kv.parameters = kKelvinVoigtParameters;
  kv.can_tension = true;
  kv.force_jump = true;
  kv.requires_linear_stiffness = true;
  kv.force = kelvin_voigt_force;
  kv.potential = kelvin_voigt_potential;
  laws.push_back(kv);
}

}  // namespace contactlab
