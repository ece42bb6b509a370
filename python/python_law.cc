// SPDX-License-Identifier: MIT
// Force laws written in Python (contactlab.register_law), for prototyping: registered by name like a plugin's
// (models/registry.h), then used by scenes, `model=` and compare like any other law. The registry takes plain function
// pointers, so each Python law takes one of kSlots trampolines, python_force<S>, which holds the GIL while it calls
// the function: F = force(indentation, rate, parameters, contact), parameters a dict of the law's compiled parameters,
// contact a dict of what the engine froze at onset (impact_velocity, effective_mass, …). It costs a Python call per
// evaluation (docs/python.md states how much). A Python exception stops the run and is raised from run().
//
// A law with per-contact state declares its variables (name, unit, initial value) and an event function, as a C++
// law with history does (models/force_law.h): the state lives in the engine's PairState::law_state, so it is part of
// the State the integrator accepts or rejects, and changes only at the located contact events (onset, maximum
// indentation, reload, separation), where python_event<S> calls event(name, indentation, rate, parameters, contact,
// state) with the state as a dict it may change. force then gets it as a fifth argument (a copy: what force writes
// is dropped). The engine starts every contact's law state at zeros; the entry after the law's variables says whether
// they have been written (1) or still hold their initial values (0), so initial values are exact.
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "models/law_parameters.h"
#include "models/registry.h"
#include "python/bindings.h"

namespace contactlab::python {
namespace {

constexpr int kSlots = 16;

struct PythonLaw {
  std::string id;
  py::object function;            // kept for the process's life, as the registry keeps the law
  std::vector<py::object> names;  // the parameters' names as Python strings, given then derived
  py::object event;               // None for a law without state
  std::vector<py::object> state_names;
  std::vector<double> initial;    // the state variables' initial values
};

// By ContactEvent.
constexpr const char* kEventNames[] = {"onset", "max_indentation", "reload", "separation", "new_impact"};

// Python objects that outlive the interpreter's teardown are never decref'd: allocated once, never freed.
std::array<PythonLaw*, kSlots> laws{};
int used = 0;

// The first Python exception a law raised since the last run ended (read and cleared with the GIL held; a plain
// pointer, so that nothing touches Python after the interpreter is gone).
py::error_already_set* pending = nullptr;

struct PythonLawError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

py::dict parameter_dict(const PythonLaw& law, const double* parameters) {
  py::dict values;
  for (std::size_t i = 0; i < law.names.size(); ++i) values[law.names[i]] = parameters[i];
  return values;
}

py::dict contact_dict(const ContactInput& input) {
  return py::dict(py::arg("impact_velocity") = input.impact_velocity, py::arg("effective_mass") = input.effective_mass,
                  py::arg("effective_radius") = input.effective_radius,
                  py::arg("effective_modulus") = input.effective_modulus, py::arg("stiffness") = input.stiffness,
                  py::arg("exponent") = input.exponent, py::arg("time_since_onset") = input.time_since_onset);
}

// The law's state variables by name: the initial values until the law first wrote them.
py::dict state_dict(const PythonLaw& law, const double* state) {
  const std::size_t count = law.state_names.size();
  const bool written = state[count] != 0.0;
  py::dict values;
  for (std::size_t i = 0; i < count; ++i) values[law.state_names[i]] = written ? state[i] : law.initial[i];
  return values;
}

// Runs `body` with the GIL held; a Python exception becomes the pending error and a PythonLawError.
template <typename Body>
auto with_python(const PythonLaw& law, Body body) {
  py::gil_scoped_acquire gil;
  try {
    return body();
  } catch (py::error_already_set& error) {
    const std::string message = "law '" + law.id + "': " + error.what();
    if (pending == nullptr) pending = new py::error_already_set(std::move(error));
    throw PythonLawError(message);
  }
}

ContactForce call(int slot, const ContactInput& input, const double* parameters, const double* state) {
  const PythonLaw& law = *laws[slot];
  return with_python(law, [&] {
    const py::dict values = parameter_dict(law, parameters);
    const py::dict contact = contact_dict(input);
    const py::object force = law.event.is_none()
                                 ? law.function(input.indentation, input.normal_velocity, values, contact)
                                 : law.function(input.indentation, input.normal_velocity, values, contact,
                                                state_dict(law, state));
    if (!PyFloat_Check(force.ptr()) && !PyLong_Check(force.ptr())) {
      throw PythonLawError("law '" + law.id + "': the force function returned " + py::repr(force).cast<std::string>() +
                           " at indentation " + round_trip_text(input.indentation) + " m; expected a number [N]");
    }
    return ContactForce{force.cast<double>(), 0.0, 0.0};
  });
}

void event(int slot, ContactEvent event, const ContactInput& input, const double* parameters, double* state) {
  const PythonLaw& law = *laws[slot];
  with_python(law, [&] {
    py::dict values = state_dict(law, state);
    law.event(kEventNames[static_cast<int>(event)], input.indentation, input.normal_velocity,
              parameter_dict(law, parameters), contact_dict(input), values);
    const std::size_t count = law.state_names.size();
    std::vector<double> next(count);
    for (std::size_t i = 0; i < count; ++i) {
      const py::object value =
          values.contains(law.state_names[i]) ? py::object(values[law.state_names[i]]) : py::object(py::none());
      if (!PyFloat_Check(value.ptr()) && !PyLong_Check(value.ptr())) {
        throw PythonLawError("law '" + law.id + "': after the " + kEventNames[static_cast<int>(event)] +
                             " event, state['" + law.state_names[i].cast<std::string>() + "'] is " +
                             py::repr(value).cast<std::string>() + "; expected a number");
      }
      next[i] = value.cast<double>();
    }
    std::copy(next.begin(), next.end(), state);
    state[count] = 1.0;
  });
}

template <int Slot>
ContactForce python_force(const ContactInput& input, const double* parameters, const double* state) {
  return call(Slot, input, parameters, state);
}

template <int Slot>
void python_event(ContactEvent event_kind, const ContactInput& input, const double* parameters, double* state) {
  event(Slot, event_kind, input, parameters, state);
}

template <std::size_t... S>
constexpr std::array<ForceFunction, kSlots> force_trampolines(std::index_sequence<S...>) {
  return {&python_force<static_cast<int>(S)>...};
}
template <std::size_t... S>
constexpr std::array<EventFunction, kSlots> event_trampolines(std::index_sequence<S...>) {
  return {&python_event<static_cast<int>(S)>...};
}
constexpr std::array<ForceFunction, kSlots> kForceTrampolines = force_trampolines(std::make_index_sequence<kSlots>());
constexpr std::array<EventFunction, kSlots> kEventTrampolines = event_trampolines(std::make_index_sequence<kSlots>());

// (name, unit, description, default, required, min, max)
using ParameterTuple = std::tuple<std::string, std::string, std::string, double, bool, double, double>;
// (name, unit, description, initial)
using StateTuple = std::tuple<std::string, std::string, std::string, double>;

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
         const std::vector<StateTuple>& state, const py::object& event_function, const std::string& formula,
         const std::string& source, const std::string& notes, const std::vector<std::string>& ignores,
         double fixed_exponent, const std::string& restitution) {
        if (used == kSlots) {
          throw py::value_error("register_law: at most " + std::to_string(kSlots) + " laws can be written in Python");
        }
        if (state.size() + 1 > static_cast<std::size_t>(kMaxLawState)) {
          throw py::value_error("register_law: at most " + std::to_string(kMaxLawState - 1) + " state variables");
        }
        if (state.empty() != event_function.is_none()) {
          throw py::value_error("register_law: a law with state declares its variables and an event function that "
                                "updates them, or neither");
        }
        std::vector<LawParameter> table;
        bool restitution_found = restitution.empty();
        for (const auto& [name, unit, description, default_value, required, min, max] : parameters) {
          // The target restitution: the shapes' materials may supply it, compare --calibrate sets it, check weighs it.
          const bool target = !restitution.empty() && name == restitution;
          restitution_found = restitution_found || target;
          table.push_back(LawParameter{.name = name, .unit = unit, .description = description, .default_value = default_value,
                                       .required = required, .min = min, .max = max,
                                       .role = target ? ParameterRole::kTargetRestitution : ParameterRole::kNone});
        }
        if (!restitution_found) {
          throw py::value_error("register_law: restitution='" + restitution + "' names none of the law's parameters");
        }
        std::uint32_t ignored = kIgnoresNothing;
        for (const std::string& what : ignores) {
          if (what == "stiffness") ignored |= kIgnoresStiffness;
          else if (what == "exponent") ignored |= kIgnoresExponent;
          else throw py::value_error("register_law: ignores='" + what + "'; a law may ignore 'stiffness' or 'exponent'");
        }
        // The registry has no place for state variables: the notes name them (`contactlab models ID`).
        std::string state_text;
        for (const auto& [name, unit, description, initial] : state) {
          state_text += (state_text.empty() ? "Per-contact state: " : "; ") + name + " [" + unit + "] (" + description +
                        "), initially " + py::repr(py::float_(initial)).cast<std::string>();
        }
        const std::string all_notes = state_text.empty() ? notes : notes + (notes.empty() ? "" : " ") + state_text + ".";
        LawInfo info;
        info.id = id;
        info.family = "Python";
        info.formula = formula;
        info.source = source;
        info.notes = all_notes;
        info.parameters = table;
        info.needs = kNeedsImpactVelocity | kNeedsEffectiveMass | kNeedsTimeSinceOnset;
        info.ignores = ignored;
        info.fixed_exponent = fixed_exponent;
        info.dissipation_parameter = restitution;  // copied by register_law, as the other strings
        info.force = kForceTrampolines[used];
        if (!state.empty()) {
          info.needs |= kNeedsHistory;
          info.state_size = static_cast<int>(state.size()) + 1;  // and the written flag
          info.event = kEventTrampolines[used];
        }
        try {
          register_law(info);  // copies the strings and the table
        } catch (const std::invalid_argument& error) {
          throw py::value_error(error.what());
        }
        auto* law = new PythonLaw{id, function, {}, event_function, {}, {}};
        for (const ParameterTuple& p : parameters) law->names.push_back(py::str(std::get<0>(p)));
        for (const StateTuple& v : state) {
          law->state_names.push_back(py::str(std::get<0>(v)));
          law->initial.push_back(std::get<3>(v));
        }
        laws[used++] = law;
      },
      py::arg("id"), py::arg("function"), py::arg("parameters"), py::arg("state"), py::arg("event"), py::arg("formula"),
      py::arg("source"), py::arg("notes"), py::arg("ignores"), py::arg("fixed_exponent"), py::arg("restitution"),
      "Registers a force law written in Python: force(indentation, rate, parameters, contact[, state]) -> F [N]; "
      "with state, event(name, indentation, rate, parameters, contact, state) updates the dict `state` at the "
      "contact's events.");
}

}  // namespace contactlab::python
