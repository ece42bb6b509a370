// SPDX-License-Identifier: MIT
// Validation item 5 (docs/validation.md §5): Wang, Faes, Shi, Cheng, Pan (S003), models.md §5.4–§5.6. The report
// (scripts/validation/section_wang.py) runs the same scenes; where a scene cannot run as it is (a tension rule, a
// duration, a law whose parameters the scene does not hold) both use a copy with that text replaced.
//
//  (a) Two steel spheres (scenes/two_spheres_steel.yaml) at 0.05, 8, 25 m/s. Published rebound speeds (S003 §3.4):
//      new model 0.04512, 5.75541, 16.22 m/s; EDEM 16.22 and Hunt–Crossley 18.58 m/s at 25 m/s. Tolerance 2 %:
//      S003 used a time-stepping predictor–corrector and does not say how it treats the tension at the end of
//      restitution (clamping it moves the 8 m/s rebound by +2.2 %). Against models.md §5.4's independent
//      reproduction (same corrected laws) 0.1 %. S003's ΔE values are not targets (models.md §6 #32).
//  (b) Bouncing ball (scenes/bouncing_ball.yaml): S003's 7.5 s / 2.5 s come from an incomplete set-up (models.md
//      §5.5) and are not targets. Checked: each run comes to rest at the end of the geometric series of its own
//      restitution, t∞ = t₁ + (2v₁/g) c/(1 − c), within 1 % (the series neglects the contact durations), and the
//      restitutions of the choices documented in the report (Flores 0.8939, models.md §5.8; the new model's plastic
//      branch c_p = 0.85 within 0.002).
//  (c) Horizontal 70-bead chain (scenes/granular_chain_horizontal.yaml): S003 prints no forces, only Fig. 16 and the
//      critical deformation. Checked: one solitary pulse per sensor contact with monotonically decaying peaks, every
//      sensor contact beyond δ_y (S003: "elastoplastic contact dominates"), negligible tension (< 5 % of the peak),
//      and, as a check of the engine's wave, the elastic Hertz chain's speed against Nesterenko's long-wave
//      solitary wave, (2/√5) c ξ_m^{1/4}, within 3 %.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "scene_run.h"

namespace contactlab::validation {
namespace {

std::string read_scene(const std::string& file) {
  std::ifstream in(scene_path(file));
  if (!in) throw std::runtime_error("cannot read " + scene_path(file));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The scene's text with its `contacts:` block (up to the next top-level key) replaced by `contacts` (unless empty)
// and each (old, new) replacement applied once.
std::string scene_variant(const std::string& file, const std::string& contacts,
                          const std::vector<std::pair<std::string, std::string>>& replacements = {}) {
  std::string text = read_scene(file);
  if (!contacts.empty()) {
    const std::size_t start = text.find("\ncontacts:\n");
    if (start == std::string::npos) throw std::runtime_error(file + ": no contacts block");
    std::size_t end = start + 1 + std::string("contacts:\n").size();
    while (end < text.size()) {
      const std::size_t line_end = text.find('\n', end);
      const char first = text[end];
      if (first != ' ' && first != '#' && first != '\n') break;  // a top-level key
      if (line_end == std::string::npos) { end = text.size(); break; }
      end = line_end + 1;
    }
    text = text.substr(0, start + 1) + "contacts:\n" + contacts + text.substr(end);
  }
  for (const auto& [from, to] : replacements) {
    const std::size_t at = text.find(from);
    if (at == std::string::npos) throw std::runtime_error(file + ": expected text not found: " + from);
    text.replace(at, from.size(), to);
  }
  return text;
}

SceneRun run_text(const std::string& text, const std::string& name,
                  std::vector<std::pair<std::string, std::string>> overrides = {}, const std::string& law = "") {
  SceneOptions options;
  options.variable_overrides = std::move(overrides);
  options.law_override = law;
  SceneRun run{load_scene_text(text, name, options), {}, {}};
  Data data(run.scene.model);
  run.final_state = run.scene.initial_state;
  run.result = simulate(run.scene.model, run.final_state, data, run.scene.simulation);
  return run;
}

// ------------------------------------------------------------------------------------------- (a) two spheres

constexpr char kSpheres[] = "two_spheres_steel.yaml";

struct SphereCase {
  const char* speed;
  const char* elastic_restitution;
  const char* plastic_restitution;
  const char* restitution;  // EDEM and Hunt–Crossley: c_p (0.9 in the elastic case, Fig. 5)
  // Rebound (relative separation) speeds [m/s]: published (0 = none), models.md §5.4 [computed].
  double published_new, published_edem, published_hc;
  double computed_new, computed_clamped, computed_edem, computed_hc;
};

constexpr SphereCase kSphereCases[] = {
    {"0.05", "0.95", "0.95", "0.9", 0.04512, 0.0, 0.0, 0.04502, 0.0, 0.04500, 0.04545},
    {"8", "0.86", "0.70", "0.70", 5.75541, 0.0, 0.0, 5.6433, 5.7657, 5.6000, 6.1440},
    {"25", "0.84", "0.65", "0.65", 16.22, 16.22, 18.58, 16.3025, 16.8909, 16.2500, 18.4749},
};

// `contactlab run scenes/two_spheres_steel.yaml [--model LAW] --set …` on the scene's text (or a variant of it).
double rebound(const std::string& text, const SphereCase& c, const std::string& law = "") {
  const SceneRun run = run_text(text, kSpheres,
                                {{"impact_velocity", c.speed},
                                 {"elastic_restitution", c.elastic_restitution},
                                 {"plastic_restitution", c.plastic_restitution},
                                 {"restitution", c.restitution}},
                                law);
  EXPECT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  EXPECT_EQ(run.result.impacts.size(), 1u);
  EXPECT_LT(run.relative_energy_error(), 1e-6);
  return run.result.impacts.empty() ? 0.0 : run.impact().separation_velocity;
}

void expect_relative(double ours, double reference, double tolerance, const char* what) {
  if (reference == 0.0) return;
  EXPECT_NEAR(ours / reference - 1.0, 0.0, tolerance) << what << ": ours " << ours << ", reference " << reference;
}

TEST(ValidationWang, TwoSteelSpheresReboundSpeeds) {
  const std::string wang = read_scene(kSpheres);
  const std::string clamped = scene_variant(kSpheres, "", {{"  mass: reduced\n", "  mass: reduced\n  tension: clamp\n"}});
  for (const SphereCase& c : kSphereCases) {
    SCOPED_TRACE(std::string("impact velocity ") + c.speed + " m/s");
    const double new_model = rebound(wang, c);
    const double new_clamped = rebound(clamped, c);
    // The single-CoR laws take `restitution` from the steel material (the scene's law has no such parameter).
    const double edem_model = rebound(wang, c, "edem_hertz_mindlin");
    const double hc_model = rebound(wang, c, "hunt_crossley");
    expect_relative(new_model, c.published_new, 0.02, "new model vs S003");
    expect_relative(edem_model, c.published_edem, 0.02, "EDEM vs S003");
    expect_relative(hc_model, c.published_hc, 0.02, "Hunt-Crossley vs S003");
    expect_relative(new_model, c.computed_new, 1e-3, "new model vs models.md");
    expect_relative(new_clamped, c.computed_clamped, 1e-3, "new model clamped vs models.md");
    expect_relative(edem_model, c.computed_edem, 1e-3, "EDEM vs models.md");
    expect_relative(hc_model, c.computed_hc, 1e-3, "Hunt-Crossley vs models.md");
  }
}

// ------------------------------------------------------------------------------------------- (b) bouncing ball

constexpr char kBall[] = "bouncing_ball.yaml";

struct Bounces {
  double first_restitution = 0.0;
  double rest_time = 0.0;  // onset of the last contact, which never separates
  double series_end = 0.0; // t∞ = t₁ + (2v₁/g) c/(1 − c)
};

Bounces bounce(const std::string& contacts) {
  const std::string text = scene_variant(kBall, contacts, {{"duration: 3.0", "duration: 12.0"}});
  const SceneRun run = run_text(text, kBall);
  EXPECT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  EXPECT_LT(run.relative_energy_error(), 1e-6);
  Bounces b;
  if (run.result.impacts.size() < 2) {
    ADD_FAILURE() << "fewer than two impacts";
    return b;
  }
  const ImpactRecord& first = run.result.impacts.front();
  const ImpactRecord& last = run.result.impacts.back();
  EXPECT_TRUE(last.open) << "the ball should rest on the ground at the end";
  b.first_restitution = first.restitution;
  b.rest_time = last.t_start;
  const double c = first.restitution;
  b.series_end = first.t_start + 2.0 * first.impact_velocity / 9.81 * c / (1.0 - c);
  EXPECT_NEAR(first.impact_velocity, 5.0, 1e-9);
  return b;
}

TEST(ValidationWang, BouncingBallComesToRestAtTheEndOfItsBounceSeries) {
  // Elastic case: the scene's Hunt–Crossley + Flores law, c = 0.9 → 0.8939 (models.md §5.8).
  const Bounces elastic = bounce("");
  EXPECT_NEAR(elastic.first_restitution, 0.8939, 1e-4);
  EXPECT_NEAR(elastic.rest_time / elastic.series_end - 1.0, 0.0, 0.01);
  // Plastic case: the new model with the ball's σ_y = 24 MPa, c_e = 0.9, c_p = 0.85: δ_y = 65 nm, so every bounce is
  // in the plastic branch and returns c ≈ c_p.
  const Bounces plastic = bounce(
      "  law: wang_kv_granular\n  parameters: {elastic_restitution: 0.9, plastic_restitution: 0.85, "
      "yield_strength: 24e6}\n");
  EXPECT_NEAR(plastic.first_restitution, 0.85, 2e-3);
  EXPECT_NEAR(plastic.rest_time / plastic.series_end - 1.0, 0.0, 0.01);
  // S003's 7.5 s and 2.5 s are not reproduced with these choices (models.md §5.5): 8.85 s and 6.05 s.
  EXPECT_GT(elastic.rest_time, 7.5);
  EXPECT_GT(plastic.rest_time, 2.5);
}

// ------------------------------------------------------------------------------------------- (c) granular chain

constexpr char kChain[] = "granular_chain_horizontal.yaml";
constexpr int kSensors[] = {9, 16, 24, 31, 40, 50, 56, 63};

struct SensorPulse {
  int contacts = 0;
  double peak = 0.0;            // max_force [N]
  double min_force = 0.0;       // [N]
  double max_indentation = 0.0; // [m]
  double arrival = 0.0;         // onset + compression time: the maximum indentation [s]
};

std::vector<SensorPulse> sensor_pulses(const SceneRun& run) {
  std::vector<SensorPulse> pulses;
  for (int k : kSensors) {
    const std::string pair = "bead_" + std::to_string(k - 1) + "/bead_" + std::to_string(k);
    SensorPulse p;
    for (const ImpactRecord& r : run.result.impacts) {
      if (r.pair != pair) continue;
      if (p.contacts++ == 0 || r.max_force > p.peak) p.arrival = r.t_start + r.compression_time;
      p.peak = std::max(p.peak, r.max_force);
      p.min_force = std::min(p.min_force, r.min_force);
      p.max_indentation = std::max(p.max_indentation, r.max_indentation);
    }
    pulses.push_back(p);
  }
  return pulses;
}

// Least-squares speed of the pulse: contact position (2k − 1)R against the arrival time, sensors from `first` on.
double wave_speed(const std::vector<SensorPulse>& pulses, double radius, std::size_t first) {
  double st = 0, sx = 0, stt = 0, stx = 0;
  const double n = static_cast<double>(pulses.size() - first);
  for (std::size_t i = first; i < pulses.size(); ++i) {
    const double t = pulses[i].arrival;
    const double x = (2.0 * kSensors[i] - 1.0) * radius;
    st += t; sx += x; stt += t * t; stx += t * x;
  }
  return (n * stx - st * sx) / (n * stt - st * st);
}

TEST(ValidationWang, HorizontalChainCarriesOneDecayingElastoplasticPulse) {
  const SceneRun run = run_scene(kChain);
  ASSERT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  EXPECT_LT(run.relative_energy_error(), 1e-6);
  const double radius = run.scene.variables.at("radius");
  // δ_y of two identical beads, S003 Eq (1): E* = E/(2(1 − ν²)), R* = R/2, p_y = 1.61 σ_y (σ_y = 940 MPa).
  const double modulus = 193e9 / (2.0 * (1.0 - 0.09));
  const double yield = std::numbers::pi * std::numbers::pi * radius / 2.0 * std::pow(1.61 * 940e6, 2) /
                       (4.0 * modulus * modulus);
  EXPECT_NEAR(yield, 5.9803e-7, 1e-10);  // models.md §6 #30 (the printed 5.4822e-7 needs 900 MPa)
  const std::vector<SensorPulse> pulses = sensor_pulses(run);
  for (std::size_t i = 0; i < pulses.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "sensor bead " << kSensors[i]);
    EXPECT_EQ(pulses[i].contacts, 1);                        // a single solitary pulse
    EXPECT_GT(pulses[i].max_indentation, yield);             // "elastoplastic contact dominates"
    EXPECT_GT(pulses[i].min_force, -0.05 * pulses[i].peak);  // the tension "does not affect" the wave
    if (i > 0) {
      EXPECT_LT(pulses[i].peak, pulses[i - 1].peak);  // dissipative: decaying peaks
    }
  }
  // Faster than the elastic Hertz chain (about 730 m/s at larger forces): the K_p δ branch above δ_y is stiffer than
  // Hertz up to (K_p/K_h)² = 12 µm (the report's finding; S003 §4.2 calls the two "almost the same").
  EXPECT_GT(wave_speed(pulses, radius, 0), 900.0);
}

TEST(ValidationWang, HertzChainWaveTravelsAtNesterenkosSpeed) {
  const SceneRun run = run_scene(kChain, "hertz");
  ASSERT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  EXPECT_LT(run.relative_energy_error(), 1e-6);
  const double radius = run.scene.variables.at("radius");
  const double mass = run.scene.variables.at("bead_mass");
  const std::vector<SensorPulse> pulses = sensor_pulses(run);
  double mean_peak = 0.0;
  for (std::size_t i = 3; i < pulses.size(); ++i) mean_peak += pulses[i].peak / static_cast<double>(pulses.size() - 3);
  // Long-wave solitary wave: V = (2/√5) c ξ_m^{1/4}, c² = K a^{5/2}/m, ξ_m = (F_m/K)^{2/3}/a, a = 2R.
  const double diameter = 2.0 * radius;
  const double stiffness = 4.0 / 3.0 * 193e9 / (2.0 * (1.0 - 0.09)) * std::sqrt(radius / 2.0);
  const double strain = std::pow(mean_peak / stiffness, 2.0 / 3.0) / diameter;
  const double predicted = 2.0 / std::sqrt(5.0) * std::sqrt(stiffness * std::pow(diameter, 2.5) / mass) *
                           std::pow(strain, 0.25);
  const double measured = wave_speed(pulses, radius, 3);
  EXPECT_NEAR(measured / predicted - 1.0, 0.0, 0.03) << "measured " << measured << " m/s, predicted " << predicted;
  // Elastic: the peak does not decay.
  EXPECT_NEAR(pulses.back().peak / pulses[3].peak, 1.0, 0.01);
}

}  // namespace
}  // namespace contactlab::validation
