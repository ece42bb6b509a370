// SPDX-License-Identifier: MIT
// The columns of a run's time series, each described once: its name (timeseries.csv's header, a measure's `of`), its
// SI unit and what it reads from a sample. timeseries.csv writes the columns marked `written`, in this order; the
// generalized accelerations a_<coordinate> are written for mechanisms (loops or drives) only, but measures may reduce
// them in any scene (docs/output.md).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/data.h"
#include "engine/energy.h"
#include "engine/state.h"
#include "scenes/scene.h"

namespace contactlab {

enum class SeriesQuantity {
  kTime,
  kCoordinate,    // q[index]
  kVelocity,      // v[index]
  kAcceleration,  // q̈[index] (data.qdd)
  kKineticEnergy,
  kGravitationalEnergy,
  kSpringEnergy,
  kElasticEnergy,
  kDissipatedEnergy,
  kJointWork,
  kTotalEnergy,
  kDrive,           // the drive's force on v[index]
  kIndentation,     // compiled pair `index`: −gap of its deepest point
  kNormalVelocity,  // of that point
  kForce,           // summed over its points
  kFrictionX,       // the friction force on B summed over its points, world components
  kFrictionY,
  kFrictionZ,
  kLoopForceX,   // loop constraint `index`'s reaction on its body B, world components
  kLoopForceY,
  kLoopForceZ,
  kLoopTorqueX,
  kLoopTorqueY,
  kLoopTorqueZ,
  kLoopDrift,    // the loops' largest |φ|
  kClearanceX,      // clearance joint `index`: the journal's (slider's) centre in the bearing's (guide's) frame
  kClearanceY,
  kClearanceAngle,  // its rotation there about z
};

struct SeriesColumn {
  std::string name;
  std::string unit;  // SI; "1" for quaternion components
  SeriesQuantity quantity = SeriesQuantity::kTime;
  int index = 0;  // coordinate, velocity, compiled pair, loop constraint or clearance joint index
  bool written = true;
};

// Every column of the scene: timeseries.csv's in its order, then the accelerations.
std::vector<SeriesColumn> series_columns(const Scene& scene);

// Reads columns from samples of one scene's run.
class SeriesReader {
 public:
  explicit SeriesReader(const Scene& scene) : scene_(scene) {}
  // `energy` is energy(model, state, data); only the energy columns read it.
  double value(const SeriesColumn& column, const State& state, const Data& data, const Energy& energy);

 private:
  const Scene& scene_;
  std::vector<std::size_t> pair_entries_;  // per compiled pair: its first entry of data.elements, then the end
};

// Whether a column reads the energies.
bool reads_energy(const SeriesColumn& column);

}  // namespace contactlab
