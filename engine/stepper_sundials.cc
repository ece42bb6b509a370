// SPDX-License-Identifier: MIT
// SUNDIALS methods: ARKODE's explicit Dormand–Prince (the same pair as the default method, kept as an independent
// implementation to check it against) and CVODE's variable-order BDF for stiff problems. Both locate the roots of
// the event functions themselves. After a root they restart from it whether or not the caller changed anything:
// going on would have their root finders meet the same root again (an event function that is flat there, such as
// a force rate at a peak, stops them with "root found at and very near t").
//
// An exception thrown by the system (a force law written in Python raises) must not cross SUNDIALS' C frames, which
// it would leave without their cleanup (the difference-quotient Jacobian's work vector leaked): the callbacks catch it,
// report an unrecoverable failure (a negative return), and advance() rethrows it once SUNDIALS has returned.
#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <arkode/arkode_erkstep.h>
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "engine/stepper.h"

namespace contactlab {
namespace {

// SUNDIALS cannot leave the quadratures (the ledgers) out of its error test: this absolute tolerance for them lets the
// motion alone set the steps.
constexpr double kQuadratureAbsoluteTolerance = 1e100;

// What both SUNDIALS methods share: a context, the state and tolerance vectors, the failure message.
class SundialsStepper : public Stepper {
 public:
  SundialsStepper(OdeSystem& system, const IntegratorOptions& options, const double* y0)
      : system_(system),
        size_(system.size()),
        passed_(static_cast<std::size_t>(system.root_count()), 0),
        found_(passed_.size(), 0) {
    SUNContext_Create(nullptr, &context_);
    y_ = N_VNew_Serial(size_, context_);
    tolerances_ = N_VClone(y_);
    std::copy(y0, y0 + size_, N_VGetArrayPointer(y_));
    double* absolute = N_VGetArrayPointer(tolerances_);
    std::fill(absolute, absolute + system.dynamic_size(), options.absolute_tolerance);
    std::fill(absolute + system.dynamic_size(), absolute + size_, kQuadratureAbsoluteTolerance);
  }
  ~SundialsStepper() override {
    N_VDestroy(y_);
    N_VDestroy(tolerances_);
    SUNContext_Free(&context_);
  }
  SundialsStepper(const SundialsStepper&) = delete;
  SundialsStepper& operator=(const SundialsStepper&) = delete;

  std::string message() const override { return message_; }

 protected:
  // The callbacks SUNDIALS calls with this stepper as its user data.
  static int rhs_callback(double t, N_Vector y, N_Vector ydot, void* user) {
    auto* self = static_cast<SundialsStepper*>(user);
    return self->guarded([&] { return self->system_.rhs(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot)); });
  }
  static int roots_callback(double t, N_Vector y, double* g, void* user) {
    auto* self = static_cast<SundialsStepper*>(user);
    const int status = self->guarded([&] { return self->system_.roots(t, N_VGetArrayPointer(y), nullptr, g); });
    for (std::size_t i = 0; i < self->passed_.size(); ++i) {
      if (self->passed_[i] != 0) g[i] = self->passed_[i];
    }
    return status;
  }

  // A root the caller let pass (it changed nothing): the method restarts from it at the next advance(), and until
  // its next step is taken each function that fired there reads as the side it crossed to. A function that is a
  // finite difference (a force rate at a flat peak) changes sign in round-off over far more than SUNDIALS' root
  // tolerance around its root, and restarting there it met the same root every 4e-18 s until the step budget ran out
  // (docs/engine.md).
  void restart_past_root(double t, double* y) {
    if (!found_.empty()) roots_found(found_.data());
    restart(t, y, last_step());  // (clears passed_)
    passed_ = found_;
  }
  void end_pass() { std::fill(passed_.begin(), passed_.end(), 0); }

  Outcome finish(int flag, int root_flag, int stop_flag, double* y) {
    if (thrown_) std::rethrow_exception(std::exchange(thrown_, nullptr));
    if (flag < 0) return Outcome::kFailure;
    std::copy(N_VGetArrayPointer(y_), N_VGetArrayPointer(y_) + size_, y);
    if (flag == root_flag) return Outcome::kRoot;
    if (flag == stop_flag) return Outcome::kStop;
    return Outcome::kStep;
  }
  N_Vector state_from(const double* y) {
    std::copy(y, y + size_, N_VGetArrayPointer(y_));
    return y_;
  }
  // The options' max_step and the run's limit together, as SUNDIALS takes it (0: unbounded).
  double combined_max_step(double limit) const {
    const double bound = std::min(max_step_ > 0.0 ? max_step_ : std::numeric_limits<double>::infinity(), limit);
    return std::isfinite(bound) && bound > 0.0 ? bound : 0.0;
  }
  static void error_handler(int, const char*, const char* function, char* text, void* user) {
    static_cast<SundialsStepper*>(user)->message_ = std::string(function) + ": " + text;
  }
  // `call()`, or −1 (an unrecoverable failure, for SUNDIALS) with what it threw kept for finish().
  template <typename Call>
  int guarded(Call call) {
    try {
      return call();
    } catch (...) {
      if (!thrown_) thrown_ = std::current_exception();
      return -1;
    }
  }

  OdeSystem& system_;
  int size_;
  bool at_root_ = false;  // the last advance() returned a root the caller has not restarted from
  std::vector<int> passed_;  // per root function: ±1 while a root let pass holds it on that side, else 0
  std::vector<int> found_;   // the root information of the last root, for restart_past_root
  SUNContext context_ = nullptr;
  N_Vector y_ = nullptr;
  N_Vector tolerances_ = nullptr;
  double max_step_ = 0.0;  // the options' (0: unbounded)
  std::string message_;
  std::exception_ptr thrown_;  // by a callback, until finish() rethrows it
};

class ArkodeStepper final : public SundialsStepper {
 public:
  ArkodeStepper(OdeSystem& system, const IntegratorOptions& options, double t0, const double* y0, double t_stop)
      : SundialsStepper(system, options, y0), t_stop_(t_stop) {
    memory_ = ERKStepCreate(rhs_callback, t0, y_, context_);
    ERKStepSetUserData(memory_, static_cast<SundialsStepper*>(this));
    ERKStepSetErrHandlerFn(memory_, error_handler, static_cast<SundialsStepper*>(this));
    ERKStepSetTableNum(memory_, ARKODE_DORMAND_PRINCE_7_4_5);
    ERKStepSVtolerances(memory_, options.relative_tolerance, tolerances_);
    ERKStepSetMaxNumSteps(memory_, options.max_steps);
    ERKStepSetMaxErrTestFails(memory_, 20);
    if (options.initial_step > 0.0) ERKStepSetInitStep(memory_, options.initial_step);
    max_step_ = options.max_step;
    if (options.max_step > 0.0) ERKStepSetMaxStep(memory_, options.max_step);
    ERKStepSetStopTime(memory_, t_stop);
    if (system.root_count() > 0) {
      ERKStepRootInit(memory_, system.root_count(), roots_callback);
      ERKStepSetRootDirection(memory_, const_cast<int*>(system.root_directions()));
      ERKStepSetNoInactiveRootWarn(memory_);
    }
  }
  ~ArkodeStepper() override { ERKStepFree(&memory_); }

  Outcome advance(double, double& t, double* y) override {
    if (at_root_) restart_past_root(t, y);
    const int flag = ERKStepEvolve(memory_, t_stop_, y_, &t, ARK_ONE_STEP);
    at_root_ = flag == ARK_ROOT_RETURN;
    if (flag == ARK_SUCCESS) end_pass();
    return finish(flag, ARK_ROOT_RETURN, ARK_TSTOP_RETURN, y);
  }
  void roots_found(int* out) const override { ERKStepGetRootInfo(memory_, out); }
  bool interpolate(double t, double* out) override {
    N_Vector wrapped = N_VMake_Serial(size_, out, context_);
    const bool ok = ERKStepGetDky(memory_, t, 0, wrapped) == ARK_SUCCESS;
    N_VDestroy(wrapped);
    return ok;
  }
  void restart(double t, const double* y, double first_step) override {
    at_root_ = false;
    end_pass();  // the caller's restart: its functions may have changed
    ERKStepSetInitStep(memory_, first_step);
    ERKStepReset(memory_, t, state_from(y));
    ERKStepSetStopTime(memory_, t_stop_);
  }
  void limit_step(double step) override { ERKStepSetMaxStep(memory_, combined_max_step(step)); }
  double current_step() const override {
    double h = 0.0;
    ERKStepGetCurrentStep(memory_, &h);
    return h;
  }
  double last_step() const override {
    double h = 0.0;
    ERKStepGetLastStep(memory_, &h);
    return h;
  }
  void add_statistics(IntegratorStats& stats) const override {
    long attempts = 0, failures = 0, root_evaluations = 0;
    ERKStepGetNumStepAttempts(memory_, &attempts);
    ERKStepGetNumErrTestFails(memory_, &failures);
    if (system_.root_count() > 0) ERKStepGetNumGEvals(memory_, &root_evaluations);
    stats.step_attempts += attempts;
    stats.error_test_failures += failures;
    stats.root_evaluations += root_evaluations;
  }

 private:
  void* memory_ = nullptr;
  double t_stop_;
};

class CvodeStepper final : public SundialsStepper {
 public:
  CvodeStepper(OdeSystem& system, const IntegratorOptions& options, double t0, const double* y0, double t_stop)
      : SundialsStepper(system, options, y0), t_stop_(t_stop) {
    memory_ = CVodeCreate(CV_BDF, context_);
    CVodeInit(memory_, rhs_callback, t0, y_);
    CVodeSetUserData(memory_, static_cast<SundialsStepper*>(this));
    CVodeSetErrHandlerFn(memory_, error_handler, static_cast<SundialsStepper*>(this));
    CVodeSVtolerances(memory_, options.relative_tolerance, tolerances_);
    matrix_ = SUNDenseMatrix(size_, size_, context_);
    solver_ = SUNLinSol_Dense(y_, matrix_, context_);
    CVodeSetLinearSolver(memory_, solver_, matrix_);
    CVodeSetMaxNumSteps(memory_, options.max_steps);
    CVodeSetMaxErrTestFails(memory_, 20);
    if (options.max_order > 0) CVodeSetMaxOrd(memory_, options.max_order);
    if (options.initial_step > 0.0) CVodeSetInitStep(memory_, options.initial_step);
    max_step_ = options.max_step;
    if (options.max_step > 0.0) CVodeSetMaxStep(memory_, options.max_step);
    CVodeSetStopTime(memory_, t_stop);
    if (system.root_count() > 0) {
      CVodeRootInit(memory_, system.root_count(), roots_callback);
      CVodeSetRootDirection(memory_, const_cast<int*>(system.root_directions()));
      CVodeSetNoInactiveRootWarn(memory_);
    }
  }
  ~CvodeStepper() override {
    CVodeFree(&memory_);
    SUNLinSolFree(solver_);
    SUNMatDestroy(matrix_);
  }

  Outcome advance(double, double& t, double* y) override {
    if (at_root_) restart_past_root(t, y);
    const int flag = CVode(memory_, t_stop_, y_, &t, CV_ONE_STEP);
    at_root_ = flag == CV_ROOT_RETURN;
    if (flag == CV_SUCCESS) end_pass();
    return finish(flag, CV_ROOT_RETURN, CV_TSTOP_RETURN, y);
  }
  void roots_found(int* out) const override { CVodeGetRootInfo(memory_, out); }
  bool interpolate(double t, double* out) override {
    N_Vector wrapped = N_VMake_Serial(size_, out, context_);
    const bool ok = CVodeGetDky(memory_, t, 0, wrapped) == CV_SUCCESS;
    N_VDestroy(wrapped);
    return ok;
  }
  void restart(double t, const double* y, double first_step) override {
    at_root_ = false;
    end_pass();  // the caller's restart: its functions may have changed
    collect(carried_);  // CVodeReInit clears the counters
    CVodeReInit(memory_, t, state_from(y));
    CVodeSetInitStep(memory_, first_step);
    CVodeSetStopTime(memory_, t_stop_);
  }
  void limit_step(double step) override { CVodeSetMaxStep(memory_, combined_max_step(step)); }
  double current_step() const override {
    double h = 0.0;
    CVodeGetCurrentStep(memory_, &h);
    return h;
  }
  double last_step() const override {
    double h = 0.0;
    CVodeGetLastStep(memory_, &h);
    return h;
  }
  void add_statistics(IntegratorStats& stats) const override {
    IntegratorStats current = carried_;
    collect(current);
    stats.step_attempts += current.step_attempts;
    stats.error_test_failures += current.error_test_failures;
    stats.root_evaluations += current.root_evaluations;
  }

 private:
  void collect(IntegratorStats& into) const {
    long steps = 0, failures = 0, convergence_failures = 0, root_evaluations = 0;
    CVodeGetNumSteps(memory_, &steps);
    CVodeGetNumErrTestFails(memory_, &failures);
    CVodeGetNumNonlinSolvConvFails(memory_, &convergence_failures);
    if (system_.root_count() > 0) CVodeGetNumGEvals(memory_, &root_evaluations);
    into.step_attempts += steps + failures + convergence_failures;
    into.error_test_failures += failures;
    into.root_evaluations += root_evaluations;
  }

  void* memory_ = nullptr;
  SUNMatrix matrix_ = nullptr;
  SUNLinearSolver solver_ = nullptr;
  double t_stop_;
  IntegratorStats carried_;
};

}  // namespace

std::unique_ptr<Stepper> make_sundials_stepper(OdeSystem& system, const IntegratorOptions& options, double t0,
                                               const double* y0, double t_stop) {
  if (options.method == IntegratorMethod::kBdf) return std::make_unique<CvodeStepper>(system, options, t0, y0, t_stop);
  return std::make_unique<ArkodeStepper>(system, options, t0, y0, t_stop);
}

}  // namespace contactlab
