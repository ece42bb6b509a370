// SPDX-License-Identifier: MIT
// The only place that includes FCL. Holds FCL's geometry for every shape of a contact model and answers
// narrowphase queries for the pairs without a closed form.
#pragma once

#include <memory>
#include <vector>

#include <Eigen/Geometry>

#include "contact/contact_model.h"

namespace contactlab {

class FclShapes {
 public:
  explicit FclShapes(const std::vector<Shape>& shapes);
  ~FclShapes();
  FclShapes(const FclShapes&) = delete;
  FclShapes& operator=(const FclShapes&) = delete;

  // Signed gap, normal (A to B) and witness points through FCL: penetration depth from fcl::collide when
  // the shapes overlap, distance from fcl::distance (GJK solver GST_INDEP) when they do not.
  void pair_geometry(int shape_a, const Eigen::Isometry3d& X_WA, int shape_b, const Eigen::Isometry3d& X_WB,
                     PairGeometry& out) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace contactlab
