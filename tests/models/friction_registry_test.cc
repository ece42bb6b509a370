// SPDX-License-Identifier: MIT
// models/friction_registry: every friction law is complete, found by name, isotropic (a law of the slip speed along
// −v̂, the same at any direction in the plane) and opposes the slip.
#include "models/friction_registry.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/models/friction_support.h"

namespace contactlab {
namespace {

using test::slip_input;

// Values that every law accepts, by parameter name (a law takes those it declares).
std::vector<NamedValue> sample_values(const FrictionLawInfo& law) {
  const std::vector<NamedValue> all = {
      {"static_friction", 0.5},   {"kinetic_friction", 0.3},    {"friction", 0.3},
      {"viscous", 0.2},           {"stribeck_velocity", 0.01},  {"shape", 2.0},
      {"band", 1e-3},             {"regularisation_velocity", 1e-3}, {"transition_velocity", 1e-3},
      {"dead_velocity", 1e-4},    {"full_velocity", 1e-3},      {"normal_force_scale", 1.0},
      {"sharpness", 2000.0},      {"bristle_stiffness", 1e5},   {"bristle_damping", 300.0},
      {"breakaway_displacement", 1e-6},
  };
  std::vector<NamedValue> values;
  for (const NamedValue& v : all) {
    if (find_parameter(parameter_table(law), v.name) != nullptr) values.push_back(v);
  }
  return values;
}

TEST(FrictionRegistry, EveryLawIsCompleteAndFoundByName) {
  std::set<std::string_view> names;
  ASSERT_GE(friction_laws().size(), 13u);
  for (const FrictionLawInfo& law : friction_laws()) {
    SCOPED_TRACE(law.id);
    EXPECT_TRUE(names.insert(law.id).second);
    EXPECT_EQ(&friction_law_info(find_friction_law(law.id)), &law);
    EXPECT_FALSE(law.source.empty());
    EXPECT_FALSE(law.formula.empty());
    EXPECT_NE(law.force, nullptr);
    const bool held = law.stiction == Stiction::kExact || law.stiction == Stiction::kBand;
    EXPECT_EQ(law.static_limit != nullptr, held);
    EXPECT_EQ(law.state_rate != nullptr, law.continuous_state_size > 0);
    EXPECT_LE(law.continuous_state_size, law.state_size);
    EXPECT_LE(law.state_size, kMaxLawState);
    EXPECT_EQ(law.needs == kFrictionNeedsStickForce, law.stiction == Stiction::kBand);
    // A kinetic coefficient the materials can supply.
    EXPECT_GE(role_parameter(parameter_table(law), ParameterRole::kKineticFriction), 0);
    EXPECT_NO_THROW(compile_parameters(parameter_table(law), sample_values(law)));
  }
  EXPECT_EQ(find_friction_law("no_such_friction"), -1);
}

TEST(FrictionRegistry, EveryLawIsIsotropicAndOpposesTheSlip) {
  // Slip at 5 mm/s under N = 10 N along x and along 0.7 rad: the same magnitude, antiparallel to the slip. The state
  // laws are asked at zero deflection (their force is then the damping and viscous terms, along −v too).
  for (const FrictionLawInfo& law : friction_laws()) {
    SCOPED_TRACE(law.id);
    const LawParameters p = compile_parameters(parameter_table(law), sample_values(law));
    const double state[kMaxLawState] = {};
    for (double speed : {1e-5, 5e-3, 0.3}) {
      const FrictionInput along_x = slip_input(speed, 10.0);
      const FrictionInput turned = slip_input(speed, 10.0, 0.7);
      const FrictionForce fx = law.force(along_x, p.values, state);
      const FrictionForce ft = law.force(turned, p.values, state);
      const double magnitude_x = std::hypot(fx.force[0], fx.force[1]);
      const double magnitude_t = std::hypot(ft.force[0], ft.force[1]);
      EXPECT_NEAR(magnitude_t, magnitude_x, 1e-12 * (1.0 + magnitude_x));
      EXPECT_LE(fx.force[0], 0.0);
      EXPECT_NEAR(fx.force[1], 0.0, 1e-15);
      EXPECT_EQ(fx.force[2], 0.0);
      // Antiparallel: the turned force along −(cos 0.7, sin 0.7).
      EXPECT_NEAR(ft.force[0] * std::sin(0.7) - ft.force[1] * std::cos(0.7), 0.0, 1e-12 * (1.0 + magnitude_t));
    }
    // Nothing slips (and, for the band law, nothing would make it slip): no force.
    const FrictionForce at_rest = law.force(slip_input(0.0, 10.0), p.values, state);
    EXPECT_EQ(at_rest.force[0], 0.0);
    EXPECT_EQ(at_rest.force[1], 0.0);
  }
}

TEST(FrictionRegistry, TheSlopeIsTheDerivativeOfTheMagnitude) {
  // dforce_dslip_speed against a central difference of |F(s)| at speeds spanning each law's transition, at zero
  // state (where the bristle laws' slope is their damping and viscous terms). Relative step 1e-6: the difference's
  // truncation error is ~1e-12 of the curvature scale, far below the 1e-6 tolerance.
  for (const FrictionLawInfo& law : friction_laws()) {
    if (law.stiction == Stiction::kBand) continue;  // in its band the force is not a function of the slip
    SCOPED_TRACE(law.id);
    const LawParameters p = compile_parameters(parameter_table(law), sample_values(law));
    const double state[kMaxLawState] = {};
    for (double speed : {3e-4, 2e-3, 2e-2, 0.5}) {
      if (law.id == "ambrosio" && std::abs(speed - 1e-3) < 2e-4) continue;  // its kinks at v_0 and v_1
      const double h = 1e-6 * speed;
      auto magnitude = [&](double s) { return -law.force(slip_input(s, 10.0), p.values, state).force[0]; };
      const double difference = (magnitude(speed + h) - magnitude(speed - h)) / (2.0 * h);
      const double slope = law.force(slip_input(speed, 10.0), p.values, state).dforce_dslip_speed;
      EXPECT_NEAR(slope, difference, 1e-6 * (1.0 + std::abs(difference))) << speed;
    }
  }
}

}  // namespace
}  // namespace contactlab
