// SPDX-License-Identifier: MIT
// A progress bar on stderr for long runs: drawn by its own thread, only when stderr is a terminal, only
// after the first second (short runs stay silent) and never with -q. Workers report the simulated fraction
// of their task through lock-free slots, so reporting costs nothing in the step loop.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace contactlab {

class ProgressBar {
 public:
  // `tasks` independent tasks (laws of a comparison, or 1 for a run), each reporting a fraction in [0, 1].
  ProgressBar(std::string label, int tasks);
  ~ProgressBar();  // stops drawing and erases the bar
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(int task, double fraction);  // thread-safe
  void finish(int task) { update(task, 1.0); }

  // True when a bar would be drawn: stderr is a terminal and info messages are shown (not -q).
  static bool wanted();

 private:
  void draw_loop();
  void draw(double elapsed_s) const;

  std::string label_;
  int tasks_;
  std::unique_ptr<std::atomic<double>[]> fractions_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool drawn_ = false;
  std::thread drawer_;
};

}  // namespace contactlab
