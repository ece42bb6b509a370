// SPDX-License-Identifier: MIT
// The isolated two-body impact of the papers (models.md §2.3–2.6) run through the engine, and restitution
// calibration on it: the value of one law parameter that makes that impact return a target coefficient of
// restitution.
//
// The impact: one body of mass m_eff on a prismatic joint along the normal of a fixed halfspace, no gravity,
// approaching at δ̇⁻ from a small gap. Nothing but the contact force acts, so the run is exactly
// m_eff δ̈ = −F(δ, δ̇, state), δ(0) = 0, δ̇(0) = δ̇⁻, and c = (separation speed)/δ̇⁻.
#pragma once

#include <span>
#include <string_view>

#include "contact/contact_model.h"
#include "engine/simulate.h"
#include "models/registry.h"

namespace contactlab {

// The contact of the isolated impact. Defaults: the two steel spheres of Wang et al. (S003 §3.4, models.md
// §5.4): E = 207 GPa, ν = 0.3, R = 20 mm, ρ = 7800 kg/m³, so m_eff = 0.130690 kg, R* = 0.01 m,
// E* = 113.736 GPa and K = (4/3)E*√R* = 1.5165e10 N/m^1.5.
struct IsolatedImpactSetup {
  double effective_mass = 0.130690;       // m_eff [kg]
  double effective_radius = 0.01;         // R* [m]
  double effective_modulus = 1.13736e11;  // E* [Pa]
  // k [N/m] for the laws that need exponent 1: S003's plastic stiffness K_p of the same spheres, so the
  // linear contact is as stiff as the real one once it has yielded.
  double linear_stiffness = 1.6383e8;
};

// The pair of an isolated impact: the law, its parameters compiled from `values` (compile_law_parameters: throws
// std::invalid_argument on a bad value), R*, E*, and K = (4/3)E*√R* with n = 3/2, or k with n = 1 for laws that
// require a linear stiffness.
ContactPairModel isolated_impact_pair(LawIndex law, std::span<const NamedValue> values,
                                      const IsolatedImpactSetup& setup = {});

struct IsolatedImpactOptions {
  double relative_tolerance = 1e-10;
  // Absolute tolerance on q and v as a fraction of the undamped maximum indentation x_H (q is the gap, so
  // the indentation is resolved to this fraction however small the impact).
  double absolute_tolerance_ratio = 1e-10;
  // Run length after touch, in undamped contact times 2 t_H of the pair's K, n (models.md §2.3). Free flight
  // after separation costs a few steps, so a generous value is cheap; it covers laws softer than K.
  double contact_times = 100.0;
  long max_steps = 1'000'000;
  double max_indentation_ratio = 0.1;  // δ/R* at which the run stops (SimulationOptions)
  double output_interval = 0.0;        // [s] between observer samples (0: only steps in contact and events)
  bool locate_force_peaks = true;      // IntegratorOptions::locate_force_peaks (max_force exact)
};

struct IsolatedImpactResult {
  SimulationResult simulation;
  bool separated = false;      // one impact, its contact ended within the run, and the body moves away
  ImpactRecord impact;         // the first impact (default-constructed if there was none)
  double restitution = 0.0;    // impact.restitution if separated, else 0 (no rebound within the run)
  double final_velocity = 0.0; // velocity of the body at the end of the run, > 0 moving away [m/s]
  double impact_energy = 0.0;  // ½ m_eff δ̇⁻² [J]
};

// Runs the isolated impact of `pair` (its law, parameters, K, n, R*, E*) for a body of mass `effective_mass`
// arriving at `impact_velocity` > 0. The body starts half an x_H away from the surface. `observer` sees every
// sample, as in simulate().
IsolatedImpactResult simulate_isolated_impact(const ContactPairModel& pair, double effective_mass,
                                              double impact_velocity, const IsolatedImpactOptions& options = {},
                                              const SampleObserver& observer = {});

struct CalibrationOptions {
  double restitution_tolerance = 1e-9;  // |c − target| at which the search stops
  int max_simulations = 200;
  // First value tried; 0 means automatic: the pair's current value if inside the parameter's range and not
  // on a bound, else its default if so, else 1 (in the parameter's SI unit); for a range open above, that value
  // is then rescaled (without simulating) until the law's damping force at the undamped maximum indentation
  // x_H and speed δ̇⁻ is about half its elastic force, so that a coefficient given in odd units (a dissipative
  // constant of 1e-6 s, a damping of 1e9 N·s/m^2.5) does not start the search far in the overdamped range.
  double initial_value = 0.0;
  // The runs: as simulate_isolated_impact's defaults, but without locating force peaks (c needs only the onset
  // and the separation, and each run is cheaper).
  IsolatedImpactOptions impact = [] {
    IsolatedImpactOptions options;
    options.locate_force_peaks = false;
    return options;
  }();
};

struct RestitutionCalibration {
  double value = 0.0;          // the parameter value found
  double restitution = 0.0;    // the restitution the isolated impact returns with it
  LawParameters parameters;    // the pair's parameters compiled with that value
  int simulations = 0;         // isolated impacts simulated
};

// A value strictly inside `parameter`'s range, for compiling a pair whose parameter is about to be calibrated
// (a scene may leave it out even if it is required): the default if it is inside, else 1 above the lower bound
// (in the parameter's SI unit) for a range open above, else the middle of the range.
double calibration_start_value(const LawParameter& parameter);

// Finds the value of the law parameter `parameter` of `pair` for which the isolated impact at
// `impact_velocity` with `effective_mass` returns `target_restitution` ∈ (0, 1); the other parameters keep the
// pair's values. Bracketing, then Brent's method on the simulated restitution, in a variable that maps onto the
// parameter's declared range: ln(p − min) for ranges open above (damping coefficients), the logit of the
// position for bounded ranges (a target restitution). A contact that does not end within the run counts as
// c = 0 (the bodies stick).
// The law's dissipation parameter (LawInfo::dissipation_parameter) with a range open above is a damping
// coefficient whose lower bound is the law without that dissipation: the elastic end. Its calibrated value is the
// first crossing of the target met walking up from that end (decade by decade from where c has levelled off, then
// Brent between the last point above the target and the first below; a minimum of c between grid points is
// located by golden section). A law whose c is not monotonic in the coefficient (Xiong's β1: past a minimum of c the
// contact stiffens and c rises again) thus gets the dissipative root, whatever the start value; a target that c
// reaches only where it rises with the dissipation (c already below it at the elastic end) is refused. A rigid impact's (LawInfo::impulsive) Newton restitution is the target itself.
// Relies on LawInfo::prepare writing only the derived parameters, so that the pair's
// given values are the scene's (tests/engine/law_invariants_test.cc checks it).
// Throws std::invalid_argument for an unknown parameter, a target outside (0, 1), a parameter the restitution
// does not depend on, a target the parameter's range cannot reach (the message gives the reachable c) or reaches only
// away from the elastic end, and
// std::runtime_error when a simulation fails (its message).
RestitutionCalibration calibrate_restitution(const ContactPairModel& pair, std::string_view parameter,
                                             double effective_mass, double impact_velocity,
                                             double target_restitution, const CalibrationOptions& options = {});

}  // namespace contactlab
