// SPDX-License-Identifier: MIT
// The integrated vector is y = [q | v | law states | W per pair | W_joints]: coordinates, velocities and the
// laws' integrated internal states (what the right-hand side reads), then the contact energy ledger and the
// work of the joint force elements (quadratures: they never feed back).
//
// Event functions, up to three per contact pair p, in blocks of one per pair (P pairs), so that every inactive
// pair's gap lands in one dense block (the third block only when force peaks are located):
//   g[p]      inactive: the gap (onset);  active: δ, or min(δ, F/k) for laws that release on force (separation;
//             k: force_per_length())
//   g[P + p]  active: δ̇ (both crossings: maximum indentation, reload);  inactive: 1
//   g[2P + p] active: dF/dt (force peak), by a difference along the flow;  inactive: 1
// All but the δ̇ block report only crossings from + to −. The contact set changes only at these events, so the
// right-hand side is smooth between them. An event that changes the right-hand side (onset, separation, a law
// updating its history) restarts the integration from the located state; the others are only recorded.
#include "engine/simulate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <sstream>

#include "contact/contact_force.h"
#include "contact/contact_kinematics.h"
#include "contact/narrowphase.h"
#include "engine/dynamics.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/kinematics.h"
#include "engine/stepper.h"
#include "engine/tunnelling.h"
#include "models/indentation_power.h"

namespace contactlab {

namespace {

// The blocks of the event functions, one function per pair in each; the force-rate block only when force peaks
// are located (Run::root_blocks).
enum RootKind { kGapRoot = 0, kRateRoot = 1, kPeakRoot = 2 };

class Run final : public OdeSystem {
 public:
  Run(const Model& model, State& state, Data& data, const SimulationOptions& options, SimulationResult& result)
      : model_(model),
        state_(state),
        data_(data),
        options_(options),
        result_(result),
        nq_(model.nq),
        nv_(model.nv),
        tunnelling_(model),
        sample_(state) {
    bind_pairs(model_, state_, data_);
    layout();
    for (int b : model_.tree_bodies) {
      const Joint& joint = model_.bodies[static_cast<std::size_t>(b)].joint;
      for (int k = 0; k < joint.nv; ++k) tree_velocities_.push_back(joint.v_index + k);
    }
    slider_coordinate_ = Eigen::ArrayXd::Zero(nq_);
    for (int i : model_.sliders.q_index) slider_coordinate_[i] = 1.0;
  }

  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  void execute(const SampleObserver& observer);

  int size() const override { return dynamic_size() + pairs_ + 1; }
  int dynamic_size() const override { return nq_ + nv_ + law_state_offset_.back(); }
  int coordinates() const override { return nq_; }
  int velocities() const override { return nv_; }
  int root_count() const override { return root_blocks() * pairs_; }
  const int* root_directions() const override { return directions_.data(); }
  int rhs(double t, const double* y, double* ydot) override;
  int roots(double t, const double* y, const double* ydot, double* g, int only) override;
  std::span<const int> root_inputs(int i) override;
  double force_per_length(int p) const;
  void configuration_rate(const double* q, const double* v, double* qdot) override {
    configuration_derivative(model_, Eigen::Map<const Eigen::VectorXd>(q, nq_), Eigen::Map<const Eigen::VectorXd>(v, nv_),
                             Eigen::Map<Eigen::VectorXd>(qdot, nq_));
  }

 private:
  Eigen::Map<const Eigen::VectorXd> q_of(const double* y) const { return {y, nq_}; }
  Eigen::Map<const Eigen::VectorXd> v_of(const double* y) const { return {y + nq_, nv_}; }
  Eigen::Map<Eigen::VectorXd> q_of(double* y) const { return {y, nq_}; }
  Eigen::Map<Eigen::VectorXd> v_of(double* y) const { return {y + nq_, nv_}; }
  const double* law_states_of(const double* y, int p) const {
    return y + nq_ + nv_ + law_state_offset_[static_cast<std::size_t>(p)];
  }
  double* law_states_of(double* y, int p) const { return y + nq_ + nv_ + law_state_offset_[static_cast<std::size_t>(p)]; }
  Eigen::Map<const Eigen::VectorXd> work_of(const double* y) const { return {y + dynamic_size(), pairs_}; }
  Eigen::Map<Eigen::VectorXd> work_of(double* y) const { return {y + dynamic_size(), pairs_}; }
  double joint_work_of(const double* y) const { return y[size() - 1]; }
  double& joint_work_of(double* y) const { return y[size() - 1]; }
  int root_blocks() const { return options_.integrator.locate_force_peaks ? 3 : 2; }
  int root_index(RootKind kind, int p) const { return kind * pairs_ + p; }
  int continuous_size(int p) const {
    return law_state_offset_[static_cast<std::size_t>(p) + 1] - law_state_offset_[static_cast<std::size_t>(p)];
  }

  // What data_ holds. The methods call rhs() at a step's end and then roots() there with the same vectors (the
  // FSAL stage of Dormand–Prince; the fixed-step methods likewise), so roots() can tell from (t, y, ẏ) that the
  // right-hand side's stages are current; advance() then returns that very state, which check_step() uses.
  void forget_evaluation() {
    last_rhs_time_ = std::numeric_limits<double>::quiet_NaN();
    step_end_time_ = std::numeric_limits<double>::quiet_NaN();
  }
  void set_active(int p, bool active);

  const ContactPairModel& pair(int p) const { return *data_.elements[static_cast<std::size_t>(p)].pair; }
  int point(int p) const { return data_.elements[static_cast<std::size_t>(p)].point; }
  // "ground/box", or "ground/box point 3" for one of several contact points.
  std::string element_name(int p) const {
    const ContactPairModel& pm = pair(p);
    if (contact_points(model_.contact, pm) == 1) return pm.name;
    return pm.name + " point " + std::to_string(point(p));
  }
  void layout();
  void build_stepper(double t, double first_step);
  bool refresh_due();
  void refresh_pairs(double t, bool initial);
  void copy_law_states(const double* y, std::vector<PairState>& contacts) const;
  void contact_stage_at(double t, const double* y, std::span<const int> pairs, Data& data);
  void contact_stage_at(double t, const double* y) { contact_stage_at(t, y, active_, data_); }
  Data& behind_workspace();
  bool law_event(ContactEvent event, int p, double t);
  bool handle_events(double t);
  // Where an element found overlapping beyond its touch tolerance may engage: at the start (the scene put it
  // there) or nowhere (an onset the event functions missed: the run stops).
  enum class Overlap { kEngage, kFail };
  bool engage_touching(double t, std::span<const int> candidates, Overlap overlap);
  bool engage_after_step(double t);
  bool update_method(double t, double first_step);
  bool settle_method(double t);
  double explicit_stability_step() const;
  bool small_bounce(int p, double t);
  double closing_acceleration(int p, double t);
  std::vector<int> others_;  // scratch of small_bounce
  // ", or …" naming handovers when an active element belongs to a pair of several points, whose gaps may jump.
  std::string handover_cause() const {
    for (int p : active_) {
      if (contact_points(model_.contact, pair(p)) > 1) {
        return ", or a contact point's gap jumped: a manifold handover, docs/contact.md";
      }
    }
    return "";
  }
  double touch_tolerance(int p) const { return options_.overlap_tolerance * smaller_shape_size(p); }
  // The deepest indentation where element p's law holds: max_indentation_ratio of |R*| (Hertz theory, δ ≪ R*;
  // models.md §2.7), or of the smaller shape's size for a flat point (R* infinite: a corner on a face).
  double validity_depth(int p) const { return validity_depths_[static_cast<std::size_t>(p)]; }
  double restart_step() const;
  void start_contact(int p, double t);
  void end_contact(int p, double t, bool open);
  void apply_impulse(int p, double t, double normal_mass);
  // The smaller of the pair's two shapes' sizes (shape_size), computed per element at layout() and read from sizes_
  // by smaller_shape_size.
  double shape_size_of(int p) const {
    const ContactPairModel& pm = pair(p);
    return std::min(shape_size(model_.contact.shapes[static_cast<std::size_t>(pm.shape_a)]),
                    shape_size(model_.contact.shapes[static_cast<std::size_t>(pm.shape_b)]));
  }
  double smaller_shape_size(int p) const { return sizes_[static_cast<std::size_t>(p)]; }
  static void record_force(PairState& s, double force, const PairGeometry& geometry) {
    if (force <= s.max_force) return;
    s.max_force = force;
    s.indentation_at_max_force = -geometry.gap;
    s.velocity_at_max_force = geometry.normal_velocity;
  }
  double stepper_last_step_or(double fallback) const {
    const double last = stepper_ ? stepper_->last_step() : 0.0;
    return last > 0.0 ? last : fallback;
  }
  bool check_step(double t);
  bool check_halfspaces(double t);
  bool bound_step(double t, double bound);
  void emit_samples(double t_from, double t_to, const SampleObserver& observer);
  void emit(double t, const double* y, const SampleObserver& observer);
  void load_state(double t, const double* y);
  std::string describe(double t, int pair) const;
  void fail(std::string message);
  void warn_once(int pair, int kind, const std::string& message);

  const Model& model_;
  State& state_;
  Data& data_;
  const SimulationOptions& options_;
  SimulationResult& result_;
  int nq_;
  int nv_;
  int pairs_ = 0;
  int active_pairs_ = 0;
  int impacting_ = 0;                // active and not persistent (set_active)
  // A resting spell (update_method, settle_method): BDF tried window after window; declined, tried again after
  // kRetrySteps of the explicit method.
  enum class RestPhase { kNone, kTrying, kDeclined };
  static constexpr long kWindowSteps = 500;
  static constexpr long kRetrySteps = 10 * kWindowSteps;
  static constexpr double kGain = 10.0;
  struct Rest {
    RestPhase phase = RestPhase::kNone;
    double since = 0.0;          // start of the current window [s]
    long from_step = 0;          // result_.stats.steps then
    double explicit_step = 0.0;  // the explicit method's stability limit at rest (explicit_stability_step) [s]
  } rest_;
  bool resting_method_ = false;  // integrating with BDF
  std::vector<int> active_;          // indices of the active pairs, ascending
  std::vector<int> inactive_;        // and of the others
  std::vector<int> offset_pairs_;    // inactive pairs holding a residual-indentation offset (gap_offset < 0)
  std::vector<int> touching_;        // inactive pairs whose onset was just found
  std::vector<int> at_or_below_;     // inactive pairs with g ≤ 0 at the last step's end (roots())
  double at_or_below_time_ = std::numeric_limits<double>::quiet_NaN();
  std::vector<int> engaging_;        // scratch of engage_touching
  std::vector<double> touch_gaps_;   // per pair, scratch of engage_touching
  std::vector<int> touches_;         // impact records of contacts that only touched (dropped at the end)
  // Shapes that may collide with a halfspace but have no element against it in the table (an explicit pair list
  // without it, or a broadphase candidate not yet found): check_halfspaces() watches that none crosses it.
  std::vector<std::pair<int, int>> unpaired_halfspaces_;  // (halfspace, shape)
  std::vector<char> is_active_;
  std::vector<int> law_state_offset_;  // prefix sums of the laws' continuous state sizes
  std::vector<int> directions_;
  std::vector<int> roots_found_;
  std::vector<int> open_impact_;
  std::vector<double> force_behind_;  // F at y − ε f, for the force-rate event functions
  std::vector<double> gaps_;          // per pair, scratch of check_step
  int root_inputs_[4] = {};           // what root_inputs() returns
  std::vector<int> tree_velocities_;  // indices of the tree bodies' velocities (the accelerations rhs() checks)
  std::vector<unsigned> warned_;
  std::vector<Eigen::Isometry3d> reference_poses_;  // body poses at the last broadphase refresh
  Eigen::VectorXd reference_q_;                      // and coordinates
  Eigen::ArrayXd slider_coordinate_;                 // 1 at the sliders' coordinates, 0 at the others
  std::vector<double> body_reach_;                   // farthest point of a body's shapes from its origin [m]
  TunnellingBound tunnelling_;
  std::vector<double> end_gaps_;     // every inactive element's g at the last step's end (roots())
  std::vector<double> depths_;       // every element's element_depth_allowance (layout())
  std::vector<double> sizes_;        // every element's smaller shape size (shape_size_of) [m]
  std::vector<double> validity_depths_;  // every element's validity depth (layout()) [m]
  State sample_;
  std::unique_ptr<Stepper> stepper_;
  std::unique_ptr<Data> behind_data_;  // behind_workspace()
  Eigen::VectorXd y_;
  Eigen::VectorXd scratch_;
  Eigen::VectorXd behind_;
  Eigen::VectorXd sample_vector_;
  double last_rhs_time_ = std::numeric_limits<double>::quiet_NaN();
  const double* last_rhs_state_ = nullptr;
  const double* last_rhs_rate_ = nullptr;
  double step_end_time_ = std::numeric_limits<double>::quiet_NaN();  // roots() evaluated everything at a step's end
  std::string callback_failure_;
  long next_sample_ = 0;       // index of the next regular sample
  double first_sample_ = 0.0;  // t0
  double sample_time() const { return first_sample_ + static_cast<double>(next_sample_) * options_.output_interval; }
  double last_emitted_ = -1.0;
  double onset_step_ = 0.0;  // smallest suggested first step among contacts started at the last event
  double energy_scale_ = 0.0;
  double t_end_ = 0.0;
  double initial_total_energy_ = 0.0;
  bool has_efforts_ = false;
  bool failed_ = false;
};

int Run::rhs(double t, const double* y, double* ydot) {
  ++result_.stats.rhs_evaluations;
  const auto q = q_of(y);
  const auto v = v_of(y);
  copy_law_states(y, state_.contacts);
  evaluate(model_, t, q, v, state_.contacts, active_, data_, v_of(ydot));
  last_rhs_time_ = t;
  last_rhs_state_ = y;
  last_rhs_rate_ = ydot;
  step_end_time_ = std::numeric_limits<double>::quiet_NaN();
  if (model_.rate_is_velocity) {
    std::copy(y + nq_, y + nq_ + nv_, ydot);
  } else {
    configuration_derivative(model_, q, v, q_of(ydot));
  }
  auto work_rate = work_of(ydot);
  work_rate.setZero();
  if (law_state_offset_.back() > 0) std::fill(ydot + nq_ + nv_, ydot + dynamic_size(), 0.0);
  for (int p : active_) {
    const auto i = static_cast<std::size_t>(p);
    const double force = data_.contact_force[i].force;
    if (!std::isfinite(force)) {
      callback_failure_ = describe(t, p) + ": the contact force is not finite (NaN or Inf)";
      return -1;
    }
    work_rate[p] = data_.contact_power[i];
  }
  for (int p = 0; p < pairs_ && law_state_offset_.back() > 0; ++p) {
    if (continuous_size(p) == 0) continue;
    const auto i = static_cast<std::size_t>(p);
    const bool active = is_active_[i] != 0;
    const ContactPairModel& pair = this->pair(p);
    // While apart the law sees δ = 0 and δ̇ = 0 (its internal state relaxes on its own).
    ContactInput input = active ? data_.contact_input[i] : contact_input(pair, state_.contacts[i], PairGeometry{}, t);
    if (!active) {
      input.indentation = 0.0;
      input.normal_velocity = 0.0;
    }
    pair.law_info->state_rate(input, pair.parameters.values, state_.contacts[i].law_state, law_states_of(ydot, p));
  }
  // Power of the joint dampers and efforts (the conservative spring part is in the energy itself).
  double joint_power = 0.0;
  for (int b : model_.force_element_bodies) {
    const Joint& joint = model_.bodies[static_cast<std::size_t>(b)].joint;
    const double rate = v[joint.v_index];
    joint_power += (joint.effort(t) - joint.damping * rate) * rate;
  }
  joint_work_of(ydot) = joint_power;
  // Only the tree's accelerations can have become non-finite unseen: a slider's is a·g plus its forces over its
  // mass: the contact forces checked above, its joint's spring (finite at a finite q) and its damper and effort,
  // which are not finite exactly when the joint power is not.
  const double* qdd = ydot + nq_;
  double poison = joint_power * 0.0;  // x·0 is NaN exactly when x is not finite
  for (int i : tree_velocities_) poison += qdd[i] * 0.0;
  if (poison != 0.0) {
    callback_failure_ = describe(t, -1) + ": the generalized accelerations are not finite (NaN or Inf)";
    return -1;
  }
  return 0;
}

// Kinematics and the geometry and forces of the given active pairs at (t, y), as the right-hand side has them.
void Run::contact_stage_at(double t, const double* y, std::span<const int> pairs, Data& data) {
  copy_law_states(y, state_.contacts);
  tree_kinematics(model_, q_of(y), v_of(y), data);
  contact_stage(model_, t, q_of(y), v_of(y), state_.contacts, pairs, data);
}

// A second workspace for the force-rate event functions' evaluation behind the step's end, so that data_ keeps
// describing the end itself (which the right-hand side has usually just evaluated). Made at the first need.
Data& Run::behind_workspace() {
  if (!behind_data_) {
    behind_data_ = std::make_unique<Data>(model_);
    bind_pairs(model_, state_, *behind_data_);
  }
  return *behind_data_;
}

int Run::roots(double t, const double* y, const double* ydot, double* g, int only) {
  const int only_pair = only >= 0 ? only % pairs_ : -1;
  const bool current = ydot != nullptr && ydot == last_rhs_rate_ && y == last_rhs_state_ && t == last_rhs_time_;
  const bool peaks = options_.integrator.locate_force_peaks && impacting_ > 0 &&
                     (only < 0 || (only / pairs_ == kPeakRoot && is_active_[static_cast<std::size_t>(only_pair)]));
  // One function asked for (the root finder's evaluations): only its pair is evaluated, and nothing of an
  // inactive pair but its gap.
  const int single[] = {only_pair};
  const bool only_active = only_pair >= 0 && is_active_[static_cast<std::size_t>(only_pair)];
  const std::span<const int> stage = only_pair < 0 ? std::span<const int>(active_)
                                                   : std::span<const int>(single, only_active ? 1 : 0);
  double epsilon = 0.0;
  if (peaks) {
    // dF/dt ≈ [F(y) − F(y − ε f)] / ε along the flow, over a thousandth of the current step, the evaluation
    // behind in a workspace of its own: data_ describes y.
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
    Data& behind = behind_workspace();
    contact_stage_at(t - epsilon, behind_.data(), stage, behind);
    for (int p : stage) force_behind_[static_cast<std::size_t>(p)] = behind.contact_force[static_cast<std::size_t>(p)].force;
    if (at_y) {
      copy_law_states(y, state_.contacts);  // the evaluation behind left its own there
    } else {
      contact_stage_at(t, y, stage, data_);
    }
  } else if (!current) {
    if (!stage.empty() || only_pair < 0) {
      contact_stage_at(t, y, stage, data_);
    } else if (needs_body_motion(data_.elements[static_cast<std::size_t>(only_pair)].geometry)) {
      tree_kinematics(model_, q_of(y), v_of(y), data_);  // the gap below needs the bodies' motion
    }
  } else {
    copy_law_states(y, state_.contacts);
  }
  forget_evaluation();  // data_ no longer holds the accelerations of y
  double* gaps = g + root_index(kGapRoot, 0);
  double* rates = g + root_index(kRateRoot, 0);
  double* force_rates = options_.integrator.locate_force_peaks ? g + root_index(kPeakRoot, 0) : nullptr;
  // An active pair's three functions (an inactive pair's gap comes from contact_gaps, its other two are 1).
  auto fill_active = [&](int p) {
    const auto i = static_cast<std::size_t>(p);
    const PairGeometry& geometry = data_.geometry[i];
    const double indentation = -geometry.gap;
    const double force = data_.contact_force[i].force;
    if (!std::isfinite(force) || (peaks && !std::isfinite(force_behind_[i]))) {
      callback_failure_ = describe(t, p) + ": the contact force is not finite (NaN or Inf)";
      return -1;
    }
    const PairState& s = state_.contacts[i];
    if (s.persistent) {
      // Resting: no phase changes or force peaks; a separation decides between a micro-bounce and a lift-off.
      gaps[p] = indentation;
      rates[p] = 1.0;
      if (force_rates != nullptr) force_rates[p] = 1.0;
      return 0;
    }
    const bool on_force =
        pair(p).law_info->separation == Separation::kForce || pair(p).tension == TensionRule::kRelease;
    gaps[p] = on_force ? std::min(indentation, force / force_per_length(p)) : indentation;
    rates[p] = geometry.normal_velocity;
    // Laws with a force-free stretch inside the contact (leaving a permanent dent) have dF/dt ≡ 0 there: no
    // peak to find, and an identically zero function would stall the root finder.
    const bool force_plateau = force == 0.0 && force_behind_[i] == 0.0;
    if (force_rates != nullptr) force_rates[p] = peaks && !force_plateau ? (force - force_behind_[i]) / epsilon : 1.0;
    return 0;
  };
  // The gap of an inactive pair, less its residual-indentation offset.
  auto offset = [&](int p) {
    if (!is_active_[static_cast<std::size_t>(p)]) gaps[p] -= state_.contacts[static_cast<std::size_t>(p)].gap_offset;
  };
  if (only_pair >= 0) {
    step_end_time_ = std::numeric_limits<double>::quiet_NaN();  // data_ now holds this one pair only
    if (only_active) return fill_active(only_pair);
    contact_gaps(model_, q_of(y), v_of(y), single, data_, gaps);
    offset(only_pair);
    rates[only_pair] = 1.0;
    if (force_rates != nullptr) force_rates[only_pair] = 1.0;
    return 0;
  }
  contact_gaps(model_, q_of(y), v_of(y), inactive_, data_, gaps);
  if (ydot != nullptr) step_end_time_ = t;
  std::fill(rates, g + root_count(), 1.0);
  for (int p : active_) {
    if (fill_active(p) != 0) return -1;
  }
  for (int p : offset_pairs_) offset(p);
  if (ydot != nullptr) {
    at_or_below_.clear();
    // Usually no gap is at or below zero (an active element's function is its indentation): one vectorised test.
    const Eigen::Map<const Eigen::ArrayXd> all(gaps, pairs_);
    if (pairs_ > 0 && all.minCoeff() <= 0.0) {
      for (int p : inactive_) {
        if (gaps[p] <= 0.0) at_or_below_.push_back(p);
      }
    }
    std::copy(gaps, gaps + pairs_, end_gaps_.begin());
    at_or_below_time_ = t;
  }
  return 0;
}

// An element whose kernel reads only its sliders reads their coordinates and rates and nothing else, as long as no
// law integrates a state (roots() copies them all) and no force-rate function differentiates along the whole flow.
std::span<const int> Run::root_inputs(int i) {
  const int p = i % pairs_;
  const ContactElement& element = data_.elements[static_cast<std::size_t>(p)];
  if (needs_body_motion(element.geometry) || law_state_offset_.back() > 0) return {};
  if (i / pairs_ == kPeakRoot) return {};  // (the block exists only when peaks are located)
  std::size_t count = 0;
  for (int k : {element.shapes.slider_a, element.shapes.slider_b}) {
    if (k < 0) continue;
    root_inputs_[count++] = model_.sliders.q_index[static_cast<std::size_t>(k)];
    root_inputs_[count++] = nq_ + model_.sliders.v_index[static_cast<std::size_t>(k)];
  }
  return {root_inputs_, count};
}

// A contact released on force ends at the first zero of min(δ, F): the force is taken over the pair's secant
// stiffness at its deepest indentation so far, K δ_max^{n−1}, so that both terms are lengths of comparable size.
// Near a release F crosses zero a hair after δ ≈ F/k; with F in newtons the function's two sides differ in slope
// by orders of magnitude there and false position crawls (tens of evaluations per separation). The sign of the
// function, and so every event, is the same whatever the (positive) scale.
double Run::force_per_length(int p) const {
  const ContactPairModel& pm = pair(p);
  const double deepest = std::max(state_.contacts[static_cast<std::size_t>(p)].max_indentation, 1e-12);
  const double stiffness = pm.stiffness * indentation_power(deepest, pm.exponent - 1.0);
  return std::isfinite(stiffness) && stiffness > 0.0 ? stiffness : 1.0;
}

std::string Run::describe(double t, int pair) const {
  std::ostringstream out;
  out.precision(9);
  out << "t = " << t << " s";
  if (pair >= 0) {
    out << ", contact " << element_name(pair) << " (law " << this->pair(pair).law_info->id << ")";
  } else {
    bool first = true;
    for (int p = 0; p < pairs_; ++p) {
      if (!state_.contacts[static_cast<std::size_t>(p)].active) continue;
      out << (first ? ", active contacts: " : ", ") << element_name(p) << " (law " << this->pair(p).law_info->id << ")";
      first = false;
    }
    if (first) out << ", no active contact";
  }
  return out.str();
}

void Run::fail(std::string message) {
  failed_ = true;
  result_.status = SimulationStatus::kNumericalError;
  result_.message = std::move(message);
}

void Run::warn_once(int pair, int kind, const std::string& message) {
  unsigned& mask = warned_[static_cast<std::size_t>(pair)];
  if (mask & (1u << kind)) return;
  mask |= 1u << kind;
  result_.diagnostics.push_back(message);
}


void Run::load_state(double t, const double* y) {
  state_.time = t;
  state_.q = q_of(y);
  state_.v = v_of(y);
  state_.absorbed_work = work_of(y);
  state_.joint_work = joint_work_of(y);
  copy_law_states(y, state_.contacts);
}

void Run::copy_law_states(const double* y, std::vector<PairState>& contacts) const {
  if (law_state_offset_.back() == 0) return;  // no law integrates a state
  for (int p = 0; p < pairs_; ++p) {
    const int n = continuous_size(p);
    if (n == 0) continue;
    const double* source = law_states_of(y, p);
    std::copy(source, source + n, contacts[static_cast<std::size_t>(p)].law_state);
  }
}

// Reports an event to the pair's law; true when the law changed its state (and so the right-hand side).
bool Run::law_event(ContactEvent event, int p, double t) {
  const auto i = static_cast<std::size_t>(p);
  const ContactPairModel& pair = this->pair(p);
  if (pair.law_info->event == nullptr) return false;
  PairState& s = state_.contacts[i];
  const ContactInput input = contact_input(pair, s, data_.geometry[i], t);
  double before[kMaxLawState];
  std::copy(s.law_state, s.law_state + kMaxLawState, before);
  pair.law_info->event(event, input, pair.parameters.values, s.law_state);
  // Events may reset integrated law states: write them back into y.
  std::copy(s.law_state, s.law_state + continuous_size(p), law_states_of(y_.data(), p));
  return !std::equal(s.law_state, s.law_state + kMaxLawState, before);
}

void Run::start_contact(int p, double t) {
  const auto i = static_cast<std::size_t>(p);
  const ContactPairModel& pair = this->pair(p);
  const PairGeometry& geometry = data_.geometry[i];
  PairState& s = state_.contacts[i];
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
  const int first = p - point(p);
  const int count = geometry.gap < -touch_tolerance(p) ? contact_points(model_.contact, pair) : 0;
  for (int q = first; q < first + count; ++q) {
    const PairState& sibling = state_.contacts[static_cast<std::size_t>(q)];
    if (q != p && sibling.active && !sibling.impact_velocity_floored)
      s.impact_velocity = std::max(s.impact_velocity, sibling.impact_velocity);
  }
  const bool needs_impact_velocity = (pair.law_info->needs & kNeedsImpactVelocity) != 0;
  if (needs_impact_velocity && s.impact_velocity < model_.contact.impact_velocity_floor) {
    s.impact_velocity = model_.contact.impact_velocity_floor;
    s.impact_velocity_floored = true;
    std::ostringstream message;
    message << describe(t, p) << ": impact velocity " << geometry.normal_velocity
            << " m/s is below the floor " << model_.contact.impact_velocity_floor
            << " m/s; the law's damping uses the floor";
    warn_once(p, 0, message.str());
  }
  const double probe_mass = effective_mass(model_, data_, pair.body_a, geometry.point_a, pair.body_b, geometry.point_b,
                                           geometry.normal);  // leaves M⁻¹Jᵀ of a unit impulse in data_.probe_qdd
  s.effective_mass = pair.mass_rule == MassRule::kReduced ? pair.reduced_mass : probe_mass;
  if (pair.law_info->impulsive) {
    apply_impulse(p, t, probe_mass);
    return;
  }
  s.max_indentation = std::max(0.0, -geometry.gap);
  law_event(ContactEvent::kOnset, p, t);
  const ContactInput input = contact_input(pair, s, geometry, t);
  // Engaged at depth (an overlap at the start, a contact point handed over): the elastic energy it holds from the
  // start enters its ledger, so that W_dissipated = W − Σ elastic stays continuous. E(0) then counts it, and an
  // engagement later in the run shows in the energy balance as the energy it injects.
  const double stored = pair_elastic_energy(pair, s, input);
  if (stored != 0.0) {
    state_.absorbed_work[p] += stored;
    if (y_.size() == size()) work_of(y_.data())[p] = state_.absorbed_work[p];
    // Later in the run that energy comes from nowhere: beyond the energy tolerance the run cannot be trusted, and
    // the cause is this point, not the integrator.
    if (y_.size() == size() && stored > options_.energy_tolerance * energy_scale_) {
      std::ostringstream message;
      message << describe(t, p) << ": the contact point engaged " << -geometry.gap
              << " m deep, its elastic energy " << stored << " J appearing at once (more than "
              << options_.energy_tolerance << " of the energy scale " << energy_scale_
              << " J): the pair's contact points jumped (a manifold handover, docs/contact.md) or the onset was missed";
      fail(message.str());
    }
  }
  s.work_at_onset = state_.absorbed_work[p] - stored;  // the element's W_dissipated just before and after the onset
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
  ImpactRecord record;
  record.pair = pair.name;
  record.shape_a = pair.shape_a;
  record.shape_b = pair.shape_b;
  record.point = point(p);
  record.t_start = t;
  record.impact_velocity = geometry.normal_velocity;
  record.effective_mass = s.effective_mass;
  open_impact_[i] = static_cast<int>(result_.impacts.size());
  result_.impacts.push_back(record);
}

// The piecewise method: the impulse P = (1 + e) m_eff δ̇⁻ along the normal (m_eff along the normal through the
// tree, whatever the pair's mass rule, so that δ̇⁺ = −e δ̇⁻ exactly); Δq̇ = P M⁻¹Jᵀ. No contact phase follows.
void Run::apply_impulse(int p, double t, double normal_mass) {
  const auto i = static_cast<std::size_t>(p);
  const ContactPairModel& pair = this->pair(p);
  PairState& s = state_.contacts[i];
  const double restitution = pair.parameters.values[restitution_parameter(*pair.law_info)];
  const double approach = data_.geometry[i].normal_velocity;
  // A rigid impact whose rebound would not rise beyond round-off is a contact that persists (a body settling, a
  // pin pressed against its bore): impulses cannot hold it — they would chatter and let the shapes sink into each
  // other — so the run stops rather than go on with an answer that cannot be trusted.
  if (y_.size() == size()) {
    const double rebound = restitution * approach;
    const double closing = closing_acceleration(p, t);
    if (closing > 0.0 && rebound * rebound / (2.0 * closing) < touch_tolerance(p)) {
      std::ostringstream message;
      message << describe(t, p) << ": the contact persists (impact velocity " << approach << " m/s, rebound below "
              << touch_tolerance(p) << " m): the impulse method models impacts only — use a force law for a contact "
              << "that rests or stays pressed";
      fail(message.str());
      return;
    }
  }
  const double impulse = std::isfinite(normal_mass) ? (1.0 + restitution) * normal_mass * approach : 0.0;
  const double lost = 0.5 * normal_mass * approach * approach * (1.0 - restitution * restitution);
  state_.v += impulse * data_.probe_qdd;
  state_.absorbed_work[p] += std::isfinite(lost) ? lost : 0.0;
  if (y_.size() == size()) {  // during the run (at the start, y is built from state_ afterwards)
    v_of(y_.data()) = state_.v;
    work_of(y_.data()) = state_.absorbed_work;
  }
  s = PairState{};  // never active: the impact is over at once
  s.gap_offset = std::min(data_.geometry[i].gap, 0.0) - 1e-12 * std::max(std::abs(pair.effective_radius) , 1e-3);
  offset_pairs_.push_back(p);
  ImpactRecord record;
  record.pair = pair.name;
  record.shape_a = pair.shape_a;
  record.shape_b = pair.shape_b;
  record.point = point(p);
  record.t_start = t;
  record.t_end = t;
  record.impact_velocity = approach;
  record.separation_velocity = restitution * approach;
  record.restitution = restitution;
  record.effective_mass = normal_mass;
  record.impulse = impulse;
  record.dissipated_energy = std::isfinite(lost) ? lost : 0.0;
  result_.impacts.push_back(record);
  onset_step_ = onset_step_ > 0.0 ? onset_step_ : stepper_last_step_or(options_.duration * 1e-6);
}

void Run::end_contact(int p, double t, bool open) {
  const auto i = static_cast<std::size_t>(p);
  PairState& s = state_.contacts[i];
  const ContactPairModel& pair = this->pair(p);
  const PairGeometry& geometry = data_.geometry[i];
  ImpactRecord& record = result_.impacts[static_cast<std::size_t>(open_impact_[i])];
  const ContactInput input = contact_input(pair, s, geometry, t);
  record.t_end = t;
  record.open = open;
  record.separation_velocity = -geometry.normal_velocity;
  // A contact that began at rest (touching) has no restitution: the ratio to a round-off approach speed is noise.
  record.restitution = record.impact_velocity > model_.contact.impact_velocity_floor
                           ? record.separation_velocity / record.impact_velocity
                           : std::numeric_limits<double>::quiet_NaN();
  record.max_indentation = s.max_indentation;
  // Shapes that only touched, never pressing beyond round-off, made no impact: the record is dropped at the end.
  if (s.max_indentation <= touch_tolerance(p)) touches_.push_back(open_impact_[i]);
  record.max_force = s.max_force;
  record.min_force = s.min_force;
  record.compression_time = s.compression_time;
  record.indentation_at_max_force = s.indentation_at_max_force;
  record.velocity_at_max_force = s.velocity_at_max_force;
  // The change of W_dissipated = W − Σ elastic over the contact: a contact still open keeps its elastic energy, a
  // closed one has none left in E (a release on force leaves the elastic energy at release behind: it is lost).
  record.dissipated_energy = state_.absorbed_work[p] - s.work_at_onset - (open ? pair_elastic_energy(pair, s, input) : 0.0);
  if (s.min_force < 0.0) {
    std::ostringstream message;
    message << describe(record.t_start, p) << ": tension (attractive force down to " << s.min_force
            << " N) during the contact; the tension rule is "
            << (pair.tension == TensionRule::kClamp ? "clamp" : pair.tension == TensionRule::kRelease ? "release" : "allow");
    warn_once(p, 1, message.str());
  }
  if (!open) {
    law_event(ContactEvent::kSeparation, p, t);
    // Released on force with the shapes still overlapping: the residual indentation stays as an offset, and
    // the contact re-engages only when the indentation exceeds it again (models.md §7 decision 3). Either way the
    // onset function starts a touch tolerance above zero, not at it: a function starting at exactly zero shows no
    // sign change when it goes negative (the root finders take it as the root already handled), and shapes that
    // touch again within the next step would overlap unseen.
    s.gap_offset = std::min(geometry.gap, 0.0) - touch_tolerance(p);
    offset_pairs_.push_back(p);
    data_.contact_force[i] = {};
    s.active = false;
    s.persistent = false;
    s.compressing = false;
    open_impact_[i] = -1;
  }
}

// The events found at t; true when one of them changed the right-hand side, so that the integration must
// restart from y_ at t.
bool Run::handle_events(double t) {
  onset_step_ = 0.0;
  stepper_->roots_found(roots_found_.data());
  load_state(t, y_.data());
  // What the events need: the active pairs' contact stage, and the geometry of the pairs that touch now.
  contact_stage_at(t, y_.data());
  touching_.clear();
  for (int p : inactive_) {
    if (roots_found_[static_cast<std::size_t>(root_index(kGapRoot, p))] != 0) touching_.push_back(p);
  }
  contact_geometry(model_, q_of(y_.data()), v_of(y_.data()), touching_, data_);
  forget_evaluation();
  bool changed = false;
  for (int p = 0; p < pairs_; ++p) {
    const auto i = static_cast<std::size_t>(p);
    auto found = [&](RootKind kind) { return roots_found_[static_cast<std::size_t>(root_index(kind, p))]; };
    PairState& s = state_.contacts[i];
    if (found(kGapRoot) != 0) {
      ++result_.stats.events;
      changed = true;
      if (s.active && small_bounce(p, t)) {
        if (!s.persistent) {
          s.persistent = true;  // its bounces have died down: it rests (docs/contact.md, "Persistent contact")
        } else {
          changed = false;  // a micro-bounce of a resting contact: nothing changes
        }
      } else if (s.active) {
        end_contact(p, t, false);  // a separation, or a resting contact's lift-off
      } else {
        start_contact(p, t);
      }
      set_active(p, s.active);
      continue;
    }
    if (!s.active) continue;
    // A phase change: δ̇ from + to − (maximum indentation) or from − to + (compression again while in contact). The
    // same change found twice (a fixed-step method re-stepping to an event may meet it again just after) is one.
    const int rate = found(kRateRoot);
    if ((rate < 0 && s.compressing) || (rate > 0 && !s.compressing)) {
      ++result_.stats.events;
      const double indentation = -data_.geometry[i].gap;
      // A stroke that is a vanishing part of the contact's depth is the vibration of a contact at rest.
      const double stroke = std::abs(indentation - s.phase_indentation);
      s.phase_indentation = indentation;
      if (rate < 0) {
        if (s.compression_time == 0.0) s.compression_time = t - s.onset_time;
        s.compressing = false;
        s.max_indentation = std::max(s.max_indentation, indentation);
        changed = law_event(ContactEvent::kMaxIndentation, p, t) || changed;
      } else {
        s.compressing = true;
        changed = law_event(ContactEvent::kReload, p, t) || changed;
      }
      if (stroke < model_.contact.rest_stroke_ratio * s.max_indentation) {
        s.persistent = true;
        changed = true;
        set_active(p, true);
      }
    }
    if (options_.integrator.locate_force_peaks && found(kPeakRoot) != 0) {
      ++result_.stats.events;
      record_force(s, data_.contact_force[i].force, data_.geometry[i]);
    }
  }
  // Every other inactive element at zero gap engages too (a root at the step's start is not reported).
  if (engage_touching(t, inactive_, Overlap::kFail)) changed = true;
  if (changed) normalize_configuration(model_, q_of(y_.data()));
  return changed;
}

// Inactive elements at or below zero gap at an accepted step's end: a touch within round-off (a root exactly at
// the step's start is not reported), or a missed onset.
bool Run::engage_after_step(double t) {
  if (at_or_below_time_ != t) {
    if (inactive_.empty()) return false;
    gaps_.resize(static_cast<std::size_t>(pairs_));
    tree_kinematics(model_, q_of(y_.data()), v_of(y_.data()), data_);
    forget_evaluation();
    contact_gaps(model_, q_of(y_.data()), v_of(y_.data()), inactive_, data_, end_gaps_.data());
    at_or_below_.clear();
    for (int p : inactive_) {
      const auto i = static_cast<std::size_t>(p);
      end_gaps_[i] -= state_.contacts[i].gap_offset;
      if (end_gaps_[i] <= 0.0) at_or_below_.push_back(p);
    }
    at_or_below_time_ = t;
  }
  if (at_or_below_.empty()) return false;
  load_state(t, y_.data());
  onset_step_ = 0.0;
  return engage_touching(t, at_or_below_, Overlap::kFail) || failed_;
}

bool Run::engage_touching(double t, std::span<const int> candidates, Overlap overlap) {
  if (candidates.empty() || failed_) return false;
  const bool running = y_.size() == size();  // else the start: y_ is built from state_ afterwards
  const Eigen::Map<const Eigen::VectorXd> q(running ? y_.data() : state_.q.data(), nq_);
  const Eigen::Map<const Eigen::VectorXd> v(running ? y_.data() + nq_ : state_.v.data(), nv_);
  tree_kinematics(model_, q, v, data_);
  forget_evaluation();
  // The gaps first (a chain's in one vectorised sweep), then the geometry of those at or below zero only: after
  // every event all inactive elements are candidates, and few touch. (candidates may be inactive_, which
  // set_active rewrites, hence the copy.)
  contact_gaps(model_, q, v, candidates, data_, touch_gaps_.data());
  engaging_.clear();
  for (int p : candidates) {
    const auto i = static_cast<std::size_t>(p);
    if (touch_gaps_[i] - state_.contacts[i].gap_offset <= 0.0) engaging_.push_back(p);
  }
  if (engaging_.empty()) return false;
  contact_geometry(model_, q, v, engaging_, data_);
  bool engaged = false;
  for (int p : engaging_) {
    const auto i = static_cast<std::size_t>(p);
    PairState& s = state_.contacts[i];
    if (s.active) continue;
    const PairGeometry& geometry = data_.geometry[i];
    const double g = geometry.gap - s.gap_offset;
    if (g > 0.0) continue;
    const double tolerance = touch_tolerance(p);
    if (g >= -tolerance && !(geometry.normal_velocity > model_.contact.impact_velocity_floor)) {
      // Touching within round-off, at rest or moving apart: no impact yet. The onset function becomes the gap less
      // the tolerance below where it is now, so the contact begins when the shapes press into each other — with the
      // approach velocity they have then, not the round-off one of a touch at rest — and the offset is forgotten
      // once they are a tolerance apart.
      s.gap_offset = std::min(geometry.gap, 0.0) - tolerance;
      if (std::find(offset_pairs_.begin(), offset_pairs_.end(), p) == offset_pairs_.end()) offset_pairs_.push_back(p);
      continue;
    }
    if (g < -tolerance) {
      if (overlap == Overlap::kFail) {
        std::ostringstream message;
        message << describe(t, p) << ": the shapes overlap by " << -g << " m without an active contact (beyond the "
                << "touch tolerance " << tolerance << " m): an onset was missed";
        fail(message.str());
        return engaged;
      }
      std::ostringstream message;
      message << describe(t, p) << ": the shapes overlap by " << -g
              << " m at the start; the contact starts active, its elastic energy counted in E(0)";
      warn_once(p, 2, message.str());
    }
    ++result_.stats.events;
    start_contact(p, t);  // (an impulsive law changes the velocities instead)
    set_active(p, s.active);
    engaged = true;
  }
  return engaged;
}

// Whether the separation of active element p at (t, y_) is a small bounce: freed of its own force, the shapes
// would part at v_s = −δ̇ against a closing acceleration δ̈ > 0 and rise v_s²/(2 δ̈) apart, less than
// rest_bounce_ratio of the contact's deepest indentation — a vibration of the contact rather than a flight. δ̈ is
// the normal velocity's rate along the flow under the steady forces alone — gravity, the joints' force elements and
// the contacts already at rest, not the element's own force nor those of impacts under way, which are brief — by a
// forward difference over a thousandth of the last step, in the second workspace. It is not positive when nothing
// presses the shapes together (an isolated impact, bodies flying apart), and then the separation is a real one.
bool Run::small_bounce(int p, double t) {
  const auto i = static_cast<std::size_t>(p);
  const double speed = -data_.geometry[i].normal_velocity;
  const double height_bound = model_.contact.rest_bounce_ratio * state_.contacts[i].max_indentation;
  if (!(height_bound > 0.0)) return false;
  if (!(speed > 0.0)) return true;  // at touch, not moving apart
  const double closing = closing_acceleration(p, t);
  return closing > 0.0 && speed * speed / (2.0 * closing) < height_bound;
}

// δ̈ of element p at (t, y_) under the steady forces alone (small_bounce).
double Run::closing_acceleration(int p, double t) {
  const auto i = static_cast<std::size_t>(p);
  Data& free = behind_workspace();
  others_.clear();
  for (int k : active_) {
    if (k != p && state_.contacts[static_cast<std::size_t>(k)].persistent) others_.push_back(k);
  }
  const auto q = q_of(y_.data());
  const auto v = v_of(y_.data());
  Eigen::VectorXd& qdd = scratch_;  // (sized for y; its first nv entries)
  evaluate(model_, t, q, v, state_.contacts, others_, free, Eigen::Map<Eigen::VectorXd>(qdd.data(), nv_));
  const double step = stepper_ ? stepper_->last_step() : 0.0;
  const double epsilon = step > 0.0 ? 1e-3 * step : 1e-9;
  Eigen::VectorXd& moved = behind_;
  configuration_derivative(model_, q, v, Eigen::Map<Eigen::VectorXd>(moved.data(), nq_));
  for (int k = 0; k < nq_; ++k) moved[k] = q[k] + epsilon * moved[k];
  for (int k = 0; k < nv_; ++k) moved[nq_ + k] = v[k] + epsilon * qdd[k];
  tree_kinematics(model_, q_of(moved.data()), v_of(moved.data()), free);
  const int single[] = {p};
  contact_geometry(model_, q_of(moved.data()), v_of(moved.data()), single, free);
  return (free.geometry[i].normal_velocity - data_.geometry[i].normal_velocity) / epsilon;
}

// While every active contact rests and none impacts, an explicit method's step is bounded by the resting contacts'
// stiffness — stability, not accuracy: thousands of steps per second of a body lying still. BDF (CVODE) may then
// take the steps the slow motion allows: it does for a body on damped contacts that settle (a ball at rest: a few
// steps per second), not for a free body on several stiff contacts whose lightly damped vibrations, kept up at the
// tolerances' level by the integration's own errors, bound both methods' steps alike (docs/engine.md, "Resting
// contacts"). So BDF takes over at rest and is kept while its steps, window after window of kWindowSteps, average
// kGain times the explicit method's stability limit (a BDF step costs several right-hand sides): about 3.3/ω for
// Dormand–Prince, ω² = k/m_eff the stiffest resting contact's (k = n F_max/δ_max: its secant stiffness at its deepest
// times the exponent);
// else the explicit method comes back, and BDF is tried again after kRetrySteps (the vibration may have died down). update_method() follows the contacts' states (after events); settle_method() the
// steps. Both return true when they replaced the stepper (which then starts from y_ at t: no restart needed).
bool Run::update_method(double t, double first_step) {
  const IntegratorMethod method = options_.integrator.method;
  const bool explicit_adaptive = method == IntegratorMethod::kDormandPrince || method == IntegratorMethod::kArkodeDormandPrince;
  const bool resting = options_.integrator.bdf_at_rest && explicit_adaptive && active_pairs_ > 0 && impacting_ == 0;
  if (!resting) rest_.phase = RestPhase::kNone;
  if (resting == resting_method_ || (resting && rest_.phase == RestPhase::kDeclined)) return false;
  if (resting) rest_ = {RestPhase::kTrying, t, result_.stats.steps, explicit_stability_step()};
  resting_method_ = resting;
  load_state(t, y_.data());
  build_stepper(t, first_step);
  return true;
}

double Run::explicit_stability_step() const {
  double stiffest = 0.0;  // max ω² [1/s²]
  for (int p : active_) {
    const auto i = static_cast<std::size_t>(p);
    const PairState& s = state_.contacts[i];
    // The contact's secant stiffness at its deepest (it may be at δ = 0 now, after a micro-bounce).
    const double stiffness = pair(p).exponent * s.max_force / std::max(s.max_indentation, touch_tolerance(p));
    if (s.effective_mass > 0.0 && std::isfinite(s.effective_mass)) stiffest = std::max(stiffest, stiffness / s.effective_mass);
  }
  return stiffest > 0.0 ? 3.3 / std::sqrt(stiffest) : std::numeric_limits<double>::infinity();
}

bool Run::settle_method(double t) {
  if (rest_.phase == RestPhase::kNone) return false;
  const long steps = result_.stats.steps - rest_.from_step;
  if (rest_.phase == RestPhase::kDeclined) {
    // The vibration that held BDF back may have died down since: try it again now and then.
    if (steps < kRetrySteps) return false;
    rest_ = {RestPhase::kTrying, t, result_.stats.steps, rest_.explicit_step};
    resting_method_ = true;
    load_state(t, y_.data());
    build_stepper(t, stepper_->last_step());
    return true;
  }
  if (steps < kWindowSteps) return false;
  if ((t - rest_.since) / static_cast<double>(steps) >= kGain * rest_.explicit_step) {
    rest_ = {RestPhase::kTrying, t, result_.stats.steps, rest_.explicit_step};
    return false;
  }
  rest_ = {RestPhase::kDeclined, t, result_.stats.steps, rest_.explicit_step};
  resting_method_ = false;
  load_state(t, y_.data());
  build_stepper(t, rest_.explicit_step);
  return true;
}

// First step after an event: the last step taken, or a hundredth of the undamped Hertz contact time of a
// contact that just started (models.md §2.3), whichever is smaller. The adaptive methods' own restart guess
// can be orders of magnitude too large when a stiff contact has just switched on.
double Run::restart_step() const {
  const double last = stepper_->last_step();
  double step = last > 0.0 ? last : options_.duration * 1e-6;
  if (onset_step_ > 0.0) step = std::min(step, onset_step_);
  return step;
}

// No shape crosses a halfspace it may collide with but has no contact element against (data_ at y_(t)).
// Hands the tunnelling bound to the stepper; a fixed step longer than it stops the run (false).
bool Run::bound_step(double t, double bound) {
  if (is_fixed_step(options_.integrator.method) && options_.integrator.step > bound) {
    std::ostringstream message;
    message << describe(t, -1) << ": the fixed step " << options_.integrator.step << " s is longer than the " << bound
            << " s in which two shapes could pass through each other unseen (tunnelling): shorten integrator.step, "
            << "or use an adaptive method";
    fail(message.str());
    return false;
  }
  stepper_->limit_step(bound);
  return true;
}

bool Run::check_halfspaces(double t) {
  const std::vector<Shape>& shapes = model_.contact.shapes;
  for (const auto& [h, s] : unpaired_halfspaces_) {
    const Shape& halfspace = shapes[static_cast<std::size_t>(h)];
    const Shape& shape = shapes[static_cast<std::size_t>(s)];
    BodyMotion scratch_a, scratch_b;
    const Eigen::Isometry3d X_WH =
        body_motion(model_, data_, y_.data(), y_.data() + nq_, halfspace.body, scratch_a).pose * halfspace.pose;
    const Eigen::Isometry3d X_WS = body_motion(model_, data_, y_.data(), y_.data() + nq_, shape.body, scratch_b).pose * shape.pose;
    double lowest = std::numeric_limits<double>::infinity();
    PairGeometry geometry;
    for (int k = 0; k < contact_point_count(halfspace.type, shape.type); ++k) {
      narrowphase(halfspace, X_WH, shape, X_WS, k, data_.fcl.get(), h, s, geometry);
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

// Per-step bookkeeping and the numerical-trouble checks; false when the run must stop.
bool Run::check_step(double t) {
  // The State is brought up to date at events, refreshes and the end; here only its time and law states.
  state_.time = t;
  copy_law_states(y_.data(), state_.contacts);
  // roots() has usually just evaluated every pair at this very state (the step's end); otherwise what the checks
  // read: the active pairs' contact stage and the gaps of pairs holding an offset.
  if (step_end_time_ != t) {
    contact_stage_at(t, y_.data());
    forget_evaluation();
  }
  contact_gaps(model_, q_of(y_.data()), v_of(y_.data()), offset_pairs_, data_, gaps_.data());
  // Once the shapes have come apart (beyond round-off), a residual indentation left by a release or a touch is
  // forgotten: the next contact starts at touch again (g stays positive through the change, so no root is lost or
  // invented).
  std::erase_if(offset_pairs_, [&](int p) {
    PairState& s = state_.contacts[static_cast<std::size_t>(p)];
    if (is_active_[static_cast<std::size_t>(p)] || !(s.gap_offset < 0.0)) return true;
    if (gaps_[static_cast<std::size_t>(p)] <= touch_tolerance(p)) return false;
    s.gap_offset = 0.0;
    return true;
  });
  for (int p : active_) {
    const auto i = static_cast<std::size_t>(p);
    PairState& s = state_.contacts[i];
    const double indentation = -data_.geometry[i].gap;
    const double force = data_.contact_force[i].force;
    s.max_indentation = std::max(s.max_indentation, indentation);
    record_force(s, force, data_.geometry[i]);
    s.min_force = std::min(s.min_force, force);
    // The laws are point-contact laws for δ ≪ R* (Hertz theory; the papers' validity limit, models.md §2.7),
    // whether K comes from the materials or is given; a flat contact point (R* infinite: a corner on a face)
    // is bounded by the smaller shape's size instead.
    const double radius = std::abs(pair(p).effective_radius);
    const bool curved = std::isfinite(radius) && radius > 0.0;
    const double size = curved ? radius : smaller_shape_size(p);
    const double bound = validity_depth(p);
    if (std::isfinite(bound) && bound > 0.0 && indentation > bound) {
      std::ostringstream message;
      message << describe(t, p) << ": indentation " << indentation << " m exceeds " << options_.max_indentation_ratio
              << " of the " << (curved ? "effective radius " : "smaller shape's size ") << size
              << " m, where the law is valid (contact too soft, or the onset was missed)";
      fail(message.str());
      return false;
    }
  }
  if (!check_halfspaces(t)) return false;
  const Energy e = energy(model_, q_of(y_.data()), v_of(y_.data()), work_of(y_.data()).sum(), joint_work_of(y_.data()),
                          state_.contacts, data_, active_);
  energy_scale_ = std::max(energy_scale_, e.kinetic);
  result_.energy_scale = energy_scale_;
  // Without external work, E can only fall: contacts and dampers dissipate, nothing else acts.
  const double rise = e.total() - e.joint_work - initial_total_energy_;
  if (!has_efforts_ && rise > options_.energy_tolerance * energy_scale_) {
    std::ostringstream message;
    message << describe(t, -1) << ": the energy rose by " << rise << " J (" << rise / energy_scale_
            << " of the energy scale) with no external work: a law or the integrator adds energy" << handover_cause();
    fail(message.str());
    return false;
  }
  const double balance = std::abs(e.balance() - result_.initial_energy);
  result_.max_energy_balance_error = std::max(result_.max_energy_balance_error, balance);
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

void Run::emit(double t, const double* y, const SampleObserver& observer) {
  sample_.time = t;
  sample_.q = q_of(y);
  sample_.v = v_of(y);
  sample_.absorbed_work = work_of(y);
  sample_.joint_work = joint_work_of(y);
  sample_.dynamic_pairs = state_.dynamic_pairs;  // same pair table, or forward() would rebind data_ to another
  sample_.contacts = state_.contacts;
  copy_law_states(y, sample_.contacts);
  forward(model_, sample_, data_);
  forget_evaluation();
  observer(sample_, data_);
  last_emitted_ = t;
}

// Regular samples in (t_from, t_to], from the method's interpolant of the last step.
void Run::emit_samples(double t_from, double t_to, const SampleObserver& observer) {
  if (!observer || options_.output_interval <= 0.0) return;
  // Sample k at t0 + k·interval, not a running sum that drifts away from the grid.
  for (double next = sample_time(); next <= t_to; next = sample_time()) {
    if (next > t_from && stepper_->interpolate(next, sample_vector_.data())) emit(next, sample_vector_.data(), observer);
    ++next_sample_;
  }
}

void Run::set_active(int p, bool active) {
  is_active_[static_cast<std::size_t>(p)] = active ? 1 : 0;
  active_.clear();
  inactive_.clear();
  impacting_ = 0;
  for (int i = 0; i < pairs_; ++i) {
    const bool on = is_active_[static_cast<std::size_t>(i)] != 0;
    (on ? active_ : inactive_).push_back(i);
    if (on && !state_.contacts[static_cast<std::size_t>(i)].persistent) ++impacting_;
  }
  active_pairs_ = static_cast<int>(active_.size());
}

// Sizes and root directions for the current table of elements (data_.elements).
void Run::layout() {
  pairs_ = static_cast<int>(data_.elements.size());
  const auto n = static_cast<std::size_t>(pairs_);
  law_state_offset_.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    law_state_offset_[i + 1] = law_state_offset_[i] + data_.elements[i].normal_law->continuous_state_size;
  }
  directions_.assign(static_cast<std::size_t>(root_blocks()) * n, -1);
  for (int p = 0; p < pairs_; ++p) directions_[static_cast<std::size_t>(root_index(kRateRoot, p))] = 0;  // both phase changes
  roots_found_.assign(static_cast<std::size_t>(root_blocks()) * n, 0);
  force_behind_.assign(n, 0.0);
  gaps_.assign(n, 0.0);
  end_gaps_.assign(n, 0.0);
  touch_gaps_.assign(n, 0.0);
  sizes_.resize(n);
  validity_depths_.resize(n);
  depths_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    sizes_[i] = shape_size_of(static_cast<int>(i));
    // The laws hold for δ ≤ max_indentation_ratio |R*| (Hertz theory, δ ≪ R*; models.md §2.7), or of the smaller
    // shape's size for a flat point (R* infinite: a corner on a face).
    const double radius = std::abs(data_.elements[i].pair->effective_radius);
    const bool curved = std::isfinite(radius) && radius > 0.0;
    validity_depths_[i] = options_.max_indentation_ratio * (curved ? radius : sizes_[i]);
    depths_[i] = element_depth_allowance(model_, *data_.elements[i].pair, validity_depths_[i]);
  }
  at_or_below_time_ = std::numeric_limits<double>::quiet_NaN();
  if (behind_data_) bind_pairs(model_, state_, *behind_data_);
  unpaired_halfspaces_.clear();
  std::vector<PairKey> keys;
  for (const ContactElement& element : data_.elements) keys.push_back({element.pair->shape_a, element.pair->shape_b});
  std::sort(keys.begin(), keys.end());
  const std::vector<Shape>& shapes = model_.contact.shapes;
  for (std::size_t h = 0; h < shapes.size(); ++h) {
    if (shapes[h].type != ShapeType::kHalfspace) continue;
    for (std::size_t s = 0; s < shapes.size(); ++s) {
      const int a = static_cast<int>(h), b = static_cast<int>(s);
      if (s == h || !shapes_may_collide(model_.contact, a, b)) continue;
      if (!std::binary_search(keys.begin(), keys.end(), pair_key(model_.contact, a, b))) unpaired_halfspaces_.emplace_back(a, b);
    }
  }
  open_impact_.resize(n, -1);
  warned_.resize(n, 0);
  is_active_.assign(n, 0);
  offset_pairs_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    is_active_[i] = state_.contacts[i].active ? 1 : 0;
    if (!state_.contacts[i].active && state_.contacts[i].gap_offset < 0.0) offset_pairs_.push_back(static_cast<int>(i));
  }
  if (n > 0) {
    set_active(0, is_active_[0] != 0);
  } else {
    active_.clear();
    inactive_.clear();
    active_pairs_ = 0;
  }
  forget_evaluation();
}

// (Re)creates the integrated vector from state_ and a fresh stepper: at the start, and whenever the broadphase
// changes the pair table (and so the size of y).
void Run::build_stepper(double t, double first_step) {
  if (stepper_) stepper_->add_statistics(result_.stats);
  stepper_.reset();
  y_.resize(size());
  scratch_.resize(size());
  behind_.resize(size());
  sample_vector_.resize(size());
  q_of(y_.data()) = state_.q;
  v_of(y_.data()) = state_.v;
  work_of(y_.data()) = state_.absorbed_work;
  joint_work_of(y_.data()) = state_.joint_work;
  for (int p = 0; p < pairs_; ++p) {
    const PairState& s = state_.contacts[static_cast<std::size_t>(p)];
    std::copy(s.law_state, s.law_state + continuous_size(p), law_states_of(y_.data(), p));
  }
  behind_ = y_;
  IntegratorOptions integrator = options_.integrator;
  if (resting_method_) integrator.method = IntegratorMethod::kBdf;
  stepper_ = make_stepper(*this, integrator, t, y_.data(), t_end_);
  if (first_step > 0.0) stepper_->restart(t, y_.data(), first_step);
}

// Whether some shape may have moved by more than half the margin since the last refresh: only then can a pair
// outside the candidate list have come within reach. A body's shapes move at most |Δp| + ‖ΔR‖_F · reach.
bool Run::refresh_due() {
  if (!model_.contact.broadphase) return false;
  const double limit = 0.5 * model_.contact.margin;
  // Unit axes: a slider's coordinate is its displacement. Over every coordinate, masked, so that it vectorises.
  if (!model_.sliders.q_index.empty() &&
      ((q_of(y_.data()) - reference_q_).array().abs() * slider_coordinate_).maxCoeff() > limit) {
    return true;
  }
  for (int b : model_.tree_bodies) {
    const auto i = static_cast<std::size_t>(b);
    if (!(body_reach_[i] >= 0.0)) continue;  // no shapes
    const Pose& now = data_.motion[i].pose;
    const Pose& then = reference_poses_[i];
    const double moved = (now.translation() - then.translation()).norm();
    const double turned = (now.linear() - then.linear()).norm() * body_reach_[i];
    if (moved + turned > limit) return true;
  }
  return false;
}

// New pair table: the model's pairs, the dynamic pairs still in contact or holding law history, and the
// broadphase's candidates. Per-pair state and the ledger follow their pairs by key.
void Run::refresh_pairs(double t, bool initial) {
  forward_kinematics(model_, state_.q, state_.v, data_);
  forget_evaluation();
  update_shape_poses(model_, data_);
  reference_q_ = state_.q;
  reference_poses_.resize(data_.motion.size());
  for (std::size_t b = 0; b < data_.motion.size(); ++b) reference_poses_[b] = data_.motion[b].pose;
  std::vector<std::pair<int, int>> candidates;
  data_.broadphase->candidates(data_.shape_poses, candidates);
  std::map<PairKey, std::size_t> current;  // key -> index of its first entry (contact point 0) in the current table
  for (std::size_t i = 0; i < data_.elements.size(); ++i) {
    const ContactElement& element = data_.elements[i];
    if (element.point == 0) current[{element.pair->shape_a, element.pair->shape_b}] = i;
  }
  std::vector<PairKey> next;
  for (std::size_t i = data_.compiled_entries; i < data_.elements.size(); ++i) {
    const PairState& s = state_.contacts[i];
    const bool history = std::any_of(s.law_state, s.law_state + kMaxLawState, [](double x) { return x != 0.0; });
    if (s.active || history || open_impact_[i] >= 0) next.push_back({data_.elements[i].pair->shape_a, data_.elements[i].pair->shape_b});
  }
  for (const auto& [a, b] : candidates) {
    if (!shapes_may_collide(model_.contact, a, b)) continue;
    const PairKey key = pair_key(model_.contact, a, b);
    const auto found = current.find(key);
    if (found != current.end() && found->second < data_.compiled_entries) continue;  // a compiled pair
    next.push_back(key);
  }
  std::sort(next.begin(), next.end());
  next.erase(std::unique(next.begin(), next.end()), next.end());
  if (!initial && next == state_.dynamic_pairs) return;

  // Carry the per-entry state of the pairs that stay.
  const std::size_t fixed = data_.compiled_entries;
  std::vector<PairState> contacts(state_.contacts.begin(), state_.contacts.begin() + static_cast<long>(fixed));
  std::vector<double> work(state_.absorbed_work.data(), state_.absorbed_work.data() + fixed);
  std::vector<int> open(open_impact_.begin(), open_impact_.begin() + static_cast<long>(fixed));
  std::vector<unsigned> warned(warned_.begin(), warned_.begin() + static_cast<long>(fixed));
  for (const PairKey& key : next) {
    const auto found = current.find(key);
    const bool kept = found != current.end();
    const int points = contact_point_count(model_.contact.shapes[static_cast<std::size_t>(key.shape_a)].type,
                                           model_.contact.shapes[static_cast<std::size_t>(key.shape_b)].type);
    for (int k = 0; k < points; ++k) {
      const std::size_t from = kept ? found->second + static_cast<std::size_t>(k) : 0;
      contacts.push_back(kept ? state_.contacts[from] : PairState{});
      work.push_back(kept ? state_.absorbed_work[static_cast<Eigen::Index>(from)] : 0.0);
      open.push_back(kept ? open_impact_[from] : -1);
      warned.push_back(kept ? warned_[from] : 0u);
    }
  }
  state_.dynamic_pairs = std::move(next);
  state_.contacts = std::move(contacts);
  state_.absorbed_work = Eigen::Map<const Eigen::VectorXd>(work.data(), static_cast<Eigen::Index>(work.size()));
  bind_pairs(model_, state_, data_);
  layout();
  open_impact_ = std::move(open);
  warned_ = std::move(warned);
  ++result_.stats.broadphase_refreshes;
  if (!initial) {
    const double step = stepper_ ? stepper_->last_step() : 0.0;
    build_stepper(t, step);
  }
}

void Run::execute(const SampleObserver& observer) {
  const double t0 = state_.time;
  const double t_end = t0 + options_.duration;
  t_end_ = t_end;
  if (is_fixed_step(options_.integrator.method) && !(options_.integrator.step > 0.0)) {
    return fail("a fixed-step method needs a positive step");
  }
  normalize_configuration(model_, state_.q);
  if (model_.contact.broadphase) {
    body_reach_.assign(model_.bodies.size(), -1.0);
    for (const Shape& shape : model_.contact.shapes) {
      double& reach = body_reach_[static_cast<std::size_t>(shape.body)];
      reach = std::max(reach, shape.pose.translation().norm() + shape_extent(shape));
    }
    refresh_pairs(t0, true);
  }

  // Elements that touch or overlap at the start begin in contact (a root at t0 is not reported by the root
  // finders): touching is contact.
  layout();
  engage_touching(t0, inactive_, Overlap::kEngage);
  forward(model_, state_, data_);
  const Energy e0 = energy(model_, state_, data_);
  result_.initial_energy = e0.balance();
  initial_total_energy_ = e0.total() - e0.joint_work;
  for (const Body& body : model_.bodies) has_efforts_ = has_efforts_ || !body.joint.effort.is_zero();
  energy_scale_ = std::max({e0.kinetic, std::abs(e0.gravitational), std::abs(e0.total()), 1e-300});
  layout();
  build_stepper(t0, onset_step_ > 0.0 ? onset_step_ : 0.0);
  // The first step is bounded too, from the gaps and the bodies' speeds at t0.
  tree_kinematics(model_, q_of(y_.data()), v_of(y_.data()), data_);
  forget_evaluation();
  contact_gaps(model_, q_of(y_.data()), v_of(y_.data()), inactive_, data_, end_gaps_.data());
  for (int p : inactive_) end_gaps_[static_cast<std::size_t>(p)] -= state_.contacts[static_cast<std::size_t>(p)].gap_offset;
  if (!bound_step(t0, tunnelling_.next_step(model_, data_, t0, y_.data() + nq_, inactive_, end_gaps_.data(), depths_,
                                                     stepper_->current_step()))) return;

  first_sample_ = t0;
  next_sample_ = 0;
  if (observer) {
    emit(t0, y_.data(), observer);
    next_sample_ = 1;
  }
  double t = t0;
  while (!failed_) {
    const double t_previous = t;
    const bool any_active_before = impacting_ > 0;  // resting contacts add no rows of their own
    const Stepper::Outcome outcome = stepper_->advance(t_end, t, y_.data());
    if (outcome == Stepper::Outcome::kFailure) {
      std::string reason = callback_failure_;
      if (reason.empty()) {
        reason = describe(t, -1) + ": integrator failure (" + stepper_->message() +
                 ") — the step size collapsed or the step budget ran out";
      }
      fail(reason);
      break;
    }
    ++result_.stats.steps;
    if (resting_method_) ++result_.stats.resting_steps;
    if (result_.stats.steps > options_.integrator.max_steps) {
      std::ostringstream message;
      message << describe(t, -1) << ": the step budget of " << options_.integrator.max_steps
              << " steps ran out (integrator.max_steps; the step size may have collapsed)";
      fail(message.str());
      break;
    }
    if (outcome == Stepper::Outcome::kRoot) {
      emit_samples(t_previous, t, observer);
      if (handle_events(t) && !failed_ && !update_method(t, restart_step())) stepper_->restart(t, y_.data(), restart_step());
      if (observer) emit(t, y_.data(), observer);
      continue;
    }
    if (!check_step(t)) break;
    const bool engaged = engage_after_step(t);
    double step_bound = std::numeric_limits<double>::infinity();
    if (!engaged) {
      // data_ holds the tree kinematics at t (check_step) and end_gaps_ the inactive gaps (engage_after_step).
      step_bound = tunnelling_.next_step(model_, data_, t, y_.data() + nq_, inactive_, end_gaps_.data(), depths_,
                                         stepper_->current_step());
      if (!bound_step(t, step_bound)) break;
    }
    emit_samples(t_previous, t, observer);
    // After the samples: they interpolate the step just taken, which a new stepper would not know.
    if (!engaged && settle_method(t)) stepper_->limit_step(step_bound);
    if (engaged) {
      if (failed_) break;
      if (!update_method(t, restart_step())) stepper_->restart(t, y_.data(), restart_step());
      if (observer) emit(t, y_.data(), observer);
      continue;
    }
    if (observer && any_active_before && options_.output_steps_in_contact && last_emitted_ != t) emit(t, y_.data(), observer);
    if (outcome == Stepper::Outcome::kStop || t >= t_end) break;
    if (refresh_due()) {
      load_state(t, y_.data());
      refresh_pairs(t, false);
    }
  }
  load_state(t, y_.data());
  normalize_configuration(model_, state_.q);
  // The end state is always a sample, whether or not it falls on the output grid.
  if (observer && !failed_ && last_emitted_ != t) emit(t, y_.data(), observer);
  forward(model_, state_, data_);
  for (int p = 0; p < pairs_; ++p) {
    if (open_impact_[static_cast<std::size_t>(p)] >= 0) end_contact(p, t, true);
  }
  std::sort(touches_.begin(), touches_.end());
  for (auto k = touches_.rbegin(); k != touches_.rend(); ++k) result_.impacts.erase(result_.impacts.begin() + *k);
  result_.touches = static_cast<long>(touches_.size());
  result_.end_time = t;
  if (stepper_) stepper_->add_statistics(result_.stats);
}

}  // namespace

SimulationResult simulate(const Model& model, State& state, Data& data, const SimulationOptions& options,
                          const SampleObserver& observer) {
  SimulationResult result;
  Run run(model, state, data, options, result);
  run.execute(observer);
  return result;
}

}  // namespace contactlab
