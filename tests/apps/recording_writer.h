// SPDX-License-Identifier: MIT
// A RunWriter for tests that records every call it is handed as a line of text, each number in its shortest
// round-trip form (std::to_chars: two lines are equal exactly when the numbers are), and the thread of every call.
#pragma once

#include <charconv>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "apps/run_writer.h"

namespace contactlab::test {

// What a writer was handed, as text: one line per call.
struct Calls {
  std::vector<std::string> lines;
  std::vector<std::thread::id> threads;  // of every call, making the writer included
};

// Throws "disk full" at its series row number `fail_at_row` (counted from 0), if given.
class RecordingWriter final : public RunWriter {
 public:
  explicit RecordingWriter(Calls& calls, int fail_at_row = -1) : calls_(calls), fail_at_row_(fail_at_row) {
    calls_.threads.push_back(std::this_thread::get_id());
  }
  void add_pair(const std::string& name) override {
    calls_.threads.push_back(std::this_thread::get_id());
    calls_.lines.push_back("pair: " + name);
  }
  void series_row(std::span<const double> values) override {
    calls_.threads.push_back(std::this_thread::get_id());
    if (rows_++ == fail_at_row_) throw std::runtime_error("disk full");
    calls_.lines.push_back("series" + text(values));
  }
  void contact_row(double time, int pair, int point, std::span<const double> values) override {
    calls_.threads.push_back(std::this_thread::get_id());
    const double where[] = {time, static_cast<double>(pair), static_cast<double>(point)};
    calls_.lines.push_back("contact" + text(where) + text(values));
  }
  void finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) override {
    calls_.threads.push_back(std::this_thread::get_id());
    calls_.lines.push_back("finish " + std::to_string(impacts.size()) + " " + summary.dump());
  }

 private:
  static std::string text(std::span<const double> values) {
    std::string line;
    char number[32];
    for (const double v : values) {
      const std::to_chars_result written = std::to_chars(number, number + sizeof(number), v);
      line += ' ';
      line.append(number, written.ptr);
    }
    return line;
  }
  Calls& calls_;
  int fail_at_row_;
  int rows_ = 0;
};

}  // namespace contactlab::test
