// SPDX-License-Identifier: MIT
// contact/contact_pairs: which shape pairs may collide, and how a pair is compiled from its shapes and the
// contact settings.
#include <cmath>
#include <limits>
#include <stdexcept>

#include <gtest/gtest.h>

#include "contact/contact_model.h"
#include "contact/material_mixing.h"
#include "models/registry.h"

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// World (body 0) with a ground; body 1 (child of the world) and body 2 (child of body 1), each with a sphere.
ContactModel three_bodies() {
  ContactModel model;
  model.materials = {Material{"steel", 2.1e11, 0.3, 7800.0, kInf}, Material{"ground", kInf, 0.0, 0.0, kInf}};
  model.bodies = {BodyContactInfo{-1, true, kInf}, BodyContactInfo{0, false, 2.0}, BodyContactInfo{1, false, 3.0}};
  Shape ground;
  ground.name = "ground";
  ground.type = ShapeType::kHalfspace;
  ground.body = 0;
  ground.material = 1;
  Shape upper;
  upper.name = "upper";
  upper.type = ShapeType::kSphere;
  upper.body = 1;
  upper.radius = 0.1;
  upper.material = 0;
  Shape lower = upper;
  lower.name = "lower";
  lower.body = 2;
  lower.radius = 0.05;
  model.shapes = {ground, upper, lower};
  return model;
}

PairSettings hertz_settings() {
  PairSettings settings;
  settings.law = find_law("hertz");
  settings.law_info = &law_info(settings.law);
  return settings;
}

TEST(ContactPairs, FiltersJoinedBodiesAndGroups) {
  ContactModel model = three_bodies();
  EXPECT_TRUE(shapes_may_collide(model, 0, 1));   // a child of the world still touches the world's shapes
  EXPECT_TRUE(shapes_may_collide(model, 0, 2));
  EXPECT_FALSE(shapes_may_collide(model, 1, 2));  // body 2 hangs from body 1
  // Groups and masks: the lower sphere only listens to group 2.
  model.shapes[2].collision_mask = 2;
  EXPECT_FALSE(shapes_may_collide(model, 0, 2));
  model.shapes[0].collision_group = 2;
  EXPECT_TRUE(shapes_may_collide(model, 0, 2));
  // Two shapes fixed to the world never move relative to each other.
  model.bodies[1].fixed_to_world = true;
  model.bodies[1].mass = kInf;
  EXPECT_FALSE(shapes_may_collide(model, 0, 1));
}

TEST(ContactPairs, CanonicalOrderNameStiffnessAndReducedMass) {
  const ContactModel model = three_bodies();
  // Listed in either order, the halfspace comes first (the normal points from the ground to the sphere).
  for (const auto& [a, b] : {std::pair{1, 0}, std::pair{0, 1}}) {
    const ContactPairModel pair = make_contact_pair(model, a, b, hertz_settings());
    EXPECT_EQ(pair.shape_a, 0);
    EXPECT_EQ(pair.shape_b, 1);
    EXPECT_EQ(pair.name, "ground/upper");
    // Steel sphere on a rigid flat: K = (4/3) E/(1 − ν²) √R (models.md §2.1).
    EXPECT_NEAR(pair.stiffness, 4.0 / 3.0 * 2.1e11 / (1.0 - 0.09) * std::sqrt(0.1), 1e-3);
    EXPECT_EQ(pair.reduced_mass, 2.0);  // the world is infinitely heavy
  }
  // Two steel spheres: R* = R₁R₂/(R₁+R₂), E* halves, m* = m₁m₂/(m₁+m₂) — bodies 1 and 2 are joined, but a pair
  // can still be compiled when a scene lists it.
  const ContactPairModel spheres = make_contact_pair(model, 2, 1, hertz_settings());
  EXPECT_EQ(spheres.name, "upper/lower");
  EXPECT_NEAR(spheres.effective_radius, 0.1 * 0.05 / 0.15, 1e-15);
  EXPECT_NEAR(spheres.effective_modulus, 0.5 * 2.1e11 / 0.91, 1.0);
  EXPECT_NEAR(spheres.reduced_mass, 6.0 / 5.0, 1e-15);
}

TEST(ContactPairs, MissingInformationIsAnError) {
  ContactModel model = three_bodies();
  model.shapes[1].material = -1;
  try {
    make_contact_pair(model, 0, 1, hertz_settings());
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("needs a material on shape 'upper'"), std::string::npos) << error.what();
  }
  // A law that needs a linear stiffness refuses the Hertz exponent.
  PairSettings linear = hertz_settings();
  linear.law = find_law("hooke");
  linear.law_info = &law_info(linear.law);
  EXPECT_THROW(make_contact_pair(three_bodies(), 0, 1, linear), std::invalid_argument);
  linear.hertz_stiffness = false;
  linear.stiffness = 1e6;
  linear.exponent = 1.0;
  EXPECT_EQ(make_contact_pair(three_bodies(), 0, 1, linear).stiffness, 1e6);
}

}  // namespace
}  // namespace contactlab
