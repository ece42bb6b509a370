// SPDX-License-Identifier: MIT
// engine/compile_loops.cc: a scene's `constraints:` — the rows sorted, the start assembled, and what cannot work refused
// at the key to blame (exit 2 from the command line).
#include <string>

#include <gtest/gtest.h>

#include "scenes/scene.h"

namespace contactlab {
namespace {

// A planar four-bar (crank 0.1, coupler 0.35, rocker 0.3, ground 0.4 m) whose given angles are near, not on, the
// closed configuration; `extra` is appended (constraints, contacts).
std::string four_bar(const std::string& pin, const std::string& extra = "", const std::string& crank_joint = "") {
  return R"(
scene: four_bar
gravity: [0, -9.81, 0]
materials:
  steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}
bodies:
  - name: crank
    mass: 0.5
    com: [0.05, 0, 0]
    inertia: [1e-3, 1e-3, 1e-3]
    joint: {type: revolute, axis: [0, 0, 1])" + crank_joint + R"(}
    initial: {q: 1.2}
  - name: coupler
    mass: 1.2
    com: [0.175, 0, 0]
    inertia: [1.5e-2, 1.5e-2, 1.5e-2]
    joint: {type: revolute, parent: crank, position: [0.1, 0, 0], axis: [0, 0, 1]}
    initial: {q: -0.9}
  - name: rocker
    mass: 1.0
    com: [0.15, 0, 0]
    inertia: [8e-3, 8e-3, 8e-3]
    joint: {type: revolute, position: [0.4, 0, 0], axis: [0, 0, 1]}
    initial: {q: 1.5}
    shapes: [{type: sphere, radius: 0.01, position: [0.3, 0, 0], material: steel}]
constraints:
  - )" + pin + "\n" + extra + "duration: 0.1\n";
}

const std::string kPin = "{name: pin, type: revolute, body_a: coupler, position_a: [0.35, 0, 0], body_b: rocker, position_b: [0.3, 0, 0]}";

std::string refused_at(const std::string& text) {
  try {
    load_scene_text(text, "four_bar.yaml");
  } catch (const SceneError& error) {
    return error.key_path() + ": " + error.problem();
  }
  return "accepted";
}

TEST(CompileLoops, APlanarPinKeepsItsTwoInPlaneRowsAndTheStartIsAssembled) {
  const Scene scene = load_scene_text(four_bar(kPin), "four_bar.yaml");
  ASSERT_EQ(scene.model.loops.size(), 1u);
  EXPECT_EQ(scene.model.loops[0].rows.size(), 2u);
  EXPECT_EQ(scene.model.loops[0].inert_rows.size(), 3u);
  // The given angles were 1.2, −0.9, 1.5: off the loop by centimetres, moved onto it, and the move noted.
  bool noted = false;
  for (const std::string& note : scene.notes) noted = noted || note.find("assembled") != std::string::npos;
  EXPECT_TRUE(noted);
}

// Rates that break the loop: the crank turning at 15 rad/s with the coupler and rocker at rest cannot be (the rocker
// must turn with the crank), so the start's rates are projected and the change noted; rates of zero satisfy every
// loop and are kept without a note.
TEST(CompileLoops, InitialRatesThatBreakTheLoopAreProjectedAndTheChangeNoted) {
  auto rates_noted = [](const Scene& scene) {
    bool noted = false;
    for (const std::string& note : scene.notes) noted = noted || note.find("joint rates") != std::string::npos;
    return noted;
  };
  std::string turning = four_bar(kPin);
  turning.replace(turning.find("initial: {q: 1.2}"), 17, "initial: {q: 1.2, v: 15}");
  const Scene scene = load_scene_text(turning, "four_bar.yaml");
  EXPECT_TRUE(rates_noted(scene));
  EXPECT_NE(scene.initial_state.v[0], 15.0);
  EXPECT_FALSE(rates_noted(load_scene_text(four_bar(kPin), "four_bar.yaml")));
}

TEST(CompileLoops, ARedundantConstraintIsRefused) {
  const std::string twice = "  - {name: again, type: revolute, body_a: coupler, position_a: [0.35, 0, 0], body_b: rocker, "
                            "position_b: [0.3, 0, 0]}\n";
  const std::string problem = refused_at(four_bar(kPin, twice));
  EXPECT_EQ(problem.rfind("constraints[1].type: its translation along x fixes a freedom", 0), 0u) << problem;
}

TEST(CompileLoops, FramesApartWhereNoJointCanMoveThemAreRefused) {
  // 1 cm out of the mechanism's plane: no revolute about z can close that.
  const std::string off = "{name: pin, type: revolute, body_a: coupler, position_a: [0.35, 0, 0.01], body_b: rocker, "
                          "position_b: [0.3, 0, 0]}";
  const std::string problem = refused_at(four_bar(off));
  EXPECT_EQ(problem.rfind("constraints[0].position_b: the frames are 0.01 apart", 0), 0u) << problem;
}

TEST(CompileLoops, UnknownBodiesTypesAndKeysAreRefusedByName) {
  EXPECT_EQ(refused_at(four_bar("{type: revolute, body_a: coupler, body_b: roker}")).rfind("constraints[0].body_b: no body named 'roker'", 0), 0u);
  EXPECT_EQ(refused_at(four_bar("{type: hinge, body_a: coupler, body_b: rocker}")).rfind("constraints[0].type: expected one of", 0), 0u);
  EXPECT_EQ(refused_at(four_bar("{type: revolute, body_a: coupler, body_b: rocker, length: 1}")).rfind("constraints[0].length: only a distance", 0), 0u);
  EXPECT_EQ(refused_at(four_bar("{type: revolute, body_a: rocker, body_b: rocker}")).rfind("constraints[0].body_b: a constraint joins two different", 0), 0u);
  EXPECT_EQ(refused_at(four_bar("{type: revolute, body_a: coupler, body_b: rocker, hinge: 1}")).rfind("constraints[0].hinge", 0), 0u);
}

TEST(CompileLoops, AConstraintThatOnlyADriveMovesIsRefused) {
  // A weld of the driven crank to the world: the drive turns it, no free joint can hold it.
  const std::string weld = "{type: weld, body_a: world, body_b: crank}";
  const std::string problem = refused_at(four_bar(kPin, "  - " + weld + "\n", ", drive: {speed: 10}"));
  EXPECT_NE(problem.find("constraints[1].type: its rotation about z is moved by a drive"), std::string::npos) << problem;
}

TEST(CompileLoops, ExactStictionInASceneWithLoopsIsRefused) {
  // The rocker's tip may touch a floor, with Coulomb friction that holds sticking points.
  const std::string contacts = R"(world:
  shapes: [{type: halfspace, normal: [0, 1, 0], position: [0, -1, 0], material: steel}]
contacts:
  friction: {law: coulomb, parameters: {static_friction: 0.5, kinetic_friction: 0.4}}
)";
  const std::string problem = refused_at(four_bar(kPin, contacts));
  EXPECT_EQ(problem.rfind("contacts.friction: friction law 'coulomb' holds sticking contacts", 0), 0u) << problem;
}

}  // namespace
}  // namespace contactlab
