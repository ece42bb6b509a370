// SPDX-License-Identifier: MIT
// The contact state machine (docs/contact.md): what happens to the elements at the events the stepper located — an
// onset (the impact velocity and effective mass captured, the law told, an impact record opened; an impulse for the
// rigid method), a maximum indentation or a reload (the law told), a force peak, a separation (the record closed,
// the law told), a resting contact's micro-bounce or lift-off — and the elements touching at zero gap that engage
// or wait to be pressed. Events change the State only; the run takes the integrated vector from it when they say
// that the right-hand side changed.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/pair_table.h"
#include "engine/run_monitor.h"
#include "engine/run_ode.h"
#include "engine/simulate.h"
#include "engine/spare_workspace.h"
#include "engine/state.h"
#include "engine/stepper.h"

namespace contactlab {

class ContactEvents {
 public:
  // Whether the run is starting (the scene put elements in touch or overlapping) or running.
  enum class When { kStart, kRunning };

  ContactEvents(const Model& model, const SimulationOptions& options, State& state, Data& data, PairTable& table,
                RunMonitor& monitor, SpareWorkspace& spare, SimulationResult& result);

  // Sized for the table; carry() makes each new element's open impact that of the element it continues (−1: none).
  void bind(std::size_t elements);
  void carry(std::span<const int> carried_from);

  // The events found at t, with the state at t and the active elements' contact stage there in data; the inactive
  // elements that then touch engage too. `last_step`: the stepper's last step (0: none yet). True when the
  // right-hand side changed (an element joined or left the active ones, a law changed its state).
  bool handle(double t, const FoundRoots& roots, double last_step);
  // The listed inactive elements at or below zero gap at the state at t engage: those pressing in start a contact,
  // those touching within round-off at rest wait to be pressed; a deeper overlap starts a contact at the start and
  // is a missed onset (the run fails) while running. True when one engaged.
  bool engage(double t, std::span<const int> candidates, When when, double last_step);
  // After an accepted step, active element e's maxima (indentation and force) with data's evaluation at the step's
  // end.
  void record_maxima(int e) {
    const auto i = static_cast<std::size_t>(e);
    PairState& s = state_.contacts[i];
    const double force = data_.contact_force[i];
    s.max_indentation = std::max(s.max_indentation, -data_.geometry[i].gap);
    s.contact_max_indentation = std::max(s.contact_max_indentation, s.max_indentation);
    record_force(s, force, data_.geometry[i]);
    s.min_force = std::min(s.min_force, force);
  }
  // After an accepted step (data's evaluation at the step's end): the contacts that began as touches and that their
  // laws damp beyond critical rest once what is left of their creep is a vanishing part of their depth (docs/
  // contact.md, "Persistent contact"). True when one came to rest. t: the step's end.
  bool settle_touches(double t);
  // After an accepted step (data's evaluation at the step's end, `stepper` its dense output, `inside` room for the
  // integrated vector): the contacts compressing or at rest that a new impact loads, their closing speed well above
  // their δ̇⁻, take the largest closing speed they reach as their δ̇⁻ until their compression ends (docs/contact.md,
  // "A new impact through a contact"). True when the right-hand side changed; then, with the state unpacked at t,
  // open_new_impact_records().
  bool follow_new_impacts(double t, Stepper& stepper, std::span<double> inside);
  // The contacts follow_new_impacts found beginning a new impact at t: each one's record ends there, unseparated, and
  // one of the new impact's own opens (its start, δ̇⁻, maxima and dissipation), so that its restitution is the new
  // impact's. Reads the state at t (q, v, the ledger).
  void open_new_impact_records(double t);
  // After an accepted step (data's tree kinematics at the state at t): the residual indentations of the elements
  // holding an offset are forgotten once their shapes are apart beyond round-off.
  void forget_offsets(const double* q, const double* v);

  // The first step after these events: the last step taken, or a hundredth of the undamped Hertz contact time of a
  // contact that just started (models.md §2.3), whichever is smaller; 0 at the start when no contact started (the
  // method chooses).
  double restart_step(double last_step) const;
  double onset_step() const { return onset_step_; }
  // At the run's end t: the contacts still open closed in their records, the records of mere touches dropped.
  void finish(double t);

 private:
  // A force above the contact's largest so far, with the indentation and velocity it came at.
  static void record_force(PairState& s, double force, const PairGeometry& geometry) {
    s.contact_max_force = std::max(s.contact_max_force, force);
    if (force <= s.max_force) return;
    s.max_force = force;
    s.indentation_at_max_force = -geometry.gap;
    s.velocity_at_max_force = geometry.normal_velocity;
  }
  bool engage_touching(double t, std::span<const int> candidates, When when);
  void start_contact(int e, double t, When when);
  // How a contact's record ends: its shapes separate; the run ends with them in contact (an open record); or a new
  // impact begins through the contact, whose record takes over (neither separated nor open).
  enum class Ending { kSeparation, kRunEnd, kNewImpact };
  void end_contact(int e, double t, Ending ending);
  // Opens element e's record at t, the contact's effective mass set: `approach` its impact velocity [m/s] and `slip`
  // (the slip velocity there) its tangential reference.
  void open_record(int e, double t, double approach, const Vec3& slip);
  double impact_start(int e) const;
  void apply_impulse(int e, double t, double normal_mass, When when);
  bool law_event(ContactEvent event, int e, double t);
  std::string created_energy_cause(int e, double duration) const;
  bool small_bounce(int e, double t);
  // Element e comes to rest (docs/contact.md, "Persistent contact"), or is loaded anew beyond its rest depth.
  void rest(int e);
  void leave_rest(int e, double t, double indentation);
  double closing_acceleration(int e, double t);
  double closing_inside(int e, double time, Stepper& stepper, std::span<double> inside);
  double largest_closing_inside(int e, double t, Stepper& stepper, std::span<double> inside);
  // The step the integration restarts with when no contact suggests a shorter one.
  double default_step() const;

  const Model& model_;
  const SimulationOptions& options_;
  State& state_;
  Data& data_;
  PairTable& table_;
  RunMonitor& monitor_;
  SpareWorkspace& spare_;
  SimulationResult& result_;
  int nq_;
  int nv_;
  double last_step_ = 0.0;            // the stepper's last step at the events being handled [s]
  double onset_step_ = 0.0;           // smallest suggested first step among contacts started at the last event [s]
  std::vector<int> open_impact_;      // per element, its open record in result_.impacts (−1: none)
  std::vector<int> touches_;          // records of contacts that only touched (dropped at the end)
  std::vector<int> new_impacts_;      // elements follow_new_impacts found beginning a new impact
  std::vector<int> touching_;         // scratch of handle: inactive elements whose onset was found
  std::vector<int> gap_roots_;        // and every element whose gap function has a root
  std::vector<int> handled_;          // and those or the active ones: the elements a root can concern
  std::vector<int> engaging_;         // scratch of engage_touching
  std::vector<double> touch_gaps_;    // per element, scratch of engage_touching
  std::vector<double> offset_gaps_;   // per element, scratch of forget_offsets
  std::vector<int> settling_;         // scratch of settle_touches
  std::vector<int> others_;           // scratch of closing_acceleration
  Eigen::VectorXd closing_qdd_;       // of closing_acceleration: q̈ under the steady forces
  Eigen::VectorXd moved_;             // and the state a little along the flow, [q | v]
  const bool balance_moves_;          // the model is driven in time: no touch settles (settle_touches)
};

}  // namespace contactlab
