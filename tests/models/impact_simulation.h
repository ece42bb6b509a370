// SPDX-License-Identifier: MIT
// Test support for the models tests: an isolated two-body central impact m δ̈ = −F(δ, δ̇), integrated with a
// plain fixed-step RK4 written here (independent of engine/), plus the undamped Hertz reference values of
// models.md §2.3. Used to check closed-form restitution results against direct integration.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "models/force_law.h"
#include "models/registry.h"

namespace contactlab::test_support {

struct ImpactSetup {
  double stiffness = 0.0;         // K [N/m^n]
  double exponent = 1.5;          // n
  double effective_mass = 0.0;    // m_eff [kg]
  double impact_velocity = 0.0;   // δ̇⁻ [m/s], > 0
};

// The S004 example of models.md §5.7: steel ball (m = 0.11 kg) on a steel half-space at 2.8 m/s, K computed
// there as 1.88377e10 N/m^1.5, n = 3/2.
inline ImpactSetup alaci_example_setup() { return {1.88377e10, 1.5, 0.11, 2.8}; }

// Maximum indentation of the undamped impact, x_H = [(n+1) m δ̇⁻² / (2K)]^{1/(n+1)} (models.md §2.3).
inline double hertz_max_indentation(const ImpactSetup& s) {
  const double n1 = s.exponent + 1.0;
  return std::pow(n1 * s.effective_mass * s.impact_velocity * s.impact_velocity / (2.0 * s.stiffness), 1.0 / n1);
}

// Coefficient of t_H = coefficient · x_H/δ̇⁻: Γ(1/2) Γ(1/(n+1)) / [(n+1) Γ(1/2 + 1/(n+1))] (models.md §2.3).
inline double hertz_time_coefficient(double exponent) {
  const double a = 1.0 / (exponent + 1.0);
  return a * std::tgamma(0.5) * std::tgamma(a) / std::tgamma(0.5 + a);
}

// Compression time of the undamped impact, t_H (models.md §2.3).
inline double hertz_compression_time(const ImpactSetup& s) {
  return hertz_time_coefficient(s.exponent) * hertz_max_indentation(s) / s.impact_velocity;
}

struct ImpactOutcome {
  bool separated = false;        // δ returned to 0 within the step budget
  double restitution = std::numeric_limits<double>::quiet_NaN();  // −δ̇(end)/δ̇⁻ (Newton, §2.4)
  double contact_time = 0.0;     // t_f
  double compression_time = 0.0; // t_C, where δ̇ changes sign
  double max_indentation = 0.0;  // x_m (largest sampled δ)
  double max_force = 0.0;        // F_max (largest sampled F)
  double min_force = 0.0;        // smallest sampled F while in contact
};

// Integrates from δ = 0, δ̇ = δ̇⁻ until δ returns to 0; the end point (time and velocity) is located by linear
// interpolation inside the last step. The law's parameters are the compiled ones (after prepare).
inline ImpactOutcome simulate_isolated_impact(const LawInfo& law, const LawParameters& parameters,
                                              const ImpactSetup& setup, double time_step) {
  ContactInput input;
  input.impact_velocity = setup.impact_velocity;
  input.effective_mass = setup.effective_mass;
  input.stiffness = setup.stiffness;
  input.exponent = setup.exponent;
  std::array<double, kMaxLawState> state{};
  if (law.onset) law.onset(input, parameters.values, state.data());

  auto force_at = [&](double t, double indentation, double velocity) {
    input.indentation = indentation;
    input.normal_velocity = velocity;
    input.time_since_onset = t;
    return law.force(input, parameters.values, state.data()).force;
  };
  auto acceleration = [&](double t, double x, double v) { return -force_at(t, x, v) / setup.effective_mass; };

  ImpactOutcome out;
  double t = 0.0;
  double x = 0.0;
  double v = setup.impact_velocity;
  out.min_force = std::numeric_limits<double>::infinity();
  const double h = time_step;
  // Generous budget: even c_r → 0 ends before ~10 t_H (models.md §5.7 t_f/t_H ≤ 4.02 for c_r ≥ 0.1).
  const long max_steps = static_cast<long>(20.0 * hertz_compression_time(setup) / h) + 10;
  for (long step = 0; step < max_steps; ++step) {
    const double k1x = v;
    const double k1v = acceleration(t, x, v);
    const double k2x = v + 0.5 * h * k1v;
    const double k2v = acceleration(t + 0.5 * h, x + 0.5 * h * k1x, v + 0.5 * h * k1v);
    const double k3x = v + 0.5 * h * k2v;
    const double k3v = acceleration(t + 0.5 * h, x + 0.5 * h * k2x, v + 0.5 * h * k2v);
    const double k4x = v + h * k3v;
    const double k4v = acceleration(t + h, x + h * k3x, v + h * k3v);
    const double x_next = x + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    const double v_next = v + h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);

    if (v > 0.0 && v_next <= 0.0) out.compression_time = t + h * v / (v - v_next);
    if (x_next <= 0.0 && step > 0) {
      const double s = x / (x - x_next);  // fraction of the step where δ crosses 0
      out.contact_time = t + s * h;
      out.restitution = -(v + s * (v_next - v)) / setup.impact_velocity;
      out.separated = true;
      return out;
    }
    t += h;
    x = x_next;
    v = v_next;
    const double f = force_at(t, x, v);
    out.max_indentation = std::max(out.max_indentation, x);
    out.max_force = std::max(out.max_force, f);
    out.min_force = std::min(out.min_force, f);
  }
  return out;
}

}  // namespace contactlab::test_support
