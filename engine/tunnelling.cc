// SPDX-License-Identifier: MIT
#include "engine/tunnelling.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {

TunnellingBound::TunnellingBound(const Model& model)
    : reach_(model.bodies.size(), -1.0),
      linear_(model.bodies.size(), Vec3::Zero()),
      angular_(model.bodies.size(), Vec3::Zero()),
      speed_(model.bodies.size(), 0.0),
      growth_(model.bodies.size(), 0.0) {
  for (const Shape& shape : model.contact.shapes) {
    double& reach = reach_[static_cast<std::size_t>(shape.body)];
    reach = std::max(reach, shape.pose.translation().norm() + shape_extent(shape));
  }
  for (std::size_t b = 1; b < reach_.size(); ++b) {
    if (reach_[b] < 0.0) continue;
    const int slider = model.slider_of_body[b];
    if (slider >= 0) {
      slider_bodies_.push_back(static_cast<int>(b));
      slider_velocity_.push_back(model.sliders.v_index[static_cast<std::size_t>(slider)]);
    } else {
      turning_bodies_.push_back(static_cast<int>(b));
    }
  }
  for (std::vector<double>& rates : slider_rates_) rates.assign(slider_bodies_.size(), 0.0);
  bool run = !slider_velocity_.empty();
  for (std::size_t k = 1; run && k < slider_velocity_.size(); ++k) run = slider_velocity_[k] == slider_velocity_[k - 1] + 1;
  slider_run_ = run ? slider_velocity_.front() : -1;
}

double element_width(const Model& model, const ContactPairModel& pair) {
  return std::min(shape_width(model.contact.shapes[static_cast<std::size_t>(pair.shape_a)]),
                  shape_width(model.contact.shapes[static_cast<std::size_t>(pair.shape_b)]));
}

double element_depth_allowance(const Model& model, const ContactPairModel& pair, double validity_depth) {
  return std::min(0.5 * element_width(model, pair), validity_depth);
}

double TunnellingBound::next_step(const Model& model, const Data& data, double t, const double* v,
                                  std::span<const int> elements, const double* gaps, std::span<const double> depths,
                                  double next_attempt) {
  const double interval = t - time_;
  const bool differences = has_previous_ && interval > 0.0;
  const double per_interval = differences ? 1.0 / interval : 0.0;
  // The bodies' speed bound s and its growth a (the world, body 0, stays at rest), and their largest values.
  // The sliders' rates go into the other of the two buffers, so that this call's and the last one's are both at hand
  // for the per-element pass below without a third array of growths: max_k |Δv_k|/Δt is (max_k |Δv_k|)/Δt exactly,
  // rounding being monotonic.
  current_rates_ = 1 - current_rates_;
  std::vector<double>& rates = slider_rates_[static_cast<std::size_t>(current_rates_)];
  const std::vector<double>& previous_rates = slider_rates_[static_cast<std::size_t>(1 - current_rates_)];
  double fastest = 0.0, fastest_growth = 0.0;
  if (slider_run_ >= 0) {  // the sliders' rates are one stretch of v (a chain): vectorised
    const auto n = static_cast<Eigen::Index>(slider_bodies_.size());
    const Eigen::Map<const Eigen::ArrayXd> rate(v + slider_run_, n);
    Eigen::Map<Eigen::ArrayXd>(rates.data(), n) = rate;
    if (n > 0) {
      fastest = rate.abs().maxCoeff();
      fastest_growth = (rate - Eigen::Map<const Eigen::ArrayXd>(previous_rates.data(), n)).abs().maxCoeff() * per_interval;
    }
  } else {
    for (std::size_t k = 0; k < slider_bodies_.size(); ++k) {
      const double rate = v[slider_velocity_[k]];
      rates[k] = rate;
      fastest = std::max(fastest, std::abs(rate));
      fastest_growth = std::max(fastest_growth, std::abs(rate - previous_rates[k]) * per_interval);
    }
  }
  for (int body : turning_bodies_) {
    const auto b = static_cast<std::size_t>(body);
    const BodyMotion& motion = data.motion[b];
    const Vec3& linear = motion.linear_velocity;
    const Vec3& angular = motion.angular_velocity;
    const double spin = angular.norm();
    speed_[b] = linear.norm() + spin * reach_[b];
    growth_[b] = spin * spin * reach_[b] +
                 ((linear - linear_[b]).norm() + (angular - angular_[b]).norm() * reach_[b]) * per_interval;
    linear_[b] = linear;
    angular_[b] = angular;
    fastest = std::max(fastest, speed_[b]);
    fastest_growth = std::max(fastest_growth, growth_[b]);
  }
  time_ = t;
  has_previous_ = true;

  // The positive root of ½ a h² + s h = room, written without cancellation.
  auto time_to_cover = [](double room, double speed, double growth) {
    const double denominator = speed + std::sqrt(speed * speed + 2.0 * growth * room);
    return denominator > 0.0 ? 2.0 * room / denominator : std::numeric_limits<double>::infinity();
  };
  // With a broadphase, no shape may move more than half the margin in one step: the refresh test at each step's
  // end then keeps every pair that can touch before the next refresh in the candidate list.
  const double margin_room = model.contact.broadphase ? 0.5 * model.contact.margin
                                                      : std::numeric_limits<double>::infinity();
  // A bound for all at once: the least room closed by the two fastest bodies. It is no longer than the bound the
  // elements give one by one, so it is safe; when it is already too long to bind, it is the answer.
  // Over every element of the table, vectorised: the active ones (their gaps hold indentations) only add
  // candidates, which can only shorten the least room, so the bound stays safe.
  double least_room = std::numeric_limits<double>::infinity();
  if (!depths.empty() && !elements.empty()) {
    const auto n = static_cast<Eigen::Index>(depths.size());
    least_room = (Eigen::Map<const Eigen::ArrayXd>(gaps, n).max(0.0) +
                  Eigen::Map<const Eigen::ArrayXd>(depths.data(), n)).minCoeff();
  }
  const double overall = std::min(time_to_cover(least_room, 2.0 * fastest, 2.0 * fastest_growth),
                                  time_to_cover(margin_room, fastest, fastest_growth));
  if (next_attempt > 0.0 && overall >= kMaxStepGrowth * next_attempt) return overall;

  for (std::size_t k = 0; k < slider_bodies_.size(); ++k) {
    const auto b = static_cast<std::size_t>(slider_bodies_[k]);
    speed_[b] = std::abs(rates[k]);
    growth_[b] = std::abs(rates[k] - previous_rates[k]) * per_interval;
  }
  double bound = std::numeric_limits<double>::infinity();
  // Most bodies and elements cannot close within the bound found so far: tell without a root (while the bound is
  // infinite, ∞·0 would say nothing).
  auto tightens = [&bound](double room, double speed, double growth) {
    return std::isinf(bound) || speed * bound + 0.5 * growth * bound * bound > room;
  };
  if (model.contact.broadphase) {
    for (std::size_t b = 1; b < reach_.size(); ++b) {
      if (reach_[b] >= 0.0 && tightens(margin_room, speed_[b], growth_[b])) {
        bound = time_to_cover(margin_room, speed_[b], growth_[b]);
      }
    }
  }
  for (int index : elements) {
    const auto p = static_cast<std::size_t>(index);
    const double depth = depths[p];
    if (!std::isfinite(depth)) continue;
    const ContactPairModel& pair = *data.elements[p].pair;
    const auto a = static_cast<std::size_t>(pair.body_a);
    const auto b = static_cast<std::size_t>(pair.body_b);
    const double speed = speed_[a] + speed_[b];
    const double growth = growth_[a] + growth_[b];
    const double room = std::max(gaps[p], 0.0) + depth;
    if (tightens(room, speed, growth)) bound = time_to_cover(room, speed, growth);
  }
  return bound;
}

}  // namespace contactlab
