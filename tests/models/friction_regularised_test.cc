// SPDX-License-Identifier: MIT
// models/friction_regularised: each regularised law against its formula, and the distance a block sliding on a
// plane takes to stop under it against Coulomb's v₀²/(2μg), as the velocity parameter shrinks: the convergence
// (its order and constant from the closed forms), not one point.
#include <cmath>
#include <functional>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "tests/models/friction_support.h"

namespace contactlab {
namespace {

using test::friction_law;

constexpr double kG = 9.81;   // [m/s²]
constexpr double kMu = 0.3;
constexpr double kV0 = 1.0;   // [m/s]

// The distance a block of mass m launched at v₀ on a level plane (N = m g) slides under the law: x = ∫₀^v₀ v m/F(v)
// dv, by Gauss–Legendre quadrature (16 points) on panels graded towards v = 0, where the integrand varies on the
// scale of the law's velocity parameter: relative error below 1e-13 for these integrands, smooth on every panel.
double stopping_distance(const std::function<double(double)>& deceleration, double scale) {
  static const double x[8] = {0.0950125098376374, 0.2816035507792589, 0.4580167776572274, 0.6178762444026438,
                              0.7554044083550030, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499};
  static const double w[8] = {0.1894506104550685, 0.1826034150449236, 0.1691565193950025, 0.1495959888165767,
                              0.1246289712555339, 0.0951585116824928, 0.0622535239386479, 0.0271524594117541};
  // Panel ends: 0, then the velocity parameter halved 40 times up to itself, then doubled up to v₀ (a law's kink at
  // its parameter falls on a panel end).
  std::vector<double> ends = {0.0};
  for (int k = 40; k >= 0; --k) ends.push_back(std::ldexp(scale, -k));
  while (ends.back() < kV0) ends.push_back(std::min(kV0, 2.0 * ends.back()));
  double total = 0.0;
  for (std::size_t i = 0; i + 1 < ends.size(); ++i) {
    const double mid = 0.5 * (ends[i] + ends[i + 1]), half = 0.5 * (ends[i + 1] - ends[i]);
    for (int k = 0; k < 8; ++k) {
      for (double v : {mid - half * x[k], mid + half * x[k]}) total += half * w[k] * v / deceleration(v);
    }
  }
  return total;
}

double excess(const char* id, const char* velocity_name, double velocity) {
  const test::FrictionLaw law = friction_law(id, {{"friction", kMu}, {velocity_name, velocity}});
  const double mass = 2.0;
  auto deceleration = [&](double v) { return -law.along_x(v, mass * kG) / mass; };
  return stopping_distance(deceleration, velocity) - kV0 * kV0 / (2.0 * kMu * kG);
}

TEST(RegularisedFriction, LinearSaturationStopsExactlyVEpsilonSquaredOverTwoMuGBeyondCoulomb) {
  // Above v_ε: μ g; below: μ g v/v_ε, an exponential stop over v_ε²/(μg) where Coulomb takes v_ε²/(2μg).
  for (double v : {1e-2, 1e-3, 1e-4}) {
    EXPECT_NEAR(excess("rooney_deravi", "regularisation_velocity", v), v * v / (2.0 * kMu * kG), 1e-12) << v;
  }
}

TEST(RegularisedFriction, TanhConvergesQuadraticallyWithConstantPiSquaredOverTwelve) {
  // x − x_C = (v_r²/μg) ∫₀^∞ u (coth u − 1) du = (π²/12) v_r²/(μg), up to terms that vanish like e^{−2v₀/v_r}.
  for (double v : {1e-2, 1e-3, 1e-4}) {
    const double expected = std::numbers::pi * std::numbers::pi / 12.0 * v * v / (kMu * kG);
    EXPECT_NEAR(excess("coulomb_tanh", "regularisation_velocity", v), expected, 1e-9 * expected + 1e-15) << v;
  }
}

TEST(RegularisedFriction, ArctanConvergesOnlyLinearly) {
  // 1/((2/π) arctan u) − 1 ~ 2/(π u) for large u: x − x_C ≈ (2/π) v_r v₀/(μg) (1 + O((v_r/v₀) ln(v₀/v_r))). Tenfold
  // smaller v_r gives a tenfold smaller excess, not a hundredfold.
  double previous = 0.0;
  for (double v : {1e-3, 1e-4, 1e-5}) {
    const double e = excess("coulomb_atan", "regularisation_velocity", v);
    EXPECT_NEAR(e, 2.0 / std::numbers::pi * v * kV0 / (kMu * kG), 0.02 * e) << v;
    if (previous > 0.0) {
      EXPECT_NEAR(previous / e, 10.0, 0.3);
    }
    previous = e;
  }
}

TEST(RegularisedFriction, ThrelfallConvergesQuadraticallyWithConstantPiSquaredOverFiftyFour) {
  // x − x_C = (v₀²/μg) ∫₀^∞ u e^{−3u}/(1 − e^{−3u}) du with u = v/v_0 and v₀ → v_0: (π²/54) v_0²/(μg).
  for (double v : {1e-2, 1e-3}) {
    const double expected = std::numbers::pi * std::numbers::pi / 54.0 * v * v / (kMu * kG);
    EXPECT_NEAR(excess("threlfall", "transition_velocity", v), expected, 1e-9 * expected) << v;
  }
}

TEST(RegularisedFriction, AmbrosiosDeadZoneLeavesNoFrictionBelowItsFirstSpeed) {
  // As printed: no force below v_0 (the block creeps on at v_0), linear between v_0 and v_1, μN above.
  const test::FrictionLaw law =
      friction_law("ambrosio", {{"friction", kMu}, {"dead_velocity", 1e-3}, {"full_velocity", 3e-3}});
  EXPECT_EQ(law.along_x(9e-4, 10.0), 0.0);
  EXPECT_DOUBLE_EQ(law.along_x(2e-3, 10.0), -1.5);
  EXPECT_DOUBLE_EQ(law.along_x(4e-3, 10.0), -3.0);
}

TEST(RegularisedFriction, BrownMcPheesHumpPeaksAtTheStaticLevelAtTheTransitionSpeed) {
  // u/(u²/4 + 3/4)² has its maximum 1 at u = 1, so F(v_t) = N (μ_d tanh 4 + μ_s − μ_d); well above v_t, μ_d N.
  const test::FrictionLaw law = friction_law(
      "brown_mcphee", {{"static_friction", 0.5}, {"kinetic_friction", 0.3}, {"transition_velocity", 1e-3}});
  const double N = 10.0;
  EXPECT_NEAR(-law.along_x(1e-3, N), N * (0.3 * std::tanh(4.0) + 0.2), 1e-12);
  for (double s : {0.9e-3, 1.1e-3}) EXPECT_LT(-law.along_x(s, N), -law.along_x(1e-3, N));
  EXPECT_NEAR(-law.along_x(10.0, N), N * 0.3, 1e-9);  // hump 16·0.2/u³ = 3.2e-12 N at u = 1e4
}

TEST(RegularisedFriction, AnderssonIsTheStribeckCurveTimesTanh) {
  const test::FrictionLaw law =
      friction_law("andersson", {{"static_friction", 0.5}, {"kinetic_friction", 0.3}, {"stribeck_velocity", 0.01},
                                 {"sharpness", 1000.0}, {"viscous", 0.5}});
  const double N = 10.0, s = 0.004;
  EXPECT_NEAR(-law.along_x(s, N), N * (0.3 + 0.2 * std::exp(-0.16)) * std::tanh(4.0) + 0.5 * s, 1e-12);
}

}  // namespace
}  // namespace contactlab
