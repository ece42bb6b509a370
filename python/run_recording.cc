// SPDX-License-Identifier: MIT
#include "python/run_recording.h"

#include "apps/contact_columns.h"
#include "apps/report.h"
#include "engine/element_kernels.h"
#include "engine/energy.h"
#include "engine/stick_force.h"

namespace contactlab::python {

RunRecording::RunRecording(const Scene& scene) : columns(series_columns(scene)), scene_(scene), reader_(scene) {
  friction_ = scene_has_friction(scene);
  contacts.names = {"indentation", "normal_velocity", "force"};
  if (friction_) {
    for (const ContactColumn& column : kFrictionContactColumns) contacts.names.emplace_back(column.name);
  }
  contacts.values.resize(contacts.names.size());
}

void RunRecording::observe(const State& state, const Data& data) {
  const Energy e = energy(scene_.model, state, data);
  for (const SeriesColumn& column : columns) series.push_back(reader_.value(column, state, data, e));
  ++rows;
  for (std::size_t p = 0; p < data.elements.size(); ++p) {
    if (!state.contacts[p].active) continue;
    const ContactElement& element = data.elements[p];
    contacts.time.push_back(state.time);
    contacts.pair.push_back(element.pair->name);
    contacts.point.push_back(element.point);
    contacts.values[0].push_back(-data.geometry[p].gap);
    contacts.values[1].push_back(data.geometry[p].normal_velocity);
    contacts.values[2].push_back(data.contact_force[p].force);
    if (!friction_) continue;
    // As timeseries.csv's writer fills contacts.csv's friction columns (apps/report.cc).
    ContactFriction point;
    if (element.tangential_law != nullptr) {
      point.slip = data.frames[p].slip_velocity;
      point.friction = data.friction_force[p];
      point.sticking = holds_contact(element, state.contacts[p], data.friction_input[p]);
    }
    const Vec3 relative = element_relative_spin(scene_.model, data, state.q.data(), state.v.data(), p);
    const Vec3& normal = data.geometry[p].normal;
    point.spin = relative.dot(normal);
    point.rolling = in_contact_plane(relative, normal);
    for (std::size_t c = 0; c < std::size(kFrictionContactColumns); ++c) {
      contacts.values[3 + c].push_back(kFrictionContactColumns[c].value(point));
    }
  }
}

}  // namespace contactlab::python
