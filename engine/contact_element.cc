// SPDX-License-Identifier: MIT
#include "engine/contact_element.h"

#include <cmath>
#include <optional>

#include "models/assert.h"

namespace contactlab {
namespace {

// A pair of spheres, or a halfspace and a sphere, each on a slider or on the world: where the line and direct
// kernels find its shapes. None for any other pair.
std::optional<SliderShapes> slider_shapes(const Model& model, const ContactPairModel& pair) {
  const Shape& a = model.contact.shapes[static_cast<std::size_t>(pair.shape_a)];
  const Shape& b = model.contact.shapes[static_cast<std::size_t>(pair.shape_b)];
  const bool shapes = b.type == ShapeType::kSphere && (a.type == ShapeType::kSphere || a.type == ShapeType::kHalfspace);
  auto slider_of = [&](int body) { return body == 0 ? -1 : model.slider_of_body[static_cast<std::size_t>(body)]; };
  auto reachable = [&](int body) { return body == 0 || slider_of(body) >= 0; };
  if (!shapes || !reachable(pair.body_a) || !reachable(pair.body_b)) return std::nullopt;
  // A shape's world centre at q = 0: the body frame there (the world, or the slider's placement) applied to the
  // shape's, from the sliders' own compact arrays: binding a long chain's beads through the kilobyte of model each
  // body holds would wait on a cache miss per bead.
  auto centre = [&](const Shape& shape, int body) -> Vec3 {
    if (body == 0) return shape.pose.translation();
    const auto k = static_cast<std::size_t>(slider_of(body));
    return model.sliders.orientation[k] * shape.pose.translation() + model.sliders.origin[k];
  };
  SliderShapes out;
  out.halfspace = a.type == ShapeType::kHalfspace;
  out.slider_a = slider_of(pair.body_a);
  out.slider_b = slider_of(pair.body_b);
  out.centre_a = centre(a, pair.body_a);
  out.centre_b = centre(b, pair.body_b);
  if (out.halfspace) {  // its outward normal, the shape's z axis in the world
    out.normal_a = pair.body_a == 0
                       ? Vec3(a.pose.linear().col(2))
                       : Vec3(model.sliders.orientation[static_cast<std::size_t>(out.slider_a)] * a.pose.linear().col(2));
  }
  out.radius_a = a.radius;
  out.radius_b = b.radius;
  return out;
}

// The line two spheres' centres move along: u, a slider's axis, with each slider's axis ±u. Parallel to 1e-9 rad
// and on the line to 1e-9 of the centre distance: what is dropped changes the distance by at most (1e-9)²/2 of
// itself, below rounding. None for a halfspace, two shapes on the world, or centres off one line.
struct Line {
  Vec3 direction = Vec3::Zero();
  double sign_a = 0.0;
  double sign_b = 0.0;
};
// The line of two spheres of which one at least is on a slider, as common_line would find it, without its checks:
// for an element that passed them when it was bound (ElementKernel::kLine).
Line line_of(const Model& model, const SliderShapes& shapes) {
  const Sliders& sliders = model.sliders;
  const int slider = shapes.slider_a >= 0 ? shapes.slider_a : shapes.slider_b;
  const Vec3& u = sliders.axis[static_cast<std::size_t>(slider)];
  auto sign = [&](int k) {
    if (k < 0) return 0.0;
    return sliders.axis[static_cast<std::size_t>(k)].dot(u) > 0.0 ? 1.0 : -1.0;
  };
  return Line{u, sign(shapes.slider_a), sign(shapes.slider_b)};
}

std::optional<Line> common_line(const Model& model, const SliderShapes& shapes) {
  constexpr double kParallel = 1e-9;
  if (shapes.halfspace) return std::nullopt;
  const int slider = shapes.slider_a >= 0 ? shapes.slider_a : shapes.slider_b;
  if (slider < 0) return std::nullopt;  // both on the world
  const Sliders& sliders = model.sliders;
  const Vec3& u = sliders.axis[static_cast<std::size_t>(slider)];
  auto parallel = [&](int k) {
    return k < 0 || sliders.axis[static_cast<std::size_t>(k)].cross(u).norm() <= kParallel;
  };
  const Vec3 offset = shapes.centre_b - shapes.centre_a;
  if (!parallel(shapes.slider_a) || !parallel(shapes.slider_b) || offset.cross(u).norm() > kParallel * offset.norm()) {
    return std::nullopt;
  }
  return line_of(model, shapes);
}

}  // namespace

ContactElement bind_element(const Model& model, const ContactPairModel& pair, int point) {
  ContactElement element;
  element.pair = &pair;
  element.point = point;
  element.normal_law = pair.law_info;
  element.normal_parameters = &pair.parameters;
  element.tangential_law = pair.friction_law;
  if (const std::optional<SliderShapes> shapes = slider_shapes(model, pair)) {
    element.shapes = *shapes;
    element.geometry = common_line(model, *shapes) ? ElementKernel::kLine : ElementKernel::kDirect;
  }
  element.wrench = element.geometry;
  return element;
}

void index_line_elements(const Model& model, const std::vector<ContactElement>& elements, LineElements& lines) {
  const std::size_t n = elements.size();
  lines.rows.assign(n, LineElements::Row{});
  lines.offset.assign(n, 0.0);
  lines.reach.assign(n, 0.0);
  lines.direction.assign(n, Vec3::Zero());
  lines.side.assign(n, 1.0);
  lines.count = 0;
  const Sliders& sliders = model.sliders;
  auto q_index = [&](int k) { return k < 0 ? 0 : sliders.q_index[static_cast<std::size_t>(k)]; };
  auto v_index = [&](int k) { return k < 0 ? 0 : sliders.v_index[static_cast<std::size_t>(k)]; };
  auto on_line = [&](std::size_t e) { return elements[e].geometry == ElementKernel::kLine; };
  for (std::size_t e = 0; e < n; ++e) {
    if (!on_line(e)) continue;
    const SliderShapes& shapes = elements[e].shapes;
    CONTACTLAB_ASSERT(shapes.slider_a >= 0 || shapes.slider_b >= 0, "contact_element: a line element is on a slider");
    const Line line = line_of(model, shapes);  // (bind_element found the line)
    ++lines.count;
    LineElements::Row& row = lines.rows[e];
    row.offset = line.direction.dot(shapes.centre_b - shapes.centre_a);
    row.reach = shapes.radius_a + shapes.radius_b;
    row.sign_a = line.sign_a;
    row.sign_b = line.sign_b;
    row.q_a = q_index(shapes.slider_a);
    row.q_b = q_index(shapes.slider_b);
    row.v_a = v_index(shapes.slider_a);
    row.v_b = v_index(shapes.slider_b);
    row.pair = elements[e].pair;
    row.whole = elements[e].tangential_law == nullptr && elements[e].wrench == ElementKernel::kLine;
    lines.offset[e] = row.offset;
    lines.reach[e] = row.reach;
    lines.direction[e] = line.direction;
  }
  lines.runs.clear();
  lines.scattered.clear();
  auto consecutive = [&](std::size_t e) {
    const LineElements::Row& row = lines.rows[e];
    return on_line(e) && row.sign_a == 1.0 && row.sign_b == 1.0 && row.q_b == row.q_a + 1;
  };
  for (std::size_t e = 0; e < n; ++e) {
    if (!on_line(e)) continue;
    if (!consecutive(e)) {
      lines.scattered.push_back(static_cast<int>(e));
      continue;
    }
    LineElements::Run* run = lines.runs.empty() ? nullptr : &lines.runs.back();
    const int q_a = lines.rows[e].q_a;
    if (run != nullptr && run->first + run->count == e && q_a == run->q_first + static_cast<int>(run->count)) {
      ++run->count;
    } else {
      lines.runs.push_back({e, 1, q_a});
    }
  }
}

}  // namespace contactlab
