// SPDX-License-Identifier: MIT
// Tests of engine/element_kernels.h: each kernel of the table against the general one (the narrowphase on the bodies'
// world motion) on the same geometry — gap, normal velocity, the wrench of a force with a tangential part and its
// power — and the slip velocity against a finite difference of the body points at the contact points.
#include "engine/element_kernels.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/kinematics.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {
namespace {

// The kernels only ask whether an element has a friction law.
const FrictionLawInfo kSomeFrictionLaw{};

ContactForce no_force(const ContactInput&, const double*, const double*) { return {}; }

LawInfo make_test_law() {
  LawInfo law;
  law.id = "test_law";
  law.force = no_force;
  return law;
}
const LawInfo kTestLaw = make_test_law();

Shape make_shape(ShapeType type, int body, const Vec3& offset, double radius) {
  Shape shape;
  shape.type = type;
  shape.body = body;
  shape.pose.translation() = offset;
  shape.radius = radius;
  return shape;
}

void add_pair(Model& model, int shape_a, int shape_b) {
  ContactPairModel pair;
  pair.name = "pair " + std::to_string(model.contact.pairs.size());
  pair.shape_a = shape_a;
  pair.shape_b = shape_b;
  pair.body_a = model.contact.shapes[static_cast<std::size_t>(shape_a)].body;
  pair.body_b = model.contact.shapes[static_cast<std::size_t>(shape_b)].body;
  pair.law_info = &kTestLaw;
  pair.stiffness = 1e5;
  pair.exponent = 1.5;
  model.contact.pairs.push_back(pair);
}

int add_slider(Model& model, const Vec3& origin, const Vec3& axis) {
  Body body;
  body.name = "slider " + std::to_string(model.bodies.size());
  body.parent = 0;
  body.joint.type = JointType::kPrismatic;
  body.joint.placement.translation() = origin;
  body.joint.axis = axis.normalized();
  body.mass = 0.3;
  body.inertia = 1e-4 * Mat3::Identity();
  return add_body(model, body);
}

int add_free_body(Model& model) {
  Body body;
  body.name = "free " + std::to_string(model.bodies.size());
  body.parent = 0;
  body.joint.type = JointType::kFree;
  body.mass = 0.5;
  body.inertia = Vec3(2e-3, 3e-3, 4e-3).asDiagonal();
  return add_body(model, body);
}

// Spheres on sliders and the world: two on one line (the line kernel), two on crossing axes and a halfspace against a
// sphere on a tilted slider (the direct kernel).
struct SliderScene {
  Model model = make_model();
  SliderScene() {
    const Vec3 u = Vec3(1.0, -2.0, 0.5).normalized();
    const int a = add_slider(model, Vec3(0.1, 0.2, 0.3), u);
    const int b = add_slider(model, Vec3(0.1, 0.2, 0.3) + 0.2 * u, -u);
    const int across = add_slider(model, Vec3(0.4, -0.1, 0.2), Vec3(0.0, 1.0, 0.3));
    const int tilted = add_slider(model, Vec3(-0.5, 0.0, 0.04), Vec3(1.0, 0.0, -0.2));
    finalize(model);
    model.contact.shapes = {make_shape(ShapeType::kHalfspace, 0, Vec3::Zero(), 0.0),
                            make_shape(ShapeType::kSphere, a, Vec3::Zero(), 0.06),
                            make_shape(ShapeType::kSphere, b, Vec3::Zero(), 0.08),
                            make_shape(ShapeType::kSphere, across, Vec3::Zero(), 0.05),
                            make_shape(ShapeType::kSphere, tilted, Vec3::Zero(), 0.05)};
    add_pair(model, 1, 2);  // line
    add_pair(model, 1, 3);  // direct: crossing axes
    add_pair(model, 0, 4);  // direct: the ground and a sphere sliding along it
  }
};

// The generalized forces of a wrench, on sliders only (the tree bodies' spatial forces must stay zero).
Eigen::VectorXd wrench_of(const Model& model, Data& data, std::size_t e, ElementKernel row, const ElementForce& force) {
  data.slider_force.setZero();
  for (Vec6& f : data.external_force) f.setZero();
  with_kernel(row, [&](auto kernel) { kernel.apply(model, data, e, force); });
  for (const Vec6& f : data.external_force) EXPECT_EQ(f, Vec6::Zero());
  return data.slider_force;
}

TEST(ElementKernels, TheFastKernelsAreTheGeneralOneOnTheSameGeometry) {
  const SliderScene scene;
  const Model& model = scene.model;
  Data data(model);
  ASSERT_EQ(data.elements.size(), 3u);
  EXPECT_EQ(data.elements[0].geometry, ElementKernel::kLine);
  EXPECT_EQ(data.elements[1].geometry, ElementKernel::kDirect);
  EXPECT_EQ(data.elements[2].geometry, ElementKernel::kDirect);
  State state = make_state(model);
  for (PairState& s : state.contacts) s.active = true;
  // Apart, overlapping, and the line's spheres passed through each other (its normal turns round).
  for (const double shift : {0.05, -0.01, 0.35}) {
    state.q << shift, 0.02, -0.03, 0.1 - shift;
    state.v << 0.7, -0.4, 0.3, -1.2;
    forward_kinematics(model, state.q, state.v, data);
    for (std::size_t e = 0; e < data.elements.size(); ++e) {
      const ElementKernel row = data.elements[e].geometry;
      const std::string where = "element " + std::to_string(e) + " at shift " + std::to_string(shift);
      const double* q = state.q.data();
      const double* v = state.v.data();
      GeneralKernel::geometry(model, data, q, v, e, ContactVectors::kAll);
      const PairGeometry general = data.geometry[e];
      EXPECT_NEAR(element_gap(model, data, q, v, e), general.gap, 1e-15) << where;
      element_geometry(model, data, q, v, e, ContactVectors::kAll);
      const PairGeometry fast = data.geometry[e];
      EXPECT_NEAR(fast.gap, general.gap, 1e-15) << where;
      EXPECT_NEAR(fast.normal_velocity, general.normal_velocity, 1e-14) << where;
      EXPECT_LT((fast.normal - general.normal).norm(), 1e-14) << where;
      EXPECT_LT((fast.point_a - general.point_a).norm(), 1e-15) << where;
      EXPECT_LT((fast.point_b - general.point_b).norm(), 1e-15) << where;
      // A force with a tangential part: the fast wrench maps it as Jᵀ f does (the line kernel's sliders cannot move
      // across the line, so its tangential part loads neither), and the power it absorbs is what the generalized
      // forces take from the sliders, −τ·q̇.
      data.elements[e].tangential_law = &kSomeFrictionLaw;
      element_geometry(model, data, q, v, e, ContactVectors::kSkipOnLine);
      const Vec3& t1 = data.frames[e].tangent_1;
      const Vec3& t2 = data.frames[e].tangent_2;
      const ElementForce force{3.5, 1.2 * t1 - 0.7 * t2};
      const Eigen::VectorXd by_row = wrench_of(model, data, e, row, force);
      const Eigen::VectorXd by_general = wrench_of(model, data, e, ElementKernel::kGeneral, force);
      EXPECT_LT((by_row - by_general).norm(), 1e-14 * force.tangential.norm() + 1e-15 * force.normal) << where;
      EXPECT_GT(by_row.norm(), 0.1) << where;
      data.slider_force.setZero();
      const double power = apply_element_force(model, data, e, force);
      EXPECT_NEAR(power, -data.slider_force.dot(state.v), 1e-13 * (1.0 + std::abs(power))) << where;
      data.elements[e].tangential_law = nullptr;
    }
  }
}

TEST(ElementKernels, TheTangentsCompleteTheNormalToARightHandedOrthonormalBasis) {
  for (const Vec3& direction : {Vec3(0.0, 0.0, 1.0), Vec3(0.0, 0.0, -1.0), Vec3(1.0, 0.0, 0.0), Vec3(0.3, -0.4, 0.2),
                                Vec3(-0.1, 0.2, -0.9), Vec3(1e-9, -1e-9, -1.0)}) {
    const Vec3 n = direction.normalized();
    Vec3 t1, t2;
    contact_tangents(n, t1, t2);
    EXPECT_NEAR(t1.norm(), 1.0, 1e-15);
    EXPECT_NEAR(t2.norm(), 1.0, 1e-15);
    EXPECT_NEAR(t1.dot(n), 0.0, 1e-15);
    EXPECT_NEAR(t2.dot(n), 0.0, 1e-15);
    EXPECT_NEAR(t1.dot(t2), 0.0, 1e-15);
    EXPECT_LT((n.cross(t1) - t2).norm(), 1e-15) << "(n, t1, t2) right-handed";
  }
}

// v_PB − v_PA in the contact plane from the motion of the body points at the contact points: each point fixed to its
// body at q, carried to q ± h q̇, the central difference.
Vec3 slip_by_difference(const Model& model, const State& state, const PairGeometry& geometry, const ContactPairModel& pair) {
  constexpr double h = 1e-6;
  Data data(model);
  forward_kinematics(model, state.q, state.v, data);
  auto fixed_in = [&](int body, const Vec3& point) {
    return Vec3(body_motion(model, data, state.q.data(), state.v.data(), body).pose.inverse() * point);
  };
  const Vec3 in_a = fixed_in(pair.body_a, geometry.point_a);
  const Vec3 in_b = fixed_in(pair.body_b, geometry.point_b);
  Eigen::VectorXd rate(model.nq);
  configuration_derivative(model, state.q, state.v, rate);
  auto relative_at = [&](double dt) {
    const Eigen::VectorXd q = state.q + dt * rate;
    forward_kinematics(model, q, state.v, data);
    const Vec3 a = body_motion(model, data, q.data(), state.v.data(), pair.body_a).pose * in_a;
    const Vec3 b = body_motion(model, data, q.data(), state.v.data(), pair.body_b).pose * in_b;
    return Vec3(b - a);
  };
  const Vec3 relative = (relative_at(h) - relative_at(-h)) / (2.0 * h);
  const Vec3& n = geometry.normal;
  return relative - n.dot(relative) * n;
}

// The slip velocity of every element of `model` (each given a tangential law) against slip_by_difference; returns the
// largest slip speed (a test means something only if some element slips).
double expect_slip_by_difference(const Model& model, const State& state, const std::string& what) {
  double largest = 0.0;
  Data data(model);
  for (ContactElement& element : data.elements) element.tangential_law = &kSomeFrictionLaw;
  forward_kinematics(model, state.q, state.v, data);
  for (std::size_t e = 0; e < data.elements.size(); ++e) {
    element_geometry(model, data, state.q.data(), state.v.data(), e, ContactVectors::kSkipOnLine);
    const PairGeometry& geometry = data.geometry[e];
    const ContactFrame& frame = data.frames[e];
    const Vec3 expected = slip_by_difference(model, state, geometry, *data.elements[e].pair);
    const std::string where = what + ", element " + std::to_string(e);
    EXPECT_LT((frame.slip_velocity - expected).norm(), 1e-7 * (1.0 + expected.norm())) << where;
    EXPECT_NEAR(frame.slip_velocity.dot(geometry.normal), 0.0, 1e-14) << where;
    EXPECT_NEAR(frame.tangent_1.dot(geometry.normal), 0.0, 1e-15) << where;
    EXPECT_NEAR(frame.tangent_2.dot(frame.tangent_1), 0.0, 1e-15) << where;
    largest = std::max(largest, expected.norm());
  }
  return largest;
}

TEST(ElementKernels, ASphereSlidingAndSpinningOnAHalfspaceSlipsAtItsContactPoint) {
  Model model = make_model();
  const int sphere = add_free_body(model);
  finalize(model);
  model.contact.shapes = {make_shape(ShapeType::kHalfspace, 0, Vec3::Zero(), 0.0),
                          make_shape(ShapeType::kSphere, sphere, Vec3(0.01, -0.02, 0.005), 0.1)};
  add_pair(model, 0, 1);
  State state = make_state(model);
  state.q.head<3>() = Vec3(0.3, -0.2, 0.098);
  state.q.tail<4>() = Eigen::Vector4d(0.9, 0.1, -0.3, 0.2).normalized();
  state.v << 2.0, -1.5, 4.0, 0.8, 0.3, -0.05;  // ω, then the origin's velocity, in the body frame
  EXPECT_GT(expect_slip_by_difference(model, state, "spinning sphere on the ground"), 0.1);
  // Rolling without slipping: the contact point at rest, no slip.
  state.q.tail<4>() << 1.0, 0.0, 0.0, 0.0;
  state.q.head<3>() = Vec3(0.3, -0.2, 0.095);
  model.contact.shapes[1].pose.translation().setZero();
  state.v << 0.0, 5.0, 0.0, 0.5, 0.0, 0.0;  // v_x = ω_y r
  Data data(model);
  data.elements[0].tangential_law = &kSomeFrictionLaw;
  forward_kinematics(model, state.q, state.v, data);
  element_geometry(model, data, state.q.data(), state.v.data(), 0, ContactVectors::kAll);
  EXPECT_LT(data.frames[0].slip_velocity.norm(), 1e-15);
}

TEST(ElementKernels, TwoSpinningSpheresSlipAtTheirContactPoints) {
  Model model = make_model();
  const int a = add_free_body(model);
  const int b = add_free_body(model);
  finalize(model);
  model.contact.shapes = {make_shape(ShapeType::kSphere, a, Vec3(0.02, 0.0, -0.01), 0.1),
                          make_shape(ShapeType::kSphere, b, Vec3(-0.01, 0.03, 0.0), 0.12)};
  add_pair(model, 0, 1);
  State state = make_state(model);
  state.q.segment<3>(0) = Vec3(0.0, 0.0, 0.0);
  state.q.segment<4>(3) = Eigen::Vector4d(0.8, -0.2, 0.1, 0.5).normalized();
  state.q.segment<3>(7) = Vec3(0.15, 0.12, 0.05);
  state.q.segment<4>(10) = Eigen::Vector4d(0.6, 0.4, -0.3, 0.1).normalized();
  state.v << 3.0, -2.0, 5.0, 0.2, -0.4, 0.1,  // a: ω, v
      -4.0, 1.0, 2.5, -0.3, 0.6, 0.2;         // b
  EXPECT_GT(expect_slip_by_difference(model, state, "two spinning spheres"), 0.1);
}

TEST(ElementKernels, SpheresOnSlidersSlipAlongTheContactPlane) {
  const SliderScene scene;
  State state = make_state(scene.model);
  state.q << 0.03, -0.01, 0.02, 0.1;
  state.v << 0.7, -0.4, 0.3, -1.2;
  EXPECT_GT(expect_slip_by_difference(scene.model, state, "spheres on sliders"), 0.1);
}

}  // namespace
}  // namespace contactlab
