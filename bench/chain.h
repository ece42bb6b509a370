// SPDX-License-Identifier: MIT
// The horizontal granular chain of scenes/granular_chain_horizontal.yaml (Hertz contacts), built in code so that
// benchmarks can make it with any number of beads without compiling a YAML scene: steel beads of radius 2.38 mm
// and 0.45 g on sliders along x, 1 nm apart; the first strikes the rest at 1.77 m/s. Pairs come from the
// broadphase, as in the scene.
#pragma once

#include <cmath>
#include <limits>
#include <string_view>
#include <vector>

#include "contact/contact_model.h"
#include "engine/data.h"
#include "engine/model.h"
#include "engine/simulate.h"
#include "engine/state.h"
#include "models/registry.h"

namespace contactlab::bench {

inline constexpr double kBeadRadius = 2.38e-3;    // [m]
inline constexpr double kBeadMass = 0.45e-3;      // [kg]
inline constexpr double kBeadGap = 1e-9;          // [m]
inline constexpr double kStrikerSpeed = 1.77;     // [m/s]
inline constexpr double kSteelModulus = 193e9;    // [Pa]
inline constexpr double kSteelPoisson = 0.3;

struct Chain {
  Model model;
  State state;
  SimulationOptions options;
};

// With `broadphase` false the neighbours' pairs are listed in the model instead (the same pairs).
inline Chain make_chain(int beads, double duration, std::string_view law = "hertz",
                        const std::vector<NamedValue>& parameters = {}, bool broadphase = true) {
  Chain chain{make_model(), {}, {}};
  Model& model = chain.model;
  model.gravity.setZero();
  for (int i = 0; i < beads; ++i) {
    Body bead;
    bead.name = "bead_" + std::to_string(i);
    bead.parent = 0;
    bead.joint.type = JointType::kPrismatic;
    bead.joint.axis = Vec3::UnitX();
    bead.mass = kBeadMass;
    bead.inertia = Mat3::Identity() * 1e-12;
    add_body(model, bead);
  }
  finalize(model);
  ContactModel& contact = model.contact;
  contact.materials = {Material{"stainless_steel", kSteelModulus, kSteelPoisson, 7900.0, 940e6}};
  contact.bodies.push_back({-1, true, std::numeric_limits<double>::infinity()});
  for (int i = 0; i < beads; ++i) {
    contact.bodies.push_back({0, false, kBeadMass});
    Shape sphere;
    sphere.name = "bead_" + std::to_string(i);
    sphere.type = ShapeType::kSphere;
    sphere.body = i + 1;
    sphere.radius = kBeadRadius;
    sphere.material = 0;
    contact.shapes.push_back(sphere);
  }
  contact.settings.law = find_law(law);
  contact.settings.law_info = &law_info(contact.settings.law);
  contact.settings.parameters = compile_law_parameters(*contact.settings.law_info, parameters);
  contact.settings.mass_rule = MassRule::kReduced;
  if (broadphase) {
    contact.broadphase = true;
    contact.margin = 0.1 * kBeadRadius;
  } else {
    for (int i = 0; i + 1 < beads; ++i) contact.pairs.push_back(make_contact_pair(contact, i, i + 1, contact.settings));
  }

  chain.state = make_state(model);
  for (int i = 0; i < beads; ++i) chain.state.q[i] = i * (2.0 * kBeadRadius + kBeadGap);
  chain.state.v[0] = kStrikerSpeed;
  chain.options.duration = duration;
  chain.options.integrator.relative_tolerance = 1e-8;
  chain.options.integrator.absolute_tolerance = 1e-13;
  chain.options.integrator.locate_force_peaks = false;
  return chain;
}

// Hertz stiffness of two equal steel beads: K = (4/3) E* √R*, E* = E / (2(1 − ν²)), R* = R/2.
inline double bead_pair_stiffness() {
  const double modulus = kSteelModulus / (2.0 * (1.0 - kSteelPoisson * kSteelPoisson));
  return 4.0 / 3.0 * modulus * std::sqrt(0.5 * kBeadRadius);
}

}  // namespace contactlab::bench
