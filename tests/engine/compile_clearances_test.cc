// SPDX-License-Identifier: MIT
// engine/compile_clearances.cc: a scene's `clearances:` — each joint compiled into its shapes and pairs (a revolute
// joint's journal and bearing, a translational joint's slider box and two guides), its settings over the contacts
// block's, and what cannot work refused at the key to blame (exit 2 from the command line).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "scenes/scene.h"

namespace contactlab {
namespace {

// A rod on a revolute joint whose end (0.1, 0, 0) is a journal in a bearing on a slider on a prismatic joint, and a
// floor the slider rests above; `joint` is the clearance entry's keys.
std::string pin_scene(const std::string& joint, const std::string& extra = "") {
  return R"(
scene: pin
gravity: [0, -9.81, 0]
materials:
  steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}
world:
  shapes: [{name: floor, type: halfspace, normal: [0, 1, 0], position: [0, -0.5, 0], material: steel}]
bodies:
  - {name: rod, mass: 0.2, com: [0.05, 0, 0], inertia: [2e-4, 2e-4, 2e-4], joint: {type: revolute}}
  - name: slider
    mass: 0.1
    inertia: [1e-5, 1e-5, 1e-5]
    joint: {type: prismatic, axis: [1, 0, 0]}
    initial: {q: 0.1}
    shapes: [{name: block, type: sphere, radius: 0.01, material: steel}]
clearances:
  - {name: pin, )" + joint + R"(}
contacts:
  law: hunt_crossley
  parameters: {restitution: 0.8}
)" + extra + "duration: 0.01\n";
}

const std::string kRevolute = "type: revolute, journal: rod, position_journal: [0.1, 0, 0], bearing: slider, "
                              "bearing_radius: 0.01, clearance: 2e-4, length: 0.02, material: steel";

std::string refused_at(const std::string& text) {
  try {
    load_scene_text(text, "pin.yaml");
  } catch (const SceneError& error) {
    return error.key_path() + ": " + error.problem();
  }
  return "accepted";
}

const Shape& shape_named(const Scene& scene, const std::string& name) {
  for (const Shape& shape : scene.model.contact.shapes) {
    if (shape.name == name) return shape;
  }
  throw std::runtime_error("no shape " + name);
}

TEST(CompileClearances, ARevoluteJointIsAJournalInABearingAndOnePair) {
  const Scene scene = load_scene_text(pin_scene(kRevolute + ", parameters: {restitution: 0.6}"), "pin.yaml");
  ASSERT_EQ(scene.clearances.size(), 1u);
  const ClearanceJoint& joint = scene.clearances[0];
  EXPECT_EQ(joint.type, ClearanceType::kRevolute);
  EXPECT_DOUBLE_EQ(joint.clearance, 2e-4);
  const Shape& journal = shape_named(scene, "pin_journal");
  const Shape& bearing = shape_named(scene, "pin_bearing");
  EXPECT_EQ(journal.type, ShapeType::kSphere);
  EXPECT_DOUBLE_EQ(journal.radius, 0.01 - 2e-4);
  EXPECT_EQ(journal.pose.translation(), Vec3(0.1, 0, 0));
  EXPECT_EQ(bearing.type, ShapeType::kHole);
  EXPECT_DOUBLE_EQ(bearing.radius, 0.01);
  EXPECT_DOUBLE_EQ(bearing.length, 0.02);
  // Its one pair, with its own restitution over the contacts block's law; and it touches nothing else: the slider's
  // sphere and the floor make the scene's other pair.
  ASSERT_EQ(joint.pairs.size(), 1u);
  const ContactPairModel& pair = scene.model.contact.pairs[joint.pairs[0]];
  EXPECT_EQ(pair.name, "pin_journal/pin_bearing");
  EXPECT_EQ(std::string(pair.law_info->id), "hunt_crossley");
  EXPECT_DOUBLE_EQ(pair.parameters.values[0], 0.6);
  EXPECT_EQ(scene.model.contact.pairs.size(), 2u);
  for (const ContactPairModel& other : scene.model.contact.pairs) {
    if (&other != &pair) {
      EXPECT_EQ(other.name, "floor/block");
    }
  }
  // The bearing's frame is its centre, z along its axis; the journal starts centred.
  EXPECT_EQ(joint.frame_b.translation(), Vec3::Zero());
}

TEST(CompileClearances, AJournalRadiusGivesTheClearance) {
  const std::string joint = "type: revolute, journal: rod, position_journal: [0.1, 0, 0], bearing: slider, "
                            "bearing_radius: 0.01, journal_radius: 0.0099, length: 0.02, material: steel";
  const Scene scene = load_scene_text(pin_scene(joint), "pin.yaml");
  EXPECT_NEAR(scene.clearances[0].clearance, 1e-4, 1e-16);
}

TEST(CompileClearances, ATranslationalJointIsABoxBetweenTwoGuides) {
  const std::string joint = "type: translational, slider: slider, guide: world, axis: [1, 0, 0], normal: [0, 1, 0], "
                            "half_length: 0.05, half_height: 0.02, clearance: 1e-3, stiffness: 1e9, "
                            "friction: {law: ambrosio, parameters: {friction: 0.1, dead_velocity: 0, full_velocity: 1e-3}}";
  const Scene scene = load_scene_text(pin_scene(joint), "pin.yaml");
  const ClearanceJoint& guide = scene.clearances[0];
  EXPECT_EQ(guide.type, ClearanceType::kTranslational);
  const Shape& box = shape_named(scene, "pin_slider");
  EXPECT_EQ(box.type, ShapeType::kBox);
  EXPECT_EQ(box.half_extents, Vec3(0.05, 0.02, 0.02));  // half_width: half_height by default
  EXPECT_TRUE(box.pose.linear().isIdentity(1e-15));
  // The guides' boundaries are half the gap (h + c/2) from the mid-line, their solids outside, normals inward.
  const Shape& upper = shape_named(scene, "pin_upper_guide");
  const Shape& lower = shape_named(scene, "pin_lower_guide");
  EXPECT_EQ(upper.body, 0);
  EXPECT_NEAR(upper.pose.translation().y(), 0.0205, 1e-15);
  EXPECT_NEAR(lower.pose.translation().y(), -0.0205, 1e-15);
  EXPECT_TRUE((upper.pose.linear().col(2) - Vec3(0, -1, 0)).isZero(1e-15));
  EXPECT_TRUE((lower.pose.linear().col(2) - Vec3(0, 1, 0)).isZero(1e-15));
  ASSERT_EQ(guide.pairs.size(), 2u);
  for (std::size_t pair : guide.pairs) {
    const ContactPairModel& model = scene.model.contact.pairs[pair];
    EXPECT_DOUBLE_EQ(model.stiffness, 1e9);
    ASSERT_NE(model.friction_law, nullptr);
    EXPECT_EQ(std::string(model.friction_law->id), "ambrosio");
  }
}

TEST(CompileClearances, NonsenseIsRefusedAtItsKey) {
  auto at = [](const std::string& joint) { return refused_at(pin_scene(joint)); };
  const std::string bodies = "type: revolute, journal: rod, bearing: slider, length: 0.02, material: steel, ";
  EXPECT_EQ(at(bodies + "bearing_radius: 0.01, journal_radius: 0.01").rfind("clearances[0].journal_radius: the journal (0.01 m) must be smaller", 0), 0u);
  EXPECT_EQ(at(bodies + "bearing_radius: 0.01, clearance: 0").rfind("clearances[0].clearance: expected a positive radial clearance", 0), 0u);
  EXPECT_EQ(at(bodies + "bearing_radius: 0.01, clearance: 0.01").rfind("clearances[0].clearance: the clearance (0.01 m) leaves no journal", 0), 0u);
  EXPECT_EQ(at(bodies + "bearing_radius: 0.01, clearance: 1e-4, journal_radius: 0.0099").rfind("clearances[0].clearance: give either", 0), 0u);
  EXPECT_EQ(at(bodies + "clearance: 1e-4").rfind("clearances[0].bearing_radius: missing required key", 0), 0u);
  EXPECT_EQ(at("type: revolute, journal: rod, bearing: slidr, bearing_radius: 0.01, clearance: 1e-4, length: 0.02")
                .rfind("clearances[0].bearing: no body named 'slidr' (did you mean 'slider'?)", 0), 0u);
  EXPECT_EQ(at("type: revolute, journal: rod, bearing: rod, bearing_radius: 0.01, clearance: 1e-4, length: 0.02")
                .rfind("clearances[0].bearing: a clearance joint joins two different bodies", 0), 0u);
  EXPECT_EQ(at("type: hinge, journal: rod, bearing: slider").rfind("clearances[0].type: expected one of revolute, translational", 0), 0u);
  EXPECT_EQ(at("type: revolute, slider: rod, guide: slider").rfind("clearances[0].slider: a revolute clearance joint names its journal and bearing", 0), 0u);
  const std::string guide = "type: translational, slider: slider, guide: world, axis: [1, 0, 0], half_length: 0.05, half_height: 0.02, clearance: 1e-3, stiffness: 1e9, ";
  EXPECT_EQ(at(guide + "normal: [1, 1, 0]").rfind("clearances[0].normal: the guides' normal must be perpendicular", 0), 0u);
  EXPECT_EQ(at(guide + "normal: [0, 1, 0], length: 1").rfind("clearances[0].length: a translational clearance joint takes no length", 0), 0u);
  EXPECT_EQ(at(guide).rfind("clearances[0].normal: missing required key", 0), 0u);
  // A flat box on a flat guide has no Hertz stiffness: the pair's problem is the joint's.
  const std::string hertz = "type: translational, slider: slider, guide: world, normal: [0, 1, 0], half_length: 0.05, "
                            "half_height: 0.02, clearance: 1e-3, material: steel";
  EXPECT_EQ(at(hertz).rfind("clearances[0]: ", 0), 0u) << at(hertz);
  const std::string brass = bodies.substr(0, bodies.find("material")) + "bearing_radius: 0.01, clearance: 1e-4, material: brass";
  EXPECT_EQ(at(brass).rfind("clearances[0].material: unknown material 'brass'", 0), 0u) << at(brass);
}

}  // namespace
}  // namespace contactlab
