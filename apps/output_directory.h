// SPDX-License-Identifier: MIT
// A command's output directory is one unit (docs/output.md, "The output directory"): everything is written into
// a staging directory beside it, `.<name>.tmp-<pid>`, which replaces the directory in one step when complete, so a
// reader sees the old set or the new one and never a mix. A lock file beside it, `.<name>.lock` (flock, with the
// holder's pid), admits one writer at a time; the holder of the lock removes what killed writers left (their
// staging directories), since no live process can own them. On SIGINT or SIGTERM the staging directories are
// removed before the process exits (apps/interruption.h).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace contactlab {

// Another process is writing the same directory.
struct OutputDirectoryBusy : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The directory exists but is not one contactlab wrote (replacing it would delete someone's files).
struct OutputDirectoryRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The marker file of an output directory, written last into every unit; its content is the command's name.
inline constexpr const char* kOutputMarker = ".contactlab";

class OutputDirectory {
 public:
  // Refuses a target that is a file or a directory of other files (OutputDirectoryRefused), takes the lock or
  // throws OutputDirectoryBusy, removes stale staging directories, and creates an empty staging directory.
  // `command` (run, compare, sweep) goes into the marker. Other failures: std::runtime_error with the reason.
  OutputDirectory(std::filesystem::path target, std::string command);
  ~OutputDirectory();  // removes the staging directory unless committed; releases the lock
  OutputDirectory(const OutputDirectory&) = delete;
  OutputDirectory& operator=(const OutputDirectory&) = delete;

  // Where to write the unit's files.
  const std::filesystem::path& staging() const { return staging_; }
  const std::filesystem::path& target() const { return target_; }

  // Puts the staging directory in the target's place in one step (an atomic exchange when the target exists).
  // Nested units of the old directory (a run's compare/ and sweep/, with their lock files) are moved into the new
  // one. Throws std::runtime_error with the reason.
  void commit();

 private:
  std::filesystem::path target_;
  std::filesystem::path staging_;
  std::filesystem::path lock_path_;
  std::string command_;
  int lock_ = -1;
  bool committed_ = false;
};

}  // namespace contactlab
