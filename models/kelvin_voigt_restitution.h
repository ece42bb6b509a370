// SPDX-License-Identifier: MIT
// Exact coefficient of restitution of the linear Kelvin–Voigt impact m δ̈ + c δ̇ + k δ = 0, δ(0) = 0,
// δ̇(0) = δ̇⁻, as a function of the damping ratio ξ = c/(2√(k m_eff)), and its inverse, for the two release
// rules of models.md §3.B (both independent of k, m_eff and δ̇⁻):
//   - release when F = k δ + c δ̇ returns to 0 (Butcher–Segalman; S002 Eq (55), corrected per models.md §6 #22,
//     #23): e = exp(−2ξ·g(ξ)), g(ξ) = arccos ξ/√(1−ξ²) (ξ < 1), 1 (ξ = 1), arccosh ξ/√(ξ²−1) (ξ > 1).
//     The ξ > 1 form is the analytic continuation of the ξ < 1 one and equals
//     [(ξ − √(ξ²−1))/(ξ + √(ξ²−1))]^{ξ/√(ξ²−1)} because (ξ − s)(ξ + s) = 1 and arccosh ξ = ln(ξ + s).
//   - release when δ returns to 0 (models.md §3.B1/B2; Anagnostopoulos, S001 Eq (5.40)):
//     e = exp(−πξ/√(1−ξ²)) for ξ < 1; for ξ ≥ 1 δ never returns to 0 (the bodies stick, e = 0).
// Header-only (inline) so that kelvin_voigt.cc, poursina_nikravesh.cc and the tests share one definition
// without a new library source. No exceptions: out-of-domain inputs map to the limiting values.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace contactlab {

namespace kelvin_voigt_detail {

// g(ξ) above, continuous and analytic through ξ = 1. Near ξ = 1 (u = 1 − ξ small) the quotient is 0/0, so
// use its Taylor series g = 1 + u/3 + 2u²/15 + 2u³/35 + O(u⁴) (from θ/sin θ with ξ = cos θ); at |u| < 1e-4
// the truncation is below 1e-16.
inline double release_angle_ratio(double damping_ratio) {
  const double u = 1.0 - damping_ratio;
  if (std::abs(u) < 1e-4) return 1.0 + u * (1.0 / 3.0 + u * (2.0 / 15.0 + u * (2.0 / 35.0)));
  if (damping_ratio < 1.0) {
    return std::acos(damping_ratio) / std::sqrt(u * (1.0 + damping_ratio));
  }
  // √(ξ−1)·√(ξ+1) instead of √(ξ²−1): no overflow for huge ξ (e → 0).
  return std::acosh(damping_ratio) / (std::sqrt(damping_ratio - 1.0) * std::sqrt(damping_ratio + 1.0));
}

// −ln e(ξ) = 2ξ g(ξ), strictly increasing from 0 (ξ = 0) to ∞, equal to 2 at ξ = 1.
inline double force_release_log_decrement(double damping_ratio) {
  return 2.0 * damping_ratio * release_angle_ratio(damping_ratio);
}

}  // namespace kelvin_voigt_detail

// e(ξ) for release at zero force (S002 Eq (55) corrected). ξ ≤ 0 gives 1.
inline double kelvin_voigt_force_release_restitution(double damping_ratio) {
  if (!(damping_ratio > 0.0)) return 1.0;
  if (damping_ratio == std::numeric_limits<double>::infinity()) return 0.0;
  return std::exp(-kelvin_voigt_detail::force_release_log_decrement(damping_ratio));
}

// ξ(e), the inverse of kelvin_voigt_force_release_restitution, by bisection to full precision on a bracket
// built from bounds of g: for −ln e = L ≤ 2 (ξ ≤ 1) 1 ≤ g ≤ π/2 gives ξ ∈ [L/π, L/2]; for L > 2 write
// ξ = cosh w, so 2ξg = 2w coth w ∈ [2w, 2w + 2] gives w ∈ [L/2 − 1, L/2]. e ≥ 1 gives 0, e ≤ 0 gives ∞.
inline double kelvin_voigt_force_release_damping_ratio(double restitution) {
  if (!(restitution < 1.0)) return 0.0;
  if (!(restitution > 0.0)) return std::numeric_limits<double>::infinity();
  const double target = -std::log(restitution);
  double lo, hi;
  const bool underdamped = target <= 2.0;
  if (underdamped) {
    lo = target / 3.2;  // a little below L/π: the bracket must hold the root despite round-off in g
    hi = std::min(1.0, 0.5 * target * 1.0000001);
  } else {
    lo = std::max(0.0, 0.5 * target - 1.0);
    hi = 0.5 * target;
  }
  auto decrement = [underdamped](double x) {
    return kelvin_voigt_detail::force_release_log_decrement(underdamped ? x : std::cosh(x));
  };
  for (int i = 0; i < 2000; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;  // the bracket is down to adjacent doubles
    if (decrement(mid) < target) lo = mid; else hi = mid;
  }
  const double x = 0.5 * (lo + hi);
  return underdamped ? x : std::cosh(x);
}

// e(ξ) for release at zero indentation (models.md §3.B1). ξ ≥ 1 gives 0 (no return to δ = 0).
inline double kelvin_voigt_indentation_release_restitution(double damping_ratio) {
  if (!(damping_ratio > 0.0)) return 1.0;
  if (!(damping_ratio < 1.0)) return 0.0;
  return std::exp(-std::numbers::pi * damping_ratio / std::sqrt((1.0 - damping_ratio) * (1.0 + damping_ratio)));
}

// ξ(e) = −ln e/√(π² + ln² e), the exact inverse (S001 Eq (5.40); S003 Eq (11) with g1 = 2ξ).
inline double kelvin_voigt_indentation_release_damping_ratio(double restitution) {
  if (!(restitution < 1.0)) return 0.0;
  if (!(restitution > 0.0)) return 1.0;
  const double log_restitution = std::log(restitution);
  return -log_restitution / std::sqrt(std::numbers::pi * std::numbers::pi + log_restitution * log_restitution);
}

}  // namespace contactlab
