// SPDX-License-Identifier: MIT
// apps/contact_changes.h: which contact rows are written, and that a reader gets the left-out ones back by the rule
// docs/output.md gives (between two consecutive rows of a point that are equal, it held them at every sample).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "apps/contact_changes.h"

namespace contactlab {
namespace {

// A point's row at a sample: (sample, element, value), one value column.
using Row = std::tuple<int, int, double>;

// Runs the filter over samples of (element → value) maps, the points in contact at each; the rows written.
std::vector<Row> written(const std::vector<std::map<int, double>>& samples) {
  ContactChanges changes(1);
  std::vector<Row> rows;
  auto emit = [&](double time, int pair, int point, std::span<const double> values) {
    EXPECT_EQ(point, 7 * pair);  // pair and point are handed on with the row
    rows.emplace_back(static_cast<int>(time), pair, values[0]);
  };
  for (std::size_t k = 0; k < samples.size(); ++k) {
    changes.begin_sample(static_cast<double>(k));
    for (const auto& [element, value] : samples[k]) changes.add(element, element, 7 * element, std::span(&value, 1));
    changes.end_sample(emit);
  }
  changes.finish(emit);
  return rows;
}

TEST(ContactChanges, ARunOfEqualRowsKeepsItsFirstAndLast) {
  // Element 0 holds 1.0 over samples 0–3, then changes; element 1 holds 2.0 over two samples only.
  const std::vector<Row> rows = written({{{0, 1.0}, {1, 2.0}}, {{0, 1.0}, {1, 2.0}}, {{0, 1.0}}, {{0, 1.0}}, {{0, 5.0}}});
  const std::vector<Row> expected = {{0, 0, 1.0}, {0, 1, 2.0}, {1, 1, 2.0}, {3, 0, 1.0}, {4, 0, 5.0}};
  EXPECT_EQ(rows, expected);
}

TEST(ContactChanges, LeavingContactOrTheEndOfTheRunKeepsTheLastRow) {
  // Equal over samples 0–2, out of contact at 3, back at 4–6 with another value: 0, 2, 4 and 6 are written.
  const std::vector<Row> rows = written({{{0, 1.0}}, {{0, 1.0}}, {{0, 1.0}}, {}, {{0, 3.0}}, {{0, 3.0}}, {{0, 3.0}}});
  const std::vector<Row> expected = {{0, 0, 1.0}, {2, 0, 1.0}, {4, 0, 3.0}, {6, 0, 3.0}};
  EXPECT_EQ(rows, expected);
}

TEST(ContactChanges, EqualMeansEqualToTheLastBit) {
  // −0 and +0 print differently ("-0", "0"): neither row is left out.
  const std::vector<Row> rows = written({{{0, 0.0}}, {{0, -0.0}}, {{0, 0.0}}});
  EXPECT_EQ(rows.size(), 3u);
}

TEST(ContactChanges, TheReaderGetsEveryRowBack) {
  // Random contacts of 5 elements over 400 samples, values from a small set so that runs of equal rows are common;
  // a point that comes back into contact does so with a value its last one was not (docs/output.md).
  std::mt19937 random(3);
  std::vector<std::map<int, double>> samples(400);
  std::map<int, double> last;
  std::map<int, bool> was_in_contact;
  for (auto& sample : samples) {
    for (int e = 0; e < 5; ++e) {
      if (random() % 6 == 0) {
        was_in_contact[e] = false;
        continue;
      }
      double value = static_cast<double>(random() % 3);
      if (!was_in_contact[e] && last.count(e) && value == last[e]) value += 10.0;
      if (was_in_contact[e] && random() % 4 != 0) value = last[e];
      sample[e] = last[e] = value;
      was_in_contact[e] = true;
    }
  }
  const std::vector<Row> rows = written(samples);
  ASSERT_LT(rows.size(), 400u * 5 * 3 / 4);  // something was left out
  // Reconstruct: per element, its rows in order; between two equal consecutive ones, every sample in between.
  std::map<int, std::vector<std::pair<int, double>>> by_element;
  for (const auto& [sample, element, value] : rows) by_element[element].emplace_back(sample, value);
  std::vector<std::map<int, double>> read(samples.size());
  for (const auto& [element, list] : by_element) {
    for (std::size_t k = 0; k < list.size(); ++k) {
      read[static_cast<std::size_t>(list[k].first)][element] = list[k].second;
      if (k + 1 < list.size() && list[k + 1].second == list[k].second) {
        for (int s = list[k].first + 1; s < list[k + 1].first; ++s) read[static_cast<std::size_t>(s)][element] = list[k].second;
      }
    }
  }
  EXPECT_EQ(read, samples);
}

}  // namespace
}  // namespace contactlab
