// SPDX-License-Identifier: MIT
// One append function per friction law file; friction_registry.cc calls them all, in this order.
#pragma once

#include <vector>

#include "models/friction_law.h"

namespace contactlab {

void append_coulomb_friction_laws(std::vector<FrictionLawInfo>& laws);      // friction_coulomb.cc
void append_regularised_friction_laws(std::vector<FrictionLawInfo>& laws);  // friction_regularised.cc
void append_bristle_friction_laws(std::vector<FrictionLawInfo>& laws);      // friction_bristle.cc

}  // namespace contactlab
