// SPDX-License-Identifier: MIT
#include "apps/interruption.h"

#include <csignal>
#include <cstdio>
#include <mutex>
#include <set>
#include <string_view>
#include <thread>
#include <unistd.h>

namespace contactlab {
namespace {

std::mutex registry_mutex;
bool output_in_place = false;  // guarded by registry_mutex
std::set<std::filesystem::path>& registry() {
  static std::set<std::filesystem::path> directories;
  return directories;
}

sigset_t interruption_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  return signals;
}

}  // namespace

void handle_interruptions() {
  const sigset_t signals = interruption_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread([signals] {
    int signal = 0;
    if (sigwait(&signals, &signal) != 0) return;
    bool removed = false;  // a command that writes no output directory (check), or has not opened it yet, removes nothing
    {
      std::lock_guard lock(registry_mutex);
      if (output_in_place) {
        const char message[] = "contactlab: interrupted after its output was in place; finishing\n";
        [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, sizeof(message) - 1);
        return;
      }
      for (const std::filesystem::path& directory : registry()) {
        // Twice: a worker may have created a file in it while the first pass ran.
        for (int pass = 0; pass < 2; ++pass) {
          std::error_code ignored;
          std::filesystem::remove_all(directory, ignored);
        }
        removed = true;
      }
    }
    const std::string_view message =
        removed ? "contactlab: interrupted; partial output removed\n" : "contactlab: interrupted\n";
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message.data(), message.size());
    ::_exit(128 + signal);
  }).detach();
}

void remove_on_interruption(const std::filesystem::path& directory) {
  std::lock_guard lock(registry_mutex);
  registry().insert(directory);
}

void keep_on_interruption(const std::filesystem::path& directory) {
  std::lock_guard lock(registry_mutex);
  registry().erase(directory);
}

std::unique_lock<std::mutex> defer_interruptions() { return std::unique_lock(registry_mutex); }

void mark_output_in_place() { output_in_place = true; }

}  // namespace contactlab
