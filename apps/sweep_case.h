// SPDX-License-Identifier: MIT
// A sweep's cases run one by one, anywhere: the plan (the scene's text, --model, --set and the varied values) and each
// case's outcome as JSON documents. `sweep` runs the cases in threads; `sweep --plan DIR`, `run-case DIR --index I`
// and `sweep --collect DIR` run them as separate processes (a Slurm job array, any scheduler); the Python module's
// Dask sweep runs them on a cluster's workers. All assemble the same sweep.csv (docs/output.md, "Sweeps on a cluster").
#pragma once

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apps/sweep.h"
#include "scenes/scene.h"

namespace contactlab {

// What every case of a sweep compiles: the scene file's text when the sweep was planned (a case never rereads the
// file, so an edit after planning cannot mix two scenes in one table) and the setup.
struct SweepPlan {
  SweepSetup setup;        // setup.scene_file: the path as given (messages, the command that reproduces a case)
  std::string scene_text;  // the scene file's content
  std::vector<std::string> arguments;  // the options as given ("--vary restitution=0.1:0.9:9", …), for provenance
};

// Checks a sweep as `sweep` does before it runs anything, and returns its plan: each --set is NAME=VALUE, the scene
// compiles with --model and --set and its measures resolve, the --vary arguments parse (parse_sweep), and every varied
// key path compiles with at least one of its values. Throws SceneError or SweepArgumentError.
SweepPlan make_sweep_plan(const std::string& scene_file, const std::string& law, const std::vector<std::string>& overrides,
                          const std::vector<std::string>& varies);

// --model and --set as SceneOptions (each --set already checked to be NAME=VALUE).
SceneOptions sweep_scene_options(const SweepSetup& setup);

// The scene compiled with --model and --set but without the varied values (name, measures); throws SceneError.
Scene sweep_base_scene(const SweepPlan& plan);

// A case ended by request_stop() (engine/run_interruption.h: Ctrl-C in Python); the sweep stops with it.
struct SweepInterrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Case `index` (0-based; sweep.csv's case is index + 1): the scene compiled with the case's values, simulated, its
// impacts and measures kept. `progress` receives the simulated fraction at every output sample. Throws SweepInterrupted
// when request_stop() ended the run, and nothing else: whatever else stops the case is its status and message, so the
// others go on.
SweepRun run_sweep_case(const SweepPlan& plan, std::size_t index, const std::function<void(double)>& progress = {});

// The documents: a plan (plan.json), a case's outcome (cases/<case>.json). Doubles are written to round trip; NaN and
// infinities, which JSON has not, as the strings "nan", "inf" and "-inf". The readers throw std::runtime_error naming
// what is missing or malformed.
nlohmann::ordered_json sweep_plan_json(const SweepPlan& plan);
SweepPlan sweep_plan_from_json(const nlohmann::ordered_json& document);
nlohmann::ordered_json sweep_run_json(const SweepRun& run);
SweepRun sweep_run_from_json(const nlohmann::ordered_json& document);

}  // namespace contactlab
