// SPDX-License-Identifier: MIT
// The comparison page's figures (apps/report_page.h): a scene's `report` block resolved against its columns and
// clearance joints, the defaults without one (a mechanism's undriven accelerations, else the contact forces; every
// revolute clearance joint's orbit), bad names refused at their line and column, and the scene file's opening comment.
// The page itself, end to end, is tests/apps/compare_test.cc's.
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

#include "apps/report_page.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

// A ball dropped on the ground: no loops or drives, one contact pair.
const std::string kBall = R"(
scene: ball
gravity: [0, 0, -9.81]
materials:
  steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}
world:
  shapes:
    - {name: ground, type: halfspace, normal: [0, 0, 1], material: steel}
bodies:
  - name: ball
    mass: 1
    joint: {type: prismatic, axis: [0, 0, 1]}
    initial: {q: 0.2}
    shapes:
      - {type: sphere, radius: 0.1, material: steel}
contacts: {law: hertz}
duration: 0.5
)";

// A driven crank carrying a free arm: a mechanism without contacts.
const std::string kCrank = R"(
scene: crank
gravity: [0, -9.81, 0]
bodies:
  - name: crank
    mass: 0.1
    com: [0.05, 0, 0]
    inertia: [1e-4, 1e-4, 1e-4]
    joint: {type: revolute, axis: [0, 0, 1], drive: {speed: 10}}
  - name: arm
    mass: 0.1
    com: [0.05, 0, 0]
    inertia: [1e-4, 1e-4, 1e-4]
    joint: {type: revolute, parent: crank, position: [0.1, 0, 0], axis: [0, 0, 1]}
duration: 0.5
)";

std::vector<std::string> columns_of(const ReportFigures& figures) {
  std::vector<std::string> names;
  for (const ReportCurve& curve : figures.curves) names.push_back(curve.column);
  return names;
}

TEST(ReportPage, DeclaredCurvesKeepTheirOrderAndUnits) {
  const Scene scene = load_scene_text(kBall + "report: {curves: [ground/ball.force, v_ball, total_energy]}\n", "ball.yaml");
  const ReportFigures figures = report_figures(scene);
  EXPECT_TRUE(figures.declared);
  ASSERT_EQ(columns_of(figures), (std::vector<std::string>{"ground/ball.force", "v_ball", "total_energy"}));
  EXPECT_EQ(figures.curves[0].unit, "N");
  EXPECT_EQ(figures.curves[1].unit, "m/s");
  EXPECT_EQ(figures.curves[2].unit, "J");
  EXPECT_TRUE(figures.orbits.empty());
}

TEST(ReportPage, DefaultsAreTheContactForceOrAMechanismsUndrivenAccelerations) {
  const ReportFigures ball = report_figures(load_scene_text(kBall, "ball.yaml"));
  EXPECT_FALSE(ball.declared);
  EXPECT_EQ(columns_of(ball), std::vector<std::string>{"ground/ball.force"});
  EXPECT_EQ(ball.defaults_note, "");
  // The crank's motion is prescribed (the same for every law): only the arm's acceleration.
  const ReportFigures crank = report_figures(load_scene_text(kCrank, "crank.yaml"));
  EXPECT_EQ(columns_of(crank), std::vector<std::string>{"a_arm"});
  EXPECT_EQ(crank.curves[0].unit, "rad/s^2");
}

TEST(ReportPage, ClearanceJointsOrbitByDefaultAndWhenNamed) {
  const std::string file = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/four_bar_two_clearances.yaml";
  const Scene scene = load_scene(file);
  const ReportFigures figures = report_figures(scene);
  EXPECT_EQ(figures.orbits, (std::vector<std::string>{"pin_a", "pin_b"}));
  // The library scene names its curves: each must be one of its columns (report_figures would have thrown).
  EXPECT_TRUE(figures.declared);
  EXPECT_FALSE(figures.curves.empty());
}

// A report block naming wrongly: SceneError at the name's line and column, with its key path.
SceneError refusal(const std::string& scene_text) {
  try {
    const Scene scene = load_scene_text(scene_text, "scene.yaml");
    report_figures(scene);
  } catch (const SceneError& error) {
    return error;
  }
  ADD_FAILURE() << "accepted: " << scene_text;
  return SceneError("", 0, 0, "", "");
}

TEST(ReportPage, NamesTheSceneDoesNotHaveAreRefusedAtTheirLine) {
  const int line = 18;  // the report block's (kBall ends at line 17)
  SceneError error = refusal(kBall + "report:\n  curves: [v_ball, v_bal]\n");
  EXPECT_EQ(error.line(), line + 1);
  EXPECT_EQ(error.column(), 20);
  EXPECT_EQ(error.key_path(), "report.curves[1]");
  EXPECT_NE(error.problem().find("no time-series column 'v_bal' (did you mean 'v_ball'?)"), std::string::npos) << error.what();
  // Accelerations are written to timeseries.csv for mechanisms only; the page draws timeseries.csv.
  error = refusal(kBall + "report: {curves: [a_ball]}\n");
  EXPECT_EQ(error.key_path(), "report.curves[0]");
  EXPECT_NE(error.problem().find("mechanisms (loops or drives) only"), std::string::npos) << error.what();
  error = refusal(kBall + "report: {curves: [time]}\n");
  EXPECT_NE(error.problem().find("abscissa"), std::string::npos) << error.what();
  error = refusal(kBall + "report: {orbits: [pin]}\n");
  EXPECT_EQ(error.key_path(), "report.orbits[0]");
  EXPECT_NE(error.problem().find("no revolute clearance joint 'pin'; it has none"), std::string::npos) << error.what();
  // A translational clearance joint has no journal orbit: its columns are curves.
  const std::string slot = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/slider_crank_translational_clearance.yaml";
  try {
    SceneOptions options;
    options.variable_overrides.emplace_back("report", "{orbits: [slot]}");
    report_figures(load_scene(slot, options));
    ADD_FAILURE() << "accepted an orbit of a translational joint";
  } catch (const SceneError& refused) {
    EXPECT_NE(refused.problem().find("translational clearance joint"), std::string::npos) << refused.what();
    EXPECT_NE(refused.problem().find("slot.y and slot.angle under curves"), std::string::npos) << refused.what();
  }
}

TEST(ReportPage, MalformedBlocksAreRefusedWhereTheyAre) {
  SceneError error = refusal(kBall + "report: [v_ball]\n");
  EXPECT_EQ(error.key_path(), "report");
  EXPECT_NE(error.problem().find("expected a map {curves, orbits}"), std::string::npos) << error.what();
  error = refusal(kBall + "report: {curves: v_ball}\n");
  EXPECT_EQ(error.key_path(), "report.curves");
  error = refusal(kBall + "report: {curves: [v_ball, v_ball]}\n");
  EXPECT_EQ(error.key_path(), "report.curves[1]");
  EXPECT_NE(error.problem().find("listed twice"), std::string::npos) << error.what();
  error = refusal(kBall + "report: {curve: [v_ball]}\n");
  EXPECT_NE(error.problem().find("curves"), std::string::npos) << error.what();  // unknown key, with a suggestion
  error = refusal(kBall + "report: {curves: []}\n");
  EXPECT_NE(error.problem().find("expected curves, orbits or both"), std::string::npos) << error.what();
}

TEST(ReportPage, SourceCommentIsTheFilesOpeningCommentInParagraphs) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("contactlab_report_page_test_" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(file) << "# Flores 2010, Fig. 5:\n#   the slider's acceleration.\n#\n# Second paragraph.\nscene: x\n"
                         "# not the opening comment\n";
  EXPECT_EQ(scene_source_comment(file.string()), "Flores 2010, Fig. 5: the slider's acceleration.\n\nSecond paragraph.");
  std::ofstream(file) << "scene: x  # no opening comment\n";
  EXPECT_EQ(scene_source_comment(file.string()), "");
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace contactlab
