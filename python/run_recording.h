// SPDX-License-Identifier: MIT
// A run's samples kept in memory, as the module hands them to NumPy: the time series (timeseries.csv's columns, the
// accelerations too) as one row-major table, and the contact records (contacts.csv's long format: one row per contact
// point in contact at a sample) as columns.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "apps/run_records.h"
#include "apps/series_columns.h"
#include "engine/data.h"
#include "engine/state.h"
#include "scenes/scene.h"

namespace contactlab::python {

struct ContactRecords {
  std::vector<std::string> names;  // the columns after time, pair and point: contacts.csv's, in its order
  std::vector<double> time;        // [s]
  std::vector<std::string> pair;
  std::vector<int> point;
  std::vector<std::vector<double>> values;  // per column of `names`
};

class RunRecording {
 public:
  explicit RunRecording(const Scene& scene);
  void observe(const State& state, const Data& data);

  std::vector<SeriesColumn> columns;  // every column of the scene (series_columns)
  std::vector<double> series;         // rows × columns.size(), row-major
  std::size_t rows = 0;
  BalanceRange balance;               // the energy balance over the samples (include_sample_balance)
  ContactRecords contacts;

 private:
  const Scene& scene_;
  SeriesReader reader_;
  bool friction_ = false;
};

}  // namespace contactlab::python
