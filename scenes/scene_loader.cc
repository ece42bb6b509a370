// SPDX-License-Identifier: MIT
// Scene files: YAML in, Model + initial State + SimulationOptions out. Everything is validated here, so the
// engine can assume a consistent model. Every error names file:line:column, the key path, what was expected
// and what was found.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <set>
#include <tuple>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "contact/material_mixing.h"
#include "contact/shape_traits.h"
#include "models/registry.h"
#include "engine/calibration.h"
#include "engine/joint_traits.h"
#include "scenes/expression.h"
#include "scenes/inertia_check.h"
#include "scenes/key_path.h"
#include "scenes/law_plugins.h"
#include "scenes/names.h"
#include "scenes/scene_size.h"
#include "scenes/scene.h"
#include "scenes/yaml_document.h"

namespace contactlab {

SceneError::SceneError(std::string file, int line, int column, std::string key_path, std::string problem)
    : std::runtime_error([&] {
        std::ostringstream out;
        out << file;
        if (line > 0) out << ":" << line << ":" << column;
        out << ": ";
        if (!key_path.empty()) out << key_path << ": ";
        out << problem;
        return out.str();
      }()),
      file_(std::move(file)),
      line_(line),
      column_(column),
      key_path_(std::move(key_path)),
      problem_(std::move(problem)) {}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// " (did you mean 'x'?)" for the closest candidate within a few edits, else "".
std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  std::size_t best_distance = std::numeric_limits<std::size_t>::max();
  for (std::string_view c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  if (best.empty() || best_distance > std::max<std::size_t>(2, word.size() / 3)) return {};
  return " (did you mean '" + std::string(best) + "'?)";
}

std::string join(const std::vector<std::string_view>& words) {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += ", ";
    out += w;
  }
  return out;
}

// A map's value for `key`, or a null node (never yaml-cpp's invalid "zombie" node, whose methods throw).
YAML::Node child_of(const YAML::Node& node, const std::string& key) {
  if (!node.IsDefined() || !node.IsMap()) return YAML::Node();
  const YAML::Node value = node[key];
  return value.IsDefined() ? value : YAML::Node();
}

std::string format_double(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

std::string describe(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsMap()) return "a map";
  if (node.IsSequence()) return "a list of " + std::to_string(node.size());
  return "'" + node.Scalar() + "'";
}

// Why a computed value cannot be used, or "" when it is finite.
std::string non_finite_problem(double value) {
  if (std::isnan(value)) {
    return "is not a number (NaN: a square root or logarithm of a negative value, or 0/0, with the variables as "
           "they are)";
  }
  if (std::isinf(value)) return "is infinite (a division by zero or an overflow, with the variables as they are)";
  return {};
}

class Reader {
 public:
  Reader(std::string file, const SceneOptions& options) : file_(std::move(file)), flag_(options.override_flag) {
    for (const auto& [name, value] : options.variable_overrides) overrides_[name] = value;
  }

  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const YAML::Node& at, const std::string& path, const std::string& problem) const {
    const YAML::Mark mark = at.IsDefined() ? at.Mark() : YAML::Mark::null_mark();
    throw SceneError(file_, mark.line >= 0 ? mark.line + 1 : 0, mark.column >= 0 ? mark.column + 1 : 0, path,
                     problem);
  }

  void set_variables(const YAML::Node& node) {
    variables_node_ = node;
    for (const auto& [name, value] : overrides_) {
      if (child_of(node, name).IsNull()) {
        std::vector<std::string_view> names;
        if (node.IsMap()) {
          for (const auto& entry : node) names.push_back(entry.first.Scalar());
        }
        throw SceneError(file_, 0, 0, "variables",
                         flag_ + " " + name + ": the scene has no variable '" + name + "'" + did_you_mean(name, names) +
                             (names.empty() ? "; it declares none" : "; its variables are " + join(names)));
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

  const std::map<std::string, double>& variables() const { return values_; }

  // The index i of the body being read within a `count` group (none outside one).
  void set_index(std::optional<int> index) { index_ = index; }

  double number(const YAML::Node& node, const std::string& path) {
    if (!node.IsDefined() || !node.IsScalar()) fail(node, path, "expected a number or an expression, found " + describe(node));
    double value = 0.0;
    if (!YAML::convert<double>::decode(node, value)) return expression(node.Scalar(), node, path);
    if (!std::isfinite(value)) fail(node, path, "expected a finite number, found " + node.Scalar());
    return value;
  }

 private:
  double expression(const std::string& text, const YAML::Node& node, const std::string& path) {
    try {
      const double value = evaluate_expression(text, [this](std::string_view name) { return resolve(std::string(name)); });
      if (std::string problem = non_finite_problem(value); !problem.empty()) {
        fail(node, path, "the expression '" + text + "' " + problem);
      }
      return value;
    } catch (const ExpressionError& error) {
      fail(node, path, "in expression '" + text + "': " + error.what() + " (at character " +
                           std::to_string(error.position + 1) + ")");
    }
  }

  std::optional<double> resolve(const std::string& name) {
    if (name == "i" && index_) return static_cast<double>(*index_);
    if (auto it = values_.find(name); it != values_.end()) return it->second;
    if (child_of(variables_node_, name).IsNull()) return std::nullopt;
    if (!resolving_.insert(name).second) {
      fail(child_of(variables_node_, name), "variables." + name, "the variable refers to itself (a cycle through '" + name + "')");
    }
    double value;
    if (auto it = overrides_.find(name); it != overrides_.end()) {
      try {
        value = evaluate_expression(it->second, [this](std::string_view n) { return resolve(std::string(n)); });
      } catch (const ExpressionError& error) {
        throw SceneError(file_, 0, 0, "variables." + name,
                         flag_ + " " + name + "=" + it->second + ": " + error.what());
      }
      if (std::string problem = non_finite_problem(value); !problem.empty()) {
        throw SceneError(file_, 0, 0, "variables." + name, flag_ + " " + name + "=" + it->second + ": " + problem);
      }
    } else {
      value = number(child_of(variables_node_, name), "variables." + name);
    }
    resolving_.erase(name);
    values_[name] = value;
    return value;
  }

  std::string file_;
  std::string flag_;  // --set, or --vary when sweep checks its values
  std::map<std::string, std::string> overrides_;
  YAML::Node variables_node_;
  std::map<std::string, double> values_;
  std::set<std::string> resolving_;
  std::optional<int> index_;
};

// A YAML map with a fixed set of allowed keys; unknown keys are errors with a suggestion.
class MapReader {
 public:
  MapReader(Reader& reader, const YAML::Node& node, std::string path, std::vector<std::string_view> allowed)
      : reader_(reader), node_(node), path_(std::move(path)), allowed_(std::move(allowed)) {
    if (node_.IsDefined() && !node_.IsNull() && !node_.IsMap()) {
      reader_.fail(node_, path_, "expected a map with keys " + join(allowed_) + ", found " + describe(node_));
    }
    if (!node_.IsMap()) return;
    for (const auto& entry : node_) {
      const std::string key = entry.first.Scalar();
      if (std::find(allowed_.begin(), allowed_.end(), key) == allowed_.end()) {
        reader_.fail(entry.first, child(key),
                     "unknown key" + did_you_mean(key, allowed_) + "; expected one of " + join(allowed_));
      }
    }
  }

  const YAML::Node& node() const { return node_; }
  const std::string& path() const { return path_; }
  std::string child(std::string_view key) const { return path_.empty() ? std::string(key) : path_ + "." + std::string(key); }
  bool has(const char* key) const { return !child_of(node_, key).IsNull(); }
  YAML::Node get(const char* key) const { return child_of(node_, key); }

  [[noreturn]] void fail(const char* key, const std::string& problem) const {
    reader_.fail(has(key) ? get(key) : node_, child(key), problem);
  }

  double number(const char* key, double fallback) const {
    return has(key) ? reader_.number(get(key), child(key)) : fallback;
  }

  double required_number(const char* key, std::string_view what) const {
    if (!has(key)) reader_.fail(node_, child(key), "missing required key (" + std::string(what) + ")");
    return reader_.number(get(key), child(key));
  }

  // A number that must satisfy `valid`; `expected` says what is expected, e.g. "a positive mass [kg]".
  template <typename Valid>
  double checked(const char* key, std::optional<double> fallback, std::string_view expected, Valid valid) const {
    if (!has(key) && !fallback) reader_.fail(node_, child(key), "missing required key: expected " + std::string(expected));
    const double value = has(key) ? reader_.number(get(key), child(key)) : *fallback;
    if (!valid(value)) {
      std::ostringstream found;
      found << value;
      reader_.fail(get(key), child(key), "expected " + std::string(expected) + ", found " + found.str());
    }
    return value;
  }

  std::string text(const char* key, std::string fallback) const {
    if (!has(key)) return fallback;
    const YAML::Node value = get(key);
    if (!value.IsScalar()) reader_.fail(value, child(key), "expected a name, found " + describe(value));
    return value.Scalar();
  }

  // A name (scenes/names.h): it becomes a file name, a CSV column or a JSON string.
  std::string name(const char* key, std::string fallback) const {
    const std::string value = text(key, std::move(fallback));
    if (std::string problem = name_problem(value); !problem.empty()) fail(key, problem);
    return value;
  }

  std::string choice(const char* key, const std::vector<std::string_view>& options, std::string fallback) const {
    const std::string value = text(key, fallback);
    if (std::find(options.begin(), options.end(), value) == options.end()) {
      reader_.fail(get(key), child(key),
                   "expected one of " + join(options) + ", found '" + value + "'" + did_you_mean(value, options));
    }
    return value;
  }

  bool flag(const char* key, bool fallback) const {
    if (!has(key)) return fallback;
    bool value = false;
    if (!YAML::convert<bool>::decode(get(key), value)) {
      reader_.fail(get(key), child(key), "expected true or false, found " + describe(get(key)));
    }
    return value;
  }

  Eigen::Vector3d vector3(const char* key, const Eigen::Vector3d& fallback) const {
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

  // A unit direction (normalised); zero vectors are errors.
  Eigen::Vector3d direction(const char* key, const Eigen::Vector3d& fallback) const {
    const Eigen::Vector3d v = vector3(key, fallback);
    if (!(v.norm() > 0.0)) reader_.fail(get(key), child(key), "expected a non-zero direction, found [0, 0, 0]");
    if (!std::isfinite(v.norm())) reader_.fail(get(key), child(key), "the direction's length overflows; scale it down");
    return v.normalized();
  }

 private:
  Reader& reader_;
  YAML::Node node_;
  std::string path_;
  std::vector<std::string_view> allowed_;
};

auto positive = [](double x) { return x > 0.0; };

const std::vector<std::string_view> kBodyKeys = {"name", "count", "mass", "com", "inertia", "joint", "initial", "shapes"};

// A body entry's `count` (checked before the scene is built, to estimate its size, and again when it is).
double read_count(const MapReader& body) {
  return body.checked("count", std::nullopt, "a whole number of bodies >= 1",
                      [](double x) { return x >= 1.0 && x <= 2147483647.0 && x == std::floor(x); });
}

// Coordinates and velocities of one joint type as written in a scene (unknown types: the largest).
double joint_values(const YAML::Node& type) {
  if (const auto known = type.IsScalar() ? find_joint_type(type.Scalar()) : std::nullopt) {
    return joint_traits(*known).nq + joint_traits(*known).nv;
  }
  int largest = 0;
  for (const JointTraits* traits : kJointTraits) largest = std::max(largest, traits->nq + traits->nv);
  return largest;
}
auto non_negative = [](double x) { return x >= 0.0; };

// Rotation taking +z onto `axis`.
Eigen::Matrix3d z_onto(const Eigen::Vector3d& axis) {
  return Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), axis).toRotationMatrix();
}

// Optional `rotation: {axis: [...], angle: rad}`.
std::optional<Eigen::Matrix3d> read_rotation(Reader& reader, const MapReader& map) {
  if (!map.has("rotation")) return std::nullopt;
  MapReader rotation(reader, map.get("rotation"), map.child("rotation"), {"axis", "angle"});
  const Eigen::Vector3d axis = rotation.direction("axis", Eigen::Vector3d::UnitZ());
  const double angle = rotation.required_number("angle", "angle [rad]");
  return Eigen::AngleAxisd(angle, axis).toRotationMatrix();
}

struct ShapeSource {
  YAML::Node node;
  std::string path;
  std::string material_name;
};

class Compiler {
 public:
  Compiler(const YAML::Node& root, const std::string& file, const SceneOptions& options)
      : reader_(file, options), root_(root), options_(options) {}

  Scene compile();

 private:
  void check_size(const MapReader& top);
  void read_plugins(const MapReader& top);
  void read_materials(const MapReader& top);
  int read_shape(const YAML::Node& node, const std::string& path, int body, const std::string& default_name);
  void read_bodies(const MapReader& top);
  void read_contacts(const MapReader& top);
  PairSettings read_settings(const MapReader& defaults, const MapReader* own);
  void read_integration(const MapReader& top);
  void compute_inertia_from_shapes(Body& body, int body_index, const MapReader& map);

  Reader reader_;
  YAML::Node root_;
  const SceneOptions& options_;
  Scene scene_;
  std::map<std::string, int> material_index_;
  std::map<std::string, int> body_index_;
  std::map<std::string, int> shape_index_;
  std::vector<ShapeSource> shape_sources_;
  struct InitialValues {
    YAML::Node node;
    std::string path;
    std::optional<int> index;  // the body's index i within a `count` group
  };
  void read_body(const MapReader& map, const std::string& name, std::optional<int> index);
  void read_initial(const InitialValues& initial, const Joint& joint, State& state);
  TimeFunction read_time_function(const MapReader& map, const char* key);
  std::vector<InitialValues> initial_;  // per body
  // Whether the pair settings' law has a restitution with a default (an either/or parameter).
  static bool optional_restitution(const PairSettings& settings) {
    const int k = restitution_parameter(*settings.law_info);
    return k >= 0 && !settings.law_info->parameters[static_cast<std::size_t>(k)].required;
  }
  bool materials_give_restitution(int a, int b) const {
    const ContactModel& contact = scene_.model.contact;
    for (int shape : {a, b}) {
      const int material = contact.shapes[static_cast<std::size_t>(shape)].material;
      if (material < 0 || std::isnan(contact.materials[static_cast<std::size_t>(material)].restitution)) return false;
    }
    return true;
  }
  std::vector<InitialValues> inertia_sources_;  // per body but the world: where its inertia was given (or the body)
};

// Estimates the scene's size from the file (scenes/scene_size.h) and refuses what would not fit, before any
// body is built.
void Compiler::check_size(const MapReader& top) {
  MapReader limits_map(reader_, top.get("limits"), "limits", {"memory", "output"});
  SceneLimits limits;
  limits.memory_bytes = limits_map.checked("memory", limits.memory_bytes, "a positive number of bytes", positive);
  limits.output_bytes = limits_map.checked("output", limits.output_bytes, "a positive number of bytes", positive);
  limits.memory_bytes = std::min(limits.memory_bytes, options_.ceiling.memory_bytes);
  limits.output_bytes = std::min(limits.output_bytes, options_.ceiling.output_bytes);

  SceneSize size;
  const YAML::Node world_shapes = child_of(top.get("world"), "shapes");
  if (world_shapes.IsSequence()) size.shapes += static_cast<double>(world_shapes.size());
  double values = 0.0;  // coordinates and velocities
  double largest_group = -1.0;
  YAML::Node largest_at = top.node();
  std::string largest_path = "bodies";
  const YAML::Node bodies = top.get("bodies");
  for (std::size_t i = 0; bodies.IsSequence() && i < bodies.size(); ++i) {
    if (!bodies[i].IsMap()) continue;  // read_bodies says what is wrong
    const MapReader body(reader_, bodies[i], "bodies[" + std::to_string(i) + "]", kBodyKeys);
    const double count = body.has("count") ? read_count(body) : 1.0;
    const YAML::Node shapes = body.get("shapes");
    const double shape_count = shapes.IsSequence() ? static_cast<double>(shapes.size()) : 0.0;
    size.bodies += count;
    size.shapes += count * shape_count;
    values += count * joint_values(child_of(body.get("joint"), "type"));
    if (count * (1.0 + shape_count) > largest_group) {
      largest_group = count * (1.0 + shape_count);
      largest_at.reset(body.has("count") ? body.get("count") : body.node());  // rebind: `=` would write into the tree
      largest_path = body.has("count") ? body.child("count") : body.path();
    }
  }
  const YAML::Node contacts = top.get("contacts");
  const YAML::Node pairs = child_of(contacts, "pairs");
  double compiled_pairs = 0.0;
  if (pairs.IsSequence()) {
    compiled_pairs = size.pairs = static_cast<double>(pairs.size());
  } else {
    const YAML::Node broadphase = child_of(contacts, "broadphase");
    const std::string mode = broadphase.IsScalar() ? broadphase.Scalar() : "auto";
    if (mode == "off" || (mode == "auto" && size.shapes <= 12.0)) {
      compiled_pairs = size.pairs = size.shapes * (size.shapes - 1.0) / 2.0;  // every pair, before filtering
    } else {
      size.pairs = 2.0 * size.shapes;  // candidates found at run time: a few per shape
    }
  }
  if (std::string problem = memory_problem(size, limits); !problem.empty()) {
    // Pairs compiled with the model grow as shapes²: then the contacts block is what to change.
    const bool pairs_dominate = compiled_pairs * kBytesPerPair > size.bodies * kBytesPerBody + size.shapes * kBytesPerShape;
    if (pairs_dominate) reader_.fail(contacts.IsDefined() ? contacts : top.node(), "contacts", problem);
    reader_.fail(largest_at, largest_path, problem);
  }
  if (!top.has("duration")) return;  // read_integration says so
  const double duration = top.checked("duration", std::nullopt, "a positive duration [s]", positive);
  const MapReader output(reader_, top.get("output"), "output", {"interval", "steps_in_contact"});
  const double interval = output.checked("interval", duration / 1000.0, "an interval >= 0 [s]", non_negative);
  size.timeseries_rows = interval > 0.0 ? std::floor(duration / interval) + 1.0 : 0.0;
  size.timeseries_columns = 1.0 + values + 7.0 + 3.0 * compiled_pairs;
  if (std::string problem = output_problem(size, limits); !problem.empty()) {
    if (output.has("interval")) output.fail("interval", problem);
    top.fail("duration", problem);
  }
  scene_.limits = limits;
  scene_.size = size;
}

void Compiler::read_materials(const MapReader& top) {
  if (!top.has("materials")) return;
  const YAML::Node materials = top.get("materials");
  if (!materials.IsMap()) reader_.fail(materials, "materials", "expected a map of material names, found " + describe(materials));
  for (const auto& entry : materials) {
    const std::string name = entry.first.Scalar();
    const std::string path = "materials." + name;
    if (std::string problem = name_problem(name); !problem.empty()) reader_.fail(entry.first, path, problem);
    MapReader m(reader_, entry.second, path,
                {"youngs_modulus", "poisson_ratio", "density", "yield_strength", "restitution", "rigid"});
    Material material;
    material.name = name;
    if (m.flag("rigid", false)) {
      if (m.has("youngs_modulus")) m.fail("youngs_modulus", "a rigid material takes no Young's modulus");
    } else {
      material.youngs_modulus = m.checked("youngs_modulus", std::nullopt, "a positive Young's modulus [Pa] (or rigid: true)", positive);
    }
    material.poisson_ratio =
        m.checked("poisson_ratio", 0.0, "a Poisson ratio in (-1, 0.5)", [](double x) { return x > -1.0 && x < 0.5; });
    material.density = m.checked("density", 0.0, "a non-negative density [kg/m^3]", non_negative);
    material.yield_strength = m.checked("yield_strength", kInf, "a positive yield strength [Pa]", positive);
    if (m.has("restitution")) {
      material.restitution = m.checked("restitution", std::nullopt, "a coefficient of restitution in (0, 1]",
                                       [](double x) { return x > 0.0 && x <= 1.0; });
    }
    material_index_[name] = static_cast<int>(scene_.model.contact.materials.size());
    scene_.model.contact.materials.push_back(material);
  }
}

int Compiler::read_shape(const YAML::Node& node, const std::string& path, int body, const std::string& default_name) {
  MapReader m(reader_, node, path,
              {"name", "type", "radius", "length", "half_extents", "size", "position", "axis", "normal", "rotation",
               "material", "group", "mask"});
  Shape shape;
  shape.body = body;
  shape.name = m.name("name", default_name);
  const std::vector<std::string_view> types = shape_type_names();
  const std::string type = m.choice("type", types, "");
  if (!m.has("type")) m.fail("type", "missing required key: expected one of " + join(types));
  if (shape_index_.count(shape.name)) m.fail("name", "a shape named '" + shape.name + "' already exists; shape names must be unique");
  shape.type = *find_shape_type(type);
  const ShapeKeys& keys = shape_traits(shape.type).keys;
  const Eigen::Vector3d position = m.vector3("position", Eigen::Vector3d::Zero());
  shape.pose.translation() = position;
  if (keys.normal) {
    shape.pose.linear() = z_onto(m.direction("normal", Eigen::Vector3d::UnitZ()));
  } else {
    if (m.has("normal")) {
      std::vector<std::string_view> with_normal;
      for (std::string_view name : types) {
        if (shape_traits(*find_shape_type(name)).keys.normal) with_normal.push_back(name);
      }
      m.fail("normal", "only a " + join(with_normal) + " has a normal; use axis or rotation");
    }
    shape.pose.linear() = z_onto(m.direction("axis", Eigen::Vector3d::UnitZ()));
    if (auto rotation = read_rotation(reader_, m)) shape.pose.linear() = *rotation;
  }
  if (keys.radius) shape.radius = m.checked("radius", std::nullopt, "a positive radius [m]", positive);
  if (keys.length) {
    shape.length = m.checked("length", std::nullopt, keys.length,
                             [&](double x) { return keys.length_may_be_zero ? x >= 0.0 : x > 0.0; });
  }
  if (keys.extents) {
    if (m.has("half_extents") == m.has("size")) m.fail("size", "a " + type + " needs exactly one of size (full extents) or half_extents [m]");
    const Eigen::Vector3d extents = m.has("size") ? Eigen::Vector3d(0.5 * m.vector3("size", Eigen::Vector3d::Zero())) : m.vector3("half_extents", Eigen::Vector3d::Zero());
    if (!(extents.minCoeff() > 0.0)) m.fail(m.has("size") ? "size" : "half_extents", "expected positive extents [m]");
    shape.half_extents = extents;
  }
  auto bits = [&](const char* key, double fallback) {
    const double value = m.checked(key, fallback, "a whole number in [0, 2^32)", [](double x) {
      return x >= 0.0 && x < 4294967296.0 && x == std::floor(x);
    });
    return static_cast<std::uint32_t>(value);
  };
  shape.collision_group = bits("group", 1.0);
  shape.collision_mask = bits("mask", 4294967295.0);
  ShapeSource source{node, path, m.text("material", "")};
  if (!source.material_name.empty()) {
    auto it = material_index_.find(source.material_name);
    if (it == material_index_.end()) {
      std::vector<std::string_view> names;
      for (const auto& [n, i] : material_index_) names.push_back(n);
      m.fail("material", "unknown material '" + source.material_name + "'" + did_you_mean(source.material_name, names) +
                             (names.empty() ? "; the scene declares no materials" : "; materials are " + join(names)));
    }
    shape.material = it->second;
  }
  const int index = static_cast<int>(scene_.model.contact.shapes.size());
  shape_index_[shape.name] = index;
  scene_.model.contact.shapes.push_back(shape);
  shape_sources_.push_back(source);
  return index;
}

void Compiler::compute_inertia_from_shapes(Body& body, int body_index, const MapReader& map) {
  double total_volume = 0.0;
  Eigen::Vector3d first_moment = Eigen::Vector3d::Zero();
  std::vector<std::pair<const Shape*, double>> solids;
  // The body's shapes are the last ones read: walk back over them only, not every shape of the scene.
  const std::vector<Shape>& shapes = scene_.model.contact.shapes;
  std::size_t first = shapes.size();
  while (first > 0 && shapes[first - 1].body == body_index) --first;
  for (std::size_t k = first; k < shapes.size(); ++k) {
    const Shape& s = shapes[k];
    const double volume = shape_traits(s.type).unit_mass(s).volume;
    if (volume == 0.0) continue;  // no mass of its own: a halfspace, a hole
    total_volume += volume;
    first_moment += volume * s.pose.translation();
    solids.emplace_back(&s, volume);
  }
  if (total_volume <= 0.0) {
    map.fail("inertia", "the body has no solid shape to compute its inertia from; give inertia [kg·m²] (and com)");
  }
  if (!std::isfinite(total_volume)) {
    map.fail("shapes", "the shapes' volume overflows (" + format_double(total_volume) + "); their sizes are not usable");
  }
  const double density = body.mass / total_volume;
  if (!map.has("com")) body.com = first_moment / total_volume;
  body.inertia.setZero();
  for (const auto& [s, volume] : solids) {
    const Eigen::Matrix3d unit = shape_traits(s->type).unit_mass(*s).inertia;
    const Eigen::Matrix3d R = s->pose.linear();
    const Eigen::Vector3d d = s->pose.translation() - body.com;
    const double mass = density * volume;
    body.inertia += density * R * unit * R.transpose() + mass * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
  }
}

void Compiler::read_bodies(const MapReader& top) {
  body_index_["world"] = 0;
  initial_.resize(1);  // the world
  if (top.has("world")) {
    MapReader world(reader_, top.get("world"), "world", {"shapes"});
    if (world.has("shapes")) {
      const YAML::Node shapes = world.get("shapes");
      if (!shapes.IsSequence()) reader_.fail(shapes, "world.shapes", "expected a list of shapes, found " + describe(shapes));
      for (std::size_t i = 0; i < shapes.size(); ++i) {
        read_shape(shapes[i], "world.shapes[" + std::to_string(i) + "]", 0, "world_" + std::to_string(i));
      }
    }
  }
  if (!top.has("bodies")) return;
  const YAML::Node bodies = top.get("bodies");
  if (!bodies.IsSequence()) reader_.fail(bodies, "bodies", "expected a list of bodies, found " + describe(bodies));
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const std::string path = "bodies[" + std::to_string(i) + "]";
    MapReader m(reader_, bodies[i], path, kBodyKeys);
    if (!m.has("name")) m.fail("name", "missing required key: expected a body name");
    if (!m.has("count")) {
      read_body(m, m.name("name", ""), std::nullopt);
      continue;
    }
    // `count: N` makes N bodies name_0 … name_{N−1}; their values may use the index i.
    const double count = read_count(m);
    for (int k = 0; k < static_cast<int>(count); ++k) read_body(m, m.name("name", "") + "_" + std::to_string(k), k);
  }
}

void Compiler::read_body(const MapReader& m, const std::string& name, std::optional<int> count_index) {
  reader_.set_index(count_index);
  {
    Body body;
    body.name = name;
    if (body_index_.count(body.name)) m.fail("name", "a body named '" + body.name + "' already exists ('world' is reserved)");

    MapReader joint(reader_, m.get("joint"), m.child("joint"),
                    {"type", "parent", "axis", "position", "rotation", "stiffness", "damping", "rest_position", "effort"});
    body.joint.type = *find_joint_type(joint.choice("type", joint_type_names(), "fixed"));
    for (const char* key : {"stiffness", "damping", "rest_position", "effort"}) {
      if (joint.has(key) && !takes_force_elements(joint_traits(body.joint.type))) {
        joint.fail(key, "force elements need a " + joint_type_list(takes_force_elements, "or") + " joint");
      }
    }
    body.joint.stiffness = joint.checked("stiffness", 0.0, "a spring stiffness >= 0 [N·m/rad or N/m]", non_negative);
    body.joint.damping = joint.checked("damping", 0.0, "a damping coefficient >= 0 [N·m·s/rad or N·s/m]", non_negative);
    body.joint.rest_position = joint.number("rest_position", 0.0);
    if (joint.has("effort")) body.joint.effort = read_time_function(joint, "effort");
    const std::string parent = joint.text("parent", "world");
    auto parent_it = body_index_.find(parent);
    if (parent_it == body_index_.end()) {
      std::vector<std::string_view> names;
      for (const auto& [n, b] : body_index_) names.push_back(n);
      joint.fail("parent", "unknown body '" + parent + "'" + did_you_mean(parent, names) +
                               "; a parent must be 'world' or a body listed earlier (" + join(names) + ")");
    }
    body.parent = parent_it->second;
    body.joint.axis = joint.direction("axis", Eigen::Vector3d::UnitZ());
    body.joint.placement.translation() = joint.vector3("position", Eigen::Vector3d::Zero());
    if (auto rotation = read_rotation(reader_, joint)) body.joint.placement.linear() = *rotation;

    const bool moving = body.joint.type != JointType::kFixed;
    body.mass = m.checked("mass", moving ? std::optional<double>() : std::optional<double>(0.0), "a positive mass [kg]",
                          [&](double x) { return moving ? x > 0.0 : x >= 0.0; });
    body.com = m.vector3("com", Eigen::Vector3d::Zero());
    const int index = static_cast<int>(scene_.model.bodies.size());
    body_index_[body.name] = index;
    if (m.has("shapes")) {
      const YAML::Node shapes = m.get("shapes");
      if (!shapes.IsSequence()) reader_.fail(shapes, m.child("shapes"), "expected a list of shapes, found " + describe(shapes));
      for (std::size_t s = 0; s < shapes.size(); ++s) {
        read_shape(shapes[s], m.child("shapes") + "[" + std::to_string(s) + "]", index,
                   shapes.size() == 1 ? body.name : body.name + "_" + std::to_string(s));
      }
    }
    if (m.has("inertia")) {
      const YAML::Node inertia = m.get("inertia");
      if (inertia.IsSequence() && inertia.size() == 3 && inertia[0].IsScalar()) {
        const Eigen::Vector3d diagonal = m.vector3("inertia", Eigen::Vector3d::Zero());
        if (std::string problem = principal_moments_problem(diagonal); !problem.empty()) m.fail("inertia", problem);
        body.inertia = diagonal.asDiagonal();
      } else {
        m.fail("inertia", "expected principal moments [Ixx, Iyy, Izz] about the centre of mass [kg·m²], found " + describe(inertia));
      }
    } else if (moving) {
      compute_inertia_from_shapes(body, index, m);
    }
    initial_.push_back({m.get("initial"), m.child("initial"), count_index});
    inertia_sources_.push_back({m.has("inertia") ? m.get("inertia") : m.node(), m.child("inertia"), count_index});
    scene_.model.bodies.push_back(body);
  }
  reader_.set_index(std::nullopt);
}

// The settings of one contacts block (the defaults, or a listed pair over them): law, parameters, stiffness,
// mass and tension rules. `own` is the pair's block, or null for the defaults.
PairSettings Compiler::read_settings(const MapReader& defaults, const MapReader* own) {
  auto pick = [&](const char* key) -> const MapReader& { return own && own->has(key) ? *own : defaults; };
  PairSettings settings;
  // Law: --model overrides the scene's choice.
  const MapReader& law_map = pick("law");
  // `method: impulse` is the piecewise impulse–momentum method (the registry's `impulse`), instead of a law.
  const MapReader& method_map = pick("method");
  const bool impulse_method = method_map.choice("method", {"penalty", "impulse"}, "penalty") == "impulse";
  if (impulse_method && law_map.has("law") && law_map.text("law", "") != "impulse") {
    method_map.fail("method", "method: impulse replaces the force law; remove `law` or use method: penalty");
  }
  std::string law_name = law_map.text("law", impulse_method ? "impulse" : "hertz");
  if (!options_.law_override.empty()) law_name = options_.law_override;
  settings.law = find_law(law_name);
  if (settings.law < 0) {
    const auto ids = law_ids();
    if (!options_.law_override.empty()) {
      throw SceneError(reader_.file(), 0, 0, "--model",
                       "unknown law '" + law_name + "'" + did_you_mean(law_name, ids) + "; valid names are " + join(ids));
    }
    law_map.fail("law", "unknown law '" + law_name + "'" + did_you_mean(law_name, ids) + "; valid names are " + join(ids));
  }
  settings.law_info = &law_info(settings.law);
  const LawInfo& law = *settings.law_info;

  // Law parameters: the pair's own block over the contacts block; with --model, names the new law does not
  // take are dropped (each scene block was written for the scene's own law).
  std::vector<NamedValue> values;
  std::vector<std::string> names;
  for (const MapReader* block : {&defaults, own}) {
    if (block == nullptr || !block->has("parameters")) continue;
    const YAML::Node parameters = block->get("parameters");
    if (!parameters.IsMap()) reader_.fail(parameters, block->child("parameters"), "expected a map of parameter values, found " + describe(parameters));
    for (const auto& entry : parameters) {
      const std::string name = entry.first.Scalar();
      const std::string path = block->child("parameters") + "." + name;
      const LawParameter* spec = find_parameter(law, name);
      if (spec == nullptr) {
        if (!options_.law_override.empty()) {
          const std::string note = "--model " + std::string(law.id) + ": parameter '" + path + "' does not apply and is ignored";
          if (std::find(scene_.notes.begin(), scene_.notes.end(), note) == scene_.notes.end()) scene_.notes.push_back(note);
          continue;
        }
        std::vector<std::string_view> known;
        for (const LawParameter& p : law.parameters) known.push_back(p.name);
        reader_.fail(entry.first, path, unknown_parameter_message(law, name) + did_you_mean(name, known));
      }
      const double value = reader_.number(entry.second, path);
      if (std::string problem = check_law_parameter(*spec, value); !problem.empty()) reader_.fail(entry.second, path, problem);
      auto existing = std::find(names.begin(), names.end(), name);
      if (existing != names.end()) {
        values[static_cast<std::size_t>(existing - names.begin())].value = value;
      } else {
        names.push_back(name);
        values.push_back({spec->name, value});
      }
    }
  }
  // A law's restitution parameter (restitution_parameter) left out is taken per pair from the materials
  // (mixed_restitution). When the law declares a default for it, restitution is one side of an either/or (tsuji's
  // alpha, goldsmith's permanent_indentation): another of the law's parameters given means "use that", and the
  // default stays; with none given the materials' restitution is used where they give one (compile_pair), else the
  // default.
  if (const int k = restitution_parameter(law); k >= 0) {
    const LawParameter& p = law.parameters[static_cast<std::size_t>(k)];
    if (std::find(names.begin(), names.end(), p.name) == names.end() && (p.required || names.empty())) {
      settings.restitution_from_materials = true;
      names.emplace_back(p.name);
      values.push_back({p.name, p.required ? 1.0 : p.default_value});  // inside the range; replaced per pair
    }
  }
  // A parameter about to be calibrated may be left out even if the law requires it: start inside its range.
  const MapReader& calibrate_map = pick("calibrate");
  if (calibrate_map.has("calibrate")) {
    const YAML::Node target = child_of(calibrate_map.get("calibrate"), "parameter");
    if (target.IsDefined() && target.IsScalar() && std::find(names.begin(), names.end(), target.Scalar()) == names.end()) {
      if (const LawParameter* p = find_parameter(law, target.Scalar())) {
        values.push_back({p->name, calibration_start_value(*p)});
      }
    }
  }
  try {
    settings.parameters = compile_law_parameters(law, values);
  } catch (const std::invalid_argument& error) {
    law_map.fail("law", error.what());
  }
  if (const int k = restitution_parameter(law); k >= 0 && law.accurate_restitution_max > law.accurate_restitution_min) {
    const double c = settings.parameters.values[k];
    if (c < law.accurate_restitution_min || c > law.accurate_restitution_max) {
      std::ostringstream note;
      note << (own ? own->path() : defaults.path()) << ": law " << law.id
           << " reproduces a target restitution within 0.01 only for c in [" << law.accurate_restitution_min << ", "
           << law.accurate_restitution_max << "]; the target is " << c;
      scene_.notes.push_back(note.str());
    }
  }

  // Stiffness: from Hertz theory and the materials (checked per pair), or given.
  const MapReader& stiffness_map = pick("stiffness");
  const YAML::Node stiffness_node = stiffness_map.get("stiffness");
  settings.hertz_stiffness = !stiffness_map.has("stiffness") || (stiffness_node.IsScalar() && stiffness_node.Scalar() == "hertz");
  if (settings.hertz_stiffness) {
    settings.exponent = pick("exponent").checked("exponent", 1.5, "exponent 1.5 with Hertz stiffness", [](double x) { return x == 1.5; });
  } else {
    settings.stiffness = stiffness_map.checked("stiffness", std::nullopt, "a positive stiffness [N/m^n] or 'hertz'", positive);
    settings.exponent = pick("exponent").checked("exponent", 1.5, "an exponent n >= 1", [](double x) { return x >= 1.0; });
  }
  if (law.requires_linear_stiffness && settings.exponent != 1.0) {
    law_map.fail("law", "law '" + std::string(law.id) + "' needs a linear stiffness: give stiffness [N/m] and exponent: 1");
  }
  settings.mass_rule = pick("mass").choice("mass", {"multibody", "reduced"}, "multibody") == "reduced" ? MassRule::kReduced
                                                                                                       : MassRule::kMultibody;
  const std::string tension = pick("tension").choice("tension", {"allow", "clamp", "release"}, "allow");
  settings.tension = tension == "clamp" ? TensionRule::kClamp : tension == "release" ? TensionRule::kRelease : TensionRule::kAllow;
  return settings;
}

void Compiler::read_contacts(const MapReader& top) {
  ContactModel& contact = scene_.model.contact;  // contact.bodies: from finalize()
  const std::vector<std::string_view> keys = {"method", "law", "parameters", "stiffness", "exponent", "mass", "tension",
                                              "calibrate"};
  std::vector<std::string_view> top_keys = keys;
  top_keys.insert(top_keys.end(), {"pairs", "impact_velocity_floor", "rest_bounce_ratio", "rest_stroke_ratio",
                                   "broadphase", "margin"});
  MapReader defaults(reader_, top.get("contacts"), "contacts", top_keys);
  contact.impact_velocity_floor =
      defaults.checked("impact_velocity_floor", 1e-4, "a positive velocity [m/s]", positive);
  contact.rest_bounce_ratio = defaults.checked("rest_bounce_ratio", 1.0, "a non-negative ratio", non_negative);
  contact.rest_stroke_ratio = defaults.checked("rest_stroke_ratio", 1e-3, "a non-negative ratio", non_negative);
  const PairSettings default_settings = read_settings(defaults, nullptr);

  // A pair's compilation errors (missing material, flat–flat Hertz contact, …) point at the block it came from.
  auto compile_pair = [&](int a, int b, const PairSettings& given, const YAML::Node& at, const std::string& path) {
    PairSettings settings = given;
    if (settings.restitution_from_materials && optional_restitution(settings) && !materials_give_restitution(a, b)) {
      settings.restitution_from_materials = false;  // the law's default: see read_settings
    }
    try {
      contact.pairs.push_back(make_contact_pair(contact, a, b, settings));
    } catch (const std::invalid_argument& error) {
      reader_.fail(at, path, error.what());
    }
    // Values derived from finite inputs can still overflow (a huge modulus times a huge radius).
    const ContactPairModel& pair = contact.pairs.back();
    if (!std::isfinite(pair.stiffness)) {
      reader_.fail(at, path, "the stiffness of " + pair.name + " overflows (" + format_double(pair.stiffness) +
                                 "); check the materials' moduli and the shapes' sizes");
    }
  };
  // `calibrate: {parameter, restitution, impact_velocity = 1 m/s, mass = the pair's reduced mass}`: the value of
  // one law parameter that makes the pair's isolated impact return the target restitution (engine/calibration.h).
  std::map<std::string, RestitutionCalibration> calibrated;  // identical pairs are calibrated once
  auto calibrate = [&](const MapReader& block) {
    if (!block.has("calibrate")) return;
    MapReader request(reader_, block.get("calibrate"), block.child("calibrate"),
                      {"parameter", "restitution", "impact_velocity", "mass"});
    if (!request.has("parameter")) request.fail("parameter", "missing required key: expected the law parameter to calibrate");
    const std::string name = request.text("parameter", "");
    const double target = request.checked("restitution", std::nullopt, "a target restitution in (0, 1)",
                                          [](double x) { return x > 0.0 && x < 1.0; });
    const double velocity = request.checked("impact_velocity", 1.0, "a positive impact velocity [m/s]", positive);
    ContactPairModel& pair = contact.pairs.back();
    const double mass = request.checked("mass", pair.reduced_mass, "a positive effective mass [kg]",
                                        [](double x) { return x > 0.0 && std::isfinite(x); });
    std::ostringstream key;
    key.precision(17);
    key << pair.law << "|" << name << "|" << target << "|" << velocity << "|" << mass << "|" << pair.stiffness << "|"
        << pair.exponent << "|" << pair.effective_radius << "|" << pair.effective_modulus;
    for (double v : pair.parameters.values) key << "|" << v;
    auto found = calibrated.find(key.str());
    if (found == calibrated.end()) {
      try {
        found = calibrated.emplace(key.str(), calibrate_restitution(pair, name, mass, velocity, target)).first;
      } catch (const std::invalid_argument& error) {
        request.fail("parameter", error.what());
      } catch (const std::runtime_error& error) {
        request.fail("restitution", error.what());
      }
      std::ostringstream note;
      note << block.path() << ": calibrated " << pair.law_info->id << " " << name << " = " << found->second.value
           << " for restitution " << target << " at " << velocity << " m/s (achieved " << found->second.restitution
           << ", " << found->second.simulations << " isolated impacts)";
      scene_.notes.push_back(note.str());
    }
    pair.parameters = found->second.parameters;
  };

  const YAML::Node pairs = defaults.get("pairs");
  const bool listed = defaults.has("pairs") && !(pairs.IsScalar() && pairs.Scalar() == "all");
  if (listed) {
    if (!pairs.IsSequence()) reader_.fail(pairs, "contacts.pairs", "expected 'all' or a list of pairs, found " + describe(pairs));
    if (defaults.has("broadphase")) defaults.fail("broadphase", "listed pairs are always checked; the broadphase is for pairs: all");
    std::vector<std::string_view> pair_keys = keys;
    pair_keys.push_back("shapes");
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const std::string path = "contacts.pairs[" + std::to_string(i) + "]";
      MapReader pair(reader_, pairs[i], path, pair_keys);
      const YAML::Node names = pair.get("shapes");
      if (!names.IsSequence() || names.size() != 2) {
        pair.fail("shapes", "expected two shape names [a, b], found " + describe(names));
      }
      int ids[2];
      for (std::size_t k = 0; k < 2; ++k) {
        auto it = shape_index_.find(names[k].Scalar());
        if (it == shape_index_.end()) {
          std::vector<std::string_view> all;
          for (const auto& [n, s] : shape_index_) all.push_back(n);
          reader_.fail(names[k], pair.child("shapes") + "[" + std::to_string(k) + "]",
                       "unknown shape '" + names[k].Scalar() + "'" + did_you_mean(names[k].Scalar(), all) +
                           "; shapes are " + join(all));
        }
        ids[k] = it->second;
      }
      if (contact.shapes[static_cast<std::size_t>(ids[0])].body == contact.shapes[static_cast<std::size_t>(ids[1])].body) {
        pair.fail("shapes", "both shapes are on the same body");
      }
      const ShapeType ta = contact.shapes[static_cast<std::size_t>(ids[0])].type;
      const ShapeType tb = contact.shapes[static_cast<std::size_t>(ids[1])].type;
      if (!shape_types_collide(ta, tb)) {
        pair.fail("shapes", std::string("no contact between a ") + shape_type_name(ta) + " and a " + shape_type_name(tb));
      }
      compile_pair(ids[0], ids[1], read_settings(defaults, &pair), pair.node(), path);
      calibrate(pair.has("calibrate") ? pair : defaults);
    }
    return;
  }

  // pairs: all — every pair of shapes that may collide. Small scenes compile them all; larger ones (or
  // broadphase: on) find candidates at run time.
  const std::size_t shapes = contact.shapes.size();
  const std::string mode = defaults.choice("broadphase", {"auto", "on", "off"}, "auto");
  contact.broadphase = mode == "on" || (mode == "auto" && shapes > 12);
  if (!contact.broadphase) {
    if (defaults.has("margin")) defaults.fail("margin", "the margin is for the broadphase (broadphase: on)");
    for (std::size_t i = 0; i < shapes; ++i) {
      for (std::size_t j = i + 1; j < shapes; ++j) {
        if (!shapes_may_collide(contact, static_cast<int>(i), static_cast<int>(j))) continue;
        compile_pair(static_cast<int>(i), static_cast<int>(j), default_settings, defaults.node(), "contacts");
        calibrate(defaults);
      }
    }
    return;
  }
  if (defaults.has("calibrate")) {
    defaults.fail("calibrate", "calibration needs pairs compiled with the model: list the pairs or set broadphase: off");
  }
  contact.settings = default_settings;
  // Pairs found at run time share one setting: the materials' restitution only if every shape has one.
  if (optional_restitution(contact.settings)) {
    for (std::size_t i = 0; i < shapes; ++i) {
      if (!materials_give_restitution(static_cast<int>(i), static_cast<int>(i))) contact.settings.restitution_from_materials = false;
    }
  }
  // Default margin: a tenth of the smallest solid shape's size, so refreshes are rare and candidates few.
  double smallest = kInf;
  for (const Shape& shape : contact.shapes) smallest = std::min(smallest, shape_size(shape));
  contact.margin = defaults.checked("margin", std::isfinite(smallest) ? 0.1 * smallest : 0.01, "a positive margin [m]", positive);
  // Every pair the broadphase may find must compile: check one pair per two kinds of shape (type, material,
  // curvature), with a few shapes of each kind to find two that may touch. O(shapes + kinds²), not O(shapes²).
  using Kind = std::tuple<int, int, double>;
  std::map<Kind, std::vector<int>> kinds;
  for (std::size_t i = 0; i < shapes; ++i) {
    const Shape& shape = contact.shapes[i];
    std::vector<int>& members = kinds[Kind{static_cast<int>(shape.type), shape.material, curvature_radius(shape)}];
    if (members.size() < 4) members.push_back(static_cast<int>(i));
  }
  for (auto first = kinds.begin(); first != kinds.end(); ++first) {
    for (auto second = first; second != kinds.end(); ++second) {
      bool done = false;
      for (int i : first->second) {
        for (int j : second->second) {
          if (done || i == j || !shapes_may_collide(contact, std::min(i, j), std::max(i, j))) continue;
          done = true;
          try {
            make_contact_pair(contact, std::min(i, j), std::max(i, j), default_settings);
          } catch (const std::invalid_argument& error) {
            reader_.fail(defaults.node(), "contacts", error.what());
          }
        }
      }
    }
  }
}

void Compiler::read_integration(const MapReader& top) {
  SimulationOptions& sim = scene_.simulation;
  sim.duration = top.checked("duration", std::nullopt, "a positive duration [s]", positive);
  MapReader integrator(reader_, top.get("integrator"), "integrator",
                       {"method", "relative_tolerance", "absolute_tolerance", "initial_step", "max_step", "max_steps",
                        "step", "locate_force_peaks", "bdf_at_rest"});
  const std::string method =
      integrator.choice("method", {"dormand_prince", "arkode_dormand_prince", "bdf", "symplectic_euler", "velocity_verlet", "rk4"}, "dormand_prince");
  IntegratorOptions& options = sim.integrator;
  for (IntegratorMethod candidate : {IntegratorMethod::kDormandPrince, IntegratorMethod::kArkodeDormandPrince, IntegratorMethod::kBdf, IntegratorMethod::kSymplecticEuler,
                                     IntegratorMethod::kVelocityVerlet, IntegratorMethod::kRungeKutta4}) {
    if (method == integrator_method_name(candidate)) options.method = candidate;
  }
  if (is_fixed_step(options.method)) {
    options.step = integrator.checked("step", std::nullopt, "a positive fixed step [s] for method " + method, positive);
  } else if (integrator.has("step")) {
    integrator.fail("step", "only the fixed-step methods (symplectic_euler, velocity_verlet, rk4) take a step; use initial_step/max_step");
  }
  options.relative_tolerance = integrator.checked("relative_tolerance", options.relative_tolerance, "a tolerance in (0, 1)",
                                                  [](double x) { return x > 0.0 && x < 1.0; });
  options.absolute_tolerance = integrator.checked("absolute_tolerance", options.absolute_tolerance, "a positive tolerance", positive);
  options.initial_step = integrator.checked("initial_step", 0.0, "a step >= 0 [s] (0: automatic)", non_negative);
  options.max_step = integrator.checked("max_step", 0.0, "a step >= 0 [s] (0: unbounded)", non_negative);
  options.max_steps = static_cast<long>(integrator.checked("max_steps", static_cast<double>(options.max_steps),
                                                           "a positive whole number", [](double x) { return x >= 1.0 && x == std::floor(x); }));
  options.locate_force_peaks = integrator.flag("locate_force_peaks", true);
  options.bdf_at_rest = integrator.flag("bdf_at_rest", true);

  MapReader output(reader_, top.get("output"), "output", {"interval", "steps_in_contact"});
  sim.output_interval = output.checked("interval", sim.duration / 1000.0, "an interval >= 0 [s]", non_negative);
  sim.output_steps_in_contact = output.flag("steps_in_contact", true);

  MapReader checks(reader_, top.get("checks"), "checks", {"energy_tolerance", "max_indentation_ratio", "overlap_tolerance"});
  // Fixed-step schemes oscillate in energy by O(h) (symplectic Euler) or O(h²): a looser default.
  const double default_energy_tolerance = is_fixed_step(sim.integrator.method) ? 0.05 : sim.energy_tolerance;
  sim.energy_tolerance = checks.checked("energy_tolerance", default_energy_tolerance, "a positive relative tolerance", positive);
  sim.max_indentation_ratio = checks.checked("max_indentation_ratio", sim.max_indentation_ratio, "a positive ratio", positive);
  sim.overlap_tolerance = checks.checked("overlap_tolerance", sim.overlap_tolerance, "a positive ratio", positive);
}

TimeFunction Compiler::read_time_function(const MapReader& map, const char* key) {
  TimeFunction f;
  const YAML::Node node = map.get(key);
  if (node.IsScalar()) {
    f.value = reader_.number(node, map.child(key));
    return f;
  }
  MapReader choice(reader_, node, map.child(key), {"sine", "table"});
  if (choice.has("sine") == choice.has("table")) {
    reader_.fail(node, map.child(key), "expected a number, {sine: {...}} or {table: {times: [...], values: [...]}}");
  }
  if (choice.has("sine")) {
    MapReader sine(reader_, choice.get("sine"), choice.child("sine"), {"amplitude", "frequency", "phase", "offset"});
    f.kind = TimeFunction::Kind::kSine;
    f.amplitude = sine.required_number("amplitude", "amplitude [N·m or N]");
    f.frequency = sine.checked("frequency", std::nullopt, "a frequency >= 0 [Hz]", non_negative);
    f.phase = sine.number("phase", 0.0);
    f.value = sine.number("offset", 0.0);
    return f;
  }
  MapReader table(reader_, choice.get("table"), choice.child("table"), {"times", "values"});
  f.kind = TimeFunction::Kind::kTable;
  for (const char* column : {"times", "values"}) {
    const YAML::Node list = table.get(column);
    if (!list.IsSequence() || list.size() == 0) table.fail(column, "expected a non-empty list of numbers");
    std::vector<double>& out = std::string(column) == "times" ? f.times : f.values;
    for (std::size_t k = 0; k < list.size(); ++k) out.push_back(reader_.number(list[k], table.child(column) + "[" + std::to_string(k) + "]"));
  }
  if (f.times.size() != f.values.size()) table.fail("values", "expected as many values as times");
  for (std::size_t k = 1; k < f.times.size(); ++k) {
    if (!(f.times[k] > f.times[k - 1])) table.fail("times", "expected increasing times");
  }
  return f;
}

// Initial coordinates and velocities of one joint: raw `q` and `v` (body-frame velocities for planar,
// spherical and free joints), or the readable keys `position`, `angle`, `orientation`, `linear_velocity`,
// `angular_velocity` given in the joint frame, those its type takes (its row of the joint table,
// engine/joint_traits.h), which converts them.
void Compiler::read_initial(const InitialValues& initial, const Joint& joint, State& state) {
  reader_.set_index(initial.index);
  MapReader m(reader_, initial.node, initial.path,
              {"q", "v", "position", "angle", "orientation", "linear_velocity", "angular_velocity"});
  const JointTraits& traits = joint_traits(joint.type);
  auto read_list = [&](const char* key, int count, Eigen::VectorXd& out, int offset) {
    if (!m.has(key)) return;
    const YAML::Node node = m.get(key);
    const std::string path = m.child(key);
    if (count == 0) reader_.fail(node, path, "a " + std::string(traits.name) + " joint has no coordinates");
    if (node.IsScalar() && count == 1) {
      out[offset] = reader_.number(node, path);
      return;
    }
    if (!node.IsSequence() || static_cast<int>(node.size()) != count) {
      reader_.fail(node, path, "expected " + std::to_string(count) + " value(s) for a " + traits.name +
                                   " joint, found " + describe(node));
    }
    for (int k = 0; k < count; ++k) out[offset + k] = reader_.number(node[static_cast<std::size_t>(k)], path + "[" + std::to_string(k) + "]");
  };
  read_list("q", joint.nq, state.q, joint.q_index);
  read_list("v", joint.nv, state.v, joint.v_index);

  auto allowed = [&](const char* key, bool (*takes)(const JointTraits&)) {
    if (m.has(key) && !takes(traits)) m.fail(key, "only " + joint_type_list(takes, "and") + " joints take " + key);
    if (m.has(key) && (m.has("q") || m.has("v"))) m.fail(key, std::string("give either q/v or ") + key + ", not both");
  };
  allowed("position", [](const JointTraits& t) { return t.initial_keys.position > 0; });
  allowed("angle", [](const JointTraits& t) { return t.initial_keys.angle; });
  allowed("orientation", [](const JointTraits& t) { return t.initial_keys.orientation; });
  allowed("linear_velocity", [](const JointTraits& t) { return t.initial_keys.linear_velocity > 0; });
  allowed("angular_velocity", [](const JointTraits& t) { return t.initial_keys.angular_velocity > 0; });
  if (traits.set_initial == nullptr) return;
  // Three numbers, or one: the component along the joint frame's z.
  auto vector = [&](const char* key, int count) -> std::optional<Eigen::Vector3d> {
    if (!m.has(key)) return std::nullopt;
    if (count == 1) return Eigen::Vector3d(0.0, 0.0, m.number(key, 0.0));
    return m.vector3(key, Eigen::Vector3d::Zero());
  };
  JointInitialValues given;
  given.position = vector("position", traits.initial_keys.position);
  if (m.has("angle")) given.angle = m.number("angle", 0.0);
  if (m.has("orientation")) {
    MapReader orientation(reader_, m.get("orientation"), m.child("orientation"), {"axis", "angle"});
    given.orientation = Eigen::Quaterniond(Eigen::AngleAxisd(orientation.required_number("angle", "angle [rad]"),
                                                             orientation.direction("axis", Eigen::Vector3d::UnitZ())));
  }
  given.linear_velocity = vector("linear_velocity", traits.initial_keys.linear_velocity);
  given.angular_velocity = vector("angular_velocity", traits.initial_keys.angular_velocity);
  if (const auto problem = traits.set_initial(given, state.q.data() + joint.q_index, state.v.data() + joint.v_index)) {
    m.fail(problem->key, problem->message);
  }
}

// `plugins:` — force-law plugins (models/law_plugin.h) whose laws the scene uses by name, each a path relative to
// the scene file's directory. Loaded before anything names a law; loading one again does nothing.
void Compiler::read_plugins(const MapReader& top) {
  if (!top.has("plugins")) return;
  const YAML::Node list = top.get("plugins");
  if (!list.IsSequence()) {
    reader_.fail(list, "plugins", "expected a list of force-law plugin files (shared libraries), found " + describe(list));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = "plugins[" + std::to_string(i) + "]";
    const YAML::Node entry = list[i];
    if (!entry.IsScalar() || entry.Scalar().empty()) reader_.fail(entry, path, "expected a plugin file's path, found " + describe(entry));
    if (!options_.load_plugins) reader_.fail(entry, path, "loading plugins is turned off here (SceneOptions::load_plugins)");
    const std::filesystem::path given(entry.Scalar());
    const std::filesystem::path file =
        given.is_absolute() ? given : std::filesystem::path(reader_.file()).parent_path() / given;
    try {
      load_law_plugin(file);
    } catch (const LawPluginError& error) {
      reader_.fail(entry, path, error.what());
    }
  }
}

Scene Compiler::compile() {
  if (!root_.IsMap()) reader_.fail(root_, "", "expected a scene (a YAML map), found " + describe(root_));
  MapReader top(reader_, root_, "", scene_top_level_keys());
  scene_.file = reader_.file();
  if (!top.has("scene")) top.fail("scene", "missing required key: expected the scene's name");
  scene_.name = top.name("scene", "");
  scene_.description = top.text("description", "");
  if (std::string problem = text_problem(scene_.description); !problem.empty()) top.fail("description", problem);
  const YAML::Node variables = top.get("variables");
  if (top.has("variables") && !variables.IsMap()) reader_.fail(variables, "variables", "expected a map of name: value, found " + describe(variables));
  reader_.set_variables(variables);

  read_plugins(top);
  check_size(top);
  scene_.model = make_model();
  scene_.model.gravity = top.vector3("gravity", Eigen::Vector3d(0.0, 0.0, -9.81));
  read_materials(top);
  read_bodies(top);
  const std::vector<std::string> inertia_problems = rotational_inertia_problems(scene_.model);
  for (std::size_t b = 1; b < inertia_problems.size(); ++b) {
    if (!inertia_problems[b].empty()) reader_.fail(inertia_sources_[b - 1].node, inertia_sources_[b - 1].path, inertia_problems[b]);
  }
  try {
    finalize(scene_.model);
  } catch (const std::invalid_argument& error) {
    reader_.fail(top.get("bodies"), "bodies", error.what());
  }
  read_contacts(top);
  read_integration(top);

  State& state = scene_.initial_state;
  state = make_state(scene_.model);
  for (std::size_t i = 1; i < scene_.model.bodies.size(); ++i) read_initial(initial_[i], scene_.model.bodies[i].joint, state);
  reader_.set_index(std::nullopt);
  scene_.variables = reader_.variables();
  return std::move(scene_);
}

}  // namespace

Scene load_scene_text(const std::string& text, const std::string& file, const SceneOptions& options) {
  YAML::Node root = parse_scene_document(text, file);
  // --set NAME=VALUE names a variable; a key path (or a top-level key the scene has no variable for, such as
  // `duration`) overrides that key of the document itself (scenes/key_path.h).
  SceneOptions variable_options = options;
  variable_options.variable_overrides.clear();
  std::vector<std::pair<std::string, std::string>> key_overrides;
  const YAML::Node declared = root.IsMap() ? child_of(root, "variables") : YAML::Node();
  for (const auto& [name, value] : options.variable_overrides) {
    if (overrides_a_key(name, !child_of(declared, name).IsNull())) key_overrides.emplace_back(name, value);
    else variable_options.variable_overrides.emplace_back(name, value);
  }
  if (!key_overrides.empty() && !root.IsMap() && !root.IsNull()) {
    throw SceneError(file, 0, 0, "", "expected a scene (a YAML map), found " + describe(root));
  }
  const std::vector<AppliedOverride> applied = apply_key_path_overrides(root, key_overrides, file, options.override_flag);
  try {
    return Compiler(root, file, variable_options).compile();
  } catch (const SceneError& error) {
    // A problem inside an overridden value is the override's: name it (its value has no line in the file).
    for (auto it = applied.rbegin(); it != applied.rend(); ++it) {
      const std::string& path = error.key_path();
      const bool inside = path == it->key_path || path.starts_with(it->key_path + ".") || path.starts_with(it->key_path + "[");
      if (inside) throw SceneError(file, 0, 0, path, it->argument + ": " + error.problem());
    }
    throw;
  }
}

Scene load_scene(const std::string& path, const SceneOptions& options) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw SceneError(path, 0, 0, "", "is a directory; expected a scene file (YAML)");
  }
  std::ifstream in(path);
  if (!in) throw SceneError(path, 0, 0, "", std::string("cannot open the scene file: ") + std::strerror(errno));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return load_scene_text(buffer.str(), path, options);
}

}  // namespace contactlab
