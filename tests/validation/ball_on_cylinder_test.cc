// SPDX-License-Identifier: MIT
// Validation item 1 (docs/validation.md §1): a steel ball on cylindrical specimens C1 and C2 at 0.094 and
// 0.5 m/s, Alves et al. (S000) §4 Table 4 — the maximum contact force of eight laws, run on
// scenes/ball_on_cylinder_{c1,c2}_{slow,fast}.yaml exactly as `contactlab run SCENE --model LAW`.
//
// Published: S000 Table 4 (models.md §5.2, verbatim). Tolerance ±0.5 %: models.md §5.2 reproduced Table 4
// independently and found all models within 0.25 %, with an offset common to every model of a column that
// alternates in sign with the speed (+0.1 % at 0.094 m/s, −0.2 % at 0.5 m/s; S000's peak capture by time
// stepping); ±0.5 % is twice that. Against that reproduction itself (models.md §5.2 [computed]) ±0.1 %: it
// used Table 3's rounded K = 2.46e10 / 2.41e10, the scenes compute K from the materials (2.4614e10 /
// 2.4140e10), and F_max ∝ K^(2/5), so ≤ 0.07 %.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "scene_run.h"

namespace contactlab::validation {
namespace {

struct Column {
  const char* scene;
  double experiment;  // S000 Table 4, "Experimental [16]" [N]
};

constexpr std::array<Column, 4> kColumns{{
    {"ball_on_cylinder_c1_slow.yaml", 663.0},
    {"ball_on_cylinder_c1_fast.yaml", 4709.6},
    {"ball_on_cylinder_c2_slow.yaml", 660.2},
    {"ball_on_cylinder_c2_fast.yaml", 4364.6},
}};

struct Row {
  const char* law;
  std::array<double, 4> published;  // S000 Table 4 F_max [N], columns as kColumns
  std::array<double, 4> computed;   // models.md §5.2 [computed] F_max [N]
};

constexpr std::array<Row, 8> kTable4{{
    {"hertz", {662.5, 4937.8, 657.5, 4899.9}, {663.3, 4928.6, 657.9, 4888.2}},
    {"hunt_crossley", {652.7, 4817.6, 630.6, 4496.4}, {653.6, 4809.5, 631.1, 4488.1}},
    {"herbert_mcwhannell", {652.4, 4812.8, 628.9, 4464.1}, {653.4, 4804.8, 629.4, 4454.4}},
    {"lee_wang", {657.4, 4874.3, 642.6, 4633.5}, {658.3, 4865.6, 643.1, 4623.1}},
    {"lankarani_nikravesh", {652.8, 4820.0, 631.5, 4522.3}, {653.7, 4811.9, 632.0, 4512.4}},
    {"gonthier", {649.5, 4780.2, 622.9, 4436.0}, {650.5, 4772.4, 623.4, 4426.3}},
    {"zhiying_qishao", {652.3, 4810.1, 627.8, 4444.0}, {653.2, 4802.2, 628.4, 4434.3}},
    {"flores", {651.8, 4805.2, 627.2, 4445.5}, {652.7, 4797.3, 627.8, 4435.9}},
}};

constexpr double kTolerance = 0.005;          // against Table 4
constexpr double kComputedTolerance = 0.001;  // against models.md's reproduction

struct Measured {
  SimulationStatus status = SimulationStatus::kNumericalError;
  std::string message;
  std::size_t impacts = 0;
  double max_force = 0.0;
  double relative_energy_error = 0.0;
};

// Every law on every scene, run once (32 runs of a few milliseconds).
const std::array<std::array<Measured, kColumns.size()>, kTable4.size()>& measured() {
  static const auto table = [] {
    std::array<std::array<Measured, kColumns.size()>, kTable4.size()> t{};
    for (std::size_t row = 0; row < kTable4.size(); ++row) {
      for (std::size_t column = 0; column < kColumns.size(); ++column) {
        const SceneRun run = run_scene(kColumns[column].scene, kTable4[row].law);
        Measured& m = t[row][column];
        m.status = run.result.status;
        m.message = run.result.message;
        m.impacts = run.result.impacts.size();
        m.max_force = m.impacts > 0 ? run.impact().max_force : 0.0;
        m.relative_energy_error = run.relative_energy_error();
      }
    }
    return t;
  }();
  return table;
}

TEST(ValidationBallOnCylinder, MaximumForceMatchesS000Table4) {
  for (std::size_t column = 0; column < kColumns.size(); ++column) {
    std::array<double, kTable4.size()> offsets{};
    for (std::size_t row = 0; row < kTable4.size(); ++row) {
      const Row& law = kTable4[row];
      SCOPED_TRACE(std::string("contactlab run scenes/") + kColumns[column].scene + " --model " + law.law);
      const Measured& m = measured()[row][column];
      ASSERT_EQ(m.status, SimulationStatus::kCompleted) << m.message;
      ASSERT_EQ(m.impacts, 1u);
      EXPECT_NEAR(m.max_force / law.published[column], 1.0, kTolerance) << "published " << law.published[column];
      EXPECT_NEAR(m.max_force / law.computed[column], 1.0, kComputedTolerance) << "models.md " << law.computed[column];
      EXPECT_LT(m.relative_energy_error, 1e-6);
      offsets[row] = m.max_force / law.published[column] - 1.0;
    }
    // The offset from Table 4 is systematic (models.md §5.2): nearly the same for every law of a column (the
    // spread is below 0.1 %, against offsets of 0.11–0.17 %) and of one sign.
    const auto [low, high] = std::minmax_element(offsets.begin(), offsets.end());
    EXPECT_LT(*high - *low, 1e-3) << kColumns[column].scene;
    EXPECT_GT(*low * *high, 0.0) << kColumns[column].scene;
  }
}

TEST(ValidationBallOnCylinder, LawOrderingMatchesTable4) {
  // Within each column the laws rank by F_max exactly as in Table 4 (models.md §5.2: "identical").
  for (std::size_t column = 0; column < kColumns.size(); ++column) {
    SCOPED_TRACE(kColumns[column].scene);
    for (std::size_t a = 0; a < kTable4.size(); ++a) {
      for (std::size_t b = a + 1; b < kTable4.size(); ++b) {
        const double published = kTable4[a].published[column] - kTable4[b].published[column];
        const double ours = measured()[a][column].max_force - measured()[b][column].max_force;
        EXPECT_GT(ours * published, 0.0) << kTable4[a].law << " vs " << kTable4[b].law;
      }
    }
  }
}

TEST(ValidationBallOnCylinder, ErrorAgainstTheExperimentAsPublished) {
  // S000's Error column, (F − F_exp)/F_exp, printed to 0.1 %: ours differs from it by our offset from the
  // published F_max (≤ 0.25 %, above) plus the rounding, so within 0.3 percentage points.
  constexpr std::array<std::array<double, 4>, 8> kPrintedError{{
      {-0.1, 4.8, -0.4, 12.3}, {-1.6, 2.3, -4.5, 3.0}, {-1.6, 2.2, -4.7, 2.3}, {-0.8, 3.5, -2.7, 6.2},
      {-1.5, 2.3, -4.3, 3.6}, {-2.0, 1.5, -5.7, 1.6}, {-1.6, 2.1, -4.9, 1.8}, {-1.7, 2.0, -5.0, 1.9}}};
  for (std::size_t row = 0; row < kTable4.size(); ++row) {
    for (std::size_t column = 0; column < kColumns.size(); ++column) {
      const double error = 100.0 * (measured()[row][column].max_force / kColumns[column].experiment - 1.0);
      EXPECT_NEAR(error, kPrintedError[row][column], 0.3) << kTable4[row].law << " on " << kColumns[column].scene;
    }
  }
}

}  // namespace
}  // namespace contactlab::validation
