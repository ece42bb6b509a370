// SPDX-License-Identifier: MIT
// The impact records' tangential measures (engine/simulate.h ImpactRecord: slip distance, friction work, stick time,
// impact and rebound angles, separation spin) against the closed forms of rigid-body mechanics with Coulomb
// friction: a ball launched sliding without spin until it rolls (scenes/rolling_ball.yaml) and oblique impacts that
// slide throughout or leave rolling (scenes/oblique_impact.yaml). Both run the sharp tanh law (v_r = 0.1 mm/s).
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

constexpr double kG = 9.81;
constexpr double kPi = 3.14159265358979323846;

struct SceneRun {
  Scene scene;
  SimulationResult result;
};

SceneRun run_library_scene(const std::string& name, const std::vector<std::pair<std::string, std::string>>& set) {
  SceneOptions options;
  options.variable_overrides = set;
  SceneRun r{load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/" + name + ".yaml", options), {}};
  State state = r.scene.initial_state;
  Data data(r.scene.model);
  r.result = simulate(r.scene.model, state, data, r.scene.simulation);
  return r;
}

double ball_mass(double radius) { return 7800.0 * 4.0 / 3.0 * kPi * radius * radius * radius; }

// A ball launched at v₀ without spin slides while its slip s = v − ωr falls at (7/2)μg, so it rolls from
// t_r = 2v₀/(7μg) on (v₀ = 1 m/s, μ = 0.2: 0.14562 s). Over the contact (0.4 s, open at the end):
//   slip distance ∫ s dt = v₀ t_r / 2 = v₀²/(7μg) = 0.072812 m (the centre meanwhile travels 12v₀²/(49μg));
//   friction work ½mv₀² − ½m(5v₀/7)² − ½(2/5)mr²(5v₀/(7r))² = (1/7) m v₀² = 0.58342 J;
//   stick time (s below contacts.stick_speed v_k = 1 mm/s): from t_r − v_k/((7/2)μg) to the end.
// The ball settles into the floor (Hertz, 2 µm) within its first few hundred microseconds, at less than its full
// load: the slip it keeps meanwhile (1e-4 m/s at most, contact_friction_test) adds at most 1.5e-5 m of slip
// distance over t_r. The rolling speed is 5v₀/7 exactly (angular momentum about the contact point), so the work is
// the closed form to the energy balance (1e-8). The stick time's integrand jumps at the transition, which the run
// does not locate: it is exact to within the step there, which the slip's sharp turn (a time constant
// v_r/((7/2)μg) = 15 µs) keeps to microseconds; 1e-5 s allowed.
TEST(ImpactTangential, ABallSlidingUntilItRollsSlipsAndDissipatesAsCoulombSays) {
  const double v0 = 1.0, mu = 0.2, radius = 0.05, stick_speed = 1e-3, duration = 0.4;
  const SceneRun r = run_library_scene("rolling_ball", {});
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  ASSERT_FALSE(r.result.impacts.empty());
  double slip = 0.0, work = 0.0, stick = 0.0;
  for (const ImpactRecord& impact : r.result.impacts) {
    slip += impact.slip_distance;
    work += impact.friction_work;
    stick += impact.stick_time;
  }
  const double roll_time = 2.0 * v0 / (7.0 * mu * kG);
  EXPECT_NEAR(slip, v0 * v0 / (7.0 * mu * kG), 2e-5);
  EXPECT_NEAR(work, ball_mass(radius) * v0 * v0 / 7.0, 1e-6);
  EXPECT_NEAR(stick, duration - roll_time + stick_speed / (3.5 * mu * kG), 1e-5);
  // Launched sliding along +x on the floor: the onset is grazing.
  EXPECT_NEAR(r.result.impacts.front().impact_angle, kPi / 2.0, 1e-3);
}

// A stick speed above the regularisation's creep counts the contact as sticking sooner: v_k = 0.1 m/s.
TEST(ImpactTangential, TheStickSpeedIsAScenesKey) {
  const double v0 = 1.0, mu = 0.2, duration = 0.4;
  const SceneRun r = run_library_scene("rolling_ball", {{"contacts.stick_speed", "0.1"}});
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  double stick = 0.0;
  for (const ImpactRecord& impact : r.result.impacts) stick += impact.stick_time;
  EXPECT_NEAR(stick, duration - 2.0 * v0 / (7.0 * mu * kG) + 0.1 / (3.5 * mu * kG), 1e-5);
}

// Oblique impacts (v = 2 m/s at ψ = 60° from the normal, e = 0.5, r = 50 mm), rigid-body impulse theory (Stronge;
// Brach): the normal impulse P = (1 + e) m v_n. Sliding throughout (μ = 0.2, |u| = v sin ψ > (7/2)μ(1 + e)v_n),
// friction's impulse μP takes Δv_t = −μP/m from the centre and adds Δω = 5μP/(2mr) = 15 rad/s about the rolling axis
// n × d = y; the contact point leaves slipping at s' = u − (7/2)μ(1 + e)v_n with normal speed e v_n, so
// rebound angle = atan2(s', e v_n); friction's work μ∫s dp = m μ(1 + e)v_n [u − (7/4)μ(1 + e)v_n]. Leaving rolling
// (μ = 0.8), the contact point's slip is gone: separation_spin·r = the centre's tangential speed (5 v sin ψ)/7. The
// sharp law saturates within 1e-40 while sliding (contact_friction_test holds the velocities to 1e-6 m/s) and lets a
// rolling ball creep at most v_r = 1e-4 m/s: the tolerances follow (over r for a spin).
TEST(ImpactTangential, ObliqueImpactsReboundAndSpinAsImpulseTheorySays) {
  const double v = 2.0, angle = kPi / 3.0, e = 0.5, radius = 0.05;
  const double vn = v * std::cos(angle), u = v * std::sin(angle), m = ball_mass(radius);
  {
    const double mu = 0.2;
    const SceneRun r = run_library_scene("oblique_impact", {{"friction", "0.2"}});
    ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
    ASSERT_EQ(r.result.impacts.size(), 1u);
    const ImpactRecord& impact = r.result.impacts[0];
    const double sliding = mu * (1.0 + e) * vn;  // μP/m
    EXPECT_NEAR(impact.impact_angle, angle, 1e-9);
    EXPECT_NEAR(impact.rebound_angle, std::atan2(u - 3.5 * sliding, e * vn), 5e-6);
    EXPECT_NEAR(impact.separation_spin, 2.5 * sliding / radius, 1e-6 / radius);
    EXPECT_NEAR(impact.friction_work, m * sliding * (u - 1.75 * sliding), 1e-6 * m);
    EXPECT_EQ(impact.stick_time, 0.0);
    // The contact point slips all along, by less than its onset speed times the contact time.
    EXPECT_GT(impact.slip_distance, 0.0);
    EXPECT_LT(impact.slip_distance, u * (impact.t_end - impact.t_start));
  }
  {
    const SceneRun r = run_library_scene("oblique_impact", {{"friction", "0.8"}});
    ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
    ASSERT_EQ(r.result.impacts.size(), 1u);
    const ImpactRecord& impact = r.result.impacts[0];
    EXPECT_NEAR(impact.separation_spin * radius, 5.0 * u / 7.0, 2e-4);
    EXPECT_NEAR(impact.rebound_angle, 0.0, 2e-4 / (e * vn));
    EXPECT_GT(impact.stick_time, 0.0);
  }
}

// Without a friction law the integrals are not measured (NaN); the angles and the spin are kinematics and are.
TEST(ImpactTangential, AFrictionlessPairHasAnglesButNoIntegrals) {
  const SceneRun r = run_library_scene("oblique_impact", {{"contacts.friction", "none"}});
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  ASSERT_EQ(r.result.impacts.size(), 1u);
  const ImpactRecord& impact = r.result.impacts[0];
  EXPECT_TRUE(std::isnan(impact.slip_distance));
  EXPECT_TRUE(std::isnan(impact.friction_work));
  EXPECT_TRUE(std::isnan(impact.stick_time));
  // Frictionless: the tangential velocity keeps, so the rebound angle is atan2(v sin ψ, e v cos ψ) and no spin.
  EXPECT_NEAR(impact.impact_angle, kPi / 3.0, 1e-9);
  EXPECT_NEAR(impact.rebound_angle, std::atan2(std::sqrt(3.0), 0.5), 1e-6);
  EXPECT_NEAR(impact.separation_spin, 0.0, 1e-9);
}

}  // namespace
}  // namespace contactlab
