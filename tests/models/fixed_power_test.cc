// SPDX-License-Identifier: MIT
// FixedPower against x^p in long double (powl: within 2^-11 ulp of a double) and against std::pow. The bound is the
// one derived in models/fixed_power.h: 4.3 ulp of the result from the exact power (std::pow: 1 ulp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "models/fixed_power.h"

namespace contactlab {
namespace {

constexpr double kBoundUlps = 4.3;
constexpr double kInf = std::numeric_limits<double>::infinity();

// The exponents to check: the registry's fixed dashpot exponent 0.65 (bordbar_hyppanen), the quarter and half powers
// other laws use, a third, and the ends of the range (a small one, and 1 and just below it, where the tables'
// window narrows).
constexpr double kExponents[] = {0.65, 0.25, 0.5, 1.0 / 3.0, 0.75, 0.1, 1e-3, 0.9995, 1.0};

// |y − x^p| in ulps of x^p rounded to double.
double error_ulps(double y, double x, double p) {
  const long double exact = powl(static_cast<long double>(x), static_cast<long double>(p));
  const double rounded = static_cast<double>(exact);
  const double ulp = std::nextafter(rounded, kInf) - rounded;
  return static_cast<double>(fabsl(static_cast<long double>(y) - exact)) / ulp;
}

struct WorstErrors {
  double power = 0.0;  // FixedPower's
  double pow = 0.0;    // std::pow's, for comparison
};

// The largest errors over 200 000 x with log2 x uniform on [lowest, highest).
WorstErrors worst_over(double p, double lowest_log2, double highest_log2) {
  const FixedPower power(p);
  std::mt19937_64 random(20261126);
  std::uniform_real_distribution<double> log2_x(lowest_log2, highest_log2);
  WorstErrors worst;
  for (int i = 0; i < 200000; ++i) {
    const double x = std::exp2(log2_x(random));
    worst.power = std::max(worst.power, error_ulps(power(x), x, p));
    worst.pow = std::max(worst.pow, error_ulps(std::pow(x, p), x, p));
  }
  return worst;
}

TEST(FixedPower, WithinTheBoundOverTheWholeNormalRange) {
  for (double p : kExponents) {
    const WorstErrors worst = worst_over(p, -1022.0, 1024.0);
    EXPECT_LE(worst.power, kBoundUlps) << "p = " << p;
    EXPECT_LE(worst.pow, 1.0) << "p = " << p;  // the reference itself is sound
  }
}

// Indentations from 1 pm to 10 mm: the range contact uses.
TEST(FixedPower, WithinTheBoundOverContactIndentations) {
  for (double p : kExponents) {
    const WorstErrors worst = worst_over(p, std::log2(1e-12), std::log2(1e-2));
    EXPECT_LE(worst.power, kBoundUlps) << "p = " << p;
  }
}

// The bound holds for std::pow's values too, within its own ulp: the two differ by at most 5.3 ulp.
TEST(FixedPower, AgreesWithStdPow) {
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> log2_x(-60.0, 10.0);
  for (double p : kExponents) {
    const FixedPower power(p);
    for (int i = 0; i < 20000; ++i) {
      const double x = std::exp2(log2_x(random));
      const double reference = std::pow(x, p);
      EXPECT_LE(std::abs(power(x) - reference), (kBoundUlps + 1.0) * (std::nextafter(reference, kInf) - reference))
          << "x = " << x << ", p = " << p;
    }
  }
}

// x = 1 is 1 exactly; x = 2^{8a} takes only the first table's entry, 2^{8ap} correctly rounded; every other power of
// two (two table entries) is within the bound.
TEST(FixedPower, PowersOfTwo) {
  for (double p : kExponents) {
    const FixedPower power(p);
    EXPECT_EQ(power(1.0), 1.0) << "p = " << p;
    for (int e = -1022; e <= 1023; ++e) {
      const double x = std::ldexp(1.0, e);
      if (e % 8 == 0 && p < 0.999) {
        EXPECT_EQ(power(x), static_cast<double>(exp2l(static_cast<long double>(p) * e))) << "2^" << e << ", p = " << p;
      }
      EXPECT_LE(error_ulps(power(x), x, p), kBoundUlps) << "2^" << e << ", p = " << p;
    }
  }
}

// p = 1 reproduces x: its series is t and its tables are exact powers of two and the interval starts.
TEST(FixedPower, ExponentOneIsTheIdentity) {
  const FixedPower power(1.0);
  std::mt19937_64 random(3);
  std::uniform_real_distribution<double> log2_x(-1022.0, 1024.0);
  for (int i = 0; i < 10000; ++i) {
    const double x = std::exp2(log2_x(random));
    EXPECT_LE(error_ulps(power(x), x, 1.0), 1.0) << x;
  }
}

// Zero, subnormals, infinity, NaN and negative x are std::pow's values.
TEST(FixedPower, SpecialValuesAreStdPow) {
  const FixedPower power(0.65);
  EXPECT_EQ(power(0.0), 0.0);
  EXPECT_EQ(power(-0.0), 0.0);
  EXPECT_EQ(power(kInf), kInf);
  EXPECT_TRUE(std::isnan(power(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_TRUE(std::isnan(power(-1e-3)));
  for (double x : {std::numeric_limits<double>::denorm_min(), 1e-310, 0x1p-1023, std::nextafter(0x1p-1022, 0.0)}) {
    EXPECT_EQ(power(x), std::pow(x, 0.65)) << x;
  }
  EXPECT_EQ(power(std::numeric_limits<double>::max()), std::pow(std::numeric_limits<double>::max(), 0.65));
}

TEST(FixedPower, RejectsExponentsOutsideZeroToOne) {
  for (double p : {0.0, -0.5, 1.5, std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_THROW(FixedPower{p}, std::invalid_argument) << p;
  }
  EXPECT_NO_THROW(FixedPower{std::numeric_limits<double>::min()});
}

}  // namespace
}  // namespace contactlab
