// SPDX-License-Identifier: MIT
// A second workspace for the evaluations a run makes beside the state its main workspace describes — the force
// rate's evaluation a little behind a step's end, a contact's closing acceleration a little ahead — so that the main
// one keeps describing the step's end for the checks that follow. Made at the first need, bound to the run's table.
#pragma once

#include <memory>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {

class SpareWorkspace {
 public:
  SpareWorkspace(const Model& model, const State& state) : model_(model), state_(state) {}

  Data& get() {
    if (!data_) {
      data_ = std::make_unique<Data>(model_);
      bind_pairs(model_, state_, *data_);
    }
    return *data_;
  }
  // The run's table changed.
  void rebind() {
    if (data_) bind_pairs(model_, state_, *data_);
  }

 private:
  const Model& model_;
  const State& state_;
  std::unique_ptr<Data> data_;
};

}  // namespace contactlab
