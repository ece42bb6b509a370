// SPDX-License-Identifier: MIT
// The piecewise impulse–momentum method: a rigid impact with Newton's restitution e, the reference the
// Poursina–Nikravesh paper (S002 §6, ref [23]) compares continuous models against. At onset the engine applies
// P = (1 + e) m_eff δ̇⁻ along the normal, so Δq̇ = M⁻¹Jᵀ P and δ̇⁺ = −e δ̇⁻; there is no contact phase.
#include "models/laws.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

// The engine finds e by its role (restitution_parameter, models/registry.h).
constexpr LawParameter kImpulseParameters[] = {
    {"restitution", "-", "Newton coefficient of restitution e = −δ̇⁺/δ̇⁻", 0.0, true, 0.0, 1.0, false, false,
     ParameterRole::kNewtonRestitution},
};

// No force: the impact is instantaneous (S002 §6; Nikravesh, Computer-Aided Analysis of Mechanical Systems).
ContactForce no_force(const ContactInput&, const double*, const double*) { return {}; }

}  // namespace

void append_impulse_method(std::vector<LawInfo>& laws) {
  LawInfo impulse;
  impulse.id = "impulse";
  impulse.family = "impulse";
  impulse.formula = "rigid impact: Δq̇ = M⁻¹Jᵀ P, P = (1 + e) m_eff δ̇⁻ (δ̇⁺ = −e δ̇⁻)";
  impulse.source = "Poursina–Nikravesh (S002) §6, the piecewise method of their ref [23]";
  impulse.notes = "Not a force law: a reference method. The contact lasts no time; its dissipated energy is "
                  "½ m_eff δ̇⁻² (1 − e²).";
  impulse.parameters = kImpulseParameters;
  impulse.needs = kNeedsEffectiveMass;
  impulse.impulsive = true;
  impulse.accurate_restitution_min = 0.0;
  impulse.accurate_restitution_max = 1.0;
  set_force<no_force>(impulse);
  impulse.dissipation_parameter = "restitution";
  laws.push_back(impulse);
}

}  // namespace contactlab
