// SPDX-License-Identifier: MIT
// Linear spring–dashpot laws (Kelvin–Voigt family, models.md §3.B): F = k δ + D δ̇ with k in N/m (n = 1).
//   kelvin_voigt          D given directly; contact ends at δ = 0.
//   anagnostopoulos       D = 2ξ√(k m_eff), ξ exact for release at δ = 0 (tension at the end, as B1).
//   goyal                 D = 2ξ m_eff ω_n = 2ξ√(k m_eff), ξ from c_r = exp(−2ξ arccos ξ/√(1−ξ²)); release at F = 0.
//   kv_force_separation   Butcher–Segalman / S002 n = 1: release at F = 0, ξ from the corrected S002 Eq (55)
//                         or the S002 Eq (57) fit.
// The laws deriving D from a target restitution derive the damping ratio ξ at compile time and form
// D = 2ξ√(k m_eff) from the contact's k and frozen m_eff, so one compiled parameter set serves any pair.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "models/kelvin_voigt_restitution.h"
#include "models/laws.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct KelvinVoigtParameters {
  double damping;
};
constexpr LawParameter kKelvinVoigtParameters[] = {
    {"damping", "N·s/m", "dashpot coefficient D", 0.0, true, 0.0, kInf, false, true},
};
static_assert(parameter_struct_declares<KelvinVoigtParameters>(kKelvinVoigtParameters));

// Target restitution, (0, 1]: c_r → 0 needs ξ → ∞ (force release) or ξ → 1 (δ = 0 release); c_r = 1 is ξ = 0.
struct RestitutionParameters {
  double restitution;
  double damping_ratio;  // derived
};
constexpr LawParameter kAnagnostopoulosParameters[] = {
    {"restitution", "-", "target coefficient of restitution c_r (contact ends at δ = 0)", 0.0, true, 0.0, 1.0,
     true, false, ParameterRole::kTargetRestitution},
};
constexpr LawParameter kGoyalParameters[] = {
    {"restitution", "-", "target coefficient of restitution c_r (contact ends at F = 0)", 0.0, true, 0.0, 1.0, true,
     false, ParameterRole::kTargetRestitution},
};
constexpr LawParameter kDampingRatio[] = {
    {.name = "damping_ratio", .unit = "-", .description = "ξ for the target c_r: D = 2ξ√(k m_eff)"},
};
static_assert(parameter_struct_declares<RestitutionParameters>(kAnagnostopoulosParameters, kDampingRatio));
static_assert(parameter_struct_declares<RestitutionParameters>(kGoyalParameters, kDampingRatio));

struct ForceSeparationParameters {
  double restitution;
  double damping_formula;
  double damping_ratio;  // derived
};
constexpr LawParameter kForceSeparationParameters[] = {
    {"restitution", "-", "target coefficient of restitution e (contact ends at F = 0)", 0.0, true, 0.0, 1.0, true,
     false, ParameterRole::kTargetRestitution},
    {"damping_formula", "-",
     "0: exact (corrected S002 Eq (55) inverted numerically); 1: S002 Eq (57) fit c = 1.4181(e^-0.44 - 1)√(k m_eff)",
     0.0, false, 0.0, 1.0, false, false},
};
static_assert(parameter_struct_declares<ForceSeparationParameters>(kForceSeparationParameters, kDampingRatio));

// S002 Eq (57): c_opt = 1.4181 (e^{−0.44} − 1) √(k m), i.e. ξ = c/(2√(k m)) = 0.70905 (e^{−0.44} − 1).
constexpr double kFitAlpha = 1.4181;
constexpr double kFitBeta = -0.44;

void prepare_anagnostopoulos(RestitutionParameters& p) {
  p.damping_ratio = kelvin_voigt_indentation_release_damping_ratio(p.restitution);
}

void prepare_goyal(RestitutionParameters& p) {
  p.damping_ratio = kelvin_voigt_force_release_damping_ratio(p.restitution);
}

void prepare_kv_force_separation(ForceSeparationParameters& p) {
  const double formula = p.damping_formula;
  if (formula == 0.0) {
    p.damping_ratio = kelvin_voigt_force_release_damping_ratio(p.restitution);
  } else if (formula == 1.0) {
    p.damping_ratio = 0.5 * kFitAlpha * (std::pow(p.restitution, kFitBeta) - 1.0);
  } else {
    // The range check admits [0, 1]; only the two ends name a formula.
    throw std::invalid_argument(
        "law 'kv_force_separation': expected damping_formula 0 (exact) or 1 (S002 Eq (57) fit), found " +
        std::to_string(formula));
  }
}

// F = k δ + D δ̇ with D = 2ξ√(k m_eff); ∂F/∂δ = k, ∂F/∂δ̇ = D.
ContactForce damping_ratio_force(const ContactInput& in, double damping_ratio) {
  const double damping = 2.0 * damping_ratio * std::sqrt(in.stiffness * in.effective_mass);
  return {in.stiffness * in.indentation + damping * in.normal_velocity, in.stiffness, damping};
}

// Kelvin–Voigt: F = k δ + D δ̇ — Corral et al. (S001) Eq (5.8); Wang et al. (S003) Eq (4).
ContactForce kelvin_voigt_force(const ContactInput& in, const KelvinVoigtParameters& p, const double*) {
  return {in.stiffness * in.indentation + p.damping * in.normal_velocity, in.stiffness, p.damping};
}

// Anagnostopoulos: F = K δ + D δ̇, D = 2ξ√(K m_eff), ξ = −ln c_r/√(π² + ln² c_r) — S001 Eq (5.8), (5.39)–(5.40).
ContactForce anagnostopoulos_force(const ContactInput& in, const RestitutionParameters& p, const double*) {
  return damping_ratio_force(in, p.damping_ratio);
}

// Goyal et al.: F = K δ + D δ̇, D = 2ξ m_eff ω_n — S001 Eq (5.8), (5.20)–(5.22) as corrected in models.md §6 #10.
ContactForce goyal_force(const ContactInput& in, const RestitutionParameters& p, const double*) {
  return damping_ratio_force(in, p.damping_ratio);
}

// Butcher–Segalman: F = k δ + c δ̇ released at F = 0 — Poursina–Nikravesh (S002) Eq (54)–(57), (20).
ContactForce kv_force_separation_force(const ContactInput& in, const ForceSeparationParameters& p, const double*) {
  return damping_ratio_force(in, p.damping_ratio);
}

// Only the spring stores energy: k δ²/2.
double kelvin_voigt_potential(const ContactInput& in, const double*, const double*) {
  const double d = std::max(in.indentation, 0.0);
  return 0.5 * in.stiffness * d * d;
}

constexpr std::string_view kAnagnostopoulosNotes =
    "Law as in S001 Eq (5.39)-(5.40) with F from (5.8): the dashpot term is D δ̇ (m = 0). S000 Table 1 prints "
    "K δ + χ δ δ̇ (m = 1), dimensionally impossible for χ = 2ξ√(K m_eff) [N·s/m] (models.md §6 #3). "
    "ξ(c_r) is the exact inverse of the Kelvin-Voigt restitution exp(−πξ/√(1−ξ²)) for release at δ = 0, so "
    "c_out = c_r for every c_r in (0, 1] (ξ < 1); the same relation is S003 Eq (11) with g1 = 2ξ. "
    "Decision: the contact ends at δ = 0 as in the source, so the law jumps to D δ̇⁻ at first touch and is "
    "tensile (F = D δ̇ < 0) at the end of restitution; it is not clamped. ξ is stored at compile time and "
    "D = 2ξ√(k m_eff) is formed from the contact's k and frozen m_eff.";

constexpr std::string_view kGoyalNotes =
    "S001 Eq (5.22) is garbled (models.md §6 #10): it reads c_r = exp{−(4?ξ/√(1−ξ²)) tan⁻¹(√(1−ξ²)/ξ)} and "
    "prints D like ξ/(2 m_eff ω_n), which is dimensionally wrong. Decisions (models.md §3.B3, §7 #6): D = 2ξ m_eff "
    "ω_n = 2ξ√(K m_eff), and c_r = exp(−2ξ arccos ξ/√(1−ξ²)), the exact restitution of Kelvin-Voigt with "
    "release at zero force (tan⁻¹(√(1−ξ²)/ξ) = arccos ξ; the factor is read as 2 because a 4 would return "
    "√c_r), so the contact is released when F returns to 0 "
    "(no tension, residual indentation δ_s = δ̇⁻ c e/k). For c_r < e⁻² = 0.1353 the relation continues "
    "analytically to ξ > 1 as ((ξ−s)/(ξ+s))^{ξ/s}, s = √(ξ²−1) (the printed relation, defined only for ξ < 1, "
    "cannot reach those c_r). ξ is found by bisection at compile time. Numerically identical to "
    "kv_force_separation with damping_formula = 0.";

constexpr std::string_view kForceSeparationNotes =
    "S002 Eq (55) corrected: ξ > 1 exponent ξ/s, s = √(ξ²−1), not the printed 2ξs/(2ξ²−1) (models.md §6 #22; "
    "the printed exponent is the atanh argument of the continuation e = exp(−(ξ/s) atanh(2ξs/(2ξ²−1))) of the "
    "ξ < 1 branch, put where ξ/s belongs, and gives e → 1 as ξ → 1⁺); ξ < 1 with the quadrant "
    "fix atan2(2ξ√(1−ξ²), 2ξ²−1) = 2 arccos ξ (§6 #23); e(1) = e⁻². Parameter damping_formula: 0 inverts the "
    "exact relation numerically (bisection, compile time); 1 uses the S002 Eq (57) fit "
    "c = 1.4181(e^{−0.44}−1)√(k m_eff), whose error |e_out − e| reaches 0.00337 at e = 0.649 (models.md §3.B4 "
    "says ≤ 0.0033). The contact ends when F = 0 during restitution (S002 Eq (20)) with residual indentation "
    "δ_s = δ̇⁻ c e/k (S002 Eq (51), n = 1); F is not clamped so the engine can locate that root.";

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
  set_force<kelvin_voigt_force>(kv);
  kv.potential = kelvin_voigt_potential;
  kv.dissipation_parameter = "damping";
  laws.push_back(kv);

  LawInfo anagnostopoulos;
  anagnostopoulos.id = "anagnostopoulos";
  anagnostopoulos.family = "kelvin_voigt";
  anagnostopoulos.formula = "F = k δ + 2ξ√(k m_eff) δ̇, ξ = −ln c_r/√(π² + ln² c_r)";
  anagnostopoulos.source =
      "Corral et al. (S001) Eq (5.39)-(5.40), (5.8); Alves et al. (S000) Table 1; Wang et al. (S003) Eq (11)";
  anagnostopoulos.notes = kAnagnostopoulosNotes;
  anagnostopoulos.parameters = kAnagnostopoulosParameters;
  anagnostopoulos.derived = kDampingRatio;
  anagnostopoulos.needs = kNeedsEffectiveMass;
  anagnostopoulos.can_tension = true;
  anagnostopoulos.force_jump = true;
  anagnostopoulos.requires_linear_stiffness = true;
  // Exact inverse: c_out = c_r over all of (0, 1].
  anagnostopoulos.accurate_restitution_min = 0.0;
  anagnostopoulos.accurate_restitution_max = 1.0;
  set_force<anagnostopoulos_force>(anagnostopoulos);
  anagnostopoulos.prepare = law_function<prepare_anagnostopoulos>;
  anagnostopoulos.potential = kelvin_voigt_potential;
  anagnostopoulos.dissipation_parameter = "restitution";
  laws.push_back(anagnostopoulos);

  LawInfo goyal;
  goyal.id = "goyal";
  goyal.family = "kelvin_voigt";
  goyal.formula = "F = k δ + 2ξ m_eff ω_n δ̇ until F = 0, c_r = exp(−2ξ arccos ξ/√(1−ξ²))";
  goyal.source = "Corral et al. (S001) Eq (5.20)-(5.22), (5.8)";
  goyal.notes = kGoyalNotes;
  goyal.parameters = kGoyalParameters;
  goyal.derived = kDampingRatio;
  goyal.needs = kNeedsEffectiveMass;
  goyal.separation = Separation::kForce;
  goyal.force_jump = true;
  goyal.requires_linear_stiffness = true;
  goyal.accurate_restitution_min = 0.0;
  goyal.accurate_restitution_max = 1.0;
  set_force<goyal_force>(goyal);
  goyal.prepare = law_function<prepare_goyal>;
  goyal.potential = kelvin_voigt_potential;
  goyal.dissipation_parameter = "restitution";
  laws.push_back(goyal);

  LawInfo separation;
  separation.id = "kv_force_separation";
  separation.family = "kelvin_voigt";
  separation.formula = "F = k δ + c δ̇ until F = 0, c = 2ξ√(k m_eff), ξ from exact S002 Eq (55) or fit (57)";
  separation.source = "Poursina-Nikravesh (S002) Eq (54)-(57), (20), (51); Butcher-Segalman via S002 §5.2";
  separation.notes = kForceSeparationNotes;
  separation.parameters = kForceSeparationParameters;
  separation.derived = kDampingRatio;
  separation.needs = kNeedsEffectiveMass;
  separation.separation = Separation::kForce;
  separation.force_jump = true;
  separation.requires_linear_stiffness = true;
  // Exact: c_out = e on (0, 1]; the (57) fit stays within 0.0034 everywhere, so the ±0.01 range is (0, 1] too.
  separation.accurate_restitution_min = 0.0;
  separation.accurate_restitution_max = 1.0;
  set_force<kv_force_separation_force>(separation);
  separation.prepare = law_function<prepare_kv_force_separation>;
  separation.potential = kelvin_voigt_potential;
  separation.dissipation_parameter = "restitution";
  laws.push_back(separation);
}

}  // namespace contactlab
