// SPDX-License-Identifier: MIT
// Regularised Coulomb friction: the force is a continuous function of the slip speed that vanishes with it, so no
// stick phase is needed — and none is held: a body under a tangential load below μN creeps, slowly for a sharp law.
// Each converges to Coulomb's μ N as its velocity parameter shrinks (tests/models/friction_regularised_test.cc shows
// the order: linear for arctan, quadratic for the others).
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "models/friction_laws.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr LawParameter kFriction = {"friction", "-", "μ: the sliding force over the normal force", 0.0, true, 0.0,
                                    kInf, false, true, ParameterRole::kKineticFriction};

constexpr LawParameter velocity(const char* name, const char* description) {
  return {name, "m/s", description, 0.0, true, 0.0, kInf, true, true, ParameterRole::kNone};
}

// ---- Rooney & Deravi (1982), Mech. Mach. Theory 17(3):207: linear up to v_ε, then Coulomb: F = μ N min(s/v_ε, 1).
struct LinearParameters {
  double friction;
  double regularisation_velocity;
};
constexpr LawParameter kLinear[] = {kFriction, velocity("regularisation_velocity", "v_ε: the slip speed from which F = μN")};
static_assert(parameter_struct_declares<LinearParameters>(kLinear));

FrictionForce linear_force(const FrictionInput& in, const LinearParameters& p, const double*) {
  const double ratio = in.slip_speed / p.regularisation_velocity;
  if (ratio >= 1.0) return against_slip(in, p.friction * in.normal_force, 0.0);
  return against_slip(in, p.friction * in.normal_force * ratio, p.friction * in.normal_force / p.regularisation_velocity);
}

// ---- tanh: F = μ N tanh(s/v_r) (the smooth regularisation of Andersson et al. 2007 and many codes).
struct SmoothParameters {
  double friction;
  double regularisation_velocity;
};
constexpr LawParameter kSmooth[] = {kFriction, velocity("regularisation_velocity", "v_r: the slope parameter, F ≈ μN s/v_r "
                                                                               "for s ≪ v_r")};
static_assert(parameter_struct_declares<SmoothParameters>(kSmooth));

FrictionForce tanh_force(const FrictionInput& in, const SmoothParameters& p, const double*) {
  const double t = std::tanh(in.slip_speed / p.regularisation_velocity);
  const double scale = p.friction * in.normal_force;
  return against_slip(in, scale * t, scale * (1.0 - t * t) / p.regularisation_velocity);
}

// ---- arctan: F = μ N (2/π) arctan(s/v_r). Its deficit decays only like 2 v_r/(π s): at the same v_r it reaches
// 99 % of μN at 63.7 v_r where tanh does at 2.65 v_r.
FrictionForce atan_force(const FrictionInput& in, const SmoothParameters& p, const double*) {
  const double u = in.slip_speed / p.regularisation_velocity;
  const double scale = p.friction * in.normal_force * 2.0 / std::numbers::pi;
  return against_slip(in, scale * std::atan(u), scale / (p.regularisation_velocity * (1.0 + u * u)));
}

// ---- Threlfall (1978), Mech. Mach. Theory 13(4):475: F = μ N (1 − e^{−3 s/v_0}), 95 % of μN at v_0. The form cut
// off at v_0 (F = μN beyond it) jumps by e^{−3} μN = 5 % there; the un-truncated form is used (notes).
struct ExponentialParameters {
  double friction;
  double transition_velocity;
};
constexpr LawParameter kExponential[] = {kFriction, velocity("transition_velocity", "v_0: F reaches 95 % of μN here")};
static_assert(parameter_struct_declares<ExponentialParameters>(kExponential));

FrictionForce exponential_force(const FrictionInput& in, const ExponentialParameters& p, const double*) {
  const double decay = std::exp(-3.0 * in.slip_speed / p.transition_velocity);
  const double scale = p.friction * in.normal_force;
  return against_slip(in, scale * (1.0 - decay), scale * 3.0 * decay / p.transition_velocity);
}

// ---- Ambrósio (2003), the modified Coulomb law with a dynamic correction coefficient c_d: F = c_d μ N with c_d = 0
// below v_0, rising linearly to 1 at v_1 (in Ambrósio, "Impact of rigid and flexible multibody systems", in Virtual
// Nonlinear Multibody Systems, NATO Sci. Ser. II 103:57–81; used by Flores et al. for clearance joints). As printed it
// has a dead zone: below v_0 there is no friction, so a sliding block never stops — it creeps on at v_0.
struct AmbrosioParameters {
  double friction;
  double dead_velocity;
  double full_velocity;
};
constexpr LawParameter kAmbrosio[] = {
    kFriction,
    {"dead_velocity", "m/s", "v_0: below this slip speed there is no friction (c_d = 0)", 0.0, true, 0.0, kInf, false,
     true, ParameterRole::kNone},
    velocity("full_velocity", "v_1: from this slip speed on, F = μN (c_d = 1)"),
};
static_assert(parameter_struct_declares<AmbrosioParameters>(kAmbrosio));

FrictionForce ambrosio_force(const FrictionInput& in, const AmbrosioParameters& p, const double*) {
  const double s = in.slip_speed;
  const double scale = p.friction * in.normal_force;
  if (s <= p.dead_velocity) return {};
  if (s >= p.full_velocity) return against_slip(in, scale, 0.0);
  const double width = p.full_velocity - p.dead_velocity;
  return against_slip(in, scale * (s - p.dead_velocity) / width, scale / width);
}
void ambrosio_prepare(AmbrosioParameters& p) {
  if (!(p.dead_velocity < p.full_velocity)) throw std::invalid_argument("dead_velocity must be below full_velocity");
}

// ---- Brown & McPhee (2016), J. Comput. Nonlinear Dyn. 11(5):054502: with u = s/v_t,
// F = N [μ_d tanh(4u) + (μ_s − μ_d) u/(u²/4 + 3/4)²] + μ_v s tanh(4N/F_Nt). The second term peaks at u = 1 with
// value 1, so the force is μ_s N (less 6.7e-4 μ_d N) at s = v_t: its parameters are the curve's features.
struct BrownMcPheeParameters {
  double static_friction;
  double kinetic_friction;
  double transition_velocity;
  double viscous;
  double normal_force_scale;
};
constexpr LawParameter kBrownMcPhee[] = {
    {"static_friction", "-", "μ_s: the peak of the force over N, reached at s = v_t", 0.0, true, 0.0, kInf, false, true,
     ParameterRole::kStaticFriction},
    {"kinetic_friction", "-", "μ_d: the sliding force over N at speeds well above v_t", 0.0, true, 0.0, kInf, false,
     true, ParameterRole::kKineticFriction},
    velocity("transition_velocity", "v_t: the slip speed of the peak"),
    {"viscous", "N·s/m", "μ_v: the viscous force per slip speed", 0.0, false, 0.0, kInf, false, true,
     ParameterRole::kNone},
    {"normal_force_scale", "N", "F_Nt: the normal force over which the viscous term switches on", 1.0, false, 0.0, kInf,
     true, true, ParameterRole::kNone},
};
static_assert(parameter_struct_declares<BrownMcPheeParameters>(kBrownMcPhee));

FrictionForce brown_mcphee_force(const FrictionInput& in, const BrownMcPheeParameters& p, const double*) {
  const double u = in.slip_speed / p.transition_velocity;
  const double t = std::tanh(4.0 * u);
  const double q = 0.25 * u * u + 0.75;
  const double hump = u / (q * q);
  const double hump_slope = (1.0 / (q * q) - u * u / (q * q * q)) / p.transition_velocity;  // d(hump)/ds
  const double viscous = p.viscous * std::tanh(4.0 * in.normal_force / p.normal_force_scale);
  const double N = in.normal_force;
  const double magnitude = N * (p.kinetic_friction * t + (p.static_friction - p.kinetic_friction) * hump) +
                           viscous * in.slip_speed;
  const double slope = N * (p.kinetic_friction * 4.0 * (1.0 - t * t) / p.transition_velocity +
                            (p.static_friction - p.kinetic_friction) * hump_slope) +
                       viscous;
  return against_slip(in, magnitude, slope);
}

// ---- Andersson, Söderberg & Björklund (2007), Tribology Int. 40(4):580: the Stribeck curve smoothed through zero,
// F = N [μ_k + (μ_s − μ_k) e^{−(s/v_s)^δ}] tanh(k_t s) + k_v s. Its peak lies below μ_s N unless k_t v_s ≫ 1.
struct AnderssonParameters {
  double static_friction;
  double kinetic_friction;
  double stribeck_velocity;
  double shape;
  double sharpness;
  double viscous;
};
constexpr LawParameter kAndersson[] = {
    {"static_friction", "-", "μ_s: the level the Stribeck decay starts from, over N", 0.0, true, 0.0, kInf, false, true,
     ParameterRole::kStaticFriction},
    {"kinetic_friction", "-", "μ_k: the sliding force over N", 0.0, true, 0.0, kInf, false, true,
     ParameterRole::kKineticFriction},
    velocity("stribeck_velocity", "v_s: the Stribeck velocity"),
    {"shape", "-", "δ: the exponent of the Stribeck decay", 2.0, false, 0.0, kInf, true, true, ParameterRole::kNone},
    {"sharpness", "s/m", "k_t: tanh(k_t s) reaches 0.99 at s = 2.65/k_t", 0.0, true, 0.0, kInf, true, true,
     ParameterRole::kNone},
    {"viscous", "N·s/m", "k_v: the viscous force per slip speed", 0.0, false, 0.0, kInf, false, true,
     ParameterRole::kNone},
};
static_assert(parameter_struct_declares<AnderssonParameters>(kAndersson));

FrictionForce andersson_force(const FrictionInput& in, const AnderssonParameters& p, const double*) {
  const double s = in.slip_speed;
  const double u = s / p.stribeck_velocity;
  const double decay = std::exp(-std::pow(u, p.shape));
  const double mu = p.kinetic_friction + (p.static_friction - p.kinetic_friction) * decay;
  const double mu_slope = s > 0.0 ? -(p.static_friction - p.kinetic_friction) * decay * p.shape *
                                        std::pow(u, p.shape - 1.0) / p.stribeck_velocity
                                  : 0.0;
  const double t = std::tanh(p.sharpness * s);
  const double N = in.normal_force;
  return against_slip(in, N * mu * t + p.viscous * s,
                      N * (mu_slope * t + mu * p.sharpness * (1.0 - t * t)) + p.viscous);
}
void andersson_prepare(AnderssonParameters& p) {
  if (p.kinetic_friction > p.static_friction) {
    throw std::invalid_argument("kinetic_friction (μ_k) may not exceed static_friction (μ_s)");
  }
}

}  // namespace

void append_regularised_friction_laws(std::vector<FrictionLawInfo>& laws) {
  FrictionLawInfo linear;
  linear.id = "rooney_deravi";
  linear.family = "regularised Coulomb";
  linear.formula = "F = μ N min(s/v_ε, 1)";
  linear.source = "Rooney & Deravi (1982), Mech. Mach. Theory 17(3):207";
  linear.notes = "C⁰ at v_ε; a block stops v_ε²/(2μg) beyond Coulomb's distance";
  linear.parameters = kLinear;
  linear.force = law_function<linear_force>;
  laws.push_back(linear);

  FrictionLawInfo smooth = linear;
  smooth.id = "coulomb_tanh";
  smooth.formula = "F = μ N tanh(s/v_r)";
  smooth.source = "the hyperbolic-tangent regularisation of Coulomb friction, as in Andersson et al. (2007), "
                  "Tribology Int. 40(4):580";
  smooth.notes = "reaches 99 % of μN at s = 2.65 v_r; a block stops (π²/12) v_r²/(μg) beyond Coulomb's distance";
  smooth.parameters = kSmooth;
  smooth.force = law_function<tanh_force>;
  laws.push_back(smooth);

  FrictionLawInfo atan = smooth;
  atan.id = "coulomb_atan";
  atan.formula = "F = μ N (2/π) arctan(s/v_r)";
  atan.source = "the arctangent regularisation of Coulomb friction (Marques et al. 2016, Pennestrì et al. 2016)";
  atan.notes = "reaches 99 % of μN only at s = 63.7 v_r: converges to Coulomb to first order in v_r";
  atan.force = law_function<atan_force>;
  laws.push_back(atan);

  FrictionLawInfo exponential = linear;
  exponential.id = "threlfall";
  exponential.formula = "F = μ N (1 − e^{−3 s/v_0})";
  exponential.source = "Threlfall (1978), Mech. Mach. Theory 13(4):475";
  exponential.notes = "un-truncated: the form cut off at v_0 would jump by e^{−3} μN = 5 % there";
  exponential.parameters = kExponential;
  exponential.force = law_function<exponential_force>;
  laws.push_back(exponential);

  FrictionLawInfo ambrosio = linear;
  ambrosio.id = "ambrosio";
  ambrosio.formula = "F = c_d μ N, c_d = 0 (s < v_0), (s − v_0)/(v_1 − v_0) (v_0 ≤ s ≤ v_1), 1 (s > v_1)";
  ambrosio.source = "Ambrósio (2003), in Virtual Nonlinear Multibody Systems, NATO Sci. Ser. II 103:57–81; Flores et "
                    "al. (2008) J. Comput. Nonlinear Dyn. 3:011007";
  ambrosio.notes = "as printed it has a dead zone: no friction below v_0, so a sliding body creeps on at v_0 forever "
                   "(give v_0 = 0 to remove it: then it is rooney_deravi with v_ε = v_1)";
  ambrosio.parameters = kAmbrosio;
  ambrosio.force = law_function<ambrosio_force>;
  ambrosio.prepare = law_function<ambrosio_prepare>;
  laws.push_back(ambrosio);

  FrictionLawInfo brown = linear;
  brown.id = "brown_mcphee";
  brown.family = "regularised Stribeck";
  brown.formula = "F = N [μ_d tanh(4u) + (μ_s − μ_d) u/(u²/4 + 3/4)²] + μ_v s tanh(4N/F_Nt), u = s/v_t";
  brown.source = "Brown & McPhee (2016), J. Comput. Nonlinear Dyn. 11(5):054502";
  brown.notes = "the hump term peaks at u = 1 with value 1: F(v_t) = μ_s N − (1 − tanh 4) μ_d N";
  brown.parameters = kBrownMcPhee;
  brown.force = law_function<brown_mcphee_force>;
  laws.push_back(brown);

  FrictionLawInfo andersson = brown;
  andersson.id = "andersson";
  andersson.formula = "F = N [μ_k + (μ_s − μ_k) e^{−(s/v_s)^δ}] tanh(k_t s) + k_v s";
  andersson.source = "Andersson, Söderberg & Björklund (2007), Tribology Int. 40(4):580";
  andersson.notes = "F(0) = 0: regularised; its peak lies below μ_s N unless k_t v_s ≫ 1";
  andersson.parameters = kAndersson;
  andersson.force = law_function<andersson_force>;
  andersson.prepare = law_function<andersson_prepare>;
  laws.push_back(andersson);
}

}  // namespace contactlab
