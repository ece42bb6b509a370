// SPDX-License-Identifier: MIT
// Bristle (state) friction laws: the surfaces' asperities are springs whose mean deflection z — a vector in the
// contact plane, integrated with the motion — carries the force. At rest they hold a load below the break-away
// force with a small elastic displacement (pre-sliding), and in steady sliding z settles where the force is the law's
// Stribeck curve. All are written per unit normal force (Åström & Canudas de Wit 2008, IEEE Control Syst. Mag.
// 28(6):101), so that the pre-sliding displacement does not depend on the load: σ₀ [1/m], σ₁ [s/m]; σ₂ [N·s/m]
// stays a force per speed. The state starts at zero at each contact's onset.
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "models/friction_laws.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// z's part in the plane: the state may gain a normal component as the plane turns; only the part in it is a
// deflection of the bristles.
struct Bristles {
  double z[3];
  double length;  // |z|
};
Bristles bristles(const FrictionInput& in, const double* state) {
  Bristles b;
  in_plane(in, state, b.z);
  b.length = std::sqrt(b.z[0] * b.z[0] + b.z[1] * b.z[1] + b.z[2] * b.z[2]);
  return b;
}

// F = −(N (σ₀ z + σ₁ ż) + σ₂ v_t), with ż = v_t − rate·z.
FrictionForce bristle_force(const FrictionInput& in, const Bristles& b, double rate, double stiffness, double damping,
                            double viscous) {
  FrictionForce out;
  for (int k = 0; k < 3; ++k) {
    const double z_rate = in.slip_velocity[k] - rate * b.z[k];
    out.force[k] = -(in.normal_force * (stiffness * b.z[k] + damping * z_rate) + viscous * in.slip_velocity[k]);
  }
  out.dforce_dslip_speed = in.normal_force * damping + viscous;
  return out;
}

void bristle_rate(const FrictionInput& in, const Bristles& b, double rate, double* out) {
  for (int k = 0; k < 3; ++k) out[k] = in.slip_velocity[k] - rate * b.z[k];
}

// The Stribeck curve over N: g(s) = μ_k + (μ_s − μ_k) e^{−(s/v_s)²}.
double stribeck_curve(double s, double static_friction, double kinetic_friction, double velocity) {
  const double u = s / velocity;
  return kinetic_friction + (static_friction - kinetic_friction) * std::exp(-u * u);
}

constexpr LawParameter kStiffness = {"bristle_stiffness", "1/m",
                                     "σ₀: the bristles' stiffness per unit normal force (pre-sliding: F ≈ σ₀ N x)", 0.0,
                                     true, 0.0, kInf, true, true, ParameterRole::kNone};

// ---- Dahl (1968, Aerospace Corp. TOR-0158(3107-18)-1; 1976, AIAA J. 14(12):1675) with α = 1, in the state form of
// Olsson et al. (1998), Eur. J. Control 4(3):176: ż = v − σ₀ |v| z/μ_k, F = σ₀ N z. No Stribeck effect: F rises
// from rest as μ_k N (1 − e^{−σ₀ x/μ_k}) and settles at μ_k N.
struct DahlParameters {
  double kinetic_friction;
  double bristle_stiffness;
};
constexpr LawParameter kDahl[] = {
    {"kinetic_friction", "-", "μ_k: the sliding force over N", 0.0, true, 0.0, kInf, true, true,
     ParameterRole::kKineticFriction},
    kStiffness,
};
static_assert(parameter_struct_declares<DahlParameters>(kDahl));

double dahl_rate(const FrictionInput& in, const DahlParameters& p) {
  return p.bristle_stiffness * in.slip_speed / p.kinetic_friction;
}
FrictionForce dahl_force(const FrictionInput& in, const DahlParameters& p, const double* state) {
  return bristle_force(in, bristles(in, state), dahl_rate(in, p), p.bristle_stiffness, 0.0, 0.0);
}
void dahl_state_rate(const FrictionInput& in, const DahlParameters& p, const double* state, double* rate) {
  bristle_rate(in, bristles(in, state), dahl_rate(in, p), rate);
}
double dahl_potential(const FrictionInput& in, const DahlParameters& p, const double* state) {
  const Bristles b = bristles(in, state);
  return 0.5 * in.normal_force * p.bristle_stiffness * b.length * b.length;
}

// ---- LuGre: Canudas de Wit, Olsson, Åström & Lischinsky (1995), IEEE Trans. Autom. Control 40(3):419, Eqs (1)–(4),
// per unit normal force: ż = v − σ₀ |v| z/g(v), F = N (σ₀ z + σ₁ ż) + σ₂ v, g the Stribeck curve. (In the 1995 paper
// g is a length, σ₀ g = F_c + (F_s − F_c) e^{−(v/v_s)²}; later papers write g as the force. Mixing the two puts a
// factor σ₀ into the steady state: docs/models-notes.md.) Steady sliding: F = N g(s) + σ₂ s.
struct LuGreParameters {
  double static_friction;
  double kinetic_friction;
  double stribeck_velocity;
  double bristle_stiffness;
  double bristle_damping;
  double viscous;
};
constexpr LawParameter kLuGre[] = {
    {"static_friction", "-", "μ_s: the break-away force over N", 0.0, true, 0.0, kInf, true, true,
     ParameterRole::kStaticFriction},
    {"kinetic_friction", "-", "μ_k: the sliding force over N", 0.0, true, 0.0, kInf, true, true,
     ParameterRole::kKineticFriction},
    {"stribeck_velocity", "m/s", "v_s: the Stribeck velocity", 0.0, true, 0.0, kInf, true, true, ParameterRole::kNone},
    kStiffness,
    {"bristle_damping", "s/m", "σ₁: the bristles' damping per unit normal force", 0.0, false, 0.0, kInf, false, true,
     ParameterRole::kNone},
    {"viscous", "N·s/m", "σ₂: the viscous force per slip speed", 0.0, false, 0.0, kInf, false, true,
     ParameterRole::kNone},
};
static_assert(parameter_struct_declares<LuGreParameters>(kLuGre));

double lugre_rate(const FrictionInput& in, const LuGreParameters& p) {
  return p.bristle_stiffness * in.slip_speed /
         stribeck_curve(in.slip_speed, p.static_friction, p.kinetic_friction, p.stribeck_velocity);
}
FrictionForce lugre_force(const FrictionInput& in, const LuGreParameters& p, const double* state) {
  return bristle_force(in, bristles(in, state), lugre_rate(in, p), p.bristle_stiffness, p.bristle_damping, p.viscous);
}
void lugre_state_rate(const FrictionInput& in, const LuGreParameters& p, const double* state, double* rate) {
  bristle_rate(in, bristles(in, state), lugre_rate(in, p), rate);
}
double lugre_potential(const FrictionInput& in, const LuGreParameters& p, const double* state) {
  const Bristles b = bristles(in, state);
  return 0.5 * in.normal_force * p.bristle_stiffness * b.length * b.length;
}
void lugre_prepare(LuGreParameters& p) {
  if (p.kinetic_friction > p.static_friction) {
    throw std::invalid_argument("kinetic_friction (μ_k) may not exceed static_friction (μ_s)");
  }
}

// ---- Elastoplastic: Dupont, Hayward, Armstrong & Altpeter (2002), IEEE Trans. Autom. Control 47(5):787. LuGre's
// state with the relaxation term scaled by α(z, v): ż = v − α σ₀ |v| z/g(v). α = 0 while the deflection is below the
// break-away displacement z_ba, or the slip runs against it (purely elastic: no drift under a load below break-away,
// which LuGre has); α = 1 beyond z_max = g(s)/σ₀ (LuGre); between, ½ sin(π (|z| − (z_max + z_ba)/2)/(z_max − z_ba)) + ½,
// which must take |z| (with signed z it jumps at |z| = z_ba for negative z).
struct ElastoplasticParameters {
  double static_friction;
  double kinetic_friction;
  double stribeck_velocity;
  double bristle_stiffness;
  double bristle_damping;
  double viscous;
  double breakaway_displacement;
};
constexpr LawParameter kElastoplastic[] = {
    kLuGre[0], kLuGre[1], kLuGre[2], kLuGre[3], kLuGre[4], kLuGre[5],
    {"breakaway_displacement", "m", "z_ba: below this deflection the bristles are purely elastic (< μ_k/σ₀)", 0.0, true,
     0.0, kInf, false, true, ParameterRole::kNone},
};
static_assert(parameter_struct_declares<ElastoplasticParameters>(kElastoplastic));

double elastoplastic_rate(const FrictionInput& in, const ElastoplasticParameters& p, const Bristles& b) {
  const double g = stribeck_curve(in.slip_speed, p.static_friction, p.kinetic_friction, p.stribeck_velocity);
  const double along = b.z[0] * in.slip_velocity[0] + b.z[1] * in.slip_velocity[1] + b.z[2] * in.slip_velocity[2];
  if (!(along > 0.0) || b.length <= p.breakaway_displacement) return 0.0;
  const double z_max = g / p.bristle_stiffness;
  double alpha = 1.0;
  if (b.length < z_max) {
    alpha = 0.5 * std::sin(std::numbers::pi * (b.length - 0.5 * (z_max + p.breakaway_displacement)) /
                           (z_max - p.breakaway_displacement)) +
            0.5;
  }
  return alpha * p.bristle_stiffness * in.slip_speed / g;
}
FrictionForce elastoplastic_force(const FrictionInput& in, const ElastoplasticParameters& p, const double* state) {
  const Bristles b = bristles(in, state);
  return bristle_force(in, b, elastoplastic_rate(in, p, b), p.bristle_stiffness, p.bristle_damping, p.viscous);
}
void elastoplastic_state_rate(const FrictionInput& in, const ElastoplasticParameters& p, const double* state,
                              double* rate) {
  const Bristles b = bristles(in, state);
  bristle_rate(in, b, elastoplastic_rate(in, p, b), rate);
}
double elastoplastic_potential(const FrictionInput& in, const ElastoplasticParameters& p, const double* state) {
  const Bristles b = bristles(in, state);
  return 0.5 * in.normal_force * p.bristle_stiffness * b.length * b.length;
}
void elastoplastic_prepare(ElastoplasticParameters& p) {
  if (p.kinetic_friction > p.static_friction) {
    throw std::invalid_argument("kinetic_friction (μ_k) may not exceed static_friction (μ_s)");
  }
  // The middle branch needs z_ba < z_max at every speed; z_max's least value is μ_k/σ₀.
  if (!(p.breakaway_displacement < p.kinetic_friction / p.bristle_stiffness)) {
    throw std::invalid_argument("breakaway_displacement must be below kinetic_friction/bristle_stiffness (z_max at "
                                "sliding speeds)");
  }
}

}  // namespace

void append_bristle_friction_laws(std::vector<FrictionLawInfo>& laws) {
  FrictionLawInfo dahl;
  dahl.id = "dahl";
  dahl.family = "bristle";
  dahl.formula = "ż = v − σ₀ |v| z/μ_k, F = σ₀ N z";
  dahl.source = "Dahl (1968) Aerospace Corp. TOR-0158(3107-18)-1; Dahl (1976) AIAA J. 14(12):1675; α = 1, state form "
                "of Olsson et al. (1998) Eur. J. Control 4(3):176";
  dahl.notes = "per unit normal force; no Stribeck effect and no static peak (break-away at μ_k N)";
  dahl.parameters = kDahl;
  dahl.stiction = Stiction::kElastic;
  dahl.state_size = 3;
  dahl.continuous_state_size = 3;
  dahl.force = law_function<dahl_force>;
  dahl.state_rate = law_function<dahl_state_rate>;
  dahl.potential = law_function<dahl_potential>;
  laws.push_back(dahl);

  FrictionLawInfo lugre = dahl;
  lugre.id = "lugre";
  lugre.formula = "ż = v − σ₀ |v| z/g(v), F = N (σ₀ z + σ₁ ż) + σ₂ v, g = μ_k + (μ_s − μ_k) e^{−(v/v_s)²}";
  lugre.source = "Canudas de Wit, Olsson, Åström & Lischinsky (1995) IEEE TAC 40(3):419, Eqs (1)–(4); normal-force "
                 "scaling of Åström & Canudas de Wit (2008) IEEE Control Syst. Mag. 28(6):101";
  lugre.notes = "per unit normal force; steady sliding gives the Stribeck curve N g(s) + σ₂ s; drifts under a "
                "vibrating load below break-away";
  lugre.parameters = kLuGre;
  lugre.force = law_function<lugre_force>;
  lugre.prepare = law_function<lugre_prepare>;
  lugre.state_rate = law_function<lugre_state_rate>;
  lugre.potential = law_function<lugre_potential>;
  laws.push_back(lugre);

  FrictionLawInfo elastoplastic = lugre;
  elastoplastic.id = "elastoplastic";
  elastoplastic.formula = "ż = v − α(z, v) σ₀ |v| z/g(v), F = N (σ₀ z + σ₁ ż) + σ₂ v, α = 0 below z_ba";
  elastoplastic.source = "Dupont, Hayward, Armstrong & Altpeter (2002) IEEE TAC 47(5):787";
  elastoplastic.notes = "per unit normal force; LuGre without its drift: purely elastic below the break-away "
                        "displacement; the sine of α takes |z|";
  elastoplastic.parameters = kElastoplastic;
  elastoplastic.force = law_function<elastoplastic_force>;
  elastoplastic.prepare = law_function<elastoplastic_prepare>;
  elastoplastic.state_rate = law_function<elastoplastic_state_rate>;
  elastoplastic.potential = law_function<elastoplastic_potential>;
  laws.push_back(elastoplastic);
}

}  // namespace contactlab
