// SPDX-License-Identifier: MIT
// models/assert: a broken invariant stops the program naming file:line, the message and the condition; a kept one
// costs nothing but its test.
#include "models/assert.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

int checked_index(int index, int size) {
  CONTACTLAB_ASSERT(index >= 0 && index < size, "an index within its range");
  return index;
}

TEST(Assert, AKeptInvariantPassesThrough) { EXPECT_EQ(checked_index(2, 3), 2); }

#ifndef CONTACTLAB_NO_ASSERTIONS
TEST(AssertDeathTest, ABrokenInvariantAbortsNamingWhereAndWhy) {
  EXPECT_DEATH(checked_index(3, 3), "assert_test\\.cc:[0-9]+: contactlab invariant broken: an index within its range "
                                    "\\(index >= 0 && index < size\\)");
}
#endif

}  // namespace
}  // namespace contactlab
