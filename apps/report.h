// SPDX-License-Identifier: MIT
// The output contract of `contactlab run` (docs/output.md): summary.json, impacts.csv and the per-impact table on
// stdout (the time series and contact rows: apps/run_records.h).
#pragma once

#include <ostream>
#include <string>

#include "apps/measures.h"
#include "apps/output_files.h"
#include "apps/provenance.h"
#include "apps/series_columns.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {

// `provenance` is written as the last member, "provenance"; the scene's measures (when it declares some) as
// "measures", after the impacts.
nlohmann::ordered_json summary_document(const Scene& scene, const SimulationResult& result,
                                        const std::vector<MeasureValue>& measures, double wall_time_s,
                                        const Provenance& provenance);
std::string summary_json(const Scene& scene, const SimulationResult& result, const std::vector<MeasureValue>& measures,
                         double wall_time_s, const Provenance& provenance);
std::string impacts_csv(const std::vector<ImpactRecord>& impacts);
// impacts.csv's header (without a line break) and one impact's fields: pair, point and the recorded impact columns
// (apps/impact_columns.h), `open` after t_end. sweep.csv's rows end with the same fields.
std::string impact_csv_header();
std::string impact_csv_fields(const ImpactRecord& r);
void print_impact_table(std::ostream& out, const Scene& scene, const SimulationResult& result,
                        const std::vector<MeasureValue>& measures, double wall_time_s);

// The law that every contact of the scene uses, or "mixed".
std::string scene_law(const Scene& scene);
// Whether some contact pair of the scene (or the pairs the broadphase makes) has a friction law.
bool scene_has_friction(const Scene& scene);

}  // namespace contactlab
