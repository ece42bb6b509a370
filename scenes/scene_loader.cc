// SPDX-License-Identifier: MIT
// Scene files: YAML in, a scene specification (engine/scene_spec.h) out, then compiled (engine/compile_scene.h) and
// calibrated (engine/scene_calibration.h) into a Scene. What is about the file is checked here — its YAML (unknown
// keys, the form of every value), its expressions and variables, `count` groups, key-path overrides, its plugins
// and the size it would take, before anything is built; everything else is the compile stage's, and reported here
// at the line and column of its key path. Every error names file:line:column, the key path, what was expected and
// what was found.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "engine/compile_scene.h"
#include "engine/joint_traits.h"
#include "engine/names.h"
#include "engine/scene_calibration.h"
#include "scenes/key_path.h"
#include "scenes/law_plugins.h"
#include "scenes/measure_reader.h"
#include "scenes/report_reader.h"
#include "scenes/scene.h"
#include "scenes/scene_size.h"
#include "scenes/value_reader.h"
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

// Whether `name` occurs in the expression `text` as a whole name (not inside a longer one).
bool mentions_name(std::string_view text, std::string_view name) {
  auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    const bool starts = at == 0 || !name_char(text[at - 1]);
    const bool ends = at + name.size() == text.size() || !name_char(text[at + name.size()]);
    if (starts && ends) return true;
  }
  return false;
}

auto positive = [](double x) { return x > 0.0; };
auto non_negative = [](double x) { return x >= 0.0; };

const std::vector<std::string_view> kBodyKeys = {"name", "count", "mass", "com", "inertia", "joint", "initial", "shapes"};
// The keys of a contacts block that a listed pair may give too.
const std::vector<std::string_view> kSettingKeys = {"method", "law",  "parameters", "laws",      "stiffness", "exponent",
                                                    "effective_radius", "mass", "tension", "calibrate", "friction"};

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

class SceneReader {
 public:
  SceneReader(const YAML::Node& root, const std::string& file, const SceneOptions& options)
      : reader_(file, options), root_(root), options_(options) {}

  Scene load();

 private:
  void check_size(const MapReader& top);
  void check_variable_overrides(Scene& scene) const;
  void read_plugins(const MapReader& top);
  void read_materials(const MapReader& top);
  ShapeSpec read_shape(const YAML::Node& node, const std::string& path);
  std::vector<ShapeSpec> read_shapes(const MapReader& map);
  void read_bodies(const MapReader& top);
  BodySpec read_body(const MapReader& map, std::optional<std::string> name, std::optional<int> index);
  JointSpec read_joint(const MapReader& body);
  InitialSpec read_initial(const MapReader& body, const std::string& joint_type);
  std::optional<RotationSpec> read_rotation(const MapReader& map, const char* key);
  TimeFunction read_time_function(const MapReader& map, const char* key);
  Drive read_drive(const MapReader& joint);
  template <typename Block>
  void read_settings(const MapReader& map, Block& block);
  std::vector<ParameterValue> read_parameters(const MapReader& map);
  std::vector<LawParametersSpec> read_laws(const MapReader& map);
  void read_contacts(const MapReader& top);
  void read_integration(const MapReader& top);
  void read_constraints(const MapReader& top);
  void read_clearances(const MapReader& top);
  [[noreturn]] void refuse(const SpecError& error) const;

  Reader reader_;
  YAML::Node root_;
  const SceneOptions& options_;
  SceneSpec spec_;
  std::vector<std::size_t> body_entries_;  // per body of the specification: its entry's index in `bodies`
  SceneLimits limits_;
  SceneSize size_;
  OutputFormat output_format_ = OutputFormat::kCsv;  // output.format
};

// Estimates the scene's size from the file (scenes/scene_size.h) and refuses what would not fit, before any
// body is built.
void SceneReader::check_size(const MapReader& top) {
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
  // A clearance joint's pairs: a revolute one's journal–bearing, a translational one's slider and its two guides.
  const YAML::Node clearances = top.get("clearances");
  for (std::size_t i = 0; clearances.IsSequence() && i < clearances.size(); ++i) {
    const YAML::Node type = child_of(clearances[i], "type");
    const double pairs = type.IsScalar() && type.Scalar() == "translational" ? 2.0 : 1.0;
    size.shapes += pairs + 1.0;
    size.pairs += pairs;
    compiled_pairs += pairs;
    values += 3.0;  // its timeseries columns: the offset x, y and angle
  }
  if (std::string problem = memory_problem(size, limits); !problem.empty()) {
    // Pairs compiled with the model grow as shapes²: then the contacts block is what to change.
    const bool pairs_dominate = compiled_pairs * kBytesPerPair > size.bodies * kBytesPerBody + size.shapes * kBytesPerShape;
    if (pairs_dominate) reader_.fail(contacts.IsDefined() ? contacts : top.node(), "contacts", problem);
    reader_.fail(largest_at, largest_path, problem);
  }
  if (!top.has("duration")) return;  // the compile stage says so
  const double duration = top.checked("duration", std::nullopt, "a positive duration [s]", positive);
  const MapReader output(reader_, top.get("output"), "output", {"interval", "steps_in_contact", "format"});
  const double interval = output.checked("interval", duration / 1000.0, "an interval >= 0 [s]", non_negative);
  size.timeseries_rows = interval > 0.0 ? std::floor(duration / interval) + 1.0 : 0.0;
  size.timeseries_columns = 1.0 + values + 7.0 + 3.0 * compiled_pairs;
  if (std::string problem = output_problem(size, limits); !problem.empty()) {
    if (output.has("interval")) output.fail("interval", problem);
    top.fail("duration", problem);
  }
  limits_ = limits;
  size_ = size;
}

void SceneReader::read_materials(const MapReader& top) {
  if (!top.has("materials")) return;
  const YAML::Node materials = top.get("materials");
  if (!materials.IsMap()) reader_.fail(materials, "materials", "expected a map of material names, found " + describe(materials));
  for (const auto& entry : materials) {
    MaterialSpec material;
    material.name = entry.first.Scalar();
    const MapReader m(reader_, entry.second, "materials." + material.name,
                      {"youngs_modulus", "poisson_ratio", "density", "yield_strength", "restitution", "rigid",
                       "friction", "static_friction"});
    material.youngs_modulus = m.optional_number("youngs_modulus");
    material.rigid = m.flag("rigid", false);
    material.poisson_ratio = m.number("poisson_ratio", material.poisson_ratio);
    material.density = m.number("density", material.density);
    material.yield_strength = m.optional_number("yield_strength");
    material.restitution = m.optional_number("restitution");
    material.friction = m.optional_number("friction");
    material.static_friction = m.optional_number("static_friction");
    spec_.materials.push_back(std::move(material));
  }
}

// `{axis, angle}`, if given.
std::optional<RotationSpec> SceneReader::read_rotation(const MapReader& map, const char* key) {
  if (!map.has(key)) return std::nullopt;
  const MapReader rotation(reader_, map.get(key), map.child(key), {"axis", "angle"});
  RotationSpec spec;
  spec.axis = rotation.vector3("axis", spec.axis);
  spec.angle = rotation.optional_number("angle");
  return spec;
}

ShapeSpec SceneReader::read_shape(const YAML::Node& node, const std::string& path) {
  const MapReader m(reader_, node, path,
                    {"name", "type", "radius", "length", "half_extents", "size", "position", "axis", "normal", "rotation",
                     "material", "group", "mask"});
  ShapeSpec shape;
  shape.name = m.optional_text("name");
  shape.type = m.text("type", "");
  shape.radius = m.optional_number("radius");
  shape.length = m.optional_number("length");
  shape.size = m.optional_vector3("size");
  shape.half_extents = m.optional_vector3("half_extents");
  shape.position = m.vector3("position", shape.position);
  shape.axis = m.vector3("axis", shape.axis);
  shape.normal = m.optional_vector3("normal");
  shape.rotation = read_rotation(m, "rotation");
  shape.material = m.text("material", "");
  auto bits = [&](const char* key, std::uint32_t fallback) {
    return static_cast<std::uint32_t>(m.checked(key, static_cast<double>(fallback), "a whole number in [0, 2^32)", [](double x) {
      return x >= 0.0 && x < 4294967296.0 && x == std::floor(x);
    }));
  };
  shape.group = bits("group", shape.group);
  shape.mask = bits("mask", shape.mask);
  return shape;
}

std::vector<ShapeSpec> SceneReader::read_shapes(const MapReader& map) {
  std::vector<ShapeSpec> shapes;
  if (!map.has("shapes")) return shapes;
  const YAML::Node list = map.get("shapes");
  if (!list.IsSequence()) reader_.fail(list, map.child("shapes"), "expected a list of shapes, found " + describe(list));
  for (std::size_t s = 0; s < list.size(); ++s) shapes.push_back(read_shape(list[s], map.child("shapes") + "[" + std::to_string(s) + "]"));
  return shapes;
}

void SceneReader::read_bodies(const MapReader& top) {
  if (top.has("world")) spec_.world.shapes = read_shapes(MapReader(reader_, top.get("world"), "world", {"shapes"}));
  if (!top.has("bodies")) return;
  const YAML::Node bodies = top.get("bodies");
  if (!bodies.IsSequence()) reader_.fail(bodies, "bodies", "expected a list of bodies, found " + describe(bodies));
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const MapReader m(reader_, bodies[i], "bodies[" + std::to_string(i) + "]", kBodyKeys);
    if (!m.has("count")) {
      body_entries_.push_back(i);
      spec_.bodies.push_back(read_body(m, m.optional_text("name"), std::nullopt));
      continue;
    }
    // `count: N` makes N bodies name_0 … name_{N−1}; their values may use the index i.
    if (!m.has("name")) m.fail("name", "missing required key: expected a body name");
    const std::string name = m.text("name", "");
    if (std::string problem = name_problem(name); !problem.empty()) m.fail("name", problem);
    const int count = static_cast<int>(read_count(m));
    spec_.bodies.reserve(spec_.bodies.size() + static_cast<std::size_t>(count));
    for (int k = 0; k < count; ++k) {
      body_entries_.push_back(i);
      spec_.bodies.push_back(read_body(m, name + "_" + std::to_string(k), k));
    }
  }
}

BodySpec SceneReader::read_body(const MapReader& m, std::optional<std::string> name, std::optional<int> index) {
  reader_.set_index(index);
  BodySpec body;
  body.name = std::move(name);
  body.joint = read_joint(m);
  body.mass = m.optional_number("mass");
  body.com = m.optional_vector3("com");
  body.shapes = read_shapes(m);
  if (m.has("inertia")) {
    const YAML::Node inertia = m.get("inertia");
    if (!inertia.IsSequence() || inertia.size() != 3 || !inertia[0].IsScalar()) {
      m.fail("inertia", "expected principal moments [Ixx, Iyy, Izz] about the centre of mass [kg·m²], found " + describe(inertia));
    }
    body.inertia = m.vector3("inertia", Vec3::Zero());
  }
  body.initial = read_initial(m, body.joint.type);
  reader_.set_index(std::nullopt);
  return body;
}

JointSpec SceneReader::read_joint(const MapReader& body) {
  const MapReader m(reader_, body.get("joint"), body.child("joint"),
                    {"type", "parent", "axis", "position", "rotation", "stiffness", "damping", "rest_position", "effort",
                     "drive"});
  JointSpec joint;
  joint.type = m.text("type", joint.type);
  joint.parent = m.text("parent", joint.parent);
  joint.axis = m.vector3("axis", joint.axis);
  joint.position = m.vector3("position", joint.position);
  joint.rotation = read_rotation(m, "rotation");
  joint.stiffness = m.optional_number("stiffness");
  joint.damping = m.optional_number("damping");
  joint.rest_position = m.optional_number("rest_position");
  if (m.has("effort")) joint.effort = read_time_function(m, "effort");
  if (m.has("drive")) joint.drive = read_drive(m);
  return joint;
}

// `{speed: q̇}`, `{sine: {amplitude, frequency, phase, offset}}`, `{table: {time: [...], position: [...]}}` or
// `{expression: "q(t)"}`.
Drive SceneReader::read_drive(const MapReader& joint) {
  const MapReader choice(reader_, joint.get("drive"), joint.child("drive"), {"speed", "sine", "table", "expression"});
  const int given = (choice.has("speed") ? 1 : 0) + (choice.has("sine") ? 1 : 0) + (choice.has("table") ? 1 : 0) +
                    (choice.has("expression") ? 1 : 0);
  if (given != 1) {
    reader_.fail(joint.get("drive"), joint.child("drive"),
                 "expected one of {speed: rate}, {sine: {amplitude, frequency, phase, offset}}, "
                 "{table: {time: [...], position: [...]}} or {expression: \"q(t)\"}");
  }
  Drive drive;
  if (choice.has("expression")) {
    drive.kind = Drive::Kind::kExpression;
    drive.expression = reader_.time_expression(choice.get("expression"), choice.child("expression"));
    return drive;
  }
  if (choice.has("speed")) {
    drive.kind = Drive::Kind::kSpeed;
    drive.speed = choice.number("speed", 0.0);
    return drive;
  }
  if (choice.has("sine")) {
    const MapReader sine(reader_, choice.get("sine"), choice.child("sine"), {"amplitude", "frequency", "phase", "offset"});
    drive.kind = Drive::Kind::kSine;
    drive.amplitude = sine.required_number("amplitude", "amplitude [rad or m]");
    drive.frequency = sine.required_number("frequency", "a frequency >= 0 [Hz]");
    drive.phase = sine.number("phase", 0.0);
    drive.offset = sine.number("offset", 0.0);
    return drive;
  }
  const MapReader table(reader_, choice.get("table"), choice.child("table"), {"time", "position"});
  drive.kind = Drive::Kind::kTable;
  for (const char* column : {"time", "position"}) {
    const YAML::Node list = table.get(column);
    if (!list.IsSequence()) table.fail(column, "expected a list of numbers");
    std::vector<double>& out = std::string_view(column) == "time" ? drive.times : drive.positions;
    for (std::size_t k = 0; k < list.size(); ++k) out.push_back(reader_.number(list[k], table.child(column) + "[" + std::to_string(k) + "]"));
  }
  return drive;
}

// A number, `{sine: {amplitude, frequency, phase, offset}}`, `{table: {times, values}}` or `{expression: "f(t)"}`.
TimeFunction SceneReader::read_time_function(const MapReader& map, const char* key) {
  TimeFunction f;
  const YAML::Node node = map.get(key);
  if (node.IsScalar()) {
    f.value = reader_.number(node, map.child(key));
    return f;
  }
  const MapReader choice(reader_, node, map.child(key), {"sine", "table", "expression"});
  if ((choice.has("sine") ? 1 : 0) + (choice.has("table") ? 1 : 0) + (choice.has("expression") ? 1 : 0) != 1) {
    reader_.fail(node, map.child(key),
                 "expected a number, {sine: {...}}, {table: {times: [...], values: [...]}} or {expression: \"f(t)\"}");
  }
  if (choice.has("expression")) {
    f.kind = TimeFunction::Kind::kExpression;
    f.expression = reader_.time_expression(choice.get("expression"), choice.child("expression"));
    return f;
  }
  if (choice.has("sine")) {
    const MapReader sine(reader_, choice.get("sine"), choice.child("sine"), {"amplitude", "frequency", "phase", "offset"});
    f.kind = TimeFunction::Kind::kSine;
    f.amplitude = sine.required_number("amplitude", "amplitude [N·m or N]");
    if (!sine.has("frequency")) sine.fail("frequency", "missing required key: expected a frequency >= 0 [Hz]");
    f.frequency = sine.number("frequency", 0.0);
    f.phase = sine.number("phase", 0.0);
    f.value = sine.number("offset", 0.0);
    return f;
  }
  const MapReader table(reader_, choice.get("table"), choice.child("table"), {"times", "values"});
  f.kind = TimeFunction::Kind::kTable;
  for (const char* column : {"times", "values"}) {
    const YAML::Node list = table.get(column);
    if (!list.IsSequence()) table.fail(column, "expected a non-empty list of numbers");
    std::vector<double>& out = std::string_view(column) == "times" ? f.times : f.values;
    for (std::size_t k = 0; k < list.size(); ++k) out.push_back(reader_.number(list[k], table.child(column) + "[" + std::to_string(k) + "]"));
  }
  return f;
}

// Initial values as the body's joint type writes them: raw `q` and `v` (a number for one coordinate), or the keys
// its row takes (engine/joint_traits.h), with as many numbers as the row says. A key the type does not take is
// passed on unread, for the compile stage to refuse.
InitialSpec SceneReader::read_initial(const MapReader& body, const std::string& joint_type) {
  const MapReader m(reader_, body.get("initial"), body.child("initial"),
                    {"q", "v", "position", "angle", "orientation", "linear_velocity", "angular_velocity"});
  const std::optional<JointType> type = find_joint_type(joint_type);
  const JointInitialKeys takes = type ? joint_traits(*type).initial_keys : JointInitialKeys{};
  auto list = [&](const char* key) -> std::optional<std::vector<double>> {
    if (!m.has(key)) return std::nullopt;
    const YAML::Node node = m.get(key);
    if (node.IsScalar()) return std::vector<double>{m.number(key, 0.0)};
    if (!node.IsSequence()) reader_.fail(node, m.child(key), "expected a number or a list of numbers, found " + describe(node));
    std::vector<double> values;
    for (std::size_t k = 0; k < node.size(); ++k) values.push_back(reader_.number(node[k], m.child(key) + "[" + std::to_string(k) + "]"));
    return values;
  };
  auto vector = [&](const char* key, int count) -> std::optional<Vec3> {
    if (!m.has(key)) return std::nullopt;
    if (count == 0) return Vec3::Zero();
    if (count == 1) return Vec3(0.0, 0.0, m.number(key, 0.0));
    return m.vector3(key, Vec3::Zero());
  };
  InitialSpec initial;
  initial.q = list("q");
  initial.v = list("v");
  initial.position = vector("position", takes.position);
  if (m.has("angle")) initial.angle = takes.angle ? m.number("angle", 0.0) : 0.0;
  if (m.has("orientation")) initial.orientation = takes.orientation ? read_rotation(m, "orientation") : RotationSpec{};
  initial.linear_velocity = vector("linear_velocity", takes.linear_velocity);
  initial.angular_velocity = vector("angular_velocity", takes.angular_velocity);
  return initial;
}

// The keys a contacts block and a listed pair both give.
template <typename Block>
void SceneReader::read_settings(const MapReader& map, Block& block) {
  block.method = map.optional_text("method");
  block.law = map.optional_text("law");
  block.parameters = read_parameters(map);
  block.laws = read_laws(map);
  if (map.has("stiffness")) {
    const YAML::Node stiffness = map.get("stiffness");
    if (stiffness.IsScalar() && stiffness.Scalar() == "hertz") block.stiffness = HertzStiffness{};
    else block.stiffness = map.number("stiffness", 0.0);
  }
  block.exponent = map.optional_number("exponent");
  block.effective_radius = map.optional_number("effective_radius");
  block.mass = map.optional_text("mass");
  block.tension = map.optional_text("tension");
  if (map.has("calibrate")) {
    const MapReader calibrate(reader_, map.get("calibrate"), map.child("calibrate"), {"parameter", "restitution", "impact_velocity", "mass"});
    CalibrationSpec spec;
    spec.parameter = calibrate.optional_text("parameter");
    spec.restitution = calibrate.optional_number("restitution");
    spec.impact_velocity = calibrate.number("impact_velocity", spec.impact_velocity);
    spec.mass = calibrate.optional_number("mass");
    block.calibrate = spec;
  }
  if (map.has("friction") && map.get("friction").IsScalar() && map.get("friction").Scalar() == "none") {
    block.friction = FrictionSpec{"none", {}};  // `friction: none`, short for {law: none}
  } else if (map.has("friction")) {
    const MapReader friction(reader_, map.get("friction"), map.child("friction"), {"law", "parameters"});
    block.friction = FrictionSpec{friction.optional_text("law"), read_parameters(friction)};
  }
}

// A block's `parameters`: law parameter values by name.
std::vector<ParameterValue> SceneReader::read_parameters(const MapReader& map) {
  std::vector<ParameterValue> values;
  if (!map.has("parameters")) return values;
  const YAML::Node parameters = map.get("parameters");
  if (!parameters.IsMap()) reader_.fail(parameters, map.child("parameters"), "expected a map of parameter values, found " + describe(parameters));
  for (const auto& entry : parameters) {
    const std::string name = entry.first.Scalar();
    values.push_back({name, reader_.number(entry.second, map.child("parameters") + "." + name)});
  }
  return values;
}

// A block's `laws`: per law id or alias, a map of its parameter values by name (the compile stage checks the names).
std::vector<LawParametersSpec> SceneReader::read_laws(const MapReader& map) {
  std::vector<LawParametersSpec> laws;
  if (!map.has("laws")) return laws;
  const YAML::Node given = map.get("laws");
  const std::string path = map.child("laws");
  if (!given.IsMap()) reader_.fail(given, path, "expected a map of law: {parameter: value}, found " + describe(given));
  for (const auto& entry : given) {
    const std::string law = entry.first.Scalar();
    const std::string law_path = path + "." + law;
    if (!entry.second.IsMap()) reader_.fail(entry.second, law_path, "expected a map of parameter values, found " + describe(entry.second));
    LawParametersSpec spec{law, {}};
    for (const auto& parameter : entry.second) {
      const std::string name = parameter.first.Scalar();
      spec.parameters.push_back({name, reader_.number(parameter.second, law_path + "." + name)});
    }
    laws.push_back(std::move(spec));
  }
  return laws;
}

void SceneReader::read_contacts(const MapReader& top) {
  std::vector<std::string_view> keys = kSettingKeys;
  keys.insert(keys.end(), {"pairs", "reference_speed", "impact_velocity_floor", "rest_bounce_ratio", "rest_stroke_ratio", "stick_speed", "broadphase", "margin"});
  const MapReader contacts(reader_, top.get("contacts"), "contacts", keys);
  ContactsSpec& spec = spec_.contacts;
  spec.reference_speed = contacts.optional_number("reference_speed");
  spec.impact_velocity_floor = contacts.optional_number("impact_velocity_floor");
  spec.stick_speed = contacts.optional_number("stick_speed");
  spec.rest_bounce_ratio = contacts.optional_number("rest_bounce_ratio");
  spec.rest_stroke_ratio = contacts.optional_number("rest_stroke_ratio");
  read_settings(contacts, spec);
  const YAML::Node pairs = contacts.get("pairs");
  if (contacts.has("pairs") && !(pairs.IsScalar() && pairs.Scalar() == "all")) {
    if (!pairs.IsSequence()) reader_.fail(pairs, "contacts.pairs", "expected 'all' or a list of pairs, found " + describe(pairs));
    std::vector<std::string_view> pair_keys = kSettingKeys;
    pair_keys.push_back("shapes");
    spec.pairs.emplace();
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const MapReader pair(reader_, pairs[i], "contacts.pairs[" + std::to_string(i) + "]", pair_keys);
      const YAML::Node names = pair.get("shapes");
      if (!names.IsSequence() || names.size() != 2) pair.fail("shapes", "expected two shape names [a, b], found " + describe(names));
      PairSpec listed;
      listed.shapes = {names[0].Scalar(), names[1].Scalar()};
      read_settings(pair, listed);
      spec.pairs->push_back(std::move(listed));
    }
  }
  spec.broadphase = contacts.optional_text("broadphase");
  spec.margin = contacts.optional_number("margin");
}

void SceneReader::read_integration(const MapReader& top) {
  spec_.duration = top.optional_number("duration");
  const MapReader integrator(reader_, top.get("integrator"), "integrator",
                             {"method", "relative_tolerance", "absolute_tolerance", "initial_step", "max_step", "max_steps",
                              "step", "locate_force_peaks", "bdf_at_rest", "baumgarte_frequency"});
  IntegratorSpec& spec = spec_.integrator;
  spec.method = integrator.text("method", spec.method);
  spec.step = integrator.optional_number("step");
  spec.relative_tolerance = integrator.optional_number("relative_tolerance");
  spec.absolute_tolerance = integrator.optional_number("absolute_tolerance");
  spec.initial_step = integrator.number("initial_step", spec.initial_step);
  spec.max_step = integrator.number("max_step", spec.max_step);
  if (integrator.has("max_steps")) {
    const double steps = integrator.checked("max_steps", std::nullopt, "a positive whole number",
                                            [](double x) { return x >= 1.0 && x == std::floor(x); });
    constexpr double kLongMax = static_cast<double>(std::numeric_limits<long>::max());
    spec.max_steps = steps >= kLongMax ? std::numeric_limits<long>::max() : static_cast<long>(steps);
  }
  spec.locate_force_peaks = integrator.flag("locate_force_peaks", spec.locate_force_peaks);
  spec.bdf_at_rest = integrator.flag("bdf_at_rest", spec.bdf_at_rest);
  spec.baumgarte_frequency = integrator.optional_number("baumgarte_frequency");

  const MapReader output(reader_, top.get("output"), "output", {"interval", "steps_in_contact", "format"});
  spec_.output.interval = output.optional_number("interval");
  spec_.output.steps_in_contact = output.flag("steps_in_contact", spec_.output.steps_in_contact);
  if (const std::optional<std::string> format = output.optional_text("format")) {
    const auto* name = std::find(std::begin(kOutputFormatNames), std::end(kOutputFormatNames), *format);
    if (name == std::end(kOutputFormatNames)) output.fail("format", "expected csv or hdf5, found " + *format);
    output_format_ = static_cast<OutputFormat>(name - std::begin(kOutputFormatNames));
  }

  const MapReader checks(reader_, top.get("checks"), "checks",
                         {"energy_tolerance", "max_indentation_ratio", "overlap_tolerance", "constraint_tolerance"});
  spec_.checks.energy_tolerance = checks.optional_number("energy_tolerance");
  spec_.checks.max_indentation_ratio = checks.optional_number("max_indentation_ratio");
  spec_.checks.overlap_tolerance = checks.optional_number("overlap_tolerance");
  spec_.checks.constraint_tolerance = checks.optional_number("constraint_tolerance");
}

// `constraints:` — joints that close kinematic loops (engine/loop_constraint.h).
void SceneReader::read_constraints(const MapReader& top) {
  if (!top.has("constraints")) return;
  const YAML::Node list = top.get("constraints");
  if (!list.IsSequence()) reader_.fail(list, "constraints", "expected a list of loop constraints, found " + describe(list));
  for (std::size_t i = 0; i < list.size(); ++i) {
    const MapReader m(reader_, list[i], "constraints[" + std::to_string(i) + "]",
                      {"name", "type", "body_a", "body_b", "position_a", "position_b", "axis", "length"});
    ConstraintSpec constraint;
    constraint.name = m.optional_text("name");
    constraint.type = m.text("type", "");
    constraint.body_a = m.optional_text("body_a");
    constraint.body_b = m.optional_text("body_b");
    constraint.position_a = m.vector3("position_a", constraint.position_a);
    constraint.position_b = m.vector3("position_b", constraint.position_b);
    constraint.axis = m.vector3("axis", constraint.axis);
    constraint.length = m.optional_number("length");
    spec_.constraints.push_back(std::move(constraint));
  }
}

// `clearances:` — joints with clearance (engine/scene_spec.h, ClearanceSpec): a revolute joint names its journal and
// bearing, a translational one its slider and guide; the contact keys are a listed pair's.
void SceneReader::read_clearances(const MapReader& top) {
  if (!top.has("clearances")) return;
  const YAML::Node list = top.get("clearances");
  if (!list.IsSequence()) reader_.fail(list, "clearances", "expected a list of clearance joints, found " + describe(list));
  std::vector<std::string_view> keys = kSettingKeys;
  keys.insert(keys.end(), {"name", "type", "journal", "bearing", "slider", "guide", "position_journal", "position_bearing",
                           "position_slider", "position_guide", "axis", "normal", "clearance", "bearing_radius",
                           "journal_radius", "length", "half_length", "half_height", "half_width", "material"});
  for (std::size_t i = 0; i < list.size(); ++i) {
    const MapReader m(reader_, list[i], "clearances[" + std::to_string(i) + "]", keys);
    ClearanceSpec joint;
    joint.name = m.optional_text("name");
    joint.type = m.text("type", "");
    // The body keys of the type given (the other type's are refused); an unknown type: the compile stage says so.
    const bool translational = joint.type == "translational";
    const char* own[] = {translational ? "slider" : "journal", translational ? "guide" : "bearing"};
    const char* other[] = {translational ? "journal" : "slider", translational ? "bearing" : "guide"};
    for (const char* key : other) {
      if (m.has(key)) m.fail(key, "a " + std::string(translational ? "translational" : "revolute") + " clearance joint names its " +
                                      own[0] + " and " + own[1] + ", not a " + key);
      const std::string position = std::string("position_") + key;
      if (m.has(position.c_str())) m.fail(position.c_str(), std::string("expected position_") + own[0] + " or position_" + own[1]);
    }
    const std::string position_a = std::string("position_") + own[0];
    const std::string position_b = std::string("position_") + own[1];
    joint.body_a = m.optional_text(own[0]);
    joint.body_b = m.optional_text(own[1]);
    joint.position_a = m.vector3(position_a.c_str(), joint.position_a);
    joint.position_b = m.vector3(position_b.c_str(), joint.position_b);
    joint.axis = m.vector3("axis", joint.axis);
    joint.normal = m.optional_vector3("normal");
    joint.clearance = m.optional_number("clearance");
    joint.bearing_radius = m.optional_number("bearing_radius");
    joint.journal_radius = m.optional_number("journal_radius");
    joint.length = m.optional_number("length");
    joint.half_length = m.optional_number("half_length");
    joint.half_height = m.optional_number("half_height");
    joint.half_width = m.optional_number("half_width");
    joint.material = m.text("material", "");
    read_settings(m, joint.contact);
    spec_.clearances.push_back(std::move(joint));
  }
}

// `plugins:` — force-law plugins (models/law_plugin.h) whose laws the scene uses by name, each a path relative to
// the scene file's directory. Loaded before anything names a law; loading one again does nothing.
void SceneReader::read_plugins(const MapReader& top) {
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

// A problem the compile stage found, at the line and column of its key path in the document. The bodies of a `count`
// group are, in the file, its entry.
void SceneReader::refuse(const SpecError& error) const {
  std::string path = error.key_path();
  constexpr std::string_view kBodies = "bodies[";
  if (path.starts_with(kBodies)) {
    const std::size_t close = path.find(']');
    const std::size_t body = std::stoul(path.substr(kBodies.size(), close - kBodies.size()));
    if (body < body_entries_.size()) path = std::string(kBodies) + std::to_string(body_entries_[body]) + path.substr(close);
  }
  // A required key that is there with nothing after it (`duration:`) was read as left out: say so at the key.
  if (error.at() == SpecProblemAt::kMissing) {
    const YAML::Node key = find_key_path(root_, path, SpecProblemAt::kKey);
    if (key.IsDefined() && key.IsScalar() && find_key_path(root_, path, SpecProblemAt::kValue).IsNull()) {
      reader_.fail(key, path, no_value_problem(error.problem()));
    }
  }
  reader_.fail(find_key_path(root_, path, error.at()), path, error.problem());
}

Scene SceneReader::load() {
  if (!root_.IsMap()) reader_.fail(root_, "", "expected a scene (a YAML map), found " + describe(root_));
  const MapReader top(reader_, root_, "", scene_top_level_keys());
  spec_.name = top.optional_text("scene");
  spec_.description = top.text("description", "");
  const YAML::Node variables = top.get("variables");
  if (top.has("variables") && !variables.IsMap()) reader_.fail(variables, "variables", "expected a map of name: value, found " + describe(variables));
  reader_.set_variables(variables);

  read_plugins(top);
  check_size(top);
  spec_.gravity = top.vector3("gravity", spec_.gravity);
  read_materials(top);
  read_bodies(top);
  read_contacts(top);
  read_constraints(top);
  read_clearances(top);
  read_integration(top);
  std::vector<MeasureSpec> measures = read_measures(reader_, top);
  ReportSpec report = read_report(reader_, top);

  Scene scene;
  try {
    CompileOptions compile;
    compile.law_override = options_.law_override;
    compile.friction_law_override = options_.friction_law_override;
    compile.common_calibration = options_.common_calibration;
    static_cast<CompiledScene&>(scene) = compile_scene(spec_, compile);
    scene.calibrated = calibrate_scene(scene);
  } catch (const SpecError& error) {
    refuse(error);
  }
  scene.file = reader_.file();
  scene.variables = reader_.variables();
  scene.limits = limits_;
  scene.size = size_;
  scene.measures = std::move(measures);
  scene.report = std::move(report);
  scene.output_format = output_format_;
  if (options_.refuse_unread_overrides) check_variable_overrides(scene);
  return scene;
}

// An overridden variable that no value of the scene reads would change nothing and say it did: a sweep over it labels
// identical runs with different values. One whose values reach only contact settings that no pair reads is noted, not
// refused: a scene's variables serve several laws (its `laws` entries, a law's own parameters), and a script that
// runs it under each law with the same variables set is right to.
void SceneReader::check_variable_overrides(Scene& scene) const {
  for (const auto& [name, value] : reader_.overrides()) {
    const std::string argument = options_.override_flag + " " + name + "=" + value;
    // An expression measure reads the variables by name when the run ends.
    const bool measured = std::any_of(scene.measures.begin(), scene.measures.end(), [&](const MeasureSpec& measure) {
      return measure.source == MeasureSource::kExpression && mentions_name(measure.expression, name);
    });
    if (measured) continue;
    const std::vector<std::string> paths = reader_.paths_using(name);
    if (paths.empty()) {
      throw SceneError(reader_.file(), 0, 0, "variables." + name,
                       argument + ": no value of the scene uses the variable '" + name + "', so it would change nothing");
    }
    std::string problem;
    for (const std::string& path : paths) {
      const std::string unread = unread_setting_problem(scene, path, options_.law_override);
      if (unread.empty()) {
        problem.clear();
        break;
      }
      problem += (problem.empty() ? "" : "; ") + path + ": " + unread;
    }
    if (!problem.empty()) {
      scene.notes.push_back(argument + ": the variable feeds only contact settings that no pair reads, so it changes "
                                       "nothing in this run (" + problem + ")");
    }
  }
}

}  // namespace

namespace {

// Why no compiled pair would read overrides[unread] (applied at `key_path`) because the pairs take it from another
// block: empty when one would read it, when none takes it anywhere (the block's own problem says more: the law's
// parameters), or when the scene does not load without it either. The scene loaded from `original` with the other
// overrides only.
std::string unread_without(const YAML::Node& original, const std::vector<std::pair<std::string, std::string>>& overrides,
                           std::size_t unread, const std::string& key_path, const std::string& file,
                           const SceneOptions& options) {
  if (!options.refuse_unread_overrides) return "";
  YAML::Node root = YAML::Clone(original);
  std::vector<std::pair<std::string, std::string>> others;
  for (std::size_t k = 0; k < overrides.size(); ++k) {
    if (k != unread) others.push_back(overrides[k]);
  }
  try {
    apply_key_path_overrides(root, others, file, options.override_flag);
    const Scene scene = SceneReader(root, file, options).load();
    return unread_setting_problem(scene, key_path, options.law_override, /*elsewhere_only=*/true);
  } catch (const SceneError&) {
    return "";
  }
}

}  // namespace

Scene load_scene_text(const std::string& text, const std::string& file, const SceneOptions& options) {
  YAML::Node root = parse_scene_document(text, file);
  const std::string& flag = options.override_flag;
  // The same name given twice: one of the two values would be silently dropped.
  for (std::size_t k = 0; k < options.variable_overrides.size(); ++k) {
    const auto& [name, value] = options.variable_overrides[k];
    for (std::size_t j = 0; j < k; ++j) {
      if (options.variable_overrides[j].first != name) continue;
      throw SceneError(file, 0, 0, "", flag + " " + name + "=" + value + ": '" + name + "' is given twice (" + flag + " " +
                                           name + "=" + options.variable_overrides[j].second + " before it); give it once");
    }
  }
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
  const YAML::Node original = key_overrides.empty() ? YAML::Node() : YAML::Clone(root);
  const std::vector<AppliedOverride> applied = apply_key_path_overrides(root, key_overrides, file, options.override_flag);
  // ... or one key by two paths (`bodies.ball.mass` and `bodies[0].mass`).
  for (std::size_t k = 0; k < applied.size(); ++k) {
    for (std::size_t j = 0; j < k; ++j) {
      if (applied[j].key_path != applied[k].key_path) continue;
      throw SceneError(file, 0, 0, applied[k].key_path, applied[k].argument + ": the key is given twice (" +
                                                            applied[j].argument + " before it); give it once");
    }
  }
  std::optional<Scene> scene;
  try {
    scene.emplace(SceneReader(root, file, variable_options).load());
  } catch (const SceneError& error) {
    // A problem inside an overridden value is the override's: name it (its value has no line in the file).
    for (auto it = applied.rbegin(); it != applied.rend(); ++it) {
      const std::string& path = error.key_path();
      const bool inside = path == it->key_path || path.starts_with(it->key_path + ".") || path.starts_with(it->key_path + "[");
      if (!inside) continue;
      // A value the block it names cannot take (a parameter its law lacks) matters less than that the pairs read it
      // from another block: `--set contacts.parameters.restitution=…` where they take it from a clearance joint.
      const auto index = static_cast<std::size_t>(applied.rend() - it - 1);
      const std::string unread = unread_without(original, key_overrides, index, it->key_path, file, variable_options);
      throw SceneError(file, 0, 0, path, it->argument + ": " + (unread.empty() ? error.problem() : unread));
    }
    throw;
  }
  // An override no pair reads would change nothing, silently: a sweep over `contacts.law` would label runs that are
  // all the same with different laws.
  for (const AppliedOverride& override : applied) {
    std::string problem = replaced_setting_problem(override.key_path, options.law_replaced, options.friction_replaced);
    // An empty value takes away what the file gives (a law's parameters another law does not take): it changes the
    // scene even where no pair reads the key any more.
    if (problem.empty() && options.refuse_unread_overrides && !override.empties) {
      problem = unread_setting_problem(*scene, override.key_path, options.law_override);
    }
    if (!problem.empty()) throw SceneError(file, 0, 0, override.key_path, override.argument + ": " + problem);
  }
  return std::move(*scene);
}

Scene load_scene(const std::string& path, const SceneOptions& options) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw SceneError(path, 0, 0, "", "is a directory; expected a scene file (YAML)");
  }
  // A device or a pipe would be read without end (/dev/zero) or wait for a writer (a FIFO).
  if (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error)) {
    throw SceneError(path, 0, 0, "", "is not a regular file (a device, pipe or socket); expected a scene file (YAML)");
  }
  std::ifstream in(path);
  if (!in) throw SceneError(path, 0, 0, "", std::string("cannot open the scene file: ") + std::strerror(errno));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return load_scene_text(buffer.str(), path, options);
}

}  // namespace contactlab
