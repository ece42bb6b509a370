// SPDX-License-Identifier: MIT
// Rows are formatted with std::to_chars into a buffer that goes to the file a few hundred kilobytes at a time: no
// stream formatting and, once the buffer has grown to hold a row, no allocation per row.
#include "apps/csv_writer.h"

#include <charconv>
#include <string>
#include <string_view>

#include "apps/output_files.h"
#include "apps/report.h"

namespace contactlab {
namespace {

class CsvFile {
 public:
  explicit CsvFile(const std::filesystem::path& target) : file_(target) { text_.reserve(2 * kFlushBytes); }

  void text(std::string_view text) { text_.append(text); }
  void number(double value) {
    char buffer[kNumberChars];
    text_.append(buffer, write_number(buffer, value));
  }
  void integer(int value) {
    char buffer[16];
    text_.append(buffer, std::to_chars(buffer, buffer + sizeof(buffer), value).ptr);
  }
  void end_row() {
    text_ += '\n';
    if (text_.size() >= kFlushBytes) flush();
  }
  void commit() {
    flush();
    file_.commit();
  }

 private:
  static constexpr std::size_t kFlushBytes = 256 * 1024;

  void flush() {
    file_.stream().write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

  AtomicFile file_;
  std::string text_;
};

class CsvWriter final : public RunWriter {
 public:
  CsvWriter(const std::filesystem::path& directory, const RunLayout& layout)
      : directory_(directory), timeseries_(directory / "timeseries.csv"), contacts_(directory / "contacts.csv") {
    for (std::size_t k = 0; k < layout.series.names.size(); ++k) {
      if (k > 0) timeseries_.text(",");
      timeseries_.text(layout.series.names[k]);
    }
    timeseries_.end_row();
    contacts_.text("time,pair,point");
    for (const std::string& name : layout.contacts.names) {
      contacts_.text(",");
      contacts_.text(name);
    }
    contacts_.end_row();
  }

  void add_pair(const std::string& name) override { pair_fields_.push_back(csv_field(name)); }

  void series_row(std::span<const double> values) override {
    for (std::size_t k = 0; k < values.size(); ++k) {
      if (k > 0) timeseries_.text(",");
      timeseries_.number(values[k]);
    }
    timeseries_.end_row();
  }

  void contact_row(double time, int pair, int point, std::span<const double> values) override {
    contacts_.number(time);
    contacts_.text(",");
    contacts_.text(pair_fields_[static_cast<std::size_t>(pair)]);
    contacts_.text(",");
    contacts_.integer(point);
    for (const double value : values) {
      contacts_.text(",");
      contacts_.number(value);
    }
    contacts_.end_row();
  }

  void finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) override {
    timeseries_.commit();
    contacts_.commit();
    write_file_atomically(directory_ / "impacts.csv", impacts_csv(impacts));
    write_file_atomically(directory_ / "summary.json", json_text(summary));
  }

 private:
  std::filesystem::path directory_;
  CsvFile timeseries_;
  CsvFile contacts_;
  std::vector<std::string> pair_fields_;  // per pair index: its name as a CSV field
};

}  // namespace

std::unique_ptr<RunWriter> make_csv_writer(const std::filesystem::path& directory, const RunLayout& layout) {
  return std::make_unique<CsvWriter>(directory, layout);
}

}  // namespace contactlab
