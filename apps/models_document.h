// SPDX-License-Identifier: MIT
// docs/models.md, generated: every law of the registry with its metadata (formula, source, parameters, needs,
// behaviour, notes) and its restitution measured through the engine on the isolated impact of
// engine/calibration.h. `contactlab models --markdown` prints it; a ctest checks that docs/models.md is the
// current output, so the page cannot drift from the registry.
#pragma once

#include <ostream>
#include <string>

namespace contactlab {

// Writes the whole page, or only the section of one law (id or alias) when `law` is not empty. Returns the
// process exit code: 0, or 2 for an unknown law.
int write_models_document(const std::string& law, std::ostream& out);

}  // namespace contactlab
