// SPDX-License-Identifier: MIT
// Tests of contact/contact_force: the law input assembled from geometry, pair and state; the force of
// inactive pairs; the tension rule; the elastic energy. Uses a test-only law so that the contact layer is
// tested independently of the registry's laws.
#include "contact/contact_force.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// F = k δ + D δ̇ + s, with D = parameters[0] and s = state[0] (a spring–dashpot plus an offset that shows the
// per-contact state reaches the law). Partials: ∂F/∂δ = k, ∂F/∂δ̇ = D.
ContactForce test_force(const ContactInput& in, const double* parameters, const double* state) {
  return {in.stiffness * in.indentation + parameters[0] * in.normal_velocity + state[0], in.stiffness,
          parameters[0]};
}

double test_potential(const ContactInput& in, const double*, const double*) {
  return 0.5 * in.stiffness * in.indentation * in.indentation;
}

LawInfo make_test_law(bool with_potential) {
  LawInfo law;
  law.id = "test_spring_dashpot";
  law.state_size = 1;
  law.force = test_force;
  law.potential = with_potential ? test_potential : nullptr;
  return law;
}
const LawInfo kTestLaw = make_test_law(true);
const LawInfo kTestLawWithoutPotential = make_test_law(false);

ContactPairModel make_pair(TensionRule tension) {
  ContactPairModel pair;
  pair.law_info = &kTestLaw;
  pair.parameters.values[0] = 50.0;  // D [N·s/m]
  pair.stiffness = 1.0e5;
  pair.exponent = 1.0;
  pair.effective_radius = 0.021;
  pair.effective_modulus = 1.1e11;
  pair.tension = tension;
  return pair;
}

PairState make_active_state() {
  PairState state;
  state.active = true;
  state.onset_time = 1.25;
  state.impact_velocity = 0.8;
  state.effective_mass = 0.35;
  state.law_state[0] = 0.0;
  return state;
}

ContactInput make_input(double indentation, double normal_velocity) {
  ContactInput in;
  in.indentation = indentation;
  in.normal_velocity = normal_velocity;
  in.stiffness = 1.0e5;
  return in;
}

TEST(ContactInput, CopiesGeometryPairAndState) {
  ContactPairModel pair = make_pair(TensionRule::kAllow);
  pair.exponent = 1.5;
  const PairState state = make_active_state();
  PairGeometry geometry;
  geometry.gap = -2.5e-4;
  geometry.normal_velocity = -0.3;
  const ContactInput in = contact_input(pair, state, geometry, 2.0);

  EXPECT_EQ(in.indentation, 2.5e-4);  // δ = −gap
  EXPECT_EQ(in.normal_velocity, -0.3);
  EXPECT_EQ(in.impact_velocity, 0.8);
  EXPECT_EQ(in.effective_mass, 0.35);
  EXPECT_EQ(in.effective_radius, 0.021);
  EXPECT_EQ(in.effective_modulus, 1.1e11);
  EXPECT_EQ(in.stiffness, 1.0e5);
  EXPECT_EQ(in.exponent, 1.5);
  EXPECT_EQ(in.time_since_onset, 2.0 - 1.25);  // 0.75, exact in binary

  // A separated pair gives a negative indentation (gap 1 mm → δ = −1 mm).
  geometry.gap = 1e-3;
  EXPECT_EQ(contact_input(pair, state, geometry, 2.0).indentation, -1e-3);
}

TEST(PairForce, InactivePairHasNoForce) {
  // Even overlapping and approaching: only an active pair exerts a force.
  const ContactPairModel pair = make_pair(TensionRule::kAllow);
  const ContactForce f = pair_force(pair, PairState{}, make_input(1e-3, 0.5));
  EXPECT_EQ(f.force, 0.0);
  EXPECT_EQ(f.dforce_dindentation, 0.0);
  EXPECT_EQ(f.dforce_dnormal_velocity, 0.0);
}

TEST(PairForce, ActivePairEvaluatesTheLawWithParametersAndState) {
  // k δ + D δ̇ + s = 1e5 · 1e-3 + 50 · 0.5 + 3 = 100 + 25 + 3 = 128 N.
  const ContactPairModel pair = make_pair(TensionRule::kAllow);
  PairState state = make_active_state();
  state.law_state[0] = 3.0;
  const ContactForce f = pair_force(pair, state, make_input(1e-3, 0.5));
  EXPECT_DOUBLE_EQ(f.force, 128.0);
  EXPECT_EQ(f.dforce_dindentation, 1.0e5);
  EXPECT_EQ(f.dforce_dnormal_velocity, 50.0);
}

TEST(PairForce, AllowRuleKeepsTension) {
  // Fast separation: 1e5 · 1e-4 + 50 · (−0.5) = 10 − 25 = −15 N (attractive), kept as it is.
  const ContactPairModel pair = make_pair(TensionRule::kAllow);
  const ContactForce f = pair_force(pair, make_active_state(), make_input(1e-4, -0.5));
  EXPECT_DOUBLE_EQ(f.force, -15.0);
  EXPECT_EQ(f.dforce_dnormal_velocity, 50.0);
}

TEST(PairForce, ClampRuleZeroesTensionAndItsPartials) {
  // The same −15 N becomes 0, and so do the partials (F ≡ 0 nearby, for implicit integrators).
  const ContactPairModel pair = make_pair(TensionRule::kClamp);
  const ContactForce clamped = pair_force(pair, make_active_state(), make_input(1e-4, -0.5));
  EXPECT_EQ(clamped.force, 0.0);
  EXPECT_EQ(clamped.dforce_dindentation, 0.0);
  EXPECT_EQ(clamped.dforce_dnormal_velocity, 0.0);
  // A compressive force passes unchanged: 10 + 50 · 0.1 = 15 N.
  const ContactForce compressive = pair_force(pair, make_active_state(), make_input(1e-4, 0.1));
  EXPECT_DOUBLE_EQ(compressive.force, 15.0);
  EXPECT_EQ(compressive.dforce_dindentation, 1.0e5);
}

TEST(PairElasticEnergy, IsTheLawPotentialWhileActive) {
  // ½ k δ² = ½ · 1e5 · (1e-3)² = 0.05 J while active; 0 when inactive or when the law declares none.
  ContactPairModel pair = make_pair(TensionRule::kAllow);
  const ContactInput in = make_input(1e-3, 0.0);
  EXPECT_DOUBLE_EQ(pair_elastic_energy(pair, make_active_state(), in), 0.05);
  EXPECT_EQ(pair_elastic_energy(pair, PairState{}, in), 0.0);
  pair.law_info = &kTestLawWithoutPotential;
  EXPECT_EQ(pair_elastic_energy(pair, make_active_state(), in), 0.0);
}

}  // namespace
}  // namespace contactlab
