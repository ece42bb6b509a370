// SPDX-License-Identifier: MIT
// What output costs: every scene of the library run as `contactlab run` runs it (apps/run_output.h: simulate() with
// its records written as samples arrive, then the impacts and summary.json) against simulate() alone, the two timed
// back to back per scene so that the shared machine's slow swings fall on both alike:
//   BM_SimulateScene/<scene>  simulate() without an observer;
//   BM_RunScene/<scene>       the run with the scene's default outputs (CSV), into a fresh directory;
//   BM_RunSceneHdf5/<scene>   the same run writing results.h5 (output.format: hdf5), for a few scenes;
//   BM_WriteScene/<scene>     the recording thread's formatting and writing alone: the CSV run's rows, impacts and
//                             summary, recorded beforehand, formatted and written on one thread (counter `numbers`:
//                             the numbers in its rows). Where it exceeds the target's share of simulate(), one
//                             recording thread cannot meet the target however well it overlaps the simulation.
// The workspace, the scene's compilation and the directory's creation and removal are outside the timing. Each
// reports its minimum over repetitions; the simulations report their steps (counter `steps`), the runs the bytes
// they wrote (`bytes`) and the CSV runs their time-series rows (`samples`: each a forward() and a row to write).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "apps/progress.h"
#include "apps/provenance.h"
#include "apps/report.h"
#include "apps/run_output.h"
#include "apps/run_records.h"
#include "apps/run_writer.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

double minimum(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

std::vector<std::filesystem::path> library_scenes() {
  std::vector<std::filesystem::path> scenes;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes")) {
    if (entry.path().extension() == ".yaml") scenes.push_back(entry.path());
  }
  std::sort(scenes.begin(), scenes.end());
  return scenes;
}

std::filesystem::path scratch_directory() {
  return std::filesystem::temp_directory_path() / ("contactlab-output-benchmark-" + std::to_string(::getpid()));
}

std::uintmax_t bytes_in(const std::filesystem::path& directory) {
  std::uintmax_t bytes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) bytes += entry.file_size();
  return bytes;
}

// The rows of a CSV file after its header.
long rows_in(const std::filesystem::path& file) {
  std::ifstream in(file);
  const auto lines = std::count(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n');
  return std::max(0L, static_cast<long>(lines) - 1);
}

void BM_SimulateScene(benchmark::State& bench, const std::filesystem::path& file) {
  const Scene scene = load_scene(file.string());
  SimulationResult result;
  for (auto _ : bench) {
    bench.PauseTiming();
    auto data = std::make_unique<Data>(scene.model);
    State state = scene.initial_state;
    bench.ResumeTiming();
    result = simulate(scene.model, state, *data, scene.simulation);
    benchmark::DoNotOptimize(&result);
    bench.PauseTiming();
    data.reset();
    bench.ResumeTiming();
  }
  if (result.status != SimulationStatus::kCompleted) bench.SkipWithError(result.message.c_str());
  bench.counters["steps"] = static_cast<double>(result.stats.steps);
}

void BM_RunScene(benchmark::State& bench, const std::filesystem::path& file, OutputFormat format) {
  Scene scene = load_scene(file.string());
  scene.output_format = format;
  const Provenance provenance = make_provenance(scene, "contactlab run " + file.string(), {});
  const std::filesystem::path directory = scratch_directory();
  RunOutput output;
  std::uintmax_t bytes = 0;
  long samples = 0;
  for (auto _ : bench) {
    bench.PauseTiming();
    std::filesystem::remove_all(directory);
    std::filesystem::create_directories(directory);
    ProgressBar progress(scene.name, 1);
    bench.ResumeTiming();
    output = run_into_directory(scene, directory, provenance, progress, 0);
    bench.PauseTiming();
    bytes = bytes_in(directory);
    if (format == OutputFormat::kCsv) samples = rows_in(directory / "timeseries.csv");
    bench.ResumeTiming();
  }
  std::filesystem::remove_all(directory);
  if (output.result.status != SimulationStatus::kCompleted) bench.SkipWithError(output.result.message.c_str());
  bench.counters["bytes"] = static_cast<double>(bytes);
  if (format == OutputFormat::kCsv) bench.counters["samples"] = static_cast<double>(samples);
}

// What a run hands its writer, kept to be handed to another: per record its kind, its count of numbers, the numbers.
class RecordedRun final : public RunWriter {
 public:
  void add_pair(const std::string& name) override {
    pairs_.push_back(name);
    records_.insert(records_.end(), {kPair, 0.0});
  }
  void series_row(std::span<const double> values) override {
    records_.insert(records_.end(), {kSeriesRow, static_cast<double>(values.size())});
    records_.insert(records_.end(), values.begin(), values.end());
    numbers_ += static_cast<long>(values.size());
  }
  void contact_row(double time, int pair, int point, std::span<const double> values) override {
    records_.insert(records_.end(), {kContactRow, static_cast<double>(values.size()), time, static_cast<double>(pair),
                                     static_cast<double>(point)});
    records_.insert(records_.end(), values.begin(), values.end());
    numbers_ += 1 + static_cast<long>(values.size());  // the time and the values (pair and point are small integers)
  }
  void finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) override {
    impacts_ = impacts;
    summary_ = summary;
  }

  void replay(RunWriter& writer) const {
    std::size_t pair = 0;
    for (std::size_t at = 0; at < records_.size();) {
      const double kind = records_[at];
      const auto count = static_cast<std::size_t>(records_[at + 1]);
      const double* numbers = records_.data() + at + 2;
      if (kind == kPair) {
        writer.add_pair(pairs_[pair++]);
        at += 2;
      } else if (kind == kSeriesRow) {
        writer.series_row(std::span<const double>(numbers, count));
        at += 2 + count;
      } else {
        writer.contact_row(numbers[0], static_cast<int>(numbers[1]), static_cast<int>(numbers[2]),
                           std::span<const double>(numbers + 3, count));
        at += 5 + count;
      }
    }
    writer.finish(impacts_, summary_);
  }
  long numbers() const { return numbers_; }

 private:
  static constexpr double kPair = 0, kSeriesRow = 1, kContactRow = 2;
  std::vector<std::string> pairs_;
  std::vector<double> records_;
  std::vector<ImpactRecord> impacts_;
  nlohmann::ordered_json summary_;
  long numbers_ = 0;
};

// The scene's CSV run, its samples taken as run_into_directory takes them.
std::unique_ptr<RecordedRun> record_run(const Scene& scene, const std::filesystem::path& file) {
  auto recorded = std::make_unique<RecordedRun>();
  Data data(scene.model);
  State state = scene.initial_state;
  RunRecords records(scene, *recorded);
  MeasureRecorder measures(scene);
  const SimulationResult result = simulate(
      scene.model, state, data, scene.simulation, [&](const State& s, const Data& d) { records.sample(s, d); },
      measure_observer(measures));
  records.finish();
  const Provenance provenance = make_provenance(scene, "contactlab run " + file.string(), {});
  recorded->finish(result.impacts, summary_document(scene, result, measures.finish(result), 0.0, provenance));
  return recorded;
}

// The recorded run written again and again (recorded once for the repetitions of a scene).
void BM_WriteScene(benchmark::State& bench, const std::filesystem::path& file) {
  static std::filesystem::path recorded_file;
  static std::unique_ptr<RecordedRun> recorded;
  const Scene scene = load_scene(file.string());
  if (recorded_file != file) {
    recorded.reset();
    recorded = record_run(scene, file);
    recorded_file = file;
  }
  const std::filesystem::path directory = scratch_directory();
  for (auto _ : bench) {
    bench.PauseTiming();
    std::filesystem::remove_all(directory);
    std::filesystem::create_directories(directory);
    bench.ResumeTiming();
    const std::unique_ptr<RunWriter> writer = make_run_writer(OutputFormat::kCsv, directory, RunRecords::layout(scene));
    recorded->replay(*writer);
  }
  std::filesystem::remove_all(directory);
  bench.counters["numbers"] = static_cast<double>(recorded->numbers());
}

// The HDF5 runs: the 70-bead chain and a mechanism.
bool measured_in_hdf5(const std::string& name) {
  return name == "granular_chain_horizontal" || name == "slider_crank_revolute_clearance";
}

void register_benchmarks() {
  for (const std::filesystem::path& file : library_scenes()) {
    const std::string name = file.stem().string();
    auto configure = [](benchmark::internal::Benchmark* b) {
      b->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ComputeStatistics("min", minimum);
    };
    configure(benchmark::RegisterBenchmark(("BM_SimulateScene/" + name).c_str(), BM_SimulateScene, file));
    configure(benchmark::RegisterBenchmark(("BM_RunScene/" + name).c_str(), BM_RunScene, file, OutputFormat::kCsv));
    configure(benchmark::RegisterBenchmark(("BM_WriteScene/" + name).c_str(), BM_WriteScene, file));
    if (measured_in_hdf5(name)) {
      configure(benchmark::RegisterBenchmark(("BM_RunSceneHdf5/" + name).c_str(), BM_RunScene, file, OutputFormat::kHdf5));
    }
  }
}

}  // namespace
}  // namespace contactlab

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  contactlab::register_benchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
