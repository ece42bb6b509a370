// SPDX-License-Identifier: MIT
// The output contract of `contactlab compare` (docs/output.md): comparison.csv, comparison.md and the
// stdout table, one row per force law, built from each law's run of the same scene.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "apps/measures.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {

enum class LawRunStatus {
  kCompleted,
  kNumericalError,  // the run stopped; its output up to then is in <law>/
  kNotRun,          // the scene does not compile with this law (missing parameter, needs linear stiffness, …)
  kFailed,          // I/O or internal error while running or writing
};

const char* law_run_status_name(LawRunStatus status);

// Which registry a list of laws names: the normal force laws or the friction laws.
enum class LawKind { kNormal, kFriction };

// `--models ID,ID,…|all` (named `option` in messages; the Python module's compare gives its laws joined by commas):
// the registry ids, in the order given, aliases resolved. An empty list or item (`flores,,hertz`), an unknown law, and
// a law named twice (`flores,flores`, an alias and its id, a law and `all`: one of them would be silently dropped) throw
// std::invalid_argument with the message.
std::vector<std::string> resolve_laws(const std::string& list, LawKind kind, const std::string& option);

// One law's outcome, in the order the laws were requested: a normal law (--models), a friction law
// (--friction-models) with the scene's normal law, or one of each (both options: every pair of them).
struct LawRun {
  std::string law;       // the normal law's registry id (the scene's own, scene_law, when not overridden)
  bool overrides_law = true;  // false: the scene's own normal law(s) run
  std::string friction;  // the friction law's registry id; empty: the scene's own friction (or none)
  LawRunStatus status = LawRunStatus::kNotRun;
  std::string reason;                          // why it did not complete (empty when completed)
  std::string parameters;                      // "name=value …" as compiled (per pair when they differ)
  std::string calibration;                     // calibration_text: what a calibration set, or why none ran
  std::string stiffness;                       // linear_stiffness_text: an equivalent linear stiffness, or ""
  std::vector<std::string> notes;              // compile notes and run diagnostics
  std::string same_as;                         // the elastic law this one reduces to with its parameters, or ""
  bool rubs = false;                           // some contact pair ran with a friction law
  SimulationResult result;                     // meaningful for kCompleted and kNumericalError
  std::vector<MeasureValue> measures;          // the scene's measures over this run (same meaning)
};

// Whether the run has a result (and a directory): it completed, or stopped on numerical trouble.
// The markdown list items naming the scene's file and its variables' values (comparison.md, report.md).
std::string scene_file_lines(const Scene& scene);

bool has_result(const LawRun& run);

// The run's directory and its name in comparison.csv: the law, the friction law (with the scene's normal law), or
// both, "hertz+coulomb_tanh".
std::string run_directory(const LawRun& run);

// The law as a comparison's rows name it: its id, and when its parameters make it another law, that law and the
// parameters, e.g. "kuwabara_kono (= hertz: damping=0 internal_friction=0)"; then the friction law, if one was
// asked for: "hertz + coulomb_tanh".
std::string law_label(const LawRun& run);

// law_label, and for a law stopped by numerical trouble where it stopped: "flores (stopped at 0.0123 s: numerical
// error)". The rows of tables without a status column (measures, impacts per impact or per pair, the page's impact
// totals) are labelled so: their numbers cover the run up to then only.
std::string result_label(const LawRun& run);

// `scene` is the scene compiled with its own law: it provides the name, file, settings and pair names,
// which are the same for every law.
std::string comparison_csv(const Scene& scene, const std::vector<LawRun>& runs);
std::string comparison_markdown(const Scene& scene, const std::vector<LawRun>& runs);
// The markdown table law × measure of the scene's measures (scenes/measure.h), one scaled unit per column, rows for the
// laws with a result; empty for a scene without measures. comparison.md's "Measures" and the comparison page show it.
std::string measure_table(const Scene& scene, const std::vector<LawRun>& runs);
void print_comparison_table(std::ostream& out, const Scene& scene, const std::vector<LawRun>& runs, int threads,
                            double wall_time_s);

// A markdown column of values in one unit: the SI prefix that brings the largest finite magnitude into
// [1, 1000) (none for a dimensionless column, `unit` empty) and the decimals that give it five significant digits.
struct ScaledUnit {
  double factor = 1.0;
  std::string unit;  // prefixed, e.g. "kN", "µm"
  int decimals = 5;  // the same for the whole column, so the digits line up
  // value / factor with `decimals` decimals ("0.000", never "-0.000"); NaN (a value the run does not have) is "—"
  std::string format(double value) const;
};
ScaledUnit scale_unit(const std::string& unit, const std::vector<double>& values);

// The law parameters of a compiled scene, "restitution=0.9" ("none" for a law without parameters), and a friction
// law's after its id, "restitution=0.9; coulomb_tanh: friction=0.3 regularisation_velocity=1e-04"; when pairs
// differ, "<pair>: …; <pair>: …".
std::string law_parameter_text(const Scene& scene);

// What the scene's calibrations set, "damping=41.5 (restitution 0.9 at 1.5 m/s)", per pair when they differ; when a
// common calibration was asked for (`compare --calibrate`) and the law has no dissipation parameter, why it was not
// calibrated: "elastic: not calibrated" for a law without parameters, else "dissipation from material constants: not
// calibrated". Empty when nothing was asked.
std::string calibration_text(const Scene& scene, bool common_calibration);

// The equivalent linear stiffness of a law that needs one on a Hertz contact (equivalent_linear_stiffness),
// "k=1.23e+07 N/m (equal maximum indentation at 1 m/s)", per pair when they differ; empty for other laws.
std::string linear_stiffness_text(const Scene& scene);

}  // namespace contactlab
