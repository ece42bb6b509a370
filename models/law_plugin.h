// SPDX-License-Identifier: MIT
// Force laws from a shared library: what a plugin exports so that its laws can be used by name (from scene files,
// `contactlab run|compare|sweep --plugin`, or an embedding program), exactly like the built-in ones.
//
// A plugin is a shared library built against this header and the LawInfo of models/force_law.h. It links no
// contactlab library: it only hands over its laws' metadata and functions, and the host registers them
// (register_law, models/registry.h), which copies what it needs. Its code stays loaded for the life of the
// process, so its function pointers remain valid.
//
//   // my_laws.cc, built as a MODULE library
//   #include "models/law_plugin.h"
//   constexpr contactlab::LawInfo kLaws[] = {{.id = "my_law", ..., .force = my_force}};
//   CONTACTLAB_LAW_PLUGIN(kLaws)
#pragma once

#include <cstddef>

#include "models/force_law.h"

namespace contactlab {

// Changes whenever LawInfo, ContactInput, ContactForce or the function types of models/force_law.h change
// layout: a plugin built against another version is refused by name, not called.
inline constexpr int kLawPluginAbiVersion = 2;

// What a plugin's entry point returns.
struct LawPlugin {
  int abi_version = 0;  // kLawPluginAbiVersion as the plugin was compiled
  const LawInfo* laws = nullptr;
  std::size_t law_count = 0;
};

}  // namespace contactlab

// The entry point's name and type: extern "C" so that the host finds it without C++ name mangling.
#define CONTACTLAB_LAW_PLUGIN_ENTRY contactlab_law_plugin
using ContactlabLawPluginEntry = const contactlab::LawPlugin* (*)();

// Defines the entry point of a plugin whose laws are the array `laws` (of contactlab::LawInfo).
#define CONTACTLAB_LAW_PLUGIN(laws)                                                                  \
  extern "C" __attribute__((visibility("default"))) const contactlab::LawPlugin* contactlab_law_plugin() { \
    static const contactlab::LawPlugin plugin{contactlab::kLawPluginAbiVersion, (laws),              \
                                              sizeof(laws) / sizeof((laws)[0])};                     \
    return &plugin;                                                                                  \
  }
