// SPDX-License-Identifier: MIT
// The friction laws for people: `contactlab models --friction [ID] [--json]` and the friction section of
// docs/models.md, from the friction registry (models/friction_registry.h).
#pragma once

#include <ostream>
#include <string>

#include "models/friction_law.h"

namespace contactlab {

// Lists the friction laws, or shows one (id or alias) in full; returns the exit code (2 for an unknown law).
int list_friction_models(const std::string& law, bool json, std::ostream& out);

// How a law holds a contact at rest, in one word (none, elastic, band, exact), as `models --friction --json` and
// summary.json write it.
const char* stiction_name(Stiction stiction);

// The "Friction laws" section of docs/models.md.
void write_friction_document(std::ostream& out);

}  // namespace contactlab
