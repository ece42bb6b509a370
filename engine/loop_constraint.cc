// SPDX-License-Identifier: MIT
#include "engine/loop_constraint.h"

#include <algorithm>

namespace contactlab {

const std::array<LoopTraits, kLoopTypeCount> kLoopTraits = {{
    {"revolute", {true, true, true}, {true, true, false}, false, "B turns about frame A's z through its origin"},
    {"prismatic", {true, true, false}, {true, true, true}, false, "B slides along frame A's z without turning"},
    {"spherical", {true, true, true}, {false, false, false}, false, "B turns freely about frame A's origin"},
    {"weld", {true, true, true}, {true, true, true}, false, "B moves with A"},
    {"distance", {false, false, false}, {false, false, false}, true, "B's point stays at `length` from A's"},
}};

std::optional<LoopType> find_loop_type(std::string_view name) {
  for (int k = 0; k < kLoopTypeCount; ++k) {
    if (name == kLoopTraits[static_cast<std::size_t>(k)].name) return static_cast<LoopType>(k);
  }
  return std::nullopt;
}

std::vector<std::string_view> loop_type_names() {
  std::vector<std::string_view> names;
  for (const LoopTraits& traits : kLoopTraits) names.emplace_back(traits.name);
  return names;
}

std::vector<LoopRow> loop_rows(LoopType type) {
  const LoopTraits& traits = loop_traits(type);
  if (traits.distance) return {LoopRow{LoopRowKind::kDistance, 0}};
  std::vector<LoopRow> rows;
  for (int k = 0; k < 3; ++k) {
    if (traits.translation[static_cast<std::size_t>(k)]) rows.push_back({LoopRowKind::kTranslation, k});
  }
  for (int k = 0; k < 3; ++k) {
    if (traits.rotation[static_cast<std::size_t>(k)]) rows.push_back({LoopRowKind::kRotation, k});
  }
  return rows;
}

std::string loop_row_name(const LoopRow& row) {
  static constexpr const char* kAxes[] = {"x", "y", "z"};
  switch (row.kind) {
    case LoopRowKind::kTranslation: return std::string("translation along ") + kAxes[row.axis];
    case LoopRowKind::kRotation: return std::string("rotation about ") + kAxes[row.axis];
    case LoopRowKind::kDistance: return "distance";
  }
  return "";
}

}  // namespace contactlab
