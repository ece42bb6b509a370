// SPDX-License-Identifier: MIT
// contact/fcl_bridge: the FCL broadphase finds exactly the pairs whose shapes, grown by the margin, overlap.
// (The FCL narrowphase fallback is covered with the closed forms in narrowphase_test.cc.)
#include "contact/fcl_bridge.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

std::vector<Shape> chain(int beads, double radius) {
  std::vector<Shape> shapes;
  for (int i = 0; i < beads; ++i) {
    Shape s;
    s.name = "bead" + std::to_string(i);
    s.type = ShapeType::kSphere;
    s.body = i + 1;
    s.radius = radius;
    shapes.push_back(s);
  }
  return shapes;
}

std::vector<Eigen::Isometry3d> poses_along_x(int count, double spacing) {
  std::vector<Eigen::Isometry3d> poses(static_cast<std::size_t>(count), Eigen::Isometry3d::Identity());
  for (int i = 0; i < count; ++i) poses[static_cast<std::size_t>(i)].translation().x() = i * spacing;
  return poses;
}

TEST(FclBroadphase, ChainCandidatesAreTheNeighboursOnly) {
  // Beads of radius 1 mm, 0.1 mm apart, margin 0.2 mm: neighbours (gap 0.1 < 2·0.2) are candidates; beads two
  // apart (gap 2.1 mm) are not. So 999 pairs for 1000 beads, not 499 500.
  const int n = 1000;
  FclBroadphase broadphase(chain(n, 1e-3), 2e-4);
  std::vector<std::pair<int, int>> pairs;
  broadphase.candidates(poses_along_x(n, 2.1e-3), pairs);
  ASSERT_EQ(pairs.size(), static_cast<std::size_t>(n - 1));
  for (int i = 0; i < n - 1; ++i) EXPECT_EQ(pairs[static_cast<std::size_t>(i)], std::make_pair(i, i + 1));
}

TEST(FclBroadphase, MarginDecidesAndUpdatesFollowTheShapes) {
  // Gap 0.1 mm: found with a 0.06 mm margin (each side grows by it), missed with 0.04 mm.
  std::vector<std::pair<int, int>> pairs;
  FclBroadphase wide(chain(2, 1e-3), 6e-5);
  wide.candidates(poses_along_x(2, 2.1e-3), pairs);
  EXPECT_EQ(pairs.size(), 1u);
  FclBroadphase narrow(chain(2, 1e-3), 4e-5);
  narrow.candidates(poses_along_x(2, 2.1e-3), pairs);
  EXPECT_TRUE(pairs.empty());
  // Moving the beads apart and back: the tree is updated, not rebuilt, and still answers correctly.
  wide.candidates(poses_along_x(2, 3e-3), pairs);
  EXPECT_TRUE(pairs.empty());
  wide.candidates(poses_along_x(2, 2.05e-3), pairs);
  EXPECT_EQ(pairs.size(), 1u);
}

TEST(FclBroadphase, HalfspaceMeetsEveryShapeAboveItWithinTheMargin) {
  std::vector<Shape> shapes = chain(3, 0.1);
  Shape ground;
  ground.name = "ground";
  ground.type = ShapeType::kHalfspace;
  ground.body = 0;
  shapes.push_back(ground);
  FclBroadphase broadphase(shapes, 0.01);
  std::vector<Eigen::Isometry3d> poses = poses_along_x(4, 1.0);
  poses[0].translation().z() = 0.105;  // 5 mm above the ground: within 2 × 10 mm
  poses[1].translation().z() = 0.5;    // far above
  poses[2].translation().z() = 0.09;   // overlapping
  poses[3] = Eigen::Isometry3d::Identity();
  std::vector<std::pair<int, int>> pairs;
  broadphase.candidates(poses, pairs);
  EXPECT_EQ(pairs, (std::vector<std::pair<int, int>>{{0, 3}, {2, 3}}));
}

}  // namespace
}  // namespace contactlab
