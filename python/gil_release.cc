// SPDX-License-Identifier: MIT
#include "python/gil_release.h"

#include <chrono>
#include <exception>
#include <future>

#include <pybind11/pybind11.h>

#include "apps/sweep_case.h"
#include "engine/run_interruption.h"

namespace contactlab::python {

void with_thread_state(const std::function<void()>& work) {
  pybind11::gil_scoped_acquire thread_state;  // made here, for this thread
  pybind11::gil_scoped_release without_gil;   // the GIL released, the thread state kept
  work();
}

void run_without_gil(const std::function<void()>& work) {
  bool interrupted = false;
  {
    pybind11::gil_scoped_release release;
    std::future<void> done = std::async(std::launch::async, [&work] { with_thread_state(work); });
    while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      if (interrupted) continue;
      pybind11::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() != 0) {  // the handler raised (KeyboardInterrupt): the error stays set
        interrupted = true;
        request_stop();
      }
    }
    std::exception_ptr error;
    try {
      done.get();
    } catch (...) {
      error = std::current_exception();
    }
    if (interrupted) {
      clear_stop();
    } else if (error) {
      std::rethrow_exception(error);
    }
  }
  if (interrupted) throw pybind11::error_already_set();  // KeyboardInterrupt, whatever else the work threw
}

}  // namespace contactlab::python
