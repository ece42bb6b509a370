// SPDX-License-Identifier: MIT
// engine/forward: the right-hand side allocates nothing once the workspace exists (counted through a global
// operator new in this test binary only).
#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/forward.h"
#include "engine/loop_closure.h"
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

TEST(ForwardAllocation, ClosingLoopsDoesNotAllocate) {
  // A four-bar built in code: crank, coupler and rocker on revolute joints about z, closed by a revolute loop
  // constraint between the coupler's end and the rocker's (two active rows, three held by the tree).
  Model model = make_model();
  model.gravity = Vec3(0.0, -9.81, 0.0);
  auto link = [&](const char* name, int parent, const Vec3& position, double length) {
    Body body;
    body.name = name;
    body.parent = parent;
    body.joint.type = JointType::kRevolute;
    body.joint.placement.translation() = position;
    body.mass = 1.0;
    body.com = Vec3(0.5 * length, 0.0, 0.0);
    body.inertia = Mat3::Identity() * 1e-2;
    return add_body(model, body);
  };
  const int crank = link("crank", 0, Vec3::Zero(), 0.1);
  const int coupler = link("coupler", crank, Vec3(0.1, 0.0, 0.0), 0.35);
  const int rocker = link("rocker", 0, Vec3(0.4, 0.0, 0.0), 0.3);
  finalize(model);
  LoopConstraint pin;
  pin.name = "pin";
  pin.body_a = coupler;
  pin.body_b = rocker;
  pin.frame_a.translation() = Vec3(0.35, 0.0, 0.0);
  pin.frame_b.translation() = Vec3(0.3, 0.0, 0.0);
  pin.rows = loop_rows(pin.type);
  model.loops = {pin};
  State state = make_state(model);
  state.q << 1.2, -0.9, 1.5;
  state.v << 4.0, 0.0, 0.0;
  ASSERT_FALSE(classify_loop_rows(model, state).has_value());
  Data data(model);
  ASSERT_TRUE(project_loops(model, data, state.q, state.v, 1e-9));
  forward(model, state, data);

  const long before = test::allocations.load();
  for (int i = 0; i < 100; ++i) evaluate(model, 0.01 * i, state.q, state.v, state.contacts, data);
  EXPECT_EQ(test::allocations.load() - before, 0);
  EXPECT_FALSE(data.loops_singular);
  EXPECT_TRUE(data.qdd.allFinite());
}

}  // namespace
}  // namespace contactlab
