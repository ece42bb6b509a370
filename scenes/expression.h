// SPDX-License-Identifier: MIT
// Arithmetic expressions in scene values: numbers, variables, + − * / ^ (right-associative), unary minus,
// parentheses, the constants pi and e, sqrt, cbrt, exp, log, sin, cos, tan, asin, acos, atan, abs, and
// min, max, pow, atan2 of two arguments.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/names.h"

namespace contactlab {

struct ExpressionError : std::runtime_error {
  ExpressionError(const std::string& message, std::size_t position)
      : std::runtime_error(message), position(position) {}
  std::size_t position;  // character offset in the expression
};

using VariableLookup = std::function<std::optional<double>(std::string_view name)>;

// Evaluates `text`; throws ExpressionError on a syntax error or an unknown variable.
double evaluate_expression(std::string_view text, const VariableLookup& lookup);

// "" when `name` can be read in an expression, as a variable's: a letter or '_', then letters, digits or '_' (ASCII),
// at most kMaxNameLength bytes (engine/names.h); else why not.
std::string variable_name_problem(std::string_view name);

}  // namespace contactlab
