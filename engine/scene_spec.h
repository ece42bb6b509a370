// SPDX-License-Identifier: MIT
// A scene specification: what a scene says, as plain values in SI units, with names for what it refers to —
// materials, shape and joint types, parents, force laws and their parameters — and no YAML or expressions. A scene
// file is read into one (scenes/), and a program may write one in code with designated initializers, which read like
// the file (examples/build_in_code); compile_scene (engine/compile_scene.h) turns it into a Model, an initial State
// and the simulation options, and refuses what cannot work, naming the key path of the offending value
// (`bodies[0].joint.axis`, `contacts.parameters.restitution`). The keys, defaults and rules are those of a scene
// file (docs/scenes.md); the fields are declared in its order.
//
// Every field has a default, so an initializer may leave out what a scene file leaves out. A std::optional field is
// one whose absence means something: a required value (compile_scene says "missing required key"), or a default
// that depends on other values (a body's inertia from its shapes, a law from the contacts block).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/model.h"
#include "engine/simulate.h"

namespace contactlab {

struct MaterialSpec {
  std::string name{};
  std::optional<double> youngs_modulus{};  // E [Pa] > 0; required unless rigid
  bool rigid = false;                      // infinitely stiff: no compliance, no Young's modulus
  double poisson_ratio = 0.0;              // ν in (−1, 0.5)
  double density = 0.0;                    // ρ [kg/m³] ≥ 0
  std::optional<double> yield_strength{};  // σ_y [Pa] > 0; not given: infinite
  std::optional<double> restitution{};     // e in (0, 1], for a law whose restitution the contact leaves out
  // For a friction law whose coefficients the contact leaves out (contact/material_mixing.h, mixed_friction).
  std::optional<double> friction{};         // μ_k ≥ 0, sliding
  std::optional<double> static_friction{};  // μ_s ≥ μ_k, at rest; default μ_k
};

// `{axis, angle}`: a rotation by `angle` about `axis` (any non-zero length).
struct RotationSpec {
  Vec3 axis = Vec3::UnitZ();
  std::optional<double> angle{};  // [rad], required
};

struct ShapeSpec {
  std::optional<std::string> name{};  // default: the body's name (with _k when it has several), world_k on the world
  std::string type{};                 // a shape type's name (contact/shape_traits.h): sphere, box, halfspace, …
  std::optional<double> radius{};     // [m]: sphere, capsule, cylinder, hole
  std::optional<double> length{};     // [m], along the shape's z: capsule (axis segment), cylinder, hole
  std::optional<Vec3> size{};          // full extents [m]: a box takes this or half_extents
  std::optional<Vec3> half_extents{};  // [m]
  Vec3 position = Vec3::Zero();       // of the shape's origin in the body frame [m] (a halfspace: a boundary point)
  Vec3 axis = Vec3::UnitZ();          // direction of the shape's z (any non-zero length); not for a halfspace
  std::optional<Vec3> normal{};       // a halfspace's outward normal (default +z); only a halfspace has one
  std::optional<RotationSpec> rotation{};  // the shape's orientation, instead of axis
  std::string material{};             // a material's name; "" none (then no Hertz stiffness)
  std::uint32_t group = 1;            // collision filter: a and b may touch if a.group & b.mask and b.group & a.mask
  std::uint32_t mask = 0xffffffffu;
};

struct JointSpec {
  std::string type = "fixed";          // a joint type's name (engine/joint_traits.h): revolute, prismatic, free, …
  std::string parent = "world";        // a body listed earlier, or the world
  Vec3 axis = Vec3::UnitZ();           // in the joint frame (any non-zero length)
  Vec3 position = Vec3::Zero();        // of the joint frame in the parent's frame [m]
  std::optional<RotationSpec> rotation{};  // of the joint frame in the parent's frame
  // Force elements, for joints with one coordinate (revolute, prismatic): τ = −stiffness (q − rest_position) −
  // damping q̇ + effort(t).
  std::optional<double> stiffness{};      // [N·m/rad or N/m] ≥ 0
  std::optional<double> damping{};        // [N·m·s/rad or N·s/m] ≥ 0
  std::optional<double> rest_position{};  // [rad or m]
  std::optional<TimeFunction> effort{};   // [N·m or N]
  // A prescribed motion (revolute, prismatic; no force elements): as read, the table's spline not yet computed.
  std::optional<Drive> drive{};
};

// A joint's initial values, in its joint frame: the raw `q` and `v`, or the values its type takes (its row's
// initial_keys, engine/joint_traits.h). A value its type writes with one number (a planar joint's angular velocity,
// a prismatic joint's position) is the z component.
struct InitialSpec {
  std::optional<std::vector<double>> q{};
  std::optional<std::vector<double>> v{};
  std::optional<Vec3> position{};          // of the body origin [m]
  std::optional<double> angle{};           // about the joint frame's z [rad]
  std::optional<RotationSpec> orientation{};
  std::optional<Vec3> linear_velocity{};   // [m/s]
  std::optional<Vec3> angular_velocity{};  // [rad/s]
};

struct BodySpec {
  std::optional<std::string> name{};  // required, unique; `world` is reserved
  std::optional<double> mass{};       // [kg]: required unless the joint is fixed
  std::optional<Vec3> com{};          // centre of mass in the body frame [m]; default: the shapes', else the origin
  std::optional<Vec3> inertia{};      // principal moments about the centre of mass [kg·m²]; default: from the shapes
  JointSpec joint{};
  InitialSpec initial{};
  std::vector<ShapeSpec> shapes{};
};

// A joint that closes a kinematic loop (engine/loop_constraint.h): between a frame on body_a and a frame on body_b,
// which coincide when the loop is closed.
struct ConstraintSpec {
  std::optional<std::string> name{};    // default: <body_a>_<body_b>
  std::string type{};                   // a loop type's name: revolute, prismatic, spherical, weld, distance
  std::optional<std::string> body_a{};  // required: a body, or the world
  std::optional<std::string> body_b{};  // required
  Vec3 position_a = Vec3::Zero();       // the frame's origin in body_a's frame [m]
  Vec3 position_b = Vec3::Zero();       // in body_b's frame [m]
  Vec3 axis = Vec3::UnitZ();            // revolute, prismatic: the axis in body_a's frame (any non-zero length)
  std::optional<double> length{};       // distance [m] > 0; default: the distance at the initial configuration
};

struct WorldSpec {
  std::vector<ShapeSpec> shapes{};  // fixed to the world
};

// One law parameter by name, in the law's SI unit (`contactlab models` lists them).
struct ParameterValue {
  std::string name{};
  double value = 0.0;
};

// `stiffness: hertz`: K = (4/3) E* √R* from the shapes' materials, with exponent 3/2.
struct HertzStiffness {};
using Stiffness = std::variant<HertzStiffness, double>;  // Hertz, or K [N/m^n]

// `calibrate`: the value of one law parameter for which the pair's isolated impact returns `restitution`
// (engine/scene_calibration.h runs it, after compiling).
struct CalibrationSpec {
  std::optional<std::string> parameter{};  // required
  std::optional<double> restitution{};     // required, in (0, 1)
  double impact_velocity = 1.0;            // [m/s] > 0
  std::optional<double> mass{};            // [kg] > 0; default: the pair's reduced mass
};

// `friction`: a tangential law by id or alias (models/friction_registry.h; `contactlab models --friction` lists them)
// and its parameters by name, in the law's SI units. A listed pair's friction replaces the contacts block's whole.
struct FrictionSpec {
  std::optional<std::string> law{};          // required; `none`: frictionless
  std::vector<ParameterValue> parameters{};
};

// One entry of a block's `laws`: parameters for one law by name, applied over the block's `parameters` when that law
// is the one in use (the block's own, or the one `--model` or `compare` substitutes), so that one scene serves every
// law. Every entry is checked, in use or not: a law that does not exist or a parameter it does not take is refused.
struct LawParametersSpec {
  std::string law{};  // a law's id or alias (models/registry.h), as written
  std::vector<ParameterValue> parameters{};
};

// A listed pair: its two shapes and the settings it gives instead of the contacts block's (the same keys, each
// taken from the contacts block when left out).
struct PairSpec {
  std::array<std::string, 2> shapes{};
  std::optional<std::string> method{};
  std::optional<std::string> law{};
  std::vector<ParameterValue> parameters{};  // over the contacts block's, by name
  std::vector<LawParametersSpec> laws{};     // over the contacts block's, by law and name
  std::optional<Stiffness> stiffness{};
  std::optional<double> exponent{};
  std::optional<double> effective_radius{};
  std::optional<std::string> mass{};
  std::optional<std::string> tension{};
  std::optional<CalibrationSpec> calibrate{};
  std::optional<FrictionSpec> friction{};
};

// A joint with clearance (engine/compile_clearances.cc): shapes on its two bodies and the contact pairs between
// them in place of an ideal joint, sugar over `shapes:` and `contacts.pairs`. Revolute: a journal (a sphere, the
// mechanism planar) on body_a in a bearing (a hole) on body_b. Translational: a slider (a box) on body_a between two
// guides (halfspaces facing each other) on body_b, so the box's corners make the contact manifold.
struct ClearanceSpec {
  std::optional<std::string> name{};    // required; names its shapes (<name>_journal, …) and timeseries columns
  std::string type{};                   // revolute or translational
  std::optional<std::string> body_a{};  // required: the journal's or the slider's body (`journal:`, `slider:`)
  std::optional<std::string> body_b{};  // required: the bearing's or the guide's body, or the world (`bearing:`, `guide:`)
  Vec3 position_a = Vec3::Zero();       // the journal's or the slider's centre in body_a's frame [m]
  Vec3 position_b = Vec3::Zero();       // the bearing's centre, or a point of the guides' mid-line, in body_b's frame [m]
  Vec3 axis = Vec3::UnitZ();            // revolute: the bearing's axis; translational: the sliding direction (body_b's frame)
  std::optional<Vec3> normal{};         // translational: the guides' normal, across the channel (body_b's frame)
  std::optional<double> clearance{};    // revolute: radial, bearing − journal radius; translational: guide gap − slider height [m]
  std::optional<double> bearing_radius{};  // revolute [m]
  std::optional<double> journal_radius{};  // revolute [m]: instead of clearance
  std::optional<double> length{};          // revolute: the bearing's length [m]
  std::optional<double> half_length{};     // translational: the slider's half-length along the axis [m]
  std::optional<double> half_height{};     // translational: across the channel [m]
  std::optional<double> half_width{};      // translational: along axis × normal [m]; default half_height
  std::string material{};                  // both shapes' material; "" none
  // The contact settings of its pairs, as a listed pair gives them (its shapes are the joint's).
  PairSpec contact{};
};

struct ContactsSpec {
  std::optional<std::string> method{};       // penalty (default) or impulse (the law `impulse`)
  std::optional<std::string> law{};          // a law's id or alias (models/registry.h); default hertz
  std::vector<ParameterValue> parameters{};  // a restitution left out: the materials'
  std::vector<LawParametersSpec> laws{};     // per law, over `parameters` by name
  std::optional<Stiffness> stiffness{};      // default Hertz
  std::optional<double> exponent{};          // n of K δ^n; default 1.5
  std::optional<double> effective_radius{};  // R* [m] > 0 of every pair; default each pair's from its shapes
  std::optional<std::string> mass{};         // multibody (default) or reduced
  std::optional<std::string> tension{};      // allow (default), clamp or release
  std::optional<CalibrationSpec> calibrate{};
  std::optional<FrictionSpec> friction{};       // not given: frictionless
  std::optional<std::vector<PairSpec>> pairs{};  // not given: every pair of shapes that may touch
  // [m/s] > 0: the speed of the reference impact by which a law that needs a linear stiffness gets one
  // (equivalent_linear_stiffness); default the calibration's impact velocity, else 1 m/s.
  std::optional<double> reference_speed{};
  std::optional<double> impact_velocity_floor{};  // [m/s]; default ContactModel's
  std::optional<double> stick_speed{};            // [m/s]; default ContactModel's
  std::optional<double> rest_bounce_ratio{};      // default ContactModel's
  std::optional<double> rest_stroke_ratio{};      // default ContactModel's
  std::optional<std::string> broadphase{};   // for all pairs: auto (default), on or off
  std::optional<double> margin{};            // [m], the broadphase's; default a tenth of the smallest shape
};

struct IntegratorSpec {
  std::string method = "dormand_prince";  // an integrator's name (integrator_method_name)
  std::optional<double> step{};           // [s]: required by the fixed-step methods, refused by the others
  std::optional<double> relative_tolerance{};  // default IntegratorOptions'
  std::optional<double> absolute_tolerance{};  // default IntegratorOptions'
  double initial_step = 0.0;              // [s]; 0: automatic
  double max_step = 0.0;                  // [s]; 0: unbounded
  std::optional<long> max_steps{};        // default IntegratorOptions'
  bool locate_force_peaks = true;
  bool bdf_at_rest = true;
  std::optional<double> baumgarte_frequency{};  // [1/s] ≥ 0, for loop constraints; default LoopSettings'
};

struct OutputSpec {
  std::optional<double> interval{};  // [s] ≥ 0; default duration/1000; 0: no regular samples
  bool steps_in_contact = true;
};

struct ChecksSpec {
  std::optional<double> energy_tolerance{};       // default SimulationOptions' (0.05 for the fixed-step methods)
  std::optional<double> max_indentation_ratio{};  // default SimulationOptions'
  std::optional<double> overlap_tolerance{};      // default SimulationOptions'
  std::optional<double> constraint_tolerance{};   // [m or rad] > 0: the loops' drift bound; default LoopSettings'
};

struct SceneSpec {
  std::optional<std::string> name{};  // required: a name (the runner's output directory)
  std::string description{};
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  // [m/s²]
  std::vector<MaterialSpec> materials{};
  WorldSpec world{};
  std::vector<BodySpec> bodies{};  // a parent before its children
  std::vector<ConstraintSpec> constraints{};  // loop-closing joints
  std::vector<ClearanceSpec> clearances{};    // joints with clearance
  ContactsSpec contacts{};
  std::optional<double> duration{};  // [s] > 0, required
  IntegratorSpec integrator{};
  OutputSpec output{};
  ChecksSpec checks{};
};

}  // namespace contactlab
