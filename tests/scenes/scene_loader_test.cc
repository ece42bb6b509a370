// SPDX-License-Identifier: MIT
// scenes/scene_loader: the scene library compiles to the intended model, and malformed scenes give one clear
// message naming file, line, column and key path.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <numbers>
#include <sstream>
#include <tuple>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "contact/shape_traits.h"
#include "engine/joint_traits.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

const std::string kSceneDirectory = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/";

// The SceneError `load` throws. When it loads instead: a test failure naming `what`, and an error with no key and no
// message, which the caller's checks then find wrong too.
template <typename Load>
SceneError refusal(Load&& load, const std::string& what) {
  try {
    load();
  } catch (const SceneError& error) {
    return error;
  }
  ADD_FAILURE() << (what.empty() ? "" : what + ": ") << "accepted";
  return SceneError("", 0, 0, "", "");
}

// Whether the error's message says `text`.
bool says(const SceneError& error, const std::string& text) {
  return std::string(error.what()).find(text) != std::string::npos;
}

TEST(SceneLoader, BouncingBallCompilesToTheIntendedModel) {
  const Scene scene = load_scene(kSceneDirectory + "bouncing_ball.yaml");
  EXPECT_EQ(scene.name, "bouncing_ball");
  ASSERT_EQ(scene.model.bodies.size(), 2u);
  EXPECT_EQ(scene.model.nv, 1);
  ASSERT_EQ(scene.model.contact.pairs.size(), 1u);
  const ContactPairModel& pair = scene.model.contact.pairs[0];
  EXPECT_EQ(pair.name, "ground/ball");
  EXPECT_EQ(pair.law_info->id, "flores");
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "restitution"), 0.9);
  // Ball on a rigid flat: K = (4/3) E/(1 − ν²) √R (models.md §2.1, sphere–plane).
  EXPECT_NEAR(pair.stiffness / (4.0 / 3.0 * 6.7e10 / (1.0 - 0.33 * 0.33) * std::sqrt(0.1)), 1.0, 1e-14);
  EXPECT_EQ(pair.exponent, 1.5);
  // Released with the lowest point 1 m up and the speed that reaches 5 m/s at the ground.
  EXPECT_DOUBLE_EQ(scene.initial_state.q[0], 1.1);
  EXPECT_DOUBLE_EQ(scene.initial_state.v[0], -std::sqrt(25.0 - 2.0 * 9.81));
  EXPECT_EQ(scene.simulation.duration, 3.0);
  EXPECT_EQ(scene.model.gravity.z(), -9.81);
}

TEST(SceneLoader, SetOverridesAVariableAndModelReplacesTheLaw) {
  SceneOptions options;
  options.variable_overrides = {{"impact_speed", "2*4"}, {"restitution", "0.5"}};
  options.law_override = "zhang_sharf_exact";
  const Scene scene = load_scene(kSceneDirectory + "bouncing_ball.yaml", options);
  EXPECT_DOUBLE_EQ(scene.initial_state.v[0], -std::sqrt(64.0 - 2.0 * 9.81));
  EXPECT_EQ(scene.model.contact.pairs[0].law_info->id, "zhang_sharf_exact");
  const ContactPairModel& pair = scene.model.contact.pairs[0];
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "restitution"), 0.5);
  EXPECT_EQ(scene.variables.at("impact_speed"), 8.0);
}

TEST(SceneLoader, ModelOverrideDropsParametersTheNewLawDoesNotTake) {
  SceneOptions options;
  options.law_override = "hertz";
  const Scene scene = load_scene(kSceneDirectory + "bouncing_ball.yaml", options);
  EXPECT_EQ(scene.model.contact.pairs[0].law_info->id, "hertz");
  ASSERT_EQ(scene.notes.size(), 1u);
  EXPECT_NE(scene.notes[0].find("restitution"), std::string::npos);
}

TEST(SceneLoader, LawOutsideItsAccurateRangeGetsANote) {
  SceneOptions options;
  options.variable_overrides = {{"restitution", "0.5"}};  // flores is within 0.01 only for c >= 0.828
  const Scene scene = load_scene(kSceneDirectory + "bouncing_ball.yaml", options);
  ASSERT_EQ(scene.notes.size(), 1u);
  EXPECT_NE(scene.notes[0].find("0.828"), std::string::npos) << scene.notes[0];
}

// A minimal valid scene; each malformed case below changes one thing.
const std::string kValid = R"(scene: t
variables: {r: 0.1}
materials:
  steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}
world:
  shapes: [{name: ground, type: halfspace, material: steel}]
bodies:
  - name: ball
    mass: 1
    joint: {type: prismatic, axis: [0, 0, 1]}
    initial: {q: 1, v: -1}
    shapes: [{type: sphere, radius: r, material: steel}]
contacts:
  law: flores
  parameters: {restitution: 0.9}
duration: 1
)";

// With CONTACTLAB_FUZZ_CORPUS=DIR, the malformed scenes of these tests are also written to DIR/malformed_<name>,
// to seed the fuzzer's corpus (scripts/seed-fuzz-corpus.sh).
void keep_for_fuzzing(const std::string& name, const std::string& text) {
  const char* directory = std::getenv("CONTACTLAB_FUZZ_CORPUS");
  if (directory == nullptr) return;
  std::string file = name;
  std::replace_if(file.begin(), file.end(), [](char c) { return c == '/' || c == '.'; }, '_');
  std::ofstream(std::string(directory) + "/malformed_" + file, std::ios::binary) << text;
}

struct Malformed {
  const char* name;
  std::string from;  // text replaced in kValid
  std::string to;
  int line;
  std::string key_path;
  std::string message;  // a fragment the message must contain
};

void PrintTo(const Malformed& c, std::ostream* out) { *out << c.name; }

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

class MalformedScene : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedScene, NamesFileLineKeyAndProblem) {
  const Malformed& c = GetParam();
  const std::string text = replace(kValid, c.from, c.to);
  keep_for_fuzzing(c.name, text);
  const SceneError error = refusal([&] { load_scene_text(text, "bad.yaml"); }, c.name);
  EXPECT_EQ(error.file(), "bad.yaml");
  EXPECT_EQ(error.line(), c.line) << error.what();
  EXPECT_EQ(error.key_path(), c.key_path) << error.what();
  EXPECT_TRUE(says(error, c.message)) << error.what();
}

INSTANTIATE_TEST_SUITE_P(
    SceneLoader, MalformedScene,
    ::testing::Values(
        Malformed{"unknown_key", "duration: 1", "duraton: 1", 16, "duraton", "did you mean 'duration'?"},
        Malformed{"negative_mass", "mass: 1", "mass: -1", 9, "bodies[0].mass", "expected a positive mass [kg], found -1"},
        Malformed{"missing_duration", "duration: 1\n", "", 1, "duration", "missing required key"},
        Malformed{"wrong_type", "mass: 1", "mass: [1, 2]", 9, "bodies[0].mass", "expected a number or an expression, found a list of 2"},
        Malformed{"restitution_out_of_range", "restitution: 0.9", "restitution: 1.5", 15, "contacts.parameters.restitution",
                  "expected restitution in (0, 1], found 1.5"},
        Malformed{"restitution_zero", "restitution: 0.9", "restitution: 0", 15, "contacts.parameters.restitution", "in (0, 1]"},
        Malformed{"unknown_law", "law: flores", "law: flores2", 14, "contacts.law", "did you mean 'flores'?"},
        Malformed{"unknown_parent", "joint: {type: prismatic", "joint: {parent: bal, type: prismatic", 10, "bodies[0].joint.parent",
                  "unknown body 'bal'"},
        Malformed{"unknown_variable", "radius: r", "radius: rr", 12, "bodies[0].shapes[0].radius", "unknown variable 'rr'"},
        Malformed{"unknown_material", "radius: r, material: steel", "radius: r, material: steal", 12,
                  "bodies[0].shapes[0].material", "did you mean 'steel'?"},
        Malformed{"law_parameter_unknown", "{restitution: 0.9}", "{restitution: 0.9, damping: 3}", 15, "contacts.parameters.damping",
                  "law 'flores' has no parameter 'damping'"},
        Malformed{"bad_joint_type", "type: prismatic", "type: prismatc", 10, "bodies[0].joint.type", "did you mean 'prismatic'?"},
        Malformed{"poisson_out_of_range", "poisson_ratio: 0.3", "poisson_ratio: 0.7", 4, "materials.steel.poisson_ratio",
                  "expected a Poisson ratio in (-1, 0.5)"},
        Malformed{"wrong_initial_count", "q: 1,", "q: [1, 2],", 11, "bodies[0].initial.q", "expected 1 value(s) for a prismatic joint"},
        Malformed{"not_a_number", "v: -1}", "v: -sqrt(r - 1)}", 11, "bodies[0].initial.v", "is not a number (NaN"},
        // yaml-cpp reports the unclosed list where it detects it, on the next line.
        Malformed{"yaml_syntax", "mass: 1", "mass: [1", 10, "", "YAML syntax error"},
        // yaml-cpp looks a key up by its first entry: a repeated key would silently lose its later value.
        Malformed{"duplicate_key_block", "mass: 1", "mass: 1\n    mass: 1000", 10, "bodies[0].mass",
                  "duplicate key 'mass': given at line 9 and again at line 10"},
        Malformed{"duplicate_key_top_level", "duration: 1\n", "duration: 1\nduration: 2\n", 17, "duration",
                  "given at line 16 and again at line 17"},
        Malformed{"duplicate_key_flow", "{restitution: 0.9}", "{restitution: 0.9, restitution: 0.5}", 15,
                  "contacts.parameters.restitution", "duplicate key 'restitution'"},
        Malformed{"duplicate_key_in_list", "type: halfspace, material: steel}", "type: halfspace, material: steel, type: sphere}", 6,
                  "world.shapes[0].type", "duplicate key 'type'"},
        Malformed{"duplicate_variable", "variables: {r: 0.1}", "variables: {r: 0.1, r: 0.2}", 2, "variables.r",
                  "duplicate key 'r'"},
        // Infinities and NaN are bad input at their key, whether written in YAML or computed.
        Malformed{"infinite_mass", "mass: 1", "mass: .inf", 9, "bodies[0].mass", "expected a finite number, found .inf"},
        Malformed{"infinite_duration", "duration: 1", "duration: .inf", 16, "duration", "expected a finite number"},
        Malformed{"nan_initial", "v: -1}", "v: .nan}", 11, "bodies[0].initial.v", "expected a finite number, found .nan"},
        Malformed{"negative_infinity_position", "q: 1,", "q: -.inf,", 11, "bodies[0].initial.q", "expected a finite number"},
        // Was blamed on the contacts block ("both surfaces flat").
        Malformed{"radius_divided_by_zero", "radius: r", "radius: 1/0", 12, "bodies[0].shapes[0].radius", "division by zero"},
        Malformed{"variable_divided_by_zero", "variables: {r: 0.1}", "variables: {r: 0.1, h: 1, m: r/(h-h)}", 2,
                  "variables.m", "division by zero"},
        Malformed{"overflowing_expression", "mass: 1", "mass: 1e300 * 1e300", 9, "bodies[0].mass", "infinite"},
        Malformed{"infinity_hidden_in_expression", "mass: 1", "mass: 1 + 1/(1/0)", 9, "bodies[0].mass", "division by zero"},
        Malformed{"infinite_gravity", "scene: t", "scene: t\ngravity: [0, 0, -.inf]", 2, "gravity[2]", "finite"},
        Malformed{"impossible_principal_moments", "mass: 1", "mass: 1\n    inertia: [0.001, 0.001, 1]", 10, "bodies[0].inertia",
                  "break the triangle inequality"},
        // A scene name becomes results/<name>/: a name, never a path; every name lands in CSV headers and JSON.
        Malformed{"scene_name_absolute_path", "scene: t", "scene: /tmp/x", 1, "scene", "a name is letters, digits"},
        Malformed{"scene_name_parent_path", "scene: t", "scene: ../../x", 1, "scene", "may not start with '.'"},
        Malformed{"scene_name_not_utf8", "scene: t", "scene: t\xff", 1, "scene", "not valid UTF-8"},
        Malformed{"scene_name_empty", "scene: t", "scene: ''", 1, "scene", "expected a name, found nothing"},
        Malformed{"body_name_with_comma", "name: ball", "name: 'ba,ll'", 8, "bodies[0].name", "found ','"},
        Malformed{"shape_name_with_slash", "{name: ground,", "{name: gr/ound,", 6, "world.shapes[0].name", "found '/'"},
        Malformed{"material_name_with_quote", "steel: {", "'ste\"el': {", 4, "materials.ste\"el", "found '\"'"},
        Malformed{"variable_name_not_an_identifier", "variables: {r: 0.1}", "variables: {r: 0.1, a-b: 1}", 2, "variables.a-b",
                  "a variable name is a letter"},
        Malformed{"description_not_utf8", "scene: t", "scene: t\ndescription: a\xc3\x28", 2, "description",
                  "not valid UTF-8"},
        Malformed{"description_control_character", "scene: t", "scene: t\ndescription: \"a\\x07b\"", 2, "description",
                  "control character"},
        // Names expressions already know are no variable names: every expression would change with them.
        Malformed{"variable_named_pi", "variables: {r: 0.1}", "variables: {r: 0.1, pi: 3}", 2, "variables.pi",
                  "'pi' is a constant of every expression"},
        Malformed{"variable_named_e", "variables: {r: 0.1}", "variables: {e: 2, r: 0.1}", 2, "variables.e", "'e' is a constant"},
        Malformed{"variable_named_max", "variables: {r: 0.1}", "variables: {r: 0.1, max: 3}", 2, "variables.max",
                  "'max' is a function of expressions"},
        // Messages that say what is wrong.
        Malformed{"function_with_too_few_arguments", "mass: 1", "mass: max(r)", 9, "bodies[0].mass",
                  "function 'max' takes 2 arguments, found 1"},
        Malformed{"restitution_just_above_one", "restitution: 0.9", "restitution: 1.0000001", 15,
                  "contacts.parameters.restitution", "expected restitution in (0, 1], found 1.0000001"},
        Malformed{"mass_just_below_zero", "mass: 1", "mass: -1e-300", 9, "bodies[0].mass", "found -1e-300"},
        // A second document would be ignored without a word: refused where it begins.
        Malformed{"second_document", "duration: 1\n", "duration: 1\n---\nscene: other\n", 17, "",
                  "a second YAML document (after '---')"},
        Malformed{"document_after_the_end", "duration: 1\n", "duration: 1\n...\nscene: other\n", 18, "",
                  "a second YAML document (after '...')"},
        Malformed{"duration_without_value", "duration: 1", "duration:", 16, "duration",
                  "duration: has no value: expected a positive duration"},
        Malformed{"mass_without_value", "mass: 1", "mass:", 9, "bodies[0].mass", "bodies[0].mass: has no value"},
        Malformed{"null_key", "duration: 1\n", "duration: 1\n~: 1\n", 17, "", "expected a name as the key, found nothing (a null key"},
        Malformed{"list_key", "duration: 1\n", "duration: 1\n[a, b]: 1\n", 17, "", "expected a name as the key, found a list"},
        // Friction: problems the compile stage finds, reported at their line in the file.
        Malformed{"friction_law_unknown", "parameters: {restitution: 0.9}",
                  "parameters: {restitution: 0.9}\n  friction: {law: lugr}", 16, "contacts.friction.law", "did you mean 'lugre'?"},
        Malformed{"friction_parameter_unknown", "parameters: {restitution: 0.9}",
                  "parameters: {restitution: 0.9}\n  friction:\n    law: coulomb_tanh\n    parameters: {mu: 0.3}", 18,
                  "contacts.friction.parameters.mu", "has no parameter 'mu'"},
        Malformed{"friction_key_unknown", "parameters: {restitution: 0.9}",
                  "parameters: {restitution: 0.9}\n  friction: {law: dahl, parmeters: {}}", 16, "contacts.friction.parmeters",
                  "did you mean 'parameters'?"},
        Malformed{"friction_kinetic_above_static", "parameters: {restitution: 0.9}",
                  "parameters: {restitution: 0.9}\n  friction: {law: coulomb, parameters: {static_friction: 0.3, "
                  "kinetic_friction: 0.4}}", 16, "contacts.friction.law", "may not exceed static_friction"}),
    [](const ::testing::TestParamInfo<Malformed>& info) { return std::string(info.param.name); });

TEST(SceneLoader, DeeplyNestedDocumentSaysSo) {
  // yaml-cpp's own message for this is "bad file", which says nothing about what is wrong.
  const std::string text = replace(kValid, "mass: 1", "mass: " + std::string(3000, '['));
  keep_for_fuzzing("deeply_nested", text);
  const SceneError error = refusal([&] { load_scene_text(text, "deep.yaml"); }, "");
  EXPECT_TRUE(says(error, "nested more than")) << error.what();
}

// Said as what it is, not as "expected a scene, found nothing".
TEST(SceneLoader, ADirectoryOrAMissingFileSaysSo) {
  {
    const SceneError error = refusal([&] { load_scene(kSceneDirectory); }, "");
    EXPECT_TRUE(says(error, "is a directory")) << error.what();
  }
  {
    const SceneError error = refusal([&] { load_scene(kSceneDirectory + "no_such_scene.yaml"); }, "");
    EXPECT_TRUE(says(error, "No such file or directory")) << error.what();
  }
}

// A device or a pipe given as the scene is refused before it is read: /dev/zero would fill the memory, a FIFO wait
// for a writer for ever.
TEST(SceneLoader, AFileThatIsNotARegularFileIsRefused) {
  const SceneError error = refusal([&] { load_scene("/dev/zero"); }, "");
  EXPECT_TRUE(says(error, "is not a regular file")) << error.what();
}

// A first document's own markers, and comments after its end, are no second one (MalformedScene has those).
TEST(SceneLoader, ADocumentsOwnMarkersAreNoSecondDocument) {
  EXPECT_NO_THROW(load_scene_text("%YAML 1.2\n---\n" + kValid + "...\n# the end\n", "marked.yaml"));
}

// Aliases inside aliases multiply a document's nodes: nine levels of ten in 400 bytes are 10⁹ nodes, which every
// reader of the document would walk (hours). Refused at once, where a walk passes more nodes than the text has
// characters; a few aliases, which repeat a node or two, stay well inside that.
TEST(SceneLoader, AliasesThatMultiplyTheDocumentAreRefusedAtOnce) {
  std::string text = "x0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n";
  for (int level = 1; level <= 9; ++level) {
    std::string list;
    for (int k = 0; k < 10; ++k) list.append(k ? ", *a" : "*a").append(std::to_string(level - 1));
    text.append("x").append(std::to_string(level)).append(": &a").append(std::to_string(level)).append(" [").append(list).append("]\n");
  }
  keep_for_fuzzing("alias_bomb", text);
  const auto start = std::chrono::steady_clock::now();
  const SceneError error = refusal([&] { load_scene_text(text, "bomb.yaml"); }, "");
  EXPECT_TRUE(says(error, "aliases (*name) repeat its nodes")) << error.what();
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  // One alias, repeated where a scene might use one: no refusal on its account.
  const std::string aliased = replace(kValid, "mass: 1", "mass: &m 1\n    inertia: [*m, *m, *m]");
  EXPECT_NO_THROW(load_scene_text(aliased, "aliased.yaml"));
}

TEST(SceneLoader, SetOfAnUnknownVariableIsAnError) {
  SceneOptions options;
  options.variable_overrides = {{"rr", "0.2"}};
  const SceneError error = refusal([&] { load_scene_text(kValid, "bad.yaml", options); }, "");
  EXPECT_TRUE(says(error, "did you mean 'r'?")) << error.what();
}

TEST(SceneLoader, SetOfANonFiniteValueIsAnErrorNamingTheOverride) {
  for (const char* value : {"1/0", "log(0)", "1e999", "2/(3-3)"}) {
    SceneOptions options;
    options.variable_overrides = {{"r", value}};
    const SceneError error = refusal([&] { load_scene_text(kValid, "bad.yaml", options); }, value);
    EXPECT_EQ(error.key_path(), "variables.r") << error.what();
    EXPECT_TRUE(says(error, std::string("--set r=") + value)) << error.what();
  }
}

// One name given twice: one of the two values would be silently dropped. A variable by its name, a key by its path
// however it is spelled.
TEST(SceneLoader, TheSameSetGivenTwiceIsAnError) {
  const std::vector<std::tuple<std::string, std::string, std::string, std::string>> cases = {
      {"r", "r", "--set r=0.3: 'r' is given twice (--set r=0.2 before it)", ""},
      {"duration", "duration", "--set duration=0.3: 'duration' is given twice (--set duration=0.2 before it)", ""},
      {"bodies.ball.mass", "bodies[0].mass", "--set bodies[0].mass=0.3: the key is given twice (--set bodies.ball.mass=0.2",
       "bodies[0].mass"},
  };
  for (const auto& [first, second, message, key] : cases) {
    SceneOptions options;
    options.variable_overrides = {{first, "0.2"}, {second, "0.3"}};
    const SceneError error = refusal([&] { load_scene_text(kValid, "bad.yaml", options); },
                                       std::string(first) + ", " + second);
    EXPECT_EQ(error.key_path(), key) << error.what();
    EXPECT_TRUE(says(error, message)) << error.what();
  }
}

// A value the file computes from a variable --set gives is refused at the file's key, naming the override: it caused
// the problem (as a key-path override is named), also through other variables and in a function of time.
TEST(SceneLoader, AValueRefusedBecauseOfASetVariableNamesTheSet) {
  const std::string text = replace(replace(kValid, "variables: {r: 0.1}", "variables: {r: 0.1, m: 1, k: 2*m}"), "mass: 1", "mass: k");
  const std::vector<std::tuple<std::string, std::string, int, std::string, std::string>> cases = {
      {"m", "-1", 9, "bodies[0].mass", "bodies[0].mass: --set m=-1: expected a positive mass [kg], found -2"},
      {"r", "-0.1", 12, "bodies[0].shapes[0].radius", "--set r=-0.1: expected a positive radius"},
  };
  for (const auto& [name, value, line, key, message] : cases) {
    SceneOptions options;
    options.variable_overrides = {{name, value}};
    const SceneError error = refusal([&] { load_scene_text(text, "bad.yaml", options); }, name);
    EXPECT_EQ(error.line(), line) << error.what();
    EXPECT_EQ(error.key_path(), key) << error.what();
    EXPECT_TRUE(says(error, message)) << error.what();
  }
  // A value that does not use the override is not blamed on it.
  SceneOptions options;
  options.variable_overrides = {{"r", "0.2"}};
  const SceneError error = refusal(
      [&] { load_scene_text(replace(kValid, "duration: 1", "duration: -1"), "bad.yaml", options); }, "");
  EXPECT_FALSE(says(error, "--set")) << error.what();
}

// The class, not the examples: every number of the scene library, replaced by an infinity, a NaN or a division
// by zero, is refused at its own key.
std::vector<std::pair<std::string, YAML::Node>> numeric_scalars(const YAML::Node& node, const std::string& path) {
  std::vector<std::pair<std::string, YAML::Node>> out;
  if (node.IsScalar()) {
    double value = 0.0;
    if (YAML::convert<double>::decode(node, value)) out.emplace_back(path, node);
  } else if (node.IsSequence()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      for (auto& found : numeric_scalars(node[i], path + "[" + std::to_string(i) + "]")) out.push_back(found);
    }
  } else if (node.IsMap()) {
    for (const auto& entry : node) {
      const std::string key = entry.first.Scalar();
      for (auto& found : numeric_scalars(entry.second, path.empty() ? key : path + "." + key)) out.push_back(found);
    }
  }
  return out;
}

TEST(SceneLoader, EveryNumberOfTheSceneLibraryRefusesNonFiniteValues) {
  for (const char* name : {"bouncing_ball", "two_pendulums", "ball_on_cylinder_c1_slow", "impact_1dof"}) {
    const std::string file = kSceneDirectory + name + ".yaml";
    const std::size_t count = numeric_scalars(YAML::LoadFile(file), "").size();
    ASSERT_GT(count, 5u) << name;
    for (std::size_t k = 0; k < count; ++k) {
      for (const char* bad : {".inf", "-.inf", ".nan", "1/0"}) {
        YAML::Node root = YAML::LoadFile(file);
        auto [path, node] = numeric_scalars(root, "")[k];
        node = bad;
        std::ostringstream text;
        text << root;
        if (std::string(name) == "bouncing_ball") keep_for_fuzzing(std::string(name) + "_" + std::to_string(k) + "_" + bad, text.str());
        const SceneError error = refusal([&] { load_scene_text(text.str(), "bad.yaml"); },
                                         std::string(name) + ": " + path + ": " + bad);
        EXPECT_EQ(error.key_path(), path) << name << ": " << bad << ": " << error.what();
      }
    }
  }
}

// --set reaches every key, by its path, and is validated exactly like the file.
TEST(SceneLoader, SetTakesKeyPaths) {
  SceneOptions options;
  options.variable_overrides = {{"contacts.parameters.restitution", "0.5"},
                                {"bodies.ball.mass", "2*r"},  // an expression, as in the file
                                {"integrator.relative_tolerance", "1e-9"},  // the file has no integrator block
                                {"duration", "5"},                         // a top-level key that is no variable
                                {"bodies[0].initial.v", "-3"},
                                {"gravity", "[0, 0, -1]"}};
  const Scene scene = load_scene_text(kValid, "ok.yaml", options);
  const ContactPairModel& pair = scene.model.contact.pairs[0];
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "restitution"), 0.5);
  EXPECT_EQ(scene.model.bodies[1].mass, 0.2);
  EXPECT_EQ(scene.simulation.integrator.relative_tolerance, 1e-9);
  EXPECT_EQ(scene.simulation.duration, 5.0);
  EXPECT_EQ(scene.initial_state.v[0], -3.0);
  EXPECT_EQ(scene.model.gravity.z(), -1.0);
}

TEST(SceneLoader, KeyPathOverrideErrorsNameTheOverride) {
  const std::vector<std::tuple<std::string, std::string, std::string, std::string>> cases = {
      {"bodies.bal.mass", "2", "bodies", "no element named 'bal' (the names are ball)"},
      {"contacts.parameters.restitution", "2", "contacts.parameters.restitution", "expected restitution in (0, 1], found 2"},
      {"bodies.ball.mass", "1/0", "bodies[0].mass", "division by zero"},
      {"bodies.ball.mass.value", "1", "bodies[0].mass", "is a value, not a map"},
      {"integrator.relative_toleranc", "1e-9", "integrator.relative_toleranc", "did you mean 'relative_tolerance'?"},
      // A parameter no law in the scene takes: the law's own sentence, which lists the parameters it has.
      {"contacts.parameters.damping", "239", "contacts.parameters.damping", "law 'flores' has no parameter 'damping'; its parameters are restitution"},
      {"bodies[3].mass", "1", "bodies", "index 3 is past the end of a list of 1"},
  };
  for (const auto& [path, value, key, message] : cases) {
    SceneOptions options;
    options.variable_overrides = {{path, value}};
    const SceneError error = refusal([&] { load_scene_text(kValid, "bad.yaml", options); }, path);
    EXPECT_EQ(error.key_path(), key) << error.what();
    EXPECT_TRUE(says(error, "--set " + path + "=" + value + ": ")) << error.what();
    EXPECT_TRUE(says(error, message)) << error.what();
  }
}

// An override of a contact setting that no pair reads would change nothing and say it did (a sweep over contacts.law
// labelling identical runs with different laws): refused, naming the key and where the pairs take it from.
TEST(SceneLoader, AnOverrideNoContactPairReadsIsRefused) {
  const std::string clearance = kSceneDirectory + "slider_crank_revolute_clearance.yaml";
  struct Case {
    std::vector<std::pair<std::string, std::string>> overrides;
    std::string law_override, key, message;
  };
  const std::vector<Case> cases = {
      // Every pair of the slider-crank is its clearance joint's, whose entry names its law and restitution.
      {{{"contacts.law", "hertz"}}, "", "contacts.law", "the pairs take their law from clearances.pin.law"},
      {{{"contacts.tension", "clamp"}, {"contacts.law", "flores"}}, "", "contacts.law", "clearances.pin.law"},
      // --model replaces every pair's law, its own entry's too.
      {{{"clearances.pin.law", "flores"}}, "hertz", "clearances[0].law", "the pairs take their law from --model hertz"},
      // The block's law (hertz, the default) has no restitution, but what matters is that the pairs take theirs
      // from the clearance joint: that is said, not that hertz lacks it.
      {{{"contacts.parameters.restitution", "0.5"}}, "", "contacts.parameters.restitution",
       "the pairs take their parameter 'restitution' from clearances.pin.parameters.restitution"},
      // hertz takes no restitution: --model drops it (with a note), so the override would do nothing.
      {{{"clearances.pin.parameters.restitution", "0.5"}}, "hertz", "clearances[0].parameters.restitution",
       "no pair's law ('hertz') takes parameter 'restitution'"},
  };
  for (const Case& c : cases) {
    SceneOptions options;
    options.variable_overrides = c.overrides;
    options.law_override = c.law_override;
    const SceneError error = refusal([&] { load_scene(clearance, options); }, c.key);
    EXPECT_EQ(error.key_path(), c.key) << error.what();
    EXPECT_TRUE(says(error, "no contact pair reads it, so it would change nothing")) << error.what();
    EXPECT_TRUE(says(error, c.message)) << error.what();
  }
  // A listed pair's own parameter shadows the block's: the block's restitution would reach no pair.
  const std::string listed = replace(kValid, "  parameters: {restitution: 0.9}\n",
                                     "  parameters: {restitution: 0.9}\n  pairs: [{shapes: [ground, ball], parameters: {restitution: 0.7}}]\n");
  SceneOptions shadowed;
  shadowed.variable_overrides = {{"contacts.parameters.restitution", "0.5"}};
  {
    const SceneError error =
        refusal([&] { load_scene_text(listed, "listed.yaml", shadowed); }, "contacts.parameters.restitution");
    EXPECT_EQ(error.key_path(), "contacts.parameters.restitution") << error.what();
    EXPECT_TRUE(says(error, "the pairs take their parameter 'restitution' from contacts.pairs[0].parameters.restitution"))
        << error.what();
  }
  shadowed.variable_overrides = {{"contacts.pairs[0].parameters.restitution", "0.5"}};
  const Scene pair = load_scene_text(listed, "listed.yaml", shadowed);
  EXPECT_EQ(parameter_value(*pair.model.contact.pairs[0].law_info, pair.model.contact.pairs[0].parameters, "restitution"), 0.5);
  // A scene without contact pairs reads no contact setting.
  SceneOptions ideal;
  ideal.variable_overrides = {{"contacts.law", "hertz"}};
  {
    const SceneError error =
        refusal([&] { load_scene(kSceneDirectory + "slider_crank_ideal.yaml", ideal); }, "slider_crank_ideal: contacts.law");
    EXPECT_TRUE(says(error, "the scene has no contact pairs")) << error.what();
  }
  // compare's laws' runs turn the check off (it ran once, on the scene with its own laws).
  SceneOptions unchecked;
  unchecked.variable_overrides = {{"contacts.law", "hertz"}};
  unchecked.refuse_unread_overrides = false;
  EXPECT_EQ(load_scene(clearance, unchecked).model.contact.pairs[0].law_info->id, "lankarani_nikravesh");
}

// An overridden variable that no value reads would change nothing and say it did, as an unread key would (a sweep
// over it labelling identical runs with different values): refused, at the variable. Read through another variable
// or by an expression measure, it is used.
TEST(SceneLoader, AVariableOverrideNothingReadsIsRefused) {
  const std::string spare = replace(kValid, "variables: {r: 0.1}", "variables: {r: 0.1, spare: 2, twice: 2*r}");
  SceneOptions options;
  options.variable_overrides = {{"spare", "3"}};
  const SceneError error = refusal([&] { load_scene_text(spare, "spare.yaml", options); }, "spare");
  EXPECT_EQ(error.key_path(), "variables.spare") << error.what();
  EXPECT_TRUE(says(error, "--set spare=3: no value of the scene uses the variable 'spare'")) << error.what();
  // r is read by the ball's radius (twice, which nothing reads, does not make it unused).
  options.variable_overrides = {{"r", "0.2"}};
  EXPECT_EQ(load_scene_text(spare, "spare.yaml", options).variables.at("r"), 0.2);
  // A variable an expression measure reads is used when the run ends.
  const std::string measured = spare + "measures:\n  doubled: {expression: 2*spare}\n";
  options.variable_overrides = {{"spare", "3"}};
  EXPECT_EQ(load_scene_text(measured, "measured.yaml", options).variables.at("spare"), 3.0);
  // The revolute-clearance slider-crank's restitution feeds its pin's law; under --model hertz, which takes no
  // restitution, it feeds nothing any pair reads: noted, not refused (a script may run every law with the same
  // variables set, as the validation does).
  SceneOptions hertz;
  hertz.law_override = "hertz";
  hertz.variable_overrides = {{"restitution", "0.5"}};
  const Scene unread = load_scene(kSceneDirectory + "slider_crank_revolute_clearance.yaml", hertz);
  EXPECT_TRUE(std::any_of(unread.notes.begin(), unread.notes.end(), [](const std::string& note) {
    return note.find("--set restitution=0.5: the variable feeds only contact settings that no pair reads") != std::string::npos &&
           note.find("clearances[0].parameters.restitution") != std::string::npos;
  }));
}

// What a pair reads is accepted: the entry's own settings, the block's when a pair takes it, a laws entry whatever the
// law in use (read when its law is), a parameter of the block's that the entry does not give.
TEST(SceneLoader, AnOverrideAContactPairReadsIsAccepted) {
  SceneOptions options;
  options.variable_overrides = {{"clearances.pin.law", "flores"},
                                {"clearances.pin.parameters.restitution", "0.8"},
                                {"contacts.tension", "clamp"},
                                {"contacts.laws.kelvin_voigt.damping", "400"}};
  const Scene scene = load_scene(kSceneDirectory + "slider_crank_revolute_clearance.yaml", options);
  const ContactPairModel& pair = scene.model.contact.pairs[0];
  EXPECT_EQ(pair.law_info->id, "flores");
  EXPECT_EQ(parameter_value(*pair.law_info, pair.parameters, "restitution"), 0.8);
  EXPECT_EQ(pair.tension, TensionRule::kClamp);
  // The block's law, on a scene whose pairs take it; and with --model, a parameter the new law takes.
  SceneOptions block;
  block.variable_overrides = {{"contacts.law", "hunt_crossley"}};
  EXPECT_EQ(load_scene(kSceneDirectory + "bouncing_ball.yaml", block).model.contact.pairs[0].law_info->id, "hunt_crossley");
  SceneOptions model;
  model.law_override = "hunt_crossley";
  model.variable_overrides = {{"contacts.parameters.restitution", "0.5"}};
  const Scene hunt = load_scene(kSceneDirectory + "bouncing_ball.yaml", model);
  EXPECT_EQ(parameter_value(*hunt.model.contact.pairs[0].law_info, hunt.model.contact.pairs[0].parameters, "restitution"), 0.5);
  // An empty value takes away the file's: hertz takes no parameters, so the block's restitution must go with the law
  // it was written for. No pair reads the emptied key, yet the override changes the scene (it was refused as unread).
  SceneOptions emptied;
  emptied.variable_overrides = {{"contacts.law", "hertz"}, {"contacts.parameters", "{}"}};
  EXPECT_EQ(load_scene(kSceneDirectory + "bouncing_ball.yaml", emptied).model.contact.pairs[0].law_info->id, "hertz");
}

TEST(SceneLoader, VariablesMayReferToEachOtherInAnyOrder) {
  const std::string text = replace(kValid, "variables: {r: 0.1}", "variables: {r: 2*half, half: 0.05}");
  const Scene scene = load_scene_text(text, "ok.yaml");
  EXPECT_DOUBLE_EQ(scene.model.contact.shapes[1].radius, 0.1);
  const std::string cyclic = replace(kValid, "variables: {r: 0.1}", "variables: {r: 2*s, s: r}");
  EXPECT_THROW(load_scene_text(cyclic, "bad.yaml"), SceneError);
}

TEST(SceneLoader, CalibrateFindsTheDampingForATargetRestitution) {
  // Kelvin–Voigt released at δ = 0: c = exp(−πξ/√(1−ξ²)) exactly (models.md §3.B1), so the damping for c = 0.5
  // with k = 1e6 N/m and m = 1 kg is D = 2ξ√(km) with ξ = −ln c/√(π² + ln² c) = 430.9075 N·s/m.
  const std::string text = R"(scene: cal
gravity: [0, 0, 0]
world: {shapes: [{name: wall, type: halfspace}]}
bodies:
  - {name: body, mass: 1, inertia: [1, 1, 1], joint: {type: prismatic}, initial: {q: 0.1, v: -1},
     shapes: [{type: sphere, radius: 0.1}]}
contacts:
  law: kelvin_voigt
  stiffness: 1e6
  exponent: 1
  calibrate: {parameter: damping, restitution: 0.5}
duration: 0.01
)";
  const Scene scene = load_scene_text(text, "cal.yaml");
  const double c = 0.5;
  const double xi = -std::log(c) / std::sqrt(std::numbers::pi * std::numbers::pi + std::log(c) * std::log(c));
  const ContactPairModel& pair = scene.model.contact.pairs[0];
  EXPECT_NEAR(parameter_value(*pair.law_info, pair.parameters, "damping"), 2.0 * xi * 1e3, 1e-4);
  ASSERT_FALSE(scene.notes.empty());
  EXPECT_NE(scene.notes.back().find("calibrated kelvin_voigt damping"), std::string::npos) << scene.notes.back();
}

// The registry's either/or parameters: a law whose restitution has a default takes the other form when that is
// given, and the materials' restitution only when neither is.
TEST(SceneLoader, EitherOrLawParametersTakeTheFormGiven) {
  auto law = [](const std::string& name, const std::string& parameters, bool material_restitution) {
    std::string text = replace(kValid, "law: flores\n  parameters: {restitution: 0.9}", "law: " + name + "\n  parameters: " + parameters);
    if (material_restitution) text = replace(text, "poisson_ratio: 0.3}", "poisson_ratio: 0.3, restitution: 0.8}");
    return load_scene_text(text, "ok.yaml").model.contact.pairs.at(0);
  };
  auto value = [](const ContactPairModel& pair, std::string_view name) {
    return parameter_value(*pair.law_info, pair.parameters, name);
  };
  // tsuji: restitution defaults to 1 (= use alpha).
  EXPECT_EQ(value(law("tsuji", "{alpha: 0.2}", false), "alpha"), 0.2);
  EXPECT_EQ(value(law("tsuji", "{alpha: 0.2}", false), "restitution"), 1.0);
  EXPECT_EQ(value(law("tsuji", "{alpha: 0.2}", true), "restitution"), 1.0);  // alpha given: not both
  EXPECT_EQ(value(law("tsuji", "{}", true), "restitution"), 0.8);            // neither: the materials'
  // goldsmith_modified_hertz: restitution or permanent_indentation.
  EXPECT_EQ(value(law("goldsmith_modified_hertz", "{permanent_indentation: 1e-6}", false), "permanent_indentation"), 1e-6);
  EXPECT_EQ(value(law("goldsmith_modified_hertz", "{permanent_indentation: 1e-6}", true), "restitution"), 1.0);
  EXPECT_EQ(value(law("goldsmith_modified_hertz", "{}", true), "restitution"), 0.8);
  // A law whose restitution is required still needs one from somewhere.
  EXPECT_THROW(law("flores", "{}", false), SceneError);
  EXPECT_EQ(value(law("flores", "{}", true), "restitution"), 0.8);
}

// What a scene needs is estimated from the file and refused, with the amounts, before anything is built
// (count: 1e7 used to end in std::bad_alloc after a minute).
TEST(SceneLoader, ScenesTooLargeAreRefusedBeforeTheyAreBuilt) {
  auto refused = [](const std::string& text, const std::string& key, const std::string& fragment) {
    keep_for_fuzzing("too_large_" + std::to_string(std::hash<std::string>{}(text) % 100000), text);
    const SceneError error = refusal([&] { load_scene_text(text, "big.yaml"); }, key);
    EXPECT_EQ(error.key_path(), key) << error.what();
    EXPECT_TRUE(says(error, fragment)) << error.what();
  };
  const std::string many = replace(kValid, "  - name: ball\n    mass: 1", "  - name: ball\n    count: 1e7\n    mass: 1");
  refused(many, "bodies[0].count", "would need about 100 GB of memory (1e+07 bodies, 1e+07 shapes");
  refused(many, "bodies[0].count", "more than limits.memory = 4 GB");
  // Every pair of 2000 spheres compiled with the model (no broadphase): 2 million pairs.
  refused(replace(replace(kValid, "  - name: ball\n    mass: 1", "  - name: ball\n    count: 2000\n    mass: 1"),
                  "law: flores", "broadphase: off\n  law: flores"),
          "contacts", "e+06 contact pairs), more than limits.memory");
  // 10^12 samples of timeseries.csv.
  refused(replace(kValid, "duration: 1", "duration: 1\noutput: {interval: 1e-12}"), "output.interval",
          "timeseries.csv would take about");
  refused(replace(kValid, "duration: 1", "duration: 1e10\noutput: {interval: 1e-3}"), "output.interval",
          "more than limits.output = 10 GB");
  // The limits are the scene's to move.
  refused(replace(kValid, "duration: 1", "duration: 1\nlimits: {memory: 1e3}"), "bodies[0]", "limits.memory = 1 kB");
  EXPECT_NO_THROW(load_scene_text(replace(kValid, "duration: 1", "duration: 1e3\noutput: {interval: 1e-6}\nlimits: {output: 1e15}"), "ok.yaml"));
}

TEST(SceneLoader, CountMakesIndexedBodies) {
  const std::string text = replace(kValid, "  - name: ball\n    mass: 1", "  - name: ball\n    count: 3\n    mass: 1 + i");
  const Scene scene = load_scene_text(replace(text, "q: 1, v: -1", "q: 1 + i, v: -1"), "ok.yaml");
  ASSERT_EQ(scene.model.bodies.size(), 4u);
  EXPECT_EQ(scene.model.bodies[3].name, "ball_2");
  EXPECT_EQ(scene.model.bodies[3].mass, 3.0);
  EXPECT_EQ(scene.initial_state.q[2], 3.0);
  EXPECT_EQ(scene.model.contact.shapes[3].name, "ball_2");
}

// A body its joint can turn needs inertia about the turning axes, else M(q) is singular (NaN at t = 0).
TEST(SceneLoader, JointsThatTurnABodyNeedItsInertia) {
  auto body = [](const std::string& joint, const std::string& extra) {
    return replace(replace(kValid, "joint: {type: prismatic, axis: [0, 0, 1]}\n    initial: {q: 1, v: -1}",
                           "joint: " + joint + "\n" + extra),
                   "mass: 1", "mass: 1\n    inertia: [0, 0, 0]");
  };
  for (const auto& [joint, extra] : std::vector<std::pair<std::string, std::string>>{
           {"{type: free}", "    initial: {position: [0, 0, 1]}"},
           {"{type: spherical}", ""},
           {"{type: revolute, axis: [0, 1, 0]}", ""},
           {"{type: planar}", ""}}) {
    keep_for_fuzzing("no_inertia_" + std::to_string(std::hash<std::string>{}(joint) % 100000), body(joint, extra));
    const SceneError error = refusal([&] { load_scene_text(body(joint, extra), "bad.yaml"); }, joint);
    EXPECT_EQ(error.key_path(), "bodies[0].inertia") << error.what();
    EXPECT_EQ(error.line(), 10) << error.what();
  }
  // A point mass off the axis of a revolute joint is a pendulum: valid.
  EXPECT_NO_THROW(load_scene_text(replace(body("{type: revolute, axis: [0, 1, 0]}", ""), "inertia: [0, 0, 0]",
                                          "inertia: [0, 0, 0]\n    com: [0.5, 0, 0]"),
                                  "ok.yaml"));
  // A massless-inertia body on a spherical joint that carries a welded body with inertia: valid.
  const std::string with_child =
      replace(body("{type: spherical}", ""), "contacts:",
              "  - {name: weight, mass: 1, inertia: [1, 1, 1], joint: {type: fixed, parent: ball, position: [0, 0, 1]}}\ncontacts:");
  EXPECT_NO_THROW(load_scene_text(with_child, "ok.yaml"));
}

TEST(SceneLoader, InertiaComesFromTheShapesWhenNotGiven) {
  const Scene scene = load_scene_text(kValid, "ok.yaml");
  // Solid sphere: (2/5) m r².
  EXPECT_NEAR(scene.model.bodies[1].inertia(0, 0), 0.4 * 1.0 * 0.01, 1e-15);
}

// Every row of the shape table loads by its name and its keys (fixed to the world, and on a body whose inertia then
// comes from it when it has a volume).
TEST(SceneLoader, EveryShapeTypeOfTheTableLoadsByItsName) {
  for (int i = 0; i < kShapeTypeCount; ++i) {
    const ShapeType type = static_cast<ShapeType>(i);
    const ShapeKeys& keys = shape_traits(type).keys;
    std::string shape = std::string("type: ") + shape_type_name(type);
    if (keys.radius) shape += ", radius: 0.1";
    if (keys.length) shape += ", length: 0.2";
    if (keys.extents) shape += ", size: [0.1, 0.2, 0.3]";
    if (keys.normal) shape += ", normal: [0, 1, 0]";
    const std::string world = "scene: t\nworld:\n  shapes: [{" + shape + "}]\nduration: 1\n";
    const Scene fixed = load_scene_text(world, "ok.yaml");
    ASSERT_EQ(fixed.model.contact.shapes.size(), 1u) << shape;
    EXPECT_EQ(fixed.model.contact.shapes[0].type, type) << shape;
    const Shape& loaded = fixed.model.contact.shapes[0];
    const UnitMass unit = shape_traits(type).unit_mass(loaded);
    if (unit.volume == 0.0) continue;
    const std::string body = "scene: t\nbodies:\n  - name: b\n    mass: 2\n    joint: {type: free}\n    shapes: [{" + shape +
                             "}]\nduration: 1\n";
    const Scene moving = load_scene_text(body, "ok.yaml");
    EXPECT_LT((moving.model.bodies[1].inertia - 2.0 / unit.volume * unit.inertia).norm(), 1e-15 * unit.inertia.norm()) << shape;
  }
  const std::string cone = "scene: t\nworld:\n  shapes: [{type: cone, radius: 1}]\nduration: 1\n";
  const SceneError error = refusal([&] { load_scene_text(cone, "bad.yaml"); }, "");
  EXPECT_TRUE(says(error, "expected one of halfspace, sphere, capsule, cylinder, box, hole"))
      << error.what();
}

// Every row of the joint table loads by its name; each initial value loads for the joints that take it and, for the
// others, is refused naming those that do.
TEST(SceneLoader, EveryJointTypeTakesTheInitialValuesOfItsRow) {
  struct Key {
    const char* name;
    bool (*takes)(const JointTraits&);
    std::function<std::string(const JointTraits&)> value;
  };
  const std::vector<Key> keys = {
      {"position", [](const JointTraits& t) { return t.initial_keys.position > 0; }, [](const JointTraits&) { return "[0.1, 0.2, 0]"; }},
      {"angle", [](const JointTraits& t) { return t.initial_keys.angle; }, [](const JointTraits&) { return "0.3"; }},
      {"orientation", [](const JointTraits& t) { return t.initial_keys.orientation; },
       [](const JointTraits&) { return "{axis: [0, 0, 1], angle: 0.3}"; }},
      {"linear_velocity", [](const JointTraits& t) { return t.initial_keys.linear_velocity > 0; },
       [](const JointTraits&) { return "[1, 2, 0]"; }},
      {"angular_velocity", [](const JointTraits& t) { return t.initial_keys.angular_velocity > 0; },
       [](const JointTraits& t) { return t.initial_keys.angular_velocity == 1 ? "0.5" : "[0.5, 0, 0]"; }},
  };
  for (int i = 0; i < kJointTypeCount; ++i) {
    const JointTraits& joint = joint_traits(static_cast<JointType>(i));
    const std::string head =
        std::string("scene: t\nbodies:\n  - name: b\n    mass: 1\n    inertia: [1, 1, 1]\n    joint: {type: ") + joint.name + "}\n";
    const Scene plain = load_scene_text(head + "duration: 1\n", "ok.yaml");
    EXPECT_EQ(plain.model.bodies[1].joint.type, static_cast<JointType>(i));
    EXPECT_EQ(plain.model.nq, joint.nq);
    for (const Key& key : keys) {
      const std::string text = head + "    initial: {" + key.name + ": " + key.value(joint) + "}\nduration: 1\n";
      if (key.takes(joint)) {
        EXPECT_NO_THROW(load_scene_text(text, "ok.yaml")) << joint.name << " " << key.name;
        continue;
      }
      const SceneError error = refusal([&] { load_scene_text(text, "bad.yaml"); },
                                       std::string(joint.name) + " took " + key.name);
      EXPECT_EQ(error.key_path(), std::string("bodies[0].initial.") + key.name);
      EXPECT_TRUE(says(error, "only " + joint_type_list(key.takes, "and") + " joints take " + key.name))
          << error.what();
    }
  }
}

}  // namespace
}  // namespace contactlab
