// SPDX-License-Identifier: MIT
#include "engine/kinematics.h"

#include <cmath>

namespace contactlab {
namespace {

void body_kinematics(const Model& model, std::size_t i, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  const Body& body = model.bodies[i];
  const Joint& joint = body.joint;
  const auto parent = static_cast<std::size_t>(body.parent);
  // X_{parent,i}, and for a body on the world its pose, each written from the expression's value (the rotation is
  // evaluated once): a pose copied from the other right after being written in parts is read back through
  // store-forwarding stalls.
  Pose& X = data.parent_to_body[i];
  BodyMotion& motion = data.motion[i];
  Vec6& velocity = data.velocity[i];
  const bool on_world = parent == 0;
  if (joint.type == JointType::kPrismatic) {  // a translation along the placed axis: no rotation to compose
    const Vec3 translation = joint.placement.translation() + joint.placement_axis * q[joint.q_index];
    X.linear() = joint.placement.linear();
    X.translation() = translation;
    if (on_world) {
      motion.pose.linear() = joint.placement.linear();
      motion.pose.translation() = translation;
    }
  } else if (joint.type == JointType::kRevolute) {  // a rotation about the placed axis: no translation to compose
    const double angle = q[joint.q_index];
    const double sine = std::sin(angle);
    const double versine = 1.0 - std::cos(angle);
    const Mat3 rotation =
        joint.placement.linear() + sine * joint.placement_skew + versine * joint.placement_skew_squared;
    X.linear() = rotation;
    if (on_world) motion.pose.linear() = rotation;
    X.translation() = joint.placement.translation();
    if (on_world) motion.pose.translation() = joint.placement.translation();
  } else {
    X = joint.placement * joint_transform(joint, q.data() + joint.q_index);
    if (on_world) motion.pose = X;
  }
  if (on_world) {
    // On the world: v = S q̇, and the velocity-product term c = v × S q̇ vanishes.
    data.bias_acceleration[i].setZero();
    if (joint.nv == 1) {
      // A rotation about, or a translation along, the placed axis through the joint frame's origin.
      const double rate = v[joint.v_index];
      velocity = joint.subspace.col(0) * rate;
      const bool turning = joint.type == JointType::kRevolute;
      motion.angular_velocity = turning ? Vec3(joint.placement_axis * rate) : Vec3::Zero();
      motion.linear_velocity = turning ? Vec3::Zero() : Vec3(joint.placement_axis * rate);
      return;
    }
    velocity = joint.subspace * v.segment(joint.v_index, joint.nv);
  } else {
    motion.pose = data.motion[parent].pose * X;
    Vec6 joint_velocity = Vec6::Zero();
    if (joint.nv > 0) joint_velocity = joint.subspace * v.segment(joint.v_index, joint.nv);
    velocity = motion_to_child(X, data.velocity[parent]) + joint_velocity;
    data.bias_acceleration[i] = cross_motion(velocity, joint_velocity);
  }
  const Mat3& R = motion.pose.linear();
  motion.angular_velocity.noalias() = R * velocity.head<3>();
  motion.linear_velocity.noalias() = R * velocity.tail<3>();
}

// The sliders, what body_kinematics gives a prismatic joint on the world, read from the sliders' own arrays: a
// long chain's beads are not each read through the kilobyte of model their bodies hold.
void slider_kinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                       const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  const Sliders& sliders = model.sliders;
  for (std::size_t k = 0; k < sliders.size(); ++k) {
    const auto i = static_cast<std::size_t>(sliders.body[k]);
    const BodyMotion motion = slider_motion(model, static_cast<int>(k), q.data(), v.data());
    data.motion[i] = motion;
    data.parent_to_body[i] = motion.pose;  // on the world
    data.bias_acceleration[i].setZero();
    const double rate = v[sliders.v_index[k]];
    Vec6& velocity = data.velocity[i];
    velocity.head<3>() = Vec3::Zero() * rate;  // S = [0; axis], times q̇ as the subspace's product gives it
    velocity.tail<3>() = sliders.local_axis[k] * rate;
  }
}

}  // namespace

void forward_kinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                        const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  data.motion[0] = BodyMotion{};
  data.velocity[0].setZero();
  // A slider has no children: the tree (parents first), then the sliders.
  for (int i : model.tree_bodies) body_kinematics(model, static_cast<std::size_t>(i), q, v, data);
  slider_kinematics(model, q, v, data);
}

void tree_kinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  data.motion[0] = BodyMotion{};
  data.velocity[0].setZero();
  for (int i : model.tree_bodies) body_kinematics(model, static_cast<std::size_t>(i), q, v, data);
}

BodyMotion slider_motion(const Model& model, int k, const double* q, const double* v) {
  const Sliders& s = model.sliders;
  const auto i = static_cast<std::size_t>(k);
  BodyMotion motion;
  motion.pose.linear() = s.orientation[i];
  motion.pose.translation() = s.origin[i] + s.axis[i] * q[s.q_index[i]];
  motion.linear_velocity = s.axis[i] * v[s.v_index[i]];
  motion.angular_velocity.setZero();
  return motion;
}

}  // namespace contactlab
