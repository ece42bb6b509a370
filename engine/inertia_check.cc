// SPDX-License-Identifier: MIT
#include "engine/inertia_check.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include <Eigen/Eigenvalues>

#include "engine/joint_traits.h"
#include "models/assert.h"

namespace contactlab {
namespace {

// Relative slack for moments computed in floating point (a thin rod's Izz = Ixx + Iyy exactly in theory).
constexpr double kRoundoff = 1e-9;

std::string moments_text(const Vec3& m) {
  std::ostringstream out;
  out << "[" << m.x() << ", " << m.y() << ", " << m.z() << "] kg·m²";
  return out.str();
}

// Mass, centre of mass and inertia about it, in one frame.
struct MassProperties {
  double mass = 0.0;
  Vec3 com = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();
};

// `a` with `b` added (both in the same frame).
MassProperties combine(const MassProperties& a, const MassProperties& b) {
  MassProperties sum;
  sum.mass = a.mass + b.mass;
  if (!(sum.mass > 0.0)) {
    sum.inertia = a.inertia + b.inertia;
    return sum;
  }
  sum.com = (a.mass * a.com + b.mass * b.com) / sum.mass;
  for (const MassProperties* part : {&a, &b}) {
    const Vec3 d = part->com - sum.com;
    sum.inertia += part->inertia + part->mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  }
  return sum;
}

// Every body with the bodies welded to it through fixed joints, each in its own frame (children follow their
// parent in the list, so one pass from the end gathers them): O(bodies).
std::vector<MassProperties> welded_mass_properties(const Model& model) {
  std::vector<MassProperties> gathered(model.bodies.size());
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    gathered[b] = {model.bodies[b].mass, model.bodies[b].com, model.bodies[b].inertia};
  }
  for (std::size_t b = model.bodies.size(); b-- > 1;) {
    const Body& body = model.bodies[b];
    if (body.joint.type != JointType::kFixed || body.parent < 0) continue;
    const Mat3 R = body.joint.placement.linear();
    const MassProperties in_parent{gathered[b].mass, body.joint.placement * gathered[b].com,
                                   R * gathered[b].inertia * R.transpose()};
    gathered[static_cast<std::size_t>(body.parent)] = combine(gathered[static_cast<std::size_t>(body.parent)], in_parent);
  }
  return gathered;
}

// Rotational inertia about the body origin.
Mat3 about_origin(const MassProperties& p) {
  return p.inertia + p.mass * (p.com.squaredNorm() * Mat3::Identity() - p.com * p.com.transpose());
}

}  // namespace

std::string principal_moments_problem(const Vec3& m) {
  if (!(m.minCoeff() >= 0.0)) return "expected non-negative principal moments, found " + moments_text(m);
  const double slack = kRoundoff * m.sum();
  for (int k = 0; k < 3; ++k) {
    if (m[k] > m[(k + 1) % 3] + m[(k + 2) % 3] + slack) {
      return "principal moments " + moments_text(m) +
             " break the triangle inequality (each must be at most the sum of the other two): no body has them";
    }
  }
  return {};
}

namespace {

// The axes a joint turns its body about are the angular parts of its motion subspace's columns: one (revolute,
// planar) or all three (spherical, free). It turns the body about its centre of mass when it also moves it in every
// direction (free), else about its origin.
std::string rotational_inertia_problem(const Body& body, const MassProperties& p) {
  const JointTraits& joint = joint_traits(body.joint.type);
  const MotionSubspace S = joint.subspace(body.joint);
  std::vector<Vec3> axes;
  int translations = 0;
  for (Eigen::Index k = 0; k < S.cols(); ++k) {
    if (!S.col(k).head<3>().isZero(0.0)) axes.push_back(S.col(k).head<3>().normalized());
    if (!S.col(k).tail<3>().isZero(0.0)) ++translations;
  }
  if (axes.empty()) return {};
  const Mat3 inertia = translations == 3 ? p.inertia : about_origin(p);
  if (axes.size() == 1) {
    if (axes[0].dot(inertia * axes[0]) > 0.0) return {};
    return "the " + std::string(joint.name) +
           " joint turns the body, but its moment of inertia about the joint's axis is 0; give inertia [kg·m²] or "
           "a centre of mass off the axis";
  }
  CONTACTLAB_ASSERT(axes.size() == 3, "inertia_check: a joint turns its body about one axis or about every axis");
  const Vec3 moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues();
  if (moments.minCoeff() > kRoundoff * moments.maxCoeff()) return {};
  return "the " + std::string(joint.name) + " joint turns the body about every axis, but its principal moments are " +
         moments_text(moments) + ": every one must be positive";
}

}  // namespace

std::vector<std::string> rotational_inertia_problems(const Model& model) {
  const std::vector<MassProperties> welded = welded_mass_properties(model);
  std::vector<std::string> problems(model.bodies.size());
  for (std::size_t b = 1; b < model.bodies.size(); ++b) problems[b] = rotational_inertia_problem(model.bodies[b], welded[b]);
  return problems;
}

}  // namespace contactlab
