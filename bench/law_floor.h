// SPDX-License-Identifier: MIT
// The floor of any law: what a hand-written simulation of a chain of beads on a line costs with that law, against
// which the engine's overhead is measured (BM_LawOverhead, bench/law_benchmark.cc). One coordinate and one velocity
// per bead (and the law's continuous states per neighbour pair, where it has any, integrated in and out of contact
// as the engine integrates them), the same Dormand–Prince (engine/dormand_prince.h) and tolerances as the engine,
// and between neighbours the law's own force function (LawInfo::force_value, what the engine's right-hand side
// calls) with the pair's compiled constants. Of a contact's history it keeps what the law's formula needs, looked at
// after each accepted step and placed on the step's dense output: a pair found overlapping starts its contact where
// its gap crossed zero (δ̇⁻ its closing speed there, the law's kOnset event; a stage that overlaps before that sees
// the onset it would have there), its closing speed changing sign calls kMaxIndentation or kReload where it crossed
// zero, a step's end without overlap kSeparation where the gap opened, and a compression closing faster than twice
// its δ̇⁻ a new impact, whose δ̇⁻ is then the largest closing speed the compression reaches (docs/contact.md, "A new
// impact through a contact"). The law's force is not smooth there, but the loop steps on without restarting. A pull
// (F < 0) is applied only where the pair allows it, as the engine's tension rule does; a contact that ends where its
// force returns to zero (Poursina–Nikravesh, a pair with tension: release) ends there, its residual overlap kept as
// an offset the next onset must exceed until the beads come apart (docs/contact.md, "Tension, release and
// re-engagement"), as the engine's rule.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <Eigen/Core>

#include "contact/contact_model.h"
#include "contact/geometry.h"
#include "engine/dormand_prince.h"
#include "models/force_law.h"
#include "scenes/scene.h"

namespace contactlab::bench {

class LawFloorChain final : public DormandPrince::Function {
 public:
  // `positions`, `velocities`: the beads' initial x and v along the line [m, m/s]; `pair`: the neighbours' pair as
  // compiled (all pairs alike); `reach`: the sum of two radii [m]; `bead_mass` [kg].
  LawFloorChain(std::vector<double> positions, std::vector<double> velocities, const ContactPairModel& pair,
                double reach, double bead_mass, double impact_velocity_floor)
      : beads_(static_cast<int>(positions.size())),
        law_(*pair.law_info),
        parameters_(pair.parameters.values),
        reach_(reach),
        inverse_mass_(1.0 / bead_mass),
        impact_velocity_floor_(impact_velocity_floor),
        continuous_(law_.continuous_state_size),
        no_pull_(pair.tension == TensionRule::kClamp || law_.separation == Separation::kForce),
        releases_(pair.tension == TensionRule::kRelease || law_.separation == Separation::kForce),
        contacts_(static_cast<std::size_t>(std::max(beads_ - 1, 0))),
        initial_(std::move(positions)) {
    input_.effective_mass = 0.5 * bead_mass;  // two equal beads, each free along the line
    input_.effective_radius = pair.effective_radius;
    input_.effective_modulus = pair.effective_modulus;
    input_.stiffness = pair.stiffness;
    input_.exponent = pair.exponent;
    initial_.resize(static_cast<std::size_t>(size()), 0.0);
    std::copy(velocities.begin(), velocities.end(), initial_.begin() + beads_);
  }

  int size() const { return 2 * beads_ + (beads_ - 1) * continuous_; }
  int dynamic_size() const { return size(); }  // the law's states under error control, as the engine's
  const std::vector<double>& initial_state() const { return initial_; }

  int operator()(double t, const double* y, double* ydot) override {
    const double* x = y;
    const double* v = y + beads_;
    double* a = ydot + beads_;
    for (int i = 0; i < beads_; ++i) {
      ydot[i] = v[i];
      a[i] = 0.0;
    }
    std::fill(ydot + 2 * beads_, ydot + size(), 0.0);
    for (int i = 0; i + 1 < beads_; ++i) {
      const double indentation = reach_ - (x[i + 1] - x[i]);
      Contact& c = contacts_[static_cast<std::size_t>(i)];
      if (!(indentation > (c.touching ? 0.0 : c.offset))) {
        if (continuous_ > 0) apart_rate(i, y, ydot);
        continue;
      }
      ContactInput& in = input_;
      in.indentation = indentation;
      in.normal_velocity = v[i] - v[i + 1];
      // The law's state as it stands, or (integrated states, or a contact the steps have not seen begin) a copy.
      const double* state = c.law_state.data();
      std::array<double, kMaxLawState> copy;
      if (continuous_ > 0 || !c.touching) {
        copy = c.law_state;
        std::copy(y + state_index(i), y + state_index(i) + continuous_, copy.begin());
        state = copy.data();
      }
      if (c.touching) {
        // Through a new impact, δ̇⁻ is the largest closing speed so far (as contact_input gives it).
        in.impact_velocity = c.new_impact ? std::max(c.impact_velocity, in.normal_velocity) : c.impact_velocity;
        in.time_since_onset = t - c.onset_time;
      } else {
        onset(in, copy.data());
        in.time_since_onset = 0.0;
      }
      double force = force_of(law_, in, parameters_, state);
      if (!std::isfinite(force)) return 1;
      if (no_pull_ && force < 0.0) force = 0.0;
      a[i] -= force * inverse_mass_;
      a[i + 1] += force * inverse_mass_;
      if (continuous_ > 0) law_.state_rate(in, parameters_, state, ydot + state_index(i));
    }
    return 0;
  }

  // The contacts' history after an accepted step.
  void after_step(const DormandPrince& method) {
    const double* y = method.state();
    const double* x = y;
    const double* v = y + beads_;
    for (int i = 0; i + 1 < beads_; ++i) {
      Contact& c = contacts_[static_cast<std::size_t>(i)];
      const double indentation = reach_ - (x[i + 1] - x[i]);
      const double rate = v[i] - v[i + 1];
      if (c.touching && releases_ && !(force_at(c, Point{method.time(), indentation, rate}) > 0.0)) {
        // Released where the force returned to zero (before the overlap did: F = c δ̇ < 0 at δ = 0 while it
        // opens), the residual overlap kept as an offset until the beads come apart.
        const Point release = locate(method, i, [&](const Point& p) { return force_at(c, p); });
        event(ContactEvent::kSeparation, c, release, y, i);
        c.touching = false;
        c.offset = std::max(release.indentation, 0.0);
      }
      if (!(indentation > (c.touching ? 0.0 : c.offset))) {
        if (c.touching) event(ContactEvent::kSeparation, c, locate(method, i, gap_of), y, i);
        c.touching = false;
        if (!(indentation > 0.0)) c.offset = 0.0;
        continue;
      }
      if (!c.touching) {
        const double offset = c.offset;
        const Point touch = locate(method, i, [offset](const Point& p) { return offset - p.indentation; });
        input_.indentation = 0.0;
        input_.normal_velocity = touch.closing;
        onset(input_, c.law_state.data());
        c.touching = true;
        c.impact_velocity = input_.impact_velocity;
        c.onset_time = touch.time;
      } else if ((c.rate > 0.0) != (rate > 0.0)) {
        const Point turn = locate(method, i, closing_of);
        if (rate < 0.0) c.new_impact = false;  // the compression is over: δ̇⁻ stays
        event(rate > 0.0 ? ContactEvent::kReload : ContactEvent::kMaxIndentation, c, turn, y, i);
      }
      c.rate = rate;
      if (rate > 0.0) follow_new_impact(method, c, i, rate, y);
    }
  }

 private:
  struct Contact {
    bool touching = false;
    bool new_impact = false;  // a new impact loads it: δ̇⁻ the largest closing speed of the compression
    bool rises = false;       // its closing speed still rose at the last step's end
    double impact_velocity = 0.0;
    double onset_time = 0.0;
    double rate = 0.0;  // δ̇ at the last step's end
    double offset = 0.0;  // the residual overlap a release left, until the beads come apart [m]
    std::array<double, kMaxLawState> law_state{};
  };

  int state_index(int pair) const { return 2 * beads_ + pair * continuous_; }

  struct Point {
    double time = 0.0;
    double indentation = 0.0;
    double closing = 0.0;  // δ̇
  };
  // Where `value` of pair i's point (its gap, closing speed, or force) changed sign within the last step, to
  // round-off, by the Illinois method on the step's dense output (contact/geometry.h): a handful of interpolations
  // of four components, where a run restarting there would take a step or two.
  static double gap_of(const Point& p) { return -p.indentation; }
  static double closing_of(const Point& p) { return p.closing; }
  template <class Value>
  Point locate(const DormandPrince& method, int i, const Value& value) {
    const int components[] = {i, i + 1, beads_ + i, beads_ + i + 1};
    auto at = [&](double t) {
      method.interpolate(t, components, scratch_.data());
      const auto k = static_cast<std::size_t>(i);
      const auto b = static_cast<std::size_t>(beads_);
      return Point{t, reach_ - (scratch_[k + 1] - scratch_[k]), scratch_[b + k] - scratch_[b + k + 1]};
    };
    const double start = method.previous_time();
    const double sign = value(at(start)) > 0.0 ? -1.0 : 1.0;  // negative at the step's start, for zero_between
    return at(zero_between(start, method.time(), [&](double t) { return sign * value(at(t)); }));
  }

  // The law's force on contact c at point p, its state as the last event left it.
  double force_at(const Contact& c, const Point& p) {
    ContactInput in = input_;
    in.indentation = p.indentation;
    in.normal_velocity = p.closing;
    in.impact_velocity = c.new_impact ? std::max(c.impact_velocity, p.closing) : c.impact_velocity;
    in.time_since_onset = p.time - c.onset_time;
    return force_of(law_, in, parameters_, c.law_state.data());
  }

  // A compressing contact closing faster than twice its δ̇⁻ is loaded by a new impact: its δ̇⁻ is the largest
  // closing speed from there, at the step's end while the speed rises and where it turned in the step once it falls
  // (the largest of a golden-section search on the dense output), the law told (kNewImpact) at each change.
  void follow_new_impact(const DormandPrince& method, Contact& c, int i, double rate, const double* y) {
    const bool begins = !c.new_impact && rate > 2.0 * std::max(c.impact_velocity, impact_velocity_floor_);
    if (begins) {
      c.new_impact = true;
      c.rises = true;
      c.impact_velocity = rate;
    }
    if (!c.new_impact || !(c.rises || rate > c.impact_velocity)) return;
    const double start = method.previous_time(), end = method.time();
    c.rises = rate >= closing_at(method, i, end - 1e-3 * (end - start));
    double largest = rate;
    if (!c.rises) {
      largest = std::max(rate, largest_between(start, end, [&](double t) { return closing_at(method, i, t); }));
    }
    if (!begins && !(largest > c.impact_velocity)) return;
    c.impact_velocity = largest;
    event(ContactEvent::kNewImpact, c, Point{end, reach_ - (y[i + 1] - y[i]), rate}, y, i);
  }

  double closing_at(const DormandPrince& method, int i, double t) {
    const int components[] = {beads_ + i, beads_ + i + 1};
    method.interpolate(t, components, scratch_.data());
    return scratch_[static_cast<std::size_t>(beads_ + i)] - scratch_[static_cast<std::size_t>(beads_ + i + 1)];
  }

  // The continuous states of pair i apart (δ = 0), as the engine integrates them between contacts.
  void apart_rate(int i, const double* y, double* ydot) {
    std::array<double, kMaxLawState> state = contacts_[static_cast<std::size_t>(i)].law_state;
    std::copy(y + state_index(i), y + state_index(i) + continuous_, state.begin());
    input_.indentation = 0.0;
    input_.normal_velocity = y[beads_ + i] - y[beads_ + i + 1];
    law_.state_rate(input_, parameters_, state.data(), ydot + state_index(i));
  }

  // The onset at `in`'s indentation and rate: δ̇⁻ (floored as the engine floors it) and the law's kOnset event on
  // `state`.
  void onset(ContactInput& in, double* state) const {
    in.impact_velocity = std::max(in.normal_velocity, impact_velocity_floor_);
    if (law_.event != nullptr) law_.event(ContactEvent::kOnset, in, parameters_, state);
  }

  void event(ContactEvent kind, Contact& c, const Point& at, const double* y, int i) {
    if (law_.event == nullptr) return;
    input_.indentation = at.indentation;
    input_.normal_velocity = at.closing;
    input_.impact_velocity = c.impact_velocity;
    input_.time_since_onset = at.time - c.onset_time;
    std::copy(y + state_index(i), y + state_index(i) + continuous_, c.law_state.begin());
    law_.event(kind, input_, parameters_, c.law_state.data());
  }

  int beads_;
  const LawInfo& law_;
  const double* parameters_;
  double reach_;
  double inverse_mass_;
  double impact_velocity_floor_;
  int continuous_;
  bool no_pull_;
  bool releases_;  // the contact ends where its force returns to zero (docs/contact.md, "Tension, release and re-engagement")
  ContactInput input_;
  std::vector<Contact> contacts_;
  std::vector<double> scratch_ = std::vector<double>(static_cast<std::size_t>(size()));
  std::vector<double> initial_;
};

// The floor of `scene`'s chain (a chain of equal beads on a line, as scenes/granular_chain_horizontal.yaml): its beads,
// its first pair as the broadphase makes it, its duration and, unless given, its tolerances.
struct LawFloorRun {
  long steps = 0;
  long evaluations = 0;
  bool finite = true;
  bool exhausted = false;      // stopped at max_evaluations, short of the end
  Eigen::VectorXd velocities;  // the beads' at the end [m/s]
};
// The scene's tolerances unless given; `max_evaluations` right-hand sides at most (none: 0).
inline LawFloorRun run_law_floor(const Scene& scene, double relative_tolerance = 0.0, double absolute_tolerance = 0.0,
                                 long max_evaluations = 0) {
  const Model& model = scene.model;
  const ContactModel& contact = model.contact;
  const int beads = model.nv;
  std::vector<double> x(scene.initial_state.q.data(), scene.initial_state.q.data() + beads);
  std::vector<double> v(scene.initial_state.v.data(), scene.initial_state.v.data() + beads);
  const ContactPairModel pair = make_contact_pair(contact, 0, 1, contact.settings);
  LawFloorChain chain(std::move(x), std::move(v), pair, contact.shapes[0].radius + contact.shapes[1].radius,
                      model.bodies[1].mass, contact.impact_velocity_floor);
  const IntegratorOptions& integrator = scene.simulation.integrator;
  const double relative = relative_tolerance > 0.0 ? relative_tolerance : integrator.relative_tolerance;
  const double absolute = absolute_tolerance > 0.0 ? absolute_tolerance : integrator.absolute_tolerance;
  DormandPrince method(chain.size(), chain.dynamic_size());
  method.set_tolerances(relative, std::vector<double>(static_cast<std::size_t>(chain.dynamic_size()), absolute));
  const double duration = scene.simulation.duration;
  LawFloorRun run;
  if (method.reset(0.0, chain.initial_state().data(), 0.0, chain) != DormandPrince::Status::kSuccess) {
    run.finite = false;
    return run;
  }
  while (method.time() < duration) {
    if (method.step(duration, chain) != DormandPrince::Status::kSuccess) {
      run.finite = false;
      break;
    }
    chain.after_step(method);
    if (max_evaluations > 0 && method.function_evaluations() > max_evaluations) {
      run.exhausted = true;
      break;
    }
  }
  run.velocities = Eigen::Map<const Eigen::VectorXd>(method.state() + beads, beads);
  run.steps = method.steps();
  run.evaluations = method.function_evaluations();
  return run;
}

}  // namespace contactlab::bench
