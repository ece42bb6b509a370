// SPDX-License-Identifier: MIT
// Fixed-step schemes with event location: after each step the event functions are compared with their values
// at the step's start; on a crossing the earliest root is found on the cubic Hermite interpolant of the step and
// the step is taken again from its start with the shortened step, so that the state at the event is the
// scheme's own solution there. The step is IntegratorOptions::step throughout: the tolerances are not used.
#include <algorithm>
#include <vector>

#include "engine/event_locator.h"
#include "engine/stepper.h"

namespace contactlab {
namespace {

class FixedStepper final : public Stepper {
 public:
  FixedStepper(OdeSystem& system, IntegratorMethod method, double step, double t0, const double* y)
      : system_(system), method_(method), step_(step), n_(system.size()), events_(system) {
    for (auto* v : {&y0_, &f0_, &f1_, &end_, &k2_, &k3_, &k4_, &stage_, &rate_}) v->assign(static_cast<std::size_t>(n_), 0.0);
    state_at_ = [this](double t, std::span<const int> components, double* out) { hermite(t, components, out); };
    restart(t0, y, step);
  }

  Outcome advance(double t_stop, double& t, double* y) override {
    if (failed_) return Outcome::kFailure;
    // After a root the scheme stands at the root: go on from there with fresh f and event values.
    if (at_root_) restart(t_, y, step_);
    if (failed_) return Outcome::kFailure;
    ++attempts_;
    const double h = std::min(step_, t_stop - t_);
    if (!(h > 0.0)) return Outcome::kStop;
    std::copy(y, y + n_, y0_.begin());
    if (take_step(t_, h, y) != 0) return Outcome::kFailure;
    const double t1 = t_ + h;
    if (system_.root_count() > 0) {
      ++root_evaluations_;
      if (system_.roots(t1, y, nullptr, events_.end()) != 0) return Outcome::kFailure;
      // f at the end of the step, for the interpolant (and the next step when no root is found).
      if (system_.rhs(t1, end_.data(), f1_.data()) != 0) return Outcome::kFailure;
      have_end_derivative_ = true;
      t_previous_ = t_;
      t_end_ = t1;
      double t_root = t1;
      if (events_.locate(t_, t1, state_at_, t_root)) {
        // Take the step again, exactly to the event.
        if (take_step(t_, t_root - t_, y) != 0) return Outcome::kFailure;
        last_step_ = t_root - t_;
        t_ = t_root;
        t_end_ = t_root;
        t = t_root;
        at_root_ = true;
        return Outcome::kRoot;
      }
      if (events_.failed()) return Outcome::kFailure;
      events_.advance();
    } else {
      if (system_.rhs(t1, end_.data(), f1_.data()) != 0) return Outcome::kFailure;
      have_end_derivative_ = true;
    }
    last_step_ = h;
    t_previous_ = t_;
    t_ = t1;
    t_end_ = t1;
    t = t1;
    f0_ = f1_;  // f at the new point is the next step's first stage
    return t_ >= t_stop ? Outcome::kStop : Outcome::kStep;
  }

  void roots_found(int* out) const override { std::copy(events_.found(), events_.found() + system_.root_count(), out); }

  bool interpolate(double t, double* out) override {
    if (!(t_end_ > t_previous_)) return false;
    if (!have_end_derivative_) {
      if (system_.rhs(t_end_, end_.data(), f1_.data()) != 0) return false;
      have_end_derivative_ = true;
    }
    hermite(t, {}, out);
    return true;
  }

  void restart(double t, const double* y, double) override {
    at_root_ = false;
    t_ = t;
    t_previous_ = t;
    t_end_ = t;
    std::copy(y, y + n_, y0_.begin());
    failed_ = system_.rhs(t, y, f0_.data()) != 0;
    if (!failed_ && system_.root_count() > 0) {
      ++root_evaluations_;
      failed_ = system_.roots(t, y, f0_.data(), events_.start()) != 0;
    }
  }
  void limit_step(double) override {}  // the user's step: the watchdogs tell when it is too long
  double current_step() const override { return step_; }
  double last_step() const override { return last_step_; }
  void add_statistics(IntegratorStats& stats) const override {
    stats.step_attempts += attempts_;
    stats.root_evaluations += root_evaluations_ + events_.evaluations();
  }
  std::string message() const override { return {}; }

 private:
  // One step of the scheme from (t, y0_) with f0_ = f(t, y0_); the result goes to y (and end_). The step's start
  // stays in y0_/start_f_ for the interpolant.
  int take_step(double t, double h, double* out) {
    start_f_ = f0_;
    have_end_derivative_ = false;
    const int nq = system_.coordinates();
    const int nv = system_.velocities();
    const double* start = y0_.data();
    const double* f = f0_.data();
    double* stage = stage_.data();
    switch (method_) {
      case IntegratorMethod::kSymplecticEuler: {
        // Kick with a(q, v), then drift with the new velocity; ledgers advance with their rates at the start.
        for (int i = nq; i < n_; ++i) out[i] = start[i] + h * f[i];
        system_.configuration_rate(start, out + nq, rate_.data());
        for (int i = 0; i < nq; ++i) out[i] = start[i] + h * rate_[static_cast<std::size_t>(i)];
        break;
      }
      case IntegratorMethod::kVelocityVerlet: {
        // Half kick, drift with the half-step velocity, half kick with the force at the new position. Forces
        // that depend on velocity (dampers, contact damping) see the predicted v + h a there: with the
        // half-step velocity the scheme would drop to first order for them.
        std::copy(start, start + n_, stage);
        for (int i = nq; i < nq + nv; ++i) stage[i] = start[i] + 0.5 * h * f[i];
        system_.configuration_rate(start, stage + nq, rate_.data());
        for (int i = 0; i < nq; ++i) out[i] = start[i] + h * rate_[static_cast<std::size_t>(i)];
        std::copy(out, out + nq, stage);
        for (int i = nq; i < nq + nv; ++i) stage[i] = start[i] + h * f[i];
        if (system_.rhs(t + h, stage, k2_.data()) != 0) return -1;
        const double* f_end = k2_.data();
        for (int i = nq; i < n_; ++i) out[i] = start[i] + 0.5 * h * (f[i] + f_end[i]);
        break;
      }
      case IntegratorMethod::kRungeKutta4: {
        for (int i = 0; i < n_; ++i) stage[i] = start[i] + 0.5 * h * f[i];
        if (system_.rhs(t + 0.5 * h, stage, k2_.data()) != 0) return -1;
        for (int i = 0; i < n_; ++i) stage[i] = start[i] + 0.5 * h * k2_[static_cast<std::size_t>(i)];
        if (system_.rhs(t + 0.5 * h, stage, k3_.data()) != 0) return -1;
        for (int i = 0; i < n_; ++i) stage[i] = start[i] + h * k3_[static_cast<std::size_t>(i)];
        if (system_.rhs(t + h, stage, k4_.data()) != 0) return -1;
        for (int i = 0; i < n_; ++i) {
          const auto j = static_cast<std::size_t>(i);
          out[i] = start[i] + h / 6.0 * (f[i] + 2.0 * k2_[j] + 2.0 * k3_[j] + k4_[j]);
        }
        break;
      }
      default: return -1;
    }
    std::copy(out, out + n_, end_.begin());
    return 0;
  }

  // Cubic Hermite interpolation on [t_previous_, t_end_] from (y0_, start_f_) and (end_, f1_): the listed
  // components, or all when the list is empty.
  void hermite(double t, std::span<const int> components, double* out) const {
    const double h = t_end_ - t_previous_;
    const double s = (t - t_previous_) / h;
    const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s;
    const double h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s;
    auto at = [&](int i) {
      const auto j = static_cast<std::size_t>(i);
      out[i] = h00 * y0_[j] + h10 * h * start_f_[j] + h01 * end_[j] + h11 * h * f1_[j];
    };
    if (components.empty()) {
      for (int i = 0; i < n_; ++i) at(i);
    } else {
      for (int i : components) at(i);
    }
  }

  OdeSystem& system_;
  IntegratorMethod method_;
  double step_;
  int n_;
  EventLocator events_;
  EventLocator::StateAt state_at_;
  double t_ = 0.0;
  double t_previous_ = 0.0;  // the last step's start
  double t_end_ = 0.0;       // and end (the root, when the step was cut there)
  double last_step_ = 0.0;
  bool at_root_ = false;
  bool failed_ = false;
  bool have_end_derivative_ = false;
  std::vector<double> y0_, f0_, f1_, start_f_, end_, k2_, k3_, k4_, stage_, rate_;
  long attempts_ = 0;
  long root_evaluations_ = 0;
};

}  // namespace

std::unique_ptr<Stepper> make_fixed_stepper(OdeSystem& system, const IntegratorOptions& options, double t0,
                                            const double* y0) {
  return std::make_unique<FixedStepper>(system, options.method, options.step, t0, y0);
}

}  // namespace contactlab
