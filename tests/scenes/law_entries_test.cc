// SPDX-License-Identifier: MIT
// A contacts block's `laws` (docs/scenes.md, engine/compile_law_entries.cc): the entry of the law in use applies over
// `parameters` by name, for the block's own law and for one `--model` puts in; a listed pair's entries apply over the
// block's; `--set` reaches them by key path; every entry is checked whether in use or not, and what is wrong is named
// at its file:line:column and key path.
#include <string>

#include <gtest/gtest.h>

#include "scenes/scene.h"

namespace contactlab {
namespace {

// A ball on steel ground, Flores with restitution 0.9; kelvin_voigt and schafer get their damping from `laws`.
const std::string kScene = R"(scene: t
materials:
  steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}
world:
  shapes: [{name: ground, type: halfspace, material: steel}]
bodies:
  - name: ball
    mass: 1
    joint: {type: prismatic, axis: [0, 0, 1]}
    initial: {q: 1, v: -1}
    shapes: [{type: sphere, radius: 0.1, material: steel}]
contacts:
  law: flores
  parameters: {restitution: 0.9}
  laws:
    kelvin_voigt: {damping: 40}
    flores: {restitution: 0.8}
    wang_yield: {yield_strength_1: 1.2e9, yield_strength_2: 1.2e9}
duration: 1
)";

double parameter(const Scene& scene, const char* name) {
  const ContactPairModel& pair = scene.model.contact.pairs.at(0);
  return parameter_value(*pair.law_info, pair.parameters, name);
}

Scene load(const std::string& text, const std::string& law = "", std::vector<std::pair<std::string, std::string>> sets = {}) {
  SceneOptions options;
  options.law_override = law;
  options.variable_overrides = std::move(sets);
  return load_scene_text(text, "t.yaml", options);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(LawEntries, TheEntryOfTheLawInUseAppliesOverParametersByName) {
  EXPECT_EQ(parameter(load(kScene), "restitution"), 0.8);  // the scene's own law: its entry over `parameters`
  // A law put in by --model: its entry (the block's restitution is not kelvin_voigt's: dropped, with a note).
  const Scene kv = load(kScene, "kelvin_voigt");
  EXPECT_EQ(parameter(kv, "damping"), 40.0);
  const Scene wang = load(kScene, "wang_yield");
  EXPECT_EQ(parameter(wang, "yield_strength_1"), 1.2e9);
  // A law with neither an entry nor its required parameter in `parameters` is refused as before.
  EXPECT_THROW(load(kScene, "ristow"), SceneError);
  // An alias names its law: `ye` is flores.
  EXPECT_EQ(parameter(load(replaced(kScene, "    flores: {restitution: 0.8}", "    ye: {restitution: 0.7}")), "restitution"), 0.7);
}

TEST(LawEntries, SetReachesAnEntryByKeyPath) {
  EXPECT_EQ(parameter(load(kScene, "kelvin_voigt", {{"contacts.laws.kelvin_voigt.damping", "55"}}), "damping"), 55.0);
  // A new entry, too.
  EXPECT_EQ(parameter(load(kScene, "schafer", {{"contacts.laws.schafer.damping", "3"}}), "damping"), 3.0);
}

TEST(LawEntries, APairsEntriesApplyOverTheBlocks) {
  const std::string text = replaced(kScene, "duration: 1", R"(  pairs:
    - shapes: [ground, ball]
      laws: {kelvin_voigt: {damping: 90}}
duration: 1)");
  EXPECT_EQ(parameter(load(text, "kelvin_voigt"), "damping"), 90.0);
  EXPECT_EQ(parameter(load(text), "restitution"), 0.8);  // the block's flores entry still applies to the pair
}

struct Refused {
  const char* name;
  std::string from, to;  // in kScene
  int line, column;
  std::string key_path;
  std::string message;  // a fragment the message must contain
};

void PrintTo(const Refused& c, std::ostream* out) { *out << c.name; }

class RefusedEntry : public ::testing::TestWithParam<Refused> {};

// Whatever law is in use: an entry is checked whether it applies or not.
TEST_P(RefusedEntry, IsBadInputAtItsKeyPath) {
  const Refused& c = GetParam();
  for (const std::string law : {"", "hertz"}) {
    try {
      load(replaced(kScene, c.from, c.to), law);
      FAIL() << c.name << ": no error with law '" << law << "'";
    } catch (const SceneError& error) {
      EXPECT_EQ(error.line(), c.line) << error.what();
      EXPECT_EQ(error.column(), c.column) << error.what();
      EXPECT_EQ(error.key_path(), c.key_path) << error.what();
      EXPECT_NE(std::string(error.what()).find(c.message), std::string::npos) << error.what();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    LawEntries, RefusedEntry,
    ::testing::Values(
        Refused{"unknown_law", "    kelvin_voigt: {", "    kelvin_voight: {", 16, 5, "contacts.laws.kelvin_voight",
                "unknown law 'kelvin_voight' (did you mean 'kelvin_voigt'?)"},
        Refused{"unknown_parameter", "kelvin_voigt: {damping: 40}", "kelvin_voigt: {dampng: 40}", 16, 20,
                "contacts.laws.kelvin_voigt.dampng", "law 'kelvin_voigt' has no parameter 'dampng'"},
        Refused{"out_of_range", "kelvin_voigt: {damping: 40}", "kelvin_voigt: {damping: -1}", 16, 29,
                "contacts.laws.kelvin_voigt.damping", "damping"},
        // yaml-cpp would keep the first of two equal keys and drop the second silently.
        Refused{"duplicate_law", "    flores: {restitution: 0.8}", "    flores: {restitution: 0.8}\n    flores: {restitution: 0.7}", 18,
                5, "contacts.laws.flores", "duplicate key 'flores'"},
        Refused{"duplicate_parameter", "kelvin_voigt: {damping: 40}", "kelvin_voigt: {damping: 40, damping: 41}", 16, 33,
                "contacts.laws.kelvin_voigt.damping", "duplicate key 'damping'"},
        Refused{"law_and_its_alias", "    flores: {restitution: 0.8}", "    flores: {restitution: 0.8}\n    ye: {restitution: 0.7}", 18,
                5, "contacts.laws.ye", "law 'flores' is given twice"},
        Refused{"not_a_map", "    kelvin_voigt: {damping: 40}", "    kelvin_voigt: 40", 16, 19, "contacts.laws.kelvin_voigt",
                "expected a map of parameter values"}));

}  // namespace
}  // namespace contactlab
