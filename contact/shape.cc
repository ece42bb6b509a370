// SPDX-License-Identifier: MIT
#include "contact/shape.h"

#include "contact/shape_traits.h"

namespace contactlab {

const char* shape_type_name(ShapeType type) { return shape_traits(type).name; }

double curvature_radius(const Shape& shape) { return shape_traits(shape.type).curvature_radius(shape); }

double shape_extent(const Shape& shape) { return shape_traits(shape.type).extent(shape); }

double shape_width(const Shape& shape) { return shape_traits(shape.type).width(shape); }

double shape_size(const Shape& shape) { return shape_traits(shape.type).size(shape); }

}  // namespace contactlab
