// SPDX-License-Identifier: MIT
// The ball on a vibrating table (scenes/bouncing_ball_vibrating_table.yaml) with the impulse method (Newton's e,
// exact) against the period-one orbit's closed forms (the scene's comments, docs/engine.md "The vibrating
// table"): after the transient every impact strikes at g/(f (1 + e)) relative to the table, at the table phase
// arccos(Γ₁/Γ); past Γ₂ = sqrt(Γ₁² + [2(1 + e²)/(1 + e)²]²) the impacts alternate, and scripts/bifurcation.py's
// rule (the alternation's square linear in Γ − Γ₂, fitted past the onset) locates Γ₂ within 0.002.
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/validation/scene_run.h"

namespace contactlab::validation {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81, kFrequency = 10.0, kRestitution = 0.5;
const double kGammaExists = kPi * (1 - kRestitution) / (1 + kRestitution);
const double kGammaDoubles =
    std::hypot(kGammaExists, 2 * (1 + kRestitution * kRestitution) / ((1 + kRestitution) * (1 + kRestitution)));

// The impacts of a run at Γ, from `after` on.
std::vector<ImpactRecord> late_impacts(double gamma, double duration, double after) {
  const SceneRun run = run_scene("bouncing_ball_vibrating_table.yaml", "impulse",
                                 {{"gamma", std::to_string(gamma)}, {"duration", std::to_string(duration)}});
  EXPECT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  std::vector<ImpactRecord> late;
  for (const ImpactRecord& impact : run.result.impacts) {
    if (impact.t_start >= after) late.push_back(impact);
  }
  return late;
}

// Mean |v_k − v_{k−1}| over the impacts, relative to their mean velocity.
double alternation(const std::vector<ImpactRecord>& impacts) {
  double steps = 0.0, sum = 0.0;
  for (std::size_t k = 0; k < impacts.size(); ++k) {
    sum += impacts[k].impact_velocity;
    if (k > 0) steps += std::abs(impacts[k].impact_velocity - impacts[k - 1].impact_velocity);
  }
  return steps / static_cast<double>(impacts.size() - 1) / (sum / static_cast<double>(impacts.size()));
}

TEST(ValidationVibratingTable, ThePeriodOneOrbitStrikesAtItsClosedFormSpeedAndPhase) {
  EXPECT_NEAR(kGammaExists, 1.0472, 1e-4);
  EXPECT_NEAR(kGammaDoubles, 1.5268, 1e-4);
  const double speed = kG / (kFrequency * (1 + kRestitution));  // 0.654 m/s
  const double omega = 2 * kPi * kFrequency;
  for (double gamma : {1.15, 1.3, 1.45}) {
    // The linearised map's eigenvalues have |λ| = e = 0.5 while they are complex (here): after 40 periods the
    // transient is 1e-12 of the start's; what is left is the event location's and the integrator's error
    // (measured: 1.4e-11 of the speed, 1.6e-10 rad of phase; bounded at 100 times that, far below the 2e-3 by which
    // the speed would be off with e off by 1e-3, or the phase's change of 0.01 rad per 0.01 of Γ).
    const std::vector<ImpactRecord> impacts = late_impacts(gamma, 5.0, 4.0);
    ASSERT_EQ(impacts.size(), 10u) << "one impact per table period at Γ = " << gamma;
    const double phase = std::acos(kGammaExists / gamma);
    for (const ImpactRecord& impact : impacts) {
      EXPECT_NEAR(impact.impact_velocity, speed, 1e-9 * speed) << "Γ = " << gamma;
      EXPECT_NEAR(impact.restitution, kRestitution, 1e-9);
      EXPECT_NEAR(std::remainder(omega * impact.t_start - phase, 2 * kPi), 0.0, 1e-8) << "Γ = " << gamma;
    }
  }
}

TEST(ValidationVibratingTable, TheSweepLocatesThePeriodDoublingAtItsClosedForm) {
  // Γ from 1.48 to 1.60 by 0.01: the onset of alternation (above 1e-3 of the speed, scripts/bifurcation.py) and the
  // zero of a line through (Γ, alternation²) over the first four values past it. 40 s runs, the impacts of the last
  // 10 s: near Γ₂ the transient decays slowly (at Γ = 1.52 the map's slow eigenvalue is −0.971: 1e-4 of the start
  // after 300 periods). Measured: located at 1.5270 (1.8e-4 from the closed form; 12 s runs, of which the last 4 s
  // are kept, still alternate at 1.52 and locate it at 1.5225). The grid is 0.01; the bound is 0.002.
  std::vector<double> gammas, squares;
  bool below_stays_single = true;
  for (int k = 0; k <= 12; ++k) {
    const double gamma = 1.48 + 0.01 * k;
    const double a = alternation(late_impacts(gamma, 40.0, 30.0));
    if (gamma < kGammaDoubles - 0.015) below_stays_single = below_stays_single && a < 1e-3;
    if (a > 1e-3 && gammas.size() < 4) {
      gammas.push_back(gamma);
      squares.push_back(a * a);
    }
  }
  EXPECT_TRUE(below_stays_single);
  ASSERT_GE(gammas.size(), 2u);
  // Least squares through the points.
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < gammas.size(); ++k) mx += gammas[k], my += squares[k];
  mx /= static_cast<double>(gammas.size());
  my /= static_cast<double>(gammas.size());
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < gammas.size(); ++k) {
    sxy += (gammas[k] - mx) * (squares[k] - my);
    sxx += (gammas[k] - mx) * (gammas[k] - mx);
  }
  const double located = mx - my * sxx / sxy;
  EXPECT_NEAR(located, kGammaDoubles, 0.002);
}

}  // namespace
}  // namespace contactlab::validation
