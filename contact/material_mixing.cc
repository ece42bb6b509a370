// SPDX-License-Identifier: MIT
#include "contact/material_mixing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace contactlab {

double material_compliance(const Material& m) {
  if (std::isinf(m.youngs_modulus)) return 0.0;
  return (1.0 - m.poisson_ratio * m.poisson_ratio) / m.youngs_modulus;
}

double effective_modulus(const Material& a, const Material& b) {
  const double compliance = material_compliance(a) + material_compliance(b);
  return compliance > 0.0 ? 1.0 / compliance : std::numeric_limits<double>::infinity();
}

double effective_radius(double radius_a, double radius_b) {
  if (std::isinf(radius_a)) return radius_b;
  if (std::isinf(radius_b)) return radius_a;
  return radius_a * radius_b / (radius_a + radius_b);
}

double equivalent_radius(double curvature_1a, double curvature_1b, double curvature_2a, double curvature_2b,
                         double angle) {
  const double sum = 0.5 * (curvature_1a + curvature_1b + curvature_2a + curvature_2b);
  const double d1 = curvature_1a - curvature_1b, d2 = curvature_2a - curvature_2b;
  const double difference = 0.5 * std::sqrt(std::max(0.0, d1 * d1 + d2 * d2 + 2.0 * d1 * d2 * std::cos(2.0 * angle)));
  const double a = 0.5 * (sum - difference), b = 0.5 * (sum + difference);  // A ≤ B
  if (!(a > 0.0) || !(b / a < 1e15)) return std::numeric_limits<double>::infinity();
  // Near a circle K − E cancels (≈ πm/4): the circle's radius, which the ellipse's differs from by under 1e-13 there.
  if (b / a < 1.0 + 1e-8) return 0.5 / a;
  // The eccentricity by bisection on m: B/A grows from 1 (m → 0) without bound (m → 1).
  double low = 0.0, high = 1.0;
  for (int iteration = 0; iteration < 200 && high - low > 1e-17; ++iteration) {
    const double m = 0.5 * (low + high);
    const double k = std::comp_ellint_1(std::sqrt(m)), e = std::comp_ellint_2(std::sqrt(m));
    if ((e / (1.0 - m) - k) / (k - e) < b / a) low = m;
    else high = m;
  }
  const double m = 0.5 * (low + high);
  const double k = std::comp_ellint_1(std::sqrt(m)), e = std::comp_ellint_2(std::sqrt(m));
  return 0.25 * std::numbers::pi * std::numbers::pi * (k - e) / (a * m * k * k * k);
}

double mixed_restitution(const Material& a, const Material& b) {
  if (std::isnan(a.restitution)) return b.restitution;
  if (std::isnan(b.restitution)) return a.restitution;
  return std::min(a.restitution, b.restitution);
}

double mixed_friction(const Material& a, const Material& b, bool at_rest) {
  auto coefficient = [&](const Material& m) { return at_rest && !std::isnan(m.static_friction) ? m.static_friction : m.friction; };
  const double mu_a = coefficient(a), mu_b = coefficient(b);
  if (std::isnan(mu_a)) return mu_b;
  if (std::isnan(mu_b)) return mu_a;
  return std::sqrt(mu_a * mu_b);
}

double hertz_stiffness(double modulus, double radius) {
  return 4.0 / 3.0 * modulus * std::sqrt(std::abs(radius));
}

double equivalent_linear_stiffness(double stiffness, double exponent, double mass, double speed) {
  const double kinetic = mass * speed * speed;  // m v² = 2 × the impact energy
  const double max_indentation = std::pow(0.5 * (exponent + 1.0) * kinetic / stiffness, 1.0 / (exponent + 1.0));
  return kinetic / (max_indentation * max_indentation);
}

}  // namespace contactlab
