// SPDX-License-Identifier: MIT
// A scene's measures (apps/measures.h) against closed forms: each reduction of a time series on a body falling
// freely (v = −g t, exact for the integrator and the linear pieces alike), the peak angular velocity of a pendulum
// from energy conservation (a peak between two steps, located on the parabola through the samples), and the
// impacts of a ball bouncing with an exact restitution law (their count from the geometric series of flight
// times). Columns the scene does not have are SceneErrors at their line and column.
#include <cmath>
#include <string>
#include <tuple>
#include <utility>

#include <gtest/gtest.h>

#include "apps/measures.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

constexpr double kG = 9.81;

// Simulates `scene` with its measures fed every step, as `contactlab run` does.
std::vector<MeasureValue> measure(const Scene& scene, SimulationResult* result_out = nullptr) {
  MeasureRecorder recorder(scene);
  Data data(scene.model);
  State state = scene.initial_state;
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation, {},
                                           [&](const State& s, const Data& d) { recorder.observe(s, d); });
  if (result_out != nullptr) *result_out = result;
  EXPECT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  return recorder.finish(result);
}

double value_of(const std::vector<MeasureValue>& values, const std::string& name) {
  for (const MeasureValue& v : values) {
    if (v.name == name) return v.value;
  }
  ADD_FAILURE() << "no measure " << name;
  return 0.0;
}

std::string unit_of(const std::vector<MeasureValue>& values, const std::string& name) {
  for (const MeasureValue& v : values) {
    if (v.name == name) return v.unit;
  }
  return "?";
}

const std::string kFall = R"(
scene: fall
variables: {g: 9.81}
gravity: [0, 0, -g]
bodies:
  - name: ball
    mass: 2
    inertia: [0.1, 0.1, 0.1]
    joint: {type: prismatic, axis: [0, 0, 1]}
duration: 1
output: {interval: 0.1}
measures:
)";

TEST(Measures, EachReductionOfAFallingBodyMatchesItsClosedForm) {
  const Scene scene = load_scene_text(kFall + R"(
  final_speed: {of: v_ball, reduce: final}
  start_speed: {of: v_ball, reduce: initial, from: 0.25}
  fastest: {of: v_ball, reduce: min}
  when_fastest: {of: v_ball, reduce: time_of_min}
  slowest: {of: v_ball, reduce: max}
  when_slowest: {of: v_ball, reduce: time_of_max}
  top_speed: {of: v_ball, reduce: max_abs}
  mean_late: {of: v_ball, reduce: mean, from: 0.5, to: 0.9}
  rms_speed: {of: v_ball, reduce: rms}
  travel: {of: v_ball, reduce: integral}
  fallen: {of: q_ball, reduce: final}
  acceleration: {of: a_ball, reduce: max}
  kinetic: {of: kinetic_energy, reduce: final}
  none: {of: v_ball, reduce: max, from: 2, to: 3}
  impacts: {of: impacts, reduce: count}
  in_g: {expression: "-final_speed / g"}
)",
                                      "fall.yaml");
  const std::vector<MeasureValue> m = measure(scene);
  // v = −g t, q = −g t²/2 from rest: a polynomial the integrator reproduces to round-off, and the reductions of a
  // linear function are exact on its linear pieces.
  const double tol = 1e-9;
  EXPECT_NEAR(value_of(m, "final_speed"), -kG, tol);
  EXPECT_NEAR(value_of(m, "start_speed"), -kG * 0.25, tol);  // interpolated at the window's start
  EXPECT_NEAR(value_of(m, "fastest"), -kG, tol);
  EXPECT_NEAR(value_of(m, "when_fastest"), 1.0, tol);
  EXPECT_NEAR(value_of(m, "slowest"), 0.0, tol);
  EXPECT_NEAR(value_of(m, "when_slowest"), 0.0, tol);
  EXPECT_NEAR(value_of(m, "top_speed"), kG, tol);
  EXPECT_NEAR(value_of(m, "mean_late"), -kG * 0.7, tol);          // −g (0.5 + 0.9)/2
  EXPECT_NEAR(value_of(m, "rms_speed"), kG / std::sqrt(3.0), tol);  // √(∫₀¹ g²t² dt)
  EXPECT_NEAR(value_of(m, "travel"), -kG / 2.0, tol);
  EXPECT_NEAR(value_of(m, "fallen"), -kG / 2.0, tol);
  EXPECT_NEAR(value_of(m, "acceleration"), -kG, tol);
  EXPECT_NEAR(value_of(m, "kinetic"), 0.5 * 2.0 * kG * kG, 1e-8);
  EXPECT_TRUE(std::isnan(value_of(m, "none")));  // the window is after the run
  EXPECT_EQ(value_of(m, "impacts"), 0.0);
  EXPECT_NEAR(value_of(m, "in_g"), 1.0, tol);
  // Units from the columns: a rate's time integral loses its /s, a count and a ratio have none.
  EXPECT_EQ(unit_of(m, "final_speed"), "m/s");
  EXPECT_EQ(unit_of(m, "when_fastest"), "s");
  EXPECT_EQ(unit_of(m, "travel"), "m");
  EXPECT_EQ(unit_of(m, "acceleration"), "m/s^2");
  EXPECT_EQ(unit_of(m, "kinetic"), "J");
  EXPECT_EQ(unit_of(m, "impacts"), "");
  EXPECT_EQ(unit_of(m, "in_g"), "");
}

TEST(Measures, APendulumsPeakAngularVelocityIsFoundBetweenSteps) {
  // A rod of mass m and length L swinging about one end from θ₀ at rest: at the bottom ω² = 2 m g (L/2)(1 − cos θ₀) /
  // I, I = m L²/3. The steps (193 of at most 10 ms, ω_n h ≤ 0.04 with ω_n = 3.8 rad/s) straddle the bottom: the
  // largest sample misses the peak by up to (ω_n h)²/8 ≈ 2e-4 relative (5e-6 and 1.6e-5 at the two extremes
  // below, measured); the parabola through the samples around it leaves O((ω_n h)³), 6e-10 and 1.3e-9 here, near the
  // integrator's error (rtol 1e-10). The tolerance 1e-8 fails without the parabola.
  const Scene scene = load_scene_text(R"(
scene: pendulum
variables: {theta0: 0.5, length: 1.0, mass: 1.0}
gravity: [0, 0, -9.81]
bodies:
  - name: rod
    mass: mass
    com: [0, 0, -length/2]
    inertia: [mass*length^2/12, mass*length^2/12, 1e-9]
    joint: {type: revolute, axis: [0, 1, 0]}
    initial: {q: theta0}
duration: 1.5
integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-13, max_step: 1e-2}
output: {interval: 0}
measures:
  peak_swing: {of: v_rod, reduce: max_abs}
  when: {of: v_rod, reduce: time_of_min}
  lowest: {of: q_rod, reduce: min}
)",
                                      "pendulum.yaml");
  const std::vector<MeasureValue> m = measure(scene);
  const double inertia = 1.0 / 3.0;
  const double expected = std::sqrt(2.0 * 9.81 * 0.5 * (1.0 - std::cos(0.5)) / inertia);
  EXPECT_NEAR(value_of(m, "peak_swing"), expected, 1e-8 * expected);
  EXPECT_EQ(unit_of(m, "peak_swing"), "rad/s");
  EXPECT_NEAR(value_of(m, "lowest"), -0.5, 1e-8);  // the far end of the swing, symmetric by energy
  // The bottom is reached a quarter period after release: K(k)/ω_n, k = sin(θ₀/2), K by the arithmetic-geometric mean.
  double a = 1.0, b = std::sqrt(1.0 - std::pow(std::sin(0.25), 2));
  for (int i = 0; i < 8; ++i) std::tie(a, b) = std::pair(0.5 * (a + b), std::sqrt(a * b));
  const double quarter = M_PI / (2.0 * a) / std::sqrt(1.5 * 9.81);
  // The largest sample alone is up to h/2 = 4 ms off; the parabola's vertex was 3e-8 s off.
  EXPECT_NEAR(value_of(m, "when"), quarter, 1e-6);
}

TEST(Measures, ImpactsOfABouncingBallFollowTheRestitution) {
  // Dropped from h = 0.5 m onto the ground with an exact restitution law (zhang_sharf_exact, e = 0.8): the first
  // impact at t₁ = √(2h/g) = 0.3193 s at v₁ = √(2gh) = 3.132 m/s, then flights 2 eᵏ v₁/g = 0.511, 0.409, 0.327,
  // 0.261 s: impacts at 0.319, 0.830, 1.239, 1.566, 1.828 s. 1.7 s holds four (the contacts last < 1 ms).
  const Scene scene = load_scene_text(R"(
scene: bounce
variables: {h: 0.5, radius: 0.05}
gravity: [0, 0, -9.81]
world:
  shapes:
    - {name: ground, type: halfspace, normal: [0, 0, 1]}
bodies:
  - name: ball
    mass: 1
    joint: {type: prismatic, axis: [0, 0, 1]}
    initial: {q: h + radius}
    shapes:
      - {type: sphere, radius: radius}
contacts:
  law: zhang_sharf_exact
  parameters: {restitution: 0.8}
  stiffness: 1e9
  exponent: 1.5
duration: 1.7
integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-12}
measures:
  bounces: {of: impacts, reduce: count}
  on_ground: {of: impacts, reduce: count, pair: ground/ball}
  late: {of: impacts, reduce: count, from: 1.0}
  first_speed: {of: impacts.impact_velocity, reduce: initial}
  last_speed: {of: impacts.separation_velocity, reduce: final}
  mean_restitution: {of: impacts.restitution, reduce: mean}
  peak_force: {of: impacts.max_force, reduce: max}
  when_peak: {of: impacts.max_force, reduce: time_of_max}
  lost: {of: impacts.dissipated_energy, reduce: sum}
  peak_acceleration: {of: a_ball, reduce: max}
  dissipated: {of: dissipated_energy, reduce: final}
)",
                                      "bounce.yaml");
  SimulationResult result;
  const std::vector<MeasureValue> m = measure(scene, &result);
  ASSERT_EQ(result.impacts.size(), 4u);
  EXPECT_EQ(value_of(m, "bounces"), 4.0);
  EXPECT_EQ(value_of(m, "on_ground"), 4.0);
  EXPECT_EQ(value_of(m, "late"), 2.0);  // onsets at 1.239 and 1.566 s
  const double v1 = std::sqrt(2.0 * 9.81 * 0.5);
  EXPECT_NEAR(value_of(m, "first_speed"), v1, 1e-3 * v1);  // it touches a 0.6 mm indentation early: v² grows 2 g δ less
  EXPECT_EQ(value_of(m, "first_speed"), result.impacts.front().impact_velocity);
  EXPECT_EQ(value_of(m, "last_speed"), result.impacts.back().separation_velocity);
  double sum = 0.0;
  for (const ImpactRecord& r : result.impacts) sum += r.restitution;
  EXPECT_DOUBLE_EQ(value_of(m, "mean_restitution"), sum / 4.0);
  // Each rebound is e times the approach up to gravity's impulse during the contact (t_c < 0.8 ms): g t_c / v < 0.5 %
  // of the slowest approach, 1.6 m/s.
  EXPECT_NEAR(value_of(m, "mean_restitution"), 0.8, 0.005);
  EXPECT_NEAR(value_of(m, "last_speed"), std::pow(0.8, 4) * v1, 4 * 0.005 * v1);
  // The largest impact is the first (fastest), its force peak located by the engine: the acceleration there is
  // F/m − g, and the sampled peak of a_ball is that event's sample.
  EXPECT_EQ(value_of(m, "peak_force"), result.impacts[0].max_force);
  EXPECT_EQ(value_of(m, "when_peak"), result.impacts[0].t_start);
  EXPECT_NEAR(value_of(m, "peak_acceleration"), result.impacts[0].max_force / 1.0 - 9.81, 1e-6 * result.impacts[0].max_force);
  // Σ dissipated over the impacts is the ledger's W_dissipated at the end (docs/output.md): what the last rebound
  // left of ½ m v₁² is ½ m v₄'².
  double lost = 0.0;
  for (const ImpactRecord& r : result.impacts) lost += r.dissipated_energy;
  EXPECT_DOUBLE_EQ(value_of(m, "lost"), lost);
  EXPECT_NEAR(value_of(m, "dissipated"), lost, 1e-9 * lost);
  const double v_last = result.impacts.back().separation_velocity;
  EXPECT_NEAR(value_of(m, "dissipated"), 0.5 * (v1 * v1 - v_last * v_last), 1e-3 * 0.5 * v1 * v1);
}

// A scene the measures name wrongly: SceneError at the line and column of the value, with its key path.
SceneError refusal(const std::string& measures) {
  const Scene scene = load_scene_text(kFall + measures, "fall.yaml");
  try {
    check_measures(scene);
  } catch (const SceneError& error) {
    return error;
  }
  ADD_FAILURE() << "accepted: " << measures;
  return SceneError("", 0, 0, "", "");
}

TEST(Measures, ColumnsThatDoNotExistAreRefusedAtTheirLine) {
  SceneError error = refusal("  x: {of: v_bal, reduce: max}\n");
  EXPECT_EQ(error.line(), 13);
  EXPECT_EQ(error.column(), 11);
  EXPECT_EQ(error.key_path(), "measures.x.of");
  EXPECT_NE(error.problem().find("no time-series column 'v_bal' (did you mean 'v_ball'?)"), std::string::npos) << error.what();
  error = refusal("  ok: {of: v_ball, reduce: max}\n  moment: {of: drive_ball, reduce: rms}\n");
  EXPECT_EQ(error.line(), 14);
  EXPECT_EQ(error.key_path(), "measures.moment.of");
  EXPECT_NE(error.problem().find("no driven joint"), std::string::npos) << error.what();
  error = refusal("  x: {of: impacts.peak_force, reduce: max}\n");
  EXPECT_EQ(error.key_path(), "measures.x.of");
  EXPECT_NE(error.problem().find("impacts have no column 'peak_force'"), std::string::npos) << error.what();
  error = refusal("  x: {of: impacts, reduce: count, pair: ground/ball}\n");
  EXPECT_EQ(error.key_path(), "measures.x.pair");
  EXPECT_EQ(error.column(), 41);
  EXPECT_NE(error.problem().find("no contact pair 'ground/ball'; it has none"), std::string::npos) << error.what();
}

}  // namespace
}  // namespace contactlab
