// SPDX-License-Identifier: MIT
// The compile stage: a scene specification (engine/scene_spec.h) in, what a run needs out — the finalized Model
// (bodies, joints, materials, shapes, ContactModel::bodies, every contact pair compiled, or for pairs found at run
// time the settings they are made with, checked against every kind of pair the broadphase may find), the initial
// State and the simulation options. Everything a specification can get wrong is refused here with a SpecError
// naming its key path, so that nothing compiled has a hidden precondition. Compiling never runs a simulation: the
// calibrations a specification asks for are recorded, and calibrate_scene (engine/scene_calibration.h) runs them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/clearance_joint.h"
#include "engine/model.h"
#include "engine/scene_spec.h"
#include "engine/simulate.h"
#include "engine/spec_error.h"
#include "engine/state.h"

namespace contactlab {

// A `calibrate` of the specification, for one compiled pair: the pair's parameter `parameter` is to take the value
// for which the pair's isolated impact at `impact_velocity` with `mass` returns `restitution`.
struct CalibrationRequest {
  std::size_t pair = 0;          // index in ContactModel::pairs
  std::string parameter;         // a given parameter of the pair's law; compiled at a start value until calibrated
  double restitution = 0.0;      // the target, in (0, 1)
  double impact_velocity = 1.0;  // [m/s]
  double mass = 0.0;             // [kg]
  std::string key_path;          // what asks for it: "contacts", "contacts.pairs[2]" or "--calibrate"
};

// A target restitution at a reference impact speed, for every law alike (CompileOptions::common_calibration).
struct CommonCalibration {
  double restitution = 0.0;      // in (0, 1)
  double impact_velocity = 0.0;  // [m/s] > 0
};

// Where a setting of the compiled contact pairs was read (CompiledScene::setting_sources).
struct SettingSource {
  // `law`, `method`, `parameters.<name>` (the name as the law declares it), `stiffness`, `exponent`,
  // `effective_radius`, `mass`, `tension`, `calibrate` or `friction`.
  std::string setting;
  // The key path of the block it was read from, as a scene file names it (`contacts.law`, `contacts.pairs[1].mass`,
  // `clearances[0].parameters.restitution`, `contacts.laws.kelvin_voigt.damping`, `clearances[0].calibrate`, where a
  // calibration sets a parameter), or the option that set it (`--model`, `--calibrate`).
  std::string key_path;
  bool operator==(const SettingSource&) const = default;
};

struct CompiledScene {
  std::string name;
  std::string description;
  Model model;  // finalized
  State initial_state;
  SimulationOptions simulation;
  std::vector<ClearanceJoint> clearances;  // the joints with clearance, their pairs in model.contact.pairs
  std::vector<CalibrationRequest> calibrations;  // asked for and not yet run (calibrate_scene runs them)
  // Remarks that are not errors: a law outside its accurate restitution range, parameters a law override drops,
  // the calibrations run.
  std::vector<std::string> notes;
  // Every setting the compiled pairs (or the broadphase's pairs) read and where, once per distinct (setting, key path):
  // a block's setting that no pair reads — shadowed by a listed pair's or a clearance joint's own, or replaced by
  // `--model` — is in no entry (scenes/scene.h refuses an override of it).
  std::vector<SettingSource> setting_sources;
};

struct CompileOptions {
  // Every contact's law instead of the one the specification names (the runner's `--model`): parameters given for
  // that law which this one does not take are dropped, each with a note. An unknown law is refused at the key path
  // `--model`.
  std::string law_override{};
  // Every contact's friction law instead of the specification's (`compare --friction-models`), a scene without
  // friction included: each friction block keeps its coefficients and the parameters the law declares by name
  // (compile::override_friction).
  std::string friction_law_override{};
  // `compare --calibrate restitution=C@V`: every pair whose law has a free dissipation parameter
  // (LawInfo::dissipation_parameter) has it calibrated so that the pair's isolated impact at V [m/s] with its reduced
  // mass returns C, instead of the specification's `calibrate`s; a law without one is left as it is. V is also the
  // speed of the equivalent linear stiffness (equivalent_linear_stiffness, contact/material_mixing.h).
  std::optional<CommonCalibration> common_calibration{};
};

// Throws SpecError at the first problem found.
CompiledScene compile_scene(const SceneSpec& spec, const CompileOptions& options = {});

}  // namespace contactlab
