// SPDX-License-Identifier: MIT
// SIGINT and SIGTERM: the process removes its partial output (the staging directories registered here) and
// exits with 128 + the signal's number. A dedicated thread waits for the signals (sigwait), so the cleanup runs
// as ordinary code, not in a signal handler.
#pragma once

#include <filesystem>
#include <mutex>

namespace contactlab {

// Blocks SIGINT and SIGTERM in the calling thread, and in every thread it starts afterwards, and starts the
// thread that handles them. Call once from main, before any other thread starts.
void handle_interruptions();

// Directories to remove if the process is interrupted.
void remove_on_interruption(const std::filesystem::path& directory);
void keep_on_interruption(const std::filesystem::path& directory);

// While the returned lock is held, an interruption waits (a commit of an output directory finishes first).
std::unique_lock<std::mutex> defer_interruptions();
// The command's output directory is in place (called holding defer_interruptions' lock, once its set has replaced
// the old one): an interruption from now on removes nothing and lets the command finish, so that its exit status
// says what is on disk (130 or 143 would say the old set stands).
void mark_output_in_place();

}  // namespace contactlab
