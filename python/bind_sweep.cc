// SPDX-License-Identifier: MIT
// A sweep's cases as JSON texts (apps/sweep_case.h): planned here, run anywhere (threads of this process, Dask
// workers), assembled into the tables `contactlab sweep` writes.
#include <pybind11/stl.h>

#include "apps/output_files.h"
#include "apps/parallel.h"
#include "apps/sweep_case.h"
#include "python/bindings.h"
#include "python/gil_release.h"

namespace contactlab::python {
namespace {

SweepPlan plan_of(const std::string& plan_json) { return sweep_plan_from_json(nlohmann::ordered_json::parse(plan_json)); }

std::size_t checked_index(const SweepPlan& plan, std::size_t index) {
  if (index >= sweep_size(plan.setup.variables)) {
    throw py::index_error("case " + std::to_string(index) + " of a sweep of " +
                          std::to_string(sweep_size(plan.setup.variables)) + " cases");
  }
  return index;
}

}  // namespace

void bind_sweep(py::module_& m) {
  // Registered with its translator: a bad sweep argument raises SweepArgumentError (a ValueError), not a bare
  // ValueError.
  py::register_exception<SweepArgumentError>(m, "SweepArgumentError", PyExc_ValueError);
  m.def(
      "plan_sweep",
      [](const std::string& scene_file, const std::string& model, const std::vector<std::string>& overrides,
         const std::vector<std::string>& varies) {
        return json_text(sweep_plan_json(make_sweep_plan(scene_file, model, overrides, varies)));
      },
      py::arg("scene_file"), py::arg("model"), py::arg("overrides"), py::arg("varies"),
      "Checks a sweep as `contactlab sweep` does and returns its plan (plan.json's text). overrides are NAME=VALUE, "
      "varies NAME=VALUES as --vary takes them.");
  m.def(
      "case_count", [](const std::string& plan_json) { return sweep_size(plan_of(plan_json).setup.variables); },
      py::arg("plan"));
  m.def(
      "run_case",
      [](const std::string& plan_json, std::size_t index) {
        const SweepPlan plan = plan_of(plan_json);
        checked_index(plan, index);
        SweepRun run;
        run_without_gil([&] { run = run_sweep_case(plan, index); });
        return json_text(sweep_run_json(run));
      },
      py::arg("plan"), py::arg("index"),
      "Runs case `index` (0-based) of a plan; its outcome as JSON text (a `run-case` file's content).");
  m.def(
      "run_cases",
      [](const std::string& plan_json, const std::optional<int>& threads) {
        const SweepPlan plan = plan_of(plan_json);
        const std::size_t count = sweep_size(plan.setup.variables);
        std::vector<SweepRun> runs(count);
        const int workers = requested_thread_count(threads, count, "threads");
        run_without_gil([&] {
          run_in_parallel(count, workers, [&](std::size_t i) { with_thread_state([&] { runs[i] = run_sweep_case(plan, i); }); });
        });
        std::vector<std::string> texts;
        for (const SweepRun& run : runs) texts.push_back(json_text(sweep_run_json(run)));
        return texts;
      },
      py::arg("plan"), py::arg("threads"),
      "Runs every case of a plan on threads of this process (None: the hardware's; fewer than 1: ValueError).");
  m.def(
      "failed_case",
      [](const std::string& plan_json, std::size_t index, const std::string& message) {
        const SweepPlan plan = plan_of(plan_json);
        const std::vector<std::size_t> point = sweep_point(plan.setup.variables, checked_index(plan, index));
        SweepRun run;
        for (std::size_t v = 0; v < point.size(); ++v) run.values.push_back(plan.setup.variables[v].values[point[v]]);
        run.status = SweepRunStatus::kFailed;
        run.message = message;
        return json_text(sweep_run_json(run));
      },
      py::arg("plan"), py::arg("index"), py::arg("message"),
      "The outcome of a case that never reported (its worker died): status failed, with the case's values.");
  m.def(
      "collect_sweep",
      [](const std::string& plan_json, const std::vector<std::string>& cases) {
        const SweepPlan plan = plan_of(plan_json);
        if (cases.size() != sweep_size(plan.setup.variables)) throw py::value_error("one outcome per case expected");
        std::vector<SweepRun> runs;
        for (const std::string& text : cases) runs.push_back(sweep_run_from_json(nlohmann::ordered_json::parse(text)));
        const Scene scene = sweep_base_scene(plan);
        return py::make_tuple(sweep_csv(plan.setup, runs), sweep_cases_csv(scene, plan.setup, runs),
                              sweep_markdown(scene, plan.setup, runs));
      },
      py::arg("plan"), py::arg("cases"),
      "sweep.csv, sweep_cases.csv and sweep.md's texts from a plan and its cases' outcomes, in case order.");
}

}  // namespace contactlab::python
