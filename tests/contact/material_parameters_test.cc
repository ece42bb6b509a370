// SPDX-License-Identifier: MIT
// Tests of contact/material_parameters: the law parameters a pair's shapes and materials supply by role, each against
// its closed form, and the physical reasons a pair cannot supply one.
#include "contact/material_parameters.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include <gtest/gtest.h>

#include "contact/material_mixing.h"

namespace contactlab {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Material material(std::string name, double youngs_modulus, double poisson_ratio, double yield_strength = kInfinity) {
  Material m;
  m.name = std::move(name);
  m.youngs_modulus = youngs_modulus;
  m.poisson_ratio = poisson_ratio;
  m.yield_strength = yield_strength;
  return m;
}

Shape sphere(double radius) {
  Shape s;
  s.name = "sphere";
  s.type = ShapeType::kSphere;
  s.radius = radius;
  return s;
}

Shape halfspace() {
  Shape s;
  s.name = "floor";
  s.type = ShapeType::kHalfspace;
  return s;
}

struct Pair {
  Shape shape_1, shape_2;
  Material material_1, material_2;
  MaterialPairView view() const {
    return {shape_1, shape_2, material_1, material_2, effective_modulus(material_1, material_2),
            effective_radius(curvature_radius(shape_1), curvature_radius(shape_2))};
  }
};

// S003's two steel spheres: R = 20 mm, E = 207 GPa, ν = 0.3, σ_y = 1.03 GPa.
Pair steel_spheres() {
  return {sphere(0.02), sphere(0.02), material("steel", 207e9, 0.3, 1.03e9), material("steel", 207e9, 0.3, 1.03e9)};
}

double value(ParameterRole role, const Pair& pair) {
  std::string why;
  const double v = material_parameter(role, pair.view(), why);
  EXPECT_TRUE(why.empty()) << why;
  return v;
}

std::string refusal(ParameterRole role, const Pair& pair) {
  std::string why;
  EXPECT_TRUE(std::isnan(material_parameter(role, pair.view(), why)));
  return why;
}

TEST(MaterialParameters, OneMaterialGivesItsOwnConstants) {
  const Pair pair = steel_spheres();
  EXPECT_DOUBLE_EQ(value(ParameterRole::kPoissonRatio, pair), 0.3);
  // E* = E/(2(1 − ν²)) for one material, so the identical pair of equal E* is the material itself.
  EXPECT_NEAR(value(ParameterRole::kYoungsModulus, pair), 207e9, 1e-15 * 207e9 * 4);
  EXPECT_NEAR(value(ParameterRole::kShearModulus, pair), 207e9 / 2.6, 1e-15 * 207e9 * 4);  // G = E/(2(1 + ν))
  EXPECT_DOUBLE_EQ(value(ParameterRole::kYoungsModulus1, pair), 207e9);
  EXPECT_DOUBLE_EQ(value(ParameterRole::kRadius2, pair), 0.02);
  EXPECT_DOUBLE_EQ(value(ParameterRole::kYieldStrength, pair), 1.03e9);
}

TEST(MaterialParameters, YieldIndentationIsFirstYieldUnderTheHertzPressure) {
  // E* = 207e9/(2·0.91) = 113.736 GPa, R* = 0.01 m, p_y = 1.61·1.03e9 = 1.6583e9 Pa:
  // δ_y = (π·1.6583e9/(2·113.736e9))²·0.01 = (0.0229025)²·0.01 = 5.2453e-6 m — the 5.25e-6 m the steel scenes give Yigit.
  const double delta_y = value(ParameterRole::kYieldIndentation, steel_spheres());
  const double e_star = 207e9 / (2.0 * 0.91);
  const double ratio = std::numbers::pi * 1.61 * 1.03e9 / (2.0 * e_star);
  EXPECT_NEAR(delta_y, ratio * ratio * 0.01, 1e-12 * delta_y);
  EXPECT_NEAR(delta_y, 5.2453e-6, 0.0001e-6);
  // At δ_y the Hertz peak pressure (2E*/π)√(δ/R*) is p_y.
  EXPECT_NEAR(2.0 * e_star / std::numbers::pi * std::sqrt(delta_y / 0.01), 1.61 * 1.03e9, 1e-9 * 1.61e9);
}

TEST(MaterialParameters, TheWeakerMaterialYieldsFirst) {
  Pair pair = steel_spheres();
  pair.material_2 = material("aluminium", 70e9, 0.33, 0.3e9);
  EXPECT_DOUBLE_EQ(value(ParameterRole::kYieldStrength, pair), 0.3e9);
  EXPECT_DOUBLE_EQ(value(ParameterRole::kYieldStrength1, pair), 1.03e9);
  EXPECT_DOUBLE_EQ(value(ParameterRole::kYieldStrength2, pair), 0.3e9);
}

TEST(MaterialParameters, AgainstARigidBodyTheIdenticalPairKeepsTheHertzStiffness) {
  // A ball (E = 70 GPa, ν = 0.33) on a rigid floor: E* = E/(1 − ν²). The identical pair of that E* has E = 2E*(1 − ν²)
  // = 2E and G = E*(1 − ν), so that a law's 4G√R δ^{3/2}/(3(1 − ν)) is the pair's (4/3)E*√R δ^{3/2}.
  Pair pair{sphere(0.1), halfspace(), material("ball", 70e9, 0.33), Material{}};
  pair.material_2.name = "floor";
  const double e_star = 70e9 / (1.0 - 0.33 * 0.33);
  EXPECT_NEAR(value(ParameterRole::kYoungsModulus, pair), 140e9, 1e-15 * 140e9 * 4);
  EXPECT_NEAR(value(ParameterRole::kShearModulus, pair), e_star * (1.0 - 0.33), 1e-15 * e_star * 4);
  EXPECT_DOUBLE_EQ(value(ParameterRole::kPoissonRatio, pair), 0.33);
}

TEST(MaterialParameters, RefusesWithThePhysicalReason) {
  Pair floor{sphere(0.1), halfspace(), material("ball", 70e9, 0.33), Material{}};
  floor.material_2.name = "floor";
  EXPECT_NE(refusal(ParameterRole::kRadius2, floor).find("flat"), std::string::npos);
  EXPECT_NE(refusal(ParameterRole::kYoungsModulus2, floor).find("rigid"), std::string::npos);
  EXPECT_NE(refusal(ParameterRole::kYieldStrength2, floor).find("never yields"), std::string::npos);
  EXPECT_NE(refusal(ParameterRole::kYieldStrength, floor).find("yield strength"), std::string::npos);
  EXPECT_NE(refusal(ParameterRole::kYieldIndentation, floor).find("yield strength"), std::string::npos);

  Pair mixed = steel_spheres();
  mixed.material_2 = material("aluminium", 70e9, 0.33, 0.3e9);
  EXPECT_NE(refusal(ParameterRole::kYoungsModulus, mixed).find("one material"), std::string::npos);

  Pair blocks{halfspace(), halfspace(), material("steel", 207e9, 0.3, 1e9), material("steel", 207e9, 0.3, 1e9)};
  EXPECT_NE(refusal(ParameterRole::kYieldIndentation, blocks).find("flat"), std::string::npos);
}

TEST(MaterialParameters, EveryMaterialRoleSaysWhereItComesFrom) {
  for (ParameterRole role : {ParameterRole::kYieldStrength, ParameterRole::kYieldStrength1, ParameterRole::kYieldStrength2,
                             ParameterRole::kYoungsModulus, ParameterRole::kYoungsModulus1, ParameterRole::kYoungsModulus2,
                             ParameterRole::kPoissonRatio, ParameterRole::kShearModulus, ParameterRole::kRadius1,
                             ParameterRole::kRadius2, ParameterRole::kYieldIndentation}) {
    EXPECT_TRUE(is_material_role(role));
    EXPECT_FALSE(material_role_source(role).empty());
  }
  EXPECT_FALSE(is_material_role(ParameterRole::kTargetRestitution));
  EXPECT_FALSE(is_material_role(ParameterRole::kNone));
}

}  // namespace
}  // namespace contactlab
