// SPDX-License-Identifier: MIT
// What `contactlab run` writes into its output directory, in the scene's output.format (docs/output.md): the time
// series, the contact rows, the impacts and summary.json as CSV files, or all of them in one HDF5 file, results.h5
// (with summary.json beside it). The run's records (apps/run_records.h) hand every format the same rows; a format
// is one RunWriter and one row of the table in run_writer.cc.
#pragma once

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {

// A table's columns: names and SI units, in order.
struct ColumnNames {
  std::vector<std::string> names;
  std::vector<std::string> units;
};

// The columns of a run's records, known before the first sample.
struct RunLayout {
  ColumnNames series;    // timeseries.csv's
  ColumnNames contacts;  // contacts.csv's value columns, after time, pair and point
};

class RunWriter {
 public:
  virtual ~RunWriter() = default;
  // The next contact pair index names this pair (pairs are numbered as they first come into contact).
  virtual void add_pair(const std::string& name) = 0;
  // One sample of the time series, in the layout's order.
  virtual void series_row(std::span<const double> values) = 0;
  // One contact point's row: its pair index, point and values in the layout's order.
  virtual void contact_row(double time, int pair, int point, std::span<const double> values) = 0;
  // After the run: the impacts and the summary; then every file is complete in the directory (each written to a
  // temporary name and renamed). Throws std::runtime_error on an I/O error.
  virtual void finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) = 0;
};

std::unique_ptr<RunWriter> make_run_writer(OutputFormat format, const std::filesystem::path& directory,
                                           const RunLayout& layout);

}  // namespace contactlab
