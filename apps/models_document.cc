// SPDX-License-Identifier: MIT
#include "apps/models_document.h"

#include "apps/friction_models.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <spdlog/spdlog.h>

#include "contact/material_mixing.h"
#include "contact/material_parameters.h"
#include "engine/calibration.h"
#include "models/registry.h"

namespace contactlab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kTargets[] = {0.1, 0.3, 0.5, 0.7, 0.9, 0.99};
constexpr double kSpeeds[] = {0.1, 1.0, 5.0};
constexpr std::size_t kSpeedCount = std::size(kSpeeds);
constexpr std::size_t kReferenceSpeed = 1;  // 1 m/s: where calibrations are made and errors are quoted

// S003 Table 1 steel (models.md §5.4), the material of the measured impact.
constexpr double kSteelYieldStrength = 1.03e9;
constexpr double kSteelYoungsModulus = 2.07e11;
constexpr double kSteelPoissonRatio = 0.3;

// How a law is measured: the parameters it keeps, and which parameter follows the target c.
struct Example {
  std::vector<NamedValue> fixed;          // kept parameters (a calibrated one: its start value, if required)
  std::vector<std::string_view> targets;  // parameters set to the target c
  std::string_view calibrated;            // a free damping parameter, calibrated for each target at 1 m/s
  std::string_view remark;                // where the example values come from
};

// Laws whose measurement is not simply "set the restitution parameter to the target" (the default for laws that
// take one: restitution_parameter).
Example example_for(const LawInfo& law) {
  static const std::map<std::string_view, Example> examples = {
      {"kelvin_voigt", {{}, {}, "damping", ""}},
      {"ristow", {{}, {}, "damping", ""}},
      {"schafer", {{}, {}, "damping", ""}},
      {"falcon", {{}, {}, "damping", "γ = 1/4 (default)"}},
      {"bordbar_hyppanen", {{}, {}, "damping", ""}},
      {"alizadeh", {{}, {}, "fluid_consistency", "n_l = 1 (default)"}},
      {"kuwabara_kono", {{}, {}, "damping", ""}},
      {"brilliantov_1996", {{}, {}, "dissipative_constant", ""}},
      {"brilliantov_updated", {{}, {}, "dissipative_constant", ""}},
      {"zheng",
       {{{"youngs_modulus", kSteelYoungsModulus}, {"poisson_ratio", kSteelPoissonRatio}},
        {},
        "dissipative_constant",
        "E = 207 GPa, ν = 0.3 (S003 steel)"}},
      {"choi", {{}, {}, "damping", "m_i = 3/2, m_d = 1, R_c = 0 (defaults)"}},
      {"wang_yield",
       {{{"yield_strength_1", kSteelYieldStrength}, {"yield_strength_2", kSteelYieldStrength}},
        {},
        "",
        "σ1 = σ2 = 1.03 GPa (S003 steel), so K* = 1 and c* = 1 − 0.26 δ̇⁻^{1/3}"}},
      {"luo_nahon",
       {{{"contact_area", 1e-5}, {"shape_coefficient", 0.01}},
        {"restitution"},
        "",
        "A0 = 1e-5 m², s′_max = 0.01 m, γ = 1 (an illustrative interference geometry; c does not depend on it)"}},
      {"wang_kv_granular",
       {{{"yield_strength", kSteelYieldStrength}},
        {"elastic_restitution", "plastic_restitution"},
        "",
        "σ_y = 1.03 GPa (S003 steel), c_e = c_p = target; ψ, ε defaults (S003 §3.4)"}},
      {"ma_liu", {{{"yield_strength", kSteelYieldStrength}}, {}, "", "σ_y = 1.03 GPa (S003 steel); ψ, ε defaults"}},
      {"thornton", {{{"yield_strength", kSteelYieldStrength}}, {}, "", "σ_y = 1.03 GPa (S003 steel)"}},
      {"yigit", {{{"yield_indentation", 5.2453e-6}}, {}, "", "δ_y = 5.2453e-6 m (S003's critical elastic deformation)"}},
      {"yigit_linearized",
       {{{"yield_indentation", 5.2453e-6}}, {}, "", "δ_y = 5.2453e-6 m (S003's critical elastic deformation)"}},
      {"roy_carretero",
       {{{"modulus_1", kSteelYoungsModulus},
         {"modulus_2", kSteelYoungsModulus},
         {"radius_1", 0.02},
         {"radius_2", 0.02},
         {"damping_1", 3.7e6},
         {"damping_2", 3.7e6}},
        {},
        "",
        "E1 = E2 = 207 GPa, R1 = R2 = 0.02 m (the S003 spheres), D1 = D2 = 3.7e6 Pa·s (illustrative)"}},
      {"xiong",
       {{{"damping_offset", 1e-5}, {"relaxation_rate", 1e5}},
        {},
        "damping_offset",
        "γ = 1e5 1/s, β2 = 0 (illustrative: α relaxes in about the contact time)"}},
      {"jian",
       {{{"equilibrium_shear_modulus", 79.6e9},
         {"relaxation_shear_modulus", 79.6e9},
         {"viscosity", 6e5},
         {"poisson_ratio", kSteelPoissonRatio}},
        {},
        "viscosity",
        "G_e = G0 = 79.6 GPa, ν = 0.3 (steel, so the elastic term is the Hertz law of the set-up)"}},
  };
  if (auto it = examples.find(law.id); it != examples.end()) return it->second;
  if (const int k = restitution_parameter(law); k >= 0) {
    return {{}, {law.parameters[static_cast<std::size_t>(k)].name}, "", ""};
  }
  return {};
}

enum class MeasurementKind { kTarget, kCalibrated, kExample };

struct Cell {
  double restitution = kNaN;
  std::string failure;  // why the engine stopped the run; empty without a value: no rebound (the bodies stick)
};

struct Row {
  double target = kNaN;
  double calibrated = kNaN;  // the calibrated parameter value (kCalibrated)
  std::string calibration_failure;
  Cell speeds[kSpeedCount];
};

struct Measurement {
  MeasurementKind kind = MeasurementKind::kExample;
  std::vector<Row> rows;
};

IsolatedImpactOptions impact_options() {
  IsolatedImpactOptions options;
  options.locate_force_peaks = false;  // c needs the onset and the separation only
  return options;
}

// The reason of a failed run or calibration without its "t = …, contact … (law …): " or "calibrating '…' of
// law '…': " prefix (the table says which law and value).
std::string reason(const std::string& message) {
  const auto law = message.find("of law '");
  if (message.rfind("calibrating '", 0) == 0 && law != std::string::npos) {
    const auto end = message.find("': ", law);
    if (end != std::string::npos) return message.substr(end + 3);
  }
  const auto colon = message.find("): ");
  return colon == std::string::npos ? message : message.substr(colon + 3);
}

Cell measure(const ContactPairModel& pair, double speed) {
  Cell cell;
  const IsolatedImpactSetup setup;
  const IsolatedImpactResult result = simulate_isolated_impact(pair, setup.effective_mass, speed, impact_options());
  if (result.separated) {
    cell.restitution = result.restitution;
  } else if (result.simulation.status != SimulationStatus::kCompleted) {
    cell.failure = "run stopped: " + reason(result.simulation.message);
  }  // else: the contact did not end within the run — no rebound (failure stays empty)
  return cell;
}

Measurement measure(LawIndex index) {
  const LawInfo& law = law_info(index);
  const Example& example = example_for(law);
  const IsolatedImpactSetup setup;
  Measurement m;
  if (!example.targets.empty()) {
    m.kind = MeasurementKind::kTarget;
    for (double target : kTargets) {
      Row row;
      row.target = target;
      std::vector<NamedValue> values = example.fixed;
      for (std::string_view name : example.targets) values.push_back({name, target});
      const ContactPairModel pair = isolated_impact_pair(index, values, setup);
      for (std::size_t s = 0; s < kSpeedCount; ++s) row.speeds[s] = measure(pair, kSpeeds[s]);
      m.rows.push_back(row);
    }
  } else if (!example.calibrated.empty()) {
    m.kind = MeasurementKind::kCalibrated;
    // The calibrated parameter starts from its default unless the example gives a start value.
    std::vector<NamedValue> values = example.fixed;
    if (std::none_of(values.begin(), values.end(), [&](const NamedValue& v) { return v.name == example.calibrated; })) {
      if (const LawParameter* p = find_parameter(law, example.calibrated)) {
        values.push_back({p->name, p->default_value});
      }
    }
    const ContactPairModel base = isolated_impact_pair(index, values, setup);
    CalibrationOptions options;
    options.impact = impact_options();
    for (double target : kTargets) {
      Row row;
      row.target = target;
      try {
        const RestitutionCalibration calibration =
            calibrate_restitution(base, example.calibrated, setup.effective_mass, kSpeeds[kReferenceSpeed], target, options);
        row.calibrated = calibration.value;
        ContactPairModel pair = base;
        pair.parameters = calibration.parameters;
        for (std::size_t s = 0; s < kSpeedCount; ++s) {
          if (s == kReferenceSpeed) {
            row.speeds[s].restitution = calibration.restitution;
          } else {
            row.speeds[s] = measure(pair, kSpeeds[s]);
          }
        }
      } catch (const std::exception& error) {
        row.calibration_failure = reason(error.what());
      }
      m.rows.push_back(row);
    }
  } else {
    m.kind = MeasurementKind::kExample;
    Row row;
    const ContactPairModel pair = isolated_impact_pair(index, example.fixed, setup);
    for (std::size_t s = 0; s < kSpeedCount; ++s) row.speeds[s] = measure(pair, kSpeeds[s]);
    m.rows.push_back(row);
  }
  return m;
}

// ---------------------------------------------------------------------------------------------------------
// Formatting. Restitutions to 4 decimals: the runs agree with the closed forms to ~1e-9, so the page is the
// same on every build of the same compiler, and −0.0000 is printed as 0.0000 so noise cannot flip a sign.

std::string format(const char* pattern, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, x);
  std::string text = buffer;
  if (text == "-0.0000" || text == "+0.0000") text = "0.0000";
  return text;
}

std::string decimal(double x) { return format("%.4f", x); }
std::string setup_value(double x) { return format("%.6g", x); }
// An error: "< 1e-6" where only integration noise (~1e-9) is left, else two significant digits.
std::string error_text(double x) { return x <= 1e-6 ? "< 1e-6" : format("%.2g", x); }
std::string signed_decimal(double x) { return format("%+.4f", x); }
std::string significant(double x) {
  if (std::isinf(x)) return x > 0.0 ? "∞" : "−∞";
  return format("%.4g", x);
}

// Markdown-safe text: `*` could start emphasis, `<` before a letter an HTML tag, `|` split a table cell.
std::string escape(std::string_view text, bool in_table = false) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : ' ';
    const bool tag_like = std::isalpha(static_cast<unsigned char>(next)) || next == '/' || next == '!' || next == '?';
    if (ch == '*') out += "\\*";
    else if (ch == '<' && tag_like) out += "&lt;";
    else if (ch == '|' && in_table) out += "\\|";
    else out += ch;
  }
  return out;
}

std::string code(std::string_view text, bool in_table = false) {
  std::string out = "`";
  for (char ch : text) {
    if (ch == '|' && in_table) out += "\\|";
    else out += ch;
  }
  return out + "`";
}

std::string range_text(const LawParameter& p) {
  return std::string(p.min_exclusive ? "(" : "[") + significant(p.min) + ", " + significant(p.max) +
         (p.max_exclusive || std::isinf(p.max) ? ")" : "]");
}

bool has_target_range(const LawInfo& law) { return law.accurate_restitution_max > law.accurate_restitution_min; }

std::string accurate_range_text(const LawInfo& law) { return has_target_range(law) ? accurate_restitution_text(law) : "—"; }

std::string needs_text(const LawInfo& law) {
  std::vector<std::string> needs;
  if (reads_impact_velocity(law))
    needs.push_back("the impact velocity δ̇⁻ (the closing speed at onset, or a new impact's largest)");
  if (law.needs & kNeedsEffectiveMass) needs.push_back("the effective mass m_eff");
  if (law.needs & kNeedsMaterials) needs.push_back("E\\* and R\\* of the pair (materials and shapes)");
  if (law.needs & kNeedsTimeSinceOnset) needs.push_back("the time since onset");
  if (law.needs & kNeedsHistory) needs.push_back("its history");
  if (law.requires_linear_stiffness) needs.push_back("a linear stiffness (exponent 1, k in N/m)");
  if (law.fixed_exponent > 0.0) {
    needs.push_back("K in N/m^" + significant(law.fixed_exponent) + " (the exponent fixed at " + significant(law.fixed_exponent) +
                    ": a scene's other one is refused)");
  }
  if ((law.ignores & kIgnoresStiffness) != 0) {
    const bool exponent = (law.ignores & kIgnoresExponent) != 0;
    needs.push_back(std::string("not the pair's K") + (exponent ? " or n" : "") + " (its elastic term is its own: a scene's `stiffness`" +
                    (exponent ? " and `exponent`" : "") + " for it " + (exponent ? "are" : "is") + " refused)");
  }
  if (law.state_size > 0) {
    needs.push_back(std::to_string(law.state_size) + " per-contact state entr" + (law.state_size == 1 ? "y" : "ies") +
                    (law.continuous_state_size > 0
                         ? " (" + std::to_string(law.continuous_state_size) + " integrated with the motion)"
                         : ""));
  }
  if (needs.empty()) return "nothing beyond δ, δ̇, K and n";
  std::string text;
  for (std::size_t i = 0; i < needs.size(); ++i) text += (i ? "; " : "") + needs[i];
  return text;
}

// How c depends on the impact speed over the measured rows (the speeds that ran, at least two per row).
std::string speed_dependence(const Measurement& m) {
  std::string verdict;
  for (const Row& row : m.rows) {
    std::vector<double> c;
    for (const Cell& cell : row.speeds) {
      if (std::isfinite(cell.restitution)) c.push_back(cell.restitution);
    }
    if (c.size() < 2) continue;
    const auto [low, high] = std::minmax_element(c.begin(), c.end());
    const bool falls = std::is_sorted(c.rbegin(), c.rend()) && c.front() > c.back();
    const bool rises = std::is_sorted(c.begin(), c.end()) && c.front() < c.back();
    std::string kind;
    if (*high - *low <= 1e-6) kind = "independent";
    else if (falls) kind = "falls with speed";
    else if (rises) kind = "rises with speed";
    else kind = "varies";
    if (verdict.empty()) verdict = kind;
    else if (verdict != kind) verdict = "varies";
  }
  return verdict.empty() ? "—" : verdict;
}

// Largest |c − target| at 1 m/s over the targets that ran, or NaN.
double worst_error(const Measurement& m) {
  double worst = kNaN;
  if (m.kind != MeasurementKind::kTarget) return worst;
  for (const Row& row : m.rows) {
    const double c = row.speeds[kReferenceSpeed].restitution;
    if (std::isfinite(c)) worst = std::isnan(worst) ? std::abs(c - row.target) : std::max(worst, std::abs(c - row.target));
  }
  return worst;
}

std::string input_text(const LawInfo& law, const Example& example, MeasurementKind kind) {
  if (law.impulsive) return "restitution e";
  if (kind == MeasurementKind::kTarget) return "target c";
  if (kind == MeasurementKind::kCalibrated) return "coefficient " + code(example.calibrated, true);
  if (law.parameters.empty()) return "—";
  return (law.needs & kNeedsHistory) ? "yield (history)" : "material parameters";
}

std::string use_text(const LawInfo& law, const Example& example, const Measurement& m) {
  const std::string speed = speed_dependence(m);
  const bool constant = speed == "independent";
  if (law.impulsive) return "reference: rigid impact, c = e exactly";
  switch (m.kind) {
    case MeasurementKind::kTarget: {
      const double worst = worst_error(m);
      std::string text;
      if (worst <= 1e-6) {
        text = "any target c, exact";
      } else if (worst <= 0.01) {
        text = "any target c, within " + error_text(worst);
      } else if (has_target_range(law) && law.accurate_restitution_max < 1.0) {
        text = "only low targets, c ≤ " + significant(law.accurate_restitution_max);
      } else if (has_target_range(law) && !law.accurate_restitution_also.empty()) {
        text = "targets c in " + accurate_range_text(law) + " only";
      } else if (has_target_range(law)) {
        text = "targets c ≥ " + significant(law.accurate_restitution_min) + " only";
      } else {
        text = "targets approximately (error up to " + error_text(worst) + ")";
      }
      if (!constant && speed != "—") text += "; c " + speed;
      return text;
    }
    case MeasurementKind::kCalibrated:
      return constant ? "any c: calibrate " + code(example.calibrated, true) + " once"
                      : "any c at one speed: calibrate " + code(example.calibrated, true) + " for it; c " + speed;
    case MeasurementKind::kExample:
      if (law.parameters.empty()) return "no dissipation (c = 1)";
      return "c follows from the material" + std::string(constant || speed == "—" ? "" : "; c " + speed);
  }
  return "";
}

std::string family_title(std::string_view family) {
  static const std::map<std::string_view, std::string_view> titles = {
      {"elastic", "Elastic"},
      {"kelvin_voigt", "Kelvin–Voigt: linear spring and dashpot (n = 1)"},
      {"hunt_crossley", "Hunt–Crossley family: F = K δ^n (1 + z δ̇/δ̇⁻)"},
      {"hertz_linear_dashpot", "Hertz spring and linear dashpot released at zero force"},
      {"power_law_damping", "Power-law damping: F = K δ^{3/2} + χ δ^m δ̇"},
      {"granular", "Granular (Wang et al., S003)"},
      {"elastoplastic", "Elastoplastic, with history"},
      {"alternative", "Alternative laws"},
      {"impulse", "Reference method (not a force law)"},
  };
  auto it = titles.find(family);
  return it == titles.end() ? std::string(family) : std::string(it->second);
}

// ---------------------------------------------------------------------------------------------------------

void write_measurement(const LawInfo& law, const Example& example, const Measurement& m, std::ostream& out) {
  const IsolatedImpactSetup setup;
  std::vector<std::string> footnotes;
  auto cell_text = [&](const Cell& cell, double speed) {
    if (std::isfinite(cell.restitution)) return decimal(cell.restitution);
    if (cell.failure.empty()) return std::string("no rebound");
    footnotes.push_back(significant(speed) + " m/s: " + cell.failure);
    return std::string("failed (") + std::to_string(footnotes.size()) + ")";
  };
  out << "**Measured** on the isolated impact ("
      << (law.requires_linear_stiffness ? "k = " + setup_value(setup.linear_stiffness) + " N/m, n = 1"
                                        : "K = " + setup_value(hertz_stiffness(setup.effective_modulus,
                                                                               setup.effective_radius)) +
                                              " N/m^1.5, n = 3/2")
      << (example.remark.empty() ? "" : "; " + escape(example.remark)) << "):\n\n";
  switch (m.kind) {
    case MeasurementKind::kTarget:
      out << "| target c | c at 0.1 m/s | c at 1 m/s | c at 5 m/s | c − target at 1 m/s |\n"
          << "|---|---|---|---|---|\n";
      for (const Row& row : m.rows) {
        out << "| " << significant(row.target);
        for (std::size_t s = 0; s < kSpeedCount; ++s) out << " | " << cell_text(row.speeds[s], kSpeeds[s]);
        const double c = row.speeds[kReferenceSpeed].restitution;
        out << " | " << (std::isfinite(c) ? signed_decimal(c - row.target) : "—") << " |\n";
      }
      break;
    case MeasurementKind::kCalibrated:
      out << "| target c | " << code(example.calibrated, true)
          << " calibrated at 1 m/s | c at 0.1 m/s | c at 1 m/s | c at 5 m/s |\n"
          << "|---|---|---|---|---|\n";
      for (const Row& row : m.rows) {
        out << "| " << significant(row.target) << " | ";
        if (!row.calibration_failure.empty()) {
          footnotes.push_back("target " + significant(row.target) + ": " + row.calibration_failure);
          out << "not found (" << footnotes.size() << ") | — | — | — |\n";
          continue;
        }
        out << significant(row.calibrated);
        for (std::size_t s = 0; s < kSpeedCount; ++s) out << " | " << cell_text(row.speeds[s], kSpeeds[s]);
        out << " |\n";
      }
      break;
    case MeasurementKind::kExample:
      out << "| c at 0.1 m/s | c at 1 m/s | c at 5 m/s |\n|---|---|---|\n|";
      for (std::size_t s = 0; s < kSpeedCount; ++s) out << " " << cell_text(m.rows[0].speeds[s], kSpeeds[s]) << " |";
      out << "\n";
      break;
  }
  if (!footnotes.empty()) {
    out << "\n";
    for (std::size_t i = 0; i < footnotes.size(); ++i) out << "(" << i + 1 << ") " << escape(footnotes[i]) << "\n";
  }
  out << "\n";
}

void write_law(const LawInfo& law, const Measurement& m, std::ostream& out) {
  const Example& example = example_for(law);
  out << "### " << code(law.id) << "\n\n";
  out << code(law.formula) << "\n\n";
  if (!law.aliases.empty()) {
    out << "- **Aliases**:";
    for (std::string_view alias : law.aliases) out << " " << code(alias);
    out << "\n";
  }
  out << "- **Family**: " << law.family << "\n";
  out << "- **Source**: " << escape(law.source) << "\n";
  out << "- **Needs**: " << needs_text(law) << "\n";
  out << "- **Dissipation parameter** (set by `compare --calibrate`): "
      << (law.dissipation_parameter.empty() ? std::string(law.parameters.empty() ? "none (elastic)" : "none (from material constants)")
                                            : code(law.dissipation_parameter))
      << (law.dissipation_twin.empty() ? std::string() : " = " + code(law.dissipation_twin) + " (set equal)") << "\n";
  if (law.impulsive) {
    out << "- **Contact**: none — an instantaneous impulse at the located onset\n";
  } else {
    out << "- **Contact ends** "
        << (law.separation == Separation::kForce ? "when F returns to 0 (a residual indentation remains)"
                                                 : "when δ returns to 0")
        << "; **tension** at the end of restitution: " << (law.can_tension ? "possible" : "no")
        << "; **force jump** at first touch: " << (law.force_jump ? "yes" : "no")
        << "; **force peak** at the maximum indentation: " << (law.peak_at_max_indentation ? "yes" : "no") << "\n";
  }
  out << "- **Reproduces a target c within 0.01** for: "
      << (has_target_range(law) ? "c in " + accurate_range_text(law) : std::string("— (no target restitution)"))
      << "\n\n";
  if (law.parameters.empty()) {
    out << "No parameters.\n\n";
  } else {
    out << "| parameter | unit | default | range | meaning |\n|---|---|---|---|---|\n";
    for (const LawParameter& p : law.parameters) {
      out << "| " << code(p.name, true) << " | " << escape(p.unit, true) << " | "
          << (p.required ? "required" : significant(p.default_value)) << " | " << range_text(p) << " | "
          << escape(p.description, true);
      if (const std::string_view source = material_role_source(p.role); !source.empty()) {
        out << "; left out: " << escape(source, true);
      }
      out << " |\n";
    }
    for (const LawParameter& p : law.derived) {
      out << "| " << code(p.name, true) << " | " << escape(p.unit, true) << " | derived | — | "
          << escape(p.description, true) << " |\n";
    }
    out << "\n";
  }
  if (!law.notes.empty()) out << "**Notes.** " << escape(law.notes) << "\n\n";
  write_measurement(law, example, m, out);
}

void write_introduction(std::ostream& out) {
  const IsolatedImpactSetup setup;
  out << "# Force laws\n\n"
         "<!-- Generated by `contactlab models --markdown` (apps/models_document.cc) from the registry (models/*.cc)\n"
         "     and isolated impacts run through the engine. Do not edit by hand: change the law's metadata or the\n"
         "     generator, then run `build/apps/contactlab models --markdown > docs/models.md`; ctest checks that this\n"
         "     page is the generator's current output. -->\n\n"
         "Every law of the registry (`contactlab models` lists them; `contactlab models ID` shows one). The formulas, "
         "sources and errata of the papers are catalogued in `../shared/docs/models.md`; this page is what contactlab "
         "implements: each law's metadata as the registry declares it, its notes (decisions and corrections to the "
         "printed formulas) and its coefficient of restitution **measured through the engine**. Hand-written notes "
         "(how the accurate ranges were computed, the bouncing-ball measurements) are in "
         "[models-notes.md](models-notes.md).\n\n"
         "## Conventions\n\n"
         "- δ indentation [m] (> 0 in contact), δ̇ its rate [m/s] (> 0 approaching), δ̇⁻ the approach speed captured "
         "at the located onset [m/s], K the stiffness [N/m^n] and n the exponent of K δ^n, m_eff the effective mass, "
         "R\\* and E\\* the effective radius and modulus. F > 0 is repulsive. SI units.\n"
         "- c = separation speed / impact speed (Newton's coefficient). A **target c** is a law's `restitution` "
         "parameter; the law **achieves** whatever the impact returns.\n"
         "- A parameter table's *derived* rows are what the law computes from the given parameters when a pair is "
         "compiled (e.g. the normalised damping z of a target c); a scene cannot give them.\n"
         "- **Reproduces a target c within 0.01**: the targets for which the law's damping formula returns the "
         "target within ±0.01 (the registry's accurate range; `check` warns outside it).\n"
         "- **Measured**: the isolated two-body impact of `engine/calibration.h` — one body on a prismatic joint "
         "against a fixed halfspace, no gravity — with the steel spheres of Wang et al. (S003 §3.4): m_eff = "
      << setup_value(setup.effective_mass) << " kg, R\\* = " << setup_value(setup.effective_radius)
      << " m, E\\* = " << setup_value(setup.effective_modulus) << " Pa, K = (4/3)E\\*√R\\* = "
      << setup_value(hertz_stiffness(setup.effective_modulus, setup.effective_radius))
      << " N/m^1.5 (n = 3/2); laws that need n = 1 get k = " << setup_value(setup.linear_stiffness)
      << " N/m (S003's plastic stiffness K_p). Each number is one engine run (Dormand–Prince 5(4), relative "
         "tolerance 1e-10; force peaks are not located, c needs only the onset and separation events), "
         "accurate to about 1e-8 and shown to 4 decimals.\n"
         "- Laws without a target c but with a free damping coefficient show the value `calibrate_restitution` "
         "(`engine/calibration.h`) finds for each target at 1 m/s, and the c that value gives at 0.1 and 5 m/s. "
         "Laws with neither show c at the example parameters stated with the table. *No rebound*: the contact "
         "had not ended 100 undamped contact times after touch (the bodies stick); *failed*: the engine stopped the "
         "run, for the reason given under the table.\n\n";
}

void write_summary(const std::vector<Measurement>& measurements, std::ostream& out) {
  const auto laws = all_laws();
  out << "## Which law to trust where\n\n"
         "From the measurements below (c at 0.1, 1 and 5 m/s; targets 0.1 … 0.99). *Input*: what sets the "
         "dissipation. *Within 0.01 for*: the registry's accurate range. *Worst error*: the largest |c − target| "
         "measured at 1 m/s. *c vs speed*: whether c depends on the impact speed.\n\n"
         "| law | input | within 0.01 for | worst error | c vs speed | tension | jump | use it for |\n"
         "|---|---|---|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < laws.size(); ++i) {
    const LawInfo& law = laws[i];
    const Measurement& m = measurements[i];
    const Example& example = example_for(law);
    const double worst = worst_error(m);
    out << "| [" << code(law.id, true) << "](#" << law.id << ") | " << input_text(law, example, m.kind) << " | "
        << accurate_range_text(law) << " | " << (std::isfinite(worst) ? error_text(worst) : "—") << " | "
        << speed_dependence(m) << " | " << (law.can_tension ? "yes" : "no") << " | " << (law.force_jump ? "yes" : "no")
        << " | " << use_text(law, example, m) << " |\n";
  }
  out << "\n";
}

}  // namespace

int write_models_document(const std::string& law, std::ostream& out) {
  if (!law.empty()) {
    const LawIndex index = find_law(law);
    if (index < 0) {
      spdlog::error("unknown law '{}'", law);
      return 2;
    }
    write_law(law_info(index), measure(index), out);
    return 0;
  }
  const auto laws = all_laws();
  std::vector<Measurement> measurements;
  for (std::size_t i = 0; i < laws.size(); ++i) measurements.push_back(measure(static_cast<LawIndex>(i)));
  write_introduction(out);
  write_summary(measurements, out);
  std::string family;
  for (std::size_t i = 0; i < laws.size(); ++i) {
    if (laws[i].family != family) {
      family = laws[i].family;
      out << "## " << family_title(family) << "\n\n";
    }
    write_law(laws[i], measurements[i], out);
  }
  write_friction_document(out);
  return 0;
}

}  // namespace contactlab
