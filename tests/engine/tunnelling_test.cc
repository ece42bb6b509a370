// SPDX-License-Identifier: MIT
// engine/tunnelling: the conservative-advancement bound on the next step, against its closed form, and the
// shortcut that skips the element-by-element pass when the bound cannot bind before the next call.
#include "engine/tunnelling.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/data.h"
#include "engine/forward.h"
#include "engine/kinematics.h"
#include "scenes/scene.h"

namespace contactlab {
namespace {

// Three beads of radius r = 1 mm on one line (sliders along x), no gravity: a at x = 0 moving at +v, b at rest
// at 10 mm (gap 8 mm), c at rest at 13 mm (gap 1 mm from b). Hertz contacts between every two.
Scene beads(double v) {
  const std::string text =
      "scene: beads\n"
      "gravity: [0, 0, 0]\n"
      "materials: {steel: {youngs_modulus: 2.1e11, poisson_ratio: 0.3}}\n"
      "bodies:\n"
      "  - {name: a, mass: 1e-3, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0, v: " + std::to_string(v) +
      "}, shapes: [{type: sphere, radius: 0.001, material: steel}]}\n"
      "  - {name: b, mass: 1e-3, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0.010, v: 0},"
      " shapes: [{type: sphere, radius: 0.001, material: steel}]}\n"
      "  - {name: c, mass: 1e-3, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0.013, v: 0},"
      " shapes: [{type: sphere, radius: 0.001, material: steel}]}\n"
      "contacts: {law: hertz}\n"
      "duration: 1\n";
  return load_scene_text(text, "beads.yaml");
}

struct Bound {
  double value;
  std::vector<double> gaps, depths;
};

// The bound after one call at t = 0 (no previous velocities: no growth term), for `next_attempt`.
Bound bound_at_start(const Scene& scene, double next_attempt) {
  Data data(scene.model);
  bind_pairs(scene.model, scene.initial_state, data);
  tree_kinematics(scene.model, scene.initial_state.q, scene.initial_state.v, data);
  const std::size_t n = data.elements.size();
  std::vector<int> elements;
  for (std::size_t p = 0; p < n; ++p) elements.push_back(static_cast<int>(p));
  Bound b{0.0, std::vector<double>(n), std::vector<double>(n)};
  contact_gaps(scene.model, scene.initial_state.q, scene.initial_state.v, elements, data, b.gaps.data());
  for (std::size_t p = 0; p < n; ++p) b.depths[p] = element_depth_allowance(scene.model, *data.elements[p].pair, 1e-4);
  TunnellingBound tunnelling(scene.model);
  b.value = tunnelling.next_step(scene.model, data, 0.0, scene.initial_state.v.data(), elements, b.gaps.data(),
                                 b.depths, next_attempt);
  return b;
}

TEST(TunnellingBound, IsTheTimeTheClosingPairNeedsToCoverItsGapAndDepth) {
  // Only pair a/b closes (a at v, b at rest): its room is the gap 8 mm plus the depth allowance, min(w/2 = 1 mm,
  // 0.1 mm) = 0.1 mm, covered at v with no growth yet: h = 8.1 mm / v. Pair b/c, at rest, bounds nothing. With
  // a long next attempt the elements are asked one by one, so the bound is exactly that.
  const double v = 2.0;
  const Bound b = bound_at_start(beads(v), 1.0);
  EXPECT_NEAR(b.value, (0.008 + 1e-4) / v, 1e-12);
}

TEST(TunnellingBound, AShortNextAttemptTakesTheBoundOfTheFastestBodiesOverTheLeastRoom) {
  // With a next attempt far below every element's time to close, the answer may be the bound for all at once:
  // the least room (pair b/c: 1 mm + 0.1 mm) covered by twice the fastest body's speed, (1.1 mm)/(2 v). It is
  // no longer than the exact one (8.1 mm / v), so still safe, and at least kMaxStepGrowth next attempts long.
  const double v = 2.0;
  const double attempt = 1e-7;
  const Bound b = bound_at_start(beads(v), attempt);
  EXPECT_NEAR(b.value, (0.001 + 1e-4) / (2.0 * v), 1e-12);
  EXPECT_LE(b.value, (0.008 + 1e-4) / v);
  EXPECT_GE(b.value, TunnellingBound::kMaxStepGrowth * attempt);
}

TEST(TunnellingBound, NothingMovingBoundsNothing) {
  const Bound b = bound_at_start(beads(0.0), 1e-7);
  EXPECT_TRUE(std::isinf(b.value));
}

}  // namespace
}  // namespace contactlab
