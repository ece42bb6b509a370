// SPDX-License-Identifier: MIT
#include "engine/integrator_options.h"

namespace contactlab {

const char* integrator_method_name(IntegratorMethod method) {
  switch (method) {
    case IntegratorMethod::kDormandPrince: return "dormand_prince";
    case IntegratorMethod::kArkodeDormandPrince: return "arkode_dormand_prince";
    case IntegratorMethod::kBdf: return "bdf";
    case IntegratorMethod::kSymplecticEuler: return "symplectic_euler";
    case IntegratorMethod::kVelocityVerlet: return "velocity_verlet";
    case IntegratorMethod::kRungeKutta4: return "rk4";
  }
  return "?";
}

bool is_fixed_step(IntegratorMethod method) {
  return method == IntegratorMethod::kSymplecticEuler || method == IntegratorMethod::kVelocityVerlet ||
         method == IntegratorMethod::kRungeKutta4;
}

}  // namespace contactlab
