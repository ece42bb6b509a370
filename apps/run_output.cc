// SPDX-License-Identifier: MIT
#include "apps/run_output.h"

#include <chrono>

#include "apps/background_writer.h"
#include "apps/report.h"
#include "apps/run_records.h"
#include "apps/run_writer.h"
#include "engine/data.h"

namespace contactlab {

SampleObserver measure_observer(MeasureRecorder& measures) {
  if (!measures.observes_steps()) return {};
  return [&measures](const State& s, const Data& d) { measures.observe(s, d); };
}

RunOutput run_into_directory(const Scene& scene, const std::filesystem::path& directory, const Provenance& provenance,
                             ProgressBar& progress, int task) {
  Data data(scene.model);
  State state = scene.initial_state;
  const double start_time = state.time;
  const double duration = scene.simulation.duration;
  // Written on a thread of its own while the run goes on.
  BackgroundWriter writer([&scene, &directory] {
    return make_run_writer(scene.output_format, directory, RunRecords::layout(scene));
  });
  RunRecords records(scene, writer);
  MeasureRecorder measures(scene);
  const auto start = std::chrono::steady_clock::now();
  RunOutput output;
  output.result = simulate(
      scene.model, state, data, scene.simulation,
      [&](const State& s, const Data& d) {
        records.sample(s, d);
        progress.update(task, (s.time - start_time) / duration);
      },
      measure_observer(measures));
  records.finish();
  writer.end_rows();
  output.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  output.measures = measures.finish(output.result);
  progress.finish(task);
  writer.finish(output.result.impacts,
                 summary_document(scene, output.result, output.measures, output.wall_time_s, provenance));
  return output;
}

}  // namespace contactlab
