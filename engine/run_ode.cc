// SPDX-License-Identifier: MIT
#include "engine/run_ode.h"

#include <algorithm>
#include <cmath>

#include "contact/contact_force.h"
#include "engine/forward.h"
#include "engine/kinematics.h"
#include "models/assert.h"
#include "models/indentation_power.h"

namespace contactlab {

RunOde::RunOde(const Model& model, const SimulationOptions& options, State& state, Data& data, const PairTable& table,
               const RunMonitor& monitor, SpareWorkspace& spare, IntegratorStats& stats)
    : model_(model),
      options_(options),
      state_(state),
      data_(data),
      table_(table),
      monitor_(monitor),
      spare_(spare),
      stats_(stats),
      nq_(model.nq),
      nv_(model.nv),
      law_state_offset_(1, 0) {
  for (int b : model_.tree_bodies) {
    const Joint& joint = model_.bodies[static_cast<std::size_t>(b)].joint;
    for (int k = 0; k < joint.nv; ++k) tree_velocities_.push_back(joint.v_index + k);
  }
}

void RunOde::bind() {
  CONTACTLAB_ASSERT(state_.contacts.size() == data_.elements.size(), "run_ode: a PairState per element of the table");
  elements_ = static_cast<int>(data_.elements.size());
  const auto n = static_cast<std::size_t>(elements_);
  law_state_offset_.assign(n + 1, 0);
  for (std::size_t e = 0; e < n; ++e) {
    const ContactElement& element = data_.elements[e];
    const int friction = element.tangential_law != nullptr ? element.tangential_law->continuous_state_size : 0;
    law_state_offset_[e + 1] = law_state_offset_[e] + element.normal_law->continuous_state_size + friction;
  }
  stateful_.clear();
  for (int e = 0; e < elements_; ++e) {
    if (continuous_size(e) > 0) stateful_.push_back(stateful_element(e, state_.contacts[static_cast<std::size_t>(e)]));
  }
  force_peaks_ = false;
  for (int e = 0; e < elements_ && options_.integrator.locate_force_peaks; ++e) force_peaks_ = force_peaks_ || own_peaks(e);
  stick_events_ = false;
  rubbing_.clear();
  for (int e = 0; e < elements_; ++e) {
    const FrictionLawInfo* law = data_.elements[static_cast<std::size_t>(e)].tangential_law;
    if (law == nullptr) continue;
    rubbing_.push_back(e);
    if (law->stiction == Stiction::kExact || law->stiction == Stiction::kBand) stick_events_ = true;
  }
  directions_.assign(static_cast<std::size_t>(root_blocks()) * n, -1);
  for (int e = 0; e < elements_; ++e) {
    directions_[static_cast<std::size_t>(root_index(kRateRoot, e))] = 0;  // both phase changes
    const FrictionLawInfo* law = data_.elements[static_cast<std::size_t>(e)].tangential_law;
    if (stick_events_ && law != nullptr && law->stiction == Stiction::kBand) {
      directions_[static_cast<std::size_t>(root_index(kStickRoot, e))] = 0;  // into the band and out of it
    }
  }
  force_behind_.assign(n, 0.0);
  closing_behind_.assign(n, 0.0);
  end_gaps_.assign(n, 0.0);
  scratch_.resize(size());
  behind_.resize(size());
  forget_rate_buffers();  // the layout changed: no buffer's zeros are known
  at_or_below_time_ = std::numeric_limits<double>::quiet_NaN();
  forget_evaluation();
}

void RunOde::configuration_rate(const double* q, const double* v, double* qdot) {
  configuration_derivative(model_, Eigen::Map<const Eigen::VectorXd>(q, nq_), Eigen::Map<const Eigen::VectorXd>(v, nv_),
                           Eigen::Map<Eigen::VectorXd>(qdot, nq_));
}

void RunOde::pack(const State& state, double* y) {
  q_of(y) = state.q;
  v_of(y) = state.v;
  work_of(y) = state.absorbed_work;
  joint_work_of(y) = state.joint_work;
  for (StatefulElement& stateful : stateful_) {  // as copy_law_states: only the elements whose laws integrate a state
    const PairState& contact = state.contacts[static_cast<std::size_t>(stateful.element)];
    copy_from(contact, stateful.element, y);
    stateful = stateful_element(stateful.element, contact);
  }
  double* tangential = tangential_of(y);
  for (int e : rubbing_) {
    const PairState& contact = state.contacts[static_cast<std::size_t>(e)];
    *tangential++ = contact.friction_work;
    *tangential++ = contact.slip_distance;
    *tangential++ = contact.stick_time;
  }
}

void RunOde::copy_into(const double* y, int e, PairState& contact) const {
  const double* source = law_states_of(y, e);
  const int normal = normal_continuous_size(e);
  std::copy(source, source + normal, contact.law_state);
  std::copy(source + normal, source + continuous_size(e), contact.friction_state);
}

void RunOde::copy_from(const PairState& contact, int e, double* y) const {
  double* target = law_states_of(y, e);
  const int normal = normal_continuous_size(e);
  std::copy(contact.law_state, contact.law_state + normal, target);
  std::copy(contact.friction_state, contact.friction_state + (continuous_size(e) - normal), target + normal);
}

void RunOde::unpack(double t, const double* y, State& state) const {
  state.time = t;
  state.q = q_of(y);
  state.v = v_of(y);
  state.absorbed_work = work_of(y);
  state.joint_work = joint_work_of(y);
  copy_law_states(y, state.contacts);
  const double* tangential = tangential_of(y);
  for (int e : rubbing_) {
    PairState& contact = state.contacts[static_cast<std::size_t>(e)];
    contact.friction_work = *tangential++;
    contact.slip_distance = *tangential++;
    contact.stick_time = *tangential++;
  }
}

void RunOde::copy_law_states(const double* y, std::vector<PairState>& contacts) const {
  for (const StatefulElement& stateful : stateful_) {
    copy_into(y, stateful.element, contacts[static_cast<std::size_t>(stateful.element)]);
  }
}

RunOde::StatefulElement RunOde::stateful_element(int e, const PairState& contact) const {
  const ContactElement& element = data_.elements[static_cast<std::size_t>(e)];
  StatefulElement stateful{e, element.normal_law, element.normal_parameters->values,
                           contact_input(*element.pair, contact, PairGeometry{}, 0.0), contact.onset_time};
  stateful.apart.indentation = 0.0;  // (not the −0 of a zero gap)
  return stateful;
}

void RunOde::copy_active_law_states(const double* y) {
  if (stateful_.empty()) return;
  for (int e : table_.active()) {
    if (continuous_size(e) > 0) copy_into(y, e, state_.contacts[static_cast<std::size_t>(e)]);
  }
}

void RunOde::fill_law_state_rates(double t, const double* y, double* ydot) {
  if (stateful_.empty()) return;
  std::fill(ydot + nq_ + nv_, ydot + dynamic_size(), 0.0);
  for (const StatefulElement& stateful : stateful_) {
    const int e = stateful.element;
    const auto i = static_cast<std::size_t>(e);
    const LawInfo& law = *stateful.law;
    double* rate = law_states_of(ydot, e);
    if (table_.is_active(e)) {  // its states copied into its PairState for the evaluation
      const PairState& contact = state_.contacts[i];
      if (law.continuous_state_size > 0) {
        law.state_rate(element_input(data_, contact, i, t), stateful.parameters, contact.law_state, rate);
      }
      // The friction law's state moves only while the contact slides or is loaded; apart it holds (and is reset at
      // the next onset).
      const ContactElement& element = data_.elements[i];
      if (element.tangential_law != nullptr && element.tangential_law->continuous_state_size > 0) {
        element.tangential_law->state_rate(data_.friction_input[i], element.pair->friction_parameters.values,
                                           contact.friction_state, rate + law.continuous_state_size);
      }
      continue;
    }
    if (law.continuous_state_size == 0) continue;
    // Apart the law sees δ = 0 and δ̇ = 0 (its internal state relaxes on its own); its states are y's, its discrete
    // ones (if any) its PairState's.
    ContactInput input = stateful.apart;
    input.time_since_onset = t - stateful.onset_time;
    const double* integrated = law_states_of(y, e);
    if (law.state_size == law.continuous_state_size) {
      law.state_rate(input, stateful.parameters, integrated, rate);
    } else {
      const double* discrete = state_.contacts[i].law_state;
      double state[kMaxLawState];
      std::copy(integrated, integrated + law.continuous_state_size, state);
      std::copy(discrete + law.continuous_state_size, discrete + law.state_size, state + law.continuous_state_size);
      law.state_rate(input, stateful.parameters, state, rate);
    }
  }
}

int RunOde::rhs(double t, const double* y, double* ydot) {
  ++stats_.rhs_evaluations;
  stats_.contact_evaluations += static_cast<long>(table_.active().size());
  const auto q = q_of(y);
  const auto v = v_of(y);
  copy_active_law_states(y);
  // The active elements' powers go straight into the ledger's rates, made ready for them first.
  evaluate(model_, t, q, v, state_.contacts, table_.active(), data_, v_of(ydot), ledger_rates(ydot));
  if (data_.loops_singular) {
    failure_ = monitor_.describe(t, -1) + ": the loop constraints are singular here (J M⁻¹ Jᵀ has lost rank: a toggle or "
               "dead-centre position, where the loops fix the same freedom twice)";
    return -1;
  }
  last_rhs_time_ = t;
  last_rhs_state_ = y;
  last_rhs_rate_ = ydot;
  step_end_time_ = std::numeric_limits<double>::quiet_NaN();
  if (model_.rate_is_velocity) {
    std::copy(y + nq_, y + nq_ + nv_, ydot);
  } else {
    configuration_derivative(model_, q, v, q_of(ydot));
  }
  if (!data_.contact_forces_finite) {
    for (int e : table_.active()) {
      if (!std::isfinite(data_.contact_force[static_cast<std::size_t>(e)])) {
        failure_ = monitor_.describe(t, e) + ": the contact force is not finite (NaN or Inf)";
        return -1;
      }
    }
  }
  // The active contacts' tangential integrals: friction's power −f_t·v_t, the slip speed, and 1 while the point
  // sticks — the engine's flag for laws with exact stiction (whose transitions are located events), else a slip speed
  // below contacts.stick_speed (a transition the run does not locate: the stick time is exact to within a step there).
  double* tangential_rate = tangential_of(ydot);
  for (int e : rubbing_) {
    const auto i = static_cast<std::size_t>(e);
    const bool active = table_.is_active(e);
    const Vec3& slip = data_.frames[i].slip_velocity;
    const double speed = slip.norm();
    const bool sticks = data_.elements[i].tangential_law->stiction == Stiction::kExact ? state_.contacts[i].sticking
                                                                                       : speed < model_.contact.stick_speed;
    *tangential_rate++ = active ? -data_.friction_force[i].dot(slip) : 0.0;
    *tangential_rate++ = active ? speed : 0.0;
    *tangential_rate++ = active && sticks ? 1.0 : 0.0;
  }
  fill_law_state_rates(t, y, ydot);
  // Power of the joint dampers, efforts and drives (the conservative spring part is in the energy itself).
  double joint_power = 0.0;
  for (int b : model_.force_element_bodies) {
    const Joint& joint = model_.bodies[static_cast<std::size_t>(b)].joint;
    const double rate = v[joint.v_index];
    joint_power += (joint.effort(t) - joint.damping * rate) * rate;
  }
  for (int b : model_.driven_bodies) {
    const int index = model_.bodies[static_cast<std::size_t>(b)].joint.v_index;
    joint_power += data_.drive_force[index] * v[index];
  }
  if (!model_.loops.empty()) joint_power += data_.loop_power;  // the loop constraints' forces: zero on the manifold
  joint_work_of(ydot) = joint_power;
  // Only the tree's accelerations can have become non-finite unseen: a slider's is a·g plus its forces over its
  // mass: the contact forces checked above, its joint's spring (finite at a finite q) and its damper and effort,
  // which are not finite exactly when the joint power is not.
  const double* qdd = ydot + nq_;
  double poison = joint_power * 0.0;  // x·0 is NaN exactly when x is not finite
  for (int i : tree_velocities_) poison += qdd[i] * 0.0;
  if (poison != 0.0) {
    failure_ = monitor_.describe(t, -1) + ": the generalized accelerations are not finite (NaN or Inf)";
    return -1;
  }
  return 0;
}

void RunOde::set_private_rate_buffers(bool is_private) {
  private_rate_buffers_ = is_private;
  forget_rate_buffers();
}

const std::vector<int>* RunOde::held_quadratures() const {
  return private_rate_buffers_ && !unknown_rate_buffer_ ? &live_quadrature_ : nullptr;
}

const std::vector<int>* RunOde::live_quadrature() {
  const std::vector<int>* held = held_quadratures();
  // A sum at scattered places costs several times one in a streaming pass: listed only where few are live (a long
  // chain's handful of contacts, not a short one's every other pair).
  const auto quadratures = static_cast<std::size_t>(size() - dynamic_size());
  return held != nullptr && 8 * held->size() < quadratures ? held : nullptr;
}

void RunOde::forget_rate_buffers() {
  rate_buffers_.clear();
  unknown_rate_buffer_ = false;
  const auto n = static_cast<std::size_t>(elements_);
  live_buffers_.assign(n, 0);
  live_place_.assign(n, -1);
  live_quadrature_.clear();
  live_quadrature_.reserve(static_cast<std::size_t>(size() - dynamic_size()));
  for (int i = dynamic_size() + elements_; i < size(); ++i) live_quadrature_.push_back(i);  // joints', friction's
}

void RunOde::hold_live(int e) {
  const auto i = static_cast<std::size_t>(e);
  if (live_buffers_[i]++ > 0) return;
  live_place_[i] = static_cast<int>(live_quadrature_.size());
  live_quadrature_.push_back(dynamic_size() + e);
}

void RunOde::release_live(int e) {
  const auto i = static_cast<std::size_t>(e);
  if (--live_buffers_[i] > 0) return;
  // The last entry takes its place (an element's: the fixed ones come first and are never released).
  const int last = live_quadrature_.back() - dynamic_size();
  live_quadrature_[static_cast<std::size_t>(live_place_[i])] = live_quadrature_.back();
  live_place_[static_cast<std::size_t>(last)] = live_place_[i];
  live_quadrature_.pop_back();
  live_place_[i] = -1;
}

double* RunOde::ledger_rates(double* ydot) {
  auto work_rate = work_of(ydot);
  const std::span<const int> active = table_.active();
  RateBuffer* buffer = nullptr;
  bool unchanged = false;  // the buffer was last written for these very elements (most fills)
  if (private_rate_buffers_) {
    for (RateBuffer& known : rate_buffers_) {
      if (known.data == ydot) {
        buffer = &known;
        break;
      }
    }
    if (buffer == nullptr && rate_buffers_.size() < kRateBuffers) {
      // Its first fill: cleared whole. Room for every element, so that no later fill allocates.
      buffer = &rate_buffers_.emplace_back();
      buffer->data = ydot;
      buffer->written.reserve(static_cast<std::size_t>(elements_));
      work_rate.setZero();
    } else if (buffer != nullptr) {
      unchanged = buffer->version == table_.active_version();
      if (!unchanged) {
        for (int e : buffer->written) {
          work_rate[e] = 0.0;
          release_live(e);
        }
      }
    }
  }
  if (buffer == nullptr) {
    work_rate.setZero();
    if (private_rate_buffers_) unknown_rate_buffer_ = true;
  }
  if (buffer != nullptr && !unchanged) {
    buffer->written.assign(active.begin(), active.end());
    buffer->version = table_.active_version();
    for (int e : active) hold_live(e);
  }
  return work_rate.data();
}

void RunOde::contact_stage_at(double t, const double* y, std::span<const int> elements, Data& data) {
  copy_active_law_states(y);
  tree_kinematics(model_, q_of(y), v_of(y), data);
  contact_stage(model_, t, q_of(y), v_of(y), state_.contacts, elements, data);
}

bool RunOde::exact_stick_held() const {
  for (int e : table_.active()) {
    const auto i = static_cast<std::size_t>(e);
    const FrictionLawInfo* law = data_.elements[i].tangential_law;
    if (law != nullptr && law->stiction == Stiction::kExact && state_.contacts[i].sticking) return true;
  }
  return false;
}

double RunOde::stick_function(int e) const {
  const auto i = static_cast<std::size_t>(e);
  const ContactElement& element = data_.elements[i];
  const FrictionLawInfo* law = element.tangential_law;
  if (law == nullptr || !table_.is_active(e)) return 1.0;
  const double* parameters = element.pair->friction_parameters.values;
  if (law->stiction == Stiction::kBand) return data_.friction_input[i].slip_speed - law->stick_band(parameters);
  if (law->stiction != Stiction::kExact) return 1.0;
  const PairState& s = state_.contacts[i];
  if (s.sticking) return law->static_limit(data_.friction_input[i], parameters) - data_.friction_force[i].norm();
  return data_.frames[i].slip_velocity.dot(Vec3(s.slip_direction[0], s.slip_direction[1], s.slip_direction[2]));
}

int RunOde::roots(double t, const double* y, const double* ydot, double* g, int only) {
  const int only_element = only >= 0 ? only % elements_ : -1;
  bool current = ydot != nullptr && ydot == last_rhs_rate_ && y == last_rhs_state_ && t == last_rhs_time_;
  // A contact held by exact stiction: its stick function is its hold force's, which the whole right-hand side gives.
  if (stick_events_ && !current && exact_stick_held()) {
    if (rhs(t, y, scratch_.data()) != 0) return -1;
    ydot = scratch_.data();
    current = true;
  }
  const bool peaks = force_peaks_ && table_.impacting() > 0 &&
                     (only < 0 || (only / elements_ == block(kPeakRoot) && table_.is_active(only_element) &&
                                   own_peaks(only_element)));
  // A new impact's closing speed still rising: its rate function is δ̈ along the flow, as a force rate is.
  bool rising = false;
  if (only < 0) {
    for (int e : table_.active()) rising = rising || closing_rises(e);
  } else {
    rising = only / elements_ == block(kRateRoot) && closing_rises(only_element);
  }
  // One function asked for (the root finder's evaluations): only its element is evaluated, and nothing of an
  // inactive element but its gap.
  const int single[] = {only_element};
  const bool only_active = only_element >= 0 && table_.is_active(only_element);
  const std::span<const int> stage = only_element < 0 ? table_.active()
                                                      : std::span<const int>(single, only_active ? 1 : 0);
  double epsilon = 0.0;
  if (peaks || rising) {
    // dF/dt ≈ [F(y) − F(y − ε f)] / ε along the flow, over a thousandth of the current step, the evaluation
    // behind in the spare workspace: data_ describes y.
    bool at_y = current;
    if (ydot == nullptr) {
      if (rhs(t, y, scratch_.data()) != 0) return -1;
      ydot = scratch_.data();
      at_y = true;
    }
    const double step = stepper_ ? stepper_->current_step() : 0.0;
    epsilon = step > 0.0 ? 1e-3 * step : 1e-12;
    const int n = dynamic_size();
    for (int i = 0; i < n; ++i) behind_[i] = y[i] - epsilon * ydot[i];
    Data& behind = spare_.get();
    contact_stage_at(t - epsilon, behind_.data(), stage, behind);
    for (int e : stage) {
      const auto i = static_cast<std::size_t>(e);
      force_behind_[i] = behind.contact_force[i];
      closing_behind_[i] = behind.geometry[i].normal_velocity;
    }
    if (at_y) {
      copy_active_law_states(y);  // the evaluation behind left its own there
    } else {
      contact_stage_at(t, y, stage, data_);
    }
  } else if (!current) {
    if (only_active && data_.elements[static_cast<std::size_t>(only_element)].tangential_law == nullptr) {
      // One active element: its own law states, geometry and force, not a stage's loads over every body.
      const auto i = static_cast<std::size_t>(only_element);
      if (continuous_size(only_element) > 0) copy_into(y, only_element, state_.contacts[i]);
      if (needs_body_motion(data_.elements[i].geometry)) tree_kinematics(model_, q_of(y), v_of(y), data_);
      element_normal_stage(model_, t, q_of(y).data(), v_of(y).data(), state_.contacts[i], i, data_);
    } else if (!stage.empty() || only_element < 0) {
      contact_stage_at(t, y, stage, data_);
    } else if (needs_body_motion(data_.elements[static_cast<std::size_t>(only_element)].geometry)) {
      tree_kinematics(model_, q_of(y), v_of(y), data_);  // the gap below needs the bodies' motion
    }
  } else {
    copy_active_law_states(y);
  }
  forget_evaluation();  // data_ no longer holds the accelerations of y
  double* gaps = g + root_index(kGapRoot, 0);
  double* rates = g + root_index(kRateRoot, 0);
  double* force_rates = options_.integrator.locate_force_peaks ? g + root_index(kPeakRoot, 0) : nullptr;
  double* sticks = stick_events_ ? g + root_index(kStickRoot, 0) : nullptr;
  // An active element's three functions (an inactive element's gap comes from contact_gaps, its other two are 1).
  auto fill_active = [&](int e) {
    const auto i = static_cast<std::size_t>(e);
    const PairGeometry& geometry = data_.geometry[i];
    const double indentation = -geometry.gap;
    const double force = data_.contact_force[i];
    if (!std::isfinite(force) || (peaks && !std::isfinite(force_behind_[i]))) {
      failure_ = monitor_.describe(t, e) + ": the contact force is not finite (NaN or Inf)";
      return -1;
    }
    const PairState& s = state_.contacts[i];
    if (s.persistent) {
      // Resting: no phase changes or force peaks; a separation decides between a micro-bounce and a lift-off. A law
      // that records a loading history watches the rest depth: beyond it the contact is loaded anew.
      gaps[e] = indentation;
      rates[e] = history_at_events(*data_.elements[i].normal_law) ? s.rest_depth - indentation : 1.0;
      if (force_rates != nullptr) force_rates[e] = 1.0;
      return 0;
    }
    const ContactElement& element = data_.elements[i];
    const bool on_force =
        element.normal_law->separation == Separation::kForce || element.pair->tension == TensionRule::kRelease;
    gaps[e] = on_force ? std::min(indentation, force / force_per_length(e)) : indentation;
    rates[e] = rising && closing_rises(e) ? (geometry.normal_velocity - closing_behind_[i]) / epsilon
                                           : geometry.normal_velocity;
    // Laws with a force-free stretch inside the contact (leaving a permanent dent) have dF/dt ≡ 0 there: no
    // peak to find, and an identically zero function would stall the root finder.
    const bool force_plateau = force == 0.0 && force_behind_[i] == 0.0;
    const bool peak_function = peaks && !force_plateau && own_peaks(e);
    if (force_rates != nullptr) force_rates[e] = peak_function ? (force - force_behind_[i]) / epsilon : 1.0;
    return 0;
  };
  // The gap of an inactive element, less its residual-indentation offset.
  auto offset = [&](int e) {
    if (!table_.is_active(e)) gaps[e] -= state_.contacts[static_cast<std::size_t>(e)].gap_offset;
  };
  if (only_element >= 0) {
    step_end_time_ = std::numeric_limits<double>::quiet_NaN();  // data_ now holds this one element only
    if (only_active) {
      if (sticks != nullptr) sticks[only_element] = stick_function(only_element);
      return fill_active(only_element);
    }
    contact_gaps(model_, q_of(y), v_of(y), single, data_, gaps);
    offset(only_element);
    rates[only_element] = 1.0;
    if (force_rates != nullptr) force_rates[only_element] = 1.0;
    if (sticks != nullptr) sticks[only_element] = 1.0;
    return 0;
  }
  contact_gaps(model_, q_of(y), v_of(y), table_.inactive(), data_, gaps);
  if (ydot != nullptr) step_end_time_ = t;
  std::fill(rates, g + root_count(), 1.0);
  for (int e : table_.active()) {
    if (fill_active(e) != 0) return -1;
    if (sticks != nullptr) sticks[e] = stick_function(e);
  }
  for (int e : table_.offset_elements()) offset(e);
  if (ydot != nullptr) {
    at_or_below_.clear();
    // Usually no gap is at or below zero (an active element's function is its indentation): one vectorised test.
    const Eigen::Map<const Eigen::ArrayXd> all(gaps, elements_);
    if (elements_ > 0 && all.minCoeff() <= 0.0) {
      for (int e : table_.inactive()) {
        if (gaps[e] <= 0.0) at_or_below_.push_back(e);
      }
    }
    std::copy(gaps, gaps + elements_, end_gaps_.begin());
    at_or_below_time_ = t;
  }
  return 0;
}

// An element whose kernel reads only its sliders reads their coordinates and rates and nothing else, as long as no
// law integrates a state (roots() copies them all) and no force-rate function differentiates along the whole flow.
std::span<const int> RunOde::root_inputs(int i) {
  const int e = i % elements_;
  if (law_state_offset_.back() > 0 || stick_events_) return {};
  if (i / elements_ == block(kPeakRoot)) return {};  // (the block exists only when peaks are located)
  if (closing_rises(e)) return {};  // its closing acceleration differentiates along the whole flow
  const int count = geometry_inputs(model_, data_.elements[static_cast<std::size_t>(e)], nq_, root_inputs_);
  if (count < 0) return {};
  return {root_inputs_, static_cast<std::size_t>(count)};
}

// A contact released on force ends at the first zero of min(δ, F): the force is taken over the element's secant
// stiffness at its deepest indentation so far, K δ_max^{n−1}, so that both terms are lengths of comparable size.
// Near a release F crosses zero a hair after δ ≈ F/k; with F in newtons the function's two sides differ in slope
// by orders of magnitude there and false position crawls (tens of evaluations per separation). The sign of the
// function, and so every event, is the same whatever the (positive) scale.
double RunOde::force_per_length(int e) const {
  const ContactPairModel& pair = *data_.elements[static_cast<std::size_t>(e)].pair;
  const double deepest = std::max(state_.contacts[static_cast<std::size_t>(e)].contact_max_indentation, 1e-12);
  const double stiffness = pair.stiffness * indentation_power(deepest, pair.exponent - 1.0);
  return std::isfinite(stiffness) && stiffness > 0.0 ? stiffness : 1.0;
}

void RunOde::measure_inactive_gaps(const double* y) {
  tree_kinematics(model_, q_of(y), v_of(y), data_);
  forget_evaluation();
  contact_gaps(model_, q_of(y), v_of(y), table_.inactive(), data_, end_gaps_.data());
  for (int e : table_.inactive()) {
    end_gaps_[static_cast<std::size_t>(e)] -= state_.contacts[static_cast<std::size_t>(e)].gap_offset;
  }
}

bool RunOde::update_end_gaps(double t, const double* y) {
  if (at_or_below_time_ == t) return true;
  if (table_.inactive().empty()) return false;
  measure_inactive_gaps(y);
  at_or_below_.clear();
  for (int e : table_.inactive()) {
    if (end_gaps_[static_cast<std::size_t>(e)] <= 0.0) at_or_below_.push_back(e);
  }
  at_or_below_time_ = t;
  return true;
}

}  // namespace contactlab
