// SPDX-License-Identifier: MIT
// Dynamics of the tree, after forward_kinematics: forward dynamics in O(n) (articulated-body algorithm),
// and the dense mass matrix and inverse dynamics used to check it.
#pragma once

#include <Eigen/Core>

#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

// q̈ from data.tau and data.external_force (body frames) under model.gravity: M(q) q̈ = τ + Jᵀf − C(q, q̇).
// Writes data.qdd and data.acceleration.
void forward_dynamics(const Model& model, Data& data);

// Dense joint-space mass matrix M(q) (composite-rigid-body algorithm), nv × nv.
Eigen::MatrixXd mass_matrix(const Model& model, const Data& data);

// Generalized forces τ such that M q̈ + C(q, q̇) = τ + Jᵀf, for the external forces in data.external_force
// (recursive Newton–Euler).
Eigen::VectorXd inverse_dynamics(const Model& model, const Data& data, const Eigen::VectorXd& qdd);

// Adds a world-frame force acting at a world point of a body to data.external_force.
void add_point_force(const Data& data, int body, const Vec3& point, const Vec3& force, std::vector<Vec6>& out);

// Effective mass along `normal` of the relative motion of two body points, m_eff = 1/(J_n M⁻¹ J_nᵀ) with
// J_n q̇ = n·(v_PA − v_PB), computed in O(n) by pushing a unit force pair through the articulated-body
// algorithm. Infinite when neither point can move along the normal.
double effective_mass(const Model& model, Data& data, int body_a, const Vec3& point_a, int body_b,
                      const Vec3& point_b, const Vec3& normal);

}  // namespace contactlab
