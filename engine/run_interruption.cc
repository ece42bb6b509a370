// SPDX-License-Identifier: MIT
#include "engine/run_interruption.h"

#include <atomic>

namespace contactlab {
namespace {

std::atomic<bool> stop{false};

}  // namespace

void request_stop() { stop.store(true); }
void clear_stop() { stop.store(false); }
bool stop_requested() { return stop.load(std::memory_order_relaxed); }

}  // namespace contactlab
