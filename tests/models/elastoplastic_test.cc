// SPDX-License-Identifier: MIT
// Tests of models/elastoplastic: the history-dependent laws of models.md §3.G (goldsmith_modified_hertz with its
// variant lankarani_nikravesh_plastic, thornton, yigit, yigit_linearized). Laws are looked up through the registry
// by id. Oracles: hand-computed points, continuity/smoothness derived from the formulas, and work-ratio restitution
// (c_r² = unloading work / loading work, models.md §2.4 Stronge) checked against direct integration of the impact.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "models/registry.h"
#include "tests/models/impact_simulation.h"

namespace contactlab {
namespace {

using test_support::ImpactOutcome;
using test_support::ImpactSetup;

constexpr double kPi = 3.14159265358979323846;
constexpr std::string_view kLaws[] = {"goldsmith_modified_hertz", "thornton", "yigit", "yigit_linearized"};

// Pair data for the hand-computed points: K = 1e9 N/m^1.5 (so K δ^1.5 = 1000 N at δ = 1e-4 m), and the E*, R* that
// thornton reads (a steel-like contact: E* = 110 GPa, R* = 10 mm).
constexpr double kStiffness = 1e9;
constexpr double kModulus = 1.1e11;
constexpr double kRadius = 0.01;
constexpr double kYieldStrength = 1e9;

const LawInfo& law_by_id(std::string_view id) {
  const LawIndex index = find_law(id);
  if (index < 0) throw std::invalid_argument("law not registered: " + std::string(id));
  return law_info(index);
}

LawParameters compile(const LawInfo& law, std::initializer_list<NamedValue> values) {
  return compile_law_parameters(law, std::span<const NamedValue>(values.begin(), values.size()));
}

ContactInput make_input(double indentation = 0.0, double normal_velocity = 0.0) {
  ContactInput in;
  in.indentation = indentation;
  in.normal_velocity = normal_velocity;
  in.impact_velocity = 1.0;
  in.effective_mass = 0.1;
  in.effective_radius = kRadius;
  in.effective_modulus = kModulus;
  in.stiffness = kStiffness;
  in.exponent = 1.5;
  return in;
}

// Default parameters of each law for the point tests: c_r = 0.6, σ_y = 1 GPa, δ_y = 1e-6 m.
LawParameters default_parameters(std::string_view id) {
  const LawInfo& law = law_by_id(id);
  if (id == "goldsmith_modified_hertz") return compile(law, {{"restitution", 0.6}});
  if (id == "thornton") return compile(law, {{"yield_strength", kYieldStrength}});
  return compile(law, {{"yield_indentation", 1e-6}});
}

// Walks one contact through its events, as the engine would, with a fixed pair input.
class ContactDriver {
 public:
  ContactDriver(std::string_view id, const LawParameters& parameters, const ContactInput& base = make_input())
      : law_(law_by_id(id)), parameters_(parameters), base_(base) {
    state_.fill(0.0);
  }
  explicit ContactDriver(std::string_view id) : ContactDriver(id, default_parameters(id)) {}

  void event(ContactEvent kind, double indentation) {
    ContactInput in = base_;
    in.indentation = indentation;
    in.normal_velocity = kind == ContactEvent::kOnset ? base_.impact_velocity : 0.0;
    law_.event(kind, in, parameters_.values, state_.data());
  }
  // Onset, virgin loading to δ_m and the reversal there.
  void load_to(double max_indentation) {
    event(ContactEvent::kOnset, 0.0);
    event(ContactEvent::kMaxIndentation, max_indentation);
  }
  ContactForce force(double indentation, double normal_velocity = 0.0) const {
    ContactInput in = base_;
    in.indentation = indentation;
    in.normal_velocity = normal_velocity;
    return law_.force(in, parameters_.values, state_.data());
  }
  double potential(double indentation) const {
    ContactInput in = base_;
    in.indentation = indentation;
    return law_.potential(in, parameters_.values, state_.data());
  }
  std::array<double, kMaxLawState>& state() { return state_; }

 private:
  const LawInfo& law_;
  LawParameters parameters_;
  ContactInput base_;
  std::array<double, kMaxLawState> state_{};
};

// Central differences with a relative step 1e-7: truncation ≈ 1e-14, round-off ≈ 1e-9 relative.
void expect_derivatives_match(const ContactDriver& contact, double indentation, double normal_velocity) {
  SCOPED_TRACE("δ = " + std::to_string(indentation) + ", δ̇ = " + std::to_string(normal_velocity));
  const ContactForce f = contact.force(indentation, normal_velocity);
  ASSERT_GT(f.force, 0.0);
  const double hd = 1e-7 * indentation;
  const double fd_indentation = (contact.force(indentation + hd, normal_velocity).force -
                                 contact.force(indentation - hd, normal_velocity).force) / (2.0 * hd);
  const double hv = 1e-7;
  const double fd_velocity = (contact.force(indentation, normal_velocity + hv).force -
                              contact.force(indentation, normal_velocity - hv).force) / (2.0 * hv);
  EXPECT_NEAR(f.dforce_dindentation, fd_indentation, 1e-6 * std::abs(fd_indentation));
  EXPECT_NEAR(f.dforce_dnormal_velocity, fd_velocity, 1e-9 * f.force);
}

// The step of every integrated impact: 1e-4 t_H (as the Hunt–Crossley tests; RK4 error far below 1e-6).
ImpactOutcome simulate(std::string_view id, const LawParameters& parameters, const ImpactSetup& setup,
                       const ContactInput& base = make_input()) {
  return test_support::simulate_isolated_impact(law_by_id(id), parameters, setup,
                                                1e-4 * test_support::hertz_compression_time(setup), base);
}

// ---------------------------------------------------------------------------------------------------------
// Metadata

TEST(Elastoplastic, MetadataMatchesCatalogue) {
  // models.md §1 / §3.G: state H (history), no tension, no jump, contact ends at δ = 0; only goldsmith takes a
  // target restitution. thornton reads E*, R* (kNeedsMaterials). None needs δ̇⁻ or m_eff.
  struct Expected {
    std::string_view id;
    int state_size;
    bool materials;
    std::string_view parameter;
  };
  constexpr Expected kExpected[] = {{"goldsmith_modified_hertz", 3, false, "restitution"},
                                    {"thornton", 4, true, "yield_strength"},
                                    {"yigit", 1, false, "yield_indentation"},
                                    {"yigit_linearized", 3, false, "yield_indentation"}};
  for (const Expected& e : kExpected) {
    SCOPED_TRACE(std::string(e.id));
    const LawInfo& law = law_by_id(e.id);
    EXPECT_EQ(law.family, "elastoplastic");
    EXPECT_TRUE(law.needs & kNeedsHistory);
    EXPECT_EQ((law.needs & kNeedsMaterials) != 0, e.materials);
    EXPECT_FALSE(law.needs & (kNeedsImpactVelocity | kNeedsEffectiveMass | kNeedsTimeSinceOnset));
    EXPECT_EQ(law.state_size, e.state_size);
    EXPECT_EQ(law.continuous_state_size, 0);
    EXPECT_EQ(law.separation, Separation::kIndentation);
    EXPECT_FALSE(law.can_tension);
    EXPECT_FALSE(law.force_jump);
    EXPECT_FALSE(law.requires_linear_stiffness);
    EXPECT_NE(law.event, nullptr);
    EXPECT_NE(law.potential, nullptr);
    EXPECT_EQ(law.state_rate, nullptr);
    EXPECT_FALSE(law.notes.empty());
    EXPECT_NE(law.notes.find("kOnset"), std::string_view::npos) << "the reset decision must be documented";
    ASSERT_FALSE(law.parameters.empty());
    EXPECT_EQ(law.parameters[0].name, e.parameter);
  }
  const LawInfo& goldsmith = law_by_id("goldsmith_modified_hertz");
  EXPECT_EQ(goldsmith.parameters[1].name, "permanent_indentation");
  EXPECT_EQ(goldsmith.parameters[1].unit, "m");
  // δ_p = δ_max(1 − c²) reproduces any c_r exactly (tested below), so the accurate range is all of it.
  EXPECT_EQ(goldsmith.accurate_restitution_min, 0.0);
  EXPECT_EQ(goldsmith.accurate_restitution_max, 1.0);
  for (std::string_view id : {"thornton", "yigit", "yigit_linearized"}) {
    EXPECT_EQ(law_by_id(id).accurate_restitution_max, 0.0) << id;
  }
  // The corrected unloading stiffness cites its erratum.
  EXPECT_NE(law_by_id("yigit_linearized").notes.find("erratum 13"), std::string_view::npos);
}

TEST(Elastoplastic, LankaraniNikravesh_PlasticIsAnAliasOfGoldsmith) {
  // models.md §1 counts 44 ids with lankarani_nikravesh_plastic as a variant of goldsmith_modified_hertz.
  const LawIndex index = find_law("lankarani_nikravesh_plastic");
  ASSERT_GE(index, 0);
  EXPECT_EQ(index, find_law("goldsmith_modified_hertz"));
  EXPECT_EQ(law_info(index).id, "goldsmith_modified_hertz");
}

// ---------------------------------------------------------------------------------------------------------
// goldsmith_modified_hertz

TEST(Goldsmith, ForceAtHandComputedPoints) {
  // K = 1e9, n = 3/2, δ_max = 1e-4 m: F_max = K δ_max^1.5 = 1e9 · 1e-6 = 1000 N. c_r = 0.6 gives
  // δ_p = δ_max(1 − 0.36) = 6.4e-5 m. At δ = 8.2e-5 m the ratio (δ − δ_p)/(δ_max − δ_p) = 1.8e-5/3.6e-5 = 0.5, so
  // F = 1000 · 0.5^1.5 = 353.5533906 N and ∂F/∂δ = 1.5 F/(δ − δ_p) = 1.5 · 353.5533906/1.8e-5 N/m.
  ContactDriver contact("goldsmith_modified_hertz");
  contact.load_to(1e-4);
  EXPECT_NEAR(contact.state()[0], 1e-4, 1e-18);
  EXPECT_NEAR(contact.state()[1], 1000.0, 1e-9);
  EXPECT_NEAR(contact.state()[2], 6.4e-5, 1e-18);
  const double expected = 1000.0 * std::pow(0.5, 1.5);
  const ContactForce f = contact.force(8.2e-5, -0.3);
  EXPECT_NEAR(f.force, expected, 1e-9);
  EXPECT_NEAR(f.dforce_dindentation, 1.5 * expected / 1.8e-5, 1e-3);
  EXPECT_EQ(f.dforce_dnormal_velocity, 0.0);
  // Below δ_p the bodies are apart in the deformed geometry: no force (never tension).
  EXPECT_EQ(contact.force(6.0e-5, -0.3).force, 0.0);
  // Loading before the first maximum is Hertz: K δ^1.5 = 1e9 · (4e-5)^1.5 = 252.98221 N.
  ContactDriver fresh("goldsmith_modified_hertz");
  fresh.event(ContactEvent::kOnset, 0.0);
  EXPECT_NEAR(fresh.force(4e-5, 1.0).force, 1e9 * std::pow(4e-5, 1.5), 1e-9);
}

TEST(Goldsmith, ForceIsContinuousAtMaxIndentation) {
  // Eq (5.7) at δ = δ_max gives F_max, the loading force there ("F_max and δ_max occur together").
  for (double c : {0.1, 0.6, 0.95}) {
    const LawParameters p = compile(law_by_id("goldsmith_modified_hertz"), {{"restitution", c}});
    ContactDriver contact("goldsmith_modified_hertz", p);
    contact.event(ContactEvent::kOnset, 0.0);
    const double before = contact.force(1e-4).force;  // still on the loading curve
    contact.event(ContactEvent::kMaxIndentation, 1e-4);
    EXPECT_NEAR(contact.force(1e-4).force, before, 1e-12 * before) << c;
    // Just below: the unloading slope n F_max/(δ_max − δ_p) = 1.5 F_max/(c² δ_max) moves F by 1.5e-12/c² relative.
    EXPECT_NEAR(contact.force(1e-4 * (1.0 - 1e-12)).force, before, 1e-9 * before) << c;
  }
}

TEST(Goldsmith, RestitutionModeReproducesTargetByIntegration) {
  // Work ratio (models.md §3.G1): loading work F_m δ_m/(n+1) = ½ m δ̇⁻², unloading work F_m(δ_m − δ_p)/(n+1)
  // = c² · loading work for δ_p = δ_m(1 − c²), and the force vanishes for δ < δ_p, so the rebound speed is
  // exactly c δ̇⁻ for any K, n, m and δ̇⁻. Both names of the law, three exponents.
  const ImpactSetup setups[] = {test_support::alaci_example_setup(), {1e6, 1.0, 1.0, 1.0}, {1e12, 2.0, 0.5, 0.3}};
  for (std::string_view name : {"goldsmith_modified_hertz", "lankarani_nikravesh_plastic"}) {
    for (const ImpactSetup& setup : setups) {
      for (double c : {0.2, 0.5, 0.9}) {
        SCOPED_TRACE(std::string(name) + ", n = " + std::to_string(setup.exponent) + ", c_r = " + std::to_string(c));
        const LawInfo& law = law_by_id(name);
        const ImpactOutcome out = test_support::simulate_isolated_impact(
            law, compile(law, {{"restitution", c}}), setup, 1e-4 * test_support::hertz_compression_time(setup));
        ASSERT_TRUE(out.separated);
        EXPECT_NEAR(out.restitution, c, 1e-6);
        // Loading is pure Hertz, so δ_max is the undamped x_H of models.md §2.3.
        EXPECT_NEAR(out.max_indentation / test_support::hertz_max_indentation(setup), 1.0, 1e-6);
        EXPECT_GE(out.min_force, 0.0);
      }
    }
  }
}

TEST(Goldsmith, GivenPermanentIndentationSetsRestitution) {
  // δ_p given directly: the same work ratio gives c = √((δ_max − δ_p)/δ_max), and δ_max = x_H (Hertz loading).
  // δ_p = 0.36 x_H therefore gives c = √0.64 = 0.8.
  const ImpactSetup setup = test_support::alaci_example_setup();
  const double permanent = 0.36 * test_support::hertz_max_indentation(setup);
  const LawInfo& law = law_by_id("goldsmith_modified_hertz");
  const ImpactOutcome out =
      simulate("goldsmith_modified_hertz", compile(law, {{"permanent_indentation", permanent}}), setup);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.restitution, 0.8, 1e-6);
}

TEST(Goldsmith, APermanentIndentationAtOrBeyondTheMaximumIndentationHasNoUnloadingCurve) {
  // δ_p ≥ δ_max: F_max((δ − δ_p)/(δ_max − δ_p))^n would drop from F_max to 0 at δ_max itself, a vertical unloading
  // (the bodies left at rest in contact without a force). The maximum-indentation event refuses it (LawFailure: the
  // engine stops the run there, models/force_law.h) naming both lengths, and leaves the state as the onset set it.
  const LawInfo& law = law_by_id("goldsmith_modified_hertz");
  for (const double permanent : {2e-4, 1e-4}) {
    SCOPED_TRACE("δ_p = " + std::to_string(permanent));
    ContactDriver contact("goldsmith_modified_hertz", compile(law, {{"permanent_indentation", permanent}}));
    contact.event(ContactEvent::kOnset, 0.0);
    try {
      contact.event(ContactEvent::kMaxIndentation, 1e-4);
      ADD_FAILURE() << "no LawFailure";
    } catch (const LawFailure& failure) {
      const std::string message = failure.what();
      EXPECT_NE(message.find("permanent_indentation δ_p = " + std::string(permanent == 2e-4 ? "0.0002" : "0.0001") + " m"),
                std::string::npos) << message;
      EXPECT_NE(message.find("maximum indentation δ_max = 0.0001 m"), std::string::npos) << message;
      EXPECT_NE(message.find("vertical"), std::string::npos) << message;
    }
    EXPECT_EQ(contact.state()[0], 0.0);
    EXPECT_EQ(contact.state()[2], 0.0);
  }
  // Just below δ_max the unloading is steep but a curve: with K = 1e9 N/m^1.5, F_max = K (1e-4)^{3/2} = 1000 N at
  // δ_max, and halfway between δ_p = 0.99e-4 and δ_max, F_max 0.5^{3/2} = 353.55 N.
  ContactDriver steep("goldsmith_modified_hertz", compile(law, {{"permanent_indentation", 0.99e-4}}));
  steep.load_to(1e-4);
  EXPECT_NEAR(steep.force(1e-4).force, 1000.0, 1e-9);
  EXPECT_NEAR(steep.force(0.995e-4).force, 1000.0 * std::pow(0.5, 1.5), 1e-6);
  EXPECT_EQ(steep.force(0.98e-4).force, 0.0);
}

TEST(Goldsmith, DefaultsAreTheHertzLaw) {
  // c_r = 1 and δ_p = 0: the unloading curve F_max(δ/δ_max)^n = K δ^n is the loading curve.
  ContactDriver contact("goldsmith_modified_hertz", compile(law_by_id("goldsmith_modified_hertz"), {}));
  contact.load_to(1e-4);
  for (double d : {1e-6, 3e-5, 9e-5}) {
    EXPECT_NEAR(contact.force(d, -1.0).force, kStiffness * std::pow(d, 1.5), 1e-12 * kStiffness * std::pow(d, 1.5));
  }
}

TEST(Goldsmith, RejectsRestitutionAndPermanentIndentationTogether) {
  // Two ways of fixing δ_p at once would be ambiguous; compile_law_parameters reports it like a range error.
  const LawInfo& law = law_by_id("goldsmith_modified_hertz");
  try {
    compile(law, {{"restitution", 0.5}, {"permanent_indentation", 1e-5}});
    ADD_FAILURE() << "no std::invalid_argument thrown";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("restitution"), std::string::npos) << message;
    EXPECT_NE(message.find("permanent_indentation"), std::string::npos) << message;
  }
  EXPECT_THROW(compile(law, {{"restitution", 0.0}}), std::invalid_argument);  // c_r ∈ (0, 1]
  EXPECT_THROW(compile(law, {{"permanent_indentation", -1e-6}}), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------------------
// History rules shared by the four laws

// δ_max of these tests: 40 δ_y for the δ_y = 1e-6 m laws and ≈ 20 δ_y for thornton (δ_y = 2.04e-6 m), so every
// law is in its plastic regime with a visible permanent indentation.
constexpr double kMaxIndentation = 4e-5;

TEST(ElastoplasticHistory, ForceIsContinuousAtTheReversal) {
  // Every unloading curve passes through (δ_max, F_max), the end of the loading curve: the kMaxIndentation event
  // must not change F at δ_max (Eq (5.7), (5.67), (5.75) and the corrected (5.77), erratum 13).
  for (std::string_view id : kLaws) {
    ContactDriver contact(id);
    contact.event(ContactEvent::kOnset, 0.0);
    const double loading = contact.force(kMaxIndentation).force;
    contact.event(ContactEvent::kMaxIndentation, kMaxIndentation);
    const double unloading = contact.force(kMaxIndentation).force;
    EXPECT_NEAR(unloading, loading, 1e-12 * loading) << id;
    // And just below δ_max on the unloading side (no jump hidden by the δ ≥ δ_max rule).
    EXPECT_NEAR(contact.force(kMaxIndentation * (1.0 - 1e-10)).force, loading, 1e-7 * loading) << id;
  }
}

TEST(ElastoplasticHistory, ReloadingRetracesUnloadingCurveThenLoads) {
  // Reversal at δ_max, unloading to δ_1 = 0.7 δ_max, reload: the force up to δ_max is the unloading curve (elastic,
  // reversible), past δ_max the virgin loading curve. A second reversal below δ_max leaves the history alone; one
  // above δ_max replaces it.
  for (std::string_view id : kLaws) {
    SCOPED_TRACE(std::string(id));
    ContactDriver virgin(id);
    virgin.event(ContactEvent::kOnset, 0.0);
    ContactDriver contact(id);
    contact.load_to(kMaxIndentation);
    const std::array<double, kMaxLawState> history = contact.state();
    const double between = 0.9 * kMaxIndentation;
    const double unloading = contact.force(between, -0.1).force;
    EXPECT_LT(unloading, virgin.force(between).force);  // plastic: the unloading curve lies below loading
    contact.event(ContactEvent::kReload, 0.7 * kMaxIndentation);
    EXPECT_EQ(contact.state(), history);
    EXPECT_EQ(contact.force(between, 0.1).force, unloading);
    const double beyond = 1.2 * kMaxIndentation;
    EXPECT_EQ(contact.force(beyond, 0.1).force, virgin.force(beyond, 0.1).force);
    contact.event(ContactEvent::kMaxIndentation, between);  // reversal below δ_max
    EXPECT_EQ(contact.state(), history);
    contact.event(ContactEvent::kMaxIndentation, beyond);  // reversal above: new history
    EXPECT_EQ(contact.state()[0], beyond);
    ContactDriver direct(id);
    direct.load_to(beyond);
    EXPECT_EQ(contact.state(), direct.state());
  }
}

TEST(ElastoplasticHistory, OnsetResetsHistory) {
  // Decision (file header of elastoplastic.cc): every contact starts on the virgin curve, whatever state the engine
  // kept from the previous contact of the pair.
  for (std::string_view id : kLaws) {
    ContactDriver contact(id);
    contact.load_to(kMaxIndentation);
    ASSERT_NE(contact.state()[0], 0.0);
    const double small = 0.2 * kMaxIndentation;
    ASSERT_LT(contact.force(small).force, ContactDriver(id).force(small).force) << id;  // plastic history shows
    contact.event(ContactEvent::kOnset, 0.0);
    for (int i = 0; i < law_by_id(id).state_size; ++i) {
      EXPECT_EQ(contact.state()[static_cast<std::size_t>(i)], 0.0) << id;
    }
    ContactDriver fresh(id);
    EXPECT_EQ(contact.force(small).force, fresh.force(small).force) << id;
  }
}

TEST(ElastoplasticHistory, NoForceWithoutIndentationAndNeverTension) {
  for (std::string_view id : kLaws) {
    ContactDriver contact(id);
    contact.load_to(kMaxIndentation);
    for (double d : {0.0, -1e-6}) EXPECT_EQ(contact.force(d, -1.0).force, 0.0) << id;
    for (int k = 1; k <= 100; ++k) EXPECT_GE(contact.force(kMaxIndentation * k / 100.0, -5.0).force, 0.0) << id;
  }
}

TEST(ElastoplasticHistory, DerivativesMatchFiniteDifferences) {
  // Points on the elastic loading part (δ < δ_y), the plastic loading part and the unloading curve, away from the
  // kinks; ∂F/∂δ̇ = 0 for all four (no viscous term).
  for (std::string_view id : kLaws) {
    SCOPED_TRACE(std::string(id));
    ContactDriver loading(id);
    loading.event(ContactEvent::kOnset, 0.0);
    for (double d : {5e-7, 3e-6, 2e-5}) expect_derivatives_match(loading, d, 0.4);
    ContactDriver unloading(id);
    unloading.load_to(kMaxIndentation);
    for (double d : {0.95 * kMaxIndentation, 0.99 * kMaxIndentation}) expect_derivatives_match(unloading, d, -0.4);
  }
}

TEST(ElastoplasticHistory, PotentialIsTheEnergyTheUnloadingCurveReturns) {
  // The potential is the recoverable energy: on the unloading curve dU/dδ = F (central difference), U = 0 where
  // F = 0 (below the permanent indentation); it does not jump at the kMaxIndentation event; and on loading it is at
  // most the work done so far, ∫ F dδ along the loading curve (trapezoidal, 20000 panels).
  for (std::string_view id : kLaws) {
    SCOPED_TRACE(std::string(id));
    ContactDriver contact(id);
    contact.event(ContactEvent::kOnset, 0.0);
    const double before = contact.potential(kMaxIndentation);
    double work = 0.0;
    const int panels = 20000;
    for (int k = 0; k < panels; ++k) {
      const double a = kMaxIndentation * k / panels, b = kMaxIndentation * (k + 1) / panels;
      work += 0.5 * (contact.force(a).force + contact.force(b).force) * (b - a);
    }
    EXPECT_LT(before, work);
    EXPECT_GT(before, 0.0);
    contact.event(ContactEvent::kMaxIndentation, kMaxIndentation);
    EXPECT_NEAR(contact.potential(kMaxIndentation), before, 1e-12 * before);
    for (double d : {0.9 * kMaxIndentation, 0.97 * kMaxIndentation}) {
      const double h = 1e-7 * d;
      const double derivative = (contact.potential(d + h) - contact.potential(d - h)) / (2.0 * h);
      EXPECT_NEAR(derivative, contact.force(d).force, 1e-6 * contact.force(d).force) << d;
    }
    EXPECT_EQ(contact.potential(0.0), 0.0);
    // Some indentation below which F = 0 exists for all four (plastic regime): find it and check U = 0 there.
    double zero_force = kMaxIndentation;
    while (zero_force > 0.0 && contact.force(zero_force).force > 0.0) zero_force -= 1e-3 * kMaxIndentation;
    ASSERT_GT(zero_force, 0.0);
    EXPECT_EQ(contact.potential(zero_force), 0.0);
  }
}

// ---------------------------------------------------------------------------------------------------------
// thornton

// Yield point from Eq (5.70)–(5.71) with the Hertz contact radius a_y² = R δ_y:
// σ_y = 3 K_L δ_y^{3/2}/(2π R δ_y) = 2E*√δ_y/(π√R), i.e. δ_y = R (π σ_y/(2E*))².
struct YieldPoint {
  double loading_stiffness;  // K_L
  double indentation;        // δ_y
  double force;              // P_y
};
YieldPoint thornton_yield_point(double modulus, double radius, double yield_strength) {
  YieldPoint y;
  y.loading_stiffness = 4.0 / 3.0 * modulus * std::sqrt(radius);
  y.indentation = radius * std::pow(kPi * yield_strength / (2.0 * modulus), 2);
  y.force = y.loading_stiffness * std::pow(y.indentation, 1.5);
  return y;
}

TEST(Thornton, YieldPointSatisfiesEq5_70) {
  // For E* = 110 GPa, R* = 10 mm, σ_y = 1 GPa: δ_y = 0.01 (π/220)² = 2.0392e-6 m. Feeding P_y and a_y² = R δ_y back
  // into Eq (5.70) must return σ_y; the law's loading force at δ_y is P_y (Eq (5.71)).
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  EXPECT_NEAR(y.indentation, 0.01 * std::pow(kPi / 220.0, 2), 1e-20);
  EXPECT_NEAR(3.0 * y.force / (2.0 * kPi * kRadius * y.indentation), kYieldStrength, 1e-6);
  ContactDriver contact("thornton");
  contact.event(ContactEvent::kOnset, 0.0);
  EXPECT_NEAR(contact.force(y.indentation).force, y.force, 1e-12 * y.force);
}

TEST(Thornton, LoadingIsContinuousAndSmoothAtYield) {
  // Continuity at δ_y: both branches give P_y. Slope: the plastic slope π σ_y R equals the Hertz slope there,
  // (3/2) K_L √δ_y = 2E*√(R δ_y) = 2E*√R · π σ_y √R/(2E*) = π σ_y R — so the loading curve is C¹ (derived).
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  ContactDriver contact("thornton");
  contact.event(ContactEvent::kOnset, 0.0);
  const ContactForce below = contact.force(y.indentation * (1.0 - 1e-12));
  const ContactForce above = contact.force(y.indentation * (1.0 + 1e-12));
  EXPECT_NEAR(below.force, y.force, 1e-9 * y.force);
  EXPECT_NEAR(above.force, y.force, 1e-9 * y.force);
  EXPECT_NEAR(above.dforce_dindentation, kPi * kYieldStrength * kRadius, 1e-6);
  EXPECT_NEAR(below.dforce_dindentation, above.dforce_dindentation, 1e-9 * above.dforce_dindentation);
  // Plastic branch at a hand point: P_y + π σ_y R (δ − δ_y) at δ = δ_y + 1e-5 m.
  EXPECT_NEAR(contact.force(y.indentation + 1e-5).force, y.force + kPi * kYieldStrength * kRadius * 1e-5, 1e-9);
}

TEST(Thornton, PlasticRadiusEqualsRadiusAtYield) {
  // Eq (5.69) at P* = P_y: ((2P_y + P_y)/(2π σ_y))^{3/2} = a_y³ = (R δ_y)^{3/2}, so R_p = 4E*(Rδ_y)^{3/2}/(3 K_L
  // δ_y^{3/2}) = R: the unloading from the yield point is the loading Hertz curve (K_H = K_L, δ_P = 0). Unloading
  // from below yield is Hertz by construction.
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  ContactDriver at_yield("thornton");
  at_yield.load_to(y.indentation * (1.0 + 1e-10));
  EXPECT_NEAR(at_yield.state()[2] / y.loading_stiffness, 1.0, 1e-8);
  EXPECT_NEAR(at_yield.state()[3], 0.0, 1e-8 * y.indentation);
  ContactDriver elastic("thornton");
  elastic.load_to(0.5 * y.indentation);
  EXPECT_EQ(elastic.state()[2], y.loading_stiffness);
  EXPECT_EQ(elastic.state()[3], 0.0);
}

TEST(Thornton, UnloadingCurveFromEq5_69) {
  // Hand check at δ_max = 20 δ_y: P* = P_y + π σ_y R · 19 δ_y, R_p from Eq (5.69), K_H = (4/3)E*√R_p,
  // δ_P = δ_max − (P*/K_H)^{2/3}; the state holds these and F = K_H (δ − δ_P)^{3/2} below δ_max.
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  const double max_indentation = 20.0 * y.indentation;
  const double peak = y.force + kPi * kYieldStrength * kRadius * 19.0 * y.indentation;
  const double plastic_radius =
      4.0 * kModulus / (3.0 * peak) * std::pow((2.0 * peak + y.force) / (2.0 * kPi * kYieldStrength), 1.5);
  const double unloading_stiffness = 4.0 / 3.0 * kModulus * std::sqrt(plastic_radius);
  const double permanent = max_indentation - std::pow(peak / unloading_stiffness, 2.0 / 3.0);
  ContactDriver contact("thornton");
  contact.load_to(max_indentation);
  EXPECT_NEAR(contact.state()[1], peak, 1e-12 * peak);
  EXPECT_NEAR(contact.state()[2], unloading_stiffness, 1e-12 * unloading_stiffness);
  EXPECT_NEAR(contact.state()[3], permanent, 1e-12 * max_indentation);
  EXPECT_GT(plastic_radius, kRadius);  // flattened contact: R_p > R, hence δ_P > 0
  EXPECT_GT(permanent, 0.0);
  const double d = 0.5 * (permanent + max_indentation);
  EXPECT_NEAR(contact.force(d).force, unloading_stiffness * std::pow(d - permanent, 1.5), 1e-9 * peak);
}

// Thornton's impact: E* = 110 GPa, R* = 10 mm, σ_y = 1 GPa, m = 0.05 kg. The yield velocity follows from
// ½ m v_y² = ∫_0^{δ_y} K_L δ^{3/2} dδ = (2/5) K_L δ_y^{5/2}.
constexpr double kThorntonMass = 0.05;
double yield_velocity() {
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  return std::sqrt(4.0 * y.loading_stiffness * std::pow(y.indentation, 2.5) / (5.0 * kThorntonMass));
}

ImpactOutcome thornton_impact(double velocity) {
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  const ImpactSetup setup{y.loading_stiffness, 1.5, kThorntonMass, velocity};  // K_L sizes the step and budget
  return simulate("thornton", compile(law_by_id("thornton"), {{"yield_strength", kYieldStrength}}), setup);
}

// Restitution from the seed's equations by the work ratio: δ_max from ½ m v² = (2/5) P_y δ_y + P_y x + ½ π σ_y R x²
// (x = δ_max − δ_y, the area under (5.67)), then P*, R_p (5.69), K_H, δ_P and the unloading work
// (2/5) K_H (δ_max − δ_P)^{5/2} = (2/5) P* (δ_max − δ_P); c² = unloading work / ½ m v².
double thornton_work_ratio_restitution(double velocity) {
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  const double energy = 0.5 * kThorntonMass * velocity * velocity;
  const double slope = kPi * kYieldStrength * kRadius;
  const double excess = energy - 0.4 * y.force * y.indentation;
  const double x = (-y.force + std::sqrt(y.force * y.force + 2.0 * slope * excess)) / slope;
  const double peak = y.force + slope * x;
  const double plastic_radius =
      4.0 * kModulus / (3.0 * peak) * std::pow((2.0 * peak + y.force) / (2.0 * kPi * kYieldStrength), 1.5);
  const double elastic_recovery = std::pow(peak / (4.0 / 3.0 * kModulus * std::sqrt(plastic_radius)), 2.0 / 3.0);
  return std::sqrt(0.4 * peak * elastic_recovery / energy);
}

// Thornton's published closed form (J. Appl. Mech. 64 (1997) 383; not in the seeds), with r = v_y/v:
// e = (6√3/5)^{1/2} [1 − r²/6]^{1/2} [r/(r + 2√(6/5 − r²/5))]^{1/4}.
double thornton_closed_form(double velocity) {
  const double r = yield_velocity() / velocity;
  return std::sqrt(6.0 * std::sqrt(3.0) / 5.0) * std::sqrt(1.0 - r * r / 6.0) *
         std::pow(r / (r + 2.0 * std::sqrt(6.0 / 5.0 - r * r / 5.0)), 0.25);
}

TEST(Thornton, ElasticBelowYieldVelocity) {
  // v = 0.5 v_y never reaches δ_y (the elastic energy at δ_y is ½ m v_y²): pure Hertz impact, c = 1, and the peak
  // force is the undamped F_H = K_L x_H^{3/2} (models.md §2.3).
  const double v = 0.5 * yield_velocity();
  const ImpactOutcome out = thornton_impact(v);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.restitution, 1.0, 1e-6);
  const YieldPoint y = thornton_yield_point(kModulus, kRadius, kYieldStrength);
  const ImpactSetup setup{y.loading_stiffness, 1.5, kThorntonMass, v};
  EXPECT_LT(out.max_indentation, y.indentation);
  EXPECT_NEAR(out.max_force / (y.loading_stiffness * std::pow(test_support::hertz_max_indentation(setup), 1.5)), 1.0,
              1e-6);
}

TEST(Thornton, RestitutionAboveYieldMatchesWorkRatioAndThorntonClosedForm) {
  // Above v_y the restitution falls with impact speed. Oracles: the work ratio built from Eq (5.67)–(5.71) above,
  // which equals Thornton's closed form (an independent check that the seed's equations and the inferred δ_P
  // rebuild his model), and direct integration.
  double previous = 1.0;
  for (double ratio : {2.0, 5.0, 20.0}) {
    SCOPED_TRACE("v/v_y = " + std::to_string(ratio));
    const double v = ratio * yield_velocity();
    EXPECT_NEAR(thornton_work_ratio_restitution(v), thornton_closed_form(v), 1e-12);
    const ImpactOutcome out = thornton_impact(v);
    ASSERT_TRUE(out.separated);
    EXPECT_NEAR(out.restitution, thornton_closed_form(v), 1e-6);
    EXPECT_LT(out.restitution, previous);
    EXPECT_GE(out.min_force, 0.0);
    previous = out.restitution;
  }
  // Sanity of the closed form: e → 1 as v → v_y⁺ (r = 1: √(6√3/5)·√(5/6)·(1/3)^{1/4} = 1).
  EXPECT_NEAR(thornton_closed_form(yield_velocity()), 1.0, 1e-14);
}

// ---------------------------------------------------------------------------------------------------------
// yigit

TEST(Yigit, PlasticStiffnessIsEq5_76AndLoadingIsC1AtYield) {
  // K = 1e9, δ_y = 1e-6 m: K_y = 1.5 K √δ_y = 1.5 · 1e9 · 1e-3 = 1.5e6 N/m, which is the Hertz slope
  // (3/2) K δ_y^{1/2} at δ_y — C¹ continuity. F(δ_y) = K δ_y^{3/2} = 1e9 · 1e-9 = 1 N.
  ContactDriver contact("yigit");
  contact.event(ContactEvent::kOnset, 0.0);
  const ContactForce below = contact.force(1e-6 * (1.0 - 1e-12));
  const ContactForce above = contact.force(1e-6 * (1.0 + 1e-12));
  EXPECT_NEAR(below.force, 1.0, 1e-9);
  EXPECT_NEAR(above.force, 1.0, 1e-9);
  EXPECT_NEAR(above.dforce_dindentation, 1.5e6, 1e-6);
  EXPECT_NEAR(below.dforce_dindentation, 1.5e6, 1e-3);
  // Elastoplastic loading, Eq (5.75) line 2: at δ = 3e-6 m, F = 1 + 1.5e6 · 2e-6 = 4 N.
  EXPECT_NEAR(contact.force(3e-6).force, 4.0, 1e-12);
  // Slope continuity by finite differences across δ_y (secants of width 1e-10 m on each side).
  const double left = (contact.force(1e-6).force - contact.force(1e-6 - 1e-10).force) / 1e-10;
  const double right = (contact.force(1e-6 + 1e-10).force - contact.force(1e-6).force) / 1e-10;
  EXPECT_NEAR(left / right, 1.0, 1e-4);
}

TEST(Yigit, UnloadingCurveOfEq5_75) {
  // δ_m = 4e-6 m, δ_y = 1e-6 m, K = 1e9: F_max = 1 + 1.5e6 · 3e-6 = 5.5 N; unloading
  // F = K(δ^{3/2} − δ_m^{3/2} + δ_y^{3/2}) + K_y(δ_m − δ_y) = 1e9 δ^{3/2} − 8 + 1 + 4.5 = 1e9 δ^{3/2} − 2.5 [N], zero
  // at δ_f = (2.5e-9)^{2/3} m.
  ContactDriver contact("yigit");
  contact.load_to(4e-6);
  EXPECT_NEAR(contact.force(4e-6).force, 5.5, 1e-12);
  EXPECT_NEAR(contact.force(3e-6).force, 1e9 * std::pow(3e-6, 1.5) - 2.5, 1e-12);
  const double zero_force = std::pow(2.5e-9, 2.0 / 3.0);
  EXPECT_NEAR(contact.force(zero_force * (1.0 + 1e-9)).force, 0.0, 1e-8);
  EXPECT_EQ(contact.force(zero_force * (1.0 - 1e-9)).force, 0.0);
}

// Yigit impact on the S004 steel contact with δ_y = 0.05 x_H. Work ratio from Eq (5.75): with x = δ_m − δ_y,
// ½ m v² = K δ_y^{5/2}/(5/2) + F_y x + ½ K_y x²; unloading F = K δ^{3/2} − C, C = K δ_m^{3/2} − F_max, δ_f =
// (C/K)^{2/3}, unloading work = K(δ_m^{5/2} − δ_f^{5/2})/(5/2) − C(δ_m − δ_f).
TEST(Yigit, RestitutionByIntegrationMatchesWorkRatio) {
  const ImpactSetup setup = test_support::alaci_example_setup();
  const double k = setup.stiffness;
  const double yield = 0.05 * test_support::hertz_max_indentation(setup);
  const double slope = 1.5 * k * std::sqrt(yield);
  const double yield_force = k * std::pow(yield, 1.5);
  const double energy = 0.5 * setup.effective_mass * setup.impact_velocity * setup.impact_velocity;
  const double excess = energy - k * std::pow(yield, 2.5) / 2.5;
  const double x = (-yield_force + std::sqrt(yield_force * yield_force + 2.0 * slope * excess)) / slope;
  const double max_indentation = yield + x;
  const double offset = k * std::pow(max_indentation, 1.5) - (yield_force + slope * x);
  const double zero_force = std::pow(offset / k, 2.0 / 3.0);
  const double unloading_work =
      k * (std::pow(max_indentation, 2.5) - std::pow(zero_force, 2.5)) / 2.5 - offset * (max_indentation - zero_force);
  const double expected = std::sqrt(unloading_work / energy);
  const ImpactOutcome out = simulate("yigit", compile(law_by_id("yigit"), {{"yield_indentation", yield}}), setup);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.max_indentation, max_indentation, 1e-6 * max_indentation);
  EXPECT_NEAR(out.restitution, expected, 1e-6);
  EXPECT_LT(expected, 1.0);
  EXPECT_GE(out.min_force, 0.0);
}

TEST(Yigit, ElasticWhenYieldIsNotReached) {
  // δ_y = 2 x_H: the impact stays on the Hertz branch, so c = 1.
  const ImpactSetup setup = test_support::alaci_example_setup();
  const double yield = 2.0 * test_support::hertz_max_indentation(setup);
  const ImpactOutcome out = simulate("yigit", compile(law_by_id("yigit"), {{"yield_indentation", yield}}), setup);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.restitution, 1.0, 1e-6);
}

// ---------------------------------------------------------------------------------------------------------
// yigit_linearized

TEST(YigitLinearized, CorrectedUnloadingPassesThroughThePeak) {
  // Erratum 13. K = 1e9, δ_y = 1e-6 m (K_y = 1.5e6 N/m), δ_m = 4e-5 m: K_y/(K√δ_m) = 1.5e6/(1e9 · 6.3246e-3) =
  // 0.23717, δ_f = δ_m (1 − 0.23717)^{2/3}, γ = 1 − δ_f/δ_m. With K_y/γ the unloading line meets (δ_m, K_y δ_m) =
  // (4e-5, 60 N) and (δ_f, 0). The printed K_y/γ² would start at K_y δ_m/γ — a jump up by 1/γ at the reversal —
  // and would return the whole loading work: ½ (K_y/γ²)(γ δ_m)² = ½ K_y δ_m², i.e. no dissipation at all.
  const double max_indentation = 4e-5;
  const double permanent = max_indentation * std::pow(1.0 - 1.5e6 / (1e9 * std::sqrt(max_indentation)), 2.0 / 3.0);
  const double gamma = 1.0 - permanent / max_indentation;
  ContactDriver contact("yigit_linearized");
  contact.load_to(max_indentation);
  EXPECT_NEAR(contact.state()[1], permanent, 1e-18);
  EXPECT_NEAR(contact.state()[2], 1.5e6 / gamma, 1e-6);
  EXPECT_NEAR(contact.force(max_indentation).force, 60.0, 1e-12);
  EXPECT_NEAR(contact.force(max_indentation * (1.0 - 1e-12)).force, 60.0, 1e-9);
  EXPECT_NEAR(contact.force(permanent * (1.0 + 1e-12)).force, 0.0, 1e-9);
  const double printed_start = 1.5e6 / (gamma * gamma) * (max_indentation - permanent);
  EXPECT_GT(printed_start / 60.0 - 1.0, 0.5);  // ≈ 1/γ − 1: a visible jump, so the printed form is not continuous
  EXPECT_NEAR(0.5 * 1.5e6 / (gamma * gamma) * std::pow(max_indentation - permanent, 2), 0.5 * 1.5e6 * 1.6e-9, 1e-15);
}

TEST(YigitLinearized, RestitutionIsSqrtGamma) {
  // Loading F = K_y δ: δ_m = δ̇⁻ √(m/K_y). Unloading work ½ (K_y/γ)(δ_m − δ_f)² = ½ K_y δ_m² γ, so c² = γ with
  // γ = 1 − (1 − K_y/(K√δ_m))^{2/3} (Eq (5.78)–(5.79)). S004 steel contact, δ_y = 0.05 x_H.
  const ImpactSetup setup = test_support::alaci_example_setup();
  const double yield = 0.05 * test_support::hertz_max_indentation(setup);
  const double plastic_stiffness = 1.5 * setup.stiffness * std::sqrt(yield);
  const double max_indentation = setup.impact_velocity * std::sqrt(setup.effective_mass / plastic_stiffness);
  const double gamma =
      1.0 - std::pow(1.0 - plastic_stiffness / (setup.stiffness * std::sqrt(max_indentation)), 2.0 / 3.0);
  const ImpactOutcome out =
      simulate("yigit_linearized", compile(law_by_id("yigit_linearized"), {{"yield_indentation", yield}}), setup);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.max_indentation, max_indentation, 1e-6 * max_indentation);
  EXPECT_NEAR(out.restitution, std::sqrt(gamma), 1e-6);
  EXPECT_LT(std::sqrt(gamma), 0.9);  // a strongly plastic case, not a near-elastic one
}

TEST(YigitLinearized, BracketIsClippedBelowItsThreshold) {
  // Eq (5.78)'s bracket 1 − K_y/(K√δ_m) = 1 − 1.5√(δ_y/δ_m) is 0 at δ_m = 2.25 δ_y and negative below: δ_f = 0,
  // γ = 1, elastic unloading along the loading line. An impact with δ_m < 2.25 δ_y rebounds with c = 1 (δ_y = x_H:
  // δ_m = δ̇⁻√(m/K_y) = 0.73 x_H here).
  ContactDriver contact("yigit_linearized");
  contact.load_to(2.25e-6);
  EXPECT_NEAR(contact.state()[1], 0.0, 1e-14);
  contact.load_to(2.0e-6);
  EXPECT_EQ(contact.state()[1], 0.0);
  EXPECT_EQ(contact.state()[2], 1.5e6);
  const ImpactSetup setup = test_support::alaci_example_setup();
  const double yield = test_support::hertz_max_indentation(setup);
  const ImpactOutcome out =
      simulate("yigit_linearized", compile(law_by_id("yigit_linearized"), {{"yield_indentation", yield}}), setup);
  ASSERT_TRUE(out.separated);
  EXPECT_LT(out.max_indentation, 2.25 * yield);
  EXPECT_NEAR(out.restitution, 1.0, 1e-6);
}

TEST(YigitLinearized, PermanentIndentationIsTheSmallYieldLimitOfYigit) {
  // models.md §3.G4: δ_f of Eq (5.78) is the δ_y ≪ δ_m limit of yigit's zero-force point. Exactly (derived):
  // yigit: δ_f^{3/2} = δ_m^{3/2} − δ_y^{3/2} − 1.5√δ_y(δ_m − δ_y) = δ_m^{3/2} − 1.5√δ_y δ_m + 0.5 δ_y^{3/2};
  // Eq (5.78): δ_f^{3/2} = δ_m^{3/2} − 1.5√δ_y δ_m. The two differ by exactly 0.5 δ_y^{3/2} (= 5e-10 m^{3/2} here).
  const double max_indentation = 4e-5;
  ContactDriver linearized("yigit_linearized");
  linearized.load_to(max_indentation);
  ContactDriver full("yigit");
  full.load_to(max_indentation);
  // yigit's unloading is K δ^{3/2} − C: C/K = δ_f^{3/2}.
  const double d = 0.9 * max_indentation;
  const double full_zero = (kStiffness * std::pow(d, 1.5) - full.force(d).force) / kStiffness;
  EXPECT_NEAR(full_zero - std::pow(linearized.state()[1], 1.5), 0.5 * std::pow(1e-6, 1.5), 1e-20);
}

}  // namespace
}  // namespace contactlab
