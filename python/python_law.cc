// SPDX-License-Identifier: MIT
// Force laws written in Python (contactlab.register_law), for prototyping: registered by name like a plugin's
// (models/registry.h), then used by scenes, `model=` and compare like any other law. The registry takes plain function
// pointers, so each Python law takes one of kSlots trampolines, python_force<S>, which holds the GIL while it calls
// the function: F = force(indentation, rate, parameters, contact), parameters a dict of the law's compiled parameters,
// contact a dict of what the engine froze at onset (impact_velocity, effective_mass, …). It costs a Python call per
// evaluation (docs/python.md states how much). A Python exception stops the run and is raised from run().
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "models/registry.h"
#include "python/bindings.h"

namespace contactlab::python {
namespace {

constexpr int kSlots = 16;

struct PythonLaw {
  std::string id;
  py::object function;            // kept for the process's life, as the registry keeps the law
  std::vector<py::object> names;  // the parameters' names as Python strings, given then derived
};

// Python objects that outlive the interpreter's teardown are never decref'd: allocated once, never freed.
std::array<PythonLaw*, kSlots> laws{};
int used = 0;

// The first Python exception a law raised since the last run ended (read and cleared with the GIL held; a plain
// pointer, so that nothing touches Python after the interpreter is gone).
py::error_already_set* pending = nullptr;

struct PythonLawError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

ContactForce call(int slot, const ContactInput& input, const double* parameters) {
  py::gil_scoped_acquire gil;
  const PythonLaw& law = *laws[slot];
  try {
    py::dict values;
    for (std::size_t i = 0; i < law.names.size(); ++i) values[law.names[i]] = parameters[i];
    py::dict contact(py::arg("impact_velocity") = input.impact_velocity,
                     py::arg("effective_mass") = input.effective_mass,
                     py::arg("effective_radius") = input.effective_radius,
                     py::arg("effective_modulus") = input.effective_modulus, py::arg("stiffness") = input.stiffness,
                     py::arg("exponent") = input.exponent, py::arg("time_since_onset") = input.time_since_onset);
    const py::object force = law.function(input.indentation, input.normal_velocity, values, contact);
    if (!PyFloat_Check(force.ptr()) && !PyLong_Check(force.ptr())) {
      throw PythonLawError("law '" + law.id + "': the force function returned " + py::repr(force).cast<std::string>() +
                           " at indentation " + std::to_string(input.indentation) + " m; expected a number [N]");
    }
    return ContactForce{force.cast<double>(), 0.0, 0.0};
  } catch (py::error_already_set& error) {
    const std::string message = "law '" + law.id + "': " + error.what();
    if (pending == nullptr) pending = new py::error_already_set(std::move(error));
    throw PythonLawError(message);
  }
}

template <int Slot>
ContactForce python_force(const ContactInput& input, const double* parameters, const double*) {
  return call(Slot, input, parameters);
}

template <std::size_t... S>
constexpr std::array<ForceFunction, kSlots> trampolines(std::index_sequence<S...>) {
  return {&python_force<static_cast<int>(S)>...};
}
constexpr std::array<ForceFunction, kSlots> kTrampolines = trampolines(std::make_index_sequence<kSlots>());

// (name, unit, description, default, required, min, max)
using ParameterTuple = std::tuple<std::string, std::string, std::string, double, bool, double, double>;

}  // namespace

void bind_python_law(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const PythonLawError& error) {
      if (pending != nullptr) {
        pending->restore();
        delete pending;
        pending = nullptr;
        return;
      }
      PyErr_SetString(PyExc_RuntimeError, error.what());
    }
  });
  m.def(
      "register_law",
      [](const std::string& id, py::function function, const std::vector<ParameterTuple>& parameters,
         const std::string& formula, const std::string& source, const std::string& notes) {
        if (used == kSlots) {
          throw py::value_error("register_law: at most " + std::to_string(kSlots) + " laws can be written in Python");
        }
        std::vector<LawParameter> table;
        for (const auto& [name, unit, description, default_value, required, min, max] : parameters) {
          table.push_back(LawParameter{.name = name, .unit = unit, .description = description, .default_value = default_value,
                                       .required = required, .min = min, .max = max});
        }
        LawInfo info;
        info.id = id;
        info.family = "Python";
        info.formula = formula;
        info.source = source;
        info.notes = notes;
        info.parameters = table;
        info.needs = kNeedsImpactVelocity | kNeedsEffectiveMass | kNeedsTimeSinceOnset;
        info.force = kTrampolines[used];
        try {
          register_law(info);  // copies the strings and the table
        } catch (const std::invalid_argument& error) {
          throw py::value_error(error.what());
        }
        auto* law = new PythonLaw{id, function, {}};
        for (const ParameterTuple& p : parameters) law->names.push_back(py::str(std::get<0>(p)));
        laws[used++] = law;
      },
      py::arg("id"), py::arg("function"), py::arg("parameters"), py::arg("formula"), py::arg("source"), py::arg("notes"),
      "Registers a force law written in Python: force(indentation, rate, parameters, contact) -> F [N].");
}

}  // namespace contactlab::python
