// SPDX-License-Identifier: MIT
// A prescribed motion q(t) of a one-coordinate joint (revolute [rad], prismatic [m]), with its rate and acceleration
// consistent: the drive of a driven joint. Its coordinate is not free: the dynamics gives it the drive's q̈ and
// computes the force the drive needs (engine/dynamics.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/time_expression.h"

namespace contactlab {

struct DrivenMotion {
  double position = 0.0;      // q [rad or m]
  double rate = 0.0;          // q̇
  double acceleration = 0.0;  // q̈
};

struct Drive {
  enum class Kind : std::uint8_t {
    kNone,        // not driven
    kSpeed,       // q = start + speed · t
    kSine,        // q = offset + amplitude · sin(2π frequency t + phase)
    kTable,       // the natural cubic spline through (times, positions): q, q̇, q̈ continuous, q̈ piecewise linear
    kExpression,  // q = expression(t), q̇ and q̈ its exact derivatives (engine/time_expression.h)
  };
  Kind kind = Kind::kNone;
  double start = 0.0;      // speed: q(0)
  double speed = 0.0;      // speed: q̇ [rad/s or m/s]
  double amplitude = 0.0;  // sine
  double frequency = 0.0;  // sine [Hz]
  double phase = 0.0;      // sine [rad]
  double offset = 0.0;     // sine
  std::vector<double> times;      // table, increasing [s]
  std::vector<double> positions;  // table
  std::vector<double> curvatures;  // table: the spline's q̈ at the times (table_drive)
  TimeExpression expression;       // expression

  bool active() const { return kind != Kind::kNone; }
  // An expression drive is NaN where its expression fails (the run stops on it), and failure() says why; the other
  // kinds never fail at a time the run reaches.
  DrivenMotion operator()(double time) const;
  std::optional<ExpressionError> failure(double time) const;
};

// A table drive through (times, positions): at least two points, times increasing (the caller checks both).
Drive table_drive(std::vector<double> times, std::vector<double> positions);

}  // namespace contactlab
