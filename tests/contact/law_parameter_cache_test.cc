// SPDX-License-Identifier: MIT
// Law parameters compiled once per distinct set of values (contact/law_parameter_cache.h): the same values give the
// compiled parameters of compile_law_parameters without preparing them again; other values, another law or values
// out of the declared order are compiled afresh; a refused set is refused every time.
#include "contact/law_parameter_cache.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <vector>

#include "models/registry.h"

namespace contactlab {
namespace {

int prepared = 0;  // calls of the counting prepare below

// luo_nahon (restitution, contact_area, shape_coefficient, case_coefficient), whose prepare — the bisection for the
// exact z, S001 Eq (5.23) — is counted.
LawInfo counted_law() {
  LawInfo law = law_info(find_law("luo_nahon"));
  static const PrepareFunction original = law.prepare;
  law.prepare = [](double* parameters) {
    ++prepared;
    original(parameters);
  };
  return law;
}

const std::vector<NamedValue> kGiven = {{"restitution", 0.7}, {"contact_area", 2e-8}, {"shape_coefficient", 1e-3}};

bool same(const LawParameters& a, const LawParameters& b) { return std::memcmp(a.values, b.values, sizeof(a.values)) == 0; }

TEST(LawParameterCache, PreparesEachDistinctSetOfValuesOnce) {
  const LawInfo law = counted_law();
  std::vector<NamedValue> values = given_values(law, compile_law_parameters(law, kGiven));
  prepared = 0;
  LawParameterCache cache;
  const LawParameters first = cache.compile(law, values);
  for (int k = 0; k < 100; ++k) EXPECT_TRUE(same(cache.compile(law, values), first));
  EXPECT_EQ(prepared, 1);
  EXPECT_TRUE(same(first, compile_law_parameters(law, values)));

  values[0].value = 0.5;  // another restitution: another z
  const LawParameters second = cache.compile(law, values);
  EXPECT_EQ(prepared, 3);  // the cache's and compile_law_parameters' above
  EXPECT_FALSE(same(first, second));
  EXPECT_TRUE(same(cache.compile(law, values), second));
  EXPECT_EQ(prepared, 3);
}

TEST(LawParameterCache, CompilesValuesOutOfTheDeclaredOrderEveryTime) {
  const LawInfo law = counted_law();
  // By name, a default left out, in another order: compile_law_parameters reads them so, but the cache's key
  // (the values in declared order) does not hold for them.
  const std::vector<NamedValue> by_name = {{"shape_coefficient", 1e-3}, {"restitution", 0.7}, {"contact_area", 2e-8}};
  prepared = 0;
  LawParameterCache cache;
  const LawParameters first = cache.compile(law, by_name);
  EXPECT_TRUE(same(first, compile_law_parameters(law, kGiven)));
  EXPECT_TRUE(same(cache.compile(law, by_name), first));
  EXPECT_EQ(prepared, 3);
}

TEST(LawParameterCache, RefusesARefusedSetEveryTime) {
  const LawInfo law = counted_law();
  std::vector<NamedValue> values = given_values(law, compile_law_parameters(law, kGiven));
  values[0].value = 1.5;  // restitution outside (0, 1]
  LawParameterCache cache;
  EXPECT_THROW(cache.compile(law, values), std::invalid_argument);
  EXPECT_THROW(cache.compile(law, values), std::invalid_argument);
}

}  // namespace
}  // namespace contactlab
