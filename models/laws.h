// SPDX-License-Identifier: MIT
// One append function per law file; registry.cc calls them all, in this order.
#pragma once

#include <vector>

#include "models/force_law.h"

namespace contactlab {

void append_elastic_laws(std::vector<LawInfo>& laws);       // elastic.cc
void append_kelvin_voigt_laws(std::vector<LawInfo>& laws);  // kelvin_voigt.cc
void append_hunt_crossley_family(std::vector<LawInfo>& laws);  // hunt_crossley_family.cc

}  // namespace contactlab
