// SPDX-License-Identifier: MIT
// contactlab as a library, 1 of 2: load a scene file, run it, print every impact and the energy balance.
//
//   run_scene SCENE.yaml [LAW]      LAW (optional) replaces every contact's force law, e.g. zhang_sharf_exact
#include <cstdio>
#include <exception>
#include <string>

#include <contactlab/engine/data.h>
#include <contactlab/engine/energy.h>
#include <contactlab/engine/forward.h>
#include <contactlab/engine/simulate.h>
#include <contactlab/engine/state.h>
#include <contactlab/scenes/scene.h>

int main(int argc, char** argv) {
  using namespace contactlab;
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: %s SCENE.yaml [LAW]\n", argv[0]);
    return 2;
  }
  try {
    SceneOptions options;
    if (argc == 3) options.law_override = argv[2];
    const Scene scene = load_scene(argv[1], options);  // throws SceneError naming file, line, column and key
    for (const std::string& note : scene.notes) std::printf("note: %s\n", note.c_str());

    // Model (immutable), State (what a checkpoint holds, advanced in place), Data (the workspace).
    State state = scene.initial_state;
    Data data(scene.model);
    const SimulationResult result = simulate(scene.model, state, data, scene.simulation);

    std::printf("scene %s: %zu body(ies), %zu impact(s) in %.6g s\n", scene.name.c_str(), scene.model.bodies.size() - 1,
                result.impacts.size(), result.end_time);
    for (const ContactPairModel& pair : scene.model.contact.pairs) {
      std::printf("pair %s: law %s, K %.6g N/m^%g\n", pair.name.c_str(), std::string(pair.law_info->id).c_str(),
                  pair.stiffness, pair.exponent);
    }
    for (std::size_t i = 0; i < result.impacts.size(); ++i) {
      const ImpactRecord& r = result.impacts[i];
      std::printf("impact %zu: pair %s, t %.6f .. %.6f s, v_in %.6g m/s, restitution %.6f, max force %.6g N%s\n", i + 1,
                  r.pair.c_str(), r.t_start, r.t_end, r.impact_velocity, r.restitution, r.max_force,
                  r.open ? " (open at the end)" : "");
    }

    // Energies at the final state (energy() reads what forward() leaves in Data).
    forward(scene.model, state, data);
    const Energy e = energy(scene.model, state, data);
    std::printf("energy: E(0) %.9g J, E(end) %.9g J (kinetic %.6g, gravitational %.6g, elastic %.6g), "
                "dissipated by contacts %.9g J\n",
                result.initial_energy, e.total(), e.kinetic, e.gravitational, e.elastic, e.dissipated());
    const double relative = result.energy_scale > 0.0 ? result.max_energy_balance_error / result.energy_scale : 0.0;
    std::printf("energy balance: max |E + W_dissipated - E(0)| %.3e J (%.3e of the energy scale)\n",
                result.max_energy_balance_error, relative);

    if (result.status != SimulationStatus::kCompleted) {
      std::fprintf(stderr, "numerical trouble: %s\n", result.message.c_str());
      return 3;
    }
    return 0;
  } catch (const SceneError& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
}
