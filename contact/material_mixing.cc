// SPDX-License-Identifier: MIT
#include "contact/material_mixing.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
