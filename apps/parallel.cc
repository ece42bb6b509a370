// SPDX-License-Identifier: MIT
#include "apps/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

namespace contactlab {

int requested_thread_count(const std::optional<int>& requested, std::size_t tasks, const std::string& option) {
  if (!requested) return default_thread_count(tasks);
  if (*requested < 1) throw std::invalid_argument(option + " " + std::to_string(*requested) + ": expected a number of threads ≥ 1");
  return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(*requested), std::max<std::size_t>(tasks, 1)));
}

int default_thread_count(std::size_t tasks) {
  const std::size_t cores = std::max(std::thread::hardware_concurrency(), 1u);
  return static_cast<int>(std::clamp<std::size_t>(cores, 1, std::max<std::size_t>(tasks, 1)));
}

int run_in_parallel(std::size_t count, int threads, const std::function<void(std::size_t)>& task) {
  if (count == 0) return 0;
  const std::size_t wanted = std::min(static_cast<std::size_t>(std::max(threads, 1)), count);
  std::vector<std::exception_ptr> errors(count);
  auto run_one = [&](std::size_t i) {
    try {
      task(i);
    } catch (...) {
      errors[i] = std::current_exception();
    }
  };
  int used = 1;
  if (wanted == 1) {
    for (std::size_t i = 0; i < count; ++i) run_one(i);
  } else {
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
      for (std::size_t i = next++; i < count; i = next++) run_one(i);
    };
    std::vector<std::thread> pool;
    try {
      for (std::size_t t = 0; t < wanted; ++t) pool.emplace_back(worker);
    } catch (const std::exception& error) {
      // Fewer threads than asked is fine (the started ones take every task); none is not.
      if (pool.empty()) throw;
      spdlog::debug("started {} of {} threads: {}", pool.size(), wanted, error.what());
    }
    used = static_cast<int>(pool.size());
    for (std::thread& thread : pool) thread.join();
  }
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  return used;
}

}  // namespace contactlab
