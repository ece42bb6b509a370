// SPDX-License-Identifier: MIT
// apps/output_files.h write_number: the text the CSV files hold must be std::to_chars's shortest round-trip text,
// byte for byte (outputs written before and after must compare equal), over every kind of double.
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "apps/output_files.h"

namespace contactlab {
namespace {

std::string standard_text(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof(buffer), value).ptr);
}

std::string our_text(double value) {
  char buffer[kNumberChars];
  return std::string(buffer, write_number(buffer, value));
}

TEST(NumberText, SpecialValuesAndTheEdgesOfTheFormats) {
  const double cases[] = {0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.77, 1e-4, 1e-5, 0.0001234, 0.001, 123456.0, 1e15, 1e16,
                          1e21, 1e22, 1.2345678901234568e20, 123456789012345680.0, 9007199254740993.0,
                          std::numeric_limits<double>::min(), std::numeric_limits<double>::denorm_min(),
                          std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest(),
                          std::numeric_limits<double>::epsilon(), 5e-324, 1e-310, 1e100, 1e-100, 2.5e-8,
                          std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                          std::numeric_limits<double>::quiet_NaN()};
  for (const double value : cases) EXPECT_EQ(our_text(value), standard_text(value)) << std::hexfloat << value;
  for (int k = -330; k <= 310; ++k) {
    const double power = std::pow(10.0, k);
    for (const double value : {power, 3 * power, 1.5 * power, std::nextafter(power, 0.0), std::nextafter(power, std::numeric_limits<double>::infinity())}) {
      EXPECT_EQ(our_text(value), standard_text(value)) << value;
    }
  }
}

TEST(NumberText, RandomBitPatternsAndRandomMagnitudes) {
  std::mt19937_64 random(19);
  int mismatches = 0;
  for (int k = 0; k < 1000000; ++k) {
    const double any = std::bit_cast<double>(random());
    // Values as a simulation makes them: a few significant digits or all of them, at magnitudes from 1e-20 to 1e20.
    const double scale = std::pow(10.0, static_cast<int>(random() % 41) - 20);
    const double typical = (static_cast<double>(random() % 2000001) - 1e6) * scale;
    const double short_digits = std::round(typical / scale / 1e3) * scale;
    for (const double value : {any, typical, short_digits}) {
      if (our_text(value) != standard_text(value) && ++mismatches <= 10) {
        ADD_FAILURE() << std::hexfloat << value << ": " << our_text(value) << " against " << standard_text(value);
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
}  // namespace contactlab
