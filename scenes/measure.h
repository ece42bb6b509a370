// SPDX-License-Identifier: MIT
// A scene's named measures (its `measures:` block, docs/scenes.md "Measures"): each a reduction of one time-series
// column over the run, a reduction of one impact column over the impacts, the number of impacts, or an arithmetic
// expression of measures declared before it. The reductions are a closed set, described once in kReductions.
// What a name in `of` refers to is resolved against the compiled scene by the apps layer (apps/measures.h), which
// reports a column the scene does not have at the line and column kept here.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace contactlab {

enum class Reduction { kMax, kMin, kMaxAbs, kMean, kRms, kIntegral, kInitial, kFinal, kTimeOfMax, kTimeOfMin, kSum, kCount };

// The unit of a measure, from its column's unit u.
enum class MeasureUnit {
  kColumn,      // u
  kSeconds,     // s
  kColumnTime,  // u·s
  kNone,        // a number
};

struct ReductionTraits {
  std::string_view name;  // as `reduce:` spells it
  bool series;            // of a time-series column (time-weighted where it averages)
  bool impacts;           // of an impact column, over the impacts in order of onset
  MeasureUnit unit;
  std::string_view meaning;
};

inline constexpr ReductionTraits kReductions[] = {
    {"max", true, true, MeasureUnit::kColumn, "largest value"},
    {"min", true, true, MeasureUnit::kColumn, "smallest value"},
    {"max_abs", true, true, MeasureUnit::kColumn, "largest magnitude"},
    {"mean", true, true, MeasureUnit::kColumn, "time average over the window (over impacts: their arithmetic mean)"},
    {"rms", true, false, MeasureUnit::kColumn, "root of the time average of the square"},
    {"integral", true, false, MeasureUnit::kColumnTime, "integral over time"},
    {"initial", true, true, MeasureUnit::kColumn, "value at the window's start (over impacts: the first one's)"},
    {"final", true, true, MeasureUnit::kColumn, "value at the window's end (over impacts: the last one's)"},
    {"time_of_max", true, true, MeasureUnit::kSeconds, "time of the largest value (over impacts: its onset)"},
    {"time_of_min", true, true, MeasureUnit::kSeconds, "time of the smallest value (over impacts: its onset)"},
    {"sum", false, true, MeasureUnit::kColumn, "sum over the impacts"},
    {"count", false, false, MeasureUnit::kNone, "number of impacts (of: impacts)"},
};

inline const ReductionTraits& reduction_traits(Reduction reduction) { return kReductions[static_cast<int>(reduction)]; }

// Where a value was written in the scene file, for errors found once the scene is compiled.
struct SourceSpot {
  int line = 0;    // 1-based; 0 when unknown (an override)
  int column = 0;  // 1-based
  std::string key_path;
};

// `of:` names one of these.
enum class MeasureSource {
  kSeries,      // a time-series column: timeseries.csv's, or a_<coordinate> (apps/series_columns.h)
  kImpacts,     // the impacts themselves: reduce count
  kImpact,      // impacts.<impact column> (apps/impact_columns.h)
  kExpression,  // `expression:` over earlier measures and the scene's variables
};

struct MeasureSpec {
  std::string name;
  MeasureSource source = MeasureSource::kSeries;
  std::string column;  // the series or impact column's name (without "impacts.")
  Reduction reduction = Reduction::kMax;
  std::optional<std::string> pair;  // impacts of this pair only ("<shape a>/<shape b>")
  double from = -std::numeric_limits<double>::infinity();  // window [s]
  double to = std::numeric_limits<double>::infinity();
  std::string expression;
  SourceSpot of_spot;    // `of`, or `expression`
  SourceSpot pair_spot;  // `pair`
};

}  // namespace contactlab
