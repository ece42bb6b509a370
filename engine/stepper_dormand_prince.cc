// SPDX-License-Identifier: MIT
// The default method: contactlab's own Dormand–Prince 5(4) (engine/dormand_prince.h). Event functions are
// evaluated once per step, at its end, where the method has f already (the FSAL stage); a sign change is
// located on the step's dense output. After a root the method either goes on from the end of the step it had
// taken (nothing changed) or restarts from the root (the caller changed the system).
#include <algorithm>
#include <vector>

#include "engine/dormand_prince.h"
#include "engine/event_locator.h"
#include "engine/stepper.h"

namespace contactlab {
namespace {

class DormandPrinceStepper final : public Stepper {
 public:
  DormandPrinceStepper(OdeSystem& system, const IntegratorOptions& options, double t0, const double* y0)
      : system_(system),
        function_(system),
        method_(system.size(), system.dynamic_size()),
        events_(system),
        state_at_([this](double t, std::span<const int> components, double* y) {
          if (components.empty()) {
            method_.interpolate(t, y, system_.dynamic_size());
          } else {
            method_.interpolate(t, components, y);
          }
        }) {
    // The ledgers are summed at each step's end, outside the stages and the error norm (engine/dormand_prince.h).
    const std::vector<double> absolute(static_cast<std::size_t>(system.dynamic_size()), options.absolute_tolerance);
    method_.set_tolerances(options.relative_tolerance, absolute);
    if (options.max_step > 0.0) method_.set_max_step(options.max_step);
    restart(t0, y0, options.initial_step);
  }

  Outcome advance(double t_stop, double& t, double* y) override {
    if (failed_) return Outcome::kFailure;
    const bool has_roots = system_.root_count() > 0;
    if (pending_root_) {
      // Nothing changed at the root: look for the roots left in the rest of the step that held it.
      pending_root_ = false;
      events_.resume();
      double t_root = 0.0;
      if (events_.locate(t_root_, method_.time(), state_at_, t_root)) return root(t_root, t, y);
      if (events_.failed()) return Outcome::kFailure;
      events_.advance();
      return finish_step(t_stop, t, y);
    }
    if (!(method_.time() < t_stop)) return finish_step(t_stop, t, y);
    const DormandPrince::Status status = method_.step(t_stop, function_);
    if (status == DormandPrince::Status::kFunctionFailure) return Outcome::kFailure;
    if (status == DormandPrince::Status::kStepCollapsed) {
      message_ = "the step size fell to round-off level at t = " + std::to_string(method_.time()) + " s";
      return Outcome::kFailure;
    }
    if (has_roots) {
      ++root_evaluations_;
      if (system_.roots(method_.time(), method_.state(), method_.derivative(), events_.end()) != 0) {
        return Outcome::kFailure;
      }
      double t_root = 0.0;
      if (events_.locate(method_.previous_time(), method_.time(), state_at_, t_root)) return root(t_root, t, y);
      if (events_.failed()) return Outcome::kFailure;
      events_.advance();
    }
    return finish_step(t_stop, t, y);
  }

  void roots_found(int* out) const override {
    std::copy(events_.found(), events_.found() + system_.root_count(), out);
  }

  bool interpolate(double t, double* out) override {
    method_.interpolate(t, out);
    return true;
  }

  bool interpolate(double t, std::span<const int> components, double* out) override {
    method_.interpolate(t, components, out);
    return true;
  }

  void restart(double t, const double* y, double first_step) override {
    pending_root_ = false;
    failed_ = method_.reset(t, y, first_step, function_) != DormandPrince::Status::kSuccess;
    if (failed_ || system_.root_count() == 0) return;
    ++root_evaluations_;
    failed_ = system_.roots(t, method_.state(), method_.derivative(), events_.start()) != 0;
  }

  void limit_step(double step) override { method_.set_step_limit(step); }
  double current_step() const override { return method_.next_step(); }
  double last_step() const override { return method_.last_step(); }
  void add_statistics(IntegratorStats& stats) const override {
    stats.step_attempts += method_.steps() + method_.rejected_steps();
    stats.error_test_failures += method_.rejected_steps();
    stats.root_evaluations += root_evaluations_ + events_.evaluations();
  }
  std::string message() const override { return message_; }

 private:
  struct Function final : DormandPrince::Function {
    explicit Function(OdeSystem& s) : system(s) {}
    int operator()(double t, const double* y, double* ydot) override { return system.rhs(t, y, ydot); }
    const std::vector<int>* live_quadrature() override { return system.live_quadrature(); }
    OdeSystem& system;
  };

  // y holds the state of the last step or restart: a quadrature no stage changed interpolates to its value there,
  // which y holds already (a long chain's ledger, but for its few contacts, is not interpolated at every root).
  Outcome root(double t_root, double& t, double* y) {
    pending_root_ = true;
    t_root_ = t_root;
    if (const std::vector<int>* live = system_.live_quadrature()) {
      method_.interpolate(t_root, y, system_.dynamic_size());
      method_.interpolate(t_root, *live, y);
    } else {
      method_.interpolate(t_root, y);
    }
    t = t_root;
    return Outcome::kRoot;
  }

  // y holds the state of the last step or restart: the quadratures the step left as they were are not copied again.
  Outcome finish_step(double t_stop, double& t, double* y) {
    t = method_.time();
    const double* state = method_.state();
    const int dynamic = system_.dynamic_size();
    if (const std::vector<int>* live = system_.live_quadrature()) {
      std::copy(state, state + dynamic, y);
      for (int i : *live) y[i] = state[i];
    } else {
      std::copy(state, state + method_.size(), y);
    }
    return t >= t_stop ? Outcome::kStop : Outcome::kStep;
  }

  OdeSystem& system_;
  Function function_;
  DormandPrince method_;
  EventLocator events_;
  EventLocator::StateAt state_at_;
  bool pending_root_ = false;
  bool failed_ = false;
  double t_root_ = 0.0;
  long root_evaluations_ = 0;
  std::string message_;
};

}  // namespace

std::unique_ptr<Stepper> make_dormand_prince_stepper(OdeSystem& system, const IntegratorOptions& options, double t0,
                                                     const double* y0) {
  return std::make_unique<DormandPrinceStepper>(system, options, t0, y0);
}

}  // namespace contactlab
