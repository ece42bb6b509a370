// SPDX-License-Identifier: MIT
// The registries as `contactlab models --json` lists them (apps/commands.h, apps/friction_models.h).
#include <sstream>

#include "apps/commands.h"
#include "apps/friction_models.h"
#include "python/bindings.h"

namespace contactlab::python {

void bind_models(py::module_& m) {
  m.def(
      "models_json",
      [] {
        std::ostringstream out;
        list_models("", true, out);
        return out.str();
      },
      "Every normal force law as `contactlab models --json` lists it (a JSON text).");
  m.def(
      "friction_models_json",
      [] {
        std::ostringstream out;
        list_friction_models("", true, out);
        return out.str();
      },
      "Every friction law as `contactlab models --friction --json` lists it (a JSON text).");
}

}  // namespace contactlab::python
