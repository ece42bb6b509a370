// SPDX-License-Identifier: MIT
// engine/clearance_joint.h on the mechanism library's scenes: what the geometry of a joint with clearance bounds,
// checked on every sample. A journal never leaves its bearing by more than the pair's indentation; the slider-crank's
// slider then follows the ideal kinematics within (1 + r/√(l² − r²)) (c + δ), so its response approaches the ideal one
// as c → 0; a four-bar's rocker follows the ideal closed form within ε / (c sin μ_min), ε the clearances' sum;
// a slider's corners stay between its guides.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "engine/clearance_joint.h"
#include "engine/data.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

Scene load(const std::string& file, std::vector<std::pair<std::string, std::string>> overrides = {}) {
  SceneOptions options;
  options.variable_overrides = std::move(overrides);
  return load_scene(std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/" + file, options);
}

const Joint& joint_of(const Scene& scene, const std::string& body) {
  for (const Body& b : scene.model.bodies) {
    if (b.name == body) return b.joint;
  }
  throw std::runtime_error("no body " + body);
}

// The largest indentation any impact of the run reached (its located peak, not a sample's).
double deepest(const SimulationResult& result) {
  double depth = 0.0;
  for (const ImpactRecord& impact : result.impacts) depth = std::max(depth, impact.max_indentation);
  return depth;
}

struct RevoluteRun {
  double clearance = 0.0;
  double escape = 0.0;     // max(|e| − c) over the samples [m]
  double deviation = 0.0;  // max |x_slider − x_ideal(ωt)| [m]
  double indentation = 0.0;
  int impacts = 0;
};

// scenes/slider_crank_revolute_clearance.yaml over one crank turn, with radial clearance `clearance` [m].
RevoluteRun run_slider_crank(double clearance) {
  const Scene scene = load("slider_crank_revolute_clearance.yaml",
                           {{"clearance", std::to_string(clearance)}, {"duration", "0.012"}});
  const double r = scene.variables.at("crank"), l = scene.variables.at("rod");
  const double omega = scene.variables.at("rpm") * 2.0 * M_PI / 60.0;
  const int slider = joint_of(scene, "slider").q_index;
  const ClearanceJoint& pin = scene.clearances.at(0);
  State state = scene.initial_state;
  Data data(scene.model);
  RevoluteRun run;
  run.clearance = pin.clearance;
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation, [&](const State& s, const Data& d) {
    const Vec3 e = clearance_offset(d, pin).position;
    run.escape = std::max(run.escape, std::hypot(e.x(), e.y()) - pin.clearance);
    const double angle = omega * s.time;
    const double ideal = r * std::cos(angle) + std::sqrt(l * l - std::pow(r * std::sin(angle), 2));
    run.deviation = std::max(run.deviation, std::abs(s.q[slider] - ideal));
  });
  EXPECT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  run.indentation = deepest(result);
  run.impacts = static_cast<int>(result.impacts.size());
  return run;
}

TEST(ClearanceJoint, TheSliderCranksJournalStaysInItsBearingAndTheSliderNearTheIdealOne) {
  const Scene scene = load("slider_crank_revolute_clearance.yaml");
  const double r = scene.variables.at("crank"), l = scene.variables.at("rod");
  double previous = std::numeric_limits<double>::infinity();
  for (const double clearance : {0.5e-3, 0.25e-3, 0.1e-3}) {
    const RevoluteRun run = run_slider_crank(clearance);
    EXPECT_NEAR(run.clearance, clearance, 1e-15);
    EXPECT_GT(run.impacts, 0) << "the journal rattles in its bearing";
    // Out of the bearing by no more than the contact's indentation (sampled: at most the located peak).
    EXPECT_LE(run.escape, run.indentation + 1e-12) << clearance;
    // The journal within ε = c + δ of the bearing's centre: the rod's end is off the ideal by at most ε, and the
    // slider (|dx/dε| ≤ 1 along x, ≤ (r + ε)/√(l² − (r + ε)²) through the rod's angle) by at most the sum.
    const double epsilon = clearance + run.indentation;
    const double bound = epsilon * (1.0 + (r + epsilon) / std::sqrt(l * l - (r + epsilon) * (r + epsilon)));
    EXPECT_LE(run.deviation, bound) << clearance;
    // The bound is what the clearance allows, not a loose one: the slider uses a good part of it.
    EXPECT_GT(run.deviation, 0.2 * clearance) << clearance;
    EXPECT_LT(run.deviation, previous) << "the response approaches the ideal one as the clearance shrinks";
    previous = run.deviation;
  }
}

// The crank-rocker of scenes/four_bar_clearance.yaml at crank angle θ: the rocker's angle ψ and the transmission
// angle's sine (coupler against rocker at their pin) of the ideal mechanism.
struct FourBar {
  double a, b, c, d;
  std::pair<double, double> at(double angle) const {
    const Vec3 A(a * std::cos(angle), a * std::sin(angle), 0.0), D(d, 0.0, 0.0);
    const Vec3 along = (D - A).normalized();
    const double span = (D - A).norm();
    const double x = (b * b - c * c + span * span) / (2.0 * span);
    const Vec3 B = A + x * along + std::sqrt(b * b - x * x) * Vec3(-along.y(), along.x(), 0.0);
    const double sine = std::abs((B - A).cross(B - D).z()) / (b * c);
    return {std::atan2(B.y(), B.x() - d), sine};
  }
};

void check_four_bar(const std::string& file, int joints) {
  const Scene scene = load(file);
  ASSERT_EQ(scene.clearances.size(), static_cast<std::size_t>(joints));
  const FourBar ideal{scene.variables.at("crank"), scene.variables.at("coupler"), scene.variables.at("rocker"),
                      scene.variables.at("ground")};
  const double omega = scene.variables.at("rpm") * 2.0 * M_PI / 60.0;
  double smallest_sine = 1.0;
  for (double angle = 0.0; angle < 2.0 * M_PI; angle += 1e-4) smallest_sine = std::min(smallest_sine, ideal.at(angle).second);
  const int rocker = joint_of(scene, "rocker").q_index;
  State state = scene.initial_state;
  Data data(scene.model);
  double escape = 0.0, deviation = 0.0;
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation, [&](const State& s, const Data& d) {
    for (const ClearanceJoint& joint : scene.clearances) {
      const Vec3 e = clearance_offset(d, joint).position;
      escape = std::max(escape, std::hypot(e.x(), e.y()) - joint.clearance);
    }
    deviation = std::max(deviation, std::abs(s.q[rocker] - ideal.at(omega * s.time).first));
  });
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  EXPECT_GT(result.impacts.size(), 0u);
  const double indentation = deepest(result);
  EXPECT_LE(escape, indentation + 1e-12);
  // The rocker's pin is within ε of a circle of radius b about the crank's pin (each joint adds its clearance and
  // indentation): to first order ψ moves by ε / (c sin μ); 10 % for the second order.
  double epsilon = 0.0;
  for (const ClearanceJoint& joint : scene.clearances) epsilon += joint.clearance + indentation;
  const double bound = 1.1 * epsilon / (ideal.c * smallest_sine);
  EXPECT_LE(deviation, bound) << file;
  EXPECT_GT(deviation, 0.1 * epsilon / ideal.c) << file;
}

TEST(ClearanceJoint, AFourBarsRockerFollowsTheIdealOneWithinWhatOneClearanceAllows) {
  check_four_bar("four_bar_clearance.yaml", 1);
}

TEST(ClearanceJoint, AFourBarsRockerFollowsTheIdealOneWithinWhatTwoClearancesAllow) {
  check_four_bar("four_bar_two_clearances.yaml", 2);
}

TEST(ClearanceJoint, TheTranslationalSlidersCornersStayBetweenItsGuides) {
  const Scene scene = load("slider_crank_translational_clearance.yaml");
  const ClearanceJoint& guide = scene.clearances.at(0);
  const double a = scene.variables.at("half_length"), h = scene.variables.at("half_height");
  State state = scene.initial_state;
  Data data(scene.model);
  double excursion = -std::numeric_limits<double>::infinity(), widest = 0.0;
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation, [&](const State&, const Data& d) {
    const ClearanceOffset offset = clearance_offset(d, guide);
    // The box's corners across the guide: y ± a sin α ± h cos α; the guides are at ±(h + c/2).
    const double reach = std::abs(offset.position.y()) + a * std::abs(std::sin(offset.angle)) + h * std::cos(offset.angle);
    excursion = std::max(excursion, reach - (h + 0.5 * guide.clearance));
    widest = std::max(widest, std::abs(offset.angle));
  });
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_GT(result.impacts.size(), 0u);
  const double indentation = deepest(result);
  // A corner beyond a guide is that contact's indentation.
  EXPECT_LE(excursion, indentation + 1e-12);
  // The rod's side load slaps the slider from one guide to the other (piston slap): both guides are struck.
  for (std::size_t pair : guide.pairs) {
    const std::string& name = scene.model.contact.pairs[pair].name;
    EXPECT_TRUE(std::any_of(result.impacts.begin(), result.impacts.end(), [&](const ImpactRecord& r) { return r.pair == name; }))
        << name;
  }
  // The slider tilts in its guide, by at most what the gap allows: sin α ≤ (c + 2δ) / (2a) for small angles.
  EXPECT_GT(widest, 0.0);
  EXPECT_LE(std::sin(widest), (guide.clearance + 2.0 * indentation) / (2.0 * a) * 1.01);
  // Impacts at e = 0.4 and friction dissipate: the ledger records a positive dissipation, and closes.
  EXPECT_LE(result.max_energy_balance_error, scene.simulation.energy_tolerance * result.energy_scale);
}

}  // namespace
}  // namespace contactlab
