// SPDX-License-Identifier: MIT
// Shapes attached to bodies, and the materials they are made of.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace contactlab {

enum class ShapeType : std::uint8_t {
  kHalfspace,  // the region z ≤ 0 of the shape frame; outward normal +z (a ground)
  kSphere,     // radius
  kCapsule,    // radius, length of the axis segment along local z, centred on the origin
  kCylinder,   // radius, length along local z, centred on the origin
  kBox,        // half_extents along local x, y, z
  kHole,       // concave: the inside of a cylindrical bore of `radius` and `length` along local z (a bearing
               // housing); a sphere or capsule pin inside it touches its wall (clearance joints)
};
inline constexpr int kShapeTypeCount = 6;

// What each type is — its name, its keys, the measures below — is its row of the shape table
// (contact/shape_traits.h); these read it.

// The name a scene gives the type (`type: sphere`).
const char* shape_type_name(ShapeType type);

struct Shape {
  std::string name;
  ShapeType type = ShapeType::kSphere;
  int body = 0;                       // index of the body that carries the shape (0 = world)
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();  // X_BS, shape frame in body frame
  double radius = 0.0;                // [m]
  double length = 0.0;                // [m]
  Eigen::Vector3d half_extents = Eigen::Vector3d::Zero();  // [m]
  int material = -1;                  // index into ContactModel::materials
  // Collision filter: shapes a and b may touch only if (a.group & b.mask) and (b.group & a.mask) are non-zero.
  std::uint32_t collision_group = 1;
  std::uint32_t collision_mask = 0xffffffffu;
};

// A body's material. Infinite Young's modulus means rigid (contributes nothing to the compliance).
struct Material {
  std::string name;
  double youngs_modulus = std::numeric_limits<double>::infinity();  // E [Pa]
  double poisson_ratio = 0.0;                                        // ν [-]
  double density = 0.0;                                              // ρ [kg/m³]
  double yield_strength = std::numeric_limits<double>::infinity();   // σ_y [Pa]
  double restitution = std::numeric_limits<double>::quiet_NaN();     // e [-]; NaN when not given
  double friction = std::numeric_limits<double>::quiet_NaN();        // μ_k [-], sliding; NaN when not given
  double static_friction = std::numeric_limits<double>::quiet_NaN(); // μ_s [-], at rest; NaN: μ_k
};

// Principal radius of curvature used by Hertz theory at a shape's contact point: infinite for flat
// surfaces (halfspace, box face, cylinder flat face), the radius for spheres and capsule caps/sides, minus the
// radius for a hole (concave: internal contact).
double curvature_radius(const Shape& shape);

// The farthest a point of the shape lies from its frame's origin [m] (0 for a halfspace: only its placement moves).
double shape_extent(const Shape& shape);

// The thinnest the solid is along any line through it [m]: how far another shape must travel through it to come
// out the other side (infinite for a halfspace, and for a hole, whose wall a pin cannot pass and leave behind).
double shape_width(const Shape& shape);

// What scales a pair's tolerances [m]: a radius, a box's smallest half extent; infinite for a halfspace and a hole,
// which have no size of their own.
double shape_size(const Shape& shape);

}  // namespace contactlab
