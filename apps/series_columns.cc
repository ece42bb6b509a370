// SPDX-License-Identifier: MIT
#include "apps/series_columns.h"

#include "apps/report.h"
#include "engine/clearance_joint.h"
#include "engine/joint_traits.h"
#include "engine/loop_closure.h"

namespace contactlab {
namespace {

// "<body>" for one-coordinate joints, else "<body>[k]".
std::string coordinate_name(const Body& body, int k, int count) {
  return count == 1 ? body.name : body.name + "[" + std::to_string(k) + "]";
}

}  // namespace

std::vector<SeriesColumn> series_columns(const Scene& scene) {
  const Model& model = scene.model;
  std::vector<SeriesColumn> columns;
  columns.push_back({"time", "s", SeriesQuantity::kTime, 0, true});
  for (const Body& body : model.bodies) {
    const JointTraits& joint = joint_traits(body.joint.type);
    for (int k = 0; k < body.joint.nq; ++k) {
      columns.push_back({"q_" + coordinate_name(body, k, body.joint.nq), joint.coordinate_units[static_cast<std::size_t>(k)],
                         SeriesQuantity::kCoordinate, body.joint.q_index + k, true});
    }
  }
  for (const Body& body : model.bodies) {
    const JointTraits& joint = joint_traits(body.joint.type);
    for (int k = 0; k < body.joint.nv; ++k) {
      columns.push_back({"v_" + coordinate_name(body, k, body.joint.nv), joint.velocity_units[static_cast<std::size_t>(k)],
                         SeriesQuantity::kVelocity, body.joint.v_index + k, true});
    }
  }
  // A mechanism's accelerations are written (its slider's is a headline result); elsewhere only measures read them.
  const bool mechanism = !model.loops.empty() || !model.driven_bodies.empty();
  for (const Body& body : model.bodies) {
    const JointTraits& joint = joint_traits(body.joint.type);
    for (int k = 0; k < body.joint.nv; ++k) {
      columns.push_back({"a_" + coordinate_name(body, k, body.joint.nv),
                         std::string(joint.velocity_units[static_cast<std::size_t>(k)]) + "^2",
                         SeriesQuantity::kAcceleration, body.joint.v_index + k, mechanism});
    }
  }
  columns.push_back({"kinetic_energy", "J", SeriesQuantity::kKineticEnergy, 0, true});
  columns.push_back({"gravitational_energy", "J", SeriesQuantity::kGravitationalEnergy, 0, true});
  columns.push_back({"spring_energy", "J", SeriesQuantity::kSpringEnergy, 0, true});
  columns.push_back({"elastic_energy", "J", SeriesQuantity::kElasticEnergy, 0, true});
  columns.push_back({"dissipated_energy", "J", SeriesQuantity::kDissipatedEnergy, 0, true});
  columns.push_back({"joint_work", "J", SeriesQuantity::kJointWork, 0, true});
  columns.push_back({"total_energy", "J", SeriesQuantity::kTotalEnergy, 0, true});
  for (int b : model.driven_bodies) {
    const Body& body = model.bodies[static_cast<std::size_t>(b)];
    const bool turns = std::string(joint_traits(body.joint.type).velocity_units[0]) == "rad/s";
    columns.push_back({"drive_" + body.name, turns ? "N·m" : "N", SeriesQuantity::kDrive, body.joint.v_index, true});
  }
  for (std::size_t c = 0; c < model.loops.size(); ++c) {
    const std::string& loop = model.loops[c].name;
    const int index = static_cast<int>(c);
    columns.push_back({loop + ".force_x", "N", SeriesQuantity::kLoopForceX, index, true});
    columns.push_back({loop + ".force_y", "N", SeriesQuantity::kLoopForceY, index, true});
    columns.push_back({loop + ".force_z", "N", SeriesQuantity::kLoopForceZ, index, true});
    columns.push_back({loop + ".torque_x", "N·m", SeriesQuantity::kLoopTorqueX, index, true});
    columns.push_back({loop + ".torque_y", "N·m", SeriesQuantity::kLoopTorqueY, index, true});
    columns.push_back({loop + ".torque_z", "N·m", SeriesQuantity::kLoopTorqueZ, index, true});
  }
  if (!model.loops.empty()) columns.push_back({"loop_drift", "m", SeriesQuantity::kLoopDrift, 0, true});
  for (std::size_t c = 0; c < scene.clearances.size(); ++c) {
    const std::string& joint = scene.clearances[c].name;
    const int index = static_cast<int>(c);
    columns.push_back({joint + ".x", "m", SeriesQuantity::kClearanceX, index, true});
    columns.push_back({joint + ".y", "m", SeriesQuantity::kClearanceY, index, true});
    columns.push_back({joint + ".angle", "rad", SeriesQuantity::kClearanceAngle, index, true});
  }
  const bool friction = scene_has_friction(scene);
  for (std::size_t p = 0; p < model.contact.pairs.size(); ++p) {
    const std::string& pair = model.contact.pairs[p].name;
    const int index = static_cast<int>(p);
    columns.push_back({pair + ".indentation", "m", SeriesQuantity::kIndentation, index, true});
    columns.push_back({pair + ".normal_velocity", "m/s", SeriesQuantity::kNormalVelocity, index, true});
    columns.push_back({pair + ".force", "N", SeriesQuantity::kForce, index, true});
    if (friction) {
      columns.push_back({pair + ".friction_x", "N", SeriesQuantity::kFrictionX, index, true});
      columns.push_back({pair + ".friction_y", "N", SeriesQuantity::kFrictionY, index, true});
      columns.push_back({pair + ".friction_z", "N", SeriesQuantity::kFrictionZ, index, true});
    }
  }
  return columns;
}

bool reads_energy(const SeriesColumn& column) {
  return column.quantity >= SeriesQuantity::kKineticEnergy && column.quantity <= SeriesQuantity::kTotalEnergy;
}

double SeriesReader::value(const SeriesColumn& column, const State& state, const Data& data, const Energy& energy) {
  switch (column.quantity) {
    case SeriesQuantity::kTime: return state.time;
    case SeriesQuantity::kCoordinate: return state.q[column.index];
    case SeriesQuantity::kVelocity: return state.v[column.index];
    case SeriesQuantity::kAcceleration: return data.qdd[column.index];
    case SeriesQuantity::kKineticEnergy: return energy.kinetic;
    case SeriesQuantity::kGravitationalEnergy: return energy.gravitational;
    case SeriesQuantity::kSpringEnergy: return energy.spring;
    case SeriesQuantity::kElasticEnergy: return energy.elastic;
    case SeriesQuantity::kDissipatedEnergy: return energy.dissipated();
    case SeriesQuantity::kJointWork: return energy.joint_work;
    case SeriesQuantity::kTotalEnergy: return energy.total();
    case SeriesQuantity::kDrive: return data.drive_force[column.index];
    case SeriesQuantity::kLoopForceX:
    case SeriesQuantity::kLoopForceY:
    case SeriesQuantity::kLoopForceZ: {
      const int axis = static_cast<int>(column.quantity) - static_cast<int>(SeriesQuantity::kLoopForceX);
      return loop_reaction(data, column.index).force[axis];
    }
    case SeriesQuantity::kLoopTorqueX:
    case SeriesQuantity::kLoopTorqueY:
    case SeriesQuantity::kLoopTorqueZ: {
      const int axis = static_cast<int>(column.quantity) - static_cast<int>(SeriesQuantity::kLoopTorqueX);
      return loop_reaction(data, column.index).torque[axis];
    }
    case SeriesQuantity::kLoopDrift: return loop_drift(scene_.model, data, state.q.data(), state.v.data()).position;
    case SeriesQuantity::kClearanceX:
    case SeriesQuantity::kClearanceY:
    case SeriesQuantity::kClearanceAngle: {
      const ClearanceOffset offset = clearance_offset(data, scene_.clearances[static_cast<std::size_t>(column.index)]);
      if (column.quantity == SeriesQuantity::kClearanceAngle) return offset.angle;
      return column.quantity == SeriesQuantity::kClearanceX ? offset.position.x() : offset.position.y();
    }
    default: break;
  }
  // A compiled pair: its entries come first in the table, each pair's points consecutive from point 0.
  if (pair_entries_.empty()) {
    for (std::size_t e = 0; e < data.compiled_entries; ++e) {
      if (data.elements[e].point == 0) pair_entries_.push_back(e);
    }
    pair_entries_.push_back(data.compiled_entries);
  }
  const std::size_t first = pair_entries_[static_cast<std::size_t>(column.index)];
  const std::size_t end = pair_entries_[static_cast<std::size_t>(column.index) + 1];
  std::size_t deepest = first;
  double force = 0.0;
  Vec3 friction = Vec3::Zero();
  for (std::size_t k = first; k < end; ++k) {
    if (data.geometry[k].gap < data.geometry[deepest].gap) deepest = k;
    force += data.contact_force[k];
    if (state.contacts[k].active && data.elements[k].tangential_law != nullptr) friction += data.friction_force[k];
  }
  switch (column.quantity) {
    case SeriesQuantity::kIndentation: return -data.geometry[deepest].gap;
    case SeriesQuantity::kNormalVelocity: return data.geometry[deepest].normal_velocity;
    case SeriesQuantity::kForce: return force;
    case SeriesQuantity::kFrictionX: return friction.x();
    case SeriesQuantity::kFrictionY: return friction.y();
    default: return friction.z();
  }
}

}  // namespace contactlab
