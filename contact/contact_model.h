// SPDX-License-Identifier: MIT
// The contact part of a compiled model (immutable), the per-contact state carried in State, and the
// per-evaluation geometry kept in the workspace.
//
// Conventions (docs/contact.md): the normal points from shape A to shape B; gap > 0 separated, gap < 0
// overlapping; indentation δ = −gap; normal velocity δ̇ = n·(v_PA − v_PB) > 0 while approaching;
// force F > 0 repulsive, applied as +F n on B at P_B and −F n on A at P_A.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "contact/shape.h"
#include "models/friction_law.h"
#include "models/registry.h"

namespace contactlab {

class LawParameterCache;  // contact/law_parameter_cache.h

enum class MassRule : std::uint8_t {
  kMultibody,  // m_eff = 1/(J_n M⁻¹ J_nᵀ) at onset, from the engine
  kReduced,    // m_a m_b/(m_a + m_b) of the two bodies (a fixed body counts as infinitely heavy)
};

enum class TensionRule : std::uint8_t {
  kAllow,    // the law's force as it is, negative (attractive) values included
  kClamp,    // F := max(F, 0)
  kRelease,  // the contact ends when F returns to 0 (as for laws that release on force)
};

// What the right-hand side reads of a pair at every evaluation of its contact comes first, in the first of its cache
// lines with the law's first parameters (contact_input, active_pair_force_value); the names and the compile-time
// provenance after.
struct ContactPairModel {
  const LawInfo* law_info = nullptr;  // resolved from `law` at compile time (the registry is static)
  // K [N/m^n]; for a law that does not read it (LawInfo::ignores), Hertz's from the materials or 0: the engine's scale
  // of the contact only, which the output does not report (nor n then)
  double stiffness = 0.0;
  double exponent = 1.5;           // n
  double effective_radius = 0.0;   // R* [m]
  double effective_modulus = 0.0;  // E* [Pa]
  TensionRule tension = TensionRule::kAllow;
  LawParameters parameters;
  LawIndex law = -1;
  int shape_a = -1;
  int shape_b = -1;
  int body_a = -1;
  int body_b = -1;
  std::string name;  // "<shape a>/<shape b>"
  bool stiffness_from_materials = false;  // K from Hertz theory (else given by the scene)
  // > 0: a law that needs a linear stiffness, whose k is the equivalent of the K, n given or from Hertz theory
  // (equivalent_linear_stiffness) in an impact of the reduced mass at this speed [m/s].
  double linear_stiffness_speed = 0.0;
  // R* given by the scene (PairSettings::effective_radius), not compiled from the shapes' curvature radii.
  bool effective_radius_given = false;
  // Whether R* enters the force: K from Hertz theory, a law that reads E* and R* (kNeedsMaterials), or a law
  // parameter the pair's curvature supplies. A touch whose surfaces have another R* (touch_effective_radius,
  // contact/narrowphase.h) then stops the run (docs/contact.md, "Effective radius").
  bool force_uses_radius = false;
  MassRule mass_rule = MassRule::kMultibody;
  double reduced_mass = 0.0;       // [kg], for MassRule::kReduced
  // Friction (docs/contact.md, "Friction"): a tangential law and its compiled parameters; null: frictionless.
  const FrictionLawInfo* friction_law = nullptr;
  LawParameters friction_parameters;
};

// The settings every pair the broadphase finds is made with (the scene's `contacts` block).
struct PairSettings {
  LawIndex law = -1;
  const LawInfo* law_info = nullptr;
  LawParameters parameters;
  bool hertz_stiffness = true;  // K = (4/3) E* √R* from the materials, exponent 1.5
  double stiffness = 0.0;       // K [N/m^n] when not hertz_stiffness
  double effective_radius = 0.0;  // R* [m] given for every pair; 0: each pair's from its shapes' curvature radii
  double exponent = 1.5;
  MassRule mass_rule = MassRule::kMultibody;
  TensionRule tension = TensionRule::kAllow;
  // The law's restitution parameter (restitution_parameter, models/registry.h) was not given: take it from the two
  // materials (mixed_restitution).
  bool restitution_from_materials = false;
  // Given parameters of a material role (contact/material_parameters.h) the scene left out, bit k for the law's
  // parameter k: taken per pair from its shapes and materials, or the pair is refused with the reason.
  std::uint32_t parameters_from_materials = 0;
  // For a law that needs a linear stiffness (LawInfo::requires_linear_stiffness) on a contact of Hertz stiffness or of
  // an exponent other than 1: the speed [m/s] of the impact whose maximum indentation its k matches
  // (equivalent_linear_stiffness, with the exponent); 0: refused.
  double linear_stiffness_speed = 0.0;
  const FrictionLawInfo* friction_law = nullptr;  // null: frictionless
  LawParameters friction_parameters;
  // The friction law's μ_s and μ_k parameters (ParameterRole kStaticFriction, kKineticFriction) were not given: take
  // them per pair from the two materials (mixed_friction).
  bool static_friction_from_materials = false;
  bool kinetic_friction_from_materials = false;
};

// What the pair filter and the reduced mass need to know about one body.
struct BodyContactInfo {
  int parent = -1;
  bool fixed_to_world = true;
  double mass = 0.0;  // [kg]; infinite when fixed to the world
};

struct ContactModel {
  std::vector<Material> materials;
  std::vector<Shape> shapes;
  // Pairs compiled with the model (all pairs of a small scene, or the scene's listed pairs). Pairs the
  // broadphase finds at run time follow them in the run's pair table (engine/data.h).
  std::vector<ContactPairModel> pairs;
  // Broadphase: when on, candidate pairs are found at run time among all shapes (FCL dynamic AABB tree over
  // shapes inflated by `margin`) and made with `settings`; the list is refreshed only when a shape has moved
  // more than half the margin since the last refresh.
  bool broadphase = false;
  double margin = 0.0;  // [m]
  PairSettings settings;
  std::vector<BodyContactInfo> bodies;  // index = body index
  // Impact velocities below this are raised to it for laws whose damping ∝ 1/δ̇⁻ (reported once) [m/s].
  double impact_velocity_floor = 1e-4;
  // When a contact comes to rest it becomes persistent (PairState::persistent; docs/contact.md): at a separation
  // whose bounce would rise less than rest_bounce_ratio of the contact's deepest indentation, or at a phase change
  // whose stroke (the indentation's change since the last one) is below rest_stroke_ratio of it.
  double rest_bounce_ratio = 1.0;
  double rest_stroke_ratio = 1e-3;
  // A contact point of a law without exact stiction sticks while its slip speed is below this (the impact records'
  // stick time; laws with exact stiction stick by PairState::sticking) [m/s].
  double stick_speed = 1e-3;
};

// The canonical key of a shape pair: a the simpler shape (type order), then the lower index.
struct PairKey {
  int shape_a = -1;
  int shape_b = -1;
  friend bool operator==(const PairKey&, const PairKey&) = default;
  friend auto operator<=>(const PairKey&, const PairKey&) = default;
};
PairKey pair_key(const ContactModel& model, int shape_a, int shape_b);

// Whether two shapes may touch: different bodies, not both fixed to the world, not a body and its parent
// (unless the parent is the world), collision groups and masks agree, and the narrowphase supports them.
bool shapes_may_collide(const ContactModel& model, int shape_a, int shape_b);

// How many contact points the pair contributes (contact_point_count of its shapes' types, contact/narrowphase.h).
int contact_points(const ContactModel& model, const ContactPairModel& pair);

// Compiles the pair (a, b) with `settings`: canonical order, name, effective radius and modulus, stiffness
// (Hertz from the materials, or given), reduced mass. Throws std::invalid_argument saying what is missing, including
// a shape index out of range, settings without a law, and a body ContactModel::bodies does not hold (finalize fills
// it; compile_scene, engine/compile_scene.h, does all of this). Law parameters that come from the materials are
// compiled through `cache` when one is given: pairs made in bulk then share each compilation.
ContactPairModel make_contact_pair(const ContactModel& model, int shape_a, int shape_b, const PairSettings& settings,
                                   LawParameterCache* cache = nullptr);

// Pose and velocity of one body, in world coordinates, as the contact layer reads them.
struct BodyMotion {
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();     // X_WB
  Eigen::Vector3d linear_velocity = Eigen::Vector3d::Zero();  // of the body frame origin [m/s]
  Eigen::Vector3d angular_velocity = Eigen::Vector3d::Zero(); // [rad/s]
};

// What the narrowphase and contact kinematics give for one pair at one instant.
struct PairGeometry {
  double gap = 0.0;                                  // signed distance [m]
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ(); // from A to B
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(); // on A's surface, world [m]
  Eigen::Vector3d point_b = Eigen::Vector3d::Zero(); // on B's surface, world [m]
  double normal_velocity = 0.0;                      // δ̇ [m/s]
};

// Persistent per-contact state (part of State, so copying State restarts a run exactly).
struct PairState {
  bool active = false;           // in contact since the last onset event
  // Resting (ContactModel::rest_bounce_ratio): its bounces have died down, so it stays active through
  // micro-bounces, its force clamped to zero while apart, with no events but a separation whose bounce is not small
  // (a lift-off) until the shapes really part (docs/contact.md, "Persistent contact").
  bool persistent = false;
  // Resting, the indentation beyond which the contact is loaded anew (ContactEvents::rest): its deepest when it came to
  // rest, and rest_stroke_ratio of that more [m].
  double rest_depth = 0.0;
  double phase_indentation = 0.0;  // δ at the last phase change (onset, δ̇ = 0) [m]
  bool compressing = false;      // δ̇ > 0 phase since onset
  bool impact_velocity_floored = false;
  // A new impact loads the contact while it is in contact (docs/contact.md, "A new impact through a contact"):
  // until its compression ends, impact_velocity is the largest closing speed it has reached (the law reads
  // max(impact_velocity, δ̇) meanwhile), and closing_rises says the closing speed still rose at the last accepted
  // step's end.
  bool new_impact = false;
  bool closing_rises = false;
  double onset_time = 0.0;       // [s]
  double impact_velocity = 0.0;  // δ̇⁻ captured at the onset event, or raised by a new impact [m/s]
  double effective_mass = 0.0;   // [kg], frozen at onset
  // The open impact record's maxima (ContactEvents): since the onset, or since a new impact through the contact
  // began, which opens a record of its own.
  double max_indentation = 0.0;  // during the current (or last) impact [m]
  double max_force = 0.0;        // [N]
  double min_force = 0.0;        // [N]; < 0 if tension occurred
  double compression_time = 0.0; // onset to the first maximum indentation [s]
  double indentation_at_max_force = 0.0;  // [m]
  double velocity_at_max_force = 0.0;     // [m/s]
  double work_at_onset = 0.0;    // absorbed work ledger at onset [J]
  // The contact's own deepest indentation [m] and largest force [N] since its onset, a new impact through it
  // included: what the rules of rest and release measure the contact by (a record's split must not change the run).
  double contact_max_indentation = 0.0;
  double contact_max_force = 0.0;
  // After a rigid impact the gap is 0 or a round-off below it; the onset root function is the gap minus this
  // (slightly negative) value, so it starts positive and the next approach is a clean + to − crossing. Never
  // positive: 0, or a residual indentation and a touch tolerance below zero.
  double gap_offset = 0.0;       // [m]
  // The elastic energy a release on force left behind with its residual overlap, booked as dissipated then [J]: a
  // re-engagement at that overlap gets it back (ContactEvents::start_contact). 0 once the offset is forgotten.
  double released_energy = 0.0;
  double law_state[kMaxLawState] = {};
  double onset_slip[3] = {};     // slip velocity at onset [m/s]: the impact record's tangential reference
  // The friction law's state (bristle deflections, in the contact plane), zero at each onset.
  double friction_state[kMaxLawState] = {};
  // Laws with exact stiction (Stiction::kExact): whether the engine holds the slip at zero, between stick and slip
  // events, and the unit direction of the slip when it began (the slip → stick event watches v_t along it).
  bool sticking = false;
  double slip_direction[3] = {};
  // The contact's tangential integrals since onset, for its impact record (pairs with a friction law; integrated
  // with the motion): the work friction dissipates −∫ f_t·v_t dt [J], the slip distance ∫ |v_t| dt [m], and the
  // time it sticks [s] (ContactModel::stick_speed).
  double friction_work = 0.0;
  double slip_distance = 0.0;
  double stick_time = 0.0;
};

}  // namespace contactlab
