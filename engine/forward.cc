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

// Spheres on one line (Data::line_pairs): the signed separation along the line's direction u, with no square root.
double line_separation(const LinePairs& lines, std::size_t p, const double* q) {
  return lines.offset[p] + lines.sign_b[p] * q[lines.q_b[p]] - lines.sign_a[p] * q[lines.q_a[p]];
}

double line_gap(const LinePairs& lines, std::size_t p, const double* q) {
  return std::abs(line_separation(lines, p, q)) - lines.reach[p];
}

// Scalars along u throughout: a shape's centre is its place at q = 0 plus u·sign·q, the normal side·u.
void line_geometry(const DirectPair& direct, LinePairs& lines, std::size_t p, const double* q, const double* v,
                   ContactVectors vectors, PairGeometry& out) {
  const double x = line_separation(lines, p, q);
  const double side = x < 0.0 ? -1.0 : 1.0;
  const Vec3& u = lines.direction[p];
  lines.side[p] = side;
  out.gap = std::abs(x) - lines.reach[p];  // line_gap(), from the x needed for the side as well
  if (vectors == ContactVectors::kAll) {
    out.normal = side * u;
    out.point_a = direct.centre_a + (lines.sign_a[p] * q[lines.q_a[p]] + side * direct.radius_a) * u;
    out.point_b = direct.centre_b + (lines.sign_b[p] * q[lines.q_b[p]] - side * direct.radius_b) * u;
  }
  out.normal_velocity = side * (lines.sign_a[p] * v[lines.v_a[p]] - lines.sign_b[p] * v[lines.v_b[p]]);
}

// Spheres (and a halfspace) on sliders or the world: centres move along the sliders' axes, nothing rotates.
void direct_geometry(const Model& model, const DirectPair& direct, const double* q, const double* v,
                     PairGeometry& out) {
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
  const Vec3 centre_a = moved(model, direct.slider_a, direct.centre_a, q);
  const Vec3 centre_b = moved(model, direct.slider_b, direct.centre_b, q);
  if (direct.halfspace) return direct.normal_a.dot(centre_b - centre_a) - direct.radius_b;
  return (centre_b - centre_a).norm() - direct.radius_a - direct.radius_b;
}

}  // namespace

void contact_gaps(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> pairs, Data& data, double* gaps) {
  const LinePairs& lines = data.line_pairs;
  const double* coordinates = q.data();
  const std::size_t table = lines.line.size();
  // Most pairs asked for (every inactive pair at a step's end): one sweep over the whole line table, without
  // branches or the list's indirection; the entries of the others are zero reach and offset there, and left to
  // the caller.
  const bool sweep = lines.count > 0 && 2 * pairs.size() >= table;
  if (sweep) {
    for (std::size_t p = 0; p < table; ++p) gaps[p] = line_gap(lines, p, coordinates);
  }
  for (int index : pairs) {
    const auto p = static_cast<std::size_t>(index);
    if (lines.line[p]) {
      if (!sweep) gaps[p] = line_gap(lines, p, coordinates);
    } else if (data.direct_pairs[p].applies) {
      gaps[p] = direct_gap(model, data.direct_pairs[p], coordinates);
    } else {
      BodyMotion slider_a, slider_b;
      const ContactPairModel& pair = *data.pairs[p];
      gaps[p] = pair_gap(model.contact, pair, body_motion(model, data, q.data(), v.data(), pair.body_a, slider_a),
                         body_motion(model, data, q.data(), v.data(), pair.body_b, slider_b), data.fcl.get(),
                         data.geometry[p]);
    }
  }
}

void contact_geometry(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> pairs, Data& data,
                      ContactVectors vectors) {
  for (int index : pairs) {
    const auto p = static_cast<std::size_t>(index);
    const DirectPair& direct = data.direct_pairs[p];
    if (data.line_pairs.line[p]) {
      line_geometry(direct, data.line_pairs, p, q.data(), v.data(), vectors, data.geometry[p]);
      continue;
    }
    if (direct.applies) {
      direct_geometry(model, direct, q.data(), v.data(), data.geometry[p]);
      continue;
    }
    const ContactPairModel& pair = *data.pairs[p];
    BodyMotion slider_a, slider_b;  // the motion of a body on a slider (a tree body's is read in place)
    pair_geometry(model.contact, pair, body_motion(model, data, q.data(), v.data(), pair.body_a, slider_a),
                  body_motion(model, data, q.data(), v.data(), pair.body_b, slider_b), data.fcl.get(), data.geometry[p]);
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
  auto touch = [&](int k) {
    if (k < 0 || data.slider_touched[static_cast<std::size_t>(k)]) return;
    data.slider_touched[static_cast<std::size_t>(k)] = 1;
    data.touched_sliders.push_back(k);
  };
  auto slider_of = [&](int body) { return body == 0 ? -1 : model.slider_of_body[static_cast<std::size_t>(body)]; };
  const Sliders& sliders = model.sliders;
  const LinePairs& lines = data.line_pairs;
  for (int index : active) {
    const auto p = static_cast<std::size_t>(index);
    const PairState& state = contacts[p];
    const ContactPairModel& pair = *data.pairs[p];
    const PairGeometry& geometry = data.geometry[p];
    data.contact_input[p] = contact_input(pair, state, geometry, time);
    const ContactForce force = pair_force(pair, state, data.contact_input[p]);
    data.contact_force[p] = force;
    const DirectPair& direct = data.direct_pairs[p];
    if (lines.line[p]) {
      // The force on b along u is F·side; a slider's axis is sign·u.
      const double along = force.force * lines.side[p];
      touch(direct.slider_a);
      touch(direct.slider_b);
      if (direct.slider_a >= 0) data.slider_force[direct.slider_a] -= along * lines.sign_a[p];
      if (direct.slider_b >= 0) data.slider_force[direct.slider_b] += along * lines.sign_b[p];
      continue;
    }
    const Vec3 on_b = force.force * geometry.normal;
    if (direct.applies) {
      touch(direct.slider_a);
      touch(direct.slider_b);
      if (direct.slider_a >= 0) data.slider_force[direct.slider_a] -= sliders.axis[static_cast<std::size_t>(direct.slider_a)].dot(on_b);
      if (direct.slider_b >= 0) data.slider_force[direct.slider_b] += sliders.axis[static_cast<std::size_t>(direct.slider_b)].dot(on_b);
      continue;
    }
    touch(slider_of(pair.body_a));
    touch(slider_of(pair.body_b));
    add_point_force(model, data, pair.body_a, geometry.point_a, -on_b, data.external_force, data.slider_force);
    add_point_force(model, data, pair.body_b, geometry.point_b, on_b, data.external_force, data.slider_force);
  }
}

void joint_forces(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, Data& data) {
  // Only the force elements' entries are written: the others stay as they are, zero, without a pass over every
  // coordinate at every evaluation.
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
  contact_geometry(model, q, v, active, data, ContactVectors::kSkipOnLine);
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
  data.tau.setZero();
  joint_forces(model, state.time, state.q, state.v, data);
  forward_dynamics(model, data);
}

}  // namespace contactlab
