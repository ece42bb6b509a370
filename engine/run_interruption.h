// SPDX-License-Identifier: MIT
// Interrupting runs from another thread, as SIGINT interrupts a process: once request_stop() is called, every
// simulate() of the process ends after its current accepted step, as numerical trouble with the message
// "<time>: interrupted", until clear_stop(). The Python module calls them on Ctrl-C (python/gil_release.h); the
// runner, which exits on a signal (apps/interruption.h), never does.
#pragma once

namespace contactlab {

void request_stop();
void clear_stop();
bool stop_requested();

}  // namespace contactlab
