// SPDX-License-Identifier: MIT
#include "engine/resting_method.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {

bool RestingMethod::follow_contacts(double t, long steps) {
  const IntegratorMethod method = options_.method;
  const bool explicit_adaptive = method == IntegratorMethod::kDormandPrince || method == IntegratorMethod::kArkodeDormandPrince;
  const bool resting = options_.bdf_at_rest && explicit_adaptive && !table_.active().empty() && table_.impacting() == 0 &&
                       !friction_holds();
  if (!resting) spell_.phase = Phase::kNone;
  if (resting == resting_ || (resting && spell_.phase == Phase::kDeclined)) return false;
  if (resting) spell_ = {Phase::kTrying, t, steps, explicit_stability_step()};
  resting_ = resting;
  return true;
}

bool RestingMethod::friction_holds() const {
  for (int e : table_.active()) {
    const FrictionLawInfo* law = data_.elements[static_cast<std::size_t>(e)].tangential_law;
    if (law != nullptr && (law->stiction == Stiction::kExact || law->stiction == Stiction::kBand)) return true;
  }
  return false;
}

double RestingMethod::explicit_stability_step() const {
  double stiffest = 0.0;  // max ω² [1/s²]
  for (int e : table_.active()) {
    const auto i = static_cast<std::size_t>(e);
    const PairState& s = state_.contacts[i];
    // The contact's secant stiffness at its deepest (it may be at δ = 0 now, after a micro-bounce).
    const double stiffness =
        data_.elements[i].pair->exponent * s.contact_max_force / std::max(s.contact_max_indentation, table_.touch_tolerance(e));
    if (s.effective_mass > 0.0 && std::isfinite(s.effective_mass)) stiffest = std::max(stiffest, stiffness / s.effective_mass);
  }
  return stiffest > 0.0 ? 3.3 / std::sqrt(stiffest) : std::numeric_limits<double>::infinity();
}

bool RestingMethod::follow_steps(double t, long steps, double last_step, double& first_step) {
  if (spell_.phase == Phase::kNone) return false;
  const long taken = steps - spell_.from_step;
  if (spell_.phase == Phase::kDeclined) {
    // The vibration that held BDF back may have died down since: try it again now and then.
    if (taken < kRetrySteps) return false;
    spell_ = {Phase::kTrying, t, steps, spell_.explicit_step};
    resting_ = true;
    first_step = last_step;
    return true;
  }
  if (taken < kWindowSteps) return false;
  if ((t - spell_.since) / static_cast<double>(taken) >= kGain * spell_.explicit_step) {
    spell_ = {Phase::kTrying, t, steps, spell_.explicit_step};
    return false;
  }
  spell_ = {Phase::kDeclined, t, steps, spell_.explicit_step};
  resting_ = false;
  first_step = spell_.explicit_step;
  return true;
}

}  // namespace contactlab
