// SPDX-License-Identifier: MIT
// A thread that runs beside its creator from its start. Linux places a new thread on its creator's processor, and
// only a later load balance moves it to an idle one: on the 2-core virtual machine of docs/performance.md, a thread
// started beside a busy creator shared that processor for 1 to 10 ms and more (the two together progressed as one
// processor, not two), which is the whole of a short run — its output threads then ran after the simulation
// instead of beside it. The new thread is started on the processors allowed other than the creator's, and at its
// start gets all of them back, free to go anywhere after.
#pragma once

#include <functional>
#include <thread>

namespace contactlab {

std::thread start_concurrent_thread(std::function<void()> work);

}  // namespace contactlab
