// SPDX-License-Identifier: MIT
#include "scenes/expression.h"

#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

std::optional<double> variables(std::string_view name) {
  if (name == "g") return 9.81;
  if (name == "drop_height") return 1.0;
  if (name == "impact_speed") return 5.0;
  return std::nullopt;
}

TEST(Expression, ArithmeticPrecedenceAndAssociativity) {
  EXPECT_EQ(evaluate_expression("1 + 2 * 3", variables), 7.0);
  EXPECT_EQ(evaluate_expression("(1 + 2) * 3", variables), 9.0);
  EXPECT_EQ(evaluate_expression("2 ^ 3 ^ 2", variables), 512.0);  // right-associative: 2^(3^2)
  EXPECT_EQ(evaluate_expression("-2 ^ 2", variables), -4.0);      // unary minus binds looser than ^
  EXPECT_EQ(evaluate_expression("2 ^ -1", variables), 0.5);
  EXPECT_EQ(evaluate_expression("8 / 4 / 2", variables), 1.0);
  EXPECT_EQ(evaluate_expression("1e-3 * 2", variables), 2e-3);
}

TEST(Expression, VariablesConstantsAndFunctions) {
  // The bouncing ball's release speed: the downward speed that reaches 5 m/s after 1 m of fall.
  EXPECT_DOUBLE_EQ(evaluate_expression("-sqrt(impact_speed^2 - 2*g*drop_height)", variables),
                   -std::sqrt(25.0 - 2.0 * 9.81));
  EXPECT_DOUBLE_EQ(evaluate_expression("pi/12", variables), std::numbers::pi / 12.0);
  EXPECT_DOUBLE_EQ(evaluate_expression("cos(pi) + exp(0) + log(e)", variables), 1.0);
}

TEST(Expression, ErrorsSayWhereAndWhat) {
  try {
    evaluate_expression("2 * mass", variables);
    FAIL() << "expected an error";
  } catch (const ExpressionError& error) {
    EXPECT_EQ(std::string(error.what()), "unknown variable 'mass'");
    EXPECT_EQ(error.position, 4u);
  }
  EXPECT_THROW(evaluate_expression("(1 + 2", variables), ExpressionError);
  EXPECT_THROW(evaluate_expression("1 +", variables), ExpressionError);
  EXPECT_THROW(evaluate_expression("1 2", variables), ExpressionError);
  EXPECT_THROW(evaluate_expression("foo(1)", variables), ExpressionError);
  // Hostile nesting is an error, not a stack overflow (found by the scene fuzzer's design review).
  EXPECT_THROW(evaluate_expression(std::string(100000, '(') + "1", variables), ExpressionError);
  EXPECT_THROW(evaluate_expression(std::string(100000, '-') + "1", variables), ExpressionError);
  EXPECT_EQ(evaluate_expression("min(2, 3) + max(2, 3) + pow(2, 3)", variables), 13.0);
}

// A documented function called with the wrong number of arguments is not "unknown": say how many it takes.
TEST(Expression, AFunctionWithTheWrongNumberOfArgumentsSaysHowManyItTakes) {
  const std::pair<const char*, const char*> cases[] = {
      {"max(2)", "function 'max' takes 2 arguments, found 1"},
      {"2 * atan2(1)", "function 'atan2' takes 2 arguments, found 1"},
      {"sqrt(4, 2)", "function 'sqrt' takes 1 argument, found 2"},
      {"foo(1)", "unknown function 'foo'"},
      {"foo(1, 2)", "unknown function of two arguments 'foo'"},
  };
  for (const auto& [text, message] : cases) {
    try {
      evaluate_expression(text, variables);
      ADD_FAILURE() << text << ": no error";
    } catch (const ExpressionError& error) {
      EXPECT_EQ(std::string(error.what()), message) << text;
    }
  }
}

// A variable (or measure) named as a constant or a function would silently change every expression that uses it.
TEST(Expression, TheConstantsAndFunctionsNamesAreNoVariableNames) {
  EXPECT_NE(variable_name_problem("pi").find("'pi' is a constant"), std::string::npos) << variable_name_problem("pi");
  EXPECT_NE(variable_name_problem("e").find("'e' is a constant"), std::string::npos);
  for (const char* function : {"max", "min", "pow", "atan2", "sqrt", "log", "abs", "cbrt"}) {
    EXPECT_NE(variable_name_problem(function).find("is a function"), std::string::npos) << function;
  }
  for (const char* name : {"p", "ee", "pi2", "maximum", "e_1", "t", "mass"}) EXPECT_EQ(variable_name_problem(name), "") << name;
}

TEST(Expression, EveryNonFiniteIntermediateIsAnError) {
  // An infinity must not vanish inside an expression (1/(1/0) = 0) nor reach the simulation.
  for (const char* text : {"1/0", "1 + 1/(1/0)", "exp(1000)", "1e999", "log(0)", "sqrt(-1)", "1e300 * 1e300",
                           "-1e308 - 1e308", "10^400", "pow(0, -1)", "acos(2)"}) {
    EXPECT_THROW(evaluate_expression(text, variables), ExpressionError) << text;
  }
  try {
    evaluate_expression("g / (g - g)", variables);
    FAIL();
  } catch (const ExpressionError& error) {
    EXPECT_EQ(std::string(error.what()), "division by zero");
  }
}

}  // namespace
}  // namespace contactlab
