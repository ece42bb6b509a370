// SPDX-License-Identifier: MIT
// Coulomb friction and the laws built on it that keep its stiction: a contact at rest holds any tangential force
// up to μ_s N, one that slides feels a force of its slip speed. The engine holds the rest exactly (Stiction::kExact: v_t = 0
// under the force that keeps it, from the dynamics) between stick and slip events (docs/contact.md, "Friction");
// these functions give the force while sliding and the static limit. Karnopp's law approximates the same with a band
// of small slip speeds and the same stick force.
#include <cmath>
#include <limits>
#include <stdexcept>

#include "models/friction_laws.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr LawParameter kStatic = {"static_friction", "-",
                                  "μ_s: the largest tangential force a contact at rest holds, over the normal force",
                                  0.0, true, 0.0, kInf, false, true, ParameterRole::kStaticFriction};
constexpr LawParameter kKinetic = {"kinetic_friction", "-", "μ_k: the sliding force over the normal force (≤ μ_s)",
                                   0.0, true, 0.0, kInf, false, true, ParameterRole::kKineticFriction};
constexpr LawParameter kViscous = {"viscous", "N·s/m", "c_v: the viscous force per slip speed", 0.0, false, 0.0, kInf,
                                   false, true, ParameterRole::kNone};

void check_order(double static_friction, double kinetic_friction) {
  if (kinetic_friction > static_friction) {
    throw std::invalid_argument("kinetic_friction (μ_k) may not exceed static_friction (μ_s)");
  }
}

// ---- Coulomb: F = μ_k N while sliding; at rest |F| ≤ μ_s N. Coulomb (1785), in the form of Marques et al. (2016)
// and Pennestrì et al. (2016), the reference of both reviews.
struct CoulombParameters {
  double static_friction;
  double kinetic_friction;
};
constexpr LawParameter kCoulomb[] = {kStatic, kKinetic};
static_assert(parameter_struct_declares<CoulombParameters>(kCoulomb));

FrictionForce coulomb_force(const FrictionInput& in, const CoulombParameters& p, const double*) {
  return against_slip(in, p.kinetic_friction * in.normal_force, 0.0);
}
double coulomb_limit(const FrictionInput& in, const CoulombParameters& p) { return p.static_friction * in.normal_force; }
void coulomb_prepare(CoulombParameters& p) { check_order(p.static_friction, p.kinetic_friction); }

// ---- Coulomb with a viscous term: F = μ_k N + c_v s while sliding.
struct CoulombViscousParameters {
  double static_friction;
  double kinetic_friction;
  double viscous;
};
constexpr LawParameter kCoulombViscous[] = {kStatic, kKinetic, kViscous};
static_assert(parameter_struct_declares<CoulombViscousParameters>(kCoulombViscous));

FrictionForce coulomb_viscous_force(const FrictionInput& in, const CoulombViscousParameters& p, const double*) {
  return against_slip(in, p.kinetic_friction * in.normal_force + p.viscous * in.slip_speed, p.viscous);
}
double coulomb_viscous_limit(const FrictionInput& in, const CoulombViscousParameters& p) {
  return p.static_friction * in.normal_force;
}
void coulomb_viscous_prepare(CoulombViscousParameters& p) { check_order(p.static_friction, p.kinetic_friction); }

// ---- Stribeck: F = N [μ_k + (μ_s − μ_k) e^{−(s/v_s)^δ}] + c_v s while sliding (Armstrong-Hélouvry, Dupont &
// Canudas de Wit 1994, Automatica 30(7) 1083, the exponential model; δ = 2 Armstrong's Gaussian, δ = 1 Tustin's);
// it starts from μ_s N at s → 0⁺, so the rest it leaves is held exactly.
struct StribeckParameters {
  double static_friction;
  double kinetic_friction;
  double stribeck_velocity;
  double shape;
  double viscous;
};
constexpr LawParameter kStribeck[] = {
    kStatic,
    kKinetic,
    {"stribeck_velocity", "m/s", "v_s: the slip speed over which the force falls from μ_s N to μ_k N", 0.0, true,
     0.0, kInf, true, true, ParameterRole::kNone},
    {"shape", "-", "δ: the exponent of the decay (2 Gaussian, 1 Tustin)", 2.0, false, 0.0, kInf, true, true,
     ParameterRole::kNone},
    kViscous,
};
static_assert(parameter_struct_declares<StribeckParameters>(kStribeck));

double stribeck_coefficient(double s, double static_friction, double kinetic_friction, double velocity, double shape,
                            double& slope) {
  const double u = s / velocity;
  const double decay = std::exp(-std::pow(u, shape));
  slope = s > 0.0 ? -(static_friction - kinetic_friction) * decay * shape * std::pow(u, shape - 1.0) / velocity : 0.0;
  return kinetic_friction + (static_friction - kinetic_friction) * decay;
}

FrictionForce stribeck_force(const FrictionInput& in, const StribeckParameters& p, const double*) {
  double slope = 0.0;
  const double mu =
      stribeck_coefficient(in.slip_speed, p.static_friction, p.kinetic_friction, p.stribeck_velocity, p.shape, slope);
  return against_slip(in, mu * in.normal_force + p.viscous * in.slip_speed, slope * in.normal_force + p.viscous);
}
double stribeck_limit(const FrictionInput& in, const StribeckParameters& p) { return p.static_friction * in.normal_force; }
void stribeck_prepare(StribeckParameters& p) { check_order(p.static_friction, p.kinetic_friction); }

// ---- Karnopp (1985), ASME J. Dyn. Syst. Meas. Control 107:100: below the band speed D_v the force balances the
// force that would make the contact slip (stick_force), up to μ_s N; above it, μ_k N + c_v s. A contact in the band
// keeps the slip speed it entered with (≤ D_v), so it drifts at up to D_v while it "sticks".
struct KarnoppParameters {
  double static_friction;
  double kinetic_friction;
  double band;
  double viscous;
};
constexpr LawParameter kKarnopp[] = {
    kStatic,
    kKinetic,
    {"band", "m/s", "D_v: below this slip speed the contact counts as sticking", 0.0, true, 0.0, kInf, true, true,
     ParameterRole::kNone},
    kViscous,
};
static_assert(parameter_struct_declares<KarnoppParameters>(kKarnopp));

FrictionForce karnopp_force(const FrictionInput& in, const KarnoppParameters& p, const double*) {
  if (in.slip_speed >= p.band) {
    return against_slip(in, p.kinetic_friction * in.normal_force + p.viscous * in.slip_speed, p.viscous);
  }
  FrictionForce out;
  const double* f = in.stick_force;
  const double magnitude = std::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
  const double limit = p.static_friction * in.normal_force;
  const double scale = magnitude > limit ? limit / magnitude : 1.0;
  for (int k = 0; k < 3; ++k) out.force[k] = scale * f[k];
  return out;
}
double karnopp_limit(const FrictionInput& in, const KarnoppParameters& p) { return p.static_friction * in.normal_force; }
double karnopp_band(const KarnoppParameters& p) { return p.band; }
void karnopp_prepare(KarnoppParameters& p) { check_order(p.static_friction, p.kinetic_friction); }

}  // namespace

void append_coulomb_friction_laws(std::vector<FrictionLawInfo>& laws) {
  FrictionLawInfo coulomb;
  coulomb.id = "coulomb";
  coulomb.family = "Coulomb";
  coulomb.formula = "F = μ_k N sliding; |F| ≤ μ_s N at rest";
  coulomb.source = "Coulomb (1785); Marques et al. (2016) Nonlinear Dyn 86:1407, Pennestrì et al. (2016) Nonlinear "
                   "Dyn 83:1785 (the reference of both reviews)";
  coulomb.notes = "exact stiction: a contact at rest is held with the force that keeps it there, as long as that force "
                  "is at most μ_s N; stick and slip are events (docs/contact.md, Friction)";
  coulomb.parameters = kCoulomb;
  coulomb.stiction = Stiction::kExact;
  coulomb.force = law_function<coulomb_force>;
  coulomb.prepare = law_function<coulomb_prepare>;
  coulomb.static_limit = law_function<coulomb_limit>;
  laws.push_back(coulomb);

  FrictionLawInfo viscous = coulomb;
  viscous.id = "coulomb_viscous";
  viscous.formula = "F = μ_k N + c_v s sliding; |F| ≤ μ_s N at rest";
  viscous.source = "Coulomb friction with a viscous term; Marques et al. (2016), Pennestrì et al. (2016)";
  viscous.parameters = kCoulombViscous;
  viscous.force = law_function<coulomb_viscous_force>;
  viscous.prepare = law_function<coulomb_viscous_prepare>;
  viscous.static_limit = law_function<coulomb_viscous_limit>;
  laws.push_back(viscous);

  FrictionLawInfo stribeck = coulomb;
  stribeck.id = "stribeck";
  stribeck.family = "Stribeck";
  stribeck.formula = "F = N [μ_k + (μ_s − μ_k) e^{−(s/v_s)^δ}] + c_v s sliding; |F| ≤ μ_s N at rest";
  stribeck.source = "Armstrong-Hélouvry, Dupont, Canudas de Wit (1994), Automatica 30(7):1083, the exponential "
                    "Stribeck model (δ = 2; Tustin 1947: δ = 1)";
  stribeck.notes = "velocity weakening below v_s is what makes stick-slip; exact stiction as for coulomb";
  stribeck.parameters = kStribeck;
  stribeck.force = law_function<stribeck_force>;
  stribeck.prepare = law_function<stribeck_prepare>;
  stribeck.static_limit = law_function<stribeck_limit>;
  laws.push_back(stribeck);

  FrictionLawInfo karnopp;
  karnopp.id = "karnopp";
  karnopp.family = "stick band";
  karnopp.formula = "s < D_v: F = the force that holds the contact, |F| ≤ μ_s N; else F = μ_k N + c_v s";
  karnopp.source = "Karnopp (1985), ASME J. Dyn. Syst. Meas. Control 107(1):100";
  karnopp.notes = "the force that holds the contact comes from the dynamics (FrictionInput::stick_force); a contact "
                  "in the band keeps the slip speed it entered with, so it drifts at up to D_v; the band's edges are "
                  "events (docs/contact.md, Friction)";
  karnopp.parameters = kKarnopp;
  karnopp.needs = kFrictionNeedsStickForce;
  karnopp.stiction = Stiction::kBand;
  karnopp.force = law_function<karnopp_force>;
  karnopp.prepare = law_function<karnopp_prepare>;
  karnopp.static_limit = law_function<karnopp_limit>;
  karnopp.stick_band = law_function<karnopp_band>;
  laws.push_back(karnopp);
}

}  // namespace contactlab
