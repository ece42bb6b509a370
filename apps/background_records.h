// SPDX-License-Identifier: MIT
// A run's records (apps/run_records.h) and measures (apps/measures.h) made, and the records written, on a thread of
// their own, so that neither evaluating the samples nor formatting them adds to the simulation (docs/performance.md,
// "Output"). The simulating thread hands each sample's state over (simulate()'s StateObserver: a swap of vectors, no
// copy), and each step's when a measure reduces a time series; the recording thread evaluates it with forward() in a
// workspace of its own — the numbers the run's own workspace would hold there, forward() being a function of the
// model and the state alone — feeds the measures, turns the samples into rows and writes them, in order, through
// the writer it makes. The writer (its files created and their headers written while the simulation starts) is used on
// that thread alone — libhdf5's error settings, for one, are per thread — and its errors come back from finish().
// Samples in flight: at most kRecordSlots, and no more than about kRecordBytesInFlight of them (two at least, so that
// the two threads overlap); beyond that the simulation waits for the recording thread. The ring has as many slots as
// the states' size allows in flight, and their states are reused: once each slot has been filled, no allocation per
// sample, and the slots hold about kRecordBytesInFlight in all (a ring of all kRecordSlots, each slot keeping the
// last state it held, held 6 MB for the 70-bead chain and 870 MB for 10 000 beads). Waking a thread is a system
// call, and on a virtual machine an interrupt to the other processor (some 10 µs there, as much as a dozen samples of
// a small mechanism): the simulating thread wakes the recording thread only when the queue is three quarters full,
// and the recording thread otherwise looks at the queue every kPoll.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "apps/measures.h"
#include "apps/run_records.h"
#include "apps/run_writer.h"
#include "engine/simulate.h"
#include "engine/state.h"
#include "scenes/scene.h"

namespace contactlab {

inline constexpr std::size_t kRecordSlots = 256;
inline constexpr std::size_t kRecordBytesInFlight = std::size_t{1} << 20;

class BackgroundRecords {
 public:
  using MakeWriter = std::function<std::unique_ptr<RunWriter>()>;
  // `scene` (and `measures`, when given: every state is handed to its observe()) must outlive this.
  BackgroundRecords(const Scene& scene, MakeWriter make_writer, MeasureRecorder* measures = nullptr);
  ~BackgroundRecords();  // stops the thread; what was not finished is dropped with the writer
  BackgroundRecords(const BackgroundRecords&) = delete;
  BackgroundRecords& operator=(const BackgroundRecords&) = delete;

  // simulate()'s StateObserver (with steps when the measures observe them): queues the state, taking its contents
  // (`state` is left with an older state's vectors, for the run to fill again). After an error of the recording
  // thread, states are dropped.
  void take(State& state, bool sample);
  StateObserver observer();
  // After the last state: waits until every state queued is recorded (the measures complete, the writer's rows
  // handed on). Errors wait for finish().
  void end_samples();
  // After end_samples(): the energy balance over the samples recorded (apps/run_records.h).
  const BalanceRange& sample_balance() const { return balance_; }
  // Waits for every sample to be recorded and the writer finished. Rethrows the recording thread's error.
  void finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary);

 private:
  static constexpr std::chrono::microseconds kPoll{500};

  void record_loop(const MakeWriter& make_writer);
  // The queue's length at which the simulating thread wakes the recording thread.
  std::size_t high_water() const { return std::max<std::size_t>(1, 3 * limit_ / 4); }

  const Scene& scene_;
  MeasureRecorder* measures_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::array<State, kRecordSlots> slots_;  // a ring of the first ring_: count_ queued states from first_
  std::array<bool, kRecordSlots> samples_{};  // whether each slot's state is an output sample (else only a step's end)
  std::size_t ring_ = 0;                   // the slots in use: about as many as the states' size allows in flight
  std::size_t first_ = 0;
  std::size_t count_ = 0;
  std::size_t limit_ = kRecordSlots;       // samples allowed in flight, from the size of the last one (at most ring_)
  bool recorder_waiting_ = false;
  bool simulator_waiting_ = false;
  bool ended_ = false;               // no more samples
  bool recorded_ = false;            // ended and every state recorded
  bool stopped_ = false;             // drop everything and return
  // What finish() hands the recording thread to finish its writer with.
  const std::vector<ImpactRecord>* impacts_ = nullptr;
  const nlohmann::ordered_json* summary_ = nullptr;
  std::exception_ptr error_;
  BalanceRange balance_;  // written by the recording thread before it sets recorded_
  std::thread thread_;
};

// The memory a State holds [bytes].
std::size_t state_bytes(const State& state);
// How many states of that size may be in flight to the recording thread.
std::size_t states_in_flight(std::size_t bytes);

}  // namespace contactlab
