// SPDX-License-Identifier: MIT
// Whether a run's step budget (integrator.max_steps) lasts to its end time. Spent, the run stops; and a run whose
// steps have shrunk so far that, at the rate of its recent steps, reaching the end time needs more steps than the
// budget holds stops as soon as that rate has held over several windows of steps, rather than after spending the
// whole budget: a slip that decays without ever stopping, or a stiff contact whose step is a million times its
// neighbours', would otherwise run for minutes (50 million steps) to the same end.
#pragma once

#include <optional>
#include <string>

namespace contactlab {

class StepBudget {
 public:
  // The window over which the step rate is measured, at least kMinWindow steps and a fiftieth of the budget;
  // kStrikes consecutive windows must each project beyond the budget.
  static constexpr long kMinWindow = 100'000;
  static constexpr int kStrikes = 3;

  StepBudget(long max_steps, double start_time, double end_time);

  // After accepted step number `steps` (counted from 1), at time t: why the run cannot reach its end time within the
  // budget, or nothing.
  std::optional<std::string> after_step(long steps, double t);

  long window() const { return window_; }

 private:
  long max_steps_;
  double end_time_;
  long window_;
  double window_start_time_;
  int strikes_ = 0;
};

}  // namespace contactlab
