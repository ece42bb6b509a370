// SPDX-License-Identifier: MIT
// The stages of one evaluation, in order: kinematics → contact geometry → contact forces → Jᵀf → dynamics → the forces
// that hold sticking contacts (engine/stick_force.h) → the loop constraints' forces (engine/loop_closure.h). The
// contact stages take each element through its kernels (engine/element_kernels.h).
#pragma once

#include <span>

#include "contact/contact_force.h"
#include "engine/data.h"
#include "engine/dynamics.h"
#include "engine/element_kernels.h"
#include "engine/kinematics.h"
#include "engine/loop_closure.h"
#include "engine/model.h"
#include "engine/state.h"
#include "engine/stick_force.h"

namespace contactlab {

// The geometry of the listed elements (indices into data.elements) by their kernels, at (q, v) after
// tree_kinematics or forward_kinematics.
void contact_geometry(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> elements, Data& data,
                      ContactVectors vectors = ContactVectors::kAll);

// The signed distance alone of the listed elements, for event functions (after tree_kinematics): gaps[e] for every
// listed e (indices into data.elements; data.geometry[e] of the elements without a closed-form gap gets
// overwritten). When most elements are listed, the entries of unlisted line elements may be overwritten too (with
// their gaps): the line kernel's gaps are one vectorised sweep (LineElements::runs).
void contact_gaps(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> elements, Data& data, double* gaps);

// Element e's law input at `time`: its geometry as the last contact stage or forward() left it (data.geometry[e]),
// its pair and its contact state. Not kept in Data: the right-hand side builds it for the law and drops it, and what
// reads it afterwards (the events, the energy checks, a law's state rates) builds it again from the same three.
inline ContactInput element_input(const Data& data, const PairState& state, std::size_t e, double time) {
  return contact_input(*data.elements[e].pair, state, data.geometry[e], time);
}

// Law forces of the listed active elements (after contact_geometry), mapped onto the bodies by their wrench kernels:
// spatial forces on the tree bodies (data.external_force), forces along the axis on sliders (data.slider_force),
// and their power (data.contact_power). Elements not listed keep their last data.contact_force.
void contact_forces(const Model& model, double time, std::span<const PairState> contacts, std::span<const int> active,
                    Data& data);

// contact_geometry() (ContactVectors::kSkipOnLine) and contact_forces() of the listed active elements in one pass,
// each element's geometry, law and loads in turn: the right-hand side's contact stage. Each element's power goes to
// powers[e] (null: data.contact_power), so that the right-hand side writes it straight into the ledger's rates.
void contact_stage(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                   const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
                   std::span<const int> active, Data& data, double* powers = nullptr);

// Active element e's geometry and normal force alone, as contact_stage leaves them in data.geometry[e] and
// data.contact_force[e], for an element without a tangential law: what its event functions read, without the loads
// of a stage (the root finder evaluates one function at a time). The tree kinematics must be current where the
// element's kernel reads the bodies' motion (needs_body_motion).
void element_normal_stage(const Model& model, double time, const double* q, const double* v, const PairState& state,
                          std::size_t e, Data& data);

// Generalized forces of the joints' force elements (springs, dampers, efforts) into data.tau: their entries only
// (the others are left as they are: zero, unless set by hand; forward() clears them). And the driven joints' q̈ at
// `time` into data.drive_qdd.
void joint_forces(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, Data& data);

// The right-hand side at (time, q, v) with the listed elements active: leaves q̈ in data.qdd and every active
// element's force in data.contact_force (and its geometry, without the line elements' normals and contact points:
// ContactVectors). Tree kinematics only (the sliders' data.motion entries are not updated).
void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
              std::span<const int> active, Data& data);

// The same with q̈ written to `qdd` instead of data.qdd, and the elements' powers to `powers` (null:
// data.contact_power; contact_stage). Inline: the right-hand side calls it at every evaluation, and a span handed on
// through an out-of-line call's stack arguments is re-read whole right after being written in halves (a
// store-forwarding stall of about 2 % of a chain's run).
inline void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
                     std::span<const int> active, Data& data, Eigen::Ref<Eigen::VectorXd> qdd,
                     double* powers = nullptr) {
  if (powers == nullptr) powers = data.contact_power.data();
  if (!model.tree_bodies.empty()) tree_kinematics(model, q, v, data);  // sliders only (a chain): nothing to do
  contact_stage(model, time, q, v, contacts, active, data, powers);
  joint_forces(model, time, q, v, data);
  forward_dynamics(model, data, SliderForces::kGeneralizedOnly, qdd);
  if (!data.held.empty()) hold_contacts(model, contacts, data, qdd.data(), powers);  // sticking contacts' forces
  if (!model.loops.empty()) data.loops_singular = !close_loops(model, data, q.data(), v.data(), qdd.data());
}

// The same with the active elements found in `contacts`.
void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts, Data& data);

// Everything at a State, for output and inspection: the kinematics of every body, the geometry of every element,
// the forces of the active ones (the others' data.contact_force is zero), the dynamics.
void forward(const Model& model, const State& state, Data& data);

}  // namespace contactlab
