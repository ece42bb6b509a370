// SPDX-License-Identifier: MIT
#include "models/law_parameters.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace contactlab {

int parameter_index(const ParameterTable& table, std::string_view name) {
  for (std::size_t i = 0; i < table.given.size(); ++i) {
    if (table.given[i].name == name) return static_cast<int>(i);
  }
  for (std::size_t i = 0; i < table.derived.size(); ++i) {
    if (table.derived[i].name == name) return static_cast<int>(table.given.size() + i);
  }
  return -1;
}

const LawParameter* find_parameter(const ParameterTable& table, std::string_view name) {
  for (const LawParameter& p : table.given) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string unknown_parameter_message(const ParameterTable& table, std::string_view name) {
  std::ostringstream message;
  message << "law '" << table.law << "' has no parameter '" << name << "'";
  if (parameter_index(table, name) >= 0) message << " to give (the law derives it)";
  if (table.given.empty()) {
    message << "; it takes none";
  } else {
    message << "; its parameters are ";
    for (std::size_t i = 0; i < table.given.size(); ++i) message << (i ? ", " : "") << table.given[i].name;
  }
  return message.str();
}

double parameter_value(const ParameterTable& table, const LawParameters& parameters, std::string_view name) {
  const int index = parameter_index(table, name);
  if (index < 0) throw std::invalid_argument(unknown_parameter_message(table, name));
  return parameters.values[index];
}

std::string missing_parameter_message(std::string_view law, const LawParameter& parameter) {
  return "law '" + std::string(law) + "' requires parameter '" + std::string(parameter.name) + "' (" +
         std::string(parameter.description) + ")";
}

int role_parameter(const ParameterTable& table, ParameterRole role) {
  for (std::size_t i = 0; i < table.given.size(); ++i) {
    if (table.given[i].role == role) return static_cast<int>(i);
  }
  return -1;
}

std::vector<NamedValue> given_values(const ParameterTable& table, const LawParameters& parameters) {
  std::vector<NamedValue> values;
  for (std::size_t i = 0; i < table.given.size(); ++i) values.push_back({table.given[i].name, parameters.values[i]});
  return values;
}

std::string round_trip_text(double value) {
  std::ostringstream stream;
  stream << value;
  const std::string text = stream.str();
  if (!std::isfinite(value) || std::strtod(text.c_str(), nullptr) == value) return text;
  char shortest[32];
  const auto result = std::to_chars(shortest, shortest + sizeof(shortest), value);
  return std::string(shortest, result.ptr);
}

std::string check_law_parameter(const LawParameter& p, double value) {
  const bool below = p.min_exclusive ? !(value > p.min) : !(value >= p.min);
  const bool above = p.max_exclusive ? !(value < p.max) : !(value <= p.max);
  if (std::isnan(value) || below || above) {
    std::ostringstream message;
    message << "expected " << p.name << " in " << (p.min_exclusive ? "(" : "[") << round_trip_text(p.min) << ", "
            << round_trip_text(p.max) << (p.max_exclusive ? ")" : "]");
    if (!p.unit.empty() && p.unit != "-") message << " " << p.unit;
    message << ", found " << round_trip_text(value);
    return message.str();
  }
  return {};
}

LawParameters compile_parameters(const ParameterTable& table, std::span<const NamedValue> values) {
  LawParameters out;
  std::vector<bool> given(table.given.size(), false);
  for (const NamedValue& named : values) {
    const LawParameter* parameter = find_parameter(table, named.name);
    if (parameter == nullptr) throw std::invalid_argument(unknown_parameter_message(table, named.name));
    if (std::string problem = check_law_parameter(*parameter, named.value); !problem.empty()) {
      throw std::invalid_argument("law '" + std::string(table.law) + "': " + problem);
    }
    const auto i = static_cast<std::size_t>(parameter - table.given.data());
    out.values[i] = named.value;
    given[i] = true;
  }
  for (std::size_t i = 0; i < table.given.size(); ++i) {
    if (given[i]) continue;
    if (table.given[i].required) {
      throw std::invalid_argument(missing_parameter_message(table.law, table.given[i]));
    }
    out.values[i] = table.given[i].default_value;
  }
  if (table.prepare) table.prepare(out.values);
  return out;
}

}  // namespace contactlab
