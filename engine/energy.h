// SPDX-License-Identifier: MIT
// Energies and the energy ledger. With W_absorbed = Σ ∫ F δ̇ dt over all contacts, the bodies' mechanical
// energy obeys E_bodies(t) + W_absorbed(t) = E_bodies(0) for every law; splitting W_absorbed into the elastic
// energy the laws hold and the rest gives E(t) + W_dissipated(t) = E(0) with E = E_bodies + E_elastic.
#pragma once

#include <span>

#include "engine/data.h"
#include "engine/forward.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {

struct Energy {
  double kinetic = 0.0;        // ½ q̇ᵀ M q̇ [J]
  double gravitational = 0.0;  // −Σ m g·c [J]
  double spring = 0.0;         // ½ k (q − q₀)² of the joint springs [J]
  double elastic = 0.0;        // stored in active contacts, as the laws declare [J]
  double absorbed = 0.0;       // Σ ∫ F δ̇ dt over the contacts [J]
  double joint_work = 0.0;     // work of the joint dampers, efforts and drives on the bodies [J] (dampers: < 0)
  double dissipated() const { return absorbed - elastic; }  // by the contacts
  double total() const { return kinetic + gravitational + spring + elastic; }  // E
  // E + W_dissipated − W_joints − E(0) vanishes for the exact solution.
  double balance() const { return total() + dissipated() - joint_work; }
};

// Element e's elastic energy at `time`, as its law declares it (pair_elastic_energy) for its input rebuilt from its
// geometry and contact state (element_input, engine/forward.h); 0 when inactive [J]. Inline, as the step's checks
// take it of every active element.
inline double element_elastic_energy(const Data& data, const PairState& state, std::size_t e, double time) {
  return pair_elastic_energy(*data.elements[e].pair, state, element_input(data, state, e, time));
}

// After forward(model, state, data) or the right-hand side at state (sliders are taken from state.q, state.v).
Energy energy(const Model& model, const State& state, const Data& data);

// The same when the caller knows which pairs are active (their indices, ascending).
Energy energy(const Model& model, const State& state, const Data& data, std::span<const int> active);

// The same at time t, coordinates q and velocities v with the ledgers given (the step loop's integrated vector,
// without copying it into a State first).
Energy energy(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, double absorbed, double joint_work,
              std::span<const PairState> contacts, const Data& data, std::span<const int> active);

// The same with the contacts' elastic energy given: the sum of pair_elastic_energy over the active elements in
// ascending order, as the step loop's checks take it in their one pass over them.
Energy energy(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q, const Eigen::Ref<const Eigen::VectorXd>& v,
              double absorbed, double joint_work, double elastic, const Data& data);

}  // namespace contactlab
