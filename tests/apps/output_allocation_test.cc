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
#include "engine/data.h"
#include "engine/simulate.h"
#include "tests/apps/recording_writer.h"
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

// The states handed to the recording thread come back to the simulating thread to be filled again: a ring of slots
// holding about kRecordBytesInFlight (1 MB) of states in all, not one state for each of the kRecordSlots (256) slots.
// A thousand samples of the 70-bead chain in contact (some 24 kB each, about 40 in flight) handed over as the run's
// sampler hands them, each filled again from the run's state: the simulating thread allocates about 1 MB, at most
// 1 MB and one state more (before the ring was bounded: 256 states, 6.3 MB).
TEST(OutputAllocation, HandedOverStatesReuseAboutAMegabyteOfSlots) {
  const Scene scene =
      load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/granular_chain_horizontal.yaml", SceneOptions{});
  State in_contact;
  {
    Data data(scene.model);
    State state = scene.initial_state;
    simulate(scene.model, state, data, scene.simulation, {}, {}, {[&](State& s, bool) {
               if (in_contact.contacts.empty() && s.time >= 5e-5) in_contact = s;
             }});
  }
  ASSERT_EQ(in_contact.contacts.size(), 69u);
  const std::size_t bytes = state_bytes(in_contact);
  ASSERT_GT(states_in_flight(bytes), 20u);
  test::Calls calls;
  BackgroundRecords records(scene, [&calls] { return std::make_unique<test::RecordingWriter>(calls); });
  State sample;
  const long long before = test::thread_bytes;
  for (int k = 0; k < 1000; ++k) {
    // What Sampler::evaluate does with the vectors the last hand-over left in `sample`.
    sample.time = in_contact.time;
    sample.q = in_contact.q;
    sample.v = in_contact.v;
    sample.absorbed_work = in_contact.absorbed_work;
    sample.dynamic_pairs = in_contact.dynamic_pairs;
    sample.contacts = in_contact.contacts;
    records.take(sample, k % 2 == 0);
  }
  const long long allocated = test::thread_bytes - before;
  records.finish({}, {});
  EXPECT_LE(allocated, static_cast<long long>(kRecordBytesInFlight + bytes));
  EXPECT_GE(allocated, static_cast<long long>(kRecordBytesInFlight / 2));
}

}  // namespace
}  // namespace contactlab
