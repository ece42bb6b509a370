// SPDX-License-Identifier: MIT
// Tests of apps/interruption: SIGINT and SIGTERM remove a command's partial output and end it with 128 + the signal,
// until its output directory is in place; from then on an interruption removes nothing and the command finishes, so
// that its exit status says what is on disk. Each case runs in a child process (the handler ends the process).
#include "apps/interruption.h"

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "apps/output_directory.h"
#include "tests/apps/scratch_directory.h"

namespace {

namespace fs = std::filesystem;
using contactlab::OutputDirectory;

class Interruption : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = contactlab::test::fresh_test_directory("contactlab_interruption_test");
  }
  void TearDown() override { fs::remove_all(directory_); }

  // Runs `body` (which signals its process) in a child that handles interruptions; returns the child's exit status
  // (its own 0 when the handler let it finish).
  int run_child(void (*body)(const fs::path&)) {
    const pid_t child = ::fork();
    if (child == 0) {
      contactlab::handle_interruptions();
      body(directory_ / "out");
      ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  fs::path directory_;
};

void write_staged(const fs::path& target, bool commit) {
  OutputDirectory unit(target, "run");
  std::ofstream(unit.staging() / "summary.json") << "{}\n";
  if (commit) unit.commit();
  // SIGINT while the unit exists (its staging directory registered until the commit), and time for the handler's
  // thread to act on it.
  ::kill(::getpid(), SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
}

TEST_F(Interruption, BeforeTheCommitThePartialOutputGoesAndTheStatusSaysInterrupted) {
  EXPECT_EQ(run_child([](const fs::path& target) { write_staged(target, false); }), 128 + SIGINT);
  EXPECT_FALSE(fs::exists(directory_ / "out"));
  for (const auto& entry : fs::directory_iterator(directory_)) {
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
  }
}

// Before, the handler ended the command with 130 once its output was in place: a script would take the old set
// for the one on disk.
TEST_F(Interruption, AfterTheCommitTheCommandFinishesWithItsOwnStatus) {
  EXPECT_EQ(run_child([](const fs::path& target) { write_staged(target, true); }), 0);
  EXPECT_TRUE(fs::exists(directory_ / "out" / "summary.json"));
}

}  // namespace
