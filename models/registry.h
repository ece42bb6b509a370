// SPDX-License-Identifier: MIT
// The registry of normal force laws: every law by id (and alias), resolved once when a scene is compiled;
// the step loop then dispatches through the compiled pair's LawInfo with no string look-ups.
//
// The built-in laws are registered when the registry is first used. A program adds its own with register_law —
// one force function and its metadata — after which the law is found, listed and compiled by name like a built-in
// one (from a scene's `law:` too). The registry is not thread-safe: register laws before any run or scene load
// starts, not while another thread uses the registry.
#pragma once

#include <deque>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "models/force_law.h"
#include "models/law_parameters.h"

namespace contactlab {

using LawIndex = int;

// All registered laws, in registration order: the built-in ones (registry.cc), then those of register_law.
using LawList = std::ranges::ref_view<const std::deque<LawInfo>>;
LawList all_laws();

// Index of the law with this id or alias, or -1.
LawIndex find_law(std::string_view id_or_alias);

// A registered law. The reference stays valid when more laws are registered.
const LawInfo& law_info(LawIndex index);

// Ids of all laws, for error messages ("valid names are …").
std::vector<std::string_view> law_ids();

// Adds a law and returns its index. The registry keeps its own copy of the law's strings and parameter tables, so
// `law` may point into storage that goes away after the call (a plugin's, a script's). Throws
// std::invalid_argument, naming the law and the problem, unless: the id is not empty; the id and the aliases are
// not empty and clash with no registered id or alias nor with each other; the law has a force function; given and
// derived parameters together number at most kMaxLawParameters, with distinct non-empty names; an optional
// parameter's default lies in its range; derived parameters come with a prepare function; at most one given
// parameter has a restitution role; 0 ≤ continuous_state_size ≤ state_size ≤ kMaxLawState, with a state_rate
// function when continuous_state_size > 0; the accurate restitution range lies within [0, 1]; the fixed exponent is 0 or a finite n >= 1 (1 for a law that
// needs a linear stiffness); `ignores` names the stiffness, the exponent or both, the exponent only with the stiffness,
// and the stiffness only for a law that needs no linear stiffness and fixes no exponent. Not thread-safe
// (see above).
LawIndex register_law(const LawInfo& law);

// Adds several laws, all or none: each is checked as by register_law, and their ids and aliases against each
// other, before any is added (a plugin's laws, models/law_plugin.h). Returns their indices, in order.
std::vector<LawIndex> register_laws(std::span<const LawInfo> laws);

// The look-ups of models/law_parameters.h for a normal law.
ParameterTable parameter_table(const LawInfo& law);

// Index of the given or derived parameter `name` in LawParameters::values, or -1.
int parameter_index(const LawInfo& law, std::string_view name);

// The given parameter `name`, or null (for a derived or unknown name).
const LawParameter* find_parameter(const LawInfo& law, std::string_view name);

// The sentence for a name a scene cannot give the law: "law 'x' has no parameter 'y'; its parameters are a, b"
// (or "; it takes none"), the wording of every look-up that fails.
std::string unknown_parameter_message(const LawInfo& law, std::string_view name);

// A compiled parameter, given or derived, by name. Throws std::invalid_argument for a name the law does not
// declare.
double parameter_value(const LawInfo& law, const LawParameters& parameters, std::string_view name);

// Index of the given parameter that holds a pair's coefficient of restitution (ParameterRole::kTargetRestitution
// or kNewtonRestitution: the one the shapes' materials may supply), or -1.
int restitution_parameter(const LawInfo& law);

// Every range of target restitutions the law reproduces within ±0.01, ascending (LawInfo::accurate_restitution_also,
// then [accurate_restitution_min, accurate_restitution_max]); empty when the law takes no target restitution.
std::vector<RestitutionRange> accurate_restitution_ranges(const LawInfo& law);
// Whether target restitution c lies in one of them.
bool reproduces_restitution(const LawInfo& law, double c);
// "[0.047, 0.166] ∪ [0.317, 1]", each bound with `digits` significant digits (a range from 0 written "(0, …]": a
// target restitution is positive).
std::string accurate_restitution_text(const LawInfo& law, int digits = 4);

// The given parameters' values by name, in declaration order: compiled parameters to compile again with one
// value changed.
std::vector<NamedValue> given_values(const LawInfo& law, const LawParameters& parameters);

// Compiles (name, value) pairs: applies defaults, checks ranges, then calls prepare for the derived parameters.
// Throws std::invalid_argument naming the parameter on an unknown name (unknown_parameter_message), a missing
// required value, a value out of range, or a combination prepare rejects.
LawParameters compile_law_parameters(const LawInfo& law, std::span<const NamedValue> values);

}  // namespace contactlab
