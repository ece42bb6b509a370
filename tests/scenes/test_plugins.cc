// SPDX-License-Identifier: MIT
// Shared libraries that are not good force-law plugins, one per test of scenes/law_plugins.h, chosen by a
// compile definition: no entry point, another ABI version, a law whose id is taken, two laws of which the second
// is refused (so that the first must not be registered either).
#include "models/law_plugin.h"

namespace {

[[maybe_unused]] contactlab::ContactForce spring(const contactlab::ContactInput& in, const double*, const double*) {
  return {in.stiffness * in.indentation, in.stiffness, 0.0};
}

// A law with this id and, unless `with_force` is false, a linear spring.
[[maybe_unused]] contactlab::LawInfo law(const char* id, bool with_force = true) {
  contactlab::LawInfo law;
  law.id = id;
  if (with_force) law.force = spring;
  return law;
}

}  // namespace

#if defined(NO_ENTRY)
extern "C" __attribute__((visibility("default"))) int not_a_law_plugin() { return 0; }
#elif defined(WRONG_ABI)
namespace {
const contactlab::LawInfo kLaws[] = {law("wrong_abi_spring")};
}
extern "C" __attribute__((visibility("default"))) const contactlab::LawPlugin* contactlab_law_plugin() {
  static const contactlab::LawPlugin plugin{contactlab::kLawPluginAbiVersion + 1, kLaws, 1};
  return &plugin;
}
#elif defined(TAKEN_ID)
namespace {
const contactlab::LawInfo kLaws[] = {law("hertz")};
}
CONTACTLAB_LAW_PLUGIN(kLaws)
#elif defined(SECOND_REFUSED)
namespace {
// The second law has no force function: the registry refuses it, and with it the whole plugin.
const contactlab::LawInfo kLaws[] = {law("first_of_two_springs"), law("second_of_two_springs", false)};
}
CONTACTLAB_LAW_PLUGIN(kLaws)
#endif
