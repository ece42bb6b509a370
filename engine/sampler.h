// SPDX-License-Identifier: MIT
// The observer's samples (SimulationOptions::output_interval, output_steps_in_contact): each one a State made from
// the integrated vector and the workspace evaluated there with forward(), handed to the SampleObserver.
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
          const SampleObserver& observer);

  bool observing() const { return static_cast<bool>(observer_); }
  // The regular samples start at t0 (the first is the state there, when observed).
  void start(double t0, const double* y);
  // A sample of the integrated vector y at t.
  void emit(double t, const double* y);
  // The regular samples in (t_from, t_to], from the stepper's interpolant of its last step.
  void emit_grid(double t_from, double t_to, Stepper& stepper);
  double last_emitted() const { return last_emitted_; }

 private:
  // Sample k at t0 + k·interval, not a running sum that drifts away from the grid.
  double sample_time() const { return first_sample_ + static_cast<double>(next_sample_) * options_.output_interval; }

  const Model& model_;
  const SimulationOptions& options_;
  RunOde& ode_;
  const State& state_;
  Data& data_;
  const SampleObserver& observer_;
  State sample_;
  Eigen::VectorXd interpolated_;
  long next_sample_ = 0;       // index of the next regular sample
  double first_sample_ = 0.0;  // t0
  double last_emitted_ = -1.0;
};

}  // namespace contactlab
