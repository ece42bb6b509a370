// SPDX-License-Identifier: MIT
// The workspace: everything computed from (Model, State), sized once per model so that the step loop does
// not allocate. Stage functions take (const Model&, const State&, Data&) and write only here.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <vector>

#include "contact/contact_model.h"
#include "contact/fcl_bridge.h"
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

  // Articulated-body algorithm scratch.
  std::vector<Mat6> articulated_inertia;
  std::vector<Vec6> articulated_bias;
  std::vector<Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>> U;
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>> D_inverse;
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>> u;

  Eigen::VectorXd tau;   // generalized forces from force elements [N or N·m]
  Eigen::VectorXd qdd;   // generalized accelerations

  // Scratch of effective_mass (a unit-force probe through the articulated-body algorithm).
  std::vector<Vec6> probe_force;
  std::vector<Vec6> probe_acceleration;
  Eigen::VectorXd probe_qdd;

  // The run's pair table (bind_pairs): the model's compiled pairs, then the State's dynamic ones.
  std::vector<const ContactPairModel*> pairs;
  std::deque<ContactPairModel> dynamic_pair_models;  // compiled once per key (deque: stable addresses)
  std::map<PairKey, std::size_t> dynamic_pair_index;
  std::vector<PairKey> bound_dynamic_pairs;

  // Contacts, per pair of the table.
  std::vector<PairGeometry> geometry;
  std::vector<ContactInput> contact_input;
  std::vector<ContactForce> contact_force;

  std::unique_ptr<FclShapes> fcl;  // FCL geometry, for pairs without a closed form
  std::unique_ptr<FclBroadphase> broadphase;       // when model.contact.broadphase
  std::vector<Eigen::Isometry3d> shape_poses;      // X_WS per shape
};

// Makes data's pair table match the state's (model pairs + state.dynamic_pairs), compiling new dynamic pairs
// and sizing the per-pair workspace. Cheap when nothing changed.
void bind_pairs(const Model& model, const State& state, Data& data);

// World poses of all shapes (after forward_kinematics).
void update_shape_poses(const Model& model, Data& data);

}  // namespace contactlab
