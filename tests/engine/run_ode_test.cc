// SPDX-License-Identifier: MIT
// Tests of engine/run_ode.h: the integrated vector's layout and its round trip through a State, the blocks of event
// functions and their directions, what an element's event functions read, and the right-hand side and event functions
// at a state against the stages they are made of.
#include "engine/run_ode.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/forward.h"
#include "engine/model.h"
#include "engine/pair_table.h"
#include "engine/run_monitor.h"
#include "engine/spare_workspace.h"
#include "engine/state.h"

namespace contactlab {
namespace {

ContactForce spring(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return {};
  return {in.stiffness * in.indentation, in.stiffness, 0.0};
}

LawInfo make_spring_law() {
  LawInfo law;
  law.id = "test_spring";
  law.force = spring;
  return law;
}
const LawInfo kSpring = make_spring_law();

int add_slider(Model& model, const Vec3& origin, const Vec3& axis) {
  Body body;
  body.name = "slider";
  body.parent = 0;
  body.joint.type = JointType::kPrismatic;
  body.joint.placement.translation() = origin;
  body.joint.axis = axis;
  body.mass = 0.2;
  body.inertia = 1e-4 * Mat3::Identity();
  return add_body(model, body);
}

// Two beads on one line (a line element), the first above the ground on a tilted slider as well (a direct element),
// and a box on a free body over the ground (eight general elements, its corners).
struct Scene {
  Model model = make_model();
  Scene() {
    model.gravity = Vec3(0.0, 0.0, -9.81);
    const int a = add_slider(model, Vec3(0.0, 0.0, 0.3), Vec3::UnitX());
    const int b = add_slider(model, Vec3(0.25, 0.0, 0.3), Vec3::UnitX());
    const int c = add_slider(model, Vec3(-0.5, 0.0, 0.06), Vec3(0.0, 0.6, -0.8));
    Body box_body;
    box_body.name = "box";
    box_body.parent = 0;
    box_body.joint.type = JointType::kFree;
    box_body.mass = 1.0;
    box_body.inertia = 1e-2 * Mat3::Identity();
    const int box = add_body(model, box_body);
    finalize(model);
    auto shape = [](ShapeType type, int body, double radius) {
      Shape s;
      s.type = type;
      s.body = body;
      s.radius = radius;
      return s;
    };
    Shape box_shape = shape(ShapeType::kBox, box, 0.0);
    box_shape.half_extents = Vec3(0.1, 0.1, 0.1);
    model.contact.shapes = {shape(ShapeType::kHalfspace, 0, 0.0), shape(ShapeType::kSphere, a, 0.1),
                            shape(ShapeType::kSphere, b, 0.1), shape(ShapeType::kSphere, c, 0.05), box_shape};
    auto pair = [&](int shape_a, int shape_b) {
      ContactPairModel p;
      p.shape_a = shape_a;
      p.shape_b = shape_b;
      p.body_a = model.contact.shapes[static_cast<std::size_t>(shape_a)].body;
      p.body_b = model.contact.shapes[static_cast<std::size_t>(shape_b)].body;
      p.law_info = &kSpring;
      p.stiffness = 1e4;
      p.exponent = 1.0;
      p.effective_radius = 0.05;
      return p;
    };
    model.contact.pairs = {pair(1, 2), pair(0, 3), pair(0, 4)};
  }
};

// The run's pieces an ODE is made with.
struct RunParts {
  explicit RunParts(const Model& model) : model(model), data(model), state(make_state(model)) {
    table.bind(state, data);
    monitor.bind(data.elements.size());
    ode.bind();
  }
  const Model& model;
  SimulationOptions options;
  Data data;
  State state;
  SimulationResult result;
  SpareWorkspace spare{model, data};
  PairTable table{model, options};
  RunMonitor monitor{model, options, state, data, table, result};
  RunOde ode{model, options, state, data, table, monitor, spare, result.stats};
};

TEST(RunOde, TheIntegratedVectorIsQVLawStatesAndTheLedgers) {
  const Scene scene;
  RunParts run(scene.model);
  const Model& model = scene.model;
  ASSERT_EQ(run.data.elements.size(), 10u);
  EXPECT_EQ(run.ode.coordinates(), model.nq);
  EXPECT_EQ(run.ode.velocities(), model.nv);
  EXPECT_EQ(run.ode.dynamic_size(), model.nq + model.nv) << "no law integrates a state";
  EXPECT_EQ(run.ode.size(), model.nq + model.nv + 10 + 1);

  State state = run.state;
  for (Eigen::Index i = 0; i < state.q.size(); ++i) state.q[i] = 0.1 * static_cast<double>(i + 1);
  for (Eigen::Index i = 0; i < state.v.size(); ++i) state.v[i] = -0.2 * static_cast<double>(i + 1);
  for (Eigen::Index e = 0; e < state.absorbed_work.size(); ++e) state.absorbed_work[e] = 0.01 * static_cast<double>(e);
  state.joint_work = -0.3;
  std::vector<double> y(static_cast<std::size_t>(run.ode.size()));
  run.ode.pack(state, y.data());
  EXPECT_EQ(run.ode.q_of(y.data()), state.q);
  EXPECT_EQ(run.ode.v_of(y.data()), state.v);
  EXPECT_EQ(run.ode.work_of(y.data()), state.absorbed_work);
  EXPECT_EQ(run.ode.joint_work_of(y.data()), -0.3);
  State back = run.state;
  run.ode.unpack(2.5, y.data(), back);
  EXPECT_EQ(back.time, 2.5);
  EXPECT_EQ(back.q, state.q);
  EXPECT_EQ(back.v, state.v);
  EXPECT_EQ(back.absorbed_work, state.absorbed_work);
  EXPECT_EQ(back.joint_work, state.joint_work);
}

TEST(RunOde, EventFunctionsComeInBlocksOfOnePerElement) {
  const Scene scene;
  RunParts run(scene.model);
  const int n = 10;
  ASSERT_EQ(run.ode.root_count(), 3 * n) << "gaps, normal velocities, force rates";
  const int* directions = run.ode.root_directions();
  for (int e = 0; e < n; ++e) {
    EXPECT_EQ(directions[e], -1) << "an onset or a separation: + to −";
    EXPECT_EQ(directions[n + e], 0) << "a maximum indentation or a reload: either way";
    EXPECT_EQ(directions[2 * n + e], -1) << "a force peak";
  }
  // An element on sliders reads their coordinates and rates alone; a general element reads the whole state.
  const Model& model = scene.model;
  auto inputs = [&](int i) {
    const std::span<const int> read = run.ode.root_inputs(i);
    std::vector<int> sorted(read.begin(), read.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  };
  EXPECT_EQ(inputs(0), (std::vector<int>{0, 1, model.nq + 0, model.nq + 1})) << "the line element's two beads";
  EXPECT_EQ(inputs(n + 0), inputs(0));
  EXPECT_EQ(inputs(1), (std::vector<int>{2, model.nq + 2})) << "the direct element's slider";
  EXPECT_TRUE(inputs(2).empty()) << "a box corner";
  EXPECT_TRUE(inputs(2 * n + 0).empty()) << "a force rate differentiates along the whole flow";
}

TEST(RunOde, TheRightHandSideAndTheGapsAreTheStagesAtTheState) {
  const Scene scene;
  RunParts run(scene.model);
  const Model& model = scene.model;
  State& state = run.state;
  state.q[0] = 0.0;    // the beads' centres 0.18 m apart: 2 cm overlap
  state.q[1] = -0.07;
  state.q[2] = -0.02;  // c 2.6 cm above the ground
  state.q.segment<3>(3) = Vec3(0.5, 0.5, 0.095);   // the box 5 mm into the ground
  state.q.segment<4>(6) << 1.0, 0.0, 0.0, 0.0;
  state.v.setZero();
  state.v[0] = 0.4;
  state.contacts[0].active = true;
  run.table.bind(state, run.data);
  std::vector<double> y(static_cast<std::size_t>(run.ode.size())), ydot(y.size()), g(static_cast<std::size_t>(run.ode.root_count()));
  run.ode.pack(state, y.data());
  ASSERT_EQ(run.ode.rhs(0.0, y.data(), ydot.data()), 0);
  EXPECT_EQ(run.result.stats.rhs_evaluations, 1);
  // The same evaluation through the stages: q̈ and the active element's power F δ̇ as the ledger's rate.
  Data data(model);
  evaluate(model, 0.0, state.q, state.v, state.contacts, std::vector<int>{0}, data);
  for (int i = 0; i < model.nv; ++i) EXPECT_EQ(ydot[static_cast<std::size_t>(model.nq + i)], data.qdd[i]) << i;
  const double power = data.contact_force[0] * data.geometry[0].normal_velocity;
  EXPECT_NE(power, 0.0);
  EXPECT_EQ(ydot[static_cast<std::size_t>(model.nq + model.nv)], power);
  // The event functions: the active element's indentation, the others' gaps; their other two functions are 1.
  ASSERT_EQ(run.ode.roots(0.0, y.data(), ydot.data(), g.data(), -1), 0);
  std::vector<int> inactive;
  for (int e = 1; e < 10; ++e) inactive.push_back(e);
  std::vector<double> gaps(10);
  contact_gaps(model, state.q, state.v, inactive, data, gaps.data());
  EXPECT_EQ(g[0], -data.geometry[0].gap);
  for (int e : inactive) {
    EXPECT_EQ(g[static_cast<std::size_t>(e)], gaps[static_cast<std::size_t>(e)]) << e;
    EXPECT_EQ(g[static_cast<std::size_t>(10 + e)], 1.0);
  }
  EXPECT_EQ(g[10], data.geometry[0].normal_velocity);
  // The box's lowest corners are below the ground at the step's end: they are the ones to engage.
  EXPECT_TRUE(run.ode.holds_step_end(0.0));
  const std::span<const int> below = run.ode.at_or_below();
  EXPECT_EQ(below.size(), 4u);
  for (int e : below) EXPECT_LT(g[static_cast<std::size_t>(e)], 0.0);
}

// The ledger's rate is the element's power while it is active and exactly zero otherwise, in every buffer rhs() fills,
// whatever the buffer held before: with private rate buffers rhs() clears only what it wrote there last, so an element
// that leaves the active set must have its entry cleared in each buffer, and a buffer never filled before whole.
TEST(RunOde, TheLedgerRatesAreZeroButAtTheActiveElementsInEveryBuffer) {
  const Scene scene;
  RunParts run(scene.model);
  State& state = run.state;
  state.q[0] = 0.0;  // the beads 2 cm into each other, closing: element 0's power F δ̇ is not zero
  state.q[1] = -0.07;
  state.v[0] = 0.4;
  state.contacts[0].active = true;
  run.table.bind(state, run.data);
  for (const bool is_private : {true, false}) {
    run.ode.set_private_rate_buffers(is_private);
    state.contacts[0].active = true;
    run.table.set_active(0, true, state);
    std::vector<double> y(static_cast<std::size_t>(run.ode.size()));
    run.ode.pack(state, y.data());
    const auto ledger = [&](const std::vector<double>& ydot, int e) {
      return ydot[static_cast<std::size_t>(run.ode.dynamic_size() + e)];
    };
    std::vector<double> first(y.size(), 7.0), second(y.size(), 7.0);  // never filled: 7 everywhere
    for (std::vector<double>* buffer : {&first, &second}) {
      ASSERT_EQ(run.ode.rhs(0.0, y.data(), buffer->data()), 0);
      EXPECT_NE(ledger(*buffer, 0), 0.0);
      EXPECT_NE(ledger(*buffer, 0), 7.0);
      for (int e = 1; e < 10; ++e) EXPECT_EQ(ledger(*buffer, e), 0.0) << e << (is_private ? ", private" : "");
    }
    // Element 0 separates: its entry goes back to zero in both buffers, each filled again.
    state.contacts[0].active = false;
    run.table.set_active(0, false, state);
    for (std::vector<double>* buffer : {&first, &second}) {
      ASSERT_EQ(run.ode.rhs(0.0, y.data(), buffer->data()), 0);
      for (int e = 0; e < 10; ++e) EXPECT_EQ(ledger(*buffer, e), 0.0) << e << (is_private ? ", private" : "");
    }
  }
}

// With private rate buffers the method may sum only the quadratures the buffers can hold nonzero: every ledger entry a
// buffer was last written for, and the joints' work after the ledger; not an element's once every buffer is refilled
// without it; nothing known (null) with shared buffers, or once a buffer beyond those remembered was filled. They
// are handed to the method only where few: here 2 of 11 are more than an eighth.
TEST(RunOde, TheHeldQuadraturesAreTheLedgerEntriesTheBuffersHold) {
  const Scene scene;
  RunParts run(scene.model);
  State& state = run.state;
  state.q[0] = 0.0;
  state.q[1] = -0.07;
  state.v[0] = 0.4;
  state.contacts[0].active = true;
  run.table.bind(state, run.data);
  run.ode.bind();
  const int ledger = run.ode.dynamic_size();
  const int joint_work = ledger + 10;
  ASSERT_EQ(run.ode.size(), joint_work + 1);  // no friction: the joints' work is the last component
  run.ode.set_private_rate_buffers(false);
  EXPECT_EQ(run.ode.held_quadratures(), nullptr);
  run.ode.set_private_rate_buffers(true);
  std::vector<double> y(static_cast<std::size_t>(run.ode.size()));
  run.ode.pack(state, y.data());
  std::vector<double> first(y.size()), second(y.size());
  ASSERT_EQ(run.ode.rhs(0.0, y.data(), first.data()), 0);
  state.contacts[0].active = false;
  run.table.set_active(0, false, state);
  ASSERT_EQ(run.ode.rhs(0.0, y.data(), second.data()), 0);
  const auto held = [&run] {
    std::vector<int> sorted = *run.ode.held_quadratures();
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  };
  ASSERT_NE(run.ode.held_quadratures(), nullptr);
  EXPECT_EQ(held(), (std::vector<int>{ledger, joint_work}));  // `first` still holds element 0
  EXPECT_EQ(run.ode.live_quadrature(), nullptr);
  ASSERT_EQ(run.ode.rhs(0.0, y.data(), first.data()), 0);
  EXPECT_EQ(held(), (std::vector<int>{joint_work}));
  ASSERT_EQ(run.ode.rhs(0.0, y.data(), first.data()), 0);  // filled again for the same elements: the same list
  EXPECT_EQ(held(), (std::vector<int>{joint_work}));
  std::vector<std::vector<double>> more(20, std::vector<double>(y.size()));
  for (std::vector<double>& buffer : more) ASSERT_EQ(run.ode.rhs(0.0, y.data(), buffer.data()), 0);
  EXPECT_EQ(run.ode.held_quadratures(), nullptr);
  run.ode.bind();  // a new table: the buffers are known again from their first fill
  ASSERT_EQ(run.ode.rhs(0.0, y.data(), first.data()), 0);
  EXPECT_NE(run.ode.held_quadratures(), nullptr);
}

}  // namespace
}  // namespace contactlab
