// SPDX-License-Identifier: MIT
#include "engine/contact_events.h"

#include <algorithm>
#include <iterator>
#include <cmath>
#include <limits>
#include <sstream>

#include "contact/contact_force.h"
#include "contact/geometry.h"
#include "engine/dynamics.h"
#include "engine/forward.h"
#include "engine/element_kernels.h"
#include "engine/kinematics.h"
#include "engine/loop_closure.h"
#include "engine/stick_slip.h"

namespace contactlab {
namespace {

// The slip at separation along the onset slip's direction, or along its own when nothing slipped at onset (a
// slip below a picometre per second is round-off of a normal approach) [m/s].
double along_onset_slip(const Vec3& onset, const Vec3& separation) {
  const double speed = onset.norm();
  if (speed > 1e-12) return separation.dot(onset) / speed;
  return separation.norm();
}

// The angle of a relative velocity from the normal, its slip `slip` and normal part `along_normal` (> 0 along n) [rad].
double angle_from_normal(const Vec3& slip, double along_normal) { return std::atan2(slip.norm(), along_normal); }

// (ω_B − ω_A)·(n × d), d the unit onset slip or, when nothing slipped at onset, the separation slip's (ImpactRecord).
double spin_about_rolling_axis(const Vec3& spin, const Vec3& normal, const Vec3& onset, const Vec3& separation) {
  const Vec3& along = onset.norm() > 1e-12 ? onset : separation;
  if (!(along.norm() > 1e-12)) return std::numeric_limits<double>::quiet_NaN();
  return spin.dot(normal.cross(along.normalized()));
}

// Whether the model is driven in time (a driven joint, an effort of time): its contacts' balance then moves, and a
// contact follows it, passing δ̇ ≈ 0 at each turn, where settle_touches' creep measure would call it at rest.
bool balance_moves(const Model& model) {
  if (!model.driven_bodies.empty()) return true;
  return std::any_of(model.force_element_bodies.begin(), model.force_element_bodies.end(), [&](int b) {
    return model.bodies[static_cast<std::size_t>(b)].joint.effort.kind != TimeFunction::Kind::kConstant;
  });
}

// A closing speed this many times a contact's δ̇⁻ is a new impact's: the one the contact began with slows its
// compression down from δ̇⁻, and a contact at rest vibrates and creeps far below it.
constexpr double kNewImpactSpeedRatio = 2.0;

}  // namespace

ContactEvents::ContactEvents(const Model& model, const SimulationOptions& options, State& state, Data& data,
                             PairTable& table, RunMonitor& monitor, SpareWorkspace& spare, SimulationResult& result)
    : model_(model),
      options_(options),
      state_(state),
      data_(data),
      table_(table),
      monitor_(monitor),
      spare_(spare),
      result_(result),
      nq_(model.nq),
      nv_(model.nv),
      closing_qdd_(Eigen::VectorXd::Zero(model.nv)),
      moved_(Eigen::VectorXd::Zero(model.nq + model.nv)),
      balance_moves_(balance_moves(model)) {}

void ContactEvents::bind(std::size_t elements) {
  open_impact_.resize(elements, -1);
  touch_gaps_.assign(elements, 0.0);
  offset_gaps_.assign(elements, 0.0);
}

void ContactEvents::carry(std::span<const int> carried_from) {
  std::vector<int> open;
  for (int from : carried_from) open.push_back(from >= 0 ? open_impact_[static_cast<std::size_t>(from)] : -1);
  open_impact_ = std::move(open);
}

double ContactEvents::default_step() const { return last_step_ > 0.0 ? last_step_ : options_.duration * 1e-6; }

double ContactEvents::restart_step(double last_step) const {
  double step = last_step > 0.0 ? last_step : options_.duration * 1e-6;
  if (onset_step_ > 0.0) step = std::min(step, onset_step_);
  return step;
}

// Reports an event to the element's law; true when the law changed its state (and so the right-hand side).
bool ContactEvents::law_event(ContactEvent event, int e, double t) {
  const auto i = static_cast<std::size_t>(e);
  const ContactElement& element = data_.elements[i];
  if (element.normal_law->event == nullptr) return false;
  PairState& s = state_.contacts[i];
  const ContactInput input = contact_input(*element.pair, s, data_.geometry[i], t);
  double before[kMaxLawState];
  std::copy(s.law_state, s.law_state + kMaxLawState, before);
  try {
    element.normal_law->event(event, input, element.normal_parameters->values, s.law_state);
  } catch (const LawFailure& failure) {
    // The contact has left what the law describes (models/force_law.h): the run stops here, at the located event.
    monitor_.fail(monitor_.describe(t, e) + ": " + failure.what());
    return true;
  }
  return !std::equal(s.law_state, s.law_state + kMaxLawState, before);
}

void ContactEvents::start_contact(int e, double t, When when) {
  const auto i = static_cast<std::size_t>(e);
  const ContactElement& element = data_.elements[i];
  const ContactPairModel& pair = *element.pair;
  const PairGeometry& geometry = data_.geometry[i];
  PairState& s = state_.contacts[i];
  if (!monitor_.touch_fits_pair(t, e, state_.q.data(), state_.v.data())) return;  // the run stops here
  const double released = s.released_energy;
  {
    PairState fresh;  // the law's own state persists across contacts; the law resets it at kOnset if it wants
    std::copy(s.law_state, s.law_state + kMaxLawState, fresh.law_state);
    s = fresh;
  }
  s.active = true;
  s.compressing = true;
  s.onset_time = t;
  s.impact_velocity = geometry.normal_velocity;
  s.phase_indentation = std::max(0.0, -geometry.gap);
  // A point engaging at depth while another point of its pair is in contact (the manifold handing a point over
  // mid-impact) belongs to that impact: it takes the impact's approach velocity when its own is smaller. Its own may be a
  // separating one (the pair in restitution), which laws normalised by δ̇⁻ would turn into a floor-sized
  // dashpot and a huge tension.
  const int first = e - element.point;
  const int count = geometry.gap < -table_.touch_tolerance(e) ? contact_points(model_.contact, pair) : 0;
  for (int k = first; k < first + count; ++k) {
    const PairState& sibling = state_.contacts[static_cast<std::size_t>(k)];
    if (k != e && sibling.active && !sibling.impact_velocity_floored)
      s.impact_velocity = std::max(s.impact_velocity, sibling.impact_velocity);
  }
  if (reads_impact_velocity(*element.normal_law) && s.impact_velocity < model_.contact.impact_velocity_floor) {
    s.impact_velocity = model_.contact.impact_velocity_floor;
    s.impact_velocity_floored = true;
    std::ostringstream message;
    message << monitor_.describe(t, e) << ": impact velocity " << geometry.normal_velocity
            << " m/s is below the floor " << model_.contact.impact_velocity_floor
            << " m/s; the law's damping uses the floor until a faster closing speed loads the contact"
            << " (a new impact through it)";
    monitor_.warn_once(e, RunMonitor::Warning::kImpactVelocityFloor, message.str());
  }
  // Leaves M⁻¹Jᵀ of a unit impulse (the loops closed) in data_.probe_qdd.
  const double probe_mass = constrained_effective_mass(model_, data_, state_.q.data(), state_.v.data(), pair.body_a,
                                                       geometry.point_a, pair.body_b, geometry.point_b, geometry.normal);
  s.effective_mass = pair.mass_rule == MassRule::kReduced ? pair.reduced_mass : probe_mass;
  if (element.normal_law->impulsive) {
    apply_impulse(e, t, probe_mass, when);
    return;
  }
  s.max_indentation = std::max(0.0, -geometry.gap);
  s.contact_max_indentation = s.max_indentation;
  law_event(ContactEvent::kOnset, e, t);
  const ContactInput input = contact_input(pair, s, geometry, t);
  // Engaged at depth (an overlap at the start, a contact point handed over): the elastic energy it holds from the
  // start enters its ledger, so that W_dissipated = W − Σ elastic stays continuous. E(0) then counts it, and an
  // engagement later in the run shows in the energy balance as the energy it injects. A re-engagement at the
  // residual overlap a release on force left (docs/contact.md, "Tension, release and re-engagement") gets back the
  // elastic energy that release booked as dissipated, up to that much: W_dissipated falls by it, and only the rest
  // is energy from nowhere.
  const double stored = pair_elastic_energy(pair, s, input);
  const double returned = std::min(std::max(stored, 0.0), released);
  const double injected = stored - returned;
  // The record's dissipated energy counts from W_dissipated just before the onset: the energy given back counts
  // against it, so that a pair's records add up to what the pair dissipated.
  s.work_at_onset = state_.absorbed_work[e];
  if (injected != 0.0) {
    state_.absorbed_work[e] += injected;
    if (when == When::kRunning) monitor_.engagement_holds(t, e, -geometry.gap, injected);
  }
  // Laws with a force jump start at their largest dashpot force: the onset itself may be the peak.
  const ContactForce onset_force = pair_force(pair, s, input);
  record_force(s, onset_force.force, geometry);
  s.min_force = std::min(s.min_force, onset_force.force);
  // Undamped Hertz contact time 2 t_H with t_H = 1.4716 x_H/v, x_H = [(n+1) m v²/(2K)]^{1/(n+1)} (models.md §2.3).
  const double v = std::max(std::abs(geometry.normal_velocity), model_.contact.impact_velocity_floor);
  const double m = s.effective_mass;
  if (std::isfinite(m) && m > 0.0 && pair.stiffness > 0.0) {
    const double x = std::pow((pair.exponent + 1.0) * m * v * v / (2.0 * pair.stiffness), 1.0 / (pair.exponent + 1.0));
    const double step = 1e-2 * 2.0 * 1.4716 * x / v;
    onset_step_ = onset_step_ > 0.0 ? std::min(onset_step_, step) : step;
  }
  const Vec3 slip = element_slip_velocity(model_, data_, state_.q.data(), state_.v.data(), i);
  StickSlip::begin(element, s, slip);
  open_record(e, t, geometry.normal_velocity, slip);  // the measured approach, not the floor δ̇⁻ may be raised to
}

void ContactEvents::open_record(int e, double t, double approach, const Vec3& slip) {
  const auto i = static_cast<std::size_t>(e);
  const ContactElement& element = data_.elements[i];
  const ContactPairModel& pair = *element.pair;
  PairState& s = state_.contacts[i];
  for (int k = 0; k < 3; ++k) s.onset_slip[k] = slip[k];
  ImpactRecord record;
  record.pair = pair.name;
  record.shape_a = pair.shape_a;
  record.shape_b = pair.shape_b;
  record.point = element.point;
  record.t_start = t;
  record.impact_velocity = approach;
  record.effective_mass = s.effective_mass;
  record.slip_velocity = slip.norm();
  record.impact_angle = angle_from_normal(slip, approach);
  open_impact_[i] = static_cast<int>(result_.impacts.size());
  result_.impacts.push_back(record);
}

// The piecewise method: the impulse P = (1 + e) m_eff δ̇⁻ along the normal (m_eff along the normal through the
// tree, whatever the pair's mass rule, so that δ̇⁺ = −e δ̇⁻ exactly); Δq̇ = P M⁻¹Jᵀ, the driven joints locked. No
// contact phase follows.
void ContactEvents::apply_impulse(int e, double t, double normal_mass, When when) {
  const auto i = static_cast<std::size_t>(e);
  const ContactElement& element = data_.elements[i];
  const ContactPairModel& pair = *element.pair;
  PairState& s = state_.contacts[i];
  const double restitution = element.normal_parameters->values[restitution_parameter(*element.normal_law)];
  const double approach = data_.geometry[i].normal_velocity;
  // A rigid impact whose rebound would not rise beyond round-off is a contact that persists (a body settling, a
  // pin pressed against its bore): impulses cannot hold it — they would chatter and let the shapes sink into each
  // other — so the run stops rather than go on with an answer that cannot be trusted.
  if (when == When::kRunning) {
    const double rebound = restitution * approach;
    const double closing = closing_acceleration(e, t);
    if (closing > 0.0 && rebound * rebound / (2.0 * closing) < table_.touch_tolerance(e)) {
      std::ostringstream message;
      message << monitor_.describe(t, e) << ": the contact persists (impact velocity " << approach
              << " m/s, rebound below " << table_.touch_tolerance(e)
              << " m): the impulse method models impacts only — use a force law for a contact that rests or stays "
              << "pressed";
      monitor_.fail(message.str());
      return;
    }
  }
  const double impulse = std::isfinite(normal_mass) ? (1.0 + restitution) * normal_mass * approach : 0.0;
  const double lost = 0.5 * normal_mass * approach * approach * (1.0 - restitution * restitution);
  const Vec3 slip_before = element_slip_velocity(model_, data_, state_.q.data(), state_.v.data(), i);
  state_.v += impulse * data_.probe_qdd;
  // The drives hold their joints through the impact: their impulse's work, at the velocities they keep.
  for (int b : model_.driven_bodies) {
    const int index = model_.bodies[static_cast<std::size_t>(b)].joint.v_index;
    state_.joint_work += impulse * data_.probe_drive_force[index] * state_.v[index];
  }
  const Vec3 slip_after = element_slip_velocity(model_, data_, state_.q.data(), state_.v.data(), i);
  state_.absorbed_work[e] += std::isfinite(lost) ? lost : 0.0;
  s = PairState{};  // never active: the impact is over at once
  s.gap_offset = std::min(data_.geometry[i].gap, 0.0) - 1e-12 * std::max(std::abs(pair.effective_radius) , 1e-3);
  table_.hold_offset(e);
  ImpactRecord record;
  record.pair = pair.name;
  record.shape_a = pair.shape_a;
  record.shape_b = pair.shape_b;
  record.point = element.point;
  record.t_start = t;
  record.t_end = t;
  record.impact_velocity = approach;
  record.separation_velocity = restitution * approach;
  record.restitution = restitution;
  record.effective_mass = normal_mass;
  record.impulse = impulse;
  record.dissipated_energy = std::isfinite(lost) ? lost : 0.0;
  record.slip_velocity = slip_before.norm();
  record.separation_slip_velocity = along_onset_slip(slip_before, slip_after);
  record.impact_angle = angle_from_normal(slip_before, approach);
  record.rebound_angle = angle_from_normal(slip_after, restitution * approach);
  record.separation_spin = spin_about_rolling_axis(
      element_relative_spin(model_, data_, state_.q.data(), state_.v.data(), i), data_.geometry[i].normal, slip_before,
      slip_after);
  record.slip_distance = record.friction_work = record.stick_time = std::numeric_limits<double>::quiet_NaN();
  result_.impacts.push_back(record);
  onset_step_ = onset_step_ > 0.0 ? onset_step_ : default_step();
}

// Why a contact of `duration` returned more energy than it took. Under a fixed-step method, a contact of fewer than
// twenty steps: the force is sampled too coarsely to follow (a step longer than the contact: the method steps over
// it, the events located inside one step). Else a pair of several points may have handed the point over to other
// surfaces; a single point cannot have been, and then the integration did not follow the contact.
std::string ContactEvents::created_energy_cause(int e, double duration) const {
  const double step = options_.integrator.step;
  const bool fixed = is_fixed_step(options_.integrator.method);
  std::ostringstream out;
  out.precision(6);
  if (fixed && duration < 20.0 * step) {
    out << "the contact lasted " << duration << " s, ";
    if (duration < step) {
      out << "less than one fixed step of " << step << " s: the method stepped over it";
    } else {
      out << duration / step << " fixed steps of " << step << " s: too few to follow its force";
    }
    out << " (the integrator made the energy, not the law); shorten integrator.step to a small part of the contact "
           "time (about "
        << duration / 20.0 << " s, a twentieth of it), or use an adaptive method";
  } else if (contact_points(model_.contact, *data_.elements[static_cast<std::size_t>(e)].pair) > 1) {
    out << "the surfaces under the point changed while it pressed (a manifold handover, docs/contact.md)";
  } else {
    out << "the integration did not follow the contact (a single point, which no other surfaces take over); "
        << (fixed ? "shorten integrator.step" : "tighten integrator.relative_tolerance and absolute_tolerance");
  }
  return out.str();
}

void ContactEvents::end_contact(int e, double t, Ending ending) {
  const bool open = ending == Ending::kRunEnd;
  const bool separated = ending == Ending::kSeparation;
  const auto i = static_cast<std::size_t>(e);
  PairState& s = state_.contacts[i];
  const ContactPairModel& pair = *data_.elements[i].pair;
  const PairGeometry& geometry = data_.geometry[i];
  ImpactRecord& record = result_.impacts[static_cast<std::size_t>(open_impact_[i])];
  const ContactInput input = contact_input(pair, s, geometry, t);
  record.t_end = t;
  record.open = open;
  const bool rubs = data_.elements[i].tangential_law != nullptr;
  const double unmeasured = std::numeric_limits<double>::quiet_NaN();
  // What is defined at separation only — the separation velocity and slip, the rebound angle and spin, and the
  // restitution below — a contact still open at the run's end, or gone on into a new impact, does not have: NaN, not
  // the values of the moment its record ended (a restitution of a contact caught mid-compression reads as a number
  // and means nothing).
  const Vec3 onset_slip(s.onset_slip[0], s.onset_slip[1], s.onset_slip[2]);
  const Vec3 slip = element_slip_velocity(model_, data_, state_.q.data(), state_.v.data(), i);
  record.separation_velocity = separated ? -geometry.normal_velocity : unmeasured;
  record.separation_slip_velocity = separated ? along_onset_slip(onset_slip, slip) : unmeasured;
  record.rebound_angle = separated ? angle_from_normal(slip, -geometry.normal_velocity) : unmeasured;
  record.separation_spin =
      separated ? spin_about_rolling_axis(element_relative_spin(model_, data_, state_.q.data(), state_.v.data(), i),
                                          geometry.normal, onset_slip, slip)
                : unmeasured;
  record.slip_distance = rubs ? s.slip_distance : unmeasured;
  record.friction_work = rubs ? s.friction_work : unmeasured;
  record.stick_time = rubs ? s.stick_time : unmeasured;
  // A contact that began at rest (touching, an approach speed below the floor) has no restitution: the ratio to a
  // round-off approach speed is noise. One that began at the floor itself has one.
  record.restitution = separated && record.impact_velocity >= model_.contact.impact_velocity_floor
                           ? record.separation_velocity / record.impact_velocity
                           : unmeasured;
  record.max_indentation = s.max_indentation;
  // Shapes that only touched, never pressing beyond round-off, made no impact: the record is dropped at the end.
  if (s.max_indentation <= table_.touch_tolerance(e)) touches_.push_back(open_impact_[i]);
  record.max_force = s.max_force;
  record.min_force = s.min_force;
  record.compression_time = s.compression_time;
  record.indentation_at_max_force = s.indentation_at_max_force;
  record.velocity_at_max_force = s.velocity_at_max_force;
  // The change of W_dissipated = W − Σ elastic over the contact: a contact still in contact keeps its elastic energy
  // (an open one, or one gone on into a new impact, whose record starts from it), a separated one has none left in E
  // (a release on force leaves the elastic energy at release behind: it is lost).
  record.dissipated_energy =
      state_.absorbed_work[e] - s.work_at_onset - (separated ? 0.0 : pair_elastic_energy(pair, s, input));
  // A contact point's force is its law's function of its own indentation, rate and state: over a whole contact it
  // returns at most the energy it took. More, beyond the energy check's tolerance, is energy the model made, and the
  // run stops rather than book it, naming the cause (created_energy_cause).
  const double created = -record.dissipated_energy;
  if (separated && created > options_.energy_tolerance * monitor_.energy_scale()) {
    std::ostringstream message;
    message << monitor_.describe(t, e) << ": over its contact since t = " << record.t_start << " s the point returned "
            << created << " J more than it took (more than " << options_.energy_tolerance
            << " of the energy scale " << monitor_.energy_scale() << " J): energy no law makes — "
            << created_energy_cause(e, t - record.t_start);
    monitor_.fail(message.str());
  }
  if (s.min_force < 0.0) {
    std::ostringstream message;
    message << monitor_.describe(record.t_start, e) << ": tension (attractive force down to " << s.min_force
            << " N) during the contact; the tension rule is "
            << (pair.tension == TensionRule::kClamp ? "clamp" : pair.tension == TensionRule::kRelease ? "release" : "allow");
    monitor_.warn_once(e, RunMonitor::Warning::kTension, message.str());
  }
  if (separated) {
    // The elastic energy a release leaves at the residual overlap (taken before the law hears of the separation,
    // as the ledger counted it): a re-engagement there gets it back (start_contact).
    s.released_energy = geometry.gap < 0.0 ? std::max(pair_elastic_energy(pair, s, input), 0.0) : 0.0;
    law_event(ContactEvent::kSeparation, e, t);
    // Released on force with the shapes still overlapping: the residual indentation stays as an offset, and
    // the contact re-engages only when the indentation exceeds it again (models.md §7 decision 3). Either way the
    // onset function starts a touch tolerance above zero, not at it: a function starting at exactly zero shows no
    // sign change when it goes negative (the root finders take it as the root already handled), and shapes that
    // touch again within the next step would overlap unseen.
    s.gap_offset = std::min(geometry.gap, 0.0) - table_.touch_tolerance(e);
    table_.hold_offset(e);
    data_.contact_force[i] = 0.0;
    s.active = false;
    s.sticking = false;
    s.persistent = false;
    s.new_impact = false;
    s.compressing = false;
    open_impact_[i] = -1;
  }
}

bool ContactEvents::handle(double t, const FoundRoots& roots, double last_step) {
  onset_step_ = 0.0;
  last_step_ = last_step;
  // Besides the active elements' contact stage (the caller's), the geometry of the elements that touch now.
  gap_roots_.clear();
  touching_.clear();
  for (int e = 0; e < table_.size(); ++e) {
    if (roots.gap(e) == 0) continue;
    gap_roots_.push_back(e);
    if (!table_.is_active(e)) touching_.push_back(e);
  }
  contact_geometry(model_, state_.q, state_.v, touching_, data_);
  // Only the elements a root can concern, in the table's order: those with a gap root, and the active ones (phase
  // changes, force peaks). The others' states are not read: a long chain's events would otherwise go through every
  // element's state at every root.
  handled_.clear();
  const std::span<const int> active = table_.active();
  std::set_union(gap_roots_.begin(), gap_roots_.end(), active.begin(), active.end(), std::back_inserter(handled_));
  bool changed = false;
  for (int e : handled_) {
    const auto i = static_cast<std::size_t>(e);
    PairState& s = state_.contacts[i];
    if (roots.gap(e) != 0) {
      ++result_.stats.events;
      changed = true;
      if (s.active && small_bounce(e, t)) {
        if (!s.persistent) {
          rest(e);  // its bounces have died down
        } else {
          changed = false;  // a micro-bounce of a resting contact: nothing changes
        }
      } else if (s.active) {
        end_contact(e, t, Ending::kSeparation);  // a separation, or a resting contact's lift-off
      } else {
        start_contact(e, t, When::kRunning);
      }
      table_.set_active(e, s.active, state_);
      continue;
    }
    if (!s.active) continue;
    // Its maxima at the root too (data holds its contact stage at t): a fixed step may end every step of a contact at
    // an event — its maximum indentation, its force peak — and never an accepted step, where record_maxima is called.
    record_maxima(e);
    if (largest_closing_ahead(s, *data_.elements[i].normal_law)) {
      // Its rate function is its closing acceleration: where it falls through zero the closing speed is at its largest,
      // the new impact's δ̇⁻ (RunOde::closing_rises). The law read max(δ̇⁻, δ̇) = δ̇ there: the force does not change.
      if (roots.rate(e) < 0) {
        ++result_.stats.events;
        s.closing_rises = false;
        const double closing = data_.geometry[i].normal_velocity;
        if (closing > s.impact_velocity) {
          s.impact_velocity = closing;
          if (open_impact_[i] >= 0) result_.impacts[static_cast<std::size_t>(open_impact_[i])].impact_velocity = closing;
          law_event(ContactEvent::kNewImpact, e, t);
        }
        changed = true;  // its rate function is δ̇ again
      }
      if (roots.peak(e) != 0) {
        ++result_.stats.events;
        record_force(s, data_.contact_force[i], data_.geometry[i]);
      }
      continue;
    }
    if (s.persistent) {
      // At rest its only root inside the contact is its rest depth's, pressed beyond, where its law keeps a history
      // (history_at_events, models/force_law.h).
      if (roots.rate(e) < 0) {
        ++result_.stats.events;
        leave_rest(e, t, -data_.geometry[i].gap);
        changed = true;
      }
      continue;
    }
    // A phase change: δ̇ from + to − (maximum indentation) or from − to + (compression again while in contact). The
    // same change found twice (a fixed-step method re-stepping to an event may meet it again just after) is one.
    const int rate = roots.rate(e);
    if ((rate < 0 && s.compressing) || (rate > 0 && !s.compressing)) {
      ++result_.stats.events;
      const double indentation = -data_.geometry[i].gap;
      // A stroke that is a vanishing part of the contact's depth is the vibration of a contact at rest.
      const double stroke = std::abs(indentation - s.phase_indentation);
      s.phase_indentation = indentation;
      if (rate < 0) {
        if (s.compression_time == 0.0) s.compression_time = t - impact_start(e);
        s.compressing = false;
        s.new_impact = false;  // its compression is over: δ̇⁻ stays at its largest closing speed
        s.max_indentation = std::max(s.max_indentation, indentation);
        s.contact_max_indentation = std::max(s.contact_max_indentation, indentation);
        changed = law_event(ContactEvent::kMaxIndentation, e, t) || changed;
      } else {
        s.compressing = true;
        changed = law_event(ContactEvent::kReload, e, t) || changed;
      }
      if (stroke < model_.contact.rest_stroke_ratio * s.contact_max_indentation) {
        rest(e);
        changed = true;
      }
    }
    if (roots.peak(e) != 0) {
      ++result_.stats.events;
      record_force(s, data_.contact_force[i], data_.geometry[i]);
    }
  }
  // Every other inactive element at zero gap engages too (a root at the step's start is not reported).
  if (engage_touching(t, table_.inactive(), When::kRunning)) changed = true;
  return changed;
}

bool ContactEvents::engage(double t, std::span<const int> candidates, When when, double last_step) {
  onset_step_ = 0.0;
  last_step_ = last_step;
  return engage_touching(t, candidates, when);
}

bool ContactEvents::engage_touching(double t, std::span<const int> candidates, When when) {
  if (candidates.empty() || monitor_.failed()) return false;
  tree_kinematics(model_, state_.q, state_.v, data_);
  // The gaps first (a chain's in one vectorised sweep), then the geometry of those at or below zero only: after
  // every event all inactive elements are candidates, and few touch. (candidates may be the table's inactive list,
  // which set_active rewrites, hence the copy.)
  contact_gaps(model_, state_.q, state_.v, candidates, data_, touch_gaps_.data());
  engaging_.clear();
  // A gap offset is never positive (a touch tolerance below the gap, or none), so an element at a positive gap is not
  // engaging: its state — a cache line of its own, 10 000 of them after every event of a long chain — is not read.
  for (int e : candidates) {
    const auto i = static_cast<std::size_t>(e);
    if (touch_gaps_[i] <= 0.0 && touch_gaps_[i] - state_.contacts[i].gap_offset <= 0.0) engaging_.push_back(e);
  }
  if (engaging_.empty()) return false;
  contact_geometry(model_, state_.q, state_.v, engaging_, data_);
  bool engaged = false;
  for (int e : engaging_) {
    const auto i = static_cast<std::size_t>(e);
    PairState& s = state_.contacts[i];
    if (s.active) continue;
    const PairGeometry& geometry = data_.geometry[i];
    const double g = geometry.gap - s.gap_offset;
    if (g > 0.0) continue;
    const double tolerance = table_.touch_tolerance(e);
    if (g >= -tolerance && !(geometry.normal_velocity > model_.contact.impact_velocity_floor)) {
      // Touching within round-off, at rest or moving apart: no impact yet. The onset function becomes the gap less
      // the tolerance below where it is now, so the contact begins when the shapes press into each other — with the
      // approach velocity they have then, not the round-off one of a touch at rest — and the offset is forgotten
      // once they are a tolerance apart.
      s.gap_offset = std::min(geometry.gap, 0.0) - tolerance;
      if (!table_.holds_offset(e)) table_.hold_offset(e);
      continue;
    }
    if (g < -tolerance) {
      if (when == When::kRunning) {
        std::ostringstream message;
        message << monitor_.describe(t, e) << ": the shapes overlap by " << -g
                << " m without an active contact (beyond the touch tolerance " << tolerance
                << " m): an onset was missed";
        monitor_.fail(message.str());
        return engaged;
      }
      std::ostringstream message;
      message << monitor_.describe(t, e) << ": the shapes overlap by " << -g
              << " m at the start; the contact starts active, its elastic energy counted in E(0)";
      monitor_.warn_once(e, RunMonitor::Warning::kOverlapAtStart, message.str());
    }
    ++result_.stats.events;
    start_contact(e, t, when);  // (an impulsive law changes the velocities instead)
    table_.set_active(e, s.active, state_);
    engaged = true;
  }
  return engaged;
}

// Its rest depth is its deepest indentation so far and the stroke the rules of rest take for vibration in place (the
// creep a settling contact has left is less): pressed beyond it, a contact whose law records a loading history is
// loaded anew (history_at_events, models/force_law.h).
void ContactEvents::rest(int e) {
  PairState& s = state_.contacts[static_cast<std::size_t>(e)];
  s.persistent = true;
  s.new_impact = false;  // at rest its δ̇⁻ is fixed: a load beyond it is a new impact again (follow_new_impacts)
  s.closing_rises = false;
  s.rest_depth = (1.0 + model_.contact.rest_stroke_ratio) * s.contact_max_indentation;
  table_.set_active(e, true, state_);  // the table counts the contacts that impact
}

// Pressed beyond its rest depth, a contact compresses as an impact does: its phase changes are events again (its law
// sees the new maximum indentation), and it may come to rest again by the usual rules, its record still open.
void ContactEvents::leave_rest(int e, double t, double indentation) {
  PairState& s = state_.contacts[static_cast<std::size_t>(e)];
  // Its impact was over while it rested: a touch that settled in its first compression ends that compression here, so
  // that a faster loading is still taken as a new impact (follow_new_impacts).
  if (s.compression_time == 0.0) s.compression_time = t - impact_start(e);
  s.persistent = false;
  s.compressing = true;
  s.phase_indentation = indentation;
  table_.set_active(e, true, state_);
}

// Whether the separation of active element e at the state is a small bounce: freed of its own force, the shapes
// would part at v_s = −δ̇ against a closing acceleration δ̈ > 0 and rise v_s²/(2 δ̈) apart, less than
// rest_bounce_ratio of the contact's deepest indentation — a vibration of the contact rather than a flight. δ̈ is
// the normal velocity's rate along the flow under the steady forces alone — gravity, the joints' force elements and
// the contacts already at rest, not the element's own force nor those of impacts under way, which are brief — by a
// forward difference over a thousandth of the last step, in the spare workspace. It is not positive when nothing
// presses the shapes together (an isolated impact, bodies flying apart), and then the separation is a real one.
bool ContactEvents::small_bounce(int e, double t) {
  const auto i = static_cast<std::size_t>(e);
  const double speed = -data_.geometry[i].normal_velocity;
  const double height_bound = model_.contact.rest_bounce_ratio * state_.contacts[i].contact_max_indentation;
  if (!(height_bound > 0.0)) return false;
  if (!(speed > 0.0)) return true;  // at touch, not moving apart
  const double closing = closing_acceleration(e, t);
  return closing > 0.0 && speed * speed / (2.0 * closing) < height_bound;
}

// δ̈ of element e at the state under the steady forces alone (small_bounce).
double ContactEvents::closing_acceleration(int e, double t) {
  const auto i = static_cast<std::size_t>(e);
  Data& free = spare_.get();
  others_.clear();
  for (int k : table_.active()) {
    if (k != e && state_.contacts[static_cast<std::size_t>(k)].persistent) others_.push_back(k);
  }
  const Eigen::VectorXd& q = state_.q;
  const Eigen::VectorXd& v = state_.v;
  evaluate(model_, t, q, v, state_.contacts, others_, free, closing_qdd_);
  const double epsilon = last_step_ > 0.0 ? 1e-3 * last_step_ : 1e-9;
  Eigen::Map<Eigen::VectorXd> moved_q(moved_.data(), nq_);
  Eigen::Map<Eigen::VectorXd> moved_v(moved_.data() + nq_, nv_);
  configuration_derivative(model_, q, v, moved_q);
  for (int k = 0; k < nq_; ++k) moved_q[k] = q[k] + epsilon * moved_q[k];
  for (int k = 0; k < nv_; ++k) moved_v[k] = v[k] + epsilon * closing_qdd_[k];
  tree_kinematics(model_, moved_q, moved_v, free);
  const int single[] = {e};
  contact_geometry(model_, moved_q, moved_v, single, free);
  return (free.geometry[i].normal_velocity - data_.geometry[i].normal_velocity) / epsilon;
}

// A touch (an approach below the impact-velocity floor) has its law's damping taken at the floor: laws damped ∝ 1/δ̇⁻
// then damp it far beyond critical, and it creeps towards its balance without a phase change or a bounce, which the
// two rules of rest wait for — a box set down on its corners took tens of thousands of steps a second, the damping's
// stiffness bounding the explicit steps. Such a contact rests once the creep it has left, |δ̇| c/k at its local
// stiffness k = ∂F/∂δ and damping c = ∂F/∂δ̇ (the first-order relaxation of an overdamped contact, c² > 4 k m),
// is below rest_stroke_ratio of its indentation: the stroke rule's measure of a contact that no longer moves. A
// contact without friction, in its first compression, only.
bool ContactEvents::settle_touches(double t) {
  if (balance_moves_) return false;
  settling_.clear();
  for (int e : table_.active()) {
    const auto i = static_cast<std::size_t>(e);
    const PairState& s = state_.contacts[i];
    // Not a contact with friction: its rest is its tangential law's too (stick, a band's edges), which this rule does
    // not weigh (a Karnopp block on a belt, made to rest here, changed its stick–slip cycle).
    if (s.persistent || !s.impact_velocity_floored || data_.elements[i].tangential_law != nullptr) continue;
    // Still in its first compression: a creep has no phase change, where a contact that vibrates passes δ̇ = 0 at
    // each turn (the stroke rule's case).
    if (!s.compressing || s.compression_time != 0.0) continue;
    const ContactInput input = element_input(data_, s, i, t);
    const ContactForce law = pair_force(*data_.elements[i].pair, s, input);
    const double stiffness = law.dforce_dindentation, damping = law.dforce_dnormal_velocity;
    if (!(law.force > 0.0 && stiffness > 0.0 && damping > 0.0 && input.indentation > 0.0)) continue;
    if (!(damping * damping > 4.0 * stiffness * s.effective_mass)) continue;  // it would vibrate: the stroke rule's
    const double creep = std::abs(input.normal_velocity) * damping / stiffness;
    if (creep < model_.contact.rest_stroke_ratio * input.indentation) settling_.push_back(e);
  }
  for (int e : settling_) rest(e);
  return !settling_.empty();
}

// A contact's δ̇⁻ is the speed its impact arrived with: the closing speed at its onset, from which its compression
// slows down. The Hunt–Crossley family's damping, and every law normalised by δ̇⁻, is defined by it: its restitution
// law is that of an impact arriving at δ̇⁻. A contact can be loaded by more than the impact it began with — a new
// impact on one of its bodies, passed through it: a chain's wave reaching a touching pair, whose onset caught the
// wave's first creep (2.6e-10 m/s in the library's horizontal chain); a ball at rest under a ball landing on it. Its
// old δ̇⁻ would damp that compression as an impact δ̇/δ̇⁻ times too slow: the Hunt–Crossley chain's wave died within
// ten beads (6.5 N at the 31st where the elastic chain's peaks are 93 N; 3.4 N with the beads 1 nm apart), a
// three-ball cradle at restitution 0.99 lost 14 % of its energy, a ball at rest loaded at 0.16 m/s, damped as for
// 1e-4 m/s, took steps of 2e-10 s. So a contact compressing or at rest that closes faster than kNewImpactSpeedRatio
// δ̇⁻ (δ̇⁻ raised to the floor) has a new impact: from there until its compression ends its δ̇⁻ is the largest closing
// speed it reaches — the law reads max(δ̇⁻, δ̇) (contact_input), continuous while the speed rises, and the largest
// is located on the step's dense output where it turns (largest_closing_inside). A law that reads δ̇⁻ is told where
// it changes (kNewImpact: laws that derive their damping from δ̇⁻ derive it again); for the others δ̇⁻ is the
// records' alone. Every law's records follow the same rule, so that a scene has the same impacts under every law: in
// the contact's first compression the record stays one, its approach the new δ̇⁻; after it (a reload, a contact at
// rest) the new impact has a record of its own, and a resting contact is an impact again: its phase changes and
// bounces are followed, and it may come to rest again by the usual rules.
bool ContactEvents::follow_new_impacts(double t, Stepper& stepper, std::span<double> inside) {
  bool changed = false;
  new_impacts_.clear();
  for (int e : table_.active()) {
    const auto i = static_cast<std::size_t>(e);
    const ContactElement& element = data_.elements[i];
    if (element.normal_law->impulsive) continue;
    // Not a contact with friction: its rest is its tangential law's too (as in settle_touches); a box held on its
    // corners by Stribeck friction, its corners made impacts again, no longer finished 2 s in a minute (5.5 s without).
    if (element.tangential_law != nullptr) continue;
    PairState& s = state_.contacts[i];
    const bool reads_approach = reads_impact_velocity(*element.normal_law);
    const double closing = data_.geometry[i].normal_velocity;
    bool begins = false, splits = false;
    if (!s.new_impact) {
      const double approach = std::max(s.impact_velocity, model_.contact.impact_velocity_floor);
      if (!((s.compressing || s.persistent) && closing > kNewImpactSpeedRatio * approach)) continue;
      begins = true;
      s.new_impact = true;
      s.closing_rises = true;
      s.impact_velocity_floored = false;
      s.impact_velocity = closing;
      splits = s.persistent || s.compression_time != 0.0;  // after its first compression: a record of its own
      if (splits) {
        s.compressing = true;
        s.phase_indentation = -data_.geometry[i].gap;
        if (s.persistent) {
          s.persistent = false;
          table_.set_active(e, true, state_);  // an impact again: the table counts it
        }
        new_impacts_.push_back(e);  // its record opens once the state at t is unpacked
        changed = true;
      }
    } else if (!s.closing_rises && !(closing > s.impact_velocity)) {
      continue;  // past its largest closing speed, and not rising beyond it
    }
    // The largest closing speed so far: the step's end while it still rises there, else where it turned in the step.
    // (Without a dense output, NaN, it counts as rising: the step's end.)
    const double before = closing_inside(e, t - 1e-3 * stepper.last_step(), stepper, inside);
    s.closing_rises = !(closing < before);
    double largest = closing;
    if (!s.closing_rises) largest = std::max(largest, largest_closing_inside(e, t, stepper, inside));
    if (!begins && !(largest > s.impact_velocity)) continue;
    s.impact_velocity = largest;
    if (open_impact_[i] >= 0 && !splits) {
      result_.impacts[static_cast<std::size_t>(open_impact_[i])].impact_velocity = s.impact_velocity;
    }
    if (!reads_approach) continue;
    // The law's δ̇⁻ at t was max(old, δ̇): it changes at the onset of the new impact and where the largest lies
    // inside the step, and for a law that keeps what it derived from δ̇⁻ (law_event). While the closing speed still
    // rises the law reads it as δ̇⁻, continuously: what the law derives from δ̇⁻ is derived again where the largest is
    // located (handle), not at each step's end of the rise, where a changed law state would restart the integration
    // (wang_yield's chain took 3.4 times the steps).
    if (s.closing_rises && !begins) continue;
    const bool law_changed = law_event(ContactEvent::kNewImpact, e, t);
    if (begins || s.impact_velocity > closing || law_changed) changed = true;
  }
  return changed;
}

// The closing speed δ̇ of active element e at a time inside the step just accepted, by the method's dense output
// (`inside`: room for the integrated vector), in the spare workspace; NaN where the method has none there.
double ContactEvents::closing_inside(int e, double time, Stepper& stepper, std::span<double> inside) {
  // Only what the element's geometry reads, where that is its sliders' coordinates and rates: a search for a new
  // impact's largest closing speed interpolates some thirty times a step, and a chain's state is long.
  int components[4];
  const int count = geometry_inputs(model_, data_.elements[static_cast<std::size_t>(e)], nq_, components);
  const bool interpolated = count < 0 ? stepper.interpolate(time, inside.data())
                                      : stepper.interpolate(time, {components, static_cast<std::size_t>(count)},
                                                            inside.data());
  if (!interpolated) return std::numeric_limits<double>::quiet_NaN();
  Data& free = spare_.get();
  Eigen::Map<Eigen::VectorXd> q(inside.data(), nq_);
  Eigen::Map<Eigen::VectorXd> v(inside.data() + nq_, nv_);
  if (count < 0) tree_kinematics(model_, q, v, free);
  const int single[] = {e};
  contact_geometry(model_, q, v, single, free);
  return free.geometry[static_cast<std::size_t>(e)].normal_velocity;
}

// The largest closing speed of element e in the step just accepted, ending at t, where it rose at the step's start
// and falls at its end (largest_between on the dense output, contact/geometry.h).
double ContactEvents::largest_closing_inside(int e, double t, Stepper& stepper, std::span<double> inside) {
  return largest_between(t - stepper.last_step(), t,
                         [&](double time) { return closing_inside(e, time, stepper, inside); });
}

void ContactEvents::open_new_impact_records(double t) {
  for (int e : new_impacts_) {
    const auto i = static_cast<std::size_t>(e);
    if (open_impact_[i] < 0) continue;
    end_contact(e, t, Ending::kNewImpact);
    // The new impact's own maxima, compression and dissipation, from the contact as it is at t.
    PairState& s = state_.contacts[i];
    const ContactPairModel& pair = *data_.elements[i].pair;
    const PairGeometry& geometry = data_.geometry[i];
    const double force = data_.contact_force[i];
    s.max_indentation = std::max(0.0, -geometry.gap);
    s.max_force = 0.0;
    record_force(s, force, geometry);
    s.min_force = std::min(0.0, force);
    s.compression_time = 0.0;
    s.work_at_onset = state_.absorbed_work[e] - pair_elastic_energy(pair, s, contact_input(pair, s, geometry, t));
    open_record(e, t, s.impact_velocity, element_slip_velocity(model_, data_, state_.q.data(), state_.v.data(), i));
  }
  new_impacts_.clear();
}

// The start of element e's open record (its impact's, a new impact through the contact included) [s].
double ContactEvents::impact_start(int e) const {
  const int record = open_impact_[static_cast<std::size_t>(e)];
  return record >= 0 ? result_.impacts[static_cast<std::size_t>(record)].t_start
                     : state_.contacts[static_cast<std::size_t>(e)].onset_time;
}

// Once the shapes have come apart (beyond round-off), a residual indentation left by a release or a touch is
// forgotten: the next contact starts at touch again (g stays positive through the change, so no root is lost or
// invented).
void ContactEvents::forget_offsets(const double* q, const double* v) {
  if (table_.offset_elements().empty()) return;  // most steps: nothing to measure
  contact_gaps(model_, Eigen::Map<const Eigen::VectorXd>(q, nq_), Eigen::Map<const Eigen::VectorXd>(v, nv_),
               table_.offset_elements(), data_, offset_gaps_.data());
  table_.forget_offsets([&](int e) {
    PairState& s = state_.contacts[static_cast<std::size_t>(e)];
    if (table_.is_active(e) || !(s.gap_offset < 0.0)) return true;
    if (offset_gaps_[static_cast<std::size_t>(e)] <= table_.touch_tolerance(e)) return false;
    s.gap_offset = 0.0;
    s.released_energy = 0.0;
    return true;
  });
}

void ContactEvents::finish(double t) {
  for (int e = 0; e < table_.size(); ++e) {
    if (open_impact_[static_cast<std::size_t>(e)] >= 0) end_contact(e, t, Ending::kRunEnd);
  }
  std::sort(touches_.begin(), touches_.end());
  for (auto k = touches_.rbegin(); k != touches_.rend(); ++k) result_.impacts.erase(result_.impacts.begin() + *k);
  result_.touches = static_cast<long>(touches_.size());
}

}  // namespace contactlab
