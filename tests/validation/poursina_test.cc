// SPDX-License-Identifier: MIT
// Validation item 3 (docs/validation.md §3): Poursina & Nikravesh (S002), the Hertz spring + optimal linear damper
// released at zero force (`poursina_nikravesh`), models.md §3.C1 and §5.3. The report (scripts/validation/
// section_poursina.py) runs the same checks with 300 random systems per target; here 30 per target, fixed seed.
//
//  (a) S002 §5.1 random verification (Fig. 8, no printed numbers): |e_out − e| of Eq (49) for random m, k, δ̇⁻, n.
//      Published: "accurately reproduces"; models.md §3.C1 says ≤ 0.003. The true worst case is 0.0033674 at n = 1,
//      e = 0.649 (Eq (57) with the exact restitution of the corrected Eq (55)), so the bound checked is 0.00337;
//      the worst case itself is checked against the exact formula to 1e-6 (integration tolerance 1e-10).
//  (b) S002 §5.2, n = 1 (Fig. 9): models.md §5.3 lists |e_exact − e| at nine targets, printed to one or two digits;
//      tolerance half a unit of the last printed digit. The engine must equal the exact formula to 1e-7.
//  (c) S002 §6 two pendulums (scenes/two_pendulums.yaml): models.md §5.3's zero-thickness reference table. The
//      impulse method on 10 µm capsules reproduces its impact times to ±1e-4 s (4 printed decimals); the continuous
//      laws need the scene's 5 mm capsules: first-contact details within 1 % (m_eff is 0.2 % lower there), achieved
//      restitution ±2e-4 at the first impact and ±1e-3 at the later ones, and each method's impact times minus
//      the impulse method's on the same rods equal the reference's differences within 0.5 ms.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/calibration.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "models/kelvin_voigt_restitution.h"
#include "models/registry.h"
#include "scene_run.h"

namespace contactlab::validation {
namespace {

constexpr double kDocumentedBound = 0.00337;  // contactlab models poursina_nikravesh
constexpr double kModelsMdBound = 0.003;      // models.md §3.C1 (0.0028 on 60 systems): slightly optimistic

// |e_out − e| of the isolated impact m δ̈ + c δ̇ + k δ^n = 0 released at F = 0 (S002 Eq (53)), run by the engine.
struct Outcome {
  bool separated = false;
  double restitution = 0.0;
  double relative_energy_error = 0.0;
};

Outcome run_impact(double mass, double stiffness, double velocity, double exponent, double restitution) {
  const NamedValue values[] = {{"restitution", restitution}};
  ContactPairModel pair = isolated_impact_pair(find_law("poursina_nikravesh"), values);
  pair.stiffness = stiffness;
  pair.exponent = exponent;
  // Only the indentation check uses R*: make it large against the undamped maximum indentation x_H.
  const double x_h = std::pow((exponent + 1.0) * mass * velocity * velocity / (2.0 * stiffness), 1.0 / (exponent + 1.0));
  pair.effective_radius = 100.0 * x_h;
  IsolatedImpactOptions options;
  options.locate_force_peaks = false;
  const IsolatedImpactResult result = simulate_isolated_impact(pair, mass, velocity, options);
  const SimulationResult& s = result.simulation;
  return {result.separated, result.restitution,
          s.energy_scale > 0.0 ? s.max_energy_balance_error / s.energy_scale : 0.0};
}

double exact_n1(double restitution) {
  const double damping_ratio = 0.5 * 1.4181 * (std::pow(restitution, -0.44) - 1.0);  // S002 Eq (57), (56)
  return kelvin_voigt_force_release_restitution(damping_ratio);
}

// Uniform in [lo, hi) from the raw 64-bit output (std::uniform_real_distribution differs between libraries).
double uniform(std::mt19937_64& rng, double lo, double hi) {
  return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

TEST(ValidationPoursina, RandomSystemsReproduceTheTargetWithinTheTrueBound) {
  // S002 §5.1 ranges; m, k, δ̇⁻ log-uniform, n uniform; 30 systems per target (the report: 300).
  const double targets[] = {1e-4, 1e-3, 0.01, 0.05, 0.1, 0.3, 0.5, 0.6, 0.65, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0};
  std::mt19937_64 rng(20200521);
  double worst = 0.0;
  for (double target : targets) {
    double worst_here = 0.0;
    for (int i = 0; i < 30; ++i) {
      const double mass = std::pow(10.0, uniform(rng, -5, 2));
      const double stiffness = std::pow(10.0, uniform(rng, 5, 10));
      const double velocity = std::pow(10.0, uniform(rng, -3, 2));
      const double exponent = uniform(rng, 1, 2);
      const Outcome o = run_impact(mass, stiffness, velocity, exponent, target);
      SCOPED_TRACE(::testing::Message() << "e = " << target << ", m = " << mass << ", k = " << stiffness
                                        << ", v = " << velocity << ", n = " << exponent);
      ASSERT_TRUE(o.separated);
      EXPECT_LT(o.relative_energy_error, 1e-6);
      worst_here = std::max(worst_here, std::abs(o.restitution - target));
    }
    EXPECT_LE(worst_here, kDocumentedBound) << "target " << target;
    worst = std::max(worst, worst_here);
  }
  // The error never vanishes (Eq (49) is a fit) …
  EXPECT_GT(worst, 1e-3);
}

TEST(ValidationPoursina, WorstCaseIsAtNEqualOneAndExceedsModelsMdBound) {
  // n = 1, e = 0.649: Eq (49) is Eq (57); the exact restitution is 0.652367 (corrected Eq (55)).
  const double exact = exact_n1(0.649);
  EXPECT_NEAR(std::abs(exact - 0.649), 0.0033674, 1e-7);
  const Outcome o = run_impact(1.0, 1.0, 1.0, 1.0, 0.649);
  ASSERT_TRUE(o.separated);
  EXPECT_NEAR(o.restitution, exact, 1e-6);
  // The finding: models.md's "≤ 0.003" is exceeded, the documented 0.00337 holds.
  EXPECT_GT(std::abs(o.restitution - 0.649), kModelsMdBound);
  EXPECT_LE(std::abs(o.restitution - 0.649), kDocumentedBound);
  // Scale invariance (the exponents of Eq (49) are exact): any m, k, δ̇⁻ give the same e_out.
  const Outcome scaled = run_impact(3e-4, 2e9, 40.0, 1.0, 0.649);
  ASSERT_TRUE(scaled.separated);
  EXPECT_NEAR(scaled.restitution, exact, 1e-6);
}

TEST(ValidationPoursina, N1ErrorTableOfModelsMd) {
  struct Row {
    double target;
    double printed;    // models.md §5.3, |e_exact − e|
    double tolerance;  // half a unit of the last printed digit
  };
  const Row rows[] = {{1e-4, 6e-5, 5e-6},   {1e-3, 2.4e-4, 5e-6}, {0.01, 5.6e-4, 5e-6},
                      {0.1, 8e-5, 5e-6},    {0.3, 1.1e-3, 5e-5},  {0.5, 2.9e-3, 5e-5},
                      {0.7, 3.3e-3, 5e-5},  {0.9, 1.7e-3, 5e-5},  {0.99, 2e-4, 5e-5}};
  for (const Row& row : rows) {
    SCOPED_TRACE(::testing::Message() << "e = " << row.target);
    const Outcome o = run_impact(1.0, 1.0, 1.0, 1.0, row.target);  // S002 §5.2: m = 1 kg, δ̇⁻ = 1 m/s, k = 1 N/m
    ASSERT_TRUE(o.separated);
    EXPECT_NEAR(o.restitution, exact_n1(row.target), 1e-7);
    EXPECT_NEAR(std::abs(o.restitution - row.target), row.printed, row.tolerance);
  }
}

// --------------------------------------------------------------------------------------------- two pendulums

constexpr char kPendulums[] = "two_pendulums.yaml";

struct Sample {
  double time, omega1, omega2, indentation;
};

struct PendulumRun {
  SceneRun run;
  std::vector<Sample> samples;

  // The sample at an event time (the engine samples every event); the last one if the time repeats.
  const Sample& at(double time) const {
    std::size_t best = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      if (std::abs(samples[i].time - time) <= std::abs(samples[best].time - time)) best = i;
    }
    return samples[best];
  }
};

PendulumRun run_pendulums(const std::string& law, std::vector<std::pair<std::string, std::string>> overrides = {}) {
  PendulumRun p;
  auto observer = [&p](const State& state, const Data& data) {
    p.samples.push_back({state.time, state.v[0], state.v[1], -data.geometry[0].gap});
  };
  p.run = run_scene(kPendulums, law, std::move(overrides), observer);
  return p;
}

// models.md §5.3 [computed], zero-thickness rods, g = 9.81.
constexpr double kReferenceTimes[3][3] = {
    {1.4554, 4.2265, 6.5850},  // piecewise impulse–momentum
    {1.4554, 4.2291, 6.5862},  // Eq (50)
    {1.4554, 4.1102, 6.5510},  // Hunt–Crossley + Flores
};
constexpr const char* kLaws[3] = {"impulse", "poursina_nikravesh", "flores"};
constexpr double kReferenceRestitution[3] = {0.3, 0.3008, 0.2562};

const PendulumRun& pendulum(int method) {
  static const std::vector<PendulumRun> runs = [] {
    std::vector<PendulumRun> r;
    for (const char* law : kLaws) r.push_back(run_pendulums(law));
    return r;
  }();
  return runs[static_cast<std::size_t>(method)];
}

TEST(ValidationPoursina, TheImpactsDissipateWhatTheLedgerDoes) {
  // Eq (50) releases at zero force with the rods still pressed by the residual indentation; the elastic energy
  // left there leaves E with the contact and is lost. Before, each impact's record left it out: the three summed
  // to 9.22 J where the ledger said 10.13 J. Now, for every method, Σ dissipated = E(0) − E(end) (no external work).
  for (int m = 0; m < 3; ++m) {
    SCOPED_TRACE(kLaws[m]);
    const SceneRun& run = pendulum(m).run;
    Data data(run.scene.model);
    State end = run.final_state;
    forward(run.scene.model, end, data);
    double dissipated = 0.0;
    for (const ImpactRecord& impact : run.result.impacts) dissipated += impact.dissipated_energy;
    EXPECT_NEAR(dissipated, run.result.initial_energy - energy(run.scene.model, end, data).total(),
                1e-8 * run.result.energy_scale);
  }
  EXPECT_NEAR([] {
    double sum = 0.0;
    for (const ImpactRecord& impact : pendulum(1).run.result.impacts) sum += impact.dissipated_energy;
    return sum;
  }(), 10.133, 1e-3);
}

TEST(ValidationPoursina, ImpulseMethodOnThinRodsReproducesTheReferenceTable) {
  const PendulumRun thin = run_pendulums("impulse", {{"rod_radius", "1e-5"}});
  ASSERT_EQ(thin.run.result.status, SimulationStatus::kCompleted) << thin.run.result.message;
  ASSERT_EQ(thin.run.result.impacts.size(), 3u);  // "three impacts during an 8-second simulation"
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(thin.run.result.impacts[static_cast<std::size_t>(k)].t_start, kReferenceTimes[0][k], 1e-4);
  const ImpactRecord& first = thin.run.impact();
  EXPECT_NEAR(first.impact_velocity, 10.6364, 1e-3);
  EXPECT_NEAR(first.effective_mass, 0.07317, 1e-5);
  const Sample& after = thin.at(first.t_end);
  EXPECT_NEAR(after.omega1, -2.0013, 1e-4);
  EXPECT_NEAR(after.omega2, -3.3935, 1e-4);
  EXPECT_LT(thin.run.relative_energy_error(), 1e-6);
}

TEST(ValidationPoursina, FirstContactOfTheContinuousLawsOnFiveMillimetreRods) {
  for (int m = 0; m < 3; ++m) {
    const PendulumRun& p = pendulum(m);
    SCOPED_TRACE(kLaws[m]);
    ASSERT_EQ(p.run.result.status, SimulationStatus::kCompleted) << p.run.result.message;
    ASSERT_EQ(p.run.result.impacts.size(), 3u);
    EXPECT_LT(p.run.relative_energy_error(), 1e-6);
    const ImpactRecord& first = p.run.impact();
    // The capsules (r = 5 mm) touch when the axes are 2r apart: 2r/v_n = 0.94 ms early.
    EXPECT_NEAR(first.t_start - kReferenceTimes[m][0], -0.01 / 10.6364, 1e-4);
    EXPECT_NEAR(first.restitution, kReferenceRestitution[m], 2e-4);
  }
  // Eq (50): duration 3.62e-4 s, F_max 4775 N, δ_max 9.61e-4 m, residual ˢδ 5.91e-4 m (S002 Eq (51)).
  const PendulumRun& eq50 = pendulum(1);
  const ImpactRecord& a = eq50.run.impact();
  EXPECT_NEAR(a.t_end - a.t_start, 3.62e-4, 0.01 * 3.62e-4);
  EXPECT_NEAR(a.max_force, 4775.0, 0.01 * 4775.0);
  EXPECT_NEAR(a.max_indentation, 9.61e-4, 0.01 * 9.61e-4);
  EXPECT_NEAR(eq50.at(a.t_end).indentation, 5.91e-4, 0.01 * 5.91e-4);
  EXPECT_NEAR(eq50.at(a.t_end).omega1, -2.0007, 2e-3);
  EXPECT_NEAR(eq50.at(a.t_end).omega2, -3.3957, 2e-3);
  // Hunt–Crossley + Flores: 6.02e-4 s, 6985 N; c_out = 0.2562 for the target 0.3 (models.md §5.8).
  const PendulumRun& hc = pendulum(2);
  const ImpactRecord& b = hc.run.impact();
  EXPECT_NEAR(b.t_end - b.t_start, 6.02e-4, 0.01 * 6.02e-4);
  EXPECT_NEAR(b.max_force, 6985.0, 0.01 * 6985.0);
  EXPECT_NEAR(hc.at(b.t_end).omega1, -2.0133, 2e-3);
  EXPECT_NEAR(hc.at(b.t_end).omega2, -3.2795, 2e-3);
}

TEST(ValidationPoursina, LaterImpactsFollowThePiecewiseSolutionAsInTheReference) {
  // Each continuous method against the impulse method on the same (5 mm) rods reproduces the reference's
  // difference between that method and the piecewise one; the restitution is the same at every impact.
  // Guards the re-arming rule of force-released contacts (models.md §7 decision 3): when the engine kept the residual
  // indentation of a release as a gap offset across a full separation, the second contact of Eq (50) started 0.59 mm
  // deep and returned e = 0.53.
  const PendulumRun& impulse = pendulum(0);
  for (int m = 1; m < 3; ++m) {
    const PendulumRun& p = pendulum(m);
    SCOPED_TRACE(kLaws[m]);
    ASSERT_EQ(p.run.result.impacts.size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) {
      const double ours = p.run.result.impacts[k].t_start - impulse.run.result.impacts[k].t_start;
      const double reference = kReferenceTimes[m][k] - kReferenceTimes[0][k];
      EXPECT_NEAR(ours, reference, 5e-4) << "impact " << k + 1;
      EXPECT_NEAR(p.run.result.impacts[k].restitution, kReferenceRestitution[m], 1e-3) << "impact " << k + 1;
    }
  }
}

}  // namespace
}  // namespace contactlab::validation
