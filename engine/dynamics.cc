// SPDX-License-Identifier: MIT
// Featherstone, Rigid Body Dynamics Algorithms (2008): ABA Table 7.1, CRBA Table 6.2, RNEA Table 5.1, with
// quantities in body frames.
#include "engine/dynamics.h"

#include <limits>

namespace contactlab {
namespace {

// One articulated-body pass. `with_velocity` false drops the velocity-product terms (v = 0).
void articulated_body_pass(const Model& model, Data& data, bool with_velocity, const Vec3& gravity,
                           const Eigen::VectorXd& tau, const std::vector<Vec6>& external_force,
                           Eigen::VectorXd& qdd, std::vector<Vec6>& acceleration) {
  const std::size_t n = model.bodies.size();
  for (std::size_t i = 1; i < n; ++i) {
    const Mat6& I = model.bodies[i].spatial_inertia;
    data.articulated_inertia[i] = I;
    data.articulated_bias[i] = -external_force[i];
    if (with_velocity) data.articulated_bias[i] += cross_force(data.velocity[i], I * data.velocity[i]);
  }
  for (std::size_t i = n - 1; i >= 1; --i) {
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    const auto parent = static_cast<std::size_t>(body.parent);
    Mat6 Ia = data.articulated_inertia[i];
    Vec6 pa = data.articulated_bias[i];
    if (joint.nv == 1) {
      // One-coordinate joints (most of a mechanism, every bead of a chain): S is a 6-vector and D a scalar,
      // so the general dense path's small LU and triangular solves are avoided.
      const Vec6 s = motion_subspace(joint).col(0);
      const Vec6 U = Ia * s;
      const double D_inverse = 1.0 / s.dot(U);
      const double u = tau[joint.v_index] - s.dot(pa);
      data.U[i].col(0) = U;
      data.D_inverse[i](0, 0) = D_inverse;
      data.u[i](0) = u;
      Ia.noalias() -= (D_inverse * U) * U.transpose();
      pa += (D_inverse * u) * U;
    } else if (joint.nv > 1) {
      const auto S = motion_subspace(joint);
      auto& U = data.U[i];
      auto& D_inverse = data.D_inverse[i];
      auto& u = data.u[i];
      U.noalias() = Ia * S;
      D_inverse = (S.transpose() * U).inverse();
      u = tau.segment(joint.v_index, joint.nv) - S.transpose() * pa;
      Ia.noalias() -= U * D_inverse * U.transpose();
      pa.noalias() += U * (D_inverse * u);
    }
    if (with_velocity) pa.noalias() += Ia * data.bias_acceleration[i];
    if (parent > 0) {
      const Mat6 X = motion_matrix(data.parent_to_body[i].inverse());  // parent motion -> body motion
      data.articulated_inertia[parent].noalias() += X.transpose() * Ia * X;
      data.articulated_bias[parent] += force_to_parent(data.parent_to_body[i], pa);
    }
  }
  acceleration[0].setZero();
  acceleration[0].tail<3>() = -gravity;  // gravity as an upward acceleration of the world
  for (std::size_t i = 1; i < n; ++i) {
    const Joint& joint = model.bodies[i].joint;
    Vec6 a = motion_to_child(data.parent_to_body[i], acceleration[static_cast<std::size_t>(model.bodies[i].parent)]);
    if (with_velocity) a += data.bias_acceleration[i];
    if (joint.nv == 1) {
      const double acceleration_of_joint = data.D_inverse[i](0, 0) * (data.u[i](0) - data.U[i].col(0).dot(a));
      qdd[joint.v_index] = acceleration_of_joint;
      a += acceleration_of_joint * motion_subspace(joint).col(0);
    } else if (joint.nv > 1) {
      const auto S = motion_subspace(joint);
      auto segment = qdd.segment(joint.v_index, joint.nv);
      segment = data.D_inverse[i] * (data.u[i] - data.U[i].transpose() * a);
      a += S * segment;
    }
    acceleration[i] = a;
  }
}

}  // namespace

void forward_dynamics(const Model& model, Data& data) {
  articulated_body_pass(model, data, true, model.gravity, data.tau, data.external_force, data.qdd,
                        data.acceleration);
}

Eigen::MatrixXd mass_matrix(const Model& model, const Data& data) {
  const std::size_t n = model.bodies.size();
  std::vector<Mat6> composite(n);
  for (std::size_t i = 0; i < n; ++i) composite[i] = model.bodies[i].spatial_inertia;
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(model.nv, model.nv);
  for (std::size_t i = n - 1; i >= 1; --i) {
    const auto parent = static_cast<std::size_t>(model.bodies[i].parent);
    if (parent > 0) {
      const Mat6 X = motion_matrix(data.parent_to_body[i].inverse());
      composite[parent] += X.transpose() * composite[i] * X;
    }
    const Joint& joint = model.bodies[i].joint;
    if (joint.nv == 0) continue;
    Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> F = composite[i] * motion_subspace(joint);
    M.block(joint.v_index, joint.v_index, joint.nv, joint.nv) = motion_subspace(joint).transpose() * F;
    std::size_t j = i;
    while (model.bodies[j].parent > 0) {
      for (int c = 0; c < F.cols(); ++c) F.col(c) = force_to_parent(data.parent_to_body[j], F.col(c));
      j = static_cast<std::size_t>(model.bodies[j].parent);
      const Joint& ancestor = model.bodies[j].joint;
      if (ancestor.nv == 0) continue;
      const Eigen::MatrixXd block = motion_subspace(ancestor).transpose() * F;
      M.block(ancestor.v_index, joint.v_index, ancestor.nv, joint.nv) = block;
      M.block(joint.v_index, ancestor.v_index, joint.nv, ancestor.nv) = block.transpose();
    }
  }
  return M;
}

Eigen::VectorXd inverse_dynamics(const Model& model, const Data& data, const Eigen::VectorXd& qdd) {
  const std::size_t n = model.bodies.size();
  std::vector<Vec6> acceleration(n, Vec6::Zero());
  std::vector<Vec6> force(n, Vec6::Zero());
  acceleration[0].tail<3>() = -model.gravity;
  for (std::size_t i = 1; i < n; ++i) {
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    Vec6 a = motion_to_child(data.parent_to_body[i], acceleration[static_cast<std::size_t>(body.parent)]) +
             data.bias_acceleration[i];
    if (joint.nv > 0) a += motion_subspace(joint) * qdd.segment(joint.v_index, joint.nv);
    acceleration[i] = a;
    const Mat6& I = body.spatial_inertia;
    force[i] = I * a + cross_force(data.velocity[i], I * data.velocity[i]) - data.external_force[i];
  }
  Eigen::VectorXd tau = Eigen::VectorXd::Zero(model.nv);
  for (std::size_t i = n - 1; i >= 1; --i) {
    const Body& body = model.bodies[i];
    if (body.joint.nv > 0) {
      tau.segment(body.joint.v_index, body.joint.nv) = motion_subspace(body.joint).transpose() * force[i];
    }
    if (body.parent > 0) force[static_cast<std::size_t>(body.parent)] += force_to_parent(data.parent_to_body[i], force[i]);
  }
  return tau;
}

void add_point_force(const Data& data, int body, const Vec3& point, const Vec3& force, std::vector<Vec6>& out) {
  if (body == 0) return;
  const BodyMotion& motion = data.motion[static_cast<std::size_t>(body)];
  const Mat3& R = motion.pose.linear();
  Vec6& f = out[static_cast<std::size_t>(body)];
  f.head<3>() += R.transpose() * (point - motion.pose.translation()).cross(force);
  f.tail<3>() += R.transpose() * force;
}

double effective_mass(const Model& model, Data& data, int body_a, const Vec3& point_a, int body_b,
                      const Vec3& point_b, const Vec3& normal) {
  for (Vec6& f : data.probe_force) f.setZero();
  add_point_force(data, body_a, point_a, -normal, data.probe_force);
  add_point_force(data, body_b, point_b, normal, data.probe_force);
  data.probe_qdd.setZero();
  articulated_body_pass(model, data, false, Vec3::Zero(), data.probe_qdd, data.probe_force, data.probe_qdd,
                        data.probe_acceleration);
  // With q̇ = 0 the classical point acceleration is a_lin + α × r (body frame), rotated to world.
  auto point_acceleration = [&](int body, const Vec3& point) -> Vec3 {
    if (body == 0) return Vec3::Zero();
    const BodyMotion& motion = data.motion[static_cast<std::size_t>(body)];
    const Vec6& a = data.probe_acceleration[static_cast<std::size_t>(body)];
    const Vec3 r = motion.pose.linear().transpose() * (point - motion.pose.translation());
    return motion.pose.linear() * (a.tail<3>() + a.head<3>().cross(r));
  };
  // Unit force pair pushes A along −n and B along +n: separation acceleration n·(a_B − a_A) = J_n M⁻¹ J_nᵀ.
  const double inverse_mass = normal.dot(point_acceleration(body_b, point_b) - point_acceleration(body_a, point_a));
  return inverse_mass > 0.0 ? 1.0 / inverse_mass : std::numeric_limits<double>::infinity();
}

}  // namespace contactlab
