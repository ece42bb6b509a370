// SPDX-License-Identifier: MIT
#include "scenes/law_plugins.h"

#include <dlfcn.h>

#include <mutex>
#include <span>
#include <utility>

#include "models/law_plugin.h"
#include "models/registry.h"

namespace contactlab {
namespace {

struct Loaded {
  std::string path;  // canonical
  std::vector<std::string> law_ids;
};

std::mutex& plugins_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::vector<Loaded>& plugins() {
  static std::vector<Loaded> loaded;
  return loaded;
}

}  // namespace

std::vector<std::string> load_law_plugin(const std::filesystem::path& path) {
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::canonical(path, error);
  if (error) throw LawPluginError("plugin " + path.string() + ": " + error.message());
  const std::lock_guard lock(plugins_mutex());
  for (const Loaded& loaded : plugins()) {
    if (loaded.path == canonical.string()) return loaded.law_ids;
  }
  // Never closed: the registry keeps the plugin's function pointers for the life of the process.
  void* library = dlopen(canonical.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) throw LawPluginError("plugin " + path.string() + ": " + dlerror());
  const auto entry = reinterpret_cast<ContactlabLawPluginEntry>(dlsym(library, "contactlab_law_plugin"));
  if (entry == nullptr) {
    throw LawPluginError("plugin " + path.string() +
                         ": not a contactlab law plugin (no contactlab_law_plugin entry point; see models/law_plugin.h)");
  }
  const LawPlugin* plugin = entry();
  if (plugin == nullptr || plugin->abi_version != kLawPluginAbiVersion) {
    throw LawPluginError("plugin " + path.string() + ": built for law plugin ABI " +
                         std::to_string(plugin == nullptr ? 0 : plugin->abi_version) + ", this contactlab reads ABI " +
                         std::to_string(kLawPluginAbiVersion) + ": rebuild it against this contactlab");
  }
  Loaded loaded{canonical.string(), {}};
  try {
    for (LawIndex index : register_laws(std::span(plugin->laws, plugin->law_count))) {
      loaded.law_ids.emplace_back(law_info(index).id);
    }
  } catch (const std::invalid_argument& refused) {
    throw LawPluginError("plugin " + path.string() + ": " + refused.what());
  }
  plugins().push_back(loaded);
  return loaded.law_ids;
}

std::vector<std::string> loaded_law_plugins() {
  const std::lock_guard lock(plugins_mutex());
  std::vector<std::string> paths;
  for (const Loaded& loaded : plugins()) paths.push_back(loaded.path);
  return paths;
}

}  // namespace contactlab
