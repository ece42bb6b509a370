// SPDX-License-Identifier: MIT
// The directory of one test of the end-to-end suites: under the system's temporary directory, named for the suite,
// the process and the test, so that suites and tests running at once never share one; emptied and made afresh.
#pragma once

#include <filesystem>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

namespace contactlab::test {

inline std::filesystem::path fresh_test_directory(const std::string& suite) {
  const std::filesystem::path directory =
      std::filesystem::temp_directory_path() /
      (suite + "_" + std::to_string(::getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  return directory;
}

}  // namespace contactlab::test
