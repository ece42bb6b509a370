// SPDX-License-Identifier: MIT
// Rows are formatted with write_number (std::to_chars's text) into a buffer that goes to the file 16 kB at a time: no
// stream formatting and, once the buffer has grown to hold a row, no allocation per row. Formatting a number is most
// of the cost, and many repeat the one above them (the time of a sample's contact rows, the coordinates of bodies
// at rest, the zeros of unused columns): each column keeps its last number's text and copies it when the value is the
// same to the last bit.
#include "apps/csv_writer.h"

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "apps/output_files.h"
#include "apps/report.h"

namespace contactlab {
namespace {

// A column's last number and its text.
struct NumberText {
  std::uint64_t bits = ~std::uint64_t{0};  // a NaN that no computation makes
  char text[kNumberChars] = {};
  std::size_t length = 0;
};

class CsvFile {
 public:
  CsvFile(const std::filesystem::path& target, std::size_t columns)
      : file_(target), columns_(columns), buffer_(std::make_unique_for_overwrite<char[]>(kFlushBytes + kRowRoom)),
        capacity_(kFlushBytes + kRowRoom) {}

  void text(std::string_view text) {
    std::memcpy(room(text.size()), text.data(), text.size());
    used_ += text.size();
  }
  void comma() {
    *room(1) = ',';
    ++used_;
  }
  // The number of column `column`.
  void number(std::size_t column, double value) {
    NumberText& last = columns_[column];
    const auto bits = std::bit_cast<std::uint64_t>(value);
    if (bits != last.bits) {
      last.bits = bits;
      last.length = static_cast<std::size_t>(write_number(last.text, value) - last.text);
    }
    std::memcpy(room(kNumberChars), last.text, kNumberChars);  // a fixed size: a few moves, not a call
    used_ += last.length;
  }
  void integer(int value) {
    char* out = room(16);
    used_ = static_cast<std::size_t>(std::to_chars(out, out + 16, value).ptr - buffer_.get());
  }
  void end_row() {
    *room(1) = '\n';
    ++used_;
    if (used_ >= kFlushBytes) flush();
  }
  void commit() {
    flush();
    file_.commit();
  }

 private:
  // Small, so that the buffer's pages, each a page fault when first touched, are few: a larger block saves only
  // write() calls, which cost less than a fault per 4 kB.
  static constexpr std::size_t kFlushBytes = 16 * 1024;
  static constexpr std::size_t kRowRoom = 4 * 1024;  // beyond kFlushBytes, before a long row needs more

  // The buffer's free space from its end, at least `bytes` of it.
  char* room(std::size_t bytes) {
    if (used_ + bytes > capacity_) {
      const std::size_t capacity = 2 * (used_ + bytes);
      auto grown = std::make_unique_for_overwrite<char[]>(capacity);
      std::memcpy(grown.get(), buffer_.get(), used_);
      buffer_ = std::move(grown);
      capacity_ = capacity;
    }
    return buffer_.get() + used_;
  }
  void flush() {
    file_.write(buffer_.get(), used_);
    used_ = 0;
  }

  AtomicFile file_;
  std::vector<NumberText> columns_;
  std::unique_ptr<char[]> buffer_;  // not filled when made: its pages are touched only as the text reaches them
  std::size_t capacity_;
  std::size_t used_ = 0;
};

class CsvWriter final : public RunWriter {
 public:
  CsvWriter(const std::filesystem::path& directory, const RunLayout& layout)
      : directory_(directory),
        timeseries_(directory / "timeseries.csv", layout.series.names.size()),
        contacts_(directory / "contacts.csv", 1 + layout.contacts.names.size()) {
    for (std::size_t k = 0; k < layout.series.names.size(); ++k) {
      if (k > 0) timeseries_.comma();
      timeseries_.text(layout.series.names[k]);
    }
    timeseries_.end_row();
    contacts_.text("time,pair,point");
    for (const std::string& name : layout.contacts.names) {
      contacts_.comma();
      contacts_.text(name);
    }
    contacts_.end_row();
  }

  void add_pair(const std::string& name) override { pair_fields_.push_back(csv_field(name)); }

  void series_row(std::span<const double> values) override {
    for (std::size_t k = 0; k < values.size(); ++k) {
      if (k > 0) timeseries_.comma();
      timeseries_.number(k, values[k]);
    }
    timeseries_.end_row();
  }

  void contact_row(double time, int pair, int point, std::span<const double> values) override {
    contacts_.number(0, time);
    contacts_.comma();
    contacts_.text(pair_fields_[static_cast<std::size_t>(pair)]);
    contacts_.comma();
    contacts_.integer(point);
    for (std::size_t k = 0; k < values.size(); ++k) {
      contacts_.comma();
      contacts_.number(1 + k, values[k]);
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
