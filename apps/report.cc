// SPDX-License-Identifier: MIT
#include "apps/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "apps/friction_models.h"
#include "apps/impact_columns.h"
#include "contact/narrowphase.h"
#include "engine/clearance_joint.h"
#include "engine/energy.h"
#include "engine/joint_traits.h"
#include "engine/loop_closure.h"
#include "engine/pair_impacts.h"

namespace contactlab {
namespace {

// Non-finite numbers are null in JSON.
nlohmann::ordered_json json_number(double value) {
  return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

std::string status_name(SimulationStatus status) {
  return status == SimulationStatus::kCompleted ? "completed" : "numerical_error";
}

// How many contact points a pair of the scene's shapes has.
int points_of(const Scene& scene, int shape_a, int shape_b) {
  const std::vector<Shape>& shapes = scene.model.contact.shapes;
  return contact_point_count(shapes[static_cast<std::size_t>(shape_a)].type, shapes[static_cast<std::size_t>(shape_b)].type);
}

// "ground/ball", or "ground/box #3" for point 3 of a pair with several.
std::string impact_label(const Scene& scene, const ImpactRecord& r) {
  return points_of(scene, r.shape_a, r.shape_b) > 1 ? r.pair + " #" + std::to_string(r.point) : r.pair;
}

}  // namespace

std::string scene_law(const Scene& scene) {
  std::string law;
  auto add = [&](const LawInfo& info) {
    if (law.empty()) law = info.id;
    return law == info.id;
  };
  for (const ContactPairModel& pair : scene.model.contact.pairs) {
    if (!add(*pair.law_info)) return "mixed";
  }
  // Pairs the broadphase finds at run time are made with the contacts block's law.
  const ContactModel& contact = scene.model.contact;
  if (contact.broadphase && contact.settings.law_info != nullptr && !add(*contact.settings.law_info)) return "mixed";
  return law.empty() ? "none" : law;
}

bool scene_has_friction(const Scene& scene) {
  const ContactModel& contact = scene.model.contact;
  return (contact.broadphase && contact.settings.friction_law != nullptr) ||
         std::any_of(contact.pairs.begin(), contact.pairs.end(),
                     [](const ContactPairModel& pair) { return pair.friction_law != nullptr; });
}

namespace {

// The loop constraints: each one's rows (those the tree cannot violate apart), the drift bound and what the run
// measured of it.
nlohmann::ordered_json loops_json(const Model& model, const SimulationResult& result) {
  using Json = nlohmann::ordered_json;
  Json constraints = Json::array();
  for (const LoopConstraint& loop : model.loops) {
    Json rows = Json::array();
    Json inert = Json::array();
    for (const LoopRow& row : loop.rows) rows.push_back(loop_row_name(row));
    for (const LoopRow& row : loop.inert_rows) inert.push_back(loop_row_name(row));
    constraints.push_back({{"name", loop.name},
                           {"type", loop_traits(loop.type).name},
                           {"body_a", model.bodies[static_cast<std::size_t>(loop.body_a)].name},
                           {"body_b", model.bodies[static_cast<std::size_t>(loop.body_b)].name},
                           {"rows", rows},
                           {"held_by_the_tree", inert}});
  }
  return {{"tolerance", json_number(model.loop_settings.tolerance)},
          {"baumgarte_frequency", json_number(model.loop_settings.baumgarte_frequency)},
          {"max_drift", json_number(result.max_loop_drift)},
          {"max_rate_drift", json_number(result.max_loop_rate_drift)},
          {"projections", result.loop_projections},
          {"projection_energy", json_number(result.loop_projection_energy)},
          {"constraints", constraints}};
}

// The joints with clearance: each one's type, bodies, clearance and contact pairs (its force is theirs).
nlohmann::ordered_json clearances_json(const Scene& scene) {
  using Json = nlohmann::ordered_json;
  Json joints = Json::array();
  for (const ClearanceJoint& joint : scene.clearances) {
    Json pairs = Json::array();
    for (std::size_t pair : joint.pairs) pairs.push_back(scene.model.contact.pairs[pair].name);
    joints.push_back({{"name", joint.name},
                      {"type", std::string(clearance_type_name(joint.type))},
                      {"body_a", scene.model.bodies[static_cast<std::size_t>(joint.body_a)].name},
                      {"body_b", scene.model.bodies[static_cast<std::size_t>(joint.body_b)].name},
                      {"clearance", json_number(joint.clearance)},
                      {"pairs", pairs}});
  }
  return joints;
}

}  // namespace

std::string summary_json(const Scene& scene, const SimulationResult& result, const std::vector<MeasureValue>& measures,
                         double wall_time_s, const Provenance& provenance) {
  return json_text(summary_document(scene, result, measures, wall_time_s, provenance));
}

nlohmann::ordered_json summary_document(const Scene& scene, const SimulationResult& result,
                                        const std::vector<MeasureValue>& measures, double wall_time_s,
                                        const Provenance& provenance) {
  using Json = nlohmann::ordered_json;
  const IntegratorOptions& integrator = scene.simulation.integrator;
  Json j;
  j["scene"] = scene.name;
  j["scene_file"] = scene.file;
  j["model"] = scene_law(scene);
  j["status"] = status_name(result.status);
  j["message"] = result.message;
  j["variables"] = Json::object();
  for (const auto& [name, value] : scene.variables) j["variables"][name] = json_number(value);
  // So plots and scripts can label the timeseries.csv coordinate columns ("1": quaternion components).
  j["coordinate_units"] = Json::object();
  for (const SeriesColumn& column : series_columns(scene)) {
    if (column.quantity == SeriesQuantity::kCoordinate || column.quantity == SeriesQuantity::kVelocity) {
      j["coordinate_units"][column.name] = column.unit;
    }
  }
  j["duration"] = json_number(scene.simulation.duration);
  j["end_time"] = json_number(result.end_time);
  j["integrator"] = {{"method", integrator_method_name(integrator.method)},
                     {"relative_tolerance", json_number(integrator.relative_tolerance)},
                     {"absolute_tolerance", json_number(integrator.absolute_tolerance)},
                     {"steps", result.stats.steps},
                     {"step_attempts", result.stats.step_attempts},
                     {"error_test_failures", result.stats.error_test_failures},
                     {"rhs_evaluations", result.stats.rhs_evaluations},
                     {"root_evaluations", result.stats.root_evaluations},
                     {"events", result.stats.events},
                     {"resting_steps", result.stats.resting_steps}};
  j["wall_time_s"] = json_number(wall_time_s);
  j["energy"] = {{"initial", json_number(result.initial_energy)},
                 {"max_balance_error", json_number(result.max_energy_balance_error)},
                 {"scale", json_number(result.energy_scale)},
                 {"max_relative_balance_error",
                  json_number(result.energy_scale > 0.0 ? result.max_energy_balance_error / result.energy_scale : 0.0)},
                 {"max_rise", json_number(result.max_energy_rise)}};
  if (!scene.model.loops.empty()) j["loops"] = loops_json(scene.model, result);
  if (!scene.clearances.empty()) j["clearances"] = clearances_json(scene);
  // With friction: the slip speed below which a point of a law that does not hold contacts counts as sticking.
  if (scene_has_friction(scene)) j["stick_speed"] = json_number(scene.model.contact.stick_speed);
  j["contacts"] = Json::array();
  for (const ContactPairModel& pair : scene.model.contact.pairs) {
    Json parameters = Json::object();
    for (std::size_t k = 0; k < pair.law_info->parameters.size(); ++k) {
      parameters[std::string(pair.law_info->parameters[k].name)] = json_number(pair.parameters.values[k]);
    }
    j["contacts"].push_back({{"pair", pair.name},
                             {"law", std::string(pair.law_info->id)},
                             {"parameters", parameters},
                             // null: the law does not read the pair's K or n (LawInfo::ignores)
                             {"stiffness", (pair.law_info->ignores & kIgnoresStiffness) != 0 ? Json(nullptr) : json_number(pair.stiffness)},
                             {"exponent", (pair.law_info->ignores & kIgnoresExponent) != 0 ? Json(nullptr) : json_number(pair.exponent)},
                             {"effective_radius", json_number(pair.effective_radius)},
                             {"effective_modulus", json_number(pair.effective_modulus)},
                             {"reduced_mass", json_number(pair.reduced_mass)}});
    // A pair with friction: its law and compiled parameters (those the materials gave included).
    if (pair.friction_law != nullptr) {
      Json friction = Json::object();
      for (std::size_t k = 0; k < pair.friction_law->parameters.size(); ++k) {
        friction[std::string(pair.friction_law->parameters[k].name)] = json_number(pair.friction_parameters.values[k]);
      }
      j["contacts"].back()["friction"] = {{"law", std::string(pair.friction_law->id)},
                                          {"stiction", stiction_name(pair.friction_law->stiction)},
                                          {"parameters", friction}};
    }
  }
  j["impacts"] = Json::array();
  for (const ImpactRecord& r : result.impacts) {
    Json impact = {{"pair", r.pair}, {"point", r.point}};
    for (int k = 0; k < kRecordedImpactColumns; ++k) {
      const ImpactColumn& column = kImpactColumns[k];
      impact[std::string(column.name)] = json_number(column.value(r));
      if (column.name == "t_end") impact["open"] = r.open;  // after t_end, as in impacts.csv
    }
    j["impacts"].push_back(impact);
  }
  // The scene's measures by name: {"value": …, "unit": …} (no unit for a number).
  if (!scene.measures.empty()) {
    j["measures"] = Json::object();
    for (std::size_t k = 0; k < measures.size(); ++k) {
      const MeasureValue& measure = measures[k];
      const bool count = scene.measures[k].reduction == Reduction::kCount;
      Json entry = {{"value", count ? Json(static_cast<long>(measure.value)) : json_number(measure.value)}};
      if (!measure.unit.empty()) entry["unit"] = measure.unit;
      j["measures"][measure.name] = entry;
    }
  }
  j["diagnostics"] = scene.notes;
  for (const std::string& diagnostic : result.diagnostics) j["diagnostics"].push_back(diagnostic);
  j["provenance"] = provenance_json(provenance);
  return j;
}

std::string impact_csv_header() {
  std::string header = "pair,point";
  for (int k = 0; k < kRecordedImpactColumns; ++k) {
    header.append(",").append(kImpactColumns[k].name);
    if (kImpactColumns[k].name == "t_end") header += ",open";
  }
  return header;
}

std::string impact_csv_fields(const ImpactRecord& r) {
  std::string fields = csv_field(r.pair) + "," + std::to_string(r.point);
  for (int k = 0; k < kRecordedImpactColumns; ++k) {
    fields.append(",").append(format_number(kImpactColumns[k].value(r)));
    if (kImpactColumns[k].name == "t_end") fields += r.open ? ",1" : ",0";
  }
  return fields;
}

std::string impacts_csv(const std::vector<ImpactRecord>& impacts) {
  std::string csv = impact_csv_header() + "\n";
  for (const ImpactRecord& r : impacts) csv += impact_csv_fields(r) + "\n";
  return csv;
}

void print_impact_table(std::ostream& out, const Scene& scene, const SimulationResult& result,
                        const std::vector<MeasureValue>& measures, double wall_time_s) {
  char line[512];
  std::snprintf(line, sizeof(line), "%s: law %s, %.6g s simulated in %.3f s (%ld steps, %ld RHS evaluations)\n",
                scene.name.c_str(), scene_law(scene).c_str(), result.end_time - scene.initial_state.time, wall_time_s,
                result.stats.steps, result.stats.rhs_evaluations);
  out << line;
  std::snprintf(line, sizeof(line), "%4s  %-20s %12s %12s %14s %14s %12s %13s %13s %14s\n", "#", "pair", "t_start [s]",
                "t_end [s]", "v_impact [m/s]", "v_sep [m/s]", "restitution", "max δ [m]", "max F [N]", "dissipated [J]");
  out << line;
  for (std::size_t i = 0; i < result.impacts.size(); ++i) {
    const ImpactRecord& r = result.impacts[i];
    std::snprintf(line, sizeof(line), "%4zu  %-20s %12.7f %12.7f %14.7g %14.7g %12.7f %13.6e %13.6e %14.6e%s\n", i + 1,
                  impact_label(scene, r).c_str(), r.t_start, r.t_end,
                  r.impact_velocity, r.separation_velocity, r.restitution, r.max_indentation, r.max_force,
                  r.dissipated_energy, r.open ? "  (open at end)" : "");
    out << line;
  }
  if (result.impacts.empty()) out << "      no impacts\n";
  // Pairs with several contact points: their points' impacts merged (engine/pair_impacts.h).
  const bool several = std::any_of(result.impacts.begin(), result.impacts.end(),
                                   [&](const ImpactRecord& r) { return points_of(scene, r.shape_a, r.shape_b) > 1; });
  if (several) {
    out << "per pair (points' impacts merged while they overlap):\n";
    std::snprintf(line, sizeof(line), "%4s  %-20s %12s %12s %14s %7s %13s %13s %14s\n", "#", "pair", "t_start [s]",
                  "t_end [s]", "v_impact [m/s]", "points", "max δ [m]", "max point F", "dissipated [J]");
    out << line;
    const std::vector<PairImpact> pairs = pair_impacts(result.impacts);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const PairImpact& r = pairs[i];
      std::snprintf(line, sizeof(line), "%4zu  %-20s %12.7f %12.7f %14.7g %7d %13.6e %13.6e %14.6e%s\n", i + 1,
                    r.pair.c_str(), r.t_start, r.t_end, r.impact_velocity, r.points, r.max_indentation,
                    r.max_point_force, r.dissipated_energy, r.open ? "  (open at end)" : "");
      out << line;
    }
  }
  if (!measures.empty()) {
    out << "measures:\n";
    std::size_t width = 0;
    for (const MeasureValue& measure : measures) width = std::max(width, measure.name.size());
    for (const MeasureValue& measure : measures) {
      out << "  " << measure.name << std::string(width - measure.name.size(), ' ') << " = " << measure_text(measure) << "\n";
    }
  }
  const double relative = result.energy_scale > 0.0 ? result.max_energy_balance_error / result.energy_scale : 0.0;
  std::snprintf(line, sizeof(line), "energy balance: max |E + W_dissipated - E(0)| = %.3e J (%.3e of %.6g J)\n",
                result.max_energy_balance_error, relative, result.energy_scale);
  out << line;
  // A run stopped on a rise of E: its balance may have closed (a contact's W_dissipated negative by as much), so the
  // rise is said too.
  if (result.status != SimulationStatus::kCompleted && result.max_energy_rise > 0.0) {
    std::snprintf(line, sizeof(line), "energy rise: max E - W_joints - E(0) = %.3e J (%.3e of %.6g J)\n",
                  result.max_energy_rise, result.energy_scale > 0.0 ? result.max_energy_rise / result.energy_scale : 0.0,
                  result.energy_scale);
    out << line;
  }
}

}  // namespace contactlab
