// SPDX-License-Identifier: MIT
// Dynamics of the tree, after forward_kinematics: forward dynamics in O(n) (articulated-body algorithm),
// and the dense mass matrix and inverse dynamics used to check it.
#pragma once

#include <Eigen/Core>

#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

// Which inputs carry the forces on sliders (Model::sliders): data.external_force and data.slider_force (every
// caller's default), or data.slider_force alone (the right-hand side, whose contact stage puts every force on a
// slider there, so the sliders' spatial entries need not be read or cleared).
enum class SliderForces { kSpatialAndGeneralized, kGeneralizedOnly };

// q̈ from data.tau, data.external_force (body frames) and data.slider_force under model.gravity:
// M(q) q̈ = τ + Jᵀf − C(q, q̇), the driven joints' q̈ being data.drive_qdd and their τ unknown (hybrid dynamics).
// Writes data.qdd, for the tree bodies data.acceleration, and for the driven joints data.drive_force (their τ).
void forward_dynamics(const Model& model, Data& data, SliderForces sliders = SliderForces::kSpatialAndGeneralized);

// The same with q̈ written to `qdd`.
void forward_dynamics(const Model& model, Data& data, SliderForces sliders, Eigen::Ref<Eigen::VectorXd> qdd);

// Dense joint-space mass matrix M(q) (composite-rigid-body algorithm), nv × nv.
Eigen::MatrixXd mass_matrix(const Model& model, const Data& data);

// Generalized forces τ such that M q̈ + C(q, q̇) = τ + Jᵀf, for the external forces in data.external_force
// (recursive Newton–Euler).
Eigen::VectorXd inverse_dynamics(const Model& model, const Data& data, const Eigen::VectorXd& qdd);

// Adds a world-frame force acting at a world point of a body: to `spatial` (body frame) for tree bodies, to
// `slider_force` (along the axis) for sliders.
void add_point_force(const Model& model, const Data& data, int body, const Vec3& point, const Vec3& force,
                     std::vector<Vec6>& spatial, Eigen::VectorXd& slider_force);

// The response to a unit force pair, `direction` on body B at point_b and its opposite on body A at point_a (world
// points and direction), at q̇ = 0 without gravity: M⁻¹Jᵀ into data.probe_qdd and the tree bodies' spatial
// accelerations into data.probe_acceleration, the driven joints locked (their q̈ zero; the generalized force each
// drive takes in data.probe_drive_force). O(n): one articulated-body pass.
void unit_force_response(const Model& model, Data& data, int body_a, const Vec3& point_a, int body_b,
                         const Vec3& point_b, const Vec3& direction);

// The same for a unit torque pair: `direction` on body B and its opposite on body A (world direction).
void unit_torque_response(const Model& model, Data& data, int body_a, int body_b, const Vec3& direction);

// The response to the forces in data.probe_force (body frames) and data.probe_slider_force, at q̇ = 0 without
// gravity: M⁻¹ of them into data.probe_qdd and the tree bodies' spatial accelerations into data.probe_acceleration.
void probe_response(const Model& model, Data& data);

// The world acceleration of a body's point (a world point, moving with the body), from the generalized
// accelerations `qdd` and the tree bodies' spatial accelerations `acceleration` (body frames): R(a + α × r), plus
// ω × v_P and gravity when `with_velocity` (the classical acceleration from forward_dynamics, at the body's velocity
// in data; without them, the response at q̇ = 0 of unit_force_response). Zero on the world.
Vec3 point_acceleration(const Model& model, const Data& data, const double* qdd, const std::vector<Vec6>& acceleration,
                        int body, const Vec3& point, bool with_velocity);

// Effective mass along `normal` of the relative motion of two body points, m_eff = 1/(J_n M⁻¹ J_nᵀ) with
// J_n q̇ = n·(v_PA − v_PB), computed in O(n) by pushing a unit force pair through the articulated-body
// algorithm. Infinite when neither point can move along the normal.
double effective_mass(const Model& model, Data& data, int body_a, const Vec3& point_a, int body_b,
                      const Vec3& point_b, const Vec3& normal);

}  // namespace contactlab
