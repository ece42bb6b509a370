// SPDX-License-Identifier: MIT
#include "engine/event_locator.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {

EventLocator::EventLocator(OdeSystem& system)
    : system_(system),
      directions_(system.root_directions(), system.root_directions() + system.root_count()),
      start_(static_cast<std::size_t>(system.root_count()), 1.0),
      end_(start_),
      trial_(start_),
      y_(static_cast<std::size_t>(system.size()), 0.0),
      found_(start_.size(), 0) {}

bool EventLocator::crossed(std::size_t i, double before, double after) const {
  if (before == 0.0) return false;  // a root at the step's start was handled already
  const int direction = directions_[i];
  const bool down = before > 0.0 && after <= 0.0;
  const bool up = before < 0.0 && after >= 0.0;
  return (direction <= 0 && down) || (direction >= 0 && up);
}

double EventLocator::evaluate(double t, const StateAt& state_at, int only) {
  state_at(t, system_.root_inputs(only), y_.data());
  ++evaluations_;
  if (system_.roots(t, y_.data(), nullptr, trial_.data(), only) != 0) {
    failed_ = true;
    return std::numeric_limits<double>::quiet_NaN();
  }
  return trial_[static_cast<std::size_t>(only)];
}

bool EventLocator::locate(double t0, double t1, const StateAt& state_at, double& t_root) {
  failed_ = false;
  candidates_.clear();
  // A sign change first (a branch-free scan: most steps have none), then the direction.
  const double* start = start_.data();
  const double* end = end_.data();
  const std::size_t n = start_.size();
  for (std::size_t block = 0; block < n; block += 64) {
    const std::size_t stop = std::min(n, block + 64);
    // start·end ≤ 0 at every sign change and every zero (a product underflowing to zero only adds a function
    // to check); Eigen's minimum vectorises where a plain loop's would not (the compiler keeps its order).
    const auto length = static_cast<Eigen::Index>(stop - block);
    const double lowest = (Eigen::Map<const Eigen::ArrayXd>(start + block, length) *
                           Eigen::Map<const Eigen::ArrayXd>(end + block, length)).minCoeff();
    if (lowest > 0.0) continue;
    for (std::size_t i = block; i < stop; ++i) {
      if (crossed(i, start[i], end[i])) candidates_.push_back(i);
    }
  }
  if (candidates_.empty()) return false;
  double earliest = t1;
  std::size_t located = start_.size();
  double located_value = 0.0;
  for (std::size_t i : candidates_) {
    double a = t0, ga = start_[i], b = t1, gb = end_[i];
    if (earliest < t1) {
      // Only a root before the earliest one so far matters.
      const double g = evaluate(earliest, state_at, static_cast<int>(i));
      if (failed_) return false;
      if (!crossed(i, ga, g)) continue;
      b = earliest;
      gb = g;
    }
    int side = 0;
    for (int iteration = 0; iteration < 100 && b - a > 1e-15 * std::max(1.0, std::abs(b)); ++iteration) {
      double c = b - gb * (b - a) / (gb - ga);
      if (!(c > a && c < b)) c = 0.5 * (a + b);
      const double gc = evaluate(c, state_at, static_cast<int>(i));
      if (failed_) return false;
      if (gc == 0.0) {  // exactly on the root: done (bisecting on would only shrink the bracket towards it)
        b = c;
        gb = gc;
        break;
      }
      if (crossed(i, ga, gc)) {
        b = c;
        gb = gc;
        if (side == 1) ga *= 0.5;  // Illinois: halve the weight of the end that stays
        side = 1;
      } else {
        a = c;
        ga = gc;
        if (side == -1) gb *= 0.5;
        side = -1;
      }
    }
    earliest = b;
    located = i;
    located_value = gb;
  }
  // Every function that has crossed by the earliest root fires there; only the candidates can have.
  std::fill(found_.begin(), found_.end(), 0);
  at_root_.clear();
  for (std::size_t i : candidates_) {
    double value = located_value;
    if (i != located) {
      value = earliest == t1 ? end_[i] : evaluate(earliest, state_at, static_cast<int>(i));
      if (failed_) return false;
    }
    at_root_.emplace_back(i, value);
    if (i == located || crossed(i, start_[i], value)) found_[i] = start_[i] > 0.0 ? -1 : 1;
  }
  t_root = earliest;
  return true;
}

void EventLocator::resume() {
  for (const auto& [i, value] : at_root_) start_[i] = value;
}

}  // namespace contactlab
