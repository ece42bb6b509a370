// SPDX-License-Identifier: MIT
#include "apps/output_directory.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/file.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "apps/interruption.h"

namespace contactlab {
namespace fs = std::filesystem;
namespace {

std::string reason() { return std::strerror(errno); }

// Files by which directories written before output directories had a marker are recognised.
constexpr const char* kLegacyOutputFiles[] = {"summary.json", "comparison.csv", "sweep.csv"};

bool is_output_directory(const fs::path& directory) {
  if (fs::exists(directory / kOutputMarker)) return true;
  for (const char* file : kLegacyOutputFiles) {
    if (fs::exists(directory / file)) return true;
  }
  return false;
}

// A nested unit of an output directory, or the lock or staging directory of one: moved into the new set.
bool is_nested_unit(const fs::directory_entry& entry) {
  const std::string name = entry.path().filename().string();
  if (name.starts_with(".") && (name.ends_with(".lock") || name.find(".tmp-") != std::string::npos)) return true;
  return entry.is_directory() && fs::exists(entry.path() / kOutputMarker) && name != kOutputMarker;
}

// renameat2(RENAME_EXCHANGE): both paths must exist; swaps them atomically.
bool exchange(const fs::path& a, const fs::path& b) {
#ifdef SYS_renameat2
  constexpr unsigned kRenameExchange = 2;  // RENAME_EXCHANGE of <linux/fs.h>
  return ::syscall(SYS_renameat2, AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), kRenameExchange) == 0;
#else
  errno = ENOSYS;
  return false;
#endif
}

std::string pid_in(const fs::path& lock_path) {
  std::ifstream in(lock_path);
  std::string pid;
  in >> pid;
  return pid.empty() ? "unknown" : pid;
}

}  // namespace

OutputDirectory::OutputDirectory(fs::path target, std::string command)
    : target_(fs::absolute(std::move(target)).lexically_normal()), command_(std::move(command)) {
  if (!target_.has_filename()) target_ = target_.parent_path();
  std::error_code error;
  // A symbolic link names the directory it points to: that one is replaced (and locked), the link kept. Replacing
  // the link itself would leave the results beside the directory its user reads.
  if (fs::is_symlink(target_, error)) {
    target_ = fs::weakly_canonical(target_, error);
    if (error) throw OutputDirectoryRefused(target_.string() + " is a symbolic link that cannot be followed: " + error.message());
  }
  const fs::path parent = target_.parent_path();
  const std::string name = target_.filename().string();
  if (fs::exists(target_, error) && !fs::is_directory(target_, error)) {
    throw OutputDirectoryRefused(target_.string() + " exists and is not a directory");
  }
  if (fs::is_directory(target_, error) && !fs::is_empty(target_, error) && !is_output_directory(target_)) {
    throw OutputDirectoryRefused(target_.string() + " holds files that contactlab did not write (no " + kOutputMarker +
                                 " marker); it would be replaced as a whole: choose a new or empty directory");
  }
  fs::create_directories(parent, error);
  if (error) throw std::runtime_error("cannot create " + parent.string() + ": " + error.message());

  lock_path_ = parent / ("." + name + ".lock");
  lock_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_ < 0) throw std::runtime_error("cannot write " + lock_path_.string() + ": " + reason());
  if (::flock(lock_, LOCK_EX | LOCK_NB) != 0) {
    const bool busy = errno == EWOULDBLOCK;
    const std::string why = reason();
    ::close(lock_);
    lock_ = -1;
    if (busy) {
      throw OutputDirectoryBusy(target_.string() + " is being written by another contactlab process (pid " + pid_in(lock_path_) +
                                "); wait for it to finish or choose another output directory");
    }
    throw std::runtime_error("cannot lock " + lock_path_.string() + ": " + why);
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(lock_, 0) != 0 || ::write(lock_, pid.data(), pid.size()) != static_cast<ssize_t>(pid.size())) {
    throw std::runtime_error("cannot write " + lock_path_.string() + ": " + reason());
  }

  // Holding the lock, no live process owns a staging directory of this target: they are leftovers of killed runs.
  const std::string prefix = "." + name + ".tmp-";
  for (const fs::directory_entry& entry : fs::directory_iterator(parent, error)) {
    if (entry.path().filename().string().starts_with(prefix)) fs::remove_all(entry.path(), error);
  }
  staging_ = parent / (prefix + std::to_string(::getpid()));
  remove_on_interruption(staging_);
  if (!fs::create_directory(staging_, error)) {
    throw std::runtime_error("cannot create " + staging_.string() + ": " + (error ? error.message() : "it exists"));
  }
}

OutputDirectory::~OutputDirectory() {
  if (!committed_ && !staging_.empty()) {
    std::error_code ignored;
    fs::remove_all(staging_, ignored);
    keep_on_interruption(staging_);
  }
  if (lock_ >= 0) ::close(lock_);  // releases the flock; the file stays (unlinking it would race with a waiter)
}

void OutputDirectory::commit() {
  {
    std::ofstream marker(staging_ / kOutputMarker);
    marker << command_ << "\n";
    if (!marker) throw std::runtime_error("cannot write " + (staging_ / kOutputMarker).string() + ": " + reason());
  }
  auto deferred = defer_interruptions();  // an interruption now waits for the set to be in place
  std::error_code error;
  if (!fs::exists(target_, error)) {
    if (::rename(staging_.c_str(), target_.c_str()) != 0) {
      throw std::runtime_error("cannot move " + staging_.string() + " to " + target_.string() + ": " + reason());
    }
  } else if (!exchange(staging_, target_)) {
    if (errno != EINVAL && errno != ENOSYS) {
      throw std::runtime_error("cannot move " + staging_.string() + " to " + target_.string() + ": " + reason());
    }
    // A file system without the atomic exchange: two renames, the old set first out of the way.
    fs::path old = staging_;
    old += "-old";
    if (::rename(target_.c_str(), old.c_str()) != 0 || ::rename(staging_.c_str(), target_.c_str()) != 0) {
      throw std::runtime_error("cannot move " + staging_.string() + " to " + target_.string() + ": " + reason());
    }
    fs::rename(old, staging_, error);
  }
  committed_ = true;
  mark_output_in_place();
  // The old set is now at the staging path: keep its nested units, drop the rest.
  if (fs::exists(staging_, error)) {
    for (const fs::directory_entry& entry : fs::directory_iterator(staging_, error)) {
      if (is_nested_unit(entry) && !fs::exists(target_ / entry.path().filename(), error)) {
        fs::rename(entry.path(), target_ / entry.path().filename(), error);
      }
    }
    fs::remove_all(staging_, error);
  }
  deferred.unlock();
  keep_on_interruption(staging_);
}

}  // namespace contactlab
