// SPDX-License-Identifier: MIT
// models/friction_coulomb: Coulomb, Coulomb with viscous friction, the exponential Stribeck curve and Karnopp's
// stick band, against their formulas.
#include <cmath>
#include <stdexcept>

#include <gtest/gtest.h>

#include "tests/models/friction_support.h"

namespace contactlab {
namespace {

using test::friction_law;
using test::slip_input;

TEST(Coulomb, SlidesAtTheKineticForceAndHoldsUpToTheStaticOne) {
  const test::FrictionLaw law = friction_law("coulomb", {{"static_friction", 0.5}, {"kinetic_friction", 0.3}});
  EXPECT_EQ(law.info->stiction, Stiction::kExact);
  // μ_k N at any slip speed, against it; μ_s N held at rest.
  for (double speed : {1e-9, 1e-3, 10.0}) EXPECT_DOUBLE_EQ(law.along_x(speed, 20.0), -6.0);
  EXPECT_DOUBLE_EQ(law.info->static_limit(slip_input(0.0, 20.0), law.parameters.values), 10.0);
  EXPECT_THROW(friction_law("coulomb", {{"static_friction", 0.3}, {"kinetic_friction", 0.5}}), std::invalid_argument);
}

TEST(Coulomb, TheViscousTermAddsItsForcePerSpeed) {
  const test::FrictionLaw law =
      friction_law("coulomb_viscous", {{"static_friction", 0.5}, {"kinetic_friction", 0.3}, {"viscous", 2.0}});
  EXPECT_DOUBLE_EQ(law.along_x(0.25, 20.0), -(6.0 + 0.5));
}

TEST(Stribeck, FallsFromTheStaticToTheKineticLevel) {
  // δ = 2 (Armstrong's Gaussian): μ(s) = μ_k + (μ_s − μ_k) e^{−(s/v_s)²}; at s = v_s the excess has fallen to 1/e.
  const test::FrictionLaw law =
      friction_law("stribeck", {{"static_friction", 0.5}, {"kinetic_friction", 0.3}, {"stribeck_velocity", 0.01}});
  const double N = 10.0;
  EXPECT_NEAR(law.along_x(1e-12, N), -5.0, 1e-12);
  EXPECT_NEAR(law.along_x(0.01, N), -N * (0.3 + 0.2 / std::exp(1.0)), 1e-12);
  EXPECT_NEAR(law.along_x(1.0, N), -3.0, 1e-12);
  // Tustin's δ = 1: the excess falls as e^{−s/v_s}.
  const test::FrictionLaw tustin = friction_law(
      "stribeck", {{"static_friction", 0.5}, {"kinetic_friction", 0.3}, {"stribeck_velocity", 0.01}, {"shape", 1.0}});
  EXPECT_NEAR(tustin.along_x(0.02, N), -N * (0.3 + 0.2 * std::exp(-2.0)), 1e-12);
}

TEST(Karnopp, InItsBandBalancesTheForceThatWouldMakeItSlipUpToTheStaticLimit) {
  const test::FrictionLaw law = friction_law(
      "karnopp", {{"static_friction", 0.5}, {"kinetic_friction", 0.3}, {"band", 1e-3}, {"viscous", 1.0}});
  const double N = 10.0;  // static limit 5 N
  FrictionInput in = slip_input(5e-4, N);
  in.stick_force[0] = 3.0;
  in.stick_force[1] = -2.0;
  FrictionForce f = law.force(in);
  EXPECT_DOUBLE_EQ(f.force[0], 3.0);  // |(3, −2)| = 3.6 N < 5 N: held as it is
  EXPECT_DOUBLE_EQ(f.force[1], -2.0);
  in.stick_force[0] = 6.0;
  in.stick_force[1] = -8.0;  // 10 N: clipped to 5 N in its direction
  f = law.force(in);
  EXPECT_DOUBLE_EQ(f.force[0], 3.0);
  EXPECT_DOUBLE_EQ(f.force[1], -4.0);
  // Out of the band: sliding at μ_k N + c_v s, whatever holds it.
  EXPECT_DOUBLE_EQ(law.force(slip_input(0.002, N)).force[0], -(3.0 + 0.002));
}

}  // namespace
}  // namespace contactlab
