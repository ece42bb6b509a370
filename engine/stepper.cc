// SPDX-License-Identifier: MIT
#include "engine/stepper.h"

namespace contactlab {

std::unique_ptr<Stepper> make_stepper(OdeSystem& system, const IntegratorOptions& options, double t0, const double* y0,
                                      std::span<const double> absolute_tolerance, double t_stop) {
  switch (options.method) {
    case IntegratorMethod::kDormandPrince: return make_dormand_prince_stepper(system, options, t0, y0, absolute_tolerance);
    case IntegratorMethod::kArkodeDormandPrince:
    case IntegratorMethod::kBdf: return make_sundials_stepper(system, options, t0, y0, absolute_tolerance, t_stop);
    case IntegratorMethod::kSymplecticEuler:
    case IntegratorMethod::kVelocityVerlet:
    case IntegratorMethod::kRungeKutta4: return make_fixed_stepper(system, options, t0, y0);
  }
  return nullptr;
}

}  // namespace contactlab
