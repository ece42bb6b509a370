// SPDX-License-Identifier: MIT
// The parts of the compile stage (engine/compile_scene.h), shared by its files: compile_scene.cc (the scene, its
// options and its initial state), compile_bodies.cc (materials, shapes, bodies) and compile_contacts.cc (laws,
// pairs, the broadphase, calibration requests), compile_loops.cc and compile_clearances.cc. Internal to the engine.
#pragma once

#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/compile_scene.h"
#include "engine/data.h"

namespace contactlab::compile {

// A key of one map of the specification, named as a scene file names it; the path is joined only when a problem is
// reported.
struct Key {
  const std::string& map;  // the map's key path; "" at the top level
  std::string_view key;
  std::string path() const {
    if (key.empty()) return map;
    return map.empty() ? std::string(key) : map + "." + std::string(key);
  }
};

[[noreturn]] void refuse(const Key& key, const std::string& problem, SpecProblemAt at = SpecProblemAt::kValue);

// A number as messages print it (round_trip_text: the stream's default format when it gives the number back).
std::string number_text(double value);

// `value` if finite, else refused (a scene file's numbers are; a program's might not be).
double finite(const Key& key, double value);
Vec3 finite(const Key& key, const Vec3& value);

// The value given, else `fallback` (none: required), that must satisfy `valid`; `expected` says what is expected,
// e.g. "a positive mass [kg]", as in "expected a positive mass [kg], found -1".
template <typename Valid>
double checked(const Key& key, const std::optional<double>& given, std::optional<double> fallback,
               std::string_view expected, Valid valid) {
  if (!given && !fallback) refuse(key, "missing required key: expected " + std::string(expected), SpecProblemAt::kMissing);
  const double value = given ? finite(key, *given) : *fallback;
  if (!valid(value)) refuse(key, "expected " + std::string(expected) + ", found " + number_text(value));
  return value;
}

// A unit direction: `value` normalised; a zero or overflowing length is refused.
Vec3 direction(const Key& key, const Vec3& value);

// The rotation `{axis, angle}` at `path`.
Eigen::AngleAxisd rotation(const std::string& path, const RotationSpec& rotation);

// The name given (or `fallback`), which must be one of `options`.
std::string choice(const Key& key, const std::optional<std::string>& given, const std::string& fallback,
                   const std::vector<std::string_view>& options);

// Per parameter name (as declared), the key path its value was read at (`contacts.parameters.restitution`); a block
// read later replaces the entry of a name it gives too.
using ParameterSources = std::map<std::string, std::string, std::less<>>;

// One block's `parameters` (key path `map`) for the law whose table is `table`, into `values`: each name declared,
// its value finite and in range, none given twice in the block; a name an earlier block gave takes this block's value.
// An unknown name is refused — or, when `dropped` is given (a law override: the block was written for another law),
// its key path is appended there and the name skipped (compile_contacts.cc, compile_friction.cc). With `sources`, each
// name taken is recorded there with its key path.
void add_law_parameters(const ParameterTable& table, const std::vector<ParameterValue>& given, const std::string& map,
                        std::vector<NamedValue>& values, std::vector<std::string>* dropped = nullptr,
                        ParameterSources* sources = nullptr);

// A block's `laws` (compile_law_entries.cc; key path `map`.laws): every entry checked — a law by id or alias, named
// once, with parameters it takes, in range — and the parameters of the entry for `law`, if any, into `values` over
// those there, by name.
void add_law_entries(const std::vector<LawParametersSpec>& laws, const std::string& map, LawIndex law,
                     std::vector<NamedValue>& values, ParameterSources* sources = nullptr);

// A `friction` block (compile_friction.cc): its law and compiled parameters into the settings, or nothing for
// `law: none`.
void compile_friction(const FrictionSpec& spec, const std::string& path, PairSettings& settings);

// The `friction` block `given` (none: the scene has none) rewritten for the friction law `law` (friction_override.cc):
// its μ_s and μ_k by role (one coefficient given serves both; none given: the materials'), and the parameters `law`
// declares by the same name; the others are dropped.
FrictionSpec override_friction(const std::optional<FrictionSpec>& given, const std::string& law);

// Turns a specification into a CompiledScene, in the order a scene file is read: the scene, materials, world and
// bodies (each body's joint, mass and shapes), the tree, the contacts, the integration options, the initial state.
class SceneCompiler {
 public:
  SceneCompiler(const SceneSpec& spec, const CompileOptions& options) : spec_(spec), options_(options) {}
  CompiledScene compile();

 private:
  // compile_bodies.cc
  void compile_materials();
  void compile_bodies();
  void compile_body(const BodySpec& spec, const std::string& path);
  void compile_joint(const JointSpec& spec, const std::string& path, Body& body);
  void compile_drive(const Drive& spec, const std::string& path, Body& body);
  int compile_shape(const ShapeSpec& spec, const std::string& path, int body, const std::string& default_name);
  void inertia_from_shapes(const BodySpec& spec, const std::string& path, int body_index, Body& body);
  void check_rotational_inertia();
  // The body a constraint or clearance joint names at `key` (`world` included); missing or unknown: refused.
  int body_named(const Key& key, const std::optional<std::string>& name) const;
  // compile_contacts.cc
  void compile_contacts();
  // A block's pair settings, and the refusal of a required law parameter it left out, for a law that takes others from
  // the materials or needs E* and R*: given once a pair has been made, so that a pair the law cannot describe says so
  // first.
  struct BlockSettings : PairSettings {
    std::string missing_parameters;  // empty when none is missing
    std::vector<SettingSource> sources;  // where each setting was read (CompiledScene::setting_sources)
  };
  template <typename Block>
  BlockSettings compile_settings(const Block* own, const std::string& own_path);
  void compile_pair(int shape_a, int shape_b, const BlockSettings& settings, const std::string& path);
  // Adds a block's setting sources to the scene's: its settings are read by a pair (or by the broadphase's).
  void record_sources(const BlockSettings& settings);
  template <typename Block>
  void request_calibration(const Block* own, const std::string& own_path);
  // A calibration to run on a block's pairs, and the key path of what asked for it: a block, or `--calibrate`.
  struct Calibration {
    CalibrationSpec spec;
    std::string path;
  };
  template <typename Block>
  std::optional<Calibration> calibration_of(const LawInfo& law, const Block* own, const std::string& own_path, bool note_ignored);
  bool materials_give_restitution(int shape_a, int shape_b) const;
  // compile_clearances.cc
  void compile_clearance_shapes();
  void compile_clearance_pairs();
  // compile_loops.cc
  void compile_constraints();
  LoopConstraint compile_constraint(const ConstraintSpec& spec, const std::string& path, const Data& initial);
  // compile_scene.cc
  void compile_options();
  void compile_initial_state();
  void compile_initial_values(const InitialSpec& spec, const std::string& path, const Joint& joint, State& state);
  void compile_driven_start(const InitialSpec& spec, const std::string& path, Joint& joint, State& state);
  void note(std::string text);

  const SceneSpec& spec_;
  const CompileOptions& options_;
  CompiledScene scene_;
  std::map<std::string, int, std::less<>> material_index_;
  std::map<std::string, int, std::less<>> body_index_;
  LawParameterCache pair_parameters_;  // the pairs' law parameters, compiled once per distinct set of values
  std::map<std::string, int, std::less<>> shape_index_;
  // Per body but the world: where its inertia is given, or left out (then computed from its shapes).
  struct InertiaSource {
    std::string path;
    SpecProblemAt at;
  };
  std::vector<InertiaSource> inertia_sources_;
  // Per clearance joint: its shapes' indices, the journal's or slider's first.
  std::vector<std::vector<int>> clearance_shapes_;
};

}  // namespace contactlab::compile
