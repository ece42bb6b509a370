// SPDX-License-Identifier: MIT
#include "contact/shape.h"

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

}  // namespace contactlab
