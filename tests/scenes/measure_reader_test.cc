// SPDX-License-Identifier: MIT
// scenes/measure_reader: a `measures:` block read into MeasureSpecs in the order written, and every malformed
// measure refused at its own line, column and key path with what was expected. (Whether a column exists is the
// compiled scene's question, tests/apps/measures_test.cc.)
#include <string>

#include <gtest/gtest.h>

#include "scenes/scene.h"

namespace contactlab {
namespace {

const std::string kScene = R"(scene: fall
variables: {g: 9.81, t_end: 0.8}
gravity: [0, 0, -g]
bodies:
  - name: ball
    mass: 1
    inertia: [0.1, 0.1, 0.1]
    joint: {type: prismatic, axis: [0, 0, 1]}
duration: 1
measures:
)";

TEST(MeasureReader, MeasuresAreReadInTheOrderWritten) {
  const Scene scene = load_scene_text(kScene + R"(  speed: {of: v_ball, reduce: final, from: 0.1, to: t_end}
  hits: {of: impacts, pair: ground/ball}
  peak: {of: impacts.max_force, reduce: max}
  ratio: {expression: "speed / g"}
)",
                                      "fall.yaml");
  ASSERT_EQ(scene.measures.size(), 4u);
  const MeasureSpec& speed = scene.measures[0];
  EXPECT_EQ(speed.name, "speed");
  EXPECT_EQ(speed.source, MeasureSource::kSeries);
  EXPECT_EQ(speed.column, "v_ball");
  EXPECT_EQ(speed.reduction, Reduction::kFinal);
  EXPECT_EQ(speed.from, 0.1);
  EXPECT_EQ(speed.to, 0.8);  // an expression over the variables
  EXPECT_EQ(speed.of_spot.line, 11);
  EXPECT_EQ(speed.of_spot.column, 15);
  EXPECT_EQ(speed.of_spot.key_path, "measures.speed.of");
  EXPECT_EQ(scene.measures[1].source, MeasureSource::kImpacts);
  EXPECT_EQ(scene.measures[1].reduction, Reduction::kCount);  // the impacts themselves are counted
  EXPECT_EQ(*scene.measures[1].pair, "ground/ball");
  EXPECT_EQ(scene.measures[2].source, MeasureSource::kImpact);
  EXPECT_EQ(scene.measures[2].column, "max_force");
  EXPECT_EQ(scene.measures[3].source, MeasureSource::kExpression);
  EXPECT_EQ(scene.measures[3].expression, "speed / g");
}

TEST(MeasureReader, MalformedMeasuresAreRefusedAtTheirKey) {
  struct Case {
    std::string measures;
    std::string key_path;
    int column;
    std::string message;
  };
  const Case cases[] = {
      {"  x: {of: v_ball, reduce: maximum}", "measures.x.reduce", 27, "expected one of max, min, max_abs, mean, rms"},
      {"  x: {of: v_ball, reduce: sum}", "measures.x.reduce", 27, "(over a time series)"},
      {"  x: {of: impacts.max_force, reduce: rms}", "measures.x.reduce", 38, "(over impacts)"},
      {"  x: {of: impacts, reduce: max}", "measures.x.reduce", 28, "the impacts themselves are counted"},
      {"  x: {of: v_ball}", "measures.x.reduce", 6, "missing required key"},
      {"  x: {reduce: max}", "measures.x.of", 6, "missing required key"},
      {"  x: {of: v_ball, reduce: max, pair: a/b}", "measures.x.pair", 38, "only a measure of impacts takes a pair"},
      {"  x: {of: v_ball, reduce: max, from: 0.5, to: 0.5}", "measures.x.to", 47, "end after its start"},
      {"  x: {of: v_ball, reduce: max, form: 0.5}", "measures.x.form", 32, "did you mean 'from'?"},
      {"  x: {expression: y * 2}", "measures.x.expression", 19, "unknown variable 'y'"},
      {"  x: {expression: x * 2}", "measures.x.expression", 19, "unknown variable 'x'"},  // not itself
      {"  x: {expression: 2 *}", "measures.x.expression", 19, ""},
      {"  x: {expression: '2', of: v_ball}", "measures.x.of", 28, "an expression measure takes no 'of'"},
      {"  g: {of: v_ball, reduce: max}", "measures.g", 3, "cannot be named as a scene variable"},
      {"  2x: {of: v_ball, reduce: max}", "measures.2x", 3, "a letter or '_'"},
      {"  x: fast", "measures.x", 6, "expected a map"},
  };
  for (const Case& c : cases) {
    try {
      load_scene_text(kScene + c.measures + "\n", "bad.yaml");
      ADD_FAILURE() << c.measures << " accepted";
    } catch (const SceneError& error) {
      EXPECT_EQ(error.key_path(), c.key_path) << c.measures << ": " << error.what();
      EXPECT_EQ(error.line(), 11) << c.measures;
      EXPECT_EQ(error.column(), c.column) << c.measures << ": " << error.what();
      EXPECT_NE(error.problem().find(c.message), std::string::npos) << c.measures << ": " << error.what();
    }
  }
  try {
    load_scene_text(kScene.substr(0, kScene.size() - 1) + " [peak]\n", "bad.yaml");
    ADD_FAILURE() << "a list accepted";
  } catch (const SceneError& error) {
    EXPECT_EQ(error.key_path(), "measures");
    EXPECT_NE(error.problem().find("expected a map of measure names"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace contactlab
