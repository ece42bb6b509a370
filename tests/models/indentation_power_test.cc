// SPDX-License-Identifier: MIT
// indentation_power takes the laws' common exponents without std::pow: each must agree with std::pow to within the
// rounding of its square roots, and every other exponent must be std::pow's value exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "models/indentation_power.h"

namespace contactlab {
namespace {

// The spacing of doubles at x > 0.
double ulp(double x) { return std::nextafter(x, std::numeric_limits<double>::infinity()) - x; }

// Indentations and rates over the range the laws see, from 1 fm to 10 mm (and 1 to 10 m/s for a δ̇), 40 per decade.
template <class Check>
void over_range(Check check) {
  for (int k = -600; k <= 40; ++k) check(std::pow(10.0, k / 40.0));
}

// The fast exponents: a square root is correctly rounded (error ≤ ½ ulp), a product adds another ½ ulp, and the
// fourth root's inner rounding is halved by the outer root; pow itself is within 1 ulp. Three ulps of the result
// bound the difference.
TEST(IndentationPower, CommonExponentsAgreeWithPowWithinThreeUlps) {
  for (double exponent : {1.5, 0.5, 1.0, 0.0, 2.5, 2.0, 0.25}) {
    over_range([&](double x) {
      const double reference = std::pow(x, exponent);
      EXPECT_NEAR(indentation_power(x, exponent), reference, 3.0 * ulp(reference))
          << "x = " << x << ", exponent " << exponent;
    });
  }
}

TEST(IndentationPower, OtherExponentsAreStdPow) {
  for (double exponent : {0.65, 0.75, 1.25, 3.0, 1.0 / 3.0}) {
    over_range([&](double x) { EXPECT_EQ(indentation_power(x, exponent), std::pow(x, exponent)) << x; });
  }
}

}  // namespace
}  // namespace contactlab
