// SPDX-License-Identifier: MIT
#include "engine/data.h"

#include <algorithm>

#include "engine/state.h"

namespace contactlab {
namespace {

// The table's elements of one pair: one per contact point.
void add_elements(const Model& model, const ContactPairModel& pair, Data& data) {
  const int points = contact_points(model.contact, pair);
  for (int k = 0; k < points; ++k) data.elements.push_back(bind_element(model, pair, k));
}

// The per-element workspace, for the table's size.
void size_workspace(Data& data) {
  const std::size_t n = data.elements.size();
  data.geometry.resize(n);
  data.frames.resize(n);
  data.contact_force.resize(n);
  data.contact_power.resize(n);
  data.friction_input.resize(n);
  data.friction_force.resize(n, Vec3::Zero());
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
  // The articulated-body scratch up to the last body the pass visits (a tree body's parent comes before it): none
  // for a model of sliders and world leaves, whose kilobyte per body would otherwise be set up and carried for nothing.
  const std::size_t articulated =
      model.articulated_bodies.empty() ? 0 : static_cast<std::size_t>(model.articulated_bodies.back()) + 1;
  articulated_inertia.assign(articulated, Mat6::Zero());
  articulated_bias.assign(articulated, Vec6::Zero());
  U.resize(articulated);
  D_inverse.resize(articulated);
  u.resize(articulated);
  for (std::size_t i = 0; i < articulated; ++i) {
    const int nv = model.bodies[i].joint.nv;
    U[i].setZero(6, nv);
    D_inverse[i].setZero(nv, nv);
    u[i].setZero(nv);
  }
  tau = Eigen::VectorXd::Zero(model.nv);
  slider_force = Eigen::VectorXd::Zero(model.nv);
  loaded_sliders.reserve(model.sliders.size() / 16 + 2);  // listed only for fewer than 1/32 as many elements
  probe_slider_force = slider_force;
  qdd = Eigen::VectorXd::Zero(model.nv);
  drive_qdd = qdd;
  drive_force = qdd;
  probe_force.assign(n, Vec6::Zero());
  probe_acceleration.assign(n, Vec6::Zero());
  probe_qdd = Eigen::VectorXd::Zero(model.nv);
  probe_drive_force = probe_qdd;
  std::size_t rows = 0;
  for (const LoopConstraint& loop : model.loops) rows += loop.rows.size();
  const auto m = static_cast<Eigen::Index>(rows);
  loop_rows.resize(rows);
  loop_response.setZero(model.nv, m);
  loop_drive_response.setZero(model.nv, m);
  loop_operator.setZero(m, m);
  loop_factor = Eigen::LLT<Eigen::MatrixXd>(m);
  loop_bias.setZero(m);
  loop_multiplier.setZero(m);
  for (const ContactPairModel& pair : model.contact.pairs) add_elements(model, pair, *this);
  compiled_entries = elements.size();
  index_line_elements(model, elements, line_elements);
  size_workspace(*this);
  if (model.contact.broadphase) broadphase = std::make_unique<Broadphase>(model.contact.shapes, model.contact.margin);
  shape_poses.assign(model.contact.shapes.size(), Eigen::Isometry3d::Identity());
}

void bind_pairs(const Model& model, const State& state, Data& data) {
  if (data.bound_dynamic_pairs == state.dynamic_pairs && data.elements.size() == state.contacts.size()) return;
  data.elements.resize(data.compiled_entries);
  data.elements.reserve(state.contacts.size());
  auto& index = data.dynamic_pair_index;
  for (const PairKey& key : state.dynamic_pairs) {
    auto found = std::lower_bound(index.begin(), index.end(), key,
                                  [](const auto& entry, const PairKey& k) { return entry.first < k; });
    if (found == index.end() || found->first != key) {
      data.dynamic_pair_models.push_back(make_contact_pair(model.contact, key.shape_a, key.shape_b, model.contact.settings,
                                                             &data.dynamic_pair_parameters));
      found = index.insert(found, {key, data.dynamic_pair_models.size() - 1});
    }
    add_elements(model, data.dynamic_pair_models[found->second], data);
  }
  data.bound_dynamic_pairs = state.dynamic_pairs;
  index_line_elements(model, data.elements, data.line_elements);
  size_workspace(data);
}

void bind_pairs_like(const Data& bound, Data& data) {
  if (&bound == &data) return;
  data.elements = bound.elements;
  data.compiled_entries = bound.compiled_entries;
  data.bound_dynamic_pairs = bound.bound_dynamic_pairs;
  data.line_elements = bound.line_elements;
  size_workspace(data);
}

std::size_t contact_entries(const Model& model) {
  std::size_t entries = 0;
  for (const ContactPairModel& pair : model.contact.pairs) entries += static_cast<std::size_t>(contact_points(model.contact, pair));
  return entries;
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
