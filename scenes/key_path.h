// SPDX-License-Identifier: MIT
// `--set KEY.PATH=VALUE`: an override of any key of a scene file, applied to the parsed document before it is
// compiled, so it is validated exactly like the file. A path is keys separated by dots; in a list, an element is
// named by its `name` (`bodies.ball.mass`, `world.shapes.ground.normal`) or its index (`contacts.pairs[0].law`,
// `bodies.ball.shapes[0].radius`). A missing last key (and missing maps on the way) is added, so
// `integrator.relative_tolerance=1e-9` works without an integrator block. VALUE is YAML: a number, an
// expression, a name, or a flow list or map (`gravity=[0,0,-1]`).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "engine/compile_scene.h"
#include "engine/spec_error.h"

namespace contactlab {

// True for a key path (it holds '.' or '['), false for a plain NAME, which names a variable.
bool is_key_path(const std::string& name);

// The keys of a scene's top level (docs/scenes.md).
const std::vector<std::string_view>& scene_top_level_keys();

// Whether `--set NAME=…` names a key of the document rather than a variable: a key path, or a top-level key
// (`duration`) that is not also a declared variable.
bool overrides_a_key(const std::string& name, bool declared_variable);

// One applied override: the key path as the loader names keys in messages (`bodies[0].mass`) and the
// argument as given.
struct AppliedOverride {
  std::string key_path;
  std::string argument;  // "--set PATH=VALUE" (or the flag given)
  bool empties = false;  // VALUE is empty (null, {} or []): it takes away what the file gives there
};

// Applies `overrides` (PATH, VALUE) to `root` in order; throws SceneError naming the override when a path does
// not lead anywhere (an unknown body name, a key inside a number, an index out of range).
std::vector<AppliedOverride> apply_key_path_overrides(YAML::Node& root,
                                                      const std::vector<std::pair<std::string, std::string>>& overrides,
                                                      const std::string& file, const std::string& flag = "--set");

// Why an override of the contact setting at `key_path` (as AppliedOverride names it: `contacts.law`,
// `contacts.parameters.restitution`, `contacts.pairs[0].mass`, `clearances[0].friction.parameters.friction`) changes
// nothing in `scene`: no compiled pair reads it (CompiledScene::setting_sources) — every pair takes it from a listed
// pair's or a clearance joint's own key, `--model` replaces the law, a calibration sets the parameter, the law in use
// does not take the parameter, or there are no pairs. Empty when a pair reads it, and for every key that is not a
// block's pair setting (`law`, `method`, `parameters`, `stiffness`, `exponent`, `effective_radius`, `mass`, `tension`,
// `calibrate`, `friction` of `contacts`, `contacts.pairs[k]` or `clearances[k]`): a `laws` entry and
// `reference_speed` are read only when a law that takes them is in use, by design. `law_override` is `--model`'s.
// `elsewhere_only`: empty too unless the pairs take the setting from another block (the override aimed at the wrong
// one), not when no pair takes it at all.
std::string unread_setting_problem(const CompiledScene& scene, const std::string& key_path, const std::string& law_override,
                                   bool elsewhere_only = false);

// Why an override of the contact setting at `key_path` (named as for unread_setting_problem) changes nothing when
// `compare --models` replaces every pair's law and method (`law_replaced`) or `--friction-models` every pair's friction
// law (`friction_replaced`); empty for any other key.
std::string replaced_setting_problem(const std::string& key_path, bool law_replaced, bool friction_replaced);

// The node a problem at `key_path` (as the loader names keys: `bodies[0].mass`, `materials.steel`) is reported at,
// for its line and column: the value there; the key itself (SpecProblemAt::kKey); for a value left out
// (SpecProblemAt::kMissing) the map that should hold it. A null node (no position) when the path leads nowhere in
// `root`.
YAML::Node find_key_path(const YAML::Node& root, const std::string& key_path, SpecProblemAt at);

}  // namespace contactlab
