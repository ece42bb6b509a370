// SPDX-License-Identifier: MIT
#include "models/registry.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "models/assert.h"
#include "models/laws.h"

namespace contactlab {
namespace {

// The one place that lists the built-in laws (explicit, so static linking cannot drop any).
std::vector<LawInfo> builtin_laws() {
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

// What a registered LawInfo points into: copies of its strings and tables, never moved once made.
struct LawStorage {
  std::deque<std::string> strings;
  std::vector<std::string_view> aliases;
  std::vector<LawParameter> parameters;
  std::vector<LawParameter> derived;
  std::vector<RestitutionRange> accurate_restitution_also;
};

[[noreturn]] void refuse(const LawInfo& law, const std::string& problem) {
  throw std::invalid_argument("register_law: law '" + std::string(law.id) + "': " + problem);
}

class Registry {
 public:
  Registry() {
    for (const LawInfo& law : builtin_laws()) add(law);
  }

  const std::deque<LawInfo>& laws() const { return laws_; }

  LawIndex find(std::string_view name) const {
    for (std::size_t i = 0; i < laws_.size(); ++i) {
      if (laws_[i].id == name) return static_cast<LawIndex>(i);
      for (std::string_view alias : laws_[i].aliases) {
        if (alias == name) return static_cast<LawIndex>(i);
      }
    }
    return -1;
  }

  LawIndex add(const LawInfo& law) {
    validate(law);
    return store(law);
  }

  // All or none: every law is checked (against the registry and against the others) before any is added.
  std::vector<LawIndex> add_all(std::span<const LawInfo> laws) {
    std::vector<std::string_view> names;
    for (const LawInfo& law : laws) {
      validate(law);
      names.push_back(law.id);
      names.insert(names.end(), law.aliases.begin(), law.aliases.end());
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (std::find(names.begin() + static_cast<std::ptrdiff_t>(i) + 1, names.end(), names[i]) != names.end()) {
        throw std::invalid_argument("register_laws: the name '" + std::string(names[i]) + "' is given twice");
      }
    }
    std::vector<LawIndex> indices;
    for (const LawInfo& law : laws) indices.push_back(store(law));
    return indices;
  }

 private:
  LawIndex store(const LawInfo& law) {
    LawStorage& storage = storage_.emplace_back();
    laws_.push_back(stored_copy(law, storage));
    return static_cast<LawIndex>(laws_.size() - 1);
  }

  void validate(const LawInfo& law) const {
    if (law.id.empty()) throw std::invalid_argument("register_law: a law needs an id");
    std::vector<std::string_view> names{law.id};
    for (std::string_view alias : law.aliases) {
      if (alias.empty()) refuse(law, "an alias is empty");
      names.push_back(alias);
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), names[i]) !=
          names.begin() + static_cast<std::ptrdiff_t>(i)) {
        refuse(law, "the name '" + std::string(names[i]) + "' is given twice");
      }
      if (const LawIndex other = find(names[i]); other >= 0) {
        refuse(law, "the name '" + std::string(names[i]) + "' is taken by law '" +
                        std::string(laws_[static_cast<std::size_t>(other)].id) + "'");
      }
    }
    if (law.force == nullptr) refuse(law, "no force function");
    if (law.parameters.size() + law.derived.size() > static_cast<std::size_t>(kMaxLawParameters)) {
      refuse(law, std::to_string(law.parameters.size() + law.derived.size()) +
                      " given and derived parameters; at most " + std::to_string(kMaxLawParameters) + " fit");
    }
    std::vector<std::string_view> parameter_names;
    int restitution_roles = 0;
    for (std::span<const LawParameter> table : {law.parameters, law.derived}) {
      for (const LawParameter& p : table) {
        if (p.name.empty()) refuse(law, "a parameter has no name");
        if (std::find(parameter_names.begin(), parameter_names.end(), p.name) != parameter_names.end()) {
          refuse(law, "the parameter name '" + std::string(p.name) + "' is declared twice");
        }
        parameter_names.push_back(p.name);
        if (p.role == ParameterRole::kTargetRestitution || p.role == ParameterRole::kNewtonRestitution) {
          ++restitution_roles;
        }
      }
    }
    for (const LawParameter& p : law.derived) {
      if (p.role != ParameterRole::kNone) refuse(law, "derived parameter '" + std::string(p.name) + "' has a role");
    }
    if (restitution_roles > 1) refuse(law, "more than one parameter has a restitution role");
    for (const LawParameter& p : law.parameters) {
      if (!(p.min <= p.max)) {
        refuse(law, "parameter '" + std::string(p.name) + "' has an empty range (min above max, or NaN)");
      }
      if (!p.required) {
        if (std::string problem = check_law_parameter(p, p.default_value); !problem.empty()) {
          refuse(law, "the default of parameter '" + std::string(p.name) + "' is outside its range: " + problem);
        }
      }
    }
    if (!law.derived.empty() && law.prepare == nullptr) refuse(law, "derived parameters but no prepare function");
    if (law.state_size < 0 || law.state_size > kMaxLawState) {
      refuse(law, "state_size " + std::to_string(law.state_size) + " outside [0, " + std::to_string(kMaxLawState) +
                      "]");
    }
    if (!law.dissipation_parameter.empty() &&
        std::none_of(law.parameters.begin(), law.parameters.end(),
                     [&](const LawParameter& p) { return p.name == law.dissipation_parameter; })) {
      refuse(law, "the dissipation parameter '" + std::string(law.dissipation_parameter) + "' is not a given parameter");
    }
    if (!law.dissipation_twin.empty() &&
        (law.dissipation_parameter.empty() || law.dissipation_twin == law.dissipation_parameter ||
         std::none_of(law.parameters.begin(), law.parameters.end(),
                      [&](const LawParameter& p) { return p.name == law.dissipation_twin; }))) {
      refuse(law, "the dissipation twin '" + std::string(law.dissipation_twin) +
                      "' is not a given parameter other than the dissipation parameter");
    }
    if (law.continuous_state_size < 0 || law.continuous_state_size > law.state_size) {
      refuse(law, "continuous_state_size " + std::to_string(law.continuous_state_size) + " outside [0, state_size]");
    }
    if (law.continuous_state_size > 0 && law.state_rate == nullptr) {
      refuse(law, "a continuous state but no state_rate function");
    }
    if (law.peak_at_max_indentation && (law.continuous_state_size > 0 || (law.needs & kNeedsTimeSinceOnset) != 0)) {
      refuse(law, "peaks at its maximum indentation but reads an integrated state or the time since the onset");
    }
    if (!(0.0 <= law.accurate_restitution_min && law.accurate_restitution_min <= law.accurate_restitution_max &&
          law.accurate_restitution_max <= 1.0)) {
      refuse(law, "the accurate restitution range is not inside [0, 1]");
    }
    double below = -1.0;  // the ranges ascend, apart, from 0 up to below the main one
    for (const RestitutionRange& range : law.accurate_restitution_also) {
      if (!(0.0 <= range.min && below < range.min && range.min <= range.max && range.max < law.accurate_restitution_min)) {
        refuse(law, "its further accurate restitution ranges do not ascend, apart, below the main one");
      }
      below = range.max;
    }
    if (!(law.fixed_exponent == 0.0 || (law.fixed_exponent >= 1.0 && std::isfinite(law.fixed_exponent)))) {
      refuse(law, "the fixed exponent is neither 0 (the pair's) nor a finite n >= 1");
    }
    if (law.fixed_exponent != 0.0 && law.requires_linear_stiffness && law.fixed_exponent != 1.0) {
      refuse(law, "a law that needs a linear stiffness cannot fix another exponent than 1");
    }
    if ((law.ignores & ~std::uint32_t{kIgnoresStiffness | kIgnoresExponent}) != 0) {
      refuse(law, "it ignores pair parameters other than the stiffness and the exponent");
    }
    if ((law.ignores & kIgnoresStiffness) != 0 && (law.requires_linear_stiffness || law.fixed_exponent != 0.0)) {
      refuse(law, "it ignores the stiffness but needs a linear one or fixes its exponent");
    }
    if ((law.ignores & kIgnoresExponent) != 0 && (law.ignores & kIgnoresStiffness) == 0) {
      refuse(law, "it reads the stiffness but ignores the exponent: declare the exponent it reads it with (fixed_exponent)");
    }
  }

  static LawInfo stored_copy(const LawInfo& law, LawStorage& storage) {
    auto keep = [&storage](std::string_view text) -> std::string_view { return storage.strings.emplace_back(text); };
    auto copy_table = [&keep](std::span<const LawParameter> table, std::vector<LawParameter>& out) {
      for (LawParameter p : table) {
        p.name = keep(p.name);
        p.unit = keep(p.unit);
        p.description = keep(p.description);
        out.push_back(p);
      }
    };
    LawInfo copy = law;
    copy.id = keep(law.id);
    copy.family = keep(law.family);
    copy.formula = keep(law.formula);
    copy.source = keep(law.source);
    copy.notes = keep(law.notes);
    copy.dissipation_parameter = keep(law.dissipation_parameter);
    copy.dissipation_twin = keep(law.dissipation_twin);
    for (std::string_view alias : law.aliases) storage.aliases.push_back(keep(alias));
    copy_table(law.parameters, storage.parameters);
    copy_table(law.derived, storage.derived);
    copy.aliases = storage.aliases;
    copy.parameters = storage.parameters;
    copy.derived = storage.derived;
    storage.accurate_restitution_also.assign(law.accurate_restitution_also.begin(), law.accurate_restitution_also.end());
    copy.accurate_restitution_also = storage.accurate_restitution_also;
    return copy;
  }

  std::deque<LawInfo> laws_;         // a deque: references stay valid as laws are added
  std::deque<LawStorage> storage_;   // one per law, what its strings and tables point into
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

LawList all_laws() { return LawList(registry().laws()); }

LawIndex find_law(std::string_view name) { return registry().find(name); }

const LawInfo& law_info(LawIndex index) {
  CONTACTLAB_ASSERT(index >= 0 && static_cast<std::size_t>(index) < registry().laws().size(),
                    "a law index the registry gave");
  return registry().laws()[static_cast<std::size_t>(index)];
}

std::vector<std::string_view> law_ids() {
  std::vector<std::string_view> ids;
  for (const LawInfo& law : registry().laws()) ids.push_back(law.id);
  return ids;
}

LawIndex register_law(const LawInfo& law) { return registry().add(law); }

std::vector<LawIndex> register_laws(std::span<const LawInfo> laws) { return registry().add_all(laws); }

ParameterTable parameter_table(const LawInfo& law) { return parameter_table<LawInfo>(law); }

int parameter_index(const LawInfo& law, std::string_view name) { return parameter_index(parameter_table(law), name); }

const LawParameter* find_parameter(const LawInfo& law, std::string_view name) {
  return find_parameter(parameter_table(law), name);
}

std::string unknown_parameter_message(const LawInfo& law, std::string_view name) {
  return unknown_parameter_message(parameter_table(law), name);
}

double parameter_value(const LawInfo& law, const LawParameters& parameters, std::string_view name) {
  return parameter_value(parameter_table(law), parameters, name);
}

int restitution_parameter(const LawInfo& law) {
  const int target = role_parameter(parameter_table(law), ParameterRole::kTargetRestitution);
  return target >= 0 ? target : role_parameter(parameter_table(law), ParameterRole::kNewtonRestitution);
}

std::vector<RestitutionRange> accurate_restitution_ranges(const LawInfo& law) {
  if (!(law.accurate_restitution_max > law.accurate_restitution_min)) return {};
  std::vector<RestitutionRange> ranges(law.accurate_restitution_also.begin(), law.accurate_restitution_also.end());
  ranges.push_back({law.accurate_restitution_min, law.accurate_restitution_max});
  return ranges;
}

bool reproduces_restitution(const LawInfo& law, double c) {
  for (const RestitutionRange& range : accurate_restitution_ranges(law)) {
    if (range.min <= c && c <= range.max) return true;
  }
  return false;
}

std::string accurate_restitution_text(const LawInfo& law, int digits) {
  std::string text;
  for (const RestitutionRange& range : accurate_restitution_ranges(law)) {
    std::ostringstream bounds;
    bounds.precision(digits);
    bounds << (range.min == 0.0 ? "(0" : "[");
    if (range.min != 0.0) bounds << range.min;
    bounds << ", " << range.max << "]";
    text += (text.empty() ? "" : " ∪ ") + bounds.str();
  }
  return text;
}

std::vector<NamedValue> given_values(const LawInfo& law, const LawParameters& parameters) {
  return given_values(parameter_table(law), parameters);
}

LawParameters compile_law_parameters(const LawInfo& law, std::span<const NamedValue> values) {
  return compile_parameters(parameter_table(law), values);
}

}  // namespace contactlab
