// SPDX-License-Identifier: MIT
// A second workspace for the evaluations a run makes beside the state its main workspace describes — the force
// rate's evaluation a little behind a step's end, a contact's closing acceleration a little ahead — so that the main
// one keeps describing the step's end for the checks that follow. Made at the first need, bound to the run's table
// as the main workspace is, sharing the pairs it compiled (a chain's broadphase pairs are all compiled at run time:
// compiling them all again for the spare cost a 10 000-bead chain's run about 2 % of its instructions).
#pragma once

#include <memory>

#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

class SpareWorkspace {
 public:
  // `main`: the run's workspace, bound to its table before get() or rebind() is called.
  SpareWorkspace(const Model& model, const Data& main) : model_(model), main_(main) {}

  Data& get() {
    if (!data_) {
      data_ = std::make_unique<Data>(model_);
      bind_pairs_like(main_, *data_);
    }
    return *data_;
  }
  // The run's table changed (the main workspace is bound to the new one).
  void rebind() {
    if (data_) bind_pairs_like(main_, *data_);
  }

 private:
  const Model& model_;
  const Data& main_;
  std::unique_ptr<Data> data_;
};

}  // namespace contactlab
