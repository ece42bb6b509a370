// SPDX-License-Identifier: MIT
#include "models/registry.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "models/assert.h"
#include "models/laws.h"

namespace contactlab {
namespace {

// The one place that lists the built-in laws (explicit, so static linking cannot drop any).
std::vector<LawInfo> register_builtin_laws() {
  std::vector<LawInfo> laws;
  append_elastic_laws(laws);
  append_kelvin_voigt_laws(laws);
  append_hunt_crossley_family(laws);
  append_poursina_nikravesh_laws(laws);
  append_power_law_damping_laws(laws);
  append_granular_laws(laws);
  append_elastoplastic_laws(laws);
  append_alternative_laws(laws);
  append_impulse_method(laws);
  return laws;
}

const std::vector<LawInfo>& registry() {
  static const std::vector<LawInfo> laws = register_builtin_laws();
  return laws;
}

}  // namespace

std::span<const LawInfo> all_laws() { return registry(); }

LawIndex find_law(std::string_view name) {
  const auto& laws = registry();
  for (std::size_t i = 0; i < laws.size(); ++i) {
    if (laws[i].id == name) return static_cast<LawIndex>(i);
    for (std::string_view alias : laws[i].aliases) {
      if (alias == name) return static_cast<LawIndex>(i);
    }
  }
  return -1;
}

const LawInfo& law_info(LawIndex index) {
  CONTACTLAB_ASSERT(index >= 0 && static_cast<std::size_t>(index) < registry().size(), "a law index the registry gave");
  return registry()[static_cast<std::size_t>(index)];
}

std::vector<std::string_view> law_ids() {
  std::vector<std::string_view> ids;
  for (const LawInfo& law : registry()) ids.push_back(law.id);
  return ids;
}

std::string check_law_parameter(const LawParameter& p, double value) {
  const bool below = p.min_exclusive ? !(value > p.min) : !(value >= p.min);
  const bool above = p.max_exclusive ? !(value < p.max) : !(value <= p.max);
  if (std::isnan(value) || below || above) {
    std::ostringstream message;
    message << "expected " << p.name << " in " << (p.min_exclusive ? "(" : "[") << p.min << ", " << p.max
            << (p.max_exclusive ? ")" : "]");
    if (!p.unit.empty() && p.unit != "-") message << " " << p.unit;
    message << ", found " << value;
    return message.str();
  }
  return {};
}

LawParameters compile_law_parameters(const LawInfo& law, std::span<const NamedValue> values) {
  LawParameters out;
  std::vector<bool> given(law.parameters.size(), false);
  for (const NamedValue& named : values) {
    std::size_t i = 0;
    while (i < law.parameters.size() && law.parameters[i].name != named.name) ++i;
    if (i == law.parameters.size()) {
      std::ostringstream message;
      message << "law '" << law.id << "' has no parameter '" << named.name << "'";
      if (law.parameters.empty()) {
        message << " (it takes none)";
      } else {
        message << "; its parameters are";
        for (const LawParameter& p : law.parameters) message << " " << p.name;
      }
      throw std::invalid_argument(message.str());
    }
    if (std::string problem = check_law_parameter(law.parameters[i], named.value); !problem.empty()) {
      throw std::invalid_argument("law '" + std::string(law.id) + "': " + problem);
    }
    out.values[i] = named.value;
    given[i] = true;
  }
  for (std::size_t i = 0; i < law.parameters.size(); ++i) {
    if (given[i]) continue;
    if (law.parameters[i].required) {
      throw std::invalid_argument("law '" + std::string(law.id) + "' requires parameter '" +
                                  std::string(law.parameters[i].name) + "' (" +
                                  std::string(law.parameters[i].description) + ")");
    }
    out.values[i] = law.parameters[i].default_value;
  }
  if (law.prepare) law.prepare(out.values);
  return out;
}

}  // namespace contactlab
