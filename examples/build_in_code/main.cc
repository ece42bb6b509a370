// SPDX-License-Identifier: MIT
// contactlab as a library, 2 of 2: a scene written in code — a ball on a vertical prismatic joint above a rigid
// ground, the force law picked by name with its parameters by name — compiled, calibrated if it asks to be, and
// run at several impact speeds, each impact's restitution compared with the law's target.
//
//   build_in_code [LAW [RESTITUTION]]      defaults: zhang_sharf_exact 0.7
#include <cstdio>
#include <cstdlib>
#include <string>

#include <contactlab/engine/compile_scene.h>
#include <contactlab/engine/energy.h>
#include <contactlab/engine/forward.h>
#include <contactlab/engine/scene_calibration.h>
#include <contactlab/engine/simulate.h>

using namespace contactlab;

// The scene file it mirrors, with the ball 10 mm above the ground:
//   scene: isolated_impact
//   gravity: [0, 0, 0]
//   materials: {aluminium: {youngs_modulus: 6.7e10, poisson_ratio: 0.33}, ground: {rigid: true}}
//   world: {shapes: [{name: ground, type: halfspace, material: ground}]}
//   bodies:
//     - {name: ball, mass: 1, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.11, v: -speed},
//        shapes: [{type: sphere, radius: 0.1, material: aluminium}]}
//   contacts: {law: LAW, parameters: {restitution: RESTITUTION}}
//   duration: 0.01/speed + 2e-3
//   integrator: {relative_tolerance: 1e-10, absolute_tolerance: 1e-12}
SceneSpec isolated_impact(const std::string& law, double restitution, double speed) {
  return {
      .name = "isolated_impact",
      .gravity = Vec3::Zero(),  // a law's target restitution is for an isolated impact (docs/models.md)
      .materials = {{.name = "aluminium", .youngs_modulus = 6.7e10, .poisson_ratio = 0.33},
                    {.name = "ground", .rigid = true}},
      .world = {.shapes = {{.name = "ground", .type = "halfspace", .material = "ground"}}},
      .bodies = {{.name = "ball",
                  .mass = 1.0,
                  .joint = {.type = "prismatic", .axis = Vec3::UnitZ()},
                  .initial = {.q = {{0.11}}, .v = {{-speed}}},  // one coordinate: the centre's height [m]
                  .shapes = {{.type = "sphere", .radius = 0.1, .material = "aluminium"}}}},
      .contacts = {.law = law, .parameters = {{"restitution", restitution}}},
      .duration = 0.01 / speed + 2e-3,  // reach the ground, bounce, fly off
      .integrator = {.relative_tolerance = 1e-10, .absolute_tolerance = 1e-12},
  };
}

int main(int argc, char** argv) {
  const std::string law = argc > 1 ? argv[1] : "zhang_sharf_exact";
  const double target = argc > 2 ? std::atof(argv[2]) : 0.7;
  int impacts = 0;
  try {
    for (const double speed : {0.5, 1.0, 2.0, 5.0}) {
      CompiledScene scene = compile_scene(isolated_impact(law, target, speed));  // throws SpecError at its key path
      calibrate_scene(scene);
      for (const std::string& note : scene.notes) std::printf("note: %s\n", note.c_str());
      const ContactPairModel& pair = scene.model.contact.pairs[0];
      std::printf("%.1f m/s: law %s, K = %.6g N/m^%g\n", speed, std::string(pair.law_info->id).c_str(), pair.stiffness,
                  pair.exponent);

      State state = scene.initial_state;  // advanced in place
      Data data(scene.model);             // the workspace, sized once for the model
      const SimulationResult result = simulate(scene.model, state, data, scene.simulation);
      if (result.status != SimulationStatus::kCompleted) {
        std::fprintf(stderr, "numerical trouble: %s\n", result.message.c_str());
        return 3;
      }
      for (const ImpactRecord& r : result.impacts) {
        if (r.open) continue;  // the run ended during this contact
        std::printf("impact %d: v_in %.4f m/s, restitution %.6f (target %.4f, error %+.1e), contact %.3g s, "
                    "max indentation %.4g m, max force %.6g N\n",
                    ++impacts, r.impact_velocity, r.restitution, target, r.restitution - target, r.t_end - r.t_start,
                    r.max_indentation, r.max_force);
      }
      forward(scene.model, state, data);  // energy() reads what forward() leaves in Data
      const Energy e = energy(scene.model, state, data);
      std::printf("  energy: E(0) %.6g J, E(end) %.6g J, dissipated %.6g J, max balance error %.2e J\n",
                  result.initial_energy, e.total(), e.dissipated(), result.max_energy_balance_error);
    }
  } catch (const SpecError& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 2;
  }
  return impacts > 0 ? 0 : 1;
}
