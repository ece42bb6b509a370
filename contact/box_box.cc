// SPDX-License-Identifier: MIT
// Box–box. The signed distance is the largest separation over the 15 separating axes of two boxes — their 3 + 3
// face normals and the 9 cross products of their edges (Gottschalk, Lin and Manocha, "OBBTree", SIGGRAPH 1996;
// Ericson, Real-Time Collision Detection, §4.4.1): the exact penetration depth when they overlap, zero exactly at
// touch, and when apart the exact distance whenever the nearest features are a vertex and a face or two edges
// (a positive lower bound of it otherwise, e.g. corner towards corner).
//
// The manifold: along that axis n, each box's face that faces the other (the reference face when n is its
// normal, the incident face otherwise), both projected on the plane ⊥ n and intersected (Sutherland and
// Hodgman, "Reentrant polygon clipping", CACM 1974). The polygon's vertices are the incident face's corners
// inside the reference face, the reference face's corners inside the incident face and the crossings of their
// edges; each one's gap is the distance along n between the two faces' planes there, so the deepest is the
// support point and its gap the separation along n. Vertices that only round-off separates from a neighbour, or
// from the line through its neighbours (edges that coincide, crossing at a 1e-16 twist), are not corners: two
// faces lying exactly on each other give their four corners, whatever rotation the pair has.
//
// Slots: a polygon vertex belongs to the face edge that leaves it (counter-clockwise about n), so each vertex has
// exactly one slot and a box face's edges that coincide with the other's belong to box a. Slots 0–3 are box a's
// face edges, 4–7 box b's, numbered by the label of the edge's first corner: 2(bx⊕bz) + (by⊕bz) of the corner's
// sign bits, different for the four corners of every face and the same for opposite corners, so a corner keeps
// its slot when the contact passes from one of its faces to another (a box tipping over its edge). A vertex moves
// continuously along its edge while that edge stays on the polygon; a slot is handed over while in contact when a
// polygon edge shrinks to nothing (vertices merging or splitting), when the axis n changes to another one, and
// for crossings when a box's contact face changes (docs/contact.md "Manifolds").
#include <array>
#include <cmath>
#include <limits>

#include "contact/geometry.h"
#include "contact/pair_kernels.h"

namespace contactlab {

using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

// Separation of the boxes along unit u: centre distance less both projected radii (b: centre t, axes R's columns).
double separation(const Vector3d& u, const Vector3d& half_a, const Matrix3d& R, const Vector3d& t,
                  const Vector3d& half_b) {
  return std::abs(u.dot(t)) - box_support(half_a, u) - box_support(half_b, R.transpose() * u);
}

// The axis of largest separation, pointing from a to b. Ties go to a's faces, then b's, then the edges (in that
// order), so that two faces lying on each other measure depth along a's normal. Edge pairs whose cross product
// vanishes are parallel and span no axis of their own.
Vector3d separating_axis(const Vector3d& half_a, const Matrix3d& R, const Vector3d& t, const Vector3d& half_b) {
  Vector3d best = Vector3d::UnitZ();
  double largest = -std::numeric_limits<double>::infinity();
  auto consider = [&](const Vector3d& u) {
    const double s = separation(u, half_a, R, t, half_b);
    if (s > largest) {
      largest = s;
      best = u.dot(t) >= 0.0 ? u : Vector3d(-u);
    }
  };
  for (int i = 0; i < 3; ++i) consider(Vector3d::Unit(i));
  for (int j = 0; j < 3; ++j) consider(R.col(j));
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Vector3d u = Vector3d::Unit(i).cross(R.col(j));
      const double length = u.norm();
      if (length > 1e-150) consider(u / length);
    }
  }
  return best;
}

int corner_label(const Vector3d& corner_signs) {
  const bool x = corner_signs.x() > 0.0, y = corner_signs.y() > 0.0, z = corner_signs.z() > 0.0;
  return 2 * static_cast<int>(x != z) + static_cast<int>(y != z);
}

// A box face: its corners (box frame, counter-clockwise about `about`, which is ± the outward normal), their
// labels, and its outward normal.
struct Face {
  std::array<Vector3d, 4> corner;
  std::array<int, 4> label{};
  Vector3d outward = Vector3d::UnitZ();
};

// The face of a box (half extents h) whose outward normal is most aligned with `direction` (box frame).
Face facing_face(const Vector3d& h, const Vector3d& direction, bool counter_clockwise_about_outward) {
  Eigen::Index axis = 0;
  direction.cwiseAbs().maxCoeff(&axis);
  const int i = static_cast<int>(axis), j = (i + 1) % 3, k = (i + 2) % 3;
  const double sign = direction[i] >= 0.0 ? 1.0 : -1.0;
  // (σj, σk) = (+,+), (−,+), (−,−), (+,−) runs counter-clockwise about +e_i, since e_j × e_k = e_i.
  static constexpr double kJ[4] = {1.0, -1.0, -1.0, 1.0};
  static constexpr double kK[4] = {1.0, 1.0, -1.0, -1.0};
  const bool reverse = (sign > 0.0) != counter_clockwise_about_outward;
  Face f;
  for (int m = 0; m < 4; ++m) {
    const int n = reverse ? 3 - m : m;
    Vector3d signs;
    signs[i] = sign;
    signs[j] = kJ[n];
    signs[k] = kK[n];
    f.corner[static_cast<std::size_t>(m)] = signs.cwiseProduct(h);
    f.label[static_cast<std::size_t>(m)] = corner_label(signs);
  }
  f.outward = sign * Vector3d::Unit(i);
  return f;
}

double cross2(const Vector2d& a, const Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

struct Vertex {
  Vector2d p;
  int slot = 0;  // the slot of the polygon edge leaving this vertex
};

// A convex polygon of at most 8 vertices (a quadrilateral clipped by four half-planes).
struct Polygon {
  std::array<Vertex, 8> v;
  int size = 0;
  void push(const Vector2d& p, int slot) { v[static_cast<std::size_t>(size++)] = {p, slot}; }
  const Vertex& operator[](int i) const { return v[static_cast<std::size_t>(i)]; }
};

// One step of Sutherland–Hodgman: keeps the part of `in` left of q0→q1 (closed), the new edge along the line
// labelled `slot`. A vertex on the line stays with its own edge's slot, so collinear edges belong to `in`.
Polygon clip(const Polygon& in, const Vector2d& q0, const Vector2d& q1, int slot) {
  Polygon out;
  const Vector2d e = q1 - q0;
  for (int i = 0; i < in.size; ++i) {
    const Vertex& current = in[i];
    const Vertex& next = in[(i + 1) % in.size];
    const double dc = cross2(e, current.p - q0), dn = cross2(e, next.p - q0);
    const auto crossing = [&] { return Vector2d(current.p + (dc / (dc - dn)) * (next.p - current.p)); };
    if (dc >= 0.0) {
      out.push(current.p, current.slot);
      if (dn < 0.0) out.push(crossing(), slot);
    } else if (dn >= 0.0) {
      out.push(crossing(), current.slot);
    }
  }
  return out;
}

// Whether vertex i is not a corner of the polygon up to `tolerance`: its outgoing edge is that short (a vertex and
// a crossing that round-off has separated), or it lies that close to the line through its neighbours (the
// crossing of two edges that round-off has turned off collinear).
bool is_degenerate(const Polygon& polygon, int i, double tolerance) {
  const Vector2d& previous = polygon[(i + polygon.size - 1) % polygon.size].p;
  const Vector2d& next = polygon[(i + 1) % polygon.size].p;
  const Vector2d& p = polygon[i].p;
  if ((next - p).norm() <= tolerance) return true;
  const double base = (next - previous).norm();
  return base > tolerance && std::abs(cross2(next - previous, p - previous)) <= tolerance * base;
}

// The polygon without its degenerate vertices; the edge leaving a dropped vertex's predecessor keeps that
// predecessor's slot.
Polygon without_degenerate_vertices(Polygon polygon, double tolerance) {
  bool dropped = true;
  while (dropped && polygon.size > 1) {
    dropped = false;
    for (int i = 0; i < polygon.size; ++i) {
      if (!is_degenerate(polygon, i, tolerance)) continue;
      for (int k = i; k + 1 < polygon.size; ++k) polygon.v[static_cast<std::size_t>(k)] = polygon[k + 1];
      --polygon.size;
      dropped = true;
      break;
    }
  }
  return polygon;
}

double distance_to_segment(const Vector2d& p, const Vector2d& s0, const Vector2d& s1, Vector2d& nearest) {
  const Vector2d e = s1 - s0;
  const double length2 = e.squaredNorm();
  const double t = length2 > 0.0 ? std::clamp(e.dot(p - s0) / length2, 0.0, 1.0) : 0.0;
  nearest = s0 + t * e;
  return (p - nearest).norm();
}

// Nearest points of the segment [e0, e1] (p) and the convex counter-clockwise quadrilateral q (q_point); the
// point where the segment enters q when they meet.
void nearest_to_quadrilateral(const Vector2d& e0, const Vector2d& e1, const std::array<Vector2d, 4>& q, Vector2d& p,
                              Vector2d& q_point) {
  double enter = 0.0, leave = 1.0;
  bool meets = true;
  for (int m = 0; m < 4 && meets; ++m) {
    const Vector2d edge = q[static_cast<std::size_t>((m + 1) % 4)] - q[static_cast<std::size_t>(m)];
    const double d0 = cross2(edge, e0 - q[static_cast<std::size_t>(m)]);
    const double d1 = cross2(edge, e1 - q[static_cast<std::size_t>(m)]);
    if (d0 < 0.0 && d1 < 0.0) meets = false;
    else if (d0 < 0.0) enter = std::max(enter, d0 / (d0 - d1));
    else if (d1 < 0.0) leave = std::min(leave, d0 / (d0 - d1));
    if (enter > leave) meets = false;
  }
  if (meets) {
    p = q_point = e0 + enter * (e1 - e0);
    return;
  }
  double nearest = std::numeric_limits<double>::infinity();
  Vector2d candidate;
  for (int m = 0; m < 4; ++m) {
    const Vector2d& s0 = q[static_cast<std::size_t>(m)];
    const Vector2d& s1 = q[static_cast<std::size_t>((m + 1) % 4)];
    for (const Vector2d& end : {e0, e1}) {
      const double d = distance_to_segment(end, s0, s1, candidate);
      if (d < nearest) {
        nearest = d;
        p = end;
        q_point = candidate;
      }
    }
    const double d = distance_to_segment(s0, e0, e1, candidate);
    if (d < nearest) {
      nearest = d;
      p = candidate;
      q_point = s0;
    }
  }
}

// The plane ⊥ n that the faces are projected on: 2-D coordinates (t1·x, t2·x), t1 × t2 = n.
struct Projection {
  Vector3d n, t1, t2;
  explicit Projection(const Vector3d& normal) : n(normal) {
    Eigen::Index least = 0;
    n.cwiseAbs().minCoeff(&least);
    t1 = n.cross(Vector3d::Unit(least)).normalized();
    t2 = n.cross(t1);
  }
  Vector2d operator()(const Vector3d& x) const { return Vector2d(t1.dot(x), t2.dot(x)); }
  // The point above p (2-D) on the plane through `on` of normal `m`, along n.
  Vector3d lift(const Vector2d& p, const Vector3d& on, const Vector3d& m) const {
    const Vector3d in_plane = p.x() * t1 + p.y() * t2;
    return in_plane + (m.dot(on - in_plane) / m.dot(n)) * n;
  }
};

}  // namespace

void box_box(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
             PairGeometry& out) {
  // Everything in a's frame: b's axes are R's columns, its centre t.
  const Matrix3d R = X_WA.linear().transpose() * X_WB.linear();
  const Vector3d t = X_WA.linear().transpose() * (X_WB.translation() - X_WA.translation());
  const Vector3d& half_a = a.half_extents;
  const Vector3d& half_b = b.half_extents;
  const Vector3d n = separating_axis(half_a, R, t, half_b);
  const Projection plane(n);

  // a's face most along n, b's most against it, both counter-clockwise about n.
  const Face face_a = facing_face(half_a, n, true);
  Face face_b = facing_face(half_b, -(R.transpose() * n), false);
  for (Vector3d& c : face_b.corner) c = t + R * c;
  face_b.outward = R * face_b.outward;

  Polygon polygon;
  std::array<Vector2d, 4> quad_a, quad_b;
  for (std::size_t m = 0; m < 4; ++m) {
    quad_a[m] = plane(face_a.corner[m]);
    quad_b[m] = plane(face_b.corner[m]);
    polygon.push(quad_a[m], face_a.label[m]);
  }
  for (std::size_t m = 0; m < 4; ++m) polygon = clip(polygon, quad_b[m], quad_b[(m + 1) % 4], 4 + face_b.label[m]);
  const double scale = half_a.maxCoeff() + half_b.maxCoeff() + t.norm();
  polygon = without_degenerate_vertices(polygon, 64.0 * std::numeric_limits<double>::epsilon() * scale);

  Vector3d on_a, on_b;
  bool on_polygon = false;
  for (int i = 0; i < polygon.size; ++i) {
    if (polygon[i].slot != point) continue;
    on_a = plane.lift(polygon[i].p, face_a.corner[0], face_a.outward);
    on_b = plane.lift(polygon[i].p, face_b.corner[0], face_b.outward);
    on_polygon = true;
  }
  Vector3d normal = n;
  double gap = 0.0;
  if (on_polygon) {
    gap = n.dot(on_b - on_a);
  } else {
    // Not on the polygon: the distance from this slot's face edge to the other box's face (its nearest point
    // in projection, on both planes), which is positive and grows as the edge moves away from the polygon.
    const bool of_a = point < 4;
    const Face& own = of_a ? face_a : face_b;
    const Face& other = of_a ? face_b : face_a;
    const std::array<Vector2d, 4>& own_quad = of_a ? quad_a : quad_b;
    std::size_t m = 0;
    while (own.label[m] != point % 4) ++m;
    Vector2d p, q;
    nearest_to_quadrilateral(own_quad[m], own_quad[(m + 1) % 4], of_a ? quad_b : quad_a, p, q);
    const Vector3d x = plane.lift(p, own.corner[0], own.outward);
    const Vector3d y = plane.lift(q, other.corner[0], other.outward);
    on_a = of_a ? x : y;
    on_b = of_a ? y : x;
    gap = (on_b - on_a).norm();
    if (gap > 0.0) normal = (on_b - on_a) / gap;
  }
  out.gap = gap;
  out.normal = X_WA.linear() * normal;
  out.point_a = X_WA * on_a;
  out.point_b = X_WA * on_b;
}

}  // namespace contactlab
