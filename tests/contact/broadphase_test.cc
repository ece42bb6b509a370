// SPDX-License-Identifier: MIT
// contact/broadphase: each bound's world box is the tightest one, and the sort and sweep finds exactly the pairs
// whose grown bounds' boxes overlap — the pairs a test of every pair finds — as the shapes move.
#include "contact/broadphase.h"

#include <cmath>
#include <limits>
#include <random>

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

TEST(Broadphase, ChainCandidatesAreTheNeighboursOnly) {
  // Beads of radius 1 mm, 0.1 mm apart, margin 0.2 mm: neighbours (gap 0.1 < 2·0.2) are candidates; beads two
  // apart (gap 2.1 mm) are not. So 999 pairs for 1000 beads, not 499 500.
  const int n = 1000;
  Broadphase broadphase(chain(n, 1e-3), 2e-4);
  std::vector<std::pair<int, int>> pairs;
  broadphase.candidates(poses_along_x(n, 2.1e-3), pairs);
  ASSERT_EQ(pairs.size(), static_cast<std::size_t>(n - 1));
  for (int i = 0; i < n - 1; ++i) EXPECT_EQ(pairs[static_cast<std::size_t>(i)], std::make_pair(i, i + 1));
}

TEST(Broadphase, MarginDecidesAndUpdatesFollowTheShapes) {
  // Gap 0.1 mm: found with a 0.06 mm margin (each side grows by it), missed with 0.04 mm.
  std::vector<std::pair<int, int>> pairs;
  Broadphase wide(chain(2, 1e-3), 6e-5);
  wide.candidates(poses_along_x(2, 2.1e-3), pairs);
  EXPECT_EQ(pairs.size(), 1u);
  Broadphase narrow(chain(2, 1e-3), 4e-5);
  narrow.candidates(poses_along_x(2, 2.1e-3), pairs);
  EXPECT_TRUE(pairs.empty());
  // Moving the beads apart and back: the last order is re-sorted, and still answers correctly.
  wide.candidates(poses_along_x(2, 3e-3), pairs);
  EXPECT_TRUE(pairs.empty());
  wide.candidates(poses_along_x(2, 2.05e-3), pairs);
  EXPECT_EQ(pairs.size(), 1u);
}

TEST(Broadphase, HalfspaceMeetsEveryShapeAboveItWithinTheMargin) {
  std::vector<Shape> shapes = chain(3, 0.1);
  Shape ground;
  ground.name = "ground";
  ground.type = ShapeType::kHalfspace;
  ground.body = 0;
  shapes.push_back(ground);
  Broadphase broadphase(shapes, 0.01);
  std::vector<Eigen::Isometry3d> poses = poses_along_x(4, 1.0);
  poses[0].translation().z() = 0.105;  // 5 mm above the ground: within 2 × 10 mm
  poses[1].translation().z() = 0.5;    // far above
  poses[2].translation().z() = 0.09;   // overlapping
  poses[3] = Eigen::Isometry3d::Identity();
  std::vector<std::pair<int, int>> pairs;
  broadphase.candidates(poses, pairs);
  EXPECT_EQ(pairs, (std::vector<std::pair<int, int>>{{0, 3}, {2, 3}}));
}

// Points of the bound's surface, in its own frame, from its parametrization (not from world_box's formulas).
std::vector<Eigen::Vector3d> surface_points(const BroadphaseBound& b) {
  using Kind = BroadphaseBound::Kind;
  std::vector<Eigen::Vector3d> points;
  const int n = 121;
  for (int i = 0; i <= n; ++i) {
    const double theta = M_PI * i / n;  // polar angle
    for (int j = 0; j < 2 * n; ++j) {
      const double phi = M_PI * j / n;
      const Eigen::Vector3d unit(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta));
      switch (b.kind) {
        case Kind::kSphere: points.push_back(b.radius * unit); break;
        case Kind::kCapsule:  // the two end hemispheres' centres, ± l/2 on z
          points.push_back(b.radius * unit + Eigen::Vector3d(0, 0, unit.z() >= 0 ? 0.5 * b.length : -0.5 * b.length));
          break;
        case Kind::kCylinder:  // rims at ± l/2
          points.emplace_back(b.radius * std::cos(phi), b.radius * std::sin(phi), (2.0 * i / n - 1.0) * 0.5 * b.length);
          break;
        case Kind::kBox:  // corners and edge points: the box's extremes are among its corners
          points.emplace_back((j % 2 ? 1 : -1) * b.half_extents.x(), ((j / 2) % 2 ? 1 : -1) * b.half_extents.y(),
                              (i % 2 ? 1 : -1) * b.half_extents.z());
          break;
        case Kind::kHalfspace: break;
      }
    }
  }
  return points;
}

Eigen::Isometry3d random_pose(std::mt19937& random, double extent) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
  pose.linear() = Eigen::Quaterniond(uniform(random), uniform(random), uniform(random), uniform(random))
                      .normalized()
                      .toRotationMatrix();
  pose.translation() = extent * Eigen::Vector3d(uniform(random), uniform(random), uniform(random));
  return pose;
}

TEST(Broadphase, WorldBoxIsTheTightestBoxOfTheBound) {
  // Every surface point lies inside the box (to round-off), and along each world axis some point comes within the
  // sampling's resolution of each face: 121 polar steps put a point within r (1 − cos(π/242)) ≈ 8e-5 r of the
  // extreme, and the rims' sampling as finely. A looser box (e.g. the box of a rotated box's bounding sphere) fails.
  using Kind = BroadphaseBound::Kind;
  std::mt19937 random(7);
  for (Kind kind : {Kind::kSphere, Kind::kCapsule, Kind::kCylinder, Kind::kBox}) {
    BroadphaseBound bound;
    bound.kind = kind;
    bound.radius = 0.3;
    bound.length = 1.2;
    bound.half_extents = Eigen::Vector3d(0.2, 0.5, 0.9);
    for (int trial = 0; trial < 8; ++trial) {
      const Eigen::Isometry3d pose = random_pose(random, 2.0);
      const WorldBox box = world_box(bound, pose);
      Eigen::Vector3d lowest = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
      Eigen::Vector3d highest = -lowest;
      for (const Eigen::Vector3d& p : surface_points(bound)) {
        const Eigen::Vector3d w = pose * p;
        lowest = lowest.cwiseMin(w);
        highest = highest.cwiseMax(w);
      }
      for (int k = 0; k < 3; ++k) {
        EXPECT_GE(lowest[k], box.lower[k] - 1e-12) << static_cast<int>(kind);
        EXPECT_LE(highest[k], box.upper[k] + 1e-12) << static_cast<int>(kind);
        EXPECT_LE(lowest[k], box.lower[k] + 1e-4) << static_cast<int>(kind);
        EXPECT_GE(highest[k], box.upper[k] - 1e-4) << static_cast<int>(kind);
      }
    }
  }
}

// Every pair of bounded shapes whose boxes overlap, and every shape whose box reaches below a halfspace's grown
// boundary, by testing them all.
std::vector<std::pair<int, int>> every_pair_test(const std::vector<Shape>& shapes, double margin,
                                                 const std::vector<Eigen::Isometry3d>& poses) {
  std::vector<std::pair<int, int>> pairs;
  const auto bound = [&](std::size_t i) { return shape_traits(shapes[i].type).broadphase_bound(shapes[i], margin); };
  const auto halfspace = [&](std::size_t i) { return shapes[i].type == ShapeType::kHalfspace; };
  const auto box = [&](std::size_t i) { return world_box(bound(i), poses[i]); };
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    for (std::size_t j = i + 1; j < shapes.size(); ++j) {
      if (halfspace(i) && halfspace(j)) continue;
      if (!poses[i].matrix().allFinite() || !poses[j].matrix().allFinite()) continue;
      if (halfspace(i) || halfspace(j)) {
        const std::size_t h = halfspace(i) ? i : j, s = halfspace(i) ? j : i;
        const Eigen::Vector3d n = poses[h].linear().col(2);
        const WorldBox b = box(s);
        bool below = false;  // some corner of the box at or below the grown boundary
        for (int c = 0; c < 8; ++c) {
          const Eigen::Vector3d corner((c & 1 ? b.upper : b.lower).x(), (c & 2 ? b.upper : b.lower).y(),
                                       (c & 4 ? b.upper : b.lower).z());
          below = below || n.dot(corner - poses[h].translation()) <= margin;
        }
        if (below) pairs.emplace_back(i, j);
        continue;
      }
      const WorldBox a = box(i), b = box(j);
      if ((a.lower.array() <= b.upper.array()).all() && (b.lower.array() <= a.upper.array()).all()) pairs.emplace_back(i, j);
    }
  }
  return pairs;
}

TEST(Broadphase, SweepFindsWhatTestingEveryPairFinds) {
  // 400 shapes of every bounded kind at random poses in a box 4 m × 1 m × 1 m (x spreads most), a ground under
  // them, then: small motions (the last order nearly right), a shuffle (the order all wrong), the scene turned so
  // that z spreads most (a new axis), and one shape's pose not finite (it pairs with nothing, the rest unchanged).
  std::mt19937 random(11);
  std::uniform_real_distribution<double> size(0.02, 0.12);
  const ShapeType kinds[] = {ShapeType::kSphere, ShapeType::kCapsule, ShapeType::kCylinder, ShapeType::kBox};
  std::vector<Shape> shapes;
  for (int i = 0; i < 400; ++i) {
    Shape s;
    s.name = std::to_string(i).insert(0, 1, 's');  // not "s" + …: GCC 12 warns falsely (-Wrestrict) on it
    s.type = kinds[i % 4];
    s.body = i + 1;
    s.radius = size(random);
    s.length = 2.0 * size(random);
    s.half_extents = Eigen::Vector3d(size(random), size(random), size(random));
    shapes.push_back(s);
  }
  Shape ground;
  ground.name = "ground";
  ground.type = ShapeType::kHalfspace;
  shapes.push_back(ground);
  const double margin = 0.01;
  Broadphase broadphase(shapes, margin);

  std::vector<Eigen::Isometry3d> poses;
  for (int i = 0; i < 400; ++i) {
    Eigen::Isometry3d pose = random_pose(random, 0.5);
    pose.translation().x() *= 4.0;
    poses.push_back(pose);
  }
  poses.push_back(Eigen::Isometry3d::Identity());
  poses.back().translation().z() = -0.3;
  std::vector<std::pair<int, int>> pairs;
  const auto check = [&](const char* when) {
    broadphase.candidates(poses, pairs);
    const auto expected = every_pair_test(shapes, margin, poses);
    EXPECT_EQ(pairs, expected) << when;
    EXPECT_GT(expected.size(), 100u) << when;  // the scene is dense enough to test something
  };
  check("first call");
  std::normal_distribution<double> nudge(0.0, 0.01);
  for (int step = 0; step < 5; ++step) {
    for (int i = 0; i < 400; ++i) poses[static_cast<std::size_t>(i)].translation() += Eigen::Vector3d(nudge(random), nudge(random), nudge(random));
    check("small motions");
  }
  std::shuffle(poses.begin(), poses.begin() + 400, random);
  check("shuffled");
  for (int i = 0; i < 400; ++i) {
    auto t = poses[static_cast<std::size_t>(i)].translation();
    std::swap(t.x(), t.z());
    t.z() += 3.0;  // above the ground again
  }
  check("z spreads most");
  poses[17].translation().x() = std::numeric_limits<double>::quiet_NaN();
  check("one pose not finite");
  for (const auto& [a, b] : pairs) EXPECT_TRUE(a != 17 && b != 17);
}

}  // namespace
}  // namespace contactlab
