// SPDX-License-Identifier: MIT
// A run's output allocates nothing per sample: its buffers are made when the run starts and grow to the largest row,
// the states handed to the recording thread are reused, and a pair's name is stored once. The 70-bead chain is run
// into a directory at two sampling intervals, in both formats: sampling 16 times as often adds thousands of samples
// and hundreds of thousands of numbers, and must add no more allocations than the states a deeper queue takes.
// Counted through a global operator new in this test binary only.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "apps/background_records.h"
#include "apps/provenance.h"
#include "apps/run_output.h"
#include "tests/engine/counting_new.h"

namespace contactlab {
namespace {

struct Counted {
  long allocations;
  long samples;  // rows of the time series
};

Counted run_chain(const std::string& interval, OutputFormat format) {
  SceneOptions options;
  options.variable_overrides = {{"output.interval", interval}};
  Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/granular_chain_horizontal.yaml", options);
  scene.output_format = format;
  const Provenance provenance = make_provenance(scene, "output_allocation_test", {});
  const std::filesystem::path directory =
      std::filesystem::temp_directory_path() / ("contactlab-output-allocation-" + std::to_string(::getpid()));
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  ProgressBar progress(scene.name, 1);
  long samples = 0;
  const long before = test::allocations.load();
  const RunOutput output = run_into_directory(scene, directory, provenance, progress, 0);
  const long counted = test::allocations.load() - before;
  EXPECT_EQ(output.result.status, SimulationStatus::kCompleted) << output.result.message;
  if (format == OutputFormat::kCsv) {
    std::ifstream timeseries(directory / "timeseries.csv");
    for (std::string line; std::getline(timeseries, line);) ++samples;
    --samples;  // the header
  }
  std::filesystem::remove_all(directory);
  return {counted, samples};
}

TEST(OutputAllocation, SamplesDoNotAllocate) {
  for (const OutputFormat format : {OutputFormat::kCsv, OutputFormat::kHdf5}) {
    const Counted sparse = run_chain("1e-6", format);
    const Counted dense = run_chain("6.25e-8", format);
    if (format == OutputFormat::kCsv) {
      ASSERT_GT(dense.samples, sparse.samples + 5000);
    }
    // The states a deeper queue takes (apps/background_records.h: as many as fit in its bytes in flight, each of
    // five vectors; its queue is a fixed ring), and the few reused blocks of the writing thread behind it (at most
    // 16, apps/background_writer.h); one allocation per sample would add thousands.
    State chain_state;
    chain_state.q.resize(70);
    chain_state.v.resize(70);
    chain_state.absorbed_work.resize(69);
    chain_state.dynamic_pairs.resize(69);
    chain_state.contacts.resize(69);
    const long slots = static_cast<long>(states_in_flight(state_bytes(chain_state)));
    ASSERT_LT(5 * slots + 100, 2000);
    EXPECT_LE(dense.allocations - sparse.allocations, 5 * slots + 100)
        << kOutputFormatNames[static_cast<int>(format)] << ": " << sparse.allocations << " then " << dense.allocations;
  }
}

}  // namespace
}  // namespace contactlab
