// SPDX-License-Identifier: MIT
#include "models/friction_registry.h"

#include "models/assert.h"
#include "models/friction_laws.h"

namespace contactlab {
namespace {

// The one place that lists the friction laws (explicit, so static linking cannot drop any).
std::vector<FrictionLawInfo> builtin_friction_laws() {
  std::vector<FrictionLawInfo> laws;
  append_coulomb_friction_laws(laws);
  append_regularised_friction_laws(laws);
  append_bristle_friction_laws(laws);
  return laws;
}

const std::vector<FrictionLawInfo>& registry() {
  static const std::vector<FrictionLawInfo> laws = builtin_friction_laws();
  return laws;
}

}  // namespace

std::span<const FrictionLawInfo> friction_laws() { return registry(); }

FrictionLawIndex find_friction_law(std::string_view name) {
  const std::vector<FrictionLawInfo>& laws = registry();
  for (std::size_t i = 0; i < laws.size(); ++i) {
    if (laws[i].id == name) return static_cast<FrictionLawIndex>(i);
    for (std::string_view alias : laws[i].aliases) {
      if (alias == name) return static_cast<FrictionLawIndex>(i);
    }
  }
  return -1;
}

const FrictionLawInfo& friction_law_info(FrictionLawIndex index) {
  CONTACTLAB_ASSERT(index >= 0 && static_cast<std::size_t>(index) < registry().size(),
                    "a friction law index the registry gave");
  return registry()[static_cast<std::size_t>(index)];
}

std::vector<std::string_view> friction_law_ids() {
  std::vector<std::string_view> ids;
  for (const FrictionLawInfo& law : registry()) ids.push_back(law.id);
  return ids;
}

}  // namespace contactlab
