// SPDX-License-Identifier: MIT
// Where a result comes from, so it can be traced and rerun (docs/output.md, "Provenance"): the contactlab
// version, the scene file and its SHA-256, every variable's final value, the overrides, the command line and the
// force-law plugins loaded, each with its SHA-256.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenes/scene.h"

namespace contactlab {

struct Provenance {
  std::string version;                      // git describe --always --dirty at build time, else the project version
  std::string command_line;                 // as typed (shell-quoted words)
  std::string scene_file;
  std::string scene_sha256;                 // of the file's bytes, read when the command started
  std::vector<std::string> overrides;       // --model ID, --set and --vary arguments, in order
  std::map<std::string, double> variables;  // every variable's final value (after --set)
  // The force-law plugins loaded (--plugin, a scene's plugins:), each {canonical path, SHA-256 of the library}.
  std::vector<std::pair<std::string, std::string>> plugins;
};

// The version string compiled into this binary.
const char* contactlab_version();

// "" when the file cannot be read (the scene was read moments before; then the hash says "unreadable").
std::string file_sha256(const std::string& path);

// The command line of `argv` as one string, each word quoted for a POSIX shell when it needs it.
std::string shell_command_line(int argc, const char* const* argv);

Provenance make_provenance(const Scene& scene, const std::string& command_line, std::vector<std::string> overrides);

nlohmann::ordered_json provenance_json(const Provenance& provenance);
// A "## Provenance" section for comparison.md and sweep.md.
std::string provenance_markdown(const Provenance& provenance);

}  // namespace contactlab
