// SPDX-License-Identifier: MIT
// contactlab._core: the extension the package contactlab wraps (docs/python.md).
#include "python/bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "contactlab's C++ engine: scenes, runs, the law registry and sweep cases (use the package contactlab)";
  contactlab::python::bind_spec(m);
  contactlab::python::bind_scene(m);
  contactlab::python::bind_results(m);
  contactlab::python::bind_models(m);
  contactlab::python::bind_sweep(m);
  contactlab::python::bind_python_law(m);
}
