// SPDX-License-Identifier: MIT
// Tests of models/kelvin_voigt: F = k δ + D δ̇ with D given directly (models.md §3.B1).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "models/registry.h"

namespace contactlab {
namespace {

const LawInfo& kelvin_voigt() {
  const LawIndex index = find_law("kelvin_voigt");
  if (index < 0) throw std::invalid_argument("kelvin_voigt is not registered");
  return law_info(index);
}

LawParameters compile_with_damping(double damping) {
  const NamedValue values[] = {{"damping", damping}};
  return compile_law_parameters(kelvin_voigt(), values);
}

ContactInput make_input(double indentation, double normal_velocity) {
  ContactInput in;
  in.indentation = indentation;
  in.normal_velocity = normal_velocity;
  in.impact_velocity = 1.5;
  in.effective_mass = 2.0;
  in.stiffness = 1e6;  // k [N/m]
  in.exponent = 1.0;
  return in;
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

TEST(KelvinVoigt, MetadataFlags) {
  // §3.B1 / §1: tension at the end of restitution (F = D δ̇ < 0 as δ → 0) and a force jump D δ̇⁻ at first touch;
  // linear spring (n = 1, k in N/m); needs only k and D (no δ̇⁻, no m_eff), no state; separation at δ = 0.
  const LawInfo& law = kelvin_voigt();
  EXPECT_EQ(law.id, "kelvin_voigt");
  EXPECT_TRUE(law.can_tension);
  EXPECT_TRUE(law.force_jump);
  EXPECT_TRUE(law.requires_linear_stiffness);
  EXPECT_EQ(law.needs, kNeedsNothing);
  EXPECT_EQ(law.state_size, 0);
  EXPECT_EQ(law.separation, Separation::kIndentation);
  // D is given directly, not derived from a target restitution: no accurate range.
  EXPECT_EQ(law.accurate_restitution_min, 0.0);
  EXPECT_EQ(law.accurate_restitution_max, 0.0);
  ASSERT_EQ(law.parameters.size(), 1u);
  EXPECT_EQ(law.parameters[0].name, "damping");
  EXPECT_TRUE(law.parameters[0].required);
}

TEST(KelvinVoigt, MissingDampingIsRejected) {
  // 'damping' is required (§3.B1 Inputs: k, D): compiling without it must name the parameter.
  const std::string message =
      invalid_argument_message([] { compile_law_parameters(kelvin_voigt(), std::span<const NamedValue>{}); });
  ASSERT_FALSE(message.empty()) << "compile_law_parameters did not throw std::invalid_argument";
  EXPECT_NE(message.find("damping"), std::string::npos) << message;
}

TEST(KelvinVoigt, NegativeOrNonFiniteDampingIsRejected) {
  // A dashpot coefficient is ≥ 0 and finite.
  for (double bad : {-1.0, -1e-12, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
    const std::string message = invalid_argument_message([bad] { compile_with_damping(bad); });
    EXPECT_NE(message.find("damping"), std::string::npos) << "D = " << bad << ": '" << message << "'";
  }
  EXPECT_EQ(compile_with_damping(0.0).values[0], 0.0);
  EXPECT_EQ(compile_with_damping(250.0).values[0], 250.0);
}

TEST(KelvinVoigt, ForceAndDerivatives) {
  // k = 1e6 N/m, D = 250 N·s/m, δ = 2e-4 m, δ̇ = 0.8 m/s: F = 200 + 200 = 400 N; ∂F/∂δ = k; ∂F/∂δ̇ = D.
  const LawInfo& law = kelvin_voigt();
  const LawParameters p = compile_with_damping(250.0);
  const ContactForce f = law.force(make_input(2e-4, 0.8), p.values, nullptr);
  EXPECT_NEAR(f.force, 400.0, 400.0 * 1e-15);
  EXPECT_EQ(f.dforce_dindentation, 1e6);
  EXPECT_EQ(f.dforce_dnormal_velocity, 250.0);
  // D = 0 is the hooke law.
  const LawParameters undamped = compile_with_damping(0.0);
  const ContactInput in = make_input(2e-4, -3.0);
  const LawIndex hooke = find_law("hooke");
  ASSERT_GE(hooke, 0);
  EXPECT_DOUBLE_EQ(law.force(in, undamped.values, nullptr).force, law_info(hooke).force(in, nullptr, nullptr).force);
}

TEST(KelvinVoigt, JumpAtOnsetAndTensionAtSeparation) {
  // §3.B1: "F jumps to D δ̇⁻ at contact start"; "if contact ends at δ = 0, F = D δ̇ < 0 at the end". The law is
  // not clamped: that tension is the documented behaviour (can_tension).
  const LawInfo& law = kelvin_voigt();
  const LawParameters p = compile_with_damping(250.0);
  const double tiny = 1e-15;
  EXPECT_NEAR(law.force(make_input(tiny, 1.5), p.values, nullptr).force, 250.0 * 1.5, 1e-6);
  EXPECT_NEAR(law.force(make_input(tiny, -1.2), p.values, nullptr).force, -250.0 * 1.2, 1e-6);
  EXPECT_LT(law.force(make_input(tiny, -1.2), p.values, nullptr).force, 0.0);
}

TEST(KelvinVoigt, NoForceWithoutIndentation) {
  const LawInfo& law = kelvin_voigt();
  const LawParameters p = compile_with_damping(250.0);
  for (double indentation : {0.0, -1e-9, -0.01}) {
    const ContactForce f = law.force(make_input(indentation, 2.0), p.values, nullptr);
    EXPECT_EQ(f.force, 0.0);
    EXPECT_EQ(f.dforce_dindentation, 0.0);
    EXPECT_EQ(f.dforce_dnormal_velocity, 0.0);
    EXPECT_EQ(law.potential(make_input(indentation, 2.0), p.values, nullptr), 0.0);
  }
}

TEST(KelvinVoigt, DerivativesMatchFiniteDifferences) {
  // F is linear in δ and δ̇, so central differences are exact up to round-off.
  const LawInfo& law = kelvin_voigt();
  const LawParameters p = compile_with_damping(250.0);
  const double indentation = 2e-4;
  const double velocity = -0.6;
  auto force = [&](double d, double v) { return law.force(make_input(d, v), p.values, nullptr).force; };
  const ContactForce f = law.force(make_input(indentation, velocity), p.values, nullptr);
  const double hd = 1e-6 * indentation;
  const double hv = 1e-6;
  EXPECT_NEAR((force(indentation + hd, velocity) - force(indentation - hd, velocity)) / (2 * hd),
              f.dforce_dindentation, 1e-6 * f.dforce_dindentation);
  EXPECT_NEAR((force(indentation, velocity + hv) - force(indentation, velocity - hv)) / (2 * hv),
              f.dforce_dnormal_velocity, 1e-6 * f.dforce_dnormal_velocity);
}

TEST(KelvinVoigt, PotentialIsTheSpringEnergy) {
  // Only the spring stores energy: V = k δ²/2 (1e6 · (2e-4)²/2 = 0.02 J), whatever D and δ̇.
  const LawInfo& law = kelvin_voigt();
  const LawParameters p = compile_with_damping(250.0);
  EXPECT_NEAR(law.potential(make_input(2e-4, 0.9), p.values, nullptr), 0.02, 0.02 * 1e-14);
}

}  // namespace
}  // namespace contactlab
