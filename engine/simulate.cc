// SPDX-License-Identifier: MIT
// Root functions, three per contact pair p (all crossing from + to −):
//   g[3p]     inactive: the gap (onset);  active: δ, or min(δ, F) for laws that release on force (separation)
//   g[3p + 1] active: δ̇ (maximum indentation);  inactive: 1
//   g[3p + 2] active: dF/dt (force peak), by a central difference along the flow;  inactive: 1
// The contact set changes only at these events, so the right-hand side is smooth between them; after each
// event the integrator restarts from the located state (ERKStepReset).
#include "engine/simulate.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <arkode/arkode_erkstep.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>

#include "contact/contact_force.h"
#include "engine/dynamics.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/kinematics.h"

namespace contactlab {

const char* integrator_method_name(IntegratorMethod method) {
  switch (method) {
    case IntegratorMethod::kDormandPrince: return "dormand_prince";
  }
  return "?";
}

namespace {

constexpr int kRootsPerPair = 3;
// Quadrature states (the work ledger) do not feed back into the dynamics; an absolute tolerance this large
// keeps them out of step-size control, so they are integrated on the steps the motion needs.
constexpr double kLedgerAbsoluteTolerance = 1e100;

class Run {
 public:
  Run(const Model& model, State& state, Data& data, const SimulationOptions& options, SimulationResult& result)
      : model_(model),
        state_(state),
        data_(data),
        options_(options),
        result_(result),
        nq_(model.nq),
        nv_(model.nv),
        pairs_(static_cast<int>(model.contact.pairs.size())),
        law_state_offset_(static_cast<std::size_t>(pairs_) + 1, 0),
        roots_found_(static_cast<std::size_t>(kRootsPerPair * pairs_), 0),
        open_impact_(static_cast<std::size_t>(pairs_), -1),
        force_plus_(static_cast<std::size_t>(pairs_), 0.0),
        force_minus_(static_cast<std::size_t>(pairs_), 0.0),
        warned_(static_cast<std::size_t>(pairs_), 0),
        sample_(state) {
    for (int p = 0; p < pairs_; ++p) {
      const auto i = static_cast<std::size_t>(p);
      law_state_offset_[i + 1] = law_state_offset_[i] + model.contact.pairs[i].law_info->continuous_state_size;
    }
  }

  ~Run() {
    if (arkode_ != nullptr) ERKStepFree(&arkode_);
    for (N_Vector* v : {&y_, &scratch_, &perturbed_, &sample_vector_, &tolerances_}) {
      if (*v != nullptr) N_VDestroy(*v);
    }
    if (context_ != nullptr) SUNContext_Free(&context_);
  }

  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  void execute(const SampleObserver& observer);

 private:
  int size() const { return nq_ + nv_ + pairs_ + law_state_offset_.back(); }
  // The integrated law states of pair p in a vector laid out as y.
  double* law_states_of(N_Vector y, int p) const {
    return N_VGetArrayPointer(y) + nq_ + nv_ + pairs_ + law_state_offset_[static_cast<std::size_t>(p)];
  }
  int continuous_size(int p) const {
    return law_state_offset_[static_cast<std::size_t>(p) + 1] - law_state_offset_[static_cast<std::size_t>(p)];
  }
  void copy_law_states(N_Vector y, std::vector<PairState>& contacts) const;
  void law_event(ContactEvent event, int p, double t);
  Eigen::Map<Eigen::VectorXd> q_of(N_Vector y) const { return {N_VGetArrayPointer(y), nq_}; }
  Eigen::Map<Eigen::VectorXd> v_of(N_Vector y) const { return {N_VGetArrayPointer(y) + nq_, nv_}; }
  Eigen::Map<Eigen::VectorXd> work_of(N_Vector y) const { return {N_VGetArrayPointer(y) + nq_ + nv_, pairs_}; }

  static int rhs_callback(double t, N_Vector y, N_Vector ydot, void* user) {
    return static_cast<Run*>(user)->rhs(t, y, ydot);
  }
  static int roots_callback(double t, N_Vector y, double* g, void* user) {
    return static_cast<Run*>(user)->roots(t, y, g);
  }
  static void error_callback(int, const char*, const char* function, char* message, void* user) {
    static_cast<Run*>(user)->integrator_message_ = std::string(function) + ": " + message;
  }

  int rhs(double t, N_Vector y, N_Vector ydot);
  int roots(double t, N_Vector y, double* g);
  void handle_events(double t);
  double restart_step() const;
  void start_contact(int p, double t);
  void end_contact(int p, double t, bool open);
  bool check_step(double t);
  void emit_samples(double t_from, double t_to, bool include_end, const SampleObserver& observer);
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
  int pairs_;
  std::vector<int> law_state_offset_;  // prefix sums of the laws' continuous state sizes
  std::vector<int> roots_found_;
  std::vector<int> open_impact_;
  std::vector<double> force_plus_;
  std::vector<double> force_minus_;
  std::vector<unsigned> warned_;
  State sample_;
  SUNContext context_ = nullptr;
  void* arkode_ = nullptr;
  N_Vector y_ = nullptr;
  N_Vector scratch_ = nullptr;
  N_Vector perturbed_ = nullptr;
  N_Vector sample_vector_ = nullptr;
  N_Vector tolerances_ = nullptr;
  std::string callback_failure_;
  std::string integrator_message_;
  double next_sample_ = 0.0;
  double onset_step_ = 0.0;  // smallest suggested first step among contacts started at the last event
  double energy_scale_ = 0.0;
  bool failed_ = false;
};

int Run::rhs(double t, N_Vector y, N_Vector ydot) {
  ++result_.stats.rhs_evaluations;
  const auto v = v_of(y);
  copy_law_states(y, state_.contacts);
  evaluate(model_, t, q_of(y), v, state_.contacts, data_);
  q_of(ydot) = v;  // q̇ = v for every joint type so far
  v_of(ydot) = data_.qdd;
  auto work_rate = work_of(ydot);
  for (int p = 0; p < pairs_; ++p) {
    const auto i = static_cast<std::size_t>(p);
    work_rate[p] = state_.contacts[i].active ? data_.contact_force[i].force * data_.geometry[i].normal_velocity : 0.0;
    if (state_.contacts[i].active && !std::isfinite(data_.contact_force[i].force)) {
      callback_failure_ = describe(t, p) + ": the contact force is not finite (NaN or Inf)";
      return -1;
    }
  }
  for (int p = 0; p < pairs_; ++p) {
    if (continuous_size(p) == 0) continue;
    const auto i = static_cast<std::size_t>(p);
    const ContactPairModel& pair = model_.contact.pairs[i];
    // While apart the law sees δ = 0 and δ̇ = 0 (its internal state relaxes on its own).
    ContactInput input = state_.contacts[i].active ? data_.contact_input[i] : contact_input(pair, state_.contacts[i], PairGeometry{}, t);
    if (!state_.contacts[i].active) {
      input.indentation = 0.0;
      input.normal_velocity = 0.0;
    }
    pair.law_info->state_rate(input, pair.parameters.values, state_.contacts[i].law_state, law_states_of(ydot, p));
  }
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
    double step = 0.0;
    ERKStepGetCurrentStep(arkode_, &step);
    const double h = step > 0.0 ? 1e-3 * step : 1e-12;
    for (double sign : {1.0, -1.0}) {
      N_VLinearSum(1.0, y, sign * h, scratch_, perturbed_);
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
      gp[0] = geometry.gap;
      gp[1] = 1.0;
      gp[2] = 1.0;
      continue;
    }
    const double indentation = -geometry.gap;
    const bool on_force = model_.contact.pairs[i].law_info->separation == Separation::kForce;
    gp[0] = on_force ? std::min(indentation, data_.contact_force[i].force) : indentation;
    gp[1] = geometry.normal_velocity;
    gp[2] = options_.integrator.locate_force_peaks ? force_plus_[i] : 1.0;
  }
  return 0;
}

std::string Run::describe(double t, int pair) const {
  std::ostringstream out;
  out.precision(9);
  out << "t = " << t << " s";
  if (pair >= 0) {
    const ContactPairModel& p = model_.contact.pairs[static_cast<std::size_t>(pair)];
    out << ", contact " << p.name << " (law " << p.law_info->id << ")";
  } else {
    bool first = true;
    for (int p = 0; p < pairs_; ++p) {
      if (!state_.contacts[static_cast<std::size_t>(p)].active) continue;
      const ContactPairModel& pm = model_.contact.pairs[static_cast<std::size_t>(p)];
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
  const ContactPairModel& pair = model_.contact.pairs[i];
  if (pair.law_info->event == nullptr) return;
  PairState& s = state_.contacts[i];
  const ContactInput input = contact_input(pair, s, data_.geometry[i], t);
  pair.law_info->event(event, input, pair.parameters.values, s.law_state);
  // Events may reset integrated law states: write them back into y.
  std::copy(s.law_state, s.law_state + continuous_size(p), law_states_of(y_, p));
}

void Run::start_contact(int p, double t) {
  const auto i = static_cast<std::size_t>(p);
  const ContactPairModel& pair = model_.contact.pairs[i];
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
  s.effective_mass = pair.mass_rule == MassRule::kReduced
                         ? pair.reduced_mass
                         : effective_mass(model_, data_, pair.body_a, geometry.point_a, pair.body_b, geometry.point_b,
                                          geometry.normal);
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
  record.pair = p;
  record.t_start = t;
  record.impact_velocity = geometry.normal_velocity;
  record.effective_mass = s.effective_mass;
  open_impact_[i] = static_cast<int>(result_.impacts.size());
  result_.impacts.push_back(record);
}

void Run::end_contact(int p, double t, bool open) {
  const auto i = static_cast<std::size_t>(p);
  PairState& s = state_.contacts[i];
  const ContactPairModel& pair = model_.contact.pairs[i];
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
  record.dissipated_energy = state_.absorbed_work[p] - s.work_at_onset - pair_elastic_energy(pair, s, input);
  if (s.min_force < 0.0) {
    std::ostringstream message;
    message << describe(record.t_start, p) << ": tension (attractive force down to " << s.min_force
            << " N) during the contact; the tension rule is "
            << (pair.tension == TensionRule::kClamp ? "clamp" : "allow");
    warn_once(p, 1, message.str());
  }
  if (!open) {
    law_event(ContactEvent::kSeparation, p, t);
    s.active = false;
    s.compressing = false;
    open_impact_[i] = -1;
  }
}

void Run::handle_events(double t) {
  onset_step_ = 0.0;
  ERKStepGetRootInfo(arkode_, roots_found_.data());
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
      s.max_force = std::max(s.max_force, data_.contact_force[i].force);
    }
  }
}

// First step after an event: the last step taken, or a thousandth of the undamped Hertz contact time of a
// contact that just started (models.md §2.3), whichever is smaller. ARKODE's own restart guess can be
// orders of magnitude too large when a stiff contact has just switched on.
double Run::restart_step() const {
  double last = 0.0;
  ERKStepGetLastStep(arkode_, &last);
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
    if (!s.active) continue;
    const double indentation = -data_.geometry[i].gap;
    const double force = data_.contact_force[i].force;
    s.max_indentation = std::max(s.max_indentation, indentation);
    s.max_force = std::max(s.max_force, force);
    s.min_force = std::min(s.min_force, force);
    const double radius = std::abs(model_.contact.pairs[i].effective_radius);
    if (std::isfinite(radius) && radius > 0.0 && indentation > options_.max_indentation_ratio * radius) {
      std::ostringstream message;
      message << describe(t, p) << ": indentation " << indentation << " m exceeds "
              << options_.max_indentation_ratio << " of the effective radius " << radius
              << " m (contact too soft, or the onset was missed)";
      fail(message.str());
      return false;
    }
  }
  const Energy e = energy(model_, state_, data_);
  energy_scale_ = std::max(energy_scale_, e.kinetic);
  result_.energy_scale = energy_scale_;
  const double balance = std::abs(e.total() + e.dissipated() - result_.initial_energy);
  result_.max_energy_balance_error = std::max(result_.max_energy_balance_error, balance);
  if (balance > options_.energy_tolerance * energy_scale_) {
    std::ostringstream message;
    message << describe(t, -1) << ": energy balance error " << balance << " J exceeds "
            << options_.energy_tolerance << " of the energy scale " << energy_scale_
            << " J (runaway energy: integrator tolerance too loose, or a law adds energy)";
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
  sample_.contacts = state_.contacts;
  copy_law_states(y, sample_.contacts);
  forward(model_, sample_, data_);
  observer(sample_, data_);
}

void Run::emit_samples(double t_from, double t_to, bool include_end, const SampleObserver& observer) {
  if (!observer) return;
  if (options_.output_interval > 0.0) {
    while (next_sample_ <= t_to) {
      if (next_sample_ > t_from || (next_sample_ == t_from && t_from == 0.0)) {
        if (ERKStepGetDky(arkode_, next_sample_, 0, sample_vector_) == ARK_SUCCESS) {
          emit(next_sample_, sample_vector_, observer);
        }
      }
      next_sample_ += options_.output_interval;
    }
  }
  if (include_end) emit(t_to, y_, observer);
}

void Run::execute(const SampleObserver& observer) {
  const double t0 = state_.time;
  const double t_end = t0 + options_.duration;
  if (SUNContext_Create(nullptr, &context_) != 0) return fail("SUNDIALS: cannot create a context");
  y_ = N_VNew_Serial(size(), context_);
  scratch_ = N_VClone(y_);
  perturbed_ = N_VClone(y_);
  sample_vector_ = N_VClone(y_);
  tolerances_ = N_VClone(y_);
  q_of(y_) = state_.q;
  v_of(y_) = state_.v;
  work_of(y_) = state_.absorbed_work;
  for (int p = 0; p < pairs_; ++p) {
    const PairState& s = state_.contacts[static_cast<std::size_t>(p)];
    std::copy(s.law_state, s.law_state + continuous_size(p), law_states_of(y_, p));
  }
  N_VConst(options_.integrator.absolute_tolerance, tolerances_);
  work_of(tolerances_).setConstant(kLedgerAbsoluteTolerance);

  // Pairs that overlap at the start, or touch while approaching, begin in contact (a root at t0 is not
  // reported by the root finder).
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
  result_.initial_energy = e0.total() + e0.dissipated();
  energy_scale_ = std::max({e0.kinetic, std::abs(e0.gravitational), std::abs(e0.total()), 1e-300});

  arkode_ = ERKStepCreate(rhs_callback, t0, y_, context_);
  if (arkode_ == nullptr) return fail("SUNDIALS: cannot create the integrator");
  ERKStepSetUserData(arkode_, this);
  ERKStepSetErrHandlerFn(arkode_, error_callback, this);
  ERKStepSetTableNum(arkode_, ARKODE_DORMAND_PRINCE_7_4_5);
  ERKStepSVtolerances(arkode_, options_.integrator.relative_tolerance, tolerances_);
  ERKStepSetMaxNumSteps(arkode_, options_.integrator.max_steps);
  ERKStepSetMaxErrTestFails(arkode_, 20);
  if (options_.integrator.initial_step > 0.0) ERKStepSetInitStep(arkode_, options_.integrator.initial_step);
  if (options_.integrator.max_step > 0.0) ERKStepSetMaxStep(arkode_, options_.integrator.max_step);
  ERKStepSetStopTime(arkode_, t_end);
  std::vector<int> directions(static_cast<std::size_t>(kRootsPerPair * pairs_), -1);
  for (int p = 0; p < pairs_; ++p) directions[static_cast<std::size_t>(kRootsPerPair * p + 1)] = 0;  // both phase changes
  if (pairs_ > 0) {
    ERKStepRootInit(arkode_, kRootsPerPair * pairs_, roots_callback);
    ERKStepSetRootDirection(arkode_, directions.data());
    ERKStepSetNoInactiveRootWarn(arkode_);
  }

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
    const int flag = ERKStepEvolve(arkode_, t_end, y_, &t, ARK_ONE_STEP);
    if (flag < 0) {
      std::string reason = !callback_failure_.empty() ? callback_failure_
                                                      : describe(t, -1) + ": integrator failure (" +
                                                            integrator_message_ + ")";
      if (callback_failure_.empty() && (flag == ARK_ERR_FAILURE || flag == ARK_TOO_MUCH_WORK)) {
        reason += " — the step size collapsed or the step budget ran out";
      }
      fail(reason);
      break;
    }
    ++result_.stats.steps;
    if (flag == ARK_ROOT_RETURN) {
      emit_samples(t_previous, t, false, observer);
      handle_events(t);
      ERKStepSetInitStep(arkode_, restart_step());
      ERKStepReset(arkode_, t, y_);
      ERKStepSetStopTime(arkode_, t_end);
      if (observer) emit(t, y_, observer);
    } else {
      const bool in_contact = any_active_before && options_.output_steps_in_contact;
      const bool on_grid = options_.output_interval > 0.0 &&
                           std::abs(next_sample_ - options_.output_interval - t) <= 1e-12 * std::max(1.0, std::abs(t));
      if (!check_step(t)) break;
      emit_samples(t_previous, t, in_contact && !on_grid, observer);
    }
    if (flag == ARK_TSTOP_RETURN || t >= t_end) break;
  }
  load_state(t, y_);
  forward(model_, state_, data_);
  for (int p = 0; p < pairs_; ++p) {
    if (open_impact_[static_cast<std::size_t>(p)] >= 0) end_contact(p, t, true);
  }
  result_.end_time = t;
  long attempts = 0;
  long failures = 0;
  long root_evaluations = 0;
  ERKStepGetNumStepAttempts(arkode_, &attempts);
  ERKStepGetNumErrTestFails(arkode_, &failures);
  if (pairs_ > 0) ERKStepGetNumGEvals(arkode_, &root_evaluations);
  result_.stats.step_attempts = attempts;
  result_.stats.error_test_failures = failures;
  result_.stats.root_evaluations = root_evaluations;
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
