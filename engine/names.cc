// SPDX-License-Identifier: MIT
#include "engine/names.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace contactlab {
namespace {

bool ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool ascii_digit(char c) { return c >= '0' && c <= '9'; }

std::string byte_position(std::size_t at) { return " (byte " + std::to_string(at + 1) + ")"; }

// Length of the UTF-8 sequence starting at text[at] and its code point, or 0 when it is not valid UTF-8
// (overlong forms, surrogates and code points above U+10FFFF included).
std::size_t utf8_sequence(std::string_view text, std::size_t at, std::uint32_t& code_point) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[at + k]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  }
  if ((lead & 0xE0) == 0xC0) length = 2, code_point = lead & 0x1Fu;
  else if ((lead & 0xF0) == 0xE0) length = 3, code_point = lead & 0x0Fu;
  else if ((lead & 0xF8) == 0xF0) length = 4, code_point = lead & 0x07u;
  else return 0;
  if (at + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(k) & 0x3Fu);
  }
  static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code_point < kSmallest[length] || code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) return 0;
  return length;
}

}  // namespace

std::string utf8_problem(std::string_view text) {
  std::uint32_t code_point = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_sequence(text, at, code_point);
    if (length == 0) return "is not valid UTF-8 text" + byte_position(at);
    at += length;
  }
  return {};
}

std::string name_problem(std::string_view name) {
  if (name.empty()) return "expected a name, found nothing";
  if (name.size() > kMaxNameLength) return "a name has at most " + std::to_string(kMaxNameLength) + " bytes, found " + std::to_string(name.size());
  if (std::string problem = utf8_problem(name); !problem.empty()) return "the name " + problem;
  if (name.front() == '.' || name.front() == '-') return "a name may not start with '" + std::string(1, name.front()) + "'";
  std::uint32_t code_point = 0;
  for (std::size_t at = 0; at < name.size();) {
    const std::size_t length = utf8_sequence(name, at, code_point);
    const char c = name[at];
    // Beyond ASCII: letters of any script (C1 controls and the line and paragraph separators excluded).
    const bool allowed = length > 1 ? code_point >= 0xA0 && code_point != 0x2028 && code_point != 0x2029
                                    : ascii_letter(c) || ascii_digit(c) || c == '_' || c == '-' || c == '.';
    if (!allowed) {
      const std::string shown = code_point < 0x20 || code_point == 0x7F
                                    ? std::string("a control character")
                                    : std::string(1, '\'').append(name.substr(at, length)).append("'");
      return "a name is letters, digits, '_', '-' and '.'; found " + shown + byte_position(at);
    }
    at += length;
  }
  return {};
}

std::string text_problem(std::string_view text) {
  if (std::string problem = utf8_problem(text); !problem.empty()) return "the text " + problem;
  for (std::size_t at = 0; at < text.size(); ++at) {
    const unsigned char c = static_cast<unsigned char>(text[at]);
    if ((c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7F) return "the text holds a control character" + byte_position(at);
  }
  return {};
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  std::size_t best_distance = std::numeric_limits<std::size_t>::max();
  for (std::string_view c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  if (best.empty() || best_distance > std::max<std::size_t>(2, word.size() / 3)) return {};
  return " (did you mean '" + std::string(best) + "'?)";
}

std::string join_names(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view name : names) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

}  // namespace contactlab
