// SPDX-License-Identifier: MIT
// A force law from outside contactlab, as a plugin: the partially latching spring of Walton & Braun, loaded with
// `contactlab run|compare|sweep --plugin libwalton_braun.so` or a scene's `plugins:` list, then used by name
// (`law: walton_braun`) like a built-in law.
//
// Walton, O. R., Braun, R. L. (1986). Viscosity, granular-temperature, and stress calculations for shearing
// assemblies of inelastic, frictional disks. Journal of Rheology 30(5), 949–980: the normal force loads along a
// spring k₁ and unloads along a stiffer one k₂, so that the coefficient of restitution is e = √(k₁/k₂):
//   loading            F = k₁ δ
//   unloading          F = k₂ (δ − δ₀),  δ₀ = δ_max (1 − k₁/k₂)   (the unloading line meets the loading one at δ_max)
//   reloading          along the unloading line back to δ_max, then along the loading line again,
// i.e. F = min(k₁ δ, k₂ (δ − δ₀)), and the contact ends when F returns to zero, at δ = δ₀ > 0 (a permanent dent
// that the next contact starts afresh from). k₁ is the pair's stiffness K (exponent 1, N/m); the law takes the
// target restitution e and derives k₂/k₁ = 1/e².
//
// An isolated impact of a mass m at speed v: loading for a quarter period π/2 √(m/k₁) to δ_max = v √(m/k₁),
// unloading for π/2 √(m/k₂), leaving at e v: contact time (π/2) √(m/k₁) (1 + e), dissipated ½ m v² (1 − e²).
#include <cmath>
#include <string_view>

#include <contactlab/models/law_plugin.h>
#include <contactlab/models/typed_law.h>

namespace {

using contactlab::ContactEvent;
using contactlab::ContactForce;
using contactlab::ContactInput;
using contactlab::LawParameter;
using contactlab::ParameterRole;

struct WaltonBraunParameters {
  double restitution;      // given: e
  double unloading_ratio;  // derived: k₂/k₁ = 1/e²
};

constexpr LawParameter kGiven[] = {
    {"restitution", "-", "coefficient of restitution e = √(k₁/k₂)", 0.0, true, 0.0, 1.0, true, false,
     ParameterRole::kTargetRestitution},
};
constexpr LawParameter kDerived[] = {
    {"unloading_ratio", "-", "k₂/k₁ = 1/e²", 0.0, false, 0.0, 0.0, false, false, ParameterRole::kNone},
};
static_assert(contactlab::parameter_struct_declares<WaltonBraunParameters>(kGiven, kDerived));

// State: δ₀, the indentation where the unloading line reaches zero force (0 until the first maximum).
constexpr int kDentState = 0;

void prepare(WaltonBraunParameters& p) { p.unloading_ratio = 1.0 / (p.restitution * p.restitution); }

// Not clamped at zero: past the release the unloading line goes on below zero, so that the release (F = 0, the
// engine's separation for Separation::kForce) is a clean sign change that the root finder locates (force_law.h).
ContactForce force(const ContactInput& in, const WaltonBraunParameters& p, const double* state) {
  const double k1 = in.stiffness;
  const double k2 = p.unloading_ratio * k1;
  const double loading = k1 * in.indentation;
  const double unloading = k2 * (in.indentation - state[kDentState]);
  if (loading <= unloading) return {loading, k1, 0.0};
  return {unloading, k2, 0.0};
}

void event(ContactEvent event, const ContactInput& in, const WaltonBraunParameters& p, double* state) {
  if (event == ContactEvent::kOnset) state[kDentState] = 0.0;
  // At a maximum the unloading line is drawn through (δ_max, k₁ δ_max); a later, deeper maximum moves it.
  if (event == ContactEvent::kMaxIndentation) {
    state[kDentState] = std::max(state[kDentState], in.indentation * (1.0 - 1.0 / p.unloading_ratio));
  }
}

// The elastic energy the current branch would give back: ½ F²/k of the spring the force follows.
double potential(const ContactInput& in, const WaltonBraunParameters& p, const double* state) {
  const ContactForce f = force(in, p, state);
  if (f.force <= 0.0) return 0.0;
  return 0.5 * f.force * f.force / f.dforce_dindentation;  // the slope is the spring followed: k₁ or k₂
}

constexpr std::string_view kAliases[] = {"partially_latching_spring"};

contactlab::LawInfo walton_braun() {
  contactlab::LawInfo law;
  law.id = "walton_braun";
  law.aliases = kAliases;
  law.family = "plugin example";
  law.formula = "F = min(k₁ δ, k₂ (δ − δ₀)), k₂ = k₁/e², δ₀ = δ_max (1 − e²), until F = 0";
  law.source = "Walton & Braun (1986), J. Rheol. 30(5):949–980, the partially latching spring";
  law.notes = "examples/law_plugin: a plugin's law; k₁ is the pair's linear stiffness";
  law.parameters = kGiven;
  law.derived = kDerived;
  law.state_size = 1;
  law.separation = contactlab::Separation::kForce;
  law.requires_linear_stiffness = true;
  law.accurate_restitution_min = 0.0;  // e is exact: the two springs give it for any impact
  law.accurate_restitution_max = 1.0;
  contactlab::set_force<force>(law);
  law.prepare = contactlab::law_function<prepare>;
  law.event = contactlab::law_function<event>;
  law.potential = contactlab::law_function<potential>;
  return law;
}

// Made when the library is loaded; the host copies what it keeps (register_laws).
const contactlab::LawInfo kLaws[] = {walton_braun()};

}  // namespace

CONTACTLAB_LAW_PLUGIN(kLaws)
