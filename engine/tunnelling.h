// SPDX-License-Identifier: MIT
// No tunnelling: a bound on the next integration step such that no two shapes of an inactive contact element can
// pass through each other between two evaluations of its gap (conservative advancement; docs/contact.md
// "Tunnelling"). Between events the gaps are seen only at the steps' ends; a shape thinner than a step's travel
// could otherwise go in and come out the other side unseen, at 1000 m/s or at 1 m/s alike.
#pragma once

#include <span>
#include <vector>

#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

// The thinner shape's width of a pair (shape_width): how far one must travel through the other to come out.
double element_width(const Model& model, const ContactPairModel& pair);

// How deep an element may be found at a step's end: half its element_width (so it cannot have come out the other
// side) and no deeper than `validity_depth`, where its law holds (max_indentation_ratio of |R*|, or of the smaller
// shape's size for a flat point). A multi-point pair's points may hand over between features deeper in (a slot
// passing onto another's point, docs/contact.md "Manifolds"): a step ending that deep could hide a slot's whole
// excursion below zero between two of its evaluations, and the event locator would then land on a handover's
// jump instead of the touch.
double element_depth_allowance(const Model& model, const ContactPairModel& pair, double validity_depth);

class TunnellingBound {
 public:
  explicit TunnellingBound(const Model& model);

  // The largest next step after an accepted step ending at time t with velocities v, for the listed elements
  // (inactive, `gaps[p]` each element's gap at t, `depths[p]` its element_depth_allowance; data's tree kinematics
  // at t).
  // Every point of a body moves at most at
  // s = |v_o| + |ω| ρ (ρ: the farthest point of its shapes from its origin) and its speed grows at most at
  // a ≈ (|Δv_o| + ρ |Δω|)/Δt + |ω|² ρ over the last interval, so the gap of an element closes by at most
  // S h + ½ A h² over h (S, A: the two bodies' sums). That must stay below g + d, d the element's depth
  // allowance: then at the step's end the shapes either are still apart or overlap by less than d — a sign change
  // the event functions locate — and cannot have come out the other side. With a broadphase, no body moves more than half its margin
  // in a step either. Infinite when nothing bounds the step (halfspaces and holes have no far side; shapes at rest).
  // `next_attempt` is the step the method will try next: a method grows its step by at most kMaxStepGrowth per
  // step, so a bound that many times longer cannot bind before the next call, and the per-element pass is skipped
  // when the bound from the fastest bodies and the least room already says so (a chain's steps, set by its
  // contacts, are hundreds of times shorter).
  double next_step(const Model& model, const Data& data, double t, const double* v, std::span<const int> elements,
                   const double* gaps, std::span<const double> depths, double next_attempt);

  // The largest factor by which any stepper here lengthens its step from one step to the next (Dormand–Prince and
  // CVODE: 10; ARKODE's explicit methods: 20).
  static constexpr double kMaxStepGrowth = 20.0;

  // The velocities change at an event (an impulse, a restart from a changed state): the next estimate of the
  // bodies' acceleration must not difference across it.
  void forget() { has_previous_ = false; }

 private:
  std::vector<double> reach_;  // ρ per body [m]; negative: the body carries no shape
  // Bodies with shapes on sliders (along a unit axis, without turning: scalars), and the others.
  std::vector<int> slider_bodies_;
  std::vector<int> slider_velocity_;    // each one's index in v
  int slider_run_ = -1;                 // the first, when they are one stretch of v (else −1)
  std::vector<double> slider_rates_[2];  // their rates at this call and at the last one, in turn [m/s]
  int current_rates_ = 0;                // which of the two is this call's
  std::vector<int> turning_bodies_;
  std::vector<Vec3> linear_;   // the origin's velocity per body at the last call [m/s]
  std::vector<Vec3> angular_;  // [rad/s]
  std::vector<double> speed_;  // s per body [m/s] (sliders': filled only when the elements are asked one by one)
  std::vector<double> growth_; // a per body [m/s²] (likewise)
  double time_ = 0.0;
  bool has_previous_ = false;
};

}  // namespace contactlab
