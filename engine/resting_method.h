// SPDX-License-Identifier: MIT
// The method while contacts rest (docs/engine.md, "Resting contacts"). While every active contact rests and none
// impacts, an explicit method's step is bounded by the resting contacts' stiffness — stability, not accuracy:
// thousands of steps per second of a body lying still. BDF (CVODE) may then take the steps the slow motion allows:
// it does for a body on damped contacts that settle (a ball at rest: a few steps per second), not for a free body on
// several stiff contacts whose lightly damped vibrations, kept up at the tolerances' level by the integration's own
// errors, bound both methods' steps alike. So BDF takes over at rest and is kept while its steps, window after window
// of kWindowSteps, average kGain times the explicit method's stability limit (a BDF step costs several right-hand
// sides): about 3.3/ω for Dormand–Prince, ω² = k/m_eff the stiffest resting contact's (k = n F_max/δ_max: its secant
// stiffness at its deepest times the exponent); else the explicit method comes back, and BDF is tried again after
// kRetrySteps (the vibration may have died down). Never while a friction law holds contacts (friction_holds).
#pragma once

#include "engine/data.h"
#include "engine/pair_table.h"
#include "engine/simulate.h"
#include "engine/state.h"

namespace contactlab {

class RestingMethod {
 public:
  RestingMethod(const IntegratorOptions& options, const State& state, const Data& data, const PairTable& table)
      : options_(options), state_(state), data_(data), table_(table) {}

  // Integrating with BDF rather than the options' method.
  bool resting() const { return resting_; }
  // After events at t, `steps` steps into the run: true when the method changes with the contacts' states (the
  // caller then makes a stepper of the method resting() names).
  bool follow_contacts(double t, long steps);
  // After the accepted step `steps` at t: true when the method changes with how the steps went, and the step the
  // new method starts with (`last_step`: the one just taken).
  bool follow_steps(double t, long steps, double last_step, double& first_step);

 private:
  static constexpr long kWindowSteps = 500;
  static constexpr long kRetrySteps = 10 * kWindowSteps;
  static constexpr double kGain = 10.0;
  // The explicit method's stability limit at rest [s].
  double explicit_stability_step() const;
  // Whether a friction law that holds contacts (exact stiction, a stick band) acts on an active contact: its stick and
  // slip events and the hold solve's drift term stay with the explicit method (BDF's Newton iterations ground to a
  // halt on a box settling under Stribeck friction).
  bool friction_holds() const;

  const IntegratorOptions& options_;
  const State& state_;
  const Data& data_;
  const PairTable& table_;
  // A resting spell: BDF tried window after window; declined, tried again after kRetrySteps of the explicit method.
  enum class Phase { kNone, kTrying, kDeclined };
  struct Spell {
    Phase phase = Phase::kNone;
    double since = 0.0;          // start of the current window [s]
    long from_step = 0;          // the run's steps then
    double explicit_step = 0.0;  // explicit_stability_step() [s]
  } spell_;
  bool resting_ = false;
};

}  // namespace contactlab
