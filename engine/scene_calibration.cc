// SPDX-License-Identifier: MIT
#include "engine/scene_calibration.h"

#include <exception>
#include <future>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "engine/calibration.h"

namespace contactlab {
namespace {

// Everything calibrate_restitution reads of a request and its pair, at full precision.
std::string request_key(const ContactPairModel& pair, const CalibrationRequest& request) {
  std::ostringstream key;
  key.precision(17);
  key << pair.law_info->id << "|" << request.parameter << "|" << request.restitution << "|" << request.impact_velocity << "|"
      << request.mass << "|" << pair.stiffness << "|" << pair.exponent << "|" << pair.effective_radius << "|"
      << pair.effective_modulus << "|" << static_cast<int>(pair.tension);
  for (double v : pair.parameters.values) key << "|" << v;
  return key.str();
}

// The results of the process's calibrations by request key, failures included (their exception). The first caller
// of a key runs the search; a caller who comes while it runs waits for it.
class CalibrationCache {
 public:
  template <typename Search>
  RestitutionCalibration find_or_run(const std::string& key, Search search, bool& from_cache) {
    std::promise<RestitutionCalibration> promise;
    std::shared_future<RestitutionCalibration> result;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      auto [entry, inserted] = results_.try_emplace(key);
      if (inserted) entry->second = promise.get_future().share();
      result = entry->second;
      from_cache = !inserted;
    }
    if (!from_cache) {
      try {
        promise.set_value(search());
      } catch (...) {
        promise.set_exception(std::current_exception());
      }
    }
    return result.get();
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_future<RestitutionCalibration>> results_;
};

// Where a request's values are: a block's `calibrate`, or the option `--calibrate` itself.
std::string calibrate_path(const CalibrationRequest& request) {
  return request.key_path.starts_with("--") ? request.key_path : request.key_path + ".calibrate";
}

CalibrationCache& cache() {
  static CalibrationCache instance;
  return instance;
}

}  // namespace

std::vector<CalibrationOutcome> calibrate_scene(CompiledScene& scene) {
  const std::vector<CalibrationRequest> requests = std::move(scene.calibrations);
  scene.calibrations.clear();
  std::vector<CalibrationOutcome> outcomes;
  std::set<std::string> noted;  // identical pairs of one scene: one note
  for (const CalibrationRequest& request : requests) {
    ContactPairModel& pair = scene.model.contact.pairs.at(request.pair);
    const std::string key = request_key(pair, request);
    CalibrationOutcome outcome;
    RestitutionCalibration found;
    try {
      found = cache().find_or_run(
          key,
          [&] { return calibrate_restitution(pair, request.parameter, request.mass, request.impact_velocity, request.restitution); },
          outcome.from_cache);
    } catch (const std::invalid_argument& error) {
      throw SpecError(calibrate_path(request) + ".parameter", error.what());
    } catch (const std::runtime_error& error) {
      throw SpecError(calibrate_path(request) + ".restitution", error.what());
    }
    if (noted.insert(key).second) {
      std::ostringstream note;
      note << request.key_path << ": calibrated " << pair.law_info->id << " " << request.parameter << " = " << found.value
           << " for restitution " << request.restitution << " at " << request.impact_velocity << " m/s (achieved "
           << found.restitution << ", " << found.simulations << " isolated impacts" << (outcome.from_cache ? ", from the cache" : "")
           << ")";
      scene.notes.push_back(note.str());
    }
    pair.parameters = found.parameters;
    outcome.pair = request.pair;
    outcome.parameter = request.parameter;
    outcome.value = found.value;
    outcome.restitution = found.restitution;
    outcome.simulations = found.simulations;
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

}  // namespace contactlab
