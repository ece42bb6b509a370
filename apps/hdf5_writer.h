// SPDX-License-Identifier: MIT
// The HDF5 format of a run's records (output.format: hdf5): one file, results.h5, with summary.json beside it.
//   /timeseries  rows × columns of float64, attributes `columns` and `units` (strings, timeseries.csv's header);
//   /contacts    rows × (time, pair, point, values…) of float64, attributes `columns`, `units` and `pairs` (pair is
//                an index into `pairs`, counted from 0), the rows of contacts.csv;
//   /impacts     impacts.csv's rows, the same way (its `pairs` attribute names its pair column);
//   the summary  as attributes of the root: each member of summary.json, a number or string as such, a nested one
//                (an object or array) as its JSON text.
// A 2-D dataset rather than one per column: column names hold '/' (pair names such as ground/ball), which HDF5
// reads as a group, and '.', which MATLAB field names cannot hold; a matrix is what numpy and MATLAB read in one call.
//
// The writer lives in a module of its own, contactlab_hdf5.so (apps/hdf5_writer.cc), opened on the first results.h5:
// Debian's libhdf5 brings some 30 shared libraries with it (libcurl, gnutls, krb5, …) whose loading would otherwise
// be paid by every command at start, about 12 ms of a 40 ms `contactlab --help` (docs/performance.md).
#pragma once

#include "apps/run_writer.h"

namespace contactlab {

// Opens the module (once per process) and makes its writer. Throws std::runtime_error, naming the places looked
// in, when the module cannot be loaded.
std::unique_ptr<RunWriter> make_hdf5_writer(const std::filesystem::path& directory, const RunLayout& layout);

}  // namespace contactlab

// The module's one entry point: a new writer, owned by the caller.
extern "C" __attribute__((visibility("default"))) contactlab::RunWriter* contactlab_make_hdf5_writer(
    const std::filesystem::path& directory, const contactlab::RunLayout& layout);
