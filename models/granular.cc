// SPDX-License-Identifier: MIT
// Laws of Wang et al. (S003), written for granular systems (models.md §3.F):
//   wang_kv_granular — the Kelvin–Voigt-inspired "new model" with loss factors g1, g2 (S003 Eq (25)),
//   ma_liu           — the Ma–Liu static elastoplastic model "ML" (S003 Eq (1)–(3)) with history.
// Both use the Ma–Liu loading curve, whose constants depend on E* and R* (known only at run time, from
// ContactInput) and on the parameters σ_y, ψ, ε. S003's E is our effective modulus, 1/E = Σ(1−ν_i²)/E_i, and its
// R = R1R2/(R1 ± R2) our effective radius; for internal contact (R* < 0 in contactlab) S003's "−" sign gives the
// positive conformal radius, so |R*| is used.
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <string_view>

#include "models/laws.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = std::numbers::pi;

// ---------------------------------------------------------------------------------------------------------
// The Ma–Liu loading curve, S003 Eq (1)–(2) (models.md §3.F2).

struct MaLiuCurve {
  double hertz_stiffness = 0.0;     // K_h = (4/3) E √R [N/m^1.5]
  double yield_indentation = 0.0;   // δ_y = π² R p_y² / (4E²) [m]
  double yield_force = 0.0;         // F_y = π³ R² p_y³ / (6E²) = K_h δ_y^{3/2} [N]
  double plastic_indentation = 0.0; // δ_p = ε² δ_y / 2 [m]
  double plastic_force = 0.0;       // F_p = δ_p (c1 + c2 ln(ε²/2)) + c3 [N]
  double plastic_slope = 0.0;       // k1 = 2π R ψ σ_y [N/m]
  double c1 = 0.0;                  // [N/m]
  double c2 = 0.0;                  // [N/m]
  double c3 = 0.0;                  // [N]
};

// Coefficients of S003 Eq (2). `log_half_epsilon_squared` is L = ln(ε²/2), precomputed once per pair (prepare).
MaLiuCurve ma_liu_curve(double modulus, double radius, double yield_strength, double hardness_ratio,
                        double epsilon, double log_half_epsilon_squared) {
  MaLiuCurve c;
  const double r = std::abs(radius);
  const double critical_pressure = 1.61 * yield_strength;  // p_y
  const double l = log_half_epsilon_squared;
  const double pressure_ratio = kPi * critical_pressure / (2.0 * modulus);
  c.hertz_stiffness = 4.0 / 3.0 * modulus * std::sqrt(r);
  c.yield_indentation = r * pressure_ratio * pressure_ratio;
  c.yield_force = kPi * kPi * kPi * r * r * critical_pressure * critical_pressure * critical_pressure /
                  (6.0 * modulus * modulus);
  c.plastic_indentation = 0.5 * epsilon * epsilon * c.yield_indentation;
  c.plastic_slope = 2.0 * kPi * r * hardness_ratio * yield_strength;
  c.c1 = (critical_pressure * (1.0 + l) - 2.0 * hardness_ratio * yield_strength) / l * kPi * r;
  c.c2 = (2.0 * hardness_ratio * yield_strength - critical_pressure) / l * kPi * r;
  c.c3 = c.yield_force - c.c1 * c.yield_indentation;
  c.plastic_force = c.plastic_indentation * (c.c1 + c.c2 * l) + c.c3;
  return c;
}

struct ForceAndSlope {
  double force;
  double slope;
};

// The Hertz part of the loading curve, K_h δ^{3/2}, below δ_y.
ForceAndSlope hertz_loading(double hertz_stiffness, double indentation) {
  const double root = std::sqrt(indentation);
  return {hertz_stiffness * indentation * root, 1.5 * hertz_stiffness * root};
}

// Ma–Liu loading: Hertz below δ_y, δ(c1 + c2 ln(δ/δ_y)) + c3 up to δ_p, then linear — S003 Eq (1). C¹ (§3.F2).
ForceAndSlope ma_liu_loading(const MaLiuCurve& c, double indentation) {
  if (indentation < c.yield_indentation) return hertz_loading(c.hertz_stiffness, indentation);
  if (indentation < c.plastic_indentation) {
    const double log_ratio = std::log(indentation / c.yield_indentation);
    return {indentation * (c.c1 + c.c2 * log_ratio) + c.c3, c.c1 + c.c2 * (1.0 + log_ratio)};
  }
  return {c.plastic_force + c.plastic_slope * (indentation - c.plastic_indentation), c.plastic_slope};
}

// Work of the loading curve from 0 to δ, ∫ F dδ in closed form branch by branch (S003 Eq (1)).
double ma_liu_loading_work(const MaLiuCurve& c, double indentation) {
  const double dy = c.yield_indentation;
  if (indentation <= dy) return 0.4 * c.hertz_stiffness * indentation * indentation * std::sqrt(indentation);
  auto elastoplastic = [&](double d) {  // ∫_{δ_y}^{d} [δ(c1 + c2 ln(δ/δ_y)) + c3] dδ
    return 0.5 * c.c1 * (d * d - dy * dy) + c.c2 * (0.5 * d * d * std::log(d / dy) - 0.25 * d * d + 0.25 * dy * dy) +
           c.c3 * (d - dy);
  };
  const double at_yield = 0.4 * c.hertz_stiffness * dy * dy * std::sqrt(dy);
  if (indentation <= c.plastic_indentation) return at_yield + elastoplastic(indentation);
  const double beyond = indentation - c.plastic_indentation;
  return at_yield + elastoplastic(c.plastic_indentation) + c.plastic_force * beyond + 0.5 * c.plastic_slope * beyond * beyond;
}

// A 0/1 switch given as a double: reject anything else at compile time (prepare may throw; force may not).
void require_switch(std::string_view law, std::string_view name, double value) {
  if (value != 0.0 && value != 1.0) {
    throw std::invalid_argument("law '" + std::string(law) + "': " + std::string(name) + " must be 0 or 1, found " +
                                std::to_string(value));
  }
}

// ---------------------------------------------------------------------------------------------------------
// wang_kv_granular

struct WangKvParameters {
  double elastic_restitution;
  double plastic_restitution;
  double yield_strength;
  double hardness_ratio;
  double uniform_contact_parameter;
  double affine_plastic_branch;
  double exact_elastic_damping;
  double log_half_epsilon_squared;  // derived
};

constexpr LawParameter kWangKvParameters[] = {
    {"elastic_restitution", "-", "c_e: CoR of the elastic phase, sets the loss factor g2 (S003 Eq (23))", 0.0, true,
     0.0, 1.0, true, false},
    {"plastic_restitution", "-", "c_p: CoR of the elastoplastic/plastic phase, sets the loss factor g1 (S003 Eq (11))",
     0.0, true, 0.0, 1.0, true, false},
    {"yield_strength", "Pa", "σ_y: yield strength; p_y = 1.61 σ_y (S003 Eq (1))", 0.0, true, 0.0, kInf, true, true, ParameterRole::kYieldStrength},
    {"hardness_ratio", "-", "ψ: Brinell hardness / yield strength (Ma–Liu; S003 §3.4 uses 3.0)", 3.0, false, 0.0,
     kInf, true, true},
    {"uniform_contact_parameter", "-",
     "ε: Ma–Liu geometric parameter, δ_p = ε² δ_y / 2; must exceed √2 so that δ_p > δ_y (S003 §3.4 uses 13)", 13.0,
     false, std::numbers::sqrt2, kInf, true, true},
    {"affine_plastic_branch", "-",
     "0: published K_p δ above δ_y (force jumps by K_p δ_y − F_y at δ_y); 1: F_y + K_p (δ − δ_y) (continuous)", 0.0,
     false, 0.0, 1.0, false, false},
    {"exact_elastic_damping", "-",
     "0: g2 of S003 Eq (23), corrected (c_out < c_e); 1: g2 = (√5/2) g1(c_e), which returns c_e exactly", 0.0, false,
     0.0, 1.0, false, false},
};
// ln(ε²/2) of the Ma–Liu constants, once per pair.
constexpr LawParameter kLogHalfEpsilonSquared[] = {
    {.name = "log_half_epsilon_squared", .unit = "-", .description = "ln(ε²/2) of S003 Eq (2)"},
};
static_assert(parameter_struct_declares<WangKvParameters>(kWangKvParameters, kLogHalfEpsilonSquared));

// Per-contact state: constants that depend on E*, R*, m_eff, computed at kOnset (no history).
enum WangKvState {
  kHertzStiffness = 0,    // K_h [N/m^1.5]
  kElasticDamping = 1,    // g2 √(K_h M) [N·s/m^1.25]
  kYieldIndentation = 2,  // δ_y [m]
  kPlasticStiffness = 3,  // K_p [N/m]
  kPlasticDamping = 4,    // g1 √(K_p M) [N·s/m]
  kPlasticOffset = 5,     // 0 (published K_p δ) or F_y − K_p δ_y (affine) [N]
  kWangKvStateSize = 6,
};

// Loss factor of the linear phase: g1 = 2|ln c| / √(π² + ln² c) — S003 Eq (11); exact for a Kelvin–Voigt
// oscillator separating at δ = 0.
double loss_factor_linear(double restitution) {
  const double log_c = std::log(restitution);
  return 2.0 * std::abs(log_c) / std::sqrt(kPi * kPi + log_c * log_c);
}

// Loss factor of the elastic phase: g2 = 9√5 (1 − c²) / (c [(9π − 16) c + 16]) — S003 Eq (23) with the last line
// corrected from the line before it (models.md §6 erratum 24); equals 2ξ of Jankowski, S001 Eq (5.55).
double loss_factor_elastic(double restitution) {
  const double c = restitution;
  return 9.0 * std::sqrt(5.0) * (1.0 - c * c) / (c * ((9.0 * kPi - 16.0) * c + 16.0));
}

void wang_kv_prepare(WangKvParameters& p) {
  require_switch("wang_kv_granular", "affine_plastic_branch", p.affine_plastic_branch);
  require_switch("wang_kv_granular", "exact_elastic_damping", p.exact_elastic_damping);
  p.log_half_epsilon_squared = std::log(0.5 * p.uniform_contact_parameter * p.uniform_contact_parameter);
}

// At onset: K_h, δ_y from E*, R*; K_p = (F(δ_p) − F(δ_y))/(δ_p − δ_y) — S003 Eq (12); damping with M = m_eff.
void wang_kv_event(ContactEvent event, const ContactInput& in, const WangKvParameters& p, double* state) {
  if (event != ContactEvent::kOnset) return;
  const MaLiuCurve curve = ma_liu_curve(in.effective_modulus, in.effective_radius, p.yield_strength, p.hardness_ratio,
                                        p.uniform_contact_parameter, p.log_half_epsilon_squared);
  const double plastic_stiffness =
      (curve.plastic_force - curve.yield_force) / (curve.plastic_indentation - curve.yield_indentation);
  const double c_e = p.elastic_restitution;
  const double g2 = p.exact_elastic_damping == 1.0 ? 0.5 * std::sqrt(5.0) * loss_factor_linear(c_e)
                                                   : loss_factor_elastic(c_e);
  const double g1 = loss_factor_linear(p.plastic_restitution);
  state[kHertzStiffness] = curve.hertz_stiffness;
  state[kElasticDamping] = g2 * std::sqrt(curve.hertz_stiffness * in.effective_mass);
  state[kYieldIndentation] = curve.yield_indentation;
  state[kPlasticStiffness] = plastic_stiffness;
  state[kPlasticDamping] = g1 * std::sqrt(plastic_stiffness * in.effective_mass);
  state[kPlasticOffset] =
      p.affine_plastic_branch == 1.0 ? curve.yield_force - plastic_stiffness * curve.yield_indentation : 0.0;
}

// Wang et al.: K_h δ^{3/2} + g2 √(K_h M) δ^{1/4} δ̇ (δ ≤ δ_y), K_p δ + g1 √(K_p M) δ̇ (δ > δ_y) — S003 Eq (25).
ContactForce wang_kv_force(const ContactInput& in, const double*, const double* state) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  if (d <= state[kYieldIndentation]) {
    const double quarter = std::sqrt(std::sqrt(d));  // δ^{1/4}
    const double root = quarter * quarter;           // δ^{1/2}
    const double elastic = state[kHertzStiffness] * d * root;
    const double damping = state[kElasticDamping] * quarter;  // g2 √(K_h M) δ^{1/4}
    return {elastic + damping * in.normal_velocity,
            1.5 * state[kHertzStiffness] * root + 0.25 * damping / d * in.normal_velocity, damping};
  }
  return {state[kPlasticStiffness] * d + state[kPlasticOffset] + state[kPlasticDamping] * in.normal_velocity,
          state[kPlasticStiffness], state[kPlasticDamping]};
}

// Energy of the (conservative, δ-only) spring part: ∫ K_h δ^{3/2} up to δ_y, then ∫ (K_p δ + offset).
double wang_kv_potential(const ContactInput& in, const double*, const double* state) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  const double yield = state[kYieldIndentation];
  if (d <= yield) return 0.4 * state[kHertzStiffness] * d * d * std::sqrt(d);
  return 0.4 * state[kHertzStiffness] * yield * yield * std::sqrt(yield) +
         0.5 * state[kPlasticStiffness] * (d * d - yield * yield) + state[kPlasticOffset] * (d - yield);
}

// ---------------------------------------------------------------------------------------------------------
// ma_liu

struct MaLiuParameters {
  double yield_strength;
  double hardness_ratio;
  double uniform_contact_parameter;
  double reset_history_at_onset;
  double log_half_epsilon_squared;  // derived
};

constexpr LawParameter kMaLiuParameters[] = {
    {"yield_strength", "Pa", "σ_y: yield strength; p_y = 1.61 σ_y (S003 Eq (1))", 0.0, true, 0.0, kInf, true, true, ParameterRole::kYieldStrength},
    {"hardness_ratio", "-", "ψ: Brinell hardness / yield strength (Ma–Liu; S003 §3.4 uses 3.0)", 3.0, false, 0.0,
     kInf, true, true},
    {"uniform_contact_parameter", "-",
     "ε: Ma–Liu geometric parameter, δ_p = ε² δ_y / 2; must exceed √2 so that δ_p > δ_y (S003 §3.4 uses 13)", 13.0,
     false, std::numbers::sqrt2, kInf, true, true},
    {"reset_history_at_onset", "-",
     "0: keep δ_max, δ_r, R^e from the pair's previous contact (S003 §1, §3.5: saved for the next contact); "
     "1: every contact starts on the virgin loading curve",
     0.0, false, 0.0, 1.0, false, false},
};
static_assert(parameter_struct_declares<MaLiuParameters>(kMaLiuParameters, kLogHalfEpsilonSquared));

// History (changed only at kMaxIndentation, or cleared at kOnset when asked to), then the Hertz part of the loading
// curve, set at every kOnset from E*, R*: below δ_y the force needs only these two, not the whole curve (a square root
// and four divisions).
enum MaLiuState {
  kMaxIndentationReached = 0,  // δ_max [m]; 0 = virgin loading curve
  kMaxForce = 1,               // F_max = F_loading(δ_max) [N]
  kResidualIndentation = 2,    // δ_r = δ_max − a_max²/R^e [m]
  kUnloadingRadius = 3,        // R^e = 4E a_max³/(3 F_max) [m]
  kUnloadingStiffness = 4,     // (4/3) E √R^e [N/m^1.5], cached for the force
  kLoadingHertzStiffness = 5,  // K_h = (4/3) E √R [N/m^1.5] of the loading curve
  kLoadingYieldIndentation = 6,  // δ_y [m] of the loading curve
  kMaLiuStateSize = 7,
};

void ma_liu_prepare(MaLiuParameters& p) {
  require_switch("ma_liu", "reset_history_at_onset", p.reset_history_at_onset);
  p.log_half_epsilon_squared = std::log(0.5 * p.uniform_contact_parameter * p.uniform_contact_parameter);
}

MaLiuCurve ma_liu_curve_of(const ContactInput& in, const MaLiuParameters& p) {
  return ma_liu_curve(in.effective_modulus, in.effective_radius, p.yield_strength, p.hardness_ratio,
                      p.uniform_contact_parameter, p.log_half_epsilon_squared);
}

// At the end of a compression that went beyond the stored δ_max: the unloading curve of S003 Eq (3) through
// (δ_max, F_max) with the inferred closure a_max² = R δ_max, R^e = 4E a_max³/(3F_max), δ_r = δ_max − a_max²/R^e
// (models.md §3.F2). Below δ_y this gives R^e = R, δ_r = 0 (Eq (3), first line), set exactly.
void ma_liu_event(ContactEvent event, const ContactInput& in, const MaLiuParameters& p, double* state) {
  if (event == ContactEvent::kOnset) {
    if (p.reset_history_at_onset == 1.0) {
      for (int i = kMaxIndentationReached; i <= kUnloadingStiffness; ++i) state[i] = 0.0;
    }
    const MaLiuCurve curve = ma_liu_curve_of(in, p);
    state[kLoadingHertzStiffness] = curve.hertz_stiffness;
    state[kLoadingYieldIndentation] = curve.yield_indentation;
    return;
  }
  if (event != ContactEvent::kMaxIndentation) return;
  const double d = in.indentation;
  if (!(d > state[kMaxIndentationReached])) return;  // reloading stayed on the unloading curve: no new history
  const MaLiuCurve curve = ma_liu_curve_of(in, p);
  const double radius = std::abs(in.effective_radius);
  const double max_force = ma_liu_loading(curve, d).force;
  double unloading_radius = radius;
  double residual = 0.0;
  if (d >= curve.yield_indentation) {
    const double contact_radius_squared = radius * d;  // a_max²
    unloading_radius = 4.0 * in.effective_modulus * contact_radius_squared * std::sqrt(contact_radius_squared) /
                       (3.0 * max_force);
    residual = d - contact_radius_squared / unloading_radius;
    // Just above yield the Ma–Liu curve is slightly stiffer than Hertz, and the closure's unloading curve would
    // return more energy than the loading put in (c > 1, up to 1.007 at 0.16 m/s for the S003 steel spheres).
    // Cap the recoverable energy (2/5) F_max (δ_max − δ_r) at the work done along this loading path.
    const double previous = state[kMaxIndentationReached];
    const double stored = previous > 0.0 ? 0.4 * state[kMaxForce] * (previous - state[kResidualIndentation]) : 0.0;
    const double path_work = stored + ma_liu_loading_work(curve, d) - ma_liu_loading_work(curve, previous);
    if (0.4 * max_force * (d - residual) > path_work) {
      residual = d - 2.5 * path_work / max_force;
      const double rebound = d - residual;
      const double root = 3.0 * max_force / (4.0 * in.effective_modulus * rebound * std::sqrt(rebound));  // √R^e
      unloading_radius = root * root;
    }
  }
  state[kMaxIndentationReached] = d;
  state[kMaxForce] = max_force;
  state[kResidualIndentation] = residual;
  state[kUnloadingRadius] = unloading_radius;
  state[kUnloadingStiffness] = 4.0 / 3.0 * in.effective_modulus * std::sqrt(unloading_radius);
}

// Ma–Liu: loading S003 Eq (1)–(2) beyond δ_max; unloading/reloading (4/3)E√R^e (δ − δ_r)^{3/2} — Eq (3).
ContactForce ma_liu_force(const ContactInput& in, const MaLiuParameters& p, const double* state) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  if (d < state[kMaxIndentationReached]) {
    const double elastic_part = d - state[kResidualIndentation];
    if (elastic_part <= 0.0) return {};  // inside the permanent dent: the surfaces do not touch
    const double root = std::sqrt(elastic_part);
    return {state[kUnloadingStiffness] * elastic_part * root, 1.5 * state[kUnloadingStiffness] * root, 0.0};
  }
  const ForceAndSlope loading = d < state[kLoadingYieldIndentation]
                                    ? hertz_loading(state[kLoadingHertzStiffness], d)
                                    : ma_liu_loading(ma_liu_curve_of(in, p), d);
  return {loading.force, loading.slope, 0.0};
}

// Recoverable energy: the area under the unloading curve that starts from the current point,
// ∫_{δ_r}^{δ} K_u (s − δ_r)^{3/2} ds = (2/5) F (δ − δ_r); on the loading curve δ − δ_r = δ F_loading/F_Hertz.
double ma_liu_potential(const ContactInput& in, const MaLiuParameters& p, const double* state) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  if (d < state[kMaxIndentationReached]) {
    const double elastic_part = d - state[kResidualIndentation];
    if (elastic_part <= 0.0) return 0.0;
    return 0.4 * state[kUnloadingStiffness] * elastic_part * elastic_part * std::sqrt(elastic_part);
  }
  const MaLiuCurve curve = ma_liu_curve_of(in, p);
  const double loading = ma_liu_loading(curve, d).force;
  const double hertz = curve.hertz_stiffness * d * std::sqrt(d);
  // The closure's recoverable energy, capped (as in ma_liu_event) at the work done along the loading path.
  const double previous = state[kMaxIndentationReached];
  const double stored = previous > 0.0 ? 0.4 * state[kMaxForce] * (previous - state[kResidualIndentation]) : 0.0;
  const double path_work = stored + ma_liu_loading_work(curve, d) - ma_liu_loading_work(curve, previous);
  return std::min(0.4 * loading * loading * d / hertz, path_work);
}

}  // namespace

void append_granular_laws(std::vector<LawInfo>& laws) {
  LawInfo wang;
  wang.id = "wang_kv_granular";
  wang.family = "granular";
  wang.formula =
      "F = K_h δ^{3/2} + g2(c_e) √(K_h m_eff) δ^{1/4} δ̇ (δ ≤ δ_y); F = K_p δ + g1(c_p) √(K_p m_eff) δ̇ (δ > δ_y)";
  wang.source =
      "Wang et al. (S003) Eq (25), with (11) g1, (23) g2, (12) K_p and the Ma–Liu constants of Eq (1)–(2)";
  wang.notes =
      "models.md §3.F1, §7 item 7. K_h = (4/3)E*√R*, δ_y = π²R p_y²/(4E*²), p_y = 1.61σ_y, K_p = (F(δ_p) − F(δ_y))/"
      "(δ_p − δ_y) on the Ma–Liu loading curve, M = m_eff; E*, R*, m_eff come from ContactInput and the constants are "
      "computed at kOnset into the state (no history). Branch chosen from the current δ (no memory). "
      "g2 = 9√5(1−c²)/(c[(9π−16)c+16]): S003's last line of Eq (23) prints c[9π(1−c²)+16] (erratum 24; "
      "the line before it, S001 (5.55) and S003's EDEM equivalence all give the corrected form; the derivation slips of "
      "Eq (22)–(23), errata 25–26, do not change it). g2 was derived for "
      "damping during compression only (Eq (21)–(22)) but Eq (25) damps both phases, so the elastic phase returns "
      "c_out < c_e (0.95 → 0.900; erratum 34); exact_elastic_damping = 1 uses (√5/2)g1(c_e) instead (exact c_e, "
      "the EDEM coefficient). Eq (26) EDEM exponents corrected per erratum 27. Defaults ψ = 3.0, ε = 13 are S003 "
      "§3.4's (printed 'ψ = 3.0ε = 13', erratum 29); for the §4 chains note errata 30–31 (σ_y, ν). The published K_p δ branch makes the "
      "force jump by K_p δ_y − F_y at δ_y (+677 N in the S003 Table 1 example; erratum 33); affine_plastic_branch = 1 "
      "makes it continuous. Tension at the end of restitution is published behaviour: clamping is the engine's "
      "TensionRule. Accurate range: elastic phase with the default g2 (c_out ≈ 2c_e − 1 near 1); with "
      "exact_elastic_damping = 1 it is (0, 1]; c_p is exact only for a purely linear contact.";
  wang.parameters = kWangKvParameters;
  wang.derived = kLogHalfEpsilonSquared;
  wang.needs = kNeedsMaterials | kNeedsEffectiveMass;
  wang.ignores = kIgnoresStiffness | kIgnoresExponent;  // the Ma–Liu curve's K_h = (4/3)E*√R*, K_p
  wang.state_size = kWangKvStateSize;
  wang.can_tension = true;
  wang.force_jump = false;  // continuous at first touch; the jump at δ_y is documented in the notes
  wang.accurate_restitution_min = 0.99;
  wang.accurate_restitution_max = 1.0;
  set_force<wang_kv_force>(wang);
  wang.prepare = law_function<wang_kv_prepare>;
  wang.event = law_function<wang_kv_event>;
  wang.potential = wang_kv_potential;
  wang.dissipation_parameter = "plastic_restitution";
  laws.push_back(wang);

  LawInfo ml;
  ml.id = "ma_liu";
  ml.family = "granular";
  ml.formula =
      "loading: (4/3)E√R δ^{3/2} | δ(c1 + c2 ln(δ/δ_y)) + c3 | F_p + k1(δ − δ_p); "
      "unloading/reloading below δ_max: (4/3)E√R^e (δ − δ_r)^{3/2}";
  ml.source = "Wang et al. (S003) Eq (1)–(3) (Ma–Liu model, S003 ref [38])";
  ml.notes =
      "models.md §3.F2, §7 item 8. Loading curve C¹ at δ_y and δ_p. S003 does not give R^e or δ_r; the inferred "
      "closure a_max² = R δ_max, R^e = 4E a_max³/(3F_max), δ_r = δ_max − a_max²/R^e (unloading passes through "
      "(δ_max, F_max); reproduces S003 Table 2's 1.9381 J at 8 m/s) is used for both the elastoplastic and plastic "
      "cases (the published plastic-phase R^e_p is unknown: 25.58 J vs 24.7119 J at 25 m/s). Just above yield "
      "the closure would return more energy than the loading put in (c up to 1.007); the recoverable energy is "
      "capped at the loading path's work there (c = 1), found by the registry invariant test. History δ_max, F_max, "
      "δ_r, R^e is written only at kMaxIndentation when δ exceeds the stored δ_max; reloading follows the unloading "
      "curve up to δ_max, then the loading curve. By default the history is kept for the pair's next contact, as S003 "
      "describes (the next contact touches only after δ > δ_r, the permanent dent); reset_history_at_onset = 1 "
      "clears it at kOnset. K_h and δ_y, constants of the pair, are also written at every kOnset, so that the force "
      "below δ_y reads them instead of rebuilding the loading curve. No damping term: no tension, no jump; the "
      "contact ends at δ = 0 (force-free between δ_r and 0). E = effective modulus, R = |effective radius| from "
      "ContactInput. Defaults ψ = 3.0, ε = 13 from S003 §3.4 (erratum 29).";
  ml.parameters = kMaLiuParameters;
  ml.derived = kLogHalfEpsilonSquared;
  ml.needs = kNeedsMaterials | kNeedsHistory;
  ml.ignores = kIgnoresStiffness | kIgnoresExponent;  // the Ma–Liu curve from E*, R*, σ_y
  ml.state_size = kMaLiuStateSize;
  set_force<ma_liu_force>(ml);
  ml.prepare = law_function<ma_liu_prepare>;
  ml.event = law_function<ma_liu_event>;
  ml.potential = law_function<ma_liu_potential>;
  laws.push_back(ml);
}

}  // namespace contactlab
