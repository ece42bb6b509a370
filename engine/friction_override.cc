// SPDX-License-Identifier: MIT
// The compile stage: a friction law override (`compare --friction-models`) turns a `friction` block written for one
// law into one for another, as `--model` does for the normal law.
#include <algorithm>

#include "engine/scene_compiler.h"
#include "models/friction_registry.h"

namespace contactlab::compile {

FrictionSpec override_friction(const std::optional<FrictionSpec>& given, const std::string& law) {
  FrictionSpec spec{law, {}};
  const FrictionLawIndex index = find_friction_law(law);
  if (index < 0 || !given || !given->law) return spec;  // an unknown law is refused by compile_friction
  const ParameterTable table = parameter_table(friction_law_info(index));
  const FrictionLawIndex from_index = find_friction_law(*given->law);
  const std::optional<ParameterTable> from =
      from_index >= 0 ? std::optional<ParameterTable>(parameter_table(friction_law_info(from_index))) : std::nullopt;
  // The block's value of a parameter of role `role`, if it gives one.
  auto by_role = [&](ParameterRole role) -> const ParameterValue* {
    if (!from) return nullptr;
    const int k = role_parameter(*from, role);
    if (k < 0) return nullptr;
    const std::string_view name = from->given[static_cast<std::size_t>(k)].name;
    const auto found = std::find_if(given->parameters.begin(), given->parameters.end(),
                                    [&](const ParameterValue& v) { return v.name == name; });
    return found != given->parameters.end() ? &*found : nullptr;
  };
  const ParameterValue* static_value = by_role(ParameterRole::kStaticFriction);
  const ParameterValue* kinetic_value = by_role(ParameterRole::kKineticFriction);
  for (const ParameterRole role : {ParameterRole::kStaticFriction, ParameterRole::kKineticFriction}) {
    const int k = role_parameter(table, role);
    if (k < 0) continue;
    // A block with one coefficient (Coulomb's μ) gives it to both roles; with none, the materials' are used.
    const ParameterValue* value = role == ParameterRole::kStaticFriction ? (static_value ? static_value : kinetic_value)
                                                                         : (kinetic_value ? kinetic_value : static_value);
    if (value != nullptr) spec.parameters.push_back({std::string(table.given[static_cast<std::size_t>(k)].name), value->value});
  }
  // Other parameters the law declares by the same name (a regularisation velocity, a bristle stiffness) carry over.
  for (const ParameterValue& value : given->parameters) {
    const LawParameter* declared = find_parameter(table, value.name);
    if (declared == nullptr || declared->role == ParameterRole::kStaticFriction ||
        declared->role == ParameterRole::kKineticFriction) {
      continue;
    }
    spec.parameters.push_back(value);
  }
  return spec;
}

}  // namespace contactlab::compile
