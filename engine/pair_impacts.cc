// SPDX-License-Identifier: MIT
#include "engine/pair_impacts.h"

#include <algorithm>
#include <tuple>

namespace contactlab {

std::vector<PairImpact> pair_impacts(std::span<const ImpactRecord> impacts) {
  std::vector<const ImpactRecord*> order;
  for (const ImpactRecord& r : impacts) order.push_back(&r);
  std::stable_sort(order.begin(), order.end(), [](const ImpactRecord* a, const ImpactRecord* b) {
    return std::tie(a->shape_a, a->shape_b, a->t_start) < std::tie(b->shape_a, b->shape_b, b->t_start);
  });
  std::vector<PairImpact> merged;
  for (const ImpactRecord* r : order) {
    PairImpact* last = merged.empty() ? nullptr : &merged.back();
    const bool joins = last != nullptr && last->shape_a == r->shape_a && last->shape_b == r->shape_b &&
                       (last->open || r->t_start <= last->t_end);
    if (!joins) {
      merged.push_back({r->pair, r->shape_a, r->shape_b, r->t_start, r->t_end, r->open, 0, r->impact_velocity, 0.0,
                        0.0, 0.0});
      last = &merged.back();
    }
    last->t_end = std::max(last->t_end, r->t_end);
    last->open = last->open || r->open;
    ++last->points;
    last->max_indentation = std::max(last->max_indentation, r->max_indentation);
    last->max_point_force = std::max(last->max_point_force, r->max_force);
    last->dissipated_energy += r->dissipated_energy;
  }
  std::stable_sort(merged.begin(), merged.end(), [](const PairImpact& a, const PairImpact& b) {
    return std::tie(a.t_start, a.shape_a, a.shape_b) < std::tie(b.t_start, b.shape_a, b.shape_b);
  });
  return merged;
}

}  // namespace contactlab
