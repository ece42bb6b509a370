// SPDX-License-Identifier: MIT
#include "apps/progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unistd.h>

#include <spdlog/spdlog.h>

namespace contactlab {
namespace {

constexpr auto kQuietPeriod = std::chrono::seconds(1);        // runs shorter than this show no bar
constexpr auto kRedrawInterval = std::chrono::milliseconds(100);
constexpr int kBarWidth = 30;

}  // namespace

bool ProgressBar::wanted() { return ::isatty(STDERR_FILENO) != 0 && spdlog::should_log(spdlog::level::info); }

ProgressBar::ProgressBar(std::string label, int tasks)
    : label_(std::move(label)),
      tasks_(std::max(tasks, 1)),
      fractions_(new std::atomic<double>[static_cast<std::size_t>(std::max(tasks, 1))]),
      start_(std::chrono::steady_clock::now()) {
  for (int i = 0; i < tasks_; ++i) fractions_[static_cast<std::size_t>(i)].store(0.0, std::memory_order_relaxed);
  if (wanted()) drawer_ = std::thread([this] { draw_loop(); });
}

ProgressBar::~ProgressBar() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (drawer_.joinable()) drawer_.join();
  if (drawn_) {
    std::fputs("\r\033[K", stderr);  // erase the bar so later messages start on a clean line
    std::fflush(stderr);
  }
}

void ProgressBar::update(int task, double fraction) {
  if (task < 0 || task >= tasks_ || !std::isfinite(fraction)) return;
  fractions_[static_cast<std::size_t>(task)].store(std::clamp(fraction, 0.0, 1.0), std::memory_order_relaxed);
}

void ProgressBar::draw_loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (wake_.wait_for(lock, kQuietPeriod, [this] { return stopping_; })) return;
  while (!stopping_) {
    draw(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    drawn_ = true;
    wake_.wait_for(lock, kRedrawInterval, [this] { return stopping_; });
  }
}

void ProgressBar::draw(double elapsed_s) const {
  double sum = 0.0;
  int done = 0;
  for (int i = 0; i < tasks_; ++i) {
    const double fraction = fractions_[static_cast<std::size_t>(i)].load(std::memory_order_relaxed);
    sum += fraction;
    done += fraction >= 1.0 ? 1 : 0;
  }
  const double overall = sum / tasks_;
  const int filled = static_cast<int>(overall * kBarWidth);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(kBarWidth - filled), '-');
  char line[256];
  int length = std::snprintf(line, sizeof(line), "\r%s [%s] %3d%%", label_.c_str(), bar.c_str(),
                             static_cast<int>(overall * 100.0));
  if (tasks_ > 1 && length > 0 && length < static_cast<int>(sizeof(line))) {
    length += std::snprintf(line + length, sizeof(line) - static_cast<std::size_t>(length), "  %d/%d done", done, tasks_);
  }
  if (length > 0 && length < static_cast<int>(sizeof(line))) {
    // A linear extrapolation; good enough to decide whether to wait or get coffee.
    if (overall > 0.02) {
      std::snprintf(line + length, sizeof(line) - static_cast<std::size_t>(length), "  %.0f s, ~%.0f s left\033[K", elapsed_s,
                    elapsed_s * (1.0 - overall) / overall);
    } else {
      std::snprintf(line + length, sizeof(line) - static_cast<std::size_t>(length), "  %.0f s\033[K", elapsed_s);
    }
  }
  std::fputs(line, stderr);
  std::fflush(stderr);
}

}  // namespace contactlab
