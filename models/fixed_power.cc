// SPDX-License-Identifier: MIT
// The tables of a FixedPower, made in long double (64-bit significand) and rounded once to double.
#include "models/fixed_power.h"

#include <stdexcept>
#include <string>

namespace contactlab {

FixedPower::FixedPower(double exponent) : exponent_(exponent) {
  if (!(exponent > 0.0 && exponent <= 1.0)) {
    throw std::invalid_argument("FixedPower: the exponent must lie in (0, 1], not " + std::to_string(exponent));
  }
  const long double p = exponent;

  long double binomial = 1.0L;  // C(p, n)
  for (int n = 1; n <= kDegree; ++n) {
    binomial *= (p - (n - 1)) / n;
    coefficients_[n - 1] = static_cast<double>(binomial);
  }

  // p·8a is exact in long double: p has 53 significant bits and |8a| ≤ 2^10.
  for (std::size_t i = 0; i < kHighSize; ++i) {
    const long double a = static_cast<long double>(i) - static_cast<long double>(kHighSize / 2);
    high_[i] = static_cast<double>(exp2l(p * (a * (1 << kLowExponentBits))));
  }
  for (std::size_t b = 0; b < (std::size_t{1} << kLowExponentBits); ++b) {
    for (std::size_t j = 0; j < kIntervals; ++j) {
      const long double start = 1.0L + static_cast<long double>(j) / kIntervals;
      low_[b * kIntervals + j] = static_cast<double>(exp2l(p * b) * powl(start, p));
    }
  }

  // Taken by the tables: the normal x whose first-table entry is normal (all of them unless p ≈ 1), below 2^1023 so
  // that no rounding can carry the result past the largest double.
  int lowest_exponent = -1022;
  while (high_[static_cast<std::size_t>((lowest_exponent + 1024) >> kLowExponentBits)] < 0x1p-1022) ++lowest_exponent;
  fast_lowest_bits_ = static_cast<std::uint64_t>(lowest_exponent + 1023) << 52;
  fast_span_bits_ = (std::uint64_t{2046} << 52) - fast_lowest_bits_;
}

}  // namespace contactlab
