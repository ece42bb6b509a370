// SPDX-License-Identifier: MIT
// contact/shape_traits: every row of the shape table — its name both ways, its unit-density mass against closed
// forms and a quadrature, its measures — and which pairs collide, which must be the narrowphase's pair table.
#include "contact/shape_traits.h"

#include <cmath>
#include <functional>
#include <numbers>

#include <gtest/gtest.h>

#include "contact/narrowphase.h"

namespace contactlab {
namespace {

using std::numbers::pi;

std::vector<ShapeType> all_types() {
  std::vector<ShapeType> types;
  for (int i = 0; i < kShapeTypeCount; ++i) types.push_back(static_cast<ShapeType>(i));
  return types;
}

Shape make(ShapeType type, double radius, double length, const Eigen::Vector3d& half_extents = Eigen::Vector3d::Zero()) {
  Shape s;
  s.type = type;
  s.radius = radius;
  s.length = length;
  s.half_extents = half_extents;
  return s;
}

TEST(ShapeTraits, EveryNameRoundTrips) {
  const std::vector<std::string_view> names = shape_type_names();
  ASSERT_EQ(names.size(), static_cast<std::size_t>(kShapeTypeCount));
  for (ShapeType type : all_types()) {
    const std::string_view name = shape_type_name(type);
    EXPECT_EQ(name, shape_traits(type).name);
    EXPECT_EQ(names[static_cast<std::size_t>(type)], name);
    ASSERT_TRUE(find_shape_type(name).has_value()) << name;
    EXPECT_EQ(*find_shape_type(name), type) << name;
  }
  EXPECT_FALSE(find_shape_type("cone").has_value());
  EXPECT_FALSE(find_shape_type("").has_value());
}

// Every row is complete: a shape type without a function would crash only where it is first used.
TEST(ShapeTraits, EveryRowIsComplete) {
  for (ShapeType type : all_types()) {
    const ShapeTraits& t = shape_traits(type);
    EXPECT_TRUE(t.curvature_radius && t.extent && t.width && t.size && t.unit_mass && t.broadphase_bound) << t.name;
    // Each shape is sized by some key, or is a halfspace, placed by its normal alone.
    EXPECT_TRUE(t.keys.radius || t.keys.length || t.keys.extents || t.keys.normal) << t.name;
  }
}

// The volume and the inertia about the axis (z) and across it of a solid of revolution about z whose cross-section
// at height z is a disc of radius ρ(z), for z in [−h, h]: Simpson's rule over discs (½ ρ² and ¼ ρ² + z² per unit
// mass). Independent of the closed forms.
struct RevolutionMass {
  double volume = 0.0, axial = 0.0, transverse = 0.0;
};
RevolutionMass solid_of_revolution(const std::function<double(double)>& rho, double h) {
  const int n = 200000;  // even
  const double dz = 2.0 * h / n;
  RevolutionMass m;
  for (int i = 0; i <= n; ++i) {
    const double z = -h + i * dz;
    const double weight = (i == 0 || i == n) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0);
    const double r2 = rho(z) * rho(z);
    const double disc = pi * r2 * weight * dz / 3.0;
    m.volume += disc;
    m.axial += 0.5 * r2 * disc;
    m.transverse += (0.25 * r2 + z * z) * disc;
  }
  return m;
}

TEST(ShapeTraits, UnitMassOfEverySolidMatchesItsClosedForm) {
  const double r = 0.3, L = 1.1;
  // Sphere: V = 4/3 π r³, I = 2/5 V r².
  {
    const UnitMass m = shape_traits(ShapeType::kSphere).unit_mass(make(ShapeType::kSphere, r, 0.0));
    const double V = 4.0 / 3.0 * pi * r * r * r;
    EXPECT_NEAR(m.volume, V, 1e-15);
    EXPECT_NEAR((m.inertia - 0.4 * V * r * r * Eigen::Matrix3d::Identity()).norm(), 0.0, 1e-15);
  }
  // Box of sides a, b, c: V = abc, I_xx = V (b² + c²)/12, …
  {
    const double a = 0.4, b = 0.7, c = 1.3;
    const UnitMass m = shape_traits(ShapeType::kBox).unit_mass(make(ShapeType::kBox, 0.0, 0.0, {a / 2, b / 2, c / 2}));
    const double V = a * b * c;
    EXPECT_NEAR(m.volume, V, 1e-15);
    EXPECT_NEAR(m.inertia(0, 0), V * (b * b + c * c) / 12.0, 1e-15);
    EXPECT_NEAR(m.inertia(1, 1), V * (a * a + c * c) / 12.0, 1e-15);
    EXPECT_NEAR(m.inertia(2, 2), V * (a * a + b * b) / 12.0, 1e-15);
    EXPECT_EQ(m.inertia(0, 1), 0.0);
  }
  // Cylinder: V = π r² L, I_zz = V r²/2, I_xx = V (3r² + L²)/12.
  {
    const UnitMass m = shape_traits(ShapeType::kCylinder).unit_mass(make(ShapeType::kCylinder, r, L));
    const double V = pi * r * r * L;
    EXPECT_NEAR(m.volume, V, 1e-15);
    EXPECT_NEAR(m.inertia(2, 2), V * r * r / 2.0, 1e-15);
    EXPECT_NEAR(m.inertia(0, 0), V * (3.0 * r * r + L * L) / 12.0, 1e-15);
    EXPECT_NEAR(m.inertia(1, 1), m.inertia(0, 0), 1e-15);
  }
  // Capsule: a cylinder and two hemispheres of mass M_h = (2/3) π r³ each, whose centroids lie 3r/8 beyond the
  // cylinder's ends: I_zz = M_c r²/2 + 2 M_h (2/5) r², I_xx = M_c (L²/12 + r²/4) + 2 M_h (2r²/5 + L²/4 + 3Lr/8).
  {
    const UnitMass m = shape_traits(ShapeType::kCapsule).unit_mass(make(ShapeType::kCapsule, r, L));
    const double cylinder = pi * r * r * L, hemisphere = 2.0 / 3.0 * pi * r * r * r;
    EXPECT_NEAR(m.volume, cylinder + 2.0 * hemisphere, 1e-15);
    EXPECT_NEAR(m.inertia(2, 2), cylinder * r * r / 2.0 + 2.0 * hemisphere * 0.4 * r * r, 1e-15);
    EXPECT_NEAR(m.inertia(0, 0),
                cylinder * (L * L / 12.0 + r * r / 4.0) + 2.0 * hemisphere * (0.4 * r * r + L * L / 4.0 + 3.0 * L * r / 8.0),
                1e-15);
  }
  // The solids of revolution against the quadrature of their discs.
  const auto capsule_radius = [&](double z) {
    const double beyond = std::abs(z) - 0.5 * L;
    return beyond <= 0.0 ? r : std::sqrt(std::max(0.0, r * r - beyond * beyond));
  };
  const std::vector<std::pair<Shape, RevolutionMass>> solids = {
      {make(ShapeType::kSphere, r, 0.0), solid_of_revolution([&](double z) { return std::sqrt(std::max(0.0, r * r - z * z)); }, r)},
      {make(ShapeType::kCylinder, r, L), solid_of_revolution([&](double) { return r; }, 0.5 * L)},
      {make(ShapeType::kCapsule, r, L), solid_of_revolution(capsule_radius, 0.5 * L + r)},
  };
  for (const auto& [shape, expected] : solids) {
    const UnitMass m = shape_traits(shape.type).unit_mass(shape);
    EXPECT_NEAR(m.volume / expected.volume, 1.0, 1e-6) << shape_type_name(shape.type);
    EXPECT_NEAR(m.inertia(2, 2) / expected.axial, 1.0, 1e-6) << shape_type_name(shape.type);
    EXPECT_NEAR(m.inertia(0, 0) / expected.transverse, 1.0, 1e-6) << shape_type_name(shape.type);
  }
  // A halfspace and a hole have no mass of their own.
  EXPECT_EQ(shape_traits(ShapeType::kHalfspace).unit_mass(make(ShapeType::kHalfspace, 0.0, 0.0)).volume, 0.0);
  EXPECT_EQ(shape_traits(ShapeType::kHole).unit_mass(make(ShapeType::kHole, r, L)).volume, 0.0);
}

// The extent is the farthest point of the surface from the origin; the width never exceeds twice the extent.
TEST(ShapeTraits, ExtentIsTheFarthestPointOfTheShape) {
  const double r = 0.3, L = 1.1;
  EXPECT_EQ(shape_extent(make(ShapeType::kSphere, r, 0.0)), r);
  EXPECT_DOUBLE_EQ(shape_extent(make(ShapeType::kCapsule, r, L)), 0.5 * L + r);  // an end cap's tip
  EXPECT_DOUBLE_EQ(shape_extent(make(ShapeType::kCylinder, r, L)), std::sqrt(r * r + 0.25 * L * L));  // a rim
  EXPECT_DOUBLE_EQ(shape_extent(make(ShapeType::kBox, 0.0, 0.0, {0.1, 0.2, 0.2})), 0.3);  // a corner
  EXPECT_EQ(shape_extent(make(ShapeType::kHalfspace, 0.0, 0.0)), 0.0);
  for (const Shape& s : {make(ShapeType::kSphere, r, 0.0), make(ShapeType::kCapsule, r, L), make(ShapeType::kCylinder, r, L),
                         make(ShapeType::kBox, 0.0, 0.0, {0.1, 0.2, 0.2})}) {
    EXPECT_LE(shape_width(s), 2.0 * shape_extent(s)) << shape_type_name(s.type);
    EXPECT_GT(shape_size(s), 0.0) << shape_type_name(s.type);
    EXPECT_LE(shape_size(s), shape_extent(s)) << shape_type_name(s.type);
  }
}

// Only a halfspace's bound is unbounded (the broadphase keeps it out of its tree); every other bound holds the
// shape grown by the margin.
TEST(ShapeTraits, BroadphaseBoundsGrowByTheMargin) {
  const double margin = 0.01;
  for (ShapeType type : all_types()) {
    const Shape s = make(type, 0.3, 1.1, {0.1, 0.2, 0.3});
    const BroadphaseBound b = shape_traits(type).broadphase_bound(s, margin);
    EXPECT_EQ(b.kind == BroadphaseBound::Kind::kHalfspace, type == ShapeType::kHalfspace) << shape_type_name(type);
    if (b.kind == BroadphaseBound::Kind::kHalfspace) {
      EXPECT_EQ(b.offset, margin);
    }
    if (b.kind == BroadphaseBound::Kind::kSphere || b.kind == BroadphaseBound::Kind::kCapsule ||
        b.kind == BroadphaseBound::Kind::kCylinder) {
      EXPECT_EQ(b.radius, s.radius + margin) << shape_type_name(type);
    }
    if (b.kind == BroadphaseBound::Kind::kBox) {
      EXPECT_LT((b.half_extents - Eigen::Vector3d(0.11, 0.21, 0.31)).norm(), 1e-15);
    }
  }
}

// Which pairs collide is the narrowphase's pair table, in either order: a pair collides exactly when the table
// has a kernel and contact points for it, and the table is filled only in its upper triangle.
TEST(ShapeTraits, TheCollideTableIsTheNarrowphases) {
  for (ShapeType a : all_types()) {
    for (ShapeType b : all_types()) {
      const PairKernel& kernel = pair_kernel(a, b);
      EXPECT_EQ(kernel.points > 0, kernel.geometry != nullptr) << shape_type_name(a) << "/" << shape_type_name(b);
      if (a > b) {
        EXPECT_EQ(kernel.points, 0) << "stored with type(a) <= type(b)";
      }
      const PairKernel& sorted = pair_kernel(std::min(a, b), std::max(a, b));
      EXPECT_EQ(shape_types_collide(a, b), sorted.points > 0) << shape_type_name(a) << "/" << shape_type_name(b);
      EXPECT_EQ(shape_types_collide(a, b), shape_types_collide(b, a));
      EXPECT_EQ(contact_point_count(a, b), kernel.points);
    }
  }
  EXPECT_TRUE(shape_types_collide(ShapeType::kBox, ShapeType::kSphere));
  EXPECT_FALSE(shape_types_collide(ShapeType::kHole, ShapeType::kBox));
  EXPECT_FALSE(shape_types_collide(ShapeType::kHalfspace, ShapeType::kHalfspace));
}

}  // namespace
}  // namespace contactlab
