// SPDX-License-Identifier: MIT
// The compile stage: a block's `laws` — parameters per law, so that one scene serves every law (`compare --models
// all`, `--model`). Every entry is checked whether its law is in use or not, since a misspelt law or parameter would
// otherwise wait silently for the run that uses it.
#include <algorithm>

#include "engine/names.h"
#include "engine/scene_compiler.h"

namespace contactlab::compile {

void add_law_entries(const std::vector<LawParametersSpec>& laws, const std::string& map, LawIndex law,
                     std::vector<NamedValue>& values, ParameterSources* sources) {
  const std::string path = map + ".laws";
  std::vector<LawIndex> named;  // the entries' laws, an alias resolved to its law
  for (const LawParametersSpec& entry : laws) {
    const LawIndex index = find_law(entry.law);
    const Key key{path, entry.law};
    if (index < 0) {
      const auto ids = law_ids();
      refuse(key, "unknown law '" + entry.law + "'" + did_you_mean(entry.law, ids) + "; valid names are " + join_names(ids),
             SpecProblemAt::kKey);
    }
    if (std::find(named.begin(), named.end(), index) != named.end()) {
      refuse(key, "law '" + std::string(law_info(index).id) + "' is given twice (by its id and an alias)", SpecProblemAt::kKey);
    }
    named.push_back(index);
    const std::string entry_path = path + "." + entry.law;
    if (index == law) {
      add_law_parameters(parameter_table(law_info(index)), entry.parameters, entry_path, values, nullptr, sources);
    } else {
      std::vector<NamedValue> unused;
      add_law_parameters(parameter_table(law_info(index)), entry.parameters, entry_path, unused);
    }
  }
}

}  // namespace contactlab::compile
