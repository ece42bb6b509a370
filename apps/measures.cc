// SPDX-License-Identifier: MIT
#include "apps/measures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "apps/output_files.h"
#include "engine/energy.h"
#include "engine/names.h"
#include "scenes/expression.h"

namespace contactlab {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

[[noreturn]] void refuse(const Scene& scene, const SourceSpot& spot, const std::string& problem) {
  throw SceneError(scene.file, spot.line, spot.column, spot.key_path, problem);
}

// "a, b, c" for a few names; for many, where to find them.
std::string listed(const std::vector<std::string_view>& names, const char* where) {
  if (names.size() <= 30) return join_names(names);
  return std::string("the ") + where;
}

// The unit of a reduction of a column in `unit` over time: a rate's "/s" cancels.
std::string unit_times_seconds(const std::string& unit) {
  if (unit.empty() || unit == "1") return "s";
  if (unit.ends_with("/s")) return unit.substr(0, unit.size() - 2);
  if (unit.ends_with("/s^2")) return unit.substr(0, unit.size() - 2);
  return unit + "·s";
}

std::string measure_unit(Reduction reduction, const std::string& column_unit) {
  switch (reduction_traits(reduction).unit) {
    case MeasureUnit::kColumn: return column_unit == "1" ? "" : column_unit;
    case MeasureUnit::kSeconds: return "s";
    case MeasureUnit::kColumnTime: return unit_times_seconds(column_unit);
    case MeasureUnit::kNone: return "";
  }
  return "";
}

// Whether an impact on `pair` counts for a measure of `wanted` (a broadphase pair may be named either way round).
bool same_pair(const std::string& pair, const std::string& wanted) {
  if (pair == wanted) return true;
  const std::size_t slash = wanted.find('/');
  return slash != std::string::npos && pair == wanted.substr(slash + 1) + "/" + wanted.substr(0, slash);
}

void check_pair(const Scene& scene, const MeasureSpec& spec) {
  if (!spec.pair) return;
  const ContactModel& contact = scene.model.contact;
  std::vector<std::string_view> names;
  for (const ContactPairModel& pair : contact.pairs) {
    if (same_pair(pair.name, *spec.pair)) return;
    names.push_back(pair.name);
  }
  if (contact.broadphase) {
    // Pairs found at run time: any two of the scene's shapes.
    const std::size_t slash = spec.pair->find('/');
    auto shape = [&](const std::string& name) {
      return std::any_of(contact.shapes.begin(), contact.shapes.end(), [&](const Shape& s) { return s.name == name; });
    };
    if (slash != std::string::npos && shape(spec.pair->substr(0, slash)) && shape(spec.pair->substr(slash + 1))) return;
    refuse(scene, spec.pair_spot, "expected two of the scene's shapes, '<shape a>/<shape b>', found '" + *spec.pair + "'");
  }
  refuse(scene, spec.pair_spot, "the scene has no contact pair '" + *spec.pair + "'" + did_you_mean(*spec.pair, names) +
                                    (names.empty() ? "; it has none" : "; its pairs are " + listed(names, "pairs of summary.json's contacts")));
}

const ImpactColumn* find_impact_column(const Scene& scene, const MeasureSpec& spec) {
  std::vector<std::string_view> names;
  for (const ImpactColumn& column : kImpactColumns) {
    if (column.name == spec.column) return &column;
    names.push_back(column.name);
  }
  refuse(scene, spec.of_spot, "impacts have no column '" + spec.column + "'" + did_you_mean(spec.column, names) +
                                  "; expected impacts.<column> with one of " + join_names(names));
}

std::size_t find_series_column(const Scene& scene, const MeasureSpec& spec, const std::vector<SeriesColumn>& all) {
  std::vector<std::string_view> names;
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (all[k].name == spec.column) return k;
    names.push_back(all[k].name);
  }
  if (spec.column.starts_with("drive_")) {
    refuse(scene, spec.of_spot, "the scene has no driven joint of a body '" + spec.column.substr(6) +
                                    "' (drive_<body> is a column of driven joints only)" + did_you_mean(spec.column, names));
  }
  refuse(scene, spec.of_spot, "the scene has no time-series column '" + spec.column + "'" + did_you_mean(spec.column, names) +
                                  "; its columns are " + listed(names, "header of timeseries.csv and a_<coordinate> per velocity") +
                                  ", or impacts, impacts.<impact column>");
}

}  // namespace

void check_measures(const Scene& scene) { MeasureRecorder recorder(scene); }

MeasureRecorder::MeasureRecorder(const Scene& scene) : scene_(scene), reader_(scene) {
  const std::vector<SeriesColumn> all = series_columns(scene);
  std::vector<std::size_t> used;  // indices into `all` of columns_
  for (std::size_t m = 0; m < scene.measures.size(); ++m) {
    const MeasureSpec& spec = scene.measures[m];
    check_pair(scene, spec);
    const ImpactColumn* impact = nullptr;
    std::string unit;
    switch (spec.source) {
      case MeasureSource::kSeries: {
        const std::size_t k = find_series_column(scene, spec, all);
        auto found = std::find(used.begin(), used.end(), k);
        if (found == used.end()) {
          used.push_back(k);
          columns_.push_back(all[k]);
          energy_ = energy_ || reads_energy(all[k]);
          found = used.end() - 1;
        }
        Series series;
        series.measure = m;
        series.column = static_cast<std::size_t>(found - used.begin());
        series_.push_back(series);
        unit = measure_unit(spec.reduction, all[k].unit);
        break;
      }
      case MeasureSource::kImpact:
        impact = find_impact_column(scene, spec);
        unit = measure_unit(spec.reduction, std::string(impact->unit));
        break;
      case MeasureSource::kImpacts:
      case MeasureSource::kExpression: break;
    }
    units_.push_back(unit);
    impact_columns_.push_back(impact);
  }
  values_.resize(columns_.size());
}

void MeasureRecorder::observe(const State& state, const Data& data) {
  const Energy e = energy_ ? energy(scene_.model, state, data) : Energy{};
  for (std::size_t k = 0; k < columns_.size(); ++k) values_[k] = reader_.value(columns_[k], state, data, e);
  for (Series& series : series_) {
    const MeasureSpec& spec = scene_.measures[series.measure];
    series.add(state.time, values_[series.column], spec.from, spec.to);
  }
}

void MeasureRecorder::Series::add_point(double t, double x) {
  if (points == 0) {
    first = x;
    first_time = t;
    max = min = x;
    time_of_max = time_of_min = t;
  }
  if (x > max) max = x, time_of_max = t;
  if (x < min) min = x, time_of_min = t;
  // The previous point between two others at distinct times: a peak or trough there is located on the parabola
  // through the three, its correction bounded by the larger of the two differences (a kink is not a parabola).
  if (points >= 2 && t1 < t2 && t2 < t) {
    const bool peak = x2 >= x1 && x2 >= x;
    const bool trough = x2 <= x1 && x2 <= x;
    const double d1 = (x2 - x1) / (t2 - t1);
    const double d2 = (x - x2) / (t - t2);
    const double c = (d2 - d1) / (t - t1);
    if ((peak && c < 0.0) || (trough && c > 0.0)) {
      const double at = 0.5 * (t1 + t2) - d1 / (2.0 * c);
      const double value = x1 + d1 * (at - t1) + c * (at - t1) * (at - t2);
      const double bound = std::max(std::abs(x2 - x1), std::abs(x2 - x));
      if (at >= t1 && at <= t && std::abs(value - x2) <= bound) {
        if (peak && value > max) max = value, time_of_max = at;
        if (trough && value < min) min = value, time_of_min = at;
      }
    }
  }
  t1 = t2, x1 = x2;
  t2 = t, x2 = x;
  ++points;
  last = x;
}

void MeasureRecorder::Series::add(double t, double x, double from, double to) {
  if (!started) {
    started = true;
    if (t >= from && t <= to) add_point(t, x);
  } else if (t == previous_time) {
    if (t >= from && t <= to) add_point(t, x);  // a jump at one time: no peak is located across it
  } else {
    // The segment from the previous sample, cut to the window; its ends interpolated linearly.
    const double a = std::max(previous_time, from);
    const double b = std::min(t, to);
    if (a <= b) {
      const double slope = (x - previous_value) / (t - previous_time);
      const double xa = previous_value + slope * (a - previous_time);
      const double xb = previous_value + slope * (b - previous_time);
      if (points == 0 || a > t2) add_point(a, xa);
      add_point(b, xb);
      // Exact for the linear segment: ∫x = (xa + xb)/2·h, ∫x² = (xa² + xa·xb + xb²)/3·h.
      integral += 0.5 * (xa + xb) * (b - a);
      square_integral += (xa * xa + xa * xb + xb * xb) / 3.0 * (b - a);
    }
  }
  previous_time = t;
  previous_value = x;
}

std::vector<MeasureValue> MeasureRecorder::finish(const SimulationResult& result) const {
  std::vector<MeasureValue> values;
  auto series_value = [&](std::size_t m) {
    for (const Series& s : series_) {
      if (s.measure != m) continue;
      if (s.points == 0) return kNaN;
      const double span = s.t2 - s.first_time;
      switch (scene_.measures[m].reduction) {
        case Reduction::kMax: return s.max;
        case Reduction::kMin: return s.min;
        case Reduction::kMaxAbs: return std::max(std::abs(s.max), std::abs(s.min));
        case Reduction::kMean: return span > 0.0 ? s.integral / span : s.first;
        case Reduction::kRms: return span > 0.0 ? std::sqrt(s.square_integral / span) : std::abs(s.first);
        case Reduction::kIntegral: return s.integral;
        case Reduction::kInitial: return s.first;
        case Reduction::kFinal: return s.last;
        case Reduction::kTimeOfMax: return s.time_of_max;
        case Reduction::kTimeOfMin: return s.time_of_min;
        default: return kNaN;
      }
    }
    return kNaN;
  };
  for (std::size_t m = 0; m < scene_.measures.size(); ++m) {
    const MeasureSpec& spec = scene_.measures[m];
    double value = kNaN;
    if (spec.source == MeasureSource::kSeries) {
      value = series_value(m);
    } else if (spec.source == MeasureSource::kExpression) {
      try {
        value = evaluate_expression(spec.expression, [&](std::string_view name) -> std::optional<double> {
          for (const MeasureValue& earlier : values) {
            if (earlier.name == name) return earlier.value;
          }
          const auto variable = scene_.variables.find(std::string(name));
          return variable == scene_.variables.end() ? std::nullopt : std::optional<double>(variable->second);
        });
      } catch (const ExpressionError&) {
        value = kNaN;  // checked when the scene was read; a NaN operand propagates instead
      }
    } else {
      // The impacts whose onset is in the window (and on the pair), in order of onset; NaN entries (a restitution of
      // a contact begun at rest) are left out of the reduction.
      std::vector<const ImpactRecord*> impacts;
      for (const ImpactRecord& r : result.impacts) {
        if (r.t_start >= spec.from && r.t_start <= spec.to && (!spec.pair || same_pair(r.pair, *spec.pair))) impacts.push_back(&r);
      }
      std::stable_sort(impacts.begin(), impacts.end(), [](const ImpactRecord* a, const ImpactRecord* b) { return a->t_start < b->t_start; });
      if (spec.source == MeasureSource::kImpacts) {
        value = static_cast<double>(impacts.size());
      } else {
        const ImpactColumn& column = *impact_columns_[m];
        double sum = 0.0;
        double extreme = 0.0;  // time_of_max, time_of_min: the value at the time found so far
        int count = 0;
        for (const ImpactRecord* r : impacts) {
          const double x = column.value(*r);
          if (std::isnan(x)) continue;
          const bool larger = count == 0 || x > value;
          const bool smaller = count == 0 || x < value;
          switch (spec.reduction) {
            case Reduction::kMax: if (larger) value = x; break;
            case Reduction::kMin: if (smaller) value = x; break;
            case Reduction::kMaxAbs: value = count == 0 ? std::abs(x) : std::max(value, std::abs(x)); break;
            case Reduction::kInitial: if (count == 0) value = x; break;
            case Reduction::kFinal: value = x; break;
            case Reduction::kTimeOfMax:
            case Reduction::kTimeOfMin:
              if (count == 0 || (spec.reduction == Reduction::kTimeOfMax ? x > extreme : x < extreme)) extreme = x, value = r->t_start;
              break;
            default: sum += x; break;
          }
          ++count;
        }
        if (spec.reduction == Reduction::kSum) value = count == 0 ? 0.0 : sum;
        if (spec.reduction == Reduction::kMean) value = count == 0 ? kNaN : sum / count;
      }
    }
    values.push_back({spec.name, value, units_[m]});
  }
  return values;
}

std::string measure_text(const MeasureValue& measure) {
  char number[32];
  std::snprintf(number, sizeof(number), "%.7g", measure.value);
  return measure.unit.empty() ? std::string(number) : std::string(number) + " " + measure.unit;
}

SampleObserver measure_observer(MeasureRecorder& measures) {
  if (!measures.observes_steps()) return {};
  return [&measures](const State& s, const Data& d) { measures.observe(s, d); };
}

}  // namespace contactlab
