// SPDX-License-Identifier: MIT
// A scene file read into a scene specification (engine/scene_spec.h), compiled into what a run needs — the immutable
// Model, the initial State and the simulation options (engine/compile_scene.h) — and calibrated
// (engine/scene_calibration.h). The schema is documented in docs/scenes.md.
#pragma once

#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/compile_scene.h"
#include "engine/scene_calibration.h"
#include "scenes/measure.h"
#include "scenes/report_spec.h"
#include "scenes/scene_size.h"

namespace contactlab {

// Bad input: names the file, line, column and key path, what was expected and what was found.
class SceneError : public std::runtime_error {
 public:
  SceneError(std::string file, int line, int column, std::string key_path, std::string problem);
  const std::string& file() const { return file_; }
  int line() const { return line_; }      // 1-based; 0 when unknown
  int column() const { return column_; }  // 1-based; 0 when unknown
  const std::string& key_path() const { return key_path_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string file_;
  int line_;
  int column_;
  std::string key_path_;
  std::string problem_;
};

struct SceneOptions {
  // --set NAME=VALUE: a variable (VALUE: an expression), or a key path of the document such as
  // contacts.parameters.damping or bodies.ball.mass (VALUE: YAML), validated like the file (scenes/key_path.h).
  std::vector<std::pair<std::string, std::string>> variable_overrides;
  std::string override_flag = "--set";  // how messages name an override (`sweep` checks its --vary values)
  std::string law_override;                                            // --model ID: every contact's law
  std::string friction_law_override;                                   // every contact's friction law (compare)
  std::optional<CommonCalibration> common_calibration;                 // compare --calibrate (CompileOptions')
  // The most a scene's own `limits` may allow (a fuzzer or a service lowers it; the default leaves it to the scene).
  SceneLimits ceiling{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  // Whether a scene's `plugins:` list is loaded (scenes/law_plugins.h); when off it is bad input (the fuzzer turns
  // it off: a scene must not make it load arbitrary libraries).
  bool load_plugins = true;
  // Whether an override of a contact setting that no compiled pair reads (scenes/key_path.h, unread_setting_problem)
  // is bad input. `compare` turns it off for its laws' runs, whose `--models` replace every law: it checks the
  // overrides once, on the scene with its own laws.
  bool refuse_unread_overrides = true;
  // compare's own check of its --set's: the settings its --models (a block's `law` and `method`) and --friction-models
  // (a block's `friction` law) replace in every pair; an override of one is refused, since it would change nothing.
  bool law_replaced = false;
  bool friction_replaced = false;
};

// A compiled and calibrated scene (its name, model, initial state, simulation options, notes), and what of it is
// the file's.
// How `contactlab run` writes a run's records (docs/output.md): CSV files, or one HDF5 file, results.h5.
enum class OutputFormat { kCsv, kHdf5 };
inline constexpr std::string_view kOutputFormatNames[] = {"csv", "hdf5"};  // by OutputFormat

struct Scene : CompiledScene {
  std::vector<CalibrationOutcome> calibrated;  // what calibrate_scene did, in order
  std::string file;
  std::map<std::string, double> variables;  // after overrides
  SceneLimits limits;                       // the scene's `limits` block
  SceneSize size;                           // estimated from the file before it was built
  std::vector<MeasureSpec> measures;        // the `measures` block, in the order written
  ReportSpec report;                        // the `report` block: what `compare --report` overlays
  OutputFormat output_format = OutputFormat::kCsv;  // `output.format`
};

// Reads, compiles and calibrates a scene file; throws SceneError on any problem, at its line and column.
Scene load_scene(const std::string& path, const SceneOptions& options = {});

// Same, from text; `file` is the name used in messages (and a scene's `plugins:` are relative to its directory).
Scene load_scene_text(const std::string& text, const std::string& file, const SceneOptions& options = {});


}  // namespace contactlab
