// SPDX-License-Identifier: MIT
// Recursive descent, with the usual precedence (−2^2 = −4, 2^−1 = 0.5):
// sum := product (('+'|'-') product)*; product := unary (('*'|'/') unary)*;
// unary := '-' unary | '+' unary | power; power := atom ('^' unary)?;
// atom := number | name | name '(' sum [',' sum] ')' | '(' sum ')'. Each rule returns the postfix program of
// what it read (engine/time_expression.h), constants folded as they meet.
#include "scenes/expression.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <numbers>

namespace contactlab {
namespace {

// A parsed sub-expression: its postfix program. A lone constant is folded into by the operations around it.
using Piece = std::vector<TimeInstruction>;

std::optional<double> constant_of(const Piece& piece) {
  if (piece.size() == 1 && piece.front().operation == TimeOperation::kConstant) return piece.front().constant;
  return std::nullopt;
}

class Parser {
 public:
  Parser(std::string_view text, const VariableLookup& lookup, bool time_free)
      : text_(text), lookup_(lookup), time_free_(time_free) {}

  Piece parse() {
    Piece piece = sum();
    skip_space();
    if (position_ != text_.size()) fail("unexpected '" + std::string(1, text_[position_]) + "'");
    return piece;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw ExpressionError(message, position_); }

  // `operation` at `at` in the text on its operands. On constants it is evaluated now, and every such value must be
  // finite: an infinity or NaN is an error where it arises, not a value that reaches the simulation (or vanishes
  // in 1/inf = 0). Otherwise its instruction follows its operands' programs.
  static Piece combine(TimeOperation operation, std::size_t at, Piece a, Piece b = {}) {
    const std::optional<double> x = constant_of(a);
    const std::optional<double> y = b.empty() ? std::optional<double>(0.0) : constant_of(b);
    if (x && y) {
      const TimeJet result = apply(operation, {*x}, {*y});
      if (!std::isfinite(result.value)) throw ExpressionError(time_operation_problem(operation, {*y}, result), at);
      return {{TimeOperation::kConstant, result.value, at}};
    }
    a.insert(a.end(), b.begin(), b.end());
    a.push_back({operation, 0.0, at});
    return a;
  }

  void skip_space() {
    while (position_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[position_]))) ++position_;
  }

  bool accept(char c) {
    skip_space();
    if (position_ < text_.size() && text_[position_] == c) {
      ++position_;
      return true;
    }
    return false;
  }

  Piece sum() {
    Piece piece = product();
    for (;;) {
      const std::size_t at = (skip_space(), position_);
      if (accept('+')) piece = combine(TimeOperation::kAdd, at, std::move(piece), product());
      else if (accept('-')) piece = combine(TimeOperation::kSubtract, at, std::move(piece), product());
      else return piece;
    }
  }

  Piece product() {
    Piece piece = unary();
    for (;;) {
      const std::size_t at = (skip_space(), position_);
      if (accept('*')) piece = combine(TimeOperation::kMultiply, at, std::move(piece), unary());
      else if (accept('/')) piece = combine(TimeOperation::kDivide, at, std::move(piece), unary());
      else return piece;
    }
  }

  Piece unary() {
    // Nesting depth guard: recursion is bounded so hostile input cannot overflow the stack.
    if (++depth_ > kMaxDepth) fail("expression nested too deeply");
    Piece piece;
    const std::size_t at = (skip_space(), position_);
    if (accept('-')) piece = combine(TimeOperation::kNegate, at, unary());
    else if (accept('+')) piece = unary();
    else piece = power();
    --depth_;
    return piece;
  }

  Piece power() {
    Piece base = atom();
    const std::size_t at = (skip_space(), position_);
    if (accept('^')) return combine(TimeOperation::kPower, at, std::move(base), unary());
    return base;
  }

  Piece atom() {
    skip_space();
    if (position_ >= text_.size()) fail("expected a number, a name or '('");
    if (accept('(')) {
      Piece piece = sum();
      if (!accept(')')) fail("expected ')'");
      return piece;
    }
    const char c = text_[position_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      const std::size_t start = position_;
      return {{TimeOperation::kConstant, number(), start}};
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return name();
    fail("unexpected '" + std::string(1, c) + "'");
  }

  double number() {
    const std::string rest(text_.substr(position_));
    char* end = nullptr;
    const double value = std::strtod(rest.c_str(), &end);
    if (end == rest.c_str()) fail("malformed number");
    if (!std::isfinite(value)) fail("number out of range");
    position_ += static_cast<std::size_t>(end - rest.c_str());
    return value;
  }

  Piece name() {
    const std::size_t start = position_;
    while (position_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[position_])) || text_[position_] == '_')) {
      ++position_;
    }
    const std::string_view id = text_.substr(start, position_ - start);
    if (accept('(')) {
      Piece x = sum();
      if (accept(',')) {
        Piece y = sum();
        if (!accept(')')) fail("expected ')' after the arguments of " + std::string(id));
        const std::optional<TimeOperation> f = time_function(id, 2);
        if (!f) throw ExpressionError(function_problem(id, 2), start);
        return combine(*f, start, std::move(x), std::move(y));
      }
      if (!accept(')')) fail("expected ')' after the argument of " + std::string(id));
      const std::optional<TimeOperation> f = time_function(id, 1);
      if (!f) throw ExpressionError(function_problem(id, 1), start);
      return combine(*f, start, std::move(x));
    }
    if (time_free_ && id == "t") return {{TimeOperation::kTime, 0.0, start}};
    const auto constant = [&](double value) { return Piece{{TimeOperation::kConstant, value, start}}; };
    if (std::optional<double> value = lookup_ ? lookup_(id) : std::nullopt) return constant(*value);
    if (id == "pi") return constant(std::numbers::pi);
    if (id == "e") return constant(std::numbers::e);
    throw ExpressionError("unknown variable '" + std::string(id) + "'", start);
  }

  // Why `id` cannot be called with `found` arguments: a function of another count, or no function.
  static std::string function_problem(std::string_view id, int found) {
    const std::optional<int> takes = time_function_operands(id);
    std::string problem = takes ? "function '" : found == 2 ? "unknown function of two arguments '" : "unknown function '";
    problem.append(id).append("'");
    if (!takes) return problem;
    problem.append(" takes ").append(std::to_string(*takes)).append(*takes == 1 ? " argument" : " arguments");
    return problem.append(", found ").append(std::to_string(found));
  }

  static constexpr int kMaxDepth = 200;
  std::string_view text_;
  const VariableLookup& lookup_;
  bool time_free_;
  std::size_t position_ = 0;
  int depth_ = 0;
};

}  // namespace

double evaluate_expression(std::string_view text, const VariableLookup& lookup) {
  return *constant_of(Parser(text, lookup, false).parse());  // without t, every operation was folded
}

TimeExpression compile_time_expression(std::string_view text, const VariableLookup& lookup) {
  return TimeExpression(std::string(text), Parser(text, lookup, true).parse());
}

std::string variable_name_problem(std::string_view name) {
  const char first = name.empty() ? '0' : name.front();
  const bool starts_well = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_';
  const bool ok = starts_well && name.size() <= kMaxNameLength &&
                  name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string_view::npos;
  if (ok && (name == "pi" || name == "e" || time_function_operands(name))) {
    std::string problem = "'";
    problem.append(name).append("' is ");
    if (name == "pi" || name == "e") {
      problem.append("a constant of every expression (").append(name == "pi" ? "π" : "Euler's number").append(")");
    } else {
      problem.append("a function of expressions");
    }
    return problem.append("; a name cannot redefine it");
  }
  if (ok) return {};
  return "a variable name is a letter or '_' followed by letters, digits or '_' (ASCII, at most " +
         std::to_string(kMaxNameLength) + "), so expressions can use it";
}

}  // namespace contactlab
