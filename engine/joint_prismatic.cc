// SPDX-License-Identifier: MIT
// The prismatic joint: q the displacement [m] along the unit `axis`, v = q̇.
#include "engine/joint_traits.h"

namespace contactlab {

extern const JointTraits kPrismaticJoint = {
    .name = "prismatic",
    .nq = 1,
    .nv = 1,
    .coordinate_units = {"m"},
    .velocity_units = {"m/s"},
    .axis = true,
    .subspace =
        [](const Joint& joint) {
          MotionSubspace S = MotionSubspace::Zero(6, 1);
          S.col(0).tail<3>() = joint.axis;
          return S;
        },
    .transform =
        [](const Joint& joint, const double* q) {
          Pose X = Pose::Identity();
          X.translation() = joint.axis * q[0];
          return X;
        },
    .initial_keys = {},  // raw q and v only
};

}  // namespace contactlab
