// SPDX-License-Identifier: MIT
// The tangential forces that hold contact points at rest (docs/contact.md, "Friction"): a sticking element of a law
// with exact stiction (Stiction::kExact, PairState::sticking) and an element of a band law inside its band
// (Stiction::kBand, slip speed below stick_band) get, instead of their law's sliding force, the force that keeps
// their slip velocity from changing, from the dynamics. For the h held points together, with their tangents t₁, t₂:
//   W f = −(a_t + v_t/τ),   W = J_t M⁻¹ J_tᵀ (2h × 2h, the tangential Delassus operator),
// a_t the points' tangential relative acceleration under every other force, and v_t/τ (exact stiction only) the decay
// of the round-off slip a held contact keeps, over τ = kStickDriftTime. W is built column by column from unit-force
// responses through the articulated-body algorithm (2h passes: O(h n)), and q̈ += M⁻¹ J_tᵀ f by superposition.
// Redundant points (a box's four corners: W has rank ≤ 5 of 8) leave friction statically indeterminate: the solve
// takes the forces of least Σ |f_i|²/N_i that hold, each point's share in proportion to its normal force N_i among the
// points between the same two bodies. A band law then gives its force of that stick
// force (clamped to μ_s N), and the held points get what the laws give.
#pragma once

#include <span>

#include "contact/contact_model.h"
#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

// The time over which a held contact's round-off slip decays [s]: short against any motion it could disturb, long
// against the steps the integrator takes in contact.
inline constexpr double kStickDriftTime = 1e-3;

// A slip speed below this is a held contact's round-off [m/s]: an element of an exact law slipping slower than this
// takes its slip direction from PairState::slip_direction.
inline constexpr double kRoundOffSlipSpeed = 1e-9;

// Whether the active element's tangential force is the holding force: exact stiction sticking, or a band law in its
// band. `input` is the element's friction input.
bool holds_contact(const ContactElement& element, const PairState& state, const FrictionInput& input);

// The forces of the held elements (data.held, listed by the contact stage) after forward_dynamics: into
// data.friction_force and data.friction_input's stick_force, their power into powers[e] (where the contact stage put
// the normal force's: data.contact_power unless the caller chose), and their effect into `qdd` (data.acceleration is
// left without it).
void hold_contacts(const Model& model, std::span<const PairState> contacts, Data& data, double* qdd, double* powers);

}  // namespace contactlab
