// SPDX-License-Identifier: MIT
// Tests of models/elastic: hooke F = k δ (models.md §3.A1) and hertz F = K δ^n (§3.A2), their derivatives,
// potentials, and the undamped Hertz impact references of §2.3 / §5.7.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>

#include "models/registry.h"
#include "tests/models/impact_simulation.h"

namespace contactlab {
namespace {

const LawInfo& law_by_id(std::string_view id) {
  const LawIndex index = find_law(id);
  if (index < 0) throw std::invalid_argument("law not registered: " + std::string(id));
  return law_info(index);
}

ContactInput make_input(double indentation, double normal_velocity, double stiffness, double exponent) {
  ContactInput in;
  in.indentation = indentation;
  in.normal_velocity = normal_velocity;
  in.impact_velocity = 1.0;
  in.effective_mass = 1.0;
  in.stiffness = stiffness;
  in.exponent = exponent;
  return in;
}

// Central difference of the potential; relative step 1e-6 keeps truncation and round-off far below 1e-6.
double potential_slope(const LawInfo& law, ContactInput in) {
  const double indentation = in.indentation;
  const double h = 1e-6 * indentation;
  in.indentation = indentation + h;
  const double up = law.potential(in, nullptr, nullptr);
  in.indentation = indentation - h;
  const double down = law.potential(in, nullptr, nullptr);
  return (up - down) / (2 * h);
}

TEST(ElasticLaws, MetadataDescribesPurelyElasticLaws) {
  // §1 master table: no parameters, no state, no tension, no jump, nothing needed beyond K; hooke is the n = 1
  // law (K in N/m), hertz takes any n. No target restitution, so no accurate range ([0, 0]).
  for (std::string_view id : {"hooke", "hertz"}) {
    const LawInfo& law = law_by_id(id);
    SCOPED_TRACE(std::string(id));
    EXPECT_EQ(law.family, "elastic");
    EXPECT_TRUE(law.parameters.empty());
    EXPECT_EQ(law.needs, kNeedsNothing);
    EXPECT_EQ(law.state_size, 0);
    EXPECT_FALSE(law.can_tension);
    EXPECT_FALSE(law.force_jump);
    EXPECT_EQ(law.separation, Separation::kIndentation);
    EXPECT_EQ(law.accurate_restitution_min, 0.0);
    EXPECT_EQ(law.accurate_restitution_max, 0.0);
    EXPECT_NE(law.potential, nullptr);
  }
  EXPECT_TRUE(law_by_id("hooke").requires_linear_stiffness);
  EXPECT_FALSE(law_by_id("hertz").requires_linear_stiffness);
}

TEST(ElasticLaws, NoForceOrEnergyWithoutIndentation) {
  // Laws act only while δ > 0 (§0.1), whatever the velocity.
  for (std::string_view id : {"hooke", "hertz"}) {
    const LawInfo& law = law_by_id(id);
    for (double indentation : {0.0, -1e-12, -0.1}) {
      const ContactInput in = make_input(indentation, 3.0, 1e7, id == "hooke" ? 1.0 : 1.5);
      const ContactForce f = law.force(in, nullptr, nullptr);
      EXPECT_EQ(f.force, 0.0) << id << ", δ = " << indentation;
      EXPECT_EQ(f.dforce_dindentation, 0.0) << id;
      EXPECT_EQ(f.dforce_dnormal_velocity, 0.0) << id;
      EXPECT_EQ(law.potential(in, nullptr, nullptr), 0.0) << id;
    }
  }
}

TEST(ElasticLaws, HookeForceAndDerivatives) {
  // F = k δ: k = 2e5 N/m, δ = 3e-3 m gives 600 N; ∂F/∂δ = k; no velocity dependence.
  const LawInfo& hooke = law_by_id("hooke");
  const ContactForce f = hooke.force(make_input(3e-3, -4.0, 2e5, 1.0), nullptr, nullptr);
  EXPECT_NEAR(f.force, 600.0, 600.0 * 1e-15);
  EXPECT_EQ(f.dforce_dindentation, 2e5);
  EXPECT_EQ(f.dforce_dnormal_velocity, 0.0);
}

TEST(ElasticLaws, HertzForceAndDerivatives) {
  // F = K δ^n: K = 1e9 N/m^1.5, δ = 1e-4 m gives 1e9 · 1e-6 = 1000 N; ∂F/∂δ = n K δ^{n−1} = 1.5 · 1e9 · 1e-2.
  const LawInfo& hertz = law_by_id("hertz");
  const ContactForce f = hertz.force(make_input(1e-4, 0.7, 1e9, 1.5), nullptr, nullptr);
  EXPECT_NEAR(f.force, 1000.0, 1000.0 * 1e-14);
  EXPECT_NEAR(f.dforce_dindentation, 1.5e7, 1.5e7 * 1e-14);
  EXPECT_EQ(f.dforce_dnormal_velocity, 0.0);
  // Other exponents (S002 uses 1 ≤ n ≤ 2): n = 2, K = 1e12 N/m², δ = 1e-5 m: F = 100 N, ∂F/∂δ = 2e7 N/m;
  // n = 1 must coincide with hooke.
  const ContactForce quadratic = hertz.force(make_input(1e-5, 0.0, 1e12, 2.0), nullptr, nullptr);
  EXPECT_NEAR(quadratic.force, 100.0, 100.0 * 1e-14);
  EXPECT_NEAR(quadratic.dforce_dindentation, 2e7, 2e7 * 1e-14);
  const ContactInput linear = make_input(3e-3, 1.0, 2e5, 1.0);
  EXPECT_DOUBLE_EQ(hertz.force(linear, nullptr, nullptr).force, law_by_id("hooke").force(linear, nullptr, nullptr).force);
}

TEST(ElasticLaws, HertzDerivativeMatchesFiniteDifference) {
  const LawInfo& hertz = law_by_id("hertz");
  for (double exponent : {1.0, 1.5, 2.0, 2.5}) {
    for (double indentation : {1e-7, 1e-4, 1e-2}) {
      const ContactInput in = make_input(indentation, 0.0, 3e9, exponent);
      const double h = 1e-6 * indentation;
      const double fd = (hertz.force(make_input(indentation + h, 0.0, 3e9, exponent), nullptr, nullptr).force -
                         hertz.force(make_input(indentation - h, 0.0, 3e9, exponent), nullptr, nullptr).force) /
                        (2 * h);
      const double analytic = hertz.force(in, nullptr, nullptr).dforce_dindentation;
      EXPECT_NEAR(fd / analytic, 1.0, 1e-6) << "n = " << exponent << ", δ = " << indentation;
    }
  }
}

TEST(ElasticLaws, PotentialDerivativeIsTheForce) {
  // The potential is the stored elastic energy, so dV/dδ = F: k δ²/2 for hooke, K δ^{n+1}/(n+1) for hertz.
  const LawInfo& hooke = law_by_id("hooke");
  const LawInfo& hertz = law_by_id("hertz");
  for (double indentation : {1e-6, 1e-3, 0.05}) {
    const ContactInput linear = make_input(indentation, 0.0, 2e5, 1.0);
    EXPECT_NEAR(potential_slope(hooke, linear) / hooke.force(linear, nullptr, nullptr).force, 1.0, 1e-6);
    for (double exponent : {1.0, 1.5, 2.0}) {
      const ContactInput in = make_input(indentation, 0.0, 4e8, exponent);
      EXPECT_NEAR(potential_slope(hertz, in) / hertz.force(in, nullptr, nullptr).force, 1.0, 1e-6)
          << "n = " << exponent << ", δ = " << indentation;
    }
  }
  // Closed forms at one point: hooke ½ · 2e5 · (1e-2)² = 10 J; hertz (n = 1.5) 1e9 · (1e-4)^{2.5}/2.5 = 0.04 J.
  EXPECT_NEAR(hooke.potential(make_input(1e-2, 0.0, 2e5, 1.0), nullptr, nullptr), 10.0, 1e-13);
  EXPECT_NEAR(hertz.potential(make_input(1e-4, 0.0, 1e9, 1.5), nullptr, nullptr), 0.04, 0.04 * 1e-14);
}

TEST(ElasticLaws, HertzMatchesUndampedImpactReferencesOfSection5_7) {
  // §5.7 [computed] for the S004 example (K = 1.88377e10 N/m^1.5, m = 0.11 kg, v0 = 2.8 m/s):
  // x_H = 7.99901e-5 m, F_H = K x_H^1.5 = 13476.7 N, L_H = ½ m v0² = 0.4312 J. K is printed to 6 digits, which
  // moves x_H and F_H by ≤ 1.1e-6 relative; the printed values are rounded to 6 digits.
  const test_support::ImpactSetup setup = test_support::alaci_example_setup();
  const double x_h = test_support::hertz_max_indentation(setup);
  EXPECT_NEAR(x_h / 7.99901e-5, 1.0, 1e-5);
  const LawInfo& hertz = law_by_id("hertz");
  const ContactInput at_peak = make_input(x_h, 0.0, setup.stiffness, setup.exponent);
  EXPECT_NEAR(hertz.force(at_peak, nullptr, nullptr).force / 13476.7, 1.0, 1e-5);
  // The whole kinetic energy is stored at maximum compression: V(x_H) = ½ m v0² = 0.4312 J exactly (§2.3).
  EXPECT_NEAR(hertz.potential(at_peak, nullptr, nullptr), 0.4312, 0.4312 * 1e-13);
}

TEST(ElasticLaws, IntegratedHertzImpactIsElasticWithHertzTimes) {
  // §2.3: the undamped impact reaches x_H, compression lasts t_H (= restitution), so t_f = 2 t_H and c_out = 1.
  // Integrated with RK4 at 1e-4 t_H; the sampled maximum is within ≈ 1e-8 relative of x_H.
  const test_support::ImpactSetup setup = test_support::alaci_example_setup();
  const LawInfo& hertz = law_by_id("hertz");
  const double t_h = test_support::hertz_compression_time(setup);
  const test_support::ImpactOutcome out =
      test_support::simulate_isolated_impact(hertz, LawParameters{}, setup, 1e-4 * t_h);
  ASSERT_TRUE(out.separated);
  EXPECT_NEAR(out.restitution, 1.0, 1e-6);
  EXPECT_NEAR(out.compression_time / t_h, 1.0, 1e-6);
  EXPECT_NEAR(out.contact_time / t_h, 2.0, 1e-6);
  EXPECT_NEAR(out.max_indentation / test_support::hertz_max_indentation(setup), 1.0, 1e-6);
  EXPECT_GE(out.min_force, 0.0);
}

}  // namespace
}  // namespace contactlab
