// SPDX-License-Identifier: MIT
// Geometry shared by the narrowphase kernels: closest points of segments, a point against a solid box or
// cylinder, a line through a solid, support functions, the part of a segment over a rectangle or a disc, the
// minimiser of a convex function of one variable, the real roots of a quartic and a bracketed zero. Solids are centred on their frame's origin: a box of half
// extents h, a cylinder of radius R and half length H along z. All lengths in metres.
#pragma once

#include <algorithm>
#include <cmath>

#include <optional>

#include <Eigen/Core>

namespace contactlab {

// Closest points c1 of [p1, q1] and c2 of [p2, q2] (Ericson, Real-Time Collision Detection, §5.1.9).
void closest_between_segments(const Eigen::Vector3d& p1, const Eigen::Vector3d& q1, const Eigen::Vector3d& p2,
                              const Eigen::Vector3d& q2, Eigen::Vector3d& c1, Eigen::Vector3d& c2);

// A point's signed distance to a solid (negative inside), the solid's surface point nearest to it, and the
// outward unit normal there: (point − surface)/distance outside, the nearest face's normal inside. The normal is
// the distance's gradient, so the distance along a line p + t d has the slope normal·d.
struct SurfacePoint {
  double distance = 0.0;
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();
};
SurfacePoint box_surface_point(const Eigen::Vector3d& half_extents, const Eigen::Vector3d& p);
SurfacePoint cylinder_surface_point(double radius, double half_length, const Eigen::Vector3d& p);

// The stretch s ∈ [enter, exit] of the line p + s u (u a unit vector) inside a solid, with the outward normals of
// the surface where it enters and leaves; nullopt when the line misses the solid (slabs: Kay and Kajiya, "Ray
// tracing complex scenes", SIGGRAPH 1986; the side of a cylinder: a quadratic in s). The solid is taken grown by
// round-off, 64 ulp of its size and of |p|, so that a line along a face or the side of an equal solid, or through
// the edge where a face ends, meets it whatever the rounding; enter and exit are exact to that much.
struct LineCrossing {
  double enter = 0.0;
  double exit = 0.0;
  Eigen::Vector3d enter_normal = Eigen::Vector3d::UnitZ();
  Eigen::Vector3d exit_normal = Eigen::Vector3d::UnitZ();
};
std::optional<LineCrossing> box_line_crossing(const Eigen::Vector3d& half_extents, const Eigen::Vector3d& p,
                                              const Eigen::Vector3d& u);
std::optional<LineCrossing> cylinder_line_crossing(double radius, double half_length, const Eigen::Vector3d& p,
                                                   const Eigen::Vector3d& u);

// The rotation nearest R (its orthogonal polar factor) when R is one but for a small error: a body's rotation from
// a quaternion not yet normalised is off by ~1e-12, and kernels that decide on directions shorter than 1e-12
// must not see that. Two Newton–Schulz steps R ← R (3I − RᵀR)/2, each of which squares the error (Higham,
// Functions of Matrices, SIAM 2008, §8.9): orthonormal to round-off for errors up to 1e-4.
Eigen::Matrix3d nearest_rotation(const Eigen::Matrix3d& R);

// Support functions max_{x ∈ solid} u·x and a point attaining them (u need not be a unit vector).
double box_support(const Eigen::Vector3d& half_extents, const Eigen::Vector3d& u);
Eigen::Vector3d box_support_point(const Eigen::Vector3d& half_extents, const Eigen::Vector3d& u);
double cylinder_support(double radius, double half_length, const Eigen::Vector3d& u);

// The parameter range [lower, upper] ⊆ [0, 1] of the segment p + t d inside the rectangle |x| ≤ half.x(),
// |y| ≤ half.y() (Liang and Barsky, "A new concept and method for line clipping", ACM TOG 1984), or inside the
// disc |x| ≤ radius; nullopt when the segment misses it.
struct Interval {
  double lower = 0.0;
  double upper = 0.0;
};
std::optional<Interval> clip_to_rectangle(const Eigen::Vector2d& p, const Eigen::Vector2d& d,
                                          const Eigen::Vector2d& half);
std::optional<Interval> clip_to_disc(const Eigen::Vector2d& p, const Eigen::Vector2d& d, double radius);

// The part of the segment p + t d (t ∈ [0, 1]) whose projection along u lands on a face: the rectangle
// |x_j| ≤ half.x(), |x_k| ≤ half.y() of the plane x_i = offset ((i, j, k) cyclic), or the disc |(x, y)| ≤ radius
// of the plane z = offset (u_i, u_z ≠ 0). Where none does, the single t whose projection comes nearest the face:
// where a part appears first when the segment moves onto it.
Interval part_over_rectangle(const Eigen::Vector3d& p, const Eigen::Vector3d& d, const Eigen::Vector3d& u, int i,
                             double offset, const Eigen::Vector2d& half);
Interval part_over_disc(const Eigen::Vector3d& p, const Eigen::Vector3d& d, const Eigen::Vector3d& u, double offset,
                        double radius);
// The part whose z lies within [−half_length, half_length] (beside a cylinder's side), or the end nearest to it.
Interval part_within_length(const Eigen::Vector3d& p, const Eigen::Vector3d& d, double half_length);

// The leftmost (or rightmost) minimiser over [a, b] of a convex function given by its slope (any subgradient, so
// non-decreasing), by bisection on the slope's sign to the resolution of double. Slopes within ±flat count as
// zero: a function constant up to round-off over a stretch has its minimisers found at that stretch's ends.
template <class Slope>
double convex_minimiser(double a, double b, const Slope& slope, double flat, bool leftmost) {
  if (!(a < b)) return a;
  // Leftmost: the first t whose slope is ≥ −flat; rightmost: the last t whose slope is ≤ flat.
  const auto past = [&](double t) { return leftmost ? slope(t) >= -flat : slope(t) > flat; };
  if (past(a)) return a;
  if (!past(b)) return b;
  double lo = a, hi = b;  // past(lo) is false, past(hi) true
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    (past(mid) ? hi : lo) = mid;
  }
  return leftmost ? hi : lo;
}

// The real roots, ascending, of c[0] + c[1] x + … + c[n] x^n (n ≤ 4; leading coefficients that are zero or
// negligible, below 1e-14 of the largest, lower the degree), each isolated between consecutive real roots of
// the derivative (Fujiwara's bound on the roots at the ends) and found by zero_between, to round-off. Returns their
// count; a root of even multiplicity is found only to within the function's round-off.
int polynomial_roots(const double* c, int n, double* roots);

// A zero of g in [lo, hi] where g(lo) < 0 < g(hi) (else the end where g has the sign of the other), by the
// Illinois method — false position that halves the weight of an end kept twice (Dowell and Jarratt, BIT 1971) —
// which converges superlinearly and stays in the bracket, to round-off.
template <class G>
double zero_between(double lo, double hi, const G& g) {
  double g_lo = g(lo), g_hi = g(hi);
  if (!(g_lo < 0.0)) return lo;
  if (!(g_hi > 0.0)) return hi;
  int kept = 0;  // −1: lo moved last, +1: hi moved last
  for (int i = 0; i < 200; ++i) {
    const double x = (lo * g_hi - hi * g_lo) / (g_hi - g_lo);
    if (!(x > lo && x < hi)) break;
    const double g_x = g(x);
    if (g_x == 0.0) return x;
    if (g_x < 0.0) {
      lo = x;
      g_lo = g_x;
      if (kept == -1) g_hi *= 0.5;
      kept = -1;
    } else {
      hi = x;
      g_hi = g_x;
      if (kept == 1) g_lo *= 0.5;
      kept = 1;
    }
  }
  return -g_lo < g_hi ? lo : hi;
}

// The largest value of f on [lo, hi] where f rises and then falls (one maximum inside), by golden-section search:
// 24 narrowings (0.618^24: 1e-5 of the interval; a loop on the width would stall at round-off), the value then
// within about 1e-10 of itself (f is flat at its largest).
template <class F>
double largest_between(double lo, double hi, const F& f) {
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double left = hi - ratio * (hi - lo), right = lo + ratio * (hi - lo);
  double at_left = f(left), at_right = f(right);
  for (int k = 0; k < 24; ++k) {
    if (at_left < at_right) {
      lo = left;
      left = right;
      at_left = at_right;
      right = lo + ratio * (hi - lo);
      at_right = f(right);
    } else {
      hi = right;
      right = left;
      at_right = at_left;
      left = hi - ratio * (hi - lo);
      at_left = f(left);
    }
  }
  return std::max(at_left, at_right);
}

}  // namespace contactlab
