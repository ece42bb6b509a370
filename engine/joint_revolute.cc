// SPDX-License-Identifier: MIT
// The revolute joint: q the angle [rad] about the unit `axis`, v = q̇.
#include "engine/joint_traits.h"

namespace contactlab {

extern const JointTraits kRevoluteJoint = {
    .name = "revolute",
    .nq = 1,
    .nv = 1,
    .coordinate_units = {"rad"},
    .velocity_units = {"rad/s"},
    .axis = true,
    .subspace =
        [](const Joint& joint) {
          MotionSubspace S = MotionSubspace::Zero(6, 1);
          S.col(0).head<3>() = joint.axis;
          return S;
        },
    .transform =
        [](const Joint& joint, const double* q) {
          Pose X = Pose::Identity();
          X.linear() = Eigen::AngleAxisd(q[0], joint.axis).toRotationMatrix();
          return X;
        },
    .initial_keys = {},  // raw q and v only
};

}  // namespace contactlab
