// SPDX-License-Identifier: MIT
#include "apps/run_writer.h"

#include "apps/csv_writer.h"
#include "apps/hdf5_writer.h"

namespace contactlab {
namespace {

// Every output format's writer, by OutputFormat (scenes/scene.h names them).
constexpr std::unique_ptr<RunWriter> (*kWriters[])(const std::filesystem::path&, const RunLayout&) = {
    make_csv_writer,   // csv
    make_hdf5_writer,  // hdf5
};
static_assert(std::size(kWriters) == std::size(kOutputFormatNames));

}  // namespace

std::unique_ptr<RunWriter> make_run_writer(OutputFormat format, const std::filesystem::path& directory,
                                           const RunLayout& layout) {
  return kWriters[static_cast<std::size_t>(format)](directory, layout);
}

}  // namespace contactlab
