// SPDX-License-Identifier: MIT
// Invariants the code relies on: a pointer that cannot be null, sizes that must agree, an index within its range.
// CONTACTLAB_ASSERT checks one in every build type — a predictable branch, and on failure a call to a cold handler
// that prints file:line, the condition and the message, then aborts. It is not for bad input: a scene's or a
// caller's mistake is an exception that says where it is (SceneError's file:line:column:key,
// std::invalid_argument). Configuring with -DCONTACTLAB_ASSERTIONS=OFF compiles the checks out.
#pragma once

namespace contactlab {

[[noreturn, gnu::cold]] void assertion_failed(const char* file, int line, const char* condition, const char* message);

}  // namespace contactlab

#ifdef CONTACTLAB_NO_ASSERTIONS
// Not evaluated, but still compiled: the condition's names stay used and its errors reported.
#define CONTACTLAB_ASSERT(condition, message) static_cast<void>(sizeof(static_cast<bool>(condition)))
#else
#define CONTACTLAB_ASSERT(condition, message)                                                  \
  (static_cast<bool>(condition) ? static_cast<void>(0)                                         \
                                : ::contactlab::assertion_failed(__FILE__, __LINE__, #condition, message))
#endif
