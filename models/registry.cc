// SPDX-License-Identifier: MIT
#include "models/registry.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

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

const LawInfo& law_info(LawIndex index) { return registry().at(static_cast<std::size_t>(index)); }

std::vector<std::string_view> law_ids() {
  std::vector<std::string_view> ids;
  for (const LawInfo& law : registry()) ids.push_back(law.id);
  return ids;
}

int parameter_index(const LawInfo& law, std::string_view name) {
  for (std::size_t i = 0; i < law.parameters.size(); ++i) {
    if (law.parameters[i].name == name) return static_cast<int>(i);
  }
  for (std::size_t i = 0; i < law.derived.size(); ++i) {
    if (law.derived[i].name == name) return static_cast<int>(law.parameters.size() + i);
  }
  return -1;
}

const LawParameter* find_parameter(const LawInfo& law, std::string_view name) {
  for (const LawParameter& p : law.parameters) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string unknown_parameter_message(const LawInfo& law, std::string_view name) {
  std::ostringstream message;
  message << "law '" << law.id << "' has no parameter '" << name << "'";
  if (parameter_index(law, name) >= 0) message << " to give (the law derives it)";
  if (law.parameters.empty()) {
    message << "; it takes none";
  } else {
    message << "; its parameters are ";
    for (std::size_t i = 0; i < law.parameters.size(); ++i) message << (i ? ", " : "") << law.parameters[i].name;
  }
  return message.str();
}

double parameter_value(const LawInfo& law, const LawParameters& parameters, std::string_view name) {
  const int index = parameter_index(law, name);
  if (index < 0) throw std::invalid_argument(unknown_parameter_message(law, name));
  return parameters.values[index];
}

int restitution_parameter(const LawInfo& law) {
  for (std::size_t i = 0; i < law.parameters.size(); ++i) {
    const ParameterRole role = law.parameters[i].role;
    if (role == ParameterRole::kTargetRestitution || role == ParameterRole::kNewtonRestitution) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

std::vector<NamedValue> given_values(const LawInfo& law, const LawParameters& parameters) {
  std::vector<NamedValue> values;
  for (std::size_t i = 0; i < law.parameters.size(); ++i) {
    values.push_back({law.parameters[i].name, parameters.values[i]});
  }
  return values;
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
    const LawParameter* parameter = find_parameter(law, named.name);
    if (parameter == nullptr) throw std::invalid_argument(unknown_parameter_message(law, named.name));
    if (std::string problem = check_law_parameter(*parameter, named.value); !problem.empty()) {
      throw std::invalid_argument("law '" + std::string(law.id) + "': " + problem);
    }
    const auto i = static_cast<std::size_t>(parameter - law.parameters.data());
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
