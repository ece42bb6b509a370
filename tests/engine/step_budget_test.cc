// SPDX-License-Identifier: MIT
#include "engine/step_budget.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace contactlab {
namespace {

// Steps of the given sizes, each taken `count` times, from t = 0; the step at which the budget stops the run (0:
// never), with its reason.
struct Phase {
  double step;
  long count;
};
long stopping_step(StepBudget& budget, const std::vector<Phase>& phases, std::string* reason = nullptr) {
  long steps = 0;
  double t = 0.0;
  for (const Phase& phase : phases) {
    for (long k = 0; k < phase.count; ++k) {
      t += phase.step;
      if (const std::optional<std::string> why = budget.after_step(++steps, t)) {
        if (reason != nullptr) *reason = *why;
        return steps;
      }
    }
  }
  return 0;
}

TEST(StepBudget, WindowIsAFiftiethOfTheBudgetAndAtLeastTheMinimum) {
  EXPECT_EQ(StepBudget(50'000'000, 0.0, 1.0).window(), 1'000'000);
  EXPECT_EQ(StepBudget(1'000'000, 0.0, 1.0).window(), StepBudget::kMinWindow);
}

TEST(StepBudget, StopsWhenSpent) {
  // 10 steps of 1 s toward an end time of 100 s: the 11th is beyond the budget, whatever the projection says (the
  // window, 1e5 steps, is never reached).
  StepBudget budget(10, 0.0, 100.0);
  std::string reason;
  EXPECT_EQ(stopping_step(budget, {{1.0, 20}}, &reason), 11);
  EXPECT_NE(reason.find("ran out"), std::string::npos) << reason;
}

TEST(StepBudget, StopsAtTheThirdWindowThatProjectsBeyondTheBudget) {
  // 1 s at steps of 0.5 µs needs 2e6 steps, twice the budget of 1e6: windows of 1e5 steps, each projecting
  // 1e5 k + (1 − 0.05 k) / 0.5e-6 > 1e6 (k = 1, 2, 3). The run stops at the third, step 300 000, at t = 0.15 s, where
  // 0.85 s are left at 0.5 µs: 1.7e6 steps, beyond the 7e5 left.
  StepBudget budget(1'000'000, 0.0, 1.0);
  std::string reason;
  EXPECT_EQ(stopping_step(budget, {{0.5e-6, 2'000'000}}, &reason), 300'000);
  EXPECT_NE(reason.find("will not reach the end time"), std::string::npos) << reason;
  EXPECT_NE(reason.find("1.7e+06 more steps"), std::string::npos) << reason;
  EXPECT_NE(reason.find("700000 left"), std::string::npos) << reason;
}

TEST(StepBudget, StepsThatFitTheBudgetRunToTheEnd) {
  // Steps of 1.1 µs reach 1 s in 909 091 steps, within the 1e6.
  StepBudget budget(1'000'000, 0.0, 1.0);
  EXPECT_EQ(stopping_step(budget, {{1.1e-6, 909'091}}), 0);
}

TEST(StepBudget, ADensePhaseShorterThanThreeWindowsIsNotAVerdict) {
  // Two windows of 1 ns steps (an impact resolved finely) project 1e9 steps each; then the steps grow to 2 µs: the
  // third window (t = 2e-4 + 0.2 s) projects 3e5 + 0.7998 / 0.2 · 1e5 = 7e5 steps, within the 1e6, the count of
  // windows starts again, and the run reaches its end (1 s in 2e5 + 499 900 steps).
  StepBudget budget(1'000'000, 0.0, 1.0);
  EXPECT_EQ(stopping_step(budget, {{1e-9, 200'000}, {2e-6, 499'900}}), 0);
  // Three such windows are a verdict.
  StepBudget again(1'000'000, 0.0, 1.0);
  EXPECT_EQ(stopping_step(again, {{1e-9, 300'000}, {2e-6, 499'850}}), 300'000);
}

TEST(StepBudget, ProjectsFromTheStartTime) {
  // A run from t0 = 10 s to 11 s: the first window's time is measured from t0, not from 0 (from 0 it would be 10 s
  // long and project almost nothing).
  StepBudget budget(1'000'000, 10.0, 11.0);
  long steps = 0;
  double t = 10.0;
  std::optional<std::string> why;
  while (!why && steps < 400'000) {
    t += 0.5e-6;
    why = budget.after_step(++steps, t);
  }
  EXPECT_EQ(steps, 300'000);
}

}  // namespace
}  // namespace contactlab
