// SPDX-License-Identifier: MIT
// The fixed joint: the body welded to its parent, no coordinates.
#include "engine/joint_traits.h"

namespace contactlab {

extern const JointTraits kFixedJoint = {
    .name = "fixed",
    .subspace = [](const Joint&) { return MotionSubspace(6, 0); },
    .transform = [](const Joint&, const double*) { return Pose(Pose::Identity()); },
    .initial_keys = {},  // none: no coordinates
};

}  // namespace contactlab
