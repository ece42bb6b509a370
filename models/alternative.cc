// SPDX-License-Identifier: MIT
// Alternative / innovative laws of S001 §5.5 (models.md §3.H): a volumetric law from material properties
// (Roy–Carretero), an internal-state law (Xiong) and a viscoelastic law with a time-dependent damper (Jian).
#include <algorithm>
#include <cmath>
#include <limits>

#include "models/indentation_power.h"
#include "models/laws.h"
#include "models/one_minus_exp.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

// ---------------------------------------------------------------------------------------------------------
// roy_carretero

struct RoyCarreteroParameters {
  double modulus_1;
  double modulus_2;
  double radius_1;
  double radius_2;
  double damping_1;
  double damping_2;
  double volume_stiffness;  // derived
  double volume_damping;    // derived
};
constexpr LawParameter kRoyCarreteroParameters[] = {
    {"modulus_1", "Pa", "Young's modulus E1 of body 1", 0.0, true, 0.0, kInf, true, true, ParameterRole::kYoungsModulus1},
    {"modulus_2", "Pa", "Young's modulus E2 of body 2", 0.0, true, 0.0, kInf, true, true, ParameterRole::kYoungsModulus2},
    {"radius_1", "m", "radius R1 of body 1: the depth of its layer in the series coefficients of Eq (5.80)", 0.0, true,
     0.0, kInf, true, true, ParameterRole::kRadius1},
    {"radius_2", "m", "radius R2 of body 2 (a finite depth: R2 → ∞ makes both coefficients vanish)", 0.0, true, 0.0,
     kInf, true, true, ParameterRole::kRadius2},
    {"damping_1", "Pa·s", "material damping D1 of body 1", 0.0, true, 0.0, kInf, false, true},
    {"damping_2", "Pa·s", "material damping D2 of body 2", 0.0, true, 0.0, kInf, false, true},
};
constexpr LawParameter kRoyCarreteroDerived[] = {
    {.name = "volume_stiffness", .unit = "N/m³", .description = "E1E2/(R2E1 + R1E2), the factor of V"},
    {.name = "volume_damping", .unit = "N·s/m³", .description = "D1D2/(R2D1 + R1D2), the factor of V̇"},
};
static_assert(parameter_struct_declares<RoyCarreteroParameters>(kRoyCarreteroParameters, kRoyCarreteroDerived));

void roy_carretero_prepare(RoyCarreteroParameters& p) {
  const double e1 = p.modulus_1, e2 = p.modulus_2, r1 = p.radius_1, r2 = p.radius_2, d1 = p.damping_1,
               d2 = p.damping_2;
  p.volume_stiffness = e1 * e2 / (r2 * e1 + r1 * e2);
  // Two dashpots in series; one without damping (D = 0) removes the damping (and avoids 0/0 when both are 0).
  p.volume_damping = d1 > 0.0 && d2 > 0.0 ? d1 * d2 / (r2 * d1 + r1 * d2) : 0.0;
}

// Roy–Carretero: F = [E1E2/(R2E1 + R1E2)] V + [D1D2/(R2D1 + R1D2)] V̇ with the sphere-cap volume
// V = π δ²(3R − δ)/3, R = |R*| — Corral et al. (S001) Eq (5.80), damping denominator corrected (models.md §6 #14).
ContactForce roy_carretero_force(const ContactInput& in, const RoyCarreteroParameters& p, const double*) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  const double radius = std::abs(in.effective_radius);
  const double stiffness = p.volume_stiffness;
  const double damping = p.volume_damping;
  const double volume = kPi * d * d * (3.0 * radius - d) / 3.0;
  const double area = kPi * d * (2.0 * radius - d);  // dV/dδ, so V̇ = area · δ̇
  const double area_slope = 2.0 * kPi * (radius - d);
  return {stiffness * volume + damping * area * in.normal_velocity,
          stiffness * area + damping * area_slope * in.normal_velocity, damping * area};
}

// Recoverable energy ∫ k_V V dδ = k_V π(R δ³ − δ⁴/4)/3.
double roy_carretero_potential(const ContactInput& in, const RoyCarreteroParameters& p, const double*) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  const double radius = std::abs(in.effective_radius);
  return p.volume_stiffness * kPi * (radius * d * d * d - 0.25 * d * d * d * d) / 3.0;
}

// ---------------------------------------------------------------------------------------------------------
// xiong

struct XiongParameters {
  double damping_offset;
  double damping_slope;
  double relaxation_rate;
};
constexpr LawParameter kXiongParameters[] = {
    {"damping_offset", "s", "β1 ≥ 0: damping at α = 0; sets the residual indentation and the initial slope", 0.0,
     true, 0.0, kInf, false, true},
    {"damping_slope", "s/m^n", "β2 ≥ 0: growth of the damping with α (roundedness of the curve)", 0.0, false, 0.0,
     kInf, false, true},
    {"relaxation_rate", "1/s", "γ ≥ 0: rate at which α follows P = δ^n (turns the DAI into an ODE)", 0.0, true, 0.0,
     kInf, false, true},
};
static_assert(parameter_struct_declares<XiongParameters>(kXiongParameters));

// Xiong et al.: F = K max(0, P + γ(β1 + β2α)(P − α)), P = δ^n — Corral et al. (S001) Eq (5.82) as reconstructed
// in models.md §3.H2 (printed "−K·max", the sign is the repulsive-magnitude convention).
ContactForce xiong_force(const ContactInput& in, const XiongParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  const double alpha = s[0];
  const double gain = p.relaxation_rate * (p.damping_offset + p.damping_slope * alpha);  // γ(β1 + β2α)
  const double power = indentation_power(d, in.exponent);  // P = p|p|^{k−1} for p > 0, with k = n
  const double f = in.stiffness * (power + gain * (power - alpha));
  if (f <= 0.0) return {};
  return {f, in.stiffness * (1.0 + gain) * in.exponent * power / d, 0.0};
}

// α̇ = max(−γα/(1 + γ(β1 + β2α)), γ(P − α)) — Corral et al. (S001) Eq (5.82); apart, the engine passes δ = 0.
void xiong_state_rate(const ContactInput& in, const XiongParameters& p, const double* s, double* rate) {
  const double alpha = s[0];
  const double gamma = p.relaxation_rate;
  const double gain = gamma * (p.damping_offset + p.damping_slope * alpha);
  const double power = indentation_power(std::max(in.indentation, 0.0), in.exponent);
  rate[0] = std::max(-gamma * alpha / (1.0 + gain), gamma * (power - alpha));
}

// ---------------------------------------------------------------------------------------------------------
// jian

struct JianParameters {
  double equilibrium_shear_modulus;
  double relaxation_shear_modulus;
  double viscosity;
  double poisson_ratio;
  double elastic_modulus;  // derived
  double damping_modulus;  // derived
  double relaxation_rate;  // derived
};
constexpr LawParameter kJianParameters[] = {
    {"equilibrium_shear_modulus", "Pa", "G_e: long-time (equilibrium) shear modulus of the material", 0.0, true, 0.0,
     kInf, true, true, ParameterRole::kShearModulus},
    {"relaxation_shear_modulus", "Pa", "G0: amplitude of the decaying part G0 e^{−t/T} of the shear modulus", 0.0,
     true, 0.0, kInf, true, true, ParameterRole::kShearModulus},
    {"viscosity", "Pa·s", "η: viscosity of the contact damper; relaxation time T = η/G0", 0.0, true, 0.0, kInf, true,
     true},
    {"poisson_ratio", "-", "ν of the (common) material", 0.0, true, -1.0, 0.5, true, false, ParameterRole::kPoissonRatio},
};
constexpr LawParameter kJianDerived[] = {
    {.name = "elastic_modulus", .unit = "Pa", .description = "4G_e/(3(1 − ν)), the factor of √R δ^{3/2}"},
    {.name = "damping_modulus",
     .unit = "Pa·s",
     .description = "2η/(1 − ν), the factor of (1 − e^{−t/T})√(Rδ) δ̇"},
    {.name = "relaxation_rate", .unit = "1/s", .description = "1/T = G0/η"},
};
static_assert(parameter_struct_declares<JianParameters>(kJianParameters, kJianDerived));

void jian_prepare(JianParameters& p) {
  const double one_minus_poisson = 1.0 - p.poisson_ratio;
  p.elastic_modulus = 4.0 * p.equilibrium_shear_modulus / (3.0 * one_minus_poisson);
  p.damping_modulus = 2.0 * p.viscosity / one_minus_poisson;
  p.relaxation_rate = p.relaxation_shear_modulus / p.viscosity;
}

// Jian et al.: F = 4G_e√R δ^{3/2}/(3(1 − ν)) + (2η/(1 − ν))(1 − e^{−t/T})√(Rδ) δ̇, T = η/G0 — Corral et al.
// (S001) Eq (5.83)–(5.84), (5.87).
ContactForce jian_force(const ContactInput& in, const JianParameters& p, const double*) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  const double per_indentation = 1.0 / d;  // beside the root, not after it
  const double root = std::sqrt(std::abs(in.effective_radius) * d);  // √(R δ)
  const double ramp = one_minus_exp(in.time_since_onset * p.relaxation_rate);  // 1 − e^{−t/T}
  const double elastic = p.elastic_modulus;
  const double damping = p.damping_modulus * ramp;
  return {elastic * root * d + damping * root * in.normal_velocity,
          1.5 * elastic * root + 0.5 * damping * (root * per_indentation) * in.normal_velocity, damping * root};
}

// Recoverable energy: the elastic term integrated, (2/5) · 4G_e√R δ^{5/2}/(3(1 − ν)).
double jian_potential(const ContactInput& in, const JianParameters& p, const double*) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  return 0.4 * p.elastic_modulus * std::sqrt(std::abs(in.effective_radius)) * indentation_power(d, 2.5);
}

}  // namespace

void append_alternative_laws(std::vector<LawInfo>& laws) {
  LawInfo roy;
  roy.id = "roy_carretero";
  roy.family = "alternative";
  roy.formula = "F = E1E2/(R2E1 + R1E2) · V + D1D2/(R2D1 + R1D2) · V̇, V = π δ²(3R* − δ)/3";
  roy.source = "Corral et al. (S001) Eq (5.80) (Roy and Carretero [191])";
  roy.notes =
      "Damping denominator corrected from the printed R2E1 + R1E2 to R2D1 + R1D2 (models.md §6 erratum 14: units). "
      "Interference volume (project decision): the sphere cap V = π δ²(3R − δ)/3 with R = |R*| of the pair, "
      "V̇ = π δ(2R − δ) δ̇; exact for sphere–plane, for two spheres it matches the lens volume to leading order "
      "π R* δ² (relative error δ/(4R*) for equal spheres). E_i, R_i, D_i are the paper's per-body parameters (the "
      "pair only knows E*, R*); R_i enter only the series coefficients. Because V̇ ∝ δ, F(0) = 0: no force jump at "
      "first touch (the 'jump' of models.md §1/§3.H1 needs a flat contact with V̇ = A0 δ̇); near δ = 0 the law is "
      "π R*(k_V δ² + 2 d_V δ δ̇), so restitution ends in tension, not clamped (models.md §7 decision 4).";
  roy.parameters = kRoyCarreteroParameters;
  roy.derived = kRoyCarreteroDerived;
  roy.dissipation_parameter = "damping_1";
  roy.dissipation_twin = "damping_2";
  roy.needs = kNeedsMaterials;
  roy.ignores = kIgnoresStiffness | kIgnoresExponent;  // the interference volume V and the bodies' E_i, R_i
  roy.can_tension = true;
  set_force<roy_carretero_force>(roy);
  roy.prepare = law_function<roy_carretero_prepare>;
  roy.potential = law_function<roy_carretero_potential>;
  laws.push_back(roy);

  LawInfo xiong;
  xiong.id = "xiong";
  xiong.family = "alternative";
  xiong.formula = "F = K max(0, P + γ(β1 + β2α)(P − α)), α̇ = max(−γα/(1 + γ(β1 + β2α)), γ(P − α)), P = δ^n";
  xiong.source = "Corral et al. (S001) Eq (5.81)–(5.82) (Xiong et al. [192])";
  xiong.notes =
      "ODE form reconstructed in models.md §3.H2; equivalent to the DAI F = Kα + K(1/γ + β1 + β2α) α̇ (both max "
      "operators select the same branch), so F ≥ 0 and continuous. The printed leading '−K' is the sign "
      "convention (models.md §3.H2 issues). Xiong's k is the pair's exponent n, so K keeps its units N/m^n and "
      "α = P gives K δ^n (Hertz shape). α (state 0, α(0) = 0) is integrated by the engine and is not reset at "
      "onset: apart it relaxes as α̇ = −γα/(1 + γ(β1 + β2α)), the residual indentation of Xiong's third principle. "
      "F does not depend on δ̇ (the damping acts through α). No potential (the DAI splits no recoverable part). "
      "The law is K δ^n in parallel with a Maxwell arm (stiffness γβ1 K, relaxation time 1/γ): while the arm relaxes "
      "within the contact it is a dashpot K β1 Ṗ and c falls as β1 grows from 0; past a minimum of c the arm no longer "
      "relaxes, the contact is a Hertz contact 1 + γβ1 times stiffer and c rises again towards 1. A target c is thus "
      "met twice; the calibration takes the crossing nearest β1 = 0 (engine/calibration.h), the Hertz-like one.";
  xiong.parameters = kXiongParameters;
  xiong.needs = kNeedsHistory;
  xiong.state_size = 1;
  xiong.continuous_state_size = 1;
  set_force<xiong_force>(xiong);
  xiong.state_rate = law_function<xiong_state_rate>;
  xiong.dissipation_parameter = "damping_offset";
  laws.push_back(xiong);

  LawInfo jian;
  jian.id = "jian";
  jian.family = "alternative";
  jian.formula = "F = 4G_e√R* δ^{3/2}/(3(1 − ν)) + (2η/(1 − ν))(1 − e^{−t/T})√(R* δ) δ̇, T = η/G0";
  jian.source = "Corral et al. (S001) Eq (5.83)–(5.88) (Jian et al. [193])";
  jian.notes =
      "For spheres of one material. The elastic term is Hertz with E* = G_e/(1 − ν) (two identical bodies: "
      "1/E* = 2(1 − ν²)/E, E = 2G(1 + ν)); it is built from G_e, ν and R* = |effective_radius|, not from K. t is "
      "the time since contact onset; the explicit-time forms Eq (5.89)–(5.91) (which need t_m, δ_m in advance) "
      "follow from this one by δ = δ_m sin(πt/(2t_m)) and are not used (models.md §7 decision 14). The damper "
      "∝ √δ δ̇ gives tension at the end of restitution, not clamped (models.md §7 decision 4).";
  jian.parameters = kJianParameters;
  jian.derived = kJianDerived;
  jian.needs = kNeedsTimeSinceOnset | kNeedsMaterials;
  jian.ignores = kIgnoresStiffness | kIgnoresExponent;  // 4G_e√R*/(3(1 − ν)) δ^{3/2}
  jian.can_tension = true;
  set_force<jian_force>(jian);
  jian.prepare = law_function<jian_prepare>;
  jian.potential = law_function<jian_potential>;
  jian.dissipation_parameter = "viscosity";
  laws.push_back(jian);
}

}  // namespace contactlab
