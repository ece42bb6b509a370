// SPDX-License-Identifier: MIT
// What a scene will need, estimated from its file before anything is built: bodies, shapes and contact pairs,
// the memory they take, and the volume of timeseries.csv. A scene that would not fit is refused with the
// amounts (scene files can ask for millions of bodies in one line: `count: 1e7`).
#pragma once

#include <string>

namespace contactlab {

// Bytes per element of a running scene (model, data, state and integrator vectors), measured on the scene
// library with some margin; the estimate is an order of magnitude, not an allocation plan.
inline constexpr double kBytesPerBody = 5000.0;
inline constexpr double kBytesPerShape = 1000.0;
inline constexpr double kBytesPerPair = 2000.0;
// A timeseries.csv field: up to 17 significant digits, sign, exponent and the comma.
inline constexpr double kBytesPerField = 24.0;

// The limits a scene's `limits` block may raise or lower (docs/scenes.md).
struct SceneLimits {
  double memory_bytes = 4e9;   // limits.memory
  double output_bytes = 1e10;  // limits.output: timeseries.csv of one run
};

struct SceneSize {
  double bodies = 0.0;  // moving and fixed, the world excluded
  double shapes = 0.0;
  double pairs = 0.0;             // compiled with the model, or expected from the broadphase
  double timeseries_rows = 0.0;   // regular samples (steps in contact come on top)
  double timeseries_columns = 0.0;

  double memory_bytes() const { return bodies * kBytesPerBody + shapes * kBytesPerShape + pairs * kBytesPerPair; }
  double output_bytes() const { return timeseries_rows * timeseries_columns * kBytesPerField; }
};

// "12.3 GB", "512 kB": bytes in decimal units, three significant digits.
std::string byte_text(double bytes);

// "" when `size` fits `limits`, else a sentence with both amounts and what makes the scene that large.
std::string memory_problem(const SceneSize& size, const SceneLimits& limits);
std::string output_problem(const SceneSize& size, const SceneLimits& limits);

}  // namespace contactlab
