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

// Narrows [crossing.enter, crossing.exit] to where a < p_i + s u_i < b along one coordinate (a slab of outward
// normals ∓axis); false when the line misses the slab.
bool clip_to_slab(double p_i, double u_i, double lower, double upper, const Vector3d& axis, LineCrossing& crossing) {
  if (u_i == 0.0) return lower <= p_i && p_i <= upper;
  double s_lower = (lower - p_i) / u_i;
  double s_upper = (upper - p_i) / u_i;
  Vector3d n_lower = -axis, n_upper = axis;
  if (s_lower > s_upper) {
    std::swap(s_lower, s_upper);
    std::swap(n_lower, n_upper);
  }
  if (s_lower > crossing.enter) {
    crossing.enter = s_lower;
    crossing.enter_normal = n_lower;
  }
  if (s_upper < crossing.exit) {
    crossing.exit = s_upper;
    crossing.exit_normal = n_upper;
  }
  return crossing.enter <= crossing.exit;
}

LineCrossing unbounded_crossing() {
  LineCrossing c;
  c.enter = -std::numeric_limits<double>::infinity();
  c.exit = std::numeric_limits<double>::infinity();
  return c;
}

}  // namespace

std::optional<LineCrossing> box_line_crossing(const Vector3d& half_extents, const Vector3d& p, const Vector3d& u) {
  LineCrossing c = unbounded_crossing();
  for (int i = 0; i < 3; ++i) {
    if (!clip_to_slab(p[i], u[i], -half_extents[i], half_extents[i], Vector3d::Unit(i), c)) return std::nullopt;
  }
  return c;
}

std::optional<LineCrossing> cylinder_line_crossing(double radius, double half_length, const Vector3d& p,
                                                   const Vector3d& u) {
  LineCrossing c = unbounded_crossing();
  if (!clip_to_slab(p.z(), u.z(), -half_length, half_length, Vector3d::UnitZ(), c)) return std::nullopt;
  // The side: |p⊥ + s u⊥|² ≤ R², a s² + 2 b s + c ≤ 0.
  const Vector2d p2(p.x(), p.y()), u2(u.x(), u.y());
  const double a = u2.squaredNorm();
  const double b = p2.dot(u2);
  const double c0 = p2.squaredNorm() - radius * radius;
  if (a == 0.0) {
    if (c0 > 0.0) return std::nullopt;
    return c;
  }
  const double discriminant = b * b - a * c0;
  if (discriminant < 0.0) return std::nullopt;
  // Roots without cancellation: q = −(b + sign(b) √Δ), s = q/a and c/q.
  const double q = -(b + std::copysign(std::sqrt(discriminant), b));
  double s_in = q / a, s_out = q != 0.0 ? c0 / q : s_in;
  if (s_in > s_out) std::swap(s_in, s_out);
  const auto radial = [&](double s) {
    const Vector2d r = p2 + s * u2;
    const double n = r.norm();
    return n > 0.0 ? Vector3d(r.x() / n, r.y() / n, 0.0) : Vector3d::UnitX();
  };
  if (s_in > c.enter) {
    c.enter = s_in;
    c.enter_normal = radial(s_in);
  }
  if (s_out < c.exit) {
    c.exit = s_out;
    c.exit_normal = radial(s_out);
  }
  if (c.enter > c.exit) return std::nullopt;
  return c;
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

}  // namespace contactlab
