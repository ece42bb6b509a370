// SPDX-License-Identifier: MIT
// Output files written atomically: content goes to a temporary file in the same directory, which is renamed
// over the target only once complete, so a reader never sees a partial file. Written with write(2) from the caller's
// text, without a stream's buffer (pages a short run would touch only for this).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace contactlab {

class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();  // removes the temporary file if commit() was not called
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Appends `size` bytes; throws std::runtime_error on failure.
  void write(const char* text, std::size_t size);
  void commit();  // close and rename; throws std::runtime_error on failure

 private:
  std::filesystem::path target_;
  std::filesystem::path temporary_;
  int descriptor_ = -1;
  bool committed_ = false;
};

// Writes `text` to `target` atomically.
void write_file_atomically(const std::filesystem::path& target, const std::string& text);

// Shortest decimal that reads back to the same double (round trip), "nan"/"inf" spelled out.
std::string format_number(double value);
// The same text written at `out`, which has room for kNumberChars; returns the end of the text (the bytes after it,
// within that room, may have been written too).
inline constexpr int kNumberChars = 32;
char* write_number(char* out, double value);

// RFC 4180 CSV field: quoted when it holds a comma or quote; line breaks become spaces.
std::string csv_field(std::string text);

// Markdown table cell: `|` escaped, line breaks become spaces.
std::string markdown_cell(const std::string& text);

// JSON text of a document, indented by two, with a final line break. Text that is not valid UTF-8 (a message
// quoting what a user typed) is written with U+FFFD in place of the bad bytes: the file stays valid JSON.
std::string json_text(const nlohmann::ordered_json& document);

}  // namespace contactlab
