// SPDX-License-Identifier: MIT
#include "contact/material_parameters.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>

namespace contactlab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double refuse(std::string& why, std::string reason) {
  why = std::move(reason);
  return kNaN;
}

bool rigid(const Material& material) { return std::isinf(material.youngs_modulus); }

// The Poisson ratio of a law written for two bodies of one material: both's, when they agree; the compliant one's
// against a rigid body; refused when both are rigid or they differ.
double common_poisson_ratio(const MaterialPairView& pair, std::string& why) {
  const Material& a = pair.material_1;
  const Material& b = pair.material_2;
  if (rigid(a) && rigid(b)) {
    return refuse(why, "both materials (" + a.name + ", " + b.name + ") are rigid: the law needs a Young's modulus");
  }
  if (rigid(a)) return b.poisson_ratio;
  if (rigid(b)) return a.poisson_ratio;
  if (a.youngs_modulus != b.youngs_modulus || a.poisson_ratio != b.poisson_ratio) {
    return refuse(why, "the law is written for two bodies of one material, and " + a.name + " and " + b.name + " differ");
  }
  return a.poisson_ratio;
}

double yield_strength_of(const Material& material, std::string& why) {
  if (rigid(material)) return refuse(why, "material " + material.name + " is rigid: it never yields");
  if (!std::isfinite(material.yield_strength)) {
    return refuse(why, "material " + material.name + " gives no yield strength (yield_strength)");
  }
  return material.yield_strength;
}

double pair_yield_strength(const MaterialPairView& pair, std::string& why) {
  const double weaker = std::min(pair.material_1.yield_strength, pair.material_2.yield_strength);
  if (!std::isfinite(weaker)) {
    return refuse(why, "neither material (" + pair.material_1.name + ", " + pair.material_2.name +
                           ") gives a yield strength (yield_strength)");
  }
  return weaker;
}

double youngs_modulus_of(const Material& material, std::string& why) {
  if (rigid(material)) return refuse(why, "material " + material.name + " is rigid: it has no Young's modulus");
  return material.youngs_modulus;
}

double radius_of(const Shape& shape, std::string& why) {
  const double radius = curvature_radius(shape);
  if (std::isinf(radius)) return refuse(why, "shape " + shape.name + " is flat at the contact: it has no radius");
  if (radius <= 0.0) return refuse(why, "shape " + shape.name + " is concave at the contact (an internal contact)");
  return radius;
}

}  // namespace

bool is_material_role(ParameterRole role) { return !material_role_source(role).empty(); }

std::string_view material_role_source(ParameterRole role) {
  switch (role) {
    case ParameterRole::kYieldStrength: return "the weaker material's yield_strength";
    case ParameterRole::kYieldStrength1: return "body 1's material's yield_strength";
    case ParameterRole::kYieldStrength2: return "body 2's material's yield_strength";
    case ParameterRole::kYoungsModulus: return "E of the identical pair of equal E* (the material's, for one material)";
    case ParameterRole::kYoungsModulus1: return "body 1's material's youngs_modulus";
    case ParameterRole::kYoungsModulus2: return "body 2's material's youngs_modulus";
    case ParameterRole::kPoissonRatio: return "the material's poisson_ratio (one material, or the compliant one against a rigid body)";
    case ParameterRole::kShearModulus: return "G = E/(2(1 + ν)) of the identical pair of equal E* (the material's, for one material)";
    case ParameterRole::kRadius1: return "body 1's radius of curvature at the contact";
    case ParameterRole::kRadius2: return "body 2's radius of curvature at the contact";
    case ParameterRole::kYieldIndentation: return "δ_y = (π p_y/(2E*))² R*, p_y = 1.61 σ_y of the weaker material (S003 Eq (1))";
    default: return {};
  }
}

bool role_uses_curvature(ParameterRole role) {
  return role == ParameterRole::kRadius1 || role == ParameterRole::kRadius2 || role == ParameterRole::kYieldIndentation;
}

double material_parameter(ParameterRole role, const MaterialPairView& pair, std::string& why) {
  switch (role) {
    case ParameterRole::kYieldStrength:
      return pair_yield_strength(pair, why);
    case ParameterRole::kYieldStrength1:
      return yield_strength_of(pair.material_1, why);
    case ParameterRole::kYieldStrength2:
      return yield_strength_of(pair.material_2, why);
    case ParameterRole::kYoungsModulus1:
      return youngs_modulus_of(pair.material_1, why);
    case ParameterRole::kYoungsModulus2:
      return youngs_modulus_of(pair.material_2, why);
    case ParameterRole::kYoungsModulus:
    case ParameterRole::kPoissonRatio:
    case ParameterRole::kShearModulus: {
      // The two identical bodies of the pair's E*: for two bodies of one material, that material (E* = E/(2(1 − ν²)));
      // against a rigid body, the identical pair as stiff as the real one (E = 2E*(1 − ν²), G = E*(1 − ν)), so a law
      // written for identical bodies keeps the pair's Hertz stiffness.
      const double poisson_ratio = common_poisson_ratio(pair, why);
      if (std::isnan(poisson_ratio)) return kNaN;
      if (role == ParameterRole::kPoissonRatio) return poisson_ratio;
      const double youngs_modulus = 2.0 * pair.effective_modulus * (1.0 - poisson_ratio * poisson_ratio);
      if (role == ParameterRole::kYoungsModulus) return youngs_modulus;
      return youngs_modulus / (2.0 * (1.0 + poisson_ratio));
    }
    case ParameterRole::kRadius1:
      return radius_of(pair.shape_1, why);
    case ParameterRole::kRadius2:
      return radius_of(pair.shape_2, why);
    case ParameterRole::kYieldIndentation: {
      // First yield under the Hertz pressure: the peak p0 = (2E*/π)√(δ/R*) reaches p_y = 1.61 σ_y (S003 Eq (1)) at
      // δ_y = (π p_y/(2E*))² R*.
      const double yield_strength = pair_yield_strength(pair, why);
      if (std::isnan(yield_strength)) return kNaN;
      if (!std::isfinite(pair.effective_modulus)) return refuse(why, "both materials are rigid: no Hertz pressure");
      if (std::isinf(pair.effective_radius)) return refuse(why, "both surfaces are flat at the contact: no Hertz pressure");
      if (pair.effective_radius <= 0.0) return refuse(why, "the contact is internal (concave): no Hertz point contact");
      const double ratio = std::numbers::pi * 1.61 * yield_strength / (2.0 * pair.effective_modulus);
      return ratio * ratio * pair.effective_radius;
    }
    default:
      return refuse(why, "not a material parameter");
  }
}

}  // namespace contactlab
