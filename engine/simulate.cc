// SPDX-License-Identifier: MIT
// The step loop. A run composes, around a stepper (engine/stepper.h): the ODE it integrates (engine/run_ode.h: the
// integrated vector's layout, the right-hand side, the event functions), the pair table (engine/pair_table.h: the
// active and inactive elements, the broadphase's refresh), the contact events (engine/contact_events.h), the monitor
// (engine/run_monitor.h: the checks and the messages), the method at rest (engine/resting_method.h), the tunnelling
// bound (engine/tunnelling.h) and the samples (engine/sampler.h). Each step: advance → a root located inside it, or
// the step accepted; at a root the events are handled and, when they changed the right-hand side, the integration
// restarts from the located state; after an accepted step the checks, the elements touching at zero gap, the next
// step's bound, the method at rest, the samples and the broadphase (docs/architecture.md, "The event cycle").
#include "engine/simulate.h"

#include <limits>
#include <memory>
#include <sstream>
#include <vector>

#include "contact/contact_force.h"
#include "engine/contact_events.h"
#include "engine/energy.h"
#include "engine/run_interruption.h"
#include "engine/forward.h"
#include "engine/loop_closure.h"
#include "engine/pair_table.h"
#include "engine/resting_method.h"
#include "engine/run_monitor.h"
#include "engine/run_ode.h"
#include "engine/sampler.h"
#include "engine/spare_workspace.h"
#include "engine/stepper.h"
#include "engine/step_budget.h"
#include "engine/stick_slip.h"
#include "engine/tunnelling.h"

namespace contactlab {
namespace {

using When = ContactEvents::When;

class Run {
 public:
  Run(const Model& model, State& state, Data& data, const SimulationOptions& options, SimulationResult& result,
      const SampleObserver& observer, const SampleObserver& step_observer, const StateObserver& state_observer)
      : model_(model),
        state_(state),
        data_(data),
        options_(options),
        result_(result),
        spare_(model, data),
        table_(model, options),
        monitor_(model, options, state, data, table_, result),
        ode_(model, options, state, data, table_, monitor_, spare_, result.stats),
        events_(model, options, state, data, table_, monitor_, spare_, result),
        stick_slip_(model, state, table_, spare_),
        resting_(options.integrator, state, data, table_),
        tunnelling_(model),
        sampler_(model, options, ode_, state, data, observer, step_observer, state_observer) {
    bind_pairs(model_, state_, data_);
    bind_table();
  }
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  void execute();
  // Up to the first step only (check_start).
  void start_only() {
    start(state_.time);
    result_.end_time = state_.time;
  }

 private:
  bool start(double t0);
  void bind_table();
  void build_stepper(double t, double first_step);
  double last_step() const { return stepper_ ? stepper_->last_step() : 0.0; }
  // W_absorbed at y: the table's pairs' (integrated in y) and the work of those that have left it.
  double absorbed_work(const double* y) const { return ode_.work_of(y).sum() + state_.retired_work; }
  bool handle_events(double t);
  void restart(double t);
  bool check_step(double t);
  bool engage_after_step(double t);
  bool stick_or_slip_after_step(double t);
  bool settle_after_step(double t);
  bool new_impacts_after_step(double t);
  std::vector<double> inside_;  // the integrated vector inside the last step (new_impacts_after_step)
  bool project_onto_loops(double t, bool& projected);
  bool bound_step(double t, double bound);
  bool settle(double t);
  void refresh(double t, bool initial);

  const Model& model_;
  State& state_;
  Data& data_;
  const SimulationOptions& options_;
  SimulationResult& result_;
  SpareWorkspace spare_;
  PairTable table_;
  RunMonitor monitor_;
  RunOde ode_;
  ContactEvents events_;
  StickSlip stick_slip_;
  RestingMethod resting_;
  TunnellingBound tunnelling_;
  Sampler sampler_;
  std::unique_ptr<Stepper> stepper_;
  Eigen::VectorXd y_;              // the integrated vector (engine/run_ode.h)
  std::vector<int> roots_found_;   // per event function, at a located root
  double t_end_ = 0.0;
};

// Every component sized for the run's table (after bind_pairs).
void Run::bind_table() {
  ode_.bind();
  table_.bind(state_, data_);
  spare_.rebind();
  events_.bind(data_.elements.size());
  monitor_.bind(data_.elements.size());
  roots_found_.assign(static_cast<std::size_t>(ode_.root_count()), 0);
}

// (Re)creates the integrated vector from state_ and a fresh stepper: at the start, whenever the broadphase changes
// the pair table (and so the size of y), and when the method at rest changes.
void Run::build_stepper(double t, double first_step) {
  if (stepper_) stepper_->add_statistics(result_.stats);
  stepper_.reset();
  ode_.set_stepper(nullptr);
  y_.resize(ode_.size());
  ode_.pack(state_, y_.data());
  IntegratorOptions integrator = options_.integrator;
  if (resting_.resting()) integrator.method = IntegratorMethod::kBdf;
  stepper_ = make_stepper(ode_, integrator, t, y_.data(), t_end_);
  ode_.set_stepper(stepper_.get());
  if (first_step > 0.0) stepper_->restart(t, y_.data(), first_step);
}

// The events found at the root t; true when one of them changed the right-hand side, so that the integration must
// restart from y_ at t (taken from the state the events changed).
bool Run::handle_events(double t) {
  stepper_->roots_found(roots_found_.data());
  ode_.unpack(t, y_.data(), state_);
  ode_.contact_stage_at(t, y_.data());  // what the events read of the active elements
  const FoundRoots roots = ode_.found_roots(roots_found_);
  bool changed = events_.handle(t, roots, last_step());
  if (ode_.stick_events() && stick_slip_.handle(t, roots)) changed = true;
  ode_.forget_evaluation();
  if (changed) {
    ode_.pack(state_, y_.data());
    normalize_configuration(model_, ode_.q_of(y_.data()));
  }
  return changed;
}

// After events that changed the right-hand side: the same method from y_ at t, or the other one when the contacts'
// states ask for the method at rest to change.
void Run::restart(double t) {
  const double first_step = events_.restart_step(last_step());
  if (resting_.follow_contacts(t, result_.stats.steps)) {
    ode_.unpack(t, y_.data(), state_);
    build_stepper(t, first_step);
    return;
  }
  stepper_->restart(t, y_.data(), first_step);
}

// Per-step bookkeeping and the numerical-trouble checks; false when the run must stop.
bool Run::check_step(double t) {
  // The State is brought up to date at events, refreshes and the end; here only its time and the active law states.
  state_.time = t;
  ode_.copy_active_law_states(y_.data());
  // roots() has usually just evaluated every element at this very state (the step's end); otherwise what the checks
  // read: the active elements' contact stage.
  if (!ode_.holds_step_end(t)) {
    ode_.contact_stage_at(t, y_.data());
    ode_.forget_evaluation();
  }
  const double* q = y_.data();
  const double* v = y_.data() + model_.nq;
  events_.forget_offsets(q, v);
  // One pass over the active elements: their maxima, their laws' validity depth and their elastic energy (each after
  // its own maxima, as energy() would take it after all of them).
  double elastic = 0.0;
  for (int e : table_.active()) {
    const auto i = static_cast<std::size_t>(e);
    events_.record_maxima(e);
    if (!monitor_.indentation_holds(t, e, -data_.geometry[i].gap)) return false;
    elastic += element_elastic_energy(data_, state_.contacts[i], i, t);
  }
  if (!monitor_.halfspaces_hold(t, q, v, data_)) return false;
  const double* y = y_.data();
  return monitor_.energy_holds(
      t, energy(model_, ode_.q_of(y), ode_.v_of(y), absorbed_work(y), ode_.joint_work_of(y), elastic, data_));
}

// Inactive elements at or below zero gap at an accepted step's end: a touch within round-off (a root exactly at the
// step's start is not reported), or a missed onset. True when one engaged, or the run failed.
bool Run::engage_after_step(double t) {
  if (!ode_.update_end_gaps(t, y_.data())) return false;
  const std::span<const int> touching = ode_.at_or_below();
  if (touching.empty()) return false;
  ode_.unpack(t, y_.data(), state_);
  const bool engaged = events_.engage(t, touching, When::kRunning, last_step());
  ode_.forget_evaluation();
  if (engaged) ode_.pack(state_, y_.data());
  return engaged || monitor_.failed();
}

// Contacts held by exact stiction whose stick or slip no root could see, at an accepted step's end; true when one
// changed (the integration restarts there).
bool Run::stick_or_slip_after_step(double t) {
  if (!ode_.stick_events()) return false;
  const double* y = y_.data();
  if (!stick_slip_.after_step(t, ode_.q_of(y), ode_.v_of(y))) return false;
  ode_.unpack(t, y, state_);
  return true;
}

// Touches that their laws damp beyond critical, come to rest at an accepted step's end (ContactEvents::
// settle_touches; data_ holds the step end's evaluation): true when one did (the integration restarts there).
bool Run::settle_after_step(double t) {
  if (!events_.settle_touches(t)) return false;
  ode_.unpack(t, y_.data(), state_);
  return true;
}

// Contacts loaded by a new impact while in contact, at an accepted step's end (ContactEvents::follow_new_impacts;
// data_ holds the step end's evaluation): true when one's δ̇⁻ changed (the integration restarts there).
bool Run::new_impacts_after_step(double t) {
  inside_.resize(static_cast<std::size_t>(y_.size()));
  if (!events_.follow_new_impacts(t, *stepper_, inside_)) return false;
  ode_.unpack(t, y_.data(), state_);
  events_.open_new_impact_records(t);
  return true;
}

// The loops' drift at an accepted step's end: beyond the tolerance in position, or in velocity over the step just
// taken, (q, v) are projected back onto the constraints, the change in energy booked with the joints' work, and
// `projected` set (the integration restarts there). False when the projection fails (the run stops).
bool Run::project_onto_loops(double t, bool& projected) {
  projected = false;
  if (model_.loops.empty()) return true;
  double* y = y_.data();
  tree_kinematics(model_, ode_.q_of(y), ode_.v_of(y), data_);
  const LoopDrift drift = loop_drift(model_, data_, y, y + model_.nq);
  result_.max_loop_drift = std::max(result_.max_loop_drift, drift.position);
  result_.max_loop_rate_drift = std::max(result_.max_loop_rate_drift, drift.velocity);
  const double tolerance = model_.loop_settings.tolerance;
  if (drift.position <= tolerance && drift.velocity * stepper_->last_step() <= tolerance) return true;
  auto total_energy = [&] {
    ode_.contact_stage_at(t, y);
    return energy(model_, t, ode_.q_of(y), ode_.v_of(y), absorbed_work(y), 0.0, state_.contacts, data_, table_.active())
        .total();
  };
  const double before = total_energy();
  if (!project_loops(model_, data_, ode_.q_of(y), ode_.v_of(y), tolerance)) {
    std::ostringstream message;
    message << monitor_.describe(t, -1) << ": loop constraint '" << model_.loops[static_cast<std::size_t>(drift.constraint)].name
            << "' cannot be brought back onto its constraint (drift " << drift.position
            << "): the loops are at or near a singular configuration";
    monitor_.fail(message.str());
    return false;
  }
  const double change = total_energy() - before;
  ode_.joint_work_of(y) += change;
  ode_.forget_evaluation();
  ode_.unpack(t, y, state_);
  result_.loop_projection_energy += change;
  ++result_.loop_projections;
  projected = true;
  return true;
}

// Hands the tunnelling bound to the stepper; a fixed step longer than it stops the run (false).
bool Run::bound_step(double t, double bound) {
  if (!monitor_.step_fits(t, bound)) return false;
  stepper_->limit_step(bound);
  return true;
}

// The method at rest after an accepted step; true when it changed (the new stepper starts from y_ at t).
bool Run::settle(double t) {
  double first_step = 0.0;
  if (!resting_.follow_steps(t, result_.stats.steps, stepper_->last_step(), first_step)) return false;
  ode_.unpack(t, y_.data(), state_);
  build_stepper(t, first_step);
  return true;
}

// The broadphase's refresh of the pair table (state_ at t); a new table sizes everything anew.
void Run::refresh(double t, bool initial) {
  const bool changed = table_.refresh(state_, data_, initial);
  ode_.forget_evaluation();
  if (!changed) return;
  events_.carry(table_.carried_from());
  monitor_.carry(table_.carried_from());
  bind_table();
  ++result_.stats.broadphase_refreshes;
  if (!initial) build_stepper(t, last_step());
}

// Up to the first step: the table, the elements touching at t0, E(0), the stepper and its first bound. False when
// the run cannot start.
bool Run::start(double t0) {
  if (is_fixed_step(options_.integrator.method) && !(options_.integrator.step > 0.0)) {
    monitor_.fail("a fixed-step method needs a positive step");
    return false;
  }
  normalize_configuration(model_, state_.q);
  if (!model_.loops.empty() && !project_loops(model_, data_, state_.q, state_.v, model_.loop_settings.tolerance)) {
    monitor_.fail(monitor_.describe(t0, -1) + ": the loop constraints cannot be assembled from the initial configuration");
    return false;
  }
  // The table (the broadphase's refresh binds it).
  if (model_.contact.broadphase) {
    refresh(t0, true);
  } else {
    bind_table();
  }
  // Elements that touch or overlap at the start begin in contact (a root at t0 is not reported by the root
  // finders): touching is contact. The table's lists follow each engagement (PairTable::set_active, hold_offset).
  events_.engage(t0, table_.inactive(), When::kStart, last_step());
  ode_.forget_evaluation();
  forward(model_, state_, data_);
  monitor_.start(energy(model_, state_, data_));
  build_stepper(t0, events_.onset_step() > 0.0 ? events_.onset_step() : 0.0);
  // The first step is bounded too, from the gaps and the bodies' speeds at t0.
  ode_.measure_inactive_gaps(y_.data());
  return bound_step(t0, tunnelling_.next_step(model_, data_, t0, y_.data() + model_.nq, table_.inactive(),
                                              ode_.end_gaps().data(), table_.depth_allowances(),
                                              stepper_->current_step()));
}

void Run::execute() {
  const double t0 = state_.time;
  t_end_ = t0 + options_.duration;
  if (!start(t0)) return;
  sampler_.start(t0, y_.data());
  StepBudget budget(options_.integrator.max_steps, t0, t_end_);
  double t = t0;
  while (!monitor_.failed()) {
    const double t_previous = t;
    const bool any_active_before = table_.impacting() > 0;  // resting contacts add no rows of their own
    const Stepper::Outcome outcome = stepper_->advance(t_end_, t, y_.data());
    if (outcome == Stepper::Outcome::kFailure) {
      std::string reason = ode_.failure();
      if (reason.empty()) {
        reason = monitor_.describe(t, -1) + ": integrator failure (" + stepper_->message() +
                 ") — the step size collapsed or the step budget ran out";
      }
      monitor_.fail(reason);
      break;
    }
    ++result_.stats.steps;
    if (resting_.resting()) ++result_.stats.resting_steps;
    if (stop_requested()) {
      monitor_.fail(monitor_.describe(t, -1) + ": interrupted");
      break;
    }
    if (const std::optional<std::string> spent = budget.after_step(result_.stats.steps, t)) {
      monitor_.fail(monitor_.describe(t, -1) + ": " + *spent);
      break;
    }
    if (outcome == Stepper::Outcome::kRoot) {
      sampler_.emit_grid(t_previous, t, *stepper_);
      if (handle_events(t) && !monitor_.failed()) restart(t);
      if (sampler_.observing()) sampler_.emit(t, y_.data());
      continue;
    }
    if (!check_step(t)) break;
    bool projected = false;
    if (!project_onto_loops(t, projected)) break;
    const bool engaged = engage_after_step(t) || stick_or_slip_after_step(t) || projected || settle_after_step(t) ||
                         new_impacts_after_step(t);
    double step_bound = std::numeric_limits<double>::infinity();
    if (!engaged) {
      // data_ holds the tree kinematics at t (check_step) and the ODE the inactive gaps (engage_after_step).
      step_bound = tunnelling_.next_step(model_, data_, t, y_.data() + model_.nq, table_.inactive(),
                                         ode_.end_gaps().data(), table_.depth_allowances(), stepper_->current_step());
      if (!bound_step(t, step_bound)) break;
    }
    sampler_.emit_grid(t_previous, t, *stepper_);
    // After the samples: they interpolate the step just taken, which a new stepper would not know.
    if (!engaged && settle(t)) stepper_->limit_step(step_bound);
    if (engaged) {
      if (monitor_.failed()) break;
      restart(t);
      if (sampler_.observing()) sampler_.emit(t, y_.data());
      continue;
    }
    if (sampler_.observing() && any_active_before && options_.output_steps_in_contact && sampler_.last_emitted() != t) {
      sampler_.emit(t, y_.data());
    }
    sampler_.step(t, y_.data());
    if (outcome == Stepper::Outcome::kStop || t >= t_end_) break;
    if (table_.refresh_due(y_.data(), data_)) {
      ode_.unpack(t, y_.data(), state_);
      refresh(t, false);
    }
  }
  ode_.unpack(t, y_.data(), state_);
  normalize_configuration(model_, state_.q);
  // The end state is always a sample, whether or not it falls on the output grid — also of a run stopped by numerical
  // trouble: the state the trouble was found in, at end_time, is the one the result (its open impacts, its end time)
  // describes, and the samples show what led to it.
  if (sampler_.observing() && sampler_.last_emitted() != t) sampler_.emit(t, y_.data());
  forward(model_, state_, data_);
  events_.finish(t);
  result_.end_time = t;
  if (stepper_) stepper_->add_statistics(result_.stats);
}

}  // namespace

SimulationResult simulate(const Model& model, State& state, Data& data, const SimulationOptions& options,
                          const SampleObserver& observer, const SampleObserver& step_observer,
                          const StateObserver& state_observer) {
  SimulationResult result;
  Run run(model, state, data, options, result, observer, step_observer, state_observer);
  run.execute();
  return result;
}

SimulationResult check_start(const Model& model, const State& state, const SimulationOptions& options) {
  State copy = state;
  Data data(model);
  SimulationResult result;
  Run run(model, copy, data, options, result, {}, {}, {});
  run.start_only();
  return result;
}

}  // namespace contactlab
