// SPDX-License-Identifier: MIT
// A global operator new that counts what it allocates, for the allocation tests. It replaces the program's operator
// new, so include it in exactly one translation unit of a test binary.
#pragma once

#include <atomic>
#include <cstdlib>
#include <new>

namespace contactlab::test {
inline std::atomic<long> allocations{0};  // operator new calls since the program started
inline thread_local long long thread_bytes = 0;  // bytes operator new gave the calling thread since it started
}  // namespace contactlab::test

// GCC pairs the replaced operators with std::free and warns about a mismatch that is not there: these
// operators are the matching pair, both backed by malloc/free.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

void* operator new(std::size_t size) {
  ++contactlab::test::allocations;
  contactlab::test::thread_bytes += static_cast<long long>(size);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
