// SPDX-License-Identifier: MIT
// Tests of engine/forward: one evaluation from state to q̈ through contact geometry, the law, and the
// mapping of the pair force onto the bodies (Jᵀf), against closed forms.
#include "engine/forward.h"

#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "engine/data.h"
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
  EXPECT_NEAR(data.contact_input[0].indentation, indentation, 1e-15);
  EXPECT_NEAR(data.contact_force[0].force, force, 1e-12 * force);
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
  EXPECT_EQ(data.contact_force[0].force, 0.0);
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
  EXPECT_NEAR(data.contact_input[0].indentation, -0.02, 1e-15);
  EXPECT_EQ(data.contact_force[0].force, 0.0);
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
  EXPECT_NEAR(data.contact_force[0].force, force, 1e-11 * force);
  EXPECT_NEAR(data.qdd[0], expected, 1e-11 * std::abs(expected));
}

}  // namespace
}  // namespace contactlab
