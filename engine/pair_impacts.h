// SPDX-License-Identifier: MIT
// A pair's impacts from its contact points' (docs/output.md): a box landing flat has four points, each with its
// own impact record; the pair's contact runs from the first of them to touch to the last to leave.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/simulate.h"

namespace contactlab {

struct PairImpact {
  std::string pair;                  // "<shape a>/<shape b>"
  int shape_a = -1;
  int shape_b = -1;
  double t_start = 0.0;              // the first point's onset [s]
  double t_end = 0.0;                // the last point's separation [s]
  bool open = false;                 // a point was still in contact at the run's end
  int points = 0;                    // point impacts merged (a point touching twice counts twice)
  double impact_velocity = 0.0;      // of the first point to touch [m/s]
  double max_indentation = 0.0;      // the deepest point's [m]
  double max_point_force = 0.0;      // the largest force of one point [N]
  double dissipated_energy = 0.0;    // Σ over the points [J]
};

// Each pair's point impacts that overlap in time, merged into one, ordered by onset (then pair).
std::vector<PairImpact> pair_impacts(std::span<const ImpactRecord> impacts);

}  // namespace contactlab
