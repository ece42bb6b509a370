// SPDX-License-Identifier: MIT
// What each shape type is, in one table (contact/shape_traits.cc, one row per ShapeType): its name in a scene, the
// keys that size it, its measures, its mass at unit density and the volume the broadphase bounds it with. Which
// pairs of types collide is not a list here: it is the narrowphase's pair table (contact/narrowphase.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "contact/shape.h"

namespace contactlab {

// The scene keys that size a shape; each fills the Shape field of its name (scenes/ reads them).
struct ShapeKeys {
  bool radius = false;              // `radius` [m], positive
  const char* length = nullptr;     // `length` [m], as an error describes it ("a positive length [m]"); nullptr: none
  bool length_may_be_zero = false;  // else positive
  bool extents = false;             // `size` (full extents) or `half_extents` [m], positive
  bool normal = false;              // oriented by its outward `normal`, not by `axis` or `rotation`
};

// Volume and rotational inertia about the shape frame's origin (its centre), shape axes, at unit density: a body's
// mass properties follow by scaling with its density.
struct UnitMass {
  double volume = 0.0;                                // [m³]; 0: no mass of its own (a halfspace, a hole)
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();  // [m⁵]
};

// The convex volume the broadphase holds for a shape, grown by the margin: a primitive whose world box
// contact/broadphase.cc computes in closed form (axes as the shape's: a capsule's or cylinder's along z).
struct BroadphaseBound {
  enum class Kind : std::uint8_t { kHalfspace, kSphere, kCapsule, kCylinder, kBox };
  Kind kind = Kind::kSphere;
  double radius = 0.0;                                      // sphere, capsule, cylinder [m]
  double length = 0.0;                                      // capsule: its axis segment; cylinder: its height [m]
  Eigen::Vector3d half_extents = Eigen::Vector3d::Zero();  // box [m]
  double offset = 0.0;  // halfspace: its boundary moved out along the normal [m] (unbounded: kept out of the tree)
};

struct ShapeTraits {
  const char* name = nullptr;  // the scene's `type:`, and shape_type_name
  ShapeKeys keys;
  // Each of these is the function of contact/shape.h of the same name.
  double (*curvature_radius)(const Shape&) = nullptr;
  double (*extent)(const Shape&) = nullptr;
  double (*width)(const Shape&) = nullptr;
  double (*size)(const Shape&) = nullptr;
  UnitMass (*unit_mass)(const Shape&) = nullptr;
  BroadphaseBound (*broadphase_bound)(const Shape&, double margin) = nullptr;
};

const ShapeTraits& shape_traits(ShapeType type);

// The type a scene names, if any.
std::optional<ShapeType> find_shape_type(std::string_view name);

// Every type's name, in ShapeType's order.
std::vector<std::string_view> shape_type_names();

// Whether shapes of these types can touch, in either order: the narrowphase has a kernel for the pair
// (contact_point_count, contact/narrowphase.h).
bool shape_types_collide(ShapeType a, ShapeType b);

}  // namespace contactlab
