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

// The effective radius R* [m] of two convex surfaces touching at one point, each given by its principal curvatures
// (1/radius; 0 along a straight line) with the first principal directions of the two at `angle` [rad]: the radius
// of the sphere on a flat that has the same load–approach law F = (4/3) E* √R* δ^{3/2}. Hertz's elliptical contact
// (Johnson, Contact Mechanics, 1985, §4.1–4.2): the gap h = A x² + B y² with A + B = ½ (k_1a + k_1b + k_2a + k_2b)
// and B − A = ½ √((k_1a − k_1b)² + (k_2a − k_2b)² + 2 (k_1a − k_1b)(k_2a − k_2b) cos 2·angle); the contact ellipse's
// eccentricity e (m = e²) solves B/A = (E(e)/(1 − m) − K(e))/(K(e) − E(e)), and then F/δ^{3/2} = (2π/3) E*
// √((K − E)/(A m))/K^{3/2}, i.e. R* = (π²/4)(K − E)/(A m K³) — 1/(2A) for a circle. Two spheres give
// R_a R_b/(R_a + R_b); a sphere of radius r on the side of a cylinder of radius r (B/A = 2) 1.0201 × √(R′R″), the
// geometric mean of the principal relative radii R′ = 1/(2A), R″ = 1/(2B) that the circular formulas take for a
// mildly elliptical contact (Greenwood, J. Tribology 107 (1985) 501): that mean is 1 % off in force there, 11 % at
// B/A = 10 (a ball on a thin rod). Infinite where A = 0 (parallel cylinders: a line contact, not a point's).
double equivalent_radius(double curvature_1a, double curvature_1b, double curvature_2a, double curvature_2b,
                         double angle);

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
