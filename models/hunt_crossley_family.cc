// SPDX-License-Identifier: MIT
// Hunt–Crossley family: F = K δ^n (1 + z δ̇/δ̇⁻), i.e. hysteresis damping χ = z K / δ̇⁻ with the normalised
// damping z = z(c_r) each paper derives from the target restitution c_r (models.md §3.D, §2.5).
// The laws differ only in z(c_r); adding one is one row in append_hunt_crossley_family. The last two reuse the
// family force differently: wang_yield takes z from the yield strengths and δ̇⁻ (no target c_r), luo_nahon replaces
// K δ^n by the volumetric k_v δ = γπE*A0δ/s′_max.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "models/indentation_power.h"
#include "models/laws.h"
#include "models/restitution.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

struct HuntCrossleyParameters {
  double restitution;
  double normalised_damping;  // derived
};

constexpr LawParameter kTargetRestitution[] = {
    {"restitution", "-", "target coefficient of restitution c_r", 0.0, true, 0.0, 1.0, true, false,
     ParameterRole::kTargetRestitution},
};
constexpr LawParameter kNormalisedDamping[] = {
    {.name = "normalised_damping",
     .unit = "-",
     .description = "z = χ δ̇⁻/K, the law's damping for the target c_r"},
};
static_assert(parameter_struct_declares<HuntCrossleyParameters>(kTargetRestitution, kNormalisedDamping));

// Hunt–Crossley: z = 3(1−c)/2 — Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.12).
double z_hunt_crossley(double c) { return 1.5 * (1.0 - c); }
// Herbert–McWhannell: z = 6(1−c)/[(2c−1)²+3] — S000 Table 1; S001 Eq (5.19).
double z_herbert_mcwhannell(double c) { return 6.0 * (1.0 - c) / ((2.0 * c - 1.0) * (2.0 * c - 1.0) + 3.0); }
// Lee–Wang: z = 3(1−c)/4 — S000 Table 1; S001 Eq (5.35).
double z_lee_wang(double c) { return 0.75 * (1.0 - c); }
// Lankarani–Nikravesh: z = 3(1−c²)/4 — S000 Table 1; S001 Eq (5.43); S002 Eq (14).
double z_lankarani_nikravesh(double c) { return 0.75 * (1.0 - c * c); }
// Gonthier et al. (approximate): z = (1−c²)/c — S000 Table 1; S001 Eq (5.26).
double z_gonthier(double c) { return (1.0 - c * c) / c; }
// Zhang–Sharf exact: root of z(1+c) + ln[(1−cz)/(1+z)] = 0 — S001 Eq (5.23)–(5.25); Alaci et al. (S004) Eq (30).
double z_exact(double c) { return hunt_crossley_exact_damping(c); }
// Yu: z = d(c)/c with a piecewise cubic d — S001 Eq (5.33)–(5.34).
double z_yu(double c) {
  double d;
  if (c <= 0.25) d = 1.0;
  else if (c <= 0.4) d = ((2.1663 * c - 3.7216) * c + 0.8724) * c + 0.9409;
  else if (c <= 0.6) d = ((1.1664 * c - 2.4893) * c + 0.3625) * c + 1.0117;
  else if (c <= 0.8) d = ((0.5048 * c - 1.3255) * c - 0.3236) * c + 1.1472;
  else d = ((0.2256 * c - 0.6663) * c - 0.8437) * c + 1.2844;
  return d / c;
}
// Zhiying–Qishao: z = 3(1−c²) e^{2(1−c)}/4 — S000 Table 1; S001 Eq (5.56).
double z_zhiying_qishao(double c) { return 0.75 * (1.0 - c * c) * std::exp(2.0 * (1.0 - c)); }
// Gharib–Hurmuzlu: z = 1/c — S000 Table 1; S001 Eq (5.57).
double z_gharib_hurmuzlu(double c) { return 1.0 / c; }
// Flores et al. / Ye et al.: z = 8(1−c)/(5c) — S000 Table 1; S001 Eq (5.61); S002 Eq (16).
double z_flores(double c) { return 8.0 * (1.0 - c) / (5.0 * c); }
// Hu–Guo: z = 3(1−c)/(2c) — S001 Eq (5.63); S002 Eq (15).
double z_hu_guo(double c) { return 1.5 * (1.0 - c) / c; }
// Zhang et al. 2020: z = 249(1−c)/(6+160c) — S001 Eq (5.64).
double z_zhang_2020(double c) { return 249.0 * (1.0 - c) / (6.0 + 160.0 * c); }
// Safaei-far–Farshidianfar: z = 5(1−c)/(4c) — S001 Eq (5.66).
double z_safaeifar_farshidianfar(double c) { return 1.25 * (1.0 - c) / c; }

template <double (*NormalisedDamping)(double)>
void prepare(HuntCrossleyParameters& p) {
  p.normalised_damping = NormalisedDamping(p.restitution);
}

// The family's force for a given z: K δ^n (1 + z δ̇/δ̇⁻) and its partials.
ContactForce family_force(const ContactInput& in, double z) {
  if (in.indentation <= 0.0) return {};
  const double elastic = in.stiffness * indentation_power(in.indentation, in.exponent);
  const double damping_factor = 1.0 + z * in.normal_velocity / in.impact_velocity;
  return {elastic * damping_factor, in.exponent * elastic / in.indentation * damping_factor,
          elastic * z / in.impact_velocity};
}

// Hunt–Crossley family: K δ^n (1 + z δ̇/δ̇⁻), z from prepare — S000 Eq (1), (5)–(6); S001 Eq (5.9)–(5.12), (5.18).
ContactForce force(const ContactInput& in, const HuntCrossleyParameters& p, const double*) {
  return family_force(in, p.normalised_damping);
}

double potential(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return 0.0;
  return in.stiffness * indentation_power(in.indentation, in.exponent + 1.0) / (in.exponent + 1.0);
}

constexpr std::string_view kNoAliases[] = {""};
constexpr std::string_view kHuntCrossleyAliases[] = {"marhefka_orin"};
constexpr std::string_view kExactAliases[] = {"khatiwada", "alaci_exact"};
constexpr std::string_view kFloresAliases[] = {"ye"};

LawInfo member(std::string_view id, std::span<const std::string_view> aliases, std::string_view formula,
               std::string_view source, PrepareFunction prepare_damping, double accurate_min,
               double accurate_max = 1.0, std::span<const RestitutionRange> accurate_also = {}) {
  LawInfo law;
  law.id = id;
  law.aliases = aliases.front().empty() ? std::span<const std::string_view>{} : aliases;
  law.family = "hunt_crossley";
  law.formula = formula;
  law.source = source;
  law.parameters = kTargetRestitution;
  law.derived = kNormalisedDamping;
  law.dissipation_parameter = "restitution";
  law.needs = kNeedsImpactVelocity;
  law.accurate_restitution_min = accurate_min;
  law.accurate_restitution_max = accurate_max;
  law.accurate_restitution_also = accurate_also;
  set_force<force>(law);
  law.prepare = prepare_damping;
  law.potential = potential;
  return law;
}

// ---------------------------------------------------------------------------------------------------------
// wang_yield: the Zhiying–Qishao z with c* from the yield strengths instead of a target c_r (models.md §3.D9).

constexpr double kInf = std::numeric_limits<double>::infinity();

struct WangYieldParameters {
  double yield_strength_1;
  double yield_strength_2;
  double similar_strength_tolerance;
  double velocity_coefficient;
  double restitution_slope;  // derived
};

constexpr LawParameter kWangYieldParameters[] = {
    {"yield_strength_1", "Pa", "σ1: yield strength of body 1 (S001 Eq (5.59))", 0.0, true, 0.0, kInf, true, true, ParameterRole::kYieldStrength1},
    {"yield_strength_2", "Pa", "σ2: yield strength of body 2 (S001 Eq (5.59))", 0.0, true, 0.0, kInf, true, true, ParameterRole::kYieldStrength2},
    {"similar_strength_tolerance", "-",
     "relative tolerance of the case σ2 ≈ σ1 in S001 Eq (5.59): |σ1 − σ2| ≤ tolerance · max(σ1, σ2) (not given in "
     "the paper)",
     0.05, false, 0.0, 0.5, false, true},
    {"velocity_coefficient", "(s/m)^(1/3)", "the 0.26 of c* = 1 − 0.26 K* δ̇⁻^{1/3}, for δ̇⁻ in m/s (S001 Eq (5.58))",
     0.26, false, 0.0, kInf, false, true},
};
constexpr LawParameter kWangYieldDerived[] = {
    {.name = "restitution_slope",
     .unit = "(s/m)^(1/3)",
     .description = "0.26 K*: c* = 1 − restitution_slope · δ̇⁻^{1/3} (S001 Eq (5.58)–(5.59))"},
};
static_assert(parameter_struct_declares<WangYieldParameters>(kWangYieldParameters, kWangYieldDerived));

// K* of S001 Eq (5.59): σ1/(σ1 − σ2) if σ1 ≥ 2σ2; σ1/σ2 if σ2 ≈ σ1; σ1/(σ1 + σ2) otherwise.
double wang_strength_ratio(double sigma1, double sigma2, double tolerance) {
  if (sigma1 >= 2.0 * sigma2) return sigma1 / (sigma1 - sigma2);
  if (std::abs(sigma1 - sigma2) <= tolerance * std::max(sigma1, sigma2)) return sigma1 / sigma2;
  return sigma1 / (sigma1 + sigma2);
}

void wang_yield_prepare(WangYieldParameters& p) {
  p.restitution_slope = p.velocity_coefficient * wang_strength_ratio(p.yield_strength_1, p.yield_strength_2,
                                                                     p.similar_strength_tolerance);
}

// Per-contact state: the contact's z and the δ̇⁻ it was computed for, set at kOnset and kNewImpact, cleared at
// kSeparation (a pair out of contact holds no history, so the pair table does not keep it). The force then costs what
// any family member's does: the cbrt and exp of z run once per contact, not in every evaluation. While a new impact's
// closing speed still rises the law's δ̇⁻ is that speed (ContactInput::impact_velocity, docs/contact.md, "A new
// impact through a contact"), and the force computes z for it: the force follows δ̇⁻ continuously, between events.
enum WangYieldState {
  kContactDamping = 0,   // z of the contact [-]
  kDampingApproach = 1,  // the δ̇⁻ z is for [m/s]
  kWangYieldStateSize = 2,
};

// Wang et al. [185]: z = 3(1−c*²)e^{2(1−c*)}/4 with c* = 1 − 0.26 K* δ̇⁻^{1/3} — S001 Eq (5.58)–(5.60).
double wang_yield_damping(const ContactInput& in, const WangYieldParameters& p) {
  if (!(in.impact_velocity > 0.0)) return 0.0;  // c* = 1: no damping
  // c* ≤ 0 at high speed is clamped to 0, where the ZQ z stays finite (3e²/4), so (0, 1] and [0, 1] give the same
  // limit.
  const double restitution =
      std::clamp(1.0 - p.restitution_slope * std::cbrt(in.impact_velocity), 0.0, 1.0);
  return z_zhiying_qishao(restitution);
}

void wang_yield_event(ContactEvent event, const ContactInput& in, const WangYieldParameters& p, double* state) {
  if (event == ContactEvent::kOnset || event == ContactEvent::kNewImpact) {
    state[kContactDamping] = wang_yield_damping(in, p);
    state[kDampingApproach] = in.impact_velocity;
  }
  if (event == ContactEvent::kSeparation) state[kContactDamping] = state[kDampingApproach] = 0.0;
}

// Wang et al. [185]: K δ^n [1 + 3(1−c*²)e^{2(1−c*)}/4 · δ̇/δ̇⁻] with the contact's z, or z for the input's δ̇⁻
// where that is not the one z is for (a new impact's rising closing speed) — S001 Eq (5.58)–(5.60).
ContactForce wang_yield_force(const ContactInput& in, const WangYieldParameters& p, const double* state) {
  const double z =
      in.impact_velocity == state[kDampingApproach] ? state[kContactDamping] : wang_yield_damping(in, p);
  return family_force(in, z);
}

// ---------------------------------------------------------------------------------------------------------
// luo_nahon: point-contact reading of the volumetric law (models.md §3.D15, project decision).

struct LuoNahonParameters {
  double restitution;
  double contact_area;
  double shape_coefficient;
  double case_coefficient;
  double normalised_damping;     // derived
  double stiffness_per_modulus;  // derived
};

constexpr LawParameter kLuoNahonParameters[] = {
    {"restitution", "-", "target coefficient of restitution c_r (exact z, S001 Eq (5.23))", 0.0, true, 0.0, 1.0, true,
     false, ParameterRole::kTargetRestitution},
    {"contact_area", "m²", "A0: contact area of the interference geometry (S001 Eq (5.27))", 0.0, true, 0.0, kInf, true,
     true},
    {"shape_coefficient", "m",
     "s′_max: shape coefficient of the interference geometry (S001 Eq (5.27)); a length, since γπE*A0δ/s′_max is a "
     "force only if s′_max is in m",
     0.0, true, 0.0, kInf, true, true},
    {"case_coefficient", "-", "γ: case coefficient (pressure distribution, contact vs interference geometry)", 1.0, false,
     0.0, kInf, true, true},
};
constexpr LawParameter kLuoNahonDerived[] = {
    {.name = "normalised_damping", .unit = "-", .description = "exact z(c_r) (S001 Eq (5.23)–(5.25))"},
    {.name = "stiffness_per_modulus",
     .unit = "m",
     .description = "γ π A0 / s′_max: k_v = E* · stiffness_per_modulus"},
};
static_assert(parameter_struct_declares<LuoNahonParameters>(kLuoNahonParameters, kLuoNahonDerived));

void luo_nahon_prepare(LuoNahonParameters& p) {
  p.normalised_damping = hunt_crossley_exact_damping(p.restitution);
  p.stiffness_per_modulus = p.case_coefficient * std::numbers::pi * p.contact_area / p.shape_coefficient;
}

// Luo–Nahon: (1 + χ′δ̇) γ π E* A0 δ / s′_max with χ′ = χ/K = z/δ̇⁻, δ for δ_max — S001 Eq (5.27)–(5.30).
ContactForce luo_nahon_force(const ContactInput& in, const LuoNahonParameters& p, const double*) {
  if (in.indentation <= 0.0) return {};
  const double stiffness = in.effective_modulus * p.stiffness_per_modulus;  // k_v [N/m]
  const double z_over_impact = p.normalised_damping / in.impact_velocity;   // χ′ [s/m]
  const double damping_factor = 1.0 + z_over_impact * in.normal_velocity;
  return {stiffness * in.indentation * damping_factor, stiffness * damping_factor,
          stiffness * in.indentation * z_over_impact};
}

double luo_nahon_potential(const ContactInput& in, const LuoNahonParameters& p, const double*) {
  if (in.indentation <= 0.0) return 0.0;
  return 0.5 * in.effective_modulus * p.stiffness_per_modulus * in.indentation * in.indentation;
}

}  // namespace

// The ranges below the main one where a formula's error comes back within 0.01 (rounded inward to 3 decimals from a
// scan of the exact c_out(z) at steps of 1e-5; tests/models check them).
constexpr RestitutionRange kGonthierAlso[] = {{0.0, 0.478}};
constexpr RestitutionRange kZhiyingQishaoAlso[] = {{0.355, 0.445}};
constexpr RestitutionRange kFloresAlso[] = {{0.0, 0.028}};
constexpr RestitutionRange kHuGuoAlso[] = {{0.0, 0.032}};
constexpr RestitutionRange kZhang2020Also[] = {{0.047, 0.166}};
constexpr RestitutionRange kSafaeifarAlso[] = {{0.0, 0.072}, {0.140, 0.277}};

void append_hunt_crossley_family(std::vector<LawInfo>& laws) {
  // Accurate ranges: |c_out − c_r| ≤ 0.01 from the exact c_out(z) (models.md §1; tests/models check them).
  laws.push_back(member("hunt_crossley", kHuntCrossleyAliases, "F = K δ^n [1 + 3(1−c)/2 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.12); Poursina–Nikravesh (S002) Eq (13)",
                        law_function<prepare<z_hunt_crossley>>, 0.895));
  laws.push_back(member("herbert_mcwhannell", kNoAliases, "F = K δ^n [1 + 6(1−c)/((2c−1)²+3) · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.19)",
                        law_function<prepare<z_herbert_mcwhannell>>, 0.774));
  laws.push_back(member("lee_wang", kNoAliases, "F = K δ^n [1 + 3(1−c)/4 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.35)",
                        law_function<prepare<z_lee_wang>>, 0.981));
  laws.push_back(member("lankarani_nikravesh", kNoAliases, "F = K δ^n [1 + 3(1−c²)/4 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.43); Poursina–Nikravesh (S002) Eq (14)",
                        law_function<prepare<z_lankarani_nikravesh>>, 0.914));
  laws.push_back(member("gonthier", kNoAliases, "F = K δ^n [1 + (1−c²)/c · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.26)",
                        law_function<prepare<z_gonthier>>, 0.967, 1.0, kGonthierAlso));
  laws.push_back(member("zhang_sharf_exact", kExactAliases,
                        "F = K δ^n (1 + z δ̇/δ̇⁻), z: root of z(1+c) + ln[(1−cz)/(1+z)] = 0",
                        "Corral et al. (S001) Eq (5.23)–(5.25), (5.31); Poursina–Nikravesh (S002) Eq (18)–(19); "
                        "Alaci et al. (S004) Eq (30)",
                        law_function<prepare<z_exact>>, 0.0));
  laws.push_back(member("yu", kNoAliases, "F = K δ^n [1 + d(c)/c · δ̇/δ̇⁻], d piecewise cubic",
                        "Corral et al. (S001) Eq (5.33)–(5.34)", law_function<prepare<z_yu>>, 0.0));
  laws.push_back(member("zhiying_qishao", kNoAliases, "F = K δ^n [1 + 3(1−c²)e^{2(1−c)}/4 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.56)",
                        law_function<prepare<z_zhiying_qishao>>, 0.830, 1.0, kZhiyingQishaoAlso));
  laws.push_back(member("gharib_hurmuzlu", kNoAliases, "F = K δ^n [1 + (1/c) · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.57)",
                        law_function<prepare<z_gharib_hurmuzlu>>, 0.0, 0.258));
  laws.push_back(member("flores", kFloresAliases, "F = K δ^n [1 + 8(1−c)/(5c) · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.61); Poursina–Nikravesh (S002) Eq (16)",
                        law_function<prepare<z_flores>>, 0.828, 1.0, kFloresAlso));
  laws.push_back(member("hu_guo", kNoAliases, "F = K δ^n [1 + 3(1−c)/(2c) · δ̇/δ̇⁻]",
                        "Corral et al. (S001) Eq (5.63); Poursina–Nikravesh (S002) Eq (15)",
                        law_function<prepare<z_hu_guo>>, 0.534, 1.0, kHuGuoAlso));
  laws.push_back(member("zhang_2020", kNoAliases, "F = K δ^n [1 + 249(1−c)/(6+160c) · δ̇/δ̇⁻]",
                        "Corral et al. (S001) Eq (5.64)", law_function<prepare<z_zhang_2020>>, 0.317, 1.0, kZhang2020Also));
  laws.push_back(member("safaeifar_farshidianfar", kNoAliases, "F = K δ^n [1 + 5(1−c)/(4c) · δ̇/δ̇⁻]",
                        "Corral et al. (S001) Eq (5.66)", law_function<prepare<z_safaeifar_farshidianfar>>, 0.937, 1.0, kSafaeifarAlso));

  // wang_yield: no target c_r (c* comes from the materials and δ̇⁻), hence no accurate range.
  LawInfo wang_yield = member("wang_yield", kNoAliases,
                              "F = K δ^n [1 + 3(1−c*²)e^{2(1−c*)}/4 · δ̇/δ̇⁻], c* = 1 − 0.26 K*(σ1, σ2) δ̇⁻^{1/3}",
                              "Corral et al. (S001) Eq (5.58)–(5.60) (Wang et al. [185])",
                              law_function<wang_yield_prepare>, 0.0, 0.0);
  wang_yield.parameters = kWangYieldParameters;
  wang_yield.derived = kWangYieldDerived;
  wang_yield.state_size = kWangYieldStateSize;
  set_force<wang_yield_force>(wang_yield);
  wang_yield.event = law_function<wang_yield_event>;
  wang_yield.notes =
      "models.md §3.D9, §7 item 11. z is the Zhiying–Qishao form evaluated at c* instead of c_r. K* per Eq (5.59) "
      "read with '−' in case 1 and '≥' in its condition (models.md §3.D9); the tolerance of 'σ2 ≈ σ1' is not given "
      "and is a parameter (default 5 %); case 1 is tested first. c* = 1 − 0.26 K* δ̇⁻^{1/3} (0.26 in (s/m)^{1/3}, "
      "δ̇⁻ in m/s, a parameter) is clamped to [0, 1] (z finite at c* = 0). c* depends on δ̇⁻, which prepare cannot "
      "know: z is computed at kOnset (and kNewImpact) from ContactInput::impact_velocity into the state, and cleared at "
      "kSeparation; while a new impact's closing speed rises, δ̇⁻ rises with it and the force computes z for it. "
      "S001 Table 1 prints 1 − c*³ in this row; Eq (5.60) and 'similar to "
      "Zhiying–Qishao' give 1 − c*², the only form whose z → 1.5(1 − c*) as c* → 1, i.e. that returns c* in the "
      "elastic limit (tests/models/hunt_crossley_family_test.cc).";
  wang_yield.dissipation_parameter = "velocity_coefficient";
  laws.push_back(wang_yield);

  // luo_nahon: exact z, so the target is met for any k_v (§2.5 holds for n = 1).
  LawInfo luo_nahon = member("luo_nahon", kNoAliases, "F = (1 + z δ̇/δ̇⁻) γ π E* A0 δ / s′_max, z exact(c_r)",
                             "Corral et al. (S001) Eq (5.27)–(5.30) (Luo–Nahon [166]); z from Eq (5.23)–(5.25)",
                             law_function<luo_nahon_prepare>, 0.0, 1.0);
  luo_nahon.parameters = kLuoNahonParameters;
  luo_nahon.derived = kLuoNahonDerived;
  luo_nahon.needs = kNeedsImpactVelocity | kNeedsMaterials;
  luo_nahon.ignores = kIgnoresStiffness | kIgnoresExponent;  // k_v = γπE*A0/s′_max, linear
  set_force<luo_nahon_force>(luo_nahon);
  luo_nahon.potential = law_function<luo_nahon_potential>;
  luo_nahon.notes =
      "models.md §3.D15, §7 item 16; project decision: point contact, the interference geometry given as parameters "
      "(A0, s′_max, γ) and the current indentation δ standing for δ_max, so F = k_v δ (1 + z δ̇/δ̇⁻) with "
      "k_v = γπE*A0/s′_max (E* from ContactInput, S001 Eq (5.28) equals our 1/E* = Σ(1−ν_i²)/E_i). χ′ = χ/K with the "
      "exact χ = zK/δ̇⁻ gives χ′ = z/δ̇⁻, so the Hertz K cancels and the law ignores ContactInput::stiffness and "
      "exponent. c_out = c_r exactly for any k_v (models.md §2.5, n = 1). Units: γπE*A0δ/s′_max is a force only if "
      "s′_max is a length, so shape_coefficient is in m (S001 calls it a coefficient without units).";
  laws.push_back(luo_nahon);
}

}  // namespace contactlab
