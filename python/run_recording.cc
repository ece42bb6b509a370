// SPDX-License-Identifier: MIT
#include "python/run_recording.h"

#include "apps/contact_columns.h"
#include "apps/report.h"
#include "apps/run_records.h"
#include "engine/energy.h"

namespace contactlab::python {

RunRecording::RunRecording(const Scene& scene) : columns(series_columns(scene)), scene_(scene), reader_(scene) {
  friction_ = scene_has_friction(scene);
  for (const ContactColumn& column : kContactColumns) contacts.names.emplace_back(column.name);
  if (friction_) {
    for (const ContactColumn& column : kFrictionContactColumns) contacts.names.emplace_back(column.name);
  }
  contacts.values.resize(contacts.names.size());
}

void RunRecording::observe(const State& state, const Data& data) {
  const Energy e = energy(scene_.model, state, data);
  balance.add(e);
  for (const SeriesColumn& column : columns) series.push_back(reader_.value(column, state, data, e));
  ++rows;
  for (std::size_t p = 0; p < data.elements.size(); ++p) {
    if (!state.contacts[p].active) continue;
    const ContactElement& element = data.elements[p];
    contacts.time.push_back(state.time);
    contacts.pair.push_back(element.pair->name);
    contacts.point.push_back(element.point);
    const ContactPoint point = contact_point(scene_, state, data, p, friction_);
    std::size_t k = 0;
    for (const ContactColumn& column : kContactColumns) contacts.values[k++].push_back(column.value(point));
    if (!friction_) continue;
    for (const ContactColumn& column : kFrictionContactColumns) contacts.values[k++].push_back(column.value(point));
  }
}

}  // namespace contactlab::python
