// SPDX-License-Identifier: MIT
// `contactlab sweep` and `--threads` (docs/output.md), end to end through the executable: one row per run in
// row-major order in sweep_cases.csv and one per impact in sweep.csv, agreeing with each run's own `run --set …`
// (its impacts.csv row for row, its summary.json's measures), files that do not depend on the thread count,
// runs that fail marked with the exit code saying so, and bad arguments that exit 2 and write nothing; and the same
// sweep planned, run case by case and collected (--plan, run-case, --collect).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "tests/apps/cli_support.h"
#include "tests/apps/scratch_directory.h"

namespace {

namespace fs = std::filesystem;

int run(const std::string& arguments, const fs::path& log) { return contactlab::test::run_contactlab(arguments, log); }
std::string read(const fs::path& path) { return contactlab::test::read_file(path); }
using contactlab::test::csv_fields;
using contactlab::test::csv_rows;

const std::string kImpact = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/impact_1dof.yaml";

// sweep_cases.csv without its last column, wall_time_s (the only one that measures time).
std::string without_wall_times(const std::string& csv) {
  std::istringstream in(csv);
  std::string kept;
  for (std::string line; std::getline(in, line);) kept += line.substr(0, line.rfind(',')) + "\n";
  return kept;
}

// The integer after `"key": ` in summary.json.
std::string json_integer(const std::string& json, const std::string& key) {
  const auto at = json.find("\"" + key + "\": ");
  if (at == std::string::npos) return "";
  const auto begin = at + key.size() + 4;
  return json.substr(begin, json.find_first_not_of("0123456789", begin) - begin);
}

class Sweep : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = contactlab::test::fresh_test_directory("contactlab_sweep_test");
  }
  void TearDown() override { fs::remove_all(directory_); }
  fs::path directory_;
};

TEST_F(Sweep, RowsAreRowMajorAndAgreeWithEachSingleRun) {
  const fs::path out = directory_ / "sweep";
  ASSERT_EQ(run("sweep " + kImpact + " --model hunt_crossley --vary restitution=0.3,0.6 --vary impact_velocity=1:3:3 --out " +
                    out.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  const auto rows = csv_rows(out / "sweep_cases.csv");
  ASSERT_EQ(rows.size(), 6u);
  const auto impact_rows = csv_rows(out / "sweep.csv");
  const std::vector<std::pair<std::string, std::string>> expected = {{"0.3", "1"}, {"0.3", "2"}, {"0.3", "3"},
                                                                     {"0.6", "1"}, {"0.6", "2"}, {"0.6", "3"}};
  const std::string markdown = read(out / "sweep.md");
  std::size_t impact_row = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    EXPECT_EQ(row.at("case"), std::to_string(i + 1));
    EXPECT_EQ(row.at("var.restitution"), expected[i].first) << i;
    EXPECT_EQ(row.at("var.impact_velocity"), expected[i].second) << i;
    EXPECT_EQ(row.at("status"), "ok");
    EXPECT_EQ(row.at("message"), "");
    // The same run alone: its impacts, row for row and digit for digit, and its measures.
    const fs::path single = directory_ / ("run" + std::to_string(i));
    ASSERT_EQ(run("run " + kImpact + " --model hunt_crossley --set restitution=" + expected[i].first +
                      " --set impact_velocity=" + expected[i].second + " --out " + single.string(),
                  directory_ / "log"),
              0);
    const auto impacts = csv_rows(single / "impacts.csv");
    ASSERT_FALSE(impacts.empty());
    EXPECT_EQ(row.at("impacts"), std::to_string(impacts.size()));
    for (std::size_t k = 0; k < impacts.size(); ++k, ++impact_row) {
      ASSERT_LT(impact_row, impact_rows.size());
      const auto& sweep_impact = impact_rows[impact_row];
      EXPECT_EQ(sweep_impact.at("case"), std::to_string(i + 1));
      EXPECT_EQ(sweep_impact.at("var.restitution"), expected[i].first);
      EXPECT_EQ(sweep_impact.at("impact"), std::to_string(k + 1));
      for (const auto& [column, value] : impacts[k]) EXPECT_EQ(sweep_impact.at(column), value) << "run " << i + 1 << " " << column;
    }
    const std::string summary = read(single / "summary.json");
    EXPECT_EQ(row.at("steps"), json_integer(summary, "steps"));
    EXPECT_EQ(row.at("rhs_evaluations"), json_integer(summary, "rhs_evaluations"));
    // The scene's measures (scenes/impact_1dof.yaml): the same numbers as the run's summary.json.
    for (const std::string measure : {"rebound_velocity", "peak_deceleration"}) {
      const std::string value = row.at("measure." + measure);
      ASSERT_FALSE(value.empty()) << measure;
      const auto at = summary.find("\"" + measure + "\": {");
      ASSERT_NE(at, std::string::npos) << measure << "\n" << summary;
      EXPECT_EQ(std::stod(summary.substr(summary.find("\"value\": ", at) + 9)), std::stod(value)) << measure;
    }
    // sweep.md shows the restitution to 5 decimals.
    char printed[32];
    std::snprintf(printed, sizeof(printed), "%.5f", std::stod(impacts[0].at("restitution")));
    EXPECT_NE(markdown.find(printed), std::string::npos) << printed;
  }
  EXPECT_EQ(impact_row, impact_rows.size());  // no other rows
  // No per-run output, no temporary file: the unit's marker, the two tables and their provenance.
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(out)) files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{".contactlab", "provenance.json", "sweep.csv", "sweep.md", "sweep_cases.csv"}));
  EXPECT_NE(markdown.find("contactlab run " + kImpact + " --model hunt_crossley --set restitution=0.3 --set impact_velocity=1"),
            std::string::npos)
      << markdown;
}

TEST_F(Sweep, FilesDoNotDependOnTheThreadCount) {
  const std::string sweep = "sweep " + kImpact + " --vary restitution=0.2:0.8:4 --vary impact_velocity=0.5:8:3:log";
  ASSERT_EQ(run(sweep + " --threads 1 --out " + (directory_ / "one").string(), directory_ / "log_one"), 0);
  ASSERT_EQ(run(sweep + " --threads 2 --out " + (directory_ / "two").string(), directory_ / "log_two"), 0);
  ASSERT_EQ(run(sweep + " --out " + (directory_ / "default").string(), directory_ / "log_default"), 0);
  const std::string one = read(directory_ / "one" / "sweep_cases.csv");
  EXPECT_EQ(std::count(one.begin(), one.end(), '\n'), 13);
  EXPECT_EQ(without_wall_times(one), without_wall_times(read(directory_ / "two" / "sweep_cases.csv")));
  EXPECT_EQ(without_wall_times(one), without_wall_times(read(directory_ / "default" / "sweep_cases.csv")));
  EXPECT_NE(one, without_wall_times(one));  // the wall times are there
  EXPECT_NE(one.find("measure.peak_deceleration"), std::string::npos);
  // Every impact of every run, byte for byte (no wall time in it).
  const std::string impacts = read(directory_ / "one" / "sweep.csv");
  EXPECT_GE(std::count(impacts.begin(), impacts.end(), '\n'), 13);
  EXPECT_EQ(impacts, read(directory_ / "two" / "sweep.csv"));
  EXPECT_EQ(impacts, read(directory_ / "default" / "sweep.csv"));
  EXPECT_EQ(contactlab::test::without_provenance(read(directory_ / "one" / "sweep.md")),
            contactlab::test::without_provenance(read(directory_ / "two" / "sweep.md")));
  EXPECT_NE(read(directory_ / "one" / "sweep.md").find("## Provenance"), std::string::npos);
  EXPECT_NE(read(directory_ / "one" / "provenance.json").find("\"--vary "), std::string::npos);
  EXPECT_NE(read(directory_ / "log_one").find("12 runs (restitution 4 × impact_velocity 3), law zhang_sharf_exact, 1 thread,"),
            std::string::npos)
      << read(directory_ / "log_one");
  EXPECT_NE(read(directory_ / "log_two").find(", 2 threads,"), std::string::npos) << read(directory_ / "log_two");
  // More threads than runs: one per run.
  ASSERT_EQ(run("sweep " + kImpact + " --vary restitution=0.2,0.4 --threads 16 --out " + (directory_ / "few").string(),
                directory_ / "log"),
            0);
  EXPECT_NE(read(directory_ / "log").find("2 runs (restitution 2), law zhang_sharf_exact, 2 threads,"), std::string::npos)
      << read(directory_ / "log");
}

TEST_F(Sweep, RunsThatFailAreMarkedAndTheExitCodeSaysSo) {
  // restitution 1.5 is outside (0, 1]: that run's scene is bad input; stiffness 1e3 lets the body sink through the
  // wall: numerical trouble (indentation beyond the shape's size). The other runs complete.
  const fs::path out = directory_ / "sweep";
  EXPECT_EQ(run("sweep " + kImpact + " --vary restitution=0.5,1.5 --vary stiffness=1e3,1.88377e10 --out " + out.string(),
                directory_ / "log"),
            3)
      << read(directory_ / "log");
  const auto rows = csv_rows(out / "sweep_cases.csv");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].at("var.stiffness"), "1000");
  EXPECT_EQ(rows[0].at("status"), "numerical_trouble");
  EXPECT_NE(rows[0].at("message").find("wall/body"), std::string::npos) << rows[0].at("message");
  EXPECT_EQ(rows[0].at("impacts"), "1");
  EXPECT_EQ(rows[1].at("status"), "ok");
  for (const std::size_t i : {std::size_t{2}, std::size_t{3}}) {
    EXPECT_EQ(rows[i].at("status"), "bad_input");
    EXPECT_NE(rows[i].at("message").find("restitution"), std::string::npos) << rows[i].at("message");
    EXPECT_EQ(rows[i].at("impacts"), "");
    EXPECT_EQ(rows[i].at("measure.rebound_velocity"), "");
  }
  // The impacts of the runs that have a result: the stopped run's one impact up to the trouble, then run 2's.
  const auto impacts = csv_rows(out / "sweep.csv");
  ASSERT_EQ(impacts.size(), 2u);
  EXPECT_EQ(impacts[0].at("case"), "1");
  EXPECT_EQ(impacts[1].at("case"), "2");
  const std::string markdown = read(out / "sweep.md");
  EXPECT_NE(markdown.find("## Runs that did not complete"), std::string::npos);
  EXPECT_NE(markdown.find("| 3 | restitution=1.5 stiffness=1000 | bad input |"), std::string::npos) << markdown;
  EXPECT_NE(read(directory_ / "log").find("3 of 4 runs did not complete: 1 numerical trouble, 2 bad input"), std::string::npos);

  // Only values the scene rejects: files written, exit 2.
  EXPECT_EQ(run("sweep " + kImpact + " --vary restitution=0.5,1.5 --out " + (directory_ / "bad").string(), directory_ / "log"), 2);
  EXPECT_EQ(csv_rows(directory_ / "bad" / "sweep_cases.csv").size(), 2u);
}

TEST_F(Sweep, BadArgumentsExitTwoNameTheArgumentAndWriteNothing) {
  const fs::path out = directory_ / "out";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--vary nonsense", "--vary nonsense: expected NAME=VALUES"},
      {"--vary no_such_variable=1,2", "--vary no_such_variable=1,2: the scene has no variable 'no_such_variable'"},
      {"--vary restitution=0.1,,0.2", "--vary restitution=0.1,,0.2: an empty value"},
      {"--vary restitution=0.1:0.5:1", "--vary restitution=0.1:0.5:1: the count of a range must be an integer ≥ 2"},
      {"--vary mass=0:1:3:log", "--vary mass=0:1:3:log: a log range needs both ends > 0"},
      {"--vary restitution=0.1,0.2 --vary restitution=0.3", "--vary restitution=0.3: 'restitution' is already varied"},
      {"--vary restitution=0.1,0.2 --set restitution=0.3", "'restitution' is also given with --set"},
      {"--vary restitution=0.1,0.2 --set nonsense", "--set nonsense: expected NAME=VALUE"},
      {"--vary restitution=0.1,0.2 --set no_such_variable=1", "the scene has no variable 'no_such_variable'"},
      {"--vary restitution=0.1,0.2 --model florez", "did you mean 'flores'?"},
      {"--vary restitution=0.1,0.2 --threads 0", "--threads 0: expected a number of threads ≥ 1"},
      {"--vary restitution=0.1,0.2 --threads -2", "--threads -2: expected a number of threads ≥ 1"},
      {"--vary restitution=0.1,0.2 --threads two", "--threads"},
      {"", "--vary is required"},
  };
  for (const auto& [arguments, message] : cases) {
    EXPECT_EQ(run("sweep " + kImpact + " " + arguments + " --out " + out.string(), directory_ / "log"), 2) << arguments;
    EXPECT_NE(read(directory_ / "log").find(message), std::string::npos) << arguments << "\n" << read(directory_ / "log");
    EXPECT_FALSE(fs::exists(out)) << arguments;
  }
}

TEST_F(Sweep, CompareTakesAThreadCount) {
  const std::string ball = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/bouncing_ball.yaml";
  ASSERT_EQ(run("compare " + ball + " --models flores,hertz --threads 1 --out " + (directory_ / "one").string(), directory_ / "log"), 0);
  EXPECT_NE(read(directory_ / "log").find("2 laws, 3 s simulated each, 1 thread,"), std::string::npos) << read(directory_ / "log");
  ASSERT_EQ(run("compare " + ball + " --models flores,hertz --threads 2 --out " + (directory_ / "two").string(), directory_ / "log"), 0);
  EXPECT_NE(read(directory_ / "log").find(", 2 threads,"), std::string::npos) << read(directory_ / "log");
  EXPECT_EQ(read(directory_ / "one" / "comparison.csv"), read(directory_ / "two" / "comparison.csv"));
  for (const char* threads : {"0", "-1"}) {
    EXPECT_EQ(run("compare " + ball + " --models flores --threads " + threads + " --out " + (directory_ / "bad").string(),
                  directory_ / "log"),
              2);
    EXPECT_NE(read(directory_ / "log").find("--threads " + std::string(threads) + ": expected a number of threads ≥ 1"),
              std::string::npos);
    EXPECT_FALSE(fs::exists(directory_ / "bad"));
  }
}

// --vary takes key paths like --set: any key of the file, its values validated like the file's.
TEST_F(Sweep, VaryTakesKeyPaths) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("sweep " + kImpact + " --vary contacts.parameters.restitution=0.5,0.9 --vary contacts.law=flores,hunt_crossley --out " +
                    out.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  const auto rows = csv_rows(out / "sweep_cases.csv");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].at("var.contacts.parameters.restitution"), "0.5");
  EXPECT_EQ(rows[1].at("var.contacts.law"), "hunt_crossley");
  // Each row is the run it says: the same as `run --set` with the row's values.
  const fs::path single = directory_ / "single";
  ASSERT_EQ(run("run " + kImpact + " --set contacts.parameters.restitution=0.9 --set contacts.law=flores --out " + single.string(),
                directory_ / "log"),
            0);
  const auto impacts = csv_rows(out / "sweep.csv");
  const auto third = std::find_if(impacts.begin(), impacts.end(), [](const auto& row) { return row.at("case") == "3"; });
  ASSERT_NE(third, impacts.end());
  EXPECT_EQ(third->at("restitution"), csv_rows(single / "impacts.csv").at(0).at("restitution"));
  EXPECT_NE(read(out / "sweep.md").find("law: varied (contacts.law)"), std::string::npos);
  // A path that leads nowhere is bad input before any run, and nothing is written.
  EXPECT_EQ(run("sweep " + kImpact + " --vary contacts.parameters.dampin=1,2 --out " + (directory_ / "bad").string(),
                directory_ / "log"),
            2);
  EXPECT_NE(read(directory_ / "log").find("--vary contacts.parameters.dampin=1: law"), std::string::npos) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(directory_ / "bad"));
  // So is a variable that no value of the scene uses: every run would be the same, labelled differently.
  {
    std::ifstream in(kImpact);
    std::stringstream text;
    text << in.rdbuf();
    std::string scene = text.str();
    scene.replace(scene.find("variables:\n"), 11, "variables:\n  spare: 1\n");
    std::ofstream(directory_ / "spare.yaml") << scene;
  }
  EXPECT_EQ(run("sweep " + (directory_ / "spare.yaml").string() + " --vary spare=1,2 --out " + (directory_ / "unused").string(),
                directory_ / "log"),
            2);
  EXPECT_NE(read(directory_ / "log").find("variables.spare: --vary spare=1: no value of the scene uses the variable 'spare'"),
            std::string::npos) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(directory_ / "unused"));
  // A value out of range among valid ones is that run's row, as for variables.
  ASSERT_EQ(run("sweep " + kImpact + " --vary contacts.parameters.restitution=2,0.5 --out " + (directory_ / "mixed").string(),
                directory_ / "log"),
            2);
  const auto mixed = csv_rows(directory_ / "mixed" / "sweep_cases.csv");
  ASSERT_EQ(mixed.size(), 2u);
  EXPECT_EQ(mixed[0].at("status"), "bad_input");
  EXPECT_EQ(mixed[1].at("status"), "ok");
}

TEST_F(Sweep, DefaultOutputDirectoryIsResultsSceneSweep) {
  const std::string command = "cd " + directory_.string() + " && " + contactlab::test::kContactlab + " sweep " + kImpact +
                              " --vary restitution=0.5 -q > log 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0) << read(directory_ / "log");
  EXPECT_TRUE(fs::exists(directory_ / "results" / "impact_1dof" / "sweep" / "sweep.csv"));
  EXPECT_TRUE(fs::exists(directory_ / "results" / "impact_1dof" / "sweep" / "sweep.md"));
}

// `sweep --plan`, `run-case` and `sweep --collect` (docs/output.md, "Sweeps on a cluster"): the cases run as separate
// processes, in an order of their own, assemble into the same sweep.csv and sweep_cases.csv as `sweep` in one process
// (wall times aside), and sweep.md's tables agree.
TEST_F(Sweep, PlanRunCaseCollectMatchesTheSweep) {
  const std::string arguments = kImpact + " --model hunt_crossley --set mass=0.2 --vary restitution=0.3,0.6 --vary impact_velocity=1:3:3";
  ASSERT_EQ(run("sweep " + arguments + " --out " + (directory_ / "sweep").string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const fs::path plan = directory_ / "plan";
  ASSERT_EQ(run("-q sweep " + arguments + " --plan " + plan.string(), directory_ / "plan.log"), 0) << read(directory_ / "plan.log");
  EXPECT_EQ(read(directory_ / "plan.log"), "6\n");  // the number of cases alone on stdout, for a job script
  const auto planned = csv_rows(plan / "cases.csv");
  ASSERT_EQ(planned.size(), 6u);
  EXPECT_EQ(planned[4].at("var.restitution"), "0.6");
  EXPECT_EQ(planned[4].at("var.impact_velocity"), "2");
  // Collecting before every case ran is refused, naming the missing ones, and writes nothing.
  ASSERT_EQ(run("run-case " + plan.string() + " --index 2", directory_ / "case.log"), 0) << read(directory_ / "case.log");
  EXPECT_EQ(run("sweep --collect " + plan.string(), directory_ / "early.log"), 2);
  EXPECT_NE(read(directory_ / "early.log").find("5 of 6 cases have no result yet (run-case --index 1,3,4,5,6)"),
            std::string::npos)
      << read(directory_ / "early.log");
  EXPECT_FALSE(fs::exists(plan / "sweep"));
  for (int index : {6, 1, 5, 3, 4}) {
    ASSERT_EQ(run("run-case " + plan.string() + " --index " + std::to_string(index), directory_ / "case.log"), 0)
        << read(directory_ / "case.log");
  }
  ASSERT_EQ(run("sweep --collect " + plan.string(), directory_ / "collect.log"), 0) << read(directory_ / "collect.log");
  EXPECT_EQ(read(plan / "sweep" / "sweep.csv"), read(directory_ / "sweep" / "sweep.csv"));
  EXPECT_EQ(without_wall_times(read(plan / "sweep" / "sweep_cases.csv")),
            without_wall_times(read(directory_ / "sweep" / "sweep_cases.csv")));
  EXPECT_EQ(contactlab::test::without_provenance(read(plan / "sweep" / "sweep.md")),
            contactlab::test::without_provenance(read(directory_ / "sweep" / "sweep.md")));
}

TEST_F(Sweep, RunCaseRefusesAnIndexOutsideThePlanAndADirectoryWithoutOne) {
  const fs::path plan = directory_ / "plan";
  ASSERT_EQ(run("-q sweep " + kImpact + " --vary restitution=0.3,0.6 --plan " + plan.string(), directory_ / "log"), 0);
  EXPECT_EQ(run("run-case " + plan.string() + " --index 3", directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("--index 3: expected a case number from 1 to 2"), std::string::npos) << read(directory_ / "log");
  EXPECT_EQ(run("run-case " + plan.string() + " --index 0", directory_ / "log"), 2);
  EXPECT_EQ(run("run-case " + directory_.string() + " --index 1", directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("plan.json"), std::string::npos) << read(directory_ / "log");
  EXPECT_TRUE(fs::is_empty(plan / "cases"));
}

// A case whose values do not compile is recorded as such (exit 2 from run-case) and collected as that row, as `sweep`
// reports it.
TEST_F(Sweep, CollectKeepsACaseThatDidNotCompile) {
  const fs::path plan = directory_ / "plan";
  ASSERT_EQ(run("-q sweep " + kImpact + " --model hunt_crossley --vary restitution=0.5,1.5 --plan " + plan.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  EXPECT_EQ(run("run-case " + plan.string() + " --index 1", directory_ / "log"), 0);
  EXPECT_EQ(run("run-case " + plan.string() + " --index 2", directory_ / "log"), 2);
  EXPECT_EQ(run("sweep --collect " + plan.string() + " --out " + (directory_ / "out").string(), directory_ / "log"), 2);
  const auto rows = csv_rows(directory_ / "out" / "sweep_cases.csv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].at("status"), "ok");
  EXPECT_EQ(rows[1].at("status"), "bad_input");
  EXPECT_NE(rows[1].at("message").find("restitution"), std::string::npos) << rows[1].at("message");
}

}  // namespace
