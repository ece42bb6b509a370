// SPDX-License-Identifier: MIT
// The comparison page of `compare --report` (docs/output.md "The comparison page"): report.md — the scene and its
// source comment, the laws with their parameters, calibration and equivalent stiffness, the scene's measures and the
// impacts per law, and the overlay plots of its headline curves — and report.json, which tells scripts/plot.py which
// curves and journal orbits to overlay (the figures are drawn there, with the other comparison plots).
#pragma once

#include <string>
#include <vector>

#include "apps/comparison.h"
#include "scenes/scene.h"

namespace contactlab {

struct ReportCurve {
  std::string column;  // a column of timeseries.csv
  std::string unit;    // SI
};

// What the page overlays, resolved against the compiled scene.
struct ReportFigures {
  bool declared = false;            // from the scene's `report` block; else the defaults
  std::vector<ReportCurve> curves;  // one axes each in kReportCurvesFile
  std::vector<std::string> orbits;  // revolute clearance joints, one axes each in kReportOrbitsFile
  std::string defaults_note;        // what the defaults left out, when they did ("" otherwise)
};

inline constexpr const char* kReportCurvesFile = "report_curves.png";
inline constexpr const char* kReportOrbitsFile = "report_orbits.png";

// The scene's `report` block resolved, or without one the defaults: a mechanism's (loops or drives) accelerations of
// its undriven coordinates, else the contact force of its first pairs; and every revolute clearance joint's orbit.
// Throws SceneError at the file, line and column of a name the scene does not have, of a column timeseries.csv does
// not write, or of an orbit that is not a revolute clearance joint.
ReportFigures report_figures(const Scene& scene);
inline void check_report(const Scene& scene) { report_figures(scene); }

// report.json: the figures' files, the curves with their units and the orbits' joints, for scripts/plot.py.
std::string report_json(const ReportFigures& figures);

// report.md, without the provenance (appended by the caller, as for comparison.md).
std::string report_markdown(const Scene& scene, const std::vector<LawRun>& runs, const ReportFigures& figures);

// The comment block a scene file opens with (its source, parameters and what it reproduces), without the leading
// "#" and the indentation, one paragraph per run of non-empty comment lines; empty when the file opens with no comment.
std::string scene_source_comment(const std::string& file);

}  // namespace contactlab
