// SPDX-License-Identifier: MIT
// Tests of engine/energy: kinetic energy against ½ q̇ᵀ M q̇ with the dense mass matrix, and a pendulum's
// kinetic and gravitational energy in closed form.
#include "engine/energy.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/dynamics.h"
#include "engine/forward.h"
#include "engine/model.h"
#include "engine/state.h"
#include "random_tree.h"

namespace contactlab {
namespace {

class RandomTreeEnergy : public ::testing::TestWithParam<unsigned> {};

TEST_P(RandomTreeEnergy, KineticEnergyEqualsHalfVelocityMassMatrixVelocity) {
  // Σ ½ v_iᵀ I_i v_i over bodies equals ½ q̇ᵀ M q̇ because M = Σ J_iᵀ I_i J_i (v_i = J_i q̇).
  test::RandomSource random(GetParam());
  const Model model = test::make_random_tree(random, 1 + static_cast<int>(GetParam() % 10));
  Data data(model);
  State state = make_state(model);
  state.q = test::random_configuration(random, model);
  state.v = random.vector_n(model.nv, 2.0);
  forward(model, state, data);

  const Energy e = energy(model, state, data);
  const Eigen::MatrixXd M = mass_matrix(model, data);
  const double expected = 0.5 * state.v.dot(M * state.v);
  EXPECT_NEAR(e.kinetic, expected, 1e-12 * expected);

  // Gravitational energy is −Σ m_i g·c_i by definition; no contact pairs means no elastic energy.
  double gravitational = 0.0;
  for (std::size_t i = 1; i < model.bodies.size(); ++i) {
    const Body& body = model.bodies[i];
    gravitational -= body.mass * model.gravity.dot(data.motion[i].pose * body.com);
  }
  EXPECT_NEAR(e.gravitational, gravitational, 1e-12 * std::max(1.0, std::abs(gravitational)));
  EXPECT_EQ(e.elastic, 0.0);
  EXPECT_EQ(e.absorbed, 0.0);
  EXPECT_DOUBLE_EQ(e.total(), e.kinetic + e.gravitational);
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomTreeEnergy, ::testing::Range(1u, 21u));

TEST(PendulumEnergy, GravitationalAndKineticEnergyAtAngleTheta) {
  // Uniform rod of mass m and length L hanging along −y from a pivot at the origin, under gravity −y:
  // its centre of mass is at (L/2)(sin θ, −cos θ), so E_g = m g y_c = −m g (L/2) cos θ, and
  // E_k = ½ I_pivot θ̇² with I_pivot = m L²/3.
  const double g = 9.81, mass = 1.8, length = 1.2;
  Model model = make_model();
  model.gravity = Vec3(0.0, -g, 0.0);
  Body rod;
  rod.name = "rod";
  rod.parent = 0;
  rod.joint.type = JointType::kRevolute;
  rod.joint.axis = Vec3::UnitZ();
  rod.mass = mass;
  rod.com = Vec3(0.0, -0.5 * length, 0.0);
  const double about_com = mass * length * length / 12.0;
  rod.inertia = Vec3(about_com, 0.0, about_com).asDiagonal();
  add_body(model, rod);
  finalize(model);

  Data data(model);
  State state = make_state(model);
  for (double theta : {0.0, 0.6, -1.9, std::numbers::pi}) {
    const double rate = 1.7;
    state.q[0] = theta;
    state.v[0] = rate;
    forward(model, state, data);
    const Energy e = energy(model, state, data);
    const double gravitational = -mass * g * 0.5 * length * std::cos(theta);
    const double kinetic = 0.5 * (mass * length * length / 3.0) * rate * rate;
    EXPECT_NEAR(e.gravitational, gravitational, 1e-14 * mass * g * length) << "θ = " << theta;
    EXPECT_NEAR(e.kinetic, kinetic, 1e-14 * kinetic) << "θ = " << theta;
    EXPECT_NEAR(e.total(), kinetic + gravitational, 1e-14 * (kinetic + mass * g * length));  // no springs, no contacts
  }
}

}  // namespace
}  // namespace contactlab
