// SPDX-License-Identifier: MIT
// 1 − e^{−x}, a relaxation's progress after x time constants, within 2 ulp and without the division of expm1
// (glibc's takes one per call: with it, half the cost of a contact's evaluation in the jian law).
//
// For |x| < ln 2 / 2: the Taylor series x + x² Σ_{k ≤ 11} (−1)^{k+1} x^k/(k + 2)!, whose truncation |x|^13/14! is
// below 0.1 ulp of the result there, the sum by Estrin's scheme (a short chain of dependent operations) and added to
// the exact first term last, so that its roundings, at most a fifth of the result, weigh a fifth. Above: 1 − e^{−x}, whose
// e^{−x} is within 0.52 ulp of itself, which is within 0.52 e^{−x}/(1 − e^{−x}) ≤ 1.3 ulp of the result at the
// boundary and less beyond; the subtraction is exact up to x = ln 2 (Sterbenz) and rounds once beyond. Below −ln 2 /
// 2 (a time before the onset, which a law never sees in a run): −expm1(−x). NaN stays NaN; +inf gives 1.
#pragma once

#include <array>
#include <cmath>

namespace contactlab {

inline constexpr double kOneMinusExpSeriesBound = 0.34657359027997264;  // ln 2 / 2

// (−1)^{k+1}/(k + 2)!, k = 0 … 11: the series after its first term, 1 − e^{−x} = x + x² Σ_k c_k x^k.
inline constexpr std::array<double, 12> kOneMinusExpSeries = [] {
  std::array<double, 12> c{};
  double factorial = 1.0;
  for (int k = 0; k < 12; ++k) {
    factorial *= k + 2;
    c[k] = (k % 2 == 0 ? -1.0 : 1.0) / factorial;
  }
  return c;
}();

inline double one_minus_exp(double x) {
  if (!(std::abs(x) < kOneMinusExpSeriesBound)) return x > 0.0 ? 1.0 - std::exp(-x) : -std::expm1(-x);
  const std::array<double, 12>& c = kOneMinusExpSeries;
  const double x2 = x * x;
  const double x4 = x2 * x2;
  const double low = (c[0] + c[1] * x) + x2 * (c[2] + c[3] * x);
  const double middle = (c[4] + c[5] * x) + x2 * (c[6] + c[7] * x);
  const double high = (c[8] + c[9] * x) + x2 * (c[10] + c[11] * x);
  return x + x2 * (low + x4 * (middle + x4 * high));
}

}  // namespace contactlab
