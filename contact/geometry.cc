// SPDX-License-Identifier: MIT
#include "contact/geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {

using Eigen::Vector2d;
using Eigen::Vector3d;

void closest_between_segments(const Vector3d& p1, const Vector3d& q1, const Vector3d& p2, const Vector3d& q2,
                              Vector3d& c1, Vector3d& c2) {
  const Vector3d d1 = q1 - p1;
  const Vector3d d2 = q2 - p2;
  const Vector3d r = p1 - p2;
  const double a = d1.squaredNorm();
  const double e = d2.squaredNorm();
  const double f = d2.dot(r);
  double s = 0.0;
  double t = 0.0;
  if (a == 0.0 && e == 0.0) {
    c1 = p1;
    c2 = p2;
    return;
  }
  if (a == 0.0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = d1.dot(r);
    if (e == 0.0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = d1.dot(d2);
      const double denominator = a * e - b * b;
      s = denominator > 0.0 ? std::clamp((b * f - c * e) / denominator, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0.0) {
        t = 0.0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1.0) {
        t = 1.0;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  c1 = p1 + s * d1;
  c2 = p2 + t * d2;
}

SurfacePoint box_surface_point(const Vector3d& half_extents, const Vector3d& p) {
  SurfacePoint s;
  if ((p.array().abs() <= half_extents.array()).all()) {
    // Inside: the nearest face.
    Eigen::Index axis = 0;
    (half_extents.array() - p.array().abs()).minCoeff(&axis);
    const double sign = p[axis] >= 0.0 ? 1.0 : -1.0;
    s.distance = std::abs(p[axis]) - half_extents[axis];
    s.point = p;
    s.point[axis] = sign * half_extents[axis];
    s.normal = Vector3d::Zero();
    s.normal[axis] = sign;
    return s;
  }
  s.point = p.cwiseMax(-half_extents).cwiseMin(half_extents);
  const Vector3d d = p - s.point;
  s.distance = d.norm();
  s.normal = d / s.distance;
  return s;
}

SurfacePoint cylinder_surface_point(double radius, double half_length, const Vector3d& p) {
  const double radial = std::hypot(p.x(), p.y());
  const Vector3d radial_direction = radial > 0.0 ? Vector3d(p.x() / radial, p.y() / radial, 0.0) : Vector3d::UnitX();
  SurfacePoint s;
  if (std::abs(p.z()) <= half_length && radial <= radius) {
    // Inside: the nearer of the flat face and the side.
    const double to_face = half_length - std::abs(p.z());
    const double to_side = radius - radial;
    if (to_face <= to_side) {
      const double sign = p.z() >= 0.0 ? 1.0 : -1.0;
      s.distance = -to_face;
      s.point = Vector3d(p.x(), p.y(), sign * half_length);
      s.normal = Vector3d(0.0, 0.0, sign);
    } else {
      s.distance = -to_side;
      s.point = Vector3d(radius * radial_direction.x(), radius * radial_direction.y(), p.z());
      s.normal = radial_direction;
    }
    return s;
  }
  const double r = std::min(radial, radius);
  s.point = Vector3d(r * radial_direction.x(), r * radial_direction.y(), std::clamp(p.z(), -half_length, half_length));
  const Vector3d d = p - s.point;
  s.distance = d.norm();
  s.normal = d / s.distance;
  return s;
}

namespace {

// How far outside a solid a line may pass and still meet it.
double round_off_slack(double size, const Vector3d& p) { return 64.0 * std::numeric_limits<double>::epsilon() * (size + p.norm()); }

// A line's stretch through a solid being narrowed slab by slab. Which bound is the entry (exit) is decided on the
// solid grown by the slack (`*_key`): a line nearly parallel to a face and within round-off of it would otherwise
// meet that face's slab at parameters of order 1/u_i. The entry and exit take the exact bounds of the faces so
// chosen, so that only a line that grazes the solid (the grown one only) is biased, by the slack.
struct Narrowing {
  LineCrossing c;
  double enter_key = -std::numeric_limits<double>::infinity();
  double exit_key = std::numeric_limits<double>::infinity();

  Narrowing() {
    c.enter = -std::numeric_limits<double>::infinity();
    c.exit = std::numeric_limits<double>::infinity();
  }
  void enter(double key, double s, const Vector3d& normal) {
    if (key <= enter_key) return;
    enter_key = key;
    c.enter = s;
    c.enter_normal = normal;
  }
  void exit(double key, double s, const Vector3d& normal) {
    if (key >= exit_key) return;
    exit_key = key;
    c.exit = s;
    c.exit_normal = normal;
  }
  std::optional<LineCrossing> result() {
    if (enter_key > exit_key) return std::nullopt;
    if (c.exit < c.enter) c.exit = c.enter;  // grazing: one point
    return c;
  }
};

// The slab lower ≤ p_i + s u_i ≤ upper (outward normals ∓axis); false when the line misses it.
bool clip_to_slab(double p_i, double u_i, double lower, double upper, const Vector3d& axis, double slack,
                  Narrowing& n) {
  if (u_i == 0.0) return lower - slack <= p_i && p_i <= upper + slack;
  const double to_lower = 1.0 / u_i;
  const bool rising = u_i > 0.0;  // enters through the lower face
  const double s_lower = (lower - p_i) * to_lower, s_upper = (upper - p_i) * to_lower;
  const double k_lower = (lower - slack - p_i) * to_lower, k_upper = (upper + slack - p_i) * to_lower;
  n.enter(rising ? k_lower : k_upper, rising ? s_lower : s_upper, rising ? Vector3d(-axis) : axis);
  n.exit(rising ? k_upper : k_lower, rising ? s_upper : s_lower, rising ? axis : Vector3d(-axis));
  return true;
}

// The roots s_in ≤ s_out of a s² + 2 b s + c = 0 (a > 0), without cancellation; false when there are none.
bool quadratic_roots(double a, double b, double c, double& s_in, double& s_out) {
  const double discriminant = b * b - a * c;
  if (discriminant < 0.0) return false;
  const double q = -(b + std::copysign(std::sqrt(discriminant), b));
  s_in = q / a;
  s_out = q != 0.0 ? c / q : s_in;
  if (s_in > s_out) std::swap(s_in, s_out);
  return true;
}

}  // namespace

std::optional<LineCrossing> box_line_crossing(const Vector3d& half_extents, const Vector3d& p, const Vector3d& u) {
  const double slack = round_off_slack(half_extents.maxCoeff(), p);
  Narrowing n;
  for (int i = 0; i < 3; ++i) {
    if (!clip_to_slab(p[i], u[i], -half_extents[i], half_extents[i], Vector3d::Unit(i), slack, n)) return std::nullopt;
  }
  return n.result();
}

std::optional<LineCrossing> cylinder_line_crossing(double radius, double half_length, const Vector3d& p,
                                                   const Vector3d& u) {
  const double slack = round_off_slack(radius + half_length, p);
  Narrowing n;
  if (!clip_to_slab(p.z(), u.z(), -half_length, half_length, Vector3d::UnitZ(), slack, n)) return std::nullopt;
  // The side: |p⊥ + s u⊥|² ≤ R², a s² + 2 b s + c ≤ 0; decided on the radius grown by the slack.
  const Vector2d p2(p.x(), p.y()), u2(u.x(), u.y());
  const double a = u2.squaredNorm();
  const double b = p2.dot(u2);
  const double grown = radius + slack;
  if (a == 0.0) {
    if (p2.squaredNorm() > grown * grown) return std::nullopt;
    return n.result();
  }
  double k_in = 0.0, k_out = 0.0;
  if (!quadratic_roots(a, b, p2.squaredNorm() - grown * grown, k_in, k_out)) return std::nullopt;
  double s_in = k_in, s_out = k_out;  // grazing the side: the grown roots
  quadratic_roots(a, b, p2.squaredNorm() - radius * radius, s_in, s_out);
  const auto radial = [&](double s) {
    const Vector2d r = p2 + s * u2;
    const double length = r.norm();
    return length > 0.0 ? Vector3d(r.x() / length, r.y() / length, 0.0) : Vector3d::UnitX();
  };
  n.enter(k_in, s_in, radial(s_in));
  n.exit(k_out, s_out, radial(s_out));
  return n.result();
}

Eigen::Matrix3d nearest_rotation(const Eigen::Matrix3d& R) {
  Eigen::Matrix3d Q = R;
  for (int step = 0; step < 2; ++step) Q = 0.5 * Q * (3.0 * Eigen::Matrix3d::Identity() - Q.transpose() * Q);
  return Q;
}

double box_support(const Vector3d& half_extents, const Vector3d& u) { return half_extents.dot(u.cwiseAbs()); }

Vector3d box_support_point(const Vector3d& half_extents, const Vector3d& u) {
  Vector3d x;
  for (int i = 0; i < 3; ++i) x[i] = u[i] >= 0.0 ? half_extents[i] : -half_extents[i];
  return x;
}

double cylinder_support(double radius, double half_length, const Vector3d& u) {
  return radius * std::hypot(u.x(), u.y()) + half_length * std::abs(u.z());
}

std::optional<Interval> clip_to_rectangle(const Vector2d& p, const Vector2d& d, const Vector2d& half) {
  Interval t{0.0, 1.0};
  for (int i = 0; i < 2; ++i) {
    if (d[i] == 0.0) {
      if (std::abs(p[i]) > half[i]) return std::nullopt;
      continue;
    }
    double a = (-half[i] - p[i]) / d[i];
    double b = (half[i] - p[i]) / d[i];
    if (a > b) std::swap(a, b);
    t.lower = std::max(t.lower, a);
    t.upper = std::min(t.upper, b);
  }
  if (t.lower > t.upper) return std::nullopt;
  return t;
}

std::optional<Interval> clip_to_disc(const Vector2d& p, const Vector2d& d, double radius) {
  const double a = d.squaredNorm();
  const double b = p.dot(d);
  const double c = p.squaredNorm() - radius * radius;
  if (a == 0.0) {
    if (c > 0.0) return std::nullopt;
    return Interval{0.0, 1.0};
  }
  const double discriminant = b * b - a * c;
  if (discriminant < 0.0) return std::nullopt;
  const double q = -(b + std::copysign(std::sqrt(discriminant), b));
  double s0 = q / a, s1 = q != 0.0 ? c / q : s0;
  if (s0 > s1) std::swap(s0, s1);
  const Interval t{std::max(0.0, s0), std::min(1.0, s1)};
  if (t.lower > t.upper) return std::nullopt;
  return t;
}

namespace {

// The segment's projection along u onto the plane x_i = offset, in the plane's coordinates (j, k): q0 + t qd.
void project(const Vector3d& p, const Vector3d& d, const Vector3d& u, int i, double offset, Vector2d& q0, Vector2d& qd) {
  const int j = (i + 1) % 3, k = (i + 2) % 3;
  const Vector2d u_jk(u[j], u[k]);
  q0 = Vector2d(p[j], p[k]) + ((offset - p[i]) / u[i]) * u_jk;
  qd = Vector2d(d[j], d[k]) - (d[i] / u[i]) * u_jk;
}

// c[0] + c[1] x + … + c[n] x^n by Horner's rule.
double evaluate(const double* c, int n, double x) {
  double value = c[n];
  for (int i = n - 1; i >= 0; --i) value = value * x + c[i];
  return value;
}

// The root of the polynomial c (degree n, derivative dc) in [lo, hi], where it is monotone and changes sign:
// Newton's method kept inside the shrinking bracket, bisecting where a step would leave it (Press et al.,
// Numerical Recipes, §9.4, rtsafe), until a Newton step is within round-off of x.
double root_between(const double* c, const double* dc, int n, double lo, double hi) {
  constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
  const double rising = evaluate(c, n, lo) < 0.0 ? 1.0 : -1.0;
  double x = 0.5 * (lo + hi);
  for (int i = 0; i < 200; ++i) {
    const double f = rising * evaluate(c, n, x);
    if (f == 0.0) return x;
    (f < 0.0 ? lo : hi) = x;
    const double newton = x - f / (rising * evaluate(dc, n - 1, x));
    if (std::abs(newton - x) <= 4.0 * kEpsilon * std::abs(x)) return x;
    const double middle = 0.5 * (lo + hi);
    x = newton > lo && newton < hi ? newton : middle;
    if (x <= lo || x >= hi) break;
  }
  return x;
}

}  // namespace

int polynomial_roots(const double* c, int n, double* roots) {
  double largest = 0.0;
  for (int i = 0; i <= n; ++i) largest = std::max(largest, std::abs(c[i]));
  while (n > 0 && std::abs(c[n]) <= 1e-14 * largest) --n;
  if (n == 0) return 0;
  if (n == 1) {
    roots[0] = -c[0] / c[1];
    return 1;
  }
  // Between consecutive roots of the derivative the polynomial is monotone: at most one root each.
  double derivative[4] = {};
  for (int i = 1; i <= n; ++i) derivative[i - 1] = i * c[i];
  double turns[4] = {};
  const int turn_count = polynomial_roots(derivative, n - 1, turns);
  // Every root lies in [−bound, bound] (Fujiwara's bound: twice the largest |c[n−k]/c[n]|^(1/k)), tighter than
  // Cauchy's where the leading coefficient is small.
  double bound = 0.0;
  for (int k = 1; k <= n; ++k) {
    const double ratio = std::abs(c[n - k] / c[n]);
    bound = std::max(bound, k == 1 ? ratio : k == 2 ? std::sqrt(ratio) : k == 3 ? std::cbrt(ratio) : std::sqrt(std::sqrt(ratio)));
  }
  bound *= 2.0;
  double ends[6];
  int end_count = 0;
  ends[end_count++] = -bound;
  for (int i = 0; i < turn_count; ++i) {
    if (turns[i] > -bound && turns[i] < bound) ends[end_count++] = turns[i];
  }
  ends[end_count++] = bound;
  int count = 0;
  for (int i = 0; i + 1 < end_count; ++i) {
    double lo = ends[i], hi = ends[i + 1];
    const double f_lo = evaluate(c, n, lo), f_hi = evaluate(c, n, hi);
    if (f_lo == 0.0) {
      if (count == 0 || roots[count - 1] != lo) roots[count++] = lo;
      continue;
    }
    if ((f_lo > 0.0) == (f_hi > 0.0)) continue;
    roots[count++] = root_between(c, derivative, n, lo, hi);
  }
  return count;
}

Interval part_over_rectangle(const Vector3d& p, const Vector3d& d, const Vector3d& u, int i, double offset,
                             const Vector2d& half) {
  Vector2d q0, qd;
  project(p, d, u, i, offset, q0, qd);
  if (const auto part = clip_to_rectangle(q0, qd, half)) return *part;
  const auto slope = [&](double t) {  // of half the squared distance to the rectangle
    const Vector2d q = q0 + t * qd;
    return (q - q.cwiseMax(-half).cwiseMin(half)).dot(qd);
  };
  const double t = convex_minimiser(0.0, 1.0, slope, 0.0, true);
  return {t, t};
}

Interval part_over_disc(const Vector3d& p, const Vector3d& d, const Vector3d& u, double offset, double radius) {
  Vector2d q0, qd;
  project(p, d, u, 2, offset, q0, qd);  // (i, j, k) = (z, x, y)
  if (const auto part = clip_to_disc(q0, qd, radius)) return *part;
  const double t = qd.squaredNorm() > 0.0 ? std::clamp(-q0.dot(qd) / qd.squaredNorm(), 0.0, 1.0) : 0.0;
  return {t, t};
}

Interval part_within_length(const Vector3d& p, const Vector3d& d, double half_length) {
  if (d.z() == 0.0) return std::abs(p.z()) <= half_length ? Interval{0.0, 1.0} : Interval{0.0, 0.0};
  double lower = (-half_length - p.z()) / d.z(), upper = (half_length - p.z()) / d.z();
  if (lower > upper) std::swap(lower, upper);
  lower = std::max(lower, 0.0);
  upper = std::min(upper, 1.0);
  if (lower <= upper) return {lower, upper};
  const double end = upper < 0.0 ? 0.0 : 1.0;  // all beyond one end of the length: the segment's end nearest it
  return {end, end};
}

}  // namespace contactlab
