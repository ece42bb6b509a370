// SPDX-License-Identifier: MIT
// Hertz spring + linear dashpot released at zero force (models.md §3.C1): F = c δ̇ + k δ^n, 1 ≤ n ≤ 2, with the
// closed-form "optimal" damping of Poursina & Nikravesh (S002 Eq (49)):
//   c = α(n) (e^{β(n)} − 1) [k δ̇⁻^{n−1} m_eff^n]^{1/(n+1)},
//   α(n) = 0.3331 n⁴ − 1.48 n³ + 3.077 n² − 2.306 n + 1.794   (S002 Eq (46)),
//   β(n) = 1.285 n^0.2553 − 1.725                               (S002 Eq (47)).
// The exponents of k, δ̇⁻ and m_eff are exact (S002 Eq (34)); only α, β are fitted, so the achieved restitution
// depends on (n, e) alone. c is computed at the onset from the contact's k, n, δ̇⁻ and m_eff, as S002 does, and
// kept in the per-contact state.
#include <algorithm>
#include <cmath>

#include "models/indentation_power.h"
#include "models/laws.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

struct PoursinaNikraveshParameters {
  double restitution;
};
constexpr LawParameter kPoursinaNikraveshParameters[] = {
    {"restitution", "-", "target coefficient of restitution e (contact ends at F = 0)", 0.0, true, 0.0, 1.0, true,
     false, ParameterRole::kTargetRestitution},
};
static_assert(parameter_struct_declares<PoursinaNikraveshParameters>(kPoursinaNikraveshParameters));

// S002 Eq (46).
double alpha(double n) { return (((0.3331 * n - 1.48) * n + 3.077) * n - 2.306) * n + 1.794; }
// S002 Eq (47).
double beta(double n) { return 1.285 * std::pow(n, 0.2553) - 1.725; }

// S002 Eq (49): the damping coefficient of a contact, from its k, n and the δ̇⁻, m_eff frozen at its onset.
double optimal_damping(const ContactInput& in, double restitution) {
  const double n = in.exponent;
  // pow(δ̇⁻, 0) = 1 keeps n = 1 well defined even for δ̇⁻ = 0 (S002 Eq (57) needs no δ̇⁻).
  const double scale = std::pow(in.stiffness * std::pow(in.impact_velocity, n - 1.0) *
                                    std::pow(in.effective_mass, n), 1.0 / (n + 1.0));
  return alpha(n) * (std::pow(restitution, beta(n)) - 1.0) * scale;
}

// As S002 does, c is computed once, at the onset, and kept in the contact's state with the δ̇⁻ it is for; again at
// a new impact through the contact, for its δ̇⁻. While a new impact's closing speed still rises, δ̇⁻ is that speed
// (docs/contact.md, "A new impact through a contact") and the force computes c for it.
enum PoursinaNikraveshState {
  kOptimalDamping = 0,   // c_opt [N s/m]
  kDampingApproach = 1,  // the δ̇⁻ c_opt is for [m/s]
  kPoursinaNikraveshStateSize = 2,
};

void poursina_nikravesh_event(ContactEvent event, const ContactInput& in, const PoursinaNikraveshParameters& p,
                              double* state) {
  if (event == ContactEvent::kOnset || event == ContactEvent::kNewImpact) {
    state[kOptimalDamping] = optimal_damping(in, p.restitution);
    state[kDampingApproach] = in.impact_velocity;
  }
}

// Poursina–Nikravesh: F = c_opt δ̇ + k δ^n released at F = 0 — S002 Eq (7), (20), (46)–(47), (49)–(50).
ContactForce poursina_nikravesh_force(const ContactInput& in, const PoursinaNikraveshParameters& p,
                                      const double* state) {
  const double n = in.exponent;
  const double indentation = std::max(in.indentation, 0.0);
  const double damping = in.impact_velocity == state[kDampingApproach] ? state[kOptimalDamping]
                                                                        : optimal_damping(in, p.restitution);
  const double elastic = in.stiffness * indentation_power(indentation, n);
  const double slope = indentation > 0.0 ? n * elastic / indentation : (n == 1.0 ? in.stiffness : 0.0);
  return {damping * in.normal_velocity + elastic, slope, damping};
}

// Recoverable energy of the Hertz spring, k δ^{n+1}/(n+1); the dashpot only dissipates.
double poursina_nikravesh_potential(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return 0.0;
  return in.stiffness * indentation_power(in.indentation, in.exponent + 1.0) / (in.exponent + 1.0);
}

constexpr std::string_view kNotes =
    "Decisions: c_opt is computed at the onset from the contact's k, n, δ̇⁻ and m_eff and kept in the per-contact "
    "state (as S002 computes it once at onset); the contact is released when F returns to 0 during "
    "restitution (S002 Eq (20), Separation::kForce), leaving the residual indentation "
    "ˢδ = (δ̇⁻ c e_out/k)^{1/n} (S002 Eq (51) with e_out for e); F is not clamped so the engine can locate that root. "
    "Re-arming after release is the engine's rule (models.md §7 #3). α, β were fitted by S002 for 1 ≤ n ≤ 2 only; "
    "other n extrapolate. Accuracy: |e_out − e| ≤ 0.00337 over 1 ≤ n ≤ 2 and all e in (0, 1], worst at n = 1, "
    "e = 0.649 (where it is S002 Eq (57)); models.md §1/§3.C1 quote ≤ 0.003, which the n = 1 case exceeds "
    "(its own §5.3 lists 3.3e-3 at e = 0.7). The ±0.01 range is therefore all of (0, 1]. Printed-formula "
    "corrections used: S002 Eq (53) m δ̈ + c δ̇ + k δ^n = 0 (models.md §6 #21), Eq (39)–(41) ln(δ̇⁻) (§6 #20), "
    "Eq (1), (5) (§6 #17, #18).";

}  // namespace

void append_poursina_nikravesh_laws(std::vector<LawInfo>& laws) {
  LawInfo law;
  law.id = "poursina_nikravesh";
  law.family = "hertz_linear_dashpot";
  law.formula = "F = c δ̇ + k δ^n until F = 0, c = α(n)(e^β(n) − 1)[k δ̇⁻^(n−1) m_eff^n]^(1/(n+1))";
  law.source = "Poursina-Nikravesh (S002) Eq (7), (20), (46)-(47), (49)-(52), (57)";
  law.notes = kNotes;
  law.parameters = kPoursinaNikraveshParameters;
  law.needs = kNeedsImpactVelocity | kNeedsEffectiveMass;
  law.separation = Separation::kForce;
  law.force_jump = true;  // F = c δ̇⁻ at first touch (point A of S002 Fig. 2)
  law.accurate_restitution_min = 0.0;
  law.accurate_restitution_max = 1.0;
  law.state_size = kPoursinaNikraveshStateSize;  // c_opt and its δ̇⁻
  law.event = law_function<poursina_nikravesh_event>;
  set_force<poursina_nikravesh_force>(law);
  law.potential = poursina_nikravesh_potential;
  law.dissipation_parameter = "restitution";
  laws.push_back(law);
}

}  // namespace contactlab
