// SPDX-License-Identifier: MIT
// Tests of contact/material_mixing: compliance, effective modulus and radius, and the Hertz stiffness of the
// steel ball on the S000 cylindrical specimens (models.md §2.1, §5.2).
#include "contact/material_mixing.h"

#include <cmath>
#include <limits>
#include <numbers>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Material make_material(double youngs_modulus, double poisson_ratio) {
  Material m;
  m.youngs_modulus = youngs_modulus;
  m.poisson_ratio = poisson_ratio;
  return m;
}

Shape make_shape(ShapeType type, double radius) {
  Shape s;
  s.type = type;
  s.radius = radius;
  s.length = 1.0;
  return s;
}

TEST(MaterialCompliance, IsOneMinusNuSquaredOverE) {
  // Steel, E = 210 GPa, ν = 0.3: σ = (1 − 0.09)/210e9 = 0.91/210e9 = 4.3333…e-12 1/Pa.
  EXPECT_NEAR(material_compliance(make_material(210e9, 0.3)), 0.91 / 210e9, 1e-15 * 0.91 / 210e9);
  // A rigid material (infinite E, the default) is not compliant at all.
  EXPECT_EQ(material_compliance(Material{}), 0.0);
  EXPECT_EQ(material_compliance(make_material(kInfinity, 0.3)), 0.0);
}

TEST(EffectiveModulus, OneRigidMaterialLeavesOnlyTheOther) {
  // 1/E* = σ_a + 0 ⇒ E* = E/(1 − ν²) = 70e9/(1 − 0.33²) = 70e9/0.8911.
  const Material aluminium = make_material(70e9, 0.33);
  const double expected = 70e9 / (1.0 - 0.33 * 0.33);
  EXPECT_NEAR(effective_modulus(aluminium, Material{}), expected, 1e-14 * expected);
  EXPECT_NEAR(effective_modulus(Material{}, aluminium), expected, 1e-14 * expected);
}

TEST(EffectiveModulus, TwoEqualMaterialsGiveHalfThePlaneStrainModulus) {
  // 1/E* = 2(1 − ν²)/E ⇒ E* = E/(2(1 − ν²)) = 210e9/(2·0.91).
  const Material steel = make_material(210e9, 0.3);
  EXPECT_NEAR(effective_modulus(steel, steel), 210e9 / 1.82, 1e-14 * 210e9 / 1.82);
}

TEST(EffectiveModulus, TwoRigidMaterialsAreInfinitelyStiff) {
  EXPECT_TRUE(std::isinf(effective_modulus(Material{}, Material{})));
  EXPECT_GT(effective_modulus(Material{}, Material{}), 0.0);
}

TEST(EffectiveRadius, EqualSpheresGiveHalfTheRadius) {
  // R R/(R + R) = R/2.
  EXPECT_NEAR(effective_radius(0.02, 0.02), 0.01, 1e-17);
  // 0.01·0.03/0.04 = 0.0075, symmetric in its arguments.
  EXPECT_NEAR(effective_radius(0.01, 0.03), 0.0075, 1e-17);
  EXPECT_NEAR(effective_radius(0.03, 0.01), 0.0075, 1e-17);
}

TEST(EffectiveRadius, FlatSurfaceDropsOut) {
  // R_b → ∞: R_a R_b/(R_a + R_b) → R_a (sphere on a plane, S001 Eq (5.5)).
  EXPECT_EQ(effective_radius(0.0254, kInfinity), 0.0254);
  EXPECT_EQ(effective_radius(kInfinity, 0.0254), 0.0254);
  EXPECT_TRUE(std::isinf(effective_radius(kInfinity, kInfinity)));
}

TEST(EffectiveRadius, ConcaveSurfaceGivesTheLargerConformalRadius) {
  // Pin of radius r = 10 mm in a hole of radius 10.5 mm, the hole concave (R = −10.5 mm):
  // R* = r R/(R + r) = (10 · −10.5)/(−10.5 + 10) mm = −105/−0.5 mm = +210 mm.
  // Positive, and 21 times the pin radius: conformal contact is much flatter than either surface.
  const double pin = 0.010, hole = -0.0105;
  EXPECT_NEAR(effective_radius(pin, hole), 0.210, 1e-12 * 0.210);
  EXPECT_NEAR(effective_radius(hole, pin), 0.210, 1e-12 * 0.210);
}

// Hertz's elliptical contact. The reference values solve the same equations independently: the eccentricity from
// B/A by SciPy's brentq on its complete elliptic integrals (scipy.special.ellipk, ellipe, of the parameter m), to
// 1e-15, quoted to 12 digits (a relative rounding up to 3e-12).
TEST(EquivalentRadius, CirclesAreTheTwoSpheresFormula) {
  EXPECT_DOUBLE_EQ(equivalent_radius(5.0, 5.0, 1.0 / 0.3, 1.0 / 0.3, 0.0), 0.2 * 0.3 / 0.5);
  // Two equal cylinders crossed at right angles touch as a sphere of their radius on a flat.
  EXPECT_NEAR(equivalent_radius(5.0, 0.0, 5.0, 0.0, std::numbers::pi / 2.0), 0.2, 1e-15);
  EXPECT_DOUBLE_EQ(equivalent_radius(1.0 / 0.02, 1.0 / 0.02, 0.0, 0.0, 0.0), 0.02);  // a ball on a flat: its radius
}

TEST(EquivalentRadius, EllipticalContactsAgreeWithAnIndependentSolution) {
  const double kTolerance = 1e-11;  // relative: the references are quoted to 12 digits
  // A ball of radius r on a cylinder's side of radius r (B/A = 2): 1.0201 times the geometric mean √(R′R″) =
  // 0.0141421 m that the circular formulas take for it.
  EXPECT_NEAR(equivalent_radius(50.0, 50.0, 50.0, 0.0, 0.0), 0.01442620103, 1e-11);
  EXPECT_NEAR(equivalent_radius(5.0, 5.0, 2.0, 0.0, 0.0) / 0.169828837325, 1.0, kTolerance);  // r 0.2 on R 0.5
  // Capsule sides of radii 0.2 and 0.3 crossed at 60°, and the ends of each on the other's side.
  EXPECT_NEAR(equivalent_radius(5.0, 0.0, 1.0 / 0.3, 0.0, std::numbers::pi / 3.0) / 0.299357519246, 1.0, kTolerance);
  EXPECT_NEAR(equivalent_radius(1.0 / 0.3, 1.0 / 0.3, 5.0, 0.0, 0.0) / 0.196413680679, 1.0, kTolerance);
  EXPECT_NEAR(equivalent_radius(5.0, 5.0, 1.0 / 0.3, 0.0, 0.0) / 0.156606784495, 1.0, kTolerance);
  // A ball of 20 mm on a 2 mm rod (B/A = 11): 1.25 times the geometric mean.
  EXPECT_NEAR(equivalent_radius(50.0, 50.0, 500.0, 0.0, 0.0) / 0.007539663734, 1.0, 1e-9);
}

TEST(EquivalentRadius, ParallelCylindersHaveNone) {
  // A line contact: the gap does not grow along the common direction (A = 0).
  EXPECT_EQ(equivalent_radius(5.0, 0.0, 2.0, 0.0, 0.0), kInfinity);
}

TEST(HertzStiffness, IsFourThirdsModulusTimesRootRadius) {
  // K = (4/3) E* √R*: with E* = 3e9 and R* = 0.04, K = 4e9 · 0.2 = 8e8 N/m^1.5.
  EXPECT_NEAR(hertz_stiffness(3e9, 0.04), 8e8, 1e-15 * 8e8);
  // Internal contact is documented to use |R*|.
  EXPECT_NEAR(hertz_stiffness(3e9, -0.04), 8e8, 1e-15 * 8e8);
}

// models.md §2.1/§5.2: S000's steel ball (Ø 5.08 cm, so R = 25.4 mm; E = 210 GPa, ν = 0.3) on flat specimens
// C1 (E = 213 GPa, ν = 0.29) and C2 (E = 205 GPa, ν = 0.29): Table 3 prints 2.46e10 and 2.41e10, which are
// the sphere–flat formula's 2.461e10 and 2.414e10 N/m^1.5.
TEST(HertzStiffness, SteelBallOnTheS000Specimens) {
  const Material ball = make_material(210e9, 0.30);
  const Material c1 = make_material(213e9, 0.29);
  const Material c2 = make_material(205e9, 0.29);
  const double radius = effective_radius(0.0254, curvature_radius(make_shape(ShapeType::kHalfspace, 0.0)));
  EXPECT_EQ(radius, 0.0254);

  const double k1 = hertz_stiffness(effective_modulus(ball, c1), radius);
  const double k2 = hertz_stiffness(effective_modulus(ball, c2), radius);
  EXPECT_NEAR(k1, 2.461e10, 5e-4 * 2.461e10);
  EXPECT_NEAR(k2, 2.414e10, 5e-4 * 2.414e10);

  // And exactly the closed form 4 √R / (3 (σ_ball + σ_specimen)).
  const double sigma_ball = (1.0 - 0.09) / 210e9;
  const double expected1 = 4.0 * std::sqrt(0.0254) / (3.0 * (sigma_ball + (1.0 - 0.0841) / 213e9));
  const double expected2 = 4.0 * std::sqrt(0.0254) / (3.0 * (sigma_ball + (1.0 - 0.0841) / 205e9));
  EXPECT_NEAR(k1, expected1, 1e-14 * expected1);
  EXPECT_NEAR(k2, expected2, 1e-14 * expected2);
}

TEST(CurvatureRadius, FlatShapesAreInfiniteRoundShapesTheirRadius) {
  EXPECT_EQ(curvature_radius(make_shape(ShapeType::kSphere, 0.3)), 0.3);
  EXPECT_EQ(curvature_radius(make_shape(ShapeType::kCapsule, 0.2)), 0.2);
  for (ShapeType flat : {ShapeType::kHalfspace, ShapeType::kBox, ShapeType::kCylinder}) {
    EXPECT_TRUE(std::isinf(curvature_radius(make_shape(flat, 0.1)))) << shape_type_name(flat);
  }
}

TEST(MaterialMixing, RestitutionTakesTheMoreDissipativeMaterial) {
  Material a, b;
  EXPECT_TRUE(std::isnan(mixed_restitution(a, b)));  // neither gives one
  a.restitution = 0.8;
  EXPECT_EQ(mixed_restitution(a, b), 0.8);           // only one does
  b.restitution = 0.6;
  EXPECT_EQ(mixed_restitution(a, b), 0.6);           // the smaller governs
  EXPECT_EQ(mixed_restitution(b, a), 0.6);
}

}  // namespace
}  // namespace contactlab
