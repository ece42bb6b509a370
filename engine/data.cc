// SPDX-License-Identifier: MIT
#include "engine/data.h"

#include "engine/state.h"

namespace contactlab {

Data::Data(const Model& model) {
  const std::size_t n = model.bodies.size();
  parent_to_body.assign(n, Pose::Identity());
  motion.assign(n, BodyMotion{});
  velocity.assign(n, Vec6::Zero());
  bias_acceleration.assign(n, Vec6::Zero());
  acceleration.assign(n, Vec6::Zero());
  external_force.assign(n, Vec6::Zero());
  articulated_inertia.assign(n, Mat6::Zero());
  articulated_bias.assign(n, Vec6::Zero());
  U.resize(n);
  D_inverse.resize(n);
  u.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const int nv = model.bodies[i].joint.nv;
    U[i].setZero(6, nv);
    D_inverse[i].setZero(nv, nv);
    u[i].setZero(nv);
  }
  tau = Eigen::VectorXd::Zero(model.nv);
  qdd = Eigen::VectorXd::Zero(model.nv);
  probe_force.assign(n, Vec6::Zero());
  probe_acceleration.assign(n, Vec6::Zero());
  probe_qdd = Eigen::VectorXd::Zero(model.nv);
  const std::size_t pairs = model.contact.pairs.size();
  for (const ContactPairModel& pair : model.contact.pairs) this->pairs.push_back(&pair);
  geometry.assign(pairs, PairGeometry{});
  contact_input.assign(pairs, ContactInput{});
  contact_force.assign(pairs, ContactForce{});
  fcl = std::make_unique<FclShapes>(model.contact.shapes);
  if (model.contact.broadphase) broadphase = std::make_unique<FclBroadphase>(model.contact.shapes, model.contact.margin);
  shape_poses.assign(model.contact.shapes.size(), Eigen::Isometry3d::Identity());
}

void bind_pairs(const Model& model, const State& state, Data& data) {
  if (data.bound_dynamic_pairs == state.dynamic_pairs && data.pairs.size() == state.contacts.size()) return;
  data.pairs.resize(model.contact.pairs.size());
  for (const PairKey& key : state.dynamic_pairs) {
    auto found = data.dynamic_pair_index.find(key);
    if (found == data.dynamic_pair_index.end()) {
      data.dynamic_pair_models.push_back(make_contact_pair(model.contact, key.shape_a, key.shape_b, model.contact.settings));
      found = data.dynamic_pair_index.emplace(key, data.dynamic_pair_models.size() - 1).first;
    }
    data.pairs.push_back(&data.dynamic_pair_models[found->second]);
  }
  data.bound_dynamic_pairs = state.dynamic_pairs;
  const std::size_t pairs = data.pairs.size();
  data.geometry.resize(pairs);
  data.contact_input.resize(pairs);
  data.contact_force.resize(pairs);
}

void update_shape_poses(const Model& model, Data& data) {
  for (std::size_t s = 0; s < model.contact.shapes.size(); ++s) {
    const Shape& shape = model.contact.shapes[s];
    data.shape_poses[s] = data.motion[static_cast<std::size_t>(shape.body)].pose * shape.pose;
  }
}

State make_state(const Model& model) {
  State state;
  state.q = neutral_configuration(model);
  state.v = Eigen::VectorXd::Zero(model.nv);
  state.contacts.assign(model.contact.pairs.size(), PairState{});
  state.absorbed_work = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(model.contact.pairs.size()));
  return state;
}

}  // namespace contactlab
