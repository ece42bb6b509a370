// SPDX-License-Identifier: MIT
// The registry of normal force laws: every law by id (and alias), resolved once when a scene is compiled;
// the step loop then dispatches by index with no string look-ups.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "models/force_law.h"

namespace contactlab {

using LawIndex = int;

// All registered laws, in registration order (the order of register_builtin_laws).
std::span<const LawInfo> all_laws();

// Index of the law with this id or alias, or -1.
LawIndex find_law(std::string_view id_or_alias);

const LawInfo& law_info(LawIndex index);

// Ids of all laws, for error messages ("valid names are …").
std::vector<std::string_view> law_ids();

// Parameters of one contact's law, after validation and LawInfo::prepare.
struct LawParameters {
  double values[kMaxLawParameters] = {};
};

// Checks one parameter value against its declared range; returns an empty string when valid, otherwise
// a sentence saying what was expected.
std::string check_law_parameter(const LawParameter& parameter, double value);

// Fills `out` from (name, value) pairs, applying defaults and checking ranges, then calls prepare.
// Throws std::invalid_argument naming the parameter on an unknown name, a missing required value or a
// value out of range.
struct NamedValue {
  std::string_view name;
  double value;
};
LawParameters compile_law_parameters(const LawInfo& law, std::span<const NamedValue> values);

}  // namespace contactlab
