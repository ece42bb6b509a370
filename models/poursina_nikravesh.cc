// SPDX-License-Identifier: MIT
// PLACEHOLDER: being written.
#include "models/laws.h"

namespace contactlab {

void append_poursina_nikravesh_laws(std::vector<LawInfo>&) {}

}  // namespace contactlab
