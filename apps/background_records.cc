// SPDX-License-Identifier: MIT
#include "apps/background_records.h"

#include <algorithm>
#include <utility>

#include "apps/run_records.h"
#include "engine/data.h"
#include "engine/forward.h"

namespace contactlab {

std::size_t state_bytes(const State& state) {
  const auto vector_bytes = static_cast<std::size_t>(state.q.size() + state.v.size() + state.absorbed_work.size());
  return sizeof(State) + sizeof(double) * vector_bytes + sizeof(PairKey) * state.dynamic_pairs.size() +
         sizeof(PairState) * state.contacts.size();
}

std::size_t states_in_flight(std::size_t bytes) {
  return std::clamp(kRecordBytesInFlight / std::max<std::size_t>(bytes, 1), std::size_t{2}, kRecordSlots);
}

BackgroundRecords::BackgroundRecords(const Scene& scene, MakeWriter make_writer, MeasureRecorder* measures)
    : scene_(scene), measures_(measures) {
  thread_ = std::thread(&BackgroundRecords::record_loop, this, std::move(make_writer));
}

BackgroundRecords::~BackgroundRecords() {
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

StateObserver BackgroundRecords::observer() {
  return {[this](State& state, bool sample) { take(state, sample); }, measures_ != nullptr};
}

void BackgroundRecords::take(State& state, bool sample) {
  std::unique_lock lock(mutex_);
  if (error_) return;  // nothing more is recorded; finish() reports why
  const std::size_t in_flight = states_in_flight(state_bytes(state));
  // The ring's length follows the states' size: changed only while it is empty (the recording thread then holds no
  // slot), and only by a factor of two, so that states of a varying size do not reallocate slots at every change.
  // The slots it no longer uses let their states go.
  if (count_ == 0 && (ring_ == 0 || in_flight > 2 * ring_ || 2 * in_flight < ring_)) {
    for (std::size_t k = in_flight; k < ring_; ++k) slots_[k] = State{};
    ring_ = in_flight;
    first_ = 0;
  }
  limit_ = std::min(in_flight, ring_);
  if (count_ >= limit_) {
    // Behind: wait until half the samples allowed are free again, not for each one.
    simulator_waiting_ = true;
    changed_.wait(lock, [&] { return error_ || 2 * count_ <= limit_; });
    simulator_waiting_ = false;
    if (error_) return;
  }
  const std::size_t slot = (first_ + count_) % ring_;
  std::swap(slots_[slot], state);
  samples_[slot] = sample;
  ++count_;
  const bool wake = recorder_waiting_ && count_ >= high_water();
  if (wake) recorder_waiting_ = false;  // woken once
  lock.unlock();
  if (wake) changed_.notify_all();
}

void BackgroundRecords::end_samples() {
  std::unique_lock lock(mutex_);
  ended_ = true;
  changed_.notify_all();
  changed_.wait(lock, [&] { return recorded_ || error_; });
}

void BackgroundRecords::finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) {
  {
    std::lock_guard lock(mutex_);
    ended_ = true;
    impacts_ = &impacts;
    summary_ = &summary;
  }
  changed_.notify_all();
  thread_.join();
  if (error_) std::rethrow_exception(error_);
}

void BackgroundRecords::record_loop(const MakeWriter& make_writer) {
  std::unique_lock lock(mutex_, std::defer_lock);
  try {
    const std::unique_ptr<RunWriter> writer = make_writer();
    Data data(scene_.model);
    RunRecords records(scene_, *writer);
    lock.lock();
    while (true) {
      recorder_waiting_ = true;
      changed_.wait_for(lock, kPoll, [&] { return stopped_ || ended_ || count_ >= high_water(); });
      recorder_waiting_ = false;
      if (stopped_) return;
      if (count_ == 0) {
        if (ended_) break;  // every sample recorded
        continue;
      }
      while (count_ > 0) {
        const State& state = slots_[first_];
        const bool sample = samples_[first_];
        lock.unlock();
        forward(scene_.model, state, data);
        if (measures_ != nullptr) measures_->observe(state, data);
        if (sample) records.sample(state, data);
        lock.lock();
        first_ = (first_ + 1) % ring_;
        --count_;
        if (stopped_) return;
        if (simulator_waiting_ && 2 * count_ <= limit_) changed_.notify_all();
      }
    }
    lock.unlock();
    records.finish();
    lock.lock();
    balance_ = records.balance();
    recorded_ = true;
    changed_.notify_all();
    changed_.wait(lock, [&] { return stopped_ || impacts_ != nullptr; });
    if (stopped_) return;
    lock.unlock();
    writer->finish(*impacts_, *summary_);
  } catch (...) {
    if (!lock.owns_lock()) lock.lock();
    error_ = std::current_exception();
    count_ = 0;
    changed_.notify_all();
  }
}

}  // namespace contactlab
