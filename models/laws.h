// SPDX-License-Identifier: MIT
// One append function per law file; registry.cc calls them all, in this order.
#pragma once

#include <vector>

#include "models/force_law.h"

namespace contactlab {

void append_elastic_laws(std::vector<LawInfo>& laws);       // elastic.cc
void append_kelvin_voigt_laws(std::vector<LawInfo>& laws);  // kelvin_voigt.cc
void append_hunt_crossley_family(std::vector<LawInfo>& laws);  // hunt_crossley_family.cc
void append_poursina_nikravesh_laws(std::vector<LawInfo>& laws);  // poursina_nikravesh.cc
void append_power_law_damping_laws(std::vector<LawInfo>& laws);   // power_law_damping.cc
void append_granular_laws(std::vector<LawInfo>& laws);            // granular.cc
void append_elastoplastic_laws(std::vector<LawInfo>& laws);       // elastoplastic.cc
void append_alternative_laws(std::vector<LawInfo>& laws);         // alternative.cc
void append_impulse_method(std::vector<LawInfo>& laws);           // impulse.cc (a reference method, not a law)

}  // namespace contactlab
