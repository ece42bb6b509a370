// SPDX-License-Identifier: MIT
// contact/pair_kinds: the pairs a broadphase can make at run time, one of each kind, compiled with the parameters
// their materials give them (the contact settings hold placeholders there).
#include "contact/pair_kinds.h"

#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "models/registry.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Shape sphere(const std::string& name, int body, double radius) {
  Shape s;
  s.name = name;
  s.type = ShapeType::kSphere;
  s.body = body;
  s.radius = radius;
  s.material = 0;
  return s;
}

// A rigid ground of restitution 0.5 and `beads` free steel spheres of restitution 0.7 (radius 5 mm), under the
// Hunt–Crossley law with its restitution left to the materials (its placeholder 1, as compile_contacts leaves it).
ContactModel chain(int beads) {
  ContactModel model;
  Material steel{"steel", 2.1e11, 0.3, 7800.0, kInf};
  steel.restitution = 0.7;
  Material ground{"ground", kInf, 0.0, 0.0, kInf};
  ground.restitution = 0.5;
  model.materials = {steel, ground};
  model.bodies = {BodyContactInfo{-1, true, kInf}};
  Shape floor;
  floor.name = "floor";
  floor.type = ShapeType::kHalfspace;
  floor.body = 0;
  floor.material = 1;
  model.shapes = {floor};
  for (int k = 0; k < beads; ++k) {
    model.bodies.push_back(BodyContactInfo{0, false, 4e-3});
    model.shapes.push_back(sphere("bead_" + std::to_string(k), k + 1, 0.005));
  }
  model.broadphase = true;
  PairSettings& settings = model.settings;
  settings.law = find_law("hunt_crossley");
  settings.law_info = &law_info(settings.law);
  const NamedValue placeholder[] = {{"restitution", 1.0}};
  settings.parameters = compile_law_parameters(*settings.law_info, placeholder);
  settings.restitution_from_materials = true;
  return model;
}

double restitution_of(const ContactPairModel& pair) {
  return pair.parameters.values[static_cast<std::size_t>(restitution_parameter(*pair.law_info))];
}

TEST(PairKinds, OnePairOfEachKindWithItsMaterialsParameters) {
  const std::vector<ContactPairModel> kinds = broadphase_pair_kinds(chain(1000));
  ASSERT_EQ(kinds.size(), 2u);  // bead on the floor, bead on bead: not a million pairs
  EXPECT_EQ(kinds[0].name, "floor/bead_0");
  EXPECT_EQ(restitution_of(kinds[0]), 0.5);  // the smaller of the two materials' (mixed_restitution)
  EXPECT_EQ(kinds[1].name, "bead_0/bead_1");
  EXPECT_EQ(restitution_of(kinds[1]), 0.7);
}

TEST(PairKinds, ShapesDifferingInCurvatureOrFilterAreKindsOfTheirOwn) {
  ContactModel model = chain(3);
  model.shapes[3].radius = 0.01;  // bead_2: another curvature, so other pairs (R*, and what it gives a law)
  // The floor with each radius, 5 on 5 mm and 5 on 10 mm; no 10 on 10 mm, the 10 mm bead having no twin to meet.
  EXPECT_EQ(broadphase_pair_kinds(model).size(), 4u);
  model.shapes[3].radius = 0.005;
  model.shapes[3].collision_group = 2;  // bead_2 in group 2, listening to group 2 only: it meets no other shape
  model.shapes[3].collision_mask = 2;
  EXPECT_EQ(broadphase_pair_kinds(model).size(), 2u);  // its pairs never meet: left out
}

TEST(PairKinds, NoneWithoutABroadphase) {
  ContactModel model = chain(3);
  model.broadphase = false;
  EXPECT_TRUE(broadphase_pair_kinds(model).empty());
}

}  // namespace
}  // namespace contactlab
