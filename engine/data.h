// SPDX-License-Identifier: MIT
// The workspace: everything computed from (Model, State), sized once per model so that the step loop does
// not allocate. Stage functions take (const Model&, const State&, Data&) and write only here.
#pragma once

#include <deque>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include <Eigen/Cholesky>

#include "contact/broadphase.h"
#include "contact/contact_model.h"
#include "contact/law_parameter_cache.h"
#include "engine/contact_element.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {

struct Data {
  explicit Data(const Model& model);

  // Kinematics, per body (index 0 is the world).
  std::vector<Pose> parent_to_body;      // X_{parent,i}
  std::vector<BodyMotion> motion;        // world pose and velocity
  std::vector<Vec6> velocity;            // spatial velocity in the body frame
  std::vector<Vec6> bias_acceleration;   // c_i = v_i × S q̇_i
  std::vector<Vec6> acceleration;        // spatial acceleration in the body frame
  std::vector<Vec6> external_force;      // spatial force on the body, body frame

  // Articulated-body algorithm scratch, per body up to the last of Model::articulated_bodies.
  std::vector<Mat6> articulated_inertia;
  std::vector<Vec6> articulated_bias;
  std::vector<Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>> U;
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>> D_inverse;
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>> u;

  Eigen::VectorXd tau;   // generalized forces from force elements [N or N·m]
  // Contact forces on the sliders along their axes, at their generalized velocities (zero at the others) [N]: the
  // right-hand side's sliders are then one vectorised pass over q̈ (dynamics.cc). A stage of few elements against
  // many sliders (a long chain's few contacts) lists the velocities it may load instead (loaded_sliders_listed):
  // slider_force is zero elsewhere, the next stage clears those entries alone and the dynamics reads those alone.
  Eigen::VectorXd slider_force;
  std::vector<int> loaded_sliders;
  bool loaded_sliders_listed = false;
  // q̈ of free sliders, a·g (zero for the other coordinates), for the gravity in gravity_qdd_of.
  Eigen::VectorXd gravity_qdd;
  Vec3 gravity_qdd_of = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
  Eigen::VectorXd qdd;   // generalized accelerations
  // The driven joints' q̈ from their drives (joint_forces) and the generalized force each drive applies to hold its
  // joint to it (forward_dynamics), at their velocities; zero at the others [N or N·m].
  Eigen::VectorXd drive_qdd;
  Eigen::VectorXd drive_force;

  // Scratch of effective_mass (a unit-force probe through the articulated-body algorithm).
  std::vector<Vec6> probe_force;
  std::vector<Vec6> probe_acceleration;
  Eigen::VectorXd probe_slider_force;
  Eigen::VectorXd probe_qdd;
  Eigen::VectorXd probe_drive_force;  // what the drives take of the unit force pair (driven joints' entries)

  // The run's table of contact elements (bind_pairs): each contact point of the model's compiled pairs, then of
  // the State's dynamic ones, resolved (engine/contact_element.h). A pair with several points (a box on the ground:
  // its corners) has one element per point, consecutive; everything per contact (state, events, ledger, geometry,
  // force) is per element.
  std::vector<ContactElement> elements;
  std::size_t compiled_entries = 0;             // elements of the model's compiled pairs (they come first)
  std::deque<ContactPairModel> dynamic_pair_models;  // compiled once per key (deque: stable addresses)
  // Their index by key, sorted by key (the table's keys come sorted: each new one goes at the end, without the node
  // a hash or a tree would allocate per pair).
  std::vector<std::pair<PairKey, std::size_t>> dynamic_pair_index;
  LawParameterCache dynamic_pair_parameters;  // their law parameters, compiled once per distinct set of values
  std::vector<PairKey> bound_dynamic_pairs;
  LineElements line_elements;  // the line kernel's arrays

  // Contacts, per element of the table.
  std::vector<PairGeometry> geometry;
  std::vector<ContactFrame> frames;          // of the elements with a tangential law (element_geometry)
  std::vector<double> contact_force;         // F of the active elements [N] (its partials are not evaluated)
  std::vector<FrictionInput> friction_input;  // of the active elements with a tangential law
  std::vector<Vec3> friction_force;           // f_t on B of the active elements with a tangential law [N]
  std::vector<double> contact_power;         // F δ̇ (− f_t·v_t) of the active elements: the ledger's rate [W]
  bool contact_forces_finite = true;         // whether the last contact stage's normal forces were all finite
  // The active elements whose tangential force holds their contact point (engine/stick_force.h): listed by the
  // contact stage, their forces solved after the dynamics; and that solve's scratch.
  std::vector<int> held;
  Eigen::MatrixXd hold_operator;      // 2g × 2g: W = J_t M⁻¹ J_tᵀ of one group of g points
  Eigen::VectorXd hold_acceleration;  // 2g: the tangential accelerations to cancel
  Eigen::VectorXd hold_force;         // 2g: the forces' tangential components
  // Independent groups of held points (their bodies' subtrees apart): per body, the union–find parent of the root
  // bodies (−1: in no group) and a root's group; the held points in group order, and where each group starts.
  std::vector<int> hold_union;
  std::vector<int> hold_group_of;
  std::vector<int> hold_order;
  std::vector<int> hold_group_start;
  // Per body moving alone (engine/stick_force.cc): q̈ per spatial force, (Sᵀ I S)⁻¹ Sᵀ, and the body's spatial
  // acceleration per spatial force, S (Sᵀ I S)⁻¹ Sᵀ: constants of the body, computed at its first hold (0 rows before).
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, 6, 0, 6, 6>> hold_joint_response;
  std::vector<Mat6> hold_mobility;

  // Closed loops (engine/loop_closure.h), m rows: each row's geometry at the last evaluation, M⁻¹Jᵀ by columns
  // (nv × m) and the drives' share of each (nv × m), J M⁻¹ Jᵀ and its factor, the right-hand side, the multipliers
  // [N or N·m], the constraint forces' power [W].
  std::vector<LoopRowGeometry> loop_rows;
  Eigen::MatrixXd loop_response;
  Eigen::MatrixXd loop_drive_response;
  Eigen::MatrixXd loop_operator;
  Eigen::LLT<Eigen::MatrixXd> loop_factor;
  Eigen::VectorXd loop_bias;
  Eigen::VectorXd loop_multiplier;
  double loop_power = 0.0;
  bool loops_singular = false;  // the last close_loops found J M⁻¹ Jᵀ singular

  std::unique_ptr<Broadphase> broadphase;          // when model.contact.broadphase
  std::vector<Eigen::Isometry3d> shape_poses;      // X_WS per shape
  std::vector<int> pair_list;                      // scratch of forward() and evaluate(): element indices
};

// Makes data's table of contact elements match the state's (the points of the model's pairs, then of
// state.dynamic_pairs), compiling new dynamic pairs, resolving each element (bind_element) and sizing the
// per-element workspace. Cheap when nothing changed.
void bind_pairs(const Model& model, const State& state, Data& data);

// Makes data's table of contact elements the one `bound` is bound to, its elements referring to the pairs `bound`
// compiled (none is compiled again), and sizes the per-element workspace: a second workspace beside a run's, which
// must not outlive `bound`.
void bind_pairs_like(const Data& bound, Data& data);

// The number of contact elements of the model's compiled pairs (the Σ of their contact points).
std::size_t contact_entries(const Model& model);

// World poses of all shapes (after forward_kinematics).
void update_shape_poses(const Model& model, Data& data);

}  // namespace contactlab
