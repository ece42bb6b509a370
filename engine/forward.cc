// SPDX-License-Identifier: MIT
#include "engine/forward.h"

#include "contact/contact_force.h"
#include "contact/friction_force.h"
#include "engine/dynamics.h"
#include "engine/element_kernels.h"
#include "engine/kinematics.h"
#include "engine/stick_force.h"
#include "models/assert.h"

namespace contactlab {
namespace {

// The loads of the last evaluation gone (the tree bodies' spatial forces and the sliders' forces) before a stage of
// the `active` elements. Against many sliders, a stage of few elements lists the sliders' velocities they may load
// (Data::loaded_sliders: their pairs' bodies that are sliders), so that neither the next clearing nor the dynamics
// passes over every slider: a 10 000-bead chain's right-hand side has a handful of contacts (8 % off its run). With
// more than 1/32 as many elements as sliders the vectorised passes cost less than the list (a 70-bead chain's 5
// contacts: 3 % more with the list).
void clear_contact_loads(const Model& model, std::span<const int> active, Data& data) {
  for (int body : model.tree_bodies) data.external_force[static_cast<std::size_t>(body)].setZero();
  if (model.sliders.size() == 0) return;
  if (data.loaded_sliders_listed) {
    for (int v : data.loaded_sliders) data.slider_force[v] = 0.0;
  } else {
    data.slider_force.setZero();
  }
  data.loaded_sliders.clear();
  data.loaded_sliders_listed = 32 * active.size() < model.sliders.size();
  if (!data.loaded_sliders_listed) return;
  for (int e : active) {
    const ContactPairModel& pair = *data.elements[static_cast<std::size_t>(e)].pair;
    for (int body : {pair.body_a, pair.body_b}) {
      const int slider = body > 0 ? model.slider_of_body[static_cast<std::size_t>(body)] : -1;
      if (slider >= 0) data.loaded_sliders.push_back(model.sliders.v_index[static_cast<std::size_t>(slider)]);
    }
  }
}

// Active element e's law force from data.geometry[e], into data.contact_force[e] (F alone: nothing in a run reads the
// law's partials, so they are not evaluated). The law's input is built on the stack and dropped (element_input): kept
// in Data it cost a 70-bead chain's run 3 % in stores that only the step's last evaluation needed.
inline double law_force(double time, const PairState& state, std::size_t e, Data& data) {
  const ContactPairModel& pair = *data.elements[e].pair;
  const double force = pair_force_value(pair, state, contact_input(pair, state, data.geometry[e], time));
  data.contact_force[e] = force;
  return force;
}

// Active element e's whole force: the law's normal force and, with a tangential law, the friction force its normal
// force allows at its slip (data.frames[e], from element_geometry), kept in data.friction_input[e] and
// data.friction_force[e].
inline ElementForce element_force(double time, const PairState& state, std::size_t e, Data& data) {
  const ElementForce force{law_force(time, state, e, data)};
  const ContactElement& element = data.elements[e];
  if (element.tangential_law == nullptr) return force;
  FrictionInput& input = data.friction_input[e];
  input = friction_input(data.geometry[e].normal, data.frames[e].slip_velocity, force.normal);
  const Stiction stiction = element.tangential_law->stiction;
  if (stiction == Stiction::kExact || stiction == Stiction::kBand) {
    if (holds_contact(element, state, input)) {  // its force comes after the dynamics (hold_contacts)
      data.held.push_back(static_cast<int>(e));
      data.friction_force[e].setZero();
      return force;
    }
    // A slip just begun, still round-off: the law slides along the direction the slip began in.
    if (stiction == Stiction::kExact && input.slip_speed < kRoundOffSlipSpeed) {
      for (int k = 0; k < 3; ++k) input.slip_velocity[k] = kRoundOffSlipSpeed * state.slip_direction[k];
      input.slip_speed = kRoundOffSlipSpeed;
    }
  }
  data.friction_force[e] = pair_friction_force(*element.pair, state, input);
  return {force.normal, data.friction_force[e]};
}

// The contact stage of the line kernel's whole elements (LineElements::Row::whole: a chain's are all of its elements)
// from the start of `active` on, as long as they come: the number done. Each element's scalars, its law and its two
// sliders' loads in one pass. The arrays are taken out of data once, in a function of its own: after the law's call
// through a pointer the compiler must read every array of data again, and in the contact stage's loop, with its
// other paths, it kept them on the stack (a 70-bead dissipative chain has some forty such elements per right-hand
// side: 5 % of its run's instructions).
std::size_t line_stage(double time, const double* q, const double* v, const PairState* states,
                       std::span<const int> active, Data& data, double* powers, bool& all_finite) {
  const LineElements::Row* rows = data.line_elements.rows.data();
  PairGeometry* geometry = data.geometry.data();
  double* forces = data.contact_force.data();
  double* slider_force = data.slider_force.data();
  bool finite = true;
  std::size_t done = 0;
  for (; done < active.size(); ++done) {
    const auto e = static_cast<std::size_t>(active[done]);
    const LineElements::Row& row = rows[e];
    if (!row.whole) break;
    PairGeometry& at = geometry[e];
    // Its side is not kept (LineElements::side): its loads are applied here, where only LineKernel::apply reads it.
    const double side = LineKernel::gap_and_rate(row, q, v, at);
    const PairState& state = states[e];
    CONTACTLAB_ASSERT(state.active, "contact_stage: the elements listed are active");
    const double force = active_pair_force_value(*row.pair, state, contact_input(*row.pair, state, at, time));
    finite &= std::isfinite(force);
    forces[e] = force;
    LineKernel::load(row, side, force, slider_force);
    powers[e] = force * at.normal_velocity;
  }
  all_finite &= finite;
  return done;
}

}  // namespace

void contact_gaps(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> elements, Data& data, double* gaps) {
  const LineElements& lines = data.line_elements;
  const double* coordinates = q.data();
  const std::size_t table = data.elements.size();
  // Most elements asked for (every inactive element at a step's end): every line element's gap in one sweep, the
  // runs of consecutive beads vectorised (LineElements::Run), without branches or the list's indirection; the line
  // elements not listed get theirs too.
  const bool sweep = lines.count > 0 && 2 * elements.size() >= table;
  if (sweep) {
    for (const LineElements::Run& run : lines.runs) {
      const auto n = static_cast<Eigen::Index>(run.count);
      using Array = Eigen::Map<const Eigen::ArrayXd>;
      Eigen::Map<Eigen::ArrayXd>(gaps + run.first, n) =
          (Array(lines.offset.data() + run.first, n) + Array(coordinates + run.q_first + 1, n) -
           Array(coordinates + run.q_first, n)).abs() - Array(lines.reach.data() + run.first, n);
    }
    for (int e : lines.scattered) gaps[e] = LineKernel::gap(model, data, coordinates, v.data(), static_cast<std::size_t>(e));
    if (lines.count == table) return;  // a chain: nothing off the line
  }
  for (int index : elements) {
    const auto e = static_cast<std::size_t>(index);
    if (sweep && data.elements[e].geometry == ElementKernel::kLine) continue;  // swept above
    gaps[e] = element_gap(model, data, coordinates, v.data(), e);
  }
}

void contact_geometry(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> elements, Data& data,
                      ContactVectors vectors) {
  for (int e : elements) element_geometry(model, data, q.data(), v.data(), static_cast<std::size_t>(e), vectors);
}

void contact_forces(const Model& model, double time, std::span<const PairState> contacts, std::span<const int> active,
                    Data& data) {
  clear_contact_loads(model, active, data);
  data.held.clear();
  for (int index : active) {
    const auto e = static_cast<std::size_t>(index);
    data.contact_power[e] = apply_element_force(model, data, e, element_force(time, contacts[e], e, data));
  }
}

void element_normal_stage(const Model& model, double time, const double* q, const double* v, const PairState& state,
                          std::size_t e, Data& data) {
  CONTACTLAB_ASSERT(state.active && data.elements[e].tangential_law == nullptr,
                    "element_normal_stage: an active element without a tangential law");
  element_geometry(model, data, q, v, e, ContactVectors::kSkipOnLine);
  law_force(time, state, e, data);
}

void contact_stage(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                   const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
                   std::span<const int> active, Data& data, double* powers) {
  if (powers == nullptr) powers = data.contact_power.data();
  clear_contact_loads(model, active, data);
  data.held.clear();
  bool finite = true;
  for (std::size_t next = 0; next < active.size();) {
    next += line_stage(time, q.data(), v.data(), contacts.data(), active.subspan(next), data, powers, finite);
    if (next == active.size()) break;
    const auto e = static_cast<std::size_t>(active[next++]);
    const ContactElement& element = data.elements[e];
    // An element with a tangential law (its contact frame and slip too), or whose wrench row is not its geometry's:
    // each stage dispatched on its own.
    if (element.tangential_law != nullptr || element.wrench != element.geometry) {
      element_geometry(model, data, q.data(), v.data(), e, ContactVectors::kSkipOnLine);
      const ElementForce force = element_force(time, contacts[e], e, data);
      finite &= std::isfinite(force.normal);
      powers[e] = apply_element_force(model, data, e, force);
      continue;
    }
    // Otherwise one switch, the row's geometry, the law and the row's wrench inlined here in one pass (a dispatch
    // per stage costs the 70-bead chain's run 1 % more instructions).
    with_kernel(element.geometry, [&](auto kernel) {
      kernel.geometry(model, data, q.data(), v.data(), e, ContactVectors::kSkipOnLine);
      const double force = law_force(time, contacts[e], e, data);
      finite &= std::isfinite(force);
      kernel.apply(model, data, e, ElementForce{force});
      powers[e] = force * data.geometry[e].normal_velocity;
    });
  }
  data.contact_forces_finite = finite;
}

void joint_forces(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  // Only the force elements' entries are written: the others stay as they are, zero, without a pass over every
  // coordinate at every evaluation.
  for (int index : model.force_element_bodies) {
    const Joint& joint = model.bodies[static_cast<std::size_t>(index)].joint;
    data.tau[joint.v_index] = -joint.stiffness * (q[joint.q_index] - joint.rest_position) -
                              joint.damping * v[joint.v_index] + joint.effort(time);
  }
  for (int index : model.driven_bodies) {
    const Joint& joint = model.bodies[static_cast<std::size_t>(index)].joint;
    data.drive_qdd[joint.v_index] = joint.drive(time).acceleration;
  }
}

void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
              std::span<const int> active, Data& data) {
  evaluate(model, time, q, v, contacts, active, data, data.qdd);
}

void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts, Data& data) {
  data.pair_list.clear();
  for (std::size_t e = 0; e < data.elements.size(); ++e) {
    if (contacts[e].active) data.pair_list.push_back(static_cast<int>(e));
  }
  evaluate(model, time, q, v, contacts, data.pair_list, data);
}

void forward(const Model& model, const State& state, Data& data) {
  bind_pairs(model, state, data);
  forward_kinematics(model, state.q, state.v, data);
  data.pair_list.clear();
  for (std::size_t e = 0; e < data.elements.size(); ++e) data.pair_list.push_back(static_cast<int>(e));
  contact_geometry(model, state.q, state.v, data.pair_list, data);
  data.pair_list.clear();
  for (std::size_t e = 0; e < data.elements.size(); ++e) {
    if (state.contacts[e].active) {
      data.pair_list.push_back(static_cast<int>(e));
    } else {
      data.contact_force[e] = 0.0;
      data.friction_force[e].setZero();
      data.contact_power[e] = 0.0;
    }
  }
  contact_forces(model, state.time, state.contacts, data.pair_list, data);
  data.tau.setZero();
  joint_forces(model, state.time, state.q, state.v, data);
  forward_dynamics(model, data);
  if (!data.held.empty()) hold_contacts(model, state.contacts, data, data.qdd.data(), data.contact_power.data());
  if (!model.loops.empty()) data.loops_singular = !close_loops(model, data, state.q.data(), state.v.data(), data.qdd.data());
}

}  // namespace contactlab
