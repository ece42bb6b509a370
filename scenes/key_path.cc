// SPDX-License-Identifier: MIT
#include "scenes/key_path.h"

#include <algorithm>
#include <optional>

#include "scenes/scene.h"

namespace contactlab {
namespace {

// A path's steps: keys, and list elements named by `name` or given by index ("[k]").
struct Step {
  std::string key;
  bool index = false;
};

std::vector<Step> steps_of(const std::string& path, const std::string& argument, const std::string& file) {
  std::vector<Step> steps;
  std::string current;
  auto flush = [&] {
    if (!current.empty()) steps.push_back({current, false});
    current.clear();
  };
  for (std::size_t at = 0; at < path.size(); ++at) {
    const char c = path[at];
    if (c == '.') {
      if (current.empty() && (steps.empty() || !steps.back().index)) {
        throw SceneError(file, 0, 0, path, argument + ": an empty key in the path");
      }
      flush();
    } else if (c == '[') {
      flush();
      const std::size_t close = path.find(']', at);
      const std::string digits = close == std::string::npos ? "" : path.substr(at + 1, close - at - 1);
      if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) {
        throw SceneError(file, 0, 0, path, argument + ": expected an index [k] after '" + path.substr(0, at) + "'");
      }
      steps.push_back({digits, true});
      at = close;
    } else {
      current += c;
    }
  }
  flush();
  if (steps.empty()) throw SceneError(file, 0, 0, path, argument + ": an empty key path");
  return steps;
}

YAML::Node parse_value(const std::string& value) {
  try {
    YAML::Node node = YAML::Load(value);
    if (node.IsDefined() && !node.IsNull()) return node;
  } catch (const YAML::Exception&) {
    // not YAML on its own (e.g. "a: b: c"): the text as it is
  }
  return YAML::Node(value);
}

}  // namespace

bool is_key_path(const std::string& name) { return name.find_first_of(".[") != std::string::npos; }

const std::vector<std::string_view>& scene_top_level_keys() {
  static const std::vector<std::string_view> keys = {"scene",  "description", "variables", "gravity",    "materials",
                                                     "bodies", "world",       "contacts",  "integrator", "duration",
                                                     "output", "checks",      "limits",    "plugins",
                                                     "constraints", "measures",    "clearances", "report"};
  return keys;
}

bool overrides_a_key(const std::string& name, bool declared_variable) {
  if (is_key_path(name)) return true;
  const auto& keys = scene_top_level_keys();
  return !declared_variable && std::find(keys.begin(), keys.end(), name) != keys.end();
}

std::vector<AppliedOverride> apply_key_path_overrides(YAML::Node& root,
                                                      const std::vector<std::pair<std::string, std::string>>& overrides,
                                                      const std::string& file, const std::string& flag) {
  std::vector<AppliedOverride> applied;
  for (const auto& [path, value] : overrides) {
    const std::string argument = flag + " " + path + "=" + value;
    if (root.IsNull()) root = YAML::Node(YAML::NodeType::Map);
    const std::vector<Step> steps = steps_of(path, argument, file);
    YAML::Node node = root;  // bound to the root; `reset` moves it down without writing into the tree
    std::string key_path;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const Step& step = steps[k];
      const bool last = k + 1 == steps.size();
      auto fail = [&](const std::string& problem) -> void {
        throw SceneError(file, 0, 0, key_path.empty() ? step.key : key_path, argument + ": " + problem);
      };
      if (node.IsSequence()) {
        std::size_t found = node.size();
        if (step.index) {
          found = std::stoul(step.key);
          if (found >= node.size()) fail("index " + step.key + " is past the end of a list of " + std::to_string(node.size()));
        } else {
          std::string names;
          for (std::size_t i = 0; i < node.size() && found == node.size(); ++i) {
            const YAML::Node name = node[i].IsMap() ? node[i]["name"] : YAML::Node();
            if (name.IsDefined() && name.IsScalar() && name.Scalar() == step.key) found = i;
            else if (name.IsDefined() && name.IsScalar()) names += (names.empty() ? "" : ", ") + name.Scalar();
          }
          if (found == node.size()) {
            fail("no element named '" + step.key + "'" + (names.empty() ? "" : " (the names are " + names + ")") +
                 "; give an element of a list by its name or its index [k]");
          }
        }
        key_path.append("[").append(std::to_string(found)).append("]");
        if (last) {
          node[found] = parse_value(value);
        } else {
          YAML::Node next = node[found];
          node.reset(next);
        }
        continue;
      }
      if (step.index) fail("an index [" + step.key + "] applies to a list, found " + (node.IsMap() ? "a map" : "a value"));
      if (!node.IsMap() && !(node.IsNull())) fail("'" + key_path + "' is a value, not a map with a key '" + step.key + "'");
      key_path += (key_path.empty() ? "" : ".") + step.key;
      if (last) {
        node[step.key] = parse_value(value);
      } else {
        YAML::Node next = node[step.key];
        if (!next.IsDefined() || next.IsNull()) {
          node[step.key] = YAML::Node(YAML::NodeType::Map);  // a block the file leaves out
          next.reset(node[step.key]);
        }
        node.reset(next);
      }
    }
    const YAML::Node given = parse_value(value);
    const bool empties = given.IsNull() || ((given.IsMap() || given.IsSequence()) && given.size() == 0);
    applied.push_back({key_path, argument, empties});
  }
  return applied;
}

namespace {

// The block of contact settings a key path is inside (`contacts`, `contacts.pairs[k]`, `clearances[k]`), and the rest of
// the path after it and its dot; nullopt when it names no setting of one.
std::optional<std::pair<std::string, std::string>> setting_block(const std::string& key_path) {
  for (std::string_view list : {"contacts.pairs[", "clearances["}) {
    if (!key_path.starts_with(list)) continue;
    const std::size_t close = key_path.find(']', list.size());
    if (close == std::string::npos || close + 1 >= key_path.size() || key_path[close + 1] != '.') return std::nullopt;
    return std::pair{key_path.substr(0, close + 1), key_path.substr(close + 2)};
  }
  constexpr std::string_view kContacts = "contacts.";
  if (key_path.starts_with(kContacts) && !key_path.starts_with("contacts.pairs")) {
    return std::pair{std::string("contacts"), key_path.substr(kContacts.size())};
  }
  return std::nullopt;
}

// A key path as messages show it: a clearance joint by its name, as `--set clearances.pin.law` names it.
std::string shown_path(const CompiledScene& scene, const std::string& key_path, const std::string& law_override) {
  if (key_path == "--model") return "--model " + law_override;
  constexpr std::string_view kClearances = "clearances[";
  if (!key_path.starts_with(kClearances)) return key_path;
  const std::size_t close = key_path.find(']');
  const std::size_t index = std::stoul(key_path.substr(kClearances.size(), close - kClearances.size()));
  if (index >= scene.clearances.size()) return key_path;
  return "clearances." + scene.clearances[index].name + key_path.substr(close + 1);
}

}  // namespace

std::string replaced_setting_problem(const std::string& key_path, bool law_replaced, bool friction_replaced) {
  const auto block = setting_block(key_path);
  if (!block) return "";
  const std::string& rest = block->second;
  const std::string setting = rest.substr(0, rest.find('.'));
  if (law_replaced && (setting == "law" || setting == "method")) {
    return "--models replaces every pair's law, so it would change nothing";
  }
  if (friction_replaced && (rest == "friction" || rest == "friction.law")) {
    return "--friction-models replaces every pair's friction law, so it would change nothing";
  }
  return "";
}

std::string unread_setting_problem(const CompiledScene& scene, const std::string& key_path, const std::string& law_override,
                                   bool elsewhere_only) {
  static const std::vector<std::string_view> kSettings = {"law",   "method", "parameters", "stiffness", "exponent", "effective_radius",
                                                          "mass",  "tension", "calibrate", "friction"};
  const auto block = setting_block(key_path);
  if (!block) return "";
  const auto& [block_path, rest] = *block;
  const std::string setting_key = rest.substr(0, rest.find('.'));
  if (std::find(kSettings.begin(), kSettings.end(), setting_key) == kSettings.end()) return "";
  // What a pair reads: one parameter, any of a block's parameters (the whole map overridden), or the setting whole
  // (a part of `calibrate` or `friction` is read with it).
  const bool parameter = setting_key == "parameters" && rest != "parameters";
  const std::string setting = parameter ? rest.substr(0, rest.find('.', setting_key.size() + 1)) : setting_key;
  const std::string read_at = block_path + "." + setting;
  for (const SettingSource& source : scene.setting_sources) {
    if (source.key_path == read_at) return "";
    if (setting == "parameters" && source.key_path.starts_with(read_at + ".")) return "";
  }
  // Where the pairs take it from instead.
  std::vector<std::string> elsewhere;
  for (const SettingSource& source : scene.setting_sources) {
    const bool same = parameter ? source.setting == setting : source.setting == setting || source.setting.starts_with(setting + ".");
    if (!same) continue;
    // A parameter's own block, not the parameter (the whole map overridden): the blocks the pairs read instead.
    std::string shown = shown_path(scene, source.key_path, law_override);
    if (!parameter && setting == "parameters") {
      const std::size_t at = shown.find(".parameters.");
      if (at == std::string::npos) continue;
      shown.resize(at + std::string_view(".parameters").size());
    }
    if (std::find(elsewhere.begin(), elsewhere.end(), shown) == elsewhere.end()) elsewhere.push_back(shown);
  }
  if (elsewhere_only && elsewhere.empty()) return "";
  const bool any_pair = !scene.model.contact.pairs.empty() || scene.model.contact.broadphase;
  const std::string what = parameter ? "parameter '" + setting.substr(std::string_view("parameters.").size()) + "'"
                                     : setting == "parameters" ? "parameters" : setting;
  std::string problem = "no contact pair reads it, so it would change nothing: ";
  if (!any_pair) return problem + "the scene has no contact pairs";
  if (elsewhere.empty()) {
    std::string laws;
    for (const ContactPairModel& pair : scene.model.contact.pairs) {
      const std::string id(pair.law_info->id);
      if (laws.find("'" + id + "'") == std::string::npos) laws += (laws.empty() ? "'" : ", '") + id + "'";
    }
    if (laws.empty() && scene.model.contact.settings.law_info != nullptr) laws = "'" + std::string(scene.model.contact.settings.law_info->id) + "'";
    return problem + "no pair's law (" + laws + ") takes " + what;
  }
  problem += "the pairs take their " + what + " from ";
  for (std::size_t k = 0; k < elsewhere.size(); ++k) problem += (k == 0 ? "" : k + 1 == elsewhere.size() ? " and " : ", ") + elsewhere[k];
  return problem;
}

YAML::Node find_key_path(const YAML::Node& root, const std::string& key_path, SpecProblemAt at) {
  // The path's steps: keys (which may hold dots: a material's name), and list indices "[k]".
  std::vector<Step> steps;
  std::string current;
  for (std::size_t at_char = 0; at_char < key_path.size(); ++at_char) {
    const char c = key_path[at_char];
    if (c == '.' || c == '[') {
      if (!current.empty()) steps.push_back({current, false});
      current.clear();
      if (c == '[') {
        const std::size_t close = key_path.find(']', at_char);
        if (close == std::string::npos) return YAML::Node();
        steps.push_back({key_path.substr(at_char + 1, close - at_char - 1), true});
        at_char = close;
      }
    } else {
      current += c;
    }
  }
  if (!current.empty()) steps.push_back({current, false});
  // A value left out is reported at the map that should hold it.
  if (at == SpecProblemAt::kMissing && !steps.empty()) steps.pop_back();

  YAML::Node node = root;  // moved down with `reset`: `=` would write into the tree
  YAML::Node key;
  bool at_key = false;  // `key` is the key of `node`
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const Step& step = steps[k];
    if (step.index) {
      const std::size_t index = step.key.find_first_not_of("0123456789") == std::string::npos && !step.key.empty() && step.key.size() < 10
                                    ? std::stoul(step.key)
                                    : std::string::npos;
      if (!node.IsSequence() || index >= node.size()) return YAML::Node();
      const YAML::Node& list = node;
      const YAML::Node element = list[index];
      node.reset(element);
      at_key = false;
      continue;
    }
    if (!node.IsMap()) return YAML::Node();
    // A key with dots in it spans several steps: try it with the steps after it joined back.
    std::optional<std::pair<YAML::Node, YAML::Node>> found;
    std::string name = step.key;
    for (std::size_t last = k; !found && last < steps.size() && !steps[last].index; ++last) {
      if (last > k) name += "." + steps[last].key;
      for (const auto& entry : node) {
        if (entry.first.Scalar() != name) continue;
        found.emplace(entry.first, entry.second);
        k = last;
        break;
      }
    }
    if (!found) return YAML::Node();
    key.reset(found->first);
    node.reset(found->second);
    at_key = true;
  }
  if (at == SpecProblemAt::kKey && at_key) return key;
  return node;
}

}  // namespace contactlab
