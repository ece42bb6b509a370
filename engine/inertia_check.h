// SPDX-License-Identifier: MIT
// Whether a body's mass distribution can exist and can move on its joint: principal moments that obey the
// triangle inequality (each at most the sum of the other two), and a positive moment about every axis the joint
// lets the body turn about, counting the bodies welded to it by fixed joints. Without these the mass matrix is
// singular and the integrator meets NaN accelerations at t = 0.
#pragma once

#include <string>
#include <vector>

#include "engine/model.h"

namespace contactlab {

// "" when the principal moments [kg·m²] can belong to a body, else why not.
std::string principal_moments_problem(const Vec3& moments);

// Per body of a model whose bodies are read (not yet finalized): "" when it has inertia about every axis its joint
// turns it about, else why not. Entry 0 (the world) is "". O(bodies).
std::vector<std::string> rotational_inertia_problems(const Model& model);

}  // namespace contactlab
