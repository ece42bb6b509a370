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
  geometry.assign(pairs, PairGeometry{});
  contact_input.assign(pairs, ContactInput{});
  contact_force.assign(pairs, ContactForce{});
  fcl = std::make_unique<FclShapes>(model.contact.shapes);
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
