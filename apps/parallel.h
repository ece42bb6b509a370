// SPDX-License-Identifier: MIT
// The thread pool of `compare` and `sweep`: n independent tasks on k threads. Each task writes only its own
// slot of the caller's results, so what the tasks compute does not depend on the scheduling or on k.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace contactlab {

// The default thread count for `tasks` tasks: std::thread::hardware_concurrency() (1 when unknown), capped at
// the number of tasks (at least 1).
int default_thread_count(std::size_t tasks);

// `--threads N` (named `option` in the message): N threads for `tasks` tasks, at most one per task; nullopt: the
// default. N < 1 throws std::invalid_argument ("--threads 0: expected a number of threads ≥ 1"). `compare`, `sweep`
// and the Python module's compare and sweep check it here alike.
int requested_thread_count(const std::optional<int>& requested, std::size_t tasks, const std::string& option = "--threads");

// Runs task(0) … task(count − 1), each exactly once, on up to `threads` threads, and returns when all are done.
// Workers take the next index in turn; with one thread (or one task) the tasks run on the calling thread in
// index order. Returns the number of threads that ran tasks: min(threads, count), or fewer when the system
// cannot start more (the started ones take every task). Throws std::system_error when no thread starts, and
// rethrows the exception of the lowest-numbered task that threw once every task has run.
int run_in_parallel(std::size_t count, int threads, const std::function<void(std::size_t)>& task);

}  // namespace contactlab
