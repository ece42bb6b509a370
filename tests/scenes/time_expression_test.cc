// SPDX-License-Identifier: MIT
// Expressions in t (engine/time_expression.h, compiled by scenes/expression.h): the jet's value and its first and
// second derivatives in t against their closed forms, for every operation of the language, to round-off; the
// domain errors with their place in the text; constants folded at load.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <gtest/gtest.h>

#include "scenes/expression.h"

namespace contactlab {
namespace {

constexpr double kPi = std::numbers::pi;

std::optional<double> variables(std::string_view name) {
  if (name == "w") return 3.0;
  if (name == "t") return 99.0;  // hidden by the time
  return std::nullopt;
}

struct Closed {
  double value, rate, acceleration;
};

// Each part to a few ulps of the largest term it sums: 64 ε × the magnitude (the closed forms here add at most
// a handful of terms, each of a few rounded operations, so 64 ε is a bound that a wrong derivative cannot meet:
// a wrong factor or sign is wrong by O(1) of the magnitude).
void expect_jet(const char* text, double t, Closed expected, double magnitude) {
  const TimeJet jet = compile_time_expression(text, variables)(t);
  magnitude = std::max({magnitude, std::abs(expected.value), std::abs(expected.rate), std::abs(expected.acceleration)});
  const double tolerance = 64.0 * std::numeric_limits<double>::epsilon() * magnitude;
  EXPECT_NEAR(jet.value, expected.value, tolerance) << text << " at t = " << t;
  EXPECT_NEAR(jet.rate, expected.rate, tolerance) << "d/dt " << text << " at t = " << t;
  EXPECT_NEAR(jet.acceleration, expected.acceleration, tolerance) << "d²/dt² " << text << " at t = " << t;
}

TEST(TimeExpression, EveryFunctionsDerivativesAreTheClosedForms) {
  const double w = 3.0;
  for (double t : {0.3, 0.7, 1.9}) {
    // sin(w t²): d/dt = 2wt cos(wt²), d²/dt² = 2w cos(wt²) − 4w²t² sin(wt²).
    const double u = w * t * t, s = std::sin(u), c = std::cos(u);
    expect_jet("sin(w*t^2)", t, {s, 2 * w * t * c, 2 * w * c - 4 * w * w * t * t * s}, 4 * w * w * t * t + 2 * w);
    expect_jet("cos(w*t^2)", t, {c, -2 * w * t * s, -2 * w * s - 4 * w * w * t * t * c}, 4 * w * w * t * t + 2 * w);
    // tan(wt): w sec², 2w² tan sec².
    const double tn = std::tan(w * t), sec2 = 1 + tn * tn;
    expect_jet("tan(w*t)", t, {tn, w * sec2, 2 * w * w * tn * sec2}, 2 * w * w * std::abs(tn) * sec2 + w * sec2);
    // exp(−t²): −2t e, (4t² − 2) e.
    const double ex = std::exp(-t * t);
    expect_jet("exp(-t^2)", t, {ex, -2 * t * ex, (4 * t * t - 2) * ex}, 4);
    // log(1 + t²): 2t/(1+t²), 2(1 − t²)/(1+t²)².
    const double p = 1 + t * t;
    expect_jet("log(1 + t^2)", t, {std::log(p), 2 * t / p, 2 * (1 - t * t) / (p * p)}, 4);
    // sqrt(1 + t³): 3t²/(2√), (12 t (1+t³) − 9 t⁴)/(4 (1+t³)^{3/2}).
    const double q = 1 + t * t * t, r = std::sqrt(q);
    expect_jet("sqrt(1 + t^3)", t, {r, 1.5 * t * t / r, (12 * t * q - 9 * t * t * t * t) / (4 * q * r)}, 30);
    // cbrt(t): t^{1/3}/(3t), −2 t^{1/3}/(9t²).
    const double cb = std::cbrt(t);
    expect_jet("cbrt(t)", t, {cb, cb / (3 * t), -2 * cb / (9 * t * t)}, 3 / (t * t));
    // asin(t/2), acos(t/2): ±1/√(4 − t²), ±t/(4 − t²)^{3/2}.
    const double d = 4 - t * t, sd = std::sqrt(d);
    expect_jet("asin(t/2)", t, {std::asin(t / 2), 1 / sd, t / (d * sd)}, 2);
    expect_jet("acos(t/2)", t, {std::acos(t / 2), -1 / sd, -t / (d * sd)}, 2);
    // atan(t²): 2t/(1+t⁴), (2 − 6t⁴)/(1+t⁴)².
    const double a = 1 + t * t * t * t;
    expect_jet("atan(t^2)", t, {std::atan(t * t), 2 * t / a, (2 - 6 * t * t * t * t) / (a * a)}, 20);
    // abs(t − 1): sign(t − 1), 0; min and max pick a branch and its derivatives.
    const double sg = t > 1 ? 1.0 : -1.0;
    expect_jet("abs(t - 1)", t, {std::abs(t - 1), sg, 0}, 2);
    expect_jet("min(t^2, t)", t, t < 1 ? Closed{t * t, 2 * t, 2} : Closed{t, 1, 0}, 4);
    expect_jet("max(t^2, t)", t, t < 1 ? Closed{t, 1, 0} : Closed{t * t, 2 * t, 2}, 4);
    // t^2.5 and pow(t, 2.5): 2.5 t^1.5, 3.75 t^0.5; t^t = e^{t ln t}: t^t (1 + ln t), t^t ((1 + ln t)² + 1/t).
    expect_jet("t^2.5", t, {std::pow(t, 2.5), 2.5 * std::pow(t, 1.5), 3.75 * std::sqrt(t)}, 40);
    expect_jet("pow(t, 2.5)", t, {std::pow(t, 2.5), 2.5 * std::pow(t, 1.5), 3.75 * std::sqrt(t)}, 40);
    const double tt = std::pow(t, t), l = 1 + std::log(t);
    expect_jet("t^t", t, {tt, tt * l, tt * (l * l + 1 / t)}, 40);
    // (t − 2)^3 with a negative base and an integer exponent: 3(t − 2)², 6(t − 2).
    const double m = t - 2;
    expect_jet("(t - 2)^3", t, {m * m * m, 3 * m * m, 6 * m}, 20);
    // atan2(sin t, cos t) = t (away from ±π): 1, 0.
    expect_jet("atan2(sin(t), cos(t))", t, {t, 1, 0}, 4);
    // atan2(t, 1) = atan t: 1/(1+t²), −2t/(1+t²)².
    expect_jet("atan2(t, 1)", t, {std::atan(t), 1 / p, -2 * t / (p * p)}, 4);
    // t² / (1 + t): (t² + 2t)/(1+t)², 2/(1+t)³.
    const double b = 1 + t;
    expect_jet("t^2 / (1 + t)", t, {t * t / b, (t * t + 2 * t) / (b * b), 2 / (b * b * b)}, 20);
    // −t·t³ = −t⁴: −4t³, −12t².
    expect_jet("-t * t^3", t, {-t * t * t * t, -4 * t * t * t, -12 * t * t}, 60);
  }
  // The example: 0.01 sin(2π 20 t) + 0.002 t².
  const double t = 0.137, omega = 2 * kPi * 20;
  expect_jet("0.01*sin(2*pi*20*t) + 0.002*t^2", t,
             {0.01 * std::sin(omega * t) + 0.002 * t * t, 0.01 * omega * std::cos(omega * t) + 0.004 * t,
              -0.01 * omega * omega * std::sin(omega * t) + 0.004},
             0.01 * omega * omega);
}

TEST(TimeExpression, KinksTakeTheDerivativesAfterT) {
  // abs and min/max at a tie: the branch the expression follows just after t.
  const TimeJet abs = compile_time_expression("abs(t - 1)", variables)(1.0);
  EXPECT_EQ(abs.value, 0.0);
  EXPECT_EQ(abs.rate, 1.0);
  const TimeJet low = compile_time_expression("min(t, 2 - t)", variables)(1.0);
  EXPECT_EQ(low.rate, -1.0);
  const TimeJet high = compile_time_expression("max(t, 2 - t)", variables)(1.0);
  EXPECT_EQ(high.rate, 1.0);
}

TEST(TimeExpression, VariablesAreFixedAndConstantsFolded) {
  const TimeExpression constant = compile_time_expression("2 * w + sqrt(0)", variables);
  EXPECT_FALSE(constant.depends_on_time());
  const TimeJet c = constant(5.0);
  EXPECT_EQ(c.value, 6.0);
  EXPECT_EQ(c.rate, 0.0);
  EXPECT_EQ(c.acceleration, 0.0);
  // A constant sub-expression's error is found at load, where it stands.
  try {
    compile_time_expression("t + log(w - 3)", variables);
    FAIL() << "expected an error";
  } catch (const ExpressionError& error) {
    EXPECT_EQ(std::string(error.what()), "log is infinite (overflow or a pole)");
    EXPECT_EQ(error.position, 4u);
  }
  EXPECT_THROW(compile_time_expression("t + q", variables), ExpressionError);
  EXPECT_THROW(evaluate_expression("2 * t", [](std::string_view) { return std::nullopt; }), ExpressionError);
}

TEST(TimeExpression, DomainErrorsDuringARunSayWhatAndWhere) {
  const TimeExpression log = compile_time_expression("1 + log(t - 1)", variables);
  EXPECT_FALSE(log.failure(2.0));
  EXPECT_TRUE(std::isnan(log(0.5).value));
  EXPECT_TRUE(std::isnan(log(0.5).acceleration));
  const std::optional<ExpressionError> error = log.failure(0.5);
  ASSERT_TRUE(error);
  EXPECT_EQ(std::string(error->what()), "log is not a number (NaN)");
  EXPECT_EQ(error->position, 4u);
  // sqrt at 0 while its argument moves: a finite value, an infinite slope; the whole jet is NaN then.
  const TimeExpression root = compile_time_expression("sqrt(t - 1)", variables);
  EXPECT_TRUE(std::isnan(root(1.0).value));
  ASSERT_TRUE(root.failure(1.0));
  EXPECT_EQ(std::string(root.failure(1.0)->what()).rfind("sqrt has no finite first derivative", 0), 0u);
  const TimeExpression quotient = compile_time_expression("1 / (t - 1)", variables);
  ASSERT_TRUE(quotient.failure(1.0));
  EXPECT_EQ(std::string(quotient.failure(1.0)->what()), "division by zero");
  EXPECT_EQ(quotient.failure(1.0)->position, 2u);
}

}  // namespace
}  // namespace contactlab
