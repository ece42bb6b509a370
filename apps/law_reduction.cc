// SPDX-License-Identifier: MIT
#include "apps/law_reduction.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "contact/pair_kinds.h"
#include "models/registry.h"

namespace contactlab {
namespace {

// What a probe needs of one contact: its law and compiled parameters, and the inputs the contact layer gives.
struct ProbedContact {
  const LawInfo* law = nullptr;
  const LawParameters* parameters = nullptr;
  ContactInput input;  // stiffness, exponent, R*, E*, mass; indentation and velocities set per probe
};

bool same_force(double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); }

// True when `contact`'s force equals `elastic`'s at every probe of a loading and an unloading at three impact
// velocities, with the law's events called as the engine would call them.
bool behaves_as_probed(const ProbedContact& contact, const LawInfo& elastic) {
  constexpr int kSamples = 8;
  const double radius = std::isfinite(contact.input.effective_radius) && contact.input.effective_radius != 0.0
                            ? std::abs(contact.input.effective_radius)
                            : 0.01;
  const double deepest = 1e-3 * radius;
  for (const double impact_velocity : {1e-2, 1.0, 1e2}) {
    std::array<double, kMaxLawState> state{};
    ContactInput in = contact.input;
    in.impact_velocity = impact_velocity;
    auto event = [&](ContactEvent e) {
      if (contact.law->event) contact.law->event(e, in, contact.parameters->values, state.data());
    };
    auto matches = [&] {
      const double force = contact.law->force(in, contact.parameters->values, state.data()).force;
      const double reference = elastic.force(in, nullptr, nullptr).force;
      return same_force(force, reference);
    };
    in.indentation = 0.0;
    in.normal_velocity = impact_velocity;
    event(ContactEvent::kOnset);
    for (int k = 1; k <= kSamples; ++k) {  // loading: δ up to its maximum while δ̇ falls to 0
      const double s = static_cast<double>(k) / kSamples;
      in.indentation = deepest * s;
      in.normal_velocity = impact_velocity * std::sqrt(std::max(1.0 - s * s, 0.0));
      in.time_since_onset = s * deepest / impact_velocity;
      if (!matches()) return false;
    }
    in.normal_velocity = 0.0;
    event(ContactEvent::kMaxIndentation);
    for (int k = kSamples - 1; k >= 1; --k) {  // unloading
      const double s = static_cast<double>(k) / kSamples;
      in.indentation = deepest * s;
      in.normal_velocity = -impact_velocity * std::sqrt(1.0 - s * s);
      in.time_since_onset = (2.0 - s) * deepest / impact_velocity;
      if (!matches()) return false;
    }
  }
  return true;
}

// The same, where an event that finds the probe outside what the law describes (LawFailure: goldsmith's permanent
// indentation beyond the probe's depth) means no elastic law.
bool behaves_as(const ProbedContact& contact, const LawInfo& elastic) {
  try {
    return behaves_as_probed(contact, elastic);
  } catch (const LawFailure&) {
    return false;
  }
}

// The elastic law `contact` behaves as, or "".
std::string equivalent(const ProbedContact& contact) {
  if (contact.law == nullptr || contact.law->family == "elastic" || contact.law->impulsive ||
      contact.law->continuous_state_size > 0 || contact.law->force == nullptr) {
    return {};
  }
  for (const LawInfo& candidate : all_laws()) {
    if (candidate.family != "elastic" || (candidate.requires_linear_stiffness && contact.input.exponent != 1.0)) continue;
    if (behaves_as(contact, candidate)) return std::string(candidate.id);
  }
  return {};
}

ContactInput geometry_of(const ContactPairModel& pair) {
  ContactInput in;
  in.stiffness = pair.stiffness;
  in.exponent = pair.exponent;
  in.effective_radius = pair.effective_radius;
  in.effective_modulus = pair.effective_modulus;
  in.effective_mass = std::isfinite(pair.reduced_mass) && pair.reduced_mass > 0.0 ? pair.reduced_mass : 1.0;
  return in;
}

}  // namespace

std::string elastic_equivalent(const Scene& scene) {
  const ContactModel& contact = scene.model.contact;
  std::vector<ProbedContact> contacts;
  for (const ContactPairModel& pair : contact.pairs) contacts.push_back({pair.law_info, &pair.parameters, geometry_of(pair)});
  // Pairs found at run time: one of each kind, its parameters those of the materials it meets with (the settings
  // hold placeholders for them: a restitution of 1 where the materials give 0.7 made a damped law "the elastic law").
  const std::vector<ContactPairModel> kinds = broadphase_pair_kinds(contact);
  for (const ContactPairModel& pair : kinds) contacts.push_back({pair.law_info, &pair.parameters, geometry_of(pair)});
  if (contacts.empty()) return {};
  const std::string first = equivalent(contacts.front());
  if (first.empty()) return {};
  for (const ProbedContact& c : contacts) {
    if (equivalent(c) != first) return {};
  }
  return first;
}

}  // namespace contactlab
