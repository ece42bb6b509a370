// SPDX-License-Identifier: MIT
// What output costs: every scene of the library run as `contactlab run` runs it (apps/run_output.h: simulate() with
// its records written as samples arrive, then the impacts and summary.json) against simulate() alone, the two timed
// back to back per scene so that the shared machine's slow swings fall on both alike:
//   BM_SimulateScene/<scene>  simulate() without an observer;
//   BM_RunScene/<scene>       the run with the scene's default outputs (CSV), into a fresh directory;
//   BM_RunSceneHdf5/<scene>   the same run writing results.h5 (output.format: hdf5), for a few scenes.
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
#include "apps/run_output.h"
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
