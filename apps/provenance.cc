// SPDX-License-Identifier: MIT
#include "apps/provenance.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

#include <nettle/sha2.h>

#include "apps/output_files.h"
#include "contactlab_version.h"
#include "scenes/law_plugins.h"

namespace contactlab {

const char* contactlab_version() { return CONTACTLAB_VERSION; }

std::string file_sha256(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  sha256_ctx context;
  sha256_init(&context);
  sha256_update(&context, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&context, sizeof(digest), digest);
  std::string hex;
  for (const std::uint8_t byte : digest) {
    char pair[3];
    std::snprintf(pair, sizeof(pair), "%02x", byte);
    hex += pair;
  }
  return hex;
}

std::string shell_command_line(int argc, const char* const* argv) {
  std::string line;
  for (int k = 0; k < argc; ++k) {
    const std::string word = argv[k];
    const bool plain = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                                "0123456789_-+.,/=:@%") == std::string::npos;
    std::string quoted = "'";
    for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += (k ? " " : "") + (plain ? word : quoted + "'");
  }
  return line;
}

Provenance make_provenance(const Scene& scene, const std::string& command_line, std::vector<std::string> overrides) {
  Provenance p;
  p.version = contactlab_version();
  p.command_line = command_line;
  p.scene_file = scene.file;
  p.scene_sha256 = file_sha256(scene.file);
  if (p.scene_sha256.empty()) p.scene_sha256 = "unreadable";
  p.overrides = std::move(overrides);
  p.variables = scene.variables;
  for (const std::string& plugin : loaded_law_plugins()) {
    const std::string sha256 = file_sha256(plugin);
    p.plugins.emplace_back(plugin, sha256.empty() ? "unreadable" : sha256);
  }
  return p;
}

nlohmann::ordered_json provenance_json(const Provenance& p) {
  nlohmann::ordered_json variables = nlohmann::ordered_json::object();
  for (const auto& [name, value] : p.variables) variables[name] = value;  // finite: the loader refuses others
  nlohmann::ordered_json j = {{"contactlab_version", p.version}, {"command_line", p.command_line},
                               {"scene_file", p.scene_file},      {"scene_sha256", p.scene_sha256},
                               {"overrides", p.overrides},        {"variables", variables}};
  if (!p.plugins.empty()) {
    j["plugins"] = nlohmann::ordered_json::array();
    for (const auto& [path, sha256] : p.plugins) j["plugins"].push_back({{"path", path}, {"sha256", sha256}});
  }
  return j;
}

std::string provenance_markdown(const Provenance& p) {
  std::ostringstream m;
  m << "\n## Provenance\n\n| | |\n|---|---|\n";
  m << "| contactlab | `" << markdown_cell(p.version) << "` |\n";
  m << "| command | `" << markdown_cell(p.command_line) << "` |\n";
  m << "| scene file | " << markdown_cell(p.scene_file) << " |\n";
  m << "| scene SHA-256 | `" << p.scene_sha256 << "` |\n";
  std::string overrides;
  for (const std::string& o : p.overrides) overrides += (overrides.empty() ? "" : " ") + o;
  m << "| overrides | ";
  if (overrides.empty()) m << "none";
  else m << "`" << markdown_cell(overrides) << "`";
  m << " |\n";
  std::string variables;
  for (const auto& [name, value] : p.variables) variables += (variables.empty() ? "" : ", ") + name + " = " + format_number(value);
  m << "| variables | " << (variables.empty() ? "none" : markdown_cell(variables)) << " |\n";
  for (const auto& [path, sha256] : p.plugins) m << "| plugin | " << markdown_cell(path) << " (SHA-256 `" << sha256 << "`) |\n";
  return m.str();
}

}  // namespace contactlab
