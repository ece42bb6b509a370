// SPDX-License-Identifier: MIT
// contactlab as a library, 2 of 2: build a model in code — a ball on a vertical prismatic joint above a rigid
// halfspace ground — pick a force law from the registry by name, simulate impacts at several speeds, and
// compare each restitution with the law's target.
//
//   build_in_code [LAW [RESTITUTION]]      defaults: zhang_sharf_exact 0.7
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "contact/material_mixing.h"
#include "engine/data.h"
#include "engine/energy.h"
#include "engine/forward.h"
#include "engine/model.h"
#include "engine/simulate.h"
#include "engine/state.h"
#include "models/registry.h"

int main(int argc, char** argv) {
  using namespace contactlab;
  const std::string law_name = argc > 1 ? argv[1] : "zhang_sharf_exact";
  const double target = argc > 2 ? std::atof(argv[2]) : 0.7;
  const double radius = 0.1;  // [m]
  const double mass = 1.0;    // [kg]
  try {
    // Bodies: bodies[0] is the world; the ball slides along the world z axis (q = height of its centre).
    Model model = make_model();
    // No gravity: a law's target restitution is defined for an isolated impact (docs/models.md); the weight
    // acting during the contact would shift the outcome by about g t_contact / v_in.
    model.gravity = Vec3::Zero();
    Body ball;
    ball.name = "ball";
    ball.parent = 0;
    ball.joint.type = JointType::kPrismatic;
    ball.joint.axis = Vec3::UnitZ();
    ball.mass = mass;
    ball.inertia = Mat3::Identity() * 0.4 * mass * radius * radius;
    const int ball_index = add_body(model, ball);
    finalize(model);  // numbers the coordinates; the tree is fixed from here on

    // Shapes and materials: a rigid ground (the halfspace z <= 0 of the world) and an elastic sphere.
    ContactModel& contact = model.contact;
    Material aluminium;
    aluminium.name = "aluminium";
    aluminium.youngs_modulus = 6.7e10;  // [Pa]
    aluminium.poisson_ratio = 0.33;
    Material rigid;
    rigid.name = "ground";  // infinite modulus by default
    contact.materials = {rigid, aluminium};
    Shape ground;
    ground.name = "ground";
    ground.type = ShapeType::kHalfspace;
    ground.body = 0;
    ground.material = 0;
    Shape sphere;
    sphere.name = "ball";
    sphere.type = ShapeType::kSphere;
    sphere.body = ball_index;
    sphere.radius = radius;
    sphere.material = 1;
    contact.shapes = {ground, sphere};

    // The contact pair: the law by id (or alias) from the registry, its parameters by name, Hertz stiffness.
    ContactPairModel pair;
    pair.name = "ground/ball";
    pair.shape_a = 0;  // the normal points from A to B
    pair.shape_b = 1;
    pair.body_a = 0;
    pair.body_b = ball_index;
    pair.law = find_law(law_name);
    if (pair.law < 0) {
      std::fprintf(stderr, "unknown law '%s'; try one of:", law_name.c_str());
      for (std::string_view id : law_ids()) std::fprintf(stderr, " %.*s", static_cast<int>(id.size()), id.data());
      std::fprintf(stderr, "\n");
      return 2;
    }
    pair.law_info = &law_info(pair.law);
    std::vector<NamedValue> values;  // the target restitution, for a law that takes one
    if (const int k = restitution_parameter(*pair.law_info); k >= 0) {
      values.push_back({pair.law_info->parameters[static_cast<std::size_t>(k)].name, target});
    }
    pair.parameters = compile_law_parameters(*pair.law_info, values);  // defaults, range checks, prepare
    pair.effective_modulus = effective_modulus(contact.materials[0], contact.materials[1]);
    pair.effective_radius = effective_radius(curvature_radius(ground), curvature_radius(sphere));
    pair.stiffness = hertz_stiffness(pair.effective_modulus, pair.effective_radius);
    pair.exponent = 1.5;
    contact.pairs = {pair};

    std::printf("law %s, target restitution %.4f, K = %.6g N/m^1.5\n", std::string(pair.law_info->id).c_str(), target,
                pair.stiffness);

    // One run per impact speed, each from a fresh State: the ball starts 10 mm above the ground, moving down.
    SimulationOptions options;
    options.integrator.relative_tolerance = 1e-10;
    options.integrator.absolute_tolerance = 1e-12;
    options.output_interval = 1e-4;  // the observer below sees a sample every 0.1 ms (and every step in contact)
    Data data(model);                // the workspace, sized once for the model
    int impacts = 0;
    double worst = 0.0;
    for (const double speed : {0.5, 1.0, 2.0, 5.0}) {
      State state = make_state(model);
      state.q[0] = radius + 0.01;
      state.v[0] = -speed;
      options.duration = 0.01 / speed + 2e-3;  // reach the ground, bounce, fly off
      double peak_indentation = 0.0;           // read from the contact geometry while the contact is active
      const SimulationResult result = simulate(model, state, data, options, [&](const State& s, const Data& d) {
        if (s.contacts[0].active) peak_indentation = std::max(peak_indentation, -d.geometry[0].gap);
      });
      if (result.status != SimulationStatus::kCompleted) {
        std::fprintf(stderr, "numerical trouble: %s\n", result.message.c_str());
        return 3;
      }
      for (const ImpactRecord& r : result.impacts) {
        if (r.open) continue;  // the run ended during this contact
        ++impacts;
        worst = std::max(worst, std::abs(r.restitution - target));
        std::printf("impact %d: v_in %.4f m/s, restitution %.6f (target %.4f, error %+.1e), contact %.3g s, "
                    "max indentation %.4g m (sampled %.4g m), max force %.6g N\n",
                    impacts, r.impact_velocity, r.restitution, target, r.restitution - target, r.t_end - r.t_start,
                    r.max_indentation, peak_indentation, r.max_force);
      }
      forward(model, state, data);  // energies at the final state
      const Energy e = energy(model, state, data);
      std::printf("  energy: E(0) %.6g J, E(end) %.6g J, dissipated %.6g J, max balance error %.2e J\n",
                  result.initial_energy, e.total(), e.dissipated(), result.max_energy_balance_error);
    }
    if (impacts == 0) {
      std::fprintf(stderr, "no completed impact\n");
      return 1;
    }
    std::printf("restitution vs target %.4f: largest error %.2e over %d impacts\n", target, worst, impacts);
    return 0;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
}
