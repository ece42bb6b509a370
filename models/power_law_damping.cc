// SPDX-License-Identifier: MIT
// Power-law damping laws: F = K δ^{3/2} + χ δ^m δ̇ with χ independent of the impact velocity and m ≠ 3/2
// (models.md §3.E1–E13). Most are the common form with a law-specific χ and m, evaluated by one shared
// function (hertz_with_power_damping) given the law's dashpot weight χ δ^m; Alizadeh (power of δ̇) and Choi (power
// of δ̇ and a force floor) have their own. The Hertz exponent 3/2 is hard-wired as in the seeds (models.md §3.E):
// K = ContactInput::stiffness is read as the Hertz stiffness [N/m^1.5] and ContactInput::exponent is ignored,
// except by Choi, whose spring exponent m_s is the scene's exponent.
//
// Either/or inputs (a direct damping coefficient or the material viscosities; Tsuji's α or a target c_r): each
// alternative defaults to the value that contributes no damping (0, or c_r = 1), so the registry's defaults stay
// valid values; prepare() rejects a scene that gives both and uses whichever was given (neither: undamped Hertz).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <string_view>

#include "models/fixed_power.h"
#include "models/indentation_power.h"
#include "models/laws.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = std::numbers::pi;
const double kSqrt5 = std::sqrt(5.0);

// Slopes of fractional powers x^p (p < 1) are infinite at x = 0 and overflow to inf for denormal x. They are
// evaluated at max(x, kSlopeFloor) [m or m/s]: exact for x ≥ 1e-100, finite (if huge) below. F itself is
// always evaluated at the true δ and δ̇.
constexpr double kSlopeFloor = 1e-100;

struct PowerAndSlope {
  double value;  // x^p
  double slope;  // d(x^p)/dx = p x^{p−1} (0 for p = 0)
};

// x^p and its derivative for x ≥ 0, p ≥ 0 (slope at the floor above; x^0 = 1 with slope 0). One power, no
// std::pow for the common exponents (indentation_power): the slope p x^{p−1} is p x^p / x, from the same power.
PowerAndSlope power_and_slope(double x, double p) {
  if (p == 0.0) return {1.0, 0.0};
  if (p == 1.0) return {x, 1.0};
  const double value = indentation_power(x, p);
  const double at = std::max(x, kSlopeFloor);
  return {value, p * (at == x ? value : indentation_power(at, p)) / at};
}

double sign(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

// The dashpot weights χ δ^m of the common form and their slopes χ m δ^{m−1} (at δ ≥ kSlopeFloor, as
// power_and_slope), each taking its power the cheapest way; δ ≥ 0 and its square root, which the Hertz term has
// already taken, are given.

// Any m: indentation_power's square roots for the common exponents, else std::pow.
struct PowerWeight {
  double chi;
  double exponent;
  PowerAndSlope operator()(double indentation, double) const {
    const PowerAndSlope power = power_and_slope(indentation, exponent);
    return {chi * power.value, chi * power.slope};
  }
};

// m = 1/2: δ^{1/2} is the Hertz term's root (the same value power_and_slope takes).
struct HalfPowerWeight {
  double chi;
  PowerAndSlope operator()(double indentation, double root) const {
    const double at = std::max(indentation, kSlopeFloor);
    return {chi * root, chi * (0.5 * (at == indentation ? root : std::sqrt(at)) / at)};
  }
};

// m = 1/4 with χ = α √(K m_eff): χ δ^{1/4} = α √(K m_eff √δ), one square root where √(K m_eff) and √√δ took two.
// No less accurate: the two roundings of the product under the root are halved by the root (measured over contact's
// K, m_eff and δ: within 2.1 ulp of the exact value, where the product of the two roots was within 3.1).
struct QuarterPowerWeight {
  double alpha;
  double stiffness_mass;  // K m_eff [N·kg/m^1.5]
  PowerAndSlope operator()(double indentation, double root) const {
    const double at = std::max(indentation, kSlopeFloor);
    const double value = alpha * std::sqrt(stiffness_mass * root);
    return {value, 0.25 * (at == indentation ? value : alpha * std::sqrt(stiffness_mass * std::sqrt(at))) / at};
  }
};

// An m fixed by the law, prepared once (models/fixed_power.h): within a few ulp of std::pow at a fraction of its cost.
struct FixedPowerWeight {
  double chi;
  const FixedPower& power;
  PowerAndSlope operator()(double indentation, double) const {
    const double at = std::max(indentation, kSlopeFloor);
    const double per_at = 1.0 / at;  // while the power is taken, not after it
    const double value = power(indentation);
    return {chi * value, chi * (power.exponent() * (at == indentation ? value : power(at)) * per_at)};
  }
};

// The common form of models.md §3.E: F = K δ^{3/2} + χ δ^m δ̇, with the exact partials
// ∂F/∂δ = (3/2) K δ^{1/2} + m χ δ^{m−1} δ̇ and ∂F/∂δ̇ = χ δ^m, for the dashpot weight χ δ^m one of the above. With
// damp_restitution = false the damping acts only while δ̇ > 0 (Jankowski); at δ̇ ≤ 0 the law is Hertz and
// ∂F/∂δ̇ = 0 (its one-sided value for δ̇ → 0⁻).
template <class Weight>
ContactForce hertz_with_power_damping(const ContactInput& in, const Weight& weight, bool damp_restitution = true) {
  const double indentation = std::max(in.indentation, 0.0);
  const double root = std::sqrt(indentation);
  ContactForce out{in.stiffness * indentation * root, 1.5 * in.stiffness * root, 0.0};
  if (!damp_restitution && in.normal_velocity <= 0.0) return out;
  const PowerAndSlope damping = weight(indentation, root);
  out.force += damping.value * in.normal_velocity;
  out.dforce_dindentation += damping.slope * in.normal_velocity;
  out.dforce_dnormal_velocity = damping.value;
  return out;
}

// Recoverable energy of the Hertz spring, ∫ K δ^{3/2} dδ = (2/5) K δ^{5/2}; the damping term only dissipates.
double hertz_potential(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return 0.0;
  return 0.4 * in.stiffness * in.indentation * in.indentation * std::sqrt(in.indentation);
}

// Damping factor of a target restitution for F = K δ^{3/2} + α √(K m_eff) δ^{1/4} δ̇ with damping in both phases:
// α = √5 |ln c| / √(π² + ln² c) = (√5/2) g1 with g1 of Wang et al. (S003) Eq (11). Exact: u = δ^{5/4} turns the
// impact into a linear oscillator of damping ratio α/√5 (models.md §3.E11; derivation in the tests).
double exact_quarter_power_alpha(double restitution) {
  const double log_c = std::log(restitution);
  return kSqrt5 * std::abs(log_c) / std::sqrt(kPi * kPi + log_c * log_c);
}

[[noreturn]] void reject(std::string_view law, std::string_view problem) {
  throw std::invalid_argument("law '" + std::string(law) + "': " + std::string(problem));
}

// ---------------------------------------------------------------------------------------------------------
// E1 ristow (alias lee_herrmann) and E2 schafer: Hertz spring + dashpot χ δ^m δ̇, m = 0 by default.

// Ristow, Schäfer and Falcon: χ and the exponent of δ in the damping term (their units differ).
struct DashpotParameters {
  double damping;
  double damping_exponent;
};

constexpr LawParameter kRistowParameters[] = {
    {"damping", "1/(s·m^m)", "empirical damping rate χ; the dashpot is χ m_eff δ^m (1/s for m = 0)", 0.0, true,
     0.0, kInf, false, true},
    {"damping_exponent", "-", "exponent m of δ in the damping term (S001: 0; S000 Table 1: 1)", 0.0, false, 0.0,
     1.5, false, false},
};
static_assert(parameter_struct_declares<DashpotParameters>(kRistowParameters));

// Ristow / Lee–Herrmann: F = K δ^{3/2} + χ m_eff δ^m δ̇ (m = 0) — Corral et al. (S001) Eq (5.13); Alves et al. (S000) Table 1.
ContactForce ristow_force(const ContactInput& in, const DashpotParameters& p, const double*) {
  return hertz_with_power_damping(in, PowerWeight{p.damping * in.effective_mass, p.damping_exponent});
}

constexpr LawParameter kSchaferParameters[] = {
    {"damping", "N·s/m^(1+m)", "empirical damping coefficient χ (N·s/m for m = 0)", 0.0, true, 0.0, kInf, false,
     true},
    {"damping_exponent", "-", "exponent m of δ in the damping term (S001: 0; S000 Table 1: 1)", 0.0, false, 0.0,
     1.5, false, false},
};
static_assert(parameter_struct_declares<DashpotParameters>(kSchaferParameters));

// Schäfer et al.: F = K δ^{3/2} + χ δ^m δ̇ (m = 0) — Corral et al. (S001) Table 1, text after Eq (5.14); S000 Table 1.
ContactForce schafer_force(const ContactInput& in, const DashpotParameters& p, const double*) {
  return hertz_with_power_damping(in, PowerWeight{p.damping, p.damping_exponent});
}

// ---------------------------------------------------------------------------------------------------------
// E3 falcon, E4 bordbar_hyppanen: empirical χ with a fixed or given exponent.

constexpr LawParameter kFalconParameters[] = {
    {"damping", "N·s/m^(1+γ)", "empirical damping coefficient χ, fitted for the chosen γ", 0.0, true, 0.0, kInf,
     false, true},
    {"damping_exponent", "-", "exponent γ of |δ| in the damping term (0: linear dashpot; 1/4: speed-independent c_r)",
     0.25, false, 0.0, 1.5, false, false},
};
static_assert(parameter_struct_declares<DashpotParameters>(kFalconParameters));

// Falcon et al.: F = K δ^{3/2} + χ |δ|^γ δ̇ — Corral et al. (S001) Eq (5.15).
ContactForce falcon_force(const ContactInput& in, const DashpotParameters& p, const double*) {
  return hertz_with_power_damping(in, PowerWeight{p.damping, p.damping_exponent});
}

struct BordbarParameters {
  double damping;
};
constexpr LawParameter kBordbarParameters[] = {
    {"damping", "N·s/m^1.65", "empirical damping coefficient χ", 0.0, true, 0.0, kInf, false, true},
};
static_assert(parameter_struct_declares<BordbarParameters>(kBordbarParameters));

// δ^{0.65}, prepared on first use.
const FixedPower& bordbar_power() {
  static const FixedPower power(0.65);
  return power;
}

// Bordbar–Hyppänen: F = K δ^{3/2} + χ δ^{0.65} δ̇ — Corral et al. (S001) Eq (5.16); Alves et al. (S000) Table 1.
ContactForce bordbar_force(const ContactInput& in, const BordbarParameters& p, const double*) {
  return hertz_with_power_damping(in, FixedPowerWeight{p.damping, bordbar_power()});
}

// ---------------------------------------------------------------------------------------------------------
// E5 alizadeh: a damper filled with a power-law fluid.

struct AlizadehParameters {
  double fluid_consistency;
  double flow_index;
};
constexpr LawParameter kAlizadehParameters[] = {
    {"fluid_consistency", "N·s^n/m^(n+1)", "consistency μ of the power-law fluid (Pa·s for n_l = 1)", 0.0, true, 0.0,
     kInf, false, true},
    {"flow_index", "-", "flow index n_l of the fluid (1: Newtonian, < 1: shear thinning)", 1.0, false, 0.0, kInf,
     true, true},
};
static_assert(parameter_struct_declares<AlizadehParameters>(kAlizadehParameters));

// Alizadeh et al.: F = K δ^{3/2} + 4π μ δ sign(δ̇)|δ̇|^{n_l} — Corral et al. (S001) Eq (5.17).
ContactForce alizadeh_force(const ContactInput& in, const AlizadehParameters& p, const double*) {
  if (in.indentation <= 0.0) return {};
  const double coefficient = 4.0 * kPi * p.fluid_consistency;
  const double direction = sign(in.normal_velocity);
  const PowerAndSlope rate = power_and_slope(std::abs(in.normal_velocity), p.flow_index);
  const double root = std::sqrt(in.indentation);
  // d/dδ̇ [sign(δ̇)|δ̇|^n] = n|δ̇|^{n−1}, even in δ̇ (evaluated at |δ̇| ≥ kSlopeFloor).
  return {in.stiffness * in.indentation * root + coefficient * in.indentation * direction * rate.value,
          1.5 * in.stiffness * root + coefficient * direction * rate.value, coefficient * in.indentation * rate.slope};
}

// ---------------------------------------------------------------------------------------------------------
// E6–E9: viscoelastic spheres, F = K δ^{3/2} + χ δ^{1/2} δ̇ with χ from material viscosities or given directly.

struct KuwabaraKonoParameters {
  double damping;
  double internal_friction;
};
constexpr LawParameter kKuwabaraKonoParameters[] = {
    {"damping", "N·s/m^1.5", "damping coefficient χ, given directly (0: use internal_friction)", 0.0, false, 0.0,
     kInf, false, true},
    {"internal_friction", "Pa·s", "internal-friction factor D0; χ = 2 √R_eff D0 (0: use damping)", 0.0, false, 0.0,
     kInf, false, true},
};
static_assert(parameter_struct_declares<KuwabaraKonoParameters>(kKuwabaraKonoParameters));

// Kuwabara–Kono: F = K δ^{3/2} + χ δ^{1/2} δ̇, χ = 2 √R_eff D0 — Corral et al. (S001) Eq (5.36)–(5.37); Alves et al. (S000) Table 1.
ContactForce kuwabara_kono_force(const ContactInput& in, const KuwabaraKonoParameters& p, const double*) {
  return hertz_with_power_damping(
      in, HalfPowerWeight{p.damping + 2.0 * p.internal_friction * std::sqrt(std::abs(in.effective_radius))});
}

// Derives nothing: only rejects the two forms given at once.
void prepare_kuwabara_kono(KuwabaraKonoParameters& p) {
  if (p.damping > 0.0 && p.internal_friction > 0.0) {
    reject("kuwabara_kono", "give either damping or internal_friction, not both");
  }
}

// Brilliantov-type parameters: the dissipative constant A [s] directly, or the viscosities with E and ν; the A
// actually used is derived.
struct BrilliantovParameters {
  double dissipative_constant;
  double shear_viscosity;
  double bulk_viscosity;
  double youngs_modulus;
  double poisson_ratio;
  double damping_constant;  // derived
};
constexpr LawParameter kBrilliantovParameters[] = {
    {"dissipative_constant", "s", "material constant A, given directly (0 with no viscosities: no damping)", 0.0,
     false, 0.0, kInf, false, true},
    {"shear_viscosity", "Pa·s", "shear viscosity η (S000: η₁); with bulk_viscosity, youngs_modulus, poisson_ratio",
     0.0, false, 0.0, kInf, false, true},
    {"bulk_viscosity", "Pa·s", "bulk viscosity ξ (S000: η₂); with shear_viscosity, youngs_modulus, poisson_ratio",
     0.0, false, 0.0, kInf, false, true},
    {"youngs_modulus", "Pa", "Young's modulus E of the spheres' material (needed only with the viscosities)", 0.0,
     false, 0.0, kInf, false, true},
    {"poisson_ratio", "-", "Poisson ratio ν of the spheres' material (needed only with the viscosities)", 0.0, false,
     0.0, 0.5, false, false},
};
constexpr LawParameter kBrilliantovDerived[] = {
    {.name = "damping_constant",
     .unit = "s",
     .description = "A in use: dissipative_constant, or A from the viscosities"},
};
static_assert(parameter_struct_declares<BrilliantovParameters>(kBrilliantovParameters, kBrilliantovDerived));

// Shared checks of the Brilliantov-type inputs (BrilliantovParameters, ZhengParameters); returns true when the
// viscosities are to be used.
template <class Parameters>
bool uses_viscosities(std::string_view law, const Parameters& p, bool material_given_separately = false) {
  const bool viscosities = p.shear_viscosity > 0.0 || p.bulk_viscosity > 0.0;
  if (viscosities && p.dissipative_constant > 0.0) {
    reject(law, "give either dissipative_constant or the viscosities (shear_viscosity, bulk_viscosity), not both");
  }
  if (viscosities && !material_given_separately && !(p.youngs_modulus > 0.0 && p.poisson_ratio > 0.0)) {
    reject(law, "the viscosities need youngs_modulus > 0 and poisson_ratio > 0");
  }
  return viscosities;
}

// Brilliantov et al. (1996): A = (1/3)(3ξ − η)²/(3ξ + 2η) · (1 − ν²)(1 − 2ν)/(E ν²) — S001 Eq (5.48).
void prepare_brilliantov_1996(BrilliantovParameters& p) {
  double a = p.dissipative_constant;
  if (uses_viscosities("brilliantov_1996", p)) {
    const double eta = p.shear_viscosity, xi = p.bulk_viscosity, e = p.youngs_modulus, nu = p.poisson_ratio;
    a = (3.0 * xi - eta) * (3.0 * xi - eta) / (3.0 * (3.0 * xi + 2.0 * eta)) * (1.0 - nu * nu) * (1.0 - 2.0 * nu) /
        (e * nu * nu);
  }
  p.damping_constant = a;
}

// Brilliantov et al. (updated): A = (1/E)(1 + ν)/(1 − ν) [(4/3) η (1 − ν + ν²) + ξ (1 − 2ν)²] — S001 Eq (5.51).
void prepare_brilliantov_updated(BrilliantovParameters& p) {
  double a = p.dissipative_constant;
  if (uses_viscosities("brilliantov_updated", p)) {
    const double eta = p.shear_viscosity, xi = p.bulk_viscosity, e = p.youngs_modulus, nu = p.poisson_ratio;
    a = (1.0 + nu) / ((1.0 - nu) * e) * (4.0 / 3.0 * eta * (1.0 - nu + nu * nu) + xi * (1.0 - 2.0 * nu) * (1.0 - 2.0 * nu));
  }
  p.damping_constant = a;
}

// Brilliantov et al. (both versions): F = K δ^{3/2} + (3/2) K A δ^{1/2} δ̇ — Corral et al. (S001) Eq (5.36), (5.47); S000 Table 1.
ContactForce brilliantov_force(const ContactInput& in, const BrilliantovParameters& p, const double*) {
  return hertz_with_power_damping(in, HalfPowerWeight{1.5 * in.stiffness * p.damping_constant});
}

// Zheng et al.: E and ν enter χ itself, so they are always required; 2AE/(1 − ν²) is derived.
struct ZhengParameters {
  double dissipative_constant;
  double shear_viscosity;
  double bulk_viscosity;
  double youngs_modulus;
  double poisson_ratio;
  double damping_per_root_radius;  // derived
};
constexpr LawParameter kZhengParameters[] = {
    {"dissipative_constant", "s", "material constant A, given directly (0 with no viscosities: no damping)", 0.0,
     false, 0.0, kInf, false, true},
    {"shear_viscosity", "Pa·s", "shear viscosity η; with bulk_viscosity", 0.0, false, 0.0, kInf, false, true},
    {"bulk_viscosity", "Pa·s", "bulk viscosity ξ; with shear_viscosity", 0.0, false, 0.0, kInf, false, true},
    {"youngs_modulus", "Pa", "Young's modulus E of the spheres' material", 0.0, true, 0.0, kInf, true, true, ParameterRole::kYoungsModulus},
    {"poisson_ratio", "-", "Poisson ratio ν of the spheres' material", 0.0, true, 0.0, 0.5, false, false, ParameterRole::kPoissonRatio},
};
constexpr LawParameter kZhengDerived[] = {
    {.name = "damping_per_root_radius",
     .unit = "Pa·s",
     .description = "2AE/(1 − ν²): χ = damping_per_root_radius · √|R_eff|"},
};
static_assert(parameter_struct_declares<ZhengParameters>(kZhengParameters, kZhengDerived));

// Zheng et al.: A = ((1 − 2ν)(1 + ν)/E) (2ξ + η)/3 — S001 Eq (5.49); χ = 2AE√R_eff/(1 − ν²) — S001 Eq (5.50).
void prepare_zheng(ZhengParameters& p) {
  double a = p.dissipative_constant;
  const double e = p.youngs_modulus, nu = p.poisson_ratio;
  if (uses_viscosities("zheng", p, true)) {
    a = (1.0 - 2.0 * nu) * (1.0 + nu) / e * (2.0 * p.bulk_viscosity + p.shear_viscosity) / 3.0;
  }
  p.damping_per_root_radius = 2.0 * a * e / (1.0 - nu * nu);
}

// Zheng et al.: F = K δ^{3/2} + χ δ^{1/2} δ̇, χ = 2AE√R_eff/(1 − ν²) — Corral et al. (S001) Eq (5.36), (5.49)–(5.50).
ContactForce zheng_force(const ContactInput& in, const ZhengParameters& p, const double*) {
  return hertz_with_power_damping(
      in, HalfPowerWeight{p.damping_per_root_radius * std::sqrt(std::abs(in.effective_radius))});
}

// ---------------------------------------------------------------------------------------------------------
// E10–E12: damping α √(K m_eff) δ^{1/4} δ̇, velocity-independent restitution.

// The derived α of the three laws: χ = α √(K m_eff).
constexpr LawParameter kDampingFactor[] = {
    {.name = "damping_factor", .unit = "-", .description = "α in use: χ = α √(K m_eff)"},
};

struct TsujiParameters {
  double alpha;
  double restitution;
  double damping_factor;  // derived
};
constexpr LawParameter kTsujiParameters[] = {
    {"alpha", "-", "empirical damping constant α (0: use restitution)", 0.0, false, 0.0, kInf, false, true},
    {"restitution", "-", "target coefficient of restitution c_r, converted exactly to α (1: use alpha)", 1.0, false,
     0.0, 1.0, true, false, ParameterRole::kTargetRestitution},
};
static_assert(parameter_struct_declares<TsujiParameters>(kTsujiParameters, kDampingFactor));

void prepare_tsuji(TsujiParameters& p) {
  if (p.alpha > 0.0 && p.restitution < 1.0) reject("tsuji", "give either alpha or restitution, not both");
  p.damping_factor = p.alpha + exact_quarter_power_alpha(p.restitution);
}

// Tsuji et al.: F = K δ^{3/2} + α √(m_eff K) δ^{1/4} δ̇ — Corral et al. (S001) Eq (5.45)–(5.46); Alves et al. (S000) Table 1.
ContactForce tsuji_force(const ContactInput& in, const TsujiParameters& p, const double*) {
  return hertz_with_power_damping(in, QuarterPowerWeight{p.damping_factor, in.stiffness * in.effective_mass});
}

struct EdemParameters {
  double restitution;
  double damping_factor;  // derived
};
constexpr LawParameter kRestitutionOnly[] = {
    {"restitution", "-", "target coefficient of restitution c_r", 0.0, true, 0.0, 1.0, true, false,
     ParameterRole::kTargetRestitution},
};
static_assert(parameter_struct_declares<EdemParameters>(kRestitutionOnly, kDampingFactor));

void prepare_edem(EdemParameters& p) { p.damping_factor = exact_quarter_power_alpha(p.restitution); }

// EDEM (Hertz–Mindlin): F = K δ^{3/2} + (√5/2) g1 √(K m_eff) δ^{1/4} δ̇ — Wang et al. (S003) Eq (26) corrected (models.md erratum 27), g1 Eq (11).
ContactForce edem_force(const ContactInput& in, const EdemParameters& p, const double*) {
  return hertz_with_power_damping(in, QuarterPowerWeight{p.damping_factor, in.stiffness * in.effective_mass});
}

// The derived α is 2ξ, so that χ = 2ξ √(K m_eff).
struct JankowskiParameters {
  double restitution;
  double xi_variant;
  double damping_factor;  // derived
};
constexpr LawParameter kJankowskiParameters[] = {
    {"restitution", "-", "target coefficient of restitution c_r", 0.0, true, 0.0, 1.0, true, false,
     ParameterRole::kTargetRestitution},
    {"xi_variant", "-", "damping-ratio formula: 0 = xi_analytic, S001 (5.55); 1 = xi_simple, S001 (5.54)", 0.0, false,
     0.0, 1.0, false, false},
};
static_assert(parameter_struct_declares<JankowskiParameters>(kJankowskiParameters, kDampingFactor));

// Jankowski ξ_analytic = (9√5/2)(1 − c²)/(c[c(9π − 16) + 16]) — S001 Eq (5.55).
double jankowski_xi_analytic(double c) { return 4.5 * kSqrt5 * (1.0 - c * c) / (c * (c * (9.0 * kPi - 16.0) + 16.0)); }
// Jankowski ξ_simple = √5 (1 − c²)/(2π c) — S001 Eq (5.54).
double jankowski_xi_simple(double c) { return kSqrt5 * (1.0 - c * c) / (2.0 * kPi * c); }

void prepare_jankowski(JankowskiParameters& p) {
  if (p.xi_variant != 0.0 && p.xi_variant != 1.0) {
    reject("jankowski", "xi_variant must be 0 (xi_analytic) or 1 (xi_simple)");
  }
  p.damping_factor =
      2.0 * (p.xi_variant == 0.0 ? jankowski_xi_analytic(p.restitution) : jankowski_xi_simple(p.restitution));
}

// Jankowski: F = K δ^{3/2} + 2ξ √(K m_eff) δ^{1/4} δ̇ for δ̇ > 0, K δ^{3/2} for δ̇ ≤ 0 — Corral et al. (S001) Eq (5.52)–(5.53).
ContactForce jankowski_force(const ContactInput& in, const JankowskiParameters& p, const double*) {
  return hertz_with_power_damping(in, QuarterPowerWeight{p.damping_factor, in.stiffness * in.effective_mass},
                                  /*damp_restitution=*/false);
}

// ---------------------------------------------------------------------------------------------------------
// E13 choi: general power-law damping with a rebound force floor.

struct ChoiParameters {
  double damping;
  double damping_exponent;
  double velocity_exponent;
  double rebound_force_coefficient;
};
constexpr LawParameter kChoiParameters[] = {
    {"damping", "N·s^md/m^(mi+md)", "damping coefficient D", 0.0, true, 0.0, kInf, false, true},
    {"damping_exponent", "-", "exponent m_i > 0 of δ in the damping term (Lankarani–Nikravesh: 3/2)", 1.5, false,
     0.0, kInf, true, true},
    {"velocity_exponent", "-", "exponent m_d of |δ̇| in the damping term (1: linear in δ̇)", 1.0, false, 0.0, kInf,
     true, true},
    {"rebound_force_coefficient", "-", "R_c: the force never drops below R_c K δ^{m_s}", 0.0, false, 0.0, 1.0, false,
     false},
};
static_assert(parameter_struct_declares<ChoiParameters>(kChoiParameters));

// Choi et al.: F = max(K δ^{m_s} + D δ^{m_i} sign(δ̇)|δ̇|^{m_d}, R_c K δ^{m_s}) — Corral et al. (S001) Eq (5.72)–(5.74).
ContactForce choi_force(const ContactInput& in, const ChoiParameters& p, const double*) {
  if (in.indentation <= 0.0) return {};
  const PowerAndSlope spring = power_and_slope(in.indentation, in.exponent);
  // The default m_i = 3/2 is the Hertz spring's own exponent: its power and slope are then the spring's, taken once.
  const PowerAndSlope weight =
      p.damping_exponent == in.exponent ? spring : power_and_slope(in.indentation, p.damping_exponent);
  const PowerAndSlope rate = power_and_slope(std::abs(in.normal_velocity), p.velocity_exponent);
  const double direction = sign(in.normal_velocity);
  const double elastic = in.stiffness * spring.value;
  const double damped = elastic + p.damping * weight.value * direction * rate.value;
  const double floor = p.rebound_force_coefficient * elastic;
  if (damped >= floor) {
    return {damped, in.stiffness * spring.slope + p.damping * weight.slope * direction * rate.value,
            p.damping * weight.value * rate.slope};
  }
  return {floor, p.rebound_force_coefficient * in.stiffness * spring.slope, 0.0};
}

// Elastic energy of Choi's spring K δ^{m_s}, m_s = the scene's exponent.
double choi_potential(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return 0.0;
  return in.stiffness * indentation_power(in.indentation, in.exponent + 1.0) / (in.exponent + 1.0);
}

// ---------------------------------------------------------------------------------------------------------

constexpr std::string_view kRistowAliases[] = {"lee_herrmann"};

// Common defaults of the family: Hertz potential, tension possible, no jump, δ = 0 separation, no state.
template <auto Force>
LawInfo power_law(std::string_view id, std::string_view formula, std::string_view source, std::string_view notes,
                  std::span<const LawParameter> parameters) {
  LawInfo law;
  law.id = id;
  law.family = "power_law_damping";
  law.formula = formula;
  law.source = source;
  law.notes = notes;
  law.parameters = parameters;
  law.can_tension = true;
  law.fixed_exponent = 1.5;  // the Hertz spring K δ^{3/2}, whatever the pair's exponent (choi's is the pair's)
  set_force<Force>(law);
  law.potential = hertz_potential;
  return law;
}

}  // namespace

void append_power_law_damping_laws(std::vector<LawInfo>& laws) {
  LawInfo ristow = power_law<ristow_force>(
      "ristow", "F = K δ^{3/2} + χ m_eff δ^m δ̇ (m = 0 by default)",
      "Corral et al. (S001) Eq (5.13)–(5.14), Table 1; Alves et al. (S000) Table 1 (Ristow, Lee–Herrmann rows)",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. m = 0 by default (S001 (5.13)); S000 Table 1 prints m = 1 (χ δ δ̇ for Ristow, "
      "m_eff χ δ δ̇ for Lee–Herrmann), whose units fail with χ a rate (models.md erratum 6), so m stays configurable "
      "(models.md §7 item 6). With m = 0 the force jumps to χ m_eff δ̇⁻ at onset, turns tensile at the end of "
      "restitution and the restitution grows with impact speed (models.md §2.6). Tension (F < 0) near the end of "
      "restitution is the published behaviour and is not clamped here (models.md §7 item 4; a scene may clamp it).",
      kRistowParameters);
  ristow.aliases = kRistowAliases;
  ristow.needs = kNeedsEffectiveMass;
  ristow.force_jump = true;
  ristow.dissipation_parameter = "damping";
  laws.push_back(ristow);

  LawInfo schafer = power_law<schafer_force>(
      "schafer", "F = K δ^{3/2} + χ δ^m δ̇ (m = 0 by default)",
      "Corral et al. (S001) Table 1 and the text after Eq (5.14); Alves et al. (S000) Table 1",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. m = 0 by default (S001 Table 1); S000 Table 1 groups Schäfer with Ristow as χ δ δ̇ "
      "(m = 1) — models.md erratum 6 — so m stays configurable (models.md §7 item 6). With m = 0 the force jumps to "
      "χ δ̇⁻ at onset and the restitution grows with impact speed (models.md §2.6). Tension (F < 0) near the end of "
      "restitution is the published behaviour and is not clamped here (models.md §7 item 4; a scene may clamp it).",
      kSchaferParameters);
  schafer.force_jump = true;
  schafer.dissipation_parameter = "damping";
  laws.push_back(schafer);

  LawInfo falcon = power_law<falcon_force>(
      "falcon", "F = K δ^{3/2} + χ |δ|^γ δ̇", "Corral et al. (S001) Eq (5.15)",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. γ defaults to 1/4, the value Falcon et al. found to give a speed-independent "
      "restitution (models.md §2.6, §3.E3); χ must be fitted for the chosen γ. force_jump is set because γ = 0 (a linear "
      "dashpot) jumps to χ δ̇⁻ at onset; γ > 0 starts continuously. Tension (F < 0) near the end of restitution is the "
      "published behaviour and is not clamped here (models.md §7 item 4; a scene may clamp it).",
      kFalconParameters);
  falcon.force_jump = true;
  falcon.dissipation_parameter = "damping";
  laws.push_back(falcon);

  LawInfo bordbar = power_law<bordbar_force>(
      "bordbar_hyppanen", "F = K δ^{3/2} + χ δ^{0.65} δ̇",
      "Corral et al. (S001) Eq (5.16); Alves et al. (S000) Table 1 (with Schwager–Pöschel [119])",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. The exponent 0.65 is fixed (ice particles of Saturn's rings); χ is empirical, in "
      "N·s/m^1.65. No separate Schwager–Pöschel formula is given in the seeds (models.md §3.E4). Tension (F < 0) near "
      "the end of restitution is the published behaviour and is not clamped here (models.md §7 item 4; a scene may "
      "clamp it).",
      kBordbarParameters);
  bordbar.dissipation_parameter = "damping";
  laws.push_back(bordbar);

  LawInfo alizadeh = power_law<alizadeh_force>(
      "alizadeh", "F = K δ^{3/2} + 4π μ δ sign(δ̇)|δ̇|^{n_l}", "Corral et al. (S001) Eq (5.17)",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. The printed δ̇^{n_l} is undefined for δ̇ < 0 and non-integer n_l; it is read as "
      "sign(δ̇)|δ̇|^{n_l} so the damper always opposes the motion (models.md §3.E5, §7 item 12). The glyph printed 'l' "
      "is read as μ. ∂F/∂δ̇ = 4πμ δ n_l |δ̇|^{n_l−1} is infinite at δ̇ = 0 for n_l < 1; it is evaluated at "
      "|δ̇| = 1e-100 m/s there. Tension (F < 0) near the end of restitution is the published behaviour and is not "
      "clamped here (models.md §7 item 4; a scene may clamp it).",
      kAlizadehParameters);
  alizadeh.dissipation_parameter = "fluid_consistency";
  laws.push_back(alizadeh);

  LawInfo kuwabara_kono = power_law<kuwabara_kono_force>(
      "kuwabara_kono", "F = K δ^{3/2} + χ δ^{1/2} δ̇, χ given or χ = 2 √R_eff D0",
      "Corral et al. (S001) Eq (5.36)–(5.38); Alves et al. (S000) Table 1",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. S001's D0 from the viscosities (5.38) has units 1/(Pa·s) instead of Pa·s and cannot "
      "be recovered (models.md erratum 11), so the viscosity route is not offered: give χ directly (recommended, "
      "models.md §3.E6) or D0 in Pa·s, turned into χ = 2 √|R_eff| D0 with (5.37). The restitution falls with impact "
      "speed, 1 − c ∝ v^{1/5} (models.md §2.6). Tension (F < 0) near the end of restitution is the published behaviour "
      "and is not clamped here (models.md §7 item 4; a scene may clamp it).",
      kKuwabaraKonoParameters);
  kuwabara_kono.needs = kNeedsMaterials;  // R_eff, when D0 is given
  kuwabara_kono.prepare = law_function<prepare_kuwabara_kono>;
  kuwabara_kono.dissipation_parameter = "damping";
  laws.push_back(kuwabara_kono);

  LawInfo brilliantov_1996 = power_law<brilliantov_force>(
      "brilliantov_1996", "F = K δ^{3/2} + (3/2) K A δ^{1/2} δ̇",
      "Corral et al. (S001) Eq (5.36), (5.47)–(5.48); Alves et al. (S000) Table 1",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. A is given directly (the default route; S000 notes it is normally fitted) or from "
      "the viscosities with S001 (5.48), A = (1/3)(3ξ − η)²/(3ξ + 2η)·(1 − ν²)(1 − 2ν)/(E ν²), preferred over S000 "
      "Table 1, which differs by the factor (3/2)(1 + ν) (models.md erratum 7). ν = 0 is singular in (5.48) and means "
      "'not given'. The restitution falls with impact speed, 1 − c ∝ v^{1/5} (models.md §2.6). Tension (F < 0) near the "
      "end of restitution is the published behaviour and is not clamped here (models.md §7 item 4; a scene may clamp "
      "it).",
      kBrilliantovParameters);
  brilliantov_1996.derived = kBrilliantovDerived;
  brilliantov_1996.prepare = law_function<prepare_brilliantov_1996>;
  brilliantov_1996.dissipation_parameter = "dissipative_constant";
  laws.push_back(brilliantov_1996);

  LawInfo zheng = power_law<zheng_force>(
      "zheng", "F = K δ^{3/2} + χ δ^{1/2} δ̇, χ = 2 A E √R_eff/(1 − ν²)", "Corral et al. (S001) Eq (5.36), (5.49)–(5.50)",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. A is given directly (the default route, recommended) or from the viscosities with "
      "the low-confidence reading A = ((1 − 2ν)(1 + ν)/E)(2ξ + η)/3 of the glyph-garbled S001 (5.49) (models.md "
      "erratum 12: which viscosity carries the 2 is uncertain). E and ν enter χ (5.50), so they are always required; "
      "R_eff comes from the contact (|R_eff| is used). The restitution falls with impact speed, 1 − c ∝ v^{1/5} "
      "(models.md §2.6). Tension (F < 0) near the end of restitution is the published behaviour and is not clamped here "
      "(models.md §7 item 4; a scene may clamp it).",
      kZhengParameters);
  zheng.needs = kNeedsMaterials;  // R_eff
  zheng.derived = kZhengDerived;
  zheng.prepare = law_function<prepare_zheng>;
  zheng.dissipation_parameter = "dissipative_constant";
  laws.push_back(zheng);

  LawInfo brilliantov_updated = power_law<brilliantov_force>(
      "brilliantov_updated", "F = K δ^{3/2} + (3/2) K A δ^{1/2} δ̇, A (5.51)", "Corral et al. (S001) Eq (5.36), (5.47), (5.51)",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. A is given directly (the default route, recommended) or from the viscosities with "
      "the low-confidence reading A = (1/E)(1 + ν)/(1 − ν)[(4/3) η (1 − ν + ν²) + ξ (1 − 2ν)²] of S001 (5.51), the 4/3 "
      "taken on the η term only (models.md erratum 12, §3.E9); ν = 0 means 'not given'. The restitution falls with "
      "impact speed, 1 − c ∝ v^{1/5} (models.md §2.6). Tension (F < 0) near the end of restitution is the published "
      "behaviour and is not clamped here (models.md §7 item 4; a scene may clamp it).",
      kBrilliantovParameters);
  brilliantov_updated.derived = kBrilliantovDerived;
  brilliantov_updated.prepare = law_function<prepare_brilliantov_updated>;
  brilliantov_updated.dissipation_parameter = "dissipative_constant";
  laws.push_back(brilliantov_updated);

  LawInfo tsuji = power_law<tsuji_force>(
      "tsuji", "F = K δ^{3/2} + α √(m_eff K) δ^{1/4} δ̇", "Corral et al. (S001) Eq (5.45)–(5.46); Alves et al. (S000) Table 1",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. m = 1/4 as in S001; S000 Table 1 prints δ^{1/2} with m = 1/4 in its m column "
      "(models.md erratum 4). α is given, or computed from a target c_r with the exact α = √5|ln c|/√(π² + ln² c) of "
      "models.md §3.E11 instead of Tsuji's empirical curve (u = δ^{5/4} makes the impact a linear oscillator of damping "
      "ratio α/√5, so c_out = c_r at any speed). α ≥ √5 is overdamped: no rebound. Tension (F < 0) near the end of "
      "restitution is the published behaviour and is not clamped here (models.md §7 item 4; a scene may clamp it).",
      kTsujiParameters);
  tsuji.needs = kNeedsEffectiveMass;
  tsuji.derived = kDampingFactor;
  tsuji.prepare = law_function<prepare_tsuji>;
  tsuji.accurate_restitution_min = 0.0;
  tsuji.accurate_restitution_max = 1.0;
  tsuji.dissipation_parameter = "restitution";
  laws.push_back(tsuji);

  LawInfo edem = power_law<edem_force>(
      "edem_hertz_mindlin", "F = K δ^{3/2} + (√5/2) g1 √(K m_eff) δ^{1/4} δ̇, g1 = 2|ln c|/√(π² + ln² c)",
      "Wang et al. (S003) Eq (26) corrected, Eq (11)",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. S003 (26) prints K_h δ³ + (√5/2) g1 √(K_h M δ⁴) δ̇; corrected to δ^{3/2} and "
      "√(K_h M) δ^{1/4} (models.md erratum 27), M = m_eff. Damping acts in both phases, which makes c_out = c_r exactly "
      "at any speed (models.md §3.E11). Tension (F < 0) near the end of restitution is the published behaviour (up to "
      "≈ 15 % of F_max, models.md §5.8) and is not clamped here (models.md §7 item 4; a scene may clamp it).",
      kRestitutionOnly);
  edem.needs = kNeedsEffectiveMass;
  edem.derived = kDampingFactor;
  edem.prepare = law_function<prepare_edem>;
  edem.accurate_restitution_min = 0.0;
  edem.accurate_restitution_max = 1.0;
  edem.dissipation_parameter = "restitution";
  laws.push_back(edem);

  LawInfo jankowski = power_law<jankowski_force>(
      "jankowski", "F = K δ^{3/2} + 2ξ √(K m_eff) δ^{1/4} δ̇ for δ̇ > 0, K δ^{3/2} for δ̇ ≤ 0",
      "Corral et al. (S001) Eq (5.52)–(5.55); Alves et al. (S000) Table 1",
      "Hertz exponent 3/2 hard-wired as in the seeds (models.md §3.E): K is the Hertz stiffness [N/m^1.5] and the "
      "scene's exponent is ignored. S000 Table 1 prints χ δ δ̇ with δ^{1/4} also inside χ (units N·m); the law is "
      "2ξ √(K m_eff) δ^{1/4} δ̇ (models.md erratum 5). Damping only while approaching (δ̇ > 0): no tension, F is "
      "continuous at δ̇ = 0 (only ∂F/∂δ̇ jumps; 0 is returned at δ̇ ≤ 0). ξ: xi_variant 0 = xi_analytic S001 (5.55) "
      "(default), 1 = xi_simple S001 (5.54). Exactly, c_out = exp(−ζ arccos ζ/√(1 − ζ²)) with ζ = 2ξ/√5 at any speed; "
      "xi_analytic is within 0.0086 of c_r on (0, 1] (max at c_r ≈ 0.23, not ≤ 0.007 as models.md §3.E12 states), "
      "xi_simple within 0.01 only for c_r ≥ 0.830. The accurate range below is the one valid for both variants.",
      kJankowskiParameters);
  jankowski.needs = kNeedsEffectiveMass;
  jankowski.derived = kDampingFactor;
  jankowski.prepare = law_function<prepare_jankowski>;
  jankowski.can_tension = false;
  jankowski.accurate_restitution_min = 0.83;
  jankowski.accurate_restitution_max = 1.0;
  jankowski.dissipation_parameter = "restitution";
  laws.push_back(jankowski);

  LawInfo choi = power_law<choi_force>(
      "choi", "F = max(K δ^{m_s} + D δ^{m_i} sign(δ̇)|δ̇|^{m_d}, R_c K δ^{m_s})", "Corral et al. (S001) Eq (5.72)–(5.74)",
      "The spring exponent m_s is the scene's exponent n (Hertz stiffness: 3/2), so K and its units stay consistent. "
      "The hysteresis factor χ = D|δ̇|^{m_d}/|δ̇| of (5.73) is written as D sign(δ̇)|δ̇|^{m_d}. The floor F_min = R_c K "
      "δ^{m_s} (5.74) keeps the force repulsive (R_c = 0 clamps at 0): never attractive. Where the floor is active, "
      "∂F/∂δ̇ = 0; at the switch the damped branch is used. For m_d < 1, ∂F/∂δ̇ is evaluated at |δ̇| ≥ 1e-100 m/s. "
      "m_i > 0 keeps F continuous at onset (models.md §3.E13). Defaults m_i = 3/2, m_d = 1 give Lankarani–Nikravesh-type damping with a constant D, on which the law is based. "
      "The triangle-mesh contact detection of the original is not part of the force law.",
      kChoiParameters);
  choi.can_tension = false;
  choi.fixed_exponent = 0.0;  // m_s is the pair's exponent
  choi.potential = choi_potential;
  choi.dissipation_parameter = "damping";
  laws.push_back(choi);
}

}  // namespace contactlab
