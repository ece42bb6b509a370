// SPDX-License-Identifier: MIT
#include "apps/report_page.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "apps/output_files.h"
#include "apps/series_columns.h"
#include "engine/names.h"

namespace contactlab {
namespace {

// Without a `report` block, a scene without loops or drives shows the contact force of this many of its pairs (a
// granular chain has hundreds; its report block can name the ones that matter).
constexpr std::size_t kDefaultForceCurves = 6;

[[noreturn]] void refuse(const Scene& scene, const SourceSpot& spot, const std::string& problem) {
  throw SceneError(scene.file, spot.line, spot.column, spot.key_path, problem);
}

bool is_mechanism(const Model& model) { return !model.loops.empty() || !model.driven_bodies.empty(); }

// Whether v[index] is a driven joint's: its motion is prescribed, the same for every law.
bool driven(const Model& model, int index) {
  return std::any_of(model.driven_bodies.begin(), model.driven_bodies.end(),
                     [&](int b) { return model.bodies[static_cast<std::size_t>(b)].joint.v_index == index; });
}

ReportCurve resolve_curve(const Scene& scene, const ReportEntry& entry, const std::vector<SeriesColumn>& columns) {
  std::vector<std::string_view> written;
  for (const SeriesColumn& column : columns) {
    if (column.written && column.name != "time") written.push_back(column.name);
  }
  if (entry.name == "time") refuse(scene, entry.spot, "time is the curves' abscissa (with the crank angle), not a curve");
  for (const SeriesColumn& column : columns) {
    if (column.name != entry.name) continue;
    if (!column.written) {
      refuse(scene, entry.spot, "timeseries.csv does not write '" + entry.name +
                                    "': the accelerations a_<coordinate> are written for mechanisms (loops or drives) only");
    }
    return {column.name, column.unit};
  }
  refuse(scene, entry.spot, "the scene has no time-series column '" + entry.name + "'" + did_you_mean(entry.name, written) +
                                (written.size() <= 30 ? "; its columns are " + join_names(written) : "; its columns are timeseries.csv's"));
}

std::string resolve_orbit(const Scene& scene, const ReportEntry& entry) {
  std::vector<std::string_view> revolute;
  for (const ClearanceJoint& joint : scene.clearances) {
    if (joint.type == ClearanceType::kRevolute) revolute.push_back(joint.name);
    if (joint.name != entry.name) continue;
    if (joint.type != ClearanceType::kRevolute) {
      refuse(scene, entry.spot, "'" + entry.name + "' is a translational clearance joint, which has no journal orbit; list its columns " +
                                    entry.name + ".y and " + entry.name + ".angle under curves");
    }
    return joint.name;
  }
  refuse(scene, entry.spot, "the scene has no revolute clearance joint '" + entry.name + "'" + did_you_mean(entry.name, revolute) +
                                (revolute.empty() ? "; it has none" : "; its revolute clearance joints are " + join_names(revolute)));
}

// Without a report block: a mechanism's undriven accelerations (its slider's is the clearance papers' headline
// curve), else its first pairs' contact forces.
std::vector<ReportCurve> default_curves(const Scene& scene, const std::vector<SeriesColumn>& columns, std::string& note) {
  std::vector<ReportCurve> curves;
  if (is_mechanism(scene.model)) {
    for (const SeriesColumn& column : columns) {
      if (column.quantity == SeriesQuantity::kAcceleration && column.written && !driven(scene.model, column.index)) {
        curves.push_back({column.name, column.unit});
      }
    }
    if (!curves.empty()) return curves;
  }
  std::size_t forces = 0;
  for (const SeriesColumn& column : columns) {
    if (column.quantity != SeriesQuantity::kForce) continue;
    if (++forces <= kDefaultForceCurves) curves.push_back({column.name, column.unit});
  }
  if (forces > kDefaultForceCurves) {
    note = "the contact force of the first " + std::to_string(kDefaultForceCurves) + " of " + std::to_string(forces) + " pairs";
  }
  return curves;
}

std::string unit_text(const std::string& unit) { return unit.empty() || unit == "1" ? "" : " [" + unit + "]"; }

// The laws: what each ran with, or why it did not.
void write_laws(std::ostream& m, const std::vector<LawRun>& runs) {
  m << "\n## Laws\n\n| law | status | parameters | calibration | linear stiffness |\n|---|---|---|---|---|\n";
  for (const LawRun& run : runs) {
    const std::string status = run.status == LawRunStatus::kCompleted ? "completed"
                                                                       : std::string(law_run_status_name(run.status)) + ": " + run.reason;
    m << "| " << markdown_cell(law_label(run)) << " | " << markdown_cell(status) << " | "
      << (run.parameters.empty() ? "—" : markdown_cell(run.parameters)) << " | "
      << (run.calibration.empty() ? "—" : markdown_cell(run.calibration)) << " | "
      << (run.stiffness.empty() ? "—" : markdown_cell(run.stiffness)) << " |\n";
  }
}

// Every impact of each law, over all pairs: a mechanism rattles hundreds of times, so the counts and extremes say more
// than the first impact (comparison.md has the impacts one by one).
void write_impacts(std::ostream& m, const std::vector<LawRun>& runs) {
  struct Totals {
    std::size_t impacts = 0, open = 0, pairs = 0;
    double fastest = 0.0, strongest = 0.0, dissipated = 0.0;
  };
  std::vector<Totals> totals(runs.size());
  std::vector<double> speeds, forces, energies;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (!has_result(runs[r])) continue;
    Totals& t = totals[r];
    std::vector<std::string> pairs;
    for (const ImpactRecord& impact : runs[r].result.impacts) {
      ++t.impacts;
      t.open += impact.open ? 1 : 0;
      t.fastest = std::max(t.fastest, impact.impact_velocity);
      t.strongest = std::max(t.strongest, impact.max_force);
      t.dissipated += impact.dissipated_energy;
      if (std::find(pairs.begin(), pairs.end(), impact.pair) == pairs.end()) pairs.push_back(impact.pair);
    }
    t.pairs = pairs.size();
    speeds.push_back(t.fastest);
    forces.push_back(t.strongest);
    energies.push_back(t.dissipated);
  }
  const ScaledUnit speed = scale_unit("m/s", speeds), force = scale_unit("N", forces), energy = scale_unit("J", energies);
  m << "\n## Impacts\n\nEvery impact of each law, over all contact pairs: how many (still open at the end), on how many "
       "pairs, the fastest impact speed, the largest peak force and the energy the impacts dissipated in all.\n\n"
    << "| law | impacts | open at end | pairs | fastest impact" << unit_text(speed.unit) << " | largest peak force"
    << unit_text(force.unit) << " | dissipated in impacts" << unit_text(energy.unit) << " |\n|---|--:|--:|--:|--:|--:|--:|\n";
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (!has_result(runs[r])) continue;
    const Totals& t = totals[r];
    m << "| " << markdown_cell(result_label(runs[r])) << " | " << t.impacts << " | " << t.open << " | " << t.pairs << " | "
      << (t.impacts ? speed.format(t.fastest) : "—") << " | " << (t.impacts ? force.format(t.strongest) : "—") << " | "
      << (t.impacts ? energy.format(t.dissipated) : "—") << " |\n";
  }
}

void write_figures(std::ostream& m, const Scene& scene, const std::vector<LawRun>& runs, const ReportFigures& figures) {
  const bool any = std::any_of(runs.begin(), runs.end(), [](const LawRun& run) { return has_result(run); });
  m << "\n## Headline curves\n\n";
  if (!any) {
    m << "No law ran, so there is nothing to overlay.\n";
    return;
  }
  const std::string origin = figures.declared ? "the scene's `report` block"
                                              : "the defaults (the scene has no `report` block; docs/scenes.md \"Report\")";
  if (!figures.curves.empty()) {
    m << "One axes per curve, one line per law (as in the other comparison plots), against the crank angle when a "
         "revolute joint is driven, else time; from "
      << origin << (figures.defaults_note.empty() ? "" : ": " + figures.defaults_note) << ".\n\n";
    for (const ReportCurve& curve : figures.curves) m << "- `" << curve.column << "`" << unit_text(curve.unit) << "\n";
    m << "\n![" << markdown_cell(scene.name) << ": headline curves per law](" << kReportCurvesFile << ")\n";
  } else {
    m << "The scene has no headline curve (" << origin << "): no loops or drives and no compiled contact pair.\n";
  }
  if (figures.orbits.empty()) return;
  m << "\n## Journal orbits\n\nThe journal centre in its bearing over the radial clearance c, one line per law; the unit "
       "circle is contact, beyond it the journal indents the bearing.\n\n";
  for (const std::string& joint : figures.orbits) {
    const auto found = std::find_if(scene.clearances.begin(), scene.clearances.end(),
                                    [&](const ClearanceJoint& j) { return j.name == joint; });
    m << "- `" << joint << "`: c = " << format_number(found->clearance * 1e3) << " mm\n";
  }
  m << "\n![" << markdown_cell(scene.name) << ": journal orbits per law](" << kReportOrbitsFile << ")\n";
}

}  // namespace

ReportFigures report_figures(const Scene& scene) {
  const std::vector<SeriesColumn> columns = series_columns(scene);
  ReportFigures figures;
  figures.declared = scene.report.declared;
  if (scene.report.declared) {
    for (const ReportEntry& entry : scene.report.curves) figures.curves.push_back(resolve_curve(scene, entry, columns));
    for (const ReportEntry& entry : scene.report.orbits) figures.orbits.push_back(resolve_orbit(scene, entry));
    return figures;
  }
  figures.curves = default_curves(scene, columns, figures.defaults_note);
  for (const ClearanceJoint& joint : scene.clearances) {
    if (joint.type == ClearanceType::kRevolute) figures.orbits.push_back(joint.name);
  }
  return figures;
}

std::string report_json(const ReportFigures& figures) {
  using Json = nlohmann::ordered_json;
  Json curves = Json::array();
  for (const ReportCurve& curve : figures.curves) curves.push_back({{"column", curve.column}, {"unit", curve.unit}});
  Json j = Json::object();
  j["curves"] = {{"file", kReportCurvesFile}, {"columns", curves}};
  j["orbits"] = {{"file", kReportOrbitsFile}, {"joints", figures.orbits}};
  return json_text(j);
}

std::string scene_source_comment(const std::string& file) {
  std::ifstream in(file);
  std::string line, paragraph, text;
  auto end_paragraph = [&] {
    if (!paragraph.empty()) text += (text.empty() ? "" : "\n\n") + paragraph;
    paragraph.clear();
  };
  while (std::getline(in, line)) {
    if (!line.starts_with("#")) break;
    std::string words = line.substr(1);
    words.erase(0, words.find_first_not_of(" \t"));
    words.erase(words.find_last_not_of(" \t\r") + 1);
    if (words.empty()) {
      end_paragraph();
      continue;
    }
    paragraph += (paragraph.empty() ? "" : " ") + words;
  }
  end_paragraph();
  return text;
}

std::string report_markdown(const Scene& scene, const std::vector<LawRun>& runs, const ReportFigures& figures) {
  std::ostringstream m;
  m << "# " << scene.name << ": the force laws compared\n\n";
  if (!scene.description.empty()) m << scene.description << "\n\n";
  const std::string source = scene_source_comment(scene.file);
  if (!source.empty()) {
    std::istringstream paragraphs(source);
    std::string line;
    while (std::getline(paragraphs, line)) {
      m << ">";
      if (!line.empty()) m << " " << markdown_cell(line);
      m << "\n";
    }
    m << "\n";
  }
  m << scene_file_lines(scene);
  const IntegratorOptions& integrator = scene.simulation.integrator;
  m << "- Every law runs the same mechanism, initial state, integrator (" << integrator_method_name(integrator.method)
    << ", relative tolerance " << format_number(integrator.relative_tolerance) << ") and duration ("
    << format_number(scene.simulation.duration) << " s); only the force law of every contact changes.\n"
    << "- Each law's run is in `<law>/`; comparison.md has every impact, comparison.csv every value at full precision.\n";

  write_laws(m, runs);
  m << "\n## Measures\n\n";
  if (scene.measures.empty()) {
    m << "The scene declares no measures (its `measures` block, docs/scenes.md \"Measures\").\n";
  } else {
    m << "The scene's measures (its `measures` block), per law.\n\n" << measure_table(scene, runs);
  }
  write_impacts(m, runs);
  write_figures(m, scene, runs, figures);
  return m.str();
}

}  // namespace contactlab
