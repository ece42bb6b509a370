// SPDX-License-Identifier: MIT
// The compile stage: the contacts — each block's law by name (models/registry.h) and its parameters by name, the
// stiffness, mass and tension rules; every pair compiled with the model (make_contact_pair), or, for pairs the
// broadphase finds at run time, the settings they are made with, checked against one pair of every two kinds of
// shape; and the calibrations asked for, recorded for calibrate_scene.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>
#include <utility>

#include "contact/material_parameters.h"
#include "contact/shape_traits.h"
#include "engine/names.h"
#include "engine/calibration.h"
#include "engine/scene_compiler.h"

namespace contactlab::compile {
namespace {

auto positive = [](double x) { return x > 0.0; };
auto non_negative = [](double x) { return x >= 0.0; };

const std::string kContacts = "contacts";

// Whether the settings' law has a restitution with a default (an either/or parameter).
bool optional_restitution(const PairSettings& settings) {
  const int k = restitution_parameter(*settings.law_info);
  return k >= 0 && !settings.law_info->parameters[static_cast<std::size_t>(k)].required;
}

// One key of the settings: the listed pair's own value when it gives one, else the contacts block's; `path` names
// the block it comes from.
template <typename T>
struct Setting {
  const T& value;
  const std::string& path;
};

template <typename T, typename Block>
Setting<T> pick(const T& contacts, const Block* own, const T Block::* field, const std::string& own_path) {
  if (own != nullptr && (own->*field).has_value()) return {own->*field, own_path};
  return {contacts, kContacts};
}

// The speed [m/s] of the impact by which a law that needs a linear stiffness gets one from the Hertz stiffness
// (equivalent_linear_stiffness) when no calibration gives one: the default of `calibrate.impact_velocity`.
constexpr double kLinearStiffnessSpeed = 1.0;

}  // namespace

void add_law_parameters(const ParameterTable& table, const std::vector<ParameterValue>& given, const std::string& map,
                        std::vector<NamedValue>& values, std::vector<std::string>* dropped, ParameterSources* sources) {
  const std::size_t before = values.size();
  for (const ParameterValue& parameter : given) {
    const Key key{map, parameter.name};
    const LawParameter* declared = find_parameter(table, parameter.name);
    if (declared == nullptr) {
      if (dropped != nullptr) {
        dropped->push_back(key.path());
        continue;
      }
      std::vector<std::string_view> known;
      for (const LawParameter& p : table.given) known.push_back(p.name);
      refuse(key, unknown_parameter_message(table, parameter.name) + did_you_mean(parameter.name, known), SpecProblemAt::kKey);
    }
    const double value = finite(key, parameter.value);
    if (std::string problem = check_law_parameter(*declared, value); !problem.empty()) refuse(key, problem);
    const auto existing =
        std::find_if(values.begin(), values.end(), [&](const NamedValue& v) { return v.name == declared->name; });
    if (existing - values.begin() >= static_cast<std::ptrdiff_t>(before) && existing != values.end()) {
      refuse(key, "parameter '" + parameter.name + "' is given twice", SpecProblemAt::kKey);
    }
    if (existing != values.end()) existing->value = value;
    else values.push_back({declared->name, value});
    if (sources != nullptr) (*sources)[std::string(declared->name)] = key.path();
  }
}

// The calibration a block's pairs get with `law`: the common one (CompileOptions::common_calibration) of the law's
// dissipation parameter, if it has one; else the block's own `calibrate`, unless a law override put in a law without
// its parameter (then `note` says it is ignored).
template <typename Block>
std::optional<SceneCompiler::Calibration> SceneCompiler::calibration_of(const LawInfo& law, const Block* own,
                                                                        const std::string& own_path, bool note_ignored) {
  if (options_.common_calibration) {
    if (law.dissipation_parameter.empty()) return std::nullopt;
    const CommonCalibration& common = *options_.common_calibration;
    return Calibration{CalibrationSpec{std::string(law.dissipation_parameter), common.restitution, common.impact_velocity, std::nullopt},
                       "--calibrate"};
  }
  const auto calibrate = pick(spec_.contacts.calibrate, own, &Block::calibrate, own_path);
  if (!calibrate.value) return std::nullopt;
  const std::optional<std::string>& parameter = calibrate.value->parameter;
  if (!options_.law_override.empty() && parameter && find_parameter(law, *parameter) == nullptr) {
    if (note_ignored) note("--model " + std::string(law.id) + ": '" + calibrate.path + ".calibrate' of parameter '" + *parameter + "' does not apply and is ignored");
    return std::nullopt;
  }
  return Calibration{*calibrate.value, calibrate.path};
}

bool SceneCompiler::materials_give_restitution(int shape_a, int shape_b) const {
  const ContactModel& contact = scene_.model.contact;
  for (int shape : {shape_a, shape_b}) {
    const int material = contact.shapes[static_cast<std::size_t>(shape)].material;
    if (material < 0 || std::isnan(contact.materials[static_cast<std::size_t>(material)].restitution)) return false;
  }
  return true;
}

// The settings of the contacts block (own null) or of a listed pair over it: law, parameters, stiffness, mass and
// tension rules.
template <typename Block>
SceneCompiler::BlockSettings SceneCompiler::compile_settings(const Block* own, const std::string& own_path) {
  const ContactsSpec& contacts = spec_.contacts;
  BlockSettings settings;
  // `method: impulse` is the piecewise impulse–momentum method (the registry's `impulse`), instead of a law.
  const auto method = pick(contacts.method, own, &Block::method, own_path);
  const auto law_given = pick(contacts.law, own, &Block::law, own_path);
  const Key law_key{law_given.path, "law"};
  const SpecProblemAt law_at = law_given.value ? SpecProblemAt::kValue : SpecProblemAt::kMissing;
  const bool impulse_method = choice(Key{method.path, "method"}, method.value, "penalty", {"penalty", "impulse"}) == "impulse";
  if (impulse_method && law_given.value && *law_given.value != "impulse") {
    refuse(Key{method.path, "method"}, "method: impulse replaces the force law; remove `law` or use method: penalty");
  }
  // A law override replaces the law of every block.
  const bool overridden = !options_.law_override.empty();
  const std::string law_name = overridden ? options_.law_override : law_given.value.value_or(impulse_method ? "impulse" : "hertz");
  settings.law = find_law(law_name);
  if (settings.law < 0) {
    const auto ids = law_ids();
    const std::string problem = "unknown law '" + law_name + "'" + did_you_mean(law_name, ids) + "; valid names are " + join_names(ids);
    if (overridden) refuse(Key{"", "--model"}, problem);
    refuse(law_key, problem, law_at);
  }
  settings.law_info = &law_info(settings.law);
  const LawInfo& law = *settings.law_info;
  auto read = [&](std::string setting, std::string key_path) { settings.sources.push_back({std::move(setting), std::move(key_path)}); };
  read("law", overridden ? "--model" : law_key.path());
  if (!overridden) read("method", method.path + ".method");

  // Law parameters: the pair's own over the contacts block's, by name; with a law override, names the law does not
  // take are dropped (each block was written for the specification's own law).
  std::vector<NamedValue> values;
  auto given = [&](std::string_view name) {
    return std::find_if(values.begin(), values.end(), [&](const NamedValue& v) { return v.name == name; });
  };
  ParameterSources parameter_sources;
  auto add_parameters = [&](const std::vector<ParameterValue>& parameters, const std::string& block) {
    std::vector<std::string> dropped;
    add_law_parameters(parameter_table(law), parameters, block + ".parameters", values, overridden ? &dropped : nullptr,
                       &parameter_sources);
    for (const std::string& path : dropped) {
      note("--model " + std::string(law.id) + ": parameter '" + path + "' does not apply and is ignored");
    }
  };
  add_parameters(spec_.contacts.parameters, kContacts);
  if (own != nullptr) add_parameters(own->parameters, own_path);
  // The `laws` entries for this law, over `parameters` by name (every entry checked, in use or not).
  add_law_entries(spec_.contacts.laws, kContacts, settings.law, values, &parameter_sources);
  if (own != nullptr) add_law_entries(own->laws, own_path, settings.law, values, &parameter_sources);
  // A parameter about to be calibrated may be left out even if the law requires it: start inside its range. (Before
  // the restitution below: a restitution to be calibrated is not the materials'.)
  const std::optional<Calibration> calibrate = calibration_of(law, own, own_path, true);
  if (calibrate) {
    const std::string calibrate_path = calibrate->path.starts_with("--") ? calibrate->path : calibrate->path + ".calibrate";
    read("calibrate", calibrate_path);
    // The calibration replaces whatever value the blocks gave its parameter (and its twin, below).
    if (calibrate->spec.parameter) {
      if (const LawParameter* p = find_parameter(law, *calibrate->spec.parameter)) {
        parameter_sources[std::string(p->name)] = calibrate_path;
        if (p->name == law.dissipation_parameter && !law.dissipation_twin.empty()) {
          parameter_sources[std::string(law.dissipation_twin)] = calibrate_path;
        }
      }
    }
  }
  for (const auto& [name, key_path] : parameter_sources) read("parameters." + name, key_path);
  if (calibrate && calibrate->spec.parameter && given(*calibrate->spec.parameter) == values.end()) {
    if (const LawParameter* p = find_parameter(law, *calibrate->spec.parameter)) {
      values.push_back({p->name, calibration_start_value(*p)});
      // The twin the calibration sets equal to it (LawInfo::dissipation_twin), likewise.
      const LawParameter* twin = p->name == law.dissipation_parameter && !law.dissipation_twin.empty()
                                     ? find_parameter(law, law.dissipation_twin)
                                     : nullptr;
      if (twin != nullptr && given(twin->name) == values.end()) values.push_back({twin->name, calibration_start_value(*twin)});
    }
  }
  // A law's restitution parameter (restitution_parameter) left out is taken per pair from the materials
  // (mixed_restitution). When the law declares a default for it, restitution is one side of an either/or (tsuji's
  // alpha, goldsmith's permanent_indentation): another of the law's parameters given means "use that", and the
  // default stays; with none given the materials' restitution is used where they give one (compile_pair), else the
  // default.
  if (const int k = restitution_parameter(law); k >= 0) {
    const LawParameter& p = law.parameters[static_cast<std::size_t>(k)];
    if (given(p.name) == values.end() && (p.required || values.empty())) {
      settings.restitution_from_materials = true;
      values.push_back({p.name, p.required ? 1.0 : p.default_value});  // inside the range; replaced per pair
    }
  }
  // A parameter of a material role (a yield strength, a modulus, a radius: contact/material_parameters.h) left out is
  // taken per pair from its shapes and materials (make_contact_pair), which refuse it with the physical reason.
  for (std::size_t k = 0; k < law.parameters.size(); ++k) {
    const LawParameter& p = law.parameters[k];
    if (is_material_role(p.role) && given(p.name) == values.end()) {
      settings.parameters_from_materials |= 1u << k;
      values.push_back({p.name, calibration_start_value(p)});  // inside the range; replaced per pair
    }
  }
  // A required parameter left out is refused; for a law that takes others from the materials or needs E* and R*, only
  // once a pair has been made (compile_pair, the broadphase's check), so that a pair the law cannot describe (a flat
  // face, no yield strength) gives that reason first: it is why the law does not apply, whatever the parameter. A block
  // whose law applies to no pair is not refused for it.
  if (settings.parameters_from_materials != 0 || (law.needs & kNeedsMaterials) != 0) {
    for (const LawParameter& p : law.parameters) {
      if (!p.required || given(p.name) != values.end()) continue;
      if (settings.missing_parameters.empty()) {
        settings.missing_parameters = missing_parameter_message(law.id, p);
      }
      values.push_back({p.name, calibration_start_value(p)});
    }
  }
  try {
    settings.parameters = compile_law_parameters(law, values);
  } catch (const std::invalid_argument& error) {
    refuse(law_key, error.what(), law_at);
  }
  // The note is about a restitution the law is given as its target. One the calibration sets (its parameter, or the
  // twin it sets equal) is no target: the calibration chooses the value whose isolated impact returns the calibration's
  // restitution, whatever the law's accuracy as a target — and until it runs, the value is only its search's start.
  const auto calibrated = [&](std::string_view name) {
    if (!calibrate || !calibrate->spec.parameter) return false;
    const std::string& parameter = *calibrate->spec.parameter;
    return parameter == name || (parameter == law.dissipation_parameter && name == law.dissipation_twin);
  };
  if (const int k = restitution_parameter(law);
      k >= 0 && law.accurate_restitution_max > law.accurate_restitution_min &&
      !calibrated(law.parameters[static_cast<std::size_t>(k)].name)) {
    const double c = settings.parameters.values[k];
    if (!reproduces_restitution(law, c)) {
      std::ostringstream text;
      text << (own != nullptr ? own_path : kContacts) << ": law " << law.id
           << " reproduces a target restitution within 0.01 only for c in " << accurate_restitution_text(law)
           << "; the target is " << c;
      scene_.notes.push_back(text.str());
    }
  }

  // Stiffness: from Hertz theory and the materials (checked per pair), or given.
  const auto stiffness = pick(contacts.stiffness, own, &Block::stiffness, own_path);
  const auto exponent = pick(contacts.exponent, own, &Block::exponent, own_path);
  const Key stiffness_key{stiffness.path, "stiffness"};
  read("stiffness", stiffness.path + ".stiffness");
  read("exponent", exponent.path + ".exponent");
  const Key exponent_key{exponent.path, "exponent"};
  std::optional<Stiffness> stiffness_value = stiffness.value;
  std::optional<double> exponent_value = exponent.value;
  // A law that does not read the pair's stiffness or exponent (LawInfo::ignores) refuses one given for it: it would be
  // reported but not used. One written for another law — the block's own law, which --model or compare --models
  // replaced, or the contacts block's law for a listed pair of another law — is dropped with a note, as that law's
  // parameters are. The pair's K and n are then Hertz's from the materials: the engine's scales, not the force's.
  auto drop_unread = [&](auto& value, const Key& key, LawIgnores flag, std::string_view why) {
    if (!value || (law.ignores & flag) == 0) return;
    const bool contacts_block = key.map == kContacts;
    const std::optional<std::string>& block_method = contacts_block ? contacts.method : method.value;
    const std::optional<std::string>& block_law = contacts_block ? contacts.law : law_given.value;
    const bool impulse = block_method && *block_method == "impulse";
    if (find_law(block_law.value_or(impulse ? "impulse" : "hertz")) == settings.law) {
      refuse(key, "law '" + std::string(law.id) + "' does not read the pair's " + std::string(key.key) + " (" +
                      std::string(why) + ": " + std::string(law.formula) + "), so it would be reported but not used; leave `" +
                      std::string(key.key) + "` out");
    }
    note(std::string(overridden ? "--model " : "") + std::string(law.id) + ": '" + key.path() +
         "' does not apply (the law does not read the pair's " + std::string(key.key) + ") and is ignored");
    value.reset();
  };
  drop_unread(stiffness_value, stiffness_key, kIgnoresStiffness, "its elastic term comes from the materials and its parameters");
  drop_unread(exponent_value, exponent_key, kIgnoresExponent, "its elastic term is its own");
  settings.hertz_stiffness = !stiffness_value || std::holds_alternative<HertzStiffness>(*stiffness_value);
  // A law whose formula fixes the exponent (LawInfo::fixed_exponent) uses its own whatever the pair's: another one
  // given would be reported but not used, and its stiffness read in other units. Left out, the exponent is the law's.
  const double fixed = law.fixed_exponent;
  if (fixed > 0.0 && exponent_value && *exponent_value != fixed) {
    refuse(exponent_key, "law '" + std::string(law.id) + "' fixes the exponent at n = " + number_text(fixed) + " (" +
                             std::string(law.formula) + "), found " + number_text(*exponent_value) +
                             "; leave `exponent` out or give " + number_text(fixed) + ", with the stiffness in N/m^" +
                             number_text(fixed));
  }
  if (settings.hertz_stiffness) {
    if (fixed > 0.0 && fixed != 1.5) {
      refuse(stiffness_key, "law '" + std::string(law.id) + "' fixes the exponent at n = " + number_text(fixed) +
                                ", not Hertz's 1.5: give stiffness [N/m^" + number_text(fixed) + "]",
             stiffness_value ? SpecProblemAt::kValue : SpecProblemAt::kMissing);
    }
    settings.exponent = checked(exponent_key, exponent_value, 1.5, "exponent 1.5 with Hertz stiffness", [](double x) { return x == 1.5; });
  } else {
    settings.stiffness = checked(stiffness_key, std::get<double>(*stiffness_value), std::nullopt,
                                 "a positive stiffness [N/m^n] or 'hertz'", positive);
    settings.exponent = checked(exponent_key, exponent_value, fixed > 0.0 ? fixed : 1.5, "an exponent n >= 1",
                                [](double x) { return x >= 1.0; });
  }
  // R*: every pair's from its shapes' curvature radii unless given (docs/contact.md, "Effective radius").
  const auto radius = pick(contacts.effective_radius, own, &Block::effective_radius, own_path);
  read("effective_radius", radius.path + ".effective_radius");
  if (radius.value) {
    settings.effective_radius = checked(Key{radius.path, "effective_radius"}, radius.value, std::nullopt,
                                        "a positive effective radius R* [m]", positive);
  }
  // A law that needs a linear stiffness, on a contact of another exponent (Hertz, or K δ^n given): the k of equal
  // maximum indentation in the reference impact (equivalent_linear_stiffness), at the common calibration's speed (for
  // a law it does not calibrate too), else the block's reference_speed, else its calibration's.
  const double reference_speed = checked(Key{kContacts, "reference_speed"}, contacts.reference_speed,
                                         calibrate ? calibrate->spec.impact_velocity : kLinearStiffnessSpeed,
                                         "a positive speed [m/s]", positive);
  if (law.requires_linear_stiffness && settings.exponent != 1.0) {
    settings.linear_stiffness_speed = options_.common_calibration ? options_.common_calibration->impact_velocity : reference_speed;
  }
  const auto mass = pick(contacts.mass, own, &Block::mass, own_path);
  read("mass", mass.path + ".mass");
  settings.mass_rule = choice(Key{mass.path, "mass"}, mass.value, "multibody", {"multibody", "reduced"}) == "reduced" ? MassRule::kReduced
                                                                                                                    : MassRule::kMultibody;
  const auto tension = pick(contacts.tension, own, &Block::tension, own_path);
  read("tension", tension.path + ".tension");
  const std::string rule = choice(Key{tension.path, "tension"}, tension.value, "allow", {"allow", "clamp", "release"});
  settings.tension = rule == "clamp" ? TensionRule::kClamp : rule == "release" ? TensionRule::kRelease : TensionRule::kAllow;
  const auto friction = pick(contacts.friction, own, &Block::friction, own_path);
  read("friction", friction.path + ".friction");
  if (!options_.friction_law_override.empty()) {
    compile_friction(override_friction(friction.value, options_.friction_law_override), friction.path + ".friction", settings);
  } else if (friction.value) {
    compile_friction(*friction.value, friction.path + ".friction", settings);
  }
  // The impulse method applies a normal impulse and nothing else: friction would be silently dropped at every impact.
  if (settings.friction_law != nullptr && law.impulsive) {
    refuse(Key{friction.path, "friction"}, "law '" + std::string(law.id) +
                                               "' is a rigid impact that applies a normal impulse only, so friction would "
                                               "act on no impact; use a force law (method: penalty) with friction");
  }
  return settings;
}

// A pair's problems (a missing material, flat–flat Hertz contact, …) are the block's it comes from.
void SceneCompiler::record_sources(const BlockSettings& settings) {
  std::vector<SettingSource>& sources = scene_.setting_sources;
  for (const SettingSource& source : settings.sources) {
    if (std::find(sources.begin(), sources.end(), source) == sources.end()) sources.push_back(source);
  }
}

void SceneCompiler::compile_pair(int shape_a, int shape_b, const BlockSettings& given, const std::string& path) {
  record_sources(given);
  ContactModel& contact = scene_.model.contact;
  PairSettings settings = given;
  if (settings.restitution_from_materials && optional_restitution(settings) && !materials_give_restitution(shape_a, shape_b)) {
    settings.restitution_from_materials = false;  // the law's default: see compile_settings
  }
  try {
    contact.pairs.push_back(make_contact_pair(contact, shape_a, shape_b, settings, &pair_parameters_));
  } catch (const std::invalid_argument& error) {
    refuse(Key{path, ""}, error.what());
  }
  if (!given.missing_parameters.empty()) refuse(Key{path, "law"}, given.missing_parameters);
  // Values derived from finite inputs can still overflow (a huge modulus times a huge radius).
  const ContactPairModel& pair = contact.pairs.back();
  if (!std::isfinite(pair.stiffness)) {
    refuse(Key{path, ""}, "the stiffness of " + pair.name + " overflows (" + number_text(pair.stiffness) +
                              "); check the materials' moduli and the shapes' sizes");
  }
}

// `calibrate: {parameter, restitution, impact_velocity = 1 m/s, mass = the pair's reduced mass}`, for the pair
// compiled last: checked and recorded; calibrate_scene runs it.
template <typename Block>
void SceneCompiler::request_calibration(const Block* own, const std::string& own_path) {
  const std::optional<Calibration> calibrate = calibration_of(*scene_.model.contact.pairs.back().law_info, own, own_path, false);
  if (!calibrate) return;
  const CalibrationSpec& spec = calibrate->spec;
  // An option's (--calibrate) values are named as the option; a block's as its keys.
  const std::string path = calibrate->path.starts_with("--") ? calibrate->path : calibrate->path + ".calibrate";
  if (!spec.parameter) refuse(Key{path, "parameter"}, "missing required key: expected the law parameter to calibrate", SpecProblemAt::kMissing);
  CalibrationRequest request;
  request.pair = scene_.model.contact.pairs.size() - 1;
  request.parameter = *spec.parameter;
  request.restitution = checked(Key{path, "restitution"}, spec.restitution, std::nullopt, "a target restitution in (0, 1)",
                                [](double x) { return x > 0.0 && x < 1.0; });
  request.impact_velocity = checked(Key{path, "impact_velocity"}, spec.impact_velocity, std::nullopt, "a positive impact velocity [m/s]", positive);
  const ContactPairModel& pair = scene_.model.contact.pairs.back();
  request.mass = checked(Key{path, "mass"}, spec.mass, pair.reduced_mass, "a positive effective mass [kg]",
                         [](double x) { return x > 0.0 && std::isfinite(x); });
  if (find_parameter(*pair.law_info, request.parameter) == nullptr) {
    refuse(Key{path, "parameter"}, "calibration: " + unknown_parameter_message(*pair.law_info, request.parameter));
  }
  request.key_path = calibrate->path;
  scene_.calibrations.push_back(std::move(request));
}

void SceneCompiler::compile_contacts() {
  const ContactsSpec& spec = spec_.contacts;
  ContactModel& contact = scene_.model.contact;  // contact.bodies: from finalize()
  const ContactModel defaults;
  contact.impact_velocity_floor = checked(Key{kContacts, "impact_velocity_floor"}, spec.impact_velocity_floor,
                                          defaults.impact_velocity_floor, "a positive velocity [m/s]", positive);
  contact.stick_speed = checked(Key{kContacts, "stick_speed"}, spec.stick_speed, defaults.stick_speed,
                                "a positive velocity [m/s]", positive);
  contact.rest_bounce_ratio = checked(Key{kContacts, "rest_bounce_ratio"}, spec.rest_bounce_ratio, defaults.rest_bounce_ratio,
                                      "a non-negative ratio", non_negative);
  contact.rest_stroke_ratio = checked(Key{kContacts, "rest_stroke_ratio"}, spec.rest_stroke_ratio, defaults.rest_stroke_ratio,
                                      "a non-negative ratio", non_negative);
  const BlockSettings default_settings = compile_settings<ContactsSpec>(nullptr, kContacts);

  if (spec.pairs) {
    if (spec.broadphase) refuse(Key{kContacts, "broadphase"}, "listed pairs are always checked; the broadphase is for pairs: all");
    std::map<std::pair<int, int>, std::size_t> listed;  // each pair of shapes, in either order, with where it is listed
    for (std::size_t i = 0; i < spec.pairs->size(); ++i) {
      const PairSpec& pair = (*spec.pairs)[i];
      const std::string path = "contacts.pairs[" + std::to_string(i) + "]";
      int ids[2];
      for (std::size_t k = 0; k < 2; ++k) {
        auto found = shape_index_.find(pair.shapes[k]);
        if (found == shape_index_.end()) {
          std::vector<std::string_view> all;
          for (const auto& [name, s] : shape_index_) all.push_back(name);
          refuse(Key{path + ".shapes[" + std::to_string(k) + "]", ""},
                 "unknown shape '" + pair.shapes[k] + "'" + did_you_mean(pair.shapes[k], all) + "; shapes are " + join_names(all));
        }
        ids[k] = found->second;
      }
      const Shape& a = contact.shapes[static_cast<std::size_t>(ids[0])];
      const Shape& b = contact.shapes[static_cast<std::size_t>(ids[1])];
      if (a.body == b.body) refuse(Key{path, "shapes"}, "both shapes are on the same body");
      if (!shape_types_collide(a.type, b.type)) {
        refuse(Key{path, "shapes"}, std::string("no contact between a ") + shape_type_name(a.type) + " and a " + shape_type_name(b.type));
      }
      // Listed twice, its force would act twice.
      const auto [first, fresh] = listed.emplace(std::minmax(ids[0], ids[1]), i);
      if (!fresh) {
        refuse(Key{path, "shapes"}, "the pair " + pair.shapes[0] + "/" + pair.shapes[1] + " is listed already (contacts.pairs[" +
                                        std::to_string(first->second) + "]): its contact force would act twice");
      }
      compile_pair(ids[0], ids[1], compile_settings(&pair, path), path);
      request_calibration(&pair, path);
    }
    return;
  }

  // Every pair of shapes that may collide. Small scenes compile them all; larger ones (or broadphase: on) find
  // candidates at run time.
  const std::size_t shapes = contact.shapes.size();
  const std::string mode = choice(Key{kContacts, "broadphase"}, spec.broadphase, "auto", {"auto", "on", "off"});
  contact.broadphase = mode == "on" || (mode == "auto" && shapes > 12);
  if (!contact.broadphase) {
    if (spec.margin) refuse(Key{kContacts, "margin"}, "the margin is for the broadphase (broadphase: on)");
    for (std::size_t i = 0; i < shapes; ++i) {
      for (std::size_t j = i + 1; j < shapes; ++j) {
        if (!shapes_may_collide(contact, static_cast<int>(i), static_cast<int>(j))) continue;
        compile_pair(static_cast<int>(i), static_cast<int>(j), default_settings, kContacts);
        request_calibration<ContactsSpec>(nullptr, kContacts);
      }
    }
    return;
  }
  // Pairs found at run time are made from the settings alone: nothing of a pair's own can be given, and nothing
  // that needs a compiled pair (a calibration).
  if (calibration_of<ContactsSpec>(*default_settings.law_info, nullptr, kContacts, false)) {
    const std::string path = options_.common_calibration ? "--calibrate" : kContacts + ".calibrate";
    refuse(Key{path, ""}, "calibration needs pairs compiled with the model: list the pairs or set broadphase: off");
  }
  contact.settings = default_settings;
  record_sources(default_settings);
  // Pairs found at run time share one setting: the materials' restitution only if every shape has one.
  if (optional_restitution(contact.settings)) {
    for (std::size_t i = 0; i < shapes; ++i) {
      if (!materials_give_restitution(static_cast<int>(i), static_cast<int>(i))) contact.settings.restitution_from_materials = false;
    }
  }
  // Default margin: a tenth of the smallest solid shape's size, so refreshes are rare and candidates few.
  double smallest = std::numeric_limits<double>::infinity();
  for (const Shape& shape : contact.shapes) smallest = std::min(smallest, shape_size(shape));
  contact.margin = checked(Key{kContacts, "margin"}, spec.margin, std::isfinite(smallest) ? 0.1 * smallest : 0.01,
                           "a positive margin [m]", positive);
  // Every pair the broadphase may find must compile: check one pair per two kinds of shape (type, material,
  // curvature), with a few shapes of each kind to find two that may touch. O(shapes + kinds²), not O(shapes²).
  using Kind = std::tuple<int, int, double>;
  std::map<Kind, std::vector<int>> kinds;
  for (std::size_t i = 0; i < shapes; ++i) {
    const Shape& shape = contact.shapes[i];
    std::vector<int>& members = kinds[Kind{static_cast<int>(shape.type), shape.material, curvature_radius(shape)}];
    if (members.size() < 4) members.push_back(static_cast<int>(i));
  }
  for (auto first = kinds.begin(); first != kinds.end(); ++first) {
    for (auto second = first; second != kinds.end(); ++second) {
      bool done = false;
      for (int i : first->second) {
        for (int j : second->second) {
          if (done || i == j || !shapes_may_collide(contact, std::min(i, j), std::max(i, j))) continue;
          done = true;
          try {
            make_contact_pair(contact, std::min(i, j), std::max(i, j), default_settings, &pair_parameters_);
          } catch (const std::invalid_argument& error) {
            refuse(Key{kContacts, ""}, error.what());
          }
        }
      }
    }
  }
  if (!default_settings.missing_parameters.empty()) refuse(Key{kContacts, "law"}, default_settings.missing_parameters);
}

// A clearance joint's pairs are compiled as a listed pair's (compile_clearances.cc).
template SceneCompiler::BlockSettings SceneCompiler::compile_settings<PairSpec>(const PairSpec*, const std::string&);
template void SceneCompiler::request_calibration<PairSpec>(const PairSpec*, const std::string&);

}  // namespace contactlab::compile
