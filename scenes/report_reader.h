// SPDX-License-Identifier: MIT
// Reading a scene's `report:` block (scenes/report_spec.h, docs/scenes.md "Report"): two lists of names, each kept
// with its line and column for the apps layer, which resolves them against the compiled scene.
#pragma once

#include "scenes/report_spec.h"
#include "scenes/value_reader.h"

namespace contactlab {

// The block's curves and orbits in the order written; not `declared` when the scene has no `report`.
ReportSpec read_report(Reader& reader, const MapReader& top);

}  // namespace contactlab
