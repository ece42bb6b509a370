// SPDX-License-Identifier: MIT
// A joint with clearance as compiled (engine/compile_clearances.cc): which bodies, shapes and contact pairs make it,
// its clearance, and the frames whose relative placement is its state — the journal's centre in the bearing, or the
// slider's centre and rotation in the guide. Its forces are its pairs' (nothing here acts on the bodies).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

enum class ClearanceType { kRevolute, kTranslational };

std::string_view clearance_type_name(ClearanceType type);

struct ClearanceJoint {
  std::string name;
  ClearanceType type = ClearanceType::kRevolute;
  double clearance = 0.0;  // [m]: radial (revolute), guide gap − slider height (translational)
  int body_a = 0;          // the journal's or the slider's
  int body_b = 0;          // the bearing's or the guide's (0: the world)
  // Frame A: the journal's or slider's centre in body_a, its axes parallel to frame B's at the initial configuration.
  // Frame B: the bearing's centre, z along its axis; or the guides' mid-line, x along the axis, y along the normal.
  Pose frame_a = Pose::Identity();
  Pose frame_b = Pose::Identity();
  std::vector<std::size_t> pairs;  // indices in ContactModel::pairs
};

// Frame A's placement in frame B: its origin's coordinates [m] and its rotation about B's z [rad], from the bodies'
// poses in `data` (forward kinematics done).
struct ClearanceOffset {
  Vec3 position = Vec3::Zero();
  double angle = 0.0;
};
ClearanceOffset clearance_offset(const Data& data, const ClearanceJoint& joint);

}  // namespace contactlab
