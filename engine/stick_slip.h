// SPDX-License-Identifier: MIT
// Stick and slip of the contacts whose friction law holds them exactly (Stiction::kExact; docs/contact.md,
// "Friction"). A contact begins sticking when it touches without slipping, else slipping. A sticking contact slips
// when the force that holds it (engine/stick_force.h) exceeds its static limit μ_s N, its stick function crossing
// zero, and the slip begins against that force. A slipping contact sticks again when its slip along the direction it
// began in reverses, if the force that would hold it then is within the limit; otherwise it slips on, against that
// force. Band laws (Karnopp) keep no stick state: their band's edges are events only so that the integration
// restarts at the law's discontinuity. Transitions a root cannot see — a contact that starts out of balance (a stick
// function already negative), a slip that rotated — are caught at the end of each accepted step.
#pragma once

#include <span>
#include <vector>

#include <Eigen/Core>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/pair_table.h"
#include "engine/run_ode.h"
#include "engine/spare_workspace.h"
#include "engine/state.h"

namespace contactlab {

class StickSlip {
 public:
  StickSlip(const Model& model, State& state, const PairTable& table, SpareWorkspace& spare)
      : model_(model), state_(state), table_(table), spare_(spare), qdd_(Eigen::VectorXd::Zero(model.nv)) {}

  // At element e's onset, with its slip velocity then: sticking when it does not slip (beyond round-off), else
  // slipping along its slip.
  static void begin(const ContactElement& element, PairState& s, const Vec3& slip);

  // The stick roots found at t, the state at t; true when the right-hand side changed (a contact stuck or slipped, a
  // band's edge was passed).
  bool handle(double t, const FoundRoots& roots);
  // After an accepted step, the state at (t, q, v): a sticking contact whose hold force exceeds its limit slips; a
  // slipping one whose slip no longer goes the way it began tries to stick, and one still slipping takes its slip's
  // direction as the one it began in. True when a contact stuck or slipped.
  bool after_step(double t, const Eigen::Ref<const Eigen::VectorXd>& q, const Eigen::Ref<const Eigen::VectorXd>& v);

 private:
  // The right-hand side at (t, q, v) in the spare workspace: the hold forces of the sticking contacts.
  const Data& evaluate_at(double t, const Eigen::Ref<const Eigen::VectorXd>& q, const Eigen::Ref<const Eigen::VectorXd>& v);
  // The slipping `elements` stick together where the forces that hold them all are within their limits; the one
  // furthest beyond its limit slips against its force, and the rest are tried again without it.
  void try_stick(std::span<const int> elements, double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                 const Eigen::Ref<const Eigen::VectorXd>& v);
  // With trying_'s contacts, every other slipping point of their pairs' manifolds whose slip is round-off (below
  // kRoundOffSlipSpeed) at (t, q, v): the corners of a box that stops reach zero slip within round-off of one
  // another, and their stick roots are located apart; tried alone, the first corner must hold against the others'
  // sliding forces.
  void add_resting(double t, const Eigen::Ref<const Eigen::VectorXd>& q, const Eigen::Ref<const Eigen::VectorXd>& v);
  // The hold force of sticking element e in `data` over its static limit (infinite for a force without a limit).
  static double limit_ratio(const Data& data, std::size_t e);
  // Whether it exceeds the limit beyond round-off.
  static bool exceeds_limit(const Data& data, std::size_t e);
  void slip_against(PairState& s, const Vec3& hold_force);

  const Model& model_;
  State& state_;
  const PairTable& table_;
  SpareWorkspace& spare_;
  Eigen::VectorXd qdd_;
  std::vector<int> trying_;  // the slipping contacts that try to stick at one instant
};

}  // namespace contactlab
