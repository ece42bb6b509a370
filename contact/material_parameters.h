// SPDX-License-Identifier: MIT
// Law parameters a pair's shapes and materials supply when the scene leaves them out: a law declares the meaning of
// such a parameter once, as its ParameterRole (a yield strength, a Young's modulus, a body's radius…), and every pair
// takes its own value here — so one scene serves every law its materials describe, and a law the materials cannot
// describe is refused with the physical reason (no yield strength given, a rigid body, a flat face).
#pragma once

#include <string>
#include <string_view>

#include "contact/shape.h"
#include "models/force_law.h"

namespace contactlab {

// What a pair offers: its two shapes (in the pair's order: "body 1" is `shape_1`) and their materials, and the
// pair's effective modulus E* and radius R* (material_mixing.h).
struct MaterialPairView {
  const Shape& shape_1;
  const Shape& shape_2;
  const Material& material_1;
  const Material& material_2;
  double effective_modulus = 0.0;  // E* [Pa]
  double effective_radius = 0.0;   // R* [m]; negative for internal contact
};

// True for the roles this file supplies (kYieldStrength … kYieldIndentation).
bool is_material_role(ParameterRole role);

// True for the roles whose value follows from the surfaces' curvature at the contact (each shape's radius, or R*).
bool role_uses_curvature(ParameterRole role);

// Where a parameter of a material role comes from, in words ("the weaker material's yield strength"); empty for the
// other roles.
std::string_view material_role_source(ParameterRole role);

// The value of a parameter of `role` for the pair, in the role's SI unit; or, when the pair cannot supply it, NaN
// and `why` set to the physical reason (e.g. "the materials give no yield strength").
double material_parameter(ParameterRole role, const MaterialPairView& pair, std::string& why);

}  // namespace contactlab
