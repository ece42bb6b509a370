// SPDX-License-Identifier: MIT
// Test support for the runner's end-to-end tests: run the contactlab executable and read what it wrote.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab::test {

// The executable under test (set by tests/apps/CMakeLists.txt).
inline const std::string kContactlab = CONTACTLAB_BINARY;

// Runs `contactlab <arguments>` with stdout and stderr into `log`; returns the exit code (−1 if it did not exit).
inline int run_contactlab(const std::string& arguments, const std::filesystem::path& log) {
  const std::string command = kContactlab + " " + arguments + " > " + log.string() + " 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// summary.json without what differs between identical runs: the field that measures time, and the provenance
// (the last member: the command line, with its --out, and the overrides as typed).
inline std::string without_wall_time(std::string json) {
  if (const auto at = json.find("\"provenance\""); at != std::string::npos) json.erase(at);
  const auto at = json.find("\"wall_time_s\"");
  if (at == std::string::npos) return json;
  return json.erase(at, json.find('\n', at) - at);
}

// comparison.md or sweep.md without its provenance section (the command line names the output directory).
inline std::string without_provenance(std::string markdown) {
  if (const auto at = markdown.find("\n## Provenance"); at != std::string::npos) markdown.erase(at);
  return markdown;
}

// One CSV record (RFC 4180 quoting; the files have no line breaks inside fields).
inline std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') fields.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else fields.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// A CSV file as rows of column name → value.
inline std::vector<std::map<std::string, std::string>> csv_rows(const std::filesystem::path& path) {
  std::istringstream in(read_file(path));
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = csv_fields(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    const std::vector<std::string> fields = csv_fields(line);
    EXPECT_EQ(fields.size(), header.size()) << line;
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) row[header[i]] = fields[i];
    rows.push_back(row);
  }
  return rows;
}

}  // namespace contactlab::test
