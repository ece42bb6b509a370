// SPDX-License-Identifier: MIT
#include "apps/friction_models.h"

#include <cmath>
#include <cstdio>
#include <string_view>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "apps/output_files.h"
#include "models/friction_registry.h"

namespace contactlab {
namespace {

const char* stiction_text(Stiction stiction) {
  switch (stiction) {
    case Stiction::kNone: return "none (regularised: a loaded contact creeps)";
    case Stiction::kElastic: return "elastic (bristles hold a load below break-away with a small displacement)";
    case Stiction::kBand: return "band (below its band speed the force balances the load, up to μ_s N)";
    case Stiction::kExact: return "exact (the engine holds the contact at rest up to μ_s N, with stick and slip events)";
  }
  return "?";
}

std::string number(double x) { return std::isfinite(x) ? format_number(x) : (x > 0 ? "∞" : "−∞"); }

std::string range_text(const LawParameter& p) {
  return std::string(p.min_exclusive ? "(" : "[") + number(p.min) + ", " + number(p.max) + (p.max_exclusive ? ")" : "]");
}

std::string markdown(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '*' || c == '_') out += std::string("\\") + c;
    else out += c;
  }
  return out;
}

nlohmann::ordered_json json_law(const FrictionLawInfo& law) {
  using Json = nlohmann::ordered_json;
  Json parameters = Json::array();
  for (const LawParameter& p : law.parameters) {
    parameters.push_back({{"name", p.name},
                          {"unit", p.unit},
                          {"description", p.description},
                          {"required", p.required},
                          {"default", std::isfinite(p.default_value) ? Json(p.default_value) : Json(nullptr)},
                          {"min", std::isfinite(p.min) ? Json(p.min) : Json(nullptr)},
                          {"max", std::isfinite(p.max) ? Json(p.max) : Json(nullptr)}});
  }
  Json aliases = Json::array();
  for (std::string_view alias : law.aliases) aliases.push_back(alias);
  return {{"id", law.id},          {"aliases", aliases},
          {"family", law.family},  {"formula", law.formula},
          {"source", law.source},  {"notes", law.notes},
          {"parameters", parameters},
          {"stiction", stiction_name(law.stiction)},
          {"state_size", law.state_size},
          {"needs_stick_force", (law.needs & kFrictionNeedsStickForce) != 0}};
}

}  // namespace

const char* stiction_name(Stiction stiction) {
  switch (stiction) {
    case Stiction::kNone: return "none";
    case Stiction::kElastic: return "elastic";
    case Stiction::kBand: return "band";
    case Stiction::kExact: return "exact";
  }
  return "?";
}

int list_friction_models(const std::string& law, bool json, std::ostream& out) {
  if (law.empty()) {
    if (json) {
      nlohmann::ordered_json laws = nlohmann::ordered_json::array();
      for (const FrictionLawInfo& info : friction_laws()) laws.push_back(json_law(info));
      out << json_text(laws);
      return 0;
    }
    for (const FrictionLawInfo& info : friction_laws()) {
      out << info.id;
      for (std::size_t pad = info.id.size(); pad < 26; ++pad) out << ' ';
      out << info.formula << "\n";
    }
    return 0;
  }
  const FrictionLawIndex index = find_friction_law(law);
  if (index < 0) {
    std::string names;
    for (std::string_view id : friction_law_ids()) names += (names.empty() ? "" : ", ") + std::string(id);
    spdlog::error("unknown friction law '{}'; valid names are {}", law, names);
    return 2;
  }
  const FrictionLawInfo& info = friction_law_info(index);
  if (json) {
    out << json_text(json_law(info));
    return 0;
  }
  out << info.id << " (" << info.family << ")\n  " << info.formula << "\n  source: " << info.source << "\n";
  out << "  stiction: " << stiction_text(info.stiction) << "\n";
  out << "  parameters:\n";
  for (const LawParameter& p : info.parameters) {
    out << "    " << p.name << " [" << p.unit << "]" << (p.required ? " required" : "") << ", range " << range_text(p);
    if (!p.required) out << ", default " << number(p.default_value);
    out << ": " << p.description << "\n";
  }
  if (!info.notes.empty()) out << "  notes: " << info.notes << "\n";
  return 0;
}

void write_friction_document(std::ostream& out) {
  out << "# Friction laws\n\n"
         "Every tangential law of the friction registry (`contactlab models --friction` lists them; `contactlab "
         "models --friction ID` shows one). Each is isotropic: the 1-D formula below, of the slip speed s = |v_t|, "
         "acts along −v_t/s in the contact plane (the force on the second body of a pair, its opposite on the first); "
         "N is the normal law's force. Laws with *exact* stiction leave a contact at rest to the engine, which holds "
         "it up to μ_s N; the bristle laws are written per unit normal force (σ₀ in 1/m, σ₁ in s/m).\n\n";
  std::string family;
  for (const FrictionLawInfo& law : friction_laws()) {
    if (law.family != family) {
      family = law.family;
      out << "## " << family << "\n\n";
    }
    out << "### `" << law.id << "`\n\n`" << law.formula << "`\n\n";
    out << "- **Source**: " << markdown(law.source) << "\n";
    out << "- **Stiction**: " << stiction_text(law.stiction) << "\n";
    if (law.state_size > 0) out << "- **State**: " << law.state_size << " (the bristle deflection, a vector in the plane)\n";
    if (law.needs & kFrictionNeedsStickForce) {
      out << "- **Needs** the force that holds the contact (from the dynamics)\n";
    }
    out << "\n| parameter | unit | default | range | meaning |\n|---|---|---|---|---|\n";
    for (const LawParameter& p : law.parameters) {
      out << "| `" << p.name << "` | " << markdown(p.unit) << " | " << (p.required ? "required" : number(p.default_value))
          << " | " << range_text(p) << " | " << markdown(p.description) << " |\n";
    }
    out << "\n";
    if (!law.notes.empty()) out << "**Notes.** " << markdown(law.notes) << "\n\n";
  }
}

}  // namespace contactlab
