// SPDX-License-Identifier: MIT
// Time integration with contact events: an explicit Dormand–Prince 5(4) (engine/dormand_prince.h) by default,
// with root finding on each contact element's gap (onset), indentation (separation), indentation rate (maximum
// indentation) and force rate (force peak). The right-hand side is smooth between events; the integration
// restarts at an event only when the event changes it (a contact starts or ends, a law updates its history).
// Fixed-step methods locate the same events inside a step (cubic Hermite interpolation of the state, then a
// re-step from the step's start to the event), so the impact velocity is exact to the method's order.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/data.h"
#include "engine/integrator_options.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {

struct SimulationOptions {
  double duration = 1.0;                // [s]
  double output_interval = 0.0;         // [s] between samples; 0: no regular samples
  bool output_steps_in_contact = true;  // also sample every internal step while a contact is active
  IntegratorOptions integrator;
  // Numerical-trouble thresholds (the run stops with an error, never continues silently).
  double energy_tolerance = 1e-3;       // |E + W_dissipated − E(0)| / energy scale
  double max_indentation_ratio = 0.1;   // δ / |R*| (pairs with a finite effective radius)
  // Round-off allowance of "touching", relative to the smaller shape's size: an element at g ≥ −this engages as a
  // touch; an inactive element deeper than this is a missed onset and stops the run.
  double overlap_tolerance = 1e-9;
};

// One contact event, from onset to separation.
struct ImpactRecord {
  std::string pair;                  // the pair's name, "<shape a>/<shape b>"
  int shape_a = -1;
  int shape_b = -1;
  int point = 0;                     // which of the pair's contact points (contact_point_count)
  double t_start = 0.0;              // [s]
  double t_end = 0.0;                // [s]; the run's end time if the contact is still open
  bool open = false;                 // true if the run ended during the contact
  // δ̇⁻, the speed the impact arrived with: δ̇ at onset, or the largest closing speed of a new impact that loads the
  // contact in its first compression (docs/contact.md, "A new impact through a contact") [m/s].
  double impact_velocity = 0.0;
  // −δ̇ at separation [m/s] (> 0 when separating). This and the other quantities of the separation (restitution,
  // separation_slip_velocity, rebound_angle, separation_spin) are NaN for a contact still open at the run's end.
  double separation_velocity = 0.0;
  double restitution = 0.0;          // separation_velocity / impact_velocity; NaN for a contact begun at rest or open
  double max_indentation = 0.0;      // [m]
  double max_force = 0.0;            // [N]
  double min_force = 0.0;            // [N]; < 0 means tension occurred
  double effective_mass = 0.0;       // [kg] at onset
  double impulse = 0.0;              // [N·s], for the impulse method (0 for force laws)
  double compression_time = 0.0;     // from onset to the (first) maximum indentation [s]
  double indentation_at_max_force = 0.0;  // [m]
  double velocity_at_max_force = 0.0;     // δ̇ when the force peaks [m/s]
  double dissipated_energy = 0.0;    // absorbed work minus the elastic energy left at separation [J]
  // The tangential motion: the slip speed |v_t| at onset (B's contact point relative to A's, in the contact plane)
  // and the slip velocity at separation along the onset slip's direction (along its own when nothing slipped at
  // onset): > 0 still slipping the same way, < 0 reversed, 0 rolling or sticking [m/s].
  double slip_velocity = 0.0;
  double separation_slip_velocity = 0.0;
  // The relative velocity's angle from the normal, atan2(|v_t|, δ̇) at onset and atan2(|v_t|, −δ̇) at separation:
  // 0 head-on, π/2 grazing [rad].
  double impact_angle = 0.0;
  double rebound_angle = 0.0;
  // (ω_B − ω_A)·(n × d) at separation, d the unit onset slip (the separation slip when nothing slipped at onset; NaN
  // when neither slipped): the spin about the rolling axis, so that a sphere of radius R rolling without slip on a
  // fixed plane has separation_spin·R = its along-slip speed [rad/s].
  double separation_spin = 0.0;
  // Over the contact, for a pair with a friction law (NaN without one): ∫ |v_t| dt [m], the work friction dissipated
  // −∫ f_t·v_t dt [J], and the time the point stuck [s] (ContactModel::stick_speed, PairState::sticking).
  double slip_distance = 0.0;
  double friction_work = 0.0;
  double stick_time = 0.0;
};

enum class SimulationStatus { kCompleted, kNumericalError };

struct SimulationResult {
  SimulationStatus status = SimulationStatus::kCompleted;
  std::string message;                   // what went wrong, with time, pair and law
  std::vector<std::string> diagnostics;  // warnings (once per pair and kind)
  std::vector<ImpactRecord> impacts;
  long touches = 0;                      // contacts whose indentation never exceeded round-off: not impacts
  IntegratorStats stats;
  double end_time = 0.0;
  double initial_energy = 0.0;           // E(0) [J]
  double max_energy_balance_error = 0.0; // max |E + W_dissipated − E(0)| [J]
  double energy_scale = 0.0;             // what the balance error is relative to [J]
  // The largest rise of E − W_joints above E(0) where the run checks it (the steps' ends) [J]: nothing but numerical
  // error when no effort or drive does external work (then it is also checked); NaN when one does (not measured). A
  // rise can leave the balance closed — a contact's W_dissipated going negative by as much — so it is its own measure.
  double max_energy_rise = 0.0;
  // Closed loops (engine/loop_closure.h): the largest drift found at a step's end, before its projection, of the
  // positions [m or rad] and the velocities [m/s or rad/s]; the projections made; the energy they changed [J]
  // (booked with the joints' work, so the ledger closes).
  double max_loop_drift = 0.0;
  double max_loop_rate_drift = 0.0;
  long loop_projections = 0;
  double loop_projection_energy = 0.0;
};

// Called at each output sample; `data` holds forward(model, state, data).
using SampleObserver = std::function<void(const State& state, const Data& data)>;
// The states of the run alone, not evaluated: for an observer that evaluates them elsewhere (a forward() in a workspace
// of its own, on another thread: apps/background_records.h). Called at each output sample (`sample` true) and, with
// `steps`, also at the end of every accepted step (`sample` false), like the step observer. The observer may take the
// state's contents by swapping it with a State of its own, of any size: the run sets every field anew each time.
struct StateObserver {
  std::function<void(State& state, bool sample)> observe;
  bool steps = false;
  explicit operator bool() const { return static_cast<bool>(observe); }
};

// Integrates from state.time to state.time + options.duration; `state` ends at the final time. `observer` sees the
// output samples; `step_observer` sees them too and also the end of every accepted step (the run at full
// resolution, for reductions whose peaks must not fall between samples; it costs a forward() per step);
// `state_observer` sees the states of the samples (and steps), after the other two, and costs no forward() of its own.
SimulationResult simulate(const Model& model, State& state, Data& data, const SimulationOptions& options,
                          const SampleObserver& observer = {}, const SampleObserver& step_observer = {},
                          const StateObserver& state_observer = {});

// What simulate() would refuse or warn about before its first step, without integrating: its start alone (the loops
// assembled, the elements touching at the start engaged, E(0), the first step's tunnelling bound), on a copy of
// `state`. The result's status and message are those a run would stop with at the start time, its diagnostics the
// warnings it would give there (an overlap at the start); a start that would run is kCompleted with end_time the
// start time. (contactlab check.)
SimulationResult check_start(const Model& model, const State& state, const SimulationOptions& options);

}  // namespace contactlab
