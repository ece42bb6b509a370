// SPDX-License-Identifier: MIT
// PLACEHOLDER: being written.
#include "models/laws.h"

namespace contactlab {

void append_granular_laws(std::vector<LawInfo>&) {}

}  // namespace contactlab
