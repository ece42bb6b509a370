// SPDX-License-Identifier: MIT
#include "engine/drive.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactlab {

DrivenMotion Drive::operator()(double time) const {
  switch (kind) {
    case Kind::kNone: return {};
    case Kind::kSpeed: return {start + speed * time, speed, 0.0};
    case Kind::kSine: {
      const double omega = 2.0 * std::numbers::pi * frequency;
      const double angle = omega * time + phase;
      const double s = std::sin(angle);
      return {offset + amplitude * s, amplitude * omega * std::cos(angle), -amplitude * omega * omega * s};
    }
    case Kind::kExpression: {
      const TimeJet q = expression(time);
      return {q.value, q.rate, q.acceleration};
    }
    case Kind::kTable: {
      // Within interval [t_i, t_{i+1}] of length h, with a = (t_{i+1} − t)/h, b = (t − t_i)/h and M the curvatures:
      // q = a q_i + b q_{i+1} + ((a³ − a) M_i + (b³ − b) M_{i+1}) h²/6 (Press et al., Numerical Recipes §3.3).
      // The run's times lie within the table (the scene compiler checks it); the end intervals extend beyond.
      const auto upper = std::upper_bound(times.begin() + 1, times.end() - 1, time);
      const auto i = static_cast<std::size_t>(upper - times.begin()) - 1;
      const double h = times[i + 1] - times[i];
      const double a = (times[i + 1] - time) / h;
      const double b = 1.0 - a;
      const double m0 = curvatures[i];
      const double m1 = curvatures[i + 1];
      return {a * positions[i] + b * positions[i + 1] + ((a * a * a - a) * m0 + (b * b * b - b) * m1) * h * h / 6.0,
              (positions[i + 1] - positions[i]) / h - (3.0 * a * a - 1.0) * h / 6.0 * m0 + (3.0 * b * b - 1.0) * h / 6.0 * m1,
              a * m0 + b * m1};
    }
  }
  return {};
}

std::optional<ExpressionError> Drive::failure(double time) const {
  if (kind != Kind::kExpression) return std::nullopt;
  return expression.failure(time);
}

Drive table_drive(std::vector<double> times, std::vector<double> positions) {
  Drive drive;
  drive.kind = Drive::Kind::kTable;
  const std::size_t n = times.size();
  // Natural end conditions (M = 0 at both ends); the tridiagonal system for the inner curvatures, by the Thomas
  // algorithm: (h_{i−1}/6) M_{i−1} + ((h_{i−1} + h_i)/3) M_i + (h_i/6) M_{i+1} = Δq_i/h_i − Δq_{i−1}/h_{i−1}.
  std::vector<double> curvatures(n, 0.0);
  std::vector<double> upper(n, 0.0);
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const double before = times[i] - times[i - 1];
    const double after = times[i + 1] - times[i];
    const double right = (positions[i + 1] - positions[i]) / after - (positions[i] - positions[i - 1]) / before;
    const double diagonal = (before + after) / 3.0 - before / 6.0 * upper[i - 1];
    upper[i] = after / 6.0 / diagonal;
    curvatures[i] = (right - before / 6.0 * curvatures[i - 1]) / diagonal;
  }
  for (std::size_t i = n - 1; i-- > 1;) curvatures[i] -= upper[i] * curvatures[i + 1];
  drive.times = std::move(times);
  drive.positions = std::move(positions);
  drive.curvatures = std::move(curvatures);
  return drive;
}

}  // namespace contactlab
