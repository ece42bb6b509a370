// SPDX-License-Identifier: MIT
#include "contact/shape.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {

const char* shape_type_name(ShapeType type) {
  switch (type) {
    case ShapeType::kHalfspace: return "halfspace";
    case ShapeType::kSphere: return "sphere";
    case ShapeType::kCapsule: return "capsule";
    case ShapeType::kCylinder: return "cylinder";
    case ShapeType::kBox: return "box";
    case ShapeType::kHole: return "hole";
  }
  return "?";
}

double curvature_radius(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::kSphere:
    case ShapeType::kCapsule: return shape.radius;
    case ShapeType::kHalfspace:
    case ShapeType::kCylinder:
    case ShapeType::kBox: return std::numeric_limits<double>::infinity();
    case ShapeType::kHole: return -shape.radius;  // concave: internal contact (S001 after Eq (5.3))
  }
  return std::numeric_limits<double>::infinity();
}

double shape_extent(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::kHalfspace: return 0.0;
    case ShapeType::kSphere: return shape.radius;
    case ShapeType::kCapsule: return shape.radius + 0.5 * shape.length;
    case ShapeType::kCylinder:
    case ShapeType::kHole: return std::hypot(shape.radius, 0.5 * shape.length);
    case ShapeType::kBox: return shape.half_extents.norm();
  }
  return 0.0;
}

double shape_width(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::kSphere:
    case ShapeType::kCapsule: return 2.0 * shape.radius;
    case ShapeType::kCylinder: return std::min(2.0 * shape.radius, shape.length);
    case ShapeType::kBox: return 2.0 * shape.half_extents.minCoeff();
    case ShapeType::kHalfspace:
    case ShapeType::kHole: return std::numeric_limits<double>::infinity();
  }
  return std::numeric_limits<double>::infinity();
}

}  // namespace contactlab
