// SPDX-License-Identifier: MIT
// What chooses and tunes an integration method, and what it counts: shared by simulate() (engine/simulate.h),
// which takes them in its options, and the steppers (engine/stepper.h), which know nothing else of a run.
#pragma once

namespace contactlab {

enum class IntegratorMethod {
  kDormandPrince,    // explicit Dormand–Prince 5(4), adaptive, dense output (the default; engine/dormand_prince.h)
  kArkodeDormandPrince,  // the same pair from SUNDIALS ARKODE (ERKStep): an independent implementation to check against
  kBdf,              // CVODE, variable-order BDF with Newton iterations and a dense Jacobian (stiff problems)
  kSymplecticEuler,  // fixed step: v ← v + h a(q, v); q ← q + h N(q) v  (order 1, symplectic)
  kVelocityVerlet,   // fixed step: half kick, drift, half kick (order 2, symplectic for conservative forces)
  kRungeKutta4,      // fixed step: classical RK4 (order 4)
};

bool is_fixed_step(IntegratorMethod method);

const char* integrator_method_name(IntegratorMethod method);

struct IntegratorOptions {
  IntegratorMethod method = IntegratorMethod::kDormandPrince;
  // The error test of the adaptive methods, |error_i| ≤ relative·|y_i| + absolute. The steppers take both from
  // here and nowhere else; the fixed-step methods ignore them (their step is `step`).
  double relative_tolerance = 1e-8;
  double absolute_tolerance = 1e-10;  // on q and v
  double initial_step = 0.0;          // [s]; 0 lets the adaptive method choose
  double max_step = 0.0;              // [s]; 0 means unbounded
  double step = 1e-6;                 // [s], the step of the fixed-step methods
  long max_steps = 50'000'000;
  bool locate_force_peaks = true;     // root-find dF/dt = 0 so max_force is exact (costs ~1 RHS per step)
  // While every active contact rests (PairState::persistent) and none impacts, integrate with BDF (CVODE) instead
  // of an explicit adaptive method, whose step the resting contacts' stiffness would bound (docs/engine.md).
  bool bdf_at_rest = true;
  int max_order = 0;                  // BDF only: the largest order (0: CVODE's, 5)
};

struct IntegratorStats {
  long steps = 0;
  long step_attempts = 0;
  long error_test_failures = 0;
  long rhs_evaluations = 0;
  long contact_evaluations = 0;  // active contact elements the right-hand sides evaluated, summed over them
  long root_evaluations = 0;
  long events = 0;
  long broadphase_refreshes = 0;
  long resting_steps = 0;  // steps taken with BDF while every active contact rested (IntegratorOptions::bdf_at_rest)
};

}  // namespace contactlab
