// SPDX-License-Identifier: MIT
// The joint table. A new joint type is a JointType value, its row in a file of its own (engine/joint_<type>.cc,
// listed in engine/CMakeLists.txt) and its entry here; nothing else switches on the type.
#include "engine/joint_traits.h"

namespace contactlab {

extern const JointTraits kFixedJoint, kRevoluteJoint, kPrismaticJoint, kPlanarJoint, kSphericalJoint, kFreeJoint;

const std::array<const JointTraits*, kJointTypeCount> kJointTraits = {
    &kFixedJoint, &kRevoluteJoint, &kPrismaticJoint, &kPlanarJoint, &kSphericalJoint, &kFreeJoint,
};

std::optional<JointType> find_joint_type(std::string_view name) {
  for (std::size_t i = 0; i < kJointTraits.size(); ++i) {
    if (name == kJointTraits[i]->name) return static_cast<JointType>(i);
  }
  return std::nullopt;
}

std::vector<std::string_view> joint_type_names() {
  std::vector<std::string_view> names;
  for (const JointTraits* traits : kJointTraits) names.emplace_back(traits->name);
  return names;
}

std::string joint_type_list(bool (*has)(const JointTraits&), std::string_view last) {
  std::vector<std::string_view> names;
  for (const JointTraits* traits : kJointTraits) {
    if (has(*traits)) names.emplace_back(traits->name);
  }
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0 && i + 1 == names.size()) {
      list.append(" ").append(last).append(" ");
    } else if (i > 0) {
      list.append(", ");
    }
    list.append(names[i]);
  }
  return list;
}

}  // namespace contactlab
