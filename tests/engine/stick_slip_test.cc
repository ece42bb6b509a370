// SPDX-License-Identifier: MIT
// Exact stiction (engine/stick_force.h, engine/stick_slip.h): friction laws that hold a contact at rest with the
// force that keeps it there, up to μ_s N, with stick and slip as events. Against the closed forms of Coulomb
// friction, which these laws are: a box held on an incline below μ_s and sliding above it, a box sliding to rest and
// staying there, a ball that rolls with no creep at all, the stick–slip oscillator's period — and Karnopp's band law,
// which approximates the same with the same stick force. Where the regularised laws' tests allow for their creep,
// these allow for round-off and the integrator's tolerance only.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

constexpr double kG = 9.81;
constexpr double kPi = 3.14159265358979323846;

struct Sample {
  double time;
  Eigen::Vector3d position;          // of the free body's origin, world [m]
  Eigen::Vector3d linear_velocity;   // world [m/s]
  Eigen::Vector3d angular_velocity;  // world [rad/s]
  Eigen::Vector3d friction;          // Σ of the friction forces on the body [N]
  int sticking = 0;                  // active contact points held
  double held_slip = 0.0;            // the largest slip speed of a held point [m/s]
};

struct Outcome {
  SimulationResult result;
  std::vector<Sample> samples;
  State end;
};

// Runs a scene of one free body (the only joint), sampling its world motion and its friction forces.
Outcome run(const std::string& yaml) {
  const Scene scene = load_scene_text(yaml, "stick.yaml");
  Outcome r;
  r.end = scene.initial_state;
  Data data(scene.model);
  r.result = simulate(scene.model, r.end, data, scene.simulation, [&](const State& state, const Data& d) {
    const Eigen::Quaterniond orientation(state.q[3], state.q[4], state.q[5], state.q[6]);
    const Eigen::Matrix3d rotation = orientation.normalized().toRotationMatrix();
    Sample s{state.time, state.q.head<3>(), rotation * state.v.segment<3>(3), rotation * state.v.head<3>(),
             Eigen::Vector3d::Zero(), 0};
    for (std::size_t e = 0; e < state.contacts.size(); ++e) {
      if (!state.contacts[e].active) continue;
      s.friction += d.friction_force[e];  // on B, the body (A is the ground)
      if (!state.contacts[e].sticking) continue;
      ++s.sticking;
      s.held_slip = std::max(s.held_slip, d.frames[e].slip_velocity.norm());
    }
    r.samples.push_back(s);
  });
  return r;
}

const Sample& at(const Outcome& r, double time) {
  for (const Sample& s : r.samples) {
    if (s.time >= time - 1e-12) return s;
  }
  return r.samples.back();
}

std::string number(double x) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

std::string coulomb(double static_friction, double kinetic_friction) {
  return "  friction: {law: coulomb, parameters: {static_friction: " + number(static_friction) +
         ", kinetic_friction: " + number(kinetic_friction) + "}}\n";
}

// A 0.2 × 0.1 × 0.05 m box of 7.8 kg on a rigid ground (four corners, K = 1e9 N/m^1.5 each) under gravity tilted by
// atan(slope) — an incline, the box's faces square with the world — launched along x at `speed`, its corners
// `sunk` into the ground at the start (0: touching); of `mass` when given.
std::string box(double slope, double speed, const std::string& friction, double duration, double sunk = 0.0,
                double mass = 7.8) {
  const double angle = std::atan(slope);
  return "scene: box\n"
         "gravity: [" + number(kG * std::sin(angle)) + ", 0, " + number(-kG * std::cos(angle)) + "]\n"
         "world: {shapes: [{name: ground, type: halfspace}]}\n"
         "bodies:\n"
         "  - name: box\n"
         "    mass: " + number(mass) + "\n"
         "    joint: {type: free}\n"
         "    initial: {position: [0, 0, " + number(0.025 - sunk) + "], linear_velocity: [" + number(speed) + ", 0, 0]}\n"
         "    shapes: [{type: box, size: [0.2, 0.1, 0.05]}]\n"
         "contacts:\n"
         "  law: zhang_sharf_exact\n"
         "  parameters: {restitution: 0.5}\n"
         "  stiffness: 1e9\n"
         "  exponent: 1.5\n" + friction +
         "duration: " + number(duration) + "\n"
         "integrator: {relative_tolerance: 1e-9, absolute_tolerance: 1e-12}\n"
         "output: {interval: 1e-3, steps_in_contact: false}\n";
}

// Below μ_s (slope 0.2 < 0.4) the box is held exactly: after it has settled onto its corners (the first 10 ms, during
// which the corners are unloaded at first and slip by a fraction of a micrometre), its corners do not slip — below
// 1e-9 m/s, where LuGre holds the load with 2 µm of bristle deflection and the tanh law creeps at 55 µm/s — and the
// friction forces sum to the weight's component along the slope, m g sin θ, to 1e-6 of it: the dynamics' own
// balance. The box still pitches on its stiff corners, a normal vibration its contact law damps slowly, which moves
// its centre by a few tens of nanometres at most: 1e-7 m allowed.
TEST(StickSlip, ABoxBelowTheStaticLimitIsHeldExactly) {
  const double slope = 0.2, angle = std::atan(slope), mass = 7.8;
  const Outcome r = run(box(slope, 0.0, coulomb(0.4, 0.3), 0.5));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const Sample& settled = at(r, 0.01);
  for (double t : {0.1, 0.3, 0.5}) {
    const Sample& s = at(r, t);
    EXPECT_EQ(s.sticking, 4) << "t = " << t;
    EXPECT_LT(s.held_slip, 1e-9) << "t = " << t;
    EXPECT_NEAR(s.position.x(), settled.position.x(), 1e-7) << "t = " << t;
    EXPECT_NEAR(s.friction.x(), -mass * kG * std::sin(angle), 1e-6 * mass * kG * std::sin(angle)) << "t = " << t;
    EXPECT_NEAR(s.friction.y(), 0.0, 1e-9) << "t = " << t;
  }
  EXPECT_LT(std::abs(settled.position.x()), 1e-6);  // the settling's slip
  EXPECT_LT(r.result.max_energy_balance_error, 1e-8 * r.result.energy_scale);
}

// Above μ_s (slope 0.5 > 0.4) it breaks away at once and slides at g (sin θ − μ_k cos θ) = 1.7546 m/s² exactly: no
// Stribeck stretch, the kinetic coefficient from the first instant. 1e-6 of it over 0.2–0.5 s.
TEST(StickSlip, ABoxAboveTheStaticLimitSlidesAtTheKineticRate) {
  const double slope = 0.5, angle = std::atan(slope);
  const Outcome r = run(box(slope, 0.0, coulomb(0.4, 0.3), 0.5));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const double acceleration = kG * (std::sin(angle) - 0.3 * std::cos(angle));
  const double gained = at(r, 0.5).linear_velocity.x() - at(r, 0.2).linear_velocity.x();
  EXPECT_NEAR(gained / 0.3, acceleration, 1e-6 * acceleration);
  EXPECT_EQ(at(r, 0.3).sticking, 0);
}

// Between the two limits (slope 0.45: μ_k = 0.4 < tan θ < μ_s = 0.5) a box started at rest on its loaded corners
// (sunk by (m g cos θ / 4K)^{2/3} = 6.7 µm, each sticking from the start) is held: the incline takes m g sin θ =
// 31.4 N of friction from 0.5 × 69.8 N. Its pitch unloads the upper corners (the weight's line passes below the
// centre), so the load must be shared in proportion to each corner's normal force: an even share asked the unloaded
// corners for more than μ_s N, one slipped and the box slid down at the kinetic rate. Held as in the test above.
TEST(StickSlip, ABoxBetweenTheKineticAndStaticLimitsStartedAtRestIsHeld) {
  const double slope = 0.45, angle = std::atan(slope), mass = 7.8;
  const double sunk = std::pow(mass * kG * std::cos(angle) / (4.0 * 1e9), 2.0 / 3.0);
  const Outcome r = run(box(slope, 0.0, coulomb(0.5, 0.4), 0.5, sunk));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  // Its corners' settling from a start near the balance, and the pitch it leaves (the centre, h/2 above the corners,
  // moves with the pitch angle, which the law damps slowly): a tenth of a micrometre in the first 0.1 s, a few
  // hundredths after.
  const Sample& settled = at(r, 0.1);
  EXPECT_LT(std::abs(settled.position.x()), 1e-6);
  for (double t : {0.1, 0.3, 0.5}) {
    const Sample& s = at(r, t);
    EXPECT_EQ(s.sticking, 4) << "t = " << t;
    EXPECT_LT(s.held_slip, 1e-9) << "t = " << t;
    EXPECT_NEAR(s.position.x(), settled.position.x(), 1e-7) << "t = " << t;
    // The pitching the start near the balance leaves, damped slowly, swings the friction by a few parts in a million.
    EXPECT_NEAR(s.friction.x(), -mass * kG * std::sin(angle), 1e-5 * mass * kG * std::sin(angle)) << "t = " << t;
  }
}

// Launched up that incline at 1 m/s it slows at g (sin θ + μ_k cos θ) = 7.6040 m/s², stops after 0.13151 s at
// 0.065755 m up the slope, and stays there held (its four corners sticking to the end, 0.46849 s each): before the
// load was shared by normal force it held for 20 µs, then a corner broke away and the box slid back down.
TEST(StickSlip, ABoxLaunchedUpAnInclineBetweenTheLimitsStopsAndStaysHeld) {
  const double slope = 0.45, angle = std::atan(slope), speed = 1.0, duration = 0.6;
  const Outcome r = run(box(slope, -speed, coulomb(0.5, 0.4), duration));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const double deceleration = kG * (std::sin(angle) + 0.4 * std::cos(angle));
  const double stop_time = speed / deceleration;
  EXPECT_NEAR(r.end.q[0], -speed * speed / (2.0 * deceleration), 1e-5);
  EXPECT_EQ(at(r, duration).sticking, 4);
  EXPECT_LT(at(r, duration).held_slip, 1e-9);
  ASSERT_EQ(r.result.impacts.size(), 4u);
  for (const ImpactRecord& impact : r.result.impacts) EXPECT_NEAR(impact.stick_time, duration - stop_time, 1e-5);
}

// With μ_s = μ_k every corner reaches its limit at once when the box (here of 3 kg) stops: the four stick together.
// Tried one by one, the first took the other three's kinetic friction, slipped on with a round-off slip and a force
// of neither sign nor size, and kept a stick time of 0. Each corner sticks from the stop, v₀/(μ g) = 0.61162 s, to
// the end: 0.38838 s (the settling at launch shifts the stop by less than 1e-5 s).
TEST(StickSlip, AllCornersOfABoxStoppingWithEqualCoefficientsStickTogether) {
  const double v0 = 1.5, mu = 0.25, duration = 1.0;
  const Outcome r = run(box(0.0, v0, coulomb(mu, mu), duration, 0.0, 3.0));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const double stop_time = v0 / (mu * kG);
  ASSERT_EQ(r.result.impacts.size(), 4u);
  for (const ImpactRecord& impact : r.result.impacts) EXPECT_NEAR(impact.stick_time, duration - stop_time, 1e-5);
  EXPECT_EQ(at(r, duration).sticking, 4);
  EXPECT_NEAR(at(r, duration).friction.norm(), 0.0, 1e-6);
}

// On the level, launched at v₀ = 2 m/s with μ_k = 0.3, it stops after v₀/(μ_k g) = 0.67958 s at v₀²/(2μ_k g) =
// 0.679578 m — the 1e-5 m of the corners' settling at launch allowed, as for the regularised laws — and then stays:
// held, its corners not slipping (below 1e-9 m/s) and its centre moved only by its pitching on the corners (1e-7 m).
TEST(StickSlip, ABoxSlidingToRestStaysThere) {
  const double v0 = 2.0, mu = 0.3;
  const Outcome r = run(box(0.0, v0, coulomb(0.4, mu), 1.0));
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const double stop_time = v0 / (mu * kG);
  EXPECT_NEAR(r.end.q[0], v0 * v0 / (2.0 * mu * kG), 1e-5);
  for (double t : {0.1, 0.3, 0.5, 0.65}) EXPECT_NEAR(at(r, t).linear_velocity.x(), v0 - mu * kG * t, 2e-5) << "t = " << t;
  const Sample& stopped = at(r, stop_time + 0.01);
  for (double t : {stop_time + 0.01, stop_time + 0.05, 1.0}) {
    EXPECT_EQ(at(r, t).sticking, 4) << "t = " << t;
    EXPECT_LT(at(r, t).held_slip, 1e-9) << "t = " << t;
    EXPECT_NEAR(at(r, t).position.x(), stopped.position.x(), 1e-7) << "t = " << t;
  }
  EXPECT_LT(r.result.max_energy_balance_error, 1e-8 * r.result.energy_scale);
}

// A steel ball (r = 5 cm) launched sliding at v₀ = 1 m/s without spin, μ = 0.2: it slides until t = 2v₀/(7μg) =
// 0.14562 s, then sticks — rolls — at exactly 5v₀/7 with ωr = v: the slip below 1e-9 m/s, where tanh's sharp law
// leaves 1e-4 m/s of creep allowance. The friction force then vanishes (nothing resists rolling on a rigid plane):
// below 1e-6 N.
TEST(StickSlip, ABallRollsWithoutCreepOnceItSticks) {
  const double v0 = 1.0, mu = 0.2, radius = 0.05;
  const std::string yaml =
      "scene: ball\n"
      "gravity: [0, 0, -9.81]\n"
      "materials: {steel: {youngs_modulus: 2e11, poisson_ratio: 0.3, density: 7800}}\n"
      "world: {shapes: [{name: ground, type: halfspace, material: steel}]}\n"
      "bodies:\n"
      "  - name: ball\n"
      "    mass: 4.084070449666731\n"
      "    joint: {type: free}\n"
      "    initial: {position: [0, 0, 0.05], linear_velocity: [" + number(v0) + ", 0, 0]}\n"
      "    shapes: [{type: sphere, radius: 0.05, material: steel}]\n"
      "contacts:\n"
      "  law: zhang_sharf_exact\n"
      "  parameters: {restitution: 0.5}\n" + coulomb(mu, mu) +
      "duration: 0.4\n"
      "integrator: {relative_tolerance: 1e-9, absolute_tolerance: 1e-12}\n"
      "output: {interval: 1e-3, steps_in_contact: false}\n";
  const Outcome r = run(yaml);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  const double roll_time = 2.0 * v0 / (7.0 * mu * kG);
  for (double t : {0.02, 0.10, 0.14}) {
    const Sample& s = at(r, t);
    EXPECT_EQ(s.sticking, 0) << "t = " << t;
    EXPECT_NEAR(s.linear_velocity.x(), v0 - mu * kG * t, 1e-4) << "t = " << t;  // the first 0.3 ms of settling
  }
  for (double t : {roll_time + 0.01, 0.3, 0.4}) {
    const Sample& s = at(r, t);
    EXPECT_EQ(s.sticking, 1) << "t = " << t;
    EXPECT_NEAR(s.linear_velocity.x(), 5.0 * v0 / 7.0, 1e-4) << "t = " << t;
    EXPECT_LT(std::abs(s.linear_velocity.x() - s.angular_velocity.y() * radius), 1e-9) << "t = " << t;
    EXPECT_LT(s.friction.norm(), 1e-6) << "t = " << t;
  }
  EXPECT_LT(r.result.max_energy_balance_error, 1e-8 * r.result.energy_scale);
}

// A scene of the library with its friction block (from "  friction:" to the next top-level key) replaced.
std::string library_scene(const std::string& name, const std::string& friction, const std::string& next_key) {
  std::ifstream file(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/" + name + ".yaml");
  std::stringstream text;
  text << file.rdbuf();
  const std::string scene = text.str();
  const std::size_t begin = scene.find("  friction:\n");
  const std::size_t end = scene.find("\n" + next_key + ":", begin);
  EXPECT_NE(begin, std::string::npos);
  EXPECT_NE(end, std::string::npos);
  return scene.substr(0, begin) + friction + scene.substr(end + 1);
}

// A ball on an incline of θ = 30° released at rest rolls exactly when tan θ ≤ (7/2)μ (a = (5/7) g sin θ, ωr = v)
// and otherwise slides with a = g (sin θ − μ cos θ), spinning up at α = 5μg cos θ/(2r): μ = 0.3 rolls — held, its
// slip below 1e-9 m/s — and μ = 0.1 slides. 1e-6 m/s on the speeds at 0.1–0.3 s: the ball's settling into the
// incline in its first 0.3 ms, at less than its full load.
TEST(StickSlip, ABallOnAnInclineRollsExactlyWhenTanThetaIsAtMostSevenHalvesMu) {
  const double angle = kPi / 6.0, radius = 0.05, s = std::sin(angle), c = std::cos(angle);
  const Eigen::Vector3d downhill(c, 0.0, -s);
  for (const double mu : {0.3, 0.1}) {
    const std::string yaml =
        "scene: ball_on_incline\n"
        "gravity: [0, 0, -9.81]\n"
        "materials: {steel: {youngs_modulus: 2e11, poisson_ratio: 0.3, density: 7800}}\n"
        "world: {shapes: [{name: ground, type: halfspace, normal: [" + number(s) + ", 0, " + number(c) +
        "], material: steel}]}\n"
        "bodies:\n"
        "  - name: ball\n"
        "    mass: 4.084070449666731\n"
        "    joint: {type: free}\n"
        "    initial: {position: [" + number(radius * s) + ", 0, " + number(radius * c) + "]}\n"
        "    shapes: [{type: sphere, radius: 0.05, material: steel}]\n"
        "contacts:\n"
        "  law: zhang_sharf_exact\n"
        "  parameters: {restitution: 0.5}\n" + coulomb(mu, mu) +
        "duration: 0.3\n"
        "integrator: {relative_tolerance: 1e-9, absolute_tolerance: 1e-12}\n"
        "output: {interval: 1e-3, steps_in_contact: false}\n";
    const Outcome r = run(yaml);
    ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
    const bool rolls = std::tan(angle) <= 3.5 * mu;
    const double acceleration = rolls ? 5.0 / 7.0 * kG * s : kG * (s - mu * c);
    const double spin_rate = rolls ? acceleration / radius : 2.5 * mu * kG * c / radius;
    for (double t : {0.1, 0.2, 0.3}) {
      const Sample& sample = at(r, t);
      EXPECT_EQ(sample.sticking, rolls ? 1 : 0) << "mu = " << mu << ", t = " << t;
      EXPECT_LT(sample.held_slip, 1e-9) << "mu = " << mu << ", t = " << t;
      EXPECT_NEAR(sample.linear_velocity.dot(downhill), acceleration * t, 1e-6) << "mu = " << mu << ", t = " << t;
      EXPECT_NEAR(sample.angular_velocity.y() * radius, spin_rate * radius * t, 1e-6) << "mu = " << mu << ", t = " << t;
    }
    // Rolling loses nothing, and the balance closes to round-off; sliding, the ledger grows by friction's work, and
    // its integration error accumulates over the run's 9 000 steps at a relative tolerance of 1e-9 (the tanh law's
    // run gives the same 5e-8): 1e-6.
    EXPECT_LT(r.result.max_energy_balance_error, (rolls ? 1e-8 : 1e-6) * r.result.energy_scale) << "mu = " << mu;
  }
}

// scenes/oblique_impact.yaml with exact Coulomb friction: μ = 0.8 leaves the ball rolling, v_t = ωr = 5 v sin ψ/7 =
// 1.2372 m/s — exactly, once it sticks, where the tanh law's creep needed 1e-4 m/s: 1e-9 here; μ = 0.2 slides
// throughout, v_t = v sin ψ − μ(1 + e)v_n = 1.5821 m/s, ωr = (5/2)μ(1 + e)v_n = 0.375 m/s.
TEST(StickSlip, AnObliqueImpactLeavesRollingExactlyOrSlidesThroughout) {
  const double v = 2.0, angle = kPi / 3.0, e = 0.5, radius = 0.05;
  const double vn = v * std::cos(angle), vt = v * std::sin(angle);
  for (const double mu : {0.8, 0.2}) {
    const std::string friction = "  friction: {law: coulomb, parameters: {static_friction: friction, kinetic_friction: friction}}\n";
    SceneOptions options;
    options.variable_overrides = {{"friction", number(mu)}};
    const Scene scene = load_scene_text(library_scene("oblique_impact", friction, "duration"), "oblique_impact.yaml", options);
    State state = scene.initial_state;
    Data data(scene.model);
    const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
    ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
    ASSERT_EQ(result.impacts.size(), 1u);
    const Eigen::Quaterniond orientation(state.q[3], state.q[4], state.q[5], state.q[6]);
    const Eigen::Vector3d velocity = orientation.normalized() * Eigen::Vector3d(state.v.segment<3>(3));
    const Eigen::Vector3d spin = orientation.normalized() * Eigen::Vector3d(state.v.head<3>());
    const double impulse = mu * (1.0 + e) * vn;  // friction's, per unit mass, when sliding throughout
    const bool rolls = vt <= 3.5 * impulse;
    EXPECT_NEAR(velocity.x(), rolls ? 5.0 * vt / 7.0 : vt - impulse, 1e-6) << "mu = " << mu;
    EXPECT_NEAR(spin.y() * radius, rolls ? 5.0 * vt / 7.0 : 2.5 * impulse, 1e-6) << "mu = " << mu;
    if (rolls) {
      EXPECT_NEAR(velocity.x(), spin.y() * radius, 1e-9);
    }
    EXPECT_NEAR(result.impacts[0].separation_slip_velocity, rolls ? 0.0 : vt - 3.5 * impulse, rolls ? 1e-9 : 1e-6);
    EXPECT_LT(result.max_energy_balance_error, 1e-8 * result.energy_scale);
  }
}

// scenes/box_on_ground.yaml (a box dropped on an edge, bouncing onto a face) under Stribeck friction: its corners slip
// and stick through the bounces and then rest held. A run whose contacts all rest switches to BDF, whose Newton
// iterations ground to a halt on the stick and slip events and the hold solve (the run once took minutes per
// simulated tenth of a second): while a friction law holds contacts the explicit method stays. The 2 s run completes,
// its balance closed, the box at rest on its four corners, all held.
TEST(StickSlip, ABoxDroppedOnAnEdgeSettlesAndIsHeldUnderStribeckFriction) {
  const std::string friction =
      "  friction: {law: stribeck, parameters: {static_friction: 0.5, kinetic_friction: 0.4, stribeck_velocity: 0.01}}\n";
  std::ifstream file(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/box_on_ground.yaml");
  std::stringstream text;
  text << file.rdbuf();
  std::string scene = text.str();
  const std::size_t at = scene.find("\nduration:");
  ASSERT_NE(at, std::string::npos);
  scene.insert(at + 1, friction);  // the last key of `contacts:`, which `duration:` follows
  const Outcome r = run(scene);
  ASSERT_EQ(r.result.status, SimulationStatus::kCompleted) << r.result.message;
  EXPECT_GT(r.result.stats.events, 0);
  const Sample& end = r.samples.back();
  EXPECT_EQ(end.sticking, 4);
  EXPECT_LT(end.held_slip, 1e-9);
  EXPECT_LT(end.linear_velocity.norm(), 1e-3);
  EXPECT_LT(r.result.max_energy_balance_error, 1e-6 * r.result.energy_scale);
}

// scenes/stick_slip.yaml with its friction block replaced.
std::string stick_slip_scene(const std::string& friction) { return library_scene("stick_slip", friction, "duration"); }

// The stick–slip oscillator's closed form (scenes/stick_slip.yaml: m = 1 kg, k = 2 N/m, belt 0.1 m/s, F_s = 1.5 N,
// F_c = 1 N): period 7.6113 s, x between x_c ± A = 0.2402 and 0.7598 m.
constexpr double kOscillatorMass = 1.0, kSpring = 2.0, kBelt = 0.1, kStaticForce = 1.5, kKineticForce = 1.0;
const double kOmega = std::sqrt(kSpring / kOscillatorMass);
const double kCentre = kKineticForce / kSpring;
const double kAmplitude = std::hypot((kStaticForce - kKineticForce) / kSpring, kBelt / kOmega);
const double kPeriod = (kPi + 2.0 * std::atan(kBelt * kSpring / (kOmega * (kStaticForce - kKineticForce)))) / kOmega +
                       2.0 * (kStaticForce - kKineticForce) / (kSpring * kBelt);

struct Extreme {
  double time, position;
};
struct Cycle {
  SimulationResult result;
  std::vector<Extreme> maxima, minima;
};

// The oscillator with `friction`, its carriage's extremes between samples by a parabola through three.
Cycle oscillate(const std::string& friction) {
  const Scene scene = load_scene_text(stick_slip_scene(friction), "stick_slip.yaml");
  int carriage = -1;
  for (const Body& body : scene.model.bodies) {
    if (body.name == "carriage") carriage = body.joint.q_index;
  }
  EXPECT_GE(carriage, 0);
  std::vector<double> times, positions;
  State state = scene.initial_state;
  Data data(scene.model);
  Cycle cycle;
  cycle.result = simulate(scene.model, state, data, scene.simulation, [&](const State& s, const Data&) {
    times.push_back(s.time);
    positions.push_back(s.q[carriage]);
  });
  for (const double sign : {1.0, -1.0}) {
    for (std::size_t i = 1; i + 1 < positions.size(); ++i) {
      const double a = positions[i - 1], b = positions[i], c = positions[i + 1];
      if (!(sign * (b - a) > 0.0 && sign * (b - c) >= 0.0)) continue;
      const double shift = (a - c) / (2.0 * (a - 2.0 * b + c));
      (sign > 0.0 ? cycle.maxima : cycle.minima)
          .push_back({times[i] + shift * (times[i + 1] - times[i]), b - 0.25 * (a - c) * shift});
    }
  }
  return cycle;
}

// With exact Coulomb friction, what is left of the closed form is the integrator's tolerance and the events'
// location: the period to 1e-4 s, the extremes to 1e-5 m. The stick phase, 2(F_s − F_c)/(k v_b) = 5 s, is held
// exactly: the block moves with the belt.
TEST(StickSlip, TheStickSlipOscillatorHasCoulombsClosedFormPeriod) {
  const Cycle cycle = oscillate(
      "  friction: {law: coulomb, parameters: {static_friction: static_force/weight, kinetic_friction: "
      "kinetic_force/weight}}\n");
  ASSERT_EQ(cycle.result.status, SimulationStatus::kCompleted) << cycle.result.message;
  ASSERT_EQ(cycle.maxima.size(), 2u);
  ASSERT_EQ(cycle.minima.size(), 2u);
  EXPECT_NEAR(kPeriod, 7.6113, 1e-4);  // as the scene states it
  EXPECT_NEAR(cycle.maxima[1].time - cycle.maxima[0].time, kPeriod, 1e-4);
  EXPECT_NEAR(cycle.minima[1].time - cycle.minima[0].time, kPeriod, 1e-4);
  for (const Extreme& e : cycle.maxima) EXPECT_NEAR(e.position, kCentre + kAmplitude, 1e-5);
  for (const Extreme& e : cycle.minima) EXPECT_NEAR(e.position, kCentre - kAmplitude, 1e-5);
  EXPECT_LT(cycle.result.max_energy_balance_error, 1e-6 * cycle.result.energy_scale);
}

// Karnopp's band law on the same oscillator: inside the band |v_t| < D_v it holds with the stick force (up to F_s),
// outside it slides at F_c. A contact in the band keeps the slip it entered with, so the stick phase rides the belt
// at up to D_v off its speed: with D_v = 1e-5 m/s, 1e-4 of v_b, the period is Coulomb's to about 1e-4 of its 5 s
// stick phase (1e-3 s allowed), the extremes to 1e-5 m.
TEST(StickSlip, KarnoppsBandLawApproachesCoulombsCycle) {
  const Cycle cycle = oscillate(
      "  friction: {law: karnopp, parameters: {static_friction: static_force/weight, kinetic_friction: "
      "kinetic_force/weight, band: 1e-5}}\n");
  ASSERT_EQ(cycle.result.status, SimulationStatus::kCompleted) << cycle.result.message;
  ASSERT_EQ(cycle.maxima.size(), 2u);
  ASSERT_EQ(cycle.minima.size(), 2u);
  EXPECT_NEAR(cycle.maxima[1].time - cycle.maxima[0].time, kPeriod, 1e-3);
  EXPECT_NEAR(cycle.minima[1].time - cycle.minima[0].time, kPeriod, 1e-3);
  for (const Extreme& e : cycle.maxima) EXPECT_NEAR(e.position, kCentre + kAmplitude, 1e-5);
  for (const Extreme& e : cycle.minima) EXPECT_NEAR(e.position, kCentre - kAmplitude, 1e-5);
  EXPECT_LT(cycle.result.max_energy_balance_error, 1e-6 * cycle.result.energy_scale);
}

}  // namespace
}  // namespace contactlab
