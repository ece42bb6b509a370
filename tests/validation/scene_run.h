// SPDX-License-Identifier: MIT
// Test support for the validation tests (tests/validation/*_test.cc): run a scene of the library exactly as
// `contactlab run SCENE --model LAW --set NAME=VALUE` does (load_scene + simulate, same options), and the
// normalisations of models.md §2.3. The full report with the same numbers is scripts/validate.py →
// docs/validation.md; these tests keep the published numbers checked in CI, in well under a second each.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/data.h"
#include "engine/simulate.h"
#include "engine/state.h"
#include "scenes/scene.h"

namespace contactlab::validation {

inline std::string scene_path(const std::string& file) { return std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/" + file; }

struct SceneRun {
  Scene scene;
  SimulationResult result;
  State final_state;  // the state at the end of the run (post-impact velocities)

  const ImpactRecord& impact() const { return result.impacts.front(); }
  double relative_energy_error() const {
    return result.energy_scale > 0.0 ? result.max_energy_balance_error / result.energy_scale : 0.0;
  }
};

// Loads scenes/<file> with `law` ("" keeps the scene's) and variable overrides, and simulates it for the
// scene's duration. `observer` sees every output sample, as `contactlab run` writes them to timeseries.csv.
inline SceneRun run_scene(const std::string& file, const std::string& law = "",
                          std::vector<std::pair<std::string, std::string>> overrides = {},
                          const SampleObserver& observer = {}) {
  SceneOptions options;
  options.law_override = law;
  options.variable_overrides = std::move(overrides);
  SceneRun run{load_scene(scene_path(file), options), {}, {}};
  Data data(run.scene.model);
  run.final_state = run.scene.initial_state;
  run.result = simulate(run.scene.model, run.final_state, data, run.scene.simulation, observer);
  return run;
}

// The undamped Hertz impact of stiffness K, exponent n, mass m at speed v0 (models.md §2.3).
struct HertzReference {
  double max_indentation = 0.0;  // x_H [m]
  double max_force = 0.0;        // F_H [N]
  double compression_time = 0.0; // t_H [s]
  double energy = 0.0;           // L_H = ½ m v0² [J]
};

inline HertzReference hertz_reference(double stiffness, double exponent, double mass, double velocity) {
  HertzReference h;
  const double n1 = exponent + 1.0;
  h.max_indentation = std::pow(n1 * mass * velocity * velocity / (2.0 * stiffness), 1.0 / n1);
  h.max_force = stiffness * std::pow(h.max_indentation, exponent);
  const double a = 1.0 / n1;
  h.compression_time = a * std::tgamma(0.5) * std::tgamma(a) / std::tgamma(0.5 + a) * h.max_indentation / velocity;
  h.energy = 0.5 * mass * velocity * velocity;
  return h;
}

// Measures z = χ δ̇⁻/K of a Hunt–Crossley-family contact from the samples of its first impact: each sample
// in contact obeys F = K δ^n (1 + z δ̇/δ̇⁻). Pass std::ref(z) as run_scene's observer, then read min/max.
class HuntCrossleyZ {
 public:
  HuntCrossleyZ(double stiffness, double exponent, double impact_velocity, int pair = 0)
      : stiffness_(stiffness), exponent_(exponent), impact_velocity_(impact_velocity), pair_(pair) {}

  void operator()(const State& /*state*/, const Data& data) {
    const std::size_t p = static_cast<std::size_t>(pair_);
    const double delta = -data.geometry[p].gap;
    const double rate = data.geometry[p].normal_velocity;
    if (delta <= 0.0 || std::abs(rate) < 0.05 * impact_velocity_) return;
    const double z = (data.contact_force[p] / (stiffness_ * std::pow(delta, exponent_)) - 1.0) * impact_velocity_ / rate;
    min_ = std::min(min_, z);
    max_ = std::max(max_, z);
    ++samples_;
  }

  double min() const { return min_; }
  double max() const { return max_; }
  int samples() const { return samples_; }

 private:
  double stiffness_, exponent_, impact_velocity_;
  int pair_;
  double min_ = HUGE_VAL, max_ = -HUGE_VAL;
  int samples_ = 0;
};

}  // namespace contactlab::validation
