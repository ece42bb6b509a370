// SPDX-License-Identifier: MIT
#include "apps/concurrent_thread.h"

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <memory>

namespace contactlab {

std::thread start_concurrent_thread(std::function<void()> work) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return std::thread(std::move(work));
  // The thread gives itself all the processors back only after its creator has moved it: otherwise a thread that ran
  // at once could widen its set before the creator narrowed it, and stay narrowed.
  auto placed = std::make_shared<std::atomic<bool>>(false);
  std::thread thread([work = std::move(work), allowed, placed] {
    placed->wait(false);
    sched_setaffinity(0, sizeof allowed, &allowed);
    work();
  });
  cpu_set_t elsewhere = allowed;
  const int here = sched_getcpu();
  if (here >= 0) CPU_CLR(here, &elsewhere);
  if (CPU_COUNT(&elsewhere) > 0) pthread_setaffinity_np(thread.native_handle(), sizeof elsewhere, &elsewhere);
  placed->store(true);
  placed->notify_one();
  return thread;
}

}  // namespace contactlab
