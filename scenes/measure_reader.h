// SPDX-License-Identifier: MIT
// Reading a scene's `measures:` block (scenes/measure.h, docs/scenes.md "Measures"): the form of each measure, its
// window and its expression, checked against the reductions' table and the names declared before it. Which columns
// exist is the compiled scene's, checked by the apps layer at the spots kept here.
#pragma once

#include <vector>

#include "scenes/measure.h"
#include "scenes/value_reader.h"

namespace contactlab {

// The block's measures in the order written; none when the scene has no `measures`.
std::vector<MeasureSpec> read_measures(Reader& reader, const MapReader& top);

}  // namespace contactlab
