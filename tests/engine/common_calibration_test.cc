// SPDX-License-Identifier: MIT
// The compile stage's common calibration (CompileOptions::common_calibration, `compare --calibrate`) and the
// equivalent linear stiffness of laws that need one on a Hertz contact (equivalent_linear_stiffness). A steel sphere
// on a prismatic joint meets a steel halfspace with no gravity: the pair's isolated impact itself.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "contact/material_mixing.h"
#include "engine/calibration.h"
#include "engine/compile_scene.h"
#include "engine/scene_calibration.h"
#include "models/registry.h"

namespace contactlab {
namespace {

constexpr double kMass = 0.5;    // [kg]
constexpr double kRadius = 0.02;  // [m]

SceneSpec sphere_on_steel(const std::string& law) {
  return {
      .name = "common",
      .gravity = Vec3::Zero(),
      .materials = {{.name = "steel", .youngs_modulus = 2.07e11, .poisson_ratio = 0.3}},
      .world = {.shapes = {{.name = "ground", .type = "halfspace", .material = "steel"}}},
      .bodies = {{.name = "ball",
                  .mass = kMass,
                  .joint = {.type = "prismatic"},
                  .initial = {.q = {{0.03}}, .v = {{-1.0}}},
                  .shapes = {{.type = "sphere", .radius = kRadius, .material = "steel"}}}},
      .contacts = {.law = law, .parameters = {{"restitution", 0.8}}, .laws = {{"kelvin_voigt", {{"damping", 50.0}}}}},
      .duration = 0.1,
  };
}

double hertz_stiffness_of_the_pair() {
  const double e_star = 2.07e11 / (2.0 * (1.0 - 0.3 * 0.3));
  return 4.0 / 3.0 * e_star * std::sqrt(kRadius);
}

// k = m v²/δ_H², δ_H = (5 m v²/(4K))^{2/5} (contact/material_mixing.h), the same maximum indentation in the impact at
// v: checked by simulating both impacts, to the integrator's tolerance (relative 1e-10 on the indentation).
TEST(EquivalentLinearStiffness, GivesTheHertzMaximumIndentationAtTheReferenceSpeed) {
  const double K = hertz_stiffness_of_the_pair();
  for (const double speed : {0.1, 1.0, 5.0}) {
    const double hertz_max = std::pow(1.25 * kMass * speed * speed / K, 0.4);
    EXPECT_NEAR(equivalent_linear_stiffness(K, 1.5, kMass, speed), kMass * speed * speed / (hertz_max * hertz_max),
                1e-12 * kMass * speed * speed / (hertz_max * hertz_max));
  }
  // hooke (F = k δ) compiled on the Hertz contact with a calibration speed of 1.5 m/s (the restitution is not used:
  // hooke is elastic and has nothing to calibrate).
  const double speed = 1.5;
  CompiledScene hooke = compile_scene(sphere_on_steel("flores"), {.law_override = "hooke", .common_calibration = CommonCalibration{0.9, speed}});
  const ContactPairModel& linear = hooke.model.contact.pairs.at(0);
  EXPECT_EQ(linear.exponent, 1.0);
  EXPECT_EQ(linear.linear_stiffness_speed, speed);
  EXPECT_TRUE(hooke.calibrations.empty());
  const CompiledScene hertz = compile_scene(sphere_on_steel("flores"), {.law_override = "hertz"});
  const ContactPairModel& curved = hertz.model.contact.pairs.at(0);
  EXPECT_NEAR(curved.stiffness / K, 1.0, 1e-12);
  const double linear_max = simulate_isolated_impact(linear, kMass, speed).impact.max_indentation;
  const double hertz_max = simulate_isolated_impact(curved, kMass, speed).impact.max_indentation;
  EXPECT_NEAR(linear_max / hertz_max, 1.0, 1e-8);
  // Without a calibration, the reference speed is 1 m/s.
  const CompiledScene at_one = compile_scene(sphere_on_steel("flores"), {.law_override = "hooke"});
  EXPECT_EQ(at_one.model.contact.pairs.at(0).linear_stiffness_speed, 1.0);
  EXPECT_NEAR(at_one.model.contact.pairs.at(0).stiffness / equivalent_linear_stiffness(K, 1.5, kMass, 1.0), 1.0, 1e-14);
}

// Each law's dissipation parameter is set so that the pair's isolated impact at 1.5 m/s returns 0.9. The
// calibration stops at |c − 0.9| ≤ 1e-9 (CalibrationOptions::restitution_tolerance) on runs that do not locate force
// peaks; the check runs the impact again with them located, which moves c by the integration error (relative
// tolerance 1e-10): 1e-8 covers both.
TEST(CommonCalibration, EveryLawWithADissipationParameterReturnsTheTarget) {
  const CommonCalibration common{0.9, 1.5};
  for (const char* law : {"kelvin_voigt", "hunt_crossley", "flores", "schafer", "tsuji", "poursina_nikravesh", "impulse"}) {
    SCOPED_TRACE(law);
    CompiledScene scene = compile_scene(sphere_on_steel("flores"), {.law_override = law, .common_calibration = common});
    ASSERT_EQ(scene.calibrations.size(), 1u);
    EXPECT_EQ(scene.calibrations[0].parameter, law_info(find_law(law)).dissipation_parameter);
    EXPECT_EQ(scene.calibrations[0].key_path, "--calibrate");
    const std::vector<CalibrationOutcome> outcomes = calibrate_scene(scene);
    ASSERT_EQ(outcomes.size(), 1u);
    EXPECT_NEAR(outcomes[0].restitution, 0.9, 1e-9);
    const ContactPairModel& pair = scene.model.contact.pairs.at(0);
    EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, outcomes[0].parameter), outcomes[0].value);
    // A rigid impact takes the target as its Newton restitution, exactly (its impact is not a force law's run).
    if (pair.law_info->impulsive) EXPECT_EQ(outcomes[0].value, 0.9);
    else EXPECT_NEAR(simulate_isolated_impact(pair, kMass, 1.5).restitution, 0.9, 1e-8);
  }
}

// Roy–Carretero's two bodies' dampings are calibrated together, equal (LawInfo::dissipation_twin): an impact sees only
// their series coefficient D1D2/(R2D1 + R1D2). Its moduli and radii come from the two steel spheres
// (contact/material_parameters.h).
TEST(CommonCalibration, RoyCarreteroDampingsAreCalibratedEqual) {
  SceneSpec spec = sphere_on_steel("flores");
  spec.world.shapes = {{.name = "anvil", .type = "sphere", .radius = kRadius, .material = "steel"}};
  spec.bodies[0].initial.q = {{0.05}};
  CompiledScene scene = compile_scene(spec, {.law_override = "roy_carretero", .common_calibration = CommonCalibration{0.9, 1.5}});
  ASSERT_EQ(scene.calibrations.size(), 1u);
  EXPECT_EQ(scene.calibrations[0].parameter, "damping_1");
  const std::vector<CalibrationOutcome> outcomes = calibrate_scene(scene);
  ASSERT_EQ(outcomes.size(), 1u);
  const ContactPairModel& pair = scene.model.contact.pairs.at(0);
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "damping_1"), outcomes[0].value);
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "damping_2"), outcomes[0].value);
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "radius_1"), kRadius);
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "modulus_2"), 2.07e11);
  EXPECT_NEAR(simulate_isolated_impact(pair, kMass, 1.5).restitution, 0.9, 1e-8);
}

// An elastic law, and one whose dissipation follows from a material constant, are left as given.
TEST(CommonCalibration, LawsWithoutADissipationParameterAreNotCalibrated) {
  for (const char* law : {"hertz", "hooke", "thornton"}) {
    SCOPED_TRACE(law);
    SceneSpec spec = sphere_on_steel("flores");
    spec.contacts.laws.push_back({"thornton", {{"yield_strength", 1.0e9}}});
    const CompiledScene scene = compile_scene(spec, {.law_override = law, .common_calibration = CommonCalibration{0.9, 1.5}});
    EXPECT_TRUE(law_info(find_law(law)).dissipation_parameter.empty());
    EXPECT_TRUE(scene.calibrations.empty());
  }
}

// Every built-in law names its dissipation parameter among its given ones, or none (register_law checks it); the
// elastic laws and the plasticity laws have none.
TEST(CommonCalibration, DissipationParametersAreGivenParameters) {
  for (const LawInfo& law : all_laws()) {
    if (law.dissipation_parameter.empty()) continue;
    EXPECT_NE(find_parameter(law, law.dissipation_parameter), nullptr) << law.id;
  }
  for (const char* elastic : {"hertz", "hooke"}) EXPECT_TRUE(law_info(find_law(elastic)).dissipation_parameter.empty());
  EXPECT_EQ(law_info(find_law("kelvin_voigt")).dissipation_parameter, "damping");
  EXPECT_EQ(law_info(find_law("hunt_crossley")).dissipation_parameter, "restitution");
}

}  // namespace
}  // namespace contactlab
