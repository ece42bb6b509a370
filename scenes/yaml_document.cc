// SPDX-License-Identifier: MIT
#include "scenes/yaml_document.h"

#include <map>

#include <yaml-cpp/depthguard.h>

#include "scenes/scene.h"

namespace contactlab {
namespace {

std::string child_path(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// yaml-cpp keeps every entry of a map but looks keys up by the first one, so a repeated key would be
// silently ignored: refuse it, naming both places.
void check_unique_keys(const YAML::Node& node, const std::string& path, const std::string& file) {
  if (node.IsSequence()) {
    for (std::size_t i = 0; i < node.size(); ++i) check_unique_keys(node[i], path + "[" + std::to_string(i) + "]", file);
    return;
  }
  if (!node.IsMap()) return;
  std::map<std::string, YAML::Mark> seen;
  for (const auto& entry : node) {
    const YAML::Mark mark = entry.first.Mark();
    if (!entry.first.IsScalar()) {
      throw SceneError(file, mark.line + 1, mark.column + 1, path, "expected a name as the key, found a list or a map");
    }
    const std::string key = entry.first.Scalar();
    const auto [first, inserted] = seen.emplace(key, mark);
    if (!inserted) {
      throw SceneError(file, mark.line + 1, mark.column + 1, child_path(path, key),
                       "duplicate key '" + key + "': given at line " + std::to_string(first->second.line + 1) +
                           " and again at line " + std::to_string(mark.line + 1) + " of the same map");
    }
    check_unique_keys(entry.second, child_path(path, key), file);
  }
}

}  // namespace

YAML::Node parse_scene_document(const std::string& text, const std::string& file) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::DeepRecursion& error) {
    throw SceneError(file, error.mark.line + 1, error.mark.column + 1, "",
                     "the document is nested more than " + std::to_string(error.depth() - 1) +
                         " levels deep (lists and maps inside each other); a scene needs a handful");
  } catch (const YAML::Exception& error) {
    throw SceneError(file, error.mark.line + 1, error.mark.column + 1, "", "YAML syntax error: " + error.msg);
  }
  check_unique_keys(root, "", file);
  return root;
}

}  // namespace contactlab
