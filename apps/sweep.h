// SPDX-License-Identifier: MIT
// `contactlab sweep` (docs/output.md): the --vary arguments, the runs of their cartesian product, and the
// output contract — sweep.csv, sweep.md and the stdout table, one row per run.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/measures.h"
#include "engine/simulate.h"
#include "scenes/scene.h"

namespace contactlab {

// A malformed --vary argument; the message names the argument and what was expected.
struct SweepArgumentError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// One varied scene variable (or key path, e.g. contacts.parameters.damping) and the values it takes, in order.
struct SweepVariable {
  std::string name;
  // As `--set NAME=VALUE` takes them: the expressions of a list as given (trimmed), the values of a range as
  // round-trip numbers.
  std::vector<std::string> values;
};

// Parses `--vary NAME=VALUES`. VALUES is a comma list of expressions (`1,2.5,5`; commas inside parentheses
// belong to the expression, e.g. `max(a,b)`), a range `start:stop:count` (count ≥ 2 values, linearly spaced,
// both ends included) or `start:stop:count:log` (geometrically spaced, both ends > 0). The ends of a range and
// the expressions of a list may use the scene's `variables` (evaluated with them to check them and, for a
// range, to compute it); the values between the ends of a range are rounded to 15 significant digits, so
// 0.1:0.8:8 gives 0.1, 0.2, …, 0.8. A list value that is a plain number is kept as the shortest text of the
// same double (1e3 as 1000). Throws SweepArgumentError when NAME is not one of `variables` or VALUES is malformed.
SweepVariable parse_vary(const std::string& argument, const std::map<std::string, double>& variables);

// Every --vary argument in the order given; also rejects a name varied twice or also given with --set
// (`set_names`), and a product of more than a million runs.
std::vector<SweepVariable> parse_sweep(const std::vector<std::string>& arguments,
                                       const std::map<std::string, double>& variables,
                                       const std::vector<std::string>& set_names);

// The number of runs: the product of the numbers of values.
std::size_t sweep_size(const std::vector<SweepVariable>& variables);
// The value index of each variable in run `run` of the cartesian product, row-major in the order the variables
// were given (the last one varies fastest).
std::vector<std::size_t> sweep_point(const std::vector<SweepVariable>& variables, std::size_t run);

enum class SweepRunStatus {
  kCompleted,
  kNumericalTrouble,  // the run stopped; its impacts up to then are reported
  kBadInput,          // the scene does not compile with these values (e.g. a restitution outside (0, 1])
  kFailed,            // internal error
};

// ok, numerical_trouble, bad_input, failed.
const char* sweep_run_status_name(SweepRunStatus status);

// One run's outcome, in the order of the cartesian product.
struct SweepRun {
  // Per varied variable: its value as compiled (round trip), or the expression given when the scene did not
  // compile.
  std::vector<std::string> values;
  SweepRunStatus status = SweepRunStatus::kFailed;
  std::string message;  // why it did not complete (empty when completed)
  std::vector<ImpactRecord> impacts;   // in the order of impacts.csv
  std::vector<MeasureValue> measures;  // the scene's measures, in the order declared
  IntegratorStats stats;
  double end_time = 0.0;
  double wall_time_s = 0.0;  // of the simulation

  bool has_result() const { return status == SweepRunStatus::kCompleted || status == SweepRunStatus::kNumericalTrouble; }
};

// What every run shares: the scene file, --model and --set, and the varied variables.
struct SweepSetup {
  std::string scene_file;
  std::string law;                     // --model; empty: the scene's own
  std::vector<std::string> overrides;  // --set NAME=VALUE, as given
  std::vector<SweepVariable> variables;
};

// sweep.csv: every impact of every run, one row each (case, the varied values, the impact's index in its run, then
// impacts.csv's columns). `scene` is the scene compiled with --model and --set but without the varied values (name,
// description, measures).
std::string sweep_csv(const SweepSetup& setup, const std::vector<SweepRun>& runs);
// sweep_cases.csv: one row per run — case, the varied values, status, message, number of impacts, the scene's
// measures (measure.<name>), steps, RHS evaluations, end time and wall time.
std::string sweep_cases_csv(const Scene& scene, const SweepSetup& setup, const std::vector<SweepRun>& runs);
std::string sweep_markdown(const Scene& scene, const SweepSetup& setup, const std::vector<SweepRun>& runs);
// At most `max_rows` rows; a last line says how many more are in sweep.csv.
void print_sweep_table(std::ostream& out, const Scene& scene, const SweepSetup& setup, const std::vector<SweepRun>& runs,
                       int threads, double wall_time_s, std::size_t max_rows = 40);
// The command that reproduces run `run` alone: `contactlab run FILE [--model ID] [--set …] --set NAME=VALUE …`.
std::string sweep_run_command(const SweepSetup& setup, const SweepRun& run);

}  // namespace contactlab
