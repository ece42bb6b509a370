// SPDX-License-Identifier: MIT
// The CSV format of a run's records (the default): timeseries.csv, contacts.csv, impacts.csv and summary.json.
#pragma once

#include "apps/run_writer.h"

namespace contactlab {

std::unique_ptr<RunWriter> make_csv_writer(const std::filesystem::path& directory, const RunLayout& layout);

}  // namespace contactlab
