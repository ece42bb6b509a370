// SPDX-License-Identifier: MIT
// Registry-wide invariants of the force laws, through the engine. Every law of all_laws() runs the isolated
// two-body impact of engine/calibration.h — a body on a prismatic joint against a fixed halfspace, no gravity,
// the S003 steel spheres (m_eff = 0.13069 kg, R* = 0.01 m, E* = 113.736 GPa, K = 1.5165e10 N/m^1.5; laws that
// need n = 1 get k = 1.6383e8 N/m) — for three parameter sets (target restitutions, or damping levels chosen to
// give about the same restitutions at 1 m/s) and three impact speeds (0.1, 1, 5 m/s), and is checked:
//   - on every run: the run completes with one closed impact; nothing acts before onset (the body meets the
//     surface at its initial speed) or after separation (it leaves at the recorded separation speed); the
//     energy ledger closes; the bodies' energy loss equals the dissipated energy (plus the elastic energy
//     left at a force release); no energy is created (c ≤ 1); laws that declare no tension never pull; laws
//     that declare no force jump give F = 0 at first touch;
//   - per law: the restitution the law is known to give (a closed form where there is one), and how it
//     depends on the impact speed. Each case says why.
// DP5 at relative tolerance 1e-10 (absolute 1e-10 x_H): the closed forms are met to about 1e-9.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <numbers>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "contact/material_mixing.h"
#include "engine/calibration.h"
#include "models/kelvin_voigt_restitution.h"
#include "models/registry.h"
#include "models/restitution.h"

namespace contactlab {
namespace {

const IsolatedImpactSetup kSetup{};
const double kMass = kSetup.effective_mass;
const double kRadius = kSetup.effective_radius;
const double kModulus = kSetup.effective_modulus;
const double kHertzStiffness = hertz_stiffness(kModulus, kRadius);
const double kSqrt5 = std::sqrt(5.0);
constexpr double kPi = std::numbers::pi;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// S003 Table 1 (models.md §5.4): the spheres' yield strength, and the Ma–Liu critical elastic deformation it gives.
constexpr double kYieldStrength = 1.03e9;
constexpr double kCriticalElasticDeformation = 5.2453e-6;

// Undamped maximum indentation of the Hertz impact (models.md §2.3).
double hertz_max_indentation(double velocity, double stiffness = kHertzStiffness, double exponent = 1.5) {
  return std::pow((exponent + 1.0) * kMass * velocity * velocity / (2.0 * stiffness), 1.0 / (exponent + 1.0));
}

// Speed at which an undamped Hertz impact just reaches δ_y: ½ m v_y² = K δ_y^{5/2}/(5/2).
double hertz_yield_velocity(double yield_indentation, double stiffness = kHertzStiffness) {
  return std::sqrt(0.8 * stiffness * std::pow(yield_indentation, 2.5) / kMass);
}

// Damping ratio and restitution of the δ^{1/4}-damped Hertz laws F = K δ^{3/2} + α √(K m) δ^{1/4} δ̇: u = δ^{5/4}
// maps the phase plane onto a linear oscillator of damping ratio α/√5 (models.md §3.E11), released at δ = 0.
double quarter_power_alpha(double restitution) {
  return kSqrt5 * kelvin_voigt_indentation_release_damping_ratio(restitution);
}
double quarter_power_restitution(double alpha) {
  return kelvin_voigt_indentation_release_restitution(alpha / kSqrt5);
}

// The same oscillator damped during compression only (Jankowski): the undamped rebound from the damped maximum,
// c = exp(−ζ arccos ζ/√(1 − ζ²)), ζ = α/√5 (continued analytically to ζ ≥ 1, where the overdamped compression
// still ends). That is the square root of the Kelvin–Voigt force-release restitution exp(−2ζ g(ζ)).
double compression_only_restitution(double alpha) {
  return std::sqrt(kelvin_voigt_force_release_restitution(alpha / kSqrt5));
}

// Zhiying–Qishao normalised damping z = 3(1 − c²) e^{2(1−c)}/4 (S001 Eq (5.56)).
double zhiying_qishao_damping(double c) { return 0.75 * (1.0 - c * c) * std::exp(2.0 * (1.0 - c)); }

// Wang et al. (S003 Eq (23), corrected) loss factor of the elastic phase.
double wang_elastic_loss_factor(double c) {
  return 9.0 * kSqrt5 * (1.0 - c * c) / (c * ((9.0 * kPi - 16.0) * c + 16.0));
}

// Ma–Liu critical elastic deformation δ_y = R (π p_y/(2E))², p_y = 1.61 σ_y (S003 Eq (1)–(2)).
double ma_liu_yield_indentation(double yield_strength) {
  const double ratio = kPi * 1.61 * yield_strength / (2.0 * kModulus);
  return kRadius * ratio * ratio;
}

// Thornton: δ_y = R*(π σ_y/(2E*))² and his closed form (J. Appl. Mech. 64 (1997) 383), r = v_y/v:
// e = (6√3/5)^{1/2} [1 − r²/6]^{1/2} [r/(r + 2√(6/5 − r²/5))]^{1/4}; the model's own work ratio equals it
// (tests/models/elastoplastic_test.cc).
double thornton_yield_indentation() {
  const double ratio = kPi * kYieldStrength / (2.0 * kModulus);
  return kRadius * ratio * ratio;
}
double thornton_restitution(double velocity) {
  const double r = hertz_yield_velocity(thornton_yield_indentation()) / velocity;
  if (r >= 1.0) return 1.0;
  return std::sqrt(6.0 * std::sqrt(3.0) / 5.0) * std::sqrt(1.0 - r * r / 6.0) *
         std::pow(r / (r + 2.0 * std::sqrt(6.0 / 5.0 - r * r / 5.0)), 0.25);
}

// Yigit (S001 Eq (5.75)–(5.76), n = 3/2, K_y = n K δ_y^{n−1}) by energy: δ_m from the loading work, then the
// work the unloading curve K δ^n − C returns down to δ_f.
double yigit_restitution(double velocity, double yield) {
  const double n = 1.5, k = kHertzStiffness, ky = n * k * std::pow(yield, n - 1.0);
  const double energy = 0.5 * kMass * velocity * velocity;
  const double elastic_work = k * std::pow(yield, n + 1.0) / (n + 1.0);
  if (energy <= elastic_work) return 1.0;
  const double fy = k * std::pow(yield, n);
  const double x = (-fy + std::sqrt(fy * fy + 2.0 * ky * (energy - elastic_work))) / ky;  // δ_m − δ_y
  const double dm = yield + x;
  const double offset = k * (std::pow(dm, n) - std::pow(yield, n)) - ky * x;
  const double df = std::pow(offset / k, 1.0 / n);
  const double returned = k * (std::pow(dm, n + 1.0) - std::pow(df, n + 1.0)) / (n + 1.0) - offset * (dm - df);
  return std::sqrt(returned / energy);
}

// Yigit linearised (S001 Eq (5.77)–(5.79), unloading K_y/γ): loading K_y δ gives δ_m = v √(m/K_y); the unloading
// line returns γ of the loading work, so c = √γ, γ = 1 − δ_f/δ_m.
double yigit_linearized_restitution(double velocity, double yield) {
  const double n = 1.5, k = kHertzStiffness, ky = n * k * std::pow(yield, n - 1.0);
  const double dm = velocity * std::sqrt(kMass / ky);
  const double bracket = std::max(0.0, 1.0 - ky / (k * std::pow(dm, n - 1.0)));
  return std::sqrt(1.0 - std::pow(bracket, 1.0 / n));
}

enum class Speed {
  kUnspecified,  // no documented dependence
  kIndependent,  // c the same at every speed (to 1e-6)
  kDecreasing,   // c falls as the impact speed rises
  kNonIncreasing,  // c never rises with the impact speed (beyond the case's tolerance); it may stay at 1
  kIncreasing,   // c rises with the impact speed
};

// One run as the expectations see it.
struct Impact {
  double level;  // the target restitution or damping level of the parameter set
  double speed;  // δ̇⁻ [m/s]
  const ContactPairModel& pair;
  const IsolatedImpactResult& result;
};

// One parameter family of one law.
struct Case {
  std::string name;
  std::vector<double> levels = {0.3, 0.7, 0.95};
  std::vector<double> speeds = {0.1, 1.0, 5.0};
  // The law's parameters for a level; `scale` multiplies the damping coefficient (similarity check).
  std::function<std::vector<NamedValue>(double level, double scale)> parameters;
  std::function<void(ContactPairModel&)> adjust;  // changes to the standard pair (e.g. another exponent)
  std::function<double(const Impact&)> expected;     // the restitution the law must give (NaN: no closed form)
  double tolerance = 1e-6;
  bool partial = false;  // `expected` is NaN where no closed form applies (e.g. above yield)
  Speed speed = Speed::kUnspecified;
  // Power-law damping F = K δ^{3/2} + χ δ^m δ̇ with χ fixed: scaling δ by (m v²/K)^{2/5} leaves one group,
  // χ v^{(4m−1)/5}, so c(χ, v) = c(χ (v/1 m/s)^p, 1 m/s) with p = (4m−1)/5 exactly (models.md §2.6).
  double similarity_exponent = kNaN;
  std::function<void(const Impact&)> extra;  // further checks of one run
  std::string why;
};

std::vector<NamedValue> none(double, double) { return {}; }

// The Hunt–Crossley family: K δ^n (1 + z δ̇/δ̇⁻) with z prepared from the target.
Case hunt_crossley_case() {
  Case c;
  c.name = "target restitution";
  c.parameters = [](double level, double) { return std::vector<NamedValue>{{"restitution", level}}; };
  c.expected = [](const Impact& run) {
    return hunt_crossley_restitution(parameter_value(*run.pair.law_info, run.pair.parameters, "normalised_damping"));
  };
  c.speed = Speed::kIndependent;
  c.why = "models.md §2.5: the HC-type impact returns c_out(z) = [1 + W0(−(1+z)e^{−(1+z)})]/z of the prepared z, "
          "for any K, n, m_eff and δ̇⁻, so the law's own z(c) fixes c exactly and c does not depend on speed";
  return c;
}

// `parameter` names a string literal (NamedValue keeps a view of it). `coefficients` are the damping
// coefficients of the levels 0.3, 0.7, 0.95.
Case power_law_case(std::string_view parameter, std::vector<double> coefficients, double damping_exponent,
                    Speed speed, std::vector<NamedValue> fixed = {}) {
  Case c;
  c.name = std::string(parameter) + " (damping levels for c ≈ 0.3, 0.7, 0.95 at 1 m/s)";
  c.parameters = [parameter, coefficients, fixed](double level, double scale) {
    const std::size_t i = level == 0.3 ? 0 : level == 0.7 ? 1 : 2;
    std::vector<NamedValue> values = fixed;
    values.push_back({parameter, coefficients[i] * scale});
    return values;
  };
  c.speed = speed;
  c.similarity_exponent = (4.0 * damping_exponent - 1.0) / 5.0;
  char exponent[16];
  std::snprintf(exponent, sizeof exponent, "%g", damping_exponent);
  c.why = "models.md §2.6: with χ independent of δ̇⁻ the damping-to-elastic ratio scales as v^{(4m−1)/5}, so c is a "
          "function of χ v^{(4m−1)/5} alone; m = " +
          std::string(exponent) + " makes c " +
          (speed == Speed::kDecreasing ? "fall" : speed == Speed::kIncreasing ? "rise" : "stay") + " with speed";
  return c;
}

// Every law's cases, by id. A law missing here fails the test: each registered law must state what it does.
const std::map<std::string, std::vector<Case>>& law_cases() {
  static const std::map<std::string, std::vector<Case>> cases = [] {
    std::map<std::string, std::vector<Case>> all;

    // ---- elastic
    for (const char* id : {"hooke", "hertz"}) {
      Case c;
      c.name = "no parameters";
      c.levels = {kNaN};
      c.parameters = none;
      c.expected = [](const Impact&) { return 1.0; };
      c.tolerance = 1e-7;
      c.speed = Speed::kIndependent;
      c.why = "a conservative spring: the work of compression is all returned";
      all[id] = {c};
    }

    // ---- Kelvin–Voigt family (n = 1)
    {
      Case c;
      c.name = "damping D = 2ξ√(k m_eff), ξ for the level";
      c.parameters = [](double level, double) {
        const double xi = kelvin_voigt_indentation_release_damping_ratio(level);
        return std::vector<NamedValue>{{"damping", 2.0 * xi * std::sqrt(kSetup.linear_stiffness * kMass)}};
      };
      c.expected = [](const Impact& run) { return run.level; };
      c.speed = Speed::kIndependent;
      c.why = "linear oscillator released at δ = 0: c = exp(−πξ/√(1−ξ²)) exactly, independent of speed (models.md §3.B1)";
      all["kelvin_voigt"] = {c};
    }
    {
      Case c;
      c.name = "target restitution";
      c.parameters = [](double level, double) { return std::vector<NamedValue>{{"restitution", level}}; };
      c.expected = [](const Impact& run) { return run.level; };
      c.speed = Speed::kIndependent;
      c.why = "ξ(c) is the exact inverse of the Kelvin–Voigt restitution for its release rule (δ = 0: models.md §3.B2; "
              "F = 0: Butcher–Segalman, §3.B3–B4)";
      all["anagnostopoulos"] = {c};
      all["goyal"] = {c};
      Case fit = c;
      fit.name = "target restitution, damping_formula = 1 (S002 Eq (57) fit)";
      fit.parameters = [](double level, double) {
        return std::vector<NamedValue>{{"restitution", level}, {"damping_formula", 1.0}};
      };
      fit.tolerance = 0.0034;
      fit.why = "the S002 Eq (57) fit of the exact relation is within 0.00337 of the target (worst at e = 0.649)";
      all["kv_force_separation"] = {c, fit};
    }
    {
      Case c = hunt_crossley_case();
      c.tolerance = 0.0034;
      c.expected = [](const Impact& run) { return run.level; };
      c.why = "the exponents of k, δ̇⁻, m_eff in c_opt are exact (S002 Eq (34)), so c depends on (n, e) only; the fitted "
              "α(n), β(n) keep |c − e| ≤ 0.00337 for 1 ≤ n ≤ 2 (worst at n = 1, e = 0.649)";
      Case linear = c;
      linear.name = "target restitution, n = 1 (k = 1.6383e8 N/m)";
      linear.levels = {0.3, 0.649, 0.95};
      linear.adjust = [](ContactPairModel& pair) {
        pair.exponent = 1.0;
        pair.stiffness = kSetup.linear_stiffness;
      };
      Case quadratic = c;
      quadratic.name = "target restitution, n = 2 (K = 2.4e12 N/m²)";
      quadratic.adjust = [](ContactPairModel& pair) {
        pair.exponent = 2.0;
        pair.stiffness = 2.4e12;  // about as stiff as the Hertz contact at δ = 4e-5 m
      };
      all["poursina_nikravesh"] = {c, linear, quadratic};
    }

    // ---- Hunt–Crossley family
    for (const char* id : {"hunt_crossley", "herbert_mcwhannell", "lee_wang", "lankarani_nikravesh", "gonthier",
                           "zhang_sharf_exact", "yu", "zhiying_qishao", "gharib_hurmuzlu", "flores", "hu_guo",
                           "zhang_2020", "safaeifar_farshidianfar"}) {
      all[id] = {hunt_crossley_case()};
    }
    {
      Case exact = hunt_crossley_case();
      exact.expected = [](const Impact& run) { return run.level; };
      exact.why = "z is the exact root of z(1+c) + ln[(1−cz)/(1+z)] = 0, so c_out = c_r for every target (models.md §2.5)";
      all["zhang_sharf_exact"].push_back(exact);
    }
    {
      Case c;
      c.name = "σ1 = σ2 = 1.03 GPa (S003 steel), so K* = 1";
      c.levels = {kNaN};
      c.parameters = [](double, double) {
        return std::vector<NamedValue>{{"yield_strength_1", kYieldStrength}, {"yield_strength_2", kYieldStrength}};
      };
      c.expected = [](const Impact& run) {
        const double c_star = std::clamp(1.0 - 0.26 * std::cbrt(run.speed), 0.0, 1.0);
        return hunt_crossley_restitution(zhiying_qishao_damping(c_star));
      };
      c.speed = Speed::kDecreasing;
      c.why = "c* = 1 − 0.26 K* δ̇⁻^{1/3} (S001 Eq (5.58)) falls with speed and enters the Zhiying–Qishao z, whose HC "
              "impact returns c_out(z) exactly (models.md §3.D9, §2.5)";
      all["wang_yield"] = {c};
    }
    {
      Case c = hunt_crossley_case();
      c.parameters = [](double level, double) {
        return std::vector<NamedValue>{{"restitution", level}, {"contact_area", 1e-5}, {"shape_coefficient", 0.01}};
      };
      c.expected = [](const Impact& run) { return run.level; };
      c.why = "exact z on the linear volumetric stiffness k_v = γπE*A0/s′_max: c_out = c_r for n = 1 too (models.md §2.5)";
      all["luo_nahon"] = {c};
    }

    // ---- power-law damping
    all["ristow"] = {power_law_case("damping", {15000.0, 5000.0, 750.0}, 0.0, Speed::kIncreasing)};
    all["schafer"] = {power_law_case("damping", {2000.0, 670.0, 100.0}, 0.0, Speed::kIncreasing)};
    {
      Case c = power_law_case("damping", {}, 0.25, Speed::kIndependent);
      c.name = "damping χ = α(c)√(K m_eff), γ = 1/4 (default)";
      c.parameters = [](double level, double scale) {
        return std::vector<NamedValue>{
            {"damping", scale * quarter_power_alpha(level) * std::sqrt(kHertzStiffness * kMass)}};
      };
      c.expected = [](const Impact& run) { return run.level; };
      c.why = "γ = 1/4: u = δ^{5/4} makes the impact a linear oscillator of damping ratio χ/√(5 K m_eff) released at δ = 0, "
              "so c = exp(−πζ/√(1−ζ²)) exactly and does not depend on speed (models.md §2.6, §3.E3, §3.E11)";
      all["falcon"] = {c};
    }
    all["bordbar_hyppanen"] = {power_law_case("damping", {3.4e6, 9.4e5, 1.3e5}, 0.65, Speed::kDecreasing)};
    all["alizadeh"] = {power_law_case("fluid_consistency", {1.4e7, 3.4e6, 4.6e5}, 1.0, Speed::kDecreasing)};
    {
      Case direct = power_law_case("damping", {6.2e5, 1.8e5, 2.5e4}, 0.5, Speed::kDecreasing);
      Case friction = power_law_case("internal_friction", {6.2e5 / (2.0 * std::sqrt(kRadius)),
                                                            1.8e5 / (2.0 * std::sqrt(kRadius)),
                                                            2.5e4 / (2.0 * std::sqrt(kRadius))},
                                     0.5, Speed::kDecreasing);
      friction.name = "internal_friction D0 (χ = 2√R* D0, the same χ as the damping case)";
      all["kuwabara_kono"] = {direct, friction};
    }
    // A = χ/(1.5 K) (Brilliantov) and χ/(2E√R/(1−ν²)) (Zheng) for the same χ as Kuwabara–Kono.
    const double brilliantov_scale = 1.0 / (1.5 * kHertzStiffness);
    all["brilliantov_1996"] = {power_law_case(
        "dissipative_constant", {6.2e5 * brilliantov_scale, 1.8e5 * brilliantov_scale, 2.5e4 * brilliantov_scale}, 0.5,
        Speed::kDecreasing)};
    all["brilliantov_updated"] = all["brilliantov_1996"];
    {
      const double zheng_scale = (1.0 - 0.09) / (2.0 * 2.07e11 * std::sqrt(kRadius));
      all["zheng"] = {power_law_case("dissipative_constant",
                                     {6.2e5 * zheng_scale, 1.8e5 * zheng_scale, 2.5e4 * zheng_scale}, 0.5,
                                     Speed::kDecreasing, {{"youngs_modulus", 2.07e11}, {"poisson_ratio", 0.3}})};
    }
    {
      Case target;
      target.name = "target restitution (α exact)";
      target.parameters = [](double level, double) { return std::vector<NamedValue>{{"restitution", level}}; };
      target.expected = [](const Impact& run) { return run.level; };
      target.speed = Speed::kIndependent;
      target.why = "α = √5|ln c|/√(π² + ln² c) makes the δ^{1/4}-damped impact a linear oscillator of damping ratio α/√5 "
                   "released at δ = 0: c exact at any speed (models.md §3.E10–E11)";
      all["edem_hertz_mindlin"] = {target};
      Case alpha = target;
      alpha.name = "alpha given";
      alpha.parameters = [](double level, double) {
        return std::vector<NamedValue>{{"alpha", quarter_power_alpha(level)}};
      };
      all["tsuji"] = {target, alpha};
    }
    {
      Case c;
      c.name = "target restitution, xi_analytic (default)";
      c.parameters = [](double level, double) { return std::vector<NamedValue>{{"restitution", level}}; };
      c.expected = [](const Impact& run) {
        return compression_only_restitution(parameter_value(*run.pair.law_info, run.pair.parameters, "damping_factor"));
      };
      c.speed = Speed::kIndependent;
      c.why = "damping in compression only: the oscillator of damping ratio ζ = 2ξ/√5 reaches the damped maximum and "
              "rebounds undamped, c = exp(−ζ arccos ζ/√(1−ζ²)) at any speed (models.md §3.E12)";
      c.extra = [](const Impact& run) {
        // ξ_analytic is within 0.0086 of the target on (0, 1] (the law's notes).
        EXPECT_NEAR(run.result.restitution, run.level, 0.0086);
      };
      Case simple = c;
      simple.name = "target restitution, xi_simple";
      simple.parameters = [](double level, double) {
        return std::vector<NamedValue>{{"restitution", level}, {"xi_variant", 1.0}};
      };
      simple.extra = {};
      all["jankowski"] = {c, simple};
    }
    {
      Case c;
      c.name = "damping D = K z_exact(c)/(1 m/s), m_i = 3/2, m_d = 1 (defaults)";
      c.parameters = [](double level, double scale) {
        return std::vector<NamedValue>{{"damping", scale * kHertzStiffness * hunt_crossley_exact_damping(level)}};
      };
      c.expected = [](const Impact& run) {
        const double damping = parameter_value(*run.pair.law_info, run.pair.parameters, "damping");
        return hunt_crossley_restitution(damping * run.speed / kHertzStiffness);
      };
      c.speed = Speed::kDecreasing;
      c.similarity_exponent = 1.0;
      c.why = "the defaults make Choi's law K δ^{3/2}(1 + (D/K) δ̇) with a constant D: an HC impact with z = D δ̇⁻/K, so "
              "c = c_out(D δ̇⁻/K) exactly (the force floor never acts: F ≥ 0 in the isolated impact, models.md §2.5) and "
              "c falls with speed";
      all["choi"] = {c};
    }

    // ---- granular
    {
      Case c;
      c.name = "c_e = c_p = level, σ_y = 1.03 GPa (S003)";
      // c_e < 0.375 overdamps the elastic phase with the default g2 (see WangKvGranularOverdampsBelowYield).
      c.levels = {0.5, 0.7, 0.95};
      c.speeds = {0.05, 0.1, 1.0, 5.0};
      c.partial = true;
      c.parameters = [](double level, double) {
        return std::vector<NamedValue>{
            {"elastic_restitution", level}, {"plastic_restitution", level}, {"yield_strength", kYieldStrength}};
      };
      c.expected = [](const Impact& run) {
        if (run.result.impact.max_indentation >= ma_liu_yield_indentation(kYieldStrength)) return kNaN;
        return quarter_power_restitution(wang_elastic_loss_factor(run.level));
      };
      c.why = "below δ_y the law is K_h δ^{3/2} + g2 √(K_h m) δ^{1/4} δ̇: the δ^{1/4} oscillator with α = g2, so "
              "c = exp(−πζ/√(1−ζ²)), ζ = g2/√5 — below c_e, as the law's notes say; above δ_y it only dissipates";
      Case exact = c;
      exact.name = "c_e = c_p = level, exact_elastic_damping = 1";
      exact.parameters = [](double level, double) {
        return std::vector<NamedValue>{{"elastic_restitution", level}, {"plastic_restitution", level},
                                       {"yield_strength", kYieldStrength}, {"exact_elastic_damping", 1.0}};
      };
      exact.levels = {0.3, 0.7, 0.95};
      exact.expected = [](const Impact& run) {
        if (run.result.impact.max_indentation >= ma_liu_yield_indentation(kYieldStrength)) return kNaN;
        return run.level;
      };
      exact.why = "g2 = (√5/2) g1(c_e) is the exact δ^{1/4} damping: c = c_e below δ_y";
      Case published;
      published.name = "S003 §3.4 at 8 m/s: c_e = 0.86, c_p = 0.70";
      published.levels = {kNaN};
      published.speeds = {8.0};
      published.parameters = [](double, double) {
        return std::vector<NamedValue>{
            {"elastic_restitution", 0.86}, {"plastic_restitution", 0.70}, {"yield_strength", kYieldStrength}};
      };
      published.expected = [](const Impact&) { return 5.6433 / 8.0; };
      published.tolerance = 1e-4 / 8.0;
      published.why = "models.md §5.4 reproduces S003's elastoplastic case: rebound 5.6433 m/s (S003 prints 5.75541, "
                      "within its 2 % tolerance)";
      all["wang_kv_granular"] = {c, exact, published};
    }
    {
      Case c;
      c.name = "σ_y = 1.03 GPa (S003)";
      c.levels = {kNaN};
      c.speeds = {0.5 * hertz_yield_velocity(ma_liu_yield_indentation(kYieldStrength)), 0.1, 1.0, 5.0};
      c.parameters = [](double, double) { return std::vector<NamedValue>{{"yield_strength", kYieldStrength}}; };
      c.expected = [](const Impact& run) {
        return run.result.impact.max_indentation < ma_liu_yield_indentation(kYieldStrength) ? 1.0 : kNaN;
      };
      c.tolerance = 1e-7;
      c.partial = true;
      // Elastic below δ_y and capped at c = 1 up to 2.77 δ_y (0.5 v_y and 0.1 m/s both give 1 to the integrator's
      // accuracy), falling beyond.
      c.speed = Speed::kNonIncreasing;
      c.extra = [](const Impact& run) {
        // Just above yield (up to 2.77 δ_y for this steel) the inferred unloading closure would return more
        // energy than the loading did; the law caps it at the loading work, so c = 1 there and never above.
        EXPECT_LE(run.result.restitution, 1.0 + 1e-7) << "the law must not create energy (integrator tolerance)";
        if (run.result.impact.max_indentation > 2.8 * ma_liu_yield_indentation(kYieldStrength)) {
          EXPECT_LT(run.result.restitution, 1.0 - 1e-6) << "plastic impact must dissipate";
        }
      };
      c.why = "history law: elastic (Hertz both ways) below δ_y, plastic loading and a stiffer unloading curve above it";
      Case published = c;
      published.name = "S003 §3.4 at 8 m/s";
      published.speeds = {8.0};
      published.speed = Speed::kUnspecified;
      published.extra = [](const Impact& run) {
        EXPECT_NEAR(run.result.impact.dissipated_energy / 1.9381, 1.0, 1e-4) << "S003 Table 2: ML ΔE = 1.9381 J";
      };
      published.why = "the inferred unloading closure reproduces S003 Table 2's ML energy loss at 8 m/s";
      all["ma_liu"] = {c, published};
    }

    // ---- elastoplastic (history)
    {
      Case c;
      c.name = "target restitution";
      c.parameters = [](double level, double) { return std::vector<NamedValue>{{"restitution", level}}; };
      c.expected = [](const Impact& run) { return run.level; };
      c.speed = Speed::kIndependent;
      c.why = "δ_p = δ_max(1 − c²) makes the unloading work c² times the loading work (models.md §3.G1)";
      Case permanent;
      permanent.name = "permanent_indentation δ_p = (1 − level²) x_H(0.1 m/s)";
      permanent.parameters = [](double level, double) {
        return std::vector<NamedValue>{{"permanent_indentation", (1.0 - level * level) * hertz_max_indentation(0.1)}};
      };
      permanent.expected = [](const Impact& run) {
        const double permanent = parameter_value(*run.pair.law_info, run.pair.parameters, "permanent_indentation");
        return std::sqrt(1.0 - permanent / hertz_max_indentation(run.speed));
      };
      permanent.speed = Speed::kIncreasing;
      permanent.why = "Hertz loading to x_H, unloading F_max((δ−δ_p)/(x_H−δ_p))^n returns (x_H − δ_p)/x_H of the work; "
                      "a fixed δ_p matters less in a deeper impact, so c rises with speed";
      all["goldsmith_modified_hertz"] = {c, permanent};
    }
    {
      Case c;
      c.name = "σ_y = 1.03 GPa (S003)";
      c.levels = {kNaN};
      c.speeds = {0.5 * hertz_yield_velocity(thornton_yield_indentation()), 0.1, 1.0, 5.0};
      c.parameters = [](double, double) { return std::vector<NamedValue>{{"yield_strength", kYieldStrength}}; };
      c.expected = [](const Impact& run) { return thornton_restitution(run.speed); };
      c.speed = Speed::kDecreasing;
      c.why = "c = 1 below the yield speed, Thornton's closed form c(v_y/v) above it";
      all["thornton"] = {c};
    }
    {
      Case c;
      c.name = "δ_y = 5.2453e-6 m (S003's critical elastic deformation)";
      c.levels = {kNaN};
      c.speeds = {0.5 * hertz_yield_velocity(kCriticalElasticDeformation), 0.1, 1.0, 5.0};
      c.parameters = [](double, double) {
        return std::vector<NamedValue>{{"yield_indentation", kCriticalElasticDeformation}};
      };
      c.expected = [](const Impact& run) { return yigit_restitution(run.speed, kCriticalElasticDeformation); };
      c.speed = Speed::kDecreasing;
      c.why = "elastic below δ_y (c = 1); above, the unloading curve K δ^{3/2} − C returns a fraction of the loading "
              "work computed in closed form";
      all["yigit"] = {c};
      Case linear = c;
      // At 0.1 m/s the linear loading K_y δ stops at δ_m = v √(m/K_y) = 5.0e-6 m < 2.25 δ_y: an elastic rebound.
      linear.speeds = {0.1, 1.0, 5.0};
      linear.expected = [](const Impact& run) { return yigit_linearized_restitution(run.speed, kCriticalElasticDeformation); };
      linear.why = "loading K_y δ, unloading (K_y/γ)(δ − δ_f) returns γ of the work: c = √γ, and c = 1 below δ_m = 2.25 δ_y "
                   "where δ_f clips to 0";
      all["yigit_linearized"] = {linear};
    }

    // ---- alternative
    {
      Case c;
      c.name = "E1 = E2 = 207 GPa, R1 = R2 = 0.02 m, D1 = D2 (levels for c ≈ 0.3, 0.7, 0.95 at 1 m/s)";
      c.parameters = [](double level, double scale) {
        const double damping = scale * (level == 0.3 ? 1.4e7 : level == 0.7 ? 3.7e6 : 5.1e5);
        return std::vector<NamedValue>{{"modulus_1", 2.07e11}, {"modulus_2", 2.07e11}, {"radius_1", 0.02},
                                       {"radius_2", 0.02},      {"damping_1", damping}, {"damping_2", damping}};
      };
      c.speed = Speed::kDecreasing;
      c.why = "near δ = 0 the law is πR*(k_V δ² + 2 d_V δ δ̇): damping δ δ̇ on a δ² spring, whose damping-to-elastic ratio "
              "grows as v^{1/3}";
      Case elastic = c;
      elastic.name = "D1 = D2 = 0";
      elastic.levels = {kNaN};
      elastic.parameters = [](double, double) {
        return std::vector<NamedValue>{{"modulus_1", 2.07e11}, {"modulus_2", 2.07e11}, {"radius_1", 0.02},
                                       {"radius_2", 0.02},      {"damping_1", 0.0},     {"damping_2", 0.0}};
      };
      elastic.expected = [](const Impact&) { return 1.0; };
      elastic.speed = Speed::kIndependent;
      elastic.why = "without damping the volumetric spring k_V V(δ) is conservative";
      all["roy_carretero"] = {c, elastic};
    }
    {
      Case c;
      c.name = "γ = 1e5 1/s, β1 = 1e-4, 1e-5, 1e-6 s, β2 = 0";
      c.parameters = [](double level, double) {
        const double offset = level == 0.3 ? 1e-4 : level == 0.7 ? 1e-5 : 1e-6;
        return std::vector<NamedValue>{{"damping_offset", offset}, {"relaxation_rate", 1e5}};
      };
      c.extra = [](const Impact& run) { EXPECT_LT(run.result.restitution, 1.0 - 1e-6) << "the lagging α dissipates"; };
      c.why = "the internal state α lags P = δ^n, so loading and unloading differ and the impact dissipates; F ≥ 0 by "
              "construction (the law takes no δ̇, no potential: all absorbed work counts as dissipated)";
      all["xiong"] = {c};
    }
    {
      Case c;
      c.name = "G_e = G0 = 79.6 GPa (steel), ν = 0.3, η = 3e6, 6e5, 1e5 Pa·s";
      c.parameters = [](double level, double) {
        const double viscosity = level == 0.3 ? 3e6 : level == 0.7 ? 6e5 : 1e5;
        return std::vector<NamedValue>{{"equilibrium_shear_modulus", 79.6e9}, {"relaxation_shear_modulus", 79.6e9},
                                       {"viscosity", viscosity}, {"poisson_ratio", 0.3}};
      };
      c.extra = [](const Impact& run) { EXPECT_LT(run.result.restitution, 1.0 - 1e-6) << "the damper dissipates"; };
      c.why = "the damper (2η/(1−ν))(1 − e^{−t/T})√(R*δ) δ̇ only dissipates; its ramp in t has no documented speed law";
      all["jian"] = {c};
    }

    // ---- the impulse reference method
    {
      Case c;
      c.name = "restitution e";
      c.parameters = [](double level, double) { return std::vector<NamedValue>{{"restitution", level}}; };
      c.expected = [](const Impact& run) { return run.level; };
      c.tolerance = 1e-9;
      c.speed = Speed::kIndependent;
      c.why = "a rigid impact: δ̇⁺ = −e δ̇⁻ by definition (S002 §6)";
      all["impulse"] = {c};
    }
    return all;
  }();
  return cases;
}

// What the observer records.
struct Sample {
  double time;
  bool active;
  double force;
};

struct Outcome {
  ContactPairModel pair;
  IsolatedImpactResult result;
  std::vector<Sample> samples;
};

Outcome run_impact(const Case& c, LawIndex law, double level, double speed, double scale = 1.0) {
  const std::vector<NamedValue> values = c.parameters(level, scale);
  Outcome out{isolated_impact_pair(law, values, kSetup), {}, {}};
  if (c.adjust) c.adjust(out.pair);
  IsolatedImpactOptions options;
  // A few samples before the onset (which is at half an x_H of free flight), plus every step in contact.
  const double x_h = std::pow((out.pair.exponent + 1.0) * kMass * speed * speed / (2.0 * out.pair.stiffness),
                              1.0 / (out.pair.exponent + 1.0));
  options.output_interval = 0.1 * x_h / speed;
  out.result = simulate_isolated_impact(out.pair, kMass, speed, options, [&](const State& state, const Data& data) {
    out.samples.push_back({state.time, state.contacts[0].active, data.contact_force[0]});
  });
  return out;
}

// The invariants every law must satisfy on every run.
void check_common(const LawInfo& law, const Outcome& out, double speed, std::span<const NamedValue> given) {
  const IsolatedImpactResult& result = out.result;
  ASSERT_EQ(result.simulation.status, SimulationStatus::kCompleted) << result.simulation.message;
  ASSERT_EQ(result.simulation.impacts.size(), 1u) << "one isolated impact, one contact";
  ASSERT_TRUE(result.separated) << "the contact did not end within 100 undamped contact times";
  const ImpactRecord& impact = result.impact;
  const double energy = result.impact_energy;

  // prepare() writes only the derived parameters (calibration relies on it).
  for (const LawParameter& p : law.parameters) {
    double value = p.default_value;
    for (const NamedValue& v : given) {
      if (v.name == p.name) value = v.value;
    }
    EXPECT_EQ(parameter_value(law, out.pair.parameters, p.name), value) << "prepare changed given parameter " << p.name;
  }

  // Nothing before the onset: the body meets the surface at its initial speed, and no sample shows a force.
  EXPECT_NEAR(impact.impact_velocity, speed, 1e-12 * speed);
  int before = 0;
  for (const Sample& s : out.samples) {
    if (s.time >= impact.t_start) break;
    ++before;
    EXPECT_FALSE(s.active);
    EXPECT_EQ(s.force, 0.0) << "force before onset at t = " << s.time;
  }
  EXPECT_GE(before, 3) << "the run must sample the free flight";
  // Laws that declare no force jump start from F = 0 at δ = 0 (the law itself, at exactly δ = 0, δ̇ = δ̇⁻).
  if (!law.force_jump) {
    ContactInput input;
    input.indentation = 0.0;
    input.normal_velocity = speed;
    input.impact_velocity = speed;
    input.effective_mass = kMass;
    input.effective_radius = out.pair.effective_radius;
    input.effective_modulus = out.pair.effective_modulus;
    input.stiffness = out.pair.stiffness;
    input.exponent = out.pair.exponent;
    double state[kMaxLawState] = {};
    if (law.event) law.event(ContactEvent::kOnset, input, out.pair.parameters.values, state);
    EXPECT_EQ(law.force(input, out.pair.parameters.values, state).force, 0.0) << "force jump at first touch";
  }
  // Nothing after separation: the body keeps the separation speed to the end of the run.
  EXPECT_NEAR(result.final_velocity, impact.separation_velocity, 1e-12 * speed);

  // The ledger: E + W_dissipated = E(0) throughout, and the impact's dissipated energy is the bodies' loss
  // ½ m v²(1 − c²) for every law — for a release at F = 0 too, whose elastic energy left at the residual
  // indentation leaves E with the contact and is lost (before, the record left it out: models.md §7).
  EXPECT_LE(result.simulation.max_energy_balance_error, 1e-8 * energy);
  const double lost = energy * (1.0 - impact.restitution * impact.restitution);
  EXPECT_NEAR(impact.dissipated_energy, lost, 1e-8 * energy);
  // No law creates energy; every law rebounds.
  EXPECT_LE(impact.restitution, 1.0 + 1e-7);
  EXPECT_GT(impact.restitution, 0.0);
  if (!law.can_tension) {
    EXPECT_GE(impact.min_force, -1e-9 * impact.max_force) << "tension from a law without it";
  }
}

class LawInvariants : public ::testing::TestWithParam<std::string> {};

TEST_P(LawInvariants, IsolatedImpact) {
  const std::string id = GetParam();
  const LawIndex index = find_law(id);
  ASSERT_GE(index, 0);
  const LawInfo& law = law_info(index);
  const auto found = law_cases().find(id);
  ASSERT_NE(found, law_cases().end()) << "law '" << id << "' has no case in " << __FILE__
                                      << ": say what its isolated impact must give";
  for (const Case& c : found->second) {
    SCOPED_TRACE(c.name + " — " + c.why);
    for (double level : c.levels) {
      std::vector<double> restitutions;
      for (double speed : c.speeds) {
        SCOPED_TRACE("level " + std::to_string(level) + ", impact speed " + std::to_string(speed) + " m/s");
        const Outcome out = run_impact(c, index, level, speed);
        const std::vector<NamedValue> given = c.parameters(level, 1.0);
        check_common(law, out, speed, given);
        if (::testing::Test::HasFatalFailure()) return;
        const Impact run{level, speed, out.pair, out.result};
        const double c_out = out.result.restitution;
        restitutions.push_back(c_out);
        if (c.expected) {
          const double expected = c.expected(run);
          if (!std::isnan(expected)) {
            EXPECT_NEAR(c_out, expected, c.tolerance);
          } else {
            EXPECT_TRUE(c.partial) << "no expected restitution for this run";
          }
        }
        if (c.extra) c.extra(run);
        if (!std::isnan(c.similarity_exponent) && speed != 1.0) {
          // c(χ, v) = c(χ (v/1 m/s)^p, 1 m/s).
          const Outcome similar = run_impact(c, index, level, 1.0, std::pow(speed, c.similarity_exponent));
          ASSERT_TRUE(similar.result.separated) << similar.result.simulation.message;
          EXPECT_NEAR(c_out, similar.result.restitution, 1e-6) << "similarity in χ v^{(4m−1)/5}";
        }
      }
      for (std::size_t i = 1; i < restitutions.size(); ++i) {
        switch (c.speed) {
          case Speed::kIndependent:
            EXPECT_NEAR(restitutions[i], restitutions[0], 1e-6) << "c must not depend on the impact speed";
            break;
          case Speed::kDecreasing:
            EXPECT_LT(restitutions[i], restitutions[i - 1]) << "c must fall with the impact speed";
            break;
          case Speed::kNonIncreasing:
            EXPECT_LE(restitutions[i], restitutions[i - 1] + c.tolerance) << "c must not rise with the impact speed";
            break;
          case Speed::kIncreasing:
            EXPECT_GT(restitutions[i], restitutions[i - 1]) << "c must rise with the impact speed";
            break;
          case Speed::kUnspecified:
            break;
        }
      }
    }
  }
}

std::vector<std::string> all_law_ids() {
  std::vector<std::string> ids;
  for (std::string_view id : law_ids()) ids.emplace_back(id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(AllLaws, LawInvariants, ::testing::ValuesIn(all_law_ids()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(LawInvariants, EveryCaseNamesARegisteredLaw) {
  for (const auto& [id, cases] : law_cases()) {
    const LawIndex index = find_law(id);
    ASSERT_GE(index, 0) << "case for unknown law '" << id << "'";
    EXPECT_EQ(law_info(index).id, id) << "cases are keyed by id, not alias";
  }
}

TEST(LawInvariants, WangKvGranularOverdampsBelowYieldForSmallElasticRestitution) {
  // g2 = 9√5(1 − c²)/(c[(9π − 16)c + 16]) reaches √5 (damping ratio 1 of the δ^{1/4} oscillator) at c_e = 0.375:
  // below that an impact that stays under δ_y never comes back to δ = 0 (the bodies stick), while the exact
  // g2 = (√5/2) g1(c_e) of exact_elastic_damping = 1 still returns c_e.
  EXPECT_NEAR(wang_elastic_loss_factor(0.375), kSqrt5, 0.01);
  const LawIndex law = find_law("wang_kv_granular");
  for (double exact : {0.0, 1.0}) {
    const std::vector<NamedValue> values = {{"elastic_restitution", 0.3},
                                            {"plastic_restitution", 0.3},
                                            {"yield_strength", kYieldStrength},
                                            {"exact_elastic_damping", exact}};
    const IsolatedImpactResult result = simulate_isolated_impact(isolated_impact_pair(law, values), kMass, 0.05);
    ASSERT_EQ(result.simulation.status, SimulationStatus::kCompleted) << result.simulation.message;
    EXPECT_LT(result.impact.max_indentation, ma_liu_yield_indentation(kYieldStrength));
    if (exact == 0.0) {
      EXPECT_FALSE(result.separated) << "overdamped: no rebound, c = " << result.impact.restitution;
    } else {
      ASSERT_TRUE(result.separated);
      EXPECT_NEAR(result.restitution, 0.3, 1e-6);
    }
  }
}

TEST(LawInvariants, AliasesResolveToTheirLaw) {
  for (const LawInfo& law : all_laws()) {
    for (std::string_view alias : law.aliases) EXPECT_EQ(law_info(find_law(alias)).id, law.id) << alias;
  }
}

}  // namespace
}  // namespace contactlab
