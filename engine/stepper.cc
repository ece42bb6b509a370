// SPDX-License-Identifier: MIT
#include "engine/stepper.h"

namespace contactlab {

std::unique_ptr<Stepper> make_stepper(OdeSystem& system, const IntegratorOptions& options, double t0, const double* y0,
                                      double t_stop) {
  // contactlab's Dormand–Prince fills its stage buffers through rhs() alone; SUNDIALS and the fixed-step methods
  // combine into theirs.
  system.set_private_rate_buffers(options.method == IntegratorMethod::kDormandPrince);
  switch (options.method) {
    case IntegratorMethod::kDormandPrince: return make_dormand_prince_stepper(system, options, t0, y0);
    case IntegratorMethod::kArkodeDormandPrince:
    case IntegratorMethod::kBdf: return make_sundials_stepper(system, options, t0, y0, t_stop);
    case IntegratorMethod::kSymplecticEuler:
    case IntegratorMethod::kVelocityVerlet:
    case IntegratorMethod::kRungeKutta4: return make_fixed_stepper(system, options, t0, y0);
  }
  return nullptr;
}

}  // namespace contactlab
