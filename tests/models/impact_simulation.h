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
  bool separated = false;        // the contact ended (δ back to 0, or F back to 0 for laws releasing on force)
  double restitution = std::numeric_limits<double>::quiet_NaN();  // −δ̇(end)/δ̇⁻ (Newton, §2.4)
  double contact_time = 0.0;     // t_f
  double compression_time = 0.0; // t_C, where δ̇ first changes sign
  double max_indentation = 0.0;  // x_m (at the located δ̇ = 0 when the law has an event hook, else sampled)
  double max_force = 0.0;        // F_max (largest sampled F)
  double min_force = 0.0;        // smallest sampled F while in contact
  double residual_indentation = 0.0;  // δ at the end (> 0 for laws releasing on force)
};

// Integrates m δ̈ = −F(δ, δ̇, state) from δ = 0, δ̇ = δ̇⁻ with classical RK4 (the law's continuous states, if
// any, integrated alongside), until the contact ends: δ back to 0, or F back to 0 during restitution for laws
// with Separation::kForce. The end point is located by linear interpolation inside the last step; δ̇ sign
// changes are located by the same interpolation and reported to the law's event hook (kMaxIndentation with
// δ from the cubic Hermite interpolant, kReload). The law's parameters are the compiled ones (after prepare).
inline ImpactOutcome simulate_isolated_impact(const LawInfo& law, const LawParameters& parameters,
                                              const ImpactSetup& setup, double time_step,
                                              const ContactInput& base = ContactInput{}) {
  ContactInput input = base;
  input.impact_velocity = setup.impact_velocity;
  input.effective_mass = setup.effective_mass;
  input.stiffness = setup.stiffness;
  input.exponent = setup.exponent;
  std::array<double, kMaxLawState> state{};
  const int nc = law.continuous_state_size;
  if (law.event) law.event(ContactEvent::kOnset, input, parameters.values, state.data());

  // y = [δ, δ̇, continuous law states…]
  using Vector = std::array<double, 2 + kMaxLawState>;
  auto evaluate = [&](double t, const Vector& y, Vector& dy, double* force_out) {
    std::array<double, kMaxLawState> local = state;
    std::copy(y.begin() + 2, y.begin() + 2 + nc, local.begin());
    input.indentation = y[0];
    input.normal_velocity = y[1];
    input.time_since_onset = t;
    const double f = law.force(input, parameters.values, local.data()).force;
    dy.fill(0.0);
    dy[0] = y[1];
    dy[1] = -f / setup.effective_mass;
    if (nc > 0) law.state_rate(input, parameters.values, local.data(), dy.data() + 2);
    if (force_out) *force_out = f;
  };
  auto event = [&](ContactEvent kind, double t, const Vector& y) {
    if (!law.event) return;
    std::copy(y.begin() + 2, y.begin() + 2 + nc, state.begin());
    input.indentation = y[0];
    input.normal_velocity = y[1];
    input.time_since_onset = t;
    law.event(kind, input, parameters.values, state.data());
  };

  ImpactOutcome out;
  double t = 0.0;
  Vector y{};
  y[1] = setup.impact_velocity;
  std::copy(state.begin(), state.begin() + nc, y.begin() + 2);
  out.min_force = std::numeric_limits<double>::infinity();
  const double h = time_step;
  const bool on_force = law.separation == Separation::kForce;
  double force = 0.0;
  Vector dy{};
  evaluate(t, y, dy, &force);
  // Generous budget: even c_r → 0 ends before ~10 t_H (models.md §5.7 t_f/t_H ≤ 4.02 for c_r ≥ 0.1).
  const long max_steps = static_cast<long>(20.0 * hertz_compression_time(setup) / h) + 10;
  for (long step = 0; step < max_steps; ++step) {
    Vector k1, k2, k3, k4, yt;
    evaluate(t, y, k1, nullptr);
    for (std::size_t i = 0; i < y.size(); ++i) yt[i] = y[i] + 0.5 * h * k1[i];
    evaluate(t + 0.5 * h, yt, k2, nullptr);
    for (std::size_t i = 0; i < y.size(); ++i) yt[i] = y[i] + 0.5 * h * k2[i];
    evaluate(t + 0.5 * h, yt, k3, nullptr);
    for (std::size_t i = 0; i < y.size(); ++i) yt[i] = y[i] + h * k3[i];
    evaluate(t + h, yt, k4, nullptr);
    Vector next;
    for (std::size_t i = 0; i < y.size(); ++i) next[i] = y[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
    double next_force = 0.0;
    Vector unused;
    evaluate(t + h, next, unused, &next_force);

    if ((y[1] > 0.0) != (next[1] > 0.0)) {
      const double s = y[1] / (y[1] - next[1]);
      // Cubic Hermite interpolant of δ over the step, with δ̇ as its derivative.
      const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s;
      const double h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s;
      Vector at = y;
      at[0] = h00 * y[0] + h10 * h * y[1] + h01 * next[0] + h11 * h * next[1];
      at[1] = 0.0;
      for (int i = 0; i < nc; ++i) at[2 + i] = y[2 + i] + s * (next[2 + i] - y[2 + i]);
      if (y[1] > 0.0) {
        if (out.compression_time == 0.0) out.compression_time = t + s * h;
        out.max_indentation = std::max(out.max_indentation, at[0]);
        event(ContactEvent::kMaxIndentation, t + s * h, at);
      } else {
        event(ContactEvent::kReload, t + s * h, at);
      }
      evaluate(t + h, next, unused, &next_force);  // the event may have changed the law's history
    }
    const bool ended_on_indentation = next[0] <= 0.0 && step > 0;
    const bool ended_on_force = on_force && next[1] < 0.0 && next_force <= 0.0 && step > 0;
    if (ended_on_indentation || ended_on_force) {
      const double s = ended_on_force && !ended_on_indentation ? force / (force - next_force) : y[0] / (y[0] - next[0]);
      out.contact_time = t + s * h;
      out.restitution = -(y[1] + s * (next[1] - y[1])) / setup.impact_velocity;
      out.residual_indentation = std::max(0.0, y[0] + s * (next[0] - y[0]));
      out.separated = true;
      return out;
    }
    t += h;
    y = next;
    force = next_force;
    out.max_indentation = std::max(out.max_indentation, y[0]);
    out.max_force = std::max(out.max_force, force);
    out.min_force = std::min(out.min_force, force);
  }
  return out;
}

}  // namespace contactlab::test_support
