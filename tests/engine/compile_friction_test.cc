// SPDX-License-Identifier: MIT
// engine/compile_friction.cc: a specification's `friction` blocks compiled into the pairs — the law by id or alias,
// its parameters by name with their defaults and derived values — and each misuse refused at its key path.
#include <string>

#include <gtest/gtest.h>

#include "engine/compile_scene.h"
#include "models/friction_registry.h"

namespace contactlab {
namespace {

// A ball on a vertical slider above a ground, both steel.
SceneSpec ball_on_ground() {
  SceneSpec spec;
  spec.name = "ball";
  spec.duration = 0.1;
  spec.materials.push_back(MaterialSpec{.name = "steel", .youngs_modulus = 2e11, .rigid = false, .poisson_ratio = 0.3,
                                        .density = 0.0, .yield_strength = {}, .restitution = {}, .friction = {},
                                        .static_friction = {}});
  ShapeSpec ground;
  ground.name = "ground";
  ground.type = "halfspace";
  ground.material = "steel";
  spec.world.shapes.push_back(ground);
  BodySpec ball;
  ball.name = "ball";
  ball.mass = 1.0;
  ball.joint.type = "prismatic";
  ball.initial.q = std::vector<double>{0.2};
  ShapeSpec sphere;
  sphere.type = "sphere";
  sphere.radius = 0.1;
  sphere.material = "steel";
  ball.shapes.push_back(sphere);
  spec.bodies.push_back(ball);
  return spec;
}

FrictionSpec friction(const std::string& law, std::vector<ParameterValue> parameters) {
  return FrictionSpec{law, std::move(parameters)};
}

// The key path and problem of the SpecError compiling `spec` throws.
SpecError refusal(const SceneSpec& spec) {
  try {
    compile_scene(spec);
  } catch (const SpecError& error) {
    return error;
  }
  ADD_FAILURE() << "compiled";
  return SpecError("", "");
}

TEST(CompileFriction, NoFrictionBlockMeansFrictionless) {
  const CompiledScene scene = compile_scene(ball_on_ground());
  ASSERT_EQ(scene.model.contact.pairs.size(), 1u);
  EXPECT_EQ(scene.model.contact.pairs[0].friction_law, nullptr);
}

TEST(CompileFriction, TheLawAndItsNamedParametersReachThePair) {
  SceneSpec spec = ball_on_ground();
  spec.contacts.friction = friction("lugre", {{"static_friction", 0.4}, {"kinetic_friction", 0.3},
                                              {"stribeck_velocity", 1e-3}, {"bristle_stiffness", 1e5}});
  const ContactPairModel& pair = compile_scene(spec).model.contact.pairs.at(0);
  ASSERT_NE(pair.friction_law, nullptr);
  EXPECT_EQ(pair.friction_law->id, "lugre");
  const ParameterTable table = parameter_table(*pair.friction_law);
  EXPECT_EQ(parameter_value(table, pair.friction_parameters, "static_friction"), 0.4);
  EXPECT_EQ(parameter_value(table, pair.friction_parameters, "bristle_stiffness"), 1e5);
  EXPECT_EQ(parameter_value(table, pair.friction_parameters, "bristle_damping"), 0.0);  // its default
}

TEST(CompileFriction, AListedPairsFrictionReplacesTheBlocksAndNoneTurnsItOff) {
  SceneSpec spec = ball_on_ground();
  spec.contacts.friction = friction("coulomb_tanh", {{"friction", 0.3}, {"regularisation_velocity", 1e-4}});
  PairSpec listed;
  listed.shapes = {"ground", "ball"};
  listed.friction = friction("none", {});
  spec.contacts.pairs = std::vector<PairSpec>{listed};
  EXPECT_EQ(compile_scene(spec).model.contact.pairs.at(0).friction_law, nullptr);
  (*spec.contacts.pairs)[0].friction = friction("dahl", {{"kinetic_friction", 0.2}, {"bristle_stiffness", 1e4}});
  EXPECT_EQ(compile_scene(spec).model.contact.pairs.at(0).friction_law->id, "dahl");
}

// Coefficients the friction block leaves out come from the materials, mixed per pair by the geometric mean
// (contact/material_mixing.h): steel μ_k = 0.36 against rubber μ_k = 1.0 gives 0.6; μ_s from each material's
// static_friction (steel 0.64, rubber none: its μ_k, 1.0), √(0.64 · 1.0) = 0.8. A coefficient given in the block wins.
TEST(CompileFriction, CoefficientsLeftOutComeFromTheMaterialsByTheGeometricMean) {
  SceneSpec spec = ball_on_ground();
  spec.materials[0].friction = 0.36;
  spec.materials[0].static_friction = 0.64;
  spec.materials.push_back(MaterialSpec{.name = "rubber", .youngs_modulus = 1e7, .rigid = false, .poisson_ratio = 0.45,
                                        .density = 0.0, .yield_strength = {}, .restitution = {}, .friction = 1.0,
                                        .static_friction = {}});
  spec.bodies[0].shapes[0].material = "rubber";
  spec.contacts.friction = friction("lugre", {{"stribeck_velocity", 1e-3}, {"bristle_stiffness", 1e5}});
  const ContactPairModel& pair = compile_scene(spec).model.contact.pairs.at(0);
  const ParameterTable table = parameter_table(*pair.friction_law);
  EXPECT_NEAR(parameter_value(table, pair.friction_parameters, "kinetic_friction"), 0.6, 1e-15);
  EXPECT_NEAR(parameter_value(table, pair.friction_parameters, "static_friction"), 0.8, 1e-15);
  spec.contacts.friction->parameters.push_back({"kinetic_friction", 0.5});
  const ContactPairModel& given = compile_scene(spec).model.contact.pairs.at(0);
  EXPECT_EQ(parameter_value(table, given.friction_parameters, "kinetic_friction"), 0.5);
  EXPECT_NEAR(parameter_value(table, given.friction_parameters, "static_friction"), 0.8, 1e-15);
}

TEST(CompileFriction, ACoefficientNeitherGivenNorInTheMaterialsIsRefused) {
  SceneSpec spec = ball_on_ground();
  spec.contacts.friction = friction("coulomb_tanh", {{"regularisation_velocity", 1e-4}});
  const SpecError error = refusal(spec);
  EXPECT_EQ(error.key_path(), "contacts") << error.problem();
  EXPECT_NE(error.problem().find("needs friction for ground/ball"), std::string::npos) << error.problem();
}

TEST(CompileFriction, TheImpulseMethodWhichAppliesANormalImpulseOnlyIsRefusedWithFriction) {
  SceneSpec spec = ball_on_ground();
  spec.contacts.method = "impulse";
  spec.contacts.parameters = {{"restitution", 0.5}};
  spec.contacts.friction = friction("coulomb_tanh", {{"friction", 0.3}, {"regularisation_velocity", 1e-4}});
  const SpecError error = refusal(spec);
  EXPECT_EQ(error.key_path(), "contacts.friction") << error.problem();
  EXPECT_NE(error.problem().find("normal impulse only"), std::string::npos) << error.problem();
}

TEST(CompileFriction, EachMisuseIsRefusedAtItsKeyPath) {
  struct Case {
    FrictionSpec friction;
    std::string key_path;
    std::string says;
  };
  const Case cases[] = {
      {FrictionSpec{std::nullopt, {}}, "contacts.friction.law", "missing required key"},
      {friction("colomb_tanh", {}), "contacts.friction.law", "did you mean 'coulomb_tanh'"},
      {friction("coulomb_tanh", {{"mu", 0.3}, {"regularisation_velocity", 1e-4}}), "contacts.friction.parameters.mu",
       "has no parameter 'mu'"},
      {friction("coulomb_tanh", {{"friction", -0.3}, {"regularisation_velocity", 1e-4}}),
       "contacts.friction.parameters.friction", "expected"},
      {friction("coulomb_tanh", {{"friction", 0.3}}), "contacts.friction.law", "regularisation_velocity"},
      {friction("coulomb_tanh", {{"regularisation_velocity", 1e-4}}), "contacts", "needs friction for ground/ball"},
      {friction("coulomb_tanh", {{"friction", 0.3}, {"friction", 0.2}, {"regularisation_velocity", 1e-4}}),
       "contacts.friction.parameters.friction", "given twice"},
      {friction("none", {{"friction", 0.3}}), "contacts.friction.parameters", "takes no parameters"},
      // A sliding coefficient above the static one would let a contact hold less at rest than it drags sliding.
      {friction("coulomb", {{"static_friction", 0.3}, {"kinetic_friction", 0.4}}), "contacts.friction.law",
       "may not exceed"},
      {friction("karnopp", {{"static_friction", 0.4}, {"kinetic_friction", 0.3}}), "contacts.friction.law", "band"},
  };
  for (const Case& c : cases) {
    SceneSpec spec = ball_on_ground();
    spec.contacts.friction = c.friction;
    const SpecError error = refusal(spec);
    EXPECT_EQ(error.key_path(), c.key_path) << error.problem();
    EXPECT_NE(error.problem().find(c.says), std::string::npos) << c.key_path << ": " << error.problem();
  }
}

}  // namespace
}  // namespace contactlab
