// SPDX-License-Identifier: MIT
// Tests of engine/forward: one evaluation from state to q̈ through contact geometry, the law, and the
// mapping of the pair force onto the bodies (Jᵀf), against closed forms.
#include "engine/forward.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "bench/chain.h"
#include "engine/data.h"
#include "contact/contact_kinematics.h"
#include "engine/dynamics.h"
#include "engine/kinematics.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {
namespace {

constexpr double kGravity = 9.81;

// A linear spring–dashpot, F = k δ + D δ̇ while δ > 0 (D = parameters[0]); the engine only sees LawInfo.
ContactForce spring_dashpot(const ContactInput& in, const double* parameters, const double*) {
  if (in.indentation <= 0.0) return {};
  return {in.stiffness * in.indentation + parameters[0] * in.normal_velocity, in.stiffness, parameters[0]};
}

LawInfo make_spring_dashpot_law() {
  LawInfo law;
  law.id = "test_spring_dashpot";
  law.force = spring_dashpot;
  return law;
}
const LawInfo kSpringDashpot = make_spring_dashpot_law();

ContactPairModel make_pair(double stiffness, double damping) {
  ContactPairModel pair;
  pair.name = "ground/sphere";
  pair.shape_a = 0;  // the ground (halfspace sorts first)
  pair.shape_b = 1;
  pair.body_a = 0;
  pair.body_b = 1;
  pair.law_info = &kSpringDashpot;
  pair.stiffness = stiffness;
  pair.exponent = 1.0;
  pair.parameters.values[0] = damping;
  return pair;
}

Shape make_shape(ShapeType type, int body, const Pose& pose, double radius) {
  Shape shape;
  shape.type = type;
  shape.body = body;
  shape.pose = pose;
  shape.radius = radius;
  return shape;
}

// A sphere of radius r on a vertical slider (q = height of its centre) above the ground z = 0.
struct SlidingSphere {
  double mass = 0.6;
  double radius = 0.05;
  double stiffness = 2.0e4;
  double damping = 15.0;
  Model model;
  SlidingSphere() {
    model = make_model();
    model.gravity = Vec3(0.0, 0.0, -kGravity);
    Body body;
    body.name = "sphere";
    body.parent = 0;
    body.joint.type = JointType::kPrismatic;
    body.joint.axis = Vec3::UnitZ();
    body.mass = mass;
    body.inertia = 0.4 * mass * radius * radius * Mat3::Identity();
    add_body(model, body);
    model.contact.shapes.push_back(make_shape(ShapeType::kHalfspace, 0, Pose::Identity(), 0.0));
    model.contact.shapes.push_back(make_shape(ShapeType::kSphere, 1, Pose::Identity(), radius));
    model.contact.pairs.push_back(make_pair(stiffness, damping));
    finalize(model);
  }
};

TEST(Evaluate, ActivePairPushesTheSphereUpWithTheLawForce) {
  // Centre at r − δ0 moving down at w: gap = −δ0, δ̇ = n·(v_A − v_B) = w, so F = k δ0 + D w upwards and
  // q̈ = F/m − g.
  const SlidingSphere setup;
  Data data(setup.model);
  const double indentation = 1e-3, approach = 0.4;
  Eigen::VectorXd q(1), v(1);
  q << setup.radius - indentation;
  v << -approach;
  std::vector<PairState> contacts(1);
  contacts[0].active = true;
  evaluate(setup.model, 0.0, q, v, contacts, data);

  const double force = setup.stiffness * indentation + setup.damping * approach;
  EXPECT_NEAR(data.geometry[0].gap, -indentation, 1e-15);
  EXPECT_NEAR(data.geometry[0].normal_velocity, approach, 1e-15);
  EXPECT_NEAR(element_input(data, contacts[0], 0, 0.0).indentation, indentation, 1e-15);
  EXPECT_NEAR(data.contact_force[0], force, 1e-12 * force);
  EXPECT_NEAR(data.qdd[0], force / setup.mass - kGravity, 1e-12 * force / setup.mass);
}

TEST(Evaluate, InactivePairExertsNoForce) {
  // An inactive pair is skipped even while overlapping: the sphere falls freely, q̈ = −g.
  const SlidingSphere setup;
  Data data(setup.model);
  Eigen::VectorXd q(1), v(1);
  q << setup.radius - 1e-3;
  v << -0.4;
  std::vector<PairState> contacts(1);
  evaluate(setup.model, 0.0, q, v, contacts, data);
  EXPECT_EQ(data.contact_force[0], 0.0);
  EXPECT_NEAR(data.qdd[0], -kGravity, 1e-14 * kGravity);
}

TEST(Forward, ComputesTheGeometryOfInactivePairsToo) {
  // forward() is for output: every pair's gap and law input, even when inactive (gap = q − r, δ = −gap).
  const SlidingSphere setup;
  Data data(setup.model);
  State state = make_state(setup.model);
  state.q[0] = setup.radius + 0.02;
  state.v[0] = -0.3;
  state.time = 2.0;
  forward(setup.model, state, data);
  EXPECT_NEAR(data.geometry[0].gap, 0.02, 1e-15);
  EXPECT_NEAR(data.geometry[0].normal_velocity, 0.3, 1e-15);
  EXPECT_NEAR(element_input(data, state.contacts[0], 0, state.time).indentation, -0.02, 1e-15);
  EXPECT_EQ(data.contact_force[0], 0.0);
  EXPECT_NEAR(data.qdd[0], -kGravity, 1e-14 * kGravity);
}

TEST(Evaluate, OffCentreContactActsThroughItsLeverArm) {
  // A rod of mass m and length L pivoted about z at the origin, along +x at θ = 0, carries a sphere of
  // radius r at its tip; the ground's normal is +y and its surface is at y = −(r − δ0), so gap = −δ0.
  // The contact point on the sphere is P_B = (L, −r, 0) and the force (0, F, 0) there has moment L F about
  // z. With θ̇: v_PB = θ̇ ẑ × P_B = θ̇ (r, L, 0), so δ̇ = −θ̇ L and F = k δ0 − D θ̇ L.
  // Gravity −y on the centre of mass at L/2 adds −m g L/2; I_pivot = m L²/3.
  const double mass = 1.2, length = 0.8, radius = 0.05, stiffness = 5.0e4, damping = 20.0;
  const double indentation = 2e-4, rate = 0.3;
  Model model = make_model();
  model.gravity = Vec3(0.0, -kGravity, 0.0);
  Body rod;
  rod.name = "rod";
  rod.parent = 0;
  rod.joint.type = JointType::kRevolute;
  rod.joint.axis = Vec3::UnitZ();
  rod.mass = mass;
  rod.com = Vec3(0.5 * length, 0.0, 0.0);
  const double about_com = mass * length * length / 12.0;
  rod.inertia = Vec3(0.0, about_com, about_com).asDiagonal();
  add_body(model, rod);
  Pose ground = Pose::Identity();
  ground.linear() = Eigen::AngleAxisd(-0.5 * std::numbers::pi, Vec3::UnitX()).toRotationMatrix();  // z → +y
  ground.translation() = Vec3(0.0, -(radius - indentation), 0.0);
  Pose tip = Pose::Identity();
  tip.translation() = Vec3(length, 0.0, 0.0);
  model.contact.shapes.push_back(make_shape(ShapeType::kHalfspace, 0, ground, 0.0));
  model.contact.shapes.push_back(make_shape(ShapeType::kSphere, 1, tip, radius));
  model.contact.pairs.push_back(make_pair(stiffness, damping));
  finalize(model);

  Data data(model);
  Eigen::VectorXd q(1), v(1);
  q << 0.0;
  v << rate;
  std::vector<PairState> contacts(1);
  contacts[0].active = true;
  evaluate(model, 0.0, q, v, contacts, data);

  const double force = stiffness * indentation - damping * rate * length;
  const double expected = (length * force - mass * kGravity * 0.5 * length) / (mass * length * length / 3.0);
  EXPECT_NEAR(data.geometry[0].normal_velocity, -rate * length, 1e-14);
  EXPECT_NEAR(data.contact_force[0], force, 1e-11 * force);
  EXPECT_NEAR(data.qdd[0], expected, 1e-11 * std::abs(expected));
}

// A linear spring–dashpot with no cut-off, F = k δ + D δ̇ at any δ, so that every listed pair pushes or pulls.
ContactForce linear_everywhere(const ContactInput& in, const double* parameters, const double*) {
  return {in.stiffness * in.indentation + parameters[0] * in.normal_velocity, in.stiffness, parameters[0]};
}
LawInfo make_linear_everywhere_law() {
  LawInfo law;
  law.id = "test_linear_everywhere";
  law.force = linear_everywhere;
  return law;
}
const LawInfo kLinearEverywhere = make_linear_everywhere_law();

// Sliders (prismatic joints on the world without children) take their own paths through the right-hand side: the
// contact geometry of sphere and halfspace pairs straight from their coordinates, their forces along their axes,
// q̈ = (τ + a·f)/m + a·g. A scene mixing them with a two-link pendulum, on tilted and offset axes, with a pair of
// every kind, must give the same q̈ through the right-hand side (evaluate) as through the full evaluation
// (forward), and the generalized contact forces must do the work the pair forces do: Σ τ_c q̇ = −Σ F δ̇.
TEST(Evaluate, SlidersAgreeWithTheFullEvaluationAndDoTheContactsWork) {
  Model model = make_model();
  model.gravity = Vec3(0.3, -2.0, -kGravity);
  auto slider = [&](const char* name, const Vec3& axis, const Vec3& origin, double angle, const Vec3& com) {
    Body body;
    body.name = name;
    body.parent = 0;
    body.joint.type = JointType::kPrismatic;
    body.joint.axis = axis;
    body.joint.placement.linear() = Eigen::AngleAxisd(angle, Vec3(0.2, 0.3, 1.0).normalized()).toRotationMatrix();
    body.joint.placement.translation() = origin;
    body.mass = 0.7;
    body.com = com;
    body.inertia = 0.01 * Mat3::Identity();
    return add_body(model, body);
  };
  const int a = slider("a", Vec3(1.0, 0.0, 0.0), Vec3(0.0, 0.0, 0.1), 0.4, Vec3(0.01, 0.0, 0.0));
  const int b = slider("b", Vec3(1.0, 0.1, 0.0), Vec3(0.25, 0.01, 0.1), -0.2, Vec3::Zero());
  Body upper;
  upper.name = "upper";
  upper.parent = 0;
  upper.joint.type = JointType::kRevolute;
  upper.joint.axis = Vec3::UnitZ();
  upper.joint.placement.translation() = Vec3(0.6, 0.0, 0.6);
  upper.mass = 1.0;
  upper.com = Vec3(0.0, -0.2, 0.0);
  upper.inertia = 0.02 * Mat3::Identity();
  const int top = add_body(model, upper);
  Body lower = upper;
  lower.name = "lower";
  lower.parent = top;
  lower.joint.placement.translation() = Vec3(0.0, -0.4, 0.0);
  const int bottom = add_body(model, lower);
  const int c = slider("c", Vec3(0.0, 0.0, 1.0), Vec3(0.9, 0.0, 0.3), 0.1, Vec3::Zero());
  finalize(model);
  ASSERT_EQ(model.sliders.size(), 3u);
  ASSERT_EQ(model.tree_bodies.size(), 2u);

  Pose offset = Pose::Identity();
  offset.translation() = Vec3(0.02, 0.01, 0.0);
  Shape capsule = make_shape(ShapeType::kCapsule, bottom, Pose::Identity(), 0.05);
  capsule.length = 0.3;
  Shape box = make_shape(ShapeType::kBox, c, Pose::Identity(), 0.0);
  box.half_extents = Vec3(0.05, 0.05, 0.05);
  model.contact.shapes = {make_shape(ShapeType::kHalfspace, 0, Pose::Identity(), 0.0),
                          make_shape(ShapeType::kSphere, a, offset, 0.1), make_shape(ShapeType::kSphere, b, Pose::Identity(), 0.12),
                          capsule, box};
  auto pair = [&](int shape_a, int shape_b, double stiffness, double damping) {
    ContactPairModel p;
    p.shape_a = shape_a;
    p.shape_b = shape_b;
    p.body_a = model.contact.shapes[static_cast<std::size_t>(shape_a)].body;
    p.body_b = model.contact.shapes[static_cast<std::size_t>(shape_b)].body;
    p.law_info = &kLinearEverywhere;
    p.stiffness = stiffness;
    p.exponent = 1.0;
    p.parameters.values[0] = damping;
    return p;
  };
  model.contact.pairs = {pair(1, 2, 3e4, 40.0),   // sphere–sphere on two sliders: direct
                         pair(0, 1, 2e4, 30.0),   // ground–sphere on a slider: direct
                         pair(2, 3, 1e4, 20.0),   // a slider's sphere against the pendulum's capsule: general
                         pair(0, 4, 5e3, 10.0)};  // ground–box on a slider: general (through FCL-free closed form)

  Data full(model);
  Data rhs(model);
  ASSERT_TRUE(full.elements[0].geometry != ElementKernel::kGeneral && full.elements[1].geometry != ElementKernel::kGeneral);
  ASSERT_FALSE(full.elements[2].geometry != ElementKernel::kGeneral || full.elements[3].geometry != ElementKernel::kGeneral);
  State state = make_state(model);
  state.q << 0.03, -0.02, 0.7, -0.5, 0.01;
  state.v << 0.4, -0.3, 1.1, -0.7, 0.2;
  for (PairState& s : state.contacts) s.active = true;

  forward(model, state, full);
  evaluate(model, 0.0, state.q, state.v, state.contacts, rhs);
  for (int i = 0; i < model.nv; ++i) {
    EXPECT_NEAR(rhs.qdd[i], full.qdd[i], 1e-12 * (1.0 + std::abs(full.qdd[i]))) << "coordinate " << i;
  }
  ASSERT_EQ(full.elements.size(), 11u) << "the ground–box pair has one entry per corner";
  for (std::size_t p = 0; p < full.elements.size(); ++p) {
    EXPECT_NEAR(rhs.contact_force[p], full.contact_force[p], 1e-9) << "pair " << p;
    EXPECT_NE(full.contact_force[p], 0.0) << "every pair must act for the test to mean something";
  }

  // The power of the contact forces: on the sliders the generalized forces inverse dynamics needs beyond the
  // spatial ones (there are no joint forces here) times q̇, on the tree bodies the spatial forces times the bodies'
  // spatial velocities. It must be the pairs' −Σ F δ̇.
  const Eigen::VectorXd slider_tau = inverse_dynamics(model, full, full.qdd);
  double bodies_power = slider_tau.dot(state.v);
  for (int body : model.tree_bodies) {
    bodies_power += full.velocity[static_cast<std::size_t>(body)].dot(full.external_force[static_cast<std::size_t>(body)]);
  }
  double power = 0.0;
  for (std::size_t p = 0; p < full.elements.size(); ++p) {
    power -= full.contact_force[p] * full.geometry[p].normal_velocity;
  }
  EXPECT_NEAR(bodies_power, power, 1e-10 * std::abs(power));
}

// Spheres whose centres can only move along one line (sliders along it, either way round, or the world) take the
// line path: the separation along the line, no square root. Its geometry must be the general sphere–sphere
// geometry of the bodies' world motion, including when the spheres have passed through each other (the normal
// turns) — and a pair on parallel but offset lines, or on crossing axes, must not take it.
TEST(Evaluate, SpheresOnOneLineTakeTheLinePathAndAgreeWithTheGeneralGeometry) {
  Model model = make_model();
  const Vec3 u = Vec3(1.0, 2.0, -0.5).normalized();
  auto slider = [&](const char* name, const Vec3& origin, const Vec3& axis, double angle) {
    Body body;
    body.name = name;
    body.parent = 0;
    body.joint.type = JointType::kPrismatic;
    // The placement turns the joint axis; the axis given in the joint frame is chosen to come out as ±u or else.
    const Eigen::Matrix3d turn = Eigen::AngleAxisd(angle, Vec3(0.3, -0.2, 1.0).normalized()).toRotationMatrix();
    body.joint.placement.linear() = turn;
    body.joint.placement.translation() = origin;
    body.joint.axis = turn.transpose() * axis;
    body.mass = 0.2;
    body.inertia = 1e-4 * Mat3::Identity();
    return add_body(model, body);
  };
  const int a = slider("a", Vec3(0.1, -0.2, 0.3), u, 0.3);
  const int b = slider("b", Vec3(0.1, -0.2, 0.3) + 0.25 * u, -u, -0.7);          // same line, opposite way
  const int offset = slider("offset", Vec3(0.1, -0.2, 0.3) + Vec3(0.0, 0.0, 0.01), u, 0.1);  // parallel, off the line
  const int across = slider("across", Vec3(0.1, -0.2, 0.3) - 0.3 * u, Vec3(0.0, 1.0, 0.0), 0.2);
  finalize(model);
  Pose on_line = Pose::Identity();
  on_line.translation() = Vec3(0.1, -0.2, 0.3) - 0.5 * u;  // the world's sphere, on the line
  model.contact.shapes = {make_shape(ShapeType::kSphere, 0, on_line, 0.04), make_shape(ShapeType::kSphere, a, Pose::Identity(), 0.05),
                          make_shape(ShapeType::kSphere, b, Pose::Identity(), 0.07),
                          make_shape(ShapeType::kSphere, offset, Pose::Identity(), 0.03),
                          make_shape(ShapeType::kSphere, across, Pose::Identity(), 0.06)};
  auto pair = [&](int shape_a, int shape_b) {
    ContactPairModel p = make_pair(1e4, 0.0);
    p.shape_a = shape_a;
    p.shape_b = shape_b;
    p.body_a = model.contact.shapes[static_cast<std::size_t>(shape_a)].body;
    p.body_b = model.contact.shapes[static_cast<std::size_t>(shape_b)].body;
    return p;
  };
  model.contact.pairs = {pair(1, 2), pair(0, 1), pair(0, 2), pair(1, 3), pair(1, 4)};
  Data data(model);
  const bool expected_line[] = {true, true, true, false, false};
  for (std::size_t p = 0; p < model.contact.pairs.size(); ++p) {
    ASSERT_TRUE(data.elements[p].geometry != ElementKernel::kGeneral) << "pair " << p;
    EXPECT_EQ(data.elements[p].geometry == ElementKernel::kLine, expected_line[p]) << "pair " << p;
  }
  State state = make_state(model);
  // a moved towards b, past b (the spheres' centres swap: the normal turns), and back.
  for (double q_a : {0.02, 0.13, 0.31, -0.2}) {
    state.q << q_a, 0.04, -0.01, 0.05;
    state.v << 0.7, -0.4, 0.3, -0.2;
    forward_kinematics(model, state.q, state.v, data);
    std::vector<int> all = {0, 1, 2, 3, 4};
    contact_geometry(model, state.q, state.v, all, data);
    for (std::size_t p = 0; p < model.contact.pairs.size(); ++p) {
      const ContactPairModel& contact_pair = model.contact.pairs[p];
      PairGeometry general;
      pair_geometry(model.contact, contact_pair, 0, body_motion(model, data, state.q.data(), state.v.data(), contact_pair.body_a),
                    body_motion(model, data, state.q.data(), state.v.data(), contact_pair.body_b), general);
      const PairGeometry& direct = data.geometry[p];
      const std::string where = "pair " + std::to_string(p) + " at q_a = " + std::to_string(q_a);
      EXPECT_NEAR(direct.gap, general.gap, 1e-15) << where;
      EXPECT_NEAR(direct.normal_velocity, general.normal_velocity, 1e-14) << where;
      EXPECT_LT((direct.normal - general.normal).norm(), 1e-14) << where;
      EXPECT_LT((direct.point_a - general.point_a).norm(), 1e-15) << where;
      EXPECT_LT((direct.point_b - general.point_b).norm(), 1e-15) << where;
    }
    // The event functions' gaps (the line pairs' structure-of-arrays path) are the same gaps.
    std::vector<double> gaps(model.contact.pairs.size(), std::nan(""));
    contact_gaps(model, state.q, state.v, all, data, gaps.data());
    for (std::size_t p = 0; p < model.contact.pairs.size(); ++p) {
      EXPECT_NEAR(gaps[p], data.geometry[p].gap, 1e-15) << "pair " << p << " at q_a = " << q_a;
      // One pair asked for (the root finder): no sweep over the table, the same gap.
      const int single[] = {static_cast<int>(p)};
      double alone[5] = {};
      contact_gaps(model, state.q, state.v, single, data, alone);
      EXPECT_EQ(alone[p], gaps[p]) << "pair " << p << " at q_a = " << q_a;
    }
    // Every pair pushing with its law's force: each slider gets a·(Σ ±F n) of its pairs, the line pairs' scalar
    // mapping included.
    std::vector<PairState> contacts(model.contact.pairs.size());
    for (PairState& c : contacts) c.active = true;
    contact_forces(model, 0.0, contacts, all, data);
    Eigen::VectorXd expected = Eigen::VectorXd::Zero(model.nv);  // at the sliders' velocities
    for (std::size_t p = 0; p < model.contact.pairs.size(); ++p) {
      const Vec3 on_b = data.contact_force[p] * data.geometry[p].normal;
      for (const auto& [body, sign] : {std::pair{model.contact.pairs[p].body_a, -1.0}, std::pair{model.contact.pairs[p].body_b, 1.0}}) {
        const int k = body == 0 ? -1 : model.slider_of_body[static_cast<std::size_t>(body)];
        if (k >= 0) expected[model.sliders.v_index[static_cast<std::size_t>(k)]] += sign * model.sliders.axis[static_cast<std::size_t>(k)].dot(on_b);
      }
    }
    for (Eigen::Index k = 0; k < expected.size(); ++k) {
      EXPECT_NEAR(data.slider_force[k], expected[k], 1e-12 * (1.0 + std::abs(expected[k]))) << "velocity " << k << " at q_a = " << q_a;
    }
    // The right-hand side's contact stage (the line pairs in one pass of their own, a world side loading nothing)
    // gives the same forces and loads, and each pair's power F δ̇.
    std::vector<double> forces(all.size());
    for (std::size_t p = 0; p < all.size(); ++p) forces[p] = data.contact_force[p];
    data.slider_force.setConstant(std::nan(""));  // the stage clears what it loads
    contact_stage(model, 0.0, state.q, state.v, contacts, all, data);
    EXPECT_TRUE(data.contact_forces_finite);
    for (std::size_t p = 0; p < all.size(); ++p) {
      EXPECT_EQ(data.contact_force[p], forces[p]) << "pair " << p << " at q_a = " << q_a;
      EXPECT_EQ(data.contact_power[p], forces[p] * data.geometry[p].normal_velocity) << "pair " << p;
    }
    for (Eigen::Index k = 0; k < expected.size(); ++k) {
      EXPECT_NEAR(data.slider_force[k], expected[k], 1e-12 * (1.0 + std::abs(expected[k]))) << "velocity " << k << " at q_a = " << q_a;
    }
    // One element alone (the root finder's evaluation of its event functions): its gap, δ̇ and force to the bit as
    // the stage left them, and no load touched.
    const Eigen::VectorXd loads = data.slider_force;
    for (std::size_t p = 0; p < all.size(); ++p) {
      const PairGeometry staged = data.geometry[p];
      data.geometry[p].gap = data.geometry[p].normal_velocity = data.contact_force[p] = std::nan("");
      element_normal_stage(model, 0.0, state.q.data(), state.v.data(), contacts[p], p, data);
      EXPECT_EQ(data.geometry[p].gap, staged.gap) << "pair " << p << " at q_a = " << q_a;
      EXPECT_EQ(data.geometry[p].normal_velocity, staged.normal_velocity) << "pair " << p << " at q_a = " << q_a;
      EXPECT_EQ(data.contact_force[p], forces[p]) << "pair " << p << " at q_a = " << q_a;
    }
    EXPECT_TRUE(data.slider_force == loads) << "at q_a = " << q_a;
  }
  // A law's non-finite force, on a line pair or another, is flagged for the right-hand side to report.
  LawInfo not_finite = make_spring_dashpot_law();
  not_finite.force = [](const ContactInput&, const double*, const double*) {
    return ContactForce{std::numeric_limits<double>::infinity(), 0.0, 0.0};
  };
  std::vector<PairState> contacts(model.contact.pairs.size());
  for (PairState& c : contacts) c.active = true;
  for (std::size_t p : {0u, 3u}) {  // a line pair, a direct one
    const LawInfo* law = model.contact.pairs[p].law_info;
    model.contact.pairs[p].law_info = &not_finite;
    const int one[] = {static_cast<int>(p)};
    contact_stage(model, 0.0, state.q, state.v, contacts, one, data);
    EXPECT_FALSE(data.contact_forces_finite) << "pair " << p;
    model.contact.pairs[p].law_info = law;
    contact_stage(model, 0.0, state.q, state.v, contacts, one, data);
    EXPECT_TRUE(data.contact_forces_finite) << "pair " << p;
  }
}

// A chain's pairs between consecutive beads form runs whose gaps the sweep takes without gathers; a pair between
// beads further apart splits the table's run in two. The swept gaps are the ones asked for one at a time.
TEST(Evaluate, ConsecutiveBeadsFormRunsWhoseSweptGapsAreTheSingleGaps) {
  bench::Chain chain = bench::make_chain(10, 1e-6, "hertz", {}, false);
  Model& model = chain.model;
  ContactModel& contact = model.contact;
  contact.pairs.insert(contact.pairs.begin() + 5, make_contact_pair(contact, 2, 5, contact.settings));
  Data data(model);
  const LineElements& lines = data.line_elements;
  ASSERT_EQ(lines.count, contact.pairs.size());
  ASSERT_EQ(lines.runs.size(), 2u);
  EXPECT_EQ(lines.runs[0].first, 0u);
  EXPECT_EQ(lines.runs[0].count, 5u);
  EXPECT_EQ(lines.runs[0].q_first, 0);
  EXPECT_EQ(lines.runs[1].first, 6u);
  EXPECT_EQ(lines.runs[1].count, 4u);
  EXPECT_EQ(lines.runs[1].q_first, 5);
  ASSERT_EQ(lines.scattered, std::vector<int>{5});
  State state = make_state(model);
  std::vector<int> all(contact.pairs.size());
  for (std::size_t p = 0; p < all.size(); ++p) all[p] = static_cast<int>(p);
  for (int trial = 0; trial < 3; ++trial) {
    // Overlaps, touches and gaps, both ways round (a bead past its neighbour).
    for (Eigen::Index i = 0; i < model.nq; ++i) {
      state.q[i] = static_cast<double>(i) * 2.0 * bench::kBeadRadius + 1e-4 * std::sin(3.0 * static_cast<double>(i) + trial);
    }
    if (trial == 2) state.q[3] = state.q[4] + 1e-3;
    std::vector<double> swept(all.size(), std::nan(""));
    contact_gaps(model, state.q, state.v, all, data, swept.data());
    for (std::size_t p = 0; p < all.size(); ++p) {
      const int single[] = {static_cast<int>(p)};
      std::vector<double> alone(all.size(), std::nan(""));
      contact_gaps(model, state.q, state.v, single, data, alone.data());
      const ContactPairModel& pair = contact.pairs[p];
      const double distance = std::abs(state.q[pair.body_b - 1] - state.q[pair.body_a - 1]);
      EXPECT_EQ(swept[p], alone[p]) << "pair " << p << ", trial " << trial;
      EXPECT_NEAR(swept[p], distance - 2.0 * bench::kBeadRadius, 1e-15) << "pair " << p << ", trial " << trial;
    }
  }
}

// A long chain's few contacts list the sliders they load (Data::loaded_sliders): the next evaluation clears those
// entries alone and the dynamics reads those alone. Evaluations of few contacts, of every contact and of few again,
// one after the other in one workspace, must each give the q̈ of a full evaluation in a fresh workspace (a load left
// over from an earlier evaluation would show on its beads), with and without gravity along the beads' axes.
TEST(Evaluate, FewContactsAmongManySlidersLoadTheirOwnAndLeaveNoneBehind) {
  constexpr int kBeads = 200;  // a list for fewer than 1/32 as many contacts as beads
  for (const Vec3& gravity : {Vec3(0.0, 0.0, 0.0), Vec3(0.5, 0.0, -kGravity)}) {
    bench::Chain chain = bench::make_chain(kBeads, 1e-6, "hertz", {}, false);
    Model& model = chain.model;
    model.gravity = gravity;
    State state = make_state(model);
    for (int i = 0; i < kBeads; ++i) {
      state.q[i] = i * (2.0 * bench::kBeadRadius - 1e-6);  // every neighbour pair 1 µm deep
      state.v[i] = 0.1 * std::sin(i);
    }
    std::vector<int> every(kBeads - 1);
    for (int e = 0; e + 1 < kBeads; ++e) every[static_cast<std::size_t>(e)] = e;
    const std::vector<std::vector<int>> stages = {{0, 1}, {5, 130}, every, {10}, {0, 1}, {}};
    Data data(model);
    for (const std::vector<int>& stage : stages) {
      for (PairState& s : state.contacts) s.active = false;
      for (int e : stage) state.contacts[static_cast<std::size_t>(e)].active = true;
      evaluate(model, 0.0, state.q, state.v, state.contacts, stage, data);
      EXPECT_EQ(data.loaded_sliders_listed, stage.size() < every.size()) << stage.size() << " contacts";
      Data fresh(model);
      forward(model, state, fresh);
      for (int i = 0; i < model.nv; ++i) {
        EXPECT_NEAR(data.qdd[i], fresh.qdd[i], 1e-12 * (1.0 + std::abs(fresh.qdd[i])))
            << "bead " << i << " after a stage of " << stage.size() << " contacts, gravity " << gravity.transpose();
      }
    }
  }
}

}  // namespace
}  // namespace contactlab
