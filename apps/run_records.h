// SPDX-License-Identifier: MIT
// A run's records as samples arrive (the SampleObserver of `contactlab run`): each sample's time-series row (apps/
// series_columns.h) and the rows of its contact points in contact (apps/contact_columns.h), those that change
// (apps/contact_changes.h), handed to the run's RunWriter. Reads into buffers made once: no allocation per sample.
#pragma once

#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "apps/contact_changes.h"
#include "apps/run_writer.h"
#include "apps/series_columns.h"
#include "engine/data.h"
#include "engine/energy.h"
#include "engine/simulate.h"
#include "engine/state.h"
#include "scenes/scene.h"

namespace contactlab {

struct ContactPoint;

// The range of the energy balance E + W_dissipated − W_joints (Energy::balance) over the samples written. The engine
// checks the balance at the ends of its steps; a sample between two (interpolated on the output grid) can be off by
// more, and what the summary reports must cover what the time series shows (include_sample_balance).
struct BalanceRange {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  void add(const Energy& e) {
    const double b = e.balance();
    if (!std::isfinite(b)) return;  // a state the run stopped on: its message says why
    low = std::min(low, b);
    high = std::max(high, b);
  }
};

// Raises result.max_energy_balance_error to the samples' largest |balance − E(0)| (E(0): result.initial_energy).
void include_sample_balance(SimulationResult& result, const BalanceRange& samples);

// Contact element p at a sample, as contacts.csv reports it (apps/contact_columns.h): its indentation, rate and force,
// and with `friction` its slip, friction force, stick flag, spin and rolling.
ContactPoint contact_point(const Scene& scene, const State& state, const Data& data, std::size_t p, bool friction);

class RunRecords {
 public:
  RunRecords(const Scene& scene, RunWriter& writer);

  // The columns the records of `scene` have.
  static RunLayout layout(const Scene& scene);

  void sample(const State& state, const Data& data);
  // After the last sample: hands on its contact rows.
  void finish();
  // The balance over the samples so far (when the time series has the energy columns).
  const BalanceRange& balance() const { return balance_; }

 private:
  // The writer's index of element p's pair, numbering a pair when it first comes into contact.
  int pair_index(const Data& data, std::size_t p);

  const Scene& scene_;
  RunWriter& writer_;
  SeriesReader reader_;
  std::vector<SeriesColumn> columns_;  // the written ones
  bool reads_energy_ = false;
  BalanceRange balance_;
  bool friction_ = false;  // contacts.csv has the friction columns
  std::vector<double> series_;          // one row
  std::vector<double> contact_;         // one row's values
  ContactChanges changes_;
  // Per element: its pair and that pair's index (nullptr before the element first comes into contact).
  std::vector<std::pair<const ContactPairModel*, int>> element_pairs_;
  std::unordered_map<const ContactPairModel*, int> pair_indices_;
};

}  // namespace contactlab
