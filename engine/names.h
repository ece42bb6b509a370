// SPDX-License-Identifier: MIT
// The text a scene gives: names (of the scene, bodies, shapes, materials) become file names, CSV column headers
// and JSON strings, so they are names and nothing else; free text must at least be valid UTF-8. And how messages
// list names and suggest the one meant.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace contactlab {

// Longest accepted name, in bytes.
inline constexpr std::size_t kMaxNameLength = 100;

// "" when `text` is valid UTF-8, else where it is not.
std::string utf8_problem(std::string_view text);

// "" when `name` is a name: 1 to kMaxNameLength bytes of letters (any script), digits, '_', '-' and '.', not
// starting with '.' or '-' (so never a path, a hidden file or an option); else why not.
std::string name_problem(std::string_view name);

// "" when free text (a description) is valid UTF-8 without control characters other than line breaks and tabs.
std::string text_problem(std::string_view text);

// " (did you mean 'x'?)" for the candidate closest to `word` within a few edits, else "".
std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates);

// "a, b, c".
std::string join_names(const std::vector<std::string_view>& names);

}  // namespace contactlab
