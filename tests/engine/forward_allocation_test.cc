// SPDX-License-Identifier: MIT
// engine/forward: the right-hand side allocates nothing once the workspace exists (counted through a global
// operator new in this test binary only).
#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/forward.h"
#include "models/registry.h"
#include "tests/engine/counting_new.h"
#include "tests/engine/random_tree.h"

namespace contactlab {
namespace {

TEST(ForwardAllocation, RightHandSideDoesNotAllocate) {
  // A random tree of every joint type plus an active sphere–halfspace contact with a Hunt–Crossley law.
  test::RandomSource random(7);
  Model model = test::make_random_tree(random, 12);
  model.contact.materials = {Material{"steel", 2e11, 0.3, 7800.0, 1e9}};
  Shape ground;
  ground.name = "ground";
  ground.type = ShapeType::kHalfspace;
  ground.body = 0;
  Shape ball;
  ball.name = "ball";
  ball.type = ShapeType::kSphere;
  ball.body = 1;
  ball.radius = 10.0;  // large enough to reach the ground from any random pose
  model.contact.shapes = {ground, ball};
  ContactPairModel pair;
  pair.name = "ground/ball";
  pair.shape_a = 0;
  pair.shape_b = 1;
  pair.body_a = 0;
  pair.body_b = 1;
  pair.law = find_law("flores");
  pair.law_info = &law_info(pair.law);
  pair.parameters = compile_law_parameters(*pair.law_info, std::vector<NamedValue>{{"restitution", 0.8}});
  pair.stiffness = 1e6;
  model.contact.pairs = {pair};

  Data data(model);
  State state = make_state(model);
  state.q = test::random_configuration(random, model);
  state.v = random.vector_n(model.nv, 1.0);
  state.contacts[0].active = true;
  state.contacts[0].impact_velocity = 1.0;
  forward(model, state, data);  // first evaluation: every buffer exists afterwards

  const long before = test::allocations.load();
  for (int i = 0; i < 100; ++i) evaluate(model, 0.01 * i, state.q, state.v, state.contacts, data);
  EXPECT_EQ(test::allocations.load() - before, 0);
  EXPECT_TRUE(data.qdd.allFinite());
}

}  // namespace
}  // namespace contactlab
