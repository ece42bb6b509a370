// SPDX-License-Identifier: MIT
#include "engine/step_budget.h"

#include <algorithm>
#include <sstream>

namespace contactlab {

StepBudget::StepBudget(long max_steps, double start_time, double end_time)
    : max_steps_(max_steps),
      end_time_(end_time),
      window_(std::max(kMinWindow, max_steps / 50)),
      window_start_time_(start_time) {}

std::optional<std::string> StepBudget::after_step(long steps, double t) {
  if (steps > max_steps_) {
    std::ostringstream message;
    message << "the step budget of " << max_steps_
            << " steps ran out (integrator.max_steps; the step size may have collapsed)";
    return message.str();
  }
  if (steps % window_ != 0) return std::nullopt;
  const double window_time = t - window_start_time_;
  window_start_time_ = t;
  // At the window's mean step, the steps still needed; none left to take (or none measured) projects nothing.
  const double needed = window_time > 0.0 ? (end_time_ - t) / window_time * static_cast<double>(window_) : 0.0;
  const bool beyond = steps + needed > static_cast<double>(max_steps_);
  strikes_ = beyond ? strikes_ + 1 : 0;
  if (strikes_ < kStrikes) return std::nullopt;
  std::ostringstream message;
  message.precision(3);
  message << "the step budget of " << max_steps_ << " steps will not reach the end time: in each of the last "
          << kStrikes << " windows of " << window_
          << " steps the step was too small for it; at the last window's mean step, "
          << window_time / static_cast<double>(window_) << " s, the " << end_time_ - t << " s left need about "
          << needed << " more steps, beyond the " << max_steps_ - steps
          << " left (integrator.max_steps; steps this small are the integrator resolving something stiff: a slip "
             "decaying without stopping, a contact damped far beyond critical, a law outside its range)";
  return message.str();
}

}  // namespace contactlab
