// SPDX-License-Identifier: MIT
#include "scenes/yaml_document.h"

#include <map>
#include <string_view>

#include <yaml-cpp/depthguard.h>

#include "scenes/scene.h"

namespace contactlab {
namespace {

std::string child_path(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// yaml-cpp keeps every entry of a map but looks keys up by the first one, so a repeated key would be
// silently ignored: refuse it, naming both places. `budget`: how many more nodes may be visited. A document has
// fewer nodes than characters, unless aliases (*name) repeat its nodes: nested ones multiply them (a few hundred
// bytes can stand for 10⁹ nodes), which every reader of the document would then walk.
void check_unique_keys(const YAML::Node& node, const std::string& path, const std::string& file, std::size_t& budget) {
  if (budget == 0) {
    const YAML::Mark mark = node.Mark();
    throw SceneError(file, mark.line + 1, mark.column + 1, path,
                     "the document's aliases (*name) repeat its nodes more times than it has characters; a scene "
                     "needs no aliases (variables and `count` repeat values and bodies)");
  }
  --budget;
  if (node.IsSequence()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      check_unique_keys(node[i], path + "[" + std::to_string(i) + "]", file, budget);
    }
    return;
  }
  if (!node.IsMap()) return;
  std::map<std::string, YAML::Mark> seen;
  for (const auto& entry : node) {
    const YAML::Mark mark = entry.first.Mark();
    if (!entry.first.IsScalar()) {
      const char* found = entry.first.IsNull()   ? "nothing (a null key: ~, null or an empty key)"
                          : entry.first.IsMap() ? "a map"
                                                : "a list";
      throw SceneError(file, mark.line >= 0 ? mark.line + 1 : 0, mark.column >= 0 ? mark.column + 1 : 0, path,
                       std::string("expected a name as the key, found ") + found);
    }
    const std::string key = entry.first.Scalar();
    const auto [first, inserted] = seen.emplace(key, mark);
    if (!inserted) {
      throw SceneError(file, mark.line + 1, mark.column + 1, child_path(path, key),
                       "duplicate key '" + key + "': given at line " + std::to_string(first->second.line + 1) +
                           " and again at line " + std::to_string(mark.line + 1) + " of the same map");
    }
    check_unique_keys(entry.second, child_path(path, key), file, budget);
  }
}

// yaml-cpp's Load reads the first document and ignores the rest of the text: a second document, which its writer
// meant to be read, is refused at its first line. Document markers stand at the start of a line ("---" begins a
// document, "..." ends one); nothing but comments may follow the first document. (Its LoadAll cannot say so: on some
// malformed text it allocates without end.)
void check_single_document(const std::string& text, const std::string& file) {
  bool content = false;  // the first document has begun
  bool ended = false;    // ... and a "..." has ended it
  int line = 0;
  for (std::size_t start = 0; start < text.size(); ++line) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view row(text.data() + start, end - start);
    start = end + 1;
    auto marker = [&row](std::string_view m) {
      return row.starts_with(m) && (row.size() == 3 || row[3] == ' ' || row[3] == '\t' || row[3] == '\r');
    };
    const std::size_t first = row.find_first_not_of(" \t\r");
    const bool blank = first == std::string_view::npos || row[first] == '#';
    if (marker("---")) {
      if (content || ended) {
        throw SceneError(file, line + 1, 1, "", "a second YAML document (after '---'); a scene file holds one");
      }
      content = true;
    } else if (marker("...")) {
      ended = true;
    } else if (!blank && row[0] != '%') {
      if (ended) throw SceneError(file, line + 1, 1, "", "a second YAML document (after '...'); a scene file holds one");
      content = true;
    }
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
  check_single_document(text, file);
  std::size_t budget = text.size() + 1;
  check_unique_keys(root, "", file, budget);
  return root;
}

}  // namespace contactlab
