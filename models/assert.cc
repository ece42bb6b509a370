// SPDX-License-Identifier: MIT
#include "models/assert.h"

#include <cstdio>
#include <cstdlib>

namespace contactlab {

void assertion_failed(const char* file, int line, const char* condition, const char* message) {
  std::fprintf(stderr, "%s:%d: contactlab invariant broken: %s (%s)\n", file, line, message, condition);
  std::fflush(stderr);
  std::abort();
}

}  // namespace contactlab
