// SPDX-License-Identifier: MIT
// PLACEHOLDER: being written.
#include "models/laws.h"

namespace contactlab {

void append_elastoplastic_laws(std::vector<LawInfo>&) {}

}  // namespace contactlab
