// SPDX-License-Identifier: MIT
// A sweep's documents (apps/sweep_case.h): a case's outcome and a plan read back exactly as written — every field of
// every impact (distinct values, so a field read into another one's place shows), NaN and infinities, the counters —
// and malformed documents refused with what is wrong.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "apps/impact_columns.h"
#include "apps/sweep_case.h"

namespace contactlab {
namespace {

ImpactRecord record_with_distinct_fields(double base) {
  ImpactRecord r;
  r.pair = "wall/ball";
  r.shape_a = 3;
  r.shape_b = 7;
  r.point = 2;
  r.open = true;
  double* fields[] = {&r.t_start, &r.t_end, &r.impact_velocity, &r.separation_velocity, &r.restitution,
                      &r.max_indentation, &r.max_force, &r.min_force, &r.effective_mass, &r.impulse,
                      &r.compression_time, &r.indentation_at_max_force, &r.velocity_at_max_force,
                      &r.dissipated_energy, &r.slip_velocity, &r.separation_slip_velocity, &r.impact_angle,
                      &r.rebound_angle, &r.separation_spin, &r.slip_distance, &r.friction_work, &r.stick_time};
  double value = base;
  for (double* field : fields) *field = (value += 0.1) / 3.0;  // not short decimals: the round trip must be exact
  return r;
}

TEST(SweepCase, AnOutcomeReadsBackExactly) {
  SweepRun run;
  run.values = {"0.5", "2"};
  run.status = SweepRunStatus::kNumericalTrouble;
  run.message = "t = 0.1 s, pair wall/ball, law hertz: \"deep\"";
  run.impacts = {record_with_distinct_fields(1.0), record_with_distinct_fields(5.0)};
  run.impacts[1].restitution = std::numeric_limits<double>::quiet_NaN();
  run.impacts[1].friction_work = -std::numeric_limits<double>::infinity();
  run.measures = {{"rebound", 1.0 / 7.0, "m/s"}, {"empty", std::numeric_limits<double>::quiet_NaN(), ""}};
  run.stats = {.steps = 11, .step_attempts = 12, .error_test_failures = 13, .rhs_evaluations = 14, .contact_evaluations = 15,
               .root_evaluations = 16, .events = 17, .broadphase_refreshes = 18, .resting_steps = 19};
  run.end_time = 0.1 / 3.0;
  run.wall_time_s = 2.0 / 3.0;

  const SweepRun back = sweep_run_from_json(nlohmann::ordered_json::parse(sweep_run_json(run).dump()));
  EXPECT_EQ(back.values, run.values);
  EXPECT_EQ(back.status, run.status);
  EXPECT_EQ(back.message, run.message);
  ASSERT_EQ(back.impacts.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const ImpactRecord& a = run.impacts[i];
    const ImpactRecord& b = back.impacts[i];
    EXPECT_EQ(b.pair, a.pair);
    EXPECT_EQ(b.shape_a, a.shape_a);
    EXPECT_EQ(b.shape_b, a.shape_b);
    EXPECT_EQ(b.point, a.point);
    EXPECT_EQ(b.open, a.open);
    for (const ImpactColumn& column : kImpactColumns) {  // the recorded fields, and the derived ones from them
      const double x = column.value(a), y = column.value(b);
      if (std::isnan(x)) EXPECT_TRUE(std::isnan(y)) << column.name;
      else EXPECT_EQ(y, x) << column.name;
    }
    EXPECT_EQ(b.impulse, a.impulse);
    EXPECT_EQ(b.compression_time, a.compression_time);
    EXPECT_EQ(b.indentation_at_max_force, a.indentation_at_max_force);
    EXPECT_EQ(b.velocity_at_max_force, a.velocity_at_max_force);
  }
  ASSERT_EQ(back.measures.size(), 2u);
  EXPECT_EQ(back.measures[0].value, 1.0 / 7.0);
  EXPECT_EQ(back.measures[0].unit, "m/s");
  EXPECT_TRUE(std::isnan(back.measures[1].value));
  EXPECT_EQ(back.stats.steps, 11);
  EXPECT_EQ(back.stats.contact_evaluations, 15);
  EXPECT_EQ(back.stats.broadphase_refreshes, 18);
  EXPECT_EQ(back.stats.resting_steps, 19);
  EXPECT_EQ(back.end_time, run.end_time);
  EXPECT_EQ(back.wall_time_s, run.wall_time_s);
}

TEST(SweepCase, APlanReadsBackAndAMalformedOneIsRefused) {
  SweepPlan plan;
  plan.setup = SweepSetup{"scenes/x.yaml", "hertz", {"mass=2"}, {{"restitution", {"0.1", "0.5"}}, {"v", {"1", "2", "3"}}}};
  plan.scene_text = "scene: x\n";
  plan.arguments = {"--model hertz", "--set mass=2", "--vary restitution=0.1,0.5", "--vary v=1:3:3"};
  nlohmann::ordered_json document = sweep_plan_json(plan);
  EXPECT_EQ(document["cases"], 6);
  const SweepPlan back = sweep_plan_from_json(document);
  EXPECT_EQ(back.setup.scene_file, plan.setup.scene_file);
  EXPECT_EQ(back.setup.law, "hertz");
  EXPECT_EQ(back.setup.overrides, plan.setup.overrides);
  ASSERT_EQ(back.setup.variables.size(), 2u);
  EXPECT_EQ(back.setup.variables[1].values, plan.setup.variables[1].values);
  EXPECT_EQ(back.scene_text, plan.scene_text);
  EXPECT_EQ(back.arguments, plan.arguments);

  document["cases"] = 5;
  EXPECT_THROW(sweep_plan_from_json(document), std::runtime_error);
  document.erase("scene_text");
  try {
    sweep_plan_from_json(document);
    FAIL() << "a plan without its scene was read";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("'scene_text'"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace contactlab
