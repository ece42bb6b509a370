// SPDX-License-Identifier: MIT
// History-dependent elastoplastic laws (models.md §3.G): a loading ("virgin") curve and an elastic unloading
// curve fixed by the history recorded at the maximum indentation.
//
// Shared history rules (models.md §7 decision 8), identical for the four laws:
//  * The history (δ_max and what the unloading curve needs) changes only at ContactEvent::kMaxIndentation, and
//    only when δ exceeds the stored δ_max: a reversal below δ_max happens on the elastic unloading curve, which
//    is reversible, so it leaves no new trace.
//  * The phase is implicit: δ ≥ δ_max means the virgin loading curve, δ < δ_max the unloading curve. Reloading
//    (kReload) therefore retraces the unloading curve up to δ_max and then continues on the loading curve; both
//    curves pass through (δ_max, F_max), so F stays continuous and only the state set at events enters F.
//  * kOnset resets the history: every contact starts on the virgin curve. The engine keeps one state per body
//    pair, measures δ from the undeformed shapes and does not know where on the surfaces the bodies touch, so a
//    later contact of the same pair generally meets fresh material; and the laws' parameters (a target c_r,
//    δ_y, σ_y) describe an undented surface. Carrying the dent over would make every later, weaker impact of a
//    bouncing body perfectly elastic (shakedown). Within one contact the history persists.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "models/indentation_power.h"
#include "models/laws.h"
#include "models/typed_law.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

void reset_history(double* state, int size) { std::fill(state, state + size, 0.0); }

// ---------------------------------------------------------------------------------------------------------
// goldsmith_modified_hertz (alias lankarani_nikravesh_plastic)

struct GoldsmithParameters {
  double restitution;
  double permanent_indentation;
  double plastic_fraction;  // derived
};
constexpr LawParameter kGoldsmithParameters[] = {
    {"restitution", "-",
     "target coefficient of restitution c_r; sets the permanent indentation δ_p = δ_max(1 − c_r²) "
     "(models.md §3.G1, derived); leave at 1 when permanent_indentation is given",
     1.0, false, 0.0, 1.0, true, false, ParameterRole::kTargetRestitution},
    {"permanent_indentation", "m",
     "permanent indentation δ_p given directly (Goldsmith), below every contact's maximum indentation δ_max (one at or "
     "beyond it stops the run); 0 means: from restitution", 0.0,
     false, 0.0, kInf, false, true},
};
constexpr LawParameter kGoldsmithDerived[] = {
    {.name = "plastic_fraction", .unit = "-", .description = "1 − c_r²: δ_p = plastic_fraction · δ_max"},
};
static_assert(parameter_struct_declares<GoldsmithParameters>(kGoldsmithParameters, kGoldsmithDerived));
// State: δ_max, F_max, δ_p.
constexpr int kGoldsmithState = 3;

void goldsmith_prepare(GoldsmithParameters& p) {
  // Two ways to fix δ_p; both at once would be ambiguous (compile_law_parameters reports invalid_argument).
  if (p.restitution < 1.0 && p.permanent_indentation > 0.0) {
    throw std::invalid_argument(
        "law 'goldsmith_modified_hertz': give either restitution or permanent_indentation, not both");
  }
  p.plastic_fraction = 1.0 - p.restitution * p.restitution;
}

// δ_p for an unloading that starts at δ_max (a given δ_p at or beyond δ_max: goldsmith_event stops the run).
double goldsmith_permanent(const GoldsmithParameters& p, double max_indentation) {
  const double given = p.permanent_indentation;
  return given > 0.0 ? given : p.plastic_fraction * max_indentation;
}

// A given δ_p at or beyond the δ_max a contact reached has no unloading curve: F_max((δ − δ_p)/(δ_max − δ_p))^n would
// drop from F_max to 0 at δ_max itself, leaving the bodies at rest in contact with no force between them — under gravity
// pressed in again, reloaded on K δ^n and dropped again, an event at every step until the step budget runs out.
[[noreturn]] void refuse_vertical_unloading(double permanent, double max_indentation) {
  char text[400];
  std::snprintf(text, sizeof(text),
                "permanent_indentation δ_p = %.6g m is at or beyond the maximum indentation δ_max = %.6g m this contact "
                "reached, so its unloading curve F_max((δ − δ_p)/(δ_max − δ_p))^n would be vertical (the force dropping "
                "from F_max to 0 at once, no rebound); give a permanent_indentation below every contact's maximum "
                "indentation, or restitution instead (δ_p = δ_max(1 − c_r²))",
                permanent, max_indentation);
  throw LawFailure(text);
}

// Goldsmith modified Hertz: K δ^n loading, F_max((δ−δ_p)/(δ_max−δ_p))^n unloading — Corral et al. (S001) Eq (5.7).
ContactForce goldsmith_force(const ContactInput& in, const GoldsmithParameters&, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  const double n = in.exponent;
  if (d >= s[0]) {  // virgin loading, also after reloading past δ_max
    const double f = in.stiffness * indentation_power(d, n);
    return {f, n * f / d, 0.0};
  }
  const double permanent = s[2];
  if (d <= permanent) return {};
  const double f = s[1] * indentation_power((d - permanent) / (s[0] - permanent), n);
  return {f, n * f / (d - permanent), 0.0};
}

void goldsmith_event(ContactEvent event, const ContactInput& in, const GoldsmithParameters& p, double* s) {
  if (event == ContactEvent::kOnset) reset_history(s, kGoldsmithState);
  if (event != ContactEvent::kMaxIndentation || !(in.indentation > s[0])) return;
  if (p.permanent_indentation >= in.indentation) refuse_vertical_unloading(p.permanent_indentation, in.indentation);
  s[0] = in.indentation;
  s[1] = in.stiffness * indentation_power(in.indentation, in.exponent);
  s[2] = goldsmith_permanent(p, in.indentation);
}

// Recoverable energy: the work the unloading curve through the current point gives back,
// F (δ − δ_p)/(n+1); on the loading curve the unloading that would start here.
double goldsmith_potential(const ContactInput& in, const GoldsmithParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  const double permanent = d >= s[0] ? goldsmith_permanent(p, d) : s[2];
  if (d <= permanent) return 0.0;
  return goldsmith_force(in, p, s).force * (d - permanent) / (in.exponent + 1.0);
}

// ---------------------------------------------------------------------------------------------------------
// thornton

struct ThorntonParameters {
  double yield_strength;
};
constexpr LawParameter kThorntonParameters[] = {
    {"yield_strength", "Pa",
     "σ_y of Eq (5.70): the peak Hertz contact pressure 3P_y/(2π a_y²) at which the contact becomes perfectly "
     "plastic (Thornton's limiting contact pressure)",
     0.0, true, 0.0, kInf, true, true, ParameterRole::kYieldStrength},
};
static_assert(parameter_struct_declares<ThorntonParameters>(kThorntonParameters));
// State: δ_max, P*, K_H, δ_P.
constexpr int kThorntonState = 4;

struct ThorntonYield {
  double loading_stiffness;  // K_L = (4/3) E* √R*
  double indentation;        // δ_y
  double force;              // P_y = K_L δ_y^{3/2}
  double plastic_slope;      // π σ_y R*
};

// δ_y from Eq (5.70)–(5.71) with the Hertz contact radius a_y² = R* δ_y: δ_y = R* (π σ_y / (2E*))².
ThorntonYield thornton_yield(const ContactInput& in, double yield_strength) {
  const double radius = std::abs(in.effective_radius);
  const double modulus = in.effective_modulus;
  ThorntonYield y;
  y.loading_stiffness = 4.0 / 3.0 * modulus * std::sqrt(radius);
  const double ratio = kPi * yield_strength / (2.0 * modulus);
  y.indentation = radius * ratio * ratio;
  y.force = y.loading_stiffness * indentation_power(y.indentation, 1.5);
  y.plastic_slope = kPi * yield_strength * radius;
  return y;
}

// Thornton loading: K_L δ^{3/2} up to δ_y, then P_y + π σ_y R*(δ − δ_y) — Corral et al. (S001) Eq (5.67)–(5.68).
ContactForce thornton_loading(const ThorntonYield& y, double d) {
  if (d <= y.indentation) {
    const double f = y.loading_stiffness * indentation_power(d, 1.5);
    return {f, 1.5 * f / d, 0.0};
  }
  return {y.force + y.plastic_slope * (d - y.indentation), y.plastic_slope, 0.0};
}

// Thornton: loading above, elastic recovery K_H (δ − δ_P)^{3/2} below δ_max — Corral et al. (S001) Eq (5.67)–(5.71).
ContactForce thornton_force(const ContactInput& in, const ThorntonParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  if (d >= s[0]) return thornton_loading(thornton_yield(in, p.yield_strength), d);
  const double permanent = s[3];
  if (d <= permanent) return {};
  const double f = s[2] * indentation_power(d - permanent, 1.5);
  return {f, 1.5 * f / (d - permanent), 0.0};
}

// Unloading curve from (δ_m, P*): K_H from R_eff,P of Eq (5.69), δ_P from continuity at δ_m (models.md §3.G2).
void thornton_unloading(const ContactInput& in, double yield_strength, double max_indentation, double* s) {
  const ThorntonYield y = thornton_yield(in, yield_strength);
  const double peak = thornton_loading(y, max_indentation).force;
  s[0] = max_indentation;
  s[1] = peak;
  if (max_indentation <= y.indentation) {  // elastic impact: Hertz unloading, no residual
    s[2] = y.loading_stiffness;
    s[3] = 0.0;
    return;
  }
  const double modulus = in.effective_modulus;
  const double plastic_radius =
      4.0 * modulus / (3.0 * peak) * indentation_power((2.0 * peak + y.force) / (2.0 * kPi * yield_strength), 1.5);
  s[2] = 4.0 / 3.0 * modulus * std::sqrt(plastic_radius);
  s[3] = max_indentation - std::pow(peak / s[2], 2.0 / 3.0);
}

void thornton_event(ContactEvent event, const ContactInput& in, const ThorntonParameters& p, double* s) {
  if (event == ContactEvent::kOnset) reset_history(s, kThorntonState);
  if (event != ContactEvent::kMaxIndentation || !(in.indentation > s[0])) return;
  thornton_unloading(in, p.yield_strength, in.indentation, s);
}

// Recoverable energy (2/5) K_H (δ − δ_P)^{5/2} of the unloading curve through the current point.
double thornton_potential(const ContactInput& in, const ThorntonParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  double unloading[kThorntonState];
  std::copy(s, s + kThorntonState, unloading);
  if (d >= s[0]) thornton_unloading(in, p.yield_strength, d, unloading);
  if (d <= unloading[3]) return 0.0;
  return 0.4 * unloading[2] * indentation_power(d - unloading[3], 2.5);
}

// ---------------------------------------------------------------------------------------------------------
// yigit and yigit_linearized

struct YigitParameters {
  double yield_indentation;
};
constexpr LawParameter kYieldIndentation[] = {
    {"yield_indentation", "m", "indentation δ_y at which the elastoplastic phase starts", 0.0, true, 0.0, kInf,
     true, true, ParameterRole::kYieldIndentation},
};
static_assert(parameter_struct_declares<YigitParameters>(kYieldIndentation));

// K_y = n K δ_y^{n−1}: Eq (5.76) K_y = 1.5 K √δ_y generalised to the pair's exponent (C¹ at δ_y for any n).
double yigit_plastic_stiffness(const ContactInput& in, double yield_indentation) {
  return in.exponent * in.stiffness * indentation_power(yield_indentation, in.exponent - 1.0);
}

// Unloading from δ_m (≥ δ_y): F = K δ^n − C with C = K(δ_m^n − δ_y^n) − K_y(δ_m − δ_y) ≥ 0 (convexity of δ^n).
double yigit_unloading_offset(const ContactInput& in, double yield_indentation, double max_indentation) {
  const double n = in.exponent;
  return in.stiffness * (indentation_power(max_indentation, n) - indentation_power(yield_indentation, n)) -
         yigit_plastic_stiffness(in, yield_indentation) * (max_indentation - yield_indentation);
}

// Yigit et al.: K δ^{3/2} elastic, K δ_y^{3/2} + K_y(δ − δ_y) elastoplastic, K(δ^{3/2} − δ_m^{3/2} + δ_y^{3/2}) +
// K_y(δ_m − δ_y) unloading — Corral et al. (S001) Eq (5.75)–(5.76).
ContactForce yigit_force(const ContactInput& in, const YigitParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  const double n = in.exponent;
  const double yield = p.yield_indentation;
  if (d >= s[0] && d > yield) {  // virgin elastoplastic loading
    const double slope = yigit_plastic_stiffness(in, yield);
    return {in.stiffness * indentation_power(yield, n) + slope * (d - yield), slope, 0.0};
  }
  // Elastic loading below δ_y, or unloading: K δ^n − C (C = 0 when δ_max ≤ δ_y), clipped at F = 0 below δ_f.
  const double elastic = in.stiffness * indentation_power(d, n);
  const double offset = s[0] > yield ? yigit_unloading_offset(in, yield, s[0]) : 0.0;
  if (elastic <= offset) return {};
  return {elastic - offset, n * elastic / d, 0.0};
}

void yigit_event(ContactEvent event, const ContactInput& in, const double*, double* s) {
  if (event == ContactEvent::kOnset) s[0] = 0.0;
  if (event == ContactEvent::kMaxIndentation && in.indentation > s[0]) s[0] = in.indentation;
}

// Recoverable energy ∫_{δ_f}^{δ} (K x^n − C) dx of the unloading curve through the current point.
double yigit_potential(const ContactInput& in, const YigitParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  const double n = in.exponent;
  const double yield = p.yield_indentation;
  const double turning = d >= s[0] ? d : s[0];
  const double offset = turning > yield ? yigit_unloading_offset(in, yield, turning) : 0.0;
  const double zero_force = std::pow(offset / in.stiffness, 1.0 / n);  // δ_f
  if (d <= zero_force) return 0.0;
  return in.stiffness * (indentation_power(d, n + 1.0) - indentation_power(zero_force, n + 1.0)) / (n + 1.0) -
         offset * (d - zero_force);
}

// State: δ_max, δ_f, unloading stiffness K_y/γ.
constexpr int kLinearizedState = 3;

// δ_f = δ_m (1 − K_y/(K δ_m^{n−1}))^{1/n} (Eq (5.78), n = 3/2 there); the bracket is clipped at 0 where it turns
// negative (δ_m < (K_y/K)^{1/(n−1)}, i.e. 2.25 δ_y at n = 3/2): δ_f = 0, γ = 1, elastic rebound.
double linearized_permanent(const ContactInput& in, double yield_indentation, double max_indentation) {
  const double bracket = 1.0 - yigit_plastic_stiffness(in, yield_indentation) /
                                   (in.stiffness * indentation_power(max_indentation, in.exponent - 1.0));
  return max_indentation * std::pow(std::max(bracket, 0.0), 1.0 / in.exponent);
}

// Yigit et al. linearised: K_y δ loading, (K_y/γ)(δ − δ_f) unloading, γ = 1 − δ_f/δ_m — Corral et al. (S001)
// Eq (5.77)–(5.79), unloading stiffness corrected from K_y/γ² (models.md §6 erratum 13).
ContactForce yigit_linearized_force(const ContactInput& in, const YigitParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return {};
  if (d >= s[0]) {
    const double slope = yigit_plastic_stiffness(in, p.yield_indentation);
    return {slope * d, slope, 0.0};
  }
  if (d <= s[1]) return {};
  return {s[2] * (d - s[1]), s[2], 0.0};
}

void linearized_unloading(const ContactInput& in, double yield_indentation, double max_indentation, double* s) {
  const double permanent = linearized_permanent(in, yield_indentation, max_indentation);
  const double loss_factor = 1.0 - permanent / max_indentation;  // γ of Eq (5.79), in (0, 1]
  s[0] = max_indentation;
  s[1] = permanent;
  s[2] = yigit_plastic_stiffness(in, yield_indentation) / loss_factor;
}

void yigit_linearized_event(ContactEvent event, const ContactInput& in, const YigitParameters& p, double* s) {
  if (event == ContactEvent::kOnset) reset_history(s, kLinearizedState);
  if (event != ContactEvent::kMaxIndentation || !(in.indentation > s[0])) return;
  linearized_unloading(in, p.yield_indentation, in.indentation, s);
}

// Recoverable energy (K_y/γ)(δ − δ_f)²/2 of the unloading line through the current point.
double yigit_linearized_potential(const ContactInput& in, const YigitParameters& p, const double* s) {
  const double d = in.indentation;
  if (d <= 0.0) return 0.0;
  double unloading[kLinearizedState];
  std::copy(s, s + kLinearizedState, unloading);
  if (d >= s[0]) linearized_unloading(in, p.yield_indentation, d, unloading);
  if (d <= unloading[1]) return 0.0;
  return 0.5 * unloading[2] * (d - unloading[1]) * (d - unloading[1]);
}

constexpr std::string_view kGoldsmithAliases[] = {"lankarani_nikravesh_plastic"};

// The shared history rules of the file header, appended to each law's notes (a literal, so it concatenates).
#define HISTORY_NOTE                                                                                      \
  "History: set at kMaxIndentation when δ exceeds the stored δ_max; δ ≥ δ_max follows the loading curve, so " \
  "reloading retraces the unloading curve to δ_max, then loads (models.md §7 decision 8). Reset at kOnset: the " \
  "pair state is not tied to a surface point and the parameters describe an undented surface."

}  // namespace

void append_elastoplastic_laws(std::vector<LawInfo>& laws) {
  LawInfo goldsmith;
  goldsmith.id = "goldsmith_modified_hertz";
  goldsmith.aliases = kGoldsmithAliases;
  goldsmith.family = "elastoplastic";
  goldsmith.formula =
      "F = K δ^n loading; F = F_max ((δ − δ_p)/(δ_max − δ_p))^n unloading, δ_p = δ_max(1 − c_r²) or given";
  goldsmith.source = "Corral et al. (S001) Eq (5.7) (Goldsmith; Lankarani–Nikravesh [128]); Alves et al. (S000) §1; "
                     "Poursina–Nikravesh (S002) §1";
  goldsmith.notes =
      "The seeds omit the δ_p formula of [128]; δ_p = δ_max(1 − c_r²) is derived in models.md §3.G1 (unloading/"
      "loading work = c_r²) and reproduces c_r exactly in an isolated impact. Alias lankarani_nikravesh_plastic: "
      "this law with restitution given (a variant, not an id, models.md §1). permanent_indentation gives δ_p "
      "directly; a contact whose δ_max does not exceed it would unload vertically (no unloading curve, no rebound) and "
      "stops the run at its maximum indentation, saying so; giving both is rejected. Defaults (c_r = 1, "
      "δ_p = 0) are the Hertz law. Recoverable energy F(δ − δ_p)/(n+1). "
      HISTORY_NOTE;
  goldsmith.parameters = kGoldsmithParameters;
  goldsmith.derived = kGoldsmithDerived;
  goldsmith.needs = kNeedsHistory;
  goldsmith.state_size = kGoldsmithState;
  goldsmith.peak_at_max_indentation = true;
  goldsmith.accurate_restitution_min = 0.0;  // exact for every c_r in (0, 1] (work-ratio argument)
  goldsmith.accurate_restitution_max = 1.0;
  set_force<goldsmith_force>(goldsmith);
  goldsmith.prepare = law_function<goldsmith_prepare>;
  goldsmith.event = law_function<goldsmith_event>;
  goldsmith.potential = law_function<goldsmith_potential>;
  goldsmith.dissipation_parameter = "restitution";
  laws.push_back(goldsmith);

  LawInfo thornton;
  thornton.id = "thornton";
  thornton.family = "elastoplastic";
  thornton.formula =
      "F = K_L δ^{3/2} (δ ≤ δ_y); P_y + π σ_y R*(δ − δ_y) loading; K_H (δ − δ_P)^{3/2} unloading, K_H = (4/3)E*√R_p";
  thornton.source = "Corral et al. (S001) Eq (5.67)–(5.71) (Thornton [188])";
  thornton.notes =
      "Uses E* and R* = |effective_radius| of the pair, not K. δ_y = R*(π σ_y/(2E*))² from Eq (5.70)–(5.71) with "
      "the Hertz radius a_y² = R* δ_y, so σ_y is the peak contact pressure at yield; the plastic slope π σ_y R* "
      "equals the Hertz slope at δ_y (C¹). R_p from Eq (5.69) with P* = F(δ_max); δ_P = δ_max − (P*/K_H)^{2/3} "
      "from continuity (models.md §3.G2, inferred). Unloading from δ_max ≤ δ_y is Hertz (Eq (5.69) gives R_p = R* "
      "at P* = P_y). Reproduces Thornton's closed-form c_r(v_y/v). Recoverable energy (2/5)K_H(δ − δ_P)^{5/2}. "
      HISTORY_NOTE;
  thornton.parameters = kThorntonParameters;
  thornton.needs = kNeedsHistory | kNeedsMaterials;
  thornton.ignores = kIgnoresStiffness | kIgnoresExponent;  // K_L = (4/3)E*√R*, n = 3/2
  thornton.state_size = kThorntonState;
  thornton.peak_at_max_indentation = true;
  set_force<thornton_force>(thornton);
  thornton.event = law_function<thornton_event>;
  thornton.potential = law_function<thornton_potential>;
  laws.push_back(thornton);

  LawInfo yigit;
  yigit.id = "yigit";
  yigit.family = "elastoplastic";
  yigit.formula = "F = K δ^n (δ ≤ δ_y); K δ_y^n + K_y(δ − δ_y) loading; K(δ^n − δ_m^n + δ_y^n) + K_y(δ_m − δ_y) "
                  "unloading; K_y = n K δ_y^{n−1}";
  yigit.source = "Corral et al. (S001) Eq (5.75)–(5.76) (Yigit et al. [189])";
  yigit.notes =
      "The paper's n = 3/2 (K_y = 1.5 K √δ_y) is generalised to the pair's exponent with K_y = n K δ_y^{n−1}, "
      "which keeps the slope continuous at δ_y. Unloading is clipped at F = 0 below δ_f; from δ_max ≤ δ_y it is "
      "the elastic curve. Recoverable energy: the integral of the unloading curve down to δ_f. "
      HISTORY_NOTE;
  yigit.parameters = kYieldIndentation;
  yigit.needs = kNeedsHistory;
  yigit.state_size = 1;
  yigit.peak_at_max_indentation = true;
  set_force<yigit_force>(yigit);
  yigit.event = yigit_event;
  yigit.potential = law_function<yigit_potential>;
  laws.push_back(yigit);

  LawInfo linearized;
  linearized.id = "yigit_linearized";
  linearized.family = "elastoplastic";
  linearized.formula = "F = K_y δ loading; (K_y/γ)(δ − δ_f) unloading; δ_f = δ_m(1 − K_y/(K δ_m^{n−1}))^{1/n}, "
                       "γ = 1 − δ_f/δ_m";
  linearized.source = "Corral et al. (S001) Eq (5.77)–(5.79) (Yigit et al. [189])";
  linearized.notes =
      "Unloading stiffness corrected from the printed K_y/γ² to K_y/γ (models.md §6 erratum 13): only then is F "
      "continuous at δ_m, and the restitution is √γ. K_y = n K δ_y^{n−1} as in yigit (1.5 K √δ_y at n = 3/2). "
      "Eq (5.78) is the δ_y ≪ δ_m limit of yigit's zero-force point; its bracket is clipped at 0 where negative "
      "(δ_m < (K_y/K)^{1/(n−1)}, 2.25 δ_y at n = 3/2): δ_f = 0, γ = 1, elastic rebound. "
      HISTORY_NOTE;
  linearized.parameters = kYieldIndentation;
  linearized.needs = kNeedsHistory;
  linearized.state_size = kLinearizedState;
  linearized.peak_at_max_indentation = true;
  set_force<yigit_linearized_force>(linearized);
  linearized.event = law_function<yigit_linearized_event>;
  linearized.potential = law_function<yigit_linearized_potential>;
  laws.push_back(linearized);
}

#undef HISTORY_NOTE

}  // namespace contactlab
