// SPDX-License-Identifier: MIT
// The measures of one impact, each described once — its name in CSV headers and JSON keys, a heading for tables,
// its SI unit and how to read it from an ImpactRecord. Every report of impacts (impacts.csv, summary.json,
// comparison.csv and .md, sweep.csv and .md) takes its columns from this table by name, checked when compiling
// (impact_column is consteval): a new measure is one row here, and its name in the lists of the reports that
// should show it.
#pragma once

#include <limits>
#include <string_view>

#include "engine/simulate.h"

namespace contactlab {

struct ImpactColumn {
  std::string_view name;     // CSV header and JSON key
  std::string_view heading;  // table heading, without the unit
  std::string_view unit;     // SI unit; empty when dimensionless
  double (*value)(const ImpactRecord&);
};

// Every measure. The first ones are an ImpactRecord's fields, in the order of impacts.csv and summary.json (after
// the pair, its point and the open flag); the derived ones follow.
inline constexpr ImpactColumn kImpactColumns[] = {
    {"t_start", "Onset time", "s", [](const ImpactRecord& r) { return r.t_start; }},
    {"t_end", "Separation time", "s", [](const ImpactRecord& r) { return r.t_end; }},
    {"impact_velocity", "Impact velocity", "m/s", [](const ImpactRecord& r) { return r.impact_velocity; }},
    {"separation_velocity", "Separation velocity", "m/s", [](const ImpactRecord& r) { return r.separation_velocity; }},
    {"restitution", "Restitution", "", [](const ImpactRecord& r) { return r.restitution; }},
    {"max_indentation", "Maximum indentation", "m", [](const ImpactRecord& r) { return r.max_indentation; }},
    {"max_force", "Maximum force", "N", [](const ImpactRecord& r) { return r.max_force; }},
    {"min_force", "Minimum force", "N", [](const ImpactRecord& r) { return r.min_force; }},
    {"effective_mass", "Effective mass", "kg", [](const ImpactRecord& r) { return r.effective_mass; }},
    {"dissipated_energy", "Dissipated energy", "J", [](const ImpactRecord& r) { return r.dissipated_energy; }},
    {"slip_velocity", "Slip velocity", "m/s", [](const ImpactRecord& r) { return r.slip_velocity; }},
    {"separation_slip_velocity", "Separation slip velocity", "m/s",
     [](const ImpactRecord& r) { return r.separation_slip_velocity; }},
    {"impact_angle", "Impact angle", "rad", [](const ImpactRecord& r) { return r.impact_angle; }},
    {"rebound_angle", "Rebound angle", "rad", [](const ImpactRecord& r) { return r.rebound_angle; }},
    {"separation_spin", "Separation spin", "rad/s", [](const ImpactRecord& r) { return r.separation_spin; }},
    {"slip_distance", "Slip distance", "m", [](const ImpactRecord& r) { return r.slip_distance; }},
    {"friction_work", "Friction work", "J", [](const ImpactRecord& r) { return r.friction_work; }},
    {"stick_time", "Stick time", "s", [](const ImpactRecord& r) { return r.stick_time; }},
    // NaN for a contact still open at the run's end: it lasted at least t_end − t_start, not that long.
    {"contact_time", "Contact time", "s",
     [](const ImpactRecord& r) { return r.open ? std::numeric_limits<double>::quiet_NaN() : r.t_end - r.t_start; }},
    // Separation slip over onset slip: 1 frictionless, < 1 slowed, 0 rolling or stuck at separation, < 0 reversed;
    // NaN for an impact that began without slip.
    {"tangential_restitution", "Tangential restitution", "",
     [](const ImpactRecord& r) {
       return r.slip_velocity > 1e-12 ? r.separation_slip_velocity / r.slip_velocity : std::numeric_limits<double>::quiet_NaN();
     }},
};
// How many of the first rows are recorded fields (impacts.csv, summary.json); the rest are derived.
inline constexpr int kRecordedImpactColumns = 18;

// The row called `name`; a name not in the table does not compile.
consteval const ImpactColumn& impact_column(std::string_view name) {
  for (const ImpactColumn& column : kImpactColumns) {
    if (column.name == name) return column;
  }
  throw "no such impact column";  // not a constant expression: reported by the compiler
}

}  // namespace contactlab
