// SPDX-License-Identifier: MIT
// A normal contact force law: a small pure function plus the metadata that describes it.
//
// Conventions (docs/models.md, "Conventions"): SI units; indentation > 0 means the bodies overlap;
// normal_velocity = d(indentation)/dt, > 0 while approaching; force > 0 is repulsive.
// A law never sees bodies, geometry libraries, scene files or logging: everything it needs arrives
// in ContactInput, its compiled parameters and its per-contact state.
//
// A law is evaluated only while its contact is active: from the located onset (δ = 0, where laws with a
// force jump give their full dashpot force) to the located separation. Trial steps of the integrator may
// pass slightly beyond separation (δ < 0); there a law must stay continuous — laws that vanish at δ = 0
// return 0, dashpot laws continue their formula with the δ^n terms taken at 0 — so that the separation is
// located accurately.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string_view>

namespace contactlab {

// What the contact layer knows about one contact at one instant.
struct ContactInput {
  double indentation = 0.0;        // δ [m], > 0 penetrating
  double normal_velocity = 0.0;    // δ̇ [m/s], > 0 approaching
  double impact_velocity = 0.0;    // δ̇⁻ [m/s], normal velocity captured at contact onset (> 0)
  double effective_mass = 0.0;     // m_eff [kg] along the normal, frozen at onset
  double effective_radius = 0.0;   // R* [m]; negative for internal (conformal) contact
  double effective_modulus = 0.0;  // E* [Pa], 1/E* = (1-ν₁²)/E₁ + (1-ν₂²)/E₂
  double stiffness = 0.0;          // K [N/m^n], from theory or given by the scene
  double exponent = 1.5;           // n of the elastic term K δ^n
  double time_since_onset = 0.0;   // [s]
};

// The force and, where the law provides them, its partial derivatives (for implicit integrators).
struct ContactForce {
  double force = 0.0;                  // [N], > 0 repulsive
  double dforce_dindentation = 0.0;    // ∂F/∂δ [N/m]
  double dforce_dnormal_velocity = 0.0;  // ∂F/∂δ̇ [N·s/m]
};

// What generic code may need to know about a parameter's meaning, said once where the law declares it.
enum class ParameterRole : std::uint8_t {
  kNone,
  // The coefficient of restitution c_r the law's damping is derived from: the shapes' materials may supply it,
  // and `check` compares it with the law's accurate range.
  kTargetRestitution,
  // Newton's coefficient e of a rigid impact (the impulse method): the shapes' materials may supply it.
  kNewtonRestitution,
  // A friction law's coefficients (models/friction_law.h): the static μ_s (the largest force a contact at rest
  // holds, over N) and the kinetic μ_k (the force in sliding, over N); the materials' pair may supply them.
  kStaticFriction,
  kKineticFriction,
  // Material and geometry constants the pair's shapes supply when the scene leaves them out
  // (contact/material_parameters.h): "1" is the pair's first shape, "2" its second.
  kYieldStrength,            // σ_y [Pa] of the pair: the weaker material's (first yield happens there)
  kYieldStrength1,           // σ_y [Pa] of body 1's material
  kYieldStrength2,           // σ_y [Pa] of body 2's material
  kYoungsModulus,            // E [Pa] of a law written for two bodies of one material: the identical pair of equal E*
  kYoungsModulus1,           // E [Pa] of body 1's material
  kYoungsModulus2,           // E [Pa] of body 2's material
  kPoissonRatio,             // ν of that material
  kShearModulus,             // G = E/(2(1 + ν)) [Pa] of that material
  kRadius1,                  // radius of curvature [m] of body 1's surface at the contact
  kRadius2,                  // radius of curvature [m] of body 2's surface at the contact
  kYieldIndentation,         // δ_y [m] at first yield under the Hertz pressure: (π p_y/(2E*))² R*, p_y = 1.61 σ_y
};

// One law parameter. A given parameter is what a scene sets: its default applies when it is left out (unless
// required), and ranges are closed unless the flag says otherwise. A derived parameter is what the law's prepare
// computes from the given ones; only its name, unit and description apply.
// A closed interval [min, max] of target restitutions.
struct RestitutionRange {
  double min = 0.0;
  double max = 0.0;
};

struct LawParameter {
  std::string_view name;
  std::string_view unit;
  std::string_view description;
  double default_value = 0.0;
  bool required = false;
  double min = 0.0;
  double max = 0.0;
  bool min_exclusive = false;
  bool max_exclusive = false;
  ParameterRole role = ParameterRole::kNone;
};

// What a law needs from the contact layer, and what it may do.
enum LawNeeds : std::uint32_t {
  kNeedsNothing = 0,
  kNeedsImpactVelocity = 1u << 0,
  kNeedsEffectiveMass = 1u << 1,
  kNeedsHistory = 1u << 2,
  kNeedsTimeSinceOnset = 1u << 3,
  kNeedsMaterials = 1u << 4,  // E*, R* directly (not only K)
};

// Which of a pair's generic parameters — the stiffness K and the exponent n of ContactInput, a scene's `stiffness` and
// `exponent` — a law's functions (force, events, potential) do not read: its elastic term is built from the materials
// and its own parameters instead (thornton's Hertz spring from E* and R*, jian's 4G_e√R*/(3(1 − ν)), luo_nahon's
// γπE*A0/s′_max). A scene that gives such a value for the law is refused, since it would be reported and not used.
enum LawIgnores : std::uint32_t {
  kIgnoresNothing = 0,
  kIgnoresStiffness = 1u << 0,  // ContactInput::stiffness
  kIgnoresExponent = 1u << 1,   // ContactInput::exponent
};

enum class Separation : std::uint8_t {
  kIndentation,  // contact ends when δ returns to 0 (default)
  kForce,        // contact ends when F returns to 0 during restitution (Poursina–Nikravesh)
};

// Evaluates the force. `parameters` holds the law's compiled parameters: the given ones, then the derived ones, in
// declaration order (a law reads them through its parameter struct: models/typed_law.h); `state` its per-contact
// state (size LawInfo::state_size, may be null when 0).
using ForceFunction = ContactForce (*)(const ContactInput& input, const double* parameters,
                                       const double* state);

// The force alone, F of ForceFunction without its partial derivatives: what a run's right-hand side needs (the
// steppers difference their own Jacobians), without the slopes' divisions and powers.
using ForceValueFunction = double (*)(const ContactInput& input, const double* parameters, const double* state);

// Computes the derived parameters from the given ones, once per pair at compile time: e.g. a target restitution
// into a normalised damping factor. Writes the derived parameters only; may reject a combination of given values
// by throwing std::invalid_argument. May be null when the law derives nothing.
using PrepareFunction = void (*)(double* parameters);

// Contact events the engine locates exactly (root finding) and reports to the law.
enum class ContactEvent : std::uint8_t {
  kOnset,            // first touch: δ = 0, δ̇ = δ̇⁻ (the state persists from the pair's last contact; reset it here if the law wants)
  kMaxIndentation,   // δ̇ crosses 0 from + to −: the end of a compression phase (δ = its maximum)
  kReload,           // δ̇ crosses 0 from − to +: a new compression phase while still in contact
  kSeparation,       // the contact ends
  // A new impact loads the contact while it is in contact (a resting contact, or a compression after its first, whose
  // closing speed rose well above its δ̇⁻: docs/contact.md, "A new impact through a contact"): ContactInput::
  // impact_velocity is the new δ̇⁻, raised again while the compression speeds up. What the law derived from δ̇⁻ at
  // kOnset it derives again here; its history (δ_max, residual indentation) stays. The engine reports it where the
  // new impact begins and where its largest closing speed is located, not in between: meanwhile impact_velocity is
  // the rising closing speed itself, and a force that reads something derived from δ̇⁻ derives it for the input's
  // δ̇⁻ where that is not the one it was derived for (wang_yield, poursina_nikravesh).
  kNewImpact,
};

// Updates the law's per-contact state at an event. Discrete history (δ_max, F_max, residual indentation,
// phase) changes only here, so the force stays a smooth function of (δ, δ̇, state) between events. May be null.
// An event that finds the contact outside what the law's formula describes throws LawFailure (below).
using EventFunction = void (*)(ContactEvent event, const ContactInput& input, const double* parameters,
                               double* state);

// Thrown by an event function when the contact's history takes the law where its formula has no meaning, e.g.
// goldsmith_modified_hertz's permanent indentation given at or beyond the maximum indentation the contact reached, whose
// unloading curve would be vertical: the engine stops the run there as numerical trouble, its message naming the time,
// the contact and the law, then this reason. Only events throw it: the force is evaluated inside the integrator's stages.
class LawFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Time derivative of the law's continuous internal states (the first LawInfo::continuous_state_size entries
// of its state), integrated by the engine with q and v (e.g. Xiong's α). May be null.
using StateRateFunction = void (*)(const ContactInput& input, const double* parameters, const double* state,
                                   double* rate);

// Elastic (recoverable) energy stored at indentation δ, for the energy ledger. May be null (then the
// whole absorbed work counts as dissipated once the contact ends).
using PotentialFunction = double (*)(const ContactInput& input, const double* parameters,
                                     const double* state);

struct LawInfo {
  std::string_view id;
  std::span<const std::string_view> aliases;
  std::string_view family;
  std::string_view formula;   // one line, plain text
  std::string_view source;    // paper and equation
  std::string_view notes;     // decisions and corrections to the printed formula (docs/models.md)
  // The parameters a scene gives, then those prepare derives from them: the compiled parameters hold their values
  // in this order, and the law's parameter struct declares the same fields in the same order.
  std::span<const LawParameter> parameters;
  std::span<const LawParameter> derived;
  // The given parameter that sets how much the law dissipates in an impact, free for a user to choose: the one a
  // common calibration (`compare --calibrate`) sets so that every law's isolated impact returns the same restitution.
  // Empty for a law without one: an elastic law, or one whose dissipation follows from material constants alone.
  // With a range open above it is a coefficient whose lower bound is the law without that dissipation; the
  // calibration returns the first crossing of its target walking up from there (engine/calibration.h).
  std::string_view dissipation_parameter;
  // A second given parameter the calibration of dissipation_parameter sets equal to it: Roy–Carretero's two bodies'
  // dampings D1 = D2, since an impact sees only their series combination. Empty for the others.
  std::string_view dissipation_twin;
  std::uint32_t needs = kNeedsNothing;
  int state_size = 0;             // per-contact state entries (≤ kMaxLawState)
  int continuous_state_size = 0;  // of which the first ones are integrated (StateRateFunction)
  Separation separation = Separation::kIndentation;
  bool can_tension = false;   // F < 0 possible while δ > 0 in an isolated impact
  bool force_jump = false;    // F ≠ 0 at δ = 0 on first touch
  // The force is a function of the indentation and the law's discrete state alone (no δ̇, no time, no integrated
  // state), non-decreasing in the indentation for every valid parameter: dF/dt = F'(δ) δ̇, so a contact's force
  // peaks where its indentation does, at the zero of δ̇ the engine locates anyway. The engine then locates no
  // force peak of its own for it (a second root a hair from the first, each a full-state evaluation).
  bool peak_at_max_indentation = false;
  bool requires_linear_stiffness = false;  // exponent must be 1 (K in N/m)
  // The exponent n of the elastic term K δ^n when the law's formula fixes it, whatever ContactInput::exponent says
  // (3/2: the Hertz spring hard-wired in the power-law damping laws, K in N/m^1.5); 0 for a law that uses the pair's
  // exponent. A scene that gives another exponent for the law is refused; one that leaves it out gets this one.
  double fixed_exponent = 0.0;
  // The pair's generic parameters the law does not read (LawIgnores). A scene that gives one for the law is refused; one
  // given for another law (the scene's own, replaced by --model or compare --models) is dropped with a note. The
  // pair's K and n are then only the engine's scales (its first step after an onset, a calibration's time scale:
  // Hertz's from the materials), which summary.json does not report. A law that reads K but not n says which n it
  // reads K with (fixed_exponent) instead.
  std::uint32_t ignores = kIgnoresNothing;
  // Not a force law: the rigid impact of Newton's restitution (its ParameterRole::kNewtonRestitution parameter).
  // The engine stops at the onset and applies the impulse that reverses the normal velocity with that restitution
  // (models/impulse.cc).
  bool impulsive = false;
  // Target-restitution range where the damping formula reproduces the target within ±0.01
  // (models.md §1 "c_r range"); [0, 0] when the law takes no target restitution.
  double accurate_restitution_min = 0.0;
  double accurate_restitution_max = 0.0;
  // Further ranges where it does, ascending and below accurate_restitution_min: a formula's error can come back within
  // 0.01 at low targets (gonthier's (0, 0.478] beside [0.967, 1]); see accurate_restitution_ranges (models/registry.h).
  std::span<const RestitutionRange> accurate_restitution_also{};
  ForceFunction force = nullptr;
  // force(...).force, compiled without the partials (law_force_value, models/typed_law.h); null: the engine calls
  // force and takes its F.
  ForceValueFunction force_value = nullptr;
  PrepareFunction prepare = nullptr;
  EventFunction event = nullptr;
  StateRateFunction state_rate = nullptr;
  PotentialFunction potential = nullptr;
};

inline constexpr int kMaxLawParameters = 8;  // given and derived together
inline constexpr int kMaxLawState = 8;

// The law's F alone at `in`: its force_value where it has one, else the F of its force (partials and all).
inline double force_of(const LawInfo& law, const ContactInput& in, const double* parameters, const double* state) {
  return law.force_value != nullptr ? law.force_value(in, parameters, state) : law.force(in, parameters, state).force;
}

// Whether the law's events keep its history (kNeedsHistory) in its discrete state: δ_max and the unloading curve it
// fixes, taken at the contact's phase changes (ContactEvent::kMaxIndentation, kReload). The engine then lets no
// contact of the law rest through a new maximum indentation (docs/contact.md, "Persistent contact"). Not a history
// integrated as a state of its own (xiong's), which its rates carry whether or not the contact rests.
inline bool history_at_events(const LawInfo& law) { return (law.needs & kNeedsHistory) != 0 && law.event != nullptr; }

// Whether the law reads the impact velocity δ̇⁻ (kNeedsImpactVelocity): the engine then raises a slower approach to
// its floor, and locates a new impact's largest closing speed as an event (docs/contact.md).
inline bool reads_impact_velocity(const LawInfo& law) { return (law.needs & kNeedsImpactVelocity) != 0; }

}  // namespace contactlab
