// SPDX-License-Identifier: MIT
#include "engine/stick_force.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Cholesky>
#include <Eigen/QR>

#include "engine/dynamics.h"

namespace contactlab {
namespace {

// The tangential relative acceleration of element e's points, (a_PB − a_PA) along t₁ and t₂, from the accelerations
// in qdd and `acceleration`.
Eigen::Vector2d tangential_acceleration(const Model& model, const Data& data, std::size_t e, const double* qdd,
                                        const std::vector<Vec6>& acceleration, bool with_velocity) {
  const ContactPairModel& pair = *data.elements[e].pair;
  const PairGeometry& geometry = data.geometry[e];
  const Vec3 relative =
      point_acceleration(model, data, qdd, acceleration, pair.body_b, geometry.point_b, with_velocity) -
      point_acceleration(model, data, qdd, acceleration, pair.body_a, geometry.point_a, with_velocity);
  const ContactFrame& frame = data.frames[e];
  return {frame.tangent_1.dot(relative), frame.tangent_2.dot(relative)};
}

// The body on the world whose subtree a body is in (0 for the world).
int root_of(const Model& model, int body) {
  while (body > 0 && model.bodies[static_cast<std::size_t>(body)].parent > 0) {
    body = model.bodies[static_cast<std::size_t>(body)].parent;
  }
  return body;
}

// Whether a force on the body moves it alone, in closed form: the world, or a body on the world without children
// (a slider, a free body, a pendulum) whose joint is not driven (a drive locks it against contact forces, and takes
// a force of its own: the articulated-body pass gives both).
bool moves_alone(const Model& model, int body) {
  const Body& b = model.bodies[static_cast<std::size_t>(body)];
  return body == 0 || (b.parent == 0 && b.children == 0 && !b.joint.drive.active());
}

int find(std::vector<int>& parent, int x) {
  while (parent[static_cast<std::size_t>(x)] != x) {
    int& up = parent[static_cast<std::size_t>(x)];
    up = parent[static_cast<std::size_t>(up)];
    x = up;
  }
  return x;
}

// The held points grouped by the subtrees their bodies are in (points in different groups do not move each other):
// data.hold_order lists them group by group, group g from data.hold_group_start[g]. Returns the number of groups.
int group_held_points(const Model& model, Data& data) {
  const std::size_t bodies = model.bodies.size();
  if (data.hold_union.size() != bodies) {
    data.hold_union.assign(bodies, -1);
    data.hold_group_of.assign(bodies, -1);
  }
  auto roots = [&](int e) {
    const ContactPairModel& pair = *data.elements[static_cast<std::size_t>(e)].pair;
    return std::pair<int, int>{root_of(model, pair.body_a), root_of(model, pair.body_b)};
  };
  for (int e : data.held) {
    const auto [a, b] = roots(e);
    for (int r : {a, b}) {
      if (r > 0 && data.hold_union[static_cast<std::size_t>(r)] < 0) data.hold_union[static_cast<std::size_t>(r)] = r;
    }
    if (a > 0 && b > 0) data.hold_union[static_cast<std::size_t>(find(data.hold_union, a))] = find(data.hold_union, b);
  }
  int groups = 0;
  std::vector<int>& start = data.hold_group_start;
  start.assign(1, 0);
  for (int e : data.held) {  // each group's size, counted at its start + 1
    const auto [a, b] = roots(e);
    int& group = data.hold_group_of[static_cast<std::size_t>(find(data.hold_union, a > 0 ? a : b))];
    if (group < 0) {
      group = groups++;
      start.push_back(0);
    }
    ++start[static_cast<std::size_t>(group) + 1];
  }
  for (int g = 0; g < groups; ++g) start[static_cast<std::size_t>(g) + 1] += start[static_cast<std::size_t>(g)];
  data.hold_order.resize(data.held.size());
  std::vector<int> next(start.begin(), start.end() - 1);
  for (int e : data.held) {
    const auto [a, b] = roots(e);
    const int group = data.hold_group_of[static_cast<std::size_t>(find(data.hold_union, a > 0 ? a : b))];
    data.hold_order[static_cast<std::size_t>(next[static_cast<std::size_t>(group)]++)] = e;
  }
  for (int e : data.held) {  // ready for the next call
    const auto [a, b] = roots(e);
    for (int r : {a, b}) {
      if (r <= 0) continue;
      data.hold_group_of[static_cast<std::size_t>(find(data.hold_union, r))] = -1;
    }
  }
  for (int e : data.held) {
    const auto [a, b] = roots(e);
    for (int r : {a, b}) {
      if (r > 0) data.hold_union[static_cast<std::size_t>(r)] = -1;
    }
  }
  return groups;
}

// A body moving alone: its probe entries (spatial force and acceleration; a slider's force and q̈) cleared.
void clear_alone(const Model& model, Data& data, int body) {
  if (body == 0) return;
  const auto i = static_cast<std::size_t>(body);
  data.probe_force[i].setZero();
  data.probe_acceleration[i].setZero();
  const int slider = model.slider_of_body[i];
  if (slider >= 0) {
    const int v = model.sliders.v_index[static_cast<std::size_t>(slider)];
    data.probe_slider_force[v] = 0.0;
    data.probe_qdd[v] = 0.0;
  }
}

// For the bodies of a group moving alone: their probe entries cleared, and their responses to spatial forces, which
// depend on the joint and the inertia alone (body frames): computed at a body's first hold, kept in data.
void prepare_alone(const Model& model, Data& data, std::span<const int> points) {
  if (data.hold_mobility.size() != model.bodies.size()) {
    data.hold_mobility.resize(model.bodies.size());
    data.hold_joint_response.resize(model.bodies.size());
  }
  for (int e : points) {
    const ContactPairModel& pair = *data.elements[static_cast<std::size_t>(e)].pair;
    for (int body : {pair.body_a, pair.body_b}) {
      clear_alone(model, data, body);
      const auto i = static_cast<std::size_t>(body);
      if (body == 0 || model.slider_of_body[i] >= 0 || data.hold_joint_response[i].rows() > 0) continue;
      const Body& b = model.bodies[i];
      const auto& S = b.joint.subspace;
      const Eigen::MatrixXd D = S.transpose() * b.spatial_inertia * S;
      data.hold_joint_response[i] = D.ldlt().solve(S.transpose());
      data.hold_mobility[i] = S * data.hold_joint_response[i];
    }
  }
}

// The responses of the bodies moving alone to what data.probe_force and probe_slider_force hold on them.
void respond_alone(const Model& model, Data& data, int body) {
  if (body == 0) return;
  const auto i = static_cast<std::size_t>(body);
  const int slider = model.slider_of_body[i];
  if (slider >= 0) {
    const int v = model.sliders.v_index[static_cast<std::size_t>(slider)];
    data.probe_qdd[v] = data.probe_slider_force[v] * model.sliders.velocity_inverse_mass[v];
    return;
  }
  data.probe_acceleration[i] = data.hold_mobility[i] * data.probe_force[i];
}

// One group of held points: W from unit-force responses (in closed form when its bodies move alone, else through the
// articulated-body algorithm), the forces, their power into powers[e], and their effect on qdd.
void hold_group(const Model& model, std::span<const PairState> contacts, Data& data, double* qdd, double* powers,
                std::span<const int> points) {
  const auto g = static_cast<Eigen::Index>(points.size());
  const Eigen::Index n = 2 * g;
  bool alone = true;
  for (int e : points) {
    const ContactPairModel& pair = *data.elements[static_cast<std::size_t>(e)].pair;
    alone = alone && moves_alone(model, pair.body_a) && moves_alone(model, pair.body_b);
  }
  data.hold_operator.resize(n, n);
  data.hold_acceleration.resize(n);
  for (Eigen::Index j = 0; j < g; ++j) {
    const auto e = static_cast<std::size_t>(points[static_cast<std::size_t>(j)]);
    const bool exact = data.elements[e].tangential_law->stiction == Stiction::kExact;
    const Vec3& slip = data.frames[e].slip_velocity;
    const Eigen::Vector2d drift = exact ? Eigen::Vector2d(data.frames[e].tangent_1.dot(slip) / kStickDriftTime,
                                                          data.frames[e].tangent_2.dot(slip) / kStickDriftTime)
                                        : Eigen::Vector2d::Zero();
    data.hold_acceleration.segment<2>(2 * j) =
        tangential_acceleration(model, data, e, qdd, data.acceleration, true) + drift;
  }
  if (alone) prepare_alone(model, data, points);
  for (Eigen::Index j = 0; j < g; ++j) {
    const auto e = static_cast<std::size_t>(points[static_cast<std::size_t>(j)]);
    const ContactPairModel& pair = *data.elements[e].pair;
    const PairGeometry& geometry = data.geometry[e];
    for (int k = 0; k < 2; ++k) {
      const Vec3& tangent = k == 0 ? data.frames[e].tangent_1 : data.frames[e].tangent_2;
      if (alone) {
        add_point_force(model, data, pair.body_a, geometry.point_a, -tangent, data.probe_force, data.probe_slider_force);
        add_point_force(model, data, pair.body_b, geometry.point_b, tangent, data.probe_force, data.probe_slider_force);
        respond_alone(model, data, pair.body_a);
        respond_alone(model, data, pair.body_b);
      } else {
        unit_force_response(model, data, pair.body_a, geometry.point_a, pair.body_b, geometry.point_b, tangent);
      }
      for (Eigen::Index i = 0; i < g; ++i) {
        const auto other = static_cast<std::size_t>(points[static_cast<std::size_t>(i)]);
        data.hold_operator.block<2, 1>(2 * i, 2 * j + k) =
            tangential_acceleration(model, data, other, data.probe_qdd.data(), data.probe_acceleration, false);
      }
      if (alone) {
        clear_alone(model, data, pair.body_a);
        clear_alone(model, data, pair.body_b);
      }
    }
  }
  // Redundant points (W singular) share the load in proportion to their normal forces: the solution of least
  // Σ |f_i|² / N_i, f = √N u with u the minimum-norm solution of W √N u = −a (rank-revealing). Each point then holds
  // the same share of its normal force where the body allows it, so that a box's corners stay within their cones
  // while the whole holds within μ_s Σ N (an even split, the plain minimum norm, puts as much on a corner that pitch
  // has unloaded as on the loaded ones, and slips it). A point without normal force takes almost nothing where
  // others can hold instead, and alone what it must, which its limit then refuses.
  const bool moves = data.hold_operator.diagonal().cwiseAbs().maxCoeff() > 0.0;
  if (!moves) {
    data.hold_force = Eigen::VectorXd::Zero(n);
  } else {
    // Each point's load over the largest of the points between the same two bodies (a box's corners on the ground):
    // the share by normal force is among the points of one contact between two bodies; points between other bodies
    // (a toy's beak and its sleeve's bore) keep the plain minimum norm's balance between them.
    auto bodies_of = [&](int e) {
      const ContactPairModel& pair = *data.elements[static_cast<std::size_t>(e)].pair;
      return std::minmax(pair.body_a, pair.body_b);
    };
    Eigen::VectorXd root_load(n);
    for (Eigen::Index j = 0; j < g; ++j) {
      const int e = points[static_cast<std::size_t>(j)];
      double largest = 0.0;
      for (int other : points) {
        if (bodies_of(other) == bodies_of(e)) largest = std::max(largest, data.contact_force[static_cast<std::size_t>(other)]);
      }
      const double load = data.contact_force[static_cast<std::size_t>(e)];
      root_load.segment<2>(2 * j).setConstant(largest > 0.0 ? std::sqrt(std::max(load, 1e-6 * largest) / largest) : 1.0);
    }
    Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> decomposition;
    decomposition.setThreshold(1e-10);
    decomposition.compute(data.hold_operator * root_load.asDiagonal());
    data.hold_force = -(root_load.asDiagonal() * decomposition.solve(data.hold_acceleration));
  }
  if (!alone) {
    for (Vec6& f : data.probe_force) f.setZero();
    data.probe_slider_force.setZero();
  }
  for (Eigen::Index j = 0; j < g; ++j) {
    const auto e = static_cast<std::size_t>(points[static_cast<std::size_t>(j)]);
    const ContactElement& element = data.elements[e];
    FrictionInput& input = data.friction_input[e];
    const Vec3 hold = data.hold_force[2 * j] * data.frames[e].tangent_1 + data.hold_force[2 * j + 1] * data.frames[e].tangent_2;
    for (int k = 0; k < 3; ++k) input.stick_force[k] = hold[k];
    Vec3 force = hold;
    if (element.tangential_law->stiction == Stiction::kBand) {
      // The band law's force of its stick force (clamped to its static limit).
      const FrictionForce out = element.tangential_law->force(input, element.pair->friction_parameters.values,
                                                              contacts[e].friction_state);
      force = Vec3(out.force[0], out.force[1], out.force[2]);
    }
    data.friction_force[e] = force;
    powers[e] -= force.dot(data.frames[e].slip_velocity);
    const ContactPairModel& pair = *element.pair;
    add_point_force(model, data, pair.body_a, data.geometry[e].point_a, -force, data.probe_force, data.probe_slider_force);
    add_point_force(model, data, pair.body_b, data.geometry[e].point_b, force, data.probe_force, data.probe_slider_force);
  }
  // The forces' effect on q̈, superposed on the dynamics of everything else.
  if (!alone) {
    probe_response(model, data);
    Eigen::Map<Eigen::VectorXd>(qdd, model.nv) += data.probe_qdd;
    if (!model.driven_bodies.empty()) data.drive_force += data.probe_drive_force;  // the drives hold them too
    return;
  }
  for (int e : points) {
    const ContactPairModel& pair = *data.elements[static_cast<std::size_t>(e)].pair;
    for (int body : {pair.body_a, pair.body_b}) {
      if (body == 0) continue;
      const auto i = static_cast<std::size_t>(body);
      const int slider = model.slider_of_body[i];
      if (slider >= 0) {
        const int v = model.sliders.v_index[static_cast<std::size_t>(slider)];
        qdd[v] += data.probe_slider_force[v] * model.sliders.velocity_inverse_mass[v];
      } else {
        const Joint& joint = model.bodies[i].joint;
        Eigen::Map<Eigen::VectorXd>(qdd + joint.v_index, joint.nv) += data.hold_joint_response[i] * data.probe_force[i];
      }
      clear_alone(model, data, body);  // a body shared by two points is applied once
    }
  }
}

}  // namespace

bool holds_contact(const ContactElement& element, const PairState& state, const FrictionInput& input) {
  const FrictionLawInfo& law = *element.tangential_law;
  if (law.stiction == Stiction::kExact) return state.sticking;
  if (law.stiction == Stiction::kBand) return input.slip_speed < law.stick_band(element.pair->friction_parameters.values);
  return false;
}

void hold_contacts(const Model& model, std::span<const PairState> contacts, Data& data, double* qdd, double* powers) {
  const int groups = group_held_points(model, data);
  for (int group = 0; group < groups; ++group) {
    const auto begin = static_cast<std::size_t>(data.hold_group_start[static_cast<std::size_t>(group)]);
    const auto end = static_cast<std::size_t>(data.hold_group_start[static_cast<std::size_t>(group) + 1]);
    hold_group(model, contacts, data, qdd, powers, std::span<const int>(data.hold_order).subspan(begin, end - begin));
  }
}

}  // namespace contactlab
