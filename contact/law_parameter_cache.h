// SPDX-License-Identifier: MIT
// A law's parameters compiled once per distinct set of values. The pairs whose materials give a law the same values
// (every pair of a chain of one material) share one compilation: a law's prepare step may solve an equation —
// zhang_sharf_exact's z(c) by bisection costs some 30 µs — which made per pair cost a 10 000-bead chain a third of a
// second of its run, as its pairs came into the pair table.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <unordered_map>

#include "models/registry.h"

namespace contactlab {

class LawParameterCache {
 public:
  // compile_law_parameters(law, values), or a copy of its earlier result for the same law and values (compared to
  // the bit). Values in the order of given_values(law, …) are kept; others are compiled every time. Throws as
  // compile_law_parameters does; a failure is not kept.
  LawParameters compile(const LawInfo& law, std::span<const NamedValue> values);

 private:
  struct Key {
    const LawInfo* law = nullptr;
    std::size_t count = 0;
    std::array<std::uint64_t, static_cast<std::size_t>(kMaxLawParameters)> bits{};
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& key) const;
  };
  std::unordered_map<Key, LawParameters, KeyHash> compiled_;
};

}  // namespace contactlab
