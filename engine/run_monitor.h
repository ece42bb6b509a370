// SPDX-License-Identifier: MIT
// The run's watch over its own trustworthiness (docs/engine.md, "Numerical trouble"): the energy balance and the
// laws' validity depth at every step, the watchdogs (a shape through a halfspace it has no element against, a
// fixed step longer than the tunnelling bound, a contact point engaging with the energy of a jump), and the
// messages: what stops the run (fail) names the time, the contact element and its law; what does not is said once
// per element and kind (warn_once).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "engine/data.h"
#include "engine/energy.h"
#include "engine/model.h"
#include "engine/pair_table.h"
#include "engine/simulate.h"
#include "engine/state.h"

namespace contactlab {

class RunMonitor {
 public:
  // What is warned about once per element.
  enum class Warning { kImpactVelocityFloor, kTension, kOverlapAtStart };

  RunMonitor(const Model& model, const SimulationOptions& options, const State& state, const Data& data,
             const PairTable& table, SimulationResult& result);

  // Sized for the table; carry() makes each new element's warnings those of the element it continues (−1: none).
  void bind(std::size_t elements) { warned_.resize(elements, 0); }
  void carry(std::span<const int> carried_from);

  // "t = … s, contact <element> (law <id>)"; element −1: the active contacts instead.
  std::string describe(double t, int element) const;
  // "ground/box", or "ground/box point 3" for one of several contact points.
  std::string element_name(int element) const;
  // Stops the run with a message.
  void fail(std::string message);
  bool failed() const { return failed_; }
  void warn_once(int element, Warning kind, const std::string& message);

  // The energy at the start (with the elements engaged there): E(0) and the scale the balance is measured against.
  void start(const Energy& initial);
  double energy_scale() const { return energy_scale_; }
  // After an accepted step, at energy e: the balance E + W_dissipated − W_joints = E(0) within energy_tolerance of the
  // scale, and no rise of E without external work.
  bool energy_holds(double t, const Energy& e);
  // Active element e at `indentation`: no deeper than its validity depth.
  bool indentation_holds(double t, int e, double indentation) {
    const double bound = table_.validity_depth(e);
    return !(std::isfinite(bound) && bound > 0.0 && indentation > bound) || fail_indentation(t, e, indentation);
  }
  // No shape through a halfspace it has no element against (the tree kinematics at (q, v) in data).
  bool halfspaces_hold(double t, const double* q, const double* v, Data& data);
  // Whether element e, touching at (q, v) (data's tree kinematics there), touches with surfaces of its pair's R*, or
  // R* does not enter its force (ContactPairModel::force_uses_radius) or was given. Otherwise its force would be
  // computed for other surfaces (a ball on a cylinder's side with the stiffness of its flat face): the run stops,
  // saying which R* the touch has and how to give it.
  bool touch_fits_pair(double t, int e, const double* q, const double* v);
  // A fixed step no longer than the tunnelling bound (the adaptive methods take the bound as a step limit).
  bool step_fits(double t, double bound) {
    return !is_fixed_step(options_.integrator.method) || !(options_.integrator.step > bound) || fail_step(t, bound);
  }
  // Element e engaging `depth` deep with `stored` elastic energy at once, during the run: no more than the energy
  // tolerance of the scale (more is a contact point's jump or a missed onset).
  bool engagement_holds(double t, int e, double depth, double stored);

 private:
  // The failures of the checks above (false).
  bool fail_indentation(double t, int e, double indentation);
  std::string last_contact_cause() const;
  std::string short_contact_cause(double t) const;
  bool fail_step(double t, double bound);
  // ", or …" naming handovers when an active element belongs to a pair of several points, whose gaps may jump.
  std::string handover_cause() const;

  const Model& model_;
  const SimulationOptions& options_;
  const State& state_;
  const Data& data_;
  const PairTable& table_;
  SimulationResult& result_;
  std::vector<unsigned> warned_;  // per element, a bit per Warning
  bool failed_ = false;
  bool has_efforts_ = false;           // a joint effort or drive does external work
  double initial_total_energy_ = 0.0;  // E(0) less the joints' work
  double energy_scale_ = 0.0;
};

}  // namespace contactlab
