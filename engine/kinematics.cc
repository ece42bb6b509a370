// SPDX-License-Identifier: MIT
#include "engine/kinematics.h"

namespace contactlab {

void forward_kinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                        const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  data.motion[0] = BodyMotion{};
  data.velocity[0].setZero();
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    const auto parent = static_cast<std::size_t>(body.parent);
    const Pose X = joint.placement * joint_transform(joint, q.data() + joint.q_index);
    data.parent_to_body[i] = X;
    BodyMotion& motion = data.motion[i];
    motion.pose = data.motion[parent].pose * X;

    Vec6 joint_velocity = Vec6::Zero();
    if (joint.nv > 0) joint_velocity = motion_subspace(joint) * v.segment(joint.v_index, joint.nv);
    data.velocity[i] = motion_to_child(X, data.velocity[parent]) + joint_velocity;
    data.bias_acceleration[i] = cross_motion(data.velocity[i], joint_velocity);

    const Mat3& R = motion.pose.linear();
    motion.angular_velocity = R * data.velocity[i].head<3>();
    motion.linear_velocity = R * data.velocity[i].tail<3>();
  }
}

}  // namespace contactlab
