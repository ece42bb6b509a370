// SPDX-License-Identifier: MIT
// one_minus_exp against −expm1l in long double (within 2^-11 ulp of a double): the bound derived in
// models/one_minus_exp.h is 1.3 ulp of the result (the series below ln 2 / 2 in magnitude, 1 − e^{−x} above,
// −expm1(−x) below); the test allows 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "models/one_minus_exp.h"

namespace contactlab {
namespace {

constexpr double kBoundUlps = 2.0;
constexpr double kInf = std::numeric_limits<double>::infinity();

// |y − (1 − e^{−x})| in ulps of the exact value rounded to double.
double error_ulps(double y, double x) {
  const long double exact = -expm1l(-static_cast<long double>(x));
  const double rounded = static_cast<double>(exact);
  const double ulp = std::nextafter(std::abs(rounded), kInf) - std::abs(rounded);
  return static_cast<double>(fabsl(static_cast<long double>(y) - exact)) / ulp;
}

// The largest error over 200 000 x = sign · 2^u with u uniform on [lowest_log2, highest_log2).
double worst_over(double sign, double lowest_log2, double highest_log2) {
  std::mt19937_64 random(20261126);
  std::uniform_real_distribution<double> log2_x(lowest_log2, highest_log2);
  double worst = 0.0;
  for (int i = 0; i < 200000; ++i) {
    const double x = sign * std::exp2(log2_x(random));
    worst = std::max(worst, error_ulps(one_minus_exp(x), x));
  }
  return worst;
}

TEST(OneMinusExp, WithinTheBoundFromTinyToSaturatedProgress) {
  // 2^-1000 … 2^10: from far below the series' first term mattering to e^{−x} far below an ulp of 1.
  EXPECT_LE(worst_over(1.0, -1000.0, 10.0), kBoundUlps);
}

TEST(OneMinusExp, WithinTheBoundAroundTheSwitchFromSeriesToExp) {
  // ln 2 / 2 = 2^-1.53: the series' truncation and the subtraction's loss are both largest here.
  EXPECT_LE(worst_over(1.0, -3.0, 0.0), kBoundUlps);
  const double bound = kOneMinusExpSeriesBound;
  for (double x : {std::nextafter(bound, 0.0), bound, std::nextafter(bound, 1.0)})
    EXPECT_LE(error_ulps(one_minus_exp(x), x), kBoundUlps) << x;
}

TEST(OneMinusExp, WithinTheBoundForNegativeArguments) {
  // Outside a law's use (time since onset ≥ 0) but defined: the series for small |x|, −expm1(−x) beyond.
  EXPECT_LE(worst_over(-1.0, -1000.0, 9.4), kBoundUlps);
}

TEST(OneMinusExp, ExactValuesAtTheEnds) {
  EXPECT_EQ(one_minus_exp(0.0), 0.0);
  EXPECT_EQ(one_minus_exp(1e-300), 1e-300);  // x − x²/2 rounds to x
  EXPECT_EQ(one_minus_exp(40.0), 1.0);       // e^{−40} < 2^-54: below half an ulp of 1
  EXPECT_EQ(one_minus_exp(kInf), 1.0);
  EXPECT_EQ(one_minus_exp(-kInf), -kInf);
  EXPECT_TRUE(std::isnan(one_minus_exp(std::numeric_limits<double>::quiet_NaN())));
}

}  // namespace
}  // namespace contactlab
