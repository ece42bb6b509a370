// SPDX-License-Identifier: MIT
// A tangential (friction) force law: a small pure function plus the metadata that describes it, as force_law.h is
// for the normal force. A friction law sees one contact point's tangential motion and normal force, its parameters
// and its own state; never bodies, geometry or scene files.
//
// Conventions (docs/contact.md, "Friction"): vectors are world components of vectors in the contact plane (⊥ the
// unit normal n, which points from shape A to shape B). The slip velocity v_t is the velocity of B's contact point
// relative to A's, projected on the plane; the friction force is the force on B (A gets its opposite) and opposes
// the slip; the normal force N ≥ 0 is the normal law's (0 while it would pull). Laws are isotropic: a scalar
// nonlinearity of the slip speed s = |v_t| times a direction, never the 1-D law applied per axis (which would make
// the friction limit a square, √2 μN at 45°).
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <string_view>

#include "models/force_law.h"
#include "models/typed_law.h"

namespace contactlab {

// What the contact layer knows about one contact point's tangential motion at one instant.
struct FrictionInput {
  double slip_velocity[3] = {0.0, 0.0, 0.0};  // v_t [m/s], in the plane
  double slip_speed = 0.0;                    // s = |v_t| [m/s]
  double normal_force = 0.0;                  // N [N], ≥ 0
  double normal[3] = {0.0, 0.0, 1.0};         // n, from A to B
  // For laws that need it (kFrictionNeedsStickForce): the tangential force on B that keeps v_t from changing — the
  // contact's share of what holds it, from the dynamics (W_tt⁻¹ of the free tangential acceleration) [N].
  double stick_force[3] = {0.0, 0.0, 0.0};
};

// The friction force on B [N], in the plane, and its derivative along the slip direction (for implicit methods).
struct FrictionForce {
  double force[3] = {0.0, 0.0, 0.0};
  double dforce_dslip_speed = 0.0;  // ∂|F|/∂s [N·s/m]
};

enum FrictionNeeds : std::uint32_t {
  kFrictionNeedsNothing = 0,
  kFrictionNeedsStickForce = 1u << 0,  // FrictionInput::stick_force (Karnopp's band)
};

// How a law holds a contact that does not slip.
enum class Stiction : std::uint8_t {
  kNone,     // regularised: F → 0 as s → 0, a body under any tangential load creeps (slowly for a sharp law)
  kElastic,  // a bristle state holds the load with a small elastic displacement (Dahl, LuGre, elastoplastic)
  kBand,     // within a band of slip speeds the force balances the load up to the static limit (Karnopp)
  kExact,    // the engine holds v_t = 0 exactly while |F| ≤ static_limit, with stick and slip events (Coulomb)
};

// The force while slipping (and, for laws without exact stiction, always). `state` has state_size entries.
using FrictionFunction = FrictionForce (*)(const FrictionInput& input, const double* parameters, const double* state);
// The largest force a sticking contact can hold, μ_s N [N] (laws with exact stiction).
using StaticLimitFunction = double (*)(const FrictionInput& input, const double* parameters);
// The slip speed below which a band law (Stiction::kBand) holds the contact with the stick force [m/s].
using StickBandFunction = double (*)(const double* parameters);
// The rate of the law's continuous state (bristle deflections, 3 components in the plane), integrated with q, v.
using FrictionStateRateFunction = void (*)(const FrictionInput& input, const double* parameters, const double* state,
                                           double* rate);
// The elastic energy the state stores (bristles), for the ledger [J].
using FrictionPotentialFunction = double (*)(const FrictionInput& input, const double* parameters,
                                             const double* state);

struct FrictionLawInfo {
  std::string_view id;
  std::span<const std::string_view> aliases;
  std::string_view family;
  std::string_view formula;  // one line, plain text, 1-D; the law applies it along −t̂
  std::string_view source;   // paper and equation
  std::string_view notes;    // decisions, limits and corrections (docs/models.md)
  // As for normal laws: given parameters, then derived ones; roles say which is μ_s and which μ_k, so that the
  // materials' friction coefficients can supply them.
  std::span<const LawParameter> parameters;
  std::span<const LawParameter> derived;
  std::uint32_t needs = kFrictionNeedsNothing;
  Stiction stiction = Stiction::kNone;
  int state_size = 0;             // ≤ kMaxLawState
  int continuous_state_size = 0;  // of which the first ones are integrated (state_rate)
  FrictionFunction force = nullptr;
  PrepareFunction prepare = nullptr;
  StaticLimitFunction static_limit = nullptr;  // laws with Stiction::kExact or kBand
  StickBandFunction stick_band = nullptr;      // laws with Stiction::kBand
  FrictionStateRateFunction state_rate = nullptr;
  FrictionPotentialFunction potential = nullptr;
};

// The typed adapters of models/typed_law.h for friction laws' functions.
template <class P>
struct LawFunctionAdapter<FrictionForce (*)(const FrictionInput&, const P&, const double*)> {
  template <auto Force>
  static FrictionForce call(const FrictionInput& input, const double* parameters, const double* state) {
    return Force(input, load_parameters<P>(parameters), state);
  }
};

template <class P>
struct LawFunctionAdapter<double (*)(const FrictionInput&, const P&)> {
  template <auto Limit>
  static double call(const FrictionInput& input, const double* parameters) {
    return Limit(input, load_parameters<P>(parameters));
  }
};

template <class P>
struct LawFunctionAdapter<double (*)(const P&)> {
  template <auto Band>
  static double call(const double* parameters) {
    return Band(load_parameters<P>(parameters));
  }
};

template <class P>
struct LawFunctionAdapter<void (*)(const FrictionInput&, const P&, const double*, double*)> {
  template <auto StateRate>
  static void call(const FrictionInput& input, const double* parameters, const double* state, double* rate) {
    StateRate(input, load_parameters<P>(parameters), state, rate);
  }
};

template <class P>
struct LawFunctionAdapter<double (*)(const FrictionInput&, const P&, const double*)> {
  template <auto Potential>
  static double call(const FrictionInput& input, const double* parameters, const double* state) {
    return Potential(input, load_parameters<P>(parameters), state);
  }
};

// A force of magnitude `magnitude` against the slip (along −v_t/s), with its slope; zero when nothing slips.
inline FrictionForce against_slip(const FrictionInput& in, double magnitude, double slope) {
  FrictionForce out;
  if (!(in.slip_speed > 0.0)) return out;
  const double scale = -magnitude / in.slip_speed;
  for (int k = 0; k < 3; ++k) out.force[k] = scale * in.slip_velocity[k];
  out.dforce_dslip_speed = slope;
  return out;
}

// The part of a 3-vector in the contact plane: x − (x·n) n.
inline void in_plane(const FrictionInput& in, const double* x, double* out) {
  const double along = x[0] * in.normal[0] + x[1] * in.normal[1] + x[2] * in.normal[2];
  for (int k = 0; k < 3; ++k) out[k] = x[k] - along * in.normal[k];
}

}  // namespace contactlab
