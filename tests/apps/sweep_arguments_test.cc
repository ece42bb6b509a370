// SPDX-License-Identifier: MIT
// `contactlab sweep` arguments (apps/sweep.h), without the engine: --vary lists and ranges (linear and log),
// every malformed argument rejected with a message naming it, the row-major order of the cartesian product,
// and the sweep.csv layout.
#include "apps/sweep.h"

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "apps/output_files.h"
#include "apps/parallel.h"

namespace contactlab {
namespace {

const std::map<std::string, double> kVariables = {{"restitution", 0.4}, {"impact_velocity", 2.8}, {"g", 9.81}, {"mass", 0.11}};

std::vector<std::string> values(const std::string& argument) { return parse_vary(argument, kVariables).values; }

// The message of the SweepArgumentError that `argument` raises ("" if none).
std::string rejection(const std::vector<std::string>& arguments, const std::vector<std::string>& set_names = {}) {
  try {
    parse_sweep(arguments, kVariables, set_names);
  } catch (const SweepArgumentError& error) {
    return error.what();
  }
  return "";
}

TEST(SweepArguments, ListsAreExpressionsSeparatedByCommas) {
  const SweepVariable variable = parse_vary("restitution=0.1, 0.5 ,0.9", kVariables);
  EXPECT_EQ(variable.name, "restitution");
  EXPECT_EQ(variable.values, (std::vector<std::string>{"0.1", "0.5", "0.9"}));
  EXPECT_EQ(values("mass=1e3"), (std::vector<std::string>{"1000"}));  // a plain number as the scene reports it
  // Expressions are kept for the scene to evaluate; commas inside parentheses belong to them.
  EXPECT_EQ(values("impact_velocity=max(1, 2),sqrt(2*g*0.5),3"),
            (std::vector<std::string>{"max(1, 2)", "sqrt(2*g*0.5)", "3"}));
}

TEST(SweepArguments, RangesAreLinearlySpacedWithBothEnds) {
  EXPECT_EQ(values("restitution=1:2:5"), (std::vector<std::string>{"1", "1.25", "1.5", "1.75", "2"}));
  // Interior values are rounded to 15 significant digits: 0.3, not 0.30000000000000004.
  EXPECT_EQ(values("restitution=0.1:0.8:8"),
            (std::vector<std::string>{"0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8"}));
  EXPECT_EQ(values("restitution=1:0:3"), (std::vector<std::string>{"1", "0.5", "0"}));  // decreasing
  EXPECT_EQ(values("restitution=-1:1:2"), (std::vector<std::string>{"-1", "1"}));
  // Expression ends are evaluated with the scene's variables and kept exact.
  const std::vector<std::string> ends = values("impact_velocity=g/2:2*g:3");
  ASSERT_EQ(ends.size(), 3u);
  EXPECT_EQ(ends.front(), format_number(9.81 / 2));
  EXPECT_EQ(ends.back(), format_number(2 * 9.81));
}

TEST(SweepArguments, LogRangesAreGeometricallySpaced) {
  EXPECT_EQ(values("mass=1:1000:4:log"), (std::vector<std::string>{"1", "10", "100", "1000"}));
  EXPECT_EQ(values("mass=1e-3:1:4:log"), (std::vector<std::string>{"0.001", "0.01", "0.1", "1"}));
  EXPECT_EQ(values("mass=100:1:3:log"), (std::vector<std::string>{"100", "10", "1"}));
  EXPECT_EQ(values("mass = 2 : 8 : 3 : log"), (std::vector<std::string>{"2", "4", "8"}));  // blanks are ignored
}

TEST(SweepArguments, MalformedArgumentsNameTheArgumentAndWhatWasExpected) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"restitution", "expected NAME=VALUES"},
      {"=0.1,0.2", "expected NAME=VALUES"},
      {"restitution=", "no values"},
      {"stiffness=1,2", "the scene has no variable 'stiffness'; its variables are g, impact_velocity, mass, restitution"},
      {"restitution=0.1,,0.2", "an empty value in the list"},
      {"restitution=0.1,", "an empty value in the list"},
      {"restitution=0.1,bogus", "value 'bogus': unknown variable 'bogus'"},
      {"restitution=0.1,(0.2", "value '(0.2'"},
      {"restitution=0.1:0.5:1", "the count of a range must be an integer ≥ 2, found '1'"},
      {"restitution=0.1:0.5:0", "found '0'"},
      {"restitution=0.1:0.5:-3", "found '-3'"},
      {"restitution=0.1:0.5:2.5", "found '2.5'"},
      {"restitution=0.1:0.5:x", "found 'x'"},
      {"restitution=0.1:0.5:", "found ''"},
      {"restitution=0.1:0.5", "a range has the form start:stop:count or start:stop:count:log"},
      {"restitution=0.1:0.5:3:lin", "a range has the form start:stop:count or start:stop:count:log"},
      {"restitution=0.1:0.5:3:log:2", "a range has the form"},
      {"restitution=:0.5:3", "range start ''"},
      {"restitution=0.1:nope:3", "range stop 'nope': unknown variable 'nope'"},
      {"mass=0:1:3:log", "a log range needs both ends > 0, found 0 and 1"},
      {"mass=-1:-10:3:log", "a log range needs both ends > 0, found -1 and -10"},
      {"mass=1:1/0:3", "division by zero"},
  };
  for (const auto& [argument, expected] : cases) {
    const std::string message = rejection({argument});
    EXPECT_NE(message.find("--vary " + argument + ":"), std::string::npos) << argument << " → " << message;
    EXPECT_NE(message.find(expected), std::string::npos) << argument << " → " << message;
  }
  EXPECT_NE(rejection({"restitution=0.1,0.2", "mass=1", "restitution=0.3"}).find(
                "--vary restitution=0.3: 'restitution' is already varied"),
            std::string::npos);
  EXPECT_NE(rejection({"restitution=0.1,0.2"}, {"mass", "restitution"}).find("'restitution' is also given with --set"),
            std::string::npos);
  EXPECT_NE(rejection({}).find("--vary: expected at least one NAME=VALUES"), std::string::npos);
  EXPECT_NE(rejection({"restitution=0:1:1000", "mass=1:2:1000", "g=1:2:1000"}).find(
                "--vary g=1:2:1000: the sweep would have more than 1000000 runs"),
            std::string::npos);
  EXPECT_EQ(rejection({"restitution=0.1,0.2", "mass=1:2:3"}, {"g"}), "");
}

TEST(SweepArguments, TheCartesianProductIsRowMajor) {
  const std::vector<SweepVariable> sweep = parse_sweep({"restitution=0.2,0.5", "impact_velocity=1:3:3"}, kVariables, {});
  ASSERT_EQ(sweep_size(sweep), 6u);
  const std::vector<std::vector<std::size_t>> expected = {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}};
  for (std::size_t run = 0; run < expected.size(); ++run) EXPECT_EQ(sweep_point(sweep, run), expected[run]) << run;
  const std::vector<SweepVariable> three = parse_sweep({"mass=1,2", "g=1,2,3", "restitution=0.1,0.2"}, kVariables, {});
  EXPECT_EQ(sweep_size(three), 12u);
  EXPECT_EQ(sweep_point(three, 7), (std::vector<std::size_t>{1, 0, 1}));
}

TEST(SweepArguments, CsvHasOneRowPerImpactAndCasesOneRowPerRunPaddedToTheHeader) {
  SweepSetup setup;
  setup.scene_file = "scene.yaml";
  setup.variables = parse_sweep({"restitution=0.2,0.5"}, kVariables, {});
  std::vector<SweepRun> runs(2);
  runs[0].values = {"0.2"};
  runs[0].status = SweepRunStatus::kCompleted;
  runs[0].impacts.resize(2);
  runs[0].impacts[0].pair = "wall/body";
  runs[0].impacts[0].t_start = 1.0;
  runs[0].impacts[0].t_end = 1.5;
  runs[0].impacts[1].pair = "wall/body";
  runs[0].impacts[1].t_start = 2.0;
  runs[0].impacts[1].open = true;
  runs[0].measures = {{"peak", 3.5, "N"}};
  runs[1].values = {"0.5"};
  runs[1].status = SweepRunStatus::kBadInput;
  runs[1].message = "contacts.parameters.restitution: expected restitution in (0, 1], found 1.5";
  std::istringstream csv(sweep_csv(setup, runs));
  std::vector<std::string> lines;
  for (std::string line; std::getline(csv, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0],
            "case,var.restitution,impact,pair,point,t_start,t_end,open,impact_velocity,separation_velocity,restitution,"
            "max_indentation,max_force,min_force,effective_mass,dissipated_energy,slip_velocity,separation_slip_velocity,"
            "impact_angle,rebound_angle,separation_spin,slip_distance,friction_work,stick_time");
  EXPECT_EQ(lines[1].rfind("1,0.2,1,wall/body,0,1,1.5,0,", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind("1,0.2,2,wall/body,0,2,0,1,", 0), 0u) << lines[2];
  Scene scene;
  scene.measures.resize(1);
  scene.measures[0].name = "peak";
  std::istringstream cases_csv(sweep_cases_csv(scene, setup, runs));
  std::vector<std::string> cases;
  for (std::string line; std::getline(cases_csv, line);) cases.push_back(line);
  ASSERT_EQ(cases.size(), 3u);
  EXPECT_EQ(cases[0], "case,var.restitution,status,message,impacts,measure.peak,steps,rhs_evaluations,end_time,wall_time_s");
  EXPECT_EQ(cases[1], "1,0.2,ok,,2,3.5,0,0,0,0");
  EXPECT_EQ(cases[2], "2,0.5,bad_input,\"contacts.parameters.restitution: expected restitution in (0, 1], found 1.5\",,,,,,");
  EXPECT_EQ(sweep_run_command(setup, runs[0]), "contactlab run scene.yaml --set restitution=0.2");
  setup.law = "hunt_crossley";
  setup.overrides = {"mass=2*g"};
  EXPECT_EQ(sweep_run_command(setup, runs[1]), "contactlab run scene.yaml --model hunt_crossley --set 'mass=2*g' --set restitution=0.5");
}

TEST(Parallel, EveryTaskRunsOnceAndWritesItsOwnSlot) {
  for (const int threads : {1, 2, 3, 8}) {
    std::vector<int> slots(17, 0);
    const int used = run_in_parallel(slots.size(), threads, [&](std::size_t i) { slots[i] += static_cast<int>(i) + 1; });
    EXPECT_EQ(used, std::min(threads, 17)) << threads;
    for (std::size_t i = 0; i < slots.size(); ++i) EXPECT_EQ(slots[i], static_cast<int>(i) + 1) << threads;
  }
  EXPECT_EQ(run_in_parallel(0, 4, [](std::size_t) {}), 0);
  EXPECT_EQ(run_in_parallel(2, 4, [](std::size_t) {}), 2);  // never more threads than tasks
  EXPECT_GE(default_thread_count(100), 1);
  EXPECT_EQ(default_thread_count(1), 1);
}

TEST(Parallel, TheLowestNumberedFailureIsRethrownAfterEveryTaskRan) {
  std::vector<int> ran(10, 0);
  try {
    run_in_parallel(ran.size(), 3, [&](std::size_t i) {
      ran[i] = 1;
      if (i == 4 || i == 7) throw std::runtime_error("task " + std::to_string(i));
    });
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& error) {
    EXPECT_STREQ(error.what(), "task 4");
  }
  for (const int r : ran) EXPECT_EQ(r, 1);
}

}  // namespace
}  // namespace contactlab
