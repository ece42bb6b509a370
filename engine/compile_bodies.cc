// SPDX-License-Identifier: MIT
// The compile stage: materials, shapes (by their type's row, contact/shape_traits.h), bodies and their joints (by
// their type's row, engine/joint_traits.h), and the inertia of a body left without one, from its shapes.
#include <cmath>
#include <limits>

#include "contact/shape_traits.h"
#include "engine/inertia_check.h"
#include "engine/joint_traits.h"
#include "engine/names.h"
#include "engine/scene_compiler.h"

namespace contactlab::compile {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
auto positive = [](double x) { return x > 0.0; };
auto non_negative = [](double x) { return x >= 0.0; };

// Rotation taking +z onto `axis`.
Mat3 z_onto(const Vec3& axis) { return Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), axis).toRotationMatrix(); }

template <typename Index>
std::vector<std::string_view> names_of(const Index& index) {
  std::vector<std::string_view> names;
  for (const auto& [name, i] : index) names.push_back(name);
  return names;
}

// An expression in t that fails at the start is refused now; later failures stop the run (engine/run_monitor.h).
void check_start(const Key& key, const TimeExpression& expression) {
  if (const std::optional<ExpressionError> error = expression.failure(0.0)) {
    refuse(key, "in expression '" + expression.text() + "': " + error->what() + " at t = 0 (at character " +
                    std::to_string(error->position + 1) + ")");
  }
}

// A generalized force of time: a table's times increase and match its values.
void check_time_function(const std::string& path, const TimeFunction& f) {
  switch (f.kind) {
    case TimeFunction::Kind::kExpression:
      check_start(Key{path, "expression"}, f.expression);
      return;
    case TimeFunction::Kind::kConstant:
      finite(Key{path, ""}, f.value);
      return;
    case TimeFunction::Kind::kSine: {
      const std::string sine = path + ".sine";
      finite(Key{sine, "amplitude"}, f.amplitude);
      checked(Key{sine, "frequency"}, f.frequency, std::nullopt, "a frequency >= 0 [Hz]", non_negative);
      finite(Key{sine, "phase"}, f.phase);
      finite(Key{sine, "offset"}, f.value);
      return;
    }
    case TimeFunction::Kind::kTable: {
      const std::string table = path + ".table";
      if (f.times.empty()) refuse(Key{table, "times"}, "expected a non-empty list of numbers");
      if (f.values.empty()) refuse(Key{table, "values"}, "expected a non-empty list of numbers");
      for (const char* column : {"times", "values"}) {
        const std::vector<double>& list = std::string_view(column) == "times" ? f.times : f.values;
        const std::string at = Key{table, column}.path();
        for (std::size_t k = 0; k < list.size(); ++k) finite(Key{at + "[" + std::to_string(k) + "]", ""}, list[k]);
      }
      if (f.times.size() != f.values.size()) refuse(Key{table, "values"}, "expected as many values as times");
      for (std::size_t k = 1; k < f.times.size(); ++k) {
        if (!(f.times[k] > f.times[k - 1])) refuse(Key{table, "times"}, "expected increasing times");
      }
      return;
    }
  }
}

}  // namespace

void SceneCompiler::compile_materials() {
  for (const MaterialSpec& spec : spec_.materials) {
    const std::string path = "materials." + spec.name;
    if (std::string problem = name_problem(spec.name); !problem.empty()) refuse(Key{path, ""}, problem, SpecProblemAt::kKey);
    if (material_index_.count(spec.name)) {
      refuse(Key{path, ""}, "a material named '" + spec.name + "' already exists", SpecProblemAt::kKey);
    }
    Material material;
    material.name = spec.name;
    if (spec.rigid) {
      if (spec.youngs_modulus) refuse(Key{path, "youngs_modulus"}, "a rigid material takes no Young's modulus");
    } else {
      material.youngs_modulus = checked(Key{path, "youngs_modulus"}, spec.youngs_modulus, std::nullopt,
                                        "a positive Young's modulus [Pa] (or rigid: true)", positive);
    }
    material.poisson_ratio = checked(Key{path, "poisson_ratio"}, spec.poisson_ratio, std::nullopt, "a Poisson ratio in (-1, 0.5)",
                                     [](double x) { return x > -1.0 && x < 0.5; });
    material.density = checked(Key{path, "density"}, spec.density, std::nullopt, "a non-negative density [kg/m^3]", non_negative);
    material.yield_strength = checked(Key{path, "yield_strength"}, spec.yield_strength, kInf, "a positive yield strength [Pa]", positive);
    if (spec.restitution) {
      material.restitution = checked(Key{path, "restitution"}, spec.restitution, std::nullopt, "a coefficient of restitution in (0, 1]",
                                     [](double x) { return x > 0.0 && x <= 1.0; });
    }
    if (spec.friction) {
      material.friction = checked(Key{path, "friction"}, spec.friction, std::nullopt, "a friction coefficient >= 0", non_negative);
    }
    if (spec.static_friction) {
      material.static_friction = checked(Key{path, "static_friction"}, spec.static_friction, std::nullopt,
                                         "a static friction coefficient >= friction", [&](double x) {
                                           return x >= 0.0 && !(x < material.friction);
                                         });
    }
    material_index_.emplace(spec.name, static_cast<int>(scene_.model.contact.materials.size()));
    scene_.model.contact.materials.push_back(material);
  }
}

int SceneCompiler::compile_shape(const ShapeSpec& spec, const std::string& path, int body, const std::string& default_name) {
  Shape shape;
  shape.body = body;
  shape.name = spec.name ? *spec.name : default_name;
  // A name left out is the body's (with _k), checked as one given: a problem with it is the shape's.
  const SpecProblemAt name_at = spec.name ? SpecProblemAt::kValue : SpecProblemAt::kMissing;
  if (std::string problem = name_problem(shape.name); !problem.empty()) refuse(Key{path, "name"}, problem, name_at);
  const std::vector<std::string_view> types = shape_type_names();
  if (spec.type.empty()) refuse(Key{path, "type"}, "missing required key: expected one of " + join_names(types), SpecProblemAt::kMissing);
  const std::string type = choice(Key{path, "type"}, spec.type, "", types);
  if (shape_index_.count(shape.name)) {
    refuse(Key{path, "name"}, "a shape named '" + shape.name + "' already exists; shape names must be unique", name_at);
  }
  shape.type = *find_shape_type(type);
  const ShapeKeys& keys = shape_traits(shape.type).keys;
  shape.pose.translation() = finite(Key{path, "position"}, spec.position);
  if (keys.normal) {
    shape.pose.linear() = z_onto(direction(Key{path, "normal"}, spec.normal.value_or(Vec3::UnitZ())));
  } else {
    if (spec.normal) {
      std::vector<std::string_view> with_normal;
      for (std::string_view name : types) {
        if (shape_traits(*find_shape_type(name)).keys.normal) with_normal.push_back(name);
      }
      refuse(Key{path, "normal"}, "only a " + join_names(with_normal) + " has a normal; use axis or rotation");
    }
    shape.pose.linear() = z_onto(direction(Key{path, "axis"}, spec.axis));
    if (spec.rotation) shape.pose.linear() = rotation(Key{path, "rotation"}.path(), *spec.rotation).toRotationMatrix();
  }
  if (keys.radius) shape.radius = checked(Key{path, "radius"}, spec.radius, std::nullopt, "a positive radius [m]", positive);
  if (keys.length) {
    shape.length = checked(Key{path, "length"}, spec.length, std::nullopt, keys.length,
                           [&](double x) { return keys.length_may_be_zero ? x >= 0.0 : x > 0.0; });
  }
  if (keys.extents) {
    if (spec.size.has_value() == spec.half_extents.has_value()) {
      refuse(Key{path, "size"}, "a " + type + " needs exactly one of size (full extents) or half_extents [m]",
             spec.size ? SpecProblemAt::kValue : SpecProblemAt::kMissing);
    }
    const char* key = spec.size ? "size" : "half_extents";
    const Vec3 extents = spec.size ? Vec3(0.5 * finite(Key{path, key}, *spec.size)) : finite(Key{path, key}, *spec.half_extents);
    if (!(extents.minCoeff() > 0.0)) refuse(Key{path, key}, "expected positive extents [m]");
    shape.half_extents = extents;
  }
  shape.collision_group = spec.group;
  shape.collision_mask = spec.mask;
  if (!spec.material.empty()) {
    auto found = material_index_.find(spec.material);
    if (found == material_index_.end()) {
      const std::vector<std::string_view> names = names_of(material_index_);
      refuse(Key{path, "material"}, "unknown material '" + spec.material + "'" + did_you_mean(spec.material, names) +
                                        (names.empty() ? "; the scene declares no materials" : "; materials are " + join_names(names)));
    }
    shape.material = found->second;
  }
  const int index = static_cast<int>(scene_.model.contact.shapes.size());
  shape_index_.emplace(shape.name, index);
  scene_.model.contact.shapes.push_back(std::move(shape));
  return index;
}

void SceneCompiler::compile_bodies() {
  body_index_.emplace("world", 0);
  const std::vector<ShapeSpec>& world = spec_.world.shapes;
  for (std::size_t i = 0; i < world.size(); ++i) {
    compile_shape(world[i], "world.shapes[" + std::to_string(i) + "]", 0, "world_" + std::to_string(i));
  }
  // Reserved: a Body is 1.5 kB, and a vector grown by doubling touches twice the memory once (each fresh page a
  // page fault, tens of µs on a virtual machine).
  scene_.model.bodies.reserve(scene_.model.bodies.size() + spec_.bodies.size());
  inertia_sources_.reserve(spec_.bodies.size());
  for (std::size_t i = 0; i < spec_.bodies.size(); ++i) compile_body(spec_.bodies[i], "bodies[" + std::to_string(i) + "]");
}

void SceneCompiler::compile_body(const BodySpec& spec, const std::string& path) {
  if (!spec.name) refuse(Key{path, "name"}, "missing required key: expected a body name", SpecProblemAt::kMissing);
  Body body;
  body.name = *spec.name;
  if (std::string problem = name_problem(body.name); !problem.empty()) refuse(Key{path, "name"}, problem);
  if (body_index_.count(body.name)) refuse(Key{path, "name"}, "a body named '" + body.name + "' already exists ('world' is reserved)");
  compile_joint(spec.joint, path + ".joint", body);
  const bool moving = body.joint.type != JointType::kFixed;
  body.mass = checked(Key{path, "mass"}, spec.mass, moving ? std::optional<double>() : std::optional<double>(0.0), "a positive mass [kg]",
                      [&](double x) { return moving ? x > 0.0 : x >= 0.0; });
  body.com = spec.com ? finite(Key{path, "com"}, *spec.com) : Vec3::Zero();
  const int index = static_cast<int>(scene_.model.bodies.size());
  body_index_.emplace(body.name, index);
  const std::string shapes = path + ".shapes";
  for (std::size_t s = 0; s < spec.shapes.size(); ++s) {
    compile_shape(spec.shapes[s], shapes + "[" + std::to_string(s) + "]", index,
                  spec.shapes.size() == 1 ? body.name : body.name + "_" + std::to_string(s));
  }
  if (spec.inertia) {
    const Vec3 moments = finite(Key{path, "inertia"}, *spec.inertia);
    if (std::string problem = principal_moments_problem(moments); !problem.empty()) refuse(Key{path, "inertia"}, problem);
    body.inertia = moments.asDiagonal();
  } else if (moving) {
    inertia_from_shapes(spec, path, index, body);
  }
  inertia_sources_.push_back({Key{path, "inertia"}.path(), spec.inertia ? SpecProblemAt::kValue : SpecProblemAt::kMissing});
  scene_.model.bodies.push_back(std::move(body));
}

void SceneCompiler::compile_joint(const JointSpec& spec, const std::string& path, Body& body) {
  body.joint.type = *find_joint_type(choice(Key{path, "type"}, spec.type, "fixed", joint_type_names()));
  const std::pair<const char*, bool> force_elements[] = {
      {"stiffness", spec.stiffness.has_value()}, {"damping", spec.damping.has_value()},
      {"rest_position", spec.rest_position.has_value()}, {"effort", spec.effort.has_value()}};
  for (const auto& [key, given] : force_elements) {
    if (given && !takes_force_elements(joint_traits(body.joint.type))) {
      refuse(Key{path, key}, "force elements need a " + joint_type_list(takes_force_elements, "or") + " joint");
    }
  }
  body.joint.stiffness = checked(Key{path, "stiffness"}, spec.stiffness, 0.0, "a spring stiffness >= 0 [N·m/rad or N/m]", non_negative);
  body.joint.damping = checked(Key{path, "damping"}, spec.damping, 0.0, "a damping coefficient >= 0 [N·m·s/rad or N·s/m]", non_negative);
  body.joint.rest_position = finite(Key{path, "rest_position"}, spec.rest_position.value_or(0.0));
  if (spec.effort) {
    check_time_function(Key{path, "effort"}.path(), *spec.effort);
    body.joint.effort = *spec.effort;
  }
  if (spec.drive) compile_drive(*spec.drive, Key{path, "drive"}.path(), body);
  auto parent = body_index_.find(spec.parent);
  if (parent == body_index_.end()) {
    const std::vector<std::string_view> names = names_of(body_index_);
    refuse(Key{path, "parent"}, "unknown body '" + spec.parent + "'" + did_you_mean(spec.parent, names) +
                                    "; a parent must be 'world' or a body listed earlier (" + join_names(names) + ")");
  }
  body.parent = parent->second;
  body.joint.axis = direction(Key{path, "axis"}, spec.axis);
  body.joint.placement.translation() = finite(Key{path, "position"}, spec.position);
  if (spec.rotation) body.joint.placement.linear() = rotation(Key{path, "rotation"}.path(), *spec.rotation).toRotationMatrix();
}

void SceneCompiler::compile_drive(const Drive& spec, const std::string& path, Body& body) {
  if (!takes_force_elements(joint_traits(body.joint.type))) {
    refuse(Key{path, ""}, "drives need a " + joint_type_list(takes_force_elements, "or") + " joint");
  }
  if (body.joint.has_force_element()) {
    refuse(Key{path, ""}, "a driven joint takes no stiffness, damping or effort: the drive sets its motion");
  }
  Drive& drive = body.joint.drive;
  switch (spec.kind) {
    case Drive::Kind::kSpeed:
      drive = spec;
      finite(Key{path, "speed"}, drive.speed);
      return;
    case Drive::Kind::kSine: {
      drive = spec;
      const std::string sine = path + ".sine";
      finite(Key{sine, "amplitude"}, drive.amplitude);
      checked(Key{sine, "frequency"}, drive.frequency, std::nullopt, "a frequency >= 0 [Hz]", non_negative);
      finite(Key{sine, "phase"}, drive.phase);
      finite(Key{sine, "offset"}, drive.offset);
      return;
    }
    case Drive::Kind::kTable: {
      const std::string table = path + ".table";
      // A natural cubic spline is twice differentiable throughout; it needs two points, and times that rise.
      if (spec.times.size() < 2) refuse(Key{table, "time"}, "expected at least two times [s]");
      if (spec.positions.size() != spec.times.size()) refuse(Key{table, "position"}, "expected as many positions as times");
      for (const char* column : {"time", "position"}) {
        const std::vector<double>& list = std::string_view(column) == "time" ? spec.times : spec.positions;
        const std::string at = Key{table, column}.path();
        for (std::size_t k = 0; k < list.size(); ++k) finite(Key{at + "[" + std::to_string(k) + "]", ""}, list[k]);
      }
      for (std::size_t k = 1; k < spec.times.size(); ++k) {
        if (!(spec.times[k] > spec.times[k - 1])) {
          refuse(Key{table + ".time[" + std::to_string(k) + "]", ""}, "expected increasing times");
        }
      }
      drive = table_drive(spec.times, spec.positions);
      return;
    }
    case Drive::Kind::kExpression:
      drive = spec;
      check_start(Key{path, "expression"}, drive.expression);
      return;
    case Drive::Kind::kNone: break;
  }
  refuse(Key{path, ""}, "expected speed, sine, table or expression");
}

// Uniform density over the body's solid shapes: its centre of mass (unless given) and its inertia about it.
void SceneCompiler::inertia_from_shapes(const BodySpec& spec, const std::string& path, int body_index, Body& body) {
  double total_volume = 0.0;
  Vec3 first_moment = Vec3::Zero();
  std::vector<std::pair<const Shape*, double>> solids;
  // The body's shapes are the last ones compiled: walk back over them only, not every shape of the scene.
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
    refuse(Key{path, "inertia"}, "the body has no solid shape to compute its inertia from; give inertia [kg·m²] (and com)",
           SpecProblemAt::kMissing);
  }
  if (!std::isfinite(total_volume)) {
    refuse(Key{path, "shapes"}, "the shapes' volume overflows (" + number_text(total_volume) + "); their sizes are not usable");
  }
  const double density = body.mass / total_volume;
  if (!spec.com) body.com = first_moment / total_volume;
  body.inertia.setZero();
  for (const auto& [s, volume] : solids) {
    const Mat3 unit = shape_traits(s->type).unit_mass(*s).inertia;
    const Mat3 R = s->pose.linear();
    const Vec3 d = s->pose.translation() - body.com;
    const double mass = density * volume;
    body.inertia += density * R * unit * R.transpose() + mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  }
}

int SceneCompiler::body_named(const Key& key, const std::optional<std::string>& name) const {
  if (!name) refuse(key, "missing required key: expected a body's name, or world", SpecProblemAt::kMissing);
  const auto found = body_index_.find(*name);
  if (found == body_index_.end()) refuse(key, "no body named '" + *name + "'" + did_you_mean(*name, names_of(body_index_)));
  return found->second;
}

void SceneCompiler::check_rotational_inertia() {
  const std::vector<std::string> problems = rotational_inertia_problems(scene_.model);
  for (std::size_t b = 1; b < problems.size(); ++b) {
    if (!problems[b].empty()) refuse(Key{inertia_sources_[b - 1].path, ""}, problems[b], inertia_sources_[b - 1].at);
  }
}

}  // namespace contactlab::compile
