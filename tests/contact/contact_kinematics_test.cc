// SPDX-License-Identifier: MIT
// Tests of contact/contact_kinematics: the normal velocity δ̇ = n·(v_PA − v_PB) of moving and rotating bodies
// equals −d(gap)/dt, by a central finite difference of the gap along the rigid motion — for every pair type with
// several contact points, at the deepest one.
#include "contact/contact_kinematics.h"

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "contact/contact_model.h"

namespace contactlab {
namespace {

using Eigen::AngleAxisd;
using Eigen::Isometry3d;
using Eigen::Vector3d;

// A rigid motion with constant twist: X(t) translates at v and rotates at ω (world axes) from X(0).
struct RigidMotion {
  Isometry3d start = Isometry3d::Identity();
  Vector3d linear_velocity = Vector3d::Zero();   // of the body origin
  Vector3d angular_velocity = Vector3d::Zero();

  BodyMotion at(double t) const {
    BodyMotion m;
    m.pose = start;
    m.pose.translation() += t * linear_velocity;
    const double rate = angular_velocity.norm();
    if (rate > 0.0) m.pose.linear() = AngleAxisd(rate * t, angular_velocity / rate) * start.linear();
    m.linear_velocity = linear_velocity;
    m.angular_velocity = angular_velocity;
    return m;
  }
};

Isometry3d make_pose(const Vector3d& translation, const Vector3d& axis, double angle) {
  Isometry3d X = Isometry3d::Identity();
  X.linear() = AngleAxisd(angle, axis.normalized()).toRotationMatrix();
  X.translation() = translation;
  return X;
}

// A contact model of two shapes on bodies 1 and 2 (body 0 is the world), one pair between them.
ContactModel make_contact_model(Shape a, Shape b) {
  ContactModel model;
  a.body = 1;
  b.body = 2;
  model.shapes = {a, b};
  ContactPairModel pair;
  pair.shape_a = 0;
  pair.shape_b = 1;
  pair.body_a = 1;
  pair.body_b = 2;
  model.pairs = {pair};
  return model;
}

PairGeometry geometry_at(const ContactModel& model, const RigidMotion& a, const RigidMotion& b, double t) {
  const std::vector<BodyMotion> bodies = {BodyMotion{}, a.at(t), b.at(t)};
  PairGeometry out;
  pair_geometry(model, model.pairs[0], 0, bodies[1], bodies[2], out);
  return out;
}

// δ̇ at t = 0 against −(gap(h) − gap(−h))/(2h). The gap is smooth in t (closest points move smoothly), so
// the central difference is accurate to O(h²) ≈ 1e-10 plus round-off ≈ 1e-16/h ≈ 1e-11 for h = 1e-5.
void expect_normal_velocity_is_gap_rate(const ContactModel& model, const RigidMotion& a, const RigidMotion& b,
                                        bool overlapping) {
  const double h = 1e-5;
  const PairGeometry now = geometry_at(model, a, b, 0.0);
  EXPECT_EQ(now.gap < 0.0, overlapping) << "gap " << now.gap;
  const double gap_rate = (geometry_at(model, a, b, h).gap - geometry_at(model, a, b, -h).gap) / (2.0 * h);
  ASSERT_GT(std::abs(gap_rate), 0.01) << "choose a motion that changes the gap";
  EXPECT_NEAR(now.normal_velocity, -gap_rate, 1e-7 * std::abs(gap_rate));
}

Shape make_shape(ShapeType type, const Isometry3d& pose, double radius, double length = 0.0) {
  Shape s;
  s.type = type;
  s.pose = pose;
  s.radius = radius;
  s.length = length;
  return s;
}

TEST(NormalVelocity, SphereSphereTranslatingAndRotating) {
  // Both spheres sit off their body origins, so the bodies' rotation moves their centres.
  const ContactModel model = make_contact_model(
      make_shape(ShapeType::kSphere, make_pose(Vector3d(0.2, -0.1, 0.05), Vector3d::UnitX(), 0.0), 0.3),
      make_shape(ShapeType::kSphere, make_pose(Vector3d(-0.1, 0.3, 0.0), Vector3d::UnitX(), 0.0), 0.25));
  RigidMotion a{make_pose(Vector3d(0.0, 0.0, 0.0), Vector3d(1, 2, 3), 0.4), Vector3d(0.8, -0.3, 0.2),
                Vector3d(0.5, 1.5, -2.0)};
  RigidMotion b{make_pose(Vector3d(0.6, 0.1, 0.4), Vector3d(-1, 0, 2), 1.1), Vector3d(-1.2, 0.4, 0.1),
                Vector3d(-3.0, 0.7, 1.0)};
  expect_normal_velocity_is_gap_rate(model, a, b, true);
  b.start.translation() = Vector3d(1.2, 0.4, 0.9);
  expect_normal_velocity_is_gap_rate(model, a, b, false);
  // Approaching head-on at relative speed w: δ̇ = +w (positive while approaching).
  RigidMotion left{Isometry3d::Identity(), Vector3d(0.7, 0.0, 0.0), Vector3d::Zero()};
  RigidMotion right{make_pose(Vector3d(1.0, 0.0, 0.0), Vector3d::UnitX(), 0.0), Vector3d(-0.5, 0.0, 0.0),
                    Vector3d::Zero()};
  const ContactModel centred =
      make_contact_model(make_shape(ShapeType::kSphere, Isometry3d::Identity(), 0.3),
                         make_shape(ShapeType::kSphere, Isometry3d::Identity(), 0.25));
  EXPECT_NEAR(geometry_at(centred, left, right, 0.0).normal_velocity, 1.2, 1e-15);
}

TEST(NormalVelocity, HalfspaceSphereWithAMovingTiltingPlane) {
  // The plane rotates too: its contact point P_A (the foot of the sphere's centre) moves with body A.
  const ContactModel model = make_contact_model(
      make_shape(ShapeType::kHalfspace, make_pose(Vector3d(0.1, 0.0, -0.2), Vector3d(1, 1, 0), 0.3), 0.0),
      make_shape(ShapeType::kSphere, make_pose(Vector3d(0.0, 0.15, 0.0), Vector3d::UnitX(), 0.0), 0.4));
  RigidMotion ground{make_pose(Vector3d(0.0, 0.0, 0.0), Vector3d(0, 1, 1), 0.2), Vector3d(0.1, 0.2, 0.3),
                     Vector3d(0.4, -0.6, 0.2)};
  RigidMotion ball{make_pose(Vector3d(0.3, -0.2, -0.1), Vector3d(1, 0, 1), 0.8), Vector3d(0.5, -0.4, -1.5),
                   Vector3d(2.0, 1.0, -1.0)};
  expect_normal_velocity_is_gap_rate(model, ground, ball, true);
  ball.start.translation().z() += 0.6;
  expect_normal_velocity_is_gap_rate(model, ground, ball, false);
}

// Two capsules (radii 0.2 and 0.3) on bodies translating and turning at constant twists; at t = 0 their axes
// cross 0.4 apart, closest points inside both segments.
struct CrossingCapsules {
  ContactModel model = make_contact_model(
      make_shape(ShapeType::kCapsule, make_pose(Vector3d(0.05, 0.0, 0.0), Vector3d::UnitY(), std::numbers::pi / 2), 0.2,
                 2.0),
      make_shape(ShapeType::kCapsule, make_pose(Vector3d(0.0, -0.1, 0.0), Vector3d::UnitX(), std::numbers::pi / 2), 0.3,
                 1.5));
  RigidMotion a{make_pose(Vector3d(0.0, 0.0, 0.0), Vector3d::UnitZ(), 0.2), Vector3d(0.3, -0.2, 0.6),
                Vector3d(0.3, -0.5, 1.2)};
  RigidMotion b{make_pose(Vector3d(0.1, 0.2, 0.4), Vector3d(0, 0, 1), -0.5), Vector3d(-0.4, 0.1, -0.9),
                Vector3d(-1.0, 0.8, 0.5)};
};

TEST(NormalVelocity, CapsuleCapsuleCrossingAndRotating) {
  // The closest points stay inside both segments, so they move smoothly.
  CrossingCapsules capsules;
  const ContactModel& model = capsules.model;
  const RigidMotion& a = capsules.a;
  RigidMotion& b = capsules.b;
  expect_normal_velocity_is_gap_rate(model, a, b, true);  // axes 0.4 apart, radii sum 0.5
  b.start.translation().z() = 0.9;
  expect_normal_velocity_is_gap_rate(model, a, b, false);
}

// The event functions' gap alone (closed form for capsule pairs) is the full geometry's gap, apart, overlapping,
// and with the closest points at the segments' ends.
TEST(PairGap, CapsulesAgreeWithTheFullGeometry) {
  const CrossingCapsules capsules;
  const ContactModel& model = capsules.model;
  const RigidMotion& a = capsules.a;
  const RigidMotion& b = capsules.b;
  int overlapping = 0;
  for (double t : {0.0, 0.3, 0.7, 1.5, 3.0}) {
    const PairGeometry full = geometry_at(model, a, b, t);
    PairGeometry scratch;
    const double gap = pair_gap(model, model.pairs[0], 0, a.at(t), b.at(t), scratch);
    EXPECT_NEAR(gap, full.gap, 1e-14) << "t = " << t;
    overlapping += full.gap < 0.0 ? 1 : 0;
  }
  EXPECT_GT(overlapping, 0);
  EXPECT_LT(overlapping, 5);
}

// The closed-form pairs with several contact points: on random poses, the deepest point's normal velocity is
// −d(gap)/dt of that point along random rigid motions of both bodies, whatever features are deepest.
PairGeometry slot_at(const ContactModel& model, const RigidMotion& a, const RigidMotion& b, double t, int slot) {
  PairGeometry out;
  pair_geometry(model, model.pairs[0], slot, a.at(t), b.at(t), out);
  return out;
}

int deepest_slot(const ContactModel& model, const RigidMotion& a, const RigidMotion& b) {
  const ContactPairModel& pair = model.pairs[0];
  int deepest = 0;
  for (int k = 1; k < contact_points(model, pair); ++k) {
    if (slot_at(model, a, b, 0.0, k).gap < slot_at(model, a, b, 0.0, deepest).gap) deepest = k;
  }
  return deepest;
}

// Shapes a and b (their shape frames offset from their bodies' origins) on bodies at random poses with random
// twists, b's body placed along a random direction where the pair's deepest gap is −1 % of `size` (bisection on
// it). 20 trials; at each, the deepest point's δ̇ against the central difference of its gap with h = 1e-6 s
// (O(h²) ≈ 1e-12 plus round-off 1e-16/h ≈ 1e-10, relative to rates of order 1): to 1e-7 of the rate.
void expect_deepest_point_rate(Shape a, Shape b, double size, std::uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto vector = [&] { return Vector3d(unit(random), unit(random), unit(random)); };
  a.pose = make_pose(0.1 * size * vector(), vector(), unit(random));
  b.pose = make_pose(0.1 * size * vector(), vector(), unit(random));
  const ContactModel model = make_contact_model(a, b);
  int tested = 0;
  for (int trial = 0; trial < 20; ++trial) {
    RigidMotion motion_a{make_pose(Vector3d::Zero(), vector(), 3.0 * unit(random)), vector(), 2.0 * vector()};
    RigidMotion motion_b{make_pose(Vector3d::Zero(), vector(), 3.0 * unit(random)), vector(), 2.0 * vector()};
    const Vector3d direction = vector().normalized();
    const auto deepest_gap_at = [&](double s) {
      motion_b.start.translation() = s * direction;
      return slot_at(model, motion_a, motion_b, 0.0, deepest_slot(model, motion_a, motion_b)).gap;
    };
    double lo = 0.0, hi = 4.0 * size;
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (lo + hi);
      (deepest_gap_at(mid) > -0.01 * size ? hi : lo) = mid;
    }
    motion_b.start.translation() = hi * direction;
    const int k = deepest_slot(model, motion_a, motion_b);
    const double h = 1e-6;
    const PairGeometry now = slot_at(model, motion_a, motion_b, 0.0, k);
    const double gap_rate = (slot_at(model, motion_a, motion_b, h, k).gap - slot_at(model, motion_a, motion_b, -h, k).gap) / (2.0 * h);
    if (std::abs(gap_rate) < 0.01) continue;
    ++tested;
    EXPECT_NEAR(now.gap, -0.01 * size, 1e-9 * size) << "trial " << trial;
    EXPECT_NEAR(now.normal_velocity, -gap_rate, 1e-7 * std::abs(gap_rate)) << "trial " << trial << ", slot " << k;
  }
  EXPECT_GE(tested, 15);
}

Shape make_box_shape(const Vector3d& half_extents) {
  Shape s = make_shape(ShapeType::kBox, Isometry3d::Identity(), 0.0);
  s.half_extents = half_extents;
  return s;
}

TEST(NormalVelocity, BoxBoxDeepestPoint) {
  expect_deepest_point_rate(make_box_shape(Vector3d(0.3, 0.2, 0.25)), make_box_shape(Vector3d(0.15, 0.35, 0.2)), 0.5, 1);
}

TEST(NormalVelocity, CapsuleBoxDeepestPoint) {
  expect_deepest_point_rate(make_shape(ShapeType::kCapsule, Isometry3d::Identity(), 0.1, 0.5),
                            make_box_shape(Vector3d(0.15, 0.35, 0.2)), 0.5, 2);
}

TEST(NormalVelocity, CapsuleCylinderDeepestPoint) {
  expect_deepest_point_rate(make_shape(ShapeType::kCapsule, Isometry3d::Identity(), 0.1, 0.5),
                            make_shape(ShapeType::kCylinder, Isometry3d::Identity(), 0.25, 0.6), 0.5, 3);
}

TEST(NormalVelocity, CylinderBoxDeepestPoint) {
  expect_deepest_point_rate(make_shape(ShapeType::kCylinder, Isometry3d::Identity(), 0.2, 0.5),
                            make_box_shape(Vector3d(0.15, 0.35, 0.2)), 0.5, 4);
}

TEST(NormalVelocity, CylinderCylinderDeepestPoint) {
  expect_deepest_point_rate(make_shape(ShapeType::kCylinder, Isometry3d::Identity(), 0.2, 0.5),
                            make_shape(ShapeType::kCylinder, Isometry3d::Identity(), 0.25, 0.6), 0.5, 5);
}

TEST(PointVelocity, IsOriginVelocityPlusOmegaCrossLeverArm) {
  // v_P = v_O + ω × (P − O): ω = (0, 0, 2) and P − O = (0.5, 0, 0) add (0, 1, 0).
  BodyMotion body;
  body.pose.translation() = Vector3d(1.0, 2.0, 3.0);
  body.linear_velocity = Vector3d(0.1, 0.2, 0.3);
  body.angular_velocity = Vector3d(0.0, 0.0, 2.0);
  const Vector3d v = point_velocity(body, Vector3d(1.5, 2.0, 3.0));
  EXPECT_NEAR((v - Vector3d(0.1, 1.2, 0.3)).norm(), 0.0, 1e-15);
  // Along a direction, the same in scalars: n·v_P.
  const Vector3d n = Vector3d(0.3, -0.4, 1.2).normalized();
  EXPECT_NEAR(point_velocity_along(body, Vector3d(1.5, 2.0, 3.0), n), n.dot(v), 1e-15);
}

}  // namespace
}  // namespace contactlab
