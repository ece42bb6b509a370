// SPDX-License-Identifier: MIT
#include "engine/model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "engine/joint_traits.h"
#include "models/assert.h"

namespace contactlab {

const char* joint_type_name(JointType type) { return joint_traits(type).name; }

double TimeFunction::operator()(double time) const {
  switch (kind) {
    case Kind::kConstant: return value;
    case Kind::kSine: return value + amplitude * std::sin(2.0 * std::numbers::pi * frequency * time + phase);
    case Kind::kExpression: return expression(time).value;
    case Kind::kTable: {
      if (times.empty()) return 0.0;
      if (time <= times.front()) return values.front();
      if (time >= times.back()) return values.back();
      const auto upper = std::upper_bound(times.begin(), times.end(), time);
      const auto i = static_cast<std::size_t>(upper - times.begin());
      const double s = (time - times[i - 1]) / (times[i] - times[i - 1]);
      return values[i - 1] + s * (values[i] - values[i - 1]);
    }
  }
  return 0.0;
}

Model make_model() {
  Model model;
  Body world;
  world.name = "world";
  model.bodies.push_back(world);
  return model;
}

int add_body(Model& model, Body body) {
  model.bodies.push_back(std::move(body));
  return static_cast<int>(model.bodies.size()) - 1;
}

void finalize(Model& model) {
  if (model.bodies.empty() || model.bodies[0].parent != -1) {
    throw std::invalid_argument("model: bodies[0] must be the world (parent -1)");
  }
  int nq = 0;
  int nv = 0;
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    Body& body = model.bodies[i];
    if (body.parent < 0 || body.parent >= static_cast<int>(i)) {
      throw std::invalid_argument("body '" + body.name + "': its parent must be listed before it");
    }
    if (!(body.mass > 0.0) && body.joint.type != JointType::kFixed) {
      throw std::invalid_argument("body '" + body.name + "': a moving body needs a positive mass");
    }
    Joint& joint = body.joint;
    CONTACTLAB_ASSERT(static_cast<std::size_t>(joint.type) < kJointTraits.size(), "a JointType beyond the joint table");
    const JointTraits& traits = joint_traits(joint.type);
    if (traits.axis) {
      const double norm = joint.axis.norm();
      if (!(norm > 0.0)) throw std::invalid_argument("body '" + body.name + "': joint axis must be non-zero");
      joint.axis /= norm;
    }
    if (joint.has_force_element() && !takes_force_elements(traits)) {
      throw std::invalid_argument("body '" + body.name + "': springs, dampers and efforts need a " +
                                  joint_type_list(takes_force_elements, "or") + " joint");
    }
    if (joint.drive.active() && !takes_force_elements(traits)) {
      throw std::invalid_argument("body '" + body.name + "': drives need a " + joint_type_list(takes_force_elements, "or") +
                                  " joint");
    }
    if (joint.drive.active() && joint.has_force_element()) {
      throw std::invalid_argument("body '" + body.name + "': a driven joint takes no spring, damper or effort");
    }
    joint.nq = traits.nq;
    joint.nv = traits.nv;
    joint.q_index = nq;
    joint.v_index = nv;
    nq += joint.nq;
    nv += joint.nv;
    body.spatial_inertia = spatial_inertia(body.mass, body.com, body.inertia);
    joint.subspace = motion_subspace(joint);
    joint.placement_axis = joint.placement.linear() * joint.axis;
    joint.placement_skew = joint.placement.linear() * skew(joint.axis);
    joint.placement_skew_squared = joint.placement_skew * skew(joint.axis);
    body.children = 0;
    if (joint.nv == 1) {
      body.inertia_subspace = body.spatial_inertia * joint.subspace.col(0);
      body.subspace_inertia_inverse = 1.0 / joint.subspace.col(0).dot(body.inertia_subspace);
    }
  }
  for (std::size_t i = 1; i < model.bodies.size(); ++i) ++model.bodies[static_cast<std::size_t>(model.bodies[i].parent)].children;
  model.nq = nq;
  model.nv = nv;
  // What the contact layer's pair filter and reduced mass read of each body.
  model.contact.bodies.clear();
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    // A driven body does not yield to a contact: its mass, to the pair's reduced mass, is infinite.
    const bool fixed = is_fixed_to_world(model, static_cast<int>(b));
    const bool rigid = fixed || model.bodies[b].joint.drive.active();
    model.contact.bodies.push_back(
        {model.bodies[b].parent, fixed, rigid ? std::numeric_limits<double>::infinity() : model.bodies[b].mass});
  }
  model.sliders = Sliders{};
  model.slider_of_body.assign(model.bodies.size(), -1);
  model.tree_bodies.clear();
  model.world_leaves.clear();
  model.articulated_bodies.clear();
  model.force_element_bodies.clear();
  model.driven_bodies.clear();
  model.rate_is_velocity = true;
  model.sliders.velocity_mass = Eigen::VectorXd::Zero(model.nv);
  model.sliders.velocity_inverse_mass = Eigen::VectorXd::Zero(model.nv);
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    if (joint.has_force_element()) model.force_element_bodies.push_back(static_cast<int>(i));
    const bool driven = joint.drive.active();
    if (driven) model.driven_bodies.push_back(static_cast<int>(i));
    if (joint_traits(joint.type).configuration_rate != nullptr) model.rate_is_velocity = false;
    if (joint.type == JointType::kPrismatic && body.parent == 0 && body.children == 0 && !driven) {
      Sliders& sliders = model.sliders;
      model.slider_of_body[i] = static_cast<int>(sliders.size());
      sliders.body.push_back(static_cast<int>(i));
      sliders.q_index.push_back(joint.q_index);
      sliders.v_index.push_back(joint.v_index);
      sliders.velocity_mass[joint.v_index] = body.mass;
      sliders.velocity_inverse_mass[joint.v_index] = 1.0 / body.mass;
      sliders.origin.push_back(joint.placement.translation());
      sliders.axis.push_back(joint.placement_axis);
      sliders.orientation.push_back(joint.placement.linear());
      sliders.local_axis.push_back(joint.axis);
      sliders.centre_of_mass.push_back(joint.placement * body.com);
    } else {
      model.tree_bodies.push_back(static_cast<int>(i));
      const bool world_leaf = body.parent == 0 && body.children == 0 && joint.nv == 1 && !driven;
      (world_leaf ? model.world_leaves : model.articulated_bodies).push_back(static_cast<int>(i));
    }
  }
}

MotionSubspace motion_subspace(const Joint& joint) { return joint_traits(joint.type).subspace(joint); }

Pose joint_transform(const Joint& joint, const double* q) { return joint_traits(joint.type).transform(joint, q); }

void configuration_derivative(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                              const Eigen::Ref<const Eigen::VectorXd>& v, Eigen::Ref<Eigen::VectorXd> qdot) {
  if (model.rate_is_velocity) {  // q̇ = v for every joint, entry by entry (nq = nv, and q and v are numbered alike)
    qdot = v;
    return;
  }
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Joint& joint = model.bodies[i].joint;
    const double* qj = q.data() + joint.q_index;
    const double* vj = v.data() + joint.v_index;
    double* out = qdot.data() + joint.q_index;
    const JointTraits& traits = joint_traits(joint.type);
    if (traits.configuration_rate != nullptr) {
      traits.configuration_rate(qj, vj, out);
    } else {
      std::copy(vj, vj + joint.nv, out);
    }
  }
}

void normalize_configuration(const Model& model, Eigen::Ref<Eigen::VectorXd> q) {
  if (model.nq == model.nv) return;  // no quaternions
  CONTACTLAB_ASSERT(q.size() == model.nq, "normalize_configuration: q of the model's size");
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Joint& joint = model.bodies[i].joint;
    const int offset = joint_traits(joint.type).quaternion;
    if (offset < 0) continue;
    auto quaternion_part = q.segment(joint.q_index + offset, 4);
    const double norm = quaternion_part.norm();
    if (norm > 0.0) quaternion_part /= norm;
  }
}

Eigen::VectorXd neutral_configuration(const Model& model) {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq);
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Joint& joint = model.bodies[i].joint;
    const JointTraits& traits = joint_traits(joint.type);
    std::copy(traits.neutral.begin(), traits.neutral.begin() + traits.nq, q.data() + joint.q_index);
  }
  return q;
}

bool is_fixed_to_world(const Model& model, int body) {
  while (body > 0) {
    if (model.bodies[static_cast<std::size_t>(body)].joint.type != JointType::kFixed) return false;
    body = model.bodies[static_cast<std::size_t>(body)].parent;
  }
  return true;
}

}  // namespace contactlab
