// SPDX-License-Identifier: MIT
#include "engine/forward.h"

#include "contact/contact_force.h"
#include "contact/contact_kinematics.h"
#include "engine/dynamics.h"
#include "engine/kinematics.h"

namespace contactlab {

void contact_geometry(const Model& model, std::span<const PairState> contacts, bool all_pairs, Data& data) {
  for (std::size_t p = 0; p < data.pairs.size(); ++p) {
    if (!all_pairs && !contacts[p].active) continue;
    pair_geometry(model.contact, *data.pairs[p], data.motion, data.fcl.get(), data.geometry[p]);
  }
}

void contact_forces(const Model&, double time, std::span<const PairState> contacts, Data& data) {
  for (Vec6& f : data.external_force) f.setZero();
  for (std::size_t p = 0; p < data.pairs.size(); ++p) {
    const PairState& state = contacts[p];
    if (!state.active) {
      data.contact_force[p] = {};
      continue;
    }
    const ContactPairModel& pair = *data.pairs[p];
    const PairGeometry& geometry = data.geometry[p];
    data.contact_input[p] = contact_input(pair, state, geometry, time);
    const ContactForce force = pair_force(pair, state, data.contact_input[p]);
    data.contact_force[p] = force;
    const Vec3 on_b = force.force * geometry.normal;
    add_point_force(data, pair.body_a, geometry.point_a, -on_b, data.external_force);
    add_point_force(data, pair.body_b, geometry.point_b, on_b, data.external_force);
  }
}

void joint_forces(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  data.tau.setZero();
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Joint& joint = model.bodies[i].joint;
    if (!joint.has_force_element()) continue;
    data.tau[joint.v_index] = -joint.stiffness * (q[joint.q_index] - joint.rest_position) -
                              joint.damping * v[joint.v_index] + joint.effort(time);
  }
}

void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts, Data& data) {
  forward_kinematics(model, q, v, data);
  contact_geometry(model, contacts, false, data);
  contact_forces(model, time, contacts, data);
  joint_forces(model, time, q, v, data);
  forward_dynamics(model, data);
}

void forward(const Model& model, const State& state, Data& data) {
  bind_pairs(model, state, data);
  forward_kinematics(model, state.q, state.v, data);
  contact_geometry(model, state.contacts, true, data);
  contact_forces(model, state.time, state.contacts, data);
  joint_forces(model, state.time, state.q, state.v, data);
  forward_dynamics(model, data);
  for (std::size_t p = 0; p < data.pairs.size(); ++p) {
    if (!state.contacts[p].active) {
      data.contact_input[p] = contact_input(*data.pairs[p], state.contacts[p], data.geometry[p], state.time);
    }
  }
}

}  // namespace contactlab
