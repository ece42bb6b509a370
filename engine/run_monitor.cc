// SPDX-License-Identifier: MIT
#include "engine/run_monitor.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "contact/contact_kinematics.h"
#include "contact/narrowphase.h"
#include "engine/kinematics.h"

namespace contactlab {

RunMonitor::RunMonitor(const Model& model, const SimulationOptions& options, const State& state, const Data& data,
                       const PairTable& table, SimulationResult& result)
    : model_(model), options_(options), state_(state), data_(data), table_(table), result_(result) {}

void RunMonitor::carry(std::span<const int> carried_from) {
  std::vector<unsigned> warned;
  for (int from : carried_from) warned.push_back(from >= 0 ? warned_[static_cast<std::size_t>(from)] : 0u);
  warned_ = std::move(warned);
}

std::string RunMonitor::element_name(int element) const {
  const ContactElement& e = data_.elements[static_cast<std::size_t>(element)];
  if (contact_points(model_.contact, *e.pair) == 1) return e.pair->name;
  return e.pair->name + " point " + std::to_string(e.point);
}

std::string RunMonitor::describe(double t, int element) const {
  std::ostringstream out;
  out.precision(9);
  out << "t = " << t << " s";
  auto law = [&](int e) { return data_.elements[static_cast<std::size_t>(e)].normal_law->id; };
  if (element >= 0) {
    out << ", contact " << element_name(element) << " (law " << law(element) << ")";
  } else {
    bool first = true;
    for (int e = 0; e < static_cast<int>(data_.elements.size()); ++e) {
      if (!state_.contacts[static_cast<std::size_t>(e)].active) continue;
      out << (first ? ", active contacts: " : ", ") << element_name(e) << " (law " << law(e) << ")";
      first = false;
    }
    if (first) out << ", no active contact";
  }
  // An expression of a drive or an effort outside its domain at t is why the accelerations are NaN: said here.
  for (const Body& body : model_.bodies) {
    const Joint& joint = body.joint;
    std::optional<ExpressionError> error = joint.drive.failure(t);
    if (!error && joint.effort.kind == TimeFunction::Kind::kExpression) error = joint.effort.expression.failure(t);
    if (!error) continue;
    const TimeExpression& expression = joint.drive.active() ? joint.drive.expression : joint.effort.expression;
    out << ", the " << (joint.drive.active() ? "drive" : "effort") << " of the joint of body '" << body.name
        << "' fails: in expression '" << expression.text() << "': " << error->what() << " (at character "
        << error->position + 1 << ")";
  }
  return out.str();
}

void RunMonitor::fail(std::string message) {
  if (failed_) return;  // the first cause found stands: a check after it sees only its consequences
  failed_ = true;
  result_.status = SimulationStatus::kNumericalError;
  result_.message = std::move(message);
}

void RunMonitor::warn_once(int element, Warning kind, const std::string& message) {
  unsigned& mask = warned_[static_cast<std::size_t>(element)];
  const unsigned bit = 1u << static_cast<unsigned>(kind);
  if (mask & bit) return;
  mask |= bit;
  result_.diagnostics.push_back(message);
}

std::string RunMonitor::handover_cause() const {
  for (int e : table_.active()) {
    if (contact_points(model_.contact, *data_.elements[static_cast<std::size_t>(e)].pair) > 1) {
      return ", or a contact point's gap jumped: a manifold handover, docs/contact.md";
    }
  }
  return "";
}

// With no contact active: the one that ended last, which the energy its end left may have come from (a fixed step too
// long for its stiffness throws the bodies apart faster than they met).
std::string RunMonitor::last_contact_cause() const {
  if (!table_.active().empty()) return "";
  const ImpactRecord* last = nullptr;
  for (const ImpactRecord& record : result_.impacts) {
    if (!record.open && (last == nullptr || record.t_end > last->t_end)) last = &record;
  }
  if (last == nullptr) return "";
  for (int e = 0; e < static_cast<int>(data_.elements.size()); ++e) {
    const ContactElement& element = data_.elements[static_cast<std::size_t>(e)];
    if (element.pair->name != last->pair || element.point != last->point) continue;
    std::ostringstream out;
    out.precision(9);
    out << "; the last contact, " << element_name(e) << " (law " << element.normal_law->id << "), ended at t = "
        << last->t_end << " s separating at " << last->separation_velocity << " m/s after approaching at "
        << last->impact_velocity << " m/s";
    return out.str();
  }
  return "";
}

// Under a fixed-step method, an active contact begun fewer than twenty steps ago: the step, too long to follow its
// force, is what adds the energy.
std::string RunMonitor::short_contact_cause(double t) const {
  if (!is_fixed_step(options_.integrator.method)) return "";
  const double step = options_.integrator.step;
  for (int e : table_.active()) {
    const double since = t - state_.contacts[static_cast<std::size_t>(e)].onset_time;
    if (!(since < 20.0 * step)) continue;
    std::ostringstream out;
    out.precision(6);
    out << "; contact " << element_name(e) << " began " << since << " s before, within " << std::ceil(since / step - 1e-9)
        << " fixed step(s) of " << step
        << " s: the step is too long to follow its force (shorten integrator.step to a small part of the contact time, "
           "or use an adaptive method)";
    return out.str();
  }
  return "";
}

void RunMonitor::start(const Energy& initial) {
  result_.initial_energy = initial.balance();
  initial_total_energy_ = initial.total() - initial.joint_work;
  for (const Body& body : model_.bodies) has_efforts_ = has_efforts_ || !body.joint.effort.is_zero() || body.joint.drive.active();
  energy_scale_ = std::max({initial.kinetic, std::abs(initial.gravitational), std::abs(initial.total()), 1e-300});
  // In the result from the start: a run stopped before its first accepted step (every step ending at an event) has
  // its scale all the same, and the rise is measured only where nothing does external work.
  result_.energy_scale = energy_scale_;
  result_.max_energy_rise = has_efforts_ ? std::numeric_limits<double>::quiet_NaN() : 0.0;
}

bool RunMonitor::energy_holds(double t, const Energy& e) {
  energy_scale_ = std::max(energy_scale_, e.kinetic);
  result_.energy_scale = energy_scale_;
  // Both measures are booked before either check: the summary of a run stopped here carries the value that stopped it.
  const double rise = e.total() - e.joint_work - initial_total_energy_;
  const double balance = std::abs(e.balance() - result_.initial_energy);
  result_.max_energy_balance_error = std::max(result_.max_energy_balance_error, balance);
  if (!has_efforts_) result_.max_energy_rise = std::max(result_.max_energy_rise, rise);
  // Without external work, E can only fall: contacts and dampers dissipate, nothing else acts.
  if (!has_efforts_ && rise > options_.energy_tolerance * energy_scale_) {
    std::ostringstream message;
    message << describe(t, -1) << ": the energy rose by " << rise << " J (" << rise / energy_scale_
            << " of the energy scale) with no external work: a law or the integrator adds energy" << handover_cause()
            << last_contact_cause() << short_contact_cause(t);
    fail(message.str());
    return false;
  }
  if (!(balance <= options_.energy_tolerance * energy_scale_)) {
    std::ostringstream message;
    message << describe(t, -1) << ": energy balance error " << balance << " J exceeds "
            << options_.energy_tolerance << " of the energy scale " << energy_scale_
            << " J (runaway energy: integrator tolerance or step too loose, or a law adds energy" << handover_cause() << ")";
    fail(message.str());
    return false;
  }
  return true;
}

// The laws are point-contact laws for δ ≪ R* (Hertz theory; the papers' validity limit, models.md §2.7), whether K
// comes from the materials or is given; a flat contact point (R* infinite: a corner on a face) is bounded by the
// smaller shape's size instead.
bool RunMonitor::fail_indentation(double t, int e, double indentation) {
  const double radius = std::abs(data_.elements[static_cast<std::size_t>(e)].pair->effective_radius);
  const bool curved = std::isfinite(radius) && radius > 0.0;
  const double size = curved ? radius : table_.smaller_shape_size(e);
  std::ostringstream message;
  message << describe(t, e) << ": indentation " << indentation << " m exceeds " << options_.max_indentation_ratio
          << " of the " << (curved ? "effective radius " : "smaller shape's size ") << size
          << " m, where the law is valid (contact too soft, or the onset was missed)";
  fail(message.str());
  return false;
}

bool RunMonitor::touch_fits_pair(double t, int e, const double* q, const double* v) {
  const ContactPairModel& pair = *data_.elements[static_cast<std::size_t>(e)].pair;
  if (!pair.force_uses_radius || pair.effective_radius_given) return true;
  const double touch = pair_touch_radius(model_.contact, pair, body_motion(model_, data_, q, v, pair.body_a),
                                         body_motion(model_, data_, q, v, pair.body_b));
  if (std::isnan(touch) || std::abs(touch - pair.effective_radius) <= 1e-9 * std::abs(pair.effective_radius)) return true;
  std::ostringstream message;
  message.precision(6);
  message << describe(t, e) << ": its surfaces touch with an effective radius R* = " << touch
          << " m (Hertz's contact of these curvatures), not the " << pair.effective_radius
          << " m its shapes' curvature radii gave the pair (a cylinder as flat, a capsule as a sphere), of which its "
             "force is made (docs/contact.md, \"Effective radius\"); give the pair effective_radius: "
          << touch << " (contacts, or its contacts.pairs entry) to run it with that";
  fail(message.str());
  return false;
}

bool RunMonitor::halfspaces_hold(double t, const double* q, const double* v, Data& data) {
  const std::vector<Shape>& shapes = model_.contact.shapes;
  for (const auto& [h, s] : table_.unpaired_halfspaces()) {
    const Shape& halfspace = shapes[static_cast<std::size_t>(h)];
    const Shape& shape = shapes[static_cast<std::size_t>(s)];
    BodyMotion scratch_a, scratch_b;
    const Eigen::Isometry3d X_WH = body_motion(model_, data, q, v, halfspace.body, scratch_a).pose * halfspace.pose;
    const Eigen::Isometry3d X_WS = body_motion(model_, data, q, v, shape.body, scratch_b).pose * shape.pose;
    double lowest = std::numeric_limits<double>::infinity();
    PairGeometry geometry;
    for (int k = 0; k < contact_point_count(halfspace.type, shape.type); ++k) {
      narrowphase(halfspace, X_WH, shape, X_WS, k, geometry);
      lowest = std::min(lowest, geometry.gap);
    }
    const double tolerance = options_.overlap_tolerance * shape_width(shape);
    if (lowest < -tolerance) {
      std::ostringstream message;
      message.precision(9);
      message << "t = " << t << " s: shape '" << shape.name << "' is " << -lowest << " m through halfspace '"
              << halfspace.name << "' with no contact between them (list the pair under contacts.pairs, or give "
              << "the two shapes collision groups that keep them apart)";
      fail(message.str());
      return false;
    }
  }
  return true;
}

bool RunMonitor::fail_step(double t, double bound) {
  std::ostringstream message;
  message << describe(t, -1) << ": the fixed step " << options_.integrator.step << " s is longer than the " << bound
          << " s in which two shapes could pass through each other unseen (tunnelling): shorten integrator.step, "
          << "or use an adaptive method";
  fail(message.str());
  return false;
}

// Later in the run that energy comes from nowhere: beyond the energy tolerance the run cannot be trusted, and the
// cause is this point, not the integrator.
bool RunMonitor::engagement_holds(double t, int e, double depth, double stored) {
  if (!(stored > options_.energy_tolerance * energy_scale_)) return true;
  std::ostringstream message;
  message << describe(t, e) << ": the contact point engaged " << depth << " m deep, its elastic energy " << stored
          << " J appearing at once (more than " << options_.energy_tolerance << " of the energy scale "
          << energy_scale_
          << " J): the pair's contact points jumped (a manifold handover, docs/contact.md) or the onset was missed";
  fail(message.str());
  return false;
}

}  // namespace contactlab
