// SPDX-License-Identifier: MIT
// x^p for an exponent p fixed in advance (0 < p ≤ 1), a third of std::pow's cost (BM_Power) and within 4.3 ulp of
// the exact power (std::pow: within 1 ulp).
//
// Method, for a normal x = 2^e m with m ∈ [1, 2): the top 6 bits of m select the interval [c, c + 2^-6) of its left
// end c, and with t = (m − c)/c ∈ [0, 2^-6)
//     x^p = 2^{p·8a} · (2^{p·b} c^p) · (1 + t)^p,   e = 8a + b, b ∈ [0, 8).
// The first two factors are tables made once in long double (exp2l, powl) and rounded once, so they are correctly
// rounded to within 2^-11 ulp: p·e in double would lose up to 10 bits for large |e|. (1 + t)^p is its binomial
// series to degree 8. Splitting 2^{pe} over two tables keeps both at 256 doubles (4 kB in all) where one table over
// the 2046 normal exponents would take 16 kB. The result is T + (T t)·s with T the product of the two entries and
// 1 + t s the series: T and T t are taken while the series is, so that only a product and a sum follow it.
//
// Error bound, relative to x^p, in units u = 2^-53: the two table entries, their product and the final sum (1 u
// each), the series' rounding (t to 2 u, the series' sums and T t, each scaled by |t| ≤ 2^-6: 0.2 u in all) and its
// truncation, p/9 · t^9/(1 − t) ≤ 2^-57.2 = 0.06 u. In all < 4.3 u = 4.3·2^-53 x^p, which is < 4.3 ulp of the
// result (an ulp is ≥ 2^-53 of the value it is the ulp of). x = 1 gives 1 exactly and x = 2^{8a} gives 2^{p·8a}
// correctly rounded (t = 0 and the second table's entry is 1).
//
// x = 0, subnormal, negative, inf, NaN, and the exponents of x at which the first table's entry would be subnormal
// (only for p within 0.2 % of 1) go to std::pow: rare, and correct.
//
// The slope p x^{p−1} is left to the caller as p·x^p/x: without the division it would take a second series
// ((1 + t)^{p−1}) and a second pair of tables, which costs more than one division and rounds no better.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace contactlab {

class FixedPower {
 public:
  // Prepares the tables of x^exponent; throws std::invalid_argument unless 0 < exponent ≤ 1.
  explicit FixedPower(double exponent);

  double exponent() const { return exponent_; }

  // x^p for x ≥ 0 (and std::pow's value for any other double).
  double operator()(double x) const {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(x);
    if (bits - fast_lowest_bits_ >= fast_span_bits_) [[unlikely]] return std::pow(x, exponent_);
    // (e + 1024)·2^6 + the interval's index: its low 9 bits are b and the interval, the rest is a + 128.
    const std::uint64_t index = (bits >> kIntervalShift) + (std::uint64_t{1} << kIntervalBits);
    const std::uint64_t interval = index & (kIntervals - 1);
    const double m = std::bit_cast<double>((bits & kMantissaBits) | kOneBits);
    const double t = (m - kIntervalStart[interval]) * kIntervalReciprocal[interval];  // m − c exact
    // s = Σ C(p, n + 1) t^n, n < 8, by Estrin's scheme: its four pairs are independent, a shorter chain of dependent
    // operations than Horner's (a contact's evaluation waits on it).
    static_assert(kDegree == 8);
    const double t2 = t * t;
    const std::array<double, kDegree>& c = coefficients_;
    const double series = (c[0] + t * c[1]) + t2 * (c[2] + t * c[3]) +
                          (t2 * t2) * ((c[4] + t * c[5]) + t2 * (c[6] + t * c[7]));
    const double tables = high_[index >> (kIntervalBits + kLowExponentBits)] * low_[index & (kLowSize - 1)];
    return tables + (tables * t) * series;
  }

 private:
  static constexpr int kIntervalBits = 6;
  static constexpr int kIntervalShift = 52 - kIntervalBits;
  static constexpr std::uint64_t kIntervals = std::uint64_t{1} << kIntervalBits;
  static constexpr int kLowExponentBits = 3;  // b = e mod 8
  static constexpr std::uint64_t kLowSize = kIntervals << kLowExponentBits;
  static constexpr std::size_t kHighSize = 2048 >> kLowExponentBits;  // a + 128 for e + 1024 ∈ [2, 2047]
  static constexpr int kDegree = 8;  // of the series in t
  static constexpr std::uint64_t kMantissaBits = (std::uint64_t{1} << 52) - 1;
  static constexpr std::uint64_t kOneBits = std::uint64_t{1023} << 52;

  static constexpr std::array<double, kIntervals> kIntervalStart = [] {
    std::array<double, kIntervals> start{};
    for (std::size_t j = 0; j < kIntervals; ++j) start[j] = 1.0 + static_cast<double>(j) / kIntervals;
    return start;
  }();
  static constexpr std::array<double, kIntervals> kIntervalReciprocal = [] {
    std::array<double, kIntervals> reciprocal{};
    for (std::size_t j = 0; j < kIntervals; ++j) reciprocal[j] = 1.0 / kIntervalStart[j];
    return reciprocal;
  }();

  double exponent_;
  std::uint64_t fast_lowest_bits_;  // the bits of the smallest x taken by the tables
  std::uint64_t fast_span_bits_;    // up to +inf, excluded
  std::array<double, kDegree> coefficients_;  // binomial coefficients C(p, n + 1)
  std::array<double, kHighSize> high_;        // 2^{p·8a} at a + 128
  std::array<double, kLowSize> low_;          // 2^{p·b} c^p at b·64 + interval
};

}  // namespace contactlab
