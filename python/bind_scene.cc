// SPDX-License-Identifier: MIT
// Scenes from files or text with overrides (as `--set` and `--model`), and bad input as contactlab.SceneError.
#include <pybind11/stl.h>

#include "apps/report.h"
#include "engine/spec_error.h"
#include "python/bindings.h"

namespace contactlab::python {
namespace {

SceneOptions scene_options(const std::vector<std::pair<std::string, std::string>>& overrides, const std::string& model) {
  SceneOptions options;
  options.variable_overrides = overrides;
  options.law_override = model;
  return options;
}

std::shared_ptr<Scene> checked(Scene scene) {
  check_measures(scene);
  return std::make_shared<Scene>(std::move(scene));
}

}  // namespace

Scene scene_of_spec(const SceneSpec& spec, const std::string& law) {
  Scene scene;
  try {
    CompileOptions options;
    options.law_override = law;
    static_cast<CompiledScene&>(scene) = compile_scene(spec, options);
    scene.calibrated = calibrate_scene(scene);
  } catch (const SpecError& error) {
    throw SceneError(kSpecFile, 0, 0, error.key_path(), error.problem());
  }
  scene.file = kSpecFile;
  return scene;
}

void bind_scene(py::module_& m) {
  // A ValueError whose attributes say where: file, line and column (1-based; 0 when unknown), key (the key path, as
  // `--set` takes it) and problem (the message without the place).
  static py::exception<SceneError> scene_error(m, "SceneError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const SceneError& error) {
      py::object value = py::reinterpret_borrow<py::object>(scene_error.ptr())(error.what());
      value.attr("file") = error.file();
      value.attr("line") = error.line();
      value.attr("column") = error.column();
      value.attr("key") = error.key_path();
      value.attr("problem") = error.problem();
      PyErr_SetObject(scene_error.ptr(), value.ptr());
    }
  });

  py::class_<Scene, std::shared_ptr<Scene>>(m, "Scene", "A compiled scene: its model, initial state and run options.")
      .def_property_readonly("name", [](const Scene& s) { return s.name; })
      .def_property_readonly("description", [](const Scene& s) { return s.description; })
      .def_property_readonly("file", [](const Scene& s) { return s.file; })
      .def_property_readonly("variables", [](const Scene& s) { return s.variables; },
                             "The scene's variables after the overrides.")
      .def_property_readonly("law", [](const Scene& s) { return scene_law(s); },
                             "The force law of every contact, or 'mixed'.")
      .def_property_readonly("duration", [](const Scene& s) { return s.simulation.duration; }, "[s]")
      .def_property_readonly("output_interval", [](const Scene& s) { return s.simulation.output_interval; }, "[s]")
      .def_property_readonly("bodies",
                             [](const Scene& s) {
                               std::vector<std::string> names;
                               for (std::size_t b = 1; b < s.model.bodies.size(); ++b) names.push_back(s.model.bodies[b].name);
                               return names;
                             })
      .def_property_readonly("pairs",
                             [](const Scene& s) {
                               std::vector<std::string> names;
                               for (const ContactPairModel& pair : s.model.contact.pairs) names.push_back(pair.name);
                               return names;
                             },
                             "The compiled contact pairs, '<shape a>/<shape b>'.")
      .def_property_readonly("measures",
                             [](const Scene& s) {
                               std::vector<std::string> names;
                               for (const MeasureSpec& measure : s.measures) names.push_back(measure.name);
                               return names;
                             })
      .def_property_readonly("notes", [](const Scene& s) { return s.notes; },
                             "Compile remarks that are not errors (calibrations run, parameters dropped).")
      .def_property_readonly("degrees_of_freedom", [](const Scene& s) { return s.model.nv; })
      .def_static(
          "from_spec",
          [](const SceneSpec& spec, const std::string& model) { return checked(scene_of_spec(spec, model)); },
          py::arg("spec"), py::arg("model") = "",
          "Compiles and calibrates a SceneSpec (as compile_scene and calibrate_scene do in C++); `model` replaces every "
          "contact's law. A refusal raises SceneError with the key path (bodies[0].joint.axis) and file '<SceneSpec>', "
          "line and column 0: a spec has no file.");

  m.def(
      "load",
      [](const std::string& path, const std::vector<std::pair<std::string, std::string>>& overrides,
         const std::string& model) -> std::shared_ptr<Scene> {
        return checked(load_scene(path, scene_options(overrides, model)));
      },
      py::arg("path"), py::arg("overrides"), py::arg("model"),
      "Reads, compiles and calibrates a scene file; overrides are (NAME, VALUE) as `--set NAME=VALUE`.");
  m.def(
      "load_text",
      [](const std::string& text, const std::string& file, const std::vector<std::pair<std::string, std::string>>& overrides,
         const std::string& model) -> std::shared_ptr<Scene> {
        return checked(load_scene_text(text, file, scene_options(overrides, model)));
      },
      py::arg("text"), py::arg("file"), py::arg("overrides"), py::arg("model"),
      "As load, from the text of a scene; `file` names it in messages.");
}

}  // namespace contactlab::python
