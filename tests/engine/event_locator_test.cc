// SPDX-License-Identifier: MIT
// Root location on an interpolant: the earliest root, the direction filter, several roots in one step.
#include "engine/event_locator.h"

#include <gtest/gtest.h>

#include <cmath>

namespace contactlab {
namespace {

// y(t) = t: one component growing at unit rate; the test systems add their event functions.
class Clock : public OdeSystem {
 public:
  int size() const override { return 1; }
  int dynamic_size() const override { return 1; }
  int coordinates() const override { return 1; }
  int velocities() const override { return 0; }
  int rhs(double, const double*, double* ydot) override {
    ydot[0] = 1.0;
    return 0;
  }
  void configuration_rate(const double*, const double*, double*) override {}
};

// y(t) = t; g0 = 0.3 − y (+ to − at 0.3), g1 = sin(5y) (watched both ways; falls at π/5), g2 = y − 0.7
// (rises; only falls are watched: never fires), g3 = y − 0.8 (rises; rises are watched).
class Functions final : public Clock {
 public:
  int root_count() const override { return 4; }
  const int* root_directions() const override { return directions; }
  int roots(double, const double* y, const double*, double* g, int only) override {
    ++evaluations;
    if (only < 0 || only == 0) g[0] = 0.3 - y[0];
    if (only < 0 || only == 1) g[1] = std::sin(5.0 * y[0]);
    if (only < 0 || only == 2) g[2] = y[0] - 0.7;
    if (only < 0 || only == 3) g[3] = y[0] - 0.8;
    return 0;
  }
  int directions[4] = {-1, 0, -1, 1};
  long evaluations = 0;
};

TEST(EventLocator, FindsTheEarliestRootsInOrder) {
  Functions system;
  EventLocator locator(system);
  const auto state_at = [](double t, std::span<const int>, double* y) { y[0] = t; };
  const double start = 0.05, end = 0.95;
  system.roots(start, &start, nullptr, locator.start(), -1);
  system.roots(end, &end, nullptr, locator.end(), -1);

  double t = 0.0;
  ASSERT_TRUE(locator.locate(start, end, state_at, t));
  EXPECT_NEAR(t, 0.3, 1e-14);
  EXPECT_EQ(locator.found()[0], -1);
  EXPECT_EQ(locator.found()[1], 0);
  EXPECT_EQ(locator.found()[3], 0);

  locator.resume();
  ASSERT_TRUE(locator.locate(t, end, state_at, t));
  EXPECT_NEAR(t, std::numbers::pi / 5.0, 1e-14);
  EXPECT_EQ(locator.found()[1], -1) << "sin(5t) falls through its root at π/5";

  locator.resume();
  ASSERT_TRUE(locator.locate(t, end, state_at, t));
  EXPECT_NEAR(t, 0.8, 1e-14);
  EXPECT_EQ(locator.found()[3], 1);
  EXPECT_EQ(locator.found()[2], 0) << "y − 0.7 rose: not the watched direction";

  locator.resume();
  EXPECT_FALSE(locator.locate(t, end, state_at, t));
}

// g0 = g1 = 0.3 − y, g2 = 0.5 − y, all watched falling.
class Twins final : public Clock {
 public:
  int root_count() const override { return 3; }
  const int* root_directions() const override { return directions; }
  int roots(double, const double* y, const double*, double* g, int) override {
    g[0] = 0.3 - y[0];
    g[1] = 0.3 - y[0];
    g[2] = 0.5 - y[0];
    return 0;
  }
  int directions[3] = {-1, -1, -1};
};

TEST(EventLocator, SimultaneousRootsFireTogetherAndAStartingZeroDoesNot) {
  Twins system;
  EventLocator locator(system);
  const auto state_at = [](double t, std::span<const int>, double* y) { y[0] = t; };
  double start = 0.0, end = 1.0;
  system.roots(start, &start, nullptr, locator.start(), -1);
  system.roots(end, &end, nullptr, locator.end(), -1);
  double t = 0.0;
  ASSERT_TRUE(locator.locate(start, end, state_at, t));
  EXPECT_NEAR(t, 0.3, 1e-14);
  EXPECT_EQ(locator.found()[0], -1);
  EXPECT_EQ(locator.found()[1], -1);
  EXPECT_EQ(locator.found()[2], 0);

  // A step that starts exactly on a root: that root was handled already.
  start = 0.5;
  end = 0.9;
  system.roots(start, &start, nullptr, locator.start(), -1);
  system.roots(end, &end, nullptr, locator.end(), -1);
  EXPECT_FALSE(locator.locate(start, end, state_at, t));
}

TEST(EventLocator, CostsAFewEvaluationsPerRoot) {
  Functions system;
  EventLocator locator(system);
  const auto state_at = [](double t, std::span<const int>, double* y) { y[0] = t; };
  const double start = 0.05, end = 0.95;
  system.roots(start, &start, nullptr, locator.start(), -1);
  system.roots(end, &end, nullptr, locator.end(), -1);
  system.evaluations = 0;
  double t = 0.0;
  ASSERT_TRUE(locator.locate(start, end, state_at, t));
  // Illinois converges superlinearly: the linear g0 in two or three evaluations, then one evaluation of each other
  // candidate at the root.
  EXPECT_LE(system.evaluations, 8);
}

}  // namespace
}  // namespace contactlab
