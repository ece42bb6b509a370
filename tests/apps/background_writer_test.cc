// SPDX-License-Identifier: MIT
// apps/background_writer.h: the rows reach the writer it makes, on its own thread (every call to it, its making and
// finishing included, is made there), in the order they were handed over and value for value, however many blocks
// they fill (more than the blocks in flight: the blocks are reused) and however long a row is (longer than a block);
// errors of the writing thread, making the writer included, come back from finish() and never leave the simulating
// thread waiting.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "apps/background_writer.h"
#include "tests/apps/recording_writer.h"

namespace contactlab {
namespace {

using test::Calls;
using test::RecordingWriter;

// 20 000 rows of 3 to 7 numbers (about 60 blocks of 16 kB, four times the 16 in flight), a row of 5000 numbers
// (more than a block holds) in the middle, contact rows and pairs among them; returns the calls expected.
std::vector<std::string> hand_rows(RunWriter& writer) {
  Calls expected;
  RecordingWriter reference(expected);
  for (RunWriter* w : {static_cast<RunWriter*>(&reference), &writer}) {
    std::vector<double> values;
    for (int row = 0; row < 20000; ++row) {
      values.assign(static_cast<std::size_t>(row == 10000 ? 5000 : 3 + row % 5), 0.0);
      for (std::size_t k = 0; k < values.size(); ++k) values[k] = row + 0.125 * static_cast<double>(k);
      w->series_row(values);
      if (row % 1000 == 0) w->add_pair("pair" + std::to_string(row / 1000));
      if (row % 7 == 0) w->contact_row(1e-3 * row, row / 1000, row % 3, std::span(values).first(2));
    }
  }
  reference.finish({ImpactRecord{}}, {{"scene", "test"}});
  return expected.lines;
}

TEST(BackgroundWriter, HandsEveryRowOnInOrderFromItsOwnThread) {
  Calls calls;
  BackgroundWriter writer([&calls] { return std::make_unique<RecordingWriter>(calls); });
  const std::vector<std::string> expected = hand_rows(writer);
  writer.finish({ImpactRecord{}}, {{"scene", "test"}});
  // Every call, from making the writer to finishing it, on the one writing thread.
  ASSERT_EQ(calls.threads.size(), expected.size() + 1);
  EXPECT_NE(calls.threads.front(), std::this_thread::get_id());
  EXPECT_EQ(std::count(calls.threads.begin(), calls.threads.end(), calls.threads.front()),
            static_cast<long>(calls.threads.size()));
  ASSERT_EQ(calls.lines.size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) ASSERT_EQ(calls.lines[k], expected[k]) << "call " << k;
}

TEST(BackgroundWriter, AnErrorMakingTheWriterComesBackFromFinish) {
  BackgroundWriter writer([]() -> std::unique_ptr<RunWriter> { throw std::runtime_error("cannot write x.csv"); });
  hand_rows(writer);  // more blocks than are in flight: the rows are dropped, the caller does not wait
  try {
    writer.finish({}, {});
    FAIL() << "finish() did not throw";
  } catch (const std::runtime_error& error) {
    EXPECT_STREQ(error.what(), "cannot write x.csv");
  }
}

TEST(BackgroundWriter, AnErrorWritingARowComesBackFromFinish) {
  Calls calls;
  BackgroundWriter writer([&calls] { return std::make_unique<RecordingWriter>(calls, 100); });
  hand_rows(writer);
  EXPECT_THROW(writer.finish({}, {}), std::runtime_error);
  EXPECT_EQ(calls.lines.size(), 100u + 1u + 15u);  // the rows before it, the first pair and the contact rows among them
}

}  // namespace
}  // namespace contactlab
