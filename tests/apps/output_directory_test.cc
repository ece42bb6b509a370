// SPDX-License-Identifier: MIT
// A command's output directory is one unit (docs/output.md, "The output directory"): written whole or not at
// all, cleaned up on SIGINT/SIGTERM, stale leftovers of killed runs removed by the next run, one writer at a time,
// never mixed with an earlier set.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "tests/apps/cli_support.h"
#include "tests/apps/scratch_directory.h"

namespace {

namespace fs = std::filesystem;
using contactlab::test::kContactlab;
using contactlab::test::read_file;
using contactlab::test::run_contactlab;

const std::string kScenes = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/";

// A pendulum swinging for hours of simulated time, sampled every millisecond: a run that lasts long enough to
// be interrupted (it is never let finish).
constexpr const char* kLongScene = R"(scene: long
bodies:
  - {name: arm, mass: 1, inertia: [0, 0, 0], com: [0.5, 0, 0], joint: {type: revolute, axis: [0, 1, 0]}, initial: {q: 1}}
duration: 1e4
output: {interval: 1e-3}
)";

class OutputDirectory : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = contactlab::test::fresh_test_directory("contactlab_output_directory_test");
    std::ofstream(directory_ / "long.yaml") << kLongScene;
  }
  void TearDown() override {
    if (child_ > 0) {
      ::kill(child_, SIGKILL);
      ::waitpid(child_, nullptr, 0);
    }
    fs::remove_all(directory_);
  }

  // Starts `contactlab run long.yaml --out <out>` and returns once it writes its staging directory.
  pid_t start_long_run(const fs::path& out) {
    child_ = ::fork();
    if (child_ == 0) {
      const std::string scene = (directory_ / "long.yaml").string();
      const std::string log = (directory_ / "long.log").string();
      std::freopen(log.c_str(), "w", stderr);
      std::freopen("/dev/null", "w", stdout);
      ::execl(kContactlab.c_str(), kContactlab.c_str(), "run", scene.c_str(), "--out", out.c_str(), "-q", nullptr);
      ::_exit(127);
    }
    std::string name = out.filename().string();
    name.insert(0, 1, '.').append(".tmp-").append(std::to_string(child_));
    const fs::path staging = out.parent_path() / name;
    for (int k = 0; k < 500 && !fs::exists(staging / ("timeseries.csv.tmp-" + std::to_string(child_))); ++k) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_TRUE(fs::exists(staging)) << staging;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // let it write for a while
    return child_;
  }

  // Signals the long run and returns its wait status.
  int stop_long_run(int signal) {
    ::kill(child_, signal);
    int status = 0;
    ::waitpid(child_, &status, 0);
    child_ = -1;
    return status;
  }

  // Entries of the test directory whose names hold ".tmp-": partial output.
  std::vector<std::string> leftovers() const {
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(directory_)) {
      if (entry.path().filename().string().find(".tmp-") != std::string::npos) found.push_back(entry.path().string());
    }
    return found;
  }

  int run(const std::string& arguments) { return run_contactlab(arguments, directory_ / "log"); }
  std::string log() const { return read_file(directory_ / "log"); }

  fs::path directory_;
  pid_t child_ = -1;
};

TEST_F(OutputDirectory, SigtermAndSigintRemoveThePartialOutputAndExitNonZero) {
  for (const int signal : {SIGTERM, SIGINT}) {
    const fs::path out = directory_ / "out";
    start_long_run(out);
    const int status = stop_long_run(signal);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of cleaning up";
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal);
    EXPECT_TRUE(leftovers().empty()) << leftovers().front();
    EXPECT_FALSE(fs::exists(out));
  }
}

TEST_F(OutputDirectory, TheNextRunRemovesWhatAKilledRunLeft) {
  const fs::path out = directory_ / "out";
  start_long_run(out);
  stop_long_run(SIGKILL);
  ASSERT_FALSE(leftovers().empty());  // SIGKILL cannot be caught: its staging directory stays
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + out.string()), 0) << log();
  EXPECT_TRUE(leftovers().empty()) << leftovers().front();
  EXPECT_TRUE(fs::exists(out / "summary.json"));
}

TEST_F(OutputDirectory, ASecondWriterIsRefusedWhileTheFirstRuns) {
  const fs::path out = directory_ / "out";
  const pid_t first = start_long_run(out);
  EXPECT_EQ(run("compare " + kScenes + "bouncing_ball.yaml --models hertz --out " + out.string()), 1);
  EXPECT_NE(log().find("is being written by another contactlab process (pid " + std::to_string(first) + ")"), std::string::npos)
      << log();
  EXPECT_EQ(run("sweep " + kScenes + "impact_1dof.yaml --vary impact_velocity=1,2 --out " + out.string()), 1);
  stop_long_run(SIGTERM);
  EXPECT_FALSE(fs::exists(out));
  // Free again once the first has gone.
  EXPECT_EQ(run("compare " + kScenes + "bouncing_ball.yaml --models hertz --out " + out.string()), 0) << log();
}

// Two comparisons into one directory: the second replaces the first as a whole (its laws' directories
// included), never a mix of both.
TEST_F(OutputDirectory, ASecondSetReplacesTheFirstWhole) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("compare " + kScenes + "bouncing_ball.yaml --models flores,hertz --out " + out.string()), 0) << log();
  ASSERT_TRUE(fs::exists(out / "flores" / "summary.json"));
  ASSERT_EQ(run("compare " + kScenes + "bouncing_ball.yaml --models hertz --out " + out.string()), 0) << log();
  EXPECT_FALSE(fs::exists(out / "flores"));
  EXPECT_TRUE(fs::exists(out / "hertz" / "summary.json"));
  EXPECT_EQ(read_file(out / "comparison.csv").find("flores"), std::string::npos);
  EXPECT_TRUE(leftovers().empty());
}

// results/<scene>/ holds the run and, nested, compare/ and sweep/: each its own unit, kept when the run is redone.
TEST_F(OutputDirectory, NestedUnitsSurviveTheirParentsReplacement) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + out.string()), 0) << log();
  ASSERT_EQ(run("compare " + kScenes + "bouncing_ball.yaml --models hertz --out " + (out / "compare").string()), 0) << log();
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + out.string()), 0) << log();
  EXPECT_TRUE(fs::exists(out / "compare" / "comparison.csv"));
  EXPECT_TRUE(fs::exists(out / "summary.json"));
}

// An output path that is a symbolic link names the directory it points to: the results go there (and the link
// stays a link), so that a reader of either name sees them, and one lock covers both names.
TEST_F(OutputDirectory, ASymbolicLinkIsFollowedNotReplaced) {
  const fs::path real = directory_ / "real";
  const fs::path link = directory_ / "link";
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + real.string()), 0) << log();
  fs::create_directory_symlink("real", link);
  ASSERT_EQ(run("run " + kScenes + "impact_1dof.yaml --out " + link.string()), 0) << log();
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_NE(read_file(real / "summary.json").find("\"scene\": \"impact_1dof\""), std::string::npos);
  EXPECT_FALSE(fs::exists(directory_ / ".link.lock"));
  EXPECT_TRUE(leftovers().empty());
}

// A directory of someone's files is not replaced, and an unwritable place says why.
TEST_F(OutputDirectory, ForeignOrUnwritableTargetsAreRefusedWithTheReason) {
  const fs::path mine = directory_ / "mine";
  fs::create_directories(mine);
  std::ofstream(mine / "thesis.tex") << "precious";
  EXPECT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + mine.string()), 2);
  EXPECT_NE(log().find("holds files that contactlab did not write"), std::string::npos) << log();
  EXPECT_EQ(read_file(mine / "thesis.tex"), "precious");
  std::ofstream(directory_ / "file") << "x";
  EXPECT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + (directory_ / "file" / "out").string()), 1);
  EXPECT_NE(log().find("Not a directory"), std::string::npos) << log();
}

}  // namespace
