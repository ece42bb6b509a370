// SPDX-License-Identifier: MIT
// Forward kinematics: body poses, spatial velocities and velocity-product accelerations, root to leaves.
#pragma once

#include "engine/data.h"
#include "engine/model.h"

namespace contactlab {

// Every body.
void forward_kinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                        const Eigen::Ref<const Eigen::VectorXd>& v, Data& data);

// The tree bodies only (model.tree_bodies): what the right-hand side needs, since it moves the sliders in their
// coordinates. The sliders' entries of data.motion, velocity and parent_to_body are left as they were.
void tree_kinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& v, Data& data);

// Slider k's world motion at (q, v).
BodyMotion slider_motion(const Model& model, int k, const double* q, const double* v);

// A body's world motion at (q, v): from data.motion for tree bodies (after tree_kinematics or
// forward_kinematics), a reference into it without a copy; a slider's from its coordinate, made in `scratch`.
inline const BodyMotion& body_motion(const Model& model, const Data& data, const double* q, const double* v, int body,
                                     BodyMotion& scratch) {
  const int slider = model.slider_of_body[static_cast<std::size_t>(body)];
  if (slider < 0) return data.motion[static_cast<std::size_t>(body)];
  scratch = slider_motion(model, slider, q, v);
  return scratch;
}

// The same as a value.
inline BodyMotion body_motion(const Model& model, const Data& data, const double* q, const double* v, int body) {
  BodyMotion scratch;
  return body_motion(model, data, q, v, body, scratch);
}

// World position of a body's centre of mass (after forward_kinematics).
inline Vec3 com_position(const Model& model, const Data& data, int body) {
  return data.motion[static_cast<std::size_t>(body)].pose * model.bodies[static_cast<std::size_t>(body)].com;
}

}  // namespace contactlab
