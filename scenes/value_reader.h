// SPDX-License-Identifier: MIT
// Reading the values of a scene file's YAML: numbers (literals, or expressions over the scene's variables and a
// `count` group's index i), names, flags, lists of three, and maps with a fixed set of keys. A value of the wrong
// form, a non-finite number or an unknown key is a SceneError at its line and column, naming its key path.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <yaml-cpp/yaml.h>

#include "engine/time_expression.h"
#include "models/law_parameters.h"
#include "scenes/scene.h"

namespace contactlab {

// A map's value for `key`, or a null node (never yaml-cpp's invalid "zombie" node, whose methods throw).
YAML::Node child_of(const YAML::Node& node, const std::string& key);

// What a node holds, as messages say it: "nothing", "a map", "a list of 3", "'text'".
std::string describe(const YAML::Node& node);

// A "missing required key…" problem said of a key that is there with nothing after it (`duration:`): "has no
// value…", reported at the key itself.
std::string no_value_problem(const std::string& missing_problem);

// Numbers and the variables they may refer to.
class Reader {
 public:
  Reader(std::string file, const SceneOptions& options);

  const std::string& file() const { return file_; }

  // A problem at `path`, at the node's line and column. When the value there was computed from overridden variables
  // (--set NAME=VALUE), the problem names those overrides first: they caused it.
  [[noreturn]] void fail(const YAML::Node& at, const std::string& path, const std::string& problem) const;

  // The scene's `variables` (overridden by the options' variable overrides), each checked and evaluated.
  void set_variables(const YAML::Node& node);
  const std::map<std::string, double>& variables() const { return values_; }
  // The key paths whose values were computed with overridden variable `name` (through other variables too), apart
  // from the variables' own.
  std::vector<std::string> paths_using(const std::string& name) const;
  // The overrides (--set NAME=VALUE) of variables, as given.
  const std::map<std::string, std::string>& overrides() const { return overrides_; }

  // The index i of the body being read within a `count` group (none outside one).
  void set_index(std::optional<int> index) { index_ = index; }

  // A finite number, or an expression with a finite value.
  double number(const YAML::Node& node, const std::string& path);
  // An expression in the time t, the variables' values fixed in it (scenes/expression.h).
  TimeExpression time_expression(const YAML::Node& node, const std::string& path);

 private:
  double expression(const std::string& text, const YAML::Node& node, const std::string& path);
  std::optional<double> resolve(const std::string& name);

  // While alive, the overridden variables the expressions evaluated use (through other variables too) are collected
  // into `uses`; then they are added to the enclosing collection, if any.
  class UseScope {
   public:
    UseScope(Reader& reader, std::set<std::string>& uses) : reader_(reader), outer_(reader.used_) { reader.used_ = &uses; }
    ~UseScope();
    UseScope(const UseScope&) = delete;
    UseScope& operator=(const UseScope&) = delete;

   private:
    Reader& reader_;
    std::set<std::string>* outer_;
  };
  // The value at `path` was computed with these overridden variables: a problem found there is theirs too.
  void record_uses(const std::string& path, const std::set<std::string>& uses);

  std::string file_;
  std::string flag_;  // --set, or --vary when sweep checks its values
  std::map<std::string, std::string> overrides_;
  YAML::Node variables_node_;
  std::map<std::string, double> values_;
  std::set<std::string> resolving_;
  std::optional<int> index_;
  std::map<std::string, std::set<std::string>> depends_;      // per variable: the overridden variables it is computed from
  std::map<std::string, std::set<std::string>> path_uses_;    // per key path: the overridden variables its value used
  std::set<std::string>* used_ = nullptr;                     // the collection of the innermost UseScope
};

// A YAML map with a fixed set of allowed keys; unknown keys are errors with a suggestion. A key whose value is null
// counts as left out.
class MapReader {
 public:
  MapReader(Reader& reader, const YAML::Node& node, std::string path, std::vector<std::string_view> allowed);

  const YAML::Node& node() const { return node_; }
  const std::string& path() const { return path_; }
  std::string child(std::string_view key) const { return path_.empty() ? std::string(key) : path_ + "." + std::string(key); }
  bool has(const char* key) const {
    const YAML::Node* value = find(key);
    return value != nullptr && !value->IsNull();
  }
  YAML::Node get(const char* key) const {
    const YAML::Node* value = find(key);
    return value != nullptr ? *value : YAML::Node();
  }

  // At the key's value; at the key when it is there without a value ("missing required key" becoming "has no
  // value": no_value_problem); or at the map when it is left out.
  [[noreturn]] void fail(const char* key, const std::string& problem) const;

  double number(const char* key, double fallback) const;
  std::optional<double> optional_number(const char* key) const;
  // "missing required key (<what>)" when left out.
  double required_number(const char* key, std::string_view what) const;

  // A number that must satisfy `valid`; `expected` says what is expected, e.g. "a positive duration [s]".
  template <typename Valid>
  double checked(const char* key, std::optional<double> fallback, std::string_view expected, Valid valid) const {
    if (!has(key) && !fallback) fail(key, "missing required key: expected " + std::string(expected));
    const double value = has(key) ? reader_.number(get(key), child(key)) : *fallback;
    if (!valid(value)) reader_.fail(get(key), child(key), "expected " + std::string(expected) + ", found " + round_trip_text(value));
    return value;
  }

  std::string text(const char* key, std::string fallback) const;
  std::optional<std::string> optional_text(const char* key) const;
  bool flag(const char* key, bool fallback) const;
  Eigen::Vector3d vector3(const char* key, const Eigen::Vector3d& fallback) const;
  std::optional<Eigen::Vector3d> optional_vector3(const char* key) const;

 private:
  // The value of the map's first entry under `key` (as child_of finds it), or null when there is none.
  const YAML::Node* find(const char* key) const;
  // That entry's key.
  const YAML::Node* find_key(const char* key) const;

  Reader& reader_;
  YAML::Node node_;
  std::string path_;
  std::vector<std::string_view> allowed_;
  // The map's entries, read once: a key is looked up many times, and each lookup through yaml-cpp copies nodes.
  std::vector<std::pair<std::string, YAML::Node>> entries_;
  std::vector<YAML::Node> keys_;  // the entries' keys, in the same order
};

}  // namespace contactlab
