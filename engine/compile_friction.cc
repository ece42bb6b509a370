// SPDX-License-Identifier: MIT
// The compile stage: a `friction` block — its law by id or alias (models/friction_registry.h) and its parameters by
// name, checked against the law's declared ranges and compiled with its derived values.
#include <algorithm>

#include "engine/names.h"
#include "engine/scene_compiler.h"
#include "models/friction_registry.h"

namespace contactlab::compile {

void compile_friction(const FrictionSpec& spec, const std::string& path, PairSettings& settings) {
  const Key law_key{path, "law"};
  if (!spec.law) {
    refuse(law_key, "missing required key: expected a friction law (contactlab models --friction lists them) or none",
           SpecProblemAt::kMissing);
  }
  settings.friction_law = nullptr;
  settings.friction_parameters = {};
  settings.static_friction_from_materials = settings.kinetic_friction_from_materials = false;
  if (*spec.law == "none") {
    if (!spec.parameters.empty()) refuse(Key{path, "parameters"}, "law: none takes no parameters");
    return;
  }
  const FrictionLawIndex index = find_friction_law(*spec.law);
  if (index < 0) {
    auto ids = friction_law_ids();
    refuse(law_key, "unknown friction law '" + *spec.law + "'" + did_you_mean(*spec.law, ids) + "; valid names are none, " +
                        join_names(ids));
  }
  const FrictionLawInfo& law = friction_law_info(index);
  const ParameterTable table = parameter_table(law);
  std::vector<NamedValue> values;
  add_law_parameters(table, spec.parameters, path + ".parameters", values);
  // μ_s and μ_k left out are the materials' (make_contact_pair mixes them per pair): compiled meanwhile at a value
  // inside their range that keeps μ_k ≤ μ_s.
  for (const ParameterRole role : {ParameterRole::kStaticFriction, ParameterRole::kKineticFriction}) {
    const int k = role_parameter(table, role);
    if (k < 0) continue;
    const LawParameter& declared = law.parameters[static_cast<std::size_t>(k)];
    if (std::any_of(values.begin(), values.end(), [&](const NamedValue& v) { return v.name == declared.name; })) continue;
    if (!declared.required) continue;  // a default: the law's own
    (role == ParameterRole::kStaticFriction ? settings.static_friction_from_materials : settings.kinetic_friction_from_materials) = true;
    const ParameterRole other = role == ParameterRole::kStaticFriction ? ParameterRole::kKineticFriction : ParameterRole::kStaticFriction;
    const int j = role_parameter(table, other);
    double start = 0.5;
    if (j >= 0) {
      const std::string_view other_name = law.parameters[static_cast<std::size_t>(j)].name;
      for (const NamedValue& v : values) {
        if (v.name == other_name) start = v.value;
      }
    }
    values.push_back({declared.name, start});
  }
  try {
    settings.friction_parameters = compile_parameters(table, values);
  } catch (const std::invalid_argument& error) {
    refuse(law_key, error.what());
  }
  settings.friction_law = &law;
}

}  // namespace contactlab::compile
