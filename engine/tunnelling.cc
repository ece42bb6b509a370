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
}

double TunnellingBound::next_step(const Model& model, const Data& data, double t, const double* v,
                                  std::span<const int> elements, const double* gaps) {
  const double interval = t - time_;
  const bool differences = has_previous_ && interval > 0.0;
  // The bodies' speed bound s and its growth a (the world, body 0, stays at rest).
  for (std::size_t b = 1; b < reach_.size(); ++b) {
    if (reach_[b] < 0.0) continue;
    Vec3 linear, angular;
    const int slider = model.slider_of_body[b];
    if (slider >= 0) {
      const auto k = static_cast<std::size_t>(slider);
      linear = model.sliders.axis[k] * v[model.sliders.v_index[k]];
      angular.setZero();
    } else {
      const BodyMotion& motion = data.motion[b];
      linear = motion.linear_velocity;
      angular = motion.angular_velocity;
    }
    const double spin = angular.norm();
    speed_[b] = linear.norm() + spin * reach_[b];
    growth_[b] = spin * spin * reach_[b];
    if (differences) growth_[b] += ((linear - linear_[b]).norm() + (angular - angular_[b]).norm() * reach_[b]) / interval;
    linear_[b] = linear;
    angular_[b] = angular;
  }
  time_ = t;
  has_previous_ = true;

  // The positive root of ½ a h² + s h = room, written without cancellation.
  auto time_to_cover = [](double room, double speed, double growth) {
    const double denominator = speed + std::sqrt(speed * speed + 2.0 * growth * room);
    return denominator > 0.0 ? 2.0 * room / denominator : std::numeric_limits<double>::infinity();
  };
  double bound = std::numeric_limits<double>::infinity();
  // With a broadphase, no shape may move more than half the margin in one step: the refresh test at each step's
  // end then keeps every pair that can touch before the next refresh in the candidate list.
  if (model.contact.broadphase) {
    for (std::size_t b = 1; b < reach_.size(); ++b) {
      if (reach_[b] >= 0.0) bound = std::min(bound, time_to_cover(0.5 * model.contact.margin, speed_[b], growth_[b]));
    }
  }
  for (int index : elements) {
    const auto p = static_cast<std::size_t>(index);
    const ContactPairModel& pair = *data.pairs[p];
    const double width = std::min(shape_width(model.contact.shapes[static_cast<std::size_t>(pair.shape_a)]),
                                  shape_width(model.contact.shapes[static_cast<std::size_t>(pair.shape_b)]));
    if (!std::isfinite(width)) continue;
    const auto a = static_cast<std::size_t>(pair.body_a);
    const auto b = static_cast<std::size_t>(pair.body_b);
    const double speed = speed_[a] + speed_[b];
    const double growth = growth_[a] + growth_[b];
    bound = std::min(bound, time_to_cover(std::max(gaps[p], 0.0) + 0.5 * width, speed, growth));
  }
  return bound;
}

}  // namespace contactlab
