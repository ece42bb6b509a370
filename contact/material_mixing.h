// SPDX-License-Identifier: MIT
// How one contact pair's elastic parameters follow from its two shapes and materials — one documented,
// tested place (docs/contact.md "Parameter mixing").
#pragma once

#include "contact/shape.h"

namespace contactlab {

// Compliance σ = (1 − ν²)/E of one material (0 for a rigid one) — Alves et al. (S000) Eq (4).
double material_compliance(const Material& material);

// Effective modulus E* with 1/E* = σ_a + σ_b [Pa]; infinite when both are rigid.
double effective_modulus(const Material& a, const Material& b);

// Effective radius R* = R_a R_b / (R_a + R_b) [m]; an infinite radius (flat) drops out, a negative one
// marks a concave surface (internal contact, e.g. a pin in a hole) — S001 after Eq (5.3).
double effective_radius(double radius_a, double radius_b);

// A pair's coefficient of restitution from its materials: the smaller of the two when both give one (the more
// dissipative surface governs; Box2D and PhysX mix with min/max rules in the same spirit), the one given when
// only one does, NaN when neither does.
double mixed_restitution(const Material& a, const Material& b);

// A pair's friction coefficient from its materials' (μ_k, or μ_s where a material gives one, else its μ_k): the
// geometric mean √(μ_a μ_b) when both give one, as Box2D mixes friction (a frictionless surface makes every pair it is
// in frictionless, and a material against itself keeps its own value), the one given when only one does, NaN when
// neither does.
double mixed_friction(const Material& a, const Material& b, bool at_rest);

// Hertz point-contact stiffness K = (4/3) E* √R* [N/m^1.5] — S000 Eq (3); S001 Eq (5.3), (5.5).
// Internal contact uses |R*|.
double hertz_stiffness(double effective_modulus, double effective_radius);

// The linear stiffness k [N/m] of a law that needs one (exponent 1), equivalent to a stiffness K [N/m^n] of exponent n
// (Hertz: n = 3/2) by equal maximum indentation in an elastic impact of mass m [kg] at speed v [m/s]. Energy:
// ½ m v² = K δ_K^{n+1}/(n+1) gives δ_K = ((n+1) m v²/(2K))^{1/(n+1)}; ½ m v² = ½ k δ_k² gives δ_k = v √(m/k).
// δ_k = δ_K makes k = m v²/δ_K² (for Hertz, (m v²)^{1/5} (4K/5)^{4/5}). Both impacts then store the same energy at
// the same depth; for Hertz the linear one lasts π√(m/k) against 2.9432 δ_K/v, 1.07 times as long.
double equivalent_linear_stiffness(double stiffness, double exponent, double mass, double speed);

}  // namespace contactlab
