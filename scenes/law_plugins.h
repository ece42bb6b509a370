// SPDX-License-Identifier: MIT
// Loading force-law plugins (models/law_plugin.h): a shared library's laws registered by name in the law registry.
// Used by the scene loader (a scene's `plugins:` list) and by the runner (`--plugin PATH`).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace contactlab {

// Why a plugin could not be loaded: not found, not a plugin (no entry point), built against another law ABI, or a
// law refused by the registry (an id taken, bad metadata). The message names the file and the reason.
class LawPluginError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Loads the plugin at `path` and registers its laws; returns their ids. Loading the same file again (by its
// canonical path) registers nothing and returns the same ids. Serialised by a lock; but laws must be registered
// before simulations run in other threads (the registry is read without one): the runner loads every plugin
// before its first run.
std::vector<std::string> load_law_plugin(const std::filesystem::path& path);

// The canonical paths of the plugins loaded so far, in loading order (for provenance).
std::vector<std::string> loaded_law_plugins();

}  // namespace contactlab
