// SPDX-License-Identifier: MIT
#include "engine/clearance_joint.h"

#include <cmath>

namespace contactlab {

std::string_view clearance_type_name(ClearanceType type) {
  return type == ClearanceType::kRevolute ? "revolute" : "translational";
}

ClearanceOffset clearance_offset(const Data& data, const ClearanceJoint& joint) {
  const Pose a = data.motion[static_cast<std::size_t>(joint.body_a)].pose * joint.frame_a;
  const Pose b = data.motion[static_cast<std::size_t>(joint.body_b)].pose * joint.frame_b;
  const Pose relative = b.inverse() * a;
  ClearanceOffset offset;
  offset.position = relative.translation();
  offset.angle = std::atan2(relative.linear()(1, 0), relative.linear()(0, 0));
  return offset;
}

}  // namespace contactlab
