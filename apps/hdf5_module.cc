// SPDX-License-Identifier: MIT
// Finds and opens contactlab_hdf5.so: first beside the binary that holds this code (an installed Python module keeps
// it in its package directory), then where this build tree made it.
#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/hdf5_writer.h"

namespace contactlab {
namespace {

constexpr const char* kModuleName = "contactlab_hdf5.so";
using MakeWriter = decltype(&contactlab_make_hdf5_writer);

std::vector<std::filesystem::path> module_candidates() {
  std::vector<std::filesystem::path> candidates;
  Dl_info self{};
  if (::dladdr(reinterpret_cast<void*>(&make_hdf5_writer), &self) != 0 && self.dli_fname != nullptr) {
    std::error_code error;
    const std::filesystem::path binary = std::filesystem::canonical(self.dli_fname, error);
    if (!error) candidates.push_back(binary.parent_path() / kModuleName);
  }
  const std::filesystem::path built = CONTACTLAB_HDF5_MODULE_BUILT;
  if (candidates.empty() || candidates.front() != built) candidates.push_back(built);
  return candidates;
}

MakeWriter open_module() {
  std::string tried;
  for (const std::filesystem::path& candidate : module_candidates()) {
    std::error_code error;
    if (!std::filesystem::exists(candidate, error)) {
      tried += "\n  " + candidate.string() + ": no such file";
      continue;
    }
    // Never closed: the writers it makes run its code until the process ends.
    void* module = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (module == nullptr) {
      tried += "\n  " + candidate.string() + ": " + ::dlerror();
      continue;
    }
    if (void* entry = ::dlsym(module, "contactlab_make_hdf5_writer")) return reinterpret_cast<MakeWriter>(entry);
    tried += "\n  " + candidate.string() + ": no contactlab_make_hdf5_writer in it";
  }
  throw std::runtime_error(std::string("output.format hdf5: cannot load the HDF5 writer ") + kModuleName + tried);
}

}  // namespace

std::unique_ptr<RunWriter> make_hdf5_writer(const std::filesystem::path& directory, const RunLayout& layout) {
  static const MakeWriter make = open_module();  // a failed load throws and is tried again by the next run
  return std::unique_ptr<RunWriter>(make(directory, layout));
}

}  // namespace contactlab
