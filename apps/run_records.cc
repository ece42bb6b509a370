// SPDX-License-Identifier: MIT
#include "apps/run_records.h"

#include <algorithm>
#include <cmath>

#include "apps/contact_columns.h"
#include "apps/report.h"
#include "engine/element_kernels.h"
#include "engine/energy.h"
#include "engine/stick_force.h"

namespace contactlab {

ContactPoint contact_point(const Scene& scene, const State& state, const Data& data, std::size_t p, bool friction) {
  const ContactElement& element = data.elements[p];
  ContactPoint point;
  point.indentation = -data.geometry[p].gap;
  point.normal_velocity = data.geometry[p].normal_velocity;
  point.force = data.contact_force[p];
  if (!friction) return point;
  if (element.tangential_law != nullptr) {
    point.slip = data.frames[p].slip_velocity;
    point.friction = data.friction_force[p];
    point.sticking = holds_contact(element, state.contacts[p], data.friction_input[p]);
  }
  // ω_B − ω_A split at the contact normal: the spin about it and the rolling part in the plane.
  const Vec3 relative = element_relative_spin(scene.model, data, state.q.data(), state.v.data(), p);
  const Vec3& normal = data.geometry[p].normal;
  point.spin = relative.dot(normal);
  point.rolling = in_contact_plane(relative, normal);
  return point;
}

void include_sample_balance(SimulationResult& result, const BalanceRange& samples) {
  if (samples.low > samples.high) return;  // no sample
  const double e0 = result.initial_energy;
  result.max_energy_balance_error =
      std::max({result.max_energy_balance_error, std::abs(samples.high - e0), std::abs(samples.low - e0)});
}

RunLayout RunRecords::layout(const Scene& scene) {
  RunLayout layout;
  for (const SeriesColumn& column : series_columns(scene)) {
    if (!column.written) continue;
    layout.series.names.push_back(column.name);
    layout.series.units.push_back(column.unit);
  }
  auto add = [&](const ContactColumn& column) {
    layout.contacts.names.emplace_back(column.name);
    layout.contacts.units.emplace_back(column.unit);
  };
  for (const ContactColumn& column : kContactColumns) add(column);
  if (scene_has_friction(scene)) {
    for (const ContactColumn& column : kFrictionContactColumns) add(column);
  }
  return layout;
}

RunRecords::RunRecords(const Scene& scene, RunWriter& writer)
    : scene_(scene),
      writer_(writer),
      reader_(scene),
      friction_(scene_has_friction(scene)),
      changes_(std::size(kContactColumns) + (scene_has_friction(scene) ? std::size(kFrictionContactColumns) : 0)) {
  for (SeriesColumn& column : series_columns(scene)) {
    if (column.written) columns_.push_back(std::move(column));
  }
  reads_energy_ = std::any_of(columns_.begin(), columns_.end(), reads_energy);
  series_.resize(columns_.size());
  contact_.resize(std::size(kContactColumns) + (friction_ ? std::size(kFrictionContactColumns) : 0));
}

int RunRecords::pair_index(const Data& data, std::size_t p) {
  if (p >= element_pairs_.size()) element_pairs_.resize(std::max(p + 1, data.elements.size()), {nullptr, -1});
  auto& [pair, index] = element_pairs_[p];
  if (pair != data.elements[p].pair) {
    pair = data.elements[p].pair;
    const auto [entry, added] = pair_indices_.try_emplace(pair, static_cast<int>(pair_indices_.size()));
    if (added) writer_.add_pair(pair->name);
    index = entry->second;
  }
  return index;
}

void RunRecords::sample(const State& state, const Data& data) {
  const Energy e = reads_energy_ ? energy(scene_.model, state, data) : Energy{};
  if (reads_energy_) balance_.add(e);
  for (std::size_t k = 0; k < columns_.size(); ++k) series_[k] = reader_.value(columns_[k], state, data, e);
  writer_.series_row(series_);

  // Every point in contact, also of the pairs the broadphase found at run time (which have no series columns).
  changes_.begin_sample(state.time);
  for (std::size_t p = 0; p < data.elements.size(); ++p) {
    if (!state.contacts[p].active) continue;
    const ContactElement& element = data.elements[p];
    const ContactPoint point = contact_point(scene_, state, data, p, friction_);
    std::size_t k = 0;
    for (const ContactColumn& column : kContactColumns) contact_[k++] = column.value(point);
    if (friction_) {
      for (const ContactColumn& column : kFrictionContactColumns) contact_[k++] = column.value(point);
    }
    changes_.add(static_cast<int>(p), pair_index(data, p), element.point, contact_);
  }
  changes_.end_sample([this](double time, int pair, int point, std::span<const double> values) {
    writer_.contact_row(time, pair, point, values);
  });
}

void RunRecords::finish() {
  changes_.finish([this](double time, int pair, int point, std::span<const double> values) {
    writer_.contact_row(time, pair, point, values);
  });
}

}  // namespace contactlab
