// SPDX-License-Identifier: MIT
#include "engine/forward.h"

#include <cmath>

#include "contact/contact_force.h"
#include "contact/contact_kinematics.h"
#include "contact/narrowphase.h"
#include "engine/dynamics.h"
#include "engine/kinematics.h"

namespace contactlab {
namespace {

// Slider k's coordinate and its rate (k < 0: the world, at rest at 0).
double coordinate(const Model& model, int k, const double* q) {
  return k < 0 ? 0.0 : q[model.sliders.q_index[static_cast<std::size_t>(k)]];
}
double rate(const Model& model, int k, const double* v) {
  return k < 0 ? 0.0 : v[model.sliders.v_index[static_cast<std::size_t>(k)]];
}

// A shape on slider k (k < 0: on the world): its centre at q, from its place at q = 0 moved along the axis, and
// its velocity.
Vec3 moved(const Model& model, int k, const Vec3& at_zero, const double* q) {
  if (k < 0) return at_zero;
  return at_zero + model.sliders.axis[static_cast<std::size_t>(k)] * coordinate(model, k, q);
}
Vec3 velocity(const Model& model, int k, const double* v) {
  if (k < 0) return Vec3::Zero();
  return model.sliders.axis[static_cast<std::size_t>(k)] * rate(model, k, v);
}

// Spheres on one line: the signed separation along it, x = offset + s_b q_b − s_a q_a, gives all (s = 0 on the
// world).
double line_separation(const Model& model, const DirectPair& direct, const double* q) {
  return direct.line_offset + direct.sign_b * coordinate(model, direct.slider_b, q) -
         direct.sign_a * coordinate(model, direct.slider_a, q);
}

void line_geometry(const Model& model, const DirectPair& direct, const double* q, const double* v,
                   PairGeometry& out) {
  const double x = line_separation(model, direct, q);
  const double side = x < 0.0 ? -1.0 : 1.0;  // the normal from a to b is side·u
  out.normal = side * direct.line_direction;
  out.gap = std::abs(x) - direct.radius_a - direct.radius_b;
  out.point_a = moved(model, direct.slider_a, direct.centre_a, q) + direct.radius_a * out.normal;
  out.point_b = moved(model, direct.slider_b, direct.centre_b, q) - direct.radius_b * out.normal;
  out.normal_velocity =
      side * (direct.sign_a * rate(model, direct.slider_a, v) - direct.sign_b * rate(model, direct.slider_b, v));
}

// Spheres (and a halfspace) on sliders or the world: centres move along the sliders' axes, nothing rotates.
void direct_geometry(const Model& model, const DirectPair& direct, const double* q, const double* v,
                     PairGeometry& out) {
  if (direct.line) {
    line_geometry(model, direct, q, v, out);
    return;
  }
  const Vec3 centre_a = moved(model, direct.slider_a, direct.centre_a, q);
  const Vec3 centre_b = moved(model, direct.slider_b, direct.centre_b, q);
  if (direct.halfspace) {
    halfspace_sphere(direct.normal_a, centre_a, centre_b, direct.radius_b, out);
  } else {
    sphere_sphere(centre_a, direct.radius_a, centre_b, direct.radius_b, out);
  }
  out.normal_velocity = out.normal.dot(velocity(model, direct.slider_a, v) - velocity(model, direct.slider_b, v));
}

double direct_gap(const Model& model, const DirectPair& direct, const double* q) {
  if (direct.line) return std::abs(line_separation(model, direct, q)) - direct.radius_a - direct.radius_b;
  const Vec3 centre_a = moved(model, direct.slider_a, direct.centre_a, q);
  const Vec3 centre_b = moved(model, direct.slider_b, direct.centre_b, q);
  if (direct.halfspace) return direct.normal_a.dot(centre_b - centre_a) - direct.radius_b;
  return (centre_b - centre_a).norm() - direct.radius_a - direct.radius_b;
}

}  // namespace

void contact_gaps(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> pairs, Data& data) {
  for (int index : pairs) {
    const auto p = static_cast<std::size_t>(index);
    const DirectPair& direct = data.direct_pairs[p];
    if (direct.applies) {
      data.geometry[p].gap = direct_gap(model, direct, q.data());
    } else {
      const int single[] = {index};
      contact_geometry(model, q, v, single, data);
    }
  }
}

void contact_geometry(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> pairs, Data& data) {
  for (int index : pairs) {
    const auto p = static_cast<std::size_t>(index);
    const DirectPair& direct = data.direct_pairs[p];
    if (direct.applies) {
      direct_geometry(model, direct, q.data(), v.data(), data.geometry[p]);
      continue;
    }
    const ContactPairModel& pair = *data.pairs[p];
    pair_geometry(model.contact, pair, body_motion(model, data, q.data(), v.data(), pair.body_a),
                  body_motion(model, data, q.data(), v.data(), pair.body_b), data.fcl.get(), data.geometry[p]);
  }
}

void contact_forces(const Model& model, double time, std::span<const PairState> contacts, std::span<const int> active,
                    Data& data) {
  for (int body : model.tree_bodies) data.external_force[static_cast<std::size_t>(body)].setZero();
  for (int k : data.touched_sliders) {
    data.slider_force[k] = 0.0;
    data.slider_touched[static_cast<std::size_t>(k)] = 0;
  }
  data.touched_sliders.clear();
  auto touch = [&](int body) {
    const int k = body == 0 ? -1 : model.slider_of_body[static_cast<std::size_t>(body)];
    if (k < 0 || data.slider_touched[static_cast<std::size_t>(k)]) return;
    data.slider_touched[static_cast<std::size_t>(k)] = 1;
    data.touched_sliders.push_back(k);
  };
  const Sliders& sliders = model.sliders;
  for (int index : active) {
    const auto p = static_cast<std::size_t>(index);
    const PairState& state = contacts[p];
    const ContactPairModel& pair = *data.pairs[p];
    const PairGeometry& geometry = data.geometry[p];
    data.contact_input[p] = contact_input(pair, state, geometry, time);
    const ContactForce force = pair_force(pair, state, data.contact_input[p]);
    data.contact_force[p] = force;
    const Vec3 on_b = force.force * geometry.normal;
    touch(pair.body_a);
    touch(pair.body_b);
    const DirectPair& direct = data.direct_pairs[p];
    if (direct.applies) {
      if (direct.slider_a >= 0) data.slider_force[direct.slider_a] -= sliders.axis[static_cast<std::size_t>(direct.slider_a)].dot(on_b);
      if (direct.slider_b >= 0) data.slider_force[direct.slider_b] += sliders.axis[static_cast<std::size_t>(direct.slider_b)].dot(on_b);
      continue;
    }
    add_point_force(model, data, pair.body_a, geometry.point_a, -on_b, data.external_force, data.slider_force);
    add_point_force(model, data, pair.body_b, geometry.point_b, on_b, data.external_force, data.slider_force);
  }
}

void joint_forces(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  data.tau.setZero();
  for (int index : model.force_element_bodies) {
    const Joint& joint = model.bodies[static_cast<std::size_t>(index)].joint;
    data.tau[joint.v_index] = -joint.stiffness * (q[joint.q_index] - joint.rest_position) -
                              joint.damping * v[joint.v_index] + joint.effort(time);
  }
}

void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
              std::span<const int> active, Data& data, Eigen::Ref<Eigen::VectorXd> qdd) {
  tree_kinematics(model, q, v, data);
  contact_geometry(model, q, v, active, data);
  contact_forces(model, time, contacts, active, data);
  joint_forces(model, time, q, v, data);
  forward_dynamics(model, data, SliderForces::kGeneralizedOnly, qdd);
}

void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
              std::span<const int> active, Data& data) {
  evaluate(model, time, q, v, contacts, active, data, data.qdd);
}

void evaluate(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
              const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts, Data& data) {
  data.pair_list.clear();
  for (std::size_t p = 0; p < data.pairs.size(); ++p) {
    if (contacts[p].active) data.pair_list.push_back(static_cast<int>(p));
  }
  evaluate(model, time, q, v, contacts, data.pair_list, data);
}

void forward(const Model& model, const State& state, Data& data) {
  bind_pairs(model, state, data);
  forward_kinematics(model, state.q, state.v, data);
  data.pair_list.clear();
  for (std::size_t p = 0; p < data.pairs.size(); ++p) data.pair_list.push_back(static_cast<int>(p));
  contact_geometry(model, state.q, state.v, data.pair_list, data);
  data.pair_list.clear();
  for (std::size_t p = 0; p < data.pairs.size(); ++p) {
    if (state.contacts[p].active) {
      data.pair_list.push_back(static_cast<int>(p));
    } else {
      data.contact_input[p] = contact_input(*data.pairs[p], state.contacts[p], data.geometry[p], state.time);
      data.contact_force[p] = {};
    }
  }
  contact_forces(model, state.time, state.contacts, data.pair_list, data);
  joint_forces(model, state.time, state.q, state.v, data);
  forward_dynamics(model, data);
}

}  // namespace contactlab
