// SPDX-License-Identifier: MIT
// What each joint type is, in one table (engine/joint_traits.cc, one row per JointType, each row in its type's own
// file engine/joint_<type>.cc): its name in a scene, its coordinates and velocities and their units, its motion
// subspace S, X(q), q̇ = N(q) v, its neutral configuration and quaternion, and the initial values a scene may give.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/model.h"

namespace contactlab {

inline constexpr int kMaxJointCoordinates = 7;  // a free joint's nq
inline constexpr int kMaxJointVelocities = 6;   // a free joint's nv

// Initial values besides raw q and v, in the joint frame, as a scene's `initial:` gives them (scenes/ reads them).
struct JointInitialValues {
  std::optional<Vec3> position;                   // of the body origin [m]
  std::optional<double> angle;                    // about the joint frame's z [rad]
  std::optional<Eigen::Quaterniond> orientation;  // of the body
  std::optional<Vec3> linear_velocity;            // of the body origin [m/s]
  std::optional<Vec3> angular_velocity;           // [rad/s]
};

// The initial values a joint type takes, and how many numbers each is written with: 0 (false) when it takes none;
// an angular velocity of one number is the rate about the joint frame's z.
struct JointInitialKeys {
  int position = 0;
  bool angle = false;
  bool orientation = false;  // {axis, angle}
  int linear_velocity = 0;
  int angular_velocity = 0;
};

// Why a joint's initial values cannot be used: the key to blame, and the problem.
struct JointInitialProblem {
  const char* key = nullptr;
  std::string message;
};

struct JointTraits {
  const char* name = nullptr;  // the scene's `type:`, and joint_type_name
  int nq = 0;
  int nv = 0;
  std::array<const char*, kMaxJointCoordinates> coordinate_units{};  // of q's entries ("1": quaternion components)
  std::array<const char*, kMaxJointVelocities> velocity_units{};     // of v's entries
  std::array<double, kMaxJointCoordinates> neutral{};               // q with the joint at zero
  int quaternion = -1;  // where a unit quaternion (w, x, y, z) starts in q, kept at unit norm; −1: none
  bool axis = false;    // moves along or about Joint::axis, which finalize normalises
  MotionSubspace (*subspace)(const Joint&) = nullptr;          // S (6 × nv), body frame: constant
  Pose (*transform)(const Joint&, const double* q) = nullptr;  // X_JB(q), quaternions normalised
  void (*configuration_rate)(const double* q, const double* v, double* qdot) = nullptr;  // N(q) v; nullptr: q̇ = v
  JointInitialKeys initial_keys;
  // Writes the joint's q and v from the initial values given (those initial_keys allows); nullptr: it takes none.
  std::optional<JointInitialProblem> (*set_initial)(const JointInitialValues& given, double* q, double* v) = nullptr;
};

// One row per JointType, in its order (engine/joint_traits.cc).
extern const std::array<const JointTraits*, kJointTypeCount> kJointTraits;

inline const JointTraits& joint_traits(JointType type) { return *kJointTraits[static_cast<std::size_t>(type)]; }

// The type a scene names, if any.
std::optional<JointType> find_joint_type(std::string_view name);

// Every type's name, in JointType's order.
std::vector<std::string_view> joint_type_names();

// A joint with one coordinate whose rate is its velocity (revolute, prismatic) takes a spring, a damper and an
// effort on it.
inline bool takes_force_elements(const JointTraits& joint) {
  return joint.nq == 1 && joint.nv == 1 && joint.configuration_rate == nullptr;
}

// The names of the joint types for which `has` holds, as a message lists them: "revolute or prismatic" (`last`
// "or"), "planar, spherical and free" (`last` "and").
std::string joint_type_list(bool (*has)(const JointTraits&), std::string_view last);

}  // namespace contactlab
