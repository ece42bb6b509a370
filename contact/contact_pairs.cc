// SPDX-License-Identifier: MIT
// Pair filtering and pair compilation: the one place where a pair's parameters follow from its shapes,
// materials and the contact settings (docs/contact.md "Stiffness and parameter mixing").
#include <cmath>
#include <limits>
#include <string>
#include <vector>
#include <stdexcept>
#include <utility>

#include "contact/contact_model.h"
#include "contact/law_parameter_cache.h"
#include "contact/material_mixing.h"
#include "contact/material_parameters.h"
#include "contact/narrowphase.h"

namespace contactlab {

PairKey pair_key(const ContactModel& model, int shape_a, int shape_b) {
  const ShapeType a = model.shapes[static_cast<std::size_t>(shape_a)].type;
  const ShapeType b = model.shapes[static_cast<std::size_t>(shape_b)].type;
  if (a > b || (a == b && shape_a > shape_b)) std::swap(shape_a, shape_b);
  return {shape_a, shape_b};
}

bool shapes_may_collide(const ContactModel& model, int shape_a, int shape_b) {
  const Shape& a = model.shapes[static_cast<std::size_t>(shape_a)];
  const Shape& b = model.shapes[static_cast<std::size_t>(shape_b)];
  if (a.body == b.body) return false;
  const BodyContactInfo& body_a = model.bodies[static_cast<std::size_t>(a.body)];
  const BodyContactInfo& body_b = model.bodies[static_cast<std::size_t>(b.body)];
  if (body_a.fixed_to_world && body_b.fixed_to_world) return false;
  // Like MuJoCo: a body and its parent do not collide, unless the parent is the world.
  if ((a.body > 0 && body_b.parent == a.body) || (b.body > 0 && body_a.parent == b.body)) return false;
  if ((a.collision_group & b.collision_mask) == 0 || (b.collision_group & a.collision_mask) == 0) return false;
  const ShapeType low = a.type < b.type ? a.type : b.type;
  const ShapeType high = a.type < b.type ? b.type : a.type;
  return narrowphase_supported(low, high);
}

int contact_points(const ContactModel& model, const ContactPairModel& pair) {
  return contact_point_count(model.shapes[static_cast<std::size_t>(pair.shape_a)].type,
                             model.shapes[static_cast<std::size_t>(pair.shape_b)].type);
}

ContactPairModel make_contact_pair(const ContactModel& model, int shape_a, int shape_b, const PairSettings& settings,
                                   LawParameterCache* cache) {
  const auto shapes = static_cast<int>(model.shapes.size());
  if (shape_a < 0 || shape_a >= shapes || shape_b < 0 || shape_b >= shapes) {
    throw std::invalid_argument("contact pair (" + std::to_string(shape_a) + ", " + std::to_string(shape_b) +
                                "): a shape index is outside the model's " + std::to_string(shapes) + " shapes");
  }
  if (settings.law_info == nullptr) throw std::invalid_argument("contact pair: the settings name no law (law_info)");
  for (const int shape : {shape_a, shape_b}) {
    const int body = model.shapes[static_cast<std::size_t>(shape)].body;
    if (body < 0 || static_cast<std::size_t>(body) >= model.bodies.size()) {
      throw std::invalid_argument("contact pair: shape '" + model.shapes[static_cast<std::size_t>(shape)].name + "' is on body " +
                                  std::to_string(body) + ", which ContactModel::bodies does not hold; finalize(model) fills it");
    }
  }
  const PairKey key = pair_key(model, shape_a, shape_b);
  const Shape& a = model.shapes[static_cast<std::size_t>(key.shape_a)];
  const Shape& b = model.shapes[static_cast<std::size_t>(key.shape_b)];
  ContactPairModel pair;
  pair.shape_a = key.shape_a;
  pair.shape_b = key.shape_b;
  pair.body_a = a.body;
  pair.body_b = b.body;
  pair.name = a.name + "/" + b.name;
  pair.law = settings.law;
  pair.law_info = settings.law_info;
  pair.parameters = settings.parameters;
  pair.exponent = settings.exponent;
  pair.mass_rule = settings.mass_rule;
  pair.tension = settings.tension;
  pair.friction_law = settings.friction_law;
  pair.friction_parameters = settings.friction_parameters;

  const bool materials = a.material >= 0 && b.material >= 0;
  if (materials) {
    pair.effective_modulus = effective_modulus(model.materials[static_cast<std::size_t>(a.material)],
                                               model.materials[static_cast<std::size_t>(b.material)]);
  }
  pair.effective_radius_given = settings.effective_radius > 0.0;
  pair.effective_radius = pair.effective_radius_given ? settings.effective_radius
                                                      : effective_radius(curvature_radius(a), curvature_radius(b));
  if (settings.restitution_from_materials || settings.parameters_from_materials != 0) {
    std::vector<NamedValue> values = given_values(*pair.law_info, settings.parameters);
    if (settings.restitution_from_materials) {
      const double e = materials ? mixed_restitution(model.materials[static_cast<std::size_t>(a.material)],
                                                     model.materials[static_cast<std::size_t>(b.material)])
                                 : std::numeric_limits<double>::quiet_NaN();
      if (std::isnan(e)) {
        throw std::invalid_argument("law '" + std::string(pair.law_info->id) + "' needs a restitution for " + pair.name +
                                    ": give it in the contact's parameters or in the shapes' materials");
      }
      values[static_cast<std::size_t>(restitution_parameter(*pair.law_info))].value = e;
    }
    for (std::size_t k = 0; k < pair.law_info->parameters.size(); ++k) {
      if ((settings.parameters_from_materials & (1u << k)) == 0) continue;
      const LawParameter& parameter = pair.law_info->parameters[k];
      if (!materials) {
        const Shape& missing = a.material < 0 ? a : b;
        throw std::invalid_argument("law '" + std::string(pair.law_info->id) + "' takes " + std::string(parameter.name) +
                                    " from the materials, and shape '" + missing.name + "' has none; give it in the law's parameters");
      }
      std::string why;
      const MaterialPairView view{a, b, model.materials[static_cast<std::size_t>(a.material)],
                                  model.materials[static_cast<std::size_t>(b.material)], pair.effective_modulus,
                                  pair.effective_radius};
      const double value = material_parameter(parameter.role, view, why);
      if (std::isnan(value)) {
        throw std::invalid_argument("law '" + std::string(pair.law_info->id) + "' needs " + std::string(parameter.name) +
                                    " for " + pair.name + ": " + why);
      }
      values[k].value = value;
    }
    pair.parameters = cache ? cache->compile(*pair.law_info, values) : compile_law_parameters(*pair.law_info, values);
  }
  if (settings.friction_law != nullptr &&
      (settings.static_friction_from_materials || settings.kinetic_friction_from_materials)) {
    const ParameterTable table = parameter_table(*settings.friction_law);
    std::vector<NamedValue> values = given_values(table, settings.friction_parameters);
    for (const auto& [role, wanted] : {std::pair{ParameterRole::kStaticFriction, settings.static_friction_from_materials},
                                       std::pair{ParameterRole::kKineticFriction, settings.kinetic_friction_from_materials}}) {
      if (!wanted) continue;
      const int k = role_parameter(table, role);
      const bool at_rest = role == ParameterRole::kStaticFriction;
      const double mu = materials ? mixed_friction(model.materials[static_cast<std::size_t>(a.material)],
                                                   model.materials[static_cast<std::size_t>(b.material)], at_rest)
                                  : std::numeric_limits<double>::quiet_NaN();
      if (std::isnan(mu)) {
        throw std::invalid_argument("friction law '" + std::string(settings.friction_law->id) + "' needs " +
                                    std::string(values[static_cast<std::size_t>(k)].name) + " for " + pair.name +
                                    ": give it in the friction's parameters or a friction coefficient in the shapes' materials");
      }
      values[static_cast<std::size_t>(k)].value = mu;
    }
    pair.friction_parameters = compile_parameters(table, values);
  }
  if (pair.law_info->impulsive) {
    pair.stiffness = 0.0;  // a rigid impact: no compliance
  } else if ((pair.law_info->ignores & kIgnoresStiffness) != 0) {
    // The law's force does not read K (LawInfo::ignores): Hertz's from the materials where they give one is only the
    // engine's scale of the contact (its first step after an onset, a calibration's time scale), else none (0). A law
    // that needs the materials says so below.
    const bool hertz = materials && std::isfinite(pair.effective_radius) && std::isfinite(pair.effective_modulus) &&
                       pair.effective_modulus > 0.0;
    pair.stiffness = hertz ? hertz_stiffness(pair.effective_modulus, pair.effective_radius) : 0.0;
  } else if (settings.hertz_stiffness) {
    if (!materials) {
      const Shape& missing = a.material < 0 ? a : b;
      throw std::invalid_argument("Hertz stiffness of " + pair.name + " needs a material on shape '" + missing.name +
                                  "'; give the shape a material, or give stiffness [N/m^n] and exponent");
    }
    if (!std::isfinite(pair.effective_radius)) {
      throw std::invalid_argument("Hertz stiffness of " + pair.name +
                                  " is undefined (both surfaces flat at the contact point); give stiffness [N/m^n]");
    }
    if (!std::isfinite(pair.effective_modulus)) {
      throw std::invalid_argument("both materials of " + pair.name + " are rigid; give stiffness [N/m^n]");
    }
    pair.stiffness = hertz_stiffness(pair.effective_modulus, pair.effective_radius);
    pair.stiffness_from_materials = true;
  } else {
    pair.stiffness = settings.stiffness;
  }
  const double mass_a = model.bodies[static_cast<std::size_t>(a.body)].mass;
  const double mass_b = model.bodies[static_cast<std::size_t>(b.body)].mass;
  pair.reduced_mass = std::isinf(mass_a) ? mass_b : std::isinf(mass_b) ? mass_a : mass_a * mass_b / (mass_a + mass_b);
  if (pair.law_info->requires_linear_stiffness && pair.exponent != 1.0 && settings.linear_stiffness_speed > 0.0) {
    pair.stiffness = equivalent_linear_stiffness(pair.stiffness, pair.exponent, pair.reduced_mass, settings.linear_stiffness_speed);
    pair.exponent = 1.0;
    pair.linear_stiffness_speed = settings.linear_stiffness_speed;
  }
  if (pair.law_info->requires_linear_stiffness && pair.exponent != 1.0) {
    throw std::invalid_argument("law '" + std::string(pair.law_info->id) +
                                "' needs a linear stiffness: give stiffness [N/m] and exponent: 1");
  }
  pair.force_uses_radius = pair.stiffness_from_materials || (pair.law_info->needs & kNeedsMaterials) != 0;
  for (std::size_t k = 0; k < pair.law_info->parameters.size(); ++k) {
    if ((settings.parameters_from_materials & (1u << k)) != 0 && role_uses_curvature(pair.law_info->parameters[k].role)) {
      pair.force_uses_radius = true;
    }
  }
  if ((pair.law_info->needs & kNeedsMaterials) != 0 &&
      !(std::isfinite(pair.effective_modulus) && pair.effective_modulus > 0.0 && std::isfinite(pair.effective_radius))) {
    throw std::invalid_argument("law '" + std::string(pair.law_info->id) + "' needs the effective modulus and radius of " +
                                pair.name + ": give both shapes a (non-rigid) material and a curved surface");
  }
  return pair;
}

}  // namespace contactlab
