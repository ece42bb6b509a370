// SPDX-License-Identifier: MIT
// Closed kinematic loops (docs/engine.md, "Closed loops"): the loop constraints of model.loops held by Lagrange
// multipliers on top of the articulated-body algorithm. With J the rows' Jacobian (one row per scalar equation
// φ(q) = 0 of engine/loop_constraint.h) the dynamics is
//   M q̈ = Q + Jᵀλ,   J q̈ + J̇ q̇ = −2ω φ̇ − ω² φ   (Baumgarte, ω = model.loop_settings.baumgarte_frequency; 0: none),
// solved as q̈ = q̈₀ + M⁻¹Jᵀλ with (J M⁻¹ Jᵀ) λ = −(φ̈₀ + 2ω φ̇ + ω² φ), where q̈₀ is the tree's own (forward_dynamics)
// and φ̈₀ the rows' acceleration under it. M⁻¹Jᵀ is built column by column from unit force and torque responses
// through the articulated-body algorithm (one O(n) pass per row), with the driven joints locked, so a drive takes
// its share of each reaction. Drift, the integration error in φ and φ̇, is removed at accepted steps by projection
// onto the constraint manifold in the mass metric (project_loops); its bound is model.loop_settings.tolerance.
#pragma once

#include <optional>
#include <string>

#include <Eigen/Core>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {

// The reaction of a loop constraint on its body B: the force at its frame's origin and the torque, world frame
// [N, N·m] (B receives these, A their opposite), from the last close_loops.
struct LoopReaction {
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

// The largest constraint violation: |φ| over the translation and distance rows [m] and the rotation rows [rad], and
// the same of φ̇ [m/s, rad/s], with the constraint it is largest in (−1: no loops).
struct LoopDrift {
  double position = 0.0;
  double velocity = 0.0;
  int constraint = -1;
};

// The stage after the dynamics of the right-hand side (tree kinematics at q, v; q̈₀ in `qdd`, the bodies'
// accelerations in data.acceleration): the multipliers into data.loop_multiplier, their effect into `qdd`,
// data.acceleration and the drives' forces, the power of the constraint forces into data.loop_power. False when
// J M⁻¹ Jᵀ is singular there: a configuration where the loops fix the same freedom twice (a toggle position).
bool close_loops(const Model& model, Data& data, const double* q, const double* v, double* qdd);

// The constraint violation at (q, v) after tree_kinematics there, every row included.
LoopDrift loop_drift(const Model& model, const Data& data, const double* q, const double* v);

// Moves (q, v) onto the constraint manifold: q by Gauss–Newton steps δ = −M⁻¹Jᵀ(JM⁻¹Jᵀ)⁻¹φ (the smallest
// correction in the kinetic-energy metric) until |φ| ≤ tolerance/1000, then v by the same projection of φ̇ — the
// driven joints untouched. Leaves data's tree kinematics at the result. False when it does not converge.
bool project_loops(const Model& model, Data& data, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> v,
                   double tolerance);

// Sorts each constraint's rows into those the tree can violate (LoopConstraint::rows) and those it cannot at any
// velocity of its free joints (inert_rows: a planar mechanism's out-of-plane rows), at the state's configuration;
// and refuses rows that fix a freedom another row already fixes (redundant constraints) and inert rows a drive
// would violate. The problem, if any: the constraint and what is wrong.
struct LoopProblem {
  int constraint = 0;
  std::string message;
};
std::optional<LoopProblem> classify_loop_rows(Model& model, const State& state);

// effective_mass (engine/dynamics.h) of a contact inside the loops: the response to the unit force pair is the
// constrained system's, M⁻¹Jᵀ − M⁻¹Gᵀ(G M⁻¹ Gᵀ)⁻¹ G M⁻¹Jᵀ with G the loops' rows, and is left in data's probe (q̈,
// spatial accelerations, the drives' share) for the impulse method. Without loops, effective_mass itself. Tree
// kinematics at (q, v).
double constrained_effective_mass(const Model& model, Data& data, const double* q, const double* v, int body_a,
                                  const Vec3& point_a, int body_b, const Vec3& point_b, const Vec3& normal);

// Constraint c's reaction from data.loop_multiplier (after close_loops).
LoopReaction loop_reaction(const Data& data, int c);

}  // namespace contactlab
