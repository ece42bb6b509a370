// SPDX-License-Identifier: MIT
// Validation item 4 (docs/validation.md §4): two aluminium spheres in direct central impact, Alves et al.
// (S000) §4, Figs 3–4, on scenes/two_spheres_aluminium.yaml (R = 20 mm, 0.092 kg each, ±0.15 m/s,
// K = 5.5e9 N/m^1.5, c = 0.7), run exactly as `contactlab run scenes/two_spheres_aluminium.yaml --model LAW`
// for the models (a)–(h) of S000 Figs 3–4 and zhang_sharf_exact.
//
// S000 prints no numbers for this example, only statements; models.md §5.1 computed z, F_max, the achieved
// restitution and the post-impact relative velocity for each model ([computed]). Tolerance: one unit in the
// last digit printed there (±1e-4 for z, c_out and velocities, ±0.01 N for F_max), i.e. agreement to the
// printed digits. The statements are checked as printed: Hertz returns at −0.3 m/s; Herbert–McWhannell,
// Gonthier, Zhang–Sharf, Zhiying–Qishao and Flores "at −0.2 m/s" (one digit: within ±0.05); Gharib–Hurmuzlu
// has the lowest post-impact velocity, Lee–Wang is the most elastic; the force starts and ends at zero and is
// always compressive.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "scene_run.h"

namespace contactlab::validation {
namespace {

constexpr char kScene[] = "two_spheres_aluminium.yaml";

struct Computed {  // models.md §5.1 [computed]
  const char* law;
  double z;
  double max_force;         // [N]
  double restitution;       // c_out
  double velocity_after;    // post-impact relative velocity δ̇⁺ [m/s]
};

constexpr std::array<Computed, 9> kModels{{
    {"hunt_crossley", 0.4500, 304.80, 0.7680, -0.2304},        // (a)
    {"herbert_mcwhannell", 0.5696, 302.90, 0.7227, -0.2168},   // (b)
    {"lee_wang", 0.2250, 313.63, 0.8693, -0.2608},             // (c)
    {"lankarani_nikravesh", 0.3825, 306.60, 0.7960, -0.2388},  // (d)
    {"gonthier", 0.7286, 302.21, 0.6696, -0.2009},             // (e)
    {"zhiying_qishao", 0.6970, 302.21, 0.6796, -0.2039},       // (f)
    {"flores", 0.6857, 302.23, 0.6832, -0.2050},               // (g)
    {"gharib_hurmuzlu", 1.4286, 310.97, 0.5008, -0.1502},      // (h)
    {"zhang_sharf_exact", 0.6348, 302.40, 0.7000, -0.2100},
}};

struct Measured {
  SceneRun run;
  double z_min = 0.0, z_max = 0.0;
  double min_force = HUGE_VAL;  // over every sample in contact
  double velocity_after = 0.0;  // δ̇⁺ = −separation velocity
};

Measured measure(const char* law) {
  const Scene scene = load_scene(scene_path(kScene));
  const double stiffness = scene.variables.at("stiffness");
  HuntCrossleyZ z(stiffness, 1.5, 2.0 * scene.variables.at("speed"));
  double min_force = HUGE_VAL;
  auto observer = [&](const State& state, const Data& data) {
    z(state, data);
    if (-data.geometry[0].gap > 0.0) min_force = std::min(min_force, data.contact_force[0]);
  };
  Measured m{run_scene(kScene, law, {}, observer)};
  m.z_min = z.min();
  m.z_max = z.max();
  m.min_force = min_force;
  if (!m.run.result.impacts.empty()) m.velocity_after = -m.run.impact().separation_velocity;
  return m;
}

const std::array<Measured, kModels.size()>& measured() {
  static const auto table = [] {
    std::array<Measured, kModels.size()> t;
    for (std::size_t i = 0; i < kModels.size(); ++i) t[i] = measure(kModels[i].law);
    return t;
  }();
  return table;
}

TEST(ValidationAluminiumSpheres, ModelsMatchModelsMdComputedTable) {
  for (std::size_t i = 0; i < kModels.size(); ++i) {
    const Computed& reference = kModels[i];
    const Measured& m = measured()[i];
    SCOPED_TRACE(std::string("contactlab run scenes/two_spheres_aluminium.yaml --model ") + reference.law);
    ASSERT_EQ(m.run.result.status, SimulationStatus::kCompleted) << m.run.result.message;
    ASSERT_EQ(m.run.result.impacts.size(), 1u);
    const ImpactRecord& r = m.run.impact();
    EXPECT_NEAR(r.impact_velocity, 0.3, 1e-9);
    EXPECT_NEAR(r.effective_mass, 0.046, 1e-12);  // m_eff of two free 0.092 kg bodies
    EXPECT_NEAR(m.z_max - m.z_min, 0.0, 1e-9 * m.z_max);
    EXPECT_NEAR(m.z_max, reference.z, 1e-4);
    EXPECT_NEAR(r.max_force, reference.max_force, 0.01);
    EXPECT_NEAR(r.restitution, reference.restitution, 1e-4);
    EXPECT_NEAR(m.velocity_after, reference.velocity_after, 1e-4);
    // The bodies' velocities after the impact: v_left = δ̇⁺/2, v_right = −δ̇⁺/2 (equal masses, zero momentum).
    EXPECT_NEAR(m.run.final_state.v[0], reference.velocity_after / 2.0, 1e-4);
    EXPECT_NEAR(m.run.final_state.v[1], -reference.velocity_after / 2.0, 1e-4);
    EXPECT_LT(m.run.relative_energy_error(), 1e-6);
  }
}

TEST(ValidationAluminiumSpheres, S000Statements) {
  // "Hertz returns at −0.3 m/s": elastic, so exactly (δ_max = 1.5467e-5 m, F_max = 334.57 N, models.md §5.1).
  const SceneRun hertz = run_scene(kScene, "hertz");
  ASSERT_EQ(hertz.result.status, SimulationStatus::kCompleted) << hertz.result.message;
  EXPECT_NEAR(-hertz.impact().separation_velocity, -0.3, 1e-6);
  EXPECT_NEAR(hertz.impact().max_indentation, 1.5467e-5, 1e-9);
  EXPECT_NEAR(hertz.impact().max_force, 334.57, 0.01);

  std::array<double, kModels.size()> speed_after{};
  for (std::size_t i = 0; i < kModels.size(); ++i) {
    const std::string law = kModels[i].law;
    const Measured& m = measured()[i];
    speed_after[i] = -m.velocity_after;
    // "Herbert–McWhannell, Gonthier, Zhang–Sharf, Zhiying–Qishao and Flores return at −0.2 m/s" (one digit).
    if (law == "herbert_mcwhannell" || law == "gonthier" || law == "zhang_sharf_exact" || law == "zhiying_qishao" ||
        law == "flores") {
      EXPECT_LT(std::abs(m.velocity_after + 0.2), 0.05) << law;
    }
    // "The force starts and ends at zero and is always compressive."
    EXPECT_GE(m.min_force, 0.0) << law;
    EXPECT_GE(m.run.impact().min_force, 0.0) << law;
  }
  // "Gharib–Hurmuzlu has the lowest post-impact velocity; Lee–Wang is the most elastic."
  const auto slowest = std::min_element(speed_after.begin(), speed_after.end()) - speed_after.begin();
  const auto fastest = std::max_element(speed_after.begin(), speed_after.end()) - speed_after.begin();
  EXPECT_STREQ(kModels[static_cast<std::size_t>(slowest)].law, "gharib_hurmuzlu");
  EXPECT_STREQ(kModels[static_cast<std::size_t>(fastest)].law, "lee_wang");
}

}  // namespace
}  // namespace contactlab::validation
