// SPDX-License-Identifier: MIT
#include "contact/law_parameter_cache.h"

#include <bit>
#include <functional>

namespace contactlab {

std::size_t LawParameterCache::KeyHash::operator()(const Key& key) const {
  std::size_t hash = std::hash<const LawInfo*>()(key.law) ^ key.count;
  for (std::size_t k = 0; k < key.count; ++k) hash = hash * 0x100000001b3ull ^ std::hash<std::uint64_t>()(key.bits[k]);
  return hash;
}

namespace {

// Whether `values` name the law's given parameters in their declared order, as given_values lists them.
bool in_declared_order(const LawInfo& law, std::span<const NamedValue> values) {
  const ParameterTable table = parameter_table(law);
  if (values.size() != table.given.size()) return false;
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (values[k].name != table.given[k].name) return false;
  }
  return true;
}

}  // namespace

LawParameters LawParameterCache::compile(const LawInfo& law, std::span<const NamedValue> values) {
  if (!in_declared_order(law, values)) return compile_law_parameters(law, values);
  Key key{&law, values.size(), {}};
  for (std::size_t k = 0; k < values.size(); ++k) key.bits[k] = std::bit_cast<std::uint64_t>(values[k].value);
  if (const auto found = compiled_.find(key); found != compiled_.end()) return found->second;
  const LawParameters parameters = compile_law_parameters(law, values);
  compiled_.emplace(key, parameters);
  return parameters;
}

}  // namespace contactlab
