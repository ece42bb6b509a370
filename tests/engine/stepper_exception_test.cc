// SPDX-License-Identifier: MIT
// An exception thrown by the system's right-hand side or event functions (a force law written in Python raises)
// leaves every stepper as itself: advance() throws it, the SUNDIALS ones after SUNDIALS has returned (it must not
// cross their C frames, which it would leave without their cleanup).
#include <memory>
#include <stdexcept>

#include <gtest/gtest.h>

#include "engine/stepper.h"

namespace contactlab {
namespace {

struct SystemFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// y' = −y; throws at the right-hand side evaluation number `fail_at_rhs`, or the event function evaluation number
// `fail_at_root` (g = y − 0.5, which falls at t = ln 2).
class Decay final : public OdeSystem {
 public:
  Decay(long fail_at_rhs, long fail_at_root) : fail_at_rhs_(fail_at_rhs), fail_at_root_(fail_at_root) {}
  int size() const override { return 1; }
  int dynamic_size() const override { return 1; }
  int coordinates() const override { return 1; }
  int velocities() const override { return 0; }
  int root_count() const override { return 1; }
  const int* root_directions() const override { return &direction_; }
  int rhs(double, const double* y, double* ydot) override {
    if (++rhs_evaluations == fail_at_rhs_) throw SystemFailure("rhs");
    ydot[0] = -y[0];
    return 0;
  }
  int roots(double, const double* y, const double*, double* g, int) override {
    if (++root_evaluations == fail_at_root_) throw SystemFailure("roots");
    g[0] = y[0] - 0.5;
    return 0;
  }
  void configuration_rate(const double*, const double*, double*) override {}
  long rhs_evaluations = 0;
  long root_evaluations = 0;

 private:
  long fail_at_rhs_;
  long fail_at_root_;
  int direction_ = -1;
};

// Advances from y(0) = 1 to t = 2 until the stepper fails or throws; the message of what it threw, or "".
std::string thrown_by(IntegratorMethod method, Decay& system) {
  IntegratorOptions options;
  options.method = method;
  options.step = 1e-3;
  const double y0 = 1.0;
  double t = 0.0, y = y0;
  try {
    // The explicit methods evaluate the right-hand side at the start already.
    std::unique_ptr<Stepper> stepper = make_stepper(system, options, 0.0, &y0, 2.0);
    for (int i = 0; i < 100000 && t < 2.0; ++i) {
      const Stepper::Outcome outcome = stepper->advance(2.0, t, &y);
      if (outcome == Stepper::Outcome::kFailure) return "failure: " + stepper->message();
      if (outcome == Stepper::Outcome::kRoot) stepper->restart(t, &y, stepper->last_step());
    }
  } catch (const SystemFailure& failure) {
    return failure.what();
  }
  return "";
}

class StepperException : public testing::TestWithParam<IntegratorMethod> {};

// At every one of the first evaluations: in a step, its error test, BDF's difference-quotient Jacobian and Newton
// iterations, the root finder.
TEST_P(StepperException, FromTheRightHandSideIsThrownByAdvance) {
  for (long n = 1; n <= 60; ++n) {
    Decay system(n, -1);
    EXPECT_EQ(thrown_by(GetParam(), system), "rhs") << "at evaluation " << n;
    EXPECT_EQ(system.rhs_evaluations, n);  // not called again once it threw
  }
}

TEST_P(StepperException, FromTheEventFunctionsIsThrownByAdvance) {
  for (long n = 1; n <= 20; ++n) {
    Decay system(-1, n);
    EXPECT_EQ(thrown_by(GetParam(), system), "roots") << "at evaluation " << n;
    EXPECT_EQ(system.root_evaluations, n);
  }
}

INSTANTIATE_TEST_SUITE_P(Methods, StepperException,
                         testing::Values(IntegratorMethod::kDormandPrince, IntegratorMethod::kArkodeDormandPrince,
                                         IntegratorMethod::kBdf, IntegratorMethod::kRungeKutta4),
                         [](const testing::TestParamInfo<IntegratorMethod>& info) {
                           return std::string(integrator_method_name(info.param));
                         });

}  // namespace
}  // namespace contactlab
