// SPDX-License-Identifier: MIT
// The observer's samples (SimulationOptions::output_interval, output_steps_in_contact): each one a State made from
// the integrated vector and the workspace evaluated there with forward(), handed to the SampleObserver. A step
// observer, when given, sees every sample and also the end of every accepted step: the run at full resolution. A
// state observer sees the states alone, of the samples and, if it asks, the steps: no forward() is made for it.
#pragma once

#include "engine/data.h"
#include "engine/model.h"
#include "engine/run_ode.h"
#include "engine/simulate.h"
#include "engine/state.h"
#include "engine/stepper.h"

namespace contactlab {

class Sampler {
 public:
  Sampler(const Model& model, const SimulationOptions& options, RunOde& ode, const State& state, Data& data,
          const SampleObserver& observer, const SampleObserver& step_observer, const StateObserver& state_observer);

  bool observing() const {
    return static_cast<bool>(observer_) || static_cast<bool>(step_observer_) || static_cast<bool>(state_observer_);
  }
  bool observing_steps() const { return static_cast<bool>(step_observer_) || (state_observer_ && state_observer_.steps); }
  // The regular samples start at t0 (the first is the state there, when observed).
  void start(double t0, const double* y);
  // A sample of the integrated vector y at t.
  void emit(double t, const double* y);
  // The regular samples in (t_from, t_to], from the stepper's interpolant of its last step.
  void emit_grid(double t_from, double t_to, Stepper& stepper);
  // The end of an accepted step, for the step observer alone (nothing when it already saw t).
  void step(double t, const double* y);
  double last_emitted() const { return last_emitted_; }

 private:
  // sample_ at the integrated vector y at t, and data_ there when an observer reads it.
  void evaluate(double t, const double* y, bool evaluate_data);
  // Sample k at t0 + k·interval, not a running sum that drifts away from the grid.
  double sample_time() const { return first_sample_ + static_cast<double>(next_sample_) * options_.output_interval; }

  const Model& model_;
  const SimulationOptions& options_;
  RunOde& ode_;
  const State& state_;
  Data& data_;
  const SampleObserver& observer_;
  const SampleObserver& step_observer_;
  const StateObserver& state_observer_;
  State sample_;
  Eigen::VectorXd interpolated_;
  long next_sample_ = 0;       // index of the next regular sample
  double first_sample_ = 0.0;  // t0
  double last_emitted_ = -1.0;
  double last_stepped_ = -1.0;  // the step observer's last sample
};

}  // namespace contactlab
