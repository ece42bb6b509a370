// SPDX-License-Identifier: MIT
// A run's records as samples arrive (the SampleObserver of `contactlab run`): each sample's time-series row (apps/
// series_columns.h) and the rows of its contact points in contact (apps/contact_columns.h), those that change
// (apps/contact_changes.h), handed to the run's RunWriter. Reads into buffers made once: no allocation per sample.
#pragma once

#include <unordered_map>
#include <utility>
#include <vector>

#include "apps/contact_changes.h"
#include "apps/run_writer.h"
#include "apps/series_columns.h"
#include "engine/data.h"
#include "engine/state.h"
#include "scenes/scene.h"

namespace contactlab {

struct ContactPoint;

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

 private:
  // The writer's index of element p's pair, numbering a pair when it first comes into contact.
  int pair_index(const Data& data, std::size_t p);

  const Scene& scene_;
  RunWriter& writer_;
  SeriesReader reader_;
  std::vector<SeriesColumn> columns_;  // the written ones
  bool reads_energy_ = false;
  bool friction_ = false;  // contacts.csv has the friction columns
  std::vector<double> series_;          // one row
  std::vector<double> contact_;         // one row's values
  ContactChanges changes_;
  // Per element: its pair and that pair's index (nullptr before the element first comes into contact).
  std::vector<std::pair<const ContactPairModel*, int>> element_pairs_;
  std::unordered_map<const ContactPairModel*, int> pair_indices_;
};

}  // namespace contactlab
