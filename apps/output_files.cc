// SPDX-License-Identifier: MIT
#include "apps/output_files.h"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <unistd.h>

namespace contactlab {

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  temporary_ = target_;
  temporary_ += ".tmp-" + std::to_string(::getpid());
  stream_.open(temporary_, std::ios::out | std::ios::trunc);
  if (!stream_) throw std::runtime_error("cannot write " + temporary_.string() + ": " + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    stream_.close();
    std::error_code ignored;
    std::filesystem::remove(temporary_, ignored);
  }
}

void AtomicFile::commit() {
  stream_.flush();
  if (!stream_) throw std::runtime_error("error while writing " + temporary_.string());
  stream_.close();
  std::filesystem::rename(temporary_, target_);
  committed_ = true;
}

void write_file_atomically(const std::filesystem::path& target, const std::string& text) {
  AtomicFile file(target);
  file.stream() << text;
  file.commit();
}

char* write_number(char* out, double value) {
  auto spell = [out](std::string_view text) { return std::copy(text.begin(), text.end(), out); };
  if (std::isnan(value)) return spell("nan");
  if (std::isinf(value)) return spell(value > 0 ? "inf" : "-inf");
  return std::to_chars(out, out + kNumberChars, value).ptr;
}

std::string format_number(double value) {
  char buffer[kNumberChars];
  return std::string(buffer, write_number(buffer, value));
}

std::string csv_field(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string markdown_cell(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '|') escaped += "\\|";
    else if (c == '\n') escaped += ' ';
    else escaped += c;
  }
  return escaped;
}

std::string json_text(const nlohmann::ordered_json& document) {
  return document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace contactlab
