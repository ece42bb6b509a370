// SPDX-License-Identifier: MIT
#include "engine/model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace contactlab {

const char* joint_type_name(JointType type) {
  switch (type) {
    case JointType::kFixed: return "fixed";
    case JointType::kRevolute: return "revolute";
    case JointType::kPrismatic: return "prismatic";
    case JointType::kPlanar: return "planar";
    case JointType::kSpherical: return "spherical";
    case JointType::kFree: return "free";
  }
  return "?";
}

int joint_nq(JointType type) {
  switch (type) {
    case JointType::kFixed: return 0;
    case JointType::kRevolute:
    case JointType::kPrismatic: return 1;
    case JointType::kPlanar: return 3;
    case JointType::kSpherical: return 4;
    case JointType::kFree: return 7;
  }
  return 0;
}

int joint_nv(JointType type) {
  switch (type) {
    case JointType::kFixed: return 0;
    case JointType::kRevolute:
    case JointType::kPrismatic: return 1;
    case JointType::kPlanar:
    case JointType::kSpherical: return 3;
    case JointType::kFree: return 6;
  }
  return 0;
}

double TimeFunction::operator()(double time) const {
  switch (kind) {
    case Kind::kConstant: return value;
    case Kind::kSine: return value + amplitude * std::sin(2.0 * std::numbers::pi * frequency * time + phase);
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
    if (joint.type == JointType::kRevolute || joint.type == JointType::kPrismatic) {
      const double norm = joint.axis.norm();
      if (!(norm > 0.0)) throw std::invalid_argument("body '" + body.name + "': joint axis must be non-zero");
      joint.axis /= norm;
    } else if (joint.has_force_element()) {
      throw std::invalid_argument("body '" + body.name + "': springs, dampers and efforts need a revolute or prismatic joint");
    }
    joint.nq = joint_nq(joint.type);
    joint.nv = joint_nv(joint.type);
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
    const bool fixed = is_fixed_to_world(model, static_cast<int>(b));
    model.contact.bodies.push_back(
        {model.bodies[b].parent, fixed, fixed ? std::numeric_limits<double>::infinity() : model.bodies[b].mass});
  }
  model.sliders = Sliders{};
  model.slider_of_body.assign(model.bodies.size(), -1);
  model.tree_bodies.clear();
  model.world_leaves.clear();
  model.articulated_bodies.clear();
  model.force_element_bodies.clear();
  model.rate_is_velocity = true;
  model.sliders.velocity_mass = Eigen::VectorXd::Zero(model.nv);
  model.sliders.velocity_inverse_mass = Eigen::VectorXd::Zero(model.nv);
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    if (joint.has_force_element()) model.force_element_bodies.push_back(static_cast<int>(i));
    if (joint.nq != joint.nv) model.rate_is_velocity = false;
    if (joint.type == JointType::kPlanar) model.rate_is_velocity = false;
    if (joint.type == JointType::kPrismatic && body.parent == 0 && body.children == 0) {
      Sliders& sliders = model.sliders;
      model.slider_of_body[i] = static_cast<int>(sliders.size());
      sliders.body.push_back(static_cast<int>(i));
      sliders.q_index.push_back(joint.q_index);
      sliders.v_index.push_back(joint.v_index);
      sliders.velocity_mass[joint.v_index] = body.mass;
      sliders.velocity_inverse_mass[joint.v_index] = 1.0 / body.mass;
      sliders.origin.push_back(joint.placement.translation());
      sliders.axis.push_back(joint.placement_axis);
      sliders.centre_of_mass.push_back(joint.placement * body.com);
    } else {
      model.tree_bodies.push_back(static_cast<int>(i));
      const bool world_leaf = body.parent == 0 && body.children == 0 && joint.nv == 1;
      (world_leaf ? model.world_leaves : model.articulated_bodies).push_back(static_cast<int>(i));
    }
  }
}

Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> motion_subspace(const Joint& joint) {
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> S(6, joint.nv);
  S.setZero();
  switch (joint.type) {
    case JointType::kFixed: break;
    case JointType::kRevolute: S.col(0).head<3>() = joint.axis; break;
    case JointType::kPrismatic: S.col(0).tail<3>() = joint.axis; break;
    case JointType::kPlanar:
      S(3, 0) = 1.0;  // v_x
      S(4, 1) = 1.0;  // v_y
      S(2, 2) = 1.0;  // ω about z
      break;
    case JointType::kSpherical: S.topRows<3>().setIdentity(); break;
    case JointType::kFree: S.setIdentity(); break;
  }
  return S;
}

namespace {

Eigen::Quaterniond quaternion(const double* wxyz) {
  return Eigen::Quaterniond(wxyz[0], wxyz[1], wxyz[2], wxyz[3]).normalized();
}

// d/dt of the quaternion (w, x, y, z) for a body-frame angular velocity ω: ½ q ⊗ (0, ω).
void quaternion_rate(const double* q, const double* omega, double* rate) {
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double a = omega[0], b = omega[1], c = omega[2];
  rate[0] = 0.5 * (-x * a - y * b - z * c);
  rate[1] = 0.5 * (w * a + y * c - z * b);
  rate[2] = 0.5 * (w * b + z * a - x * c);
  rate[3] = 0.5 * (w * c + x * b - y * a);
}

}  // namespace

Pose joint_transform(const Joint& joint, const double* q) {
  Pose X = Pose::Identity();
  switch (joint.type) {
    case JointType::kFixed: break;
    case JointType::kRevolute: X.linear() = Eigen::AngleAxisd(q[0], joint.axis).toRotationMatrix(); break;
    case JointType::kPrismatic: X.translation() = joint.axis * q[0]; break;
    case JointType::kPlanar:
      X.translation() = Vec3(q[0], q[1], 0.0);
      X.linear() = Eigen::AngleAxisd(q[2], Vec3::UnitZ()).toRotationMatrix();
      break;
    case JointType::kSpherical: X.linear() = quaternion(q).toRotationMatrix(); break;
    case JointType::kFree:
      X.translation() = Vec3(q[0], q[1], q[2]);
      X.linear() = quaternion(q + 3).toRotationMatrix();
      break;
  }
  return X;
}

void configuration_derivative(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                              const Eigen::Ref<const Eigen::VectorXd>& v, Eigen::Ref<Eigen::VectorXd> qdot) {
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Joint& joint = model.bodies[i].joint;
    const double* qj = q.data() + joint.q_index;
    const double* vj = v.data() + joint.v_index;
    double* out = qdot.data() + joint.q_index;
    switch (joint.type) {
      case JointType::kFixed: break;
      case JointType::kRevolute:
      case JointType::kPrismatic: out[0] = vj[0]; break;
      case JointType::kPlanar: {
        const double c = std::cos(qj[2]), s = std::sin(qj[2]);
        out[0] = c * vj[0] - s * vj[1];
        out[1] = s * vj[0] + c * vj[1];
        out[2] = vj[2];
        break;
      }
      case JointType::kSpherical: quaternion_rate(qj, vj, out); break;
      case JointType::kFree: {
        const Vec3 velocity = quaternion(qj + 3) * Vec3(vj[3], vj[4], vj[5]);
        out[0] = velocity.x();
        out[1] = velocity.y();
        out[2] = velocity.z();
        quaternion_rate(qj + 3, vj, out + 3);
        break;
      }
    }
  }
}

void normalize_configuration(const Model& model, Eigen::Ref<Eigen::VectorXd> q) {
  if (model.nq == model.nv) return;  // no quaternions
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Joint& joint = model.bodies[i].joint;
    const int offset = joint.type == JointType::kSpherical ? 0 : joint.type == JointType::kFree ? 3 : -1;
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
    if (joint.type == JointType::kSpherical) q[joint.q_index] = 1.0;
    if (joint.type == JointType::kFree) q[joint.q_index + 3] = 1.0;
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
