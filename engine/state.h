// SPDX-License-Identifier: MIT
// The minimal copyable state of a simulation: what a checkpoint holds. Copying it restarts a run exactly.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "contact/contact_model.h"

namespace contactlab {

struct Model;

struct State {
  double time = 0.0;                  // [s]
  Eigen::VectorXd q;                  // generalized coordinates
  Eigen::VectorXd v;                  // generalized velocities
  // The run's pair table is the model's compiled pairs followed by these, found by the broadphase.
  std::vector<PairKey> dynamic_pairs;
  std::vector<PairState> contacts;    // one per pair of the table
  Eigen::VectorXd absorbed_work;      // ∫ F δ̇ dt per pair of the table since t = 0 [J] (the energy ledger)
  double retired_work = 0.0;          // ∫ F δ̇ dt of the pairs that have left the table [J]: still in the ledger
  double joint_work = 0.0;            // work of the joints' dampers, efforts and drives on the bodies since t = 0 [J]
};

// A state at rest at q = 0, sized for the model.
State make_state(const Model& model);

}  // namespace contactlab
