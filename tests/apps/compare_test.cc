// SPDX-License-Identifier: MIT
// `contactlab compare` and `contactlab plot` (docs/output.md), end to end through the executable: one row
// per law agreeing with each law's own `run --model`, every registry law listed, deterministic files, the
// PNG plots, the comparison page (--report), and bad input that exits 2 and writes nothing.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/apps/cli_support.h"
#include "tests/apps/scratch_directory.h"

#include "models/registry.h"

namespace {

namespace fs = std::filesystem;
using contactlab::test::without_wall_time;

int run(const std::string& arguments, const fs::path& log) { return contactlab::test::run_contactlab(arguments, log); }
std::string read(const fs::path& path) { return contactlab::test::read_file(path); }
using contactlab::test::csv_fields;
using contactlab::test::csv_rows;

const std::string kBall = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/bouncing_ball.yaml";

void expect_no_temporary_files(const fs::path& directory) {
  for (const auto& entry : fs::recursive_directory_iterator(directory)) {
    EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
  }
}

// The same interpreters `contactlab plot` tries (apps/plotting.h).
bool matplotlib_available() {
  std::vector<std::string> candidates = {"python3", "/usr/bin/python3"};
  if (const char* chosen = std::getenv("CONTACTLAB_PYTHON")) candidates.insert(candidates.begin(), chosen);
  for (const std::string& python : candidates) {
    const std::string command = "'" + python + "' -c 'import matplotlib, numpy' >/dev/null 2>&1";
    if (std::system(command.c_str()) == 0) return true;
  }
  return false;
}

bool is_png(const fs::path& path) {
  const std::string bytes = read(path);
  return bytes.size() > 1000 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0;
}

class Compare : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = contactlab::test::fresh_test_directory("contactlab_compare_test");
  }
  void TearDown() override { fs::remove_all(directory_); }
  fs::path directory_;
};

TEST_F(Compare, OneRowPerLawAgreeingWithEachLawsOwnRun) {
  const fs::path out = directory_ / "compare";
  // `ye` is an alias of flores: resolved, its row is flores' (naming flores too would be a law listed twice: bad input,
  // Cli.RepeatedOrEmptyArgumentsAreRefused). hooke needs a linear stiffness: it gets the equivalent of the ball's Hertz
  // stiffness (equal maximum indentation at 1 m/s), reported in its row.
  ASSERT_EQ(run("compare " + kBall + " --models ye,hertz,hunt_crossley,hooke --out " + out.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const auto rows = csv_rows(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 4u);
  const std::vector<std::string> laws = {"flores", "hertz", "hunt_crossley", "hooke"};
  for (std::size_t i = 0; i < laws.size(); ++i) EXPECT_EQ(rows[i].at("law"), laws[i]);

  const std::string markdown = read(out / "comparison.md");
  for (std::size_t i = 0; i < 3; ++i) {
    const std::map<std::string, std::string>& row = rows[i];
    EXPECT_EQ(row.at("status"), "completed");
    EXPECT_EQ(row.at("reason"), "");
    // The law's own run: its impacts.csv must be the comparison's <law>/impacts.csv, byte for byte.
    const fs::path own = directory_ / ("run_" + laws[i]);
    ASSERT_EQ(run("run " + kBall + " --model " + laws[i] + " --out " + own.string(), directory_ / "log"), 0);
    EXPECT_EQ(read(out / laws[i] / "impacts.csv"), read(own / "impacts.csv")) << laws[i];
    EXPECT_EQ(without_wall_time(read(out / laws[i] / "summary.json")), without_wall_time(read(own / "summary.json")));
    const auto impacts = csv_rows(own / "impacts.csv");
    ASSERT_FALSE(impacts.empty());
    EXPECT_EQ(row.at("ground/ball.impacts"), std::to_string(impacts.size()));
    for (std::size_t k = 0; k < impacts.size(); ++k) {
      const std::string prefix = "ground/ball.impact" + std::to_string(k + 1) + ".";
      EXPECT_EQ(row.at(prefix + "restitution"), impacts[k].at("restitution")) << laws[i] << " impact " << k + 1;
      EXPECT_EQ(row.at(prefix + "max_force"), impacts[k].at("max_force"));
      EXPECT_EQ(row.at(prefix + "max_indentation"), impacts[k].at("max_indentation"));
      EXPECT_EQ(row.at(prefix + "dissipated_energy"), impacts[k].at("dissipated_energy"));
      EXPECT_DOUBLE_EQ(std::stod(row.at(prefix + "contact_time")),
                       std::stod(impacts[k].at("t_end")) - std::stod(impacts[k].at("t_start")));
    }
    // comparison.md shows the first impact's restitution to 5 decimals.
    char printed[32];
    std::snprintf(printed, sizeof(printed), "%.5f", std::stod(impacts[0].at("restitution")));
    EXPECT_NE(markdown.find("| " + laws[i] + " | "), std::string::npos) << laws[i];
    EXPECT_NE(markdown.find(printed), std::string::npos) << laws[i] << " " << printed;
    for (const char* file : {"summary.json", "impacts.csv", "timeseries.csv"}) EXPECT_TRUE(fs::exists(out / laws[i] / file));
  }
  EXPECT_EQ(rows[3].at("status"), "completed");
  EXPECT_EQ(rows[3].at("calibration"), "");
  // At the scene's reference_speed, 5 m/s (the ball's impact speed, scenes/bouncing_ball.yaml).
  EXPECT_NE(rows[3].at("stiffness").find("N/m (equal maximum indentation at 5 m/s)"), std::string::npos) << rows[3].at("stiffness");
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(rows[i].at("stiffness"), "") << laws[i];
  EXPECT_NE(markdown.find("## Calibration and equivalent stiffness"), std::string::npos) << markdown;
  expect_no_temporary_files(out);
}

TEST_F(Compare, AllListsEveryRegistryLawWithAReasonWhenItFails) {
  const fs::path out = directory_ / "compare";
  ASSERT_EQ(run("compare " + kBall + " --models all --out " + out.string(), directory_ / "log"), 0) << read(directory_ / "log");
  const auto rows = csv_rows(out / "comparison.csv");
  const auto laws = contactlab::all_laws();
  ASSERT_EQ(rows.size(), laws.size());
  int completed = 0;
  for (std::size_t i = 0; i < laws.size(); ++i) {
    EXPECT_EQ(rows[i].at("law"), laws[i].id);
    if (rows[i].at("status") == "completed") {
      ++completed;
      EXPECT_EQ(rows[i].at("reason"), "") << laws[i].id;
      EXPECT_TRUE(fs::exists(out / std::string(laws[i].id) / "summary.json")) << laws[i].id;
    } else {
      EXPECT_FALSE(rows[i].at("reason").empty()) << laws[i].id << " " << rows[i].at("status");
    }
  }
  EXPECT_GE(completed, 10);  // the Hunt–Crossley family alone runs on a Hertz contact with a restitution
  const std::string log = read(directory_ / "log");
  for (const auto& law : laws) EXPECT_NE(log.find(std::string(law.id)), std::string::npos) << law.id;
}

// --friction-models alone: each friction law with the scene's normal law, named by the friction law, with the scene's
// coefficient and regularisation velocity (coulomb, exact stiction, with it as both μ_s and μ_k); karnopp, whose band
// the scene cannot supply, is listed as not run with the reason. Each row's tangential measures are its run's
// impacts.csv, and that run is `run` with the friction law set in the scene.
TEST_F(Compare, FrictionModelsRunWithTheScenesNormalLawAndShowTheTangentialMeasures) {
  const std::string scene = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/oblique_impact.yaml";
  const fs::path out = directory_ / "compare";
  ASSERT_EQ(run("compare " + scene + " --friction-models coulomb_tanh,coulomb_atan,coulomb,karnopp --out " + out.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  EXPECT_NE(read(directory_ / "log").find("tangential, first impact"), std::string::npos);
  const auto rows = csv_rows(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].at("law"), "coulomb_tanh");
  EXPECT_EQ(rows[1].at("law"), "coulomb_atan");
  EXPECT_EQ(rows[2].at("law"), "coulomb");
  EXPECT_EQ(rows[2].at("status"), "completed");
  EXPECT_EQ(rows[3].at("law"), "karnopp");
  EXPECT_EQ(rows[3].at("status"), "not_run");
  EXPECT_NE(rows[3].at("reason").find("band"), std::string::npos) << rows[3].at("reason");
  EXPECT_EQ(rows[1].at("parameters"), "restitution=0.5; coulomb_atan: friction=0.2 regularisation_velocity=1e-04");
  const fs::path own = directory_ / "run_atan";
  ASSERT_EQ(run("run " + scene + " --set contacts.friction.law=coulomb_atan --out " + own.string(), directory_ / "log"), 0);
  EXPECT_EQ(read(out / "coulomb_atan" / "impacts.csv"), read(own / "impacts.csv"));
  const auto impacts = csv_rows(own / "impacts.csv");
  ASSERT_EQ(impacts.size(), 1u);
  for (const char* measure : {"slip_distance", "stick_time", "friction_work", "rebound_angle", "separation_spin"}) {
    EXPECT_EQ(rows[1].at(std::string("ground/ball.impact1.") + measure), impacts[0].at(measure)) << measure;
  }
  const std::string markdown = read(out / "comparison.md");
  EXPECT_NE(markdown.find("Friction work"), std::string::npos);
  EXPECT_NE(markdown.find("| zhang_sharf_exact + karnopp | not run |"), std::string::npos) << markdown;
}

// With --models, every normal law runs with every friction law, normal law major.
TEST_F(Compare, FrictionModelsCrossedWithModelsRunEveryPair) {
  const std::string scene = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/oblique_impact.yaml";
  const fs::path out = directory_ / "compare";
  ASSERT_EQ(run("compare " + scene + " --models hunt_crossley,flores --friction-models coulomb_tanh,coulomb_atan --out " +
                    out.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  const auto rows = csv_rows(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 4u);
  const std::vector<std::string> names = {"hunt_crossley+coulomb_tanh", "hunt_crossley+coulomb_atan",
                                          "flores+coulomb_tanh", "flores+coulomb_atan"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(rows[i].at("law"), names[i]);
    EXPECT_EQ(rows[i].at("status"), "completed") << rows[i].at("reason");
    EXPECT_TRUE(fs::exists(out / names[i] / "impacts.csv")) << names[i];
  }
  EXPECT_NE(read(out / "comparison.md").find("| flores + coulomb_atan |"), std::string::npos);
  // A frictionless comparison has no tangential columns.
  ASSERT_EQ(run("compare " + kBall + " --models hertz --out " + (directory_ / "plain").string(), directory_ / "log"), 0);
  EXPECT_EQ(csv_rows(directory_ / "plain" / "comparison.csv")[0].count("ground/ball.impact1.friction_work"), 0u);
}

// Neither --models nor --friction-models, or an unknown friction law: bad input.
TEST_F(Compare, FrictionModelsBadInputExitsTwo) {
  EXPECT_EQ(run("compare " + kBall + " --out " + (directory_ / "a").string(), directory_ / "log"), 2);
  EXPECT_EQ(run("compare " + kBall + " --friction-models nonsense --out " + (directory_ / "b").string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("--friction-models: unknown law 'nonsense'"), std::string::npos);
  EXPECT_FALSE(fs::exists(directory_ / "a"));
  EXPECT_FALSE(fs::exists(directory_ / "b"));
}

// A law that reduces to another with its parameters (no damping) is labelled so in every table, end to end.
TEST_F(Compare, LawsThatAreAnotherLawAreLabelledSo) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("compare " + kBall + " --models kuwabara_kono,flores,hertz --out " + out.string(), directory_ / "log"), 0);
  const std::string label = "kuwabara_kono (= hertz: damping=0 internal_friction=0)";
  EXPECT_NE(read(directory_ / "log").find(label), std::string::npos) << read(directory_ / "log");
  EXPECT_NE(read(out / "comparison.md").find("| " + label + " |"), std::string::npos);
  const auto rows = contactlab::test::csv_rows(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].at("same_as"), "hertz");
  EXPECT_EQ(rows[1].at("same_as"), "");  // flores dissipates
  EXPECT_EQ(rows[2].at("same_as"), "");  // hertz is itself
}

TEST_F(Compare, TwoComparisonsGiveIdenticalFiles) {
  for (const char* name : {"one", "two"}) {
    ASSERT_EQ(run("compare " + kBall + " --models all --out " + (directory_ / name).string(), directory_ / "log"), 0);
  }
  EXPECT_EQ(read(directory_ / "one" / "comparison.csv"), read(directory_ / "two" / "comparison.csv"));
  EXPECT_EQ(contactlab::test::without_provenance(read(directory_ / "one" / "comparison.md")),
            contactlab::test::without_provenance(read(directory_ / "two" / "comparison.md")));
  // Both are traceable: the binary's version, the scene's hash and the command.
  for (const char* name : {"one", "two"}) {
    const std::string markdown = read(directory_ / name / "comparison.md");
    EXPECT_NE(markdown.find("## Provenance"), std::string::npos);
    EXPECT_NE(markdown.find("| scene SHA-256 | `"), std::string::npos);
    const std::string json = read(directory_ / name / "provenance.json");
    EXPECT_NE(json.find("\"contactlab_version\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"overrides\": [\n    \"--models"), std::string::npos) << json;
  }
  for (const auto& entry : fs::directory_iterator(directory_ / "one")) {
    if (!entry.is_directory()) continue;
    const fs::path other = directory_ / "two" / entry.path().filename();
    EXPECT_EQ(read(entry.path() / "impacts.csv"), read(other / "impacts.csv")) << entry.path();
    EXPECT_EQ(read(entry.path() / "timeseries.csv"), read(other / "timeseries.csv")) << entry.path();
    EXPECT_EQ(without_wall_time(read(entry.path() / "summary.json")), without_wall_time(read(other / "summary.json")));
  }
}

TEST_F(Compare, QuietAfterTheSubcommandSilencesInfo) {
  const fs::path out = directory_ / "compare";
  ASSERT_EQ(run("compare " + kBall + " --models flores -q --out " + out.string(), directory_ / "log"), 0);
  EXPECT_EQ(read(directory_ / "log").find("info:"), std::string::npos);
  ASSERT_EQ(run("compare " + kBall + " --models flores,hertz -v --out " + out.string(), directory_ / "log"), 0);
  EXPECT_NE(read(directory_ / "log").find("debug:"), std::string::npos);  // e.g. hertz drops the restitution
}

// `compare --models all` on library scenes that give, in `contacts.laws`, what every law needs (docs/scenes.md, "The
// library's laws entries"): every law runs, or is refused for a physical reason — never for a parameter the scene
// could not give it. The two are sphere pairs, where every law is defined: one impact of two free steel spheres, and
// the cradle's chain of touching balls (four pairs, impacts while in contact).
TEST_F(Compare, EveryLawRunsOnLibraryScenesOrGivesAPhysicalReason) {
  const std::vector<std::string> physical = {"needs the effective modulus and radius", "a rigid impact that applies a normal impulse only"};
  const std::vector<std::string> missing = {"requires parameter", "needs a restitution", "needs a linear stiffness", "give it in"};
  for (const char* scene : {"two_spheres_steel.yaml", "newtons_cradle.yaml"}) {
    SCOPED_TRACE(scene);
    const fs::path out = directory_ / scene;
    const std::string file = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/" + scene;
    ASSERT_EQ(run("compare " + file + " --models all --out " + out.string(), directory_ / "log"), 0) << read(directory_ / "log");
    const auto rows = csv_rows(out / "comparison.csv");
    ASSERT_EQ(rows.size(), contactlab::all_laws().size());
    int ran = 0;
    for (const auto& row : rows) {
      const std::string& reason = row.at("reason");
      if (row.at("status") == "completed" || row.at("status") == "numerical_error") {
        ++ran;
        continue;
      }
      EXPECT_EQ(row.at("status"), "not_run") << row.at("law") << ": " << reason;
      EXPECT_TRUE(std::any_of(physical.begin(), physical.end(), [&](const std::string& p) { return reason.find(p) != std::string::npos; }))
          << row.at("law") << ": " << reason;
      for (const std::string& m : missing) EXPECT_EQ(reason.find(m), std::string::npos) << row.at("law") << ": " << reason;
    }
    EXPECT_EQ(ran, static_cast<int>(rows.size())) << "every law applies to a pair of spheres";
  }
}

// --calibrate restitution=C@V: each law with a dissipation parameter is calibrated for C at V (the value in its row's
// `calibration`, the restitution its isolated impact then returns within the calibration's 1e-9), an elastic law is
// listed as not calibrated, and the linear laws' stiffness is the equivalent at V. The two free spheres' first
// impact is the isolated impact itself (reduced mass, no gravity), so its restitution is C to the run's accuracy.
TEST_F(Compare, CalibrateGivesEveryLawTheSameRestitution) {
  const fs::path out = directory_ / "calibrated";
  const std::string scene = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/two_spheres_steel.yaml";
  ASSERT_EQ(run("compare " + scene + " --models hertz,kelvin_voigt,hunt_crossley,schafer,jian --calibrate restitution=0.8@3 --set impact_velocity=3 --out " +
                    out.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  const auto rows = csv_rows(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].at("calibration"), "elastic: not calibrated");
  EXPECT_NEAR(std::stod(rows[0].at("striker/target.impact1.restitution")), 1.0, 1e-6);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    SCOPED_TRACE(rows[i].at("law"));
    EXPECT_EQ(rows[i].at("status"), "completed");
    const std::string parameter(contactlab::law_info(contactlab::find_law(rows[i].at("law"))).dissipation_parameter);
    EXPECT_EQ(rows[i].at("calibration").rfind(parameter + "=", 0), 0u) << rows[i].at("calibration");
    EXPECT_NEAR(std::stod(rows[i].at("striker/target.impact1.restitution")), 0.8, 1e-6);
  }
  EXPECT_NE(rows[1].at("stiffness").find("at 3 m/s"), std::string::npos) << rows[1].at("stiffness");
  EXPECT_NE(read(out / "comparison.md").find("## Calibration and equivalent stiffness"), std::string::npos);
  // Malformed: exit 2, nothing written.
  for (const char* bad : {"0.8@3", "restitution=1.2@3", "restitution=0.8@0", "restitution=0.8", "restitution=x@3"}) {
    EXPECT_EQ(run("compare " + scene + " --models hertz --calibrate " + bad + " --out " + (directory_ / "bad").string(), directory_ / "log"), 2)
        << bad;
    EXPECT_NE(read(directory_ / "log").find("--calibrate"), std::string::npos) << bad;
  }
  EXPECT_FALSE(fs::exists(directory_ / "bad"));
}

TEST_F(Compare, BadInputExitsTwoAndWritesNothing) {
  const fs::path out = directory_ / "out";
  const fs::path bad_scene = directory_ / "bad.yaml";
  std::ofstream(bad_scene) << read(kBall) + "\nduraton: 2\n";
  EXPECT_EQ(run("compare " + bad_scene.string() + " --models flores --out " + out.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("bad.yaml:"), std::string::npos);
  EXPECT_EQ(run("compare " + kBall + " --models flores,florez --out " + out.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("unknown law 'florez'"), std::string::npos);
  EXPECT_EQ(run("compare " + kBall + " --models , --out " + out.string(), directory_ / "log"), 2);
  EXPECT_EQ(run("compare " + kBall + " --models flores --set nonsense --out " + out.string(), directory_ / "log"), 2);
  EXPECT_EQ(run("compare " + kBall + " --models flores --set no_such_variable=1 --out " + out.string(), directory_ / "log"), 2);
  EXPECT_EQ(run("compare " + kBall + " --out " + out.string(), directory_ / "log"), 2);  // --models is required
  // A `laws` entry for a law that does not exist, in use or not: at its line and column and key path.
  const fs::path misspelt = directory_ / "misspelt.yaml";
  std::string text = read(kBall);
  text.replace(text.find("kelvin_voigt: {damping:"), 12, "kelvin_voight");
  std::ofstream(misspelt) << text;
  EXPECT_EQ(run("compare " + misspelt.string() + " --models flores --out " + out.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("misspelt.yaml:48:5: contacts.laws.kelvin_voight: unknown law 'kelvin_voight'"), std::string::npos)
      << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(out));

  fs::create_directories(directory_ / "empty");
  EXPECT_EQ(run("plot " + (directory_ / "empty").string(), directory_ / "log"), 2);
  EXPECT_TRUE(fs::is_empty(directory_ / "empty"));
  EXPECT_EQ(run("plot " + (directory_ / "missing").string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(directory_ / "missing"));
}

TEST_F(Compare, PlotDrawsTheRunAndComparisonPngs) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib and numpy is not importable";
  const fs::path single = directory_ / "run";
  ASSERT_EQ(run("run " + kBall + " --out " + single.string(), directory_ / "log"), 0);
  ASSERT_EQ(run("plot " + single.string(), directory_ / "log"), 0) << read(directory_ / "log");
  for (const char* png : {"force_time.png", "force_indentation.png", "phase_portrait.png", "energy.png", "coordinates.png"}) {
    EXPECT_TRUE(is_png(single / png)) << png;
  }

  const fs::path comparison = directory_ / "compare";
  ASSERT_EQ(run("compare " + kBall + " --models flores,hertz,hooke --plot --out " + comparison.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  for (const char* png : {"comparison_force_time.png", "comparison_force_indentation.png", "comparison_phase_portrait.png",
                          "comparison_energy.png", "comparison_coordinates.png", "comparison_summary.png",
                          "comparison_force_indentation_grid.png", "comparison_force_time_grid.png"}) {
    EXPECT_TRUE(is_png(comparison / png)) << png;
  }
  // Frictionless: the bar chart has the normal measures only.
  EXPECT_NE(read(directory_ / "log").find("comparison_summary.png: 5 measures: restitution,"), std::string::npos)
      << read(directory_ / "log");
  expect_no_temporary_files(directory_);
}

// A run with two clearance joints: one clearance plot per joint, and the count of its impacts and continuous contacts.
TEST_F(Compare, PlotDrawsEachClearanceJoint) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib and numpy is not importable";
  const fs::path single = directory_ / "run";
  ASSERT_EQ(run("run " + std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/four_bar_two_clearances.yaml --set duration=0.03 --out " +
                    single.string(),
                directory_ / "log"),
            0);
  ASSERT_EQ(run("plot " + single.string(), directory_ / "log"), 0) << read(directory_ / "log");
  for (const char* png : {"clearance_pin_a.png", "clearance_pin_b.png"}) EXPECT_TRUE(is_png(single / png)) << png;
  EXPECT_NE(read(directory_ / "log").find("clearance_pin_a.png: "), std::string::npos) << read(directory_ / "log");
}

// compare --friction-models --plot: the first-impact bar chart adds the tangential measures per law.
TEST_F(Compare, PlotDrawsTheTangentialMeasuresOfAFrictionComparison) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib and numpy is not importable";
  const fs::path comparison = directory_ / "compare";
  ASSERT_EQ(run("compare " + std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/oblique_impact.yaml --friction-models " +
                    "coulomb_tanh,coulomb --plot --out " + comparison.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  EXPECT_TRUE(is_png(comparison / "comparison_summary.png"));
  EXPECT_NE(read(directory_ / "log").find("comparison_summary.png: 10 measures: restitution, maximum force, maximum "
                                          "indentation, contact time, dissipated energy, slip distance, stick time, "
                                          "friction work, rebound angle, separation spin"),
            std::string::npos)
      << read(directory_ / "log");
}

// A free body (7 coordinates, 6 velocities) with friction: the coordinates plot pairs neither list with the other, and
// friction.png shows the slip and the friction force, with the stick phases shaded.
TEST_F(Compare, PlotDrawsFrictionAndFreeBodies) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib and numpy is not importable";
  const fs::path single = directory_ / "run";
  ASSERT_EQ(run("run " + std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/rolling_ball.yaml --set duration=0.05 --out " +
                    single.string(),
                directory_ / "log"),
            0);
  ASSERT_EQ(run("plot " + single.string(), directory_ / "log"), 0) << read(directory_ / "log");
  for (const char* png : {"coordinates.png", "friction.png"}) EXPECT_TRUE(is_png(single / png)) << png;
  // The stick–slip oscillator with exact Coulomb friction over 8 s: stuck from the onset to 5 s and again from 7.61 s
  // (the closed form's phases, tests/apps/cli_test.cc), the phases the plot shades.
  const fs::path stick_slip = directory_ / "stick_slip";
  ASSERT_EQ(run("run " + std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/stick_slip.yaml --set duration=8 --set " +
                    "'contacts.friction={law: coulomb, parameters: {static_friction: static_force/weight, " +
                    "kinetic_friction: kinetic_force/weight}}' --out " + stick_slip.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  ASSERT_EQ(run("plot " + stick_slip.string(), directory_ / "log"), 0) << read(directory_ / "log");
  EXPECT_TRUE(is_png(stick_slip / "friction.png"));
  EXPECT_NE(read(directory_ / "log").find("friction.png: belt/block: 2 stick phases"), std::string::npos)
      << read(directory_ / "log");
  const fs::path frictionless = directory_ / "ball";
  ASSERT_EQ(run("run " + kBall + " --out " + frictionless.string(), directory_ / "log"), 0);
  ASSERT_EQ(run("plot " + frictionless.string(), directory_ / "log"), 0) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(frictionless / "friction.png"));
}

// The cells of a markdown table row "| a | b |".
std::vector<std::string> markdown_cells(const std::string& row) {
  std::vector<std::string> cells;
  std::size_t at = row.find('|');
  while (at != std::string::npos) {
    const std::size_t next = row.find('|', at + 1);
    if (next == std::string::npos) break;
    std::string cell = row.substr(at + 1, next - at - 1);
    cell.erase(0, cell.find_first_not_of(' '));
    cell.erase(cell.find_last_not_of(' ') + 1);
    cells.push_back(cell);
    at = next;
  }
  return cells;
}

// The lines of a markdown section's table: from the first "|" line after `heading` to the first line that is not one.
std::vector<std::string> table_after(const std::string& markdown, const std::string& heading) {
  std::vector<std::string> rows;
  const std::size_t at = markdown.find(heading);
  if (at == std::string::npos) return rows;
  std::istringstream in(markdown.substr(at));
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.starts_with("|")) {
      inside = true;
      rows.push_back(line);
    } else if (inside) {
      break;
    }
  }
  return rows;
}

// The factor of an SI prefix that scaled `base` into `shown` ("km/s^2" of "m/s^2": 1e3).
double prefix_factor(const std::string& shown, const std::string& base) {
  const std::string prefix = shown.substr(0, shown.size() - base.size());
  EXPECT_EQ(shown.substr(prefix.size()), base);
  const std::map<std::string, double> factors = {{"G", 1e9}, {"M", 1e6},  {"k", 1e3},  {"", 1.0},
                                                 {"m", 1e-3}, {"µ", 1e-6}, {"n", 1e-9}, {"p", 1e-12}};
  EXPECT_TRUE(factors.contains(prefix)) << shown;
  return factors.contains(prefix) ? factors.at(prefix) : 1.0;
}

// compare --report on a mechanism with two laws: report.md's measures are comparison.csv's and each law's
// summary.json's (to the digits shown: a cell is its value rounded, so it is within half its last digit), its impact
// counts are comparison.csv's, and the PNGs it embeds exist.
TEST_F(Compare, ReportPageTabulatesEachLawsMeasuresAndEmbedsItsOverlays) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib and numpy is not importable";
  const fs::path out = directory_ / "compare";
  const std::string scene = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/four_bar_clearance.yaml";
  ASSERT_EQ(run("compare " + scene + " --models lankarani_nikravesh,flores --set duration=0.02 --report --out " + out.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  const std::string page = read(out / "report.md");
  const auto rows = csv_rows(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 2u);
  // The scene's opening comment, quoted; the laws with their parameters.
  EXPECT_NE(page.find("> A crank-rocker four-bar with one revolute clearance joint"), std::string::npos) << page;
  EXPECT_NE(page.find("| lankarani_nikravesh | completed | restitution=0.9 |"), std::string::npos) << page;

  const std::vector<std::string> table = table_after(page, "## Measures");
  ASSERT_EQ(table.size(), 4u) << page;  // header, rule, two laws
  const std::vector<std::string> header = markdown_cells(table[0]);
  const std::vector<std::string> names = {"peak_rocker_acceleration", "rms_crank_moment", "impacts", "peak_contact_force"};
  ASSERT_EQ(header.size(), names.size() + 1);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::vector<std::string> cells = markdown_cells(table[2 + r]);
    ASSERT_EQ(cells.size(), header.size());
    EXPECT_EQ(cells[0], rows[r].at("law"));
    const nlohmann::json summary = nlohmann::json::parse(read(out / rows[r].at("law") / "summary.json"));
    for (std::size_t k = 0; k < names.size(); ++k) {
      ASSERT_TRUE(header[k + 1].starts_with(names[k])) << header[k + 1];
      const double value = std::stod(rows[r].at("measure." + names[k]));
      const nlohmann::json& measure = summary.at("measures").at(names[k]);
      EXPECT_EQ(measure.at("value").get<double>(), value) << names[k];  // both at full precision
      const std::string unit = measure.contains("unit") ? measure.at("unit").get<std::string>() : "";
      const std::size_t bracket = header[k + 1].find(" [");
      const double factor = bracket == std::string::npos
                                ? 1.0
                                : prefix_factor(header[k + 1].substr(bracket + 2, header[k + 1].size() - bracket - 3), unit);
      const std::string& cell = cells[k + 1];
      const std::size_t point = cell.find('.');
      const int decimals = point == std::string::npos ? 0 : static_cast<int>(cell.size() - point - 1);
      EXPECT_NEAR(std::stod(cell) * factor, value, 0.5 * std::pow(10.0, -decimals) * factor * (1 + 1e-12))
          << rows[r].at("law") << " " << names[k] << ": " << cell;
    }
    // Impacts: every impact of the law, comparison.csv's count.
    bool found = false;
    for (const std::string& line : table_after(page, "## Impacts")) {
      const std::vector<std::string> impact_cells = markdown_cells(line);
      if (impact_cells.size() < 2 || impact_cells[0] != rows[r].at("law")) continue;
      found = true;
      EXPECT_EQ(impact_cells[1], rows[r].at("pin_b_journal/pin_b_bearing.impacts"));
    }
    EXPECT_TRUE(found) << page;
  }

  // The figures it embeds: the scene's report curves and its journal orbit, drawn.
  std::vector<std::string> embedded;
  for (std::size_t at = page.find("]("); at != std::string::npos; at = page.find("](", at + 1)) {
    embedded.push_back(page.substr(at + 2, page.find(')', at) - at - 2));
  }
  EXPECT_EQ(embedded, (std::vector<std::string>{"report_curves.png", "report_orbits.png"}));
  for (const std::string& png : embedded) EXPECT_TRUE(is_png(out / png)) << png;
  EXPECT_NE(read(directory_ / "log").find("report_curves.png: 3 curves (a_rocker, drive_crank, pin_b_journal/pin_b_bearing.force), 2 laws"),
            std::string::npos)
      << read(directory_ / "log");
  EXPECT_NE(read(directory_ / "log").find("report_orbits.png: 1 orbits (pin_b), 2 laws"), std::string::npos);
  expect_no_temporary_files(out);
}

// A report naming a column the scene does not have: bad input at its line and column, nothing written.
TEST_F(Compare, ReportNamingAMissingColumnExitsTwoAndWritesNothing) {
  const fs::path scene = directory_ / "ball.yaml";
  const std::string text = read(kBall);
  const long lines = std::count(text.begin(), text.end(), '\n');
  std::ofstream(scene) << text << "report:\n  curves: [v_bal]\n";
  const fs::path out = directory_ / "compare";
  EXPECT_EQ(run("compare " + scene.string() + " --models hertz,flores --report --out " + out.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find(scene.string() + ":" + std::to_string(lines + 2) + ":12: report.curves[0]"),
            std::string::npos)
      << read(directory_ / "log");
  EXPECT_NE(read(directory_ / "log").find("did you mean 'v_ball'?"), std::string::npos) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(out));
}

// A law stopped by numerical trouble has its numbers up to where it stopped: the tables without a status column say so
// in its row (they listed it as a plain result), and its open impact shows no restitution ("—", not a number).
TEST_F(Compare, LawsStoppedByNumericalTroubleAreMarkedInEveryTable) {
  const std::string scene = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/impact_1dof.yaml";
  const fs::path out = directory_ / "compare";
  ASSERT_EQ(run("compare " + scene + " --models flores,hertz --set impact_velocity=300 --out " + out.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const std::string markdown = read(out / "comparison.md");
  const std::string measures = markdown.substr(markdown.find("## Measures"));
  EXPECT_NE(measures.find("| flores (stopped at "), std::string::npos) << measures;
  EXPECT_NE(measures.find("s: numerical error) |"), std::string::npos) << measures;
  EXPECT_NE(markdown.find("| — (open) |"), std::string::npos) << markdown;
  const auto rows = csv_rows(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].at("wall/body.impact1.restitution"), "nan");
  EXPECT_EQ(rows[0].at("wall/body.impact1.contact_time"), "nan");
  EXPECT_EQ(rows[0].at("wall/body.impact1.open"), "1");
}

// Plots read the CSV files: --report with HDF5 output is refused naming --report (it named --plot), and `plot` on a
// run written as HDF5 says so (it said the directory held no run).
TEST_F(Compare, PlotsOfHdf5OutputAreRefusedNamingWhy) {
  const fs::path out = directory_ / "compare";
  EXPECT_EQ(run("compare " + kBall + " --models flores --set output.format=hdf5 --report --out " + out.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("--report draws from the CSV files"), std::string::npos) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(out));
  const fs::path single = directory_ / "run";
  ASSERT_EQ(run("run " + kBall + " --format hdf5 --out " + single.string(), directory_ / "log"), 0) << read(directory_ / "log");
  EXPECT_EQ(run("plot " + single.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("holds a run written as HDF5"), std::string::npos) << read(directory_ / "log");
}

TEST_F(Compare, PlotReportsAMissingScript) {
  const fs::path single = directory_ / "run";
  ASSERT_EQ(run("run " + kBall + " --out " + single.string(), directory_ / "log"), 0);
  if (!matplotlib_available()) {
    // Without matplotlib the error says how to install it.
    EXPECT_EQ(run("plot " + single.string(), directory_ / "log"), 1);
    EXPECT_NE(read(directory_ / "log").find("python3-matplotlib"), std::string::npos);
    return;
  }
  const std::string command = "CONTACTLAB_PLOT_SCRIPT=/nonexistent/plot.py " + contactlab::test::kContactlab + " plot " + single.string() + " > " +
                              (directory_ / "log").string() + " 2>&1";
  const int status = std::system(command.c_str());
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1);
  EXPECT_NE(read(directory_ / "log").find("/nonexistent/plot.py"), std::string::npos);
}

}  // namespace
