// SPDX-License-Identifier: MIT
// apps/background_records.h: the samples' states handed over by simulate() are evaluated and recorded on the
// recording thread into the same rows, value for value and in the same order, as RunRecords makes from the run's own
// workspace on the simulating thread; every call to the writer (making and finishing it included) is made on that
// one thread; more samples than are in flight (about 1 MB of them: up to 256 small ones, 2 large ones) pass through
// reused slots; errors of the recording thread, making the writer included, come back from finish() and never leave
// the simulation waiting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "apps/background_records.h"
#include "apps/measures.h"
#include "apps/run_records.h"
#include "engine/data.h"
#include "engine/simulate.h"
#include "scenes/scene.h"
#include "tests/apps/recording_writer.h"

namespace contactlab {
namespace {

using test::Calls;
using test::RecordingWriter;

// A library scene, shortened and sampled as given, with its records made twice: by RunRecords on the simulating
// thread from the run's workspace (SampleObserver), and by BackgroundRecords from the states alone (StateObserver).
// Returns the background run's calls; `expected` gets the reference's.
struct Recorded {
  Calls reference;
  Calls background;
  long samples = 0;
};

Recorded record_both(const std::string& file, const std::vector<std::pair<std::string, std::string>>& overrides) {
  SceneOptions options;
  options.variable_overrides = overrides;
  const Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/" + file, options);
  Recorded recorded;
  {
    RecordingWriter writer(recorded.reference);
    RunRecords records(scene, writer);
    Data data(scene.model);
    State state = scene.initial_state;
    const SimulationResult result = simulate(scene.model, state, data, scene.simulation,
                                             [&](const State& s, const Data& d) {
                                               records.sample(s, d);
                                               ++recorded.samples;
                                             });
    EXPECT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
    records.finish();
    writer.finish(result.impacts, {{"scene", scene.name}});
  }
  {
    BackgroundRecords records(scene, [&] { return std::make_unique<RecordingWriter>(recorded.background); });
    Data data(scene.model);
    State state = scene.initial_state;
    const SimulationResult result =
        simulate(scene.model, state, data, scene.simulation, {}, {}, records.observer());
    EXPECT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
    records.finish(result.impacts, {{"scene", scene.name}});
  }
  return recorded;
}

void expect_same_calls(const Recorded& recorded) {
  const std::vector<std::string>& expected = recorded.reference.lines;
  const Calls& calls = recorded.background;
  // Every call, from making the writer to finishing it, on the one recording thread.
  ASSERT_EQ(calls.threads.size(), expected.size() + 1);
  EXPECT_NE(calls.threads.front(), std::this_thread::get_id());
  EXPECT_EQ(std::count(calls.threads.begin(), calls.threads.end(), calls.threads.front()),
            static_cast<long>(calls.threads.size()));
  ASSERT_EQ(calls.lines.size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(calls.lines[k], expected[k]) << "call " << k;
}

// The 70-bead chain: its pairs found by the broadphase during the run (each element's pair bound anew by the
// recording thread's own workspace), a law with per-contact state, thousands of small samples through 16 slots.
TEST(BackgroundRecords, RecordsTheRowsTheRunsWorkspaceGives) {
  const Recorded recorded = record_both("granular_chain_horizontal.yaml", {});
  EXPECT_GT(recorded.samples, 500);
  EXPECT_GT(recorded.reference.lines.size(), 2000u);
  expect_same_calls(recorded);
}

// Friction (the stick flag, the slip, the spin columns) and a box's several points per pair.
TEST(BackgroundRecords, RecordsFrictionAndSeveralPointsAPair) {
  const Recorded recorded = record_both("box_on_ground.yaml", {});
  EXPECT_GT(recorded.samples, 100);
  expect_same_calls(recorded);
}

// 3 000 beads: each state is about a megabyte, so at most two are in flight and the simulation waits for the
// recording thread.
TEST(BackgroundRecords, LargeStatesTwoInFlight) {
  State probe;
  probe.contacts.resize(3000);
  ASSERT_GE(state_bytes(probe), std::size_t{1} << 19);
  const Recorded recorded =
      record_both("granular_chain_horizontal.yaml", {{"beads", "3000"}, {"simulated_time", "1e-5"}, {"gap", "1e-9"}});
  EXPECT_GT(recorded.samples, 10);
  expect_same_calls(recorded);
}

// The measures of a time series (a peak acceleration, the rms of a drive's moment) reduced from every step's state on
// the recording thread, as the step observer reduces them on the simulating thread: the same numbers, bit for bit.
TEST(BackgroundRecords, ReducesTheMeasuresOfEveryStep) {
  for (const char* file : {"slider_crank_ideal.yaml", "impact_1dof.yaml", "two_pendulums.yaml"}) {
    SCOPED_TRACE(file);
    const Scene scene = load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/" + file, SceneOptions{});
    MeasureRecorder on_simulating_thread(scene);
    ASSERT_TRUE(on_simulating_thread.observes_steps());
    SimulationResult reference;
    {
      Data data(scene.model);
      State state = scene.initial_state;
      reference = simulate(scene.model, state, data, scene.simulation, {},
                           [&](const State& s, const Data& d) { on_simulating_thread.observe(s, d); });
    }
    MeasureRecorder on_recording_thread(scene);
    Calls calls;
    BackgroundRecords records(scene, [&calls] { return std::make_unique<RecordingWriter>(calls); },
                              &on_recording_thread);
    Data data(scene.model);
    State state = scene.initial_state;
    const SimulationResult result = simulate(scene.model, state, data, scene.simulation, {}, {}, records.observer());
    records.end_samples();
    const std::vector<MeasureValue> expected = on_simulating_thread.finish(reference);
    const std::vector<MeasureValue> measured = on_recording_thread.finish(result);
    records.finish(result.impacts, {});
    ASSERT_EQ(measured.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      EXPECT_EQ(measured[k].name, expected[k].name);
      EXPECT_TRUE(std::isfinite(expected[k].value)) << expected[k].name;
      EXPECT_EQ(measured[k].value, expected[k].value) << expected[k].name;
    }
  }
}

// Samples of the 70-bead chain, more than are in flight, handed to records whose writer fails.
long run_into(BackgroundRecords& records, const Scene& scene) {
  Data data(scene.model);
  State state = scene.initial_state;
  long samples = 0;
  simulate(scene.model, state, data, scene.simulation, {}, {}, {[&](State& s, bool sample) {
             records.take(s, sample);
             ++samples;
           }});
  return samples;
}

Scene chain() {
  return load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/granular_chain_horizontal.yaml", SceneOptions{});
}

TEST(BackgroundRecords, AnErrorMakingTheWriterComesBackFromFinish) {
  const Scene scene = chain();
  BackgroundRecords records(scene, []() -> std::unique_ptr<RunWriter> { throw std::runtime_error("cannot write x.csv"); });
  EXPECT_GT(run_into(records, scene), 500);  // dropped, the simulation never left waiting
  try {
    records.finish({}, {});
    FAIL() << "finish() did not throw";
  } catch (const std::runtime_error& error) {
    EXPECT_STREQ(error.what(), "cannot write x.csv");
  }
}

TEST(BackgroundRecords, AnErrorWritingARowComesBackFromFinish) {
  const Scene scene = chain();
  Calls calls;
  BackgroundRecords records(scene, [&calls] { return std::make_unique<RecordingWriter>(calls, 100); });
  EXPECT_GT(run_into(records, scene), 500);
  EXPECT_THROW(records.finish({}, {}), std::runtime_error);
  // Nothing after the failing row: the series rows before it, and the pairs and contact rows among them.
  EXPECT_EQ(std::count_if(calls.lines.begin(), calls.lines.end(), [](const std::string& line) {
              return line.rfind("series", 0) == 0;
            }),
            100);
}

// Stopped before finishing (an interrupted or failed run): the thread ends, nothing is finished.
TEST(BackgroundRecords, StoppedWithoutFinishingFinishesNothing) {
  const Scene scene = chain();
  Calls calls;
  {
    BackgroundRecords records(scene, [&calls] { return std::make_unique<RecordingWriter>(calls); });
    run_into(records, scene);
  }
  EXPECT_TRUE(std::none_of(calls.lines.begin(), calls.lines.end(),
                           [](const std::string& line) { return line.rfind("finish", 0) == 0; }));
}

}  // namespace
}  // namespace contactlab
