// SPDX-License-Identifier: MIT
// engine/stepper.h: the state inside the last step, whole or the listed components (what the contact events ask
// for a new impact's largest closing speed), the same numbers either way and the ODE's solution there.
#include <cmath>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/stepper.h"

namespace contactlab {
namespace {

// y = (cos t, sin t, e^{−t}): y' = (−y₁, y₀, −y₂); no event functions.
class RotationAndDecay final : public OdeSystem {
 public:
  int size() const override { return 3; }
  int dynamic_size() const override { return 3; }
  int coordinates() const override { return 3; }
  int velocities() const override { return 0; }
  int root_count() const override { return 0; }
  const int* root_directions() const override { return nullptr; }
  int rhs(double, const double* y, double* ydot) override {
    ydot[0] = -y[1];
    ydot[1] = y[0];
    ydot[2] = -y[2];
    return 0;
  }
  int roots(double, const double*, const double*, double*, int) override { return 0; }
  void configuration_rate(const double*, const double*, double*) override {}
};

class StepperInterpolation : public testing::TestWithParam<IntegratorMethod> {};

TEST_P(StepperInterpolation, ListedComponentsAreTheWholeStatesAndTheSolution) {
  RotationAndDecay system;
  IntegratorOptions options;
  options.method = GetParam();
  options.relative_tolerance = 1e-10;
  options.absolute_tolerance = 1e-12;
  const double y0[] = {1.0, 0.0, 1.0};
  std::unique_ptr<Stepper> stepper = make_stepper(system, options, 0.0, y0, 1.0);
  double t = 0.0;
  double y[] = {1.0, 0.0, 1.0};
  // A few steps in, so that the last one starts away from t = 0.
  for (int i = 0; i < 3; ++i) ASSERT_EQ(stepper->advance(1.0, t, y), Stepper::Outcome::kStep);
  const double inside = t - 0.4 * stepper->last_step();
  std::vector<double> whole(3, 0.0);
  ASSERT_TRUE(stepper->interpolate(inside, whole.data()));
  const int listed[] = {2, 0};
  std::vector<double> some(3, -7.0);
  ASSERT_TRUE(stepper->interpolate(inside, listed, some.data()));
  for (int i : listed) EXPECT_EQ(some[static_cast<std::size_t>(i)], whole[static_cast<std::size_t>(i)]) << i;
  // The dense output to the tolerances' order: 1e-7 bounds BDF's interpolant at rtol 1e-10 (the Dormand–Prince
  // continuous extension, of order 4, is closer still).
  EXPECT_NEAR(whole[0], std::cos(inside), 1e-7);
  EXPECT_NEAR(whole[1], std::sin(inside), 1e-7);
  EXPECT_NEAR(whole[2], std::exp(-inside), 1e-7);
}

INSTANTIATE_TEST_SUITE_P(Methods, StepperInterpolation,
                         testing::Values(IntegratorMethod::kDormandPrince, IntegratorMethod::kArkodeDormandPrince,
                                         IntegratorMethod::kBdf),
                         [](const testing::TestParamInfo<IntegratorMethod>& info) {
                           return std::string(integrator_method_name(info.param));
                         });

}  // namespace
}  // namespace contactlab
