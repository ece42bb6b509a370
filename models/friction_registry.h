// SPDX-License-Identifier: MIT
// The registry of friction (tangential) laws, as models/registry.h is for normal laws: every law by id or alias,
// resolved once when a scene is compiled, so the step loop dispatches with no string look-ups.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "models/friction_law.h"
#include "models/law_parameters.h"

namespace contactlab {

using FrictionLawIndex = int;

// All friction laws, in registration order (friction_registry.cc).
std::span<const FrictionLawInfo> friction_laws();

// Index of the friction law with this id or alias, or -1.
FrictionLawIndex find_friction_law(std::string_view id_or_alias);

const FrictionLawInfo& friction_law_info(FrictionLawIndex index);

// Ids of all friction laws, for messages ("valid names are …").
std::vector<std::string_view> friction_law_ids();

}  // namespace contactlab
