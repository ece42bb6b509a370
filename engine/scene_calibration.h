// SPDX-License-Identifier: MIT
// The calibration stage, after compiling (engine/compile_scene.h): for each `calibrate` of a specification, the
// value of one law parameter of a compiled pair for which the pair's isolated impact returns the target restitution
// (calibrate_restitution, engine/calibration.h), written into the pair's parameters. A program may run it or not;
// load_scene (scenes/) always does.
//
// A calibration simulates tens of isolated impacts, and `compare` and `sweep` compile the same scene once per run,
// in worker threads: so each result is kept for the life of the process, and a request identical to an earlier one
// (the same law and parameters, stiffness, exponent, effective radius and modulus, tension rule, mass, impact velocity
// and target) takes it without simulating, from any thread; identical requests made at once wait for one search.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/compile_scene.h"

namespace contactlab {

// What one calibration did.
struct CalibrationOutcome {
  std::size_t pair = 0;      // index in ContactModel::pairs
  std::string parameter;
  double value = 0.0;        // the value found
  double restitution = 0.0;  // what the isolated impact returns with it
  int simulations = 0;       // isolated impacts the search ran (when it ran: from_cache means earlier)
  bool from_cache = false;   // an identical request's result, found earlier in this process
};

// Runs `scene.calibrations`, in order, and empties it. Each pair's parameters take the calibrated value; each distinct
// request adds a note "<key path>: calibrated <law> <parameter> = <value> for restitution <target> at <v> m/s
// (achieved <c>, <n> isolated impacts)", ending "…, from the cache)" when found earlier. Throws SpecError at
// `<key path>.calibrate.parameter` when the parameter cannot give the target (calibrate_restitution's
// std::invalid_argument, which the cache keeps too), and at `<key path>.calibrate.restitution` when an isolated
// impact fails (`--calibrate.parameter`, `--calibrate.restitution` for the option's).
std::vector<CalibrationOutcome> calibrate_scene(CompiledScene& scene);

}  // namespace contactlab
