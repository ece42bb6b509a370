// SPDX-License-Identifier: MIT
// Tests of engine/resting_method.h: BDF takes over while every active contact rests, is kept while its steps are long
// against the explicit method's stability limit, gives the spell back when they are not, and is tried again later.
#include "engine/resting_method.h"

#include <cmath>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/pair_table.h"
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

// A ball on a slider above the ground, its contact resting: F_max = 100 N at δ_max = 10 µm, m_eff = 0.5 kg, n = 1.5,
// so ω² = n F_max/(δ_max m_eff) = 3e7 s⁻² and the explicit method's stability limit is 3.3/ω.
struct RestingBall {
  Model model = make_model();
  RestingBall() {
    Body body;
    body.name = "ball";
    body.parent = 0;
    body.joint.type = JointType::kPrismatic;
    body.mass = 0.5;
    body.inertia = 1e-3 * Mat3::Identity();
    const int ball = add_body(model, body);
    finalize(model);
    Shape ground;
    ground.type = ShapeType::kHalfspace;
    Shape sphere;
    sphere.body = ball;
    sphere.radius = 0.05;
    model.contact.shapes = {ground, sphere};
    ContactPairModel pair;
    pair.name = "ground/ball";
    pair.shape_a = 0;
    pair.shape_b = 1;
    pair.body_a = 0;
    pair.body_b = ball;
    pair.law_info = &kTestLaw;
    pair.exponent = 1.5;
    pair.effective_radius = 0.05;
    model.contact.pairs = {pair};
  }
};

TEST(RestingMethod, BdfRestsWhileItsStepsPayAndIsTriedAgainLater) {
  const RestingBall setup;
  const Data data(setup.model);
  State state = make_state(setup.model);
  const SimulationOptions options;
  PairTable table(setup.model, options);
  table.bind(state, data);
  RestingMethod method(options.integrator, state, data, table);
  EXPECT_FALSE(method.follow_contacts(0.0, 0)) << "no contact: nothing to change";

  PairState& contact = state.contacts[0];
  contact.active = true;
  contact.contact_max_force = 100.0;
  contact.contact_max_indentation = 1e-5;
  contact.effective_mass = 0.5;
  table.set_active(0, true, state);
  EXPECT_FALSE(method.follow_contacts(0.1, 10)) << "an impact under way: the explicit method stays";
  contact.persistent = true;
  table.set_active(0, true, state);
  ASSERT_TRUE(method.follow_contacts(0.1, 10));
  EXPECT_TRUE(method.resting());
  EXPECT_FALSE(method.follow_contacts(0.2, 20)) << "already resting";

  const double limit = 3.3 / std::sqrt(1.5 * 100.0 / (1e-5 * 0.5));
  double first_step = 0.0;
  // A window of 500 steps averaging 20 stability limits: BDF pays, and is kept.
  EXPECT_FALSE(method.follow_steps(0.1 + 499 * 20 * limit, 509, limit, first_step));
  EXPECT_FALSE(method.follow_steps(0.1 + 500 * 20 * limit, 510, limit, first_step));
  EXPECT_TRUE(method.resting());
  // The next window averages 2: the explicit method takes the spell back, at its stability limit.
  const double since = 0.1 + 500 * 20 * limit;
  ASSERT_TRUE(method.follow_steps(since + 500 * 2 * limit, 1010, limit, first_step));
  EXPECT_FALSE(method.resting());
  EXPECT_DOUBLE_EQ(first_step, limit);
  // BDF is tried again after 5000 explicit steps, from the last step taken.
  EXPECT_FALSE(method.follow_steps(1.0, 1010 + 4999, 1e-6, first_step));
  ASSERT_TRUE(method.follow_steps(1.0, 1010 + 5000, 1e-6, first_step));
  EXPECT_TRUE(method.resting());
  EXPECT_EQ(first_step, 1e-6);

  // An impact ends the spell.
  contact.persistent = false;
  table.set_active(0, true, state);
  ASSERT_TRUE(method.follow_contacts(1.5, 7000));
  EXPECT_FALSE(method.resting());
}

TEST(RestingMethod, OnlyTheExplicitAdaptiveMethodsHandOver) {
  const RestingBall setup;
  const Data data(setup.model);
  State state = make_state(setup.model);
  state.contacts[0].active = true;
  state.contacts[0].persistent = true;
  for (IntegratorMethod kind : {IntegratorMethod::kBdf, IntegratorMethod::kRungeKutta4}) {
    SimulationOptions options;
    options.integrator.method = kind;
    PairTable table(setup.model, options);
    table.bind(state, data);
    RestingMethod method(options.integrator, state, data, table);
    EXPECT_FALSE(method.follow_contacts(0.0, 0)) << integrator_method_name(kind);
  }
  SimulationOptions options;
  options.integrator.bdf_at_rest = false;
  PairTable table(setup.model, options);
  table.bind(state, data);
  RestingMethod method(options.integrator, state, data, table);
  EXPECT_FALSE(method.follow_contacts(0.0, 0)) << "bdf_at_rest off";
}

}  // namespace
}  // namespace contactlab
