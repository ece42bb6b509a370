// SPDX-License-Identifier: MIT
// The HDF5 writer is a module opened by the first results.h5 (apps/hdf5_writer.h): a process that writes CSV never
// maps libhdf5 (nor the ~30 libraries it brings), and the first HDF5 writer loads it and writes a complete file —
// here one without impacts, whose empty list of impact pairs once failed the run ("cannot write an attribute").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

#include "apps/hdf5_writer.h"

namespace contactlab {
namespace {

// Whether a file whose path holds `name` is mapped into this process.
bool mapped(const std::string& name) {
  std::ifstream maps("/proc/self/maps");
  const std::string text((std::istreambuf_iterator<char>(maps)), std::istreambuf_iterator<char>());
  return text.find(name) != std::string::npos;
}

std::string bytes_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST(Hdf5Module, IsLoadedByTheFirstHdf5WriterOnly) {
  const std::filesystem::path directory =
      std::filesystem::temp_directory_path() / ("contactlab-hdf5-module-" + std::to_string(::getpid()));
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory / "csv");
  std::filesystem::create_directories(directory / "hdf5");
  const RunLayout layout{{{"time", "x"}, {"s", "m"}}, {{"force"}, {"N"}}};
  const nlohmann::ordered_json summary = {{"status", "completed"}};

  ASSERT_FALSE(mapped("libhdf5")) << "linked into the runner: every command would pay its loading";
  auto csv = make_run_writer(OutputFormat::kCsv, directory / "csv", layout);
  csv->series_row(std::vector<double>{0.0, 1.0});
  csv->finish({}, summary);
  EXPECT_FALSE(mapped("libhdf5"));

  auto hdf5 = make_run_writer(OutputFormat::kHdf5, directory / "hdf5", layout);
  EXPECT_TRUE(mapped("contactlab_hdf5.so"));
  EXPECT_TRUE(mapped("libhdf5"));
  hdf5->add_pair("ground/ball");
  hdf5->series_row(std::vector<double>{0.0, 1.0});
  hdf5->contact_row(0.0, 0, 0, std::vector<double>{2.5});
  hdf5->finish({}, summary);
  hdf5.reset();  // the module's code destroys its writer

  // HDF5's format signature opens the file (the HDF5 specification, "Format Signature"); h5py reads the contents
  // back in tests/apps/hdf5_output_test.py.
  const std::string file = bytes_of(directory / "hdf5" / "results.h5");
  EXPECT_EQ(file.substr(0, 8), std::string("\x89HDF\r\n\x1a\n", 8));
  EXPECT_TRUE(std::filesystem::exists(directory / "hdf5" / "summary.json"));
  std::filesystem::remove_all(directory);
}

}  // namespace
}  // namespace contactlab
