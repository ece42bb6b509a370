// SPDX-License-Identifier: MIT
// What a scene's comparison page shows (its `report:` block, docs/scenes.md "Report"): the headline curves overlaid
// per law, time-series columns by name, and the revolute clearance joints whose journal orbits are overlaid. Which
// names exist is the compiled scene's, checked by the apps layer (apps/report_page.h) at the spots kept here.
#pragma once

#include <string>
#include <vector>

#include "scenes/measure.h"

namespace contactlab {

struct ReportEntry {
  std::string name;  // a time-series column (curves) or a clearance joint (orbits)
  SourceSpot spot;
};

struct ReportSpec {
  bool declared = false;  // the scene has a `report` block; without one, the page shows defaults
  std::vector<ReportEntry> curves;
  std::vector<ReportEntry> orbits;
};

}  // namespace contactlab
