// SPDX-License-Identifier: MIT
// Recursive descent, with the usual precedence (−2^2 = −4, 2^−1 = 0.5):
// sum := product (('+'|'-') product)*; product := unary (('*'|'/') unary)*;
// unary := '-' unary | '+' unary | power; power := atom ('^' unary)?;
// atom := number | name | name '(' sum [',' sum] ')' | '(' sum ')'.
#include "scenes/expression.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <numbers>

namespace contactlab {
namespace {

class Parser {
 public:
  Parser(std::string_view text, const VariableLookup& lookup) : text_(text), lookup_(lookup) {}

  double parse() {
    const double value = sum();
    skip_space();
    if (position_ != text_.size()) fail("unexpected '" + std::string(1, text_[position_]) + "'");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw ExpressionError(message, position_); }

  // Every intermediate value must be finite: an infinity or NaN is an error where it arises, not a value that
  // reaches the simulation (or vanishes in 1/inf = 0).
  double finite(double value, const std::string& what) const { return finite(value, what, position_); }
  static double finite(double value, const std::string& what, std::size_t at) {
    if (std::isnan(value)) throw ExpressionError(what + " is not a number (NaN)", at);
    if (std::isinf(value)) throw ExpressionError(what + " is infinite (overflow or a pole)", at);
    return value;
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

  double sum() {
    double value = product();
    for (;;) {
      if (accept('+')) value = finite(value + product(), "the sum");
      else if (accept('-')) value = finite(value - product(), "the difference");
      else return value;
    }
  }

  double product() {
    double value = unary();
    for (;;) {
      if (accept('*')) {
        value = finite(value * unary(), "the product");
      } else if (accept('/')) {
        const std::size_t at = position_;
        const double divisor = unary();
        if (divisor == 0.0) throw ExpressionError("division by zero", at);
        value = finite(value / divisor, "the quotient");
      } else {
        return value;
      }
    }
  }

  double unary() {
    // Nesting depth guard: recursion is bounded so hostile input cannot overflow the stack.
    if (++depth_ > kMaxDepth) fail("expression nested too deeply");
    double value;
    if (accept('-')) value = -unary();
    else if (accept('+')) value = unary();
    else value = power();
    --depth_;
    return value;
  }

  double power() {
    const double base = atom();
    if (accept('^')) return finite(std::pow(base, unary()), "the power");
    return base;
  }

  double atom() {
    skip_space();
    if (position_ >= text_.size()) fail("expected a number, a name or '('");
    if (accept('(')) {
      const double value = sum();
      if (!accept(')')) fail("expected ')'");
      return value;
    }
    const char c = text_[position_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
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

  double name() {
    const std::size_t start = position_;
    while (position_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[position_])) || text_[position_] == '_')) {
      ++position_;
    }
    const std::string_view id = text_.substr(start, position_ - start);
    if (accept('(')) {
      const double x = sum();
      if (accept(',')) {
        const double y = sum();
        if (!accept(')')) fail("expected ')' after the arguments of " + std::string(id));
        return finite(call(id, x, y, start), std::string(id), start);
      }
      if (!accept(')')) fail("expected ')' after the argument of " + std::string(id));
      return finite(call(id, x, start), std::string(id), start);
    }
    if (std::optional<double> value = lookup_ ? lookup_(id) : std::nullopt) return *value;
    if (id == "pi") return std::numbers::pi;
    if (id == "e") return std::numbers::e;
    throw ExpressionError("unknown variable '" + std::string(id) + "'", start);
  }

  static double call(std::string_view f, double x, std::size_t at) {
    if (f == "sqrt") return std::sqrt(x);
    if (f == "cbrt") return std::cbrt(x);
    if (f == "exp") return std::exp(x);
    if (f == "log") return std::log(x);
    if (f == "sin") return std::sin(x);
    if (f == "cos") return std::cos(x);
    if (f == "tan") return std::tan(x);
    if (f == "asin") return std::asin(x);
    if (f == "acos") return std::acos(x);
    if (f == "atan") return std::atan(x);
    if (f == "abs") return std::abs(x);
    throw ExpressionError("unknown function '" + std::string(f) + "'", at);
  }

  static double call(std::string_view f, double x, double y, std::size_t at) {
    if (f == "min") return std::min(x, y);
    if (f == "max") return std::max(x, y);
    if (f == "pow") return std::pow(x, y);
    if (f == "atan2") return std::atan2(x, y);
    throw ExpressionError("unknown function of two arguments '" + std::string(f) + "'", at);
  }

  static constexpr int kMaxDepth = 200;
  std::string_view text_;
  const VariableLookup& lookup_;
  std::size_t position_ = 0;
  int depth_ = 0;
};

}  // namespace

double evaluate_expression(std::string_view text, const VariableLookup& lookup) {
  return Parser(text, lookup).parse();
}

std::string variable_name_problem(std::string_view name) {
  const char first = name.empty() ? '0' : name.front();
  const bool starts_well = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_';
  const bool ok = starts_well && name.size() <= kMaxNameLength &&
                  name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string_view::npos;
  if (ok) return {};
  return "a variable name is a letter or '_' followed by letters, digits or '_' (ASCII, at most " +
         std::to_string(kMaxNameLength) + "), so expressions can use it";
}

}  // namespace contactlab
