// SPDX-License-Identifier: MIT
// Runs and comparisons, their samples as NumPy arrays; the GIL is released while they run (python/gil_release.h).
#include <chrono>
#include <functional>
#include <optional>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "apps/comparison.h"
#include "apps/impact_columns.h"
#include "apps/law_reduction.h"
#include "apps/measures.h"
#include "apps/parallel.h"
#include "apps/report.h"
#include "apps/sweep_case.h"
#include "engine/run_interruption.h"
#include "models/registry.h"
#include "python/bindings.h"
#include "python/gil_release.h"

namespace contactlab::python {
namespace {

template <typename T>
py::array_t<T> array(const std::vector<T>& values) {
  return py::array_t<T>(static_cast<py::ssize_t>(values.size()), values.data());
}

py::dict impacts_dict(const std::vector<ImpactRecord>& impacts) {
  py::dict columns;
  std::vector<std::string> pair;
  std::vector<int> point;
  std::vector<bool> open;
  for (const ImpactRecord& r : impacts) {
    pair.push_back(r.pair);
    point.push_back(r.point);
    open.push_back(r.open);
  }
  columns["pair"] = pair;
  columns["point"] = array(point);
  columns["open"] = py::array(py::cast(open));
  py::dict units;
  for (const ImpactColumn& column : kImpactColumns) {
    std::vector<double> values;
    for (const ImpactRecord& r : impacts) values.push_back(column.value(r));
    columns[py::str(std::string(column.name))] = array(values);
    units[py::str(std::string(column.name))] = std::string(column.unit);
  }
  py::dict result;
  result["columns"] = columns;
  result["units"] = units;
  return result;
}

// The laws named in `laws` as registry ids (aliases resolved, "all" for every law), checked as `compare --models`
// checks them (resolve_laws): ValueError for an unknown, empty or repeated law.
std::vector<std::string> law_ids_of(const std::vector<std::string>& laws) {
  std::string list;
  for (const std::string& name : laws) list += (list.empty() ? "" : ",") + name;
  return resolve_laws(list, LawKind::kNormal, "laws");
}

// Runs the scene `load(law)` gives once per law of `laws`, in parallel (`load("")`: the scene as written, whose
// refusal is raised: a broken scene is bad input, not a column of failed laws); comparison.csv's text, the law ids,
// each law's run (None when it could not run) and why not. Called with the GIL held.
py::tuple compare_laws(const std::function<Scene(const std::string& law)>& load, const std::vector<std::string>& laws,
                       const std::optional<int>& threads) {
  const Scene scene = load("");
  std::vector<LawRun> runs;
  for (const std::string& id : law_ids_of(laws)) {
    runs.emplace_back();
    runs.back().law = id;
  }
  std::vector<std::optional<RunOutcome>> outcomes(runs.size());
  const int workers = requested_thread_count(threads, runs.size(), "threads");
  // One law: compile the scene with it and run it; a law that does not compile is recorded, not raised.
  auto run_law = [&](std::size_t i) {
    LawRun& run = runs[i];
    std::shared_ptr<Scene> law_scene;
    try {
      law_scene = std::make_shared<Scene>(load(run.law));
    } catch (const SceneError& error) {
      run.status = LawRunStatus::kNotRun;
      run.reason = error.key_path().empty() ? error.problem() : error.key_path() + ": " + error.problem();
      return;
    }
    run.parameters = law_parameter_text(*law_scene);
    run.calibration = calibration_text(*law_scene, false);
    run.stiffness = linear_stiffness_text(*law_scene);
    run.same_as = elastic_equivalent(*law_scene);
    run.rubs = scene_has_friction(*law_scene);
    run.notes = law_scene->notes;
    outcomes[i].emplace(run_recorded(law_scene));
    run.result = outcomes[i]->result;
    run.measures = outcomes[i]->measures;
    run.status = run.result.status == SimulationStatus::kCompleted ? LawRunStatus::kCompleted
                                                                   : LawRunStatus::kNumericalError;
    run.reason = run.result.message;
  };
  run_without_gil([&] {
    run_in_parallel(runs.size(), workers, [&](std::size_t i) { with_thread_state([&] { run_law(i); }); });
  });
  py::list per_law;
  for (const std::optional<RunOutcome>& outcome : outcomes) {
    per_law.append(outcome ? py::object(outcome_dict(*outcome)) : py::object(py::none()));
  }
  py::list labels, reasons;
  for (const LawRun& run : runs) {
    labels.append(run.law);
    reasons.append(run.reason);
  }
  return py::make_tuple(comparison_csv(scene, runs), labels, per_law, reasons);
}

}  // namespace

RunOutcome run_recorded(std::shared_ptr<const Scene> scene) {
  RunOutcome outcome{scene, RunRecording(*scene), {}, {}, 0.0};
  Data data(scene->model);
  State state = scene->initial_state;
  MeasureRecorder measures(*scene);
  const auto start = std::chrono::steady_clock::now();
  outcome.result = simulate(
      scene->model, state, data, scene->simulation, [&](const State& s, const Data& d) { outcome.recording.observe(s, d); },
      measure_observer(measures));
  if (stop_requested()) throw SweepInterrupted("interrupted");
  include_sample_balance(outcome.result, outcome.recording.balance);  // as `contactlab run` reports it
  outcome.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  outcome.measures = measures.finish(outcome.result);
  return outcome;
}

py::dict outcome_dict(const RunOutcome& outcome) {
  const RunRecording& recording = outcome.recording;
  const SimulationResult& result = outcome.result;
  py::dict d;
  d["scene"] = outcome.scene->name;
  d["status"] = result.status == SimulationStatus::kCompleted ? "completed" : "numerical_trouble";
  d["message"] = result.message;
  d["diagnostics"] = result.diagnostics;
  d["end_time"] = result.end_time;
  d["wall_time_s"] = outcome.wall_time_s;
  d["touches"] = result.touches;
  d["energy"] = py::dict(py::arg("initial_energy") = result.initial_energy,
                         py::arg("max_energy_balance_error") = result.max_energy_balance_error,
                         py::arg("energy_scale") = result.energy_scale,
                         py::arg("max_energy_rise") = result.max_energy_rise);
  d["stats"] = py::dict(py::arg("steps") = result.stats.steps, py::arg("step_attempts") = result.stats.step_attempts,
                        py::arg("error_test_failures") = result.stats.error_test_failures,
                        py::arg("rhs_evaluations") = result.stats.rhs_evaluations,
                        py::arg("root_evaluations") = result.stats.root_evaluations,
                        py::arg("events") = result.stats.events, py::arg("resting_steps") = result.stats.resting_steps);
  std::vector<std::string> names, units;
  std::vector<bool> written;
  for (const SeriesColumn& column : recording.columns) {
    names.push_back(column.name);
    units.push_back(column.unit);
    written.push_back(column.written);
  }
  py::array_t<double> series({static_cast<py::ssize_t>(recording.rows), static_cast<py::ssize_t>(names.size())});
  std::copy(recording.series.begin(), recording.series.end(), series.mutable_data());
  d["series"] = series;
  d["series_columns"] = names;
  d["series_units"] = units;
  d["series_written"] = written;
  py::dict contacts;
  contacts["time"] = array(recording.contacts.time);
  contacts["pair"] = recording.contacts.pair;
  contacts["point"] = array(recording.contacts.point);
  for (std::size_t c = 0; c < recording.contacts.names.size(); ++c) {
    contacts[py::str(recording.contacts.names[c])] = array(recording.contacts.values[c]);
  }
  d["contacts"] = contacts;
  d["impacts"] = impacts_dict(result.impacts);
  py::list measures;
  for (const MeasureValue& m : outcome.measures) measures.append(py::make_tuple(m.name, m.value, m.unit));
  d["measures"] = measures;
  return d;
}

void bind_results(py::module_& m) {
  m.def(
      "run",
      [](std::shared_ptr<Scene> scene) {
        std::optional<RunOutcome> outcome;
        run_without_gil([&] { outcome.emplace(run_recorded(scene)); });
        return outcome_dict(*outcome);
      },
      py::arg("scene"), "Runs a scene as `contactlab run` does; its samples, impacts and measures as a dict.");

  m.def(
      "compare",
      [](const std::string& path, const std::optional<std::string>& text,
         const std::vector<std::pair<std::string, std::string>>& overrides, const std::vector<std::string>& laws,
         const std::optional<int>& threads) {
        return compare_laws(
            [&](const std::string& law) {
              SceneOptions options;
              options.variable_overrides = overrides;
              options.law_override = law;
              // The overrides are checked once, on the scene with its own laws (load("")), as the CLI's compare does.
              options.refuse_unread_overrides = law.empty();
              return text ? load_scene_text(*text, path, options) : load_scene(path, options);
            },
            laws, threads);
      },
      py::arg("path"), py::arg("text"), py::arg("overrides"), py::arg("laws"), py::arg("threads"),
      "Runs the scene once per law, in parallel; comparison.csv's text, the law ids, each law's run (None when it "
      "could not run) and why not.");
  m.def(
      "compare_spec",
      [](const SceneSpec& spec, const std::vector<std::string>& laws, const std::optional<int>& threads) {
        return compare_laws([&](const std::string& law) { return scene_of_spec(spec, law); }, laws, threads);
      },
      py::arg("spec"), py::arg("laws"), py::arg("threads"), "As compare, for a SceneSpec.");
}

}  // namespace contactlab::python
