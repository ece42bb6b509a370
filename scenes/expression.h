// SPDX-License-Identifier: MIT
// Arithmetic expressions in scene values: numbers, variables, + − * / ^ (right-associative), unary minus,
// parentheses, the constants pi and e, sqrt, cbrt, exp, log, sin, cos, tan, asin, acos, atan, abs, and
// min, max, pow, atan2 of two arguments (the operations of engine/time_expression.h). One parser for both uses: a
// scene value, evaluated at load, and a function of time t (a drive, an effort), compiled at load and evaluated
// during the run.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "engine/names.h"
#include "engine/time_expression.h"

namespace contactlab {

using VariableLookup = std::function<std::optional<double>(std::string_view name)>;

// Evaluates `text`; throws ExpressionError on a syntax error, an unknown variable or a result (or any intermediate
// result) that is not finite.
double evaluate_expression(std::string_view text, const VariableLookup& lookup);

// Compiles `text` as a function of the time `t` (which hides any variable of that name); the other names are
// looked up now and fixed, and what does not depend on t is evaluated now. Throws ExpressionError as above.
TimeExpression compile_time_expression(std::string_view text, const VariableLookup& lookup);

// "" when `name` can be read in an expression, as a variable's: a letter or '_', then letters, digits or '_' (ASCII),
// at most kMaxNameLength bytes (engine/names.h), and not a name expressions already give a meaning (the constants pi
// and e, a function's name: a variable of that name would silently change every expression that uses it); else why
// not.
std::string variable_name_problem(std::string_view name);

}  // namespace contactlab
