// SPDX-License-Identifier: MIT
// The output contract of `contactlab compare` (docs/output.md): comparison.csv, comparison.md and the
// stdout table, one row per force law, built from each law's run of the same scene.
#pragma once

#include <ostream>
#include <string>
#include <vector>

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

// One law's outcome, in the order the laws were requested.
struct LawRun {
  std::string law;  // registry id
  LawRunStatus status = LawRunStatus::kNotRun;
  std::string reason;                          // why it did not complete (empty when completed)
  std::string parameters;                      // "name=value …" as compiled (per pair when they differ)
  std::vector<std::string> notes;              // compile notes and run diagnostics
  std::string same_as;                         // the elastic law this one reduces to with its parameters, or ""
  SimulationResult result;                     // meaningful for kCompleted and kNumericalError
};

// The law as a comparison's rows name it: its id, and when its parameters make it another law, that law and the
// parameters, e.g. "kuwabara_kono (= hertz: damping=0 internal_friction=0)".
std::string law_label(const LawRun& run);

// `scene` is the scene compiled with its own law: it provides the name, file, settings and pair names,
// which are the same for every law.
std::string comparison_csv(const Scene& scene, const std::vector<LawRun>& runs);
std::string comparison_markdown(const Scene& scene, const std::vector<LawRun>& runs);
void print_comparison_table(std::ostream& out, const Scene& scene, const std::vector<LawRun>& runs, int threads,
                            double wall_time_s);

// A markdown column of values in one unit: the SI prefix that brings the largest finite magnitude into
// [1, 1000) (none for a dimensionless column, `unit` empty) and the decimals that give it five significant digits.
struct ScaledUnit {
  double factor = 1.0;
  std::string unit;  // prefixed, e.g. "kN", "µm"
  int decimals = 5;  // the same for the whole column, so the digits line up
  std::string format(double value) const;  // value / factor with `decimals` decimals ("0.000", never "-0.000")
};
ScaledUnit scale_unit(const std::string& unit, const std::vector<double>& values);

// The law parameters of a compiled scene, "restitution=0.9" ("none" for a law without parameters); when
// pairs differ, "<pair>: …; <pair>: …".
std::string law_parameter_text(const Scene& scene);

}  // namespace contactlab
