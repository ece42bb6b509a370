// SPDX-License-Identifier: MIT
// Cylinder–box and cylinder–cylinder.
//
// Signed distance. For convex a and b, the signed distance is the largest separation over unit directions u,
// s(u) = min_b u·y − max_a u·x = u·(c_b − c_a) − h_a(u) − h_b(u) (h: support about the centre; its maximiser is
// also the exact penetration depth when they overlap, and s(u) ≤ the signed distance for every u). As with the
// separating axes of polytopes (Gottschalk, Lin and Manocha, "OBBTree", SIGGRAPH 1996) the maximiser lies among
// the normals of the features that can touch: a box face, a flat face (the axis), a side against a box edge or
// another side (axis × edge, axis × axis), a side against a corner (radial), a rim against a corner (from the
// corner's nearest rim point), and the curved pairs — a rim against a box edge or another cylinder's side (at the
// local minima of a circle's distance to a line) and a rim against a rim (of a circle's distance to a circle;
// Eberly, "Distance between two circles in 3D", Geometric Tools), whose normal is ⊥ both curves' tangents there.
// A circle's critical points against a line are the roots of a quartic; against a circle they are found by
// sampling the smaller circle and zeroing the distance's slope, to round-off. The contact normal n is the best of
// these directions; curved pairs whose features are further apart than a bound on the optimum's are skipped.
//
// Manifold. Each cylinder's points are cast along n (a's) or −n (b's) to the other solid: a point's gap is how
// far along that line the other solid begins (negative when the point is inside it), so a point's gap is exact
// at zero and continuous while its line meets the other solid; the support points of both solids along n lie on
// one such line, whose gap is s(n). Per cylinder, as against a halfspace (halfspace_cylinder): its rims' points
// towards the other solid form a line L along its side (the rims' "lowest" points), and the rim facing the other
// solid adds the points at ±120° from it. L is split by the part of it over the other solid's face that faces the
// cylinder (a box face, a flat face, a side); over a flat face the gap is affine along L, so L's least gap lies in
// [0, lower] or [upper, 1], and L's two slots are the minimisers of the gap there (of equals, the nearest to L's
// ends): a rim on a face holds the lowest rim point, a side lying on a face both rims' lowest points, one lying
// across the face's edge the rim over the face and the point over the edge, one across an edge or a rim the point
// nearest it. Beside another cylinder's side the gap is not affine: a crossing point strictly inside the part is a
// slot of its own (side across side). A box adds its 8 corners, cast along −n.
//
// A point of b that lands on one of a's points in the manifold is that point seen from the other side (a rim on a
// rim, a corner on a rim or a side, equal rims or sides together): it stands down, reporting its distance
// unsigned, as do the points whose lines miss the other solid and L's second slot when both of L's slots find one
// point. Handed over while in contact: points of a line L when the face that splits it changes (n turning past 45°
// between a face and an edge or rim), the ±120° points when the rim facing the other solid changes (a cylinder
// lying on its side, where they are far from contact), a point passing onto a rim of the other solid, and the
// crossing point as two sides turn off parallel (docs/contact.md "Manifolds").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "contact/geometry.h"
#include "contact/pair_kernels.h"

namespace contactlab {

using Eigen::Isometry3d;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
// A rim's direction towards the other solid shorter than this is undefined (a flat face facing it), as in
// halfspace_cylinder: the rim's points then start from the cylinder's x axis.
constexpr double kFlatTolerance = 1e-12;
constexpr double kSamePoint = 1e-12;  // parameters along L this close are one point
constexpr double kTwoPi = 2.0 * std::numbers::pi;

// The solids, placed in cylinder a's frame (X: solid frame → a's frame).
struct Box {
  Isometry3d X;
  Vector3d half;
  Vector3d centre() const { return X.translation(); }
};
struct Cylinder {
  Isometry3d X;
  double radius = 0.0;
  double half_length = 0.0;
  Vector3d axis() const { return X.linear().col(2); }
  Vector3d centre() const { return X.translation(); }
};

double support(const Box& b, const Vector3d& u) { return box_support(b.half, b.X.linear().transpose() * u); }
double support(const Cylinder& c, const Vector3d& u) {
  return cylinder_support(c.radius, c.half_length, c.X.linear().transpose() * u);
}
Vector3d support_point(const Box& b, const Vector3d& u) {
  return b.X * box_support_point(b.half, b.X.linear().transpose() * u);
}
Vector3d support_point(const Cylinder& c, const Vector3d& u) {
  const Vector3d a = c.axis();
  const Vector3d radial = u - u.dot(a) * a;
  const double length = radial.norm();
  return c.centre() + (u.dot(a) >= 0.0 ? c.half_length : -c.half_length) * a +
         (length > 0.0 ? Vector3d(c.radius * radial / length) : Vector3d::Zero());
}

double bounding_radius(const Box& b) { return b.half.norm(); }
double bounding_radius(const Cylinder& c) { return std::hypot(c.radius, c.half_length); }

// The line p + s u through a solid (a's frame); the normals in a's frame.
std::optional<LineCrossing> line_crossing(const Box& b, const Vector3d& p, const Vector3d& u) {
  auto c = box_line_crossing(b.half, b.X.inverse() * p, b.X.linear().transpose() * u);
  if (c) c->enter_normal = b.X.linear() * c->enter_normal;
  return c;
}
std::optional<LineCrossing> line_crossing(const Cylinder& s, const Vector3d& p, const Vector3d& u) {
  auto c = cylinder_line_crossing(s.radius, s.half_length, s.X.inverse() * p, s.X.linear().transpose() * u);
  if (c) c->enter_normal = s.X.linear() * c->enter_normal;
  return c;
}
SurfacePoint surface_point(const Box& b, const Vector3d& p) {
  SurfacePoint s = box_surface_point(b.half, b.X.inverse() * p);
  s.point = b.X * s.point;
  s.normal = b.X.linear() * s.normal;
  return s;
}
SurfacePoint surface_point(const Cylinder& c, const Vector3d& p) {
  SurfacePoint s = cylinder_surface_point(c.radius, c.half_length, c.X.inverse() * p);
  s.point = c.X * s.point;
  s.normal = c.X.linear() * s.normal;
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// The contact normal.

// A circle (a rim): centre, unit normal, radius, and two unit vectors spanning its plane.
struct Circle {
  Vector3d centre, normal, e1, e2;
  double radius = 0.0;
  Vector3d at(double angle) const { return centre + radius * (std::cos(angle) * e1 + std::sin(angle) * e2); }
  // The unit radial direction and tangent at the point nearest to p (p off the axis).
  Vector3d radial_at(const Vector3d& p) const {
    const Vector3d d = p - centre;
    return (d - d.dot(normal) * normal).normalized();
  }
  Vector3d tangent_at(const Vector3d& p) const { return normal.cross(radial_at(p)); }
};

Circle rim(const Cylinder& c, double side) {
  Circle r;
  r.normal = c.axis();
  r.centre = c.centre() + side * c.half_length * r.normal;
  r.e1 = c.X.linear().col(0);
  r.e2 = c.X.linear().col(1);
  r.radius = c.radius;
  return r;
}

Vector3d nearest_on_circle(const Circle& c, const Vector3d& p) {
  const Vector3d d = p - c.centre;
  const Vector3d in_plane = d - d.dot(c.normal) * c.normal;
  const double length = in_plane.norm();
  return c.centre + c.radius * (length > 0.0 ? Vector3d(in_plane / length) : c.e1);
}

Vector3d foot_on_line(const Vector3d& p, const Vector3d& o, const Vector3d& e) { return o + (p - o).dot(e) * e; }

// The common normal of two curves at their locally nearest points p, q (unit tangents t_p, t_q; `scale` their
// curvature radius): q − p and t_p × t_q are parallel there, and the better conditioned of the two is taken — a
// normal that errs sideways sends the points cast along it past an edge or rim. The cross product's direction
// errs by about ε/|t_p × t_q|³ (p itself is found to ε/|t_p × t_q|², where the distance along the curve is
// flat), q − p's by about ε·scale/|q − p|: crossing curves near touch take the cross product (q − p vanishes at
// touch), near-tangent ones apart take q − p.
Vector3d common_normal(const Vector3d& p, const Vector3d& q, const Vector3d& t_p, const Vector3d& t_q, double scale) {
  const Vector3d across = t_p.cross(t_q);
  const double sine = across.norm();
  return sine * sine * sine * scale >= (q - p).norm() ? across : Vector3d(q - p);
}

// The angles where a circle's point p(θ) = C + ρ (cos θ e1 + sin θ e2) is locally nearest to or farthest from the
// line o + s e (unit e): the squared distance |w|² − (w·e)², w = p − o, is the trigonometric polynomial
// F = K + A1 cos θ + B1 sin θ + A2 cos 2θ + B2 sin 2θ, whose slope's zeros are the real roots of a quartic in
// t = tan(θ/2) (with θ = π, where t is infinite): exact, however close two minima lie (a line nearly tangent to the
// circle). At most 5 angles.
int circle_line_turns(const Circle& c, const Vector3d& o, const Vector3d& e, double* angles) {
  const Vector3d d = c.centre - o;
  const double rho = c.radius, alpha = d.dot(e), beta = rho * c.e1.dot(e), gamma = rho * c.e2.dot(e);
  const double A1 = 2.0 * rho * d.dot(c.e1) - 2.0 * alpha * beta, B1 = 2.0 * rho * d.dot(c.e2) - 2.0 * alpha * gamma;
  const double A2 = -0.5 * (beta * beta - gamma * gamma), B2 = -beta * gamma;
  // F'(θ) (1 + t²)² with cos θ = (1 − t²)/(1 + t²), sin θ = 2t/(1 + t²).
  const double quartic[5] = {B1 + 2.0 * B2, -2.0 * A1 - 8.0 * A2, -12.0 * B2, -2.0 * A1 + 8.0 * A2, -B1 + 2.0 * B2};
  double t[4];
  const int count = polynomial_roots(quartic, 4, t);
  for (int i = 0; i < count; ++i) angles[i] = 2.0 * std::atan(t[i]);
  angles[count] = std::numbers::pi;
  return count + 1;
}

// The locally nearest pairs of a rim's point p(θ) and another rim (its nearest point N(p)), within `reach`: 32
// samples of the distance along the smaller rim (along the larger one the distance to a small rim varies on the
// small one's scale), skipping stretches that cannot come within reach (the distance changes by at most the
// radius per radian). About each sampled minimum the triple (previous, it, next) brackets a local minimum:
// golden-section search narrows it, then the slope (p − N(p))·p'(θ) — which needs no derivative of N, as N(p)
// moves normal to p − N(p), and keeps its accuracy where the distance is flat — is brought to zero, to round-off.
template <class Visit>
void for_each_nearest_pair(const Circle& c, double reach, const Circle& other, const Visit& visit) {
  constexpr int kSamples = 32;
  constexpr double kStep = kTwoPi / kSamples;
  const auto distance = [&](double angle) {
    const Vector3d p = c.at(angle);
    return (nearest_on_circle(other, p) - p).norm();
  };
  const auto slope = [&](double angle) {
    const Vector3d p = c.at(angle);
    return (p - nearest_on_circle(other, p)).dot(c.radius * (-std::sin(angle) * c.e1 + std::cos(angle) * c.e2));
  };
  std::array<double, kSamples> value;
  for (int i = 0; i < kSamples; ++i) value[static_cast<std::size_t>(i)] = distance(i * kStep);
  const double golden = 0.5 * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < kSamples; ++i) {
    const double v = value[static_cast<std::size_t>(i)];
    if (v > value[static_cast<std::size_t>((i + kSamples - 1) % kSamples)] ||
        v > value[static_cast<std::size_t>((i + 1) % kSamples)] || v - c.radius * kStep > reach) {
      continue;
    }
    double lo = (i - 1) * kStep, hi = (i + 1) * kStep, at = i * kStep, f_at = v;
    while (hi - lo > 1e-6) {  // keeps f(at) ≤ f(lo), f(hi)
      const bool right = hi - at > at - lo;
      const double probe = right ? at + golden * (hi - at) : at - golden * (at - lo);
      const double f_probe = distance(probe);
      if (f_probe < f_at) {
        (right ? lo : hi) = at;
        at = probe;
        f_at = f_probe;
      } else {
        (right ? hi : lo) = probe;
      }
    }
    const Vector3d p = c.at(zero_between(lo, hi, slope));
    visit(p, nearest_on_circle(other, p));
  }
}

// The contact normal of cylinder a (at the origin) and solid b: the candidate direction of largest separation.
// Candidates are oriented from a to b (s(u) − s(−u) = 2 u·(c_b − c_a)).
template <class Solid>
struct NormalSearch {
  const Cylinder& a;
  const Solid& b;
  Vector3d normal = Vector3d::UnitZ();
  double separation = -std::numeric_limits<double>::infinity();

  void consider(Vector3d u) {
    const double length = u.norm();
    if (!(length > 1e-150)) return;
    u /= length;
    if (u.dot(b.centre()) < 0.0) u = -u;
    const double s = u.dot(b.centre()) - support(a, u) - support(b, u);
    if (s > separation) {
      separation = s;
      normal = u;
    }
  }
  // How far apart the features of a curved pair can be and still give the largest separation: apart, no further
  // than any point of a from any of b (here a's support point from b); overlapping, the separation's maximiser
  // −s* ≤ −(the best separation yet) is their distance. Plus round-off (64 ulp of the pair's size): the optimum's
  // own features lie exactly that far apart when the best yet is as good.
  double reach() const {
    const Vector3d p = support_point(a, normal);
    const double slack = 64.0 * kEpsilon * (b.centre().norm() + bounding_radius(a) + bounding_radius(b));
    return std::max({std::min((support_point(b, -normal) - p).norm(), std::max(surface_point(b, p).distance, 0.0)),
                     -separation, 0.0}) +
           slack;
  }
  // A rim against an edge (the line o + s e) or another rim, at their locally nearest points p, q: their common
  // normal. Touching where they are tangent, the normals that separate them form an arc of the plane ⊥ the
  // tangent whose ends are among the features' own bounding normals there — the rim's radial and axial directions
  // (the axis and the box faces' normals are candidates already).
  void rim_against_edge(const Circle& r, double within, const Vector3d& o, const Vector3d& e) {
    double angles[5];
    const int count = circle_line_turns(r, o, e, angles);
    for (int i = 0; i < count; ++i) {
      const Vector3d p = r.at(angles[i]), q = foot_on_line(p, o, e);
      if ((q - p).norm() > within) continue;
      consider(common_normal(p, q, r.tangent_at(p), e, r.radius));
      consider(r.radial_at(p));
    }
  }
  void rim_against_rim(const Circle& r, double within, const Circle& other) {
    const bool smaller = r.radius <= other.radius;
    for_each_nearest_pair(smaller ? r : other, within, smaller ? other : r, [&](const Vector3d& p, const Vector3d& q) {
      consider(common_normal(p, q, r.tangent_at(p), other.tangent_at(q), std::min(r.radius, other.radius)));
      consider(r.radial_at(p));
      consider(other.radial_at(q));
    });
  }
  // A rim against the side of a cylinder of axis (o, e), at their locally nearest points: the side's normal, from
  // its axis to the rim's point.
  void rim_against_side(const Circle& r, double within, const Vector3d& o, const Vector3d& e) {
    double angles[5];
    const int count = circle_line_turns(r, o, e, angles);
    for (int i = 0; i < count; ++i) {
      const Vector3d p = r.at(angles[i]), q = foot_on_line(p, o, e);
      if ((q - p).norm() <= within) consider(p - q);
    }
  }
};

// A lower bound of the distance between a rim and the segment [p0, p1]: from the rim's bounding sphere, and from
// its plane when the segment lies on one side of it.
double rim_to_segment(const Circle& r, const Vector3d& p0, const Vector3d& p1) {
  const Vector3d e = p1 - p0;
  const double t = std::clamp(e.dot(r.centre - p0) / e.squaredNorm(), 0.0, 1.0);
  const double h0 = (p0 - r.centre).dot(r.normal), h1 = (p1 - r.centre).dot(r.normal);
  const double to_plane = h0 * h1 > 0.0 ? std::min(std::abs(h0), std::abs(h1)) : 0.0;
  return std::max((r.centre - (p0 + t * e)).norm() - r.radius, to_plane);
}

Vector3d contact_normal(const Cylinder& a, const Box& b) {
  NormalSearch<Box> search{a, b};
  std::array<Vector3d, 8> corners;
  for (int k = 0; k < 8; ++k) {
    const Vector3d signs((k & 1) ? 1.0 : -1.0, (k & 2) ? 1.0 : -1.0, (k & 4) ? 1.0 : -1.0);
    corners[static_cast<std::size_t>(k)] = b.X * signs.cwiseProduct(b.half);
  }
  const Circle rims[2] = {rim(a, -1.0), rim(a, 1.0)};
  for (int i = 0; i < 3; ++i) {
    search.consider(b.X.linear().col(i));                            // a rim on a face
    search.consider(Vector3d::UnitZ().cross(b.X.linear().col(i)));  // the side across an edge
  }
  search.consider(Vector3d::UnitZ());  // a corner on a flat face
  for (const Vector3d& q : corners) {
    search.consider(Vector3d(q.x(), q.y(), 0.0));                       // a corner on the side
    for (const Circle& r : rims) search.consider(q - nearest_on_circle(r, q));  // a corner on a rim
  }
  // A rim across an edge, for the edges within reach.
  const double reach = search.reach();
  for (int k = 0; k < 8; ++k) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if (k & bit) continue;
      const Vector3d& p0 = corners[static_cast<std::size_t>(k)];
      const Vector3d& p1 = corners[static_cast<std::size_t>(k | bit)];
      for (const Circle& r : rims) {
        if (rim_to_segment(r, p0, p1) <= reach) search.rim_against_edge(r, reach, p0, (p1 - p0).normalized());
      }
    }
  }
  return search.normal;
}

Vector3d contact_normal(const Cylinder& a, const Cylinder& b) {
  NormalSearch<Cylinder> search{a, b};
  search.consider(a.axis());                 // a rim on a's flat face
  search.consider(b.axis());                 // a rim on b's flat face
  search.consider(a.axis().cross(b.axis()));  // side across side
  const double reach = search.reach();
  const Circle rims_a[2] = {rim(a, -1.0), rim(a, 1.0)};
  const Circle rims_b[2] = {rim(b, -1.0), rim(b, 1.0)};
  const Vector3d a0 = a.centre() - a.half_length * a.axis(), a1 = a.centre() + a.half_length * a.axis();
  const Vector3d b0 = b.centre() - b.half_length * b.axis(), b1 = b.centre() + b.half_length * b.axis();
  // A rim on the other's side: the rim's distance to the side's axis, less the side's radius, within reach.
  for (const Circle& r : rims_b) {
    if (rim_to_segment(r, a0, a1) - a.radius <= reach) search.rim_against_side(r, reach + a.radius, a.centre(), a.axis());
  }
  for (const Circle& r : rims_a) {
    if (rim_to_segment(r, b0, b1) - b.radius <= reach) search.rim_against_side(r, reach + b.radius, b.centre(), b.axis());
  }
  for (const Circle& ra : rims_a) {  // rim on rim
    for (const Circle& rb : rims_b) {
      if ((ra.centre - rb.centre).norm() - ra.radius - rb.radius <= reach) search.rim_against_rim(ra, reach, rb);
    }
  }
  return search.normal;
}

// ---------------------------------------------------------------------------------------------------------
// The manifold.

// A point of one solid cast along u to the other: the gap is where the other begins along the line, the normal n
// (from a to b) whichever solid the point is on. A line that misses the other solid reports the point's distance
// to it, unsigned (docs/contact.md "Manifolds").
// Returns whether the line meets the other solid.
template <class Other>
bool cast(const Vector3d& p, bool on_a, const Vector3d& u, const Vector3d& n, const Other& other, PairGeometry& out) {
  const auto crossing = line_crossing(other, p, u);
  if (!crossing) {
    const SurfacePoint s = surface_point(other, p);
    out.gap = std::abs(s.distance);
    out.normal = on_a ? Vector3d(-s.normal) : s.normal;  // from the point to the solid for a's, out of it for b's
    if (s.distance < 0.0) out.normal = -out.normal;
    out.point_a = on_a ? p : s.point;
    out.point_b = on_a ? s.point : p;
    return false;
  }
  out.gap = crossing->enter;
  out.normal = n;
  const Vector3d q = p + crossing->enter * u;
  out.point_a = on_a ? p : q;
  out.point_b = on_a ? q : p;
  return true;
}

// A point standing down reports its distance unsigned, plus `to_go` ≥ 0, how far it is from becoming a contact
// point; the other solid's point moves along the normal so that point_b − point_a = gap·normal still holds.
void stand_down(PairGeometry& out, bool on_a, double to_go) {
  make_unsigned(out);
  out.gap += to_go;
  if (on_a) {
    out.point_b = out.point_a + out.gap * out.normal;
  } else {
    out.point_a = out.point_b - out.gap * out.normal;
  }
}

// The part of the segment p + t d over the face of `other` that faces −u, and whether that face is curved.
struct FacePart {
  Interval part;
  bool curved = false;
};
FacePart part_facing(const Box& b, const Vector3d& p, const Vector3d& d, const Vector3d& u) {
  const Vector3d u_b = b.X.linear().transpose() * u;
  Eigen::Index axis = 0;
  u_b.cwiseAbs().maxCoeff(&axis);
  const int i = static_cast<int>(axis), j = (i + 1) % 3, k = (i + 2) % 3;
  const double face = u_b[i] > 0.0 ? -b.half[i] : b.half[i];  // the face whose outward normal is against u
  return {part_over_rectangle(b.X.inverse() * p, b.X.linear().transpose() * d, u_b, i, face,
                              Vector2d(b.half[j], b.half[k]))};
}
FacePart part_facing(const Cylinder& c, const Vector3d& p, const Vector3d& d, const Vector3d& u) {
  const Vector3d u_c = c.X.linear().transpose() * u, p_c = c.X.inverse() * p, d_c = c.X.linear().transpose() * d;
  if (std::abs(u_c.z()) >= std::hypot(u_c.x(), u_c.y())) {  // a flat face faces −u more than the side
    return {part_over_disc(p_c, d_c, u_c, u_c.z() > 0.0 ? -c.half_length : c.half_length, c.radius)};
  }
  return {part_within_length(p_c, d_c, c.half_length), true};
}

// The least gap along a cylinder's line L, l0 + t dl, cast along u to `other`, over t ∈ [a, b] (of equals, the
// leftmost or rightmost); nullopt when no line in [a, b] meets `other`. The gap is convex in t where the lines meet
// `other`, and those t form an interval: from a t whose line meets it, a t whose line misses lies beyond the
// interval's far end, so the bisection on the slope goes back.
template <class Other>
std::optional<double> least_gap_along(const Other& other, const Vector3d& l0, const Vector3d& dl, const Vector3d& u,
                                      double a, double b, bool leftmost) {
  const auto meets = [&](double t) { return line_crossing(other, l0 + t * dl, u).has_value(); };
  const auto slope = [&](double t, double miss) {
    const auto crossing = line_crossing(other, l0 + t * dl, u);
    const double across = crossing ? crossing->enter_normal.dot(u) : 0.0;
    return across < 0.0 ? -crossing->enter_normal.dot(dl) / across : miss;
  };
  const double flat = 64.0 * kEpsilon * dl.norm();
  const auto least = [&](double lo, double hi, double miss) {
    return convex_minimiser(lo, hi, [&](double t) { return slope(t, miss); }, flat, leftmost);
  };
  if (meets(a)) return least(a, b, 1.0);
  if (meets(b)) return least(a, b, -1.0);
  constexpr int kProbes = 16;
  for (int i = 1; i < kProbes; ++i) {
    const double inside = a + (b - a) * i / kProbes;
    if (!meets(inside)) continue;
    const double left = least(a, inside, -1.0), right = least(inside, b, 1.0);
    const double gap_left = line_crossing(other, l0 + left * dl, u)->enter;
    const double gap_right = line_crossing(other, l0 + right * dl, u)->enter;
    if (gap_left != gap_right) return gap_left < gap_right ? left : right;
    return leftmost ? left : right;
  }
  return std::nullopt;
}

// The direction of a cylinder's points towards u: u made ⊥ its axis, or its x axis when that is undefined (a flat
// face facing u), as halfspace_cylinder does.
Vector3d towards(const Cylinder& c, const Vector3d& u) {
  const Vector3d axis = c.axis();
  const Vector3d in_plane = u - u.dot(axis) * axis;
  const double length = in_plane.norm();
  return length > kFlatTolerance ? Vector3d(in_plane / length) : Vector3d(c.X.linear().col(0));
}

// Point `point` of cylinder `self` cast along u (towards `other`; n is the contact normal from a to b): 0 and 1
// the least gaps along its line L before and after the part over `other`'s facing face, 2 and 3 the facing rim's
// points at ±120°. Returns whether it is part of the manifold.
template <class Other>
bool cylinder_point(const Cylinder& self, bool on_a, const Vector3d& u, const Vector3d& n, const Other& other, int point,
                    PairGeometry& out) {
  const Vector3d axis = self.axis(), first = towards(self, u);
  if (point >= 2) {
    const double side = u.dot(axis) > 0.0 ? 1.0 : -1.0;
    const double angle = (point - 1) * (kTwoPi / 3.0);
    const Vector3d direction = std::cos(angle) * first + std::sin(angle) * axis.cross(first);
    return cast(self.centre() + side * self.half_length * axis + self.radius * direction, on_a, u, n, other, out);
  }
  // L: l0 + t dl, from the rim at −z (t = 0) to the rim at +z (t = 1).
  const Vector3d l0 = self.centre() - self.half_length * axis + self.radius * first;
  const Vector3d dl = 2.0 * self.half_length * axis;
  const auto [part, curved] = part_facing(other, l0, dl, u);
  const auto t0 = least_gap_along(other, l0, dl, u, 0.0, part.lower, true);
  const auto t1 = least_gap_along(other, l0, dl, u, part.upper, 1.0, false);
  const auto t = point == 0 ? t0 : t1;
  bool in_manifold = cast(l0 + t.value_or(point == 0 ? part.lower : part.upper) * dl, on_a, u, n, other, out) && t;
  // Both stretches end at one point and find it: it is slot 0's.
  if (point == 1 && t0 && t1 && part.upper - part.lower <= kSamePoint && *t1 - *t0 <= kSamePoint) in_manifold = false;
  // Beside another cylinder's side, L's points short of its own rims face the other's rim, whose own point holds
  // that contact (a rim on a side, the end of two sides along each other). Such a point becomes a contact only at
  // a rim, so its distance along L to the nearer rim is added: its cast alone is 0 wherever the stretch's least
  // gap is at the part's end, on the other's flat face.
  const double to_rim = curved && t ? dl.norm() * std::min(*t, 1.0 - *t) : 0.0;
  if (to_rim > 0.0) in_manifold = false;
  if (!in_manifold) stand_down(out, on_a, to_rim);
  return in_manifold;
}

// Slot 8 of two cylinders: where a's line L comes nearest b's axis, when that lies strictly inside the part of L
// beside b's side (two sides crossing: the sides' nearest points, exact as those of the axes). The axes parallel, L
// has no such point (the sides lie along each other, held at the part's ends).
bool crossing_point(const Cylinder& a, const Vector3d& n, const Cylinder& b, PairGeometry& out) {
  const Vector3d first = towards(a, n);
  const Vector3d l0 = a.centre() - a.half_length * a.axis() + a.radius * first, dl = 2.0 * a.half_length * a.axis();
  const auto [part, curved] = part_facing(b, l0, dl, n);
  // L and b's axis: minimise |l0 + t dl − (c + s e)| over t and s.
  const Vector3d e = b.axis(), w = l0 - b.centre();
  const double de = dl.dot(e), denominator = dl.squaredNorm() - de * de;
  const bool crossing = denominator > kSamePoint * dl.squaredNorm();
  const double t = crossing ? std::clamp((de * w.dot(e) - dl.dot(w)) / denominator, 0.0, 1.0) : 0.5 * (part.lower + part.upper);
  const bool in_manifold = cast(l0 + t * dl, true, n, n, b, out) && curved && crossing && part.lower < t && t < part.upper;
  if (!in_manifold) make_unsigned(out);
  return in_manifold;
}

// Whether x, where a point of b lands on a, is one of a's points in the manifold (a rim point on a rim, a corner
// on a's line, equal sides or rims together): then b's point stands down. Only x on a rim or on a's line L along
// n can be one; for those, a's points are made and compared.
template <class Other>
bool is_one_of_as_points(const Cylinder& a, const Vector3d& n, const Other& b, int a_points, const Vector3d& x) {
  const double tolerance = 1e-12 * (a.radius + a.half_length + x.norm());
  const bool on_rim = std::abs(std::hypot(x.x(), x.y()) - a.radius) <= tolerance &&
                      std::abs(std::abs(x.z()) - a.half_length) <= tolerance;
  const Vector3d first = towards(a, n);
  const bool on_line = (Vector3d(x.x(), x.y(), 0.0) - a.radius * first).norm() <= tolerance;
  if (!on_rim && !on_line) return false;
  PairGeometry g;
  for (int k = 0; k < a_points; ++k) {
    if (cylinder_point(a, true, n, n, b, k, g) && (g.point_a - x).norm() <= tolerance) return true;
  }
  return false;
}

// Cylinder a's frame, its half of the pair.
Cylinder cylinder_in_own_frame(const Shape& s) { return {Isometry3d::Identity(), s.radius, 0.5 * s.length}; }

// World output from a's frame.
void to_world(const Isometry3d& X_WA, PairGeometry& out) {
  out.normal = X_WA.linear() * out.normal;
  out.point_a = X_WA * out.point_a;
  out.point_b = X_WA * out.point_b;
}

// A pair's slots are asked for one after another at the same poses, and all need the same contact normal: the
// last one found is kept, per thread and pair type, with the inputs it came from, and reused when exactly these
// recur. The result does not depend on what was asked before.
template <class Solid>
Vector3d shared_contact_normal(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB,
                               const Cylinder& cylinder, const Solid& other) {
  std::array<double, 39> inputs;  // the shapes' dimensions and both poses' 4 × 4 matrices
  inputs[0] = a.radius, inputs[1] = a.length, inputs[2] = b.radius, inputs[3] = b.length;
  std::copy_n(b.half_extents.data(), 3, inputs.begin() + 4);
  std::copy_n(X_WA.matrix().data(), 16, inputs.begin() + 7);
  std::copy_n(X_WB.matrix().data(), 16, inputs.begin() + 23);
  thread_local std::array<double, 39> last_inputs{std::numeric_limits<double>::quiet_NaN()};
  thread_local Vector3d last_normal;
  if (inputs != last_inputs) {
    last_normal = contact_normal(cylinder, other);
    last_inputs = inputs;
  }
  return last_normal;
}

}  // namespace

void cylinder_box(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                  PairGeometry& out) {
  const Cylinder cylinder = cylinder_in_own_frame(a);
  const Box box{X_WA.inverse() * X_WB, b.half_extents};
  const Vector3d n = shared_contact_normal(a, X_WA, b, X_WB, cylinder, box);
  if (point < 4) {
    cylinder_point(cylinder, true, n, n, box, point, out);
  } else {
    const int k = point - 4;  // corner k = Σ ±h_i e_i, the sign of axis i from bit i of k
    const Vector3d signs((k & 1) ? 1.0 : -1.0, (k & 2) ? 1.0 : -1.0, (k & 4) ? 1.0 : -1.0);
    if (!cast(box.X * signs.cwiseProduct(box.half), false, -n, n, cylinder, out) ||
        is_one_of_as_points(cylinder, n, box, 4, out.point_a)) {
      make_unsigned(out);
    }
  }
  to_world(X_WA, out);
}

void cylinder_cylinder(const Shape& a, const Isometry3d& X_WA, const Shape& b, const Isometry3d& X_WB, int point,
                       PairGeometry& out) {
  const Cylinder cylinder_a = cylinder_in_own_frame(a);
  const Cylinder cylinder_b{X_WA.inverse() * X_WB, b.radius, 0.5 * b.length};
  const Vector3d n = shared_contact_normal(a, X_WA, b, X_WB, cylinder_a, cylinder_b);
  if (point < 4) {
    cylinder_point(cylinder_a, true, n, n, cylinder_b, point, out);
  } else if (point < 8) {
    if (cylinder_point(cylinder_b, false, -n, n, cylinder_a, point - 4, out) &&
        is_one_of_as_points(cylinder_a, n, cylinder_b, 4, out.point_a)) {
      make_unsigned(out);
    }
  } else {
    crossing_point(cylinder_a, n, cylinder_b, out);
  }
  to_world(X_WA, out);
}

}  // namespace contactlab
