// SPDX-License-Identifier: MIT
// Featherstone, Rigid Body Dynamics Algorithms (2008): ABA Table 7.1, CRBA Table 6.2, RNEA Table 5.1, with
// quantities in body frames.
#include "engine/dynamics.h"

#include <limits>
#include <utility>

namespace contactlab {
namespace {

// The world leaves (Model::world_leaves: one coordinate on the world, no children). Their articulated inertia is
// their own, so U = I s and D = sᵀ I s come from the model, nothing passes to a parent, and u = τ − sᵀ p with
// p = v ×* I v − f: on the world v = s q̇ and sᵀ(s ×* I s) = −(s × s)ᵀ I s = 0, so the velocity-product term
// drops out for every one-coordinate joint there. The world's acceleration is (0, −g) (gravity as an upward
// acceleration of the world).
void world_leaf_pass(const Model& model, const Data& data, const Vec3& gravity, const Eigen::VectorXd& tau,
                     const std::vector<Vec6>& external_force, double* qdd, std::vector<Vec6>& acceleration) {
  for (int index : model.world_leaves) {
    const auto i = static_cast<std::size_t>(index);
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    const auto s = joint.subspace.col(0);
    // The world's acceleration in the body frame is (0, a_lin): only its linear half enters (and a Vec6 built
    // from halves would cost a store-forwarding stall on every read).
    const Vec3 linear = -(data.parent_to_body[i].linear().transpose() * gravity);
    const double u = tau[joint.v_index] + s.dot(external_force[i]);
    const double acceleration_of_joint =
        body.subspace_inertia_inverse * (u - body.inertia_subspace.tail<3>().dot(linear));
    qdd[joint.v_index] = acceleration_of_joint;
    Vec6& a = acceleration[i];
    a.head<3>() = acceleration_of_joint * s.head<3>();
    a.tail<3>() = linear + acceleration_of_joint * s.tail<3>();
  }
}

// One articulated-body pass over the tree bodies (the sliders' entries of qdd are left alone): the world leaves
// in closed form, then the rest. `with_velocity` false drops the velocity-product terms (v = 0). The driven joints
// take their q̈ from `prescribed` (at their velocities) and write the force their drive applies to `drive_force`:
// hybrid dynamics (Featherstone 2008, §9.2), a joint of known q̈ passing its whole articulated inertia on.
void tree_pass(const Model& model, Data& data, bool with_velocity, const Vec3& gravity, const Eigen::VectorXd& tau,
               const double* prescribed, const std::vector<Vec6>& external_force, double* qdd,
               std::vector<Vec6>& acceleration, double* drive_force) {
  acceleration[0].setZero();
  acceleration[0].tail<3>() = -gravity;
  world_leaf_pass(model, data, gravity, tau, external_force, qdd, acceleration);
  const std::vector<int>& tree = model.articulated_bodies;
  if (tree.empty()) return;
  for (int index : tree) {
    const auto i = static_cast<std::size_t>(index);
    const Body& body = model.bodies[i];
    if (body.children > 0) data.articulated_inertia[i] = body.spatial_inertia;
    data.articulated_bias[i] = -external_force[i];
    if (with_velocity) data.articulated_bias[i] += cross_force(data.velocity[i], body.spatial_inertia * data.velocity[i]);
  }
  for (auto it = tree.rbegin(); it != tree.rend(); ++it) {
    const auto i = static_cast<std::size_t>(*it);
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    const auto parent = static_cast<std::size_t>(body.parent);
    Mat6 Ia = body.children > 0 ? data.articulated_inertia[i] : body.spatial_inertia;
    Vec6 pa = data.articulated_bias[i];
    if (joint.drive.active()) {
      // Its q̈ is known: nothing projected out, the parent sees I^A whole and p^A + I^A S q̈ (and I^A c below). I^A
      // and p^A stay in data for the forward pass's τ.
      if (body.children == 0) data.articulated_inertia[i] = Ia;
      if (parent == 0) continue;
      pa.noalias() += Ia * (joint.subspace.col(0) * prescribed[joint.v_index]);
    } else if (joint.nv == 1) {
      // One-coordinate joints: S is a 6-vector and D a scalar, so the general dense path's small LU and
      // triangular solves are avoided.
      const Vec6 s = joint.subspace.col(0);
      const Vec6 U = Ia * s;
      const double D_inverse = 1.0 / s.dot(U);
      const double u = tau[joint.v_index] - s.dot(pa);
      data.U[i].col(0) = U;
      data.D_inverse[i](0, 0) = D_inverse;
      data.u[i](0) = u;
      if (parent == 0) continue;  // nothing passes to the world
      Ia.noalias() -= (D_inverse * U) * U.transpose();
      pa += (D_inverse * u) * U;
    } else if (joint.nv > 1) {
      const auto& S = joint.subspace;
      auto& U = data.U[i];
      auto& D_inverse = data.D_inverse[i];
      auto& u = data.u[i];
      U.noalias() = Ia * S;
      D_inverse = (S.transpose() * U).inverse();
      u = tau.segment(joint.v_index, joint.nv) - S.transpose() * pa;
      if (parent == 0) continue;
      Ia.noalias() -= U * D_inverse * U.transpose();
      pa.noalias() += U * (D_inverse * u);
    } else if (parent == 0) {
      continue;
    }
    if (with_velocity) pa.noalias() += Ia * data.bias_acceleration[i];
    const Mat6 X = motion_matrix(data.parent_to_body[i].inverse());  // parent motion -> body motion
    data.articulated_inertia[parent].noalias() += X.transpose() * Ia * X;
    data.articulated_bias[parent] += force_to_parent(data.parent_to_body[i], pa);
  }
  for (int index : tree) {
    const auto i = static_cast<std::size_t>(index);
    const Body& body = model.bodies[i];
    const Joint& joint = body.joint;
    Vec6 a;
    if (body.parent == 0) {
      // The world's acceleration (0, −g) in the body frame; bodies on the world have no velocity-product term.
      a.head<3>().setZero();
      a.tail<3>().noalias() = data.parent_to_body[i].linear().transpose() * acceleration[0].tail<3>();
    } else {
      a = motion_to_child(data.parent_to_body[i], acceleration[static_cast<std::size_t>(body.parent)]);
      if (with_velocity) a += data.bias_acceleration[i];
    }
    if (joint.drive.active()) {
      // τ = Sᵀ(I^A a + p^A): the force that gives the joint its prescribed q̈.
      const double acceleration_of_joint = prescribed[joint.v_index];
      qdd[joint.v_index] = acceleration_of_joint;
      a += acceleration_of_joint * joint.subspace.col(0);
      drive_force[joint.v_index] = joint.subspace.col(0).dot(data.articulated_inertia[i] * a + data.articulated_bias[i]);
    } else if (joint.nv == 1) {
      const double acceleration_of_joint = data.D_inverse[i](0, 0) * (data.u[i](0) - data.U[i].col(0).dot(a));
      qdd[joint.v_index] = acceleration_of_joint;
      a += acceleration_of_joint * joint.subspace.col(0);
    } else if (joint.nv > 1) {
      Eigen::Map<Eigen::VectorXd> segment(qdd + joint.v_index, joint.nv);
      segment = data.D_inverse[i] * (data.u[i] - data.U[i].transpose() * a);
      a += joint.subspace * segment;
    }
    acceleration[i] = a;
  }
}

// The tree, then the sliders: m q̈ = τ + a·f + m a·g along a slider's world axis a (their spatial accelerations are
// not stored: a point of a slider accelerates as a q̈). With `slider_spatial` false the sliders' entries of
// external_force are not read.
void articulated_body_pass(const Model& model, Data& data, bool with_velocity, const Vec3& gravity,
                           const Eigen::VectorXd& tau, const double* prescribed,
                           const std::vector<Vec6>& external_force, const Eigen::VectorXd& slider_force,
                           bool slider_spatial, double* qdd, std::vector<Vec6>& acceleration, double* drive_force) {
  tree_pass(model, data, with_velocity, gravity, tau, prescribed, external_force, qdd, acceleration, drive_force);
  const Sliders& sliders = model.sliders;
  for (std::size_t k = 0; k < sliders.size(); ++k) {
    const int v = sliders.v_index[k];
    double force = tau[v] + slider_force[v];
    if (slider_spatial) {
      const auto i = static_cast<std::size_t>(sliders.body[k]);
      force += model.bodies[i].joint.axis.dot(external_force[i].tail<3>());
    }
    qdd[v] = force * sliders.velocity_inverse_mass[v] + sliders.axis[k].dot(gravity);
  }
}

// The right-hand side's sliders in one pass over q̈, the others' entries zero (for the tree's own to follow):
// q̈ = a·g + f/m with the contact forces f at the sliders' velocities (Data::slider_force), then the force elements'
// τ/m on the sliders that have one.
void slider_accelerations(const Model& model, Data& data, double* qdd) {
  const Sliders& sliders = model.sliders;
  if (data.gravity_qdd_of != model.gravity) {
    data.gravity_qdd = Eigen::VectorXd::Zero(model.nv);
    // (+ 0.0: a·g of −0 is the +0 that a·g + f/m gives an unloaded slider.)
    for (std::size_t k = 0; k < sliders.size(); ++k) {
      data.gravity_qdd[sliders.v_index[k]] = sliders.axis[k].dot(model.gravity) + 0.0;
    }
    data.gravity_qdd_of = model.gravity;
  }
  Eigen::Map<Eigen::VectorXd> accelerations(qdd, model.nv);
  const bool weightless = model.gravity == Vec3::Zero();  // a horizontal chain, space: one load fewer per coordinate
  if (data.loaded_sliders_listed) {
    // Only the listed sliders carry a contact force (the others' f is zero): a·g everywhere, then theirs.
    if (weightless) {
      accelerations.setZero();
    } else {
      accelerations = data.gravity_qdd;
    }
    const double* inverse_mass = sliders.velocity_inverse_mass.data();
    for (int v : data.loaded_sliders) {
      qdd[v] = weightless ? data.slider_force[v] * inverse_mass[v]
                          : data.gravity_qdd[v] + data.slider_force[v] * inverse_mass[v];
    }
  } else if (weightless) {
    accelerations = data.slider_force.cwiseProduct(sliders.velocity_inverse_mass);
  } else {
    accelerations = data.gravity_qdd + data.slider_force.cwiseProduct(sliders.velocity_inverse_mass);
  }
  for (int body : model.force_element_bodies) {
    const int k = model.slider_of_body[static_cast<std::size_t>(body)];
    if (k < 0) continue;
    const int v = sliders.v_index[static_cast<std::size_t>(k)];
    qdd[v] += data.tau[v] * sliders.velocity_inverse_mass[v];
  }
}

}  // namespace

void forward_dynamics(const Model& model, Data& data, SliderForces sliders) {
  forward_dynamics(model, data, sliders, data.qdd);
}

void forward_dynamics(const Model& model, Data& data, SliderForces sliders, Eigen::Ref<Eigen::VectorXd> accelerations) {
  // The passes below take q̈ as a pointer: a Ref handed on by value is copied whole from the caller's object, which
  // was written in parts (a store-forwarding stall at every evaluation).
  double* qdd = accelerations.data();
  if (sliders == SliderForces::kSpatialAndGeneralized) {
    articulated_body_pass(model, data, true, model.gravity, data.tau, data.drive_qdd.data(), data.external_force,
                          data.slider_force, true, qdd, data.acceleration, data.drive_force.data());
    return;
  }
  // The sliders' entries first (one pass over all of qdd), then the tree's own.
  if (model.sliders.size() > 0) slider_accelerations(model, data, qdd);  // else the tree's pass writes all of q̈
  if (!model.tree_bodies.empty()) {
    tree_pass(model, data, true, model.gravity, data.tau, data.drive_qdd.data(), data.external_force, qdd,
              data.acceleration, data.drive_force.data());
  }
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
    Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> F = composite[i] * joint.subspace;
    M.block(joint.v_index, joint.v_index, joint.nv, joint.nv) = joint.subspace.transpose() * F;
    std::size_t j = i;
    while (model.bodies[j].parent > 0) {
      for (int c = 0; c < F.cols(); ++c) F.col(c) = force_to_parent(data.parent_to_body[j], F.col(c));
      j = static_cast<std::size_t>(model.bodies[j].parent);
      const Joint& ancestor = model.bodies[j].joint;
      if (ancestor.nv == 0) continue;
      const Eigen::MatrixXd block = ancestor.subspace.transpose() * F;
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
    if (joint.nv > 0) a += joint.subspace * qdd.segment(joint.v_index, joint.nv);
    acceleration[i] = a;
    const Mat6& I = body.spatial_inertia;
    force[i] = I * a + cross_force(data.velocity[i], I * data.velocity[i]) - data.external_force[i];
  }
  Eigen::VectorXd tau = Eigen::VectorXd::Zero(model.nv);
  for (std::size_t i = n - 1; i >= 1; --i) {
    const Body& body = model.bodies[i];
    if (body.joint.nv > 0) {
      tau.segment(body.joint.v_index, body.joint.nv) = body.joint.subspace.transpose() * force[i];
    }
    if (body.parent > 0) force[static_cast<std::size_t>(body.parent)] += force_to_parent(data.parent_to_body[i], force[i]);
  }
  return tau;
}

void add_point_force(const Model& model, const Data& data, int body, const Vec3& point, const Vec3& force,
                     std::vector<Vec6>& spatial, Eigen::VectorXd& slider_force) {
  if (body == 0) return;
  const int slider = model.slider_of_body[static_cast<std::size_t>(body)];
  if (slider >= 0) {
    const auto k = static_cast<std::size_t>(slider);
    slider_force[model.sliders.v_index[k]] += model.sliders.axis[k].dot(force);
    return;
  }
  const BodyMotion& motion = data.motion[static_cast<std::size_t>(body)];
  const Mat3& R = motion.pose.linear();
  Vec6& f = spatial[static_cast<std::size_t>(body)];
  f.head<3>() += R.transpose() * (point - motion.pose.translation()).cross(force);
  f.tail<3>() += R.transpose() * force;
}

namespace {

// The probe's forces cleared where the pass reads them: its sliders' entries, and the tree bodies' spatial ones. A
// slider's spatial entry is never written (its force is its entry of probe_slider_force): a long chain's 10 000 are
// not cleared again at every contact's onset.
void clear_probe_forces(const Model& model, Data& data) {
  for (int b : model.tree_bodies) data.probe_force[static_cast<std::size_t>(b)].setZero();
  data.probe_slider_force.setZero();
}

}  // namespace

void unit_force_response(const Model& model, Data& data, int body_a, const Vec3& point_a, int body_b,
                         const Vec3& point_b, const Vec3& direction) {
  clear_probe_forces(model, data);
  add_point_force(model, data, body_a, point_a, -direction, data.probe_force, data.probe_slider_force);
  add_point_force(model, data, body_b, point_b, direction, data.probe_force, data.probe_slider_force);
  probe_response(model, data);
}

void unit_torque_response(const Model& model, Data& data, int body_a, int body_b, const Vec3& direction) {
  clear_probe_forces(model, data);
  // A slider does not turn: a torque on it moves nothing.
  for (const auto& [body, sign] : {std::pair{body_a, -1.0}, std::pair{body_b, 1.0}}) {
    if (body == 0 || model.slider_of_body[static_cast<std::size_t>(body)] >= 0) continue;
    const Mat3& R = data.motion[static_cast<std::size_t>(body)].pose.linear();
    data.probe_force[static_cast<std::size_t>(body)].head<3>() += sign * (R.transpose() * direction);
  }
  probe_response(model, data);
}

void probe_response(const Model& model, Data& data) {
  data.probe_qdd.setZero();
  // No joint force and the driven joints locked (q̈ = 0: a drive holds its velocity whatever the contact does): the
  // zeroed q̈ serves as both, each entry read before the pass writes it.
  articulated_body_pass(model, data, false, Vec3::Zero(), data.probe_qdd, data.probe_qdd.data(), data.probe_force,
                        data.probe_slider_force, false, data.probe_qdd.data(), data.probe_acceleration,
                        data.probe_drive_force.data());
}

Vec3 point_acceleration(const Model& model, const Data& data, const double* qdd, const std::vector<Vec6>& acceleration,
                        int body, const Vec3& point, bool with_velocity) {
  if (body == 0) return Vec3::Zero();
  const int slider = model.slider_of_body[static_cast<std::size_t>(body)];
  if (slider >= 0) {  // a slider does not rotate: every point accelerates as a q̈
    const auto k = static_cast<std::size_t>(slider);
    return model.sliders.axis[k] * qdd[model.sliders.v_index[k]];
  }
  const BodyMotion& motion = data.motion[static_cast<std::size_t>(body)];
  const Vec6& a = acceleration[static_cast<std::size_t>(body)];
  const Vec3 r = motion.pose.linear().transpose() * (point - motion.pose.translation());
  Vec3 out = motion.pose.linear() * (a.tail<3>() + a.head<3>().cross(r));
  if (with_velocity) {
    // The spatial acceleration's linear part is not the origin's classical acceleration: a_P = a + α × r + ω × v_P.
    // And the tree's accelerations are relative to the world's fictitious −g (gravity as an upward acceleration of
    // the world, forward_dynamics): g added back.
    const Vec3 point_velocity = motion.linear_velocity + motion.angular_velocity.cross(point - motion.pose.translation());
    out += motion.angular_velocity.cross(point_velocity) + model.gravity;
  }
  return out;
}

double effective_mass(const Model& model, Data& data, int body_a, const Vec3& point_a, int body_b,
                      const Vec3& point_b, const Vec3& normal) {
  unit_force_response(model, data, body_a, point_a, body_b, point_b, normal);
  // Unit force pair pushes A along −n and B along +n: separation acceleration n·(a_B − a_A) = J_n M⁻¹ J_nᵀ.
  const double* qdd = data.probe_qdd.data();
  const double inverse_mass =
      normal.dot(point_acceleration(model, data, qdd, data.probe_acceleration, body_b, point_b, false) -
                 point_acceleration(model, data, qdd, data.probe_acceleration, body_a, point_a, false));
  return inverse_mass > 0.0 ? 1.0 / inverse_mass : std::numeric_limits<double>::infinity();
}

}  // namespace contactlab
