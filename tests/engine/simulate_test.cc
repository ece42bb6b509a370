// SPDX-License-Identifier: MIT
// engine/simulate: isolated impacts against closed forms (models.md §2.3, §2.5), the energy ledger, event
// location, and the numerical-trouble reports.
#include "engine/simulate.h"

#include <cmath>
#include <limits>
#include <numbers>

#include <gtest/gtest.h>

#include "bench/chain.h"
#include "contact/contact_model.h"
#include "contact/material_mixing.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "models/registry.h"
#include "models/restitution.h"

namespace contactlab {
namespace {

// A sphere on a vertical prismatic joint above a rigid halfspace; K given directly.
struct DropTest {
  double radius = 0.1;
  double mass = 1.0;
  double stiffness = 3.1702031680886005e10;  // Hertz K of the S003 ball (E = 67 GPa, ν = 0.33, R = 0.1) on rigid ground
  double gravity = 0.0;
  double height = 0.05;      // lowest point above the ground at t = 0 [m]
  double speed = 5.0;        // downward speed at t = 0 [m/s]
  std::string law = "flores";
  double restitution = 0.9;
  double exponent = 1.5;
  double damping = 0.0;  // for kelvin_voigt
  double duration = 0.05;
};

struct Built {
  Model model;
  State state;
};

Built build(const DropTest& test) {
  Built b{make_model(), {}};
  Model& model = b.model;
  model.gravity = Vec3(0.0, 0.0, -test.gravity);
  Body ball;
  ball.name = "ball";
  ball.parent = 0;
  ball.joint.type = JointType::kPrismatic;
  ball.joint.axis = Vec3::UnitZ();
  ball.mass = test.mass;
  ball.inertia = Mat3::Identity() * 0.4 * test.mass * test.radius * test.radius;
  add_body(model, ball);
  finalize(model);

  Shape ground;
  ground.name = "ground";
  ground.type = ShapeType::kHalfspace;
  ground.body = 0;
  Shape sphere;
  sphere.name = "ball";
  sphere.type = ShapeType::kSphere;
  sphere.body = 1;
  sphere.radius = test.radius;
  model.contact.shapes = {ground, sphere};

  ContactPairModel pair;
  pair.name = "ground/ball";
  pair.shape_a = 0;
  pair.shape_b = 1;
  pair.body_a = 0;
  pair.body_b = 1;
  pair.law = find_law(test.law);
  pair.law_info = &law_info(pair.law);
  std::vector<NamedValue> values;
  if (!pair.law_info->parameters.empty()) {
    values.push_back({pair.law_info->parameters[0].name, test.law == "kelvin_voigt" ? test.damping : test.restitution});
  }
  pair.parameters = compile_law_parameters(*pair.law_info, values);
  pair.stiffness = test.stiffness;
  pair.exponent = test.exponent;
  pair.effective_radius = test.radius;
  model.contact.pairs = {pair};

  b.state = make_state(model);
  b.state.q[0] = test.height + test.radius;
  b.state.v[0] = -test.speed;
  return b;
}

SimulationOptions tight_options(double duration) {
  SimulationOptions options;
  options.duration = duration;
  options.integrator.relative_tolerance = 1e-10;
  options.integrator.absolute_tolerance = 1e-12;
  return options;
}

SimulationResult run(const DropTest& test, Built* out = nullptr,
                     IntegratorMethod method = IntegratorMethod::kDormandPrince, double step = 0.0) {
  Built b = build(test);
  Data data(b.model);
  SimulationOptions options = tight_options(test.duration);
  options.integrator.method = method;
  options.integrator.step = step;
  options.energy_tolerance = 0.05;
  SimulationResult result = simulate(b.model, b.state, data, options);
  if (out) *out = std::move(b);
  return result;
}

// Undamped Hertz impact (models.md §2.3): maximum indentation, peak force, compression time.
double hertz_max_indentation(double m, double v, double K, double n) {
  return std::pow((n + 1.0) * m * v * v / (2.0 * K), 1.0 / (n + 1.0));
}
double hertz_compression_time(double m, double v, double K, double n) {
  const double a = 1.0 / (n + 1.0);
  return a * std::tgamma(0.5) * std::tgamma(a) / std::tgamma(0.5 + a) * hertz_max_indentation(m, v, K, n) / v;
}

TEST(Simulate, HertzImpactMatchesClosedForm) {
  DropTest test;
  test.law = "hertz";
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  const ImpactRecord& impact = result.impacts[0];
  const double x_H = hertz_max_indentation(test.mass, test.speed, test.stiffness, 1.5);
  // Elastic: the ball leaves at the speed it came (energy conservation).
  EXPECT_NEAR(impact.restitution, 1.0, 1e-8);
  // δ_max is located by a root of δ̇, and so is F_max (Hertz's force peaks where δ does: LawInfo::
  // peak_at_max_indentation): both exact to the integrator tolerance.
  EXPECT_NEAR(impact.max_indentation / x_H, 1.0, 1e-8);
  EXPECT_NEAR(impact.max_force / (test.stiffness * std::pow(x_H, 1.5)), 1.0, 1e-8);
  // The onset, the maximum indentation and the separation: no force-peak root of its own a hair from the second.
  EXPECT_EQ(result.stats.events, 3);
  // Contact duration 2 t_H; both ends are located events.
  EXPECT_NEAR((impact.t_end - impact.t_start) / (2.0 * hertz_compression_time(test.mass, test.speed, test.stiffness, 1.5)),
              1.0, 1e-7);
  // Onset located at the exact free-flight time h / v.
  EXPECT_NEAR(impact.t_start, test.height / test.speed, 1e-12);
  EXPECT_NEAR(impact.impact_velocity, test.speed, 1e-10);
  EXPECT_NEAR(impact.dissipated_energy / (0.5 * test.mass * test.speed * test.speed), 0.0, 1e-7);
}

// A damped law's force peaks while the contact still compresses (F = K δ^n (1 + z δ̇/δ̇⁻) falls to K δ_max^n at δ̇ = 0):
// its peak is an event of its own, the fourth, and the force recorded there is above the force at δ_max.
TEST(Simulate, ADampedLawsForcePeakIsLocatedBeforeItsMaximumIndentation) {
  DropTest test;
  test.law = "hunt_crossley";
  test.restitution = 0.5;
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  const ImpactRecord& impact = result.impacts[0];
  EXPECT_EQ(result.stats.events, 4) << "onset, force peak, maximum indentation, separation";
  EXPECT_GT(impact.max_force, 1.01 * test.stiffness * std::pow(impact.max_indentation, 1.5));
  EXPECT_GT(impact.velocity_at_max_force, 0.0) << "still compressing";
}

TEST(Simulate, HuntCrossleyRestitutionIsTheExactClosedForm) {
  // With no external force the HC-type impact returns c_out(z) of models.md §2.5 exactly, for any K, m, v.
  for (const char* law : {"flores", "hunt_crossley", "lankarani_nikravesh", "zhang_sharf_exact", "gonthier"}) {
    for (double c : {0.3, 0.9}) {
      DropTest test;
      test.law = law;
      test.restitution = c;
      const SimulationResult result = run(test);
      ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
      ASSERT_EQ(result.impacts.size(), 1u) << law;
      const LawParameters p = compile_law_parameters(law_info(find_law(law)), std::vector<NamedValue>{{"restitution", c}});
      const double expected =
          hunt_crossley_restitution(parameter_value(law_info(find_law(law)), p, "normalised_damping"));
      EXPECT_NEAR(result.impacts[0].restitution, expected, 1e-7) << law << " c = " << c;
      // Energy lost = ½ m v² (1 − c_out²), all of it through the law's damping.
      EXPECT_NEAR(result.impacts[0].dissipated_energy,
                  0.5 * test.mass * test.speed * test.speed * (1.0 - expected * expected), 1e-6)
          << law;
    }
  }
}

// contactlab's own Dormand–Prince and ARKODE's implementation of the same pair (an independent code with its own
// step control, root finder and interpolant) give the same impact to the tolerance (1e-10): both within 1e-8 of
// the closed form and of each other, for a law that restarts at onset (flores) and one that does not (hertz).
TEST(Simulate, OwnDormandPrinceAgreesWithArkodes) {
  for (const char* law : {"flores", "hertz"}) {
    DropTest test;
    test.law = law;
    const SimulationResult own = run(test, nullptr, IntegratorMethod::kDormandPrince);
    const SimulationResult arkode = run(test, nullptr, IntegratorMethod::kArkodeDormandPrince);
    ASSERT_EQ(own.status, SimulationStatus::kCompleted) << own.message;
    ASSERT_EQ(arkode.status, SimulationStatus::kCompleted) << arkode.message;
    ASSERT_EQ(own.impacts.size(), 1u);
    ASSERT_EQ(arkode.impacts.size(), 1u);
    const ImpactRecord& a = own.impacts[0];
    const ImpactRecord& b = arkode.impacts[0];
    EXPECT_NEAR(a.t_start, b.t_start, 1e-12) << law;
    EXPECT_NEAR(a.t_end, b.t_end, 1e-9 * (b.t_end - b.t_start)) << law;
    EXPECT_NEAR(a.restitution, b.restitution, 1e-8) << law;
    EXPECT_NEAR(a.max_indentation / b.max_indentation, 1.0, 1e-8) << law;
    EXPECT_NEAR(a.max_force / b.max_force, 1.0, 1e-8) << law;
  }
}

TEST(Simulate, BouncingBallUnderGravityConservesEnergyWithHertz) {
  // S003 bouncing ball (models.md §5.5): lowest point 1 m up, 5 m/s at first touch, g = 9.81, 3 s.
  DropTest test;
  test.law = "hertz";
  test.gravity = 9.81;
  test.height = 1.0;
  test.speed = std::sqrt(25.0 - 2.0 * 9.81 * 1.0);
  test.duration = 3.0;
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 3u);  // flight time 2·5/9.81 = 1.02 s between bounces
  // E(t) + W_dissipated(t) = E(0); here nothing dissipates, so E itself is conserved.
  EXPECT_LT(result.max_energy_balance_error / result.initial_energy, 1e-8);
  for (const ImpactRecord& impact : result.impacts) {
    EXPECT_NEAR(impact.impact_velocity, 5.0, 1e-7);
    EXPECT_NEAR(impact.restitution, 1.0, 1e-8);
    // With the weight m g acting through the contact, δ_max solves K δ^{2.5}/2.5 − m g δ = ½ m v².
    double delta = hertz_max_indentation(test.mass, 5.0, test.stiffness, 1.5);
    for (int i = 0; i < 50; ++i) {
      const double f = test.stiffness * std::pow(delta, 2.5) / 2.5 - test.mass * 9.81 * delta - 12.5 * test.mass;
      delta -= f / (test.stiffness * std::pow(delta, 1.5) - test.mass * 9.81);
    }
    EXPECT_NEAR(impact.max_indentation / delta, 1.0, 1e-8);
  }
}

TEST(Simulate, GravityDuringContactMatchesAnIndependentIntegration) {
  // The flores ball under gravity: the weight acts during the 0.15 ms contact and lowers the restitution
  // slightly below the gravity-free closed form (0.8939207). Oracle: the same 1-DOF equation
  // m δ̈ = m g − F(δ, δ̇) integrated here with classical RK4 at 1e-8 s steps.
  DropTest test;
  test.gravity = 9.81;
  test.height = 0.0;
  test.speed = 5.0;
  test.duration = 0.001;
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_GE(result.impacts.size(), 1u);

  const double z = 8.0 * (1.0 - 0.9) / (5.0 * 0.9);
  auto acceleration = [&](double delta, double rate) {
    const double force = delta > 0.0 ? test.stiffness * std::pow(delta, 1.5) * (1.0 + z * rate / 5.0) : 0.0;
    return 9.81 - force / test.mass;
  };
  double delta = 0.0;
  double rate = 5.0;
  const double h = 1e-8;
  double previous_delta = 0.0;
  double previous_rate = rate;
  for (int step = 0; step < 10'000'000; ++step) {
    previous_delta = delta;
    previous_rate = rate;
    const double k1x = rate, k1v = acceleration(delta, rate);
    const double k2x = rate + 0.5 * h * k1v, k2v = acceleration(delta + 0.5 * h * k1x, rate + 0.5 * h * k1v);
    const double k3x = rate + 0.5 * h * k2v, k3v = acceleration(delta + 0.5 * h * k2x, rate + 0.5 * h * k2v);
    const double k4x = rate + h * k3v, k4v = acceleration(delta + h * k3x, rate + h * k3v);
    delta += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    rate += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    if (step > 10 && delta <= 0.0) break;
  }
  const double fraction = previous_delta / (previous_delta - delta);  // linear interpolation to δ = 0
  const double separation = -(previous_rate + fraction * (rate - previous_rate));
  EXPECT_NEAR(result.impacts[0].restitution, separation / 5.0, 2e-7);
  EXPECT_LT(result.impacts[0].restitution, hunt_crossley_restitution(z));
}

// Two spheres, each on its own prismatic joint along x, in central impact.
Built two_spheres(double m1, double m2, double v1, double v2, const std::string& law, double c) {
  Built b{make_model(), {}};
  Model& model = b.model;
  model.gravity.setZero();
  for (double mass : {m1, m2}) {
    Body body;
    body.name = model.bodies.size() == 1 ? "left" : "right";
    body.parent = 0;
    body.joint.type = JointType::kPrismatic;
    body.joint.axis = Vec3::UnitX();
    body.mass = mass;
    body.inertia = Mat3::Identity() * 1e-4;
    add_body(model, body);
  }
  finalize(model);
  for (int i = 0; i < 2; ++i) {
    Shape s;
    s.name = i == 0 ? "left" : "right";
    s.type = ShapeType::kSphere;
    s.body = i + 1;
    s.radius = 0.02;
    model.contact.shapes.push_back(s);
  }
  ContactPairModel pair;
  pair.name = "left/right";
  pair.shape_a = 0;
  pair.shape_b = 1;
  pair.body_a = 1;
  pair.body_b = 2;
  pair.law = find_law(law);
  pair.law_info = &law_info(pair.law);
  pair.parameters = compile_law_parameters(*pair.law_info, std::vector<NamedValue>{{"restitution", c}});
  pair.effective_radius = 0.01;
  pair.stiffness = hertz_stiffness(1.13736e11, 0.01);  // S003 steel spheres (models.md §5.4)
  model.contact.pairs = {pair};
  b.state = make_state(model);
  b.state.q << -0.001, 0.041;  // 1 mm apart
  b.state.v << v1, v2;
  return b;
}

TEST(Simulate, TwoSpheresConserveMomentumAndUseTheReducedMass) {
  const double m1 = 0.261381, m2 = 0.5, v1 = 0.05;
  Built b = two_spheres(m1, m2, v1, 0.0, "zhang_sharf_exact", 0.7);
  Data data(b.model);
  const SimulationResult result = simulate(b.model, b.state, data, tight_options(0.1));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  // m_eff from the articulated-body probe equals m1 m2/(m1 + m2) for two free bodies.
  EXPECT_NEAR(result.impacts[0].effective_mass, m1 * m2 / (m1 + m2), 1e-12);
  // Momentum: the contact forces are equal and opposite.
  EXPECT_NEAR(m1 * b.state.v[0] + m2 * b.state.v[1], m1 * v1, 1e-12 * m1 * v1);
  // The exact law reproduces the target (models.md §3.D6).
  EXPECT_NEAR(result.impacts[0].restitution, 0.7, 1e-7);
  EXPECT_NEAR((b.state.v[1] - b.state.v[0]) / v1, 0.7, 1e-7);
}

TEST(Simulate, RunsAreDeterministic) {
  DropTest test;
  test.gravity = 9.81;
  test.height = 0.3;
  test.duration = 1.0;
  const SimulationResult a = run(test);
  const SimulationResult b = run(test);
  ASSERT_EQ(a.impacts.size(), b.impacts.size());
  for (std::size_t i = 0; i < a.impacts.size(); ++i) {
    EXPECT_EQ(a.impacts[i].t_start, b.impacts[i].t_start);
    EXPECT_EQ(a.impacts[i].restitution, b.impacts[i].restitution);
    EXPECT_EQ(a.impacts[i].max_force, b.impacts[i].max_force);
  }
  EXPECT_EQ(a.stats.rhs_evaluations, b.stats.rhs_evaluations);
}

TEST(Simulate, ExcessivePenetrationIsReportedWithTimePairAndLaw) {
  // A contact 1e9 times too soft: the ball sinks past a tenth of its radius.
  DropTest test;
  test.stiffness = 30.0;
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(result.message.find("t = "), std::string::npos) << result.message;
  EXPECT_NE(result.message.find("ground/ball"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find("law flores"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find("exceeds"), std::string::npos) << result.message;
}

// A run stopped by numerical trouble describes one state: its last sample is the state it stopped in, at end_time,
// where its open impact's maxima were taken (before, the samples ended one step earlier than the result).
TEST(Simulate, ARunStoppedByNumericalTroubleEndsItsSamplesAtItsEndTime) {
  DropTest test;
  test.stiffness = 30.0;  // sinks past a tenth of its radius: stops at the step that does
  Built b = build(test);
  Data data(b.model);
  SimulationOptions options = tight_options(test.duration);
  options.output_interval = 1e-3;
  double last_sample = -1.0, last_depth = 0.0;
  const SimulationResult result = simulate(b.model, b.state, data, options, [&](const State& s, const Data&) {
    last_sample = s.time;
    last_depth = test.radius - s.q[0];
  });
  ASSERT_EQ(result.status, SimulationStatus::kNumericalError);
  EXPECT_EQ(last_sample, result.end_time);
  ASSERT_EQ(result.impacts.size(), 1u);
  EXPECT_TRUE(result.impacts[0].open);
  // The deepest indentation the impact reports is the stopping state's (the ball still sinking): the last sample's.
  EXPECT_EQ(result.impacts[0].max_indentation, last_depth);
}

// An impact still open when the run ends has no separation, so nothing defined there: no separation velocity, no
// restitution (they read 0.24 and −0.82 before: the ratio at the moment the run ended), no rebound angle or spin.
TEST(Simulate, AnImpactOpenAtTheEndHasNoRestitution) {
  DropTest test;
  test.height = 0.0;
  test.speed = 1.0;
  test.duration = 1e-5;  // the Hertz contact at 1 m/s lasts about 3e-4 s: still compressing at the end
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  const ImpactRecord& impact = result.impacts[0];
  EXPECT_TRUE(impact.open);
  EXPECT_EQ(impact.t_end, result.end_time);
  EXPECT_GT(impact.max_indentation, 0.0);
  EXPECT_TRUE(std::isnan(impact.separation_velocity)) << impact.separation_velocity;
  EXPECT_TRUE(std::isnan(impact.restitution)) << impact.restitution;
  EXPECT_TRUE(std::isnan(impact.separation_slip_velocity)) << impact.separation_slip_velocity;
  EXPECT_TRUE(std::isnan(impact.rebound_angle)) << impact.rebound_angle;
  EXPECT_TRUE(std::isnan(impact.separation_spin)) << impact.separation_spin;
  // The same impact run to its end separates: its restitution is the law's 0.9 (flores: within 0.01 there).
  test.duration = 2e-3;
  const SimulationResult whole = run(test);
  ASSERT_EQ(whole.impacts.size(), 1u);
  EXPECT_FALSE(whole.impacts[0].open);
  EXPECT_NEAR(whole.impacts[0].restitution, 0.9, 0.01);
}

TEST(Simulate, LowImpactVelocityIsFlooredAndReported) {
  DropTest test;
  test.speed = 1e-6;
  test.height = 1e-9;
  test.duration = 0.01;
  const SimulationResult result = run(test);
  ASSERT_FALSE(result.diagnostics.empty());
  EXPECT_NE(result.diagnostics[0].find("below the floor"), std::string::npos) << result.diagnostics[0];
}

TEST(Simulate, FixedStepMethodsLocateEventsInsideTheStep) {
  // Kelvin–Voigt contact (k = 1e7 N/m, ξ = 0.1, so c = exp(−πξ/√(1−ξ²)) exactly for δ = 0 separation, models.md
  // §3.B1) integrated with fixed steps. Onset and separation are found inside a step and the step is retaken
  // to them; the right-hand side is smooth during the contact, so the restitution error falls at the method's
  // order. (With Hertz's δ^{3/2} the solution is not smooth at δ = 0 and every method drops to order ≈ 2.5.)
  DropTest test;
  test.height = 0.0123;  // onset at 2.46 ms, not on a step boundary
  test.duration = 0.004;
  test.law = "kelvin_voigt";
  test.stiffness = 1e7;
  test.exponent = 1.0;
  const double xi = 0.1;
  test.damping = 2.0 * xi * std::sqrt(test.stiffness * test.mass);
  const double exact = std::exp(-std::numbers::pi * xi / std::sqrt(1.0 - xi * xi));
  struct Case {
    IntegratorMethod method;
    double order;
    double step;
  };
  for (const Case& c : {Case{IntegratorMethod::kRungeKutta4, 4.0, 2e-5}, Case{IntegratorMethod::kVelocityVerlet, 2.0, 2e-6},
                        Case{IntegratorMethod::kSymplecticEuler, 1.0, 2e-7}}) {
    double errors[2];
    for (int k = 0; k < 2; ++k) {
      const SimulationResult result = run(test, nullptr, c.method, c.step / (1 << k));
      ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
      ASSERT_EQ(result.impacts.size(), 1u) << integrator_method_name(c.method);
      // Free flight is exact for every scheme (constant velocity), so the onset is too.
      EXPECT_NEAR(result.impacts[0].impact_velocity, 5.0, 1e-9) << integrator_method_name(c.method);
      EXPECT_NEAR(result.impacts[0].t_start, 0.0123 / 5.0, 1e-12) << integrator_method_name(c.method);
      errors[k] = std::abs(result.impacts[0].restitution - exact);
    }
    EXPECT_NEAR(std::log2(errors[0] / errors[1]), c.order, 0.3)
        << integrator_method_name(c.method) << ": " << errors[0] << " → " << errors[1];
  }
}

TEST(Simulate, FixedStepMethodsReproduceTheHertzianRestitution) {
  DropTest test;
  test.height = 0.0123;
  test.duration = 0.003;
  const LawParameters p = compile_law_parameters(law_info(find_law("flores")), std::vector<NamedValue>{{"restitution", 0.9}});
  const double exact =
      hunt_crossley_restitution(parameter_value(law_info(find_law("flores")), p, "normalised_damping"));
  for (IntegratorMethod method : {IntegratorMethod::kRungeKutta4, IntegratorMethod::kVelocityVerlet, IntegratorMethod::kSymplecticEuler}) {
    // 1e-7 s is 1/1500 of the 1.5e-4 s contact.
    const SimulationResult result = run(test, nullptr, method, 1e-7);
    ASSERT_EQ(result.impacts.size(), 1u);
    EXPECT_NEAR(result.impacts[0].restitution, exact, 2e-4) << integrator_method_name(method);
  }
}

TEST(Simulate, BdfReproducesTheClosedFormRestitution) {
  DropTest test;
  const SimulationResult result = run(test, nullptr, IntegratorMethod::kBdf);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  const LawParameters p = compile_law_parameters(law_info(find_law("flores")), std::vector<NamedValue>{{"restitution", 0.9}});
  EXPECT_NEAR(result.impacts[0].restitution,
              hunt_crossley_restitution(parameter_value(law_info(find_law("flores")), p, "normalised_damping")), 1e-6);
}

// A law that adds energy (negative damping), built in the test: the run must stop and say so.
ContactForce energy_adding_force(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return {};
  const double elastic = in.stiffness * std::pow(in.indentation, 1.5);
  return {elastic * (1.0 - 0.5 * in.normal_velocity / in.impact_velocity), 0.0, 0.0};
}

ContactForce nan_force(const ContactInput& in, const double*, const double*) {
  return {in.indentation > 1e-6 ? std::numeric_limits<double>::quiet_NaN() : 0.0, 0.0, 0.0};
}

TEST(Simulate, EnergyCreationAndNaNAreReportedWithTimePairAndLaw) {
  for (bool nan : {false, true}) {
    LawInfo law;
    law.id = nan ? "test_nan" : "test_energy_source";
    law.force = nan ? nan_force : energy_adding_force;
    law.needs = kNeedsImpactVelocity;
    DropTest test;
    Built b = build(test);
    b.model.contact.pairs[0].law_info = &law;
    Data data(b.model);
    const SimulationResult result = simulate(b.model, b.state, data, tight_options(test.duration));
    ASSERT_EQ(result.status, SimulationStatus::kNumericalError) << law.id;
    EXPECT_NE(result.message.find("t = "), std::string::npos) << result.message;
    EXPECT_NE(result.message.find("ground/ball"), std::string::npos) << result.message;
    EXPECT_NE(result.message.find(std::string("law ") + std::string(law.id)), std::string::npos) << result.message;
    EXPECT_NE(result.message.find(nan ? "not finite" : "energy rose"), std::string::npos) << result.message;
  }
}

// A chain of beads on prismatic joints along x, the first striking the rest (models.md §5.6 set-up), with
// Hunt–Crossley contacts (e = 0.9) found by the broadphase or listed.
Built bead_chain(int beads, bool broadphase) {
  bench::Chain chain = bench::make_chain(beads, 0.0, "hunt_crossley", {{"restitution", 0.9}}, broadphase);
  return {std::move(chain.model), std::move(chain.state)};
}

TEST(Simulate, BroadphaseChainMatchesTheListedPairsAndClosesTheLedger) {
  SimulationResult results[2];
  State finals[2];
  for (int k = 0; k < 2; ++k) {
    Built b = bead_chain(10, k == 1);
    Data data(b.model);
    SimulationOptions options = tight_options(200e-6);
    options.integrator.relative_tolerance = 1e-9;
    options.integrator.absolute_tolerance = 1e-14;
    results[k] = simulate(b.model, b.state, data, options);
    finals[k] = b.state;
    ASSERT_EQ(results[k].status, SimulationStatus::kCompleted) << results[k].message;
    // Energy ledger: E + W_dissipated = E(0) to a few integrator tolerances of the striker's energy.
    const double striker_energy = 0.5 * 0.45e-3 * 1.77 * 1.77;
    EXPECT_LT(results[k].max_energy_balance_error / striker_energy, 1e-7);
    // Momentum is conserved by the equal and opposite contact forces.
    EXPECT_NEAR(finals[k].v.sum() * 0.45e-3, 0.45e-3 * 1.77, 1e-12);
  }
  // The broadphase finds the 9 neighbour pairs (never all 45) and gives the same impacts in the same order.
  ASSERT_EQ(results[0].impacts.size(), results[1].impacts.size());
  EXPECT_EQ(finals[1].dynamic_pairs.size(), 9u);
  for (std::size_t i = 0; i < results[0].impacts.size(); ++i) {
    EXPECT_EQ(results[0].impacts[i].pair, results[1].impacts[i].pair);
    EXPECT_NEAR(results[0].impacts[i].t_start, results[1].impacts[i].t_start, 1e-12);
    EXPECT_NEAR(results[0].impacts[i].max_force, results[1].impacts[i].max_force, 1e-6 * results[0].impacts[i].max_force);
  }
  EXPECT_NEAR((finals[0].v - finals[1].v).norm(), 0.0, 1e-8);

  // Sampling does not disturb the run: the same broadphase chain with an observer gives the same impacts.
  Built b = bead_chain(10, true);
  Data data(b.model);
  SimulationOptions options = tight_options(200e-6);
  options.integrator.relative_tolerance = 1e-9;
  options.integrator.absolute_tolerance = 1e-14;
  options.output_interval = 1e-6;
  long samples = 0;
  const SimulationResult observed = simulate(b.model, b.state, data, options, [&](const State&, const Data&) { ++samples; });
  ASSERT_EQ(observed.status, SimulationStatus::kCompleted) << observed.message;
  EXPECT_GT(samples, 200);
  ASSERT_EQ(observed.impacts.size(), results[1].impacts.size());
  for (std::size_t i = 0; i < observed.impacts.size(); ++i) {
    EXPECT_EQ(observed.impacts[i].t_start, results[1].impacts[i].t_start);
    EXPECT_EQ(observed.impacts[i].max_force, results[1].impacts[i].max_force);
  }
}

TEST(Simulate, ThePairsThatLeaveTheTableKeepTheirWorkInTheLedger) {
  // Two beads, Hunt–Crossley e = 0.5: after the impact they part at about 1.2 m/s, beyond the broadphase's
  // margin (0.1 R) within a fraction of a millisecond, and their pair leaves the table. The work its contact absorbed
  // stays in the ledger: E + W_dissipated = E(0) holds to the integrator's tolerance, not off by the impact's loss.
  bench::Chain chain = bench::make_chain(2, 0.0, "hunt_crossley", {{"restitution", 0.5}}, true);
  Data data(chain.model);
  State state = chain.state;
  const SimulationResult result = simulate(chain.model, state, data, tight_options(2e-3));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  EXPECT_TRUE(state.dynamic_pairs.empty()) << "the beads end farther apart than the margin";
  const double mass = 0.45e-3;
  const double initial = 0.5 * mass * 1.77 * 1.77;
  const double final_kinetic = 0.5 * mass * state.v.squaredNorm();
  // The impact's loss, from momentum and the measured restitution (0.66: Hunt–Crossley's damping is exact only for
  // e near 1): ½ μ v² (1 − e²), μ = m/2 — a quarter of the striker's energy, far above the tolerances below.
  const double e = result.impacts[0].restitution;
  EXPECT_NEAR(state.retired_work, 0.5 * 0.5 * mass * 1.77 * 1.77 * (1.0 - e * e), 1e-8 * initial);
  EXPECT_NEAR(final_kinetic + state.retired_work, initial, 1e-8 * initial);
  EXPECT_LT(result.max_energy_balance_error / initial, 1e-7);
}

TEST(Simulate, ImpulseMethodBouncesWithNewtonsRestitution) {
  // Rigid impacts with e = 0.9 under gravity: impact speeds 5, 4.5, 4.05, … and flight times 2v/g between them.
  DropTest test;
  test.law = "impulse";
  test.gravity = 9.81;
  test.height = 1.0;
  test.speed = std::sqrt(25.0 - 2.0 * 9.81);
  test.duration = 3.0;
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 4u);
  double speed = 5.0;
  double time = (std::sqrt(25.0) - test.speed) / 9.81;  // free fall to the first touch
  for (const ImpactRecord& impact : result.impacts) {
    EXPECT_NEAR(impact.t_start, time, 1e-9);
    EXPECT_EQ(impact.t_end, impact.t_start);
    EXPECT_NEAR(impact.impact_velocity, speed, 1e-9);
    EXPECT_NEAR(impact.separation_velocity, 0.9 * speed, 1e-9);
    // P = (1 + e) m v and the lost energy ½ m v² (1 − e²).
    EXPECT_NEAR(impact.impulse, 1.9 * speed, 1e-9);
    EXPECT_NEAR(impact.dissipated_energy, 0.5 * speed * speed * (1.0 - 0.81), 1e-9);
    time += 2.0 * 0.9 * speed / 9.81;
    speed *= 0.9;
  }
  EXPECT_LT(result.max_energy_balance_error, 1e-9);
}

TEST(Simulate, ImpulseOnARodUsesTheTreesEffectiveMass) {
  // A uniform rod (m = 1 kg, L = 1 m) pivoting about z, at rest horizontally along +x, swung at ω⁻ = −2 rad/s
  // onto a fixed sphere touching its underside at s = 0.8 m. The contact normal is the tip's direction of motion,
  // so P = (1 + e) m_eff v⁻ with m_eff = I_O/s² reverses the angular velocity: ω⁺ = −e ω⁻ exactly.
  Model model = make_model();
  model.gravity.setZero();
  Body rod;
  rod.name = "rod";
  rod.parent = 0;
  rod.joint.type = JointType::kRevolute;
  rod.mass = 1.0;
  rod.com = Vec3(0.5, 0.0, 0.0);
  rod.inertia = Vec3(1e-6, 1.0 / 12.0, 1.0 / 12.0).asDiagonal();
  add_body(model, rod);
  finalize(model);
  Shape stop;
  stop.name = "stop";
  stop.type = ShapeType::kSphere;
  stop.body = 0;
  stop.radius = 0.05;
  stop.pose.translation() = Vec3(0.8, -0.06, 0.0);
  Shape bar;
  bar.name = "bar";
  bar.type = ShapeType::kCapsule;
  bar.body = 1;
  bar.radius = 0.01;
  bar.length = 1.0;
  bar.pose.translation() = Vec3(0.5, 0.0, 0.0);
  bar.pose.linear() = Eigen::AngleAxisd(std::numbers::pi / 2.0, Vec3::UnitY()).toRotationMatrix();
  model.contact.shapes = {stop, bar};
  ContactPairModel pair;
  pair.name = "stop/bar";
  pair.shape_a = 0;
  pair.shape_b = 1;
  pair.body_a = 0;
  pair.body_b = 1;
  pair.law = find_law("impulse");
  pair.law_info = &law_info(pair.law);
  pair.parameters = compile_law_parameters(*pair.law_info, std::vector<NamedValue>{{"restitution", 0.6}});
  model.contact.pairs = {pair};
  Data data(model);
  State state = make_state(model);
  state.q[0] = 0.01;
  state.v[0] = -2.0;
  const SimulationResult result = simulate(model, state, data, tight_options(0.01));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  EXPECT_NEAR(result.impacts[0].effective_mass, (1.0 / 3.0) / (0.8 * 0.8), 1e-9);
  EXPECT_NEAR(state.v[0], 1.2, 1e-9);
}

TEST(Simulate, TensionReleaseEndsTheContactWhereTheForceVanishes) {
  // Kelvin–Voigt released at zero force is the Butcher–Segalman contact: its restitution is the exact
  // e(ξ) = exp(−2ξ arccos ξ/√(1−ξ²)) of models.md §3.B4, not the δ = 0 value exp(−πξ/√(1−ξ²)).
  DropTest test;
  test.law = "kelvin_voigt";
  test.stiffness = 1e7;
  test.exponent = 1.0;
  const double xi = 0.2;
  test.damping = 2.0 * xi * std::sqrt(test.stiffness * test.mass);
  test.duration = 0.05;
  Built b = build(test);
  b.model.contact.pairs[0].tension = TensionRule::kRelease;
  Data data(b.model);
  const SimulationResult result = simulate(b.model, b.state, data, tight_options(test.duration));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);  // the residual indentation does not re-trigger a contact
  EXPECT_NEAR(result.impacts[0].restitution, std::exp(-2.0 * xi * std::acos(xi) / std::sqrt(1.0 - xi * xi)), 1e-7);
  EXPECT_GE(result.impacts[0].min_force, 0.0);  // released before the force could pull
}

TEST(Simulate, AContactReleasedOnForceReEngagesAtItsResidualOverlapWithTheEnergyItLeft) {
  // Poursina–Nikravesh (e = 0.7) releases a contact at F = 0 with the shapes still overlapping by ˢδ. In a chain of
  // ten beads the striker leaves the second bead that way at 17 µs, and at 94 µs, the second bead slowed by the
  // chain ahead, the striker closes on it again before the two have come apart: the pair re-engages where the
  // overlap exceeds ˢδ (docs/contact.md, "Tension, release and re-engagement"), its spring holding (2/5) k ˢδ^{5/2}
  // (8.5e-7 J, 1.2e-3 of the striker's kinetic energy) from that instant. That is the energy the release left
  // behind, which the ledger booked as dissipated then: it comes back, and is not energy from nowhere (which the run
  // would stop for beyond the energy tolerance, 1e-3).
  bench::Chain chain = bench::make_chain(10, 100e-6, "poursina_nikravesh", {{"restitution", 0.7}}, false);
  chain.options.integrator.relative_tolerance = 1e-10;
  chain.options.integrator.absolute_tolerance = 1e-15;
  Data data(chain.model);
  forward(chain.model, chain.state, data);
  const Energy initial = energy(chain.model, chain.state, data);
  const SimulationResult result = simulate(chain.model, chain.state, data, chain.options);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  std::vector<const ImpactRecord*> striker;
  for (const ImpactRecord& record : result.impacts) {
    if (record.pair == "bead_0/bead_1") striker.push_back(&record);
  }
  ASSERT_EQ(striker.size(), 2u);
  EXPECT_FALSE(striker[0]->open);
  EXPECT_GT(striker[1]->t_start, 90e-6);
  // The records' dissipated energies add up to the energy the run lost, E(0) − E(end), E counting the elastic
  // energy of the contacts still open: what the release booked as lost comes back in the next record.
  forward(chain.model, chain.state, data);
  const Energy last = energy(chain.model, chain.state, data);
  double dissipated = 0.0;
  for (const ImpactRecord& record : result.impacts) dissipated += record.dissipated_energy;
  EXPECT_NEAR(dissipated, initial.total() - last.total(), 1e-6 * initial.total());
  EXPECT_LT(result.max_energy_balance_error, 1e-6 * result.energy_scale);
}

// The release is the first zero of min(δ, F): a length and a force. Near it F crosses zero just after δ = F
// (in newtons, a microsecond-scale hair), so with F unscaled the event function's two sides differ in slope by
// orders of magnitude and false position took 50–80 evaluations per separation; scaled to a length (F over the
// secant stiffness) it takes about as many as a plain crossing. Poursina–Nikravesh releases on force.
TEST(Simulate, AReleaseOnForceIsLocatedInAFewEvaluations) {
  DropTest test;
  test.law = "poursina_nikravesh";
  test.restitution = 0.3;
  test.duration = 0.05;
  const SimulationResult result = run(test);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  EXPECT_GT(result.impacts[0].max_force, 0.0);
  // One evaluation per step at its end, one per restart (at most one per event), the rest locate the events.
  const long locating = result.stats.root_evaluations - result.stats.steps - result.stats.events;
  EXPECT_LE(locating, 15 * result.stats.events) << locating << " locating, " << result.stats.root_evaluations << " root evaluations, "
                                                << result.stats.steps << " steps, " << result.stats.events << " events";
}

TEST(Simulate, TheSameImpactOnPlanarAndFreeJointsGivesTheSameResult) {
  // Two spheres in central impact along x: on prismatic joints, on planar joints (xy plane) and on free joints.
  auto run_with = [](JointType type) {
    Built b = two_spheres(0.3, 0.5, 0.05, -0.02, "zhang_sharf_exact", 0.6);
    for (std::size_t i = 1; i <= 2; ++i) b.model.bodies[i].joint.type = type;
    finalize(b.model);
    Data data(b.model);
    State state = make_state(b.model);
    const double x[2] = {-0.001, 0.041}, v[2] = {0.05, -0.02};
    for (int i = 0; i < 2; ++i) {
      const Joint& joint = b.model.bodies[static_cast<std::size_t>(i + 1)].joint;
      state.q[joint.q_index] = x[i];  // x comes first for prismatic (along x), planar and free joints
      state.v[joint.v_index + (type == JointType::kFree ? 3 : 0)] = v[i];  // free: v after ω
    }
    return simulate(b.model, state, data, tight_options(0.1));
  };
  const SimulationResult prismatic = run_with(JointType::kPrismatic);
  for (JointType type : {JointType::kPlanar, JointType::kFree}) {
    const SimulationResult other = run_with(type);
    ASSERT_EQ(other.impacts.size(), prismatic.impacts.size()) << joint_type_name(type);
    ASSERT_EQ(other.impacts.size(), 1u);
    // Different coordinates, same motion: equal to the integrator's accuracy (tolerance 1e-10 relative).
    EXPECT_NEAR(other.impacts[0].restitution, prismatic.impacts[0].restitution, 1e-7) << joint_type_name(type);
    EXPECT_NEAR(other.impacts[0].max_force, prismatic.impacts[0].max_force, 1e-7 * prismatic.impacts[0].max_force);
    EXPECT_NEAR(other.impacts[0].effective_mass, 0.3 * 0.5 / 0.8, 1e-12) << joint_type_name(type);
  }
  EXPECT_NEAR(prismatic.impacts[0].restitution, 0.6, 1e-7);
}

TEST(Simulate, PinInAClearanceHoleBouncesWithTheInternalHertzStiffness) {
  // A steel pin (sphere, r = 9.5 mm, 0.1 kg) on a prismatic joint across a fixed steel bore (R = 10 mm) hits the
  // wall at 1 m/s. Internal contact: R* = rR/(R − r) = 0.19 m (S001 after Eq (5.3)), K = (4/3)E*√R*; the
  // Hunt–Crossley-family law returns its exact c_out for any K, and δ_max is the Hertz value with that K.
  const double r = 0.0095, R = 0.010, mass = 0.1, v = 1.0;
  Model model = make_model();
  model.gravity.setZero();
  Body pin;
  pin.name = "pin";
  pin.parent = 0;
  pin.joint.type = JointType::kPrismatic;
  pin.joint.axis = Vec3::UnitX();
  pin.mass = mass;
  pin.inertia = Mat3::Identity() * 1e-6;
  add_body(model, pin);
  finalize(model);
  ContactModel& contact = model.contact;
  contact.materials = {Material{"steel", 2.1e11, 0.3, 7800.0, 1e9}};
  contact.bodies = {BodyContactInfo{-1, true, std::numeric_limits<double>::infinity()}, BodyContactInfo{0, false, mass}};
  Shape hole;
  hole.name = "bore";
  hole.type = ShapeType::kHole;
  hole.body = 0;
  hole.radius = R;
  hole.length = 0.02;
  hole.material = 0;
  Shape ball;
  ball.name = "pin";
  ball.type = ShapeType::kSphere;
  ball.body = 1;
  ball.radius = r;
  ball.material = 0;
  contact.shapes = {hole, ball};
  PairSettings settings;
  settings.law = find_law("zhang_sharf_exact");
  settings.law_info = &law_info(settings.law);
  settings.parameters = compile_law_parameters(*settings.law_info, std::vector<NamedValue>{{"restitution", 0.7}});
  contact.pairs = {make_contact_pair(contact, 0, 1, settings)};
  const ContactPairModel& pair = contact.pairs[0];
  EXPECT_NEAR(pair.effective_radius, r * R / (R - r), 1e-15);  // r(−R)/(r − R): the bore's radius counts negative
  const double modulus = 0.5 * 2.1e11 / (1.0 - 0.09);
  EXPECT_NEAR(pair.stiffness, 4.0 / 3.0 * modulus * std::sqrt(r * R / (R - r)), 1e-6 * pair.stiffness);
  Data data(model);
  State state = make_state(model);
  state.v[0] = v;  // centred, 0.5 mm from the wall
  const SimulationResult result = simulate(model, state, data, tight_options(2e-3));
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_GE(result.impacts.size(), 1u);
  EXPECT_NEAR(result.impacts[0].t_start, (R - r) / v, 1e-12);
  EXPECT_NEAR(result.impacts[0].restitution, 0.7, 1e-7);
  // Undamped it would reach x_H; with damping less (models.md §5.7: x_m/x_H = 0.87252 at c = 0.7).
  const double x_H = std::pow(2.5 * mass * v * v / (2.0 * pair.stiffness), 0.4);
  EXPECT_NEAR(result.impacts[0].max_indentation / x_H, 0.87252, 1e-4);
}

TEST(Simulate, StepBudgetExhaustionIsReported) {
  DropTest test;
  Built b = build(test);
  Data data(b.model);
  SimulationOptions options = tight_options(test.duration);
  options.integrator.max_steps = 3;
  const SimulationResult result = simulate(b.model, b.state, data, options);
  ASSERT_EQ(result.status, SimulationStatus::kNumericalError);
  EXPECT_NE(result.message.find("step budget"), std::string::npos) << result.message;
}

}  // namespace
}  // namespace contactlab
