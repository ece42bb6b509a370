// SPDX-License-Identifier: MIT
// Tests of models/registry: the list of laws, name resolution (ids and the aliases of models.md §1),
// compile-time parameter validation, named parameter look-up, and laws registered at run time.
#include "models/registry.h"

#include <gtest/gtest.h>

#include "bench/typical_parameters.h"
#include "models/typed_law.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace contactlab {
namespace {

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

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(Registry, EveryLawIsFullyDescribed) {
  // Every entry is usable by a scene and explainable in an error message: id, family, one-line formula, source
  // (paper + equation), a force function; parameters and state fit the fixed-size buffers.
  ASSERT_FALSE(all_laws().empty());
  for (const LawInfo& law : all_laws()) {
    SCOPED_TRACE(std::string(law.id));
    EXPECT_FALSE(law.id.empty());
    EXPECT_FALSE(law.family.empty());
    EXPECT_FALSE(law.formula.empty());
    EXPECT_FALSE(law.source.empty());
    EXPECT_NE(law.force, nullptr);
    EXPECT_LE(law.parameters.size() + law.derived.size(), static_cast<std::size_t>(kMaxLawParameters));
    EXPECT_GE(law.state_size, 0);
    EXPECT_LE(law.state_size, kMaxLawState);
    // Accurate range: [0, 0] (no target restitution) or a sub-interval of [0, 1].
    EXPECT_GE(law.accurate_restitution_min, 0.0);
    EXPECT_LE(law.accurate_restitution_min, law.accurate_restitution_max);
    EXPECT_LE(law.accurate_restitution_max, 1.0);
    for (const LawParameter& parameter : law.parameters) {
      EXPECT_FALSE(parameter.name.empty());
      EXPECT_FALSE(parameter.description.empty()) << parameter.name;
      // A default that is applied must itself pass validation.
      if (!parameter.required) {
        EXPECT_EQ(check_law_parameter(parameter, parameter.default_value), "") << parameter.name;
      }
    }
    for (std::string_view alias : law.aliases) EXPECT_FALSE(alias.empty());
  }
}

// force_value is the right-hand side's F: for every law it must be force(...).force to the bit, at loading and
// unloading, before and after touch (it is the same arithmetic with the partials left out).
TEST(Registry, EveryLawsForceValueIsItsForce) {
  for (const LawInfo& law : all_laws()) {
    ASSERT_NE(law.force, nullptr) << law.id;
    ASSERT_NE(law.force_value, nullptr) << law.id << ": the engine would evaluate the partials it never reads";
    const LawParameters parameters = compile_parameters(parameter_table(law), bench::typical_required_values(law));
    ContactInput in = bench::typical_contact_input(law);
    for (const double indentation : {-1e-6, 0.0, 1e-9, 1e-5, 3e-4}) {
      for (const double normal_velocity : {0.7, 0.0, -0.4}) {
        for (const double time_since_onset : {0.0, 1e-6, 1e-3}) {
          in.indentation = indentation;
          in.normal_velocity = normal_velocity;
          in.time_since_onset = time_since_onset;
          double state[kMaxLawState] = {};
          if (law.event) law.event(ContactEvent::kOnset, in, parameters.values, state);
          const double full = law.force(in, parameters.values, state).force;
          const double alone = law.force_value(in, parameters.values, state);
          EXPECT_EQ(std::bit_cast<std::uint64_t>(alone), std::bit_cast<std::uint64_t>(full))
              << law.id << " at δ = " << indentation << ", δ̇ = " << normal_velocity << ", t = " << time_since_onset
              << ": " << alone << " against " << full;
        }
      }
    }
  }
}

// LawInfo::peak_at_max_indentation lets the engine take a contact's force peak at its maximum indentation: a law that
// declares it must give the same force whatever δ̇ and the time since the onset, and a force non-decreasing in δ on
// every branch it has — loading after the onset, and after a maximum-indentation event at 40 µm both unloading below
// it and loading again beyond it. Probed on a grid of 200 indentations from 0 to 80 µm at three rates; a declared law
// that breaks either would have its maximum force taken where the force is not largest.
TEST(Registry, ALawPeakingAtItsMaximumIndentationIsRateIndependentAndMonotonic) {
  int declared = 0;
  for (const LawInfo& law : all_laws()) {
    if (!law.peak_at_max_indentation) continue;
    ++declared;
    const LawParameters parameters = compile_parameters(parameter_table(law), bench::typical_required_values(law));
    ContactInput in = bench::typical_contact_input(law);
    double state[kMaxLawState] = {};
    in.indentation = 0.0;
    in.normal_velocity = in.impact_velocity;
    if (law.event) law.event(ContactEvent::kOnset, in, parameters.values, state);
    auto sweep = [&](const char* branch) {
      double previous = -std::numeric_limits<double>::infinity();
      for (int k = 0; k <= 200; ++k) {
        in.indentation = 80e-6 * k / 200.0;
        double forces[3];
        const double rates[] = {0.7, 0.0, -0.4};
        const double times[] = {1e-6, 0.0, 2e-3};
        for (int r = 0; r < 3; ++r) {
          in.normal_velocity = rates[r];
          in.time_since_onset = times[r];
          forces[r] = law.force(in, parameters.values, state).force;
        }
        EXPECT_EQ(forces[0], forces[1]) << law.id << " (" << branch << ") reads δ̇ or the time at δ = " << in.indentation;
        EXPECT_EQ(forces[2], forces[1]) << law.id << " (" << branch << ") reads δ̇ or the time at δ = " << in.indentation;
        EXPECT_GE(forces[1], previous) << law.id << " (" << branch << ") decreases at δ = " << in.indentation;
        previous = forces[1];
      }
    };
    sweep("loading");
    in.indentation = 4e-5;
    in.normal_velocity = 0.0;
    if (law.event) law.event(ContactEvent::kMaxIndentation, in, parameters.values, state);
    sweep("after a maximum indentation at 40 µm");
  }
  // hooke, hertz, goldsmith_modified_hertz, thornton, yigit, yigit_linearized: a change to the set is deliberate.
  EXPECT_EQ(declared, 6);
}

// A law whose events change its state at the contact's phase changes keeps a history the engine must follow through a
// contact's rest (history_at_events, models/force_law.h; docs/contact.md, "Persistent contact"): it declares
// kNeedsHistory. Probed after the onset: a maximum-indentation event at 40 µm, a reload at 20 µm and a deeper maximum
// at 60 µm; a law whose state moves at any of them and does not declare it would have its new maxima hidden by rest.
TEST(Registry, ALawWhoseStateMovesAtPhaseChangesDeclaresItsHistory) {
  int with_history = 0;
  for (const LawInfo& law : all_laws()) {
    if (law.event == nullptr || law.impulsive) continue;
    const LawParameters parameters = compile_parameters(parameter_table(law), bench::typical_required_values(law));
    ContactInput in = bench::typical_contact_input(law);
    double state[kMaxLawState] = {};
    in.indentation = 0.0;
    in.normal_velocity = in.impact_velocity;
    law.event(ContactEvent::kOnset, in, parameters.values, state);
    bool moved = false;
    const std::pair<ContactEvent, double> changes[] = {
        {ContactEvent::kMaxIndentation, 4e-5}, {ContactEvent::kReload, 2e-5}, {ContactEvent::kMaxIndentation, 6e-5}};
    for (const auto& [event, indentation] : changes) {
      double before[kMaxLawState];
      std::copy(state, state + kMaxLawState, before);
      in.indentation = indentation;
      in.normal_velocity = 0.0;
      in.time_since_onset = 1e-5;
      law.event(event, in, parameters.values, state);
      moved = moved || !std::equal(state, state + kMaxLawState, before);
    }
    if (moved) {
      ++with_history;
      EXPECT_TRUE(history_at_events(law)) << law.id << ": its state moves at phase changes, undeclared (kNeedsHistory)";
    }
  }
  // goldsmith_modified_hertz, thornton, yigit, yigit_linearized, ma_liu.
  EXPECT_EQ(with_history, 5);
}

// What a law computes from the pair's K and n, probed as the engine calls it: the force (and the elastic energy, when
// the law declares one) at loading points after the onset event, and at unloading points after a maximum-indentation
// event at 40 µm — every branch a history law has. One number per probe, compared between inputs to see what the law
// reads.
std::vector<double> law_response(const LawInfo& law, const LawParameters& parameters, ContactInput in) {
  std::vector<double> response;
  double state[kMaxLawState] = {};
  auto probe = [&](std::initializer_list<double> indentations, std::initializer_list<double> rates, double time) {
    for (const double indentation : indentations) {
      for (const double normal_velocity : rates) {
        in.indentation = indentation;
        in.normal_velocity = normal_velocity;
        in.time_since_onset = time;
        response.push_back(law.force(in, parameters.values, state).force);
        if (law.potential) response.push_back(law.potential(in, parameters.values, state));
      }
    }
  };
  in.indentation = 0.0;
  in.normal_velocity = in.impact_velocity;
  if (law.event) law.event(ContactEvent::kOnset, in, parameters.values, state);
  probe({1e-6, 1e-5, 3e-5}, {0.7, 0.0}, 1e-6);
  in.indentation = 4e-5;
  in.normal_velocity = 0.0;
  in.time_since_onset = 2e-6;
  if (law.event) law.event(ContactEvent::kMaxIndentation, in, parameters.values, state);
  probe({3.9e-5, 2e-5, 1e-5}, {-0.4}, 3e-6);
  return response;
}

// A law that does not read the pair's stiffness or exponent says so (LawInfo::ignores), so that a scene's value is
// refused or dropped (engine/compile_contacts.cc) rather than reported but not used; a law whose force does not
// follow the pair's exponent but reads its stiffness declares the exponent it fixes (LawInfo::fixed_exponent), so that
// the scene's exponent is refused or replaced by the law's; and a law that declares either reads nothing it says it
// ignores. Probed as a scene would give them: K δ^n at the Hertz K and n = 3/2, then at twice K, then at n = 5/4. Every
// law of the registry, so that a new law that takes its elastic term from elsewhere fails here until it says so.
TEST(Registry, ALawDeclaresWhichOfThePairsStiffnessAndExponentItDoesNotRead) {
  for (const LawInfo& law : all_laws()) {
    if (law.impulsive) continue;  // no force
    SCOPED_TRACE(std::string(law.id));
    const LawParameters parameters = compile_parameters(parameter_table(law), bench::typical_required_values(law));
    const ContactInput in = bench::typical_contact_input(law);
    const std::vector<double> base = law_response(law, parameters, in);
    ContactInput stiffer = in;
    stiffer.stiffness *= 2.0;
    const bool reads_stiffness = law_response(law, parameters, stiffer) != base;
    EXPECT_EQ((law.ignores & kIgnoresStiffness) != 0, !reads_stiffness)
        << (reads_stiffness ? "declares that it ignores the pair's stiffness, and reads it"
                            : "the force does not read the pair's stiffness: declare it (LawInfo::ignores)");
    if (law.requires_linear_stiffness) {  // always given n = 1 (an equivalent linear k otherwise)
      EXPECT_TRUE(reads_stiffness);
      continue;
    }
    ContactInput other_exponent = in;
    other_exponent.exponent = 1.25;
    const bool follows = law_response(law, parameters, other_exponent) != base;
    if (follows) {
      EXPECT_EQ(law.fixed_exponent, 0.0) << "the force follows the pair's exponent";
      EXPECT_EQ(law.ignores & kIgnoresExponent, 0u) << "declares that it ignores the pair's exponent, and reads it";
    } else if (reads_stiffness) {
      EXPECT_GT(law.fixed_exponent, 0.0) << "the force reads K but ignores the pair's exponent: declare the one it uses";
    } else {
      EXPECT_NE(law.ignores & kIgnoresExponent, 0u) << "reads no K δ^n: declare that it ignores the pair's exponent";
    }
  }
  EXPECT_EQ(law_info(find_law("tsuji")).fixed_exponent, 1.5);
  EXPECT_EQ(law_info(find_law("edem_hertz_mindlin")).fixed_exponent, 1.5);
  EXPECT_EQ(law_info(find_law("hertz")).fixed_exponent, 0.0);
  EXPECT_EQ(law_info(find_law("hertz")).ignores, 0u);
  EXPECT_EQ(law_info(find_law("choi")).fixed_exponent, 0.0);
  // The laws whose elastic term comes from the materials and their own parameters (the audit's six).
  for (std::string_view id : {"luo_nahon", "thornton", "jian", "roy_carretero", "wang_kv_granular", "ma_liu"}) {
    EXPECT_EQ(law_info(find_law(id)).ignores, std::uint32_t{kIgnoresStiffness | kIgnoresExponent}) << id;
  }
}

TEST(Registry, IdsAndAliasesAreUnique) {
  // find_law returns the first match, so a repeated name would silently shadow a law.
  std::set<std::string_view> names;
  for (const LawInfo& law : all_laws()) {
    EXPECT_TRUE(names.insert(law.id).second) << "duplicate name " << law.id;
    for (std::string_view alias : law.aliases) {
      EXPECT_TRUE(names.insert(alias).second) << "duplicate name " << alias;
    }
  }
}

TEST(Registry, EveryIdAndAliasResolvesToItsLaw) {
  const auto laws = all_laws();
  for (std::size_t i = 0; i < laws.size(); ++i) {
    EXPECT_EQ(find_law(laws[i].id), static_cast<LawIndex>(i)) << laws[i].id;
    EXPECT_EQ(&law_info(static_cast<LawIndex>(i)), &laws[i]);
    for (std::string_view alias : laws[i].aliases) EXPECT_EQ(find_law(alias), static_cast<LawIndex>(i)) << alias;
  }
}

TEST(Registry, PublishedAliasesResolve) {
  // models.md §1: "marhefka_orin → hunt_crossley; ye → flores; khatiwada and alaci_exact → zhang_sharf_exact".
  const std::pair<std::string_view, std::string_view> kAliases[] = {
      {"marhefka_orin", "hunt_crossley"},
      {"ye", "flores"},
      {"khatiwada", "zhang_sharf_exact"},
      {"alaci_exact", "zhang_sharf_exact"},
  };
  for (const auto& [alias, id] : kAliases) {
    const LawIndex index = find_law(alias);
    ASSERT_GE(index, 0) << alias;
    EXPECT_EQ(law_info(index).id, id) << alias;
    EXPECT_EQ(index, find_law(id)) << alias;
  }
}

TEST(Registry, UnknownNamesAreNotFound) {
  // The empty name must not match a law without aliases (a placeholder alias list must not leak through).
  for (std::string_view name : {"", "no_such_law", "hunt", "hunt_crossley ", "flores_"}) {
    EXPECT_EQ(find_law(name), -1) << "'" << name << "'";
  }
}

TEST(Registry, LawIdsListsEveryLawInOrder) {
  const std::vector<std::string_view> ids = law_ids();
  const auto laws = all_laws();
  ASSERT_EQ(ids.size(), laws.size());
  for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(ids[i], laws[i].id);
}

// ---------------------------------------------------------------------------------------------------------
// compile_law_parameters / check_law_parameter

const LawInfo& flores() {
  const LawIndex index = find_law("flores");
  if (index < 0) throw std::invalid_argument("flores is not registered");
  return law_info(index);
}

TEST(Registry, CompileRejectsUnknownParameterName) {
  const NamedValue values[] = {{"restitutoin", 0.5}};
  const std::string message = invalid_argument_message([&] { compile_law_parameters(flores(), values); });
  ASSERT_FALSE(message.empty()) << "no std::invalid_argument thrown";
  EXPECT_TRUE(contains(message, "restitutoin")) << message;  // the wrong name
  EXPECT_TRUE(contains(message, "restitution")) << message;  // and what would have been valid
  // A law without parameters rejects any name.
  const LawIndex hertz = find_law("hertz");
  ASSERT_GE(hertz, 0);
  const NamedValue stray[] = {{"damping", 1.0}};
  EXPECT_THROW(compile_law_parameters(law_info(hertz), stray), std::invalid_argument);
}

TEST(Registry, CompileRejectsRestitutionOutsideItsRange) {
  // The family's c_r range is (0, 1] (models.md §3.D: z(c_r) is singular at 0 for flores, z = 8(1−c)/(5c)).
  // The message must name the parameter and the range.
  for (double bad : {0.0, 1.5, -0.2, std::numeric_limits<double>::quiet_NaN()}) {
    const NamedValue values[] = {{"restitution", bad}};
    const std::string message = invalid_argument_message([&] { compile_law_parameters(flores(), values); });
    ASSERT_FALSE(message.empty()) << "c_r = " << bad << " accepted";
    EXPECT_TRUE(contains(message, "restitution")) << message;
    EXPECT_TRUE(contains(message, "(0, 1]")) << message;
  }
  // The closed end and points just inside are accepted.
  for (double good : {1.0, 1e-9, 0.999999}) {
    const NamedValue values[] = {{"restitution", good}};
    EXPECT_NO_THROW(compile_law_parameters(flores(), values)) << "c_r = " << good;
  }
}

TEST(Registry, CompileRejectsMissingRequiredParameter) {
  const std::string message =
      invalid_argument_message([] { compile_law_parameters(flores(), std::span<const NamedValue>{}); });
  ASSERT_FALSE(message.empty());
  EXPECT_TRUE(contains(message, "restitution")) << message;
}

// A hand-made law with one optional and one required parameter, so default handling is tested independently of
// which built-in laws happen to have optional parameters, and one derived parameter.
struct TestParameters {
  double gain;
  double ratio;
  double doubled_gain;  // derived
};
constexpr LawParameter kTestParameters[] = {
    {"gain", "N/m", "an optional gain", 2.5, false, 0.0, 10.0, false, false},
    {"ratio", "-", "a required ratio", 0.0, true, 0.0, 1.0, true, true},
};
constexpr LawParameter kTestDerived[] = {
    {.name = "doubled_gain", .unit = "N/m", .description = "twice the gain"},
};
static_assert(parameter_struct_declares<TestParameters>(kTestParameters, kTestDerived));

void double_the_gain(TestParameters& p) { p.doubled_gain = 2.0 * p.gain; }

ContactForce test_force(const ContactInput& in, const TestParameters& p, const double*) {
  return {p.doubled_gain * in.indentation, p.doubled_gain, 0.0};
}

LawInfo test_law() {
  LawInfo law;
  law.id = "test_law";
  law.family = "test";
  law.formula = "F = 2 gain δ";
  law.source = "tests/models/registry_test.cc";
  law.parameters = kTestParameters;
  law.derived = kTestDerived;
  law.force = law_function<test_force>;
  law.prepare = law_function<double_the_gain>;
  return law;
}

TEST(Registry, CompileAppliesDefaultsThenPrepare) {
  // 'gain' is omitted, so its default 2.5 is used; prepare (doubling it) runs after defaults are applied: 5.
  const LawInfo law = test_law();
  const NamedValue values[] = {{"ratio", 0.25}};
  const LawParameters p = compile_law_parameters(law, values);
  EXPECT_EQ(parameter_value(law, p, "gain"), 2.5);
  EXPECT_EQ(parameter_value(law, p, "ratio"), 0.25);
  EXPECT_EQ(parameter_value(law, p, "doubled_gain"), 5.0);
  // Given values replace defaults (then prepare runs): 3 → 6. Order of the pairs does not matter.
  const NamedValue both[] = {{"ratio", 0.5}, {"gain", 3.0}};
  const LawParameters q = compile_law_parameters(law, both);
  EXPECT_EQ(parameter_value(law, q, "gain"), 3.0);
  EXPECT_EQ(parameter_value(law, q, "ratio"), 0.5);
  EXPECT_EQ(parameter_value(law, q, "doubled_gain"), 6.0);
  // The law reads the derived value through its struct.
  ContactInput in;
  in.indentation = 0.5;
  EXPECT_EQ(law.force(in, q.values, nullptr).force, 3.0);
  // Unused slots stay zero.
  for (int i = 3; i < kMaxLawParameters; ++i) EXPECT_EQ(q.values[i], 0.0);
  // The required one cannot be defaulted.
  const NamedValue only_gain[] = {{"gain", 1.0}};
  EXPECT_THROW(compile_law_parameters(law, only_gain), std::invalid_argument);
  // A derived parameter cannot be given.
  const NamedValue derived[] = {{"ratio", 0.5}, {"doubled_gain", 1.0}};
  const std::string message = invalid_argument_message([&] { compile_law_parameters(law, derived); });
  EXPECT_TRUE(contains(message, "has no parameter 'doubled_gain' to give (the law derives it)")) << message;
}

TEST(Registry, CheckParameterHonoursOpenAndClosedEnds) {
  const LawParameter& closed = kTestParameters[0];  // [0, 10] N/m
  const LawParameter& open = kTestParameters[1];    // (0, 1)
  EXPECT_EQ(check_law_parameter(closed, 0.0), "");
  EXPECT_EQ(check_law_parameter(closed, 10.0), "");
  EXPECT_NE(check_law_parameter(closed, -1e-300), "");
  EXPECT_NE(check_law_parameter(closed, 10.000001), "");
  EXPECT_NE(check_law_parameter(open, 0.0), "");
  EXPECT_NE(check_law_parameter(open, 1.0), "");
  EXPECT_EQ(check_law_parameter(open, 0.5), "");
  EXPECT_NE(check_law_parameter(open, std::numeric_limits<double>::quiet_NaN()), "");
  // The sentence names the parameter, the range with its bracket types and the unit.
  const std::string message = check_law_parameter(closed, 11.0);
  EXPECT_TRUE(contains(message, "gain")) << message;
  EXPECT_TRUE(contains(message, "[0, 10]")) << message;
  EXPECT_TRUE(contains(message, "N/m")) << message;
  EXPECT_TRUE(contains(check_law_parameter(open, 2.0), "(0, 1)")) << check_law_parameter(open, 2.0);
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

// ---------------------------------------------------------------------------------------------------------
// Named look-up and roles

TEST(Registry, ParametersAreFoundByName) {
  const LawInfo law = test_law();
  EXPECT_EQ(parameter_index(law, "gain"), 0);
  EXPECT_EQ(parameter_index(law, "ratio"), 1);
  EXPECT_EQ(parameter_index(law, "doubled_gain"), 2);  // derived ones follow the given ones
  EXPECT_EQ(parameter_index(law, "restitution"), -1);
  EXPECT_EQ(find_parameter(law, "ratio"), &law.parameters[1]);
  EXPECT_EQ(find_parameter(law, "doubled_gain"), nullptr);  // not a name a scene gives
  EXPECT_EQ(find_parameter(law, "gian"), nullptr);
  const LawParameters p = compile_law_parameters(law, std::vector<NamedValue>{{"ratio", 0.5}, {"gain", 4.0}});
  const std::vector<NamedValue> given = given_values(law, p);
  ASSERT_EQ(given.size(), 2u);
  EXPECT_EQ(given[0].name, "gain");
  EXPECT_EQ(given[0].value, 4.0);
  EXPECT_EQ(given[1].name, "ratio");
  EXPECT_EQ(given[1].value, 0.5);
  const std::string message = invalid_argument_message([&] { parameter_value(law, p, "gian"); });
  EXPECT_EQ(message, "law 'test_law' has no parameter 'gian'; its parameters are gain, ratio");
}

TEST(Registry, UnknownParameterMessageIsOneSentence) {
  EXPECT_EQ(unknown_parameter_message(law_info(find_law("hertz")), "damping"),
            "law 'hertz' has no parameter 'damping'; it takes none");
  EXPECT_EQ(unknown_parameter_message(flores(), "damping"),
            "law 'flores' has no parameter 'damping'; its parameters are restitution");
  EXPECT_EQ(unknown_parameter_message(flores(), "normalised_damping"),
            "law 'flores' has no parameter 'normalised_damping' to give (the law derives it); its parameters are "
            "restitution");
}

TEST(Registry, DerivedParametersAreNamed) {
  // flores: z = 8(1 − c)/(5c), derived by prepare and readable by name.
  const LawParameters p = compile_law_parameters(flores(), std::vector<NamedValue>{{"restitution", 0.4}});
  EXPECT_NEAR(parameter_value(flores(), p, "normalised_damping"), 2.4, 1e-15);
  EXPECT_EQ(parameter_value(flores(), p, "restitution"), 0.4);
  for (const LawInfo& law : all_laws()) {
    for (const LawParameter& p : law.derived) EXPECT_FALSE(p.description.empty()) << law.id << " " << p.name;
  }
}

TEST(Registry, RestitutionRolesMarkWhatMaterialsMaySupply) {
  // Every built-in law with a parameter named restitution marks it (target c_r, or Newton's e of the impulse
  // method); wang_kv_granular's two phase restitutions are its own and have no role.
  for (const LawInfo& law : all_laws()) {
    const int k = restitution_parameter(law);
    const LawParameter* named = find_parameter(law, "restitution");
    if (named == nullptr) {
      EXPECT_EQ(k, -1) << law.id;
      continue;
    }
    ASSERT_GE(k, 0) << law.id;
    EXPECT_EQ(&law.parameters[static_cast<std::size_t>(k)], named) << law.id;
    EXPECT_EQ(named->role, law.impulsive ? ParameterRole::kNewtonRestitution : ParameterRole::kTargetRestitution)
        << law.id;
  }
  EXPECT_EQ(restitution_parameter(law_info(find_law("wang_kv_granular"))), -1);
  EXPECT_EQ(restitution_parameter(test_law()), -1);
}

// ---------------------------------------------------------------------------------------------------------
// register_law

// A valid law to register under a fresh id, from test_law.
LawInfo fresh_law(std::string_view id) {
  LawInfo law = test_law();
  law.id = id;
  return law;
}

TEST(Registry, RegisteredLawIsUsableByName) {
  const std::size_t before = all_laws().size();
  constexpr std::string_view kAliases[] = {"registered_alias"};
  LawInfo law = fresh_law("registered_law");
  law.aliases = kAliases;
  const LawIndex index = register_law(law);
  EXPECT_EQ(index, static_cast<LawIndex>(before));
  EXPECT_EQ(all_laws().size(), before + 1);
  EXPECT_EQ(find_law("registered_law"), index);
  EXPECT_EQ(find_law("registered_alias"), index);
  EXPECT_EQ(law_ids().back(), "registered_law");
  const LawInfo& registered = law_info(index);
  const LawParameters p = compile_law_parameters(registered, std::vector<NamedValue>{{"ratio", 0.5}, {"gain", 1.5}});
  EXPECT_EQ(parameter_value(registered, p, "doubled_gain"), 3.0);
  // Its tables are the registry's copies, not the caller's.
  EXPECT_NE(registered.parameters.data(), law.parameters.data());
  EXPECT_NE(registered.id.data(), law.id.data());
}

TEST(Registry, RegisteredLawOwnsItsStrings) {
  // A plugin's or a script's strings and tables may go away after registration: the registry keeps copies.
  std::string id = "owned_law", alias = "owned_alias", name = "owned_gain", unit = "N/m";
  LawIndex index = -1;
  {
    const std::string_view aliases[] = {alias};
    const LawParameter parameters[] = {{name, unit, "a gain", 1.0, false, 0.0, 2.0, false, false}};
    LawInfo law;
    law.id = id;
    law.aliases = aliases;
    law.parameters = parameters;
    law.force = [](const ContactInput&, const double*, const double*) { return ContactForce{}; };
    index = register_law(law);
  }
  for (std::string* text : {&id, &alias, &name, &unit}) text->assign(text->size(), '#');
  const LawInfo& registered = law_info(index);
  EXPECT_EQ(registered.id, "owned_law");
  ASSERT_EQ(registered.aliases.size(), 1u);
  EXPECT_EQ(registered.aliases[0], "owned_alias");
  ASSERT_EQ(registered.parameters.size(), 1u);
  EXPECT_EQ(registered.parameters[0].name, "owned_gain");
  EXPECT_EQ(registered.parameters[0].unit, "N/m");
  EXPECT_EQ(registered.parameters[0].default_value, 1.0);
  EXPECT_EQ(find_law("owned_alias"), index);
}

TEST(Registry, LawReferencesSurviveLaterRegistrations) {
  // Compiled pairs keep a `const LawInfo*`: adding laws must not move the ones registered before.
  const LawInfo* hertz = &law_info(find_law("hertz"));
  const LawIndex first = register_law(fresh_law("survivor_0"));
  const LawInfo* survivor = &law_info(first);
  const std::string_view survivor_id = survivor->id;
  const LawParameter* survivor_parameters = survivor->parameters.data();
  std::vector<std::string> ids;
  for (int i = 1; i <= 200; ++i) ids.push_back("survivor_" + std::to_string(i));
  for (const std::string& id : ids) register_law(fresh_law(id));
  EXPECT_EQ(&law_info(find_law("hertz")), hertz);
  EXPECT_EQ(&law_info(first), survivor);
  EXPECT_EQ(survivor->id.data(), survivor_id.data());
  EXPECT_EQ(survivor->id, "survivor_0");
  EXPECT_EQ(survivor->parameters.data(), survivor_parameters);
  EXPECT_EQ(survivor->parameters[0].name, "gain");
  EXPECT_EQ(find_law("survivor_200"), first + 200);
}

// The message of register_law's refusal of `law`, which must also leave the registry as it was.
std::string refusal(const LawInfo& law) {
  const std::size_t before = all_laws().size();
  const std::string message = invalid_argument_message([&] { register_law(law); });
  EXPECT_EQ(all_laws().size(), before) << "a refused law was added";
  return message;
}

TEST(Registry, RegistrationRefusesBadNames) {
  EXPECT_TRUE(contains(refusal(fresh_law("")), "needs an id"));
  constexpr std::string_view kEmptyAlias[] = {""};
  LawInfo empty_alias = fresh_law("law_with_empty_alias");
  empty_alias.aliases = kEmptyAlias;
  EXPECT_TRUE(contains(refusal(empty_alias), "an alias is empty"));
  constexpr std::string_view kSelf[] = {"self_named"};
  LawInfo self = fresh_law("self_named");
  self.aliases = kSelf;
  EXPECT_TRUE(contains(refusal(self), "'self_named' is given twice"));
  // An id or alias clashing with a built-in law's id or alias.
  EXPECT_TRUE(contains(refusal(fresh_law("hertz")), "'hertz' is taken by law 'hertz'"));
  EXPECT_TRUE(contains(refusal(fresh_law("ye")), "'ye' is taken by law 'flores'"));
  constexpr std::string_view kTaken[] = {"marhefka_orin"};
  LawInfo alias_taken = fresh_law("law_with_taken_alias");
  alias_taken.aliases = kTaken;
  EXPECT_TRUE(contains(refusal(alias_taken), "'marhefka_orin' is taken by law 'hunt_crossley'"));
  // Registered once, a law's names are taken too.
  register_law(fresh_law("registered_once"));
  EXPECT_TRUE(contains(refusal(fresh_law("registered_once")), "is taken by law 'registered_once'"));
}

TEST(Registry, RegistrationRefusesBadFunctions) {
  LawInfo no_force = fresh_law("law_without_force");
  no_force.force = nullptr;
  EXPECT_TRUE(contains(refusal(no_force), "no force function"));
  LawInfo no_prepare = fresh_law("law_without_prepare");
  no_prepare.prepare = nullptr;
  EXPECT_TRUE(contains(refusal(no_prepare), "derived parameters but no prepare function"));
  LawInfo no_rate = fresh_law("law_without_state_rate");
  no_rate.state_size = 1;
  no_rate.continuous_state_size = 1;
  EXPECT_TRUE(contains(refusal(no_rate), "no state_rate function"));
}

TEST(Registry, RegistrationRefusesBadParameters) {
  constexpr LawParameter kEight[] = {
      {"p1", "-", "p", 0.0, true, 0.0, 1.0}, {"p2", "-", "p", 0.0, true, 0.0, 1.0},
      {"p3", "-", "p", 0.0, true, 0.0, 1.0}, {"p4", "-", "p", 0.0, true, 0.0, 1.0},
      {"p5", "-", "p", 0.0, true, 0.0, 1.0}, {"p6", "-", "p", 0.0, true, 0.0, 1.0},
      {"p7", "-", "p", 0.0, true, 0.0, 1.0}, {"p8", "-", "p", 0.0, true, 0.0, 1.0},
  };
  LawInfo too_many = fresh_law("law_with_too_many_parameters");
  too_many.parameters = kEight;  // 8 given + 1 derived
  EXPECT_TRUE(contains(refusal(too_many), "9 given and derived parameters; at most 8 fit"));

  constexpr LawParameter kTwice[] = {{.name = "gain", .unit = "N/m", .description = "the gain again"}};
  LawInfo twice = fresh_law("law_with_a_name_twice");
  twice.derived = kTwice;
  EXPECT_TRUE(contains(refusal(twice), "'gain' is declared twice"));

  constexpr LawParameter kNameless[] = {{"", "-", "no name", 0.0, true, 0.0, 1.0}};
  LawInfo nameless = fresh_law("law_with_a_nameless_parameter");
  nameless.parameters = kNameless;
  nameless.derived = {};
  nameless.prepare = nullptr;
  EXPECT_TRUE(contains(refusal(nameless), "a parameter has no name"));

  constexpr LawParameter kBadDefault[] = {{"gain", "N/m", "a gain", 20.0, false, 0.0, 10.0, false, false}};
  LawInfo bad_default = fresh_law("law_with_a_bad_default");
  bad_default.parameters = kBadDefault;
  bad_default.derived = {};
  bad_default.prepare = nullptr;
  EXPECT_TRUE(contains(refusal(bad_default), "the default of parameter 'gain' is outside its range"));

  constexpr LawParameter kEmptyRange[] = {{"gain", "N/m", "a gain", 0.0, true, 1.0, 0.0, false, false}};
  LawInfo empty_range = fresh_law("law_with_an_empty_range");
  empty_range.parameters = kEmptyRange;
  empty_range.derived = {};
  empty_range.prepare = nullptr;
  EXPECT_TRUE(contains(refusal(empty_range), "parameter 'gain' has an empty range"));

  constexpr LawParameter kTwoRestitutions[] = {
      {"restitution", "-", "c", 0.0, true, 0.0, 1.0, true, false, ParameterRole::kTargetRestitution},
      {"newton", "-", "e", 0.0, true, 0.0, 1.0, false, false, ParameterRole::kNewtonRestitution},
  };
  LawInfo two_roles = fresh_law("law_with_two_restitutions");
  two_roles.parameters = kTwoRestitutions;
  EXPECT_TRUE(contains(refusal(two_roles), "more than one parameter has a restitution role"));

  constexpr LawParameter kDerivedRole[] = {
      {.name = "restitution", .unit = "-", .description = "c", .role = ParameterRole::kTargetRestitution}};
  LawInfo derived_role = fresh_law("law_with_a_derived_role");
  derived_role.derived = kDerivedRole;
  EXPECT_TRUE(contains(refusal(derived_role), "derived parameter 'restitution' has a role"));
}

TEST(Registry, RegistrationRefusesBadStateAndRanges) {
  LawInfo big_state = fresh_law("law_with_too_much_state");
  big_state.state_size = kMaxLawState + 1;
  EXPECT_TRUE(contains(refusal(big_state), "state_size 9 outside [0, 8]"));
  LawInfo negative_state = fresh_law("law_with_negative_state");
  negative_state.state_size = -1;
  EXPECT_TRUE(contains(refusal(negative_state), "state_size -1 outside"));
  LawInfo continuous = fresh_law("law_with_too_much_continuous_state");
  continuous.state_size = 1;
  continuous.continuous_state_size = 2;
  continuous.state_rate = [](const ContactInput&, const double*, const double*, double*) {};
  EXPECT_TRUE(contains(refusal(continuous), "continuous_state_size 2 outside [0, state_size]"));
  LawInfo timed_peak = fresh_law("law_peaking_at_its_maximum_indentation_in_time");
  timed_peak.peak_at_max_indentation = true;
  timed_peak.needs = kNeedsTimeSinceOnset;
  EXPECT_TRUE(contains(refusal(timed_peak), "peaks at its maximum indentation but reads"));
  LawInfo accurate = fresh_law("law_with_a_bad_accurate_range");
  accurate.accurate_restitution_min = 0.5;
  accurate.accurate_restitution_max = 1.5;
  EXPECT_TRUE(contains(refusal(accurate), "accurate restitution range is not inside [0, 1]"));
}

// LawInfo::ignores: the stiffness, the exponent or both; the exponent alone is what fixed_exponent says, and a law
// that ignores the stiffness has none to need linear or to read at a fixed exponent.
TEST(Registry, RegistrationRefusesContradictoryPairParameterTraits) {
  LawInfo unknown = fresh_law("law_ignoring_an_unknown_parameter");
  unknown.ignores = 1u << 5;
  EXPECT_TRUE(contains(refusal(unknown), "other than the stiffness and the exponent"));
  LawInfo exponent_only = fresh_law("law_ignoring_the_exponent_only");
  exponent_only.ignores = kIgnoresExponent;
  EXPECT_TRUE(contains(refusal(exponent_only), "declare the exponent it reads it with (fixed_exponent)"));
  LawInfo linear = fresh_law("law_ignoring_a_linear_stiffness");
  linear.ignores = kIgnoresStiffness | kIgnoresExponent;
  linear.requires_linear_stiffness = true;
  EXPECT_TRUE(contains(refusal(linear), "ignores the stiffness but needs a linear one or fixes its exponent"));
  LawInfo fixed = fresh_law("law_ignoring_a_stiffness_of_fixed_exponent");
  fixed.ignores = kIgnoresStiffness;
  fixed.fixed_exponent = 1.5;
  EXPECT_TRUE(contains(refusal(fixed), "ignores the stiffness but needs a linear one or fixes its exponent"));
}

}  // namespace
}  // namespace contactlab
