// SPDX-License-Identifier: MIT
// A function of time t written as an arithmetic expression (a drive's q(t), a joint's effort), compiled once into
// an immutable postfix program and evaluated during the run as a second-order jet: its value and its first and
// second derivatives in t, exact (forward-mode differentiation: the chain rule of every operation), not finite
// differences. The scene loader parses the text (scenes/expression.h) with the scene's variables fixed and only t
// free, folding the constant sub-expressions, so the program left is what depends on t.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace contactlab {

// What is wrong with an expression, and where: a character offset in its text.
struct ExpressionError : std::runtime_error {
  ExpressionError(const std::string& message, std::size_t position)
      : std::runtime_error(message), position(position) {}
  std::size_t position;
};

// f(t), df/dt and d²f/dt².
struct TimeJet {
  double value = 0.0;
  double rate = 0.0;
  double acceleration = 0.0;
  bool constant() const { return rate == 0.0 && acceleration == 0.0; }
};

// The operations of the expression language; each one's name, noun and operand count is its row of the table in
// time_expression.cc.
enum class TimeOperation : std::uint8_t {
  kConstant, kTime,
  kNegate, kAdd, kSubtract, kMultiply, kDivide, kPower,
  kSqrt, kCbrt, kExp, kLog, kSin, kCos, kTan, kAsin, kAcos, kAtan, kAbs,
  kMin, kMax, kPow, kAtan2,
};

struct TimeOperationTraits {
  const char* name;  // as the text writes it: "+", "sqrt"
  const char* noun;  // as messages name its result: "the sum", "sqrt"
  int operands;
};
const TimeOperationTraits& time_operation_traits(TimeOperation operation);

// The function the text calls `name` with `operands` arguments (sqrt … abs take one, min max pow atan2 two).
std::optional<TimeOperation> time_function(std::string_view name, int operands);

// The number of arguments the function `name` takes (1 or 2), or nullopt when no function has that name.
std::optional<int> time_function_operands(std::string_view name);

// `operation` on its operands' jets (`b` unused by one-operand operations, both by kConstant and kTime). Never
// throws: outside the operation's domain (log of a negative, a pole, an infinite slope as of sqrt at 0 while its
// argument moves) some part of the result is not finite. Where the result has a kink (abs at 0, min and max at a
// tie) its derivatives are those after t, the direction the run goes.
TimeJet apply(TimeOperation operation, const TimeJet& a, const TimeJet& b);

// Why `result` = apply(operation, a, b) is not finite: "division by zero", "log is not a number (NaN)", …
std::string time_operation_problem(TimeOperation operation, const TimeJet& b, const TimeJet& result);

struct TimeInstruction {
  TimeOperation operation = TimeOperation::kConstant;
  double constant = 0.0;      // kConstant's value
  std::size_t position = 0;   // where the operation stands in the text, for messages
};

class TimeExpression {
 public:
  // The constant 0.
  TimeExpression();
  // `program` in postfix order, leaving one value (throws std::invalid_argument if it does not).
  TimeExpression(std::string text, std::vector<TimeInstruction> program);

  const std::string& text() const { return text_; }
  bool depends_on_time() const;

  // f, ḟ, f̈ at t; NaN throughout from the first operation whose result is not finite.
  TimeJet operator()(double t) const;
  // That operation's problem at t, at its position in the text; nothing when the result at t is finite.
  std::optional<ExpressionError> failure(double t) const;

 private:
  // The program's result at t, or the first non-finite result of an instruction, its second operand and its index
  // (`failed` = the program's size: none).
  struct Outcome {
    TimeJet result;
    TimeJet second_operand;
    std::size_t failed;
  };
  Outcome run(double t) const;
  Outcome run(double t, TimeJet* stack) const;

  std::string text_;
  std::vector<TimeInstruction> program_;
  std::size_t stack_size_ = 1;
};

}  // namespace contactlab
