// SPDX-License-Identifier: MIT
#include "models/restitution.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace contactlab {
namespace {

// x − ln(1 + x), accurate for small x where the difference cancels.
double x_minus_log1p(double x) {
  if (std::abs(x) < 0.1) {
    // x²/2 − x³/3 + x⁴/4 − …: up to x³⁰ the remainder is below 1e-28·x²; the direct difference would
    // lose about two digits to cancellation here.
    double term = x * x;
    double sum = 0.0;
    for (int k = 2; k <= 30; ++k) {
      sum += ((k % 2 == 0) ? 1.0 : -1.0) * term / k;
      term *= x;
    }
    return sum;
  }
  return x - std::log1p(x);
}

}  // namespace

double lambert_w0(double x) {
  constexpr double kInvE = 0.36787944117144233;
  if (std::isnan(x) || x < -kInvE) {
    if (x >= -kInvE - 1e-15) return -1.0;  // round-off at the branch point
    throw std::domain_error("lambert_w0: argument below -1/e");
  }
  if (x == 0.0) return 0.0;
  double w;
  if (x < -0.3) {
    // Series about the branch point, p = sqrt(2(e x + 1)).
    const double p = std::sqrt(std::max(0.0, 2.0 * (std::exp(1.0) * x + 1.0)));
    w = -1.0 + p - p * p / 3.0 + 11.0 / 72.0 * p * p * p;
  } else if (x < 3.0) {
    w = std::log1p(x);
    w = w * (1.0 - std::log1p(w) / (2.0 + w));
  } else {
    const double l = std::log(x);
    w = l - std::log(l);
  }
  // Halley iterations on w e^w − x.
  for (int i = 0; i < 50; ++i) {
    const double ew = std::exp(w);
    const double f = w * ew - x;
    const double wp1 = w + 1.0;
    if (wp1 == 0.0) break;
    const double step = f / (ew * wp1 - (w + 2.0) * f / (2.0 * wp1));
    w -= step;
    if (std::abs(step) <= 4.0 * std::numeric_limits<double>::epsilon() * (1.0 + std::abs(w))) break;
  }
  return w;
}

double hunt_crossley_restitution(double z) {
  if (!(z >= 0.0)) throw std::domain_error("hunt_crossley_restitution: damping must be >= 0");
  if (z == 0.0) return 1.0;
  const double rhs = x_minus_log1p(z);  // z − ln(1+z) > 0
  // g(u) = −u − ln(1 − u) − rhs is increasing on (0, 1) from −rhs to +∞: bracket and polish.
  double lo = 0.0;
  double hi = 1.0;
  double u = std::min(std::sqrt(2.0 * rhs), 0.5);  // from −u − ln(1−u) ≈ u²/2
  for (int i = 0; i < 200; ++i) {
    const double g = x_minus_log1p(-u) - rhs;  // −u − ln(1−u) = (−u) − ln(1 + (−u))
    if (g > 0.0) hi = u; else lo = u;
    const double dg = u / (1.0 - u);
    double next = u - g / dg;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::abs(next - u) <= 2.0 * std::numeric_limits<double>::epsilon() * u) { u = next; break; }
    u = next;
  }
  return u / z;
}

double hunt_crossley_exact_damping(double c) {
  if (!(c > 0.0 && c <= 1.0)) throw std::domain_error("hunt_crossley_exact_damping: restitution must be in (0, 1]");
  if (c == 1.0) return 0.0;
  // c_out(z) decreases monotonically from 1 (z = 0) to 0 (z → ∞); the root lies in ((1−c)/c, 1/c).
  double lo = (1.0 - c) / c;
  double hi = 1.0 / c;
  for (int i = 0; i < 200 && hi - lo > 4.0 * std::numeric_limits<double>::epsilon() * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (hunt_crossley_restitution(mid) > c) lo = mid; else hi = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace contactlab
