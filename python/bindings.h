// SPDX-License-Identifier: MIT
// The extension module contactlab._core, one file per part of the API (bind_*.cc); the package around it
// (contactlab/__init__.py) turns what these return into DataFrames.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "apps/measures.h"
#include "engine/simulate.h"
#include "python/run_recording.h"
#include "scenes/scene.h"

namespace contactlab::python {

namespace py = pybind11;

// What SceneError names as the file of a SceneSpec's refusal: a spec has no file, line or column.
inline constexpr const char* kSpecFile = "<SceneSpec>";

// `spec` compiled (with `law` as every contact's law when not empty) and calibrated; a SpecError becomes a SceneError
// at its key path.
Scene scene_of_spec(const SceneSpec& spec, const std::string& law);

// A run of a compiled scene as `contactlab run` makes it (the same observer calls), its samples kept in memory.
struct RunOutcome {
  std::shared_ptr<const Scene> scene;
  RunRecording recording;
  SimulationResult result;
  std::vector<MeasureValue> measures;
  double wall_time_s = 0.0;
};

// Runs `scene` (no GIL needed); throws SweepInterrupted when request_stop() ended it (engine/run_interruption.h).
RunOutcome run_recorded(std::shared_ptr<const Scene> scene);

// The outcome as a dict of NumPy arrays, lists and numbers (contactlab.Result's fields). Needs the GIL.
py::dict outcome_dict(const RunOutcome& outcome);

void bind_spec(py::module_& m);     // the SceneSpec classes
void bind_scene(py::module_& m);    // SceneError, Scene (from_spec), load, load_text
void bind_results(py::module_& m);  // run, compare
void bind_models(py::module_& m);   // models_json, friction_models_json
void bind_sweep(py::module_& m);    // plan_sweep, run_case, run_cases, failed_case, collect_sweep
void bind_python_law(py::module_& m);  // register_law

}  // namespace contactlab::python
