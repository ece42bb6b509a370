// SPDX-License-Identifier: MIT
// The run as the ODE its stepper integrates (engine/stepper.h). The integrated vector is
// y = [q | v | law states | W per element | W_joints | tangential integrals]: coordinates, velocities and the laws'
// integrated internal states (what the right-hand side reads: per element, its normal law's, then its friction
// law's), then the contact energy ledger, the work of the joint force elements and, per element with a friction law,
// its contact's friction work, slip distance and stick time since onset (PairState; quadratures: they never feed
// back).
//
// Event functions, up to four per contact element e, in blocks of one per element (E elements), so that every
// inactive element's gap lands in one dense block (the force-rate block only when force peaks are located, the
// stick block only when a friction law holds contacts, Stiction::kExact or kBand):
//   g[e]      inactive: the gap (onset);  active: δ, or min(δ, F/k) for laws that release on force (separation;
//             k: force_per_length())
//   g[E + e]  active: δ̇ (both crossings: maximum indentation, reload);  inactive: 1
//   g[2E + e] active: dF/dt (force peak), by a difference along the flow;  inactive: 1
//   stick     active, exact stiction: sticking, μ_s N − |f| (stick → slip); slipping, v_t·d, d the direction the slip
//             began in (slip → stick). A band law: s − D_v (both crossings: the band's edges). Otherwise 1.
// All but the δ̇ block and the band's report only crossings from + to −. The contact set and the stick states change
// only at these events, so the right-hand side is smooth between them.
#pragma once

#include <limits>
#include <span>
#include <string>
#include <vector>

#include "engine/data.h"
#include "engine/model.h"
#include "engine/pair_table.h"
#include "engine/run_monitor.h"
#include "engine/simulate.h"
#include "engine/spare_workspace.h"
#include "engine/state.h"
#include "engine/stepper.h"

namespace contactlab {

// Which event functions crossed zero at a located root (the stepper's roots_found): ±1 where one did, 0 elsewhere.
struct FoundRoots {
  std::span<const int> found;
  int elements = 0;
  bool peaks = false;    // the force-rate block exists
  int stick_block = -1;  // the stick block's place among the blocks (−1: none)
  int gap(int e) const { return found[static_cast<std::size_t>(e)]; }
  int rate(int e) const { return found[static_cast<std::size_t>(elements + e)]; }
  int peak(int e) const { return peaks ? found[static_cast<std::size_t>(2 * elements + e)] : 0; }
  int stick(int e) const { return stick_block >= 0 ? found[static_cast<std::size_t>(stick_block * elements + e)] : 0; }
};

// Whether a contact's δ̇⁻ is still to come as an event: a new impact whose closing speed still rises, under a law that
// reads δ̇⁻. Its rate function is then its closing acceleration, whose root is the largest closing speed
// (docs/contact.md, "A new impact through a contact").
inline bool largest_closing_ahead(const PairState& s, const LawInfo& law) {
  return s.new_impact && s.closing_rises && reads_impact_velocity(law);
}

class RunOde final : public OdeSystem {
 public:
  RunOde(const Model& model, const SimulationOptions& options, State& state, Data& data, const PairTable& table,
         const RunMonitor& monitor, SpareWorkspace& spare, IntegratorStats& stats);
  RunOde(const RunOde&) = delete;
  RunOde& operator=(const RunOde&) = delete;

  // Sizes and root directions for the run's table (after bind_pairs and the table's bind).
  void bind();

  int size() const override { return dynamic_size() + elements_ + 1 + kTangentialIntegrals * static_cast<int>(rubbing_.size()); }
  int dynamic_size() const override { return nq_ + nv_ + law_state_offset_.back(); }
  int coordinates() const override { return nq_; }
  int velocities() const override { return nv_; }
  int root_count() const override { return root_blocks() * elements_; }
  const int* root_directions() const override { return directions_.data(); }
  int rhs(double t, const double* y, double* ydot) override;
  int roots(double t, const double* y, const double* ydot, double* g, int only) override;
  std::span<const int> root_inputs(int i) override;
  void set_private_rate_buffers(bool is_private) override;
  // The joints' work, the tangential integrals and the ledger entries some rate buffer holds (RateBuffer::written);
  // null unless the buffers are private and every one filled is known.
  const std::vector<int>* held_quadratures() const;
  // Those, where they are fewer than an eighth of the quadratures; else null (all of them summed).
  const std::vector<int>* live_quadrature() override;
  void configuration_rate(const double* q, const double* v, double* qdot) override;

  // The parts of y.
  Eigen::Map<const Eigen::VectorXd> q_of(const double* y) const { return {y, nq_}; }
  Eigen::Map<const Eigen::VectorXd> v_of(const double* y) const { return {y + nq_, nv_}; }
  Eigen::Map<Eigen::VectorXd> q_of(double* y) const { return {y, nq_}; }
  Eigen::Map<Eigen::VectorXd> v_of(double* y) const { return {y + nq_, nv_}; }
  Eigen::Map<const Eigen::VectorXd> work_of(const double* y) const { return {y + dynamic_size(), elements_}; }
  Eigen::Map<Eigen::VectorXd> work_of(double* y) const { return {y + dynamic_size(), elements_}; }
  double joint_work_of(const double* y) const { return y[dynamic_size() + elements_]; }
  double& joint_work_of(double* y) const { return y[dynamic_size() + elements_]; }
  // y from a State (and the elements' onsets that the law-state rates read apart, which change only at the events
  // after which the run packs), and a State's time, q, v, ledgers and law states from y.
  void pack(const State& state, double* y);
  void unpack(double t, const double* y, State& state) const;
  void copy_law_states(const double* y, std::vector<PairState>& contacts) const;
  // The active elements' integrated states from y into state_: what evaluating and checking their forces reads. An
  // inactive element's PairState holds its states as of the last unpack (what reads them there unpacks first).
  void copy_active_law_states(const double* y);
  FoundRoots found_roots(std::span<const int> found) const {
    return {found, elements_, options_.integrator.locate_force_peaks, stick_events_ ? block(kStickRoot) : -1};
  }
  // Whether a friction law of the table holds contacts (the stick block exists).
  bool stick_events() const { return stick_events_; }

  // The stepper whose next step sets the force rate's difference (null: none yet).
  void set_stepper(const Stepper* stepper) { stepper_ = stepper; }
  // Why rhs() or roots() failed.
  const std::string& failure() const { return failure_; }

  // What data holds. The methods call rhs() at a step's end and then roots() there with the same vectors (the FSAL
  // stage of Dormand–Prince; the fixed-step methods likewise), so roots() can tell from (t, y, ẏ) that the
  // right-hand side's stages are current; an accepted step's end is then evaluated everywhere (holds_step_end).
  // Whatever else evaluates into data makes it forget.
  void forget_evaluation() {
    last_rhs_time_ = std::numeric_limits<double>::quiet_NaN();
    step_end_time_ = std::numeric_limits<double>::quiet_NaN();
  }
  bool holds_step_end(double t) const { return step_end_time_ == t; }
  // The tree kinematics and the active elements' contact stage at (t, y), as the right-hand side has them.
  void contact_stage_at(double t, const double* y) { contact_stage_at(t, y, table_.active(), data_); }

  // Every element's gap less its offset at the last step's end (roots(); the active ones': their onset functions),
  // and the inactive ones at or below zero there.
  std::span<const double> end_gaps() const { return end_gaps_; }
  std::span<const int> at_or_below() const { return at_or_below_; }
  // The inactive elements' gaps less their offsets at y, into end_gaps() (data: the tree kinematics there).
  void measure_inactive_gaps(const double* y);
  // end_gaps() and at_or_below() at (t, y), unless roots() left them there; false when no element is inactive.
  bool update_end_gaps(double t, const double* y);

 private:
  // The blocks of the event functions, one function per element in each; the force-rate block only when force
  // peaks are located, the stick block only when a law holds contacts.
  enum RootKind { kGapRoot, kRateRoot, kPeakRoot, kStickRoot };
  int block(RootKind kind) const {
    return kind == kStickRoot ? (options_.integrator.locate_force_peaks ? 3 : 2) : static_cast<int>(kind);
  }
  int root_blocks() const { return 2 + (options_.integrator.locate_force_peaks ? 1 : 0) + (stick_events_ ? 1 : 0); }
  int root_index(RootKind kind, int e) const { return block(kind) * elements_ + e; }
  // Whether element e has a force-rate function: its law's force peaks are not its maximum indentations, which the
  // rate function finds (and ContactEvents records the force there).
  bool own_peaks(int e) const {
    return !data_.elements[static_cast<std::size_t>(e)].normal_law->peak_at_max_indentation;
  }
  // Whether element e's rate function is its closing acceleration: a new impact whose closing speed still rises, under
  // a law that reads δ̇⁻, its largest (its δ̇⁻) then a root (docs/contact.md, "A new impact through a contact"; for
  // the other laws it is the record's alone, found on the steps' dense output).
  bool closing_rises(int e) const {
    const auto i = static_cast<std::size_t>(e);
    return state_.contacts[i].active && largest_closing_ahead(state_.contacts[i], *data_.elements[i].normal_law);
  }
  // Element e's stick function (data_: the right-hand side at the point, hold forces included).
  double stick_function(int e) const;
  // Whether an active element is held by exact stiction (its stick function needs the whole right-hand side).
  bool exact_stick_held() const;
  // Per element with a friction law (rubbing_[k]): friction work, slip distance and stick time, at
  // tangential_of(y) + kTangentialIntegrals k.
  static constexpr int kTangentialIntegrals = 3;
  double* tangential_of(double* y) const { return y + dynamic_size() + elements_ + 1; }
  const double* tangential_of(const double* y) const { return y + dynamic_size() + elements_ + 1; }
  const double* law_states_of(const double* y, int e) const {
    return y + nq_ + nv_ + law_state_offset_[static_cast<std::size_t>(e)];
  }
  double* law_states_of(double* y, int e) const { return y + nq_ + nv_ + law_state_offset_[static_cast<std::size_t>(e)]; }
  int continuous_size(int e) const {
    return law_state_offset_[static_cast<std::size_t>(e) + 1] - law_state_offset_[static_cast<std::size_t>(e)];
  }
  // Of which the normal law's; the rest is the friction law's.
  int normal_continuous_size(int e) const {
    return data_.elements[static_cast<std::size_t>(e)].normal_law->continuous_state_size;
  }
  // An element's integrated states between y and its PairState.
  void copy_into(const double* y, int e, PairState& contact) const;
  // The rates of the integrated states into ẏ (zero for a friction law's apart).
  void fill_law_state_rates(double t, const double* y, double* ydot);
  void copy_from(const PairState& contact, int e, double* y) const;
  double force_per_length(int e) const;
  void contact_stage_at(double t, const double* y, std::span<const int> elements, Data& data);
  // The ledger's part of ẏ made ready for the active elements' powers (the contact stage writes them there): zero at
  // every other element (RateBuffer); its first entry returned, element e's at [e].
  double* ledger_rates(double* ydot);

  const Model& model_;
  const SimulationOptions& options_;
  State& state_;
  Data& data_;
  const PairTable& table_;
  const RunMonitor& monitor_;
  SpareWorkspace& spare_;
  IntegratorStats& stats_;
  const Stepper* stepper_ = nullptr;
  int nq_;
  int nv_;
  int elements_ = 0;
  bool stick_events_ = false;
  // Force peaks located, and a law of the table whose force does not peak where its indentation does (LawInfo::
  // peak_at_max_indentation): only then is there a force-rate function to evaluate, and an evaluation behind it.
  bool force_peaks_ = false;
  std::vector<int> law_state_offset_;  // prefix sums of the laws' continuous state sizes
  // An element whose laws integrate a state, with what its normal law's rate reads apart (δ = 0, δ̇ = 0): the law,
  // its parameters and its input there (the pair's constants, the last onset's impact velocity and effective mass).
  // The rates of the many elements apart (a granular chain with such a law has one per bead) read this compact
  // record and their states in y, not their element, pair and PairState with the whole state copied there first (at
  // 10 000 beads that took 3/4 of the right-hand side).
  struct StatefulElement {
    int element = 0;
    const LawInfo* law = nullptr;  // the normal law (with no state of its own when only the friction law has one)
    const double* parameters = nullptr;
    ContactInput apart;       // its time since the onset set by the right-hand side
    double onset_time = 0.0;  // [s]
  };
  // Element e's record from its PairState (at bind() and at each pack(): the onset changes only at events).
  StatefulElement stateful_element(int e, const PairState& contact) const;
  std::vector<StatefulElement> stateful_;  // in element order
  std::vector<int> rubbing_;           // the elements with a friction law, in order
  std::vector<int> directions_;
  std::vector<int> tree_velocities_;   // indices of the tree bodies' velocities (the accelerations rhs() checks)
  std::vector<double> force_behind_;   // F at y − ε f, for the force-rate event functions
  std::vector<double> closing_behind_; // δ̇ at y − ε f, for the closing-acceleration functions (closing_rises)
  Eigen::VectorXd scratch_;            // f(t, y) when roots() is not given it
  // The ledger's rates are zero but at the active elements. With the method's rate buffers private
  // (set_private_rate_buffers), each buffer rhs() has filled remembers the elements it wrote, the only entries of its
  // ledger part to clear the next time, where the other zeros stay from its first fill: a 10 000-bead chain's few
  // contacts, not an 80 kB pass per evaluation.
  struct RateBuffer {
    const double* data = nullptr;
    std::vector<int> written;  // the elements whose ledger rates rhs() wrote into it last
    std::uint64_t version = 0; // the table's active_version() then
  };
  static constexpr std::size_t kRateBuffers = 16;  // more than any method uses; further buffers are cleared whole
  bool private_rate_buffers_ = false;
  bool unknown_rate_buffer_ = false;  // a buffer beyond kRateBuffers was filled: its entries are not known
  std::vector<RateBuffer> rate_buffers_;
  // What live_quadrature() returns: the joints' work and the tangential integrals, then the ledger entries of the
  // elements some buffer holds, kept as the buffers are filled — per element, how many buffers hold it and its
  // place in the list (−1: none) — so that a step asks for it at no cost.
  std::vector<int> live_quadrature_;
  std::vector<int> live_buffers_;
  std::vector<int> live_place_;
  void hold_live(int e);
  void release_live(int e);
  void forget_rate_buffers();
  Eigen::VectorXd behind_;             // y − ε f
  int root_inputs_[4] = {};            // what root_inputs() returns
  std::vector<double> end_gaps_;
  std::vector<int> at_or_below_;
  double at_or_below_time_ = std::numeric_limits<double>::quiet_NaN();
  double last_rhs_time_ = std::numeric_limits<double>::quiet_NaN();
  const double* last_rhs_state_ = nullptr;
  const double* last_rhs_rate_ = nullptr;
  double step_end_time_ = std::numeric_limits<double>::quiet_NaN();  // roots() evaluated everything at a step's end
  std::string failure_;
};

}  // namespace contactlab
