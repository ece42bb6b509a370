// SPDX-License-Identifier: MIT
// The immutable model: bodies in a kinematic tree, their joints, and the contact model. Built once, from a
// scene (scenes/) or in code (add_body + finalize), then only read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contact/contact_model.h"
#include "engine/drive.h"
#include "engine/loop_constraint.h"
#include "engine/spatial.h"
#include "engine/time_expression.h"

namespace contactlab {

enum class JointType : std::uint8_t {
  kFixed,      // welded to the parent; no coordinates
  kRevolute,   // q = angle [rad] about `axis`; v = q̇
  kPrismatic,  // q = displacement [m] along `axis`; v = q̇
  kPlanar,     // q = (x, y, θ) in the joint frame's xy plane, θ about its z; v = (v_x, v_y, ω) with v_x, v_y
               // the velocity of the body origin in the body frame (so the motion subspace is constant)
  kSpherical,  // q = unit quaternion (w, x, y, z) of the body in the joint frame; v = ω in the body frame
  kFree,       // q = (x, y, z, w, qx, qy, qz): position in the joint frame, then the quaternion;
               // v = (ω, v): angular velocity and velocity of the body origin, both in the body frame
};
inline constexpr int kJointTypeCount = 6;

// A generalized force of time on a one-coordinate joint (a motor torque or force): constant, a sine, a
// piecewise-linear table (held constant outside it), or an expression in t (NaN where it fails; Drive::failure).
struct TimeFunction {
  enum class Kind : std::uint8_t { kConstant, kSine, kTable, kExpression };
  Kind kind = Kind::kConstant;
  double value = 0.0;      // constant; offset of the sine
  double amplitude = 0.0;  // sine
  double frequency = 0.0;  // sine [Hz]
  double phase = 0.0;      // sine [rad]
  std::vector<double> times;   // table, increasing [s]
  std::vector<double> values;  // table
  TimeExpression expression;   // expression
  double operator()(double time) const;
  bool is_zero() const { return kind == Kind::kConstant && value == 0.0; }
};

// What each type is — its name, sizes, S, X(q), N(q), units, initial values — is its row of the joint table
// (engine/joint_traits.h).

// The name a scene gives the type (`type: revolute`).
const char* joint_type_name(JointType type);

// A joint's motion subspace: 6 × nv, at most 6 columns.
using MotionSubspace = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;

struct Joint {
  JointType type = JointType::kFixed;
  Pose placement = Pose::Identity();  // X_PJ: joint frame in the parent body's frame
  Vec3 axis = Vec3::UnitZ();          // unit vector in the joint frame
  int q_index = 0;                    // first generalized coordinate (set by finalize)
  int v_index = 0;                    // first generalized velocity (set by finalize)
  int nq = 0;
  int nv = 0;
  // Force elements of one-coordinate joints: τ = −stiffness (q − rest_position) − damping q̇ + effort(t).
  double stiffness = 0.0;      // [N·m/rad] or [N/m]
  double damping = 0.0;        // [N·m·s/rad] or [N·s/m]
  double rest_position = 0.0;  // [rad] or [m]
  TimeFunction effort;         // [N·m] or [N]
  // A driven joint follows its drive: its q̈ is the drive's and the dynamics computes the force that needs
  // (revolute and prismatic joints, without force elements).
  Drive drive;
  // Set by finalize, for the recursive algorithms:
  MotionSubspace subspace;  // S, the motion subspace (motion_subspace)
  Vec3 placement_axis = Vec3::Zero();  // the axis in the parent frame (placement rotation × axis)
  // Revolute: P K and P K² with P the placement's rotation and K = [axis]×, so that the rotation in the parent frame
  // is P + sin q · PK + (1 − cos q) · PK² (Rodrigues), without a matrix product per evaluation.
  Mat3 placement_skew = Mat3::Zero();
  Mat3 placement_skew_squared = Mat3::Zero();
  bool has_force_element() const { return stiffness != 0.0 || damping != 0.0 || !effort.is_zero(); }
};

// A rigid body. Its frame coincides with its joint frame when the joint coordinates are zero.
struct Body {
  std::string name;
  int parent = -1;                  // index of the parent body; 0 is the world
  Joint joint;
  double mass = 0.0;                // [kg]
  Vec3 com = Vec3::Zero();          // centre of mass in the body frame [m]
  Mat3 inertia = Mat3::Zero();      // rotational inertia about the centre of mass, body axes [kg·m²]
  Mat6 spatial_inertia = Mat6::Zero();  // about the body origin (set by finalize)
  // Set by finalize: the tree's shape, and for one-coordinate joints U = I s and 1/(sᵀ I s), which are the
  // articulated-body algorithm's own for a body without children.
  int children = 0;
  Vec6 inertia_subspace = Vec6::Zero();
  double subspace_inertia_inverse = 0.0;
};

// Bodies on a prismatic joint to the world, with no children and no drive: sliders. Their orientation never changes and their
// contact Jacobian is their axis, so the right-hand side moves them in their one coordinate: no spatial algebra,
// no per-body kinematics (a granular chain is thousands of these, a drop test one). Stored as arrays, one entry
// per slider, so that the right-hand side streams through only what it reads.
struct Sliders {
  std::vector<int> body;
  std::vector<int> q_index;
  std::vector<int> v_index;
  // The masses, per generalized velocity: a slider's at its velocity, 0 at the others [kg], so that the kinetic
  // energy ½ Σ m q̇² is one vectorised reduction over q̇ (in a granular chain it runs over every bead every step).
  Eigen::VectorXd velocity_mass;
  Eigen::VectorXd velocity_inverse_mass;  // the same with 1/m [1/kg], for q̈ = a·g + f/m in one pass
  std::vector<Vec3> origin;          // world position of the body frame at q = 0 [m]
  std::vector<Vec3> axis;            // world direction of the motion (unit)
  std::vector<Mat3> orientation;     // the body frame's world orientation, which never changes
  std::vector<Vec3> local_axis;      // the motion's direction in the body frame (the joint's axis)
  std::vector<Vec3> centre_of_mass;  // world position of the centre of mass at q = 0 [m]
  std::size_t size() const { return body.size(); }
};

// How closed loops are held (engine/loop_closure.h).
struct LoopSettings {
  double tolerance = 1e-9;           // the drift bound: |φ| [m or rad]; projected back at accepted steps beyond it
  double baumgarte_frequency = 0.0;  // ω of the Baumgarte term −2ω φ̇ − ω² φ [1/s]; 0: projection alone
};

struct Model {
  std::vector<Body> bodies;  // bodies[0] is the world; a parent always precedes its children
  int nq = 0;
  int nv = 0;
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  // [m/s²]
  ContactModel contact;
  std::vector<LoopConstraint> loops;  // joints that close kinematic loops (engine/loop_closure.h)
  LoopSettings loop_settings;
  // Set by finalize: how the algorithms split the bodies.
  Sliders sliders;
  std::vector<int> slider_of_body;         // index into sliders, or −1 (one per body)
  std::vector<int> tree_bodies;            // the other bodies (not the world), parents first
  // Of the tree bodies, those with one coordinate on the world and no children (pendulums), not driven: their
  // articulated inertia is their own, so the dynamics takes them in closed form; the rest, parents first.
  std::vector<int> world_leaves;
  std::vector<int> articulated_bodies;
  std::vector<int> force_element_bodies;   // bodies whose joint has a spring, damper or effort
  std::vector<int> driven_bodies;          // bodies whose joint is driven (articulated bodies, never sliders)
  bool rate_is_velocity = true;            // q̇ = v (no planar, spherical or free joints)
};

// A model holding only the world body.
Model make_model();

// Appends a body and returns its index.
int add_body(Model& model, Body body);

// Numbers the coordinates, computes spatial inertias and checks the tree; throws std::invalid_argument
// naming the offending body.
void finalize(Model& model);

// Motion subspace S (6 × nv) of a body's joint, in the body frame (constant for every joint type).
MotionSubspace motion_subspace(const Joint& joint);

// X_JB(q): the body frame relative to its joint frame. Quaternions are normalised here, so a small drift
// of their norm during integration does not reach the kinematics.
Pose joint_transform(const Joint& joint, const double* q);

// q̇ = N(q) v for the whole model (quaternion rates ½ q ⊗ (0, ω); planar and free positions from body-frame
// velocities).
void configuration_derivative(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                              const Eigen::Ref<const Eigen::VectorXd>& v, Eigen::Ref<Eigen::VectorXd> qdot);

// Rescales every quaternion of q to unit norm.
void normalize_configuration(const Model& model, Eigen::Ref<Eigen::VectorXd> q);

// The configuration with every joint at zero (identity quaternions).
Eigen::VectorXd neutral_configuration(const Model& model);

// True when the body cannot move relative to the world (only fixed joints between it and the world).
bool is_fixed_to_world(const Model& model, int body);

}  // namespace contactlab
