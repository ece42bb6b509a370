// SPDX-License-Identifier: MIT
#include "engine/model.h"

#include <cmath>
#include <stdexcept>

namespace contactlab {

const char* joint_type_name(JointType type) {
  switch (type) {
    case JointType::kFixed: return "fixed";
    case JointType::kRevolute: return "revolute";
    case JointType::kPrismatic: return "prismatic";
  }
  return "?";
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
    const int dofs = joint.type == JointType::kFixed ? 0 : 1;
    if (dofs > 0) {
      const double norm = joint.axis.norm();
      if (!(norm > 0.0)) throw std::invalid_argument("body '" + body.name + "': joint axis must be non-zero");
      joint.axis /= norm;
    }
    joint.nq = dofs;
    joint.nv = dofs;
    joint.q_index = nq;
    joint.v_index = nv;
    nq += dofs;
    nv += dofs;
    body.spatial_inertia = spatial_inertia(body.mass, body.com, body.inertia);
  }
  model.nq = nq;
  model.nv = nv;
}

Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> motion_subspace(const Joint& joint) {
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> S(6, joint.nv);
  S.setZero();
  switch (joint.type) {
    case JointType::kFixed: break;
    case JointType::kRevolute: S.col(0).head<3>() = joint.axis; break;
    case JointType::kPrismatic: S.col(0).tail<3>() = joint.axis; break;
  }
  return S;
}

Pose joint_transform(const Joint& joint, const double* q) {
  Pose X = Pose::Identity();
  switch (joint.type) {
    case JointType::kFixed: break;
    case JointType::kRevolute: X.linear() = Eigen::AngleAxisd(q[0], joint.axis).toRotationMatrix(); break;
    case JointType::kPrismatic: X.translation() = joint.axis * q[0]; break;
  }
  return X;
}

bool is_fixed_to_world(const Model& model, int body) {
  while (body > 0) {
    if (model.bodies[static_cast<std::size_t>(body)].joint.type != JointType::kFixed) return false;
    body = model.bodies[static_cast<std::size_t>(body)].parent;
  }
  return true;
}

}  // namespace contactlab
