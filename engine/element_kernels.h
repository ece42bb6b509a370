// SPDX-License-Identifier: MIT
// The element kernels: one row per ElementKernel (engine/contact_element.h), as Box2D's contact registers and
// MuJoCo's collision table, each row the same functions of element e of data's table at coordinates q and rates v:
//   gap               the signed distance alone (an event function);
//   geometry          PairGeometry: gap, normal from A to B, contact points, δ̇ = n·(v_PA − v_PB);
//   relative_velocity v_PB − v_PA at the contact points: B's relative to A's (the slip velocity's source);
//   apply             Jᵀ f for the force f on B at its point and −f on A at A's: on sliders along their axes
//                     (data.slider_force), on tree bodies as spatial forces (data.external_force);
// and kNeedsBodyMotion: whether the row reads the tree bodies' motion (tree_kinematics first) rather than the
// sliders' coordinates alone. `with_kernel` is the table: one switch from a row to its kernel, whose functions then
// inline into the stages' loops (engine/forward.cc) — called through pointers they cost the 70-bead chain's run 4 %
// more instructions. A new kernel is a struct here, an ElementKernel value, a case in with_kernel and its condition
// in bind_element.
#pragma once

#include <cmath>
#include <cstddef>

#include "contact/contact_kinematics.h"
#include "contact/narrowphase.h"
#include "engine/contact_element.h"
#include "engine/data.h"
#include "engine/dynamics.h"
#include "engine/kinematics.h"

namespace contactlab {

// Whether the geometry includes the normal and the contact points of the line kernel's elements: their forces act
// along the sliders' axes through scalars (Data::line_elements), so the right-hand side needs only their gaps and
// normal velocities and leaves the vectors as they were.
enum class ContactVectors { kAll, kSkipOnLine };

// An element's force on shape B at its contact point (−f acts on A at A's point): f = F n + f_t.
struct ElementForce {
  double normal = 0.0;             // F [N], > 0 pushes the shapes apart
  Vec3 tangential = Vec3::Zero();  // f_t [N], in the contact plane; only an element with a tangential law has one
};

namespace kernels {

// Slider k's coordinate and its rate (k < 0: the world, at rest at 0).
inline double coordinate(const Model& model, int k, const double* q) {
  return k < 0 ? 0.0 : q[model.sliders.q_index[static_cast<std::size_t>(k)]];
}
inline double rate(const Model& model, int k, const double* v) {
  return k < 0 ? 0.0 : v[model.sliders.v_index[static_cast<std::size_t>(k)]];
}

// A shape on slider k (k < 0: on the world): its centre at q, from its place at q = 0 moved along the axis, and its
// velocity.
inline Vec3 moved(const Model& model, int k, const Vec3& at_zero, const double* q) {
  if (k < 0) return at_zero;
  return at_zero + model.sliders.axis[static_cast<std::size_t>(k)] * coordinate(model, k, q);
}
inline Vec3 velocity(const Model& model, int k, const double* v) {
  if (k < 0) return Vec3::Zero();
  return model.sliders.axis[static_cast<std::size_t>(k)] * rate(model, k, v);
}

// f on B: F n, and f_t for an element with a tangential law.
inline Vec3 force_on_b(const Data& data, std::size_t e, const ElementForce& force) {
  const Vec3 normal = force.normal * data.geometry[e].normal;
  return data.elements[e].tangential_law != nullptr ? Vec3(normal + force.tangential) : normal;
}

}  // namespace kernels

// Two spheres on one line: scalars along its direction u throughout (Data::line_elements).
struct LineKernel {
  static constexpr bool kNeedsBodyMotion = false;

  // The signed separation along u, with no square root.
  static double separation(const LineElements::Row& row, const double* q) {
    return row.offset + row.sign_b * q[row.q_b] - row.sign_a * q[row.q_a];
  }
  static double gap(const Model&, Data& data, const double* q, const double*, std::size_t e) {
    const LineElements::Row& row = data.line_elements.rows[e];
    return std::abs(separation(row, q)) - row.reach;
  }
  // The gap and the normal velocity from x, whose sign (the side) makes the normal side·u, into `out`; the side
  // returned.
  static double gap_and_rate(const LineElements::Row& row, const double* q, const double* v, PairGeometry& out) {
    const double x = separation(row, q);
    const double side = x < 0.0 ? -1.0 : 1.0;
    out.gap = std::abs(x) - row.reach;  // gap(), from the x needed for the side as well
    out.normal_velocity = side * (row.sign_a * v[row.v_a] - row.sign_b * v[row.v_b]);
    return side;
  }
  // F on the sliders: on b along u it is F·side, and a slider's axis is sign·u. A shape on the world has sign 0 and
  // index 0: it adds a zero to the first slider's entry, without a branch. A tangential force is across the line,
  // which neither slider can move along: it does no work and loads nothing.
  static void load(const LineElements::Row& row, double side, double force, double* slider_force) {
    const double along = force * side;
    slider_force[row.v_a] -= along * row.sign_a;
    slider_force[row.v_b] += along * row.sign_b;
  }

  // With the vectors, a shape's centre is its place at q = 0 plus u·sign·q.
  static void geometry(const Model&, Data& data, const double* q, const double* v, std::size_t e,
                       ContactVectors vectors) {
    LineElements& lines = data.line_elements;
    const LineElements::Row& row = lines.rows[e];
    PairGeometry& out = data.geometry[e];
    const double side = gap_and_rate(row, q, v, out);
    lines.side[e] = side;
    if (vectors == ContactVectors::kSkipOnLine) return;
    const SliderShapes& shapes = data.elements[e].shapes;
    const Vec3& u = lines.direction[e];
    out.normal = side * u;
    out.point_a = shapes.centre_a + (row.sign_a * q[row.q_a] + side * shapes.radius_a) * u;
    out.point_b = shapes.centre_b + (row.sign_b * q[row.q_b] - side * shapes.radius_b) * u;
  }
  static Vec3 relative_velocity(const Model&, const Data& data, const double*, const double* v, std::size_t e) {
    const LineElements& lines = data.line_elements;
    const LineElements::Row& row = lines.rows[e];
    return (row.sign_b * v[row.v_b] - row.sign_a * v[row.v_a]) * lines.direction[e];
  }
  static void apply(const Model&, Data& data, std::size_t e, const ElementForce& force) {
    const LineElements& lines = data.line_elements;
    load(lines.rows[e], lines.side[e], force.normal, data.slider_force.data());
  }
};

// Spheres (and a halfspace) on sliders or the world: centres move along the sliders' axes, nothing rotates.
struct DirectKernel {
  static constexpr bool kNeedsBodyMotion = false;

  static double gap(const Model& model, Data& data, const double* q, const double*, std::size_t e) {
    const SliderShapes& shapes = data.elements[e].shapes;
    const Vec3 centre_a = kernels::moved(model, shapes.slider_a, shapes.centre_a, q);
    const Vec3 centre_b = kernels::moved(model, shapes.slider_b, shapes.centre_b, q);
    if (shapes.halfspace) return shapes.normal_a.dot(centre_b - centre_a) - shapes.radius_b;
    return (centre_b - centre_a).norm() - shapes.radius_a - shapes.radius_b;
  }
  static void geometry(const Model& model, Data& data, const double* q, const double* v, std::size_t e,
                       ContactVectors) {
    const SliderShapes& shapes = data.elements[e].shapes;
    PairGeometry& out = data.geometry[e];
    const Vec3 centre_a = kernels::moved(model, shapes.slider_a, shapes.centre_a, q);
    const Vec3 centre_b = kernels::moved(model, shapes.slider_b, shapes.centre_b, q);
    if (shapes.halfspace) {
      halfspace_sphere(shapes.normal_a, centre_a, centre_b, shapes.radius_b, out);
    } else {
      sphere_sphere(centre_a, shapes.radius_a, centre_b, shapes.radius_b, out);
    }
    out.normal_velocity =
        out.normal.dot(kernels::velocity(model, shapes.slider_a, v) - kernels::velocity(model, shapes.slider_b, v));
  }
  static Vec3 relative_velocity(const Model& model, const Data& data, const double*, const double* v, std::size_t e) {
    const SliderShapes& shapes = data.elements[e].shapes;
    return kernels::velocity(model, shapes.slider_b, v) - kernels::velocity(model, shapes.slider_a, v);
  }
  // Along each slider's axis, at its velocity (Data::slider_force).
  static void apply(const Model& model, Data& data, std::size_t e, const ElementForce& force) {
    const SliderShapes& shapes = data.elements[e].shapes;
    const Vec3 on_b = kernels::force_on_b(data, e, force);
    auto load = [&](int slider, double sign) {
      if (slider < 0) return;
      const auto k = static_cast<std::size_t>(slider);
      data.slider_force[model.sliders.v_index[k]] += sign * model.sliders.axis[k].dot(on_b);
    };
    load(shapes.slider_a, -1.0);
    load(shapes.slider_b, 1.0);
  }
};

// Any pair: the narrowphase (contact/narrowphase.h) on the two bodies' world motion — a tree body's from data.motion
// (tree_kinematics first), a slider's from its coordinate.
struct GeneralKernel {
  static constexpr bool kNeedsBodyMotion = true;

  static double gap(const Model& model, Data& data, const double* q, const double* v, std::size_t e) {
    const ContactElement& element = data.elements[e];
    const ContactPairModel& pair = *element.pair;
    BodyMotion slider_a, slider_b;  // the motion of a body on a slider (a tree body's is read in place)
    return pair_gap(model.contact, pair, element.point, body_motion(model, data, q, v, pair.body_a, slider_a),
                    body_motion(model, data, q, v, pair.body_b, slider_b), data.geometry[e]);
  }
  static void geometry(const Model& model, Data& data, const double* q, const double* v, std::size_t e,
                       ContactVectors) {
    const ContactElement& element = data.elements[e];
    const ContactPairModel& pair = *element.pair;
    BodyMotion slider_a, slider_b;
    pair_geometry(model.contact, pair, element.point, body_motion(model, data, q, v, pair.body_a, slider_a),
                  body_motion(model, data, q, v, pair.body_b, slider_b), data.geometry[e]);
  }
  static Vec3 relative_velocity(const Model& model, const Data& data, const double* q, const double* v,
                                std::size_t e) {
    const ContactPairModel& pair = *data.elements[e].pair;
    const PairGeometry& geometry = data.geometry[e];
    BodyMotion slider_a, slider_b;
    return point_velocity(body_motion(model, data, q, v, pair.body_b, slider_b), geometry.point_b) -
           point_velocity(body_motion(model, data, q, v, pair.body_a, slider_a), geometry.point_a);
  }
  static void apply(const Model& model, Data& data, std::size_t e, const ElementForce& force) {
    const ContactPairModel& pair = *data.elements[e].pair;
    const PairGeometry& geometry = data.geometry[e];
    const Vec3 on_b = kernels::force_on_b(data, e, force);
    add_point_force(model, data, pair.body_a, geometry.point_a, -on_b, data.external_force, data.slider_force);
    add_point_force(model, data, pair.body_b, geometry.point_b, on_b, data.external_force, data.slider_force);
  }
};

// The table: calls visit(kernel) with the kernel of row `row`, as a value of its own type.
template <typename Visit>
inline decltype(auto) with_kernel(ElementKernel row, Visit&& visit) {
  switch (row) {
    case ElementKernel::kLine: return visit(LineKernel{});
    case ElementKernel::kDirect: return visit(DirectKernel{});
    case ElementKernel::kGeneral: break;
  }
  return visit(GeneralKernel{});
}

// Whether a row reads the tree bodies' motion (tree_kinematics first).
inline bool needs_body_motion(ElementKernel row) {
  return with_kernel(row, [](auto kernel) { return kernel.kNeedsBodyMotion; });
}

// The components of the state (q, then v: nq coordinates) that element e's geometry reads, into `out`: its sliders'
// coordinates and rates, at most four. −1 when its row reads the tree bodies' motion, which takes the whole state.
inline int geometry_inputs(const Model& model, const ContactElement& element, int nq, int (&out)[4]) {
  if (needs_body_motion(element.geometry)) return -1;
  int count = 0;
  for (int k : {element.shapes.slider_a, element.shapes.slider_b}) {
    if (k < 0) continue;
    out[count++] = model.sliders.q_index[static_cast<std::size_t>(k)];
    out[count++] = nq + model.sliders.v_index[static_cast<std::size_t>(k)];
  }
  return count;
}

// Two unit tangents completing the unit normal n to a right-handed orthonormal basis (n, t₁, t₂), without a branch
// but the sign of n_z (Duff et al. 2017, "Building an orthonormal basis, revisited", JCGT 6(1)).
inline void contact_tangents(const Vec3& n, Vec3& tangent_1, Vec3& tangent_2) {
  const double sign = std::copysign(1.0, n.z());
  const double a = -1.0 / (sign + n.z());
  const double b = n.x() * n.y() * a;
  tangent_1 = Vec3(1.0 + sign * n.x() * n.x() * a, sign * b, -sign * n.x());
  tangent_2 = Vec3(b, sign + n.y() * n.y() * a, -n.y());
}

// The part of x in the contact plane of unit normal n: x − (x·n) n.
inline Vec3 in_contact_plane(const Vec3& x, const Vec3& n) { return x - n.dot(x) * n; }

// Element e's gap by its kernel.
inline double element_gap(const Model& model, Data& data, const double* q, const double* v, std::size_t e) {
  return with_kernel(data.elements[e].geometry, [&](auto kernel) { return kernel.gap(model, data, q, v, e); });
}

// Element e's geometry by its kernel into data.geometry[e]; for an element with a tangential law, all of it and the
// contact frame with the slip velocity into data.frames[e].
inline void element_geometry(const Model& model, Data& data, const double* q, const double* v, std::size_t e,
                             ContactVectors vectors) {
  with_kernel(data.elements[e].geometry, [&](auto kernel) {
    if (data.elements[e].tangential_law == nullptr) {
      kernel.geometry(model, data, q, v, e, vectors);
      return;
    }
    kernel.geometry(model, data, q, v, e, ContactVectors::kAll);
    const Vec3& n = data.geometry[e].normal;
    ContactFrame& frame = data.frames[e];
    contact_tangents(n, frame.tangent_1, frame.tangent_2);
    frame.slip_velocity = in_contact_plane(kernel.relative_velocity(model, data, q, v, e), n);
  });
}

// Element e's slip velocity at (q, v), data.geometry[e] holding its normal and contact points: B's contact point's
// velocity relative to A's, in the contact plane. Zero on the line kernel, whose shapes move along the normal only.
inline Vec3 element_slip_velocity(const Model& model, const Data& data, const double* q, const double* v,
                                  std::size_t e) {
  if (data.elements[e].geometry == ElementKernel::kLine) return Vec3::Zero();
  return in_contact_plane(
      with_kernel(data.elements[e].geometry, [&](auto kernel) { return kernel.relative_velocity(model, data, q, v, e); }),
      data.geometry[e].normal);
}

// Element e's relative angular velocity ω_B − ω_A at (q, v), data holding the tree kinematics there: zero on the
// line and direct kernels, whose shapes ride on sliders or the world and do not turn.
inline Vec3 element_relative_spin(const Model& model, const Data& data, const double* q, const double* v, std::size_t e) {
  if (data.elements[e].geometry != ElementKernel::kGeneral) return Vec3::Zero();
  const ContactPairModel& pair = *data.elements[e].pair;
  BodyMotion slider_a, slider_b;
  return body_motion(model, data, q, v, pair.body_b, slider_b).angular_velocity -
         body_motion(model, data, q, v, pair.body_a, slider_a).angular_velocity;
}

// Element e's force onto the generalized forces by its wrench kernel; returns the power it absorbs from the bodies,
// f·(v_PA − v_PB) = F δ̇ (− f_t·v_t, v_t the slip velocity): the energy ledger's rate [W].
inline double apply_element_force(const Model& model, Data& data, std::size_t e, const ElementForce& force) {
  with_kernel(data.elements[e].wrench, [&](auto kernel) { kernel.apply(model, data, e, force); });
  const double power = force.normal * data.geometry[e].normal_velocity;
  if (data.elements[e].tangential_law == nullptr) return power;
  return power - force.tangential.dot(data.frames[e].slip_velocity);
}

}  // namespace contactlab
