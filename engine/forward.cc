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

// Scalars along u throughout: the gap and the normal velocity from x, whose sign (the side) makes the normal side·u.
inline void line_scalars(LinePairs& lines, std::size_t p, const double* q, const double* v, PairGeometry& out) {
  const double x = line_separation(lines, p, q);
  const double side = x < 0.0 ? -1.0 : 1.0;
  lines.side[p] = side;
  out.gap = std::abs(x) - lines.reach[p];  // line_gap(), from the x needed for the side as well
  out.normal_velocity = side * (lines.sign_a[p] * v[lines.v_a[p]] - lines.sign_b[p] * v[lines.v_b[p]]);
}

// A shape's centre is its place at q = 0 plus u·sign·q.
void line_geometry(const DirectPair& direct, LinePairs& lines, std::size_t p, const double* q, const double* v,
                   ContactVectors vectors, PairGeometry& out) {
  line_scalars(lines, p, q, v, out);
  if (vectors == ContactVectors::kSkipOnLine) return;
  const Vec3& u = lines.direction[p];
  const double side = lines.side[p];
  out.normal = side * u;
  out.point_a = direct.centre_a + (lines.sign_a[p] * q[lines.q_a[p]] + side * direct.radius_a) * u;
  out.point_b = direct.centre_b + (lines.sign_b[p] * q[lines.q_b[p]] - side * direct.radius_b) * u;
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

// One pair's geometry into data.geometry[p].
inline void geometry_of(const Model& model, const double* q, const double* v, std::size_t p, Data& data,
                        ContactVectors vectors) {
  const DirectPair& direct = data.direct_pairs[p];
  if (data.line_pairs.line[p]) {
    line_geometry(direct, data.line_pairs, p, q, v, vectors, data.geometry[p]);
    return;
  }
  if (direct.applies) {
    direct_geometry(model, direct, q, v, data.geometry[p]);
    return;
  }
  const ContactPairModel& pair = *data.pairs[p];
  BodyMotion slider_a, slider_b;  // the motion of a body on a slider (a tree body's is read in place)
  pair_geometry(model.contact, pair, data.point[p], body_motion(model, data, q, v, pair.body_a, slider_a),
                body_motion(model, data, q, v, pair.body_b, slider_b), data.fcl.get(), data.geometry[p]);
}

// The loads of the last evaluation gone: the tree bodies' spatial forces and the sliders' forces.
void clear_contact_loads(const Model& model, Data& data) {
  for (int body : model.tree_bodies) data.external_force[static_cast<std::size_t>(body)].setZero();
  if (model.sliders.size() > 0) data.slider_force.setZero();
}

// A line pair's force F on its sliders: on b along u it is F·side, and a slider's axis is sign·u.
inline void load_line_sliders(double force, std::size_t p, Data& data) {
  const LinePairs& lines = data.line_pairs;
  const double along = force * lines.side[p];
  if (lines.slider_a[p] >= 0) data.slider_force[lines.v_a[p]] -= along * lines.sign_a[p];
  if (lines.slider_b[p] >= 0) data.slider_force[lines.v_b[p]] += along * lines.sign_b[p];
}

// Active pair p's law force from data.geometry[p], into data.contact_input[p] and data.contact_force[p]: assigned in
// place, not through a copy on the stack, which would be read back whole after being written in parts.
inline const ContactForce& law_force(double time, const PairState& state, std::size_t p, Data& data) {
  const ContactPairModel& pair = *data.pairs[p];
  data.contact_input[p] = contact_input(pair, state, data.geometry[p], time);
  ContactForce& force = data.contact_force[p];
  force = pair_force(pair, state, data.contact_input[p]);
  return force;
}

// Active line pair p in one pass, for chains: line_geometry() without the vectors, the law, the sliders' loads.
inline void load_line_pair(double time, const PairState& state, std::size_t p, const double* q, const double* v,
                           Data& data) {
  line_scalars(data.line_pairs, p, q, v, data.geometry[p]);
  load_line_sliders(law_force(time, state, p, data).force, p, data);
}

// Active pair p's law force mapped onto its bodies.
inline void load_pair(const Model& model, double time, const PairState& state, std::size_t p, Data& data) {
  const ContactForce& force = law_force(time, state, p, data);
  const ContactPairModel& pair = *data.pairs[p];
  const PairGeometry& geometry = data.geometry[p];
  const DirectPair& direct = data.direct_pairs[p];
  if (data.line_pairs.line[p]) {
    load_line_sliders(force.force, p, data);
    return;
  }
  const Vec3 on_b = force.force * geometry.normal;
  if (direct.applies) {
    // Along the axis at the slider's velocity (Data::slider_force).
    auto load = [&](int slider, double sign) {
      if (slider < 0) return;
      const auto k = static_cast<std::size_t>(slider);
      data.slider_force[model.sliders.v_index[k]] += sign * model.sliders.axis[k].dot(on_b);
    };
    load(direct.slider_a, -1.0);
    load(direct.slider_b, 1.0);
    return;
  }
  add_point_force(model, data, pair.body_a, geometry.point_a, -on_b, data.external_force, data.slider_force);
  add_point_force(model, data, pair.body_b, geometry.point_b, on_b, data.external_force, data.slider_force);
}

}  // namespace

void contact_gaps(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> pairs, Data& data, double* gaps) {
  const LinePairs& lines = data.line_pairs;
  const double* coordinates = q.data();
  const std::size_t table = lines.line.size();
  // Most pairs asked for (every inactive pair at a step's end): every line pair's gap in one sweep, the runs of
  // consecutive beads vectorised (LinePairs::Run), without branches or the list's indirection; the line pairs not
  // listed get theirs too.
  const bool sweep = lines.count > 0 && 2 * pairs.size() >= table;
  if (sweep) {
    for (const LinePairs::Run& run : lines.runs) {
      const auto n = static_cast<Eigen::Index>(run.count);
      using Array = Eigen::Map<const Eigen::ArrayXd>;
      Eigen::Map<Eigen::ArrayXd>(gaps + run.first, n) =
          (Array(lines.offset.data() + run.first, n) + Array(coordinates + run.q_first + 1, n) -
           Array(coordinates + run.q_first, n)).abs() - Array(lines.reach.data() + run.first, n);
    }
    for (int p : lines.scattered) gaps[p] = line_gap(lines, static_cast<std::size_t>(p), coordinates);
    if (lines.count == table) return;  // a chain: nothing off the line
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
      gaps[p] = pair_gap(model.contact, pair, data.point[p],
                         body_motion(model, data, q.data(), v.data(), pair.body_a, slider_a),
                         body_motion(model, data, q.data(), v.data(), pair.body_b, slider_b), data.fcl.get(),
                         data.geometry[p]);
    }
  }
}

void contact_geometry(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const int> pairs, Data& data,
                      ContactVectors vectors) {
  for (int p : pairs) geometry_of(model, q.data(), v.data(), static_cast<std::size_t>(p), data, vectors);
}

void contact_forces(const Model& model, double time, std::span<const PairState> contacts, std::span<const int> active,
                    Data& data) {
  clear_contact_loads(model, data);
  for (int p : active) load_pair(model, time, contacts[static_cast<std::size_t>(p)], static_cast<std::size_t>(p), data);
}

void contact_stage(const Model& model, double time, const Eigen::Ref<const Eigen::VectorXd>& q,
                   const Eigen::Ref<const Eigen::VectorXd>& v, std::span<const PairState> contacts,
                   std::span<const int> active, Data& data) {
  clear_contact_loads(model, data);
  for (int index : active) {
    const auto p = static_cast<std::size_t>(index);
    if (data.line_pairs.line[p]) {
      load_line_pair(time, contacts[p], p, q.data(), v.data(), data);
    } else {
      geometry_of(model, q.data(), v.data(), p, data, ContactVectors::kSkipOnLine);
      load_pair(model, time, contacts[p], p, data);
    }
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
