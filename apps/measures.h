// SPDX-License-Identifier: MIT
// A scene's named measures (scenes/measure.h, docs/scenes.md "Measures") computed over a run: the time-series
// reductions from every sample the step observer sees — the end of every accepted integrator step, every event and
// every output sample, not only the rows timeseries.csv keeps — and the impact reductions from the run's impacts.
#pragma once

#include <string>
#include <vector>

#include "apps/impact_columns.h"
#include "apps/series_columns.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {

struct MeasureValue {
  std::string name;
  double value = 0.0;  // NaN when nothing falls in its window
  std::string unit;    // SI; empty for a number
};

class MeasureRecorder;

// The step observer that feeds a scene's measures every accepted step, or none when no measure reduces a time series
// (the run then makes no forward() per step).
SampleObserver measure_observer(MeasureRecorder& measures);

// Resolves the measures' columns against the scene; throws SceneError at the file, line and column of a column or
// pair the scene does not have (a drive column of an undriven joint, a misspelled name).
void check_measures(const Scene& scene);

class MeasureRecorder {
 public:
  explicit MeasureRecorder(const Scene& scene);  // throws SceneError as check_measures does

  // Some measure reduces a time series: the run must hand every step to observe().
  bool observes_steps() const { return !series_.empty(); }
  // A sample; samples come in order of time (several at one time: a jump, such as an acceleration at an event).
  void observe(const State& state, const Data& data);
  // Every measure, in the order declared.
  std::vector<MeasureValue> finish(const SimulationResult& result) const;

 private:
  // A time-series measure's running reduction of the curve through its samples, cut to its window: linear between
  // samples (exact integrals of the linear pieces), except that a sample larger (smaller) than both neighbours is a
  // peak located by the parabola through the three, so a smooth peak between two steps is not cut off.
  struct Series {
    std::size_t measure = 0;  // index into the scene's measures
    std::size_t column = 0;   // index into columns_
    bool started = false;
    double previous_time = 0.0;
    double previous_value = 0.0;
    int points = 0;        // points of the curve in the window so far
    double t1 = 0.0, x1 = 0.0, t2 = 0.0, x2 = 0.0;  // the last two of them (t2 the last)
    double first = 0.0, last = 0.0, first_time = 0.0;
    double max = 0.0, min = 0.0, time_of_max = 0.0, time_of_min = 0.0;
    double integral = 0.0, square_integral = 0.0;
    void add_point(double t, double x);
    void add(double t, double x, double from, double to);
  };

  const Scene& scene_;
  SeriesReader reader_;
  std::vector<SeriesColumn> columns_;  // those the measures read
  bool energy_ = false;                // some of them reads the energies
  std::vector<double> values_;         // per column, at the current sample
  std::vector<Series> series_;
  std::vector<std::string> units_;                       // per measure
  std::vector<const ImpactColumn*> impact_columns_;  // per measure (of impacts.<column>), else nullptr
};

// For reading (seven significant digits): "12.5 m/s^2", or "3" for a number.
std::string measure_text(const MeasureValue& measure);

}  // namespace contactlab
