// SPDX-License-Identifier: MIT
// A law's parameters as a table — the given ones a scene sets, then the derived ones its prepare computes — and
// the operations every kind of law shares: look-up by name or role, the one message for a name a law does not
// take, and compiling (name, value) pairs into the values its functions read. Normal laws (models/registry.h) and
// friction laws (models/friction_registry.h) both describe their parameters this way.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "models/force_law.h"

namespace contactlab {

// Compiled parameters: the given ones, then the derived ones, in their declaration order (a law reads them
// through its parameter struct, models/typed_law.h).
struct LawParameters {
  double values[kMaxLawParameters] = {};
};

// One parameter value by name, as a scene gives it.
struct NamedValue {
  std::string_view name;
  double value;
};

// What a law declares about its parameters.
struct ParameterTable {
  std::string_view law;  // the law's id, for messages
  std::span<const LawParameter> given;
  std::span<const LawParameter> derived;
  PrepareFunction prepare = nullptr;
};

// The table of a LawInfo or a FrictionLawInfo.
template <class Info>
ParameterTable parameter_table(const Info& law) {
  return {law.id, law.parameters, law.derived, law.prepare};
}

// Index of the given or derived parameter `name` in LawParameters::values, or -1.
int parameter_index(const ParameterTable& table, std::string_view name);

// The given parameter `name`, or null (for a derived or unknown name).
const LawParameter* find_parameter(const ParameterTable& table, std::string_view name);

// The sentence for a name a scene cannot give the law: "law 'x' has no parameter 'y'; its parameters are a, b"
// (or "; it takes none"), the wording of every look-up that fails.
std::string unknown_parameter_message(const ParameterTable& table, std::string_view name);

// A compiled parameter, given or derived, by name. Throws std::invalid_argument for a name the law does not
// declare.
double parameter_value(const ParameterTable& table, const LawParameters& parameters, std::string_view name);

// "law 'X' requires parameter 'Y' (description)": what compile_parameters throws for a required parameter left out.
std::string missing_parameter_message(std::string_view law, const LawParameter& parameter);

// Index of the given parameter with this role, or -1.
int role_parameter(const ParameterTable& table, ParameterRole role);

// The given parameters' values by name, in declaration order: compiled parameters to compile again with one
// value changed.
std::vector<NamedValue> given_values(const ParameterTable& table, const LawParameters& parameters);

// A number as messages print it: the stream's default six digits when they give the number back, else the shortest
// text that does (1.0000001, not 1, which would hide why it is out of range).
std::string round_trip_text(double value);

// Checks one parameter value against its declared range; returns an empty string when valid, otherwise
// a sentence saying what was expected.
std::string check_law_parameter(const LawParameter& parameter, double value);

// Compiles (name, value) pairs: applies defaults, checks ranges, then calls prepare for the derived parameters.
// Throws std::invalid_argument naming the parameter on an unknown name (unknown_parameter_message), a missing
// required value, a value out of range, or a combination prepare rejects.
LawParameters compile_parameters(const ParameterTable& table, std::span<const NamedValue> values);

}  // namespace contactlab
