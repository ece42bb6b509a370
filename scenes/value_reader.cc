// SPDX-License-Identifier: MIT
#include "scenes/value_reader.h"

#include <algorithm>
#include <cmath>

#include "engine/names.h"
#include "scenes/expression.h"

namespace contactlab {
namespace {

// Why a computed value cannot be used, or "" when it is finite.
std::string non_finite_problem(double value) {
  if (std::isnan(value)) {
    return "is not a number (NaN: a square root or logarithm of a negative value, or 0/0, with the variables as "
           "they are)";
  }
  if (std::isinf(value)) return "is infinite (a division by zero or an overflow, with the variables as they are)";
  return {};
}

}  // namespace

// The first entry whose key is the scalar `key`, as yaml-cpp's node[key] finds it, but comparing the key's text in
// place: node[key] converts every key it passes to a new std::string, which made these lookups most of the time of
// loading a 300-bead chain.
YAML::Node child_of(const YAML::Node& node, const std::string& key) {
  if (!node.IsDefined() || !node.IsMap()) return YAML::Node();
  for (const auto& entry : node) {
    if (entry.first.IsScalar() && entry.first.Scalar() == key) return entry.second;
  }
  return YAML::Node();
}

std::string describe(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsMap()) return "a map";
  if (node.IsSequence()) return "a list of " + std::to_string(node.size());
  return "'" + node.Scalar() + "'";
}

std::string no_value_problem(const std::string& missing_problem) {
  constexpr std::string_view kMissing = "missing required key";
  if (!missing_problem.starts_with(kMissing)) return missing_problem;
  return "has no value" + missing_problem.substr(kMissing.size());
}

Reader::Reader(std::string file, const SceneOptions& options) : file_(std::move(file)), flag_(options.override_flag) {
  for (const auto& [name, value] : options.variable_overrides) overrides_[name] = value;
}

void Reader::fail(const YAML::Node& at, const std::string& path, const std::string& problem) const {
  const YAML::Mark mark = at.IsDefined() ? at.Mark() : YAML::Mark::null_mark();
  std::string cause;
  if (const auto uses = path_uses_.find(path); uses != path_uses_.end()) {
    for (const std::string& name : uses->second) {
      cause += (cause.empty() ? "" : ", ") + flag_ + " " + name + "=" + overrides_.at(name);
    }
  }
  throw SceneError(file_, mark.line >= 0 ? mark.line + 1 : 0, mark.column >= 0 ? mark.column + 1 : 0, path,
                   cause.empty() ? problem : cause + ": " + problem);
}

Reader::UseScope::~UseScope() {
  std::set<std::string>* uses = reader_.used_;
  reader_.used_ = outer_;
  if (outer_ != nullptr) outer_->insert(uses->begin(), uses->end());
}

std::vector<std::string> Reader::paths_using(const std::string& name) const {
  std::vector<std::string> paths;
  for (const auto& [path, uses] : path_uses_) {
    if (!path.starts_with("variables.") && uses.contains(name)) paths.push_back(path);
  }
  return paths;
}

void Reader::record_uses(const std::string& path, const std::set<std::string>& uses) {
  if (uses.empty()) path_uses_.erase(path);
  else path_uses_[path] = uses;
}

void Reader::set_variables(const YAML::Node& node) {
  variables_node_ = node;
  for (const auto& [name, value] : overrides_) {
    if (child_of(node, name).IsNull()) {
      std::vector<std::string_view> names;
      if (node.IsMap()) {
        for (const auto& entry : node) names.push_back(entry.first.Scalar());
      }
      throw SceneError(file_, 0, 0, "variables",
                       flag_ + " " + name + ": the scene has no variable '" + name + "'" + did_you_mean(name, names) +
                           (names.empty() ? "; it declares none" : "; its variables are " + join_names(names)));
    }
  }
  if (node.IsMap()) {
    for (const auto& entry : node) {
      const std::string name = entry.first.Scalar();
      if (std::string problem = variable_name_problem(name); !problem.empty()) fail(entry.first, "variables." + name, problem);
    }
    for (const auto& entry : node) resolve(entry.first.Scalar());
  }
}

double Reader::number(const YAML::Node& node, const std::string& path) {
  if (!node.IsDefined() || !node.IsScalar()) fail(node, path, "expected a number or an expression, found " + describe(node));
  double value = 0.0;
  if (!YAML::convert<double>::decode(node, value)) return expression(node.Scalar(), node, path);
  if (!std::isfinite(value)) fail(node, path, "expected a finite number, found " + node.Scalar());
  return value;
}

double Reader::expression(const std::string& text, const YAML::Node& node, const std::string& path) {
  std::set<std::string> uses;
  const UseScope scope(*this, uses);
  double value = 0.0;
  try {
    value = evaluate_expression(text, [this](std::string_view name) { return resolve(std::string(name)); });
  } catch (const ExpressionError& error) {
    record_uses(path, uses);
    fail(node, path, "in expression '" + text + "': " + error.what() + " (at character " +
                         std::to_string(error.position + 1) + ")");
  }
  record_uses(path, uses);
  if (std::string problem = non_finite_problem(value); !problem.empty()) {
    fail(node, path, "the expression '" + text + "' " + problem);
  }
  return value;
}

TimeExpression Reader::time_expression(const YAML::Node& node, const std::string& path) {
  if (!node.IsDefined() || !node.IsScalar()) fail(node, path, "expected an expression in t, found " + describe(node));
  const std::string text = node.Scalar();
  std::set<std::string> uses;
  const UseScope scope(*this, uses);
  try {
    TimeExpression expression =
        compile_time_expression(text, [this](std::string_view name) { return resolve(std::string(name)); });
    record_uses(path, uses);
    return expression;
  } catch (const ExpressionError& error) {
    record_uses(path, uses);
    fail(node, path, "in expression '" + text + "': " + error.what() + " (at character " +
                         std::to_string(error.position + 1) + ")");
  }
}

std::optional<double> Reader::resolve(const std::string& name) {
  if (name == "i" && index_) return static_cast<double>(*index_);
  if (auto it = values_.find(name); it != values_.end()) {
    if (used_ != nullptr) used_->insert(depends_[name].begin(), depends_[name].end());
    return it->second;
  }
  if (child_of(variables_node_, name).IsNull()) return std::nullopt;
  if (!resolving_.insert(name).second) {
    fail(child_of(variables_node_, name), "variables." + name, "the variable refers to itself (a cycle through '" + name + "')");
  }
  std::set<std::string> uses;
  const UseScope scope(*this, uses);
  double value;
  if (auto it = overrides_.find(name); it != overrides_.end()) {
    uses.insert(name);
    try {
      value = evaluate_expression(it->second, [this](std::string_view n) { return resolve(std::string(n)); });
    } catch (const ExpressionError& error) {
      throw SceneError(file_, 0, 0, "variables." + name, flag_ + " " + name + "=" + it->second + ": " + error.what());
    }
    if (std::string problem = non_finite_problem(value); !problem.empty()) {
      throw SceneError(file_, 0, 0, "variables." + name, flag_ + " " + name + "=" + it->second + ": " + problem);
    }
  } else {
    value = number(child_of(variables_node_, name), "variables." + name);
  }
  resolving_.erase(name);
  values_[name] = value;
  depends_[name] = uses;
  return value;
}

MapReader::MapReader(Reader& reader, const YAML::Node& node, std::string path, std::vector<std::string_view> allowed)
    : reader_(reader), node_(node), path_(std::move(path)), allowed_(std::move(allowed)) {
  if (node_.IsDefined() && !node_.IsNull() && !node_.IsMap()) {
    reader_.fail(node_, path_, "expected a map with keys " + join_names(allowed_) + ", found " + describe(node_));
  }
  if (!node_.IsMap()) return;
  for (const auto& entry : node_) {
    const std::string key = entry.first.Scalar();
    if (std::find(allowed_.begin(), allowed_.end(), key) == allowed_.end()) {
      reader_.fail(entry.first, child(key), "unknown key" + did_you_mean(key, allowed_) + "; expected one of " + join_names(allowed_));
    }
    if (entry.first.IsScalar()) {
      entries_.emplace_back(key, entry.second);
      keys_.push_back(entry.first);
    }
  }
}

const YAML::Node* MapReader::find(const char* key) const {
  for (const auto& [name, value] : entries_) {
    if (name == key) return &value;
  }
  return nullptr;
}

const YAML::Node* MapReader::find_key(const char* key) const {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].first == key) return &keys_[i];
  }
  return nullptr;
}

void MapReader::fail(const char* key, const std::string& problem) const {
  if (has(key)) reader_.fail(get(key), child(key), problem);
  if (const YAML::Node* name = find_key(key)) reader_.fail(*name, child(key), no_value_problem(problem));
  reader_.fail(node_, child(key), problem);
}

double MapReader::number(const char* key, double fallback) const {
  return has(key) ? reader_.number(get(key), child(key)) : fallback;
}

std::optional<double> MapReader::optional_number(const char* key) const {
  if (!has(key)) return std::nullopt;
  return reader_.number(get(key), child(key));
}

double MapReader::required_number(const char* key, std::string_view what) const {
  if (!has(key)) fail(key, "missing required key (" + std::string(what) + ")");
  return reader_.number(get(key), child(key));
}

std::string MapReader::text(const char* key, std::string fallback) const {
  if (!has(key)) return fallback;
  const YAML::Node value = get(key);
  if (!value.IsScalar()) reader_.fail(value, child(key), "expected a name, found " + describe(value));
  return value.Scalar();
}

std::optional<std::string> MapReader::optional_text(const char* key) const {
  if (!has(key)) return std::nullopt;
  return text(key, "");
}

bool MapReader::flag(const char* key, bool fallback) const {
  if (!has(key)) return fallback;
  bool value = false;
  if (!YAML::convert<bool>::decode(get(key), value)) {
    reader_.fail(get(key), child(key), "expected true or false, found " + describe(get(key)));
  }
  return value;
}

Eigen::Vector3d MapReader::vector3(const char* key, const Eigen::Vector3d& fallback) const {
  if (!has(key)) return fallback;
  const YAML::Node value = get(key);
  if (!value.IsSequence() || value.size() != 3) {
    reader_.fail(value, child(key), "expected a list of 3 numbers [x, y, z], found " + describe(value));
  }
  Eigen::Vector3d out;
  for (std::size_t i = 0; i < 3; ++i) {
    out[static_cast<Eigen::Index>(i)] = reader_.number(value[i], child(key) + "[" + std::to_string(i) + "]");
  }
  return out;
}

std::optional<Eigen::Vector3d> MapReader::optional_vector3(const char* key) const {
  if (!has(key)) return std::nullopt;
  return vector3(key, Eigen::Vector3d::Zero());
}

}  // namespace contactlab
