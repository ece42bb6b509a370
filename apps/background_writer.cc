// SPDX-License-Identifier: MIT
#include "apps/background_writer.h"

#include <algorithm>
#include <cstring>

#include "models/assert.h"

namespace contactlab {
namespace {

// A block holds records: a kind, a count of numbers, the numbers.
enum Record { kPair = 0, kSeriesRow = 1, kContactRow = 2 };

}  // namespace

BackgroundWriter::BackgroundWriter(MakeWriter make_writer) {
  filling_.reserve(kFirstBlockValues);
  free_.reserve(kBlocks + 1);
  thread_ = std::thread(&BackgroundWriter::write_loop, this, std::move(make_writer));
}

BackgroundWriter::~BackgroundWriter() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
    full_count_ = 0;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

double* BackgroundWriter::reserve(std::size_t values) {
  if (filling_.size() + values > filling_.capacity() && !filling_.empty()) hand_over();
  if (values > filling_.capacity()) filling_.reserve(values);  // a row larger than a block: this block grows once
  const std::size_t at = filling_.size();
  filling_.resize(at + values);
  return filling_.data() + at;
}

void BackgroundWriter::hand_over() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return error_ || !free_.empty() || blocks_ < kBlocks; });
  if (error_) {  // nothing more is written; finish() reports why
    filling_.clear();
    return;
  }
  const std::size_t next_size = std::min(2 * filling_.capacity(), kBlockValues);
  CONTACTLAB_ASSERT(full_count_ < full_.size(), "background_writer: more blocks queued than exist");
  full_[(full_first_ + full_count_++) % full_.size()] = std::move(filling_);
  if (!free_.empty()) {
    filling_ = std::move(free_.back());
    free_.pop_back();
  } else {
    filling_ = std::vector<double>();
    ++blocks_;
  }
  filling_.reserve(next_size);  // a reused first block grows once
  filling_.clear();
  lock.unlock();
  changed_.notify_all();
}

void BackgroundWriter::add_pair(const std::string& name) {
  {
    std::lock_guard lock(mutex_);
    pairs_.push_back(name);
  }
  double* record = reserve(3);
  record[0] = kPair;
  record[1] = 1;
  record[2] = static_cast<double>(pairs_.size() - 1);
}

void BackgroundWriter::series_row(std::span<const double> values) {
  double* record = reserve(2 + values.size());
  record[0] = kSeriesRow;
  record[1] = static_cast<double>(values.size());
  std::copy(values.begin(), values.end(), record + 2);
}

void BackgroundWriter::contact_row(double time, int pair, int point, std::span<const double> values) {
  double* record = reserve(5 + values.size());
  record[0] = kContactRow;
  record[1] = static_cast<double>(3 + values.size());
  record[2] = time;
  record[3] = pair;
  record[4] = point;
  std::copy(values.begin(), values.end(), record + 5);
}

void BackgroundWriter::replay(const std::vector<double>& block) {
  for (std::size_t at = 0; at < block.size();) {
    const auto kind = static_cast<Record>(block[at]);
    const auto count = static_cast<std::size_t>(block[at + 1]);
    const double* numbers = block.data() + at + 2;
    if (kind == kPair) {
      std::string name;
      {
        std::lock_guard lock(mutex_);
        name = pairs_[static_cast<std::size_t>(numbers[0])];
      }
      writer_->add_pair(name);
    } else if (kind == kSeriesRow) {
      writer_->series_row(std::span<const double>(numbers, count));
    } else {
      writer_->contact_row(numbers[0], static_cast<int>(numbers[1]), static_cast<int>(numbers[2]),
                           std::span<const double>(numbers + 3, count - 3));
    }
    at += 2 + count;
  }
}

void BackgroundWriter::write_loop(const MakeWriter& make_writer) {
  std::unique_lock lock(mutex_, std::defer_lock);
  try {
    writer_ = make_writer();
  } catch (...) {
    lock.lock();
    error_ = std::current_exception();
    changed_.notify_all();
    return;
  }
  lock.lock();
  while (true) {
    changed_.wait(lock, [&] { return done_ || full_count_ > 0; });
    if (full_count_ == 0) {  // done, everything written
      if (impacts_ == nullptr) return;
      lock.unlock();
      try {
        writer_->finish(*impacts_, *summary_);
      } catch (...) {
        lock.lock();
        error_ = std::current_exception();
      }
      return;
    }
    std::vector<double> block = std::move(full_[full_first_]);
    full_first_ = (full_first_ + 1) % full_.size();
    --full_count_;
    lock.unlock();
    try {
      replay(block);
    } catch (...) {
      lock.lock();
      error_ = std::current_exception();
      full_count_ = 0;
      changed_.notify_all();
      return;
    }
    block.clear();
    lock.lock();
    free_.push_back(std::move(block));
    changed_.notify_all();
  }
}

void BackgroundWriter::end_rows() {
  if (!filling_.empty()) hand_over();
}

void BackgroundWriter::finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) {
  end_rows();
  {
    std::lock_guard lock(mutex_);
    done_ = true;
    impacts_ = &impacts;
    summary_ = &summary;
  }
  changed_.notify_all();
  thread_.join();
  if (error_) std::rethrow_exception(error_);
}

}  // namespace contactlab
