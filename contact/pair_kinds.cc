// SPDX-License-Identifier: MIT
#include "contact/pair_kinds.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <tuple>

namespace contactlab {
namespace {

// What makes two shapes give the same law parameters in every pair they enter.
struct ShapeKind {
  int material = -1;
  ShapeType type = ShapeType::kSphere;
  double curvature = 0.0;
  std::uint32_t group = 0, mask = 0;
  int first = -1, second = -1;  // two shapes of the kind (second −1 if there is one only)

  bool same(const Shape& shape) const {
    return std::tie(material, type, group, mask) ==
               std::tie(shape.material, shape.type, shape.collision_group, shape.collision_mask) &&
           curvature_radius(shape) == curvature;
  }
};

}  // namespace

std::vector<ContactPairModel> broadphase_pair_kinds(const ContactModel& model) {
  std::vector<ContactPairModel> pairs;
  if (!model.broadphase || model.settings.law_info == nullptr) return pairs;
  std::vector<ShapeKind> kinds;
  for (std::size_t s = 0; s < model.shapes.size(); ++s) {
    const Shape& shape = model.shapes[s];
    bool found = false;
    for (ShapeKind& kind : kinds) {
      if (!kind.same(shape)) continue;
      if (kind.second < 0) kind.second = static_cast<int>(s);
      found = true;
      break;
    }
    if (!found) {
      kinds.push_back({shape.material, shape.type, curvature_radius(shape), shape.collision_group, shape.collision_mask,
                       static_cast<int>(s), -1});
    }
  }
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    for (std::size_t j = i; j < kinds.size(); ++j) {
      const int a = kinds[i].first;
      const int b = i == j ? kinds[i].second : kinds[j].first;
      if (b < 0 || !shapes_may_collide(model, a, b)) continue;
      try {
        pairs.push_back(make_contact_pair(model, a, b, model.settings));
      } catch (const std::invalid_argument&) {
        // A kind the law cannot describe: refused where its shapes meet.
      }
    }
  }
  return pairs;
}

}  // namespace contactlab
