// SPDX-License-Identifier: MIT
// The compile stage: the scene, its integration options and its initial state, and the checks every part uses.
#include "engine/compile_scene.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "engine/joint_traits.h"
#include "engine/names.h"
#include "engine/scene_compiler.h"

namespace contactlab {

SpecError::SpecError(std::string key_path, std::string problem, SpecProblemAt at)
    : std::invalid_argument(key_path.empty() ? problem : key_path + ": " + problem),
      key_path_(std::move(key_path)),
      problem_(std::move(problem)),
      at_(at) {}

namespace compile {

void refuse(const Key& key, const std::string& problem, SpecProblemAt at) { throw SpecError(key.path(), problem, at); }

std::string number_text(double value) { return round_trip_text(value); }

double finite(const Key& key, double value) {
  if (!std::isfinite(value)) refuse(key, "expected a finite number, found " + number_text(value));
  return value;
}

Vec3 finite(const Key& key, const Vec3& value) {
  const std::string path = key.path();
  for (int k = 0; k < 3; ++k) finite(Key{path + "[" + std::to_string(k) + "]", ""}, value[k]);
  return value;
}

Vec3 direction(const Key& key, const Vec3& value) {
  if (!value.allFinite()) finite(key, value);
  if (!(value.norm() > 0.0)) refuse(key, "expected a non-zero direction, found [0, 0, 0]");
  if (!std::isfinite(value.norm())) refuse(key, "the direction's length overflows; scale it down");
  return value.normalized();
}

Eigen::AngleAxisd rotation(const std::string& path, const RotationSpec& rotation) {
  const Vec3 axis = direction(Key{path, "axis"}, rotation.axis);
  if (!rotation.angle) refuse(Key{path, "angle"}, "missing required key (angle [rad])", SpecProblemAt::kMissing);
  return Eigen::AngleAxisd(finite(Key{path, "angle"}, *rotation.angle), axis);
}

std::string choice(const Key& key, const std::optional<std::string>& given, const std::string& fallback,
                   const std::vector<std::string_view>& options) {
  std::string value = given ? *given : fallback;
  if (std::find(options.begin(), options.end(), value) == options.end()) {
    refuse(key, "expected one of " + join_names(options) + ", found '" + value + "'" + did_you_mean(value, options));
  }
  return value;
}

namespace {

auto positive = [](double x) { return x > 0.0; };
auto non_negative = [](double x) { return x >= 0.0; };

}  // namespace

CompiledScene SceneCompiler::compile() {
  if (!spec_.name) refuse(Key{"", "scene"}, "missing required key: expected the scene's name", SpecProblemAt::kMissing);
  if (std::string problem = name_problem(*spec_.name); !problem.empty()) refuse(Key{"", "scene"}, problem);
  scene_.name = *spec_.name;
  if (std::string problem = text_problem(spec_.description); !problem.empty()) refuse(Key{"", "description"}, problem);
  scene_.description = spec_.description;
  scene_.model = make_model();
  scene_.model.gravity = finite(Key{"", "gravity"}, spec_.gravity);
  compile_materials();
  compile_bodies();
  compile_clearance_shapes();
  check_rotational_inertia();
  try {
    finalize(scene_.model);
  } catch (const std::invalid_argument& error) {
    refuse(Key{"", "bodies"}, error.what());
  }
  compile_contacts();
  compile_clearance_pairs();
  compile_options();
  compile_initial_state();
  compile_constraints();
  return std::move(scene_);
}

void SceneCompiler::note(std::string text) {
  if (std::find(scene_.notes.begin(), scene_.notes.end(), text) == scene_.notes.end()) scene_.notes.push_back(std::move(text));
}

void SceneCompiler::compile_options() {
  SimulationOptions& sim = scene_.simulation;
  sim.duration = checked(Key{"", "duration"}, spec_.duration, std::nullopt, "a positive duration [s]", positive);
  const IntegratorSpec& integrator = spec_.integrator;
  const std::string path = "integrator";
  static const std::vector<IntegratorMethod> kMethods = {
      IntegratorMethod::kDormandPrince,   IntegratorMethod::kArkodeDormandPrince, IntegratorMethod::kBdf,
      IntegratorMethod::kSymplecticEuler, IntegratorMethod::kVelocityVerlet,      IntegratorMethod::kRungeKutta4};
  std::vector<std::string_view> names;
  for (IntegratorMethod method : kMethods) names.emplace_back(integrator_method_name(method));
  const std::string method = choice(Key{path, "method"}, integrator.method, "", names);
  IntegratorOptions& options = sim.integrator;
  options.method = kMethods[static_cast<std::size_t>(std::find(names.begin(), names.end(), method) - names.begin())];
  if (is_fixed_step(options.method)) {
    options.step = checked(Key{path, "step"}, integrator.step, std::nullopt, "a positive fixed step [s] for method " + method, positive);
  } else if (integrator.step) {
    refuse(Key{path, "step"}, "only the fixed-step methods (symplectic_euler, velocity_verlet, rk4) take a step; use initial_step/max_step");
  }
  options.relative_tolerance = checked(Key{path, "relative_tolerance"}, integrator.relative_tolerance, options.relative_tolerance,
                                       "a tolerance in (0, 1)", [](double x) { return x > 0.0 && x < 1.0; });
  options.absolute_tolerance = checked(Key{path, "absolute_tolerance"}, integrator.absolute_tolerance, options.absolute_tolerance,
                                       "a positive tolerance", positive);
  options.initial_step = checked(Key{path, "initial_step"}, integrator.initial_step, std::nullopt, "a step >= 0 [s] (0: automatic)", non_negative);
  options.max_step = checked(Key{path, "max_step"}, integrator.max_step, std::nullopt, "a step >= 0 [s] (0: unbounded)", non_negative);
  if (integrator.max_steps) {
    if (*integrator.max_steps < 1) refuse(Key{path, "max_steps"}, "expected a positive whole number, found " + std::to_string(*integrator.max_steps));
    options.max_steps = *integrator.max_steps;
  }
  LoopSettings& loops = scene_.model.loop_settings;
  loops.baumgarte_frequency = checked(Key{path, "baumgarte_frequency"}, integrator.baumgarte_frequency,
                                      loops.baumgarte_frequency, "a frequency >= 0 [1/s] (0: none)", non_negative);
  loops.tolerance = checked(Key{"checks", "constraint_tolerance"}, spec_.checks.constraint_tolerance, loops.tolerance,
                            "a positive drift bound [m or rad]", positive);
  options.locate_force_peaks = integrator.locate_force_peaks;
  options.bdf_at_rest = integrator.bdf_at_rest;

  sim.output_interval = checked(Key{"output", "interval"}, spec_.output.interval, sim.duration / 1000.0, "an interval >= 0 [s]", non_negative);
  sim.output_steps_in_contact = spec_.output.steps_in_contact;

  const ChecksSpec& checks = spec_.checks;
  // Fixed-step schemes oscillate in energy by O(h) (symplectic Euler) or O(h²): a looser default.
  const double default_energy_tolerance = is_fixed_step(options.method) ? 0.05 : sim.energy_tolerance;
  sim.energy_tolerance = checked(Key{"checks", "energy_tolerance"}, checks.energy_tolerance, default_energy_tolerance,
                                 "a positive relative tolerance", positive);
  sim.max_indentation_ratio = checked(Key{"checks", "max_indentation_ratio"}, checks.max_indentation_ratio, sim.max_indentation_ratio,
                                      "a positive ratio", positive);
  sim.overlap_tolerance = checked(Key{"checks", "overlap_tolerance"}, checks.overlap_tolerance, sim.overlap_tolerance,
                                  "a positive ratio", positive);
}

void SceneCompiler::compile_initial_state() {
  State& state = scene_.initial_state;
  state = make_state(scene_.model);
  for (std::size_t i = 1; i < scene_.model.bodies.size(); ++i) {
    compile_initial_values(spec_.bodies[i - 1].initial, "bodies[" + std::to_string(i - 1) + "].initial",
                           scene_.model.bodies[i].joint, state);
    compile_driven_start(spec_.bodies[i - 1].initial, "bodies[" + std::to_string(i - 1) + "]",
                         scene_.model.bodies[i].joint, state);
  }
}

// A driven joint starts where its drive is at t = 0: its initial values come from the drive, except a speed drive's
// position, which starts from the joint's initial q (default 0). A table covers the run.
void SceneCompiler::compile_driven_start(const InitialSpec& spec, const std::string& path, Joint& joint, State& state) {
  if (!joint.drive.active()) return;
  const std::string initial = path + ".initial";
  if (spec.v) refuse(Key{initial, "v"}, "a driven joint's velocity is its drive's; give no initial v");
  if (spec.q && joint.drive.kind != Drive::Kind::kSpeed) {
    refuse(Key{initial, "q"}, "a driven joint's position is its drive's (only a speed drive starts from the initial q)");
  }
  if (joint.drive.kind == Drive::Kind::kSpeed) joint.drive.start = state.q[joint.q_index];
  if (joint.drive.kind == Drive::Kind::kTable) {
    const double end = scene_.simulation.duration;
    const std::string times = path + ".joint.drive.table.time";
    if (joint.drive.times.front() > 0.0) refuse(Key{times + "[0]", ""}, "the table starts after t = 0: it must cover the run, from 0 to the duration");
    if (joint.drive.times.back() < end) {
      refuse(Key{times + "[" + std::to_string(joint.drive.times.size() - 1) + "]", ""},
             "the table ends before the run's duration " + number_text(end) + " s: it must cover the run");
    }
  }
  const DrivenMotion start = joint.drive(0.0);
  state.q[joint.q_index] = start.position;
  state.v[joint.v_index] = start.rate;
}

// Raw q and v, or the values the joint's row takes (engine/joint_traits.h), which converts them.
void SceneCompiler::compile_initial_values(const InitialSpec& spec, const std::string& path, const Joint& joint,
                                           State& state) {
  const JointTraits& traits = joint_traits(joint.type);
  auto raw = [&](const char* key, const std::optional<std::vector<double>>& given, int count, Eigen::VectorXd& out,
                 int offset) {
    if (!given) return;
    if (count == 0) refuse(Key{path, key}, "a " + std::string(traits.name) + " joint has no coordinates");
    if (static_cast<int>(given->size()) != count) {
      refuse(Key{path, key}, "expected " + std::to_string(count) + " value(s) for a " + traits.name +
                                 " joint, found a list of " + std::to_string(given->size()));
    }
    const std::string list = Key{path, key}.path();
    for (int k = 0; k < count; ++k) out[offset + k] = finite(Key{list + "[" + std::to_string(k) + "]", ""}, (*given)[static_cast<std::size_t>(k)]);
  };
  raw("q", spec.q, joint.nq, state.q, joint.q_index);
  raw("v", spec.v, joint.nv, state.v, joint.v_index);

  const JointInitialKeys& takes = traits.initial_keys;
  auto allowed = [&](const char* key, bool given, bool (*taken)(const JointTraits&)) {
    if (given && !taken(traits)) refuse(Key{path, key}, "only " + joint_type_list(taken, "and") + " joints take " + key);
    if (given && (spec.q || spec.v)) refuse(Key{path, key}, std::string("give either q/v or ") + key + ", not both");
  };
  allowed("position", spec.position.has_value(), [](const JointTraits& t) { return t.initial_keys.position > 0; });
  allowed("angle", spec.angle.has_value(), [](const JointTraits& t) { return t.initial_keys.angle; });
  allowed("orientation", spec.orientation.has_value(), [](const JointTraits& t) { return t.initial_keys.orientation; });
  allowed("linear_velocity", spec.linear_velocity.has_value(), [](const JointTraits& t) { return t.initial_keys.linear_velocity > 0; });
  allowed("angular_velocity", spec.angular_velocity.has_value(), [](const JointTraits& t) { return t.initial_keys.angular_velocity > 0; });
  if (traits.set_initial == nullptr) return;
  // A value the joint's row writes with one number is its z component.
  auto vector = [&](const char* key, const std::optional<Vec3>& given, int count) -> std::optional<Vec3> {
    if (!given) return std::nullopt;
    const Vec3 value = finite(Key{path, key}, *given);
    if (count == 1 && (value.x() != 0.0 || value.y() != 0.0)) {
      refuse(Key{path, key}, std::string("a ") + traits.name + " joint takes " + key + " as one number, about or along its z: expected [0, 0, z]");
    }
    return value;
  };
  JointInitialValues given;
  given.position = vector("position", spec.position, takes.position);
  if (spec.angle) given.angle = finite(Key{path, "angle"}, *spec.angle);
  if (spec.orientation) given.orientation = Eigen::Quaterniond(rotation(Key{path, "orientation"}.path(), *spec.orientation));
  given.linear_velocity = vector("linear_velocity", spec.linear_velocity, takes.linear_velocity);
  given.angular_velocity = vector("angular_velocity", spec.angular_velocity, takes.angular_velocity);
  if (const auto problem = traits.set_initial(given, state.q.data() + joint.q_index, state.v.data() + joint.v_index)) {
    refuse(Key{path, problem->key}, problem->message);
  }
}

}  // namespace compile

CompiledScene compile_scene(const SceneSpec& spec, const CompileOptions& options) {
  return compile::SceneCompiler(spec, options).compile();
}

}  // namespace contactlab
