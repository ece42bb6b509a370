// SPDX-License-Identifier: MIT
// The scene specification (engine/scene_spec.h) as Python classes with the C++ names and fields, so that a scene is
// written in Python as a C++ program writes it with designated initializers: every class takes its fields as
// keywords (any left out keeps the C++ default), and every field reads and writes. A Vec3 takes any 3-sequence or
// NumPy array; a std::optional field takes None; `stiffness` takes HertzStiffness() or K [N/m^n]. Scene.from_spec
// compiles one (engine/compile_scene.h).
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "engine/scene_spec.h"
#include "python/bindings.h"
#include "scenes/expression.h"

namespace contactlab::python {
namespace {

// A spec class: its fields (def_readwrite, listed for the keyword constructor and the repr).
template <typename T>
class SpecClass {
 public:
  SpecClass(py::module_& m, const char* name, const char* doc) : name_(name), cls_(m, name, doc) {}

  template <typename Member>
  SpecClass& field(const char* name, Member T::*member, const char* doc = "") {
    cls_.def_readwrite(name, member, doc);
    fields_->push_back(name);
    return *this;
  }

  // A field read and written through functions (a text compiled when set), listed like the others.
  template <typename Get, typename Set>
  SpecClass& property(const char* name, Get get, Set set, const char* doc) {
    cls_.def_property(name, get, set, doc);
    fields_->push_back(name);
    return *this;
  }

  py::class_<T>& cls() { return cls_; }

  // Adds T(**fields): each keyword must name a field; the rest keep their defaults. Also repr and ==.
  py::class_<T>& finish() {
    auto fields = fields_;
    const std::string name = name_;
    cls_.def(py::init([fields, name](const py::kwargs& kwargs) {
               T value{};
               // A Python view of `value` (not owning it) whose attribute setters convert and write each field.
               py::object view = py::cast(&value, py::return_value_policy::reference);
               for (const auto& [key, item] : kwargs) {
                 const std::string field = py::str(key);
                 if (std::find(fields->begin(), fields->end(), field) == fields->end()) {
                   throw py::type_error(name + "() has no field '" + field + "'; its fields are " + joined(*fields));
                 }
                 py::setattr(view, key, item);
               }
               return value;
             }),
             ("Takes its fields as keywords: " + joined(*fields) + ".").c_str());
    cls_.def("__repr__", [fields, name](const py::object& self) {
      std::string text = name + "(";
      for (std::size_t i = 0; i < fields->size(); ++i) {
        const py::object value = self.attr((*fields)[i].c_str());
        text += (i ? ", " : "") + (*fields)[i] + "=" + py::repr(value).cast<std::string>();
      }
      return text + ")";
    });
    cls_.def("__eq__", [fields](const py::object& self, const py::object& other) {
      if (!py::type::of(self).is(py::type::of(other))) return false;
      for (const std::string& field : *fields) {
        const py::object a = self.attr(field.c_str()), b = other.attr(field.c_str());
        // Vec3 fields read as NumPy arrays, whose == is elementwise.
        const bool equal = py::isinstance<py::array>(a) ? py::module_::import("numpy").attr("array_equal")(a, b).cast<bool>()
                                                        : a.equal(b);
        if (!equal) return false;
      }
      return true;
    });
    return cls_;
  }

 private:
  static std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
    return text;
  }

  std::string name_;
  py::class_<T> cls_;
  std::shared_ptr<std::vector<std::string>> fields_ = std::make_shared<std::vector<std::string>>();
};

// A time function's or a drive's expression in t, compiled as a scene file's (no variables: Python has them).
TimeExpression expression_of(const std::string& text) {
  try {
    return compile_time_expression(text, [](std::string_view) { return std::optional<double>(); });
  } catch (const ExpressionError& error) {
    throw py::value_error("expression '" + text + "' at character " + std::to_string(error.position + 1) + ": " +
                          error.what());
  }
}

void bind_time_functions(py::module_& m) {
  SpecClass<TimeFunction> function(m, "TimeFunction",
                                   "A generalized force of time on a one-coordinate joint [N·m or N]: constant, sine, "
                                   "table (held outside it) or expression in t.");
  py::enum_<TimeFunction::Kind>(function.cls(), "Kind")
      .value("kConstant", TimeFunction::Kind::kConstant)
      .value("kSine", TimeFunction::Kind::kSine)
      .value("kTable", TimeFunction::Kind::kTable)
      .value("kExpression", TimeFunction::Kind::kExpression);
  function.field("kind", &TimeFunction::kind)
      .field("value", &TimeFunction::value, "constant; the sine's offset")
      .field("amplitude", &TimeFunction::amplitude)
      .field("frequency", &TimeFunction::frequency, "[Hz]")
      .field("phase", &TimeFunction::phase, "[rad]")
      .field("times", &TimeFunction::times, "table, increasing [s]")
      .field("values", &TimeFunction::values, "table")
      .property(
          "expression", [](const TimeFunction& f) { return f.expression.text(); },
          [](TimeFunction& f, const std::string& text) { f.expression = expression_of(text); },
          "kExpression: the expression in t, as text (ValueError for one that does not parse)")
      .finish();

  SpecClass<Drive> drive(m, "Drive", "A prescribed motion q(t) of a one-coordinate joint [rad or m].");
  py::enum_<Drive::Kind>(drive.cls(), "Kind")
      .value("kNone", Drive::Kind::kNone)
      .value("kSpeed", Drive::Kind::kSpeed)
      .value("kSine", Drive::Kind::kSine)
      .value("kTable", Drive::Kind::kTable)
      .value("kExpression", Drive::Kind::kExpression);
  drive.field("kind", &Drive::kind)
      .field("start", &Drive::start, "kSpeed: q(0)")
      .field("speed", &Drive::speed, "kSpeed: q̇ [rad/s or m/s]")
      .field("amplitude", &Drive::amplitude)
      .field("frequency", &Drive::frequency, "[Hz]")
      .field("phase", &Drive::phase, "[rad]")
      .field("offset", &Drive::offset)
      .field("times", &Drive::times, "table, increasing [s]")
      .field("positions", &Drive::positions, "table")
      .property(
          "expression", [](const Drive& d) { return d.expression.text(); },
          [](Drive& d, const std::string& text) { d.expression = expression_of(text); },
          "kExpression: the expression in t, as text (ValueError for one that does not parse)")
      .finish();
}

}  // namespace

void bind_spec(py::module_& m) {
  bind_time_functions(m);

  SpecClass<MaterialSpec>(m, "MaterialSpec", "A material, by name.")
      .field("name", &MaterialSpec::name)
      .field("youngs_modulus", &MaterialSpec::youngs_modulus, "E [Pa] > 0; required unless rigid")
      .field("rigid", &MaterialSpec::rigid)
      .field("poisson_ratio", &MaterialSpec::poisson_ratio, "ν in (−1, 0.5)")
      .field("density", &MaterialSpec::density, "ρ [kg/m³] ≥ 0")
      .field("yield_strength", &MaterialSpec::yield_strength, "σ_y [Pa] > 0; None: infinite")
      .field("restitution", &MaterialSpec::restitution)
      .field("friction", &MaterialSpec::friction, "μ_k ≥ 0")
      .field("static_friction", &MaterialSpec::static_friction, "μ_s ≥ μ_k; None: μ_k")
      .finish();

  SpecClass<RotationSpec>(m, "RotationSpec", "A rotation by `angle` [rad] about `axis` (any non-zero length).")
      .field("axis", &RotationSpec::axis)
      .field("angle", &RotationSpec::angle, "[rad], required")
      .finish();

  SpecClass<ShapeSpec>(m, "ShapeSpec", "A shape on a body or the world (docs/scenes.md, shapes).")
      .field("name", &ShapeSpec::name, "None: the body's name")
      .field("type", &ShapeSpec::type, "sphere, box, halfspace, capsule, cylinder, hole, …")
      .field("radius", &ShapeSpec::radius, "[m]")
      .field("length", &ShapeSpec::length, "[m]")
      .field("size", &ShapeSpec::size, "a box's full extents [m]")
      .field("half_extents", &ShapeSpec::half_extents, "[m]")
      .field("position", &ShapeSpec::position, "in the body frame [m]")
      .field("axis", &ShapeSpec::axis)
      .field("normal", &ShapeSpec::normal, "a halfspace's outward normal; None: +z")
      .field("rotation", &ShapeSpec::rotation)
      .field("material", &ShapeSpec::material, "a material's name; '' none")
      .field("group", &ShapeSpec::group)
      .field("mask", &ShapeSpec::mask)
      .finish();

  SpecClass<JointSpec>(m, "JointSpec", "A body's joint to its parent.")
      .field("type", &JointSpec::type, "fixed, revolute, prismatic, planar, spherical, free")
      .field("parent", &JointSpec::parent, "a body listed earlier, or 'world'")
      .field("axis", &JointSpec::axis)
      .field("position", &JointSpec::position, "of the joint frame in the parent's frame [m]")
      .field("rotation", &JointSpec::rotation)
      .field("stiffness", &JointSpec::stiffness, "[N·m/rad or N/m] ≥ 0")
      .field("damping", &JointSpec::damping, "[N·m·s/rad or N·s/m] ≥ 0")
      .field("rest_position", &JointSpec::rest_position, "[rad or m]")
      .field("effort", &JointSpec::effort, "[N·m or N]")
      .field("drive", &JointSpec::drive)
      .finish();

  SpecClass<InitialSpec>(m, "InitialSpec", "A joint's initial values: raw q and v, or those its type takes.")
      .field("q", &InitialSpec::q)
      .field("v", &InitialSpec::v)
      .field("position", &InitialSpec::position, "[m]")
      .field("angle", &InitialSpec::angle, "[rad]")
      .field("orientation", &InitialSpec::orientation)
      .field("linear_velocity", &InitialSpec::linear_velocity, "[m/s]")
      .field("angular_velocity", &InitialSpec::angular_velocity, "[rad/s]")
      .finish();

  SpecClass<BodySpec>(m, "BodySpec", "A body, its joint, initial values and shapes.")
      .field("name", &BodySpec::name, "required, unique")
      .field("mass", &BodySpec::mass, "[kg]; required unless the joint is fixed")
      .field("com", &BodySpec::com, "[m]; None: the shapes'")
      .field("inertia", &BodySpec::inertia, "principal moments [kg·m²]; None: from the shapes")
      .field("joint", &BodySpec::joint)
      .field("initial", &BodySpec::initial)
      .field("shapes", &BodySpec::shapes)
      .finish();

  SpecClass<ConstraintSpec>(m, "ConstraintSpec", "A joint that closes a kinematic loop.")
      .field("name", &ConstraintSpec::name)
      .field("type", &ConstraintSpec::type, "revolute, prismatic, spherical, weld, distance")
      .field("body_a", &ConstraintSpec::body_a)
      .field("body_b", &ConstraintSpec::body_b)
      .field("position_a", &ConstraintSpec::position_a, "[m]")
      .field("position_b", &ConstraintSpec::position_b, "[m]")
      .field("axis", &ConstraintSpec::axis)
      .field("length", &ConstraintSpec::length, "distance [m] > 0")
      .finish();

  SpecClass<WorldSpec>(m, "WorldSpec", "The shapes fixed to the world.").field("shapes", &WorldSpec::shapes).finish();

  SpecClass<ParameterValue>(m, "ParameterValue", "One law parameter by name, in the law's SI unit.")
      .field("name", &ParameterValue::name)
      .field("value", &ParameterValue::value)
      .finish()
      .def(py::init([](const std::pair<std::string, double>& p) { return ParameterValue{p.first, p.second}; }),
           "From a (name, value) pair, as C++ writes {\"restitution\", 0.7}.")
      .def(py::init([](const std::string& name, double value) { return ParameterValue{name, value}; }),
           py::arg("name"), py::arg("value"));
  py::implicitly_convertible<py::tuple, ParameterValue>();

  py::class_<HertzStiffness>(m, "HertzStiffness", "stiffness: hertz, K = (4/3) E* √R* with exponent 3/2.")
      .def(py::init<>())
      .def("__repr__", [](const HertzStiffness&) { return "HertzStiffness()"; })
      .def("__eq__", [](const HertzStiffness&, const py::object& other) { return py::isinstance<HertzStiffness>(other); });

  SpecClass<CalibrationSpec>(m, "CalibrationSpec",
                             "The value of one law parameter for which the pair's isolated impact returns a restitution.")
      .field("parameter", &CalibrationSpec::parameter, "required")
      .field("restitution", &CalibrationSpec::restitution, "required, in (0, 1)")
      .field("impact_velocity", &CalibrationSpec::impact_velocity, "[m/s] > 0")
      .field("mass", &CalibrationSpec::mass, "[kg] > 0; None: the pair's reduced mass")
      .finish();

  SpecClass<FrictionSpec>(m, "FrictionSpec", "A tangential law by id or alias and its parameters.")
      .field("law", &FrictionSpec::law, "required; 'none': frictionless")
      .field("parameters", &FrictionSpec::parameters)
      .finish();

  SpecClass<LawParametersSpec>(m, "LawParametersSpec", "Parameters for one law, applied when that law is in use.")
      .field("law", &LawParametersSpec::law)
      .field("parameters", &LawParametersSpec::parameters)
      .finish();

  SpecClass<PairSpec>(m, "PairSpec", "A listed pair: its two shapes and what it gives instead of the contacts block.")
      .field("shapes", &PairSpec::shapes)
      .field("method", &PairSpec::method)
      .field("law", &PairSpec::law)
      .field("parameters", &PairSpec::parameters)
      .field("laws", &PairSpec::laws)
      .field("stiffness", &PairSpec::stiffness, "HertzStiffness() or K [N/m^n]")
      .field("exponent", &PairSpec::exponent)
      .field("effective_radius", &PairSpec::effective_radius)
      .field("mass", &PairSpec::mass)
      .field("tension", &PairSpec::tension)
      .field("calibrate", &PairSpec::calibrate)
      .field("friction", &PairSpec::friction)
      .finish();

  SpecClass<ClearanceSpec>(m, "ClearanceSpec", "A joint with clearance: revolute or translational.")
      .field("name", &ClearanceSpec::name, "required")
      .field("type", &ClearanceSpec::type, "revolute or translational")
      .field("body_a", &ClearanceSpec::body_a)
      .field("body_b", &ClearanceSpec::body_b)
      .field("position_a", &ClearanceSpec::position_a, "[m]")
      .field("position_b", &ClearanceSpec::position_b, "[m]")
      .field("axis", &ClearanceSpec::axis)
      .field("normal", &ClearanceSpec::normal)
      .field("clearance", &ClearanceSpec::clearance, "[m]")
      .field("bearing_radius", &ClearanceSpec::bearing_radius, "[m]")
      .field("journal_radius", &ClearanceSpec::journal_radius, "[m]")
      .field("length", &ClearanceSpec::length, "[m]")
      .field("half_length", &ClearanceSpec::half_length, "[m]")
      .field("half_height", &ClearanceSpec::half_height, "[m]")
      .field("half_width", &ClearanceSpec::half_width, "[m]")
      .field("material", &ClearanceSpec::material)
      .field("contact", &ClearanceSpec::contact)
      .finish();

  SpecClass<ContactsSpec>(m, "ContactsSpec", "The contacts block: the law, its parameters, friction, pairs.")
      .field("method", &ContactsSpec::method, "penalty (default) or impulse")
      .field("law", &ContactsSpec::law, "a law's id or alias; None: hertz")
      .field("parameters", &ContactsSpec::parameters)
      .field("laws", &ContactsSpec::laws)
      .field("stiffness", &ContactsSpec::stiffness, "HertzStiffness() or K [N/m^n]; None: Hertz")
      .field("exponent", &ContactsSpec::exponent)
      .field("effective_radius", &ContactsSpec::effective_radius)
      .field("mass", &ContactsSpec::mass, "multibody (default) or reduced")
      .field("tension", &ContactsSpec::tension, "allow (default), clamp or release")
      .field("calibrate", &ContactsSpec::calibrate)
      .field("friction", &ContactsSpec::friction)
      .field("pairs", &ContactsSpec::pairs, "None: every pair of shapes that may touch")
      .field("reference_speed", &ContactsSpec::reference_speed, "[m/s] > 0")
      .field("impact_velocity_floor", &ContactsSpec::impact_velocity_floor, "[m/s]")
      .field("stick_speed", &ContactsSpec::stick_speed, "[m/s]")
      .field("rest_bounce_ratio", &ContactsSpec::rest_bounce_ratio)
      .field("rest_stroke_ratio", &ContactsSpec::rest_stroke_ratio)
      .field("broadphase", &ContactsSpec::broadphase, "auto (default), on or off")
      .field("margin", &ContactsSpec::margin, "[m]")
      .finish();

  SpecClass<IntegratorSpec>(m, "IntegratorSpec", "The integrator and its settings.")
      .field("method", &IntegratorSpec::method)
      .field("step", &IntegratorSpec::step, "[s]: the fixed-step methods'")
      .field("relative_tolerance", &IntegratorSpec::relative_tolerance)
      .field("absolute_tolerance", &IntegratorSpec::absolute_tolerance)
      .field("initial_step", &IntegratorSpec::initial_step, "[s]; 0: automatic")
      .field("max_step", &IntegratorSpec::max_step, "[s]; 0: unbounded")
      .field("max_steps", &IntegratorSpec::max_steps)
      .field("locate_force_peaks", &IntegratorSpec::locate_force_peaks)
      .field("bdf_at_rest", &IntegratorSpec::bdf_at_rest)
      .field("baumgarte_frequency", &IntegratorSpec::baumgarte_frequency, "[1/s] ≥ 0")
      .finish();

  SpecClass<OutputSpec>(m, "OutputSpec", "The samples a run records.")
      .field("interval", &OutputSpec::interval, "[s] ≥ 0; None: duration/1000; 0: no regular samples")
      .field("steps_in_contact", &OutputSpec::steps_in_contact)
      .finish();

  SpecClass<ChecksSpec>(m, "ChecksSpec", "The run's checks and their tolerances.")
      .field("energy_tolerance", &ChecksSpec::energy_tolerance)
      .field("max_indentation_ratio", &ChecksSpec::max_indentation_ratio)
      .field("overlap_tolerance", &ChecksSpec::overlap_tolerance)
      .field("constraint_tolerance", &ChecksSpec::constraint_tolerance, "[m or rad] > 0")
      .finish();

  SpecClass<SceneSpec>(m, "SceneSpec", "A scene written in code (engine/scene_spec.h); Scene.from_spec compiles it.")
      .field("name", &SceneSpec::name, "required")
      .field("description", &SceneSpec::description)
      .field("gravity", &SceneSpec::gravity, "[m/s²]")
      .field("materials", &SceneSpec::materials)
      .field("world", &SceneSpec::world)
      .field("bodies", &SceneSpec::bodies, "a parent before its children")
      .field("constraints", &SceneSpec::constraints)
      .field("clearances", &SceneSpec::clearances)
      .field("contacts", &SceneSpec::contacts)
      .field("duration", &SceneSpec::duration, "[s] > 0, required")
      .field("integrator", &SceneSpec::integrator)
      .field("output", &SceneSpec::output)
      .field("checks", &SceneSpec::checks)
      .finish();
}

}  // namespace contactlab::python
