// SPDX-License-Identifier: MIT
// The explicit Runge–Kutta pair of Dormand & Prince, RK5(4)7FM (J. Comput. Appl. Math. 6, 1980), with the
// step-size control, starting step and 4th-order dense output of Hairer, Nørsett & Wanner, "Solving Ordinary
// Differential Equations I" (2nd ed., 1993), §II.4 (Table 5.2), §II.4 "Automatic step size control" and
// §II.6 (Eq. 6.12, the continuous extension of DOPRI5).
//
// y = [dynamic | quadrature]: the trailing quadrature components are integrals ∫ f dt that the right-hand
// side never reads (energy ledgers). They are advanced with the step's weights but take no part in the
// stages or the error norm, so they cost one update per step.
#pragma once

#include <limits>
#include <span>
#include <vector>

namespace contactlab {

class DormandPrince {
 public:
  // f(t, y, ẏ): 0 on success; anything else stops the step and is returned by reset() or step().
  class Function {
   public:
    virtual int operator()(double t, const double* y, double* ydot) = 0;
    // The quadrature components (from dynamic_size, in any order) whose rate may be nonzero in a buffer it filled; the
    // others' rates are zero in every buffer, so that the step copies them. Null: any of them may.
    virtual const std::vector<int>* live_quadrature() { return nullptr; }

   protected:
    ~Function() = default;
  };

  enum class Status { kSuccess, kFunctionFailure, kStepCollapsed };

  DormandPrince(int size, int dynamic_size);

  // WRMS error norm over the dynamic components: err = sqrt(mean((e_i / (atol_i + rtol·max|y_i|))²)) ≤ 1.
  void set_tolerances(double relative, std::span<const double> absolute);  // absolute: one per dynamic component
  void set_max_step(double max_step) { max_step_ = max_step; }
  // A further bound on the steps, changed between steps (infinite or 0: none).
  void set_step_limit(double limit) { step_limit_ = limit > 0.0 ? limit : std::numeric_limits<double>::infinity(); }

  // Starts from (t, y): evaluates f(t, y). first_step 0 starts afresh: the method chooses the step (Hairer's
  // starting-step rule) and its controller has no past. A first step restarts the solution where it goes on (after
  // events, from the step the controller proposed): the controller keeps its memory of the last accepted error, so
  // that the restart costs no dip of the step size (a fresh memory would shrink the next step by up to 1/1e-4^β).
  Status reset(double t, const double* y, double first_step, Function& f);

  // One accepted step, never beyond t_stop (> time()).
  Status step(double t_stop, Function& f);

  double time() const { return t_; }
  const double* state() const { return y_.data(); }
  const double* derivative() const { return k_[kEnd].data(); }  // f(time(), state()), the FSAL stage
  double previous_time() const { return t_previous_; }
  double next_step() const { return h_; }        // the step the next call will try
  double last_step() const { return t_ - t_previous_; }

  // The dense output of the last step at t in [previous_time(), time()] (order 4): the first `count` components
  // (all when count < 0).
  void interpolate(double t, double* out, int count = -1) const;
  // The same for the listed components only (out[i] for each listed i; the rest of out is left alone).
  void interpolate(double t, std::span<const int> components, double* out) const;

  long steps() const { return steps_; }
  long rejected_steps() const { return rejected_; }
  long function_evaluations() const { return evaluations_; }
  int size() const { return size_; }

 private:
  static constexpr int kStages = 7;
  static constexpr int kEnd = 6;  // index of the last stage, f at the step's end

  double error_norm(const double* y_new) const;
  double starting_step(Function& f);
  double dense_output(std::size_t i, double h, double theta) const;

  int size_;
  int dynamic_size_;
  double relative_tolerance_ = 1e-6;
  std::vector<double> absolute_tolerance_;
  double max_step_ = 0.0;  // 0: unbounded
  double step_limit_ = std::numeric_limits<double>::infinity();

  double t_ = 0.0;
  double t_previous_ = 0.0;
  double h_ = 0.0;
  double previous_error_power_ = 0.0;  // for the PI controller: max(err, 1e-4)^β of the last accepted step (facold)
  bool last_rejected_ = false;
  std::vector<double> y_;
  std::vector<double> y_previous_;
  std::vector<double> y_stage_;
  std::vector<double> error_;
  std::vector<double> k_[kStages];  // k_[0] = f at the step's start
  // The quadratures the last two accepted steps changed (Function::live_quadrature), and how many steps to come
  // copy all of them into the stage vector instead.
  std::vector<int> live_before_[2];
  std::vector<int> attempt_live_;
  int full_copies_ = 2;
  long steps_ = 0;
  long rejected_ = 0;
  long evaluations_ = 0;
};

}  // namespace contactlab
