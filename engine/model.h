// SPDX-License-Identifier: MIT
// The immutable model: bodies in a kinematic tree, their joints, and the contact model. Built once, from a
// scene (scenes/) or in code (add_body + finalize), then only read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contact/contact_model.h"
#include "engine/spatial.h"

namespace contactlab {

enum class JointType : std::uint8_t {
  kFixed,      // welded to the parent
  kRevolute,   // rotation q [rad] about `axis`
  kPrismatic,  // translation q [m] along `axis`
};

const char* joint_type_name(JointType type);

struct Joint {
  JointType type = JointType::kFixed;
  Pose placement = Pose::Identity();  // X_PJ: joint frame in the parent body's frame
  Vec3 axis = Vec3::UnitZ();          // unit vector in the joint frame
  int q_index = 0;                    // first generalized coordinate (set by finalize)
  int v_index = 0;                    // first generalized velocity (set by finalize)
  int nq = 0;
  int nv = 0;
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
};

struct Model {
  std::vector<Body> bodies;  // bodies[0] is the world; a parent always precedes its children
  int nq = 0;
  int nv = 0;
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  // [m/s²]
  ContactModel contact;
};

// A model holding only the world body.
Model make_model();

// Appends a body and returns its index.
int add_body(Model& model, Body body);

// Numbers the coordinates, computes spatial inertias and checks the tree; throws std::invalid_argument
// naming the offending body.
void finalize(Model& model);

// Motion subspace S (6 × nv) of a body's joint, in the body frame (constant for these joint types).
Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> motion_subspace(const Joint& joint);

// X_JB(q): the body frame relative to its joint frame.
Pose joint_transform(const Joint& joint, const double* q);

// True when the body cannot move relative to the world (only fixed joints between it and the world).
bool is_fixed_to_world(const Model& model, int body);

}  // namespace contactlab
