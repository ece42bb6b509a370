// SPDX-License-Identifier: MIT
#include "apps/run_output.h"

#include <chrono>

#include "apps/background_records.h"
#include "apps/background_writer.h"
#include "apps/report.h"
#include "apps/run_records.h"
#include "apps/run_writer.h"
#include "engine/data.h"

namespace contactlab {

RunOutput run_into_directory(const Scene& scene, const std::filesystem::path& directory, const Provenance& provenance,
                             ProgressBar& progress, int task) {
  Data data(scene.model);
  State state = scene.initial_state;
  const double start_time = state.time;
  const double duration = scene.simulation.duration;
  // While the run goes on, a pipeline of two threads: one evaluates the samples (and, for the measures, the steps)
  // and makes the records' numbers, the other formats and writes them. A run with many samples a step is as fast
  // as the slower of the two, not their sum.
  MeasureRecorder measures(scene);
  BackgroundRecords records(
      scene,
      [&scene, &directory] {
        return std::make_unique<BackgroundWriter>([&scene, &directory] {
          return make_run_writer(scene.output_format, directory, RunRecords::layout(scene));
        });
      },
      measures.observes_steps() ? &measures : nullptr);
  const StateObserver to_records = records.observer();
  const StateObserver observer{[&to_records, &progress, task, start_time, duration](State& state, bool sample) {
                                 if (sample) progress.update(task, (state.time - start_time) / duration);
                                 to_records.observe(state, sample);
                               },
                               to_records.steps};
  const auto start = std::chrono::steady_clock::now();
  RunOutput output;
  output.result = simulate(scene.model, state, data, scene.simulation, {}, {}, observer);
  records.end_samples();
  // The largest balance error reported covers the samples written, not only the steps' ends the engine checked.
  include_sample_balance(output.result, records.sample_balance());
  output.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  output.measures = measures.finish(output.result);
  progress.finish(task);
  records.finish(output.result.impacts,
                 summary_document(scene, output.result, output.measures, output.wall_time_s, provenance));
  return output;
}

}  // namespace contactlab
