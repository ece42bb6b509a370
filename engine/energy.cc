// SPDX-License-Identifier: MIT
#include "engine/energy.h"

#include "contact/contact_force.h"
#include "engine/kinematics.h"

namespace contactlab {

Energy energy(const Model& model, const State& state, const Data& data) {
  Energy e;
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    const Vec6& v = data.velocity[i];
    e.kinetic += 0.5 * v.dot(body.spatial_inertia * v);
    e.gravitational -= body.mass * model.gravity.dot(com_position(model, data, static_cast<int>(i)));
    const Joint& joint = body.joint;
    if (joint.stiffness != 0.0) {
      const double stretch = state.q[joint.q_index] - joint.rest_position;
      e.spring += 0.5 * joint.stiffness * stretch * stretch;
    }
  }
  for (std::size_t p = 0; p < data.pairs.size(); ++p) {
    e.elastic += pair_elastic_energy(*data.pairs[p], state.contacts[p], data.contact_input[p]);
  }
  e.absorbed = state.absorbed_work.sum();
  e.joint_work = state.joint_work;
  return e;
}

}  // namespace contactlab
