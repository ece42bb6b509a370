// SPDX-License-Identifier: MIT
// The shape table. A new shape type is a ShapeType value, a row here, and its pairs' kernels in the narrowphase's
// pair table (contact/narrowphase.cc); nothing else switches on the type.
#include "contact/shape_traits.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "contact/narrowphase.h"
#include "models/assert.h"

namespace contactlab {
namespace {

using std::numbers::pi;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

UnitMass no_mass(const Shape&) { return {}; }

UnitMass sphere_unit_mass(const Shape& s) {
  const double r2 = s.radius * s.radius;
  UnitMass m;
  m.volume = 4.0 / 3.0 * pi * r2 * s.radius;
  m.inertia.diagonal().setConstant(0.4 * m.volume * r2);
  return m;
}

// A cylinder plus two hemispherical caps (their centroids 3r/8 beyond the cylinder's ends).
UnitMass capsule_unit_mass(const Shape& s) {
  const double r = s.radius, r2 = r * r, L = s.length;
  const double cylinder = pi * r2 * L;
  const double caps = 4.0 / 3.0 * pi * r2 * r;
  UnitMass m;
  m.volume = cylinder + caps;
  const double axial = cylinder * r2 / 2.0 + caps * 0.4 * r2;
  const double transverse = cylinder * (L * L / 12.0 + r2 / 4.0) + caps * (0.4 * r2 + L * L / 4.0 + 3.0 * L * r / 8.0);
  m.inertia.diagonal() << transverse, transverse, axial;
  return m;
}

UnitMass cylinder_unit_mass(const Shape& s) {
  const double r2 = s.radius * s.radius, L = s.length;
  UnitMass m;
  m.volume = pi * r2 * L;
  m.inertia.diagonal() << m.volume * (3.0 * r2 + L * L) / 12.0, m.volume * (3.0 * r2 + L * L) / 12.0, 0.5 * m.volume * r2;
  return m;
}

UnitMass box_unit_mass(const Shape& s) {
  const Eigen::Vector3d h = s.half_extents;
  UnitMass m;
  m.volume = 8.0 * h.x() * h.y() * h.z();
  m.inertia.diagonal() << m.volume / 3.0 * (h.y() * h.y() + h.z() * h.z()), m.volume / 3.0 * (h.x() * h.x() + h.z() * h.z()),
      m.volume / 3.0 * (h.x() * h.x() + h.y() * h.y());
  return m;
}

BroadphaseBound bound(BroadphaseBound::Kind kind, double radius, double length) {
  BroadphaseBound b;
  b.kind = kind;
  b.radius = radius;
  b.length = length;
  return b;
}

// One row per ShapeType, in its order. Extent: the farthest point from the frame's origin; width: the thinnest
// the solid is along any line; size: what scales a pair's tolerances (contact/shape.h).
constexpr std::array<ShapeTraits, kShapeTypeCount> kShapeTraits = {{
    {.name = "halfspace",
     .keys = {.normal = true},
     .curvature_radius = [](const Shape&) { return kInfinity; },
     .extent = [](const Shape&) { return 0.0; },  // only its placement moves it
     .width = [](const Shape&) { return kInfinity; },
     .size = [](const Shape&) { return kInfinity; },
     .unit_mass = no_mass,
     .broadphase_bound =
         [](const Shape&, double margin) {
           BroadphaseBound b;
           b.kind = BroadphaseBound::Kind::kHalfspace;
           b.offset = margin;
           return b;
         }},
    {.name = "sphere",
     .keys = {.radius = true},
     .curvature_radius = [](const Shape& s) { return s.radius; },
     .extent = [](const Shape& s) { return s.radius; },
     .width = [](const Shape& s) { return 2.0 * s.radius; },
     .size = [](const Shape& s) { return s.radius; },
     .unit_mass = sphere_unit_mass,
     .broadphase_bound =
         [](const Shape& s, double margin) { return bound(BroadphaseBound::Kind::kSphere, s.radius + margin, 0.0); }},
    {.name = "capsule",
     .keys = {.radius = true, .length = "the length of the capsule's axis segment [m], >= 0", .length_may_be_zero = true},
     .curvature_radius = [](const Shape& s) { return s.radius; },
     .extent = [](const Shape& s) { return s.radius + 0.5 * s.length; },
     .width = [](const Shape& s) { return 2.0 * s.radius; },
     .size = [](const Shape& s) { return s.radius; },
     .unit_mass = capsule_unit_mass,
     .broadphase_bound =
         [](const Shape& s, double margin) { return bound(BroadphaseBound::Kind::kCapsule, s.radius + margin, s.length); }},
    {.name = "cylinder",
     .keys = {.radius = true, .length = "a positive length [m]"},
     .curvature_radius = [](const Shape&) { return kInfinity; },  // flat faces; its side is a line contact
     .extent = [](const Shape& s) { return std::hypot(s.radius, 0.5 * s.length); },
     .width = [](const Shape& s) { return std::min(2.0 * s.radius, s.length); },
     .size = [](const Shape& s) { return s.radius; },
     .unit_mass = cylinder_unit_mass,
     .broadphase_bound =
         [](const Shape& s, double margin) {
           return bound(BroadphaseBound::Kind::kCylinder, s.radius + margin, s.length + 2.0 * margin);
         }},
    {.name = "box",
     .keys = {.extents = true},
     .curvature_radius = [](const Shape&) { return kInfinity; },
     .extent = [](const Shape& s) { return s.half_extents.norm(); },
     .width = [](const Shape& s) { return 2.0 * s.half_extents.minCoeff(); },
     .size = [](const Shape& s) { return s.half_extents.minCoeff(); },
     .unit_mass = box_unit_mass,
     .broadphase_bound =
         [](const Shape& s, double margin) {
           BroadphaseBound b;
           b.kind = BroadphaseBound::Kind::kBox;
           b.half_extents = (s.half_extents.array() + margin).matrix();
           return b;
         }},
    // Concave: a pin cannot pass its wall and leave it behind (infinite width), and it has no mass of its own
    // (give the housing's inertia, or another shape).
    {.name = "hole",
     .keys = {.radius = true, .length = "a positive length [m]"},
     .curvature_radius = [](const Shape& s) { return -s.radius; },  // internal contact (S001 after Eq (5.3))
     .extent = [](const Shape& s) { return std::hypot(s.radius, 0.5 * s.length); },
     .width = [](const Shape&) { return kInfinity; },
     .size = [](const Shape&) { return kInfinity; },
     .unit_mass = no_mass,
     // The bore's solid bound: the broadphase bounds are convex.
     .broadphase_bound =
         [](const Shape& s, double margin) {
           return bound(BroadphaseBound::Kind::kCylinder, s.radius + margin, s.length + 2.0 * margin);
         }},
}};

}  // namespace

const ShapeTraits& shape_traits(ShapeType type) {
  const auto index = static_cast<std::size_t>(type);
  CONTACTLAB_ASSERT(index < kShapeTraits.size(), "a ShapeType beyond the shape table");
  return kShapeTraits[index];
}

std::optional<ShapeType> find_shape_type(std::string_view name) {
  for (std::size_t i = 0; i < kShapeTraits.size(); ++i) {
    if (name == kShapeTraits[i].name) return static_cast<ShapeType>(i);
  }
  return std::nullopt;
}

std::vector<std::string_view> shape_type_names() {
  std::vector<std::string_view> names;
  for (const ShapeTraits& traits : kShapeTraits) names.emplace_back(traits.name);
  return names;
}

bool shape_types_collide(ShapeType a, ShapeType b) { return contact_point_count(std::min(a, b), std::max(a, b)) > 0; }

}  // namespace contactlab
