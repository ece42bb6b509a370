// SPDX-License-Identifier: MIT
// Sign changes of a system's event functions across one step, and the earliest root inside the step by the
// Illinois variant of false position on the method's own interpolant (Dowell & Jarratt, BIT 11, 1971).
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "engine/stepper.h"

namespace contactlab {

class EventLocator {
 public:
  explicit EventLocator(OdeSystem& system);

  double* start() { return start_.data(); }  // g at the step's start
  double* end() { return end_.data(); }      // g at the step's end
  // The values at the end become the next step's start.
  void advance() { start_.swap(end_); }

  // With start() and end() filled for [t0, t1]: whether some function crossed (in its direction). If so,
  // t_root is the earliest root and found() marks every function that has crossed by then (±1: the direction).
  // state_at(t, components, y) writes the interpolated state at t in [t0, t1]: the listed components of y, or
  // all the dynamic ones when the list is empty (OdeSystem::root_inputs).
  using StateAt = std::function<void(double, std::span<const int>, double*)>;
  bool locate(double t0, double t1, const StateAt& state_at, double& t_root);

  // After a root at which nothing changed: the functions that crossed start again from their values at the root,
  // so that locate(t_root, t1, …) finds the roots left in the rest of the step. The others keep their values at
  // the step's start, whose signs they still have there (no root of theirs lies before t_root).
  void resume();

  const int* found() const { return found_.data(); }
  bool failed() const { return failed_; }  // the system could not evaluate its event functions
  long evaluations() const { return evaluations_; }

 private:
  bool crossed(std::size_t i, double before, double after) const;
  double evaluate(double t, const StateAt& state_at, int only);

  OdeSystem& system_;
  std::vector<int> directions_;
  std::vector<double> start_, end_, trial_;
  std::vector<double> y_;
  std::vector<int> found_;
  std::vector<std::size_t> candidates_;                    // functions that crossed over the whole step
  std::vector<std::pair<std::size_t, double>> at_root_;    // their values at the last root
  long evaluations_ = 0;
  bool failed_ = false;
};

}  // namespace contactlab
