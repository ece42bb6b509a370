// SPDX-License-Identifier: MIT
// Forward kinematics: body poses, spatial velocities and velocity-product accelerations, root to leaves.
#pragma once

#include <Eigen/Core>

#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

void forward_kinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                        const Eigen::Ref<const Eigen::VectorXd>& v, Data& data);

// World position of a body's centre of mass (after forward_kinematics).
inline Vec3 com_position(const Model& model, const Data& data, int body) {
  return data.motion[static_cast<std::size_t>(body)].pose * model.bodies[static_cast<std::size_t>(body)].com;
}

}  // namespace contactlab
