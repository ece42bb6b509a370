// SPDX-License-Identifier: MIT
#include "engine/energy.h"

#include "contact/contact_force.h"
#include "engine/forward.h"
#include "engine/kinematics.h"

namespace contactlab {

namespace {

// Everything but the elastic energy of the contacts and the ledgers.
Energy bodies_energy(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& velocities, const Data& data) {
  Energy e;
  // World leaves: v = s q̇, so ½ vᵀ I v = ½ q̇² sᵀ I s with sᵀ I s from the model.
  for (int index : model.world_leaves) {
    const Body& body = model.bodies[static_cast<std::size_t>(index)];
    const double rate = velocities[body.joint.v_index];
    e.kinetic += 0.5 * rate * rate / body.subspace_inertia_inverse;
    e.gravitational -= body.mass * model.gravity.dot(com_position(model, data, index));
  }
  for (int index : model.articulated_bodies) {
    const auto i = static_cast<std::size_t>(index);
    const Body& body = model.bodies[i];
    const Vec6& v = data.velocity[i];
    e.kinetic += 0.5 * v.dot(body.spatial_inertia * v);
    e.gravitational -= body.mass * model.gravity.dot(com_position(model, data, index));
  }
  // Sliders from their coordinates: ½ m q̇² (one reduction over q̇, Sliders::velocity_mass), and the centre of
  // mass at its q = 0 place plus a q.
  const Sliders& sliders = model.sliders;
  if (sliders.size() > 0) e.kinetic += 0.5 * (sliders.velocity_mass.array() * velocities.array().square()).sum();
  if (model.gravity != Vec3::Zero()) {
    for (std::size_t k = 0; k < sliders.size(); ++k) {
      const Vec3 com = sliders.centre_of_mass[k] + sliders.axis[k] * q[sliders.q_index[k]];
      e.gravitational -= sliders.velocity_mass[sliders.v_index[k]] * model.gravity.dot(com);
    }
  }
  for (int index : model.force_element_bodies) {
    const Joint& joint = model.bodies[static_cast<std::size_t>(index)].joint;
    if (joint.stiffness == 0.0) continue;
    const double stretch = q[joint.q_index] - joint.rest_position;
    e.spring += 0.5 * joint.stiffness * stretch * stretch;
  }
  return e;
}

// W_absorbed of the run: the table's pairs' and the work of those that have left it.
double absorbed_work(const State& state) { return state.absorbed_work.sum() + state.retired_work; }

Energy bodies_energy(const Model& model, const State& state, const Data& data) {
  Energy e = bodies_energy(model, state.q, state.v, data);
  e.absorbed = absorbed_work(state);
  e.joint_work = state.joint_work;
  return e;
}

}  // namespace

Energy energy(const Model& model, const State& state, const Data& data) {
  Energy e = bodies_energy(model, state, data);
  for (std::size_t p = 0; p < data.elements.size(); ++p) {
    if (!state.contacts[p].active) continue;
    e.elastic += element_elastic_energy(data, state.contacts[p], p, state.time);
  }
  return e;
}

Energy energy(const Model& model, const State& state, const Data& data, std::span<const int> active) {
  return energy(model, state.time, state.q, state.v, absorbed_work(state), state.joint_work, state.contacts, data, active);
}

Energy energy(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, double absorbed, double joint_work,
              std::span<const PairState> contacts, const Data& data, std::span<const int> active) {
  double elastic = 0.0;
  for (int index : active) {
    const auto p = static_cast<std::size_t>(index);
    elastic += element_elastic_energy(data, contacts[p], p, time);
  }
  return energy(model, q, v, absorbed, joint_work, elastic, data);
}

Energy energy(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q, const Eigen::Ref<const Eigen::VectorXd>& v,
              double absorbed, double joint_work, double elastic, const Data& data) {
  Energy e = bodies_energy(model, q, v, data);
  e.absorbed = absorbed;
  e.joint_work = joint_work;
  e.elastic = elastic;
  return e;
}

}  // namespace contactlab
