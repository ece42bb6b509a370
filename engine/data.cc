// SPDX-License-Identifier: MIT
#include "engine/data.h"

#include <cmath>

#include "engine/state.h"

namespace contactlab {
namespace {

// A direct pair of two spheres on sliders along one line, or one on the world: entry p of the table. Parallel to
// 1e-9 rad and on the line to 1e-9 of the centre distance: what is dropped changes the distance by at most
// (1e-9)²/2 of itself, below rounding.
void set_line(const Model& model, const DirectPair& direct, std::size_t p, LinePairs& lines) {
  constexpr double kParallel = 1e-9;
  if (!direct.applies || direct.halfspace) return;
  const int slider = direct.slider_a >= 0 ? direct.slider_a : direct.slider_b;
  if (slider < 0) return;  // both on the world
  const Sliders& sliders = model.sliders;
  const Vec3 u = sliders.axis[static_cast<std::size_t>(slider)];
  auto along = [&](int k) {
    if (k < 0) return 0.0;
    const Vec3& axis = sliders.axis[static_cast<std::size_t>(k)];
    return axis.cross(u).norm() <= kParallel ? (axis.dot(u) > 0.0 ? 1.0 : -1.0) : std::nan("");
  };
  const double sign_a = along(direct.slider_a);
  const double sign_b = along(direct.slider_b);
  const Vec3 offset = direct.centre_b - direct.centre_a;
  if (std::isnan(sign_a) || std::isnan(sign_b) || offset.cross(u).norm() > kParallel * offset.norm()) return;
  auto q_index = [&](int k) { return k < 0 ? 0 : sliders.q_index[static_cast<std::size_t>(k)]; };
  auto v_index = [&](int k) { return k < 0 ? 0 : sliders.v_index[static_cast<std::size_t>(k)]; };
  lines.line[p] = 1;
  ++lines.count;
  lines.direction[p] = u;
  lines.q_a[p] = q_index(direct.slider_a);
  lines.q_b[p] = q_index(direct.slider_b);
  lines.v_a[p] = v_index(direct.slider_a);
  lines.v_b[p] = v_index(direct.slider_b);
  lines.slider_a[p] = direct.slider_a;
  lines.slider_b[p] = direct.slider_b;
  lines.offset[p] = u.dot(offset);
  lines.sign_a[p] = sign_a;
  lines.sign_b[p] = sign_b;
  lines.reach[p] = direct.radius_a + direct.radius_b;
}

// The table entries of one pair: one per contact point.
void add_entries(const Model& model, const ContactPairModel& pair, Data& data) {
  const int points = contact_points(model.contact, pair);
  const DirectPair direct = make_direct_pair(model, pair);
  for (int k = 0; k < points; ++k) {
    data.pairs.push_back(&pair);
    data.point.push_back(k);
    data.direct_pairs.push_back(direct);
  }
}

void index_line_pairs(const Model& model, Data& data) {
  LinePairs& lines = data.line_pairs;
  const std::size_t pairs = data.direct_pairs.size();
  lines.line.assign(pairs, 0);
  lines.direction.assign(pairs, Vec3::Zero());
  lines.q_a.assign(pairs, 0);
  lines.q_b.assign(pairs, 0);
  lines.v_a.assign(pairs, 0);
  lines.v_b.assign(pairs, 0);
  lines.slider_a.assign(pairs, -1);
  lines.slider_b.assign(pairs, -1);
  lines.offset.assign(pairs, 0.0);
  lines.sign_a.assign(pairs, 0.0);
  lines.sign_b.assign(pairs, 0.0);
  lines.reach.assign(pairs, 0.0);
  lines.side.assign(pairs, 1.0);
  lines.count = 0;
  for (std::size_t p = 0; p < pairs; ++p) set_line(model, data.direct_pairs[p], p, lines);
  lines.runs.clear();
  lines.scattered.clear();
  auto consecutive = [&](std::size_t p) {
    return lines.line[p] && lines.sign_a[p] == 1.0 && lines.sign_b[p] == 1.0 && lines.q_b[p] == lines.q_a[p] + 1;
  };
  for (std::size_t p = 0; p < pairs; ++p) {
    if (!lines.line[p]) continue;
    if (!consecutive(p)) {
      lines.scattered.push_back(static_cast<int>(p));
      continue;
    }
    LinePairs::Run* run = lines.runs.empty() ? nullptr : &lines.runs.back();
    if (run != nullptr && run->first + run->count == p && lines.q_a[p] == run->q_first + static_cast<int>(run->count)) {
      ++run->count;
    } else {
      lines.runs.push_back({p, 1, lines.q_a[p]});
    }
  }
}

}  // namespace

Data::Data(const Model& model) {
  const std::size_t n = model.bodies.size();
  parent_to_body.assign(n, Pose::Identity());
  motion.assign(n, BodyMotion{});
  velocity.assign(n, Vec6::Zero());
  bias_acceleration.assign(n, Vec6::Zero());
  acceleration.assign(n, Vec6::Zero());
  external_force.assign(n, Vec6::Zero());
  articulated_inertia.assign(n, Mat6::Zero());
  articulated_bias.assign(n, Vec6::Zero());
  U.resize(n);
  D_inverse.resize(n);
  u.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const int nv = model.bodies[i].joint.nv;
    U[i].setZero(6, nv);
    D_inverse[i].setZero(nv, nv);
    u[i].setZero(nv);
  }
  tau = Eigen::VectorXd::Zero(model.nv);
  slider_force = Eigen::VectorXd::Zero(model.nv);
  probe_slider_force = slider_force;
  qdd = Eigen::VectorXd::Zero(model.nv);
  probe_force.assign(n, Vec6::Zero());
  probe_acceleration.assign(n, Vec6::Zero());
  probe_qdd = Eigen::VectorXd::Zero(model.nv);
  for (const ContactPairModel& pair : model.contact.pairs) add_entries(model, pair, *this);
  compiled_entries = this->pairs.size();
  index_line_pairs(model, *this);
  const std::size_t entries = this->pairs.size();
  geometry.assign(entries, PairGeometry{});
  contact_input.assign(entries, ContactInput{});
  contact_force.assign(entries, ContactForce{});
  fcl = std::make_unique<FclShapes>(model.contact.shapes);
  if (model.contact.broadphase) broadphase = std::make_unique<FclBroadphase>(model.contact.shapes, model.contact.margin);
  shape_poses.assign(model.contact.shapes.size(), Eigen::Isometry3d::Identity());
}

void bind_pairs(const Model& model, const State& state, Data& data) {
  if (data.bound_dynamic_pairs == state.dynamic_pairs && data.pairs.size() == state.contacts.size()) return;
  data.pairs.resize(data.compiled_entries);
  data.point.resize(data.compiled_entries);
  data.direct_pairs.resize(data.compiled_entries);
  for (const PairKey& key : state.dynamic_pairs) {
    auto found = data.dynamic_pair_index.find(key);
    if (found == data.dynamic_pair_index.end()) {
      data.dynamic_pair_models.push_back(make_contact_pair(model.contact, key.shape_a, key.shape_b, model.contact.settings));
      found = data.dynamic_pair_index.emplace(key, data.dynamic_pair_models.size() - 1).first;
    }
    add_entries(model, data.dynamic_pair_models[found->second], data);
  }
  data.bound_dynamic_pairs = state.dynamic_pairs;
  const std::size_t entries = data.pairs.size();
  index_line_pairs(model, data);
  data.geometry.resize(entries);
  data.contact_input.resize(entries);
  data.contact_force.resize(entries);
}

std::size_t contact_entries(const Model& model) {
  std::size_t entries = 0;
  for (const ContactPairModel& pair : model.contact.pairs) entries += static_cast<std::size_t>(contact_points(model.contact, pair));
  return entries;
}

DirectPair make_direct_pair(const Model& model, const ContactPairModel& pair) {
  DirectPair direct;
  const Shape& a = model.contact.shapes[static_cast<std::size_t>(pair.shape_a)];
  const Shape& b = model.contact.shapes[static_cast<std::size_t>(pair.shape_b)];
  const bool shapes = b.type == ShapeType::kSphere && (a.type == ShapeType::kSphere || a.type == ShapeType::kHalfspace);
  auto slider_of = [&](int body) { return body == 0 ? -1 : model.slider_of_body[static_cast<std::size_t>(body)]; };
  auto reachable = [&](int body) { return body == 0 || slider_of(body) >= 0; };
  if (!shapes || !reachable(pair.body_a) || !reachable(pair.body_b)) return direct;
  // A shape's world pose at q = 0: the body frame there (the world, or the slider's placement) times the shape's.
  auto at_zero = [&](const Shape& shape, int body) -> Eigen::Isometry3d {
    if (body == 0) return shape.pose;
    return model.bodies[static_cast<std::size_t>(body)].joint.placement * shape.pose;
  };
  const Eigen::Isometry3d X_a = at_zero(a, pair.body_a);
  const Eigen::Isometry3d X_b = at_zero(b, pair.body_b);
  direct.applies = true;
  direct.halfspace = a.type == ShapeType::kHalfspace;
  direct.slider_a = slider_of(pair.body_a);
  direct.slider_b = slider_of(pair.body_b);
  direct.centre_a = X_a.translation();
  direct.centre_b = X_b.translation();
  direct.normal_a = X_a.linear().col(2);
  direct.radius_a = a.radius;
  direct.radius_b = b.radius;
  return direct;
}

void update_shape_poses(const Model& model, Data& data) {
  for (std::size_t s = 0; s < model.contact.shapes.size(); ++s) {
    const Shape& shape = model.contact.shapes[s];
    data.shape_poses[s] = data.motion[static_cast<std::size_t>(shape.body)].pose * shape.pose;
  }
}

State make_state(const Model& model) {
  State state;
  state.q = neutral_configuration(model);
  state.v = Eigen::VectorXd::Zero(model.nv);
  state.contacts.assign(contact_entries(model), PairState{});
  state.absorbed_work = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(state.contacts.size()));
  return state;
}

}  // namespace contactlab
