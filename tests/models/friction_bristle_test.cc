// SPDX-License-Identifier: MIT
// models/friction_bristle: the state laws' steady sliding is the Stribeck curve they encode, their pre-sliding is a
// spring of the bristle stiffness, Dahl's rise from rest has its closed form, and the elastoplastic law does not
// drift under a load that LuGre creeps under.
#include <cmath>
#include <functional>

#include <gtest/gtest.h>

#include "tests/models/friction_support.h"

namespace contactlab {
namespace {

using test::friction_law;
using test::slip_input;

constexpr double kN = 10.0;  // [N]

// The LuGre parameters of Canudas de Wit et al. (1995), Table I, per unit normal force for N = 10 N:
// σ₀ = 1e5 N/m, σ₁ = √1e5 N·s/m, σ₂ = 0.4 N·s/m, F_c = 1 N, F_s = 1.5 N, v_s = 1 mm/s.
test::FrictionLaw lugre() {
  return friction_law("lugre", {{"static_friction", 0.15},
                                {"kinetic_friction", 0.1},
                                {"stribeck_velocity", 1e-3},
                                {"bristle_stiffness", 1e5 / kN},
                                {"bristle_damping", std::sqrt(1e5) / kN},
                                {"viscous", 0.4}});
}

// z' = rate(z) at a slip velocity v(t) along x, by classical Runge–Kutta with `steps` steps over [0, duration].
void integrate(const test::FrictionLaw& law, const std::function<double(double)>& velocity, double duration,
               int steps, double* z) {
  const double h = duration / steps;
  auto rate = [&](double t, const double* state, double* out) {
    law.info->state_rate(slip_input(velocity(t), kN), law.parameters.values, state, out);
  };
  for (int i = 0; i < steps; ++i) {
    const double t = i * h;
    double k1[3], k2[3], k3[3], k4[3], y[3];
    rate(t, z, k1);
    for (int c = 0; c < 3; ++c) y[c] = z[c] + 0.5 * h * k1[c];
    rate(t + 0.5 * h, y, k2);
    for (int c = 0; c < 3; ++c) y[c] = z[c] + 0.5 * h * k2[c];
    rate(t + 0.5 * h, y, k3);
    for (int c = 0; c < 3; ++c) y[c] = z[c] + h * k3[c];
    rate(t + h, y, k4);
    for (int c = 0; c < 3; ++c) z[c] += h / 6.0 * (k1[c] + 2.0 * k2[c] + 2.0 * k3[c] + k4[c]);
  }
}

TEST(LuGre, SteadySlidingGivesTheStribeckCurveItEncodes) {
  // ż = 0 at z_ss = g(s)/σ₀ along v̂, where F = N g(s) + σ₂ s with g = μ_k + (μ_s − μ_k) e^{−(s/v_s)²}: at the closed
  // form the state rate vanishes and the force is the curve, at speeds across the Stribeck region.
  const test::FrictionLaw law = lugre();
  for (double s : {1e-5, 5e-4, 1e-3, 2e-3, 1e-2, 0.1}) {
    const double g = 0.1 + 0.05 * std::exp(-(s / 1e-3) * (s / 1e-3));
    const double state[3] = {g / (1e5 / kN), 0.0, 0.0};
    double rate[3];
    law.info->state_rate(slip_input(s, kN), law.parameters.values, state, rate);
    EXPECT_NEAR(rate[0], 0.0, 1e-15) << s;
    EXPECT_NEAR(law.along_x(s, kN, state), -(kN * g + 0.4 * s), 1e-12) << s;
  }
  // And the state gets there from rest: at 2 mm/s the relaxation rate σ₀ s/g is about 200/s, so 0.25 s is 50 time
  // constants (e^{−50} of the way left).
  double z[3] = {0.0, 0.0, 0.0};
  integrate(law, [](double) { return 2e-3; }, 0.25, 20000, z);
  const double g = 0.1 + 0.05 * std::exp(-4.0);
  EXPECT_NEAR(law.along_x(2e-3, kN, z), -(kN * g + 0.4 * 2e-3), 1e-9);
}

TEST(LuGre, PreSlidingIsASpringOfTheBristleStiffness) {
  // At rest with the bristles deflected by x, F = σ₀ N x (σ₀ N = 1e5 N/m): 1 µm holds 0.1 N.
  const test::FrictionLaw law = lugre();
  const double state[3] = {1e-6, 0.0, 0.0};
  EXPECT_NEAR(law.along_x(0.0, kN, state), -0.1, 1e-15);
  EXPECT_NEAR(law.info->potential(slip_input(0.0, kN), law.parameters.values, state), 0.5 * 1e5 * 1e-12, 1e-20);
}

TEST(Dahl, RisesFromRestAlongItsClosedForm) {
  // Sliding one way from z = 0: dz/dx = 1 − σ₀ z/μ_k, so F(x) = μ_k N (1 − e^{−σ₀ x/μ_k}); at 2 mm/s for 5 ms (10 µm,
  // σ₀ x/μ_k = 1 with σ₀ = 1e4/m, μ_k = 0.1). RK4 with 4000 steps: error ~1e-14 N.
  const test::FrictionLaw law = friction_law("dahl", {{"kinetic_friction", 0.1}, {"bristle_stiffness", 1e4}});
  double z[3] = {0.0, 0.0, 0.0};
  integrate(law, [](double) { return 2e-3; }, 5e-3, 4000, z);
  EXPECT_NEAR(law.along_x(2e-3, kN, z), -0.1 * kN * (1.0 - std::exp(-1.0)), 1e-12);
}

TEST(Elastoplastic, DoesNotDriftUnderALoadThatLuGreCreepsUnder) {
  // A slip velocity oscillating with zero mean, v = a ω cos ωt (a displacement of amplitude a = 0.5 µm), starting
  // from a bristle deflection of 1 µm — below the break-away z_ba = 2 µm. The elastoplastic bristles follow the
  // displacement exactly (α = 0: ż = v), so z returns to 1 µm after whole periods; LuGre's relax a little in every
  // half period (ż = v − σ₀|v|z/g), so its z drifts.
  const double a = 0.5e-6, omega = 2.0 * 3.141592653589793 * 50.0;
  auto velocity = [&](double t) { return a * omega * std::cos(omega * t); };
  const test::FrictionLaw plastic =
      friction_law("elastoplastic", {{"static_friction", 0.15},
                                     {"kinetic_friction", 0.1},
                                     {"stribeck_velocity", 1e-3},
                                     {"bristle_stiffness", 1e5 / kN},
                                     {"bristle_damping", std::sqrt(1e5) / kN},
                                     {"viscous", 0.4},
                                     {"breakaway_displacement", 2e-6}});
  double z_plastic[3] = {1e-6, 0.0, 0.0};
  double z_lugre[3] = {1e-6, 0.0, 0.0};
  integrate(plastic, velocity, 0.2, 40000, z_plastic);  // 10 periods
  integrate(lugre(), velocity, 0.2, 40000, z_lugre);
  EXPECT_NEAR(z_plastic[0], 1e-6, 1e-15);
  EXPECT_LT(z_lugre[0], 0.9e-6);  // relaxed by over 10 % in 10 periods
}

TEST(Elastoplastic, ItsRelaxationIsContinuousAtTheBreakawayAndAtZMax) {
  // α rises from 0 at |z| = z_ba to 1 at |z| = z_max = g(s)/σ₀ through ½ sin(·) + ½: the state rate is continuous at
  // both ends (a jump there would be the signed-z misprint).
  const test::FrictionLaw law = friction_law("elastoplastic", {{"static_friction", 0.15},
                                                               {"kinetic_friction", 0.1},
                                                               {"stribeck_velocity", 1e-3},
                                                               {"bristle_stiffness", 1e4},
                                                               {"breakaway_displacement", 2e-6}});
  const double s = 1e-2;
  const double z_max = (0.1 + 0.05 * std::exp(-100.0)) / 1e4;
  auto rate_at = [&](double z) {
    const double state[3] = {z, 0.0, 0.0};
    double rate[3];
    law.info->state_rate(slip_input(s, kN), law.parameters.values, state, rate);
    return rate[0];
  };
  // Across 2e a continuous rate moves by at most its slope, σ₀ s/g = 1e3/s here, times 2e (2e-10 m/s); a jump of the
  // misprint's kind would be a sizeable part of s = 1e-2 m/s.
  const double e = 1e-13;
  const double tolerance = 2.0 * (2.0 * e) * 1e4 * s / 0.1;
  EXPECT_NEAR(rate_at(2e-6 - e), rate_at(2e-6 + e), tolerance);
  EXPECT_NEAR(rate_at(z_max - e), rate_at(z_max + e), tolerance);
  EXPECT_NEAR(rate_at(z_max), 0.0, 1e-12 * s);  // LuGre's steady state there
}

}  // namespace
}  // namespace contactlab
