// SPDX-License-Identifier: MIT
// Tests of models/poursina_nikravesh: F = c δ̇ + k δ^n released at F = 0, with the S002 Eq (49) damping
// c = α(n)(e^{β(n)} − 1)[k δ̇⁻^{n−1} m_eff^n]^{1/(n+1)} (models.md §3.C1). Oracles: the α, β values of §3.C1, S002
// Eq (52) and (57), the exact n = 1 restitution (corrected S002 Eq (55), models/kelvin_voigt_restitution.h), the
// two-pendulum first-impact numbers of §5.3, S002 Eq (51) and (33), and RK4 integration of the impact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "models/kelvin_voigt_restitution.h"
#include "models/registry.h"
#include "tests/models/impact_simulation.h"

namespace contactlab {
namespace {

using test_support::ImpactOutcome;
using test_support::ImpactSetup;

const LawInfo& law_by_id(std::string_view id) {
  const LawIndex index = find_law(id);
  if (index < 0) throw std::invalid_argument("law not registered: " + std::string(id));
  return law_info(index);
}

const LawInfo& poursina_nikravesh() { return law_by_id("poursina_nikravesh"); }

LawParameters compile_with_restitution(double restitution) {
  const NamedValue values[] = {{"restitution", restitution}};
  return compile_law_parameters(poursina_nikravesh(), values);
}

ContactInput make_input(const ImpactSetup& s, double indentation, double normal_velocity) {
  ContactInput in;
  in.indentation = indentation;
  in.normal_velocity = normal_velocity;
  in.impact_velocity = s.impact_velocity;
  in.effective_mass = s.effective_mass;
  in.stiffness = s.stiffness;
  in.exponent = s.exponent;
  return in;
}

// The law's force once its onset event has computed c from the input's δ̇⁻ and m_eff.
ContactForce pn_force(const ContactInput& in, const LawParameters& parameters) {
  double state[kMaxLawState] = {};
  poursina_nikravesh().event(ContactEvent::kOnset, in, parameters.values, state);
  return poursina_nikravesh().force(in, parameters.values, state);
}

// The law's damping coefficient c for this contact: ∂F/∂δ̇ = c at any δ > 0.
double damping_of(const ImpactSetup& s, double restitution) {
  return pn_force(make_input(s, 1e-9, 0.0), compile_with_restitution(restitution))
      .dforce_dnormal_velocity;
}

// Message of the std::invalid_argument thrown by `action`, or "" when none is thrown.
template <typename Action>
std::string invalid_argument_message(Action action) {
  try {
    action();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return {};
}

// RK4 step. The force jumps to c δ̇⁻ at first touch while the law returns 0 at δ = 0, so RK4's first stage misses
// it: a first-order error Δv/δ̇⁻ ≈ h c/(6 m). `onset_error` bounds that; 1e-3 t_H bounds the ordinary RK4 error.
double time_step(const ImpactSetup& s, double restitution, double onset_error) {
  const double c = damping_of(s, restitution);
  const double t_h = test_support::hertz_compression_time(s);
  return c > 0.0 ? std::min(1e-3 * t_h, 6.0 * onset_error * s.effective_mass / c) : 1e-3 * t_h;
}

ImpactOutcome simulate(const ImpactSetup& s, double restitution, double onset_error = 1e-6) {
  return test_support::simulate_isolated_impact(poursina_nikravesh(), compile_with_restitution(restitution), s,
                                                time_step(s, restitution, onset_error));
}

// Largest |e_out − e| of the Eq (49) fit over 1 ≤ n ≤ 2, e ∈ (0, 1]: 0.003367 at n = 1, e = 0.6486, where the
// law is S002 Eq (57) and e_out is the exact closed form (kelvin_voigt_test S002Eq57FitErrorPeaksAbove0_0033;
// an independent scipy scan of (n, e) with event-terminated ODEs found no larger value, the next local maximum being
// 0.00303 at n ≈ 1.97, e ≈ 0.872). 0.0034 is that bound rounded up.
constexpr double kFitAccuracy = 0.0034;

// ---------------------------------------------------------------------------------------------------------
// Metadata

TEST(PoursinaNikravesh, Metadata) {
  // models.md §1 row and §3.C1: needs δ̇⁻ (n ≠ 1) and m_eff; releases at F = 0 (state A is the engine's contact
  // flag), hence no tension; force jump c δ̇⁻ at first touch; any 1 ≤ n ≤ 2 (not only linear); one input e.
  const LawInfo& law = poursina_nikravesh();
  EXPECT_EQ(law.id, "poursina_nikravesh");
  EXPECT_FALSE(law.family.empty());
  EXPECT_FALSE(law.formula.empty());
  EXPECT_NE(law.source.find("S002"), std::string_view::npos);
  EXPECT_NE(law.source.find("(49)"), std::string_view::npos);
  EXPECT_FALSE(law.notes.empty());
  EXPECT_EQ(law.needs, static_cast<std::uint32_t>(kNeedsImpactVelocity | kNeedsEffectiveMass));
  EXPECT_EQ(law.separation, Separation::kForce);
  EXPECT_FALSE(law.can_tension);
  EXPECT_TRUE(law.force_jump);
  EXPECT_FALSE(law.requires_linear_stiffness);
  EXPECT_EQ(law.state_size, 2);  // c, computed at the onset, and the δ̇⁻ it is for
  EXPECT_EQ(law.continuous_state_size, 0);
  // The fit stays within kFitAccuracy < 0.01 for every e in (0, 1] (tested below), so the ±0.01 range is all of it.
  EXPECT_EQ(law.accurate_restitution_min, 0.0);
  EXPECT_EQ(law.accurate_restitution_max, 1.0);
  EXPECT_NE(law.force, nullptr);
  EXPECT_NE(law.potential, nullptr);
  ASSERT_EQ(law.parameters.size(), 1u);
  EXPECT_EQ(law.parameters[0].name, "restitution");
  EXPECT_TRUE(law.parameters[0].required);
  EXPECT_EQ(law.parameters[0].min, 0.0);
  EXPECT_TRUE(law.parameters[0].min_exclusive);
  EXPECT_EQ(law.parameters[0].max, 1.0);
  EXPECT_FALSE(law.parameters[0].max_exclusive);
}

TEST(PoursinaNikravesh, RestitutionOutsideRangeIsRejected) {
  // e = 0 needs c → ∞ (β < 0, e^β → ∞); e > 1 would need negative damping.
  for (double bad : {0.0, -0.5, 1.01, std::numeric_limits<double>::quiet_NaN()}) {
    const std::string message = invalid_argument_message([bad] { compile_with_restitution(bad); });
    EXPECT_NE(message.find("restitution"), std::string::npos) << "e = " << bad << ": '" << message << "'";
  }
  const std::string missing = invalid_argument_message(
      [] { compile_law_parameters(poursina_nikravesh(), std::span<const NamedValue>{}); });
  EXPECT_NE(missing.find("restitution"), std::string::npos) << missing;
}

// ---------------------------------------------------------------------------------------------------------
// The damping coefficient

TEST(PoursinaNikravesh, AlphaAndBetaMatchS002Eq46And47) {
  // With k = m_eff = δ̇⁻ = 1, c = α(e^β − 1). Taking e₁ = e⁻¹ and e₂ = e⁻²: c₁ = α(e^{−β} − 1), c₂ = α(e^{−2β} − 1)
  // = c₁(e^{−β} + 1), so β = −ln(c₂/c₁ − 1) and α = c₁/(e^{−β} − 1). Expected (models.md §3.C1, 4 digits):
  // α(1) = 1.4181, β(1) = −0.44 (S002 Eq (57)); α(1.5) = 1.9496, β(1.5) = −0.2999; α(2) = 2.9796, β(2) = −0.1912.
  struct Row {
    double exponent;
    double alpha;
    double beta;
  };
  constexpr Row kRows[] = {{1.0, 1.4181, -0.44}, {1.5, 1.9496, -0.2999}, {2.0, 2.9796, -0.1912}};
  for (const Row& row : kRows) {
    const ImpactSetup unit{1.0, row.exponent, 1.0, 1.0};
    const double c1 = damping_of(unit, std::exp(-1.0));
    const double c2 = damping_of(unit, std::exp(-2.0));
    const double beta = -std::log(c2 / c1 - 1.0);
    const double alpha = c1 / (std::exp(-beta) - 1.0);
    EXPECT_NEAR(alpha, row.alpha, 5e-5) << "n = " << row.exponent;
    EXPECT_NEAR(beta, row.beta, 5e-5) << "n = " << row.exponent;
  }
  // At n = 1 the polynomials collapse exactly: α(1) = 0.3331 − 1.48 + 3.077 − 2.306 + 1.794 = 1.4181 and
  // β(1) = 1.285 − 1.725 = −0.44, i.e. Eq (49) at n = 1 is Eq (57) with no rounding.
  const ImpactSetup unit{1.0, 1.0, 1.0, 1.0};
  EXPECT_NEAR(damping_of(unit, 0.5), 1.4181 * (std::pow(0.5, -0.44) - 1.0), 1e-13);
}

TEST(PoursinaNikravesh, DampingHasTheExactExponentsOfS002Eq34) {
  // c ∝ k^{1/(n+1)} δ̇⁻^{(n−1)/(n+1)} m_eff^{n/(n+1)} (S002 Eq (34), (38), (41), (44)): scaling one of them by 10
  // scales c by 10 to that power. n = 1.6: exponents 1/2.6, 0.6/2.6, 1.6/2.6.
  const ImpactSetup base{3e8, 1.6, 0.4, 2.0};
  const double c = damping_of(base, 0.45);
  ImpactSetup stiffer = base;
  stiffer.stiffness *= 10.0;
  ImpactSetup faster = base;
  faster.impact_velocity *= 10.0;
  ImpactSetup heavier = base;
  heavier.effective_mass *= 10.0;
  EXPECT_NEAR(damping_of(stiffer, 0.45) / c, std::pow(10.0, 1.0 / 2.6), 1e-12);
  EXPECT_NEAR(damping_of(faster, 0.45) / c, std::pow(10.0, 0.6 / 2.6), 1e-12);
  EXPECT_NEAR(damping_of(heavier, 0.45) / c, std::pow(10.0, 1.6 / 2.6), 1e-12);
}

TEST(PoursinaNikravesh, DampingFollowsARisingApproach) {
  // While a new impact's closing speed rises, the engine's δ̇⁻ is that speed (ContactInput::impact_velocity) and
  // reports kNewImpact only where the largest is found: c must be the one for the input's δ̇⁻, c ∝ δ̇⁻^{(n−1)/(n+1)}
  // (above), not the one the state was set for. From a state set at 2 m/s, an input at 20 m/s has the damping of a
  // state set at 20 m/s, to the last bit (n = 1.6: 10^{0.6/2.6} = 1.70 times the onset's); at 2 m/s, the state's.
  const ImpactSetup base{3e8, 1.6, 0.4, 2.0};
  const LawParameters parameters = compile_with_restitution(0.45);
  ContactInput in = make_input(base, 1e-9, 0.0);
  double state[kMaxLawState] = {};
  poursina_nikravesh().event(ContactEvent::kOnset, in, parameters.values, state);
  const double at_onset = poursina_nikravesh().force(in, parameters.values, state).dforce_dnormal_velocity;
  in.impact_velocity = 20.0;
  const double rising = poursina_nikravesh().force(in, parameters.values, state).dforce_dnormal_velocity;
  EXPECT_EQ(rising, pn_force(in, parameters).dforce_dnormal_velocity);
  EXPECT_NEAR(rising / at_onset, std::pow(10.0, 0.6 / 2.6), 1e-12);
  in.impact_velocity = 2.0;
  EXPECT_EQ(poursina_nikravesh().force(in, parameters.values, state).dforce_dnormal_velocity, at_onset);
}

TEST(PoursinaNikravesh, HertzExponentGivesS002Eq52) {
  // S002 Eq (52), n = 3/2: c = 1.95 (e^{−0.3} − 1) k^{0.4} δ̇⁻^{0.2} m^{0.6}, i.e. Eq (49) with α, β rounded to
  // 1.95 (from 1.94957) and −0.3 (from −0.29985). At e = 0.3 those roundings change c by 2.2e-4 and 2.8e-4
  // relative (the latter via ln(0.3)·1.5e-4·e^β/(e^β − 1)), so the two agree to within 1e-3.
  const ImpactSetup s{1e8, 1.5, 0.07317, 10.6364};
  const double eq52 = 1.95 * (std::pow(0.3, -0.3) - 1.0) * std::pow(1e8, 0.4) * std::pow(10.6364, 0.2) *
                      std::pow(0.07317, 0.6);
  EXPECT_NEAR(damping_of(s, 0.3) / eq52, 1.0, 1e-3);
}

TEST(PoursinaNikravesh, LinearCaseIsS002Eq57AndKvForceSeparationFit) {
  // n = 1: c = 1.4181 (e^{−0.44} − 1) √(k m) (S002 Eq (57)), independent of δ̇⁻ (δ̇⁻^{n−1} = 1, even for δ̇⁻ = 0), and
  // the same force as kv_force_separation with damping_formula = 1 at every (δ, δ̇).
  const LawInfo& fit = law_by_id("kv_force_separation");
  const NamedValue fit_values[] = {{"restitution", 0.35}, {"damping_formula", 1.0}};
  const LawParameters fit_parameters = compile_law_parameters(fit, fit_values);
  const LawParameters p = compile_with_restitution(0.35);
  for (double v0 : {0.0, 1e-3, 7.0}) {
    const ImpactSetup s{2e7, 1.0, 0.3, v0};
    EXPECT_NEAR(damping_of(s, 0.35) / (1.4181 * (std::pow(0.35, -0.44) - 1.0) * std::sqrt(2e7 * 0.3)), 1.0, 1e-13)
        << "δ̇⁻ = " << v0;
    for (double velocity : {2.0, -0.5}) {
      const ContactInput in = make_input(s, 4e-5, velocity);
      EXPECT_NEAR(pn_force(in, p).force,
                  fit.force(in, fit_parameters.values, nullptr).force, 1e-10);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Force values

TEST(PoursinaNikravesh, ForceAtHandComputedPoint) {
  // n = 2, k = 1e10 N/m², m = 1 kg, δ̇⁻ = 1 m/s, e = e⁻¹: c = α(2)(e^{−β(2)} − 1) with α(2) = 2.9796 exactly
  // (0.3331·16 − 1.48·8 + 3.077·4 − 2.306·2 + 1.794) times [1e10]^{1/3} = 2154.4347; β(2) = 1.285·2^{0.2553} − 1.725.
  // At δ = 1e-4 m, δ̇ = 0.5 m/s: F = 0.5 c + 1e10·1e-8 = 0.5 c + 100 N; ∂F/∂δ = 2·1e10·1e-4 = 2e6 N/m.
  const ImpactSetup s{1e10, 2.0, 1.0, 1.0};
  const double beta = 1.285 * std::pow(2.0, 0.2553) - 1.725;
  const double c = 2.9796 * (std::exp(-beta) - 1.0) * std::cbrt(1e10);
  const ContactForce f =
      pn_force(make_input(s, 1e-4, 0.5), compile_with_restitution(std::exp(-1.0)));
  EXPECT_NEAR(f.dforce_dnormal_velocity / c, 1.0, 1e-12);
  EXPECT_NEAR(f.force, 0.5 * c + 100.0, 1e-9 * f.force);
  EXPECT_NEAR(f.dforce_dindentation, 2e6, 2e6 * 1e-12);
}

TEST(PoursinaNikravesh, JumpAtFirstTouchAndContinuityPastSeparation) {
  const ImpactSetup s{1e8, 1.5, 0.2, 3.0};
  const LawParameters p = compile_with_restitution(0.4);
  // Point A of S002 Fig. 2: at the located onset δ = 0, δ̇ = δ̇⁻ the force is c δ̇⁻ (the spring term k δ^n is 0).
  const double c = damping_of(s, 0.4);
  EXPECT_NEAR(pn_force(make_input(s, 0.0, 3.0), p).force, 3.0 * c, 1e-9 * c);
  EXPECT_NEAR(pn_force(make_input(s, 1e-15, 3.0), p).force, 3.0 * c, 1e-9 * c);
  // Past δ = 0 (integrator trial steps only) the dashpot term continues and the spring term stays 0, so F is
  // continuous; no energy is stored there.
  for (double indentation : {-1e-9, -1e-3}) {
    const ContactForce f = pn_force(make_input(s, indentation, 3.0), p);
    EXPECT_NEAR(f.force, 3.0 * c, 1e-9 * c);
    EXPECT_EQ(f.dforce_dindentation, 0.0);
    EXPECT_EQ(poursina_nikravesh().potential(make_input(s, indentation, 3.0), p.values, nullptr), 0.0);
  }
  EXPECT_GT(c, 0.0);
  // e = 1: no damping, the Hertz law.
  const ContactInput in = make_input(s, 2e-5, -1.0);
  EXPECT_EQ(pn_force(in, compile_with_restitution(1.0)).force,
            law_by_id("hertz").force(in, nullptr, nullptr).force);
}

TEST(PoursinaNikravesh, DerivativesMatchCentralFiniteDifferences) {
  // Relative step 1e-6: truncation ~1e-12 relative. Round-off: each force carries ~ε|F|, so a difference over 2h
  // is off by ~ε|F|/h; near δ = 0 the dashpot term c δ̇ dominates F, and that term is added to the tolerance.
  constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
  for (double n : {1.0, 1.3, 1.5, 2.0}) {
    const ImpactSetup s{1e9, n, 0.5, 2.0};
    const LawParameters p = compile_with_restitution(0.3);
    for (double indentation : {2e-6, 5e-5}) {
      for (double velocity : {1.5, -0.2}) {
        auto force = [&](double d, double v) {
          return pn_force(make_input(s, d, v), p).force;
        };
        const ContactForce f = pn_force(make_input(s, indentation, velocity), p);
        const double hd = 1e-6 * indentation;
        const double hv = 1e-6 * std::abs(velocity);
        const double fd_d = (force(indentation + hd, velocity) - force(indentation - hd, velocity)) / (2 * hd);
        const double fd_v = (force(indentation, velocity + hv) - force(indentation, velocity - hv)) / (2 * hv);
        const double round_off = 4.0 * kEpsilon * std::abs(f.force);
        EXPECT_NEAR(fd_d, f.dforce_dindentation, 1e-6 * std::abs(f.dforce_dindentation) + round_off / hd)
            << "n = " << n << ", δ = " << indentation << ", δ̇ = " << velocity;
        EXPECT_NEAR(fd_v, f.dforce_dnormal_velocity, 1e-6 * std::abs(f.dforce_dnormal_velocity) + round_off / hv)
            << "n = " << n << ", δ = " << indentation << ", δ̇ = " << velocity;
      }
    }
  }
}

TEST(PoursinaNikravesh, PotentialIsTheHertzSpringEnergy) {
  // k δ^{n+1}/(n+1): n = 1.5, k = 1e9, δ = 1e-4 → 1e9 · 1e-10 / 2.5 = 0.04 J; its derivative is the spring force.
  const ImpactSetup s{1e9, 1.5, 0.5, 2.0};
  const LawParameters p = compile_with_restitution(0.6);
  EXPECT_NEAR(poursina_nikravesh().potential(make_input(s, 1e-4, 0.7), p.values, nullptr), 0.04, 1e-15);
  const double h = 1e-10;
  const double derivative = (poursina_nikravesh().potential(make_input(s, 1e-4 + h, 0.0), p.values, nullptr) -
                             poursina_nikravesh().potential(make_input(s, 1e-4 - h, 0.0), p.values, nullptr)) /
                            (2 * h);
  EXPECT_NEAR(derivative / pn_force(make_input(s, 1e-4, 0.0), p).force, 1.0, 1e-6);
}

// ---------------------------------------------------------------------------------------------------------
// Direct integration of the impact

TEST(PoursinaNikravesh, TwoPendulumFirstImpactOfSection5_3) {
  // models.md §5.3, S002 §6 first impact as an isolated contact: e = 0.3, n = 3/2, k = 1e8 N/m^1.5,
  // m_eff = 0.07317 kg, δ̇⁻ = 10.6364 m/s → duration 3.62e-4 s, F_max = 4775 N (= c δ̇⁻, the onset jump), δ_max =
  // 9.61e-4 m, ˢδ = 5.91e-4 m (half a unit of the last printed digit). The §5.3 "achieved e = 0.3008" is the whole
  // pendulum system's (gravity and rotation act during the contact); the isolated impact gives the Eq (49) fit's own
  // c_out, within 1e-4 of it.
  const ImpactSetup s{1e8, 1.5, 0.07317, 10.6364};
  const ImpactOutcome out = simulate(s, 0.3);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.contact_time, 3.62e-4, 0.005e-4);
  EXPECT_NEAR(out.max_force, 4775.0, 0.5);
  EXPECT_NEAR(out.max_indentation, 9.61e-4, 0.005e-4);
  EXPECT_NEAR(out.residual_indentation, 5.91e-4, 0.005e-4);
  EXPECT_NEAR(out.restitution, 0.3008, 1e-4);
  EXPECT_GE(out.min_force, 0.0);
}

TEST(PoursinaNikravesh, LinearCaseMatchesExactKelvinVoigtRestitution) {
  // n = 1 is Kelvin–Voigt released at F = 0 with ξ = c/(2√(k m)) = 0.70905 (e^{−0.44} − 1): the integrated c_out must
  // equal the exact corrected S002 Eq (55) at that ξ (onset error ≲ 1e-6 relative, see time_step; 1e-5 absolute
  // still resolves the fit error, 1e-4 … 3e-3, by two orders of magnitude).
  for (double e : {0.05, 0.3, 0.6486, 0.9}) {
    const ImpactSetup s{4e6, 1.0, 0.8, 2.5};
    const double xi = 0.5 * 1.4181 * (std::pow(e, -0.44) - 1.0);
    const ImpactOutcome out = simulate(s, e);
    ASSERT_TRUE(out.separated);
    EXPECT_NEAR(out.restitution, kelvin_voigt_force_release_restitution(xi), 1e-5) << "e = " << e;
  }
}

TEST(PoursinaNikravesh, PublishedErrorBoundIsExceededNearLinearContact) {
  // New finding (reported): models.md §1 and §3.C1 give the Eq (49) accuracy as "error ≤ 0.003". At n = 1,
  // e = 0.6486 the exact closed form gives |e_out − e| = 0.003367 (kelvin_voigt_test), and the law itself,
  // integrated, reproduces it; near n = 2 a second maximum (0.00303 at n ≈ 1.97, e ≈ 0.872 by scipy) also exceeds
  // 0.003. Both stay below kFitAccuracy.
  const ImpactOutcome linear = simulate({1e6, 1.0, 1.0, 1.0}, 0.6486);
  ASSERT_TRUE(linear.separated);
  EXPECT_GT(std::abs(linear.restitution - 0.6486), 0.0033);
  EXPECT_LT(std::abs(linear.restitution - 0.6486), kFitAccuracy);
  const ImpactOutcome quadratic = simulate({1e10, 1.97, 1.0, 1.0}, 0.872);
  ASSERT_TRUE(quadratic.separated);
  EXPECT_GT(std::abs(quadratic.restitution - 0.872), 0.003);
  EXPECT_LT(std::abs(quadratic.restitution - 0.872), kFitAccuracy);
}

TEST(PoursinaNikravesh, AccurateOverTheWholeRestitutionRange) {
  // Declared accurate range (0, 1] (|c_out − e| ≤ 0.01): a grid over n and e, down to e = 1e-4 (S002 §5.1's lower end;
  // below it both e and c_out → 0). Every point is within kFitAccuracy, i.e. well inside 0.01, so the range has no
  // "outside" in (0, 1].
  for (double n : {1.0, 1.25, 1.5, 1.75, 2.0}) {
    for (double e : {1e-4, 1e-3, 0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.87, 0.9, 0.95, 0.99, 1.0}) {
      const ImpactOutcome out = simulate({1e9, n, 0.1, 1.0}, e, 1e-5);
      ASSERT_TRUE(out.separated) << "n = " << n << ", e = " << e;
      EXPECT_LE(std::abs(out.restitution - e), kFitAccuracy) << "n = " << n << ", e = " << e;
    }
  }
}

// Uniform double in [0, 1) from the top 53 bits (mt19937_64's output sequence is fixed by the standard, unlike the
// standard distributions, so the sample is the same on every platform).
double uniform(std::mt19937_64& engine) { return static_cast<double>(engine() >> 11) * 0x1.0p-53; }
double log_uniform(std::mt19937_64& engine, double lo, double hi) {
  return lo * std::pow(hi / lo, uniform(engine));
}

TEST(PoursinaNikravesh, RandomSystemsLikeS002Section5_1) {
  // S002 §5.1 / models.md §5.3: m ∈ [1e-5, 1e2] kg, k ∈ [1e5, 1e10] N/m^n, δ̇⁻ ∈ [1e-3, 1e2] m/s (log-uniform:
  // they span decades), n ∈ [1, 2] and e ∈ [0.05, 1] (uniform), fixed seed, 200 systems. S002 publishes no
  // number (Fig. 8 only); models.md quotes max 0.0028 over 60 systems, but the supremum over the box is 0.003367
  // (see kFitAccuracy), so the bound asserted is kFitAccuracy. The onset error is held to 1e-5 (time_step), below
  // the 3.3e-5 between the supremum and kFitAccuracy.
  std::mt19937_64 engine(20200417);
  double worst = 0.0;
  for (int i = 0; i < 200; ++i) {
    ImpactSetup s;
    s.effective_mass = log_uniform(engine, 1e-5, 1e2);
    s.stiffness = log_uniform(engine, 1e5, 1e10);
    s.impact_velocity = log_uniform(engine, 1e-3, 1e2);
    s.exponent = 1.0 + uniform(engine);
    const double e = 0.05 + 0.95 * uniform(engine);
    const ImpactOutcome out = simulate(s, e, 1e-5);
    ASSERT_TRUE(out.separated) << "system " << i;
    EXPECT_GE(out.min_force, 0.0) << "system " << i;
    const double error = std::abs(out.restitution - e);
    EXPECT_LE(error, kFitAccuracy) << "system " << i << ": m = " << s.effective_mass << ", k = " << s.stiffness
                                   << ", δ̇⁻ = " << s.impact_velocity << ", n = " << s.exponent << ", e = " << e;
    worst = std::max(worst, error);
  }
  // The published-style statistic: the sample maximum is also below the supremum and above 0 (the fit is not exact).
  EXPECT_GT(worst, 0.0);
  EXPECT_LE(worst, kFitAccuracy);
}

TEST(PoursinaNikravesh, ResidualIndentationIsS002Eq51) {
  // At release c ˢδ̇ + k ˢδ^n = 0 with ˢδ̇ = −e_out δ̇⁻, so ˢδ = (δ̇⁻ c e_out/k)^{1/n} exactly (S002 Eq (51) with the
  // achieved e_out); with the target e instead, the two differ by (e/e_out)^{1/n} − 1 ≤ kFitAccuracy/(n e). The
  // residual also stays below the undamped Hertz maximum x_H (S002 Eq (28)), i.e. c ≤ S002 Eq (33)'s bound.
  for (double n : {1.0, 1.5, 2.0}) {
    for (double e : {0.1, 0.5, 0.9}) {
      const ImpactSetup s{1e9, n, 0.25, 1.7};
      const double c = damping_of(s, e);
      // The release state satisfies F = 0 up to the O(h²) interpolation whatever the onset error, so 1e-5 suffices.
      const ImpactOutcome out = simulate(s, e, 1e-5);
      ASSERT_TRUE(out.separated);
      const double residual = std::pow(s.impact_velocity * c * out.restitution / s.stiffness, 1.0 / n);
      EXPECT_NEAR(out.residual_indentation / residual, 1.0, 1e-5) << "n = " << n << ", e = " << e;
      const double eq51 = std::pow(s.impact_velocity * c * e / s.stiffness, 1.0 / n);
      EXPECT_NEAR(out.residual_indentation / eq51, 1.0, kFitAccuracy / (n * e)) << "n = " << n << ", e = " << e;
      EXPECT_LT(out.residual_indentation, test_support::hertz_max_indentation(s));
      const double eq33 = std::pow(std::pow((n + 1.0) / 2.0, n) * s.stiffness * std::pow(s.impact_velocity, n - 1.0) *
                                       std::pow(s.effective_mass, n),
                                   1.0 / (n + 1.0)) /
                          e;
      EXPECT_LE(c, eq33) << "n = " << n << ", e = " << e;
    }
  }
}

TEST(PoursinaNikravesh, RestitutionDoesNotDependOnImpactSpeed) {
  // c ∝ δ̇⁻^{(n−1)/(n+1)} makes the normalised impact independent of δ̇⁻ (models.md §2.6), so c_out at n = 3/2,
  // e = 0.5 is the same at 1 mm/s and 100 m/s. time_step scales with m/c and t_H, so every run takes the same
  // normalised steps and the results agree far better than the integration error itself.
  const double reference = simulate({1e9, 1.5, 0.3, 1.0}, 0.5).restitution;
  for (double v0 : {1e-3, 0.1, 100.0}) {
    const ImpactOutcome out = simulate({1e9, 1.5, 0.3, v0}, 0.5);
    ASSERT_TRUE(out.separated);
    EXPECT_NEAR(out.restitution, reference, 1e-6) << "δ̇⁻ = " << v0;
  }
  EXPECT_NEAR(reference, 0.5, kFitAccuracy);
}

TEST(PoursinaNikravesh, PerfectRestitutionIsElastic) {
  // e = 1: c = α(1 − 1)… = 0, the Hertz impact, which returns δ̇⁻ (c_out = 1) and releases at δ = 0.
  const ImpactOutcome out = simulate({1e9, 1.5, 0.3, 1.0}, 1.0);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.restitution, 1.0, 1e-6);
  EXPECT_NEAR(out.residual_indentation, 0.0, 1e-12);
}

}  // namespace
}  // namespace contactlab
