// SPDX-License-Identifier: MIT
// The stages of one evaluation, in order: kinematics → contact geometry → contact forces → Jᵀf → dynamics.
#pragma once

#include <span>

#include <Eigen/Core>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {

// Narrowphase and normal velocity for the active pairs (all_pairs = false) or every pair.
void contact_geometry(const Model& model, std::span<const PairState> contacts, bool all_pairs, Data& data);

// Law forces of the active pairs (after contact_geometry), mapped onto the bodies as spatial forces.
void contact_forces(const Model& model, double time, std::span<const PairState> contacts, Data& data);

// Generalized forces of the joints' force elements (springs, dampers, efforts) into data.tau.
void joint_forces(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, Data& data);

// The whole right-hand side at (time, q, v, contacts): leaves q̈ in data.qdd and every active pair's force
// in data.contact_force (joint force elements in data.tau).
void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts, Data& data);

// evaluate() at a State, with the geometry of every pair (for output and inspection).
void forward(const Model& model, const State& state, Data& data);

}  // namespace contactlab
