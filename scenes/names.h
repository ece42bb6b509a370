// SPDX-License-Identifier: MIT
// The text a scene gives: names (of the scene, bodies, shapes, materials) become file names, CSV column headers
// and JSON strings, so they are names and nothing else; variable names are also read in expressions; free
// text must at least be valid UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace contactlab {

// Longest accepted name, in bytes.
inline constexpr std::size_t kMaxNameLength = 100;

// "" when `text` is valid UTF-8, else where it is not.
std::string utf8_problem(std::string_view text);

// "" when `name` is a name: 1 to kMaxNameLength bytes of letters (any script), digits, '_', '-' and '.', not
// starting with '.' or '-' (so never a path, a hidden file or an option); else why not.
std::string name_problem(std::string_view name);

// "" when `name` can be read in an expression: a letter or '_', then letters, digits or '_' (ASCII).
std::string variable_name_problem(std::string_view name);

// "" when free text (a description) is valid UTF-8 without control characters other than line breaks and tabs.
std::string text_problem(std::string_view text);

}  // namespace contactlab
