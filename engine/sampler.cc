// SPDX-License-Identifier: MIT
#include "engine/sampler.h"

#include "engine/forward.h"

namespace contactlab {

Sampler::Sampler(const Model& model, const SimulationOptions& options, RunOde& ode, const State& state, Data& data,
                 const SampleObserver& observer, const SampleObserver& step_observer, const StateObserver& state_observer)
    : model_(model),
      options_(options),
      ode_(ode),
      state_(state),
      data_(data),
      observer_(observer),
      step_observer_(step_observer),
      state_observer_(state_observer),
      sample_(state) {}

void Sampler::start(double t0, const double* y) {
  first_sample_ = t0;
  next_sample_ = 0;
  if (!observing()) return;
  emit(t0, y);
  next_sample_ = 1;
}

void Sampler::emit(double t, const double* y) {
  evaluate(t, y, observer_ || step_observer_);
  if (observer_) observer_(sample_, data_);
  if (step_observer_) step_observer_(sample_, data_);
  if (state_observer_) state_observer_.observe(sample_, true);  // last: it may take sample_'s contents
  last_emitted_ = t;
  last_stepped_ = t;
}

void Sampler::step(double t, const double* y) {
  if (!observing_steps() || last_stepped_ == t) return;
  evaluate(t, y, static_cast<bool>(step_observer_));
  if (step_observer_) step_observer_(sample_, data_);
  if (state_observer_ && state_observer_.steps) state_observer_.observe(sample_, false);
  last_stepped_ = t;
}

void Sampler::evaluate(double t, const double* y, bool evaluate_data) {
  sample_.time = t;
  sample_.q = ode_.q_of(y);
  sample_.v = ode_.v_of(y);
  sample_.absorbed_work = ode_.work_of(y);
  sample_.retired_work = state_.retired_work;
  sample_.joint_work = ode_.joint_work_of(y);
  sample_.dynamic_pairs = state_.dynamic_pairs;  // same pair table, or forward() would rebind data_ to another
  sample_.contacts = state_.contacts;
  ode_.copy_law_states(y, sample_.contacts);
  if (!evaluate_data) return;
  forward(model_, sample_, data_);
  ode_.forget_evaluation();
}

void Sampler::emit_grid(double t_from, double t_to, Stepper& stepper) {
  if (!observing() || options_.output_interval <= 0.0) return;
  interpolated_.resize(ode_.size());
  for (double next = sample_time(); next <= t_to; next = sample_time()) {
    if (next > t_from && stepper.interpolate(next, interpolated_.data())) emit(next, interpolated_.data());
    ++next_sample_;
  }
}

}  // namespace contactlab
