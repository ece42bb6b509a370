// SPDX-License-Identifier: MIT
// The integrated vector is y = [q | v | W per pair | law states | W_joints]: coordinates, velocities, the
// contact energy ledger, the laws' integrated internal states and the work of the joint force elements.
//
// Root functions, three per contact pair p:
//   g[3p]     inactive: the gap (onset);  active: δ, or min(δ, F) for laws that release on force (separation)
//   g[3p + 1] active: δ̇ (both crossings: maximum indentation, reload);  inactive: 1
//   g[3p + 2] active: dF/dt (force peak), by a central difference along the flow;  inactive: 1
// All but g[3p + 1] report only crossings from + to −. The contact set changes only at these events, so the
// right-hand side is smooth between them; after each event the integrator restarts from the located state.
#include "engine/simulate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <sstream>

#include <arkode/arkode_erkstep.h>
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "contact/contact_force.h"
#include "engine/dynamics.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/kinematics.h"

namespace contactlab {

const char* integrator_method_name(IntegratorMethod method) {
  switch (method) {
    case IntegratorMethod::kDormandPrince: return "dormand_prince";
    case IntegratorMethod::kBdf: return "bdf";
    case IntegratorMethod::kSymplecticEuler: return "symplectic_euler";
    case IntegratorMethod::kVelocityVerlet: return "velocity_verlet";
    case IntegratorMethod::kRungeKutta4: return "rk4";
  }
  return "?";
}

bool is_fixed_step(IntegratorMethod method) {
  return method == IntegratorMethod::kSymplecticEuler || method == IntegratorMethod::kVelocityVerlet ||
         method == IntegratorMethod::kRungeKutta4;
}

namespace {

constexpr int kRootsPerPair = 3;
// Ledger states (contact work, joint work) do not feed back into the dynamics; an absolute tolerance this
// large keeps them out of step-size control, so they are integrated on the steps the motion needs.
constexpr double kLedgerAbsoluteTolerance = 1e100;

// What a driver needs from the system it integrates.
class System {
 public:
  virtual ~System() = default;
  virtual int size() const = 0;
  virtual int coordinates() const = 0;  // nq
  virtual int velocities() const = 0;   // nv
  virtual int root_count() const = 0;
  virtual const int* root_directions() const = 0;
  virtual int rhs(double t, N_Vector y, N_Vector ydot) = 0;
  virtual int roots(double t, N_Vector y, double* g) = 0;
  // q̇ = N(q) v for q, v taken from two (possibly different) vectors laid out as y.
  virtual void configuration_rate(N_Vector q_from, N_Vector v_from, N_Vector qdot_into) = 0;
};

// One integration method. advance() takes one step without passing t_stop, stopping early at a located root.
class Driver {
 public:
  enum class Outcome { kStep, kRoot, kStop, kFailure };
  virtual ~Driver() = default;
  virtual Outcome advance(double t_stop, double& t, N_Vector y) = 0;
  virtual void roots_found(int* out) = 0;                // after kRoot: ±1 per root function that fired
  virtual bool interpolate(double t, N_Vector out) = 0;  // the state inside the last step
  virtual void restart(double t, N_Vector y, double first_step) = 0;
  virtual double current_step() const = 0;
  virtual double last_step() const = 0;
  virtual void add_statistics(IntegratorStats& stats) const = 0;  // attempts, error-test failures, root evaluations
  virtual std::string message() const = 0;                       // the method's own account of a failure
};

// SUNDIALS callbacks are C functions with user data; these forward to the System.
int rhs_callback(double t, N_Vector y, N_Vector ydot, void* user) { return static_cast<System*>(user)->rhs(t, y, ydot); }
int roots_callback(double t, N_Vector y, double* g, void* user) { return static_cast<System*>(user)->roots(t, y, g); }

class ArkodeDriver final : public Driver {
 public:
  ArkodeDriver(System& system, SUNContext context, double t0, N_Vector y, N_Vector tolerances,
               const IntegratorOptions& options, double t_stop) {
    memory_ = ERKStepCreate(rhs_callback, t0, y, context);
    ERKStepSetUserData(memory_, &system);
    ERKStepSetErrHandlerFn(memory_, error_handler, this);
    ERKStepSetTableNum(memory_, ARKODE_DORMAND_PRINCE_7_4_5);
    ERKStepSVtolerances(memory_, options.relative_tolerance, tolerances);
    ERKStepSetMaxNumSteps(memory_, options.max_steps);
    ERKStepSetMaxErrTestFails(memory_, 20);
    if (options.initial_step > 0.0) ERKStepSetInitStep(memory_, options.initial_step);
    if (options.max_step > 0.0) ERKStepSetMaxStep(memory_, options.max_step);
    ERKStepSetStopTime(memory_, t_stop);
    t_stop_ = t_stop;
    if (system.root_count() > 0) {
      ERKStepRootInit(memory_, system.root_count(), roots_callback);
      ERKStepSetRootDirection(memory_, const_cast<int*>(system.root_directions()));
      ERKStepSetNoInactiveRootWarn(memory_);
    }
    has_roots_ = system.root_count() > 0;
  }
  ~ArkodeDriver() override { ERKStepFree(&memory_); }

  Outcome advance(double, double& t, N_Vector y) override {
    const int flag = ERKStepEvolve(memory_, t_stop_, y, &t, ARK_ONE_STEP);
    if (flag < 0) return Outcome::kFailure;
    if (flag == ARK_ROOT_RETURN) return Outcome::kRoot;
    if (flag == ARK_TSTOP_RETURN) return Outcome::kStop;
    return Outcome::kStep;
  }
  void roots_found(int* out) override { ERKStepGetRootInfo(memory_, out); }
  bool interpolate(double t, N_Vector out) override { return ERKStepGetDky(memory_, t, 0, out) == ARK_SUCCESS; }
  void restart(double t, N_Vector y, double first_step) override {
    ERKStepSetInitStep(memory_, first_step);
    ERKStepReset(memory_, t, y);
    ERKStepSetStopTime(memory_, t_stop_);
  }
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
    if (has_roots_) ERKStepGetNumGEvals(memory_, &root_evaluations);
    stats.step_attempts += attempts;
    stats.error_test_failures += failures;
    stats.root_evaluations += root_evaluations;
  }
  std::string message() const override { return message_; }

 private:
  static void error_handler(int, const char*, const char* function, char* text, void* user) {
    static_cast<ArkodeDriver*>(user)->message_ = std::string(function) + ": " + text;
  }
  void* memory_ = nullptr;
  double t_stop_ = 0.0;
  bool has_roots_ = false;
  std::string message_;
};

class CvodeDriver final : public Driver {
 public:
  CvodeDriver(System& system, SUNContext context, double t0, N_Vector y, N_Vector tolerances,
              const IntegratorOptions& options, double t_stop)
      : options_(options), t_stop_(t_stop) {
    memory_ = CVodeCreate(CV_BDF, context);
    CVodeInit(memory_, rhs_callback, t0, y);
    CVodeSetUserData(memory_, &system);
    CVodeSetErrHandlerFn(memory_, error_handler, this);
    CVodeSVtolerances(memory_, options.relative_tolerance, tolerances);
    matrix_ = SUNDenseMatrix(system.size(), system.size(), context);
    solver_ = SUNLinSol_Dense(y, matrix_, context);
    CVodeSetLinearSolver(memory_, solver_, matrix_);
    CVodeSetMaxNumSteps(memory_, options.max_steps);
    CVodeSetMaxErrTestFails(memory_, 20);
    if (options.initial_step > 0.0) CVodeSetInitStep(memory_, options.initial_step);
    if (options.max_step > 0.0) CVodeSetMaxStep(memory_, options.max_step);
    CVodeSetStopTime(memory_, t_stop);
    has_roots_ = system.root_count() > 0;
    if (has_roots_) {
      CVodeRootInit(memory_, system.root_count(), roots_callback);
      CVodeSetRootDirection(memory_, const_cast<int*>(system.root_directions()));
      CVodeSetNoInactiveRootWarn(memory_);
    }
  }
  ~CvodeDriver() override {
    CVodeFree(&memory_);
    SUNLinSolFree(solver_);
    SUNMatDestroy(matrix_);
  }

  Outcome advance(double, double& t, N_Vector y) override {
    const int flag = CVode(memory_, t_stop_, y, &t, CV_ONE_STEP);
    if (flag < 0) return Outcome::kFailure;
    if (flag == CV_ROOT_RETURN) return Outcome::kRoot;
    if (flag == CV_TSTOP_RETURN) return Outcome::kStop;
    return Outcome::kStep;
  }
  void roots_found(int* out) override { CVodeGetRootInfo(memory_, out); }
  bool interpolate(double t, N_Vector out) override { return CVodeGetDky(memory_, t, 0, out) == CV_SUCCESS; }
  void restart(double t, N_Vector y, double first_step) override {
    collect(carried_);  // CVodeReInit clears the counters
    CVodeReInit(memory_, t, y);
    CVodeSetInitStep(memory_, first_step);
    CVodeSetStopTime(memory_, t_stop_);
  }
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
  std::string message() const override { return message_; }

 private:
  void collect(IntegratorStats& into) const {
    long steps = 0, failures = 0, convergence_failures = 0, root_evaluations = 0;
    CVodeGetNumSteps(memory_, &steps);
    CVodeGetNumErrTestFails(memory_, &failures);
    CVodeGetNumNonlinSolvConvFails(memory_, &convergence_failures);
    if (has_roots_) CVodeGetNumGEvals(memory_, &root_evaluations);
    into.step_attempts += steps + failures + convergence_failures;
    into.error_test_failures += failures;
    into.root_evaluations += root_evaluations;
  }
  static void error_handler(int, const char*, const char* function, char* text, void* user) {
    static_cast<CvodeDriver*>(user)->message_ = std::string(function) + ": " + text;
  }
  const IntegratorOptions& options_;
  void* memory_ = nullptr;
  SUNMatrix matrix_ = nullptr;
  SUNLinearSolver solver_ = nullptr;
  double t_stop_ = 0.0;
  bool has_roots_ = false;
  IntegratorStats carried_;
  std::string message_;
};

// Fixed-step schemes with event location: after each step the root functions are compared with their values
// at the step's start; on a crossing the earliest root is found on the cubic Hermite interpolant of the step
// (Illinois false position) and the step is taken again from its start with the shortened step, so the
// located state is the scheme's own solution at the event time.
class FixedStepDriver final : public Driver {
 public:
  FixedStepDriver(System& system, IntegratorMethod method, double step, double t0, N_Vector y)
      : system_(system), method_(method), step_(step), roots_(system.root_count()) {
    auto clone = [&](N_Vector& v) { v = N_VClone(y); };
    for (N_Vector* v : {&y0_, &f0_, &f1_, &f_start_, &k2_, &k3_, &stage_, &trial_, &rate_}) clone(*v);
    g0_.resize(static_cast<std::size_t>(roots_));
    g1_.resize(static_cast<std::size_t>(roots_));
    g_trial_.resize(static_cast<std::size_t>(roots_));
    found_.assign(static_cast<std::size_t>(roots_), 0);
    restart(t0, y, step);
  }
  ~FixedStepDriver() override {
    for (N_Vector v : {y0_, f0_, f1_, f_start_, k2_, k3_, stage_, trial_, rate_, end_}) N_VDestroy(v);
  }

  Outcome advance(double t_stop, double& t, N_Vector y) override {
    ++attempts_;
    const double h = std::min(step_, t_stop - t_);
    if (!(h > 0.0)) return Outcome::kStop;
    N_VScale(1.0, y, y0_);
    if (!have_f0_) {
      if (system_.rhs(t_, y0_, f0_) != 0) return Outcome::kFailure;
      have_f0_ = true;
    }
    if (take_step(t_, h, y) != 0) return Outcome::kFailure;
    double t1 = t_ + h;
    have_f1_ = false;
    if (roots_ > 0) {
      if (system_.roots(t1, y, g1_.data()) != 0) return Outcome::kFailure;
      ++root_evaluations_;
      double t_root = t1;
      if (locate_root(t_, h, t_root)) {
        // Take the step again, exactly to the event.
        if (take_step(t_, t_root - t_, y) != 0) return Outcome::kFailure;
        t_previous_ = t_;
        t_ = t_root;
        t = t_root;
        last_step_ = t_root - t_previous_;
        have_f1_ = false;
        return Outcome::kRoot;
      }
    }
    t_previous_ = t_;
    t_ = t1;
    t = t1;
    last_step_ = h;
    std::swap(g0_, g1_);
    // f at the new point doubles as the next step's first stage.
    if (system_.rhs(t_, y, f1_) != 0) return Outcome::kFailure;
    have_f1_ = true;
    N_VScale(1.0, f1_, f0_);
    return t_ >= t_stop ? Outcome::kStop : Outcome::kStep;
  }

  void roots_found(int* out) override { std::copy(found_.begin(), found_.end(), out); }

  bool interpolate(double t, N_Vector out) override {
    // Cubic Hermite on [t_previous, t_] from the step's start (y0, its f) and end (y, f).
    const double h = t_ - t_previous_;
    if (!(h > 0.0)) return false;
    if (!have_f1_) {
      if (system_.rhs(t_, end_, f1_) != 0) return false;
      have_f1_ = true;
    }
    hermite(t, h, start_f(), out);
    return true;
  }

  void restart(double t, N_Vector y, double) override {
    t_ = t;
    t_previous_ = t;
    have_f0_ = false;
    have_f1_ = false;
    if (roots_ > 0) {
      system_.roots(t, y, g0_.data());
      ++root_evaluations_;
    }
    if (end_ == nullptr) end_ = N_VClone(y);
    N_VScale(1.0, y, end_);
  }
  double current_step() const override { return step_; }
  double last_step() const override { return last_step_; }
  void add_statistics(IntegratorStats& stats) const override {
    stats.step_attempts += attempts_;
    stats.root_evaluations += root_evaluations_;
  }
  std::string message() const override { return {}; }

 private:
  // f at the start of the last step (kept before f0_ is overwritten for the next step).
  N_Vector start_f() { return f_start_; }

  // One step of the scheme from (t, y0_) with f0_ = f(t, y0_) known; the result goes to y.
  int take_step(double t, double h, N_Vector y) {
    N_VScale(1.0, f0_, f_start_);  // remembered for interpolation
    const int nq = system_.coordinates();
    const int nv = system_.velocities();
    double* out = N_VGetArrayPointer(y);
    const double* start = N_VGetArrayPointer(y0_);
    const double* f = N_VGetArrayPointer(f0_);
    const int n = system_.size();
    switch (method_) {
      case IntegratorMethod::kSymplecticEuler: {
        // Kick with a(q, v), then drift with the new velocity; ledgers advance with their rates at the start.
        for (int i = nq; i < n; ++i) out[i] = start[i] + h * f[i];
        N_VScale(1.0, y0_, stage_);
        std::copy(out + nq, out + nq + nv, N_VGetArrayPointer(stage_) + nq);
        system_.configuration_rate(y0_, stage_, rate_);
        const double* qdot = N_VGetArrayPointer(rate_);
        for (int i = 0; i < nq; ++i) out[i] = start[i] + h * qdot[i];
        break;
      }
      case IntegratorMethod::kVelocityVerlet: {
        // Half kick, drift with the half-step velocity, half kick with the force at the new position. Forces
        // that depend on velocity (dampers, contact damping) see the predicted v + h a there: with the
        // half-step velocity the scheme would drop to first order for them.
        double* stage = N_VGetArrayPointer(stage_);
        std::copy(start, start + n, stage);
        for (int i = nq; i < nq + nv; ++i) stage[i] = start[i] + 0.5 * h * f[i];
        system_.configuration_rate(y0_, stage_, rate_);
        const double* qdot = N_VGetArrayPointer(rate_);
        for (int i = 0; i < nq; ++i) out[i] = start[i] + h * qdot[i];
        std::copy(out, out + nq, stage);
        for (int i = nq; i < nq + nv; ++i) stage[i] = start[i] + h * f[i];
        if (system_.rhs(t + h, stage_, k2_) != 0) return -1;
        const double* f_end = N_VGetArrayPointer(k2_);
        for (int i = nq; i < nq + nv; ++i) out[i] = start[i] + 0.5 * h * (f[i] + f_end[i]);
        for (int i = nq + nv; i < n; ++i) out[i] = start[i] + 0.5 * h * (f[i] + f_end[i]);
        break;
      }
      case IntegratorMethod::kRungeKutta4: {
        N_VLinearSum(1.0, y0_, 0.5 * h, f0_, stage_);
        if (system_.rhs(t + 0.5 * h, stage_, k2_) != 0) return -1;
        N_VLinearSum(1.0, y0_, 0.5 * h, k2_, stage_);
        if (system_.rhs(t + 0.5 * h, stage_, k3_) != 0) return -1;
        N_VLinearSum(1.0, y0_, h, k3_, stage_);
        if (system_.rhs(t + h, stage_, trial_) != 0) return -1;
        const double* k2 = N_VGetArrayPointer(k2_);
        const double* k3 = N_VGetArrayPointer(k3_);
        const double* k4 = N_VGetArrayPointer(trial_);
        for (int i = 0; i < n; ++i) out[i] = start[i] + h / 6.0 * (f[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        break;
      }
      case IntegratorMethod::kDormandPrince:
      case IntegratorMethod::kBdf: return -1;
    }
    N_VScale(1.0, y, end_);
    return 0;
  }

  // Cubic Hermite interpolation of the last step at time t (start y0_ with derivative f_start, end end_ with
  // derivative f1_).
  void hermite(double t, double h, N_Vector f_start, N_Vector out) {
    const double s = (t - t_previous_) / h;
    const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s;
    const double h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s;
    const double* a = N_VGetArrayPointer(y0_);
    const double* fa = N_VGetArrayPointer(f_start);
    const double* b = N_VGetArrayPointer(end_);
    const double* fb = N_VGetArrayPointer(f1_);
    double* o = N_VGetArrayPointer(out);
    for (int i = 0; i < system_.size(); ++i) o[i] = h00 * a[i] + h10 * h * fa[i] + h01 * b[i] + h11 * h * fb[i];
  }

  bool crossed(std::size_t i, double before, double after) const {
    const int direction = system_.root_directions()[i];
    if (before == 0.0) return false;  // a root at the step's start was handled already
    const bool down = before > 0.0 && after <= 0.0;
    const bool up = before < 0.0 && after >= 0.0;
    return (direction <= 0 && down) || (direction >= 0 && up);
  }

  // Finds the earliest root in (t, t + h]; on success sets t_root and found_.
  bool locate_root(double t, double h, double& t_root) {
    std::fill(found_.begin(), found_.end(), 0);
    bool any = false;
    for (std::size_t i = 0; i < g0_.size(); ++i) any = any || crossed(i, g0_[i], g1_[i]);
    if (!any) return false;
    // f at the end of the step, for the interpolant.
    if (system_.rhs(t + h, end_, f1_) != 0) return false;
    t_previous_ = t;
    const double t_end = t + h;
    double earliest = t_end;
    for (std::size_t i = 0; i < g0_.size(); ++i) {
      if (!crossed(i, g0_[i], g1_[i])) continue;
      double a = t, b = t_end, ga = g0_[i], gb = g1_[i];
      int side = 0;
      for (int iteration = 0; iteration < 100 && b - a > 1e-15 * std::max(1.0, std::abs(b)); ++iteration) {
        double c = b - gb * (b - a) / (gb - ga);
        if (!(c > a && c < b)) c = 0.5 * (a + b);
        hermite(c, h, start_f(), trial_);
        system_.roots(c, trial_, g_trial_.data());
        ++root_evaluations_;
        const double gc = g_trial_[i];
        if ((gc > 0.0) == (ga > 0.0)) {
          a = c;
          ga = gc;
          if (side == -1) gb *= 0.5;  // Illinois: halve the stale end's weight
          side = -1;
        } else {
          b = c;
          gb = gc;
          if (side == 1) ga *= 0.5;
          side = 1;
        }
      }
      earliest = std::min(earliest, b);
    }
    // Every root function crossing by the earliest root (within round-off) fires there.
    hermite(earliest, h, start_f(), trial_);
    system_.roots(earliest, trial_, g_trial_.data());
    ++root_evaluations_;
    for (std::size_t i = 0; i < g0_.size(); ++i) {
      if (crossed(i, g0_[i], g_trial_[i])) found_[i] = g0_[i] > 0.0 ? -1 : 1;
    }
    t_root = earliest;
    return true;
  }

  System& system_;
  IntegratorMethod method_;
  double step_;
  int roots_;
  double t_ = 0.0;
  double t_previous_ = 0.0;
  double last_step_ = 0.0;
  bool have_f0_ = false;
  bool have_f1_ = false;
  N_Vector y0_ = nullptr, f0_ = nullptr, f1_ = nullptr, f_start_ = nullptr, k2_ = nullptr, k3_ = nullptr;
  N_Vector stage_ = nullptr, trial_ = nullptr, rate_ = nullptr, end_ = nullptr;
  std::vector<double> g0_, g1_, g_trial_;
  std::vector<int> found_;
  long attempts_ = 0;
  long root_evaluations_ = 0;
};

class Run final : public System {
 public:
  Run(const Model& model, State& state, Data& data, const SimulationOptions& options, SimulationResult& result)
      : model_(model),
        state_(state),
        data_(data),
        options_(options),
        result_(result),
        nq_(model.nq),
        nv_(model.nv),
        sample_(state) {
    bind_pairs(model_, state_, data_);
    layout();
  }

  ~Run() override {
    release_integrator();
    if (context_ != nullptr) SUNContext_Free(&context_);
  }

  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  void execute(const SampleObserver& observer);

  int size() const override { return nq_ + nv_ + pairs_ + law_state_offset_.back() + 1; }
  int coordinates() const override { return nq_; }
  int velocities() const override { return nv_; }
  int root_count() const override { return kRootsPerPair * pairs_; }
  const int* root_directions() const override { return directions_.data(); }
  int rhs(double t, N_Vector y, N_Vector ydot) override;
  int roots(double t, N_Vector y, double* g) override;
  void configuration_rate(N_Vector q_from, N_Vector v_from, N_Vector qdot_into) override {
    configuration_derivative(model_, q_of(q_from), v_of(v_from), q_of(qdot_into));
  }

 private:
  Eigen::Map<Eigen::VectorXd> q_of(N_Vector y) const { return {N_VGetArrayPointer(y), nq_}; }
  Eigen::Map<Eigen::VectorXd> v_of(N_Vector y) const { return {N_VGetArrayPointer(y) + nq_, nv_}; }
  Eigen::Map<Eigen::VectorXd> work_of(N_Vector y) const { return {N_VGetArrayPointer(y) + nq_ + nv_, pairs_}; }
  double* law_states_of(N_Vector y, int p) const {
    return N_VGetArrayPointer(y) + nq_ + nv_ + pairs_ + law_state_offset_[static_cast<std::size_t>(p)];
  }
  double& joint_work_of(N_Vector y) const { return N_VGetArrayPointer(y)[size() - 1]; }
  int continuous_size(int p) const {
    return law_state_offset_[static_cast<std::size_t>(p) + 1] - law_state_offset_[static_cast<std::size_t>(p)];
  }

  const ContactPairModel& pair(int p) const { return *data_.pairs[static_cast<std::size_t>(p)]; }
  void layout();
  void build_integrator(double t, double first_step);
  void release_integrator();
  bool refresh_due();
  void refresh_pairs(double t, bool initial);
  void copy_law_states(N_Vector y, std::vector<PairState>& contacts) const;
  void law_event(ContactEvent event, int p, double t);
  void handle_events(double t);
  double restart_step() const;
  void start_contact(int p, double t);
  void end_contact(int p, double t, bool open);
  void apply_impulse(int p, double t, double normal_mass);
  double smaller_shape_size(int p) const {
    auto size = [](const Shape& s) {
      switch (s.type) {
        case ShapeType::kHalfspace: return std::numeric_limits<double>::infinity();
        case ShapeType::kSphere:
        case ShapeType::kCapsule:
        case ShapeType::kCylinder: return s.radius;
        case ShapeType::kBox: return s.half_extents.minCoeff();
        case ShapeType::kHole: return std::numeric_limits<double>::infinity();
      }
      return std::numeric_limits<double>::infinity();
    };
    const ContactPairModel& pm = pair(p);
    return std::min(size(model_.contact.shapes[static_cast<std::size_t>(pm.shape_a)]),
                    size(model_.contact.shapes[static_cast<std::size_t>(pm.shape_b)]));
  }
  static void record_force(PairState& s, double force, const PairGeometry& geometry) {
    if (force <= s.max_force) return;
    s.max_force = force;
    s.indentation_at_max_force = -geometry.gap;
    s.velocity_at_max_force = geometry.normal_velocity;
  }
  double driver_last_step_or(double fallback) const {
    const double last = driver_ ? driver_->last_step() : 0.0;
    return last > 0.0 ? last : fallback;
  }
  bool check_step(double t);
  void emit_samples(double t_from, double t_to, const SampleObserver& observer);
  void emit(double t, N_Vector y, const SampleObserver& observer);
  void load_state(double t, N_Vector y);
  std::string describe(double t, int pair) const;
  void fail(std::string message);
  void warn_once(int pair, int kind, const std::string& message);

  const Model& model_;
  State& state_;
  Data& data_;
  const SimulationOptions& options_;
  SimulationResult& result_;
  int nq_;
  int nv_;
  int pairs_ = 0;
  std::vector<int> law_state_offset_;  // prefix sums of the laws' continuous state sizes
  std::vector<int> directions_;
  std::vector<int> roots_found_;
  std::vector<int> open_impact_;
  std::vector<double> force_plus_;
  std::vector<double> force_minus_;
  std::vector<unsigned> warned_;
  std::vector<Eigen::Isometry3d> reference_poses_;  // shape poses at the last broadphase refresh
  std::vector<double> shape_extent_;                 // bounding radius of each shape about its origin [m]
  State sample_;
  SUNContext context_ = nullptr;
  std::unique_ptr<Driver> driver_;
  N_Vector y_ = nullptr;
  N_Vector scratch_ = nullptr;
  N_Vector perturbed_ = nullptr;
  N_Vector sample_vector_ = nullptr;
  N_Vector tolerances_ = nullptr;
  std::string callback_failure_;
  double next_sample_ = 0.0;
  double last_emitted_ = -1.0;
  double onset_step_ = 0.0;  // smallest suggested first step among contacts started at the last event
  double energy_scale_ = 0.0;
  double t_end_ = 0.0;
  double initial_total_energy_ = 0.0;
  bool has_efforts_ = false;
  bool failed_ = false;
};

int Run::rhs(double t, N_Vector y, N_Vector ydot) {
  ++result_.stats.rhs_evaluations;
  const auto q = q_of(y);
  const auto v = v_of(y);
  copy_law_states(y, state_.contacts);
  evaluate(model_, t, q, v, state_.contacts, data_);
  configuration_derivative(model_, q, v, q_of(ydot));
  v_of(ydot) = data_.qdd;
  auto work_rate = work_of(ydot);
  for (int p = 0; p < pairs_; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const bool active = state_.contacts[i].active;
    work_rate[p] = active ? data_.contact_force[i].force * data_.geometry[i].normal_velocity : 0.0;
    if (active && !std::isfinite(data_.contact_force[i].force)) {
      callback_failure_ = describe(t, p) + ": the contact force is not finite (NaN or Inf)";
      return -1;
    }
    if (continuous_size(p) == 0) continue;
    const ContactPairModel& pair = this->pair(p);
    // While apart the law sees δ = 0 and δ̇ = 0 (its internal state relaxes on its own).
    ContactInput input = active ? data_.contact_input[i] : contact_input(pair, state_.contacts[i], PairGeometry{}, t);
    if (!active) {
      input.indentation = 0.0;
      input.normal_velocity = 0.0;
    }
    pair.law_info->state_rate(input, pair.parameters.values, state_.contacts[i].law_state, law_states_of(ydot, p));
  }
  // Power of the joint dampers and efforts (the conservative spring part is in the energy itself).
  double joint_power = 0.0;
  for (std::size_t b = 1; b < model_.bodies.size(); ++b) {
    const Joint& joint = model_.bodies[b].joint;
    if (!joint.has_force_element()) continue;
    const double rate = v[joint.v_index];
    joint_power += (joint.effort(t) - joint.damping * rate) * rate;
  }
  joint_work_of(ydot) = joint_power;
  if (!data_.qdd.allFinite()) {
    callback_failure_ = describe(t, -1) + ": the generalized accelerations are not finite (NaN or Inf)";
    return -1;
  }
  return 0;
}

int Run::roots(double t, N_Vector y, double* g) {
  copy_law_states(y, state_.contacts);
  bool any_active = false;
  for (const PairState& s : state_.contacts) any_active = any_active || s.active;

  if (any_active && options_.integrator.locate_force_peaks) {
    // dF/dt by a central difference along the flow, over a thousandth of the current step.
    if (rhs(t, y, scratch_) != 0) return -1;
    const double step = driver_->current_step();
    const double h = step > 0.0 ? 1e-3 * step : 1e-12;
    for (double sign : {1.0, -1.0}) {
      N_VLinearSum(1.0, y, sign * h, scratch_, perturbed_);
      copy_law_states(perturbed_, state_.contacts);
      forward_kinematics(model_, q_of(perturbed_), v_of(perturbed_), data_);
      contact_geometry(model_, state_.contacts, false, data_);
      contact_forces(model_, t + sign * h, state_.contacts, data_);
      auto& out = sign > 0.0 ? force_plus_ : force_minus_;
      for (int p = 0; p < pairs_; ++p) out[static_cast<std::size_t>(p)] = data_.contact_force[static_cast<std::size_t>(p)].force;
    }
    for (int p = 0; p < pairs_; ++p) {
      const auto i = static_cast<std::size_t>(p);
      force_plus_[i] = (force_plus_[i] - force_minus_[i]) / (2.0 * h);  // now dF/dt
    }
    copy_law_states(y, state_.contacts);
  }

  forward_kinematics(model_, q_of(y), v_of(y), data_);
  contact_geometry(model_, state_.contacts, true, data_);
  if (any_active) contact_forces(model_, t, state_.contacts, data_);
  for (int p = 0; p < pairs_; ++p) {
    const auto i = static_cast<std::size_t>(p);
    double* gp = g + kRootsPerPair * p;
    const PairState& s = state_.contacts[i];
    const PairGeometry& geometry = data_.geometry[i];
    if (!s.active) {
      gp[0] = geometry.gap - s.gap_offset;
      gp[1] = 1.0;
      gp[2] = 1.0;
      continue;
    }
    const double indentation = -geometry.gap;
    if (!std::isfinite(data_.contact_force[i].force) || !std::isfinite(force_plus_[i])) {
      callback_failure_ = describe(t, p) + ": the contact force is not finite (NaN or Inf)";
      return -1;
    }
    const bool on_force =
        pair(p).law_info->separation == Separation::kForce || pair(p).tension == TensionRule::kRelease;
    gp[0] = on_force ? std::min(indentation, data_.contact_force[i].force) : indentation;
    gp[1] = geometry.normal_velocity;
    // Laws with a force-free stretch inside the contact (leaving a permanent dent) have dF/dt ≡ 0 there: no
    // peak to find, and an identically zero root function would stall the root finder.
    const bool force_plateau = data_.contact_force[i].force == 0.0 && force_plus_[i] == 0.0;
    gp[2] = options_.integrator.locate_force_peaks && !force_plateau ? force_plus_[i] : 1.0;
  }
  return 0;
}

std::string Run::describe(double t, int pair) const {
  std::ostringstream out;
  out.precision(9);
  out << "t = " << t << " s";
  if (pair >= 0) {
    const ContactPairModel& pm = this->pair(pair);
    out << ", contact " << pm.name << " (law " << pm.law_info->id << ")";
  } else {
    bool first = true;
    for (int p = 0; p < pairs_; ++p) {
      if (!state_.contacts[static_cast<std::size_t>(p)].active) continue;
      const ContactPairModel& pm = this->pair(p);
      out << (first ? ", active contacts: " : ", ") << pm.name << " (law " << pm.law_info->id << ")";
      first = false;
    }
    if (first) out << ", no active contact";
  }
  return out.str();
}

void Run::fail(std::string message) {
  failed_ = true;
  result_.status = SimulationStatus::kNumericalError;
  result_.message = std::move(message);
}

void Run::warn_once(int pair, int kind, const std::string& message) {
  unsigned& mask = warned_[static_cast<std::size_t>(pair)];
  if (mask & (1u << kind)) return;
  mask |= 1u << kind;
  result_.diagnostics.push_back(message);
}

void Run::load_state(double t, N_Vector y) {
  state_.time = t;
  state_.q = q_of(y);
  state_.v = v_of(y);
  state_.absorbed_work = work_of(y);
  state_.joint_work = joint_work_of(y);
  copy_law_states(y, state_.contacts);
}

void Run::copy_law_states(N_Vector y, std::vector<PairState>& contacts) const {
  for (int p = 0; p < pairs_; ++p) {
    const int n = continuous_size(p);
    const double* source = law_states_of(y, p);
    std::copy(source, source + n, contacts[static_cast<std::size_t>(p)].law_state);
  }
}

void Run::law_event(ContactEvent event, int p, double t) {
  const auto i = static_cast<std::size_t>(p);
  const ContactPairModel& pair = this->pair(p);
  if (pair.law_info->event == nullptr) return;
  PairState& s = state_.contacts[i];
  const ContactInput input = contact_input(pair, s, data_.geometry[i], t);
  pair.law_info->event(event, input, pair.parameters.values, s.law_state);
  // Events may reset integrated law states: write them back into y.
  std::copy(s.law_state, s.law_state + continuous_size(p), law_states_of(y_, p));
}

void Run::start_contact(int p, double t) {
  const auto i = static_cast<std::size_t>(p);
  const ContactPairModel& pair = this->pair(p);
  const PairGeometry& geometry = data_.geometry[i];
  PairState& s = state_.contacts[i];
  {
    PairState fresh;  // the law's own state persists across contacts; the law resets it at kOnset if it wants
    std::copy(s.law_state, s.law_state + kMaxLawState, fresh.law_state);
    s = fresh;
  }
  s.active = true;
  s.compressing = true;
  s.onset_time = t;
  s.impact_velocity = geometry.normal_velocity;
  const bool needs_impact_velocity = (pair.law_info->needs & kNeedsImpactVelocity) != 0;
  if (needs_impact_velocity && s.impact_velocity < model_.contact.impact_velocity_floor) {
    s.impact_velocity = model_.contact.impact_velocity_floor;
    s.impact_velocity_floored = true;
    std::ostringstream message;
    message << describe(t, p) << ": impact velocity " << geometry.normal_velocity
            << " m/s is below the floor " << model_.contact.impact_velocity_floor
            << " m/s; the law's damping uses the floor";
    warn_once(p, 0, message.str());
  }
  const double probe_mass = effective_mass(model_, data_, pair.body_a, geometry.point_a, pair.body_b, geometry.point_b,
                                           geometry.normal);  // leaves M⁻¹Jᵀ of a unit impulse in data_.probe_qdd
  s.effective_mass = pair.mass_rule == MassRule::kReduced ? pair.reduced_mass : probe_mass;
  if (pair.law_info->impulsive) {
    apply_impulse(p, t, probe_mass);
    return;
  }
  s.max_indentation = std::max(0.0, -geometry.gap);
  s.work_at_onset = state_.absorbed_work[p];
  law_event(ContactEvent::kOnset, p, t);
  // Undamped Hertz contact time 2 t_H with t_H = 1.4716 x_H/v, x_H = [(n+1) m v²/(2K)]^{1/(n+1)} (models.md §2.3).
  const double v = std::max(std::abs(geometry.normal_velocity), model_.contact.impact_velocity_floor);
  const double m = s.effective_mass;
  if (std::isfinite(m) && m > 0.0 && pair.stiffness > 0.0) {
    const double x = std::pow((pair.exponent + 1.0) * m * v * v / (2.0 * pair.stiffness), 1.0 / (pair.exponent + 1.0));
    const double step = 1e-3 * 2.0 * 1.4716 * x / v;
    onset_step_ = onset_step_ > 0.0 ? std::min(onset_step_, step) : step;
  }
  ImpactRecord record;
  record.pair = pair.name;
  record.shape_a = pair.shape_a;
  record.shape_b = pair.shape_b;
  record.t_start = t;
  record.impact_velocity = geometry.normal_velocity;
  record.effective_mass = s.effective_mass;
  open_impact_[i] = static_cast<int>(result_.impacts.size());
  result_.impacts.push_back(record);
}

// The piecewise method: the impulse P = (1 + e) m_eff δ̇⁻ along the normal (m_eff along the normal through the
// tree, whatever the pair's mass rule, so that δ̇⁺ = −e δ̇⁻ exactly); Δq̇ = P M⁻¹Jᵀ. No contact phase follows.
void Run::apply_impulse(int p, double t, double normal_mass) {
  const auto i = static_cast<std::size_t>(p);
  const ContactPairModel& pair = this->pair(p);
  PairState& s = state_.contacts[i];
  const double restitution = pair.parameters.values[0];
  const double approach = data_.geometry[i].normal_velocity;
  const double impulse = std::isfinite(normal_mass) ? (1.0 + restitution) * normal_mass * approach : 0.0;
  v_of(y_) += impulse * data_.probe_qdd;
  const double lost = 0.5 * normal_mass * approach * approach * (1.0 - restitution * restitution);
  work_of(y_)[p] += std::isfinite(lost) ? lost : 0.0;
  state_.v = v_of(y_);
  state_.absorbed_work = work_of(y_);
  s = PairState{};  // never active: the impact is over at once
  s.gap_offset = std::min(data_.geometry[i].gap, 0.0) - 1e-12 * std::max(std::abs(pair.effective_radius) , 1e-3);
  ImpactRecord record;
  record.pair = pair.name;
  record.shape_a = pair.shape_a;
  record.shape_b = pair.shape_b;
  record.t_start = t;
  record.t_end = t;
  record.impact_velocity = approach;
  record.separation_velocity = restitution * approach;
  record.restitution = restitution;
  record.effective_mass = normal_mass;
  record.impulse = impulse;
  record.dissipated_energy = std::isfinite(lost) ? lost : 0.0;
  result_.impacts.push_back(record);
  onset_step_ = onset_step_ > 0.0 ? onset_step_ : driver_last_step_or(options_.duration * 1e-6);
}

void Run::end_contact(int p, double t, bool open) {
  const auto i = static_cast<std::size_t>(p);
  PairState& s = state_.contacts[i];
  const ContactPairModel& pair = this->pair(p);
  const PairGeometry& geometry = data_.geometry[i];
  ImpactRecord& record = result_.impacts[static_cast<std::size_t>(open_impact_[i])];
  const ContactInput input = contact_input(pair, s, geometry, t);
  record.t_end = t;
  record.open = open;
  record.separation_velocity = -geometry.normal_velocity;
  record.restitution = record.impact_velocity > 0.0 ? record.separation_velocity / record.impact_velocity : 0.0;
  record.max_indentation = s.max_indentation;
  record.max_force = s.max_force;
  record.min_force = s.min_force;
  record.compression_time = s.compression_time;
  record.indentation_at_max_force = s.indentation_at_max_force;
  record.velocity_at_max_force = s.velocity_at_max_force;
  record.dissipated_energy = state_.absorbed_work[p] - s.work_at_onset - pair_elastic_energy(pair, s, input);
  if (s.min_force < 0.0) {
    std::ostringstream message;
    message << describe(record.t_start, p) << ": tension (attractive force down to " << s.min_force
            << " N) during the contact; the tension rule is "
            << (pair.tension == TensionRule::kClamp ? "clamp" : pair.tension == TensionRule::kRelease ? "release" : "allow");
    warn_once(p, 1, message.str());
  }
  if (!open) {
    law_event(ContactEvent::kSeparation, p, t);
    // Released on force with the shapes still overlapping: the residual indentation stays as an offset, and
    // the contact re-engages only when the indentation exceeds it again (models.md §7 decision 3).
    s.gap_offset = std::min(geometry.gap, 0.0);
    s.active = false;
    s.compressing = false;
    open_impact_[i] = -1;
  }
}

void Run::handle_events(double t) {
  onset_step_ = 0.0;
  driver_->roots_found(roots_found_.data());
  load_state(t, y_);
  forward(model_, state_, data_);
  for (int p = 0; p < pairs_; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const int* found = roots_found_.data() + kRootsPerPair * p;
    PairState& s = state_.contacts[i];
    if (found[0] != 0) {
      ++result_.stats.events;
      if (s.active) {
        end_contact(p, t, false);
      } else {
        start_contact(p, t);
      }
      continue;
    }
    if (!s.active) continue;
    if (found[1] < 0) {  // δ̇ from + to −: maximum indentation
      ++result_.stats.events;
      if (s.compression_time == 0.0) s.compression_time = t - s.onset_time;
      s.compressing = false;
      s.max_indentation = std::max(s.max_indentation, -data_.geometry[i].gap);
      law_event(ContactEvent::kMaxIndentation, p, t);
    } else if (found[1] > 0) {  // δ̇ from − to +: compression again while in contact
      ++result_.stats.events;
      s.compressing = true;
      law_event(ContactEvent::kReload, p, t);
    }
    if (found[2] != 0) {
      ++result_.stats.events;
      record_force(s, data_.contact_force[i].force, data_.geometry[i]);
    }
  }
  normalize_configuration(model_, q_of(y_));
}

// First step after an event: the last step taken, or a thousandth of the undamped Hertz contact time of a
// contact that just started (models.md §2.3), whichever is smaller. The adaptive methods' own restart guess
// can be orders of magnitude too large when a stiff contact has just switched on.
double Run::restart_step() const {
  const double last = driver_->last_step();
  double step = last > 0.0 ? last : options_.duration * 1e-6;
  if (onset_step_ > 0.0) step = std::min(step, onset_step_);
  return step;
}

// Per-step bookkeeping and the numerical-trouble checks; false when the run must stop.
bool Run::check_step(double t) {
  load_state(t, y_);
  forward(model_, state_, data_);
  for (int p = 0; p < pairs_; ++p) {
    const auto i = static_cast<std::size_t>(p);
    PairState& s = state_.contacts[i];
    // Once the shapes have come apart, a residual indentation left by a release is forgotten: the next
    // contact starts at touch again (g stays positive through the change, so no root is lost or invented).
    if (!s.active && s.gap_offset < 0.0 && data_.geometry[i].gap > 0.0) s.gap_offset = 0.0;
    if (!s.active) continue;
    const double indentation = -data_.geometry[i].gap;
    const double force = data_.contact_force[i].force;
    s.max_indentation = std::max(s.max_indentation, indentation);
    record_force(s, force, data_.geometry[i]);
    s.min_force = std::min(s.min_force, force);
    // Hertz theory holds for δ ≪ R*; with a given stiffness only shapes passing through each other are sure
    // trouble, so the bound is then the smaller shape's size.
    const bool hertz = pair(p).stiffness_from_materials;
    const double size = hertz ? std::abs(pair(p).effective_radius) : smaller_shape_size(p);
    const double bound = hertz ? options_.max_indentation_ratio * size : size;
    if (std::isfinite(bound) && bound > 0.0 && indentation > bound) {
      std::ostringstream message;
      message << describe(t, p) << ": indentation " << indentation << " m exceeds ";
      if (hertz) {
        message << options_.max_indentation_ratio << " of the effective radius " << size << " m";
      } else {
        message << "the smaller shape's size " << size << " m";
      }
      message << " (contact too soft, or the onset was missed)";
      fail(message.str());
      return false;
    }
  }
  const Energy e = energy(model_, state_, data_);
  energy_scale_ = std::max(energy_scale_, e.kinetic);
  result_.energy_scale = energy_scale_;
  // Without external work, E can only fall: contacts and dampers dissipate, nothing else acts.
  const double rise = e.total() - e.joint_work - initial_total_energy_;
  if (!has_efforts_ && rise > options_.energy_tolerance * energy_scale_) {
    std::ostringstream message;
    message << describe(t, -1) << ": the energy rose by " << rise << " J (" << rise / energy_scale_
            << " of the energy scale) with no external work: a law or the integrator adds energy";
    fail(message.str());
    return false;
  }
  const double balance = std::abs(e.balance() - result_.initial_energy);
  result_.max_energy_balance_error = std::max(result_.max_energy_balance_error, balance);
  if (!(balance <= options_.energy_tolerance * energy_scale_)) {
    std::ostringstream message;
    message << describe(t, -1) << ": energy balance error " << balance << " J exceeds "
            << options_.energy_tolerance << " of the energy scale " << energy_scale_
            << " J (runaway energy: integrator tolerance or step too loose, or a law adds energy)";
    fail(message.str());
    return false;
  }
  return true;
}

void Run::emit(double t, N_Vector y, const SampleObserver& observer) {
  sample_.time = t;
  sample_.q = q_of(y);
  sample_.v = v_of(y);
  sample_.absorbed_work = work_of(y);
  sample_.joint_work = joint_work_of(y);
  sample_.dynamic_pairs = state_.dynamic_pairs;  // same pair table, or forward() would rebind data_ to another
  sample_.contacts = state_.contacts;
  copy_law_states(y, sample_.contacts);
  forward(model_, sample_, data_);
  observer(sample_, data_);
  last_emitted_ = t;
}

// Regular samples in (t_from, t_to], from the driver's interpolant of the last step.
void Run::emit_samples(double t_from, double t_to, const SampleObserver& observer) {
  if (!observer || options_.output_interval <= 0.0) return;
  while (next_sample_ <= t_to) {
    if (next_sample_ > t_from && driver_->interpolate(next_sample_, sample_vector_)) {
      emit(next_sample_, sample_vector_, observer);
    }
    next_sample_ += options_.output_interval;
  }
}

// Sizes and root directions for the current pair table (data_.pairs).
void Run::layout() {
  pairs_ = static_cast<int>(data_.pairs.size());
  const auto n = static_cast<std::size_t>(pairs_);
  law_state_offset_.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    law_state_offset_[i + 1] = law_state_offset_[i] + data_.pairs[i]->law_info->continuous_state_size;
  }
  directions_.assign(kRootsPerPair * n, -1);
  for (std::size_t i = 0; i < n; ++i) directions_[kRootsPerPair * i + 1] = 0;  // both phase changes
  roots_found_.assign(kRootsPerPair * n, 0);
  force_plus_.assign(n, 0.0);
  force_minus_.assign(n, 0.0);
  open_impact_.resize(n, -1);
  warned_.resize(n, 0);
}

void Run::release_integrator() {
  driver_.reset();
  for (N_Vector* v : {&y_, &scratch_, &perturbed_, &sample_vector_, &tolerances_}) {
    if (*v != nullptr) N_VDestroy(*v);
    *v = nullptr;
  }
}

// (Re)creates the integrated vector from state_ and a fresh driver: at the start, and whenever the broadphase
// changes the pair table (and so the size of y).
void Run::build_integrator(double t, double first_step) {
  release_integrator();
  y_ = N_VNew_Serial(size(), context_);
  scratch_ = N_VClone(y_);
  perturbed_ = N_VClone(y_);
  sample_vector_ = N_VClone(y_);
  tolerances_ = N_VClone(y_);
  q_of(y_) = state_.q;
  v_of(y_) = state_.v;
  work_of(y_) = state_.absorbed_work;
  joint_work_of(y_) = state_.joint_work;
  for (int p = 0; p < pairs_; ++p) {
    const PairState& s = state_.contacts[static_cast<std::size_t>(p)];
    std::copy(s.law_state, s.law_state + continuous_size(p), law_states_of(y_, p));
  }
  N_VConst(options_.integrator.absolute_tolerance, tolerances_);
  work_of(tolerances_).setConstant(kLedgerAbsoluteTolerance);
  joint_work_of(tolerances_) = kLedgerAbsoluteTolerance;
  const IntegratorOptions& integrator = options_.integrator;
  switch (integrator.method) {
    case IntegratorMethod::kDormandPrince:
      driver_ = std::make_unique<ArkodeDriver>(*this, context_, t, y_, tolerances_, integrator, t_end_);
      break;
    case IntegratorMethod::kBdf:
      driver_ = std::make_unique<CvodeDriver>(*this, context_, t, y_, tolerances_, integrator, t_end_);
      break;
    case IntegratorMethod::kSymplecticEuler:
    case IntegratorMethod::kVelocityVerlet:
    case IntegratorMethod::kRungeKutta4:
      driver_ = std::make_unique<FixedStepDriver>(*this, integrator.method, integrator.step, t, y_);
      break;
  }
  if (first_step > 0.0) driver_->restart(t, y_, first_step);
}

// Whether some shape has moved (translation, or rotation times its extent) by more than half the margin since
// the last refresh: only then can a pair outside the candidate list have come within reach.
bool Run::refresh_due() {
  if (!model_.contact.broadphase) return false;
  update_shape_poses(model_, data_);
  const double limit = 0.5 * model_.contact.margin;
  for (std::size_t s = 0; s < data_.shape_poses.size(); ++s) {
    const Eigen::Isometry3d& now = data_.shape_poses[s];
    const Eigen::Isometry3d& then = reference_poses_[s];
    const double moved = (now.translation() - then.translation()).norm();
    const double turned = Eigen::AngleAxisd(then.linear().transpose() * now.linear()).angle() * shape_extent_[s];
    if (moved + turned > limit) return true;
  }
  return false;
}

// New pair table: the model's pairs, the dynamic pairs still in contact or holding law history, and the
// broadphase's candidates. Per-pair state and the ledger follow their pairs by key.
void Run::refresh_pairs(double t, bool initial) {
  forward_kinematics(model_, state_.q, state_.v, data_);
  update_shape_poses(model_, data_);
  reference_poses_ = data_.shape_poses;
  std::vector<std::pair<int, int>> candidates;
  data_.broadphase->candidates(data_.shape_poses, candidates);
  std::map<PairKey, std::size_t> current;  // key -> index in the current table
  for (std::size_t i = 0; i < data_.pairs.size(); ++i) current[{data_.pairs[i]->shape_a, data_.pairs[i]->shape_b}] = i;
  std::vector<PairKey> next;
  for (std::size_t i = model_.contact.pairs.size(); i < data_.pairs.size(); ++i) {
    const PairState& s = state_.contacts[i];
    const bool history = std::any_of(s.law_state, s.law_state + kMaxLawState, [](double x) { return x != 0.0; });
    if (s.active || history || open_impact_[i] >= 0) next.push_back({data_.pairs[i]->shape_a, data_.pairs[i]->shape_b});
  }
  for (const auto& [a, b] : candidates) {
    if (!shapes_may_collide(model_.contact, a, b)) continue;
    const PairKey key = pair_key(model_.contact, a, b);
    const auto found = current.find(key);
    if (found != current.end() && found->second < model_.contact.pairs.size()) continue;  // a compiled pair
    next.push_back(key);
  }
  std::sort(next.begin(), next.end());
  next.erase(std::unique(next.begin(), next.end()), next.end());
  if (!initial && next == state_.dynamic_pairs) return;

  // Carry the per-pair state of the pairs that stay.
  const std::size_t fixed = model_.contact.pairs.size();
  std::vector<PairState> contacts(state_.contacts.begin(), state_.contacts.begin() + static_cast<long>(fixed));
  Eigen::VectorXd work(static_cast<Eigen::Index>(fixed + next.size()));
  work.head(static_cast<Eigen::Index>(fixed)) = state_.absorbed_work.head(static_cast<Eigen::Index>(fixed));
  std::vector<int> open(open_impact_.begin(), open_impact_.begin() + static_cast<long>(fixed));
  std::vector<unsigned> warned(warned_.begin(), warned_.begin() + static_cast<long>(fixed));
  for (const PairKey& key : next) {
    const auto found = current.find(key);
    const bool kept = found != current.end();
    contacts.push_back(kept ? state_.contacts[found->second] : PairState{});
    work[static_cast<Eigen::Index>(contacts.size() - 1)] = kept ? state_.absorbed_work[static_cast<Eigen::Index>(found->second)] : 0.0;
    open.push_back(kept ? open_impact_[found->second] : -1);
    warned.push_back(kept ? warned_[found->second] : 0u);
  }
  state_.dynamic_pairs = std::move(next);
  state_.contacts = std::move(contacts);
  state_.absorbed_work = std::move(work);
  bind_pairs(model_, state_, data_);
  layout();
  open_impact_ = std::move(open);
  warned_ = std::move(warned);
  ++result_.stats.broadphase_refreshes;
  if (!initial) {
    const double step = driver_ ? driver_->last_step() : 0.0;
    build_integrator(t, step);
  }
}

void Run::execute(const SampleObserver& observer) {
  const double t0 = state_.time;
  const double t_end = t0 + options_.duration;
  t_end_ = t_end;
  if (SUNContext_Create(nullptr, &context_) != 0) return fail("SUNDIALS: cannot create a context");
  if (is_fixed_step(options_.integrator.method) && !(options_.integrator.step > 0.0)) {
    return fail("a fixed-step method needs a positive step");
  }
  normalize_configuration(model_, state_.q);
  if (model_.contact.broadphase) {
    for (const Shape& shape : model_.contact.shapes) {
      double extent = 0.0;
      switch (shape.type) {
        case ShapeType::kHalfspace: extent = 0.0; break;  // only its translation matters for the bound
        case ShapeType::kSphere: extent = shape.radius; break;
        case ShapeType::kCapsule:
        case ShapeType::kCylinder: extent = shape.radius + 0.5 * shape.length; break;
        case ShapeType::kBox: extent = shape.half_extents.norm(); break;
        case ShapeType::kHole: extent = shape.radius + 0.5 * shape.length; break;
      }
      shape_extent_.push_back(extent);
    }
    refresh_pairs(t0, true);
  }

  // Pairs that overlap at the start, or touch while approaching, begin in contact (a root at t0 is not
  // reported by the root finders).
  forward(model_, state_, data_);
  for (int p = 0; p < pairs_; ++p) {
    const PairGeometry& geometry = data_.geometry[static_cast<std::size_t>(p)];
    if (state_.contacts[static_cast<std::size_t>(p)].active) continue;
    if (geometry.gap < 0.0 || (geometry.gap == 0.0 && geometry.normal_velocity > 0.0)) {
      start_contact(p, t0);
      if (geometry.gap < 0.0) warn_once(p, 2, describe(t0, p) + ": the shapes overlap at the start; the contact starts active");
    }
  }
  forward(model_, state_, data_);
  const Energy e0 = energy(model_, state_, data_);
  result_.initial_energy = e0.balance();
  initial_total_energy_ = e0.total() - e0.joint_work;
  for (const Body& body : model_.bodies) has_efforts_ = has_efforts_ || !body.joint.effort.is_zero();
  energy_scale_ = std::max({e0.kinetic, std::abs(e0.gravitational), std::abs(e0.total()), 1e-300});
  build_integrator(t0, onset_step_ > 0.0 ? onset_step_ : 0.0);

  next_sample_ = t0;
  if (observer) {
    emit(t0, y_, observer);
    next_sample_ = t0 + options_.output_interval;
  }
  double t = t0;
  while (!failed_) {
    const double t_previous = t;
    bool any_active_before = false;
    for (const PairState& s : state_.contacts) any_active_before = any_active_before || s.active;
    const Driver::Outcome outcome = driver_->advance(t_end, t, y_);
    if (outcome == Driver::Outcome::kFailure) {
      std::string reason = callback_failure_;
      if (reason.empty()) {
        reason = describe(t, -1) + ": integrator failure (" + driver_->message() +
                 ") — the step size collapsed or the step budget ran out";
      }
      fail(reason);
      break;
    }
    ++result_.stats.steps;
    if (result_.stats.steps > options_.integrator.max_steps) {
      std::ostringstream message;
      message << describe(t, -1) << ": the step budget of " << options_.integrator.max_steps
              << " steps ran out (integrator.max_steps; the step size may have collapsed)";
      fail(message.str());
      break;
    }
    if (outcome == Driver::Outcome::kRoot) {
      emit_samples(t_previous, t, observer);
      handle_events(t);
      driver_->restart(t, y_, restart_step());
      if (observer) emit(t, y_, observer);
      continue;
    }
    if (!check_step(t)) break;
    emit_samples(t_previous, t, observer);
    if (observer && any_active_before && options_.output_steps_in_contact && last_emitted_ != t) emit(t, y_, observer);
    if (outcome == Driver::Outcome::kStop || t >= t_end) break;
    if (refresh_due()) refresh_pairs(t, false);
  }
  load_state(t, y_);
  normalize_configuration(model_, state_.q);
  forward(model_, state_, data_);
  for (int p = 0; p < pairs_; ++p) {
    if (open_impact_[static_cast<std::size_t>(p)] >= 0) end_contact(p, t, true);
  }
  result_.end_time = t;
  if (driver_) driver_->add_statistics(result_.stats);
}

}  // namespace

SimulationResult simulate(const Model& model, State& state, Data& data, const SimulationOptions& options,
                          const SampleObserver& observer) {
  SimulationResult result;
  Run run(model, state, data, options, result);
  run.execute(observer);
  return result;
}

}  // namespace contactlab
