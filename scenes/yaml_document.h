// SPDX-License-Identifier: MIT
// A scene file's text parsed into a YAML tree, with the checks yaml-cpp does not make: a key given twice in
// one map (at any depth, block or flow style) is an error naming both lines, and so is nesting deeper than
// the parser allows. Errors are SceneErrors (file:line:column: key: message).
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

namespace contactlab {

YAML::Node parse_scene_document(const std::string& text, const std::string& file);

}  // namespace contactlab
