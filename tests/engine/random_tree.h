// SPDX-License-Identifier: MIT
// Random kinematic trees for the engine tests: random parents, joints of every type with random
// axes and placements, random masses, centres of mass and SPD inertias. Deterministic for a given seed.
#pragma once

#include <random>
#include <string>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "engine/model.h"

namespace contactlab::test {

class RandomSource {
 public:
  explicit RandomSource(unsigned seed) : engine_(seed) {}

  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(engine_); }
  int integer(int low, int high) { return std::uniform_int_distribution<int>(low, high)(engine_); }

  Vec3 vector(double scale) { return Vec3(uniform(-scale, scale), uniform(-scale, scale), uniform(-scale, scale)); }

  Vec3 unit_vector() {
    Vec3 v;
    do v = vector(1.0);
    while (v.norm() < 0.1 || v.norm() > 1.0);  // rejection keeps the direction uniform and well scaled
    return v.normalized();
  }

  Mat3 rotation() {
    Eigen::Quaterniond q(uniform(-1.0, 1.0), uniform(-1.0, 1.0), uniform(-1.0, 1.0), uniform(-1.0, 1.0));
    if (q.norm() < 0.1) q = Eigen::Quaterniond::Identity();
    return q.normalized().toRotationMatrix();
  }

  Pose pose(double translation_scale) {
    Pose X = Pose::Identity();
    X.linear() = rotation();
    X.translation() = vector(translation_scale);
    return X;
  }

  // Symmetric positive definite: A Aᵀ is positive semidefinite, the added multiple of 1 makes it definite.
  Mat3 spd_inertia() {
    Mat3 A;
    for (int i = 0; i < 3; ++i) A.col(i) = vector(0.5);
    return A * A.transpose() + 0.05 * Mat3::Identity();
  }

  Eigen::VectorXd vector_n(Eigen::Index n, double scale) {
    Eigen::VectorXd v(n);
    for (Eigen::Index i = 0; i < n; ++i) v[i] = uniform(-scale, scale);
    return v;
  }

  Vec6 spatial(double scale) {
    Vec6 v;
    for (int i = 0; i < 6; ++i) v[i] = uniform(-scale, scale);
    return v;
  }

 private:
  std::mt19937 engine_;
};

// A finalized tree of `body_count` ≥ 1 bodies (plus the world) under a random gravity.
inline Model make_random_tree(RandomSource& random, int body_count) {
  Model model = make_model();
  model.gravity = random.vector(10.0);
  for (int i = 1; i <= body_count; ++i) {
    Body body;
    body.name = "body" + std::to_string(i);
    body.parent = random.integer(0, i - 1);
    // Every joint type; the first body always moves so that nv ≥ 1.
    static constexpr JointType kTypes[] = {JointType::kRevolute, JointType::kRevolute, JointType::kRevolute,
                                           JointType::kPrismatic, JointType::kPrismatic, JointType::kPlanar,
                                           JointType::kSpherical, JointType::kFree, JointType::kFixed};
    body.joint.type = kTypes[i == 1 ? random.integer(0, 7) : random.integer(0, 8)];
    body.joint.axis = random.unit_vector();
    body.joint.placement = random.pose(1.0);
    body.mass = random.uniform(0.5, 2.0);
    body.com = random.vector(0.5);
    body.inertia = random.spd_inertia();
    add_body(model, body);
  }
  finalize(model);
  return model;
}

// A random configuration: every coordinate uniform in [−π, π], quaternions then made unit.
inline Eigen::VectorXd random_configuration(RandomSource& random, const Model& model) {
  Eigen::VectorXd q = random.vector_n(model.nq, 3.141592653589793);
  normalize_configuration(model, q);
  return q;
}

}  // namespace contactlab::test
