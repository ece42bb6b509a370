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
#include "models/registry.h"

namespace contactlab {

enum class MassRule : std::uint8_t {
  kMultibody,  // m_eff = 1/(J_n M⁻¹ J_nᵀ) at onset, from the engine
  kReduced,    // m_a m_b/(m_a + m_b) of the two bodies (a fixed body counts as infinitely heavy)
};

enum class TensionRule : std::uint8_t {
  kAllow,  // the law's force as it is, negative (attractive) values included
  kClamp,  // F := max(F, 0)
};

struct ContactPairModel {
  std::string name;  // "<shape a>/<shape b>"
  int shape_a = -1;
  int shape_b = -1;
  int body_a = -1;
  int body_b = -1;
  LawIndex law = -1;
  const LawInfo* law_info = nullptr;  // resolved from `law` at compile time (the registry is static)
  LawParameters parameters;
  double stiffness = 0.0;          // K [N/m^n]
  double exponent = 1.5;           // n
  double effective_radius = 0.0;   // R* [m]
  double effective_modulus = 0.0;  // E* [Pa]
  MassRule mass_rule = MassRule::kMultibody;
  double reduced_mass = 0.0;       // [kg], for MassRule::kReduced
  TensionRule tension = TensionRule::kAllow;
};

struct ContactModel {
  std::vector<Material> materials;
  std::vector<Shape> shapes;
  std::vector<ContactPairModel> pairs;
  // Impact velocities below this are raised to it for laws whose damping ∝ 1/δ̇⁻ (reported once) [m/s].
  double impact_velocity_floor = 1e-4;
};

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
  bool compressing = false;      // δ̇ > 0 phase since onset
  bool impact_velocity_floored = false;
  double onset_time = 0.0;       // [s]
  double impact_velocity = 0.0;  // δ̇⁻ captured at the onset event [m/s]
  double effective_mass = 0.0;   // [kg], frozen at onset
  double max_indentation = 0.0;  // during the current (or last) contact [m]
  double max_force = 0.0;        // [N]
  double min_force = 0.0;        // [N]; < 0 if tension occurred
  double work_at_onset = 0.0;    // absorbed work ledger at onset [J]
  double law_state[kMaxLawState] = {};
};

}  // namespace contactlab
