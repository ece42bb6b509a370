// SPDX-License-Identifier: MIT
// Each operation's jet: for y = f(x), ẏ = f′(x) ẋ and ÿ = f″(x) ẋ² + f′(x) ẍ; for two operands the product and
// quotient rules, and for atan2 and a power with a varying exponent the derivatives of their closed forms.
#include "engine/time_expression.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

namespace contactlab {
namespace {

constexpr std::array<TimeOperationTraits, 23> kOperations{{
    {"number", "the number", 0},  // kConstant
    {"t", "t", 0},                // kTime
    {"-", "the negation", 1},     // kNegate
    {"+", "the sum", 2},
    {"-", "the difference", 2},
    {"*", "the product", 2},
    {"/", "the quotient", 2},
    {"^", "the power", 2},
    {"sqrt", "sqrt", 1},
    {"cbrt", "cbrt", 1},
    {"exp", "exp", 1},
    {"log", "log", 1},
    {"sin", "sin", 1},
    {"cos", "cos", 1},
    {"tan", "tan", 1},
    {"asin", "asin", 1},
    {"acos", "acos", 1},
    {"atan", "atan", 1},
    {"abs", "abs", 1},
    {"min", "min", 2},
    {"max", "max", 2},
    {"pow", "pow", 2},
    {"atan2", "atan2", 2},
}};

constexpr auto kFirstFunction = TimeOperation::kSqrt;

bool finite(const TimeJet& x) {
  return std::isfinite(x.value) && std::isfinite(x.rate) && std::isfinite(x.acceleration);
}

// y = f(x) with f′(x) = d1 and f″(x) = d2. A term whose rate factor is zero is zero, whatever f′ or f″ (sqrt at 0
// while its argument stands still has the derivatives 0, not ∞·0).
TimeJet chain(const TimeJet& x, double f, double d1, double d2) {
  const double rate = x.rate == 0.0 ? 0.0 : d1 * x.rate;
  const double curvature = x.rate == 0.0 ? 0.0 : d2 * x.rate * x.rate;
  return {f, rate, curvature + (x.acceleration == 0.0 ? 0.0 : d1 * x.acceleration)};
}

// x^y. A constant exponent n: the power rule (x may be negative when n is an integer); a varying one: x^y =
// exp(y log x), which needs x > 0.
TimeJet power(const TimeJet& x, const TimeJet& y) {
  const double f = std::pow(x.value, y.value);
  if (y.constant()) {
    const double n = y.value;
    const double d1 = n == 0.0 ? 0.0 : n * std::pow(x.value, n - 1.0);
    const double d2 = n == 0.0 || n == 1.0 ? 0.0 : n * (n - 1.0) * std::pow(x.value, n - 2.0);
    return chain(x, f, d1, d2);
  }
  // u = y log x: ẋ/x and ẍ/x from x's jet, then f = e^u, ḟ = f u̇, f̈ = f (ü + u̇²).
  const double log_x = std::log(x.value);
  const double r = x.rate / x.value;
  const double u1 = y.rate * log_x + y.value * r;
  const double u2 = y.acceleration * log_x + 2.0 * y.rate * r + y.value * (x.acceleration / x.value - r * r);
  return {f, f * u1, f * (u2 + u1 * u1)};
}

// The derivative after t of a kink: the sign of x, or where x = 0 the sign of its first non-zero derivative.
double sign_after(const TimeJet& x) {
  const double s = x.value != 0.0 ? x.value : (x.rate != 0.0 ? x.rate : x.acceleration);
  return s < 0.0 ? -1.0 : 1.0;
}

// a before b just after t: value first, then rate, then acceleration.
bool below_after(const TimeJet& a, const TimeJet& b) {
  return std::tie(a.value, a.rate, a.acceleration) < std::tie(b.value, b.rate, b.acceleration);
}

TimeJet derivatives(TimeOperation operation, const TimeJet& a, const TimeJet& b) {
  const double x = a.value;
  switch (operation) {
    case TimeOperation::kConstant:
    case TimeOperation::kTime: return a;
    case TimeOperation::kNegate: return {-a.value, -a.rate, -a.acceleration};
    case TimeOperation::kAdd: return {a.value + b.value, a.rate + b.rate, a.acceleration + b.acceleration};
    case TimeOperation::kSubtract: return {a.value - b.value, a.rate - b.rate, a.acceleration - b.acceleration};
    case TimeOperation::kMultiply:
      return {a.value * b.value, a.rate * b.value + a.value * b.rate,
              a.acceleration * b.value + 2.0 * a.rate * b.rate + a.value * b.acceleration};
    case TimeOperation::kDivide: {
      const double q = a.value / b.value;
      const double q1 = (a.rate - q * b.rate) / b.value;
      return {q, q1, (a.acceleration - 2.0 * q1 * b.rate - q * b.acceleration) / b.value};
    }
    case TimeOperation::kPower:
    case TimeOperation::kPow: return power(a, b);
    case TimeOperation::kSqrt: {
      const double f = std::sqrt(x);
      const double d1 = 0.5 / f;
      return chain(a, f, d1, -0.5 * d1 / x);
    }
    case TimeOperation::kCbrt: {
      const double f = std::cbrt(x);
      const double d1 = 1.0 / (3.0 * f * f);
      return chain(a, f, d1, -2.0 * d1 / (3.0 * x));
    }
    case TimeOperation::kExp: {
      const double f = std::exp(x);
      return chain(a, f, f, f);
    }
    case TimeOperation::kLog: return chain(a, std::log(x), 1.0 / x, -1.0 / (x * x));
    case TimeOperation::kSin: return chain(a, std::sin(x), std::cos(x), -std::sin(x));
    case TimeOperation::kCos: return chain(a, std::cos(x), -std::sin(x), -std::cos(x));
    case TimeOperation::kTan: {
      const double f = std::tan(x);
      const double d1 = 1.0 + f * f;
      return chain(a, f, d1, 2.0 * f * d1);
    }
    case TimeOperation::kAsin:
    case TimeOperation::kAcos: {
      const double r = 1.0 / std::sqrt(1.0 - x * x);  // d/dx asin = r, d²/dx² asin = x r³; acos = π/2 − asin
      const double s = operation == TimeOperation::kAsin ? 1.0 : -1.0;
      return chain(a, operation == TimeOperation::kAsin ? std::asin(x) : std::acos(x), s * r, s * x * r * r * r);
    }
    case TimeOperation::kAtan: {
      const double d1 = 1.0 / (1.0 + x * x);
      return chain(a, std::atan(x), d1, -2.0 * x * d1 * d1);
    }
    case TimeOperation::kAbs: {
      const double s = sign_after(a);
      return {std::abs(x), s * a.rate, s * a.acceleration};
    }
    case TimeOperation::kMin: return below_after(a, b) ? a : b;
    case TimeOperation::kMax: return below_after(a, b) ? b : a;
    case TimeOperation::kAtan2: {
      // θ = atan2(a, b): θ̇ = (b ȧ − a ḃ)/r², θ̈ = ((b ä − a b̈) − θ̇ d(r²)/dt)/r², r² = a² + b².
      const double r2 = a.value * a.value + b.value * b.value;
      const double rate = (b.value * a.rate - a.value * b.rate) / r2;
      const double r2_rate = 2.0 * (a.value * a.rate + b.value * b.rate);
      return {std::atan2(a.value, b.value), rate, (b.value * a.acceleration - a.value * b.acceleration - rate * r2_rate) / r2};
    }
  }
  return {};
}

}  // namespace

const TimeOperationTraits& time_operation_traits(TimeOperation operation) {
  return kOperations[static_cast<std::size_t>(operation)];
}

std::optional<TimeOperation> time_function(std::string_view name, int operands) {
  for (auto i = static_cast<std::size_t>(kFirstFunction); i < kOperations.size(); ++i) {
    if (name == kOperations[i].name && operands == kOperations[i].operands) return static_cast<TimeOperation>(i);
  }
  return std::nullopt;
}

std::optional<int> time_function_operands(std::string_view name) {
  for (auto i = static_cast<std::size_t>(kFirstFunction); i < kOperations.size(); ++i) {
    if (name == kOperations[i].name) return kOperations[i].operands;
  }
  return std::nullopt;
}

TimeJet apply(TimeOperation operation, const TimeJet& a, const TimeJet& b) {
  // Constants give a constant: only the value is computed (folding at load, where derivatives mean nothing).
  if (a.constant() && b.constant()) {
    return {derivatives(operation, {a.value}, {b.value}).value, 0.0, 0.0};
  }
  return derivatives(operation, a, b);
}

std::string time_operation_problem(TimeOperation operation, const TimeJet& b, const TimeJet& result) {
  if (operation == TimeOperation::kDivide && b.value == 0.0) return "division by zero";
  const std::string noun = time_operation_traits(operation).noun;
  if (std::isnan(result.value)) return noun + " is not a number (NaN)";
  if (std::isinf(result.value)) return noun + " is infinite (overflow or a pole)";
  return noun + " has no finite " + (std::isfinite(result.rate) ? "second" : "first") +
         " derivative in t here (an infinite slope, or a varying exponent of a base <= 0)";
}

TimeExpression::TimeExpression() : text_("0"), program_{{TimeOperation::kConstant, 0.0, 0}} {}

TimeExpression::TimeExpression(std::string text, std::vector<TimeInstruction> program)
    : text_(std::move(text)), program_(std::move(program)), stack_size_(0) {
  std::size_t depth = 0;
  for (const TimeInstruction& instruction : program_) {
    const int operands = time_operation_traits(instruction.operation).operands;
    if (depth < static_cast<std::size_t>(operands)) throw std::invalid_argument("time expression: an operation lacks operands");
    depth = depth - static_cast<std::size_t>(operands) + 1;
    stack_size_ = std::max(stack_size_, depth);
  }
  if (depth != 1) throw std::invalid_argument("time expression: the program must leave one value");
}

bool TimeExpression::depends_on_time() const {
  return std::any_of(program_.begin(), program_.end(), [](const TimeInstruction& i) { return i.operation == TimeOperation::kTime; });
}

TimeExpression::Outcome TimeExpression::run(double t, TimeJet* stack) const {
  std::size_t top = 0;  // stack[top − 1] is the top
  for (std::size_t k = 0; k < program_.size(); ++k) {
    const TimeInstruction& instruction = program_[k];
    TimeJet a, b;
    switch (time_operation_traits(instruction.operation).operands) {
      case 0: a = instruction.operation == TimeOperation::kTime ? TimeJet{t, 1.0, 0.0} : TimeJet{instruction.constant}; break;
      case 1: a = stack[--top]; break;
      default: top -= 2; a = stack[top]; b = stack[top + 1]; break;
    }
    const TimeJet result = apply(instruction.operation, a, b);
    if (!finite(result)) return {result, b, k};
    stack[top++] = result;
  }
  return {stack[0], {}, program_.size()};
}

// A stack on the machine stack for the usual short expression; one on the heap for a deep one.
TimeExpression::Outcome TimeExpression::run(double t) const {
  constexpr std::size_t kShort = 16;
  if (stack_size_ <= kShort) {
    std::array<TimeJet, kShort> stack;
    return run(t, stack.data());
  }
  std::vector<TimeJet> stack(stack_size_);
  return run(t, stack.data());
}

TimeJet TimeExpression::operator()(double t) const {
  const Outcome outcome = run(t);
  if (outcome.failed == program_.size()) return outcome.result;
  const double nan = std::nan("");
  return {nan, nan, nan};
}

std::optional<ExpressionError> TimeExpression::failure(double t) const {
  const Outcome outcome = run(t);
  if (outcome.failed == program_.size()) return std::nullopt;
  const TimeInstruction& instruction = program_[outcome.failed];
  return ExpressionError(time_operation_problem(instruction.operation, outcome.second_operand, outcome.result),
                         instruction.position);
}

}  // namespace contactlab
