// SPDX-License-Identifier: MIT
// Tests of models/alternative: roy_carretero, xiong and jian (models.md §3.H). Laws are looked up through the
// registry by id. Oracles: hand-computed points, identities derived from the formulas (sphere-cap geometry, Xiong's
// DAI, Hertz with E* = G/(1 − ν), Jian's explicit-time forms), finite differences and direct integration.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "models/indentation_power.h"
#include "models/registry.h"
#include "tests/models/impact_simulation.h"

namespace contactlab {
namespace {

using test_support::ImpactOutcome;
using test_support::ImpactSetup;

constexpr double kPi = 3.14159265358979323846;

const LawInfo& law_by_id(std::string_view id) {
  const LawIndex index = find_law(id);
  if (index < 0) throw std::invalid_argument("law not registered: " + std::string(id));
  return law_info(index);
}

LawParameters compile(const LawInfo& law, std::initializer_list<NamedValue> values) {
  return compile_law_parameters(law, std::span<const NamedValue>(values.begin(), values.size()));
}

ContactInput make_input(double indentation, double normal_velocity, double radius = 0.0075) {
  ContactInput in;
  in.indentation = indentation;
  in.normal_velocity = normal_velocity;
  in.impact_velocity = 1.0;
  in.effective_mass = 0.03;
  in.effective_radius = radius;
  in.effective_modulus = 1e11;
  in.stiffness = 1e9;
  in.exponent = 1.5;
  return in;
}

// Central differences (relative step 1e-7 in δ, 1e-7 m/s in δ̇) against the analytic partials. The tolerance is
// 1e-6 of the derivative plus 1e-6 of (elastic + viscous force magnitudes)/δ, the natural scale of ∂F/∂δ: where
// the two terms' slopes cancel (jian in restitution), round-off ε·scale/h = 1e-9 scale/δ would otherwise dominate.
void expect_derivatives_match(const LawInfo& law, const LawParameters& p, const ContactInput& at,
                              const double* state = nullptr) {
  SCOPED_TRACE(std::string(law.id) + ": δ = " + std::to_string(at.indentation) + ", δ̇ = " +
               std::to_string(at.normal_velocity) + ", t = " + std::to_string(at.time_since_onset));
  auto force = [&](double indentation, double velocity) {
    ContactInput in = at;
    in.indentation = indentation;
    in.normal_velocity = velocity;
    return law.force(in, p.values, state).force;
  };
  const ContactForce f = law.force(at, p.values, state);
  const double hd = 1e-7 * at.indentation;
  const double fd_indentation =
      (force(at.indentation + hd, at.normal_velocity) - force(at.indentation - hd, at.normal_velocity)) / (2.0 * hd);
  const double hv = 1e-7;
  const double fd_velocity =
      (force(at.indentation, at.normal_velocity + hv) - force(at.indentation, at.normal_velocity - hv)) / (2.0 * hv);
  const double at_rest = force(at.indentation, 0.0);
  const double scale = std::abs(at_rest) + std::abs(f.force - at_rest);
  EXPECT_NEAR(f.dforce_dindentation, fd_indentation, 1e-6 * (std::abs(fd_indentation) + scale / at.indentation));
  EXPECT_NEAR(f.dforce_dnormal_velocity, fd_velocity, 1e-6 * std::abs(fd_velocity) + 1e-9);
}

TEST(Alternative, MetadataMatchesCatalogue) {
  // models.md §1 rows and §3.H. roy_carretero: tension yes; jump: NO with the sphere-cap volume (V̇ ∝ δ, tested
  // below; §1 says yes). xiong: internal ODE state α, never tensile, no jump. jian: time since onset, tension yes.
  const LawInfo& roy = law_by_id("roy_carretero");
  EXPECT_EQ(roy.family, "alternative");
  EXPECT_EQ(roy.needs, static_cast<std::uint32_t>(kNeedsMaterials));
  EXPECT_TRUE(roy.can_tension);
  EXPECT_FALSE(roy.force_jump);
  EXPECT_EQ(roy.state_size, 0);
  ASSERT_EQ(roy.parameters.size(), 6u);
  constexpr std::string_view kRoyNames[] = {"modulus_1", "modulus_2", "radius_1", "radius_2", "damping_1", "damping_2"};
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(roy.parameters[i].name, kRoyNames[i]);
  EXPECT_NE(roy.notes.find("erratum 14"), std::string_view::npos);

  const LawInfo& xiong = law_by_id("xiong");
  EXPECT_EQ(xiong.family, "alternative");
  EXPECT_EQ(xiong.state_size, 1);
  EXPECT_EQ(xiong.continuous_state_size, 1);
  EXPECT_NE(xiong.state_rate, nullptr);
  EXPECT_EQ(xiong.event, nullptr);  // α is not reset at onset: it keeps relaxing while apart
  EXPECT_FALSE(xiong.can_tension);
  EXPECT_FALSE(xiong.force_jump);
  EXPECT_FALSE(xiong.needs & (kNeedsMaterials | kNeedsImpactVelocity | kNeedsTimeSinceOnset));

  const LawInfo& jian = law_by_id("jian");
  EXPECT_EQ(jian.family, "alternative");
  EXPECT_EQ(jian.needs, static_cast<std::uint32_t>(kNeedsTimeSinceOnset | kNeedsMaterials));
  EXPECT_TRUE(jian.can_tension);
  EXPECT_FALSE(jian.force_jump);
  EXPECT_EQ(jian.state_size, 0);

  for (std::string_view id : {"roy_carretero", "xiong", "jian"}) {
    const LawInfo& law = law_by_id(id);
    EXPECT_EQ(law.separation, Separation::kIndentation) << id;
    EXPECT_EQ(law.accurate_restitution_max, 0.0) << id;  // no target restitution
    EXPECT_FALSE(law.notes.empty()) << id;
    EXPECT_FALSE(law.requires_linear_stiffness) << id;
  }
}

// ---------------------------------------------------------------------------------------------------------
// roy_carretero

// E1 = 200 GPa, E2 = 70 GPa, R1 = 10 mm, R2 = 30 mm, D1 = 3 MPa·s, D2 = 1 MPa·s:
// k_V = E1E2/(R2E1 + R1E2) = 1.4e22/(6e9 + 7e8) = 1.4e22/6.7e9 N/m³, d_V = D1D2/(R2D1 + R1D2) = 3e12/1e5 = 3e7 N·s/m³.
// The pair's R* = R1R2/(R1 + R2) = 7.5 mm.
LawParameters roy_parameters(double damping_1 = 3e6, double damping_2 = 1e6) {
  return compile(law_by_id("roy_carretero"), {{"modulus_1", 2e11},
                                              {"modulus_2", 7e10},
                                              {"radius_1", 0.01},
                                              {"radius_2", 0.03},
                                              {"damping_1", damping_1},
                                              {"damping_2", damping_2}});
}
constexpr double kRoyStiffness = 1.4e22 / 6.7e9;
constexpr double kRoyDamping = 3e7;
constexpr double kRoyRadius = 0.0075;

double cap_volume(double indentation, double radius) {
  return kPi * indentation * indentation * (3.0 * radius - indentation) / 3.0;
}

TEST(RoyCarretero, CoefficientsAreLayersInSeries) {
  // The stiffness is two layers E_i/R_i in series, 1/(R1/E1 + R2/E2); with the corrected denominator (erratum 14)
  // the damping is two dashpots D_i/R_i in series, 1/(R1/D1 + R2/D2) (models.md §3.H1).
  const LawParameters p = roy_parameters();
  const LawInfo& roy = law_by_id("roy_carretero");
  EXPECT_NEAR(parameter_value(roy, p, "volume_stiffness"), kRoyStiffness, 1e-3);
  EXPECT_NEAR(parameter_value(roy, p, "volume_stiffness"), 1.0 / (0.01 / 2e11 + 0.03 / 7e10), 1e-3);
  EXPECT_NEAR(parameter_value(roy, p, "volume_damping"), kRoyDamping, 1e-7);
  EXPECT_NEAR(parameter_value(roy, p, "volume_damping"), 1.0 / (0.01 / 3e6 + 0.03 / 1e6), 1e-7);
  // One undamped body removes the damping (a dashpot in series with a zero dashpot transmits nothing).
  EXPECT_EQ(parameter_value(roy, roy_parameters(0.0, 1e6), "volume_damping"), 0.0);
  EXPECT_EQ(parameter_value(roy, roy_parameters(0.0, 0.0), "volume_damping"), 0.0);
}

TEST(RoyCarretero, DampingTermIsHomogeneousInTheMaterialDamping) {
  // Erratum 14 by homogeneity (independent of units): a viscous force must scale with the damping constants and
  // must not depend on the elastic moduli. Corrected d_V = D1D2/(R2D1 + R1D2) scales by λ when both D_i do; the
  // printed D1D2/(R2E1 + R1E2) would scale by λ² and change with E_i.
  const LawInfo& law = law_by_id("roy_carretero");
  const ContactInput in = make_input(1e-5, 0.2, kRoyRadius);
  auto damping_force = [&](double e1, double e2, double d1, double d2) {
    const LawParameters p = compile(
        law, {{"modulus_1", e1}, {"modulus_2", e2}, {"radius_1", 0.01}, {"radius_2", 0.03}, {"damping_1", d1},
              {"damping_2", d2}});
    ContactInput at_rest = in;
    at_rest.normal_velocity = 0.0;
    return law.force(in, p.values, nullptr).force - law.force(at_rest, p.values, nullptr).force;
  };
  const double base = damping_force(2e11, 7e10, 3e6, 1e6);
  EXPECT_NEAR(damping_force(2e11, 7e10, 6e6, 2e6) / base, 2.0, 1e-12);
  EXPECT_NEAR(damping_force(4e11, 1.4e11, 3e6, 1e6) / base, 1.0, 1e-12);
}

TEST(RoyCarretero, ForceAtHandComputedPoint) {
  // δ = 1e-5 m, R = 7.5 mm: V = π δ²(3R − δ)/3, V̇ = π δ(2R − δ) δ̇ (sphere cap, project decision);
  // F = k_V V + d_V V̇, ∂F/∂δ̇ = d_V π δ(2R − δ).
  const LawInfo& law = law_by_id("roy_carretero");
  const LawParameters p = roy_parameters();
  const double d = 1e-5, v = 0.1;
  const double volume = kPi * 1e-10 * (0.0225 - 1e-5) / 3.0;
  const double area = kPi * 1e-5 * (0.015 - 1e-5);
  const ContactForce f = law.force(make_input(d, v, kRoyRadius), p.values, nullptr);
  EXPECT_NEAR(f.force, kRoyStiffness * volume + kRoyDamping * area * v, 1e-12 * f.force);
  EXPECT_NEAR(f.dforce_dnormal_velocity, kRoyDamping * area, 1e-12 * f.dforce_dnormal_velocity);
  // The radius is |R*|: a negative (internal-contact) sign convention gives the same force.
  EXPECT_EQ(law.force(make_input(d, v, -kRoyRadius), p.values, nullptr).force, f.force);
  EXPECT_EQ(law.force(make_input(0.0, v, kRoyRadius), p.values, nullptr).force, 0.0);
  EXPECT_EQ(law.force(make_input(-1e-6, v, kRoyRadius), p.values, nullptr).force, 0.0);
}

TEST(RoyCarretero, VolumeIsTheSphereCapAndApproximatesTwoSphereLens) {
  // With D = 0 the force is k_V V, so V = F/k_V. (a) It is the cap of a sphere of radius R* cut by a plane at depth
  // δ: exact for sphere–plane. (b) For two equal spheres of radius R_s (R* = R_s/2) the exact overlap is a lens of
  // two caps of height δ/2: π δ²(3R_s − δ/2)/6 = π R* δ² − π δ³/12, while the cap with R* is π R* δ² − π δ³/3; the
  // relative difference is (π δ³/4)/(π R* δ²) = δ/(4R*) to leading order — the documented approximation.
  const LawInfo& law = law_by_id("roy_carretero");
  const LawParameters p = roy_parameters(0.0, 0.0);
  for (double d : {1e-6, 1e-5, 7.5e-5}) {
    const double volume = law.force(make_input(d, 0.3, kRoyRadius), p.values, nullptr).force / kRoyStiffness;
    EXPECT_NEAR(volume, cap_volume(d, kRoyRadius), 1e-12 * volume) << d;
    const double sphere_radius = 2.0 * kRoyRadius;
    const double lens = 2.0 * cap_volume(0.5 * d, sphere_radius);
    EXPECT_NEAR((lens - volume) / volume / (d / (4.0 * kRoyRadius)), 1.0, 2.0 * d / kRoyRadius) << d;
  }
}

TEST(RoyCarretero, VolumeRateIsTheTimeDerivativeOfVolume) {
  // V̇ = (F(δ, δ̇) − F(δ, 0))/d_V must equal dV/dt along δ(t) = δ + δ̇ t, by central differences of V = (elastic
  // force)/k_V over ±1e-9 s.
  const LawInfo& law = law_by_id("roy_carretero");
  const LawParameters p = roy_parameters();
  for (double d : {2e-6, 4e-5}) {
    for (double v : {0.7, -0.4}) {
      const double rate = (law.force(make_input(d, v, kRoyRadius), p.values, nullptr).force -
                           law.force(make_input(d, 0.0, kRoyRadius), p.values, nullptr).force) / kRoyDamping;
      const double h = 1e-9;
      auto volume = [&](double indentation) {
        return law.force(make_input(indentation, 0.0, kRoyRadius), p.values, nullptr).force / kRoyStiffness;
      };
      const double finite_difference = (volume(d + v * h) - volume(d - v * h)) / (2.0 * h);
      EXPECT_NEAR(rate, finite_difference, 1e-6 * std::abs(rate)) << d << ", " << v;
    }
  }
}

TEST(RoyCarretero, NoForceJumpAtFirstTouch) {
  // Unlike Kelvin–Voigt (F(0⁺) = D δ̇⁻), V̇ = π δ(2R − δ) δ̇ vanishes at δ = 0: F → 2π R* d_V δ δ̇ → 0 linearly.
  // This contradicts "Jump: yes" of models.md §1 / §3.H1, which holds only for a flat contact with V̇ = A0 δ̇.
  const LawInfo& law = law_by_id("roy_carretero");
  const LawParameters p = roy_parameters();
  const double v = 1.0;
  for (double d : {1e-12, 1e-14}) {
    const double f = law.force(make_input(d, v, kRoyRadius), p.values, nullptr).force;
    EXPECT_NEAR(f / (2.0 * kPi * kRoyRadius * kRoyDamping * d * v), 1.0, 1e-6) << d;
    EXPECT_LT(f, 2e-6) << d;  // 2π · 7.5e-3 · 3e7 · 1e-12 = 1.4e-6 N
  }
}

TEST(RoyCarretero, TensionAtTheEndOfRestitution) {
  // Near δ = 0, F ≈ π R*(k_V δ² + 2 d_V δ δ̇): during restitution (δ̇ < 0) F < 0 for δ < δ* ≈ 2 d_V|δ̇|/k_V
  // (= 2.87e-6 m at δ̇ = −0.1 m/s), so an isolated impact ends in tension, as Kelvin–Voigt does (not clamped).
  const LawInfo& law = law_by_id("roy_carretero");
  const LawParameters p = roy_parameters();
  const double threshold = 2.0 * kRoyDamping * 0.1 / kRoyStiffness;
  EXPECT_LT(law.force(make_input(0.5 * threshold, -0.1, kRoyRadius), p.values, nullptr).force, 0.0);
  EXPECT_GT(law.force(make_input(2.0 * threshold, -0.1, kRoyRadius), p.values, nullptr).force, 0.0);
  // Impact: m = 0.03 kg at 1 m/s; K and n of the setup only size the step: the leading term π R* k_V δ² (n = 2).
  const ImpactSetup setup{kPi * kRoyRadius * kRoyStiffness, 2.0, 0.03, 1.0};
  ContactInput base = make_input(0.0, 0.0, kRoyRadius);
  const ImpactOutcome out = test_support::simulate_isolated_impact(
      law, p, setup, 1e-4 * test_support::hertz_compression_time(setup), base);
  ASSERT_TRUE(out.separated);
  EXPECT_LT(out.min_force, 0.0);
  EXPECT_GT(out.restitution, 0.0);
  EXPECT_LT(out.restitution, 1.0);
  // Undamped, the law is conservative: c = 1.
  const ImpactOutcome elastic = test_support::simulate_isolated_impact(
      law, roy_parameters(0.0, 0.0), setup, 1e-4 * test_support::hertz_compression_time(setup), base);
  ASSERT_TRUE(elastic.separated);
  EXPECT_NEAR(elastic.restitution, 1.0, 1e-6);
}

TEST(RoyCarretero, DerivativesAndPotential) {
  const LawInfo& law = law_by_id("roy_carretero");
  const LawParameters p = roy_parameters();
  for (double d : {3e-6, 5e-5}) {
    for (double v : {0.8, -0.3}) expect_derivatives_match(law, p, make_input(d, v, kRoyRadius));
    // Potential: ∫ k_V V dδ, so dU/dδ = k_V V = F at δ̇ = 0.
    const double h = 1e-7 * d;
    const double derivative = (law.potential(make_input(d + h, 0.0, kRoyRadius), p.values, nullptr) -
                               law.potential(make_input(d - h, 0.0, kRoyRadius), p.values, nullptr)) / (2.0 * h);
    EXPECT_NEAR(derivative, kRoyStiffness * cap_volume(d, kRoyRadius), 1e-6 * derivative) << d;
  }
  EXPECT_EQ(law.potential(make_input(0.0, 1.0, kRoyRadius), p.values, nullptr), 0.0);
}

// ---------------------------------------------------------------------------------------------------------
// xiong

// Point tests: K = 1e9 N/m^1.5, n = 3/2, β1 = 1e-5 s, γ = 1e5 1/s (γβ1 = 1), β2 = 0 unless stated.
LawParameters xiong_parameters(double offset, double slope, double rate) {
  return compile(law_by_id("xiong"), {{"damping_offset", offset}, {"damping_slope", slope}, {"relaxation_rate", rate}});
}

ContactForce xiong_force(const LawParameters& p, double indentation, double alpha) {
  const double state[1] = {alpha};
  return law_by_id("xiong").force(make_input(indentation, 0.0), p.values, state);
}

double xiong_rate(const LawParameters& p, double indentation, double alpha) {
  const double state[1] = {alpha};
  double rate[1] = {std::numeric_limits<double>::quiet_NaN()};
  law_by_id("xiong").state_rate(make_input(indentation, 0.0), p.values, state, rate);
  return rate[0];
}

TEST(Xiong, ForceIsNeverNegativeAndFollowsEq5_82) {
  // F = K max(0, P + γ(β1 + β2α)(P − α)) with P = δ^{3/2}, over a grid of δ and α ∈ [0, 4P].
  for (double slope : {0.0, 2e4}) {
    const LawParameters p = xiong_parameters(1e-5, slope, 1e5);
    for (double d : {1e-7, 1e-6, 3e-5}) {
      const double power = std::pow(d, 1.5);
      for (int k = 0; k <= 40; ++k) {
        const double alpha = 0.1 * k * power;
        const double gain = 1e5 * (1e-5 + slope * alpha);
        const double expected = 1e9 * std::max(0.0, power + gain * (power - alpha));
        const double f = xiong_force(p, d, alpha).force;
        EXPECT_GE(f, 0.0);
        EXPECT_NEAR(f, expected, 1e-12 * 1e9 * power * (1.0 + gain)) << d << ", α = " << alpha;
      }
    }
  }
}

TEST(Xiong, OdeFormEqualsTheDifferentialAlgebraicInclusion) {
  // models.md §3.H2: with α̇ from the first line of Eq (5.82), the DAI force K α + K(1/γ + β1 + β2α) α̇ (Eq (5.81))
  // equals the second line on both branches (F > 0 when α̇ = γ(P − α); F = 0 when α̇ = −γα/(1 + γ(β1 + β2α))).
  // β2 = 100 s/m^1.5 makes γβ2P = 0.89 at δ = 2e-5 m, so the α below cover both branches (counted).
  const double offset = 1e-5, slope = 100.0, rate = 1e5;
  const LawParameters p = xiong_parameters(offset, slope, rate);
  const double d = 2e-5, power = std::pow(d, 1.5);
  int active = 0;
  for (double alpha : {0.0, 0.5 * power, power, 1.3 * power, 1.9 * power, 2.5 * power, 4.0 * power}) {
    const double alpha_rate = xiong_rate(p, d, alpha);
    const double dai = 1e9 * alpha + 1e9 * (1.0 / rate + offset + slope * alpha) * alpha_rate;
    const double f = xiong_force(p, d, alpha).force;
    EXPECT_NEAR(f, dai, 1e-9 * 1e9 * power) << "α/P = " << alpha / power;
    if (f > 0.0) ++active;
  }
  EXPECT_EQ(active, 4);  // α/P = 0, 0.5, 1, 1.3 active; 1.9, 2.5, 4 on the F = 0 branch
}

TEST(Xiong, ForceAndStateRateAreContinuousAtTheBranchSwitch) {
  // With β2 = 0 and γβ1 = 1 the branches switch where P + γβ1(P − α) = 0, i.e. α* = P(1 + γβ1)/(γβ1) = 2P. Both
  // sides give F → 0 (no jump), and the two expressions of α̇ coincide there: γ(P − α*) = −γP = −γα*/(1 + γβ1).
  const LawParameters p = xiong_parameters(1e-5, 0.0, 1e5);
  const double d = 2e-5, power = std::pow(d, 1.5);
  const double below = xiong_force(p, d, 2.0 * power * (1.0 - 1e-9)).force;
  EXPECT_GT(below, 0.0);
  EXPECT_LT(below, 1e-8 * 1e9 * power);
  EXPECT_EQ(xiong_force(p, d, 2.0 * power * (1.0 + 1e-9)).force, 0.0);
  EXPECT_NEAR(xiong_rate(p, d, 2.0 * power), -1e5 * power, 1e-9 * 1e5 * power);
  EXPECT_NEAR(xiong_rate(p, d, 2.0 * power * (1.0 - 1e-9)), xiong_rate(p, d, 2.0 * power * (1.0 + 1e-9)),
              1e-8 * 1e5 * power);
}

TEST(Xiong, HertzShapeWhenTheStateFollowsTheIndentation) {
  // Xiong's second principle: α = P makes the damping term vanish, F = K P = K δ^{3/2}; and α̇ = 0 there, exactly
  // when α is the P the law computes (indentation_power, within an ulp or two of std::pow).
  const LawParameters p = xiong_parameters(1e-5, 2e4, 1e5);
  for (double d : {1e-6, 4e-5}) {
    EXPECT_NEAR(xiong_force(p, d, std::pow(d, 1.5)).force, 1e9 * std::pow(d, 1.5), 1e-12 * 1e9 * std::pow(d, 1.5));
    EXPECT_EQ(xiong_rate(p, d, indentation_power(d, 1.5)), 0.0);
  }
}

TEST(Xiong, StateRelaxesWhileApart) {
  // The engine passes δ = 0 while apart: α̇ = max(−γα/(1 + γβ1), −γα) = −γα/(1 + γβ1) = −0.5 γα for γβ1 = 1, and
  // no force.
  const LawParameters p = xiong_parameters(1e-5, 0.0, 1e5);
  EXPECT_NEAR(xiong_rate(p, 0.0, 3e-9), -0.5 * 1e5 * 3e-9, 1e-18);
  EXPECT_EQ(xiong_force(p, 0.0, 3e-9).force, 0.0);
  EXPECT_EQ(xiong_rate(p, 0.0, 0.0), 0.0);
}

TEST(Xiong, DerivativesMatchFiniteDifferences) {
  // ∂F/∂δ = K(1 + γ(β1 + β2α)) n δ^{n−1} on the active branch; F does not depend on δ̇.
  const LawInfo& law = law_by_id("xiong");
  // β2 = 60 s/m^1.5 keeps all points on the active branch (γβ2α ≤ 1.3 here, so 1 − 0.3γ(β1 + β2α) > 0).
  const LawParameters p = xiong_parameters(1e-5, 60.0, 1e5);
  for (double d : {1e-6, 3e-5}) {
    for (double fraction : {0.0, 0.7, 1.3}) {
      const double state[1] = {fraction * std::pow(d, 1.5)};
      EXPECT_GT(law.force(make_input(d, 0.5), p.values, state).force, 0.0);
      expect_derivatives_match(law, p, make_input(d, 0.5), state);
      EXPECT_EQ(law.force(make_input(d, 0.5), p.values, state).dforce_dnormal_velocity, 0.0);
    }
  }
}

struct XiongImpact {
  double restitution = std::numeric_limits<double>::quiet_NaN();
  double min_force = std::numeric_limits<double>::infinity();
  double indentation_at_zero_force = 0.0;  // δ where F first returns to 0 during restitution
  double alpha_at_zero_force = 0.0;
  double alpha_at_separation = 0.0;
  double max_force_step = 0.0;  // largest |ΔF| between consecutive steps, relative to F_max
};

// The S004 steel contact (K = 1.88377e10, m = 0.11 kg, 2.8 m/s), integrated here with RK4 on (δ, δ̇, α) at a step of
// 1e-4 t_H (γ ≤ 1000/t_H keeps γh ≤ 0.1), recording what the shared harness does not report.
XiongImpact xiong_impact(const LawParameters& p) {
  const LawInfo& law = law_by_id("xiong");
  const ImpactSetup setup = test_support::alaci_example_setup();
  const double h = 1e-4 * test_support::hertz_compression_time(setup);
  ContactInput in = make_input(0.0, 0.0);
  in.stiffness = setup.stiffness;
  using Vector = std::array<double, 3>;
  auto force = [&](const Vector& y) {
    in.indentation = y[0];
    in.normal_velocity = y[1];
    const double state[1] = {y[2]};
    return law.force(in, p.values, state).force;
  };
  auto derivative = [&](const Vector& y) {
    const double state[1] = {y[2]};
    double rate[1];
    in.indentation = y[0];
    in.normal_velocity = y[1];
    law.state_rate(in, p.values, state, rate);
    return Vector{y[1], -force(y) / setup.effective_mass, rate[0]};
  };
  XiongImpact out;
  Vector y{0.0, setup.impact_velocity, 0.0};
  double previous_force = 0.0, max_force = 0.0, max_step = 0.0;
  for (long step = 0; step < 1000000; ++step) {
    const Vector k1 = derivative(y);
    Vector t;
    for (int i = 0; i < 3; ++i) t[i] = y[i] + 0.5 * h * k1[i];
    const Vector k2 = derivative(t);
    for (int i = 0; i < 3; ++i) t[i] = y[i] + 0.5 * h * k2[i];
    const Vector k3 = derivative(t);
    for (int i = 0; i < 3; ++i) t[i] = y[i] + h * k3[i];
    const Vector k4 = derivative(t);
    Vector next;
    for (int i = 0; i < 3; ++i) next[i] = y[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
    if (next[0] <= 0.0) {
      const double s = y[0] / (y[0] - next[0]);
      out.restitution = -(y[1] + s * (next[1] - y[1])) / setup.impact_velocity;
      out.alpha_at_separation = y[2] + s * (next[2] - y[2]);
      out.max_force_step = max_step / max_force;
      return out;
    }
    const double f = force(next);
    out.min_force = std::min(out.min_force, f);
    max_force = std::max(max_force, f);
    max_step = std::max(max_step, std::abs(f - previous_force));
    if (f == 0.0 && next[1] < 0.0 && out.indentation_at_zero_force == 0.0) {
      out.indentation_at_zero_force = next[0];
      out.alpha_at_zero_force = next[2];
    }
    previous_force = f;
    y = next;
  }
  return out;
}

double xiong_restitution(double offset, double slope, double rate) {
  const ImpactSetup setup = test_support::alaci_example_setup();
  const LawParameters p = xiong_parameters(offset, slope, rate);
  const ImpactOutcome out = test_support::simulate_isolated_impact(
      law_by_id("xiong"), p, setup, 1e-4 * test_support::hertz_compression_time(setup), make_input(0.0, 0.0));
  EXPECT_TRUE(out.separated);
  EXPECT_GE(out.min_force, 0.0);
  return out.restitution;
}

TEST(Xiong, ImpactFollowsXiongsThreePrinciples) {
  // β1 = 0.1 t_H, γ = 100/t_H. (1) Continuous force: with the force bounded by F_max and the step 1e-4 t_H, no
  // consecutive samples differ by more than a few 1e-3 F_max (a jump would show as a large step). (3) Nonzero
  // indentation at zero force: F returns to 0 while δ > 0, where P = γβ1 α/(1 + γβ1) (the switch condition), and
  // α > 0 remains when the bodies separate. Never tensile (F ≥ 0 by construction).
  const double t_h = test_support::hertz_compression_time(test_support::alaci_example_setup());
  const LawParameters p = xiong_parameters(0.1 * t_h, 0.0, 100.0 / t_h);
  const XiongImpact out = xiong_impact(p);
  ASSERT_FALSE(std::isnan(out.restitution));
  EXPECT_GE(out.min_force, 0.0);
  EXPECT_LT(out.max_force_step, 5e-3);
  ASSERT_GT(out.indentation_at_zero_force, 0.0);
  const double gain = 100.0 * 0.1;  // γβ1
  // The first zero-force sample lies within one step past the switch: P ≤ γβ1 α/(1 + γβ1), and close to it.
  const double switch_power = gain * out.alpha_at_zero_force / (1.0 + gain);
  EXPECT_LE(std::pow(out.indentation_at_zero_force, 1.5), switch_power);
  EXPECT_GT(std::pow(out.indentation_at_zero_force, 1.5), 0.99 * switch_power);
  EXPECT_GT(out.alpha_at_separation, 0.0);
  EXPECT_GT(out.restitution, 0.0);
  EXPECT_LT(out.restitution, 1.0);
  // The shared harness (which integrates continuous law states too) agrees on the restitution.
  EXPECT_NEAR(xiong_restitution(0.1 * t_h, 0.0, 100.0 / t_h), out.restitution, 1e-6);
}

TEST(Xiong, WithoutDampingTheLawIsHertz) {
  // β1 = β2 = 0: F = K max(0, P) = K δ^{3/2} whatever α is, so the impact is elastic (c = 1) for any γ.
  const double t_h = test_support::hertz_compression_time(test_support::alaci_example_setup());
  for (double rate : {10.0 / t_h, 1000.0 / t_h}) EXPECT_NEAR(xiong_restitution(0.0, 0.0, rate), 1.0, 1e-6);
}

TEST(Xiong, MoreDampingLowersRestitution) {
  // S001 §5.5 (Xiong's parameter study): larger β1 or β2 lowers c_r; larger γ lowers c_r until it saturates.
  const double t_h = test_support::hertz_compression_time(test_support::alaci_example_setup());
  const double x_h = test_support::hertz_max_indentation(test_support::alaci_example_setup());
  const double rate = 100.0 / t_h;
  double previous = 1.0;
  for (double offset : {0.05, 0.1, 0.2}) {
    const double c = xiong_restitution(offset * t_h, 0.0, rate);
    EXPECT_LT(c, previous) << "β1 = " << offset << " t_H";
    previous = c;
  }
  // β2 α at the peak (α ≈ x_H^{3/2}) comparable to β1 = 0.1 t_H: c drops below the β2 = 0 value.
  const double slope = 0.1 * t_h / std::pow(x_h, 1.5);
  EXPECT_LT(xiong_restitution(0.1 * t_h, slope, rate), xiong_restitution(0.1 * t_h, 0.0, rate));
  const double c10 = xiong_restitution(0.1 * t_h, 0.0, 10.0 / t_h);
  const double c100 = xiong_restitution(0.1 * t_h, 0.0, 100.0 / t_h);
  const double c1000 = xiong_restitution(0.1 * t_h, 0.0, 1000.0 / t_h);
  EXPECT_LT(c100, c10);
  EXPECT_LT(c1000, c100);
  EXPECT_LT(c100 - c1000, 0.2 * (c10 - c100));  // saturation: the next decade changes c far less
}

// ---------------------------------------------------------------------------------------------------------
// jian

// G_e = 1 MPa, G0 = 2 MPa, η = 200 Pa·s (T = η/G0 = 1e-4 s), ν = 0.45; R* = 10 mm.
constexpr double kShearModulus = 1e6;
constexpr double kRelaxationModulus = 2e6;
constexpr double kViscosity = 200.0;
constexpr double kPoisson = 0.45;
constexpr double kJianRadius = 0.01;
constexpr double kRelaxationTime = kViscosity / kRelaxationModulus;

LawParameters jian_parameters() {
  return compile(law_by_id("jian"), {{"equilibrium_shear_modulus", kShearModulus},
                                     {"relaxation_shear_modulus", kRelaxationModulus},
                                     {"viscosity", kViscosity},
                                     {"poisson_ratio", kPoisson}});
}

ContactInput jian_input(double indentation, double normal_velocity, double time) {
  ContactInput in = make_input(indentation, normal_velocity, kJianRadius);
  in.time_since_onset = time;
  return in;
}

TEST(Jian, ElasticTermIsHertzForTwoIdenticalSpheres) {
  // Two spheres of one material (E, ν): 1/E* = 2(1 − ν²)/E, and with E = 2G(1 + ν): E* = 2G(1 + ν)/(2(1 − ν)(1 + ν))
  // = G/(1 − ν). Hence 4G_e√R δ^{3/2}/(3(1 − ν)) = (4/3)E*√R δ^{3/2}: Hertz. Checked at t = 0 (no damping yet) and
  // at δ̇ = 0 for a later t. Here E = 2.9 MPa, E* = 1.8182 MPa.
  const double youngs = 2.0 * kShearModulus * (1.0 + kPoisson);
  const double effective = 1.0 / (2.0 * (1.0 - kPoisson * kPoisson) / youngs);
  EXPECT_NEAR(effective, kShearModulus / (1.0 - kPoisson), 1e-9);
  const LawInfo& law = law_by_id("jian");
  const LawParameters p = jian_parameters();
  for (double d : {1e-5, 1e-3}) {
    const double hertz = 4.0 / 3.0 * effective * std::sqrt(kJianRadius) * std::pow(d, 1.5);
    EXPECT_NEAR(law.force(jian_input(d, 0.7, 0.0), p.values, nullptr).force, hertz, 1e-12 * hertz) << d;
    EXPECT_NEAR(law.force(jian_input(d, 0.0, 3e-3), p.values, nullptr).force, hertz, 1e-12 * hertz) << d;
    EXPECT_NEAR(law.potential(jian_input(d, 0.0, 0.0), p.values, nullptr), 0.4 * hertz * d, 1e-12 * hertz * d);
  }
}

TEST(Jian, DampingGrowsWithTimeSinceOnset) {
  // F_dis = (2η/(1 − ν))(1 − e^{−t/T})√(Rδ) δ̇: zero at onset, 1 − 1/e of its asymptote at t = T, rising
  // monotonically to (2η/(1 − ν))√(Rδ) δ̇.
  const LawInfo& law = law_by_id("jian");
  const LawParameters p = jian_parameters();
  const double d = 5e-4, v = 0.3;
  auto dissipative = [&](double t) {
    return law.force(jian_input(d, v, t), p.values, nullptr).force -
           law.force(jian_input(d, 0.0, t), p.values, nullptr).force;
  };
  const double asymptote = 2.0 * kViscosity / (1.0 - kPoisson) * std::sqrt(kJianRadius * d) * v;
  EXPECT_EQ(dissipative(0.0), 0.0);
  EXPECT_NEAR(dissipative(kRelaxationTime) / asymptote, 1.0 - std::exp(-1.0), 1e-12);
  EXPECT_NEAR(dissipative(50.0 * kRelaxationTime) / asymptote, 1.0, 1e-12);
  double previous = 0.0;
  for (int k = 1; k <= 20; ++k) {
    const double now = dissipative(0.25 * k * kRelaxationTime);
    EXPECT_GT(now, previous) << k;
    previous = now;
  }
  EXPECT_NEAR(law.force(jian_input(d, v, kRelaxationTime), p.values, nullptr).dforce_dnormal_velocity,
              asymptote / v * (1.0 - std::exp(-1.0)), 1e-12 * asymptote);
}

TEST(Jian, AgreesWithTheExplicitTimeFormsEq5_90And5_91) {
  // Along δ(t) = δ_m sin(πt/(2t_m)) (Eq (5.89)), δ̇ = δ_m (π/(2t_m)) cos(πt/(2t_m)), and Eq (5.84) becomes
  // Eq (5.91): π η/(t_m(1 − ν)) (1 − e^{−t/T}) √R δ_m^{3/2} √sin · cos; Eq (5.83) becomes Eq (5.90).
  const LawInfo& law = law_by_id("jian");
  const LawParameters p = jian_parameters();
  const double max_indentation = 1e-3, max_time = 2e-3;
  for (double fraction : {0.1, 0.5, 0.9}) {
    const double t = fraction * max_time;
    const double phase = kPi * t / (2.0 * max_time);
    const double d = max_indentation * std::sin(phase);
    const double v = max_indentation * kPi / (2.0 * max_time) * std::cos(phase);
    const double elastic = 4.0 * kShearModulus * std::sqrt(kJianRadius) / (3.0 * (1.0 - kPoisson)) *
                           std::pow(max_indentation * std::sin(phase), 1.5);
    const double ramp = 1.0 - std::exp(-t / kRelaxationTime);
    const double dissipative = kPi * kViscosity / (max_time * (1.0 - kPoisson)) * ramp * std::sqrt(kJianRadius) *
                               std::pow(max_indentation, 1.5) * std::sqrt(std::sin(phase)) * std::cos(phase);
    const double f = law.force(jian_input(d, v, t), p.values, nullptr).force;
    EXPECT_NEAR(f, elastic + dissipative, 1e-12 * (elastic + dissipative)) << fraction;
  }
}

TEST(Jian, ImpactIsContinuousAtOnsetAndEndsInTension) {
  // F(0⁺) = 0 at onset (no jump: both terms vanish with δ and t). In restitution the damper ∝ √δ δ̇ outgrows the
  // elastic δ^{3/2} term as δ → 0 with δ̇ ≈ −c δ̇⁻ ≠ 0, so the impact ends in tension (not clamped); c < 1.
  const LawInfo& law = law_by_id("jian");
  const LawParameters p = jian_parameters();
  EXPECT_LT(std::abs(law.force(jian_input(1e-14, 1.0, 1e-12), p.values, nullptr).force), 1e-12);
  // m = 0.03 kg at 1 m/s; K = 4G_e√R/(3(1 − ν)) sizes the step.
  const ImpactSetup setup{4.0 * kShearModulus * std::sqrt(kJianRadius) / (3.0 * (1.0 - kPoisson)), 1.5, 0.03, 1.0};
  const ImpactOutcome out = test_support::simulate_isolated_impact(
      law, p, setup, 1e-4 * test_support::hertz_compression_time(setup), jian_input(0.0, 0.0, 0.0));
  ASSERT_TRUE(out.separated);
  EXPECT_LT(out.min_force, 0.0);
  EXPECT_GT(out.restitution, 0.0);
  EXPECT_LT(out.restitution, 1.0);
}

TEST(Jian, DerivativesMatchFiniteDifferences) {
  const LawInfo& law = law_by_id("jian");
  const LawParameters p = jian_parameters();
  for (double d : {2e-5, 1e-3}) {
    for (double v : {0.6, -0.2}) {
      for (double t : {0.0, 0.5 * kRelaxationTime, 10.0 * kRelaxationTime}) {
        expect_derivatives_match(law, p, jian_input(d, v, t));
      }
    }
  }
}

TEST(Jian, ParameterRanges) {
  // ν ∈ (−1, 0.5] (1 − ν > 0); G_e, G0, η > 0 (T = η/G0 finite and nonzero).
  const LawInfo& law = law_by_id("jian");
  auto with = [&](double shear, double relaxation, double viscosity, double poisson) {
    return compile(law, {{"equilibrium_shear_modulus", shear},
                         {"relaxation_shear_modulus", relaxation},
                         {"viscosity", viscosity},
                         {"poisson_ratio", poisson}});
  };
  EXPECT_NO_THROW(with(1e6, 2e6, 200.0, 0.5));
  EXPECT_THROW(with(1e6, 2e6, 200.0, 0.6), std::invalid_argument);
  EXPECT_THROW(with(1e6, 2e6, 200.0, -1.0), std::invalid_argument);
  EXPECT_THROW(with(0.0, 2e6, 200.0, 0.3), std::invalid_argument);
  EXPECT_THROW(with(1e6, 0.0, 200.0, 0.3), std::invalid_argument);
  EXPECT_THROW(with(1e6, 2e6, 0.0, 0.3), std::invalid_argument);
}

}  // namespace
}  // namespace contactlab
