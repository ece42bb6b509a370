// SPDX-License-Identifier: MIT
// Tests of engine/pair_table.h: the active and inactive elements, the elements holding a gap offset, the sizes the
// checks read, the halfspaces without an element, and the broadphase's refresh carrying each element's state and
// keeping the work of the pairs that leave.
#include "engine/pair_table.h"

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/kinematics.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {
namespace {

ContactForce no_force(const ContactInput&, const double*, const double*) { return {}; }

LawInfo make_test_law() {
  LawInfo law;
  law.id = "test_law";
  law.force = no_force;
  return law;
}
const LawInfo kTestLaw = make_test_law();

int add_free_body(Model& model, const char* name) {
  Body body;
  body.name = name;
  body.parent = 0;
  body.joint.type = JointType::kFree;
  body.mass = 1.0;
  body.inertia = 1e-2 * Mat3::Identity();
  return add_body(model, body);
}

Shape make_shape(ShapeType type, int body, double radius) {
  Shape shape;
  shape.type = type;
  shape.body = body;
  shape.radius = radius;
  return shape;
}

ContactPairModel make_pair(const Model& model, int shape_a, int shape_b, double effective_radius) {
  ContactPairModel pair;
  pair.name = "pair";
  pair.shape_a = shape_a;
  pair.shape_b = shape_b;
  pair.body_a = model.contact.shapes[static_cast<std::size_t>(shape_a)].body;
  pair.body_b = model.contact.shapes[static_cast<std::size_t>(shape_b)].body;
  pair.law_info = &kTestLaw;
  pair.stiffness = 1e6;
  pair.effective_radius = effective_radius;
  return pair;
}

// The ground, a ball and a box; the pairs ground–ball (curved, R* = the ball's radius) and ball–box (taken as flat
// here, R* infinite), none between the ground and the box.
struct Scene {
  Model model = make_model();
  Scene() {
    const int ball = add_free_body(model, "ball");
    const int box = add_free_body(model, "box");
    finalize(model);
    Shape box_shape = make_shape(ShapeType::kBox, box, 0.0);
    box_shape.half_extents = Vec3(0.2, 0.3, 0.05);
    model.contact.shapes = {make_shape(ShapeType::kHalfspace, 0, 0.0), make_shape(ShapeType::kSphere, ball, 0.1),
                            box_shape};
    model.contact.pairs = {make_pair(model, 0, 1, 0.1),
                           make_pair(model, 1, 2, std::numeric_limits<double>::infinity())};
  }
};

TEST(PairTable, SizesTheChecksFromEachElementsShapes) {
  const Scene scene;
  const Data data(scene.model);
  const State state = make_state(scene.model);
  SimulationOptions options;
  options.overlap_tolerance = 1e-9;
  options.max_indentation_ratio = 0.1;
  PairTable table(scene.model, options);
  table.bind(state, data);
  ASSERT_EQ(table.size(), 2);
  EXPECT_EQ(table.smaller_shape_size(0), 0.1);   // the ball (the ground has no size)
  EXPECT_EQ(table.smaller_shape_size(1), 0.05);  // the box's smallest half extent
  EXPECT_DOUBLE_EQ(table.touch_tolerance(1), 1e-9 * 0.05);
  EXPECT_DOUBLE_EQ(table.validity_depth(0), 0.1 * 0.1);   // of R*
  EXPECT_DOUBLE_EQ(table.validity_depth(1), 0.1 * 0.05);  // flat: of the smaller shape's size
  ASSERT_EQ(table.depth_allowances().size(), 2u);
  EXPECT_DOUBLE_EQ(table.depth_allowances()[0], 0.1 * 0.1);  // below half the ball's width
  // The ground against the box has no element: it is watched.
  ASSERT_EQ(table.unpaired_halfspaces().size(), 1u);
  EXPECT_EQ(table.unpaired_halfspaces()[0], (std::pair<int, int>(0, 2)));
}

TEST(PairTable, ListsTheActiveElementsAndThoseHoldingAnOffset) {
  const Scene scene;
  const Data data(scene.model);
  State state = make_state(scene.model);
  state.contacts[1].gap_offset = -1e-12;  // a touch waiting to be pressed
  PairTable table(scene.model, SimulationOptions{});
  table.bind(state, data);
  EXPECT_TRUE(table.active().empty());
  EXPECT_EQ(std::vector<int>(table.inactive().begin(), table.inactive().end()), (std::vector<int>{0, 1}));
  EXPECT_EQ(std::vector<int>(table.offset_elements().begin(), table.offset_elements().end()), std::vector<int>{1});
  EXPECT_TRUE(table.holds_offset(1));
  EXPECT_FALSE(table.holds_offset(0));

  state.contacts[0].active = true;
  table.set_active(0, true, state);
  EXPECT_EQ(std::vector<int>(table.active().begin(), table.active().end()), std::vector<int>{0});
  EXPECT_EQ(std::vector<int>(table.inactive().begin(), table.inactive().end()), std::vector<int>{1});
  EXPECT_TRUE(table.is_active(0));
  EXPECT_EQ(table.impacting(), 1);
  // A resting contact is active but does not impact.
  state.contacts[0].persistent = true;
  table.set_active(0, true, state);
  EXPECT_EQ(table.impacting(), 0);
  EXPECT_EQ(table.active().size(), 1u);

  table.forget_offsets([](int) { return true; });
  EXPECT_TRUE(table.offset_elements().empty());
}

// set_active moves one element between the two lists: after any sequence of changes they are what a pass over the
// states gives — each ascending, together the whole table — and the impacting count is that of the active elements
// not resting.
TEST(PairTable, SetActiveKeepsBothListsAscendingInAnyOrderOfChanges) {
  Model model = make_model();
  model.contact.shapes = {make_shape(ShapeType::kHalfspace, 0, 0.0)};
  constexpr int kBalls = 6;
  for (int k = 0; k < kBalls; ++k) {
    const int body = add_free_body(model, ("ball_" + std::to_string(k)).c_str());
    model.contact.shapes.push_back(make_shape(ShapeType::kSphere, body, 0.1));
  }
  finalize(model);
  for (int k = 0; k < kBalls; ++k) model.contact.pairs.push_back(make_pair(model, 0, k + 1, 0.1));
  const Data data(model);
  State state = make_state(model);
  PairTable table(model, SimulationOptions{});
  table.bind(state, data);
  ASSERT_EQ(table.size(), kBalls);
  // (element, active, resting): onsets out of order, a separation, a contact coming to rest, a repeated change.
  const struct {
    int element;
    bool active;
    bool resting;
  } changes[] = {{4, true, false}, {1, true, false}, {5, true, false}, {0, true, false}, {1, false, false},
                 {3, true, false}, {5, true, true},  {4, false, false}, {0, false, false}, {0, false, false},
                 {2, true, false}, {5, false, false}};
  for (const auto& change : changes) {
    PairState& s = state.contacts[static_cast<std::size_t>(change.element)];
    s.active = change.active;
    s.persistent = change.resting;
    table.set_active(change.element, change.active, state);
    std::vector<int> active, inactive;
    int impacting = 0;
    for (int e = 0; e < kBalls; ++e) {
      const PairState& c = state.contacts[static_cast<std::size_t>(e)];
      (c.active ? active : inactive).push_back(e);
      if (c.active && !c.persistent) ++impacting;
      EXPECT_EQ(table.is_active(e), c.active) << "element " << e;
    }
    EXPECT_EQ(std::vector<int>(table.active().begin(), table.active().end()), active) << "after " << change.element;
    EXPECT_EQ(std::vector<int>(table.inactive().begin(), table.inactive().end()), inactive) << "after " << change.element;
    EXPECT_EQ(table.impacting(), impacting) << "after " << change.element;
  }
}

// Two balls on the ground found by the broadphase: the table follows the candidates, and an element that stays keeps
// its state and its ledger entry.
TEST(PairTable, TheBroadphasesRefreshCarriesTheElementsThatStay) {
  Model model = make_model();
  const int a = add_free_body(model, "a");
  const int b = add_free_body(model, "b");
  finalize(model);
  model.contact.shapes = {make_shape(ShapeType::kHalfspace, 0, 0.0), make_shape(ShapeType::kSphere, a, 0.1),
                          make_shape(ShapeType::kSphere, b, 0.1)};
  for (Shape& shape : model.contact.shapes) shape.material = 0;
  Material steel;
  steel.youngs_modulus = 2e11;
  steel.poisson_ratio = 0.3;
  model.contact.materials = {steel};
  model.contact.broadphase = true;
  model.contact.margin = 0.05;
  model.contact.settings.law_info = &kTestLaw;
  Data data(model);
  State state = make_state(model);
  state.q.segment<3>(0) = Vec3(0.0, 0.0, 0.12);  // a just above the ground
  state.q.segment<3>(7) = Vec3(1.0, 0.0, 2.0);   // b far from everything
  PairTable table(model, SimulationOptions{});
  ASSERT_TRUE(table.refresh(state, data, true));
  ASSERT_EQ(state.dynamic_pairs.size(), 1u) << "the ground and a";
  ASSERT_EQ(data.elements.size(), 1u);
  EXPECT_EQ(std::vector<int>(table.carried_from().begin(), table.carried_from().end()), std::vector<int>{-1});
  state.contacts[0].active = true;
  state.contacts[0].max_force = 42.0;
  state.absorbed_work[0] = 0.5;

  forward_kinematics(model, state.q, state.v, data);
  EXPECT_FALSE(table.refresh_due(state.q.data(), data));
  // b comes down next to a: the pairs ground–b and a–b join; ground–a stays, with its state.
  state.q.segment<3>(7) = Vec3(0.15, 0.0, 0.12);
  forward_kinematics(model, state.q, state.v, data);
  EXPECT_TRUE(table.refresh_due(state.q.data(), data));
  ASSERT_TRUE(table.refresh(state, data, false));
  ASSERT_EQ(state.dynamic_pairs.size(), 3u);
  ASSERT_EQ(data.elements.size(), 3u);
  ASSERT_EQ(state.contacts.size(), 3u);
  int kept = -1;
  for (std::size_t e = 0; e < data.elements.size(); ++e) {
    const ContactPairModel& pair = *data.elements[e].pair;
    if (pair.shape_a == 0 && pair.shape_b == 1) {
      kept = static_cast<int>(e);
      EXPECT_EQ(table.carried_from()[e], 0);
      EXPECT_TRUE(state.contacts[e].active);
      EXPECT_EQ(state.contacts[e].max_force, 42.0);
      EXPECT_EQ(state.absorbed_work[static_cast<Eigen::Index>(e)], 0.5);
    } else {
      EXPECT_EQ(table.carried_from()[e], -1);
      EXPECT_FALSE(state.contacts[e].active);
      EXPECT_EQ(state.absorbed_work[static_cast<Eigen::Index>(e)], 0.0);
    }
  }
  EXPECT_GE(kept, 0);
  // Nothing moved since: the same table, nothing made anew.
  EXPECT_FALSE(table.refresh(state, data, false));

  // a and b fly off, their contacts over: every pair leaves the table, and the 0.5 J the ground–a contact absorbed
  // stays in the run's ledger (State::retired_work), or E + W_dissipated = E(0) would break by 0.5 J.
  for (PairState& contact : state.contacts) contact = PairState{};
  state.absorbed_work[kept] = 0.5;
  state.q.segment<3>(0) = Vec3(-3.0, 0.0, 3.0);
  state.q.segment<3>(7) = Vec3(3.0, 0.0, 3.0);
  forward_kinematics(model, state.q, state.v, data);
  ASSERT_TRUE(table.refresh(state, data, false));
  EXPECT_TRUE(state.dynamic_pairs.empty());
  EXPECT_EQ(state.absorbed_work.size(), 0);
  EXPECT_EQ(state.retired_work, 0.5);
}

}  // namespace
}  // namespace contactlab
