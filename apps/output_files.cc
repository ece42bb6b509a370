// SPDX-License-Identifier: MIT
#include "apps/output_files.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

namespace contactlab {

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  temporary_ = target_;
  temporary_ += ".tmp-" + std::to_string(::getpid());
  descriptor_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (descriptor_ < 0) throw std::runtime_error("cannot write " + temporary_.string() + ": " + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    if (descriptor_ >= 0) ::close(descriptor_);
    std::error_code ignored;
    std::filesystem::remove(temporary_, ignored);
  }
}

void AtomicFile::write(const char* text, std::size_t size) {
  while (size > 0) {
    const ssize_t written = ::write(descriptor_, text, size);
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) {
      throw std::runtime_error("error while writing " + temporary_.string() + ": " + std::strerror(errno));
    }
    text += written;
    size -= static_cast<std::size_t>(written);
  }
}

void AtomicFile::commit() {
  const int descriptor = descriptor_;
  descriptor_ = -1;
  if (::close(descriptor) != 0) {
    throw std::runtime_error("error while writing " + temporary_.string() + ": " + std::strerror(errno));
  }
  std::filesystem::rename(temporary_, target_);
  committed_ = true;
}

void write_file_atomically(const std::filesystem::path& target, const std::string& text) {
  AtomicFile file(target);
  file.write(text.data(), text.size());
  file.commit();
}

namespace {

constexpr std::uint64_t kPowersOfTen[] = {1,
                                          10,
                                          100,
                                          1000,
                                          10000,
                                          100000,
                                          1000000,
                                          10000000,
                                          100000000,
                                          1000000000,
                                          10000000000,
                                          100000000000,
                                          1000000000000,
                                          10000000000000,
                                          100000000000000,
                                          1000000000000000,
                                          10000000000000000,
                                          100000000000000000,
                                          1000000000000000000};

// The number of decimal digits of x ≥ 1 (at most 17 here): log10 from the bit width, corrected once.
int digit_count(std::uint64_t x) {
  const int guess = ((64 - std::countl_zero(x)) * 1233) >> 12;  // 1233/4096 ≈ log10(2)
  return guess + (x >= kPowersOfTen[guess] ? 1 : 0);
}

constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// y < 10^m as m ≤ 8 digits (leading zeros included) at out[0, m), a pair at a time from the left: y·10^(8−m) / 10^6
// as a 48-bit fixed-point number (2^48 / 10^6 rounded up, exact for every value below 10^8: checked over all of
// them), whose integer part is the next two digits each time the fraction is multiplied by 100 — a multiplication
// and a shift per pair instead of a division's. For an odd m the last pair's second digit, a zero, lands at out[m]:
// what follows overwrites it (write_number's room of kNumberChars holds it).
inline void write_run(char* out, std::uint64_t y, int m) {
  constexpr std::uint64_t kFraction = (std::uint64_t{1} << 48) - 1;
  std::uint64_t t = y * kPowersOfTen[8 - m] * 281474977;
  for (int k = 0; k < m; k += 2) {
    std::memcpy(out + k, kDigitPairs + 2 * (t >> 48), 2);
    t = (t & kFraction) * 100;
  }
}

// x < 10^n (n ≤ 17) as n digits (leading zeros included) at out[0, n), in runs of up to eight from the left.
void write_digits(char* out, std::uint64_t x, int n) {
  if (n > 16) {
    write_run(out, x / 10000000000000000, n - 16);
    out += n - 16;
    x %= 10000000000000000;
    n = 16;
  }
  if (n > 8) {
    write_run(out, x / 100000000, n - 8);
    write_run(out + n - 8, x % 100000000, 8);
    return;
  }
  write_run(out, x, n);
}

}  // namespace

// std::to_chars(out, end, value)'s text, made from the same shortest round-trip digits (Dragonbox's, through fmt's
// dragonbox::to_decimal, in its detail namespace but exported by libfmt) in about a third of its time: the digits d
// (n of them) times 10^e written fixed ("1234.5", "0.00012") or scientific ("1.2345e-07", at least two exponent
// digits), whichever is shorter, fixed on a tie. tests/apps/number_text_test.cc checks it against std::to_chars.
char* write_number(char* out, double value) {
  auto spell = [out](std::string_view text) { return std::copy(text.begin(), text.end(), out); };
  if (std::isnan(value)) return spell("nan");
  if (std::isinf(value)) return spell(value > 0 ? "inf" : "-inf");
  if (std::signbit(value)) *out++ = '-';
  if (value == 0.0) {
    *out = '0';
    return out + 1;
  }
  const auto decimal = fmt::detail::dragonbox::to_decimal(std::fabs(value));
  const std::uint64_t digits = decimal.significand;
  const int e = decimal.exponent;
  const int n = digit_count(digits);
  const int scientific_exponent = e + n - 1;
  const int magnitude = std::abs(scientific_exponent);
  const int scientific_length = n + (n > 1 ? 1 : 0) + 2 + (magnitude >= 100 ? 3 : 2);
  const int fixed_length = e >= 0 ? n + e : (n + e > 0 ? n + 1 : 2 - e);
  if (fixed_length <= scientific_length) {
    // An integer beyond 2^53 written fixed is written exactly (as printf's %.0f), not as its digits and zeros.
    if (e > 0 && std::fabs(value) >= 0x1p53) return std::to_chars(out, out + kNumberChars, std::fabs(value)).ptr;
    if (e >= 0) {  // the digits, then e zeros
      write_digits(out, digits, n);
      std::fill(out + n, out + n + e, '0');
    } else if (n + e > 0) {  // the point among the digits: all of them one place on, the integer part moved back
      write_digits(out + 1, digits, n);
      for (int k = 0; k < n + e; ++k) out[k] = out[k + 1];
      out[n + e] = '.';
    } else {  // "0.", −e − n zeros, the digits
      out[0] = '0';
      out[1] = '.';
      std::fill(out + 2, out + 2 - e - n, '0');
      write_digits(out + 2 - e - n, digits, n);
    }
    return out + fixed_length;
  }
  // d.ddde±XX: the first digit, the point and the others (when there are), the exponent.
  write_digits(out + 1, digits, n);
  out[0] = out[1];
  char* at = out + 1;
  if (n > 1) {
    *at = '.';
    at += n;
  }
  *at++ = 'e';
  *at++ = scientific_exponent < 0 ? '-' : '+';
  if (magnitude >= 100) {
    *at++ = static_cast<char>('0' + magnitude / 100);
  }
  *at++ = static_cast<char>('0' + magnitude / 10 % 10);
  *at++ = static_cast<char>('0' + magnitude % 10);
  return at;
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
