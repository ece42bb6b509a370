// SPDX-License-Identifier: MIT
// One run of a compiled scene into an output directory, as `run` and each law of `compare` make it: simulate, with
// the records written as samples arrive in the scene's output format (apps/run_writer.h), then the impacts and
// summary.json.
#pragma once

#include <filesystem>
#include <vector>

#include "apps/measures.h"
#include "apps/progress.h"
#include "apps/provenance.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {

struct RunOutput {
  SimulationResult result;
  std::vector<MeasureValue> measures;
  double wall_time_s = 0.0;  // simulate() with the records written as it goes
};

// Writes into `directory` (which must exist); reports the simulated fraction to `progress` as task `task`. Throws on
// I/O errors.
RunOutput run_into_directory(const Scene& scene, const std::filesystem::path& directory, const Provenance& provenance,
                             ProgressBar& progress, int task);

}  // namespace contactlab
