// SPDX-License-Identifier: MIT
// A law written outside contactlab — one force function and its metadata — registered at run time
// (models/registry.h register_law) and then used by name exactly like a built-in law: found by id and alias,
// compiled with named parameters, and run end to end from a scene's `law:`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "engine/data.h"
#include "engine/simulate.h"
#include "models/registry.h"
#include "models/typed_law.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

// A linear spring with its own rate: F = k δ, k a parameter of the law (not the pair's stiffness).
struct SpringParameters {
  double spring_rate;
};

ContactForce linear_spring_force(const ContactInput& in, const SpringParameters& p, const double*) {
  if (in.indentation <= 0.0) return {};
  return {p.spring_rate * in.indentation, p.spring_rate, 0.0};
}

// Registers the law once per process from strings that die with this function (as a plugin's or a script's
// would), so that the registry's copies are what the rest of the test sees.
LawIndex register_linear_spring() {
  static const LawIndex index = [] {
    std::string id = "user_linear_spring";
    std::string alias = "user_spring";
    std::string name = "spring_rate";
    const std::string_view aliases[] = {alias};
    const LawParameter parameters[] = {
        {name, "N/m", "spring rate k", 0.0, true, 0.0, std::numeric_limits<double>::infinity(), true, true},
    };
    EXPECT_TRUE(parameter_struct_declares<SpringParameters>(parameters));
    LawInfo law;
    law.id = id;
    law.aliases = aliases;
    law.family = "user";
    law.formula = "F = k δ";
    law.source = "tests/models/user_law_test.cc";
    law.parameters = parameters;
    law.force = law_function<linear_spring_force>;
    const LawIndex registered = register_law(law);
    id.assign(id.size(), 'x');
    alias.assign(alias.size(), 'x');
    name.assign(name.size(), 'x');
    return registered;
  }();
  return index;
}

TEST(UserLaw, IsFoundByIdAndAliasAndListed) {
  const LawIndex index = register_linear_spring();
  EXPECT_EQ(find_law("user_linear_spring"), index);
  EXPECT_EQ(find_law("user_spring"), index);
  const LawInfo& law = law_info(index);
  EXPECT_EQ(law.id, "user_linear_spring");
  ASSERT_EQ(law.aliases.size(), 1u);
  EXPECT_EQ(law.aliases[0], "user_spring");
  ASSERT_EQ(law.parameters.size(), 1u);
  EXPECT_EQ(law.parameters[0].name, "spring_rate");
  EXPECT_EQ(&all_laws()[static_cast<std::size_t>(index)], &law);
  const auto ids = law_ids();
  EXPECT_NE(std::find(ids.begin(), ids.end(), "user_linear_spring"), ids.end());
}

TEST(UserLaw, CompilesWithNamedParameters) {
  const LawInfo& law = law_info(register_linear_spring());
  const NamedValue values[] = {{"spring_rate", 2.5e5}};
  const LawParameters p = compile_law_parameters(law, values);
  EXPECT_EQ(parameter_value(law, p, "spring_rate"), 2.5e5);
  ContactInput in;
  in.indentation = 1e-3;
  EXPECT_EQ(law.force(in, p.values, nullptr).force, 250.0);
  const NamedValue wrong[] = {{"spring_rat", 1.0}};
  EXPECT_THROW(compile_law_parameters(law, wrong), std::invalid_argument);
}

TEST(UserLaw, RunsInASceneWithTheSpringsClosedFormContact) {
  register_linear_spring();
  // A 2 kg block on a prismatic joint meets a wall at 1 m/s, no gravity: a linear spring k holds it for half a
  // period, π√(m/k), indents it by v√(m/k) and returns it at the speed it came (c = 1). The pair's own stiffness,
  // which the engine's first-step guess reads, is set to the same k.
  const double mass = 2.0;
  const double rate = 1e6;
  const double speed = 1.0;
  const std::string text = R"(
scene: user_law
gravity: [0, 0, 0]
world:
  shapes:
    - {name: wall, type: halfspace, normal: [0, 0, 1]}
bodies:
  - name: block
    mass: 2.0
    joint: {type: prismatic, axis: [0, 0, 1]}
    initial: {q: 0.11, v: -1.0}
    shapes:
      - {type: sphere, radius: 0.1}
contacts:
  law: user_spring
  parameters: {spring_rate: 1.0e6}
  stiffness: 1.0e6
  exponent: 1
integrator: {method: dormand_prince, relative_tolerance: 1e-10, absolute_tolerance: 1e-12}
duration: 0.03
)";
  const Scene scene = load_scene_text(text, "user_law.yaml");
  ASSERT_EQ(scene.model.contact.pairs.size(), 1u);
  const ContactPairModel& pair = scene.model.contact.pairs[0];
  EXPECT_EQ(pair.law_info->id, "user_linear_spring");
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "spring_rate"), rate);

  State state = scene.initial_state;
  Data data(scene.model);
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  const ImpactRecord& impact = result.impacts[0];
  const double contact_time = std::numbers::pi * std::sqrt(mass / rate);
  EXPECT_NEAR(impact.t_start, 0.01, 1e-9);
  EXPECT_NEAR(impact.t_end - impact.t_start, contact_time, 1e-8 * contact_time);
  EXPECT_NEAR(impact.impact_velocity, speed, 1e-9);
  EXPECT_NEAR(impact.restitution, 1.0, 1e-8);
  EXPECT_NEAR(impact.max_indentation, speed * std::sqrt(mass / rate), 1e-8 * speed * std::sqrt(mass / rate));
}

}  // namespace
}  // namespace contactlab
