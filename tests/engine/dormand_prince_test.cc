// SPDX-License-Identifier: MIT
// The Dormand–Prince 5(4) method on problems with closed-form solutions.
#include "engine/dormand_prince.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>
#include <vector>

namespace contactlab {
namespace {

struct Lambda final : DormandPrince::Function {
  explicit Lambda(std::function<int(double, const double*, double*)> f) : f(std::move(f)) {}
  int operator()(double t, const double* y, double* ydot) override {
    ++calls;
    return f(t, y, ydot);
  }
  std::function<int(double, const double*, double*)> f;
  long calls = 0;
};

// The harmonic oscillator x'' = −x as y = (x, ẋ), started from (1, 0) at t = 0, with the same relative and
// absolute tolerance.
Lambda oscillator() {
  return Lambda([](double, const double* y, double* ydot) {
    ydot[0] = y[1];
    ydot[1] = -y[0];
    return 0;
  });
}
DormandPrince oscillator_method(double tolerance) {
  DormandPrince method(2, 2);
  const std::vector<double> atol = {tolerance, tolerance};
  method.set_tolerances(tolerance, atol);
  return method;
}
constexpr double kOscillatorStart[] = {1.0, 0.0};

// Integrates to t_end; returns the number of steps.
long integrate(DormandPrince& method, DormandPrince::Function& f, double t_end) {
  long steps = 0;
  while (method.time() < t_end) {
    EXPECT_EQ(method.step(t_end, f), DormandPrince::Status::kSuccess);
    ++steps;
  }
  return steps;
}

// y' = 5t⁴: the 5th-order solution of a quartic quadrature is exact whatever the steps.
TEST(DormandPrince, QuarticQuadratureIsExact) {
  Lambda f([](double t, const double*, double* ydot) {
    ydot[0] = 5.0 * t * t * t * t;
    return 0;
  });
  DormandPrince method(1, 1);
  const std::vector<double> atol = {1e-12};
  method.set_tolerances(1e-10, atol);
  const double y0 = 0.0;
  ASSERT_EQ(method.reset(0.0, &y0, 1e-3, f), DormandPrince::Status::kSuccess);
  integrate(method, f, 2.0);
  EXPECT_NEAR(method.state()[0], 32.0, 32.0 * 1e-14);
}

// y' = 4t³: the embedded 4th-order solution is exact too, so the error estimate vanishes to round-off and the
// steps grow at the controller's largest factor, 10.
TEST(DormandPrince, CubicQuadratureTakesTheLargestSteps) {
  Lambda f([](double t, const double*, double* ydot) {
    ydot[0] = 4.0 * t * t * t;
    return 0;
  });
  DormandPrince method(1, 1);
  const std::vector<double> atol = {1e-12};
  method.set_tolerances(1e-10, atol);
  const double y0 = 0.0;
  ASSERT_EQ(method.reset(0.0, &y0, 1e-3, f), DormandPrince::Status::kSuccess);
  const long steps = integrate(method, f, 2.0);
  EXPECT_NEAR(method.state()[0], 16.0, 16.0 * 1e-14);
  EXPECT_LE(steps, 5) << "1e-3 grows tenfold per step: 1e-3 + 1e-2 + 0.1 + 1 reaches 1.111, then the rest";
}

// The harmonic oscillator x'' = −x over ten periods: the global error stays within a small multiple of the
// tolerance (the method is not symplectic, so the error grows linearly with time, not faster).
TEST(DormandPrince, HarmonicOscillatorWithinTolerance) {
  for (double tolerance : {1e-6, 1e-8, 1e-10}) {
    Lambda f = oscillator();
    DormandPrince method = oscillator_method(tolerance);
    ASSERT_EQ(method.reset(0.0, kOscillatorStart, 0.0, f), DormandPrince::Status::kSuccess);
    const double t_end = 20.0 * std::numbers::pi;
    integrate(method, f, t_end);
    EXPECT_DOUBLE_EQ(method.time(), t_end) << "the last step lands on t_stop";
    const double error = std::hypot(method.state()[0] - 1.0, method.state()[1]);
    EXPECT_LT(error, 100.0 * tolerance) << "tolerance " << tolerance;
    EXPECT_GT(error, 1e-3 * tolerance) << "the test must be able to see the method's error";
  }
}

// A restart from the step's end with the step the controller proposed (what a run does after events that changed
// nothing of the solution's course) goes on as if uninterrupted: the same steps, bit for bit, because the controller
// keeps its memory of the last error. A fresh memory (Hairer's 1e-4 of a start) would shrink the step after each
// restart by up to 1e-4^(-β) = 1.45, which a long run with an event every few steps pays again and again.
TEST(DormandPrince, ARestartWithTheProposedStepGoesOnAsIfUninterrupted) {
  const double tolerance = 1e-8;
  const double t_end = 4.0 * std::numbers::pi;
  Lambda f = oscillator();
  DormandPrince continuous = oscillator_method(tolerance);
  ASSERT_EQ(continuous.reset(0.0, kOscillatorStart, 0.0, f), DormandPrince::Status::kSuccess);
  const long steps = integrate(continuous, f, t_end);
  Lambda g = oscillator();
  DormandPrince restarted = oscillator_method(tolerance);
  ASSERT_EQ(restarted.reset(0.0, kOscillatorStart, 0.0, g), DormandPrince::Status::kSuccess);
  long restarted_steps = 0;
  while (restarted.time() < t_end) {
    ASSERT_EQ(restarted.step(t_end, g), DormandPrince::Status::kSuccess);
    ++restarted_steps;
    const std::vector<double> y(restarted.state(), restarted.state() + 2);
    ASSERT_EQ(restarted.reset(restarted.time(), y.data(), restarted.next_step(), g), DormandPrince::Status::kSuccess);
  }
  EXPECT_GT(steps, 20) << "enough steps for the controller's memory to matter";
  EXPECT_EQ(restarted_steps, steps);
  EXPECT_EQ(restarted.state()[0], continuous.state()[0]);
  EXPECT_EQ(restarted.state()[1], continuous.state()[1]);
}

// Cost grows like tol^(−1/5) for a 5th-order method: 100× tighter tolerance, about 100^(1/5) = 2.5× the steps.
TEST(DormandPrince, StepsScaleWithTheFifthRootOfTheTolerance) {
  auto steps_at = [](double tolerance) {
    Lambda f = oscillator();
    DormandPrince method = oscillator_method(tolerance);
    method.reset(0.0, kOscillatorStart, 0.0, f);
    return static_cast<double>(integrate(method, f, 20.0 * std::numbers::pi));
  };
  const double ratio = steps_at(1e-10) / steps_at(1e-8);
  EXPECT_GT(ratio, 2.0);
  EXPECT_LT(ratio, 3.2);
}

// The continuous extension is of order 4: inside each step of the oscillator it stays as accurate as the steps.
TEST(DormandPrince, DenseOutputIsAsAccurateAsTheSteps) {
  Lambda f = oscillator();
  const double tolerance = 1e-9;
  DormandPrince method = oscillator_method(tolerance);
  method.reset(0.0, kOscillatorStart, 0.0, f);
  double worst = 0.0;
  while (method.time() < 10.0) {
    ASSERT_EQ(method.step(10.0, f), DormandPrince::Status::kSuccess);
    for (double theta : {0.1, 0.37, 0.5, 0.81}) {
      const double t = method.previous_time() + theta * method.last_step();
      double y[2];
      method.interpolate(t, y);
      worst = std::max(worst, std::hypot(y[0] - std::cos(t), y[1] + std::sin(t)));
    }
    double at_end[2];
    method.interpolate(method.time(), at_end);
    EXPECT_NEAR(at_end[0], method.state()[0], 1e-15);  // θ = 1 is the step's own end
  }
  EXPECT_LT(worst, 100.0 * tolerance);
}

// The root finder interpolates single components: the same polynomial as the whole state's dense output, so the
// same values to rounding, and the components not asked for are left alone.
TEST(DormandPrince, DenseOutputOfListedComponents) {
  Lambda f([](double, const double* y, double* ydot) {
    ydot[0] = y[1];
    ydot[1] = -y[0];
    ydot[2] = y[0] * y[0];
    return 0;
  });
  DormandPrince method(3, 2);
  const std::vector<double> atol = {1e-9, 1e-9};
  method.set_tolerances(1e-9, atol);
  const double y0[] = {1.0, 0.0, 0.0};
  method.reset(0.0, y0, 0.0, f);
  for (int step = 0; step < 5; ++step) {
    ASSERT_EQ(method.step(10.0, f), DormandPrince::Status::kSuccess);
    const double t = method.previous_time() + 0.3 * method.last_step();
    double whole[3];
    method.interpolate(t, whole);
    const int listed[] = {2, 0};
    double some[3] = {-7.0, -7.0, -7.0};
    method.interpolate(t, listed, some);
    EXPECT_NEAR(some[0], whole[0], 1e-15 * std::abs(whole[0]) + 1e-300);
    EXPECT_EQ(some[1], -7.0);
    EXPECT_NEAR(some[2], whole[2], 1e-15 * std::abs(whole[2]) + 1e-300);
  }
}

// Quadrature components are integrated with the step's weights but never steer the step: a wildly varying
// integrand changes neither the steps nor the dynamic solution, and its integral is still accurate.
TEST(DormandPrince, QuadraturesDoNotSteerTheSteps) {
  auto run = [](bool with_quadrature, double& integral) {
    const int size = with_quadrature ? 3 : 2;
    Lambda f([&](double, const double* y, double* ydot) {
      ydot[0] = y[1];
      ydot[1] = -y[0];
      if (with_quadrature) ydot[2] = 1e6 * y[0] * y[0];  // ∫ 1e6 cos² t dt
      return 0;
    });
    DormandPrince method(size, 2);
    const std::vector<double> atol = {1e-10, 1e-10};
    method.set_tolerances(1e-10, atol);
    const double y0[] = {1.0, 0.0, 0.0};
    method.reset(0.0, y0, 0.0, f);
    const long steps = integrate(method, f, 5.0);
    integral = with_quadrature ? method.state()[2] : 0.0;
    return steps;
  };
  double integral = 0.0, unused = 0.0;
  EXPECT_EQ(run(true, integral), run(false, unused));
  const double exact = 1e6 * (2.5 + 0.25 * std::sin(10.0));
  EXPECT_NEAR(integral, exact, 1e-8 * exact);
}

// A function that lists its live quadratures (the one whose rate is not zero): the listed one is integrated as
// without the list, bit for bit, and the others keep their values. Leaving a listed one out would leave it at its
// start, 0, instead of ∫₀⁵ cos² t dt = 2.5 + sin(10)/4.
TEST(DormandPrince, OnlyTheLiveQuadraturesAreSummed) {
  auto run = [](bool listed, std::vector<double>& end) {
    const std::vector<int> live = {3};
    struct Listing final : DormandPrince::Function {
      int operator()(double, const double* y, double* ydot) override {
        ydot[0] = y[1];
        ydot[1] = -y[0];
        ydot[2] = 0.0;  // a ledger entry without a contact
        ydot[3] = y[0] * y[0];
        ydot[4] = 0.0;
        return 0;
      }
      const std::vector<int>* live_quadrature() override { return live; }
      const std::vector<int>* live = nullptr;
    } f;
    if (listed) f.live = &live;
    DormandPrince method(5, 2);
    const std::vector<double> atol = {1e-10, 1e-10};
    method.set_tolerances(1e-10, atol);
    const double y0[] = {1.0, 0.0, 1.0, 0.0, -2.0};
    method.reset(0.0, y0, 0.0, f);
    integrate(method, f, 5.0);
    end.assign(method.state(), method.state() + 5);
  };
  std::vector<double> sparse, dense;
  run(true, sparse);
  run(false, dense);
  EXPECT_EQ(sparse, dense);
  EXPECT_EQ(sparse[2], 1.0);
  EXPECT_EQ(sparse[4], -2.0);
  EXPECT_NEAR(sparse[3], 2.5 + 0.25 * std::sin(10.0), 1e-9);
}

// The live quadratures move: x² goes to entry 2 + k during the k-th window of 13 ms, k taken modulo 6, so that a
// window can lie inside one step's stages; the function lists the entries its rate buffers hold (as a run's ledger
// keeps them, RunOde). The step copies into its stage vector only what the last two steps changed (the vector is the
// state of two steps back): the sums must be the dense sum's bit for bit, through a restart too.
TEST(DormandPrince, LiveQuadraturesThatMoveAreSummedAsTheDenseSum) {
  constexpr int kEntries = 6;
  constexpr double kWindow = 0.013;
  auto run = [](bool listed, std::vector<double>& end) {
    struct Moving final : DormandPrince::Function {
      int operator()(double t, const double* y, double* ydot) override {
        ydot[0] = y[1];
        ydot[1] = -y[0];
        const int window = static_cast<int>(std::max(t, 0.0) / kWindow) % kEntries;
        for (int j = 0; j < kEntries; ++j) ydot[2 + j] = j == window ? y[0] * y[0] : 0.0;
        held[ydot] = 2 + window;
        live.clear();
        for (const auto& [buffer, entry] : held) live.push_back(entry);
        std::sort(live.begin(), live.end());
        live.erase(std::unique(live.begin(), live.end()), live.end());
        return 0;
      }
      const std::vector<int>* live_quadrature() override { return listed ? &live : nullptr; }
      bool listed = false;
      std::map<const double*, int> held;
      std::vector<int> live;
    } f;
    f.listed = listed;
    DormandPrince method(2 + kEntries, 2);
    const std::vector<double> atol = {1e-10, 1e-10};
    method.set_tolerances(1e-10, atol);
    method.set_max_step(0.05);
    std::vector<double> y0(2 + kEntries, 0.0);
    y0[0] = 1.0;
    ASSERT_EQ(method.reset(0.0, y0.data(), 0.0, f), DormandPrince::Status::kSuccess);
    integrate(method, f, 2.5);
    const std::vector<double> middle(method.state(), method.state() + 2 + kEntries);
    ASSERT_EQ(method.reset(method.time(), middle.data(), method.next_step(), f), DormandPrince::Status::kSuccess);
    integrate(method, f, 6.0);
    end.assign(method.state(), method.state() + 2 + kEntries);
  };
  std::vector<double> sparse, dense;
  run(true, sparse);
  run(false, dense);
  EXPECT_EQ(sparse, dense);
  // The windows partition the time: the entries add up to ∫₀⁶ cos² t dt = 3 + sin(12)/4, to the tolerance (the
  // integrand of each jumps, their sum does not).
  double total = 0.0;
  for (int k = 0; k < kEntries; ++k) {
    EXPECT_GT(sparse[static_cast<std::size_t>(2 + k)], 0.25) << "every entry takes its turns (about a sixth of 3 each)";
    total += sparse[static_cast<std::size_t>(2 + k)];
  }
  EXPECT_NEAR(total, 3.0 + 0.25 * std::sin(12.0), 1e-7);
}

TEST(DormandPrince, ReportsAFailingFunctionAndACollapsingStep) {
  Lambda failing([](double t, const double*, double* ydot) {
    ydot[0] = 1.0;
    return t > 0.5 ? -1 : 0;
  });
  DormandPrince method(1, 1);
  const std::vector<double> atol = {1e-10};
  method.set_tolerances(1e-10, atol);
  const double y0 = 0.0;
  method.reset(0.0, &y0, 0.1, failing);
  DormandPrince::Status status = DormandPrince::Status::kSuccess;
  while (status == DormandPrince::Status::kSuccess && method.time() < 1.0) status = method.step(1.0, failing);
  EXPECT_EQ(status, DormandPrince::Status::kFunctionFailure);
  EXPECT_LE(method.time(), 0.5) << "the state stays at the last good step";

  // y' = y² from y(0) = 1 blows up at t = 1: the step shrinks to round-off before it.
  Lambda blowing_up([](double, const double* y, double* ydot) {
    ydot[0] = y[0] * y[0];
    return 0;
  });
  DormandPrince method2(1, 1);
  method2.set_tolerances(1e-8, atol);
  const double one = 1.0;
  method2.reset(0.0, &one, 0.0, blowing_up);
  status = DormandPrince::Status::kSuccess;
  long steps = 0;
  while (status == DormandPrince::Status::kSuccess && method2.time() < 2.0 && steps < 100000) {
    status = method2.step(2.0, blowing_up);
    ++steps;
  }
  EXPECT_EQ(status, DormandPrince::Status::kStepCollapsed);
  // The numerical solution's pole lies within the tolerance of t = 1 (5e-10 after it, at rtol 1e-8).
  EXPECT_NEAR(method2.time(), 1.0, 1e-8);
  EXPECT_GT(method2.state()[0], 1e6) << "it follows 1/(1 − t) far up the pole first";
}

// The starting-step rule gives a first step the error test accepts, of the right size for the problem's scale.
TEST(DormandPrince, StartingStepFitsTheProblem) {
  for (double frequency : {1.0, 1e3, 1e6}) {
    Lambda f([frequency](double, const double* y, double* ydot) {
      ydot[0] = frequency * y[1];
      ydot[1] = -frequency * y[0];
      return 0;
    });
    DormandPrince method(2, 2);
    const std::vector<double> atol = {1e-12, 1e-12};
    method.set_tolerances(1e-9, atol);
    const double y0[] = {1.0, 0.0};
    method.reset(0.0, y0, 0.0, f);
    const double first = method.next_step();
    ASSERT_EQ(method.step(1.0, f), DormandPrince::Status::kSuccess);
    EXPECT_EQ(method.rejected_steps(), 0) << "frequency " << frequency;
    EXPECT_GT(first * frequency, 1e-4);
    EXPECT_LT(first * frequency, 1.0);
  }
}

}  // namespace
}  // namespace contactlab
