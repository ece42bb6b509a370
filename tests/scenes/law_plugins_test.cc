// SPDX-License-Identifier: MIT
// scenes/law_plugins: force-law plugins loaded by path — the example plugin of examples/law_plugin, whose law is
// then used by name from a scene (through `plugins:` too) and must give its closed-form impact, and the libraries
// that must be refused with a reason.
#include "scenes/law_plugins.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/simulate.h"
#include "models/law_plugin.h"
#include "models/registry.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

namespace fs = std::filesystem;

// The scene of examples/law_plugin/walton_braun.yaml, which the example's comment derives: a 1 kg block meets a
// wall at 1 m/s through k₁ = 1e6 N/m with e = 0.6.
const fs::path kExampleScene = fs::path(CONTACTLAB_SOURCE_DIR) / "examples/law_plugin/walton_braun.yaml";

std::string read(const fs::path& file) {
  std::ifstream in(file);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A directory of its own for a test, removed afterwards.
struct TemporaryDirectory {
  fs::path path = fs::temp_directory_path() / ("law_plugins_test_" + std::to_string(::getpid()) + "_" +
                                               ::testing::UnitTest::GetInstance()->current_test_info()->name());
  TemporaryDirectory() { fs::create_directories(path); }
  ~TemporaryDirectory() { fs::remove_all(path); }
};

std::string error_of(const char* plugin) {
  try {
    load_law_plugin(plugin);
  } catch (const LawPluginError& error) {
    return error.what();
  }
  return "";
}

TEST(LawPlugins, TheExamplesLawIsRegisteredByNameOnce) {
  const std::vector<std::string> ids = load_law_plugin(WALTON_BRAUN_PLUGIN);
  ASSERT_EQ(ids, std::vector<std::string>{"walton_braun"});
  const LawIndex index = find_law("walton_braun");
  ASSERT_GE(index, 0);
  EXPECT_EQ(find_law("partially_latching_spring"), index);
  EXPECT_EQ(law_info(index).parameters[0].role, ParameterRole::kTargetRestitution);
  // The same file again, by another path to it: nothing new is registered.
  const std::size_t laws = all_laws().size();
  EXPECT_EQ(load_law_plugin(fs::path(WALTON_BRAUN_PLUGIN).parent_path() / "." / fs::path(WALTON_BRAUN_PLUGIN).filename()),
            ids);
  EXPECT_EQ(all_laws().size(), laws);
  const std::vector<std::string> loaded = loaded_law_plugins();
  EXPECT_NE(std::find(loaded.begin(), loaded.end(), fs::canonical(WALTON_BRAUN_PLUGIN).string()), loaded.end());
}

TEST(LawPlugins, ASceneListingThePluginGetsThePartiallyLatchingSpringsImpact) {
  // The scene's `plugins:` is relative to the scene file: a link to the library beside a copy of the example.
  TemporaryDirectory directory;
  fs::create_symlink(WALTON_BRAUN_PLUGIN, directory.path / "libwalton_braun.so");
  const fs::path scene_file = directory.path / "walton_braun.yaml";
  std::ofstream(scene_file) << read(kExampleScene) << "plugins: [libwalton_braun.so]\n";
  const Scene scene = load_scene(scene_file.string());
  State state = scene.initial_state;
  Data data(scene.model);
  const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
  ASSERT_EQ(result.status, SimulationStatus::kCompleted) << result.message;
  ASSERT_EQ(result.impacts.size(), 1u);
  const ImpactRecord& impact = result.impacts[0];
  // Loading along k₁ for a quarter period, unloading along k₂ = k₁/e² for a quarter period of its own, leaving
  // at e v (Walton & Braun's e = √(k₁/k₂)); the onset and the release at F = 0 are located by root finding, to
  // the integrator's tolerance (rtol 1e-10).
  const double mass = 1.0, k1 = 1e6, e = 0.6, v = 1.0;
  EXPECT_NEAR(impact.restitution, e, 1e-8);
  EXPECT_NEAR(impact.t_end - impact.t_start, 0.5 * std::numbers::pi * std::sqrt(mass / k1) * (1.0 + e), 1e-10);
  EXPECT_NEAR(impact.max_indentation, v * std::sqrt(mass / k1), 1e-11);
  EXPECT_NEAR(impact.max_force, k1 * v * std::sqrt(mass / k1), 1e-5);
  EXPECT_NEAR(impact.dissipated_energy, 0.5 * mass * v * v * (1.0 - e * e), 1e-8);
  EXPECT_NEAR(state.v[0], e * v, 1e-8);
}

TEST(LawPlugins, AMissingFileIsRefusedWithTheSystemsReason) {
  const std::string message = error_of("/nonexistent/libnothing.so");
  EXPECT_NE(message.find("/nonexistent/libnothing.so"), std::string::npos) << message;
  EXPECT_NE(message.find("No such file"), std::string::npos) << message;
}

TEST(LawPlugins, ALibraryWithoutTheEntryPointIsNotAPlugin) {
  EXPECT_NE(error_of(NO_ENTRY_PLUGIN).find("not a contactlab law plugin"), std::string::npos);
}

TEST(LawPlugins, APluginBuiltForAnotherAbiIsRefusedBeforeItsLawsAreRead) {
  const std::string message = error_of(WRONG_ABI_PLUGIN);
  EXPECT_NE(message.find("ABI " + std::to_string(kLawPluginAbiVersion + 1)), std::string::npos) << message;
  EXPECT_EQ(find_law("wrong_abi_spring"), -1);
}

TEST(LawPlugins, ALawWhoseIdIsTakenIsRefused) {
  const std::string message = error_of(TAKEN_ID_PLUGIN);
  EXPECT_NE(message.find("taken by law 'hertz'"), std::string::npos) << message;
}

TEST(LawPlugins, APluginIsRegisteredWholeOrNotAtAll) {
  const std::string message = error_of(SECOND_REFUSED_PLUGIN);
  EXPECT_NE(message.find("second_of_two_springs"), std::string::npos) << message;
  EXPECT_EQ(find_law("first_of_two_springs"), -1);
}

SceneError scene_error(const std::string& plugins, const SceneOptions& options = {}) {
  try {
    load_scene_text(read(kExampleScene) + plugins, "walton_braun.yaml", options);
  } catch (const SceneError& error) {
    return error;
  }
  ADD_FAILURE() << "no SceneError for " << plugins;
  return SceneError("", 0, 0, "", "");
}

TEST(LawPlugins, ASceneNamesTheEntryThatCannotBeLoaded) {
  const SceneError missing = scene_error("plugins: [libnothing.so]\n");
  EXPECT_EQ(missing.key_path(), "plugins[0]");
  EXPECT_GT(missing.line(), 0);
  EXPECT_NE(missing.problem().find("libnothing.so"), std::string::npos) << missing.problem();
  EXPECT_EQ(scene_error("plugins: libwalton_braun.so\n").key_path(), "plugins");
  SceneOptions no_plugins;
  no_plugins.load_plugins = false;
  const SceneError off = scene_error(std::string("plugins: [") + WALTON_BRAUN_PLUGIN + "]\n", no_plugins);
  EXPECT_NE(off.problem().find("turned off"), std::string::npos) << off.problem();
}

}  // namespace
}  // namespace contactlab
