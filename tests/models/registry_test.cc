// SPDX-License-Identifier: MIT
// Tests of models/registry: the list of laws, name resolution (ids and the aliases of models.md §1) and
// compile-time parameter validation.
#include "models/registry.h"

#include <gtest/gtest.h>

#include <cmath>
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
    EXPECT_LE(law.parameters.size(), static_cast<std::size_t>(kMaxLawParameters));
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
// which built-in laws happen to have optional parameters.
constexpr LawParameter kTestParameters[] = {
    {"gain", "N/m", "an optional gain", 2.5, false, 0.0, 10.0, false, false},
    {"ratio", "-", "a required ratio", 0.0, true, 0.0, 1.0, true, true},
};

void double_the_gain(double* parameters) { parameters[0] *= 2.0; }

LawInfo test_law() {
  LawInfo law;
  law.id = "test_law";
  law.family = "test";
  law.parameters = kTestParameters;
  law.prepare = double_the_gain;
  return law;
}

TEST(Registry, CompileAppliesDefaultsThenPrepare) {
  // 'gain' is omitted, so its default 2.5 is used; prepare (doubling it) runs after defaults are applied: 5.
  const NamedValue values[] = {{"ratio", 0.25}};
  const LawParameters p = compile_law_parameters(test_law(), values);
  EXPECT_EQ(p.values[0], 5.0);
  EXPECT_EQ(p.values[1], 0.25);
  // Given values replace defaults (then prepare runs): 3 → 6. Order of the pairs does not matter.
  const NamedValue both[] = {{"ratio", 0.5}, {"gain", 3.0}};
  const LawParameters q = compile_law_parameters(test_law(), both);
  EXPECT_EQ(q.values[0], 6.0);
  EXPECT_EQ(q.values[1], 0.5);
  // Unused slots stay zero.
  for (int i = 2; i < kMaxLawParameters; ++i) EXPECT_EQ(q.values[i], 0.0);
  // The required one cannot be defaulted.
  const NamedValue only_gain[] = {{"gain", 1.0}};
  EXPECT_THROW(compile_law_parameters(test_law(), only_gain), std::invalid_argument);
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
