// SPDX-License-Identifier: MIT
// Linked into every benchmark: freed memory stays in the process, as it does in a sweep's worker running case
// after case. By default glibc hands a freed block of more than 128 kB (mmap threshold) back to the kernel, or
// trims the heap's top, depending on what else the heap holds; the next iteration's Data then touches fresh pages,
// each a page fault (tens of µs on the virtual machine these figures come from). Whether that happens changed
// with unrelated allocations — one library fewer doubled BM_Overhead/10000 without any code on its path changing —
// so the benchmarks fix it: what they time is the computation. A single run in a fresh process pays the first
// touch of its memory once; the whole-command timings (`contactlab run`) include it.
#include <malloc.h>

namespace {

const bool kRetained = [] {
  constexpr int kGiB = 1 << 30;
  mallopt(M_MMAP_THRESHOLD, kGiB);  // large blocks from the heap, reused, not mapped afresh
  mallopt(M_TRIM_THRESHOLD, kGiB);  // and the heap's top kept
  return true;
}();

}  // namespace
