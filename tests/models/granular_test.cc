// SPDX-License-Identifier: MIT
// Tests of models/granular: wang_kv_granular (S003 Eq (25)) and ma_liu (S003 Eq (1)–(3)), looked up through the
// registry as a scene would. Oracles: the S003 reference data of models.md §5.4 (two spheres, Table 1) and §5.6
// (chains), the elastic-branch c_out table of §5.8, hand derivations from S003's equations, and direct integration
// of the isolated impact (tests/models/impact_simulation.h). Constants are measured black-box from the force
// (where a branch switches, what a slope is) rather than read from the law's internal state.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "models/registry.h"
#include "tests/models/impact_simulation.h"

namespace contactlab {
namespace {

using test_support::ImpactOutcome;
using test_support::ImpactSetup;

constexpr double kPi = std::numbers::pi;
const double kSqrt5 = std::sqrt(5.0);

const LawInfo& law_by_id(std::string_view id) {
  const LawIndex index = find_law(id);
  if (index < 0) throw std::invalid_argument("law not registered: " + std::string(id));
  return law_info(index);
}

using State = std::array<double, kMaxLawState>;

// A pair of identical spheres (S003 convention: 1/E = Σ(1−ν²)/E_i, R = R1R2/(R1+R2)).
struct Pair {
  double modulus;        // E_i [Pa]
  double poisson;        // ν_i
  double radius;         // R_i [m]
  double density;        // [kg/m³], for m_eff
  double yield_strength; // σ_y [Pa]
  double hardness_ratio; // ψ
  double epsilon;        // ε
};

// S003 Table 1 (models.md §5.4): steel spheres, E = 2.07e11 Pa, ν = 0.30, R = 2.0e-2 m, σ_y = 1.03e9 Pa,
// ρ = 7800 kg/m³; ψ = 3.0, ε = 13 (§3.4, erratum 29).
constexpr Pair kTable1{2.07e11, 0.30, 2.0e-2, 7800.0, 1.03e9, 3.0, 13.0};
// S003 §4.2 horizontal chain, Table 5 (models.md §5.6): R = 2.38 mm, ν = 0.3, E = 193 GPa, σ_y = 940 MPa,
// ψ = 2.84, ε = 13 (mass 0.45 g is given, not a density: m_eff is not needed for the constants).
constexpr Pair kHorizontalChain{193e9, 0.3, 2.38e-3, 7800.0, 940e6, 2.84, 13.0};
// S003 §4.3 Hopkinson bar, Table 6: Ø 6.35 mm, E = 200 GPa, ν = 0.307, σ_y = 940 MPa, ψ = 3.0, ε = 19.
constexpr Pair kHopkinson{200e9, 0.307, 6.35e-3 / 2.0, 7800.0, 940e6, 3.0, 19.0};

// ContactInput of a pair; the effective mass of two equal spheres is m/2.
ContactInput pair_input(const Pair& pair) {
  ContactInput in;
  in.effective_modulus = pair.modulus / (2.0 * (1.0 - pair.poisson * pair.poisson));
  in.effective_radius = pair.radius / 2.0;
  in.effective_mass = 4.0 / 3.0 * kPi * pair.radius * pair.radius * pair.radius * pair.density / 2.0;
  in.impact_velocity = 1.0;
  return in;
}

LawParameters compile_wang(const Pair& pair, double elastic_restitution, double plastic_restitution,
                           double affine = 0.0, double exact = 0.0) {
  const NamedValue values[] = {{"elastic_restitution", elastic_restitution},
                               {"plastic_restitution", plastic_restitution},
                               {"yield_strength", pair.yield_strength},
                               {"hardness_ratio", pair.hardness_ratio},
                               {"uniform_contact_parameter", pair.epsilon},
                               {"affine_plastic_branch", affine},
                               {"exact_elastic_damping", exact}};
  return compile_law_parameters(law_by_id("wang_kv_granular"), values);
}

LawParameters compile_ma_liu(const Pair& pair, double reset = 0.0) {
  const NamedValue values[] = {{"yield_strength", pair.yield_strength},
                               {"hardness_ratio", pair.hardness_ratio},
                               {"uniform_contact_parameter", pair.epsilon},
                               {"reset_history_at_onset", reset}};
  return compile_law_parameters(law_by_id("ma_liu"), values);
}

// State after the onset event (what the engine does on first touch).
State onset_state(const LawInfo& law, const LawParameters& p, const ContactInput& in) {
  State state{};
  if (law.event) law.event(ContactEvent::kOnset, in, p.values, state.data());
  return state;
}

ContactForce evaluate(const LawInfo& law, const LawParameters& p, const State& state, ContactInput in,
                      double indentation, double velocity) {
  in.indentation = indentation;
  in.normal_velocity = velocity;
  return law.force(in, p.values, state.data());
}

// Constants of the wang_kv_granular spring (δ̇ = 0), measured from the force of the published K_p δ branch:
// K_h = F/δ^{3/2} well inside the elastic branch, K_p = F/δ well inside the other, and δ_y where F/δ jumps
// from K_h √δ (< K_p, because the jump K_p δ_y − F_y is positive) to K_p (bisection to machine precision).
struct SpringConstants {
  double hertz_stiffness;
  double plastic_stiffness;
  double yield_indentation;
};

SpringConstants measure_spring(const Pair& pair) {
  const LawInfo& law = law_by_id("wang_kv_granular");
  const LawParameters p = compile_wang(pair, 0.9, 0.7);
  const ContactInput in = pair_input(pair);
  const State state = onset_state(law, p, in);
  const double plastic_probe = 0.01 * in.effective_radius;  // ≫ δ_y (δ_y/R ~ 1e-3 or less here)
  const double elastic_probe = 1e-6 * plastic_probe;
  SpringConstants s;
  s.hertz_stiffness = evaluate(law, p, state, in, elastic_probe, 0.0).force / std::pow(elastic_probe, 1.5);
  s.plastic_stiffness = evaluate(law, p, state, in, plastic_probe, 0.0).force / plastic_probe;
  double lo = elastic_probe;
  double hi = plastic_probe;
  for (int i = 0; i < 200 && hi - lo > 1e-16 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    const bool plastic = evaluate(law, p, state, in, mid, 0.0).force / mid >= s.plastic_stiffness * (1.0 - 1e-12);
    (plastic ? hi : lo) = mid;
  }
  s.yield_indentation = lo;  // the elastic branch includes δ = δ_y (S003 Eq (25): δ ≤ δ_y)
  return s;
}

// δ_p of ma_liu: where the loading slope reaches k1 (its constant value far beyond δ_p); below δ_p the slope
// c1 + c2(1 + ln(δ/δ_y)) is strictly smaller (c2 > 0 for ψσ_y > p_y/2), so bisection on the slope is exact.
struct PlasticOnset {
  double indentation;  // δ_p
  double force;        // F_p
  double slope;        // k1
};

PlasticOnset measure_plastic_onset(const Pair& pair, double yield_indentation) {
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(pair);
  const ContactInput in = pair_input(pair);
  const State fresh{};
  const double far = 1000.0 * yield_indentation;  // > ε²/2 δ_y for ε ≤ 44
  PlasticOnset onset;
  onset.slope = evaluate(law, p, fresh, in, far, 0.0).dforce_dindentation;
  double lo = yield_indentation;
  double hi = far;
  for (int i = 0; i < 200 && hi - lo > 1e-16 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    const bool plastic = evaluate(law, p, fresh, in, mid, 0.0).dforce_dindentation >= onset.slope * (1.0 - 1e-14);
    (plastic ? hi : lo) = mid;
  }
  onset.indentation = hi;
  onset.force = evaluate(law, p, fresh, in, hi, 0.0).force;
  return onset;
}

// Loss factors written independently of the law: S003 Eq (11) and Eq (23) corrected (erratum 24).
double g1_of(double c) {
  const double l = std::log(c);
  return 2.0 * std::abs(l) / std::sqrt(kPi * kPi + l * l);
}
double g2_corrected(double c) { return 9.0 * kSqrt5 * (1.0 - c * c) / (c * ((9.0 * kPi - 16.0) * c + 16.0)); }
double g2_misprinted(double c) { return 9.0 * kSqrt5 * (1.0 - c * c) / (c * (9.0 * kPi * (1.0 - c * c) + 16.0)); }

// The impact of two Table 1 spheres at `speed` (S003 §3.4): setup K = K_h, n = 3/2 (used by the helper only to
// size its step budget), step = fraction · t_H.
ImpactOutcome simulate_pair(const LawInfo& law, const LawParameters& p, const Pair& pair, double speed,
                            double step_fraction, double stiffness, double exponent = 1.5) {
  const ContactInput base = pair_input(pair);
  const ImpactSetup setup{stiffness, exponent, base.effective_mass, speed};
  return test_support::simulate_isolated_impact(law, p, setup,
                                                step_fraction * test_support::hertz_compression_time(setup), base);
}

double hertz_stiffness_of(const Pair& pair) {
  const ContactInput in = pair_input(pair);
  return 4.0 / 3.0 * in.effective_modulus * std::sqrt(in.effective_radius);
}

// =========================================================================================================
// wang_kv_granular

TEST(WangKvGranular, MetadataDescribesTheLaw) {
  // models.md §1 row "wang_kv_granular": needs m_eff (M = m_eff) and E*, R* (K_h, δ_y, K_p from materials), not
  // δ̇⁻; tension yes; no jump at first touch (the jump is at δ_y, documented); separation at δ = 0.
  const LawInfo& law = law_by_id("wang_kv_granular");
  EXPECT_EQ(law.family, "granular");
  EXPECT_TRUE(law.needs & kNeedsMaterials);
  EXPECT_TRUE(law.needs & kNeedsEffectiveMass);
  EXPECT_FALSE(law.needs & kNeedsImpactVelocity);
  EXPECT_FALSE(law.needs & kNeedsHistory);  // the state is a per-contact cache rebuilt at every kOnset
  EXPECT_TRUE(law.can_tension);
  EXPECT_FALSE(law.force_jump);
  EXPECT_EQ(law.separation, Separation::kIndentation);
  EXPECT_NE(law.event, nullptr);
  EXPECT_NE(law.potential, nullptr);
  EXPECT_GT(law.state_size, 0);
  EXPECT_LE(law.state_size, kMaxLawState);
  EXPECT_EQ(law.continuous_state_size, 0);
  const std::vector<std::string_view> expected = {"elastic_restitution", "plastic_restitution", "yield_strength",
                                                  "hardness_ratio", "uniform_contact_parameter",
                                                  "affine_plastic_branch", "exact_elastic_damping"};
  ASSERT_EQ(law.parameters.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(law.parameters[i].name, expected[i]);
  EXPECT_EQ(law.parameters[2].unit, "Pa");
  // Defaults: §7 item 7 defaults are the published forms (K_p δ branch, corrected Jankowski g2); ψ = 3, ε = 13 are
  // S003 §3.4's values.
  EXPECT_EQ(law.parameters[3].default_value, 3.0);
  EXPECT_EQ(law.parameters[4].default_value, 13.0);
  EXPECT_EQ(law.parameters[5].default_value, 0.0);
  EXPECT_EQ(law.parameters[6].default_value, 0.0);
  // The notes cite the errata this implementation applies or documents.
  for (std::string_view erratum : {"erratum 24", "erratum 33", "erratum 34", "erratum 27"}) {
    EXPECT_NE(law.notes.find(erratum), std::string_view::npos) << erratum;
  }
  EXPECT_NE(law.source.find("Eq (25)"), std::string_view::npos);
}

TEST(WangKvGranular, PrepareRejectsInvalidSwitchesAndEpsilon) {
  // The two §7 switches are 0/1; ε must exceed √2 so that δ_p = ε²δ_y/2 > δ_y and ln(ε²/2) > 0 (Eq (2) divides
  // by it).
  EXPECT_THROW(compile_wang(kTable1, 0.9, 0.7, 0.5, 0.0), std::invalid_argument);
  EXPECT_THROW(compile_wang(kTable1, 0.9, 0.7, 0.0, 0.3), std::invalid_argument);
  EXPECT_NO_THROW(compile_wang(kTable1, 0.9, 0.7, 1.0, 1.0));
  Pair bad = kTable1;
  bad.epsilon = std::numbers::sqrt2;
  EXPECT_THROW(compile_wang(bad, 0.9, 0.7), std::invalid_argument);
  EXPECT_THROW(compile_wang(kTable1, 0.0, 0.7), std::invalid_argument);  // c ∈ (0, 1]
}

TEST(WangKvGranular, EffectiveModulusIsS003sE) {
  // S003 Eq (1): 1/E = (1 − ν1²)/E1 + (1 − ν2²)/E2 — the ContactInput convention (force_law.h). Table 1:
  // E = 2.07e11/(2 · 0.91) = 1.13736e11 Pa and R = 0.01 m, m_eff = (4/3)π 0.02³ 7800 / 2 = 0.130690 kg (§5.4).
  const ContactInput in = pair_input(kTable1);
  EXPECT_NEAR(in.effective_modulus, 1.13736e11, 0.5e6);
  EXPECT_DOUBLE_EQ(in.effective_radius, 0.01);
  EXPECT_NEAR(in.effective_mass, 0.130690, 5e-7);
}

TEST(WangKvGranular, TwoSphereConstantsOfSection5_4) {
  // models.md §5.4 (Table 1): K_h = 1.5165e10 N/m^1.5, δ_y = 5.24527e-6 m (S003 prints 5.2453E-6), F_y = 182.18 N,
  // K_p = 1.6383e8 N/m. Tolerances: half a unit of the last printed digit.
  const SpringConstants s = measure_spring(kTable1);
  EXPECT_NEAR(s.hertz_stiffness, 1.5165e10, 0.5e6);
  EXPECT_NEAR(s.yield_indentation, 5.24527e-6, 0.5e-11);
  EXPECT_NEAR(s.yield_indentation, 5.2453e-6, 0.5e-10);  // S003 §3.4's printed value
  EXPECT_NEAR(s.plastic_stiffness, 1.6383e8, 0.5e4);
  const double yield_force = s.hertz_stiffness * std::pow(s.yield_indentation, 1.5);
  EXPECT_NEAR(yield_force, 182.18, 0.005);
}

TEST(WangKvGranular, PublishedBranchJumpsAtYieldAffineBranchDoesNot) {
  // Erratum 33: with K_p δ above δ_y the spring force jumps from F_y = 182.18 N to K_p δ_y = 859.4 N, i.e. by
  // +677 N (= 3.7 F_y) in the Table 1 example. The affine branch F_y + K_p(δ − δ_y) is continuous there and has
  // the same slope K_p.
  const LawInfo& law = law_by_id("wang_kv_granular");
  const SpringConstants s = measure_spring(kTable1);
  const ContactInput in = pair_input(kTable1);
  const double below = s.yield_indentation;
  const double above = s.yield_indentation * (1.0 + 1e-12);
  {
    const LawParameters p = compile_wang(kTable1, 0.9, 0.7);
    const State state = onset_state(law, p, in);
    const double jump = evaluate(law, p, state, in, above, 0.0).force - evaluate(law, p, state, in, below, 0.0).force;
    EXPECT_NEAR(jump, 677.0, 0.5);
    EXPECT_NEAR(evaluate(law, p, state, in, above, 0.0).force, 859.4, 0.05);
    EXPECT_NEAR(jump / evaluate(law, p, state, in, below, 0.0).force, 3.7, 0.05);
  }
  {
    const LawParameters p = compile_wang(kTable1, 0.9, 0.7, 1.0);
    const State state = onset_state(law, p, in);
    const double f_below = evaluate(law, p, state, in, below, 0.0).force;
    const double f_above = evaluate(law, p, state, in, above, 0.0).force;
    EXPECT_NEAR(f_above - f_below, 0.0, 1e-6);  // K_p · 1e-12 δ_y ≈ 1e-9 N of genuine increase
    EXPECT_NEAR(f_below, 182.18, 0.005);
    EXPECT_DOUBLE_EQ(evaluate(law, p, state, in, 1e-4, 0.0).dforce_dindentation, s.plastic_stiffness);
    // Far out the two branches differ by the constant F_y − K_p δ_y = −677 N.
    const LawParameters published = compile_wang(kTable1, 0.9, 0.7);
    const State published_state = onset_state(law, published, in);
    EXPECT_NEAR(evaluate(law, p, state, in, 1e-4, 0.0).force -
                    evaluate(law, published, published_state, in, 1e-4, 0.0).force,
                -677.0, 0.5);
  }
}

TEST(WangKvGranular, DampingCoefficientsAreTheLossFactors) {
  // Eq (25): ∂F/∂δ̇ = g2 √(K_h M) δ^{1/4} (δ ≤ δ_y), g1 √(K_p M) (δ > δ_y), M = m_eff. Checked against Eq (11) and
  // corrected Eq (23) written independently here, with K_h, K_p measured above.
  const LawInfo& law = law_by_id("wang_kv_granular");
  const SpringConstants s = measure_spring(kTable1);
  const ContactInput in = pair_input(kTable1);
  const double m = in.effective_mass;
  for (double c_e : {0.99, 0.86, 0.5}) {
    for (double c_p : {0.7, 0.3}) {
      const LawParameters p = compile_wang(kTable1, c_e, c_p);
      const State state = onset_state(law, p, in);
      const double d = 0.5 * s.yield_indentation;
      const double elastic = evaluate(law, p, state, in, d, 0.3).dforce_dnormal_velocity;
      EXPECT_NEAR(elastic / (std::sqrt(s.hertz_stiffness * m) * std::pow(d, 0.25)), g2_corrected(c_e), 1e-9);
      const double plastic = evaluate(law, p, state, in, 1e-4, -0.3).dforce_dnormal_velocity;
      EXPECT_NEAR(plastic / std::sqrt(s.plastic_stiffness * m), g1_of(c_p), 1e-9);
      // exact_elastic_damping = 1: g2 := (√5/2) g1(c_e) (the EDEM coefficient, §3.E11).
      const LawParameters q = compile_wang(kTable1, c_e, c_p, 0.0, 1.0);
      const State exact_state = onset_state(law, q, in);
      const double exact = evaluate(law, q, exact_state, in, d, 0.3).dforce_dnormal_velocity;
      EXPECT_NEAR(exact / (std::sqrt(s.hertz_stiffness * m) * std::pow(d, 0.25)), kSqrt5 / 2.0 * g1_of(c_e), 1e-9);
    }
  }
}

TEST(WangKvGranular, CorrectedG2SatisfiesTheLineBeforeAndS003sEdemEquivalence) {
  // Erratum 24. S003 Eq (23), penultimate line: 9√5(1 − c²) = g2 (9πc² + 16c − 16c²), from the energy balance
  // ½(1 − c²) = (√5/10)π g2 c² + (8√5/45) g2 (c − c²) one line above. The corrected g2 satisfies both for every c;
  // the printed last line does not (at c = 0.95 it gives 0.1101 instead of 0.0747).
  for (double c : {0.3, 0.5, 0.7, 0.86, 0.95, 0.99}) {
    const double g = g2_corrected(c);
    EXPECT_NEAR(g * (9.0 * kPi * c * c + 16.0 * c - 16.0 * c * c), 9.0 * kSqrt5 * (1.0 - c * c), 1e-12);
    EXPECT_NEAR(kSqrt5 / 10.0 * kPi * g * c * c + 8.0 * kSqrt5 / 45.0 * g * (c - c * c), 0.5 * (1.0 - c * c), 1e-13);
    const double wrong = g2_misprinted(c);
    EXPECT_GT(std::abs(wrong * (9.0 * kPi * c * c + 16.0 * c - 16.0 * c * c) - 9.0 * kSqrt5 * (1.0 - c * c)), 0.1);
  }
  EXPECT_NEAR(g2_misprinted(0.95), 0.1101, 5e-5);
  // S003 §3.4: the new model at c = 0.95 "completely reproduces" EDEM at c = 0.9. The damping coefficients per
  // √(K_h M) δ^{1/4} are g2(0.95) = 0.0747 and (√5/2) g1(0.9) = 0.0749 (models.md §3.E11 issue 2): within 0.4 %.
  // With the misprint (0.1101) they would differ by 47 %.
  const LawInfo& law = law_by_id("wang_kv_granular");
  const ContactInput in = pair_input(kTable1);
  const SpringConstants s = measure_spring(kTable1);
  const double d = 1e-6;
  const double scale = std::sqrt(s.hertz_stiffness * in.effective_mass) * std::pow(d, 0.25);
  const LawParameters new_model = compile_wang(kTable1, 0.95, 0.7);
  const LawParameters edem_like = compile_wang(kTable1, 0.9, 0.7, 0.0, 1.0);
  const double g_new =
      evaluate(law, new_model, onset_state(law, new_model, in), in, d, 0.0).dforce_dnormal_velocity / scale;
  const double g_edem =
      evaluate(law, edem_like, onset_state(law, edem_like, in), in, d, 0.0).dforce_dnormal_velocity / scale;
  EXPECT_NEAR(g_new, 0.0747, 5e-5);
  EXPECT_NEAR(g_edem, 0.0749, 5e-5);
}

// The elastic branch alone: S003 two spheres at 0.05 m/s stay below δ_y = 5.245e-6 m (undamped x_H = 3.7e-6 m).
double elastic_branch_restitution(double elastic_restitution, double exact) {
  const LawInfo& law = law_by_id("wang_kv_granular");
  const LawParameters p = compile_wang(kTable1, elastic_restitution, 0.7, 0.0, exact);
  // Step 2e-5 t_H: the δ^{1/4} damping makes the force non-smooth at δ = 0; this keeps RK4 well below 1e-6 here.
  const ImpactOutcome out = simulate_pair(law, p, kTable1, 0.05, 2e-5, hertz_stiffness_of(kTable1));
  EXPECT_TRUE(out.separated);
  EXPECT_LT(out.max_indentation, 5.24527e-6);
  return out.restitution;
}

TEST(WangKvGranular, ElasticBranchRestitutionTableOfSection5_8) {
  // models.md §5.8 (ODE, invariant to K, M, v since damping ∝ √(K_h M) δ^{1/4}, §2.6): with the corrected g2 and
  // damping in both phases, c_out = 0.9800, 0.9004, 0.8015, 0.4193, 0.0892 for c_e = 0.99, 0.95, 0.9, 0.7, 0.5
  // (erratum 34: g2 was derived for compression-only damping). 4 decimals: half a unit plus margin.
  const double kElastic[] = {0.99, 0.95, 0.9, 0.7, 0.5};
  const double kExpected[] = {0.9800, 0.9004, 0.8015, 0.4193, 0.0892};
  for (int i = 0; i < 5; ++i) {
    SCOPED_TRACE("c_e = " + std::to_string(kElastic[i]));
    EXPECT_NEAR(elastic_branch_restitution(kElastic[i], 0.0), kExpected[i], 6e-5);
  }
  // S003 §3.4: "rebound −0.04512 m/s" from 0.05 m/s at c_e = 0.95; §5.4 [computed] gives 0.04502 (published
  // value within 0.3 %).
  EXPECT_NEAR(0.05 * elastic_branch_restitution(0.95, 0.0), 0.04502, 0.5e-5);
  EXPECT_NEAR(0.05 * elastic_branch_restitution(0.95, 0.0), 0.04512, 0.003 * 0.04512);
  // exact_elastic_damping = 1: (√5/2) g1(c_e) with damping in both phases returns c_e exactly (§3.E11: < 1e-12 in
  // the exact ODE; here RK4 with 2e-5 t_H).
  for (double c : {0.3, 0.7, 0.9, 0.99}) EXPECT_NEAR(elastic_branch_restitution(c, 1.0), c, 1e-6) << c;
}

// Hertz + g √(K m) δ^{1/4} δ̇, g = parameters[0]: an independent elastic branch to test the misprinted g2.
ContactForce quarter_power_damping_force(const ContactInput& in, const double* p, const double*) {
  if (in.indentation <= 0.0) return {};
  const double d = in.indentation;
  const double damping = p[0] * std::sqrt(in.stiffness * in.effective_mass) * std::pow(d, 0.25);
  return {in.stiffness * std::pow(d, 1.5) + damping * in.normal_velocity, 0.0, damping};
}

TEST(WangKvGranular, MisprintedG2GivesTheOtherRowOfSection5_8) {
  // §5.8: with the misprinted g2 of Eq (23)'s last line the elastic-branch c_out would be 0.9663, 0.8565, 0.7555,
  // 0.4998, 0.2943. The law does not expose the misprint; this independent Hertz + g δ^{1/4} δ̇ law does, which
  // also confirms that the registry law's corrected row above comes from the g2 formula alone.
  LawInfo law;
  law.id = "test_quarter_power";
  law.family = "test";
  law.force = quarter_power_damping_force;
  const double kElastic[] = {0.99, 0.95, 0.9, 0.7, 0.5};
  const double kMisprinted[] = {0.9663, 0.8565, 0.7555, 0.4998, 0.2943};
  const double kCorrected[] = {0.9800, 0.9004, 0.8015, 0.4193, 0.0892};
  const ImpactSetup setup{1e9, 1.5, 0.2, 1.0};  // any K, m, v: the c_out is invariant (§2.6, m = 1/4)
  const double step = 2e-5 * test_support::hertz_compression_time(setup);
  for (int i = 0; i < 5; ++i) {
    SCOPED_TRACE("c_e = " + std::to_string(kElastic[i]));
    LawParameters p;
    p.values[0] = g2_misprinted(kElastic[i]);
    EXPECT_NEAR(test_support::simulate_isolated_impact(law, p, setup, step).restitution, kMisprinted[i], 6e-5);
    p.values[0] = g2_corrected(kElastic[i]);
    EXPECT_NEAR(test_support::simulate_isolated_impact(law, p, setup, step).restitution, kCorrected[i], 6e-5);
  }
}

TEST(WangKvGranular, DeclaredAccurateRangeIsTheElasticPhaseOfTheDefault) {
  // Declared [0.99, 1]: near c_e = 1 the elastic phase returns c_out ≈ 2c_e − 1 (damping in both phases doubles
  // the loss), so |c_out − c_e| ≈ 1 − c_e ≤ 0.01 exactly from 0.99 (0.9800 at 0.99, §5.8) and 0.015 at 0.985.
  const LawInfo& law = law_by_id("wang_kv_granular");
  EXPECT_DOUBLE_EQ(law.accurate_restitution_min, 0.99);
  EXPECT_DOUBLE_EQ(law.accurate_restitution_max, 1.0);
  for (double c : {0.99, 0.995, 0.999}) EXPECT_LE(std::abs(elastic_branch_restitution(c, 0.0) - c), 0.01) << c;
  EXPECT_GT(std::abs(elastic_branch_restitution(0.985, 0.0) - 0.985), 0.01);
}

TEST(WangKvGranular, PureLinearLimitReturnsPlasticRestitutionExactly) {
  // S003 Eq (4)–(11): for M δ̈ + g1 √(K M) δ̇ + K δ = 0 from δ = 0, δ̇ = δ̇⁻, the contact lasts
  // t1 = π/ω_d = 2π/(ω √(4 − g1²)) (Eq (9)) and ends with δ̇(t1) = −δ̇⁻ e^{−ξωt1}, so c = e^{−π g1/√(4 − g1²)},
  // which inverts to Eq (11). With a tiny σ_y (δ_y ≈ 5e-18 m) the law is this oscillator with K = K_p, so the
  // integrated c_out must equal c_p. The integrated end velocity is negative (separating): Eq (10) prints
  // δ̇(t1) = +δ̇⁻ e^{−ξωt1}, a lost minus sign (cos ω_d t1 = cos π = −1), harmless for g1.
  Pair soft = kTable1;
  soft.yield_strength = 1e3;
  const LawInfo& law = law_by_id("wang_kv_granular");
  const ContactInput in = pair_input(soft);
  const LawParameters probe = compile_wang(soft, 0.9, 0.5);
  const State probe_state = onset_state(law, probe, in);
  const double plastic_stiffness = evaluate(law, probe, probe_state, in, 1e-4, 0.0).force / 1e-4;
  // Already at δ = 1e-15 m the force is K_p δ: δ_y is below that (δ_y ∝ σ_y² ≈ 5e-18 m).
  EXPECT_NEAR(evaluate(law, probe, probe_state, in, 1e-15, 0.0).force / 1e-15, plastic_stiffness,
              1e-9 * plastic_stiffness);
  for (double c_p : {0.2, 0.65, 0.9}) {
    for (double affine : {0.0, 1.0}) {
      SCOPED_TRACE("c_p = " + std::to_string(c_p) + ", affine = " + std::to_string(affine));
      const LawParameters p = compile_wang(soft, 0.9, c_p, affine);
      // 1 mm/s: δ_max ≈ δ̇⁻/ω ≈ 3e-5 m with K_p ≈ 160 N/m.
      const ImpactOutcome out = simulate_pair(law, p, soft, 1e-3, 1e-5, plastic_stiffness, 1.0);
      ASSERT_TRUE(out.separated);
      EXPECT_NEAR(out.restitution, c_p, 1e-6);
      const double omega = std::sqrt(plastic_stiffness / in.effective_mass);
      const double g1 = g1_of(c_p);
      EXPECT_NEAR(out.contact_time, 2.0 * kPi / (omega * std::sqrt(4.0 - g1 * g1)), 1e-6 * out.contact_time);
    }
  }
}

TEST(WangKvGranular, TwoSphereReboundSpeedsOfSection5_4) {
  // models.md §5.4 [computed] (LSODA, tension allowed, M = m_eff, corrected g2): 8 m/s with c_e = 0.86,
  // c_p = 0.70 → 5.6433 m/s (K_p δ) and 5.5886 m/s (affine); 25 m/s with c_e = 0.84, c_p = 0.65 → 16.3025 and
  // 16.2375 m/s. Printed to 4 decimals: half a unit plus margin. RK4 at 2e-5 t_H: the force jump at δ_y is crossed
  // twice inside a step, an O(h) error of ≈ Δa·h ≈ 5e3 m/s² · 8e-10 s ≈ 4e-6 m/s.
  struct Case {
    double speed, c_e, c_p, affine, rebound;
  };
  constexpr Case kCases[] = {
      {8.0, 0.86, 0.70, 0.0, 5.6433}, {8.0, 0.86, 0.70, 1.0, 5.5886},
      {25.0, 0.84, 0.65, 0.0, 16.3025}, {25.0, 0.84, 0.65, 1.0, 16.2375},
  };
  const LawInfo& law = law_by_id("wang_kv_granular");
  const double yield = 5.24527e-6;
  const double plastic_onset = 4.43226e-4;
  for (const Case& c : kCases) {
    SCOPED_TRACE(std::to_string(c.speed) + " m/s, affine = " + std::to_string(c.affine));
    const LawParameters p = compile_wang(kTable1, c.c_e, c.c_p, c.affine);
    const ImpactOutcome out = simulate_pair(law, p, kTable1, c.speed, 2e-5, hertz_stiffness_of(kTable1));
    ASSERT_TRUE(out.separated);
    EXPECT_NEAR(c.speed * out.restitution, c.rebound, 6e-5);
    // The phases S003 assigns: 8 m/s elastoplastic (δ_y < δ_max < δ_p), 25 m/s fully plastic (δ_max > δ_p).
    EXPECT_GT(out.max_indentation, yield);
    if (c.speed < 10.0) EXPECT_LT(out.max_indentation, plastic_onset); else EXPECT_GT(out.max_indentation, plastic_onset);
    EXPECT_LT(out.min_force, 0.0);  // published tension at the end of restitution (§3.F1)
  }
  // S003's own rebound speeds, with the 2 % tolerance §5.4 recommends: −5.75541 m/s at 8 m/s, 16.22 m/s at 25 m/s.
  const ImpactOutcome at8 = simulate_pair(law, compile_wang(kTable1, 0.86, 0.70), kTable1, 8.0, 2e-5,
                                          hertz_stiffness_of(kTable1));
  EXPECT_NEAR(8.0 * at8.restitution, 5.75541, 0.02 * 5.75541);
  const ImpactOutcome at25 = simulate_pair(law, compile_wang(kTable1, 0.84, 0.65), kTable1, 25.0, 2e-5,
                                           hertz_stiffness_of(kTable1));
  EXPECT_NEAR(25.0 * at25.restitution, 16.22, 0.02 * 16.22);
}

// The registry law with F clamped at 0 (what the engine's TensionRule::kClamp does, S003 Fig. 7).
const LawInfo* g_clamped_law = nullptr;
ContactForce clamped_force(const ContactInput& in, const double* p, const double* state) {
  ContactForce f = g_clamped_law->force(in, p, state);
  if (f.force < 0.0) f = {};
  return f;
}

TEST(WangKvGranular, ClampedReboundSpeedsOfSection5_4) {
  // §5.4 [computed] "K_p δ, F clamped at 0": 5.7657 m/s at 8 m/s and 16.8909 m/s at 25 m/s. The clamp belongs to
  // the engine, so it is applied here around the registry force. (S003's printed −5.75541 m/s is within 0.2 % of
  // the clamped value, 2 % of the unclamped one.)
  g_clamped_law = &law_by_id("wang_kv_granular");
  LawInfo law = *g_clamped_law;
  law.force = clamped_force;
  const ImpactOutcome at8 =
      simulate_pair(law, compile_wang(kTable1, 0.86, 0.70), kTable1, 8.0, 2e-5, hertz_stiffness_of(kTable1));
  EXPECT_NEAR(8.0 * at8.restitution, 5.7657, 6e-5);
  EXPECT_GE(at8.min_force, 0.0);
  const ImpactOutcome at25 =
      simulate_pair(law, compile_wang(kTable1, 0.84, 0.65), kTable1, 25.0, 2e-5, hertz_stiffness_of(kTable1));
  // §5.4 prints 16.8909; an independent integration with the F = 0 crossing located as an event (scipy DOP853,
  // rtol 1e-12, max step 2e-9 s) gives 16.890847, so the table's last digit is one unit high (it rounds to
  // 16.8908). Checked against both: the table to one unit, the located value to 2e-5.
  EXPECT_NEAR(25.0 * at25.restitution, 16.8909, 1e-4);
  EXPECT_NEAR(25.0 * at25.restitution, 16.890847, 2e-5);
}

TEST(WangKvGranular, DerivativesMatchCentralFiniteDifferences) {
  // Central differences (relative step 1e-6) away from δ_y and δ = 0, in both branches and both phases.
  const LawInfo& law = law_by_id("wang_kv_granular");
  const ContactInput in = pair_input(kTable1);
  struct Point {
    double indentation, velocity;
  };
  constexpr Point kPoints[] = {{1e-6, 0.04}, {4e-6, -0.03}, {5e-5, 6.0}, {2e-4, -5.0}, {6e-4, 1.0}};
  for (double affine : {0.0, 1.0}) {
    for (double exact : {0.0, 1.0}) {
      const LawParameters p = compile_wang(kTable1, 0.86, 0.7, affine, exact);
      const State state = onset_state(law, p, in);
      for (const Point& point : kPoints) {
        SCOPED_TRACE("δ = " + std::to_string(point.indentation) + ", δ̇ = " + std::to_string(point.velocity));
        auto force = [&](double d, double v) { return evaluate(law, p, state, in, d, v).force; };
        const ContactForce f = evaluate(law, p, state, in, point.indentation, point.velocity);
        const double hd = 1e-6 * point.indentation;
        const double hv = 1e-6 * std::abs(point.velocity);
        const double fd_d = (force(point.indentation + hd, point.velocity) - force(point.indentation - hd, point.velocity)) / (2 * hd);
        const double fd_v = (force(point.indentation, point.velocity + hv) - force(point.indentation, point.velocity - hv)) / (2 * hv);
        EXPECT_NEAR(f.dforce_dindentation, fd_d, 1e-6 * std::abs(f.dforce_dindentation) + 1e-3);
        EXPECT_NEAR(f.dforce_dnormal_velocity, fd_v, 1e-6 * std::abs(f.dforce_dnormal_velocity) + 1e-9);
      }
    }
  }
}

TEST(WangKvGranular, PotentialIsTheSpringEnergyAndNoForceWithoutContact) {
  // The spring part depends on δ only, so its energy U(δ) = ∫ F(δ, 0) dδ: dU/dδ = F(δ, 0) in both branches.
  const LawInfo& law = law_by_id("wang_kv_granular");
  const ContactInput in = pair_input(kTable1);
  for (double affine : {0.0, 1.0}) {
    const LawParameters p = compile_wang(kTable1, 0.86, 0.7, affine);
    const State state = onset_state(law, p, in);
    for (double d : {1e-6, 4e-6, 3e-5, 6e-4}) {
      const double h = 1e-6 * d;
      ContactInput a = in, b = in;
      a.indentation = d + h;
      b.indentation = d - h;
      const double derivative = (law.potential(a, p.values, state.data()) - law.potential(b, p.values, state.data())) / (2 * h);
      EXPECT_NEAR(derivative / evaluate(law, p, state, in, d, 0.0).force, 1.0, 1e-6) << d;
    }
    // At δ_y = 5.24527e-6 m (§5.4, 6 digits): the elastic energy 0.4 K_h δ_y^{5/2} = 0.4 F_y δ_y with
    // F_y = 182.175 N; the 6-digit δ_y moves it by ≤ 2.5 · 1e-6 relative.
    ContactInput at = in;
    at.indentation = 5.24527e-6;
    EXPECT_NEAR(law.potential(at, p.values, state.data()) / (0.4 * 182.175 * 5.24527e-6), 1.0, 1e-5);
    for (double d : {0.0, -1e-6}) {
      at.indentation = d;
      EXPECT_EQ(law.potential(at, p.values, state.data()), 0.0);
      const ContactForce f = evaluate(law, p, state, in, d, 1.0);
      EXPECT_EQ(f.force, 0.0);
      EXPECT_EQ(f.dforce_dindentation, 0.0);
      EXPECT_EQ(f.dforce_dnormal_velocity, 0.0);
    }
  }
}

// =========================================================================================================
// Chains (S003 §4, models.md §5.6): both laws share the Ma–Liu constants.

TEST(GranularChains, HorizontalChainYieldNeeds900MPa) {
  // Erratum 30: S003 §4.2 prints δ_y = 5.4822E-7 m with Table 5's σ_y = 940 MPa, but Eq (1) gives 5.9803e-7 m
  // for 940 MPa; the printed value is obtained exactly with 900 MPa (δ_y ∝ σ_y²: (900/940)² · 5.9803e-7 =
  // 5.4822e-7). Also §5.6: K_h = 4.8775e9, F_y = 2.256 N, K_p = 1.6908e7 N/m, δ_p = 5.0533e-5 m (940 MPa);
  // K_p = 1.6189e7 N/m, δ_p = 4.6324e-5 m (900 MPa).
  const SpringConstants s940 = measure_spring(kHorizontalChain);
  EXPECT_NEAR(s940.yield_indentation, 5.9803e-7, 0.5e-11);
  EXPECT_NEAR(s940.hertz_stiffness, 4.8775e9, 0.5e5);
  EXPECT_NEAR(s940.plastic_stiffness, 1.6908e7, 0.5e3);
  EXPECT_NEAR(s940.hertz_stiffness * std::pow(s940.yield_indentation, 1.5), 2.256, 0.0005);
  EXPECT_NEAR(measure_plastic_onset(kHorizontalChain, s940.yield_indentation).indentation, 5.0533e-5, 0.5e-9);
  EXPECT_GT(std::abs(s940.yield_indentation - 5.4822e-7), 1e-8);  // the printed value is not the 940 MPa one

  Pair at900 = kHorizontalChain;
  at900.yield_strength = 900e6;
  const SpringConstants s900 = measure_spring(at900);
  EXPECT_NEAR(s900.yield_indentation, 5.4822e-7, 0.5e-11);
  EXPECT_NEAR(s900.plastic_stiffness, 1.6189e7, 0.5e3);
  EXPECT_NEAR(measure_plastic_onset(at900, s900.yield_indentation).indentation, 4.6324e-5, 0.5e-9);
  // S003 §4.2 "maximum contact deformation 7.6394E-6 m" lies in the elastoplastic phase (δ_y < 7.6e-6 < δ_p), as
  // S003 says ("the elastoplastic contact behavior dominates").
  EXPECT_GT(7.6394e-6, s900.yield_indentation);
  EXPECT_LT(7.6394e-6, 4.6324e-5);
}

TEST(GranularChains, HopkinsonBarYieldNeedsPoisson0_3) {
  // Erratum 31: S003 §4.3 prints δ_y = 7.4292E-7 m with Table 6's ν = 0.307; Eq (1) gives 7.360e-7 m for 0.307 and
  // 7.4292e-7 m for ν = 0.3 (δ_y ∝ 1/E² ∝ (1 − ν²)²). §5.6 for ν = 0.307: K_h = 5.8653e9, K_p = 2.4282e7 N/m,
  // δ_p = 1.3285e-4 m (ψ = 3.0, ε = 19).
  const SpringConstants s307 = measure_spring(kHopkinson);
  EXPECT_NEAR(s307.yield_indentation, 7.360e-7, 0.5e-10);
  EXPECT_NEAR(s307.hertz_stiffness, 5.8653e9, 0.5e5);
  EXPECT_NEAR(s307.plastic_stiffness, 2.4282e7, 0.5e3);
  EXPECT_NEAR(measure_plastic_onset(kHopkinson, s307.yield_indentation).indentation, 1.3285e-4, 0.5e-8);
  Pair poisson03 = kHopkinson;
  poisson03.poisson = 0.3;
  EXPECT_NEAR(measure_spring(poisson03).yield_indentation, 7.4292e-7, 0.5e-11);
  // The ratio is exactly ((1 − 0.307²)/(1 − 0.3²))², independent of everything else.
  EXPECT_NEAR(s307.yield_indentation / measure_spring(poisson03).yield_indentation,
              std::pow((1.0 - 0.307 * 0.307) / (1.0 - 0.09), 2.0), 1e-12);
}

// =========================================================================================================
// ma_liu

TEST(MaLiu, MetadataDescribesTheLaw) {
  // models.md §1 row "ma_liu": history H (δ_max, F_max, δ_r, R^e), materials; no damping term → no tension, no
  // jump; no target restitution → accurate range [0, 0].
  const LawInfo& law = law_by_id("ma_liu");
  EXPECT_EQ(law.family, "granular");
  EXPECT_TRUE(law.needs & kNeedsMaterials);
  EXPECT_TRUE(law.needs & kNeedsHistory);
  EXPECT_FALSE(law.needs & kNeedsImpactVelocity);
  EXPECT_FALSE(law.needs & kNeedsEffectiveMass);
  EXPECT_FALSE(law.can_tension);
  EXPECT_FALSE(law.force_jump);
  EXPECT_EQ(law.separation, Separation::kIndentation);
  EXPECT_GE(law.state_size, 4);
  EXPECT_EQ(law.continuous_state_size, 0);
  EXPECT_EQ(law.accurate_restitution_min, 0.0);
  EXPECT_EQ(law.accurate_restitution_max, 0.0);
  EXPECT_NE(law.event, nullptr);
  EXPECT_NE(law.potential, nullptr);
  ASSERT_EQ(law.parameters.size(), 4u);
  EXPECT_EQ(law.parameters[0].name, "yield_strength");
  EXPECT_EQ(law.parameters[3].name, "reset_history_at_onset");
  EXPECT_EQ(law.parameters[3].default_value, 0.0);  // S003: history carried to the next contact
  EXPECT_NE(law.source.find("Eq (1)"), std::string_view::npos);
  EXPECT_THROW(compile_ma_liu(kTable1, 0.5), std::invalid_argument);
}

TEST(MaLiu, LoadingCurveConstantsOfSection5_4) {
  // models.md §5.4 [computed]: c1 = 2.00796e7 N/m, c2 = 3.20174e7 N/m, c3 = 76.85 N, k1 = 1.9415e8 N/m,
  // F_p = 71938 N, δ_p = 4.43226e-4 m (S003 prints 4.4323E-4). Measured from the law: in δ_y < δ < δ_p the slope
  // is c1 + c2(1 + ln(δ/δ_y)), so two slopes give c2 and then c1; c3 = F − δ(c1 + c2 ln(δ/δ_y)); k1 is the
  // slope beyond δ_p. Below δ_y the curve is Hertz with K_h = 1.5165e10.
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(kTable1);
  const ContactInput in = pair_input(kTable1);
  const State fresh{};
  const double yield = measure_spring(kTable1).yield_indentation;
  const double a = 2.0 * yield;
  const double b = 20.0 * yield;
  const ContactForce fa = evaluate(law, p, fresh, in, a, 0.0);
  const ContactForce fb = evaluate(law, p, fresh, in, b, 0.0);
  const double c2 = (fb.dforce_dindentation - fa.dforce_dindentation) / std::log(b / a);
  const double c1 = fa.dforce_dindentation - c2 * (1.0 + std::log(a / yield));
  const double c3 = fa.force - a * (c1 + c2 * std::log(a / yield));
  EXPECT_NEAR(c1, 2.00796e7, 0.5e2);
  EXPECT_NEAR(c2, 3.20174e7, 0.5e2);
  EXPECT_NEAR(c3, 76.85, 0.005);
  const PlasticOnset onset = measure_plastic_onset(kTable1, yield);
  EXPECT_NEAR(onset.slope, 1.9415e8, 0.5e4);
  EXPECT_NEAR(onset.force, 71938.0, 0.5);
  EXPECT_NEAR(onset.indentation, 4.43226e-4, 0.5e-9);
  EXPECT_NEAR(onset.indentation, 4.4323e-4, 0.5e-8);
  // δ_p = ε² δ_y / 2 = 84.5 δ_y.
  EXPECT_NEAR(onset.indentation / yield, 84.5, 1e-9);
  // K_p of S003 Eq (12) = (F_p − F_y)/(δ_p − δ_y) = 1.6383e8: the secant of this curve.
  const double yield_force = evaluate(law, p, fresh, in, yield, 0.0).force;
  EXPECT_NEAR((onset.force - yield_force) / (onset.indentation - yield), 1.6383e8, 0.5e4);
  EXPECT_NEAR(yield_force, 182.18, 0.005);
  for (double d : {1e-7, 1e-6, 0.9 * yield}) {
    EXPECT_NEAR(evaluate(law, p, fresh, in, d, 0.0).force / std::pow(d, 1.5), 1.5165e10, 0.5e6) << d;
  }
}

TEST(MaLiu, OnsetConstantsGiveTheLoadingCurve) {
  // K_h and δ_y, written at kOnset, are the loading curve's own (the same arithmetic from the same E*, R*), so a
  // contact that went through its onset loads on exactly the curve a fresh state rebuilds from E*, R* at every
  // evaluation: bit for bit below δ_y (the Hertz part, from the onset's constants) and above it (the curve itself),
  // K_h = 1.5165e10 N/m^1.5 (models.md §5.4).
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(kTable1);
  const ContactInput in = pair_input(kTable1);
  const State started = onset_state(law, p, in);
  const State fresh{};
  const double yield = measure_spring(kTable1).yield_indentation;
  EXPECT_NEAR(started[5], 1.5165e10, 0.5e6);
  EXPECT_NEAR(started[6], yield, 1e-12 * yield);
  for (double d : {1e-9, 1e-7, 0.5 * yield, 0.999999 * yield, yield, 1.000001 * yield, 10.0 * yield, 100.0 * yield}) {
    const ContactForce a = evaluate(law, p, started, in, d, 1.0);
    const ContactForce b = evaluate(law, p, fresh, in, d, 1.0);
    EXPECT_EQ(a.force, b.force) << d;
    EXPECT_EQ(a.dforce_dindentation, b.dforce_dindentation) << d;
    EXPECT_GT(a.force, 0.0) << d;
  }
}

TEST(MaLiu, LoadingCurveIsC1AtYieldAndPlasticOnset) {
  // §3.F2 [verified]: value and slope continuous at δ_y (slope π R p_y = 1.5 K_h √δ_y) and at δ_p (slope k1).
  // One-sided values 1e-10 relative apart: the force may move by slope · 1e-10 δ, the slope by at most its
  // curvature times that (relative ≤ 1e-9).
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(kTable1);
  const ContactInput in = pair_input(kTable1);
  const State fresh{};
  const double yield = measure_spring(kTable1).yield_indentation;
  const PlasticOnset onset = measure_plastic_onset(kTable1, yield);
  const double pi_r_py = kPi * 0.01 * 1.61 * 1.03e9;  // π R p_y
  for (auto [point, slope] : {std::pair{yield, pi_r_py}, std::pair{onset.indentation, onset.slope}}) {
    const ContactForce left = evaluate(law, p, fresh, in, point * (1.0 - 1e-10), 0.0);
    const ContactForce right = evaluate(law, p, fresh, in, point * (1.0 + 1e-10), 0.0);
    EXPECT_NEAR(left.force, right.force, 2e-10 * point * slope * 1.01);
    EXPECT_NEAR(left.dforce_dindentation / slope, 1.0, 1e-8);
    EXPECT_NEAR(right.dforce_dindentation / slope, 1.0, 1e-8);
  }
  // The Hertz slope at δ_y equals π R p_y exactly by Eq (1)–(2): 1.5 (4/3) E √R √δ_y = π R p_y.
  EXPECT_NEAR(1.5 * hertz_stiffness_of(kTable1) * std::sqrt(yield) / pi_r_py, 1.0, 1e-12);
}

TEST(MaLiu, EnergyLossAt8MetresPerSecondIsTable2) {
  // S003 Table 2: ML energy loss 1.9381 J for two Table 1 spheres at 8 m/s (elastoplastic). models.md §5.4: the
  // inferred unloading closure reproduces it. ΔE = ½ m_eff (v² − v_out²) with m_eff = 0.130690 kg, from an RK4
  // integration at 1e-4 t_H (the loading curve is C¹; the unloading switch is located at the kMaxIndentation
  // event). 4 decimals printed: half a unit plus margin. The 25 m/s case gives 25.58 J with the same closure
  // (§5.4), not the published 24.7119 J: S003's plastic-phase R^e_p is unknown.
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(kTable1);
  const double m = pair_input(kTable1).effective_mass;
  const ImpactOutcome at8 = simulate_pair(law, p, kTable1, 8.0, 1e-4, hertz_stiffness_of(kTable1));
  ASSERT_TRUE(at8.separated);
  EXPECT_NEAR(0.5 * m * 64.0 * (1.0 - at8.restitution * at8.restitution), 1.9381, 6e-5);
  EXPECT_GT(at8.max_indentation, 5.24527e-6);
  EXPECT_LT(at8.max_indentation, 4.43226e-4);
  EXPECT_GE(at8.min_force, 0.0);
  const ImpactOutcome at25 = simulate_pair(law, p, kTable1, 25.0, 1e-4, hertz_stiffness_of(kTable1));
  ASSERT_TRUE(at25.separated);
  EXPECT_GT(at25.max_indentation, 4.43226e-4);
  EXPECT_NEAR(0.5 * m * 625.0 * (1.0 - at25.restitution * at25.restitution), 25.58, 0.005);
}

TEST(MaLiu, ElasticImpactDissipatesNothing) {
  // Below δ_y loading and unloading are the same Hertz curve (Eq (3), first line): c_out = 1. Two Table 1
  // spheres at 0.05 m/s reach 3.7e-6 m < δ_y.
  const LawInfo& law = law_by_id("ma_liu");
  const ImpactOutcome out =
      simulate_pair(law, compile_ma_liu(kTable1), kTable1, 0.05, 1e-4, hertz_stiffness_of(kTable1));
  ASSERT_TRUE(out.separated);
  EXPECT_LT(out.max_indentation, 5.24527e-6);
  EXPECT_NEAR(out.restitution, 1.0, 1e-7);
}

TEST(MaLiu, HistoryUnloadingReloadingAndCarryOver) {
  // Event sequence by hand. After a maximum at δ1 (elastoplastic) the force follows
  // (4/3)E√R^e (δ − δ_r)^{3/2} with R^e = 4E a³/(3F_max), a² = R δ1, δ_r = δ1 − a²/R^e (§3.F2), which passes
  // through (δ1, F_max); it is 0 for δ ≤ δ_r. Reloading follows the same curve up to δ1, then the loading curve.
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(kTable1);
  ContactInput in = pair_input(kTable1);
  const double e = in.effective_modulus;
  const double r = in.effective_radius;
  State state{};
  law.event(ContactEvent::kOnset, in, p.values, state.data());
  const double d1 = 1e-4;
  const double f_max = evaluate(law, p, state, in, d1, 1.0).force;  // on the loading curve
  in.indentation = d1;
  law.event(ContactEvent::kMaxIndentation, in, p.values, state.data());
  const double a2 = r * d1;
  const double unloading_radius = 4.0 * e * a2 * std::sqrt(a2) / (3.0 * f_max);
  const double residual = d1 - a2 / unloading_radius;
  EXPECT_GT(residual, 0.0);
  // The closure in closed form: δ_r = δ1 (1 − F_max/F_Hertz(δ1)).
  EXPECT_NEAR(residual, d1 * (1.0 - f_max / (hertz_stiffness_of(kTable1) * std::pow(d1, 1.5))), 1e-15);
  auto unloading = [&](double d) {
    return 4.0 / 3.0 * e * std::sqrt(unloading_radius) * std::pow(std::max(d - residual, 0.0), 1.5);
  };
  EXPECT_NEAR(evaluate(law, p, state, in, d1 * (1.0 - 1e-12), -1.0).force, f_max, 1e-9 * f_max);
  for (double d : {0.99 * d1, 0.5 * (d1 + residual), residual * 1.01}) {
    EXPECT_NEAR(evaluate(law, p, state, in, d, -1.0).force, unloading(d), 1e-10 * f_max) << d;
  }
  EXPECT_EQ(evaluate(law, p, state, in, 0.99 * residual, -1.0).force, 0.0);
  EXPECT_EQ(evaluate(law, p, state, in, 0.99 * residual, -1.0).dforce_dindentation, 0.0);
  // Reload: kReload changes nothing; still on the unloading curve below δ1, on the loading curve above it.
  const State before_reload = state;
  in.indentation = 0.5 * d1;
  law.event(ContactEvent::kReload, in, p.values, state.data());
  EXPECT_EQ(state, before_reload);
  EXPECT_NEAR(evaluate(law, p, state, in, 0.8 * d1, 1.0).force, unloading(0.8 * d1), 1e-10 * f_max);
  const State fresh{};
  EXPECT_EQ(evaluate(law, p, state, in, 1.2 * d1, 1.0).force, evaluate(law, p, fresh, in, 1.2 * d1, 1.0).force);
  // A maximum below δ1 (the reload did not reach it) leaves the history alone.
  in.indentation = 0.8 * d1;
  law.event(ContactEvent::kMaxIndentation, in, p.values, state.data());
  EXPECT_EQ(state, before_reload);
  // Separation keeps the history; by default so does the next onset (S003: saved for the next contact), so the
  // next contact touches only when δ > δ_r.
  law.event(ContactEvent::kSeparation, in, p.values, state.data());
  law.event(ContactEvent::kOnset, in, p.values, state.data());
  EXPECT_EQ(state, before_reload);
  EXPECT_EQ(evaluate(law, p, state, in, 0.5 * residual, 1.0).force, 0.0);
  // reset_history_at_onset = 1: the next contact starts on the virgin loading curve.
  const LawParameters reset = compile_ma_liu(kTable1, 1.0);
  State reset_state = before_reload;
  law.event(ContactEvent::kOnset, in, reset.values, reset_state.data());
  EXPECT_EQ(evaluate(law, reset, reset_state, in, 0.5 * residual, 1.0).force,
            evaluate(law, reset, fresh, in, 0.5 * residual, 1.0).force);
  EXPECT_GT(evaluate(law, reset, reset_state, in, 0.5 * residual, 1.0).force, 0.0);
  // A deeper maximum writes new history: the unloading curve now starts at (3δ1, F(3δ1)) and the dent is deeper
  // (δ_r/δ_max = 1 − F/F_Hertz grows as the curve falls further below Hertz), so 1.01 δ_r(δ1) is inside it.
  in.indentation = 3.0 * d1;
  const double deeper_max_force = evaluate(law, p, fresh, in, 3.0 * d1, 1.0).force;
  law.event(ContactEvent::kMaxIndentation, in, p.values, state.data());
  EXPECT_NEAR(evaluate(law, p, state, in, 3.0 * d1 * (1.0 - 1e-12), -1.0).force, deeper_max_force,
              1e-9 * deeper_max_force);
  EXPECT_EQ(evaluate(law, p, state, in, 1.01 * residual, -1.0).force, 0.0);
  // Elastic maximum: δ_r = 0 and R^e = R, so unloading retraces Hertz (no loss).
  State elastic{};
  in.indentation = 3e-6;
  law.event(ContactEvent::kMaxIndentation, in, p.values, elastic.data());
  EXPECT_DOUBLE_EQ(evaluate(law, p, elastic, in, 2e-6, -1.0).force, evaluate(law, p, fresh, in, 2e-6, 1.0).force);
}

TEST(MaLiu, DerivativesMatchCentralFiniteDifferences) {
  // Loading (elastic, elastoplastic, plastic) and unloading; no velocity dependence (∂F/∂δ̇ = 0).
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(kTable1);
  ContactInput in = pair_input(kTable1);
  State unloaded{};
  in.indentation = 2e-4;
  law.event(ContactEvent::kMaxIndentation, in, p.values, unloaded.data());
  const State fresh{};
  struct Point {
    const State* state;
    double indentation;
  };
  const Point kPoints[] = {{&fresh, 2e-6}, {&fresh, 3e-5}, {&fresh, 1e-3}, {&unloaded, 1.5e-4}, {&unloaded, 1.9e-4}};
  for (const Point& point : kPoints) {
    const double d = point.indentation;
    const double h = 1e-6 * d;
    const ContactForce f = evaluate(law, p, *point.state, in, d, -0.5);
    const double fd = (evaluate(law, p, *point.state, in, d + h, -0.5).force -
                       evaluate(law, p, *point.state, in, d - h, -0.5).force) / (2 * h);
    EXPECT_NEAR(f.dforce_dindentation, fd, 1e-6 * std::abs(f.dforce_dindentation)) << d;
    EXPECT_EQ(f.dforce_dnormal_velocity, 0.0);
  }
}

TEST(MaLiu, PotentialIsTheRecoverableEnergy) {
  // On the unloading curve the recoverable energy is ∫_{δ_r}^{δ} F_U, so dU/dδ = F; it is 0 inside the dent. On the
  // loading curve it is the area under the unloading curve that would start there, (2/5) F (δ − δ_r): the value
  // must not change when the kMaxIndentation event switches the curve at that point.
  const LawInfo& law = law_by_id("ma_liu");
  const LawParameters p = compile_ma_liu(kTable1);
  ContactInput in = pair_input(kTable1);
  for (double d1 : {3e-6, 1e-4, 1e-3}) {
    State state{};
    in.indentation = d1;
    const double before = law.potential(in, p.values, state.data());
    law.event(ContactEvent::kMaxIndentation, in, p.values, state.data());
    in.indentation = d1 * (1.0 - 1e-13);
    EXPECT_NEAR(law.potential(in, p.values, state.data()) / before, 1.0, 1e-9) << d1;
    const double d = 0.995 * d1;
    const double h = 1e-7 * d;
    ContactInput a = in, b = in;
    a.indentation = d + h;
    b.indentation = d - h;
    const double derivative = (law.potential(a, p.values, state.data()) - law.potential(b, p.values, state.data())) / (2 * h);
    EXPECT_NEAR(derivative / evaluate(law, p, state, in, d, 0.0).force, 1.0, 1e-5) << d1;
  }
  // Elastic range: U = 0.4 K_h δ^{5/2} (Hertz), and 0 without contact.
  const State fresh{};
  in.indentation = 2e-6;
  EXPECT_NEAR(law.potential(in, p.values, fresh.data()) / (0.4 * hertz_stiffness_of(kTable1) * std::pow(2e-6, 2.5)),
              1.0, 1e-12);
  in.indentation = 0.0;
  EXPECT_EQ(law.potential(in, p.values, fresh.data()), 0.0);
  EXPECT_EQ(evaluate(law, p, fresh, in, 0.0, 1.0).force, 0.0);
  EXPECT_EQ(evaluate(law, p, fresh, in, -1e-6, 1.0).force, 0.0);
}

}  // namespace
}  // namespace contactlab
