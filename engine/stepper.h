// SPDX-License-Identifier: MIT
// The integration methods behind simulate(), each behind one small interface: a Stepper advances an OdeSystem
// one step at a time and stops early at the earliest root of the system's event functions inside the step.
#pragma once

#include <memory>
#include <span>
#include <vector>
#include <string>

#include "engine/integrator_options.h"

namespace contactlab {

// What a method needs from the system it integrates. y = [dynamic | quadrature]: the right-hand side reads
// only the first dynamic_size() components; the rest are integrals (ledgers) that never feed back, so the adaptive
// methods keep them out of their error test.
class OdeSystem {
 public:
  virtual ~OdeSystem() = default;
  virtual int size() const = 0;
  virtual int dynamic_size() const = 0;
  virtual int coordinates() const = 0;  // nq: y starts with q, then v (nv)
  virtual int velocities() const = 0;
  virtual int root_count() const = 0;
  // Per root function: −1 reports only crossings from + to −, +1 only − to +, 0 both.
  virtual const int* root_directions() const = 0;
  virtual int rhs(double t, const double* y, double* ydot) = 0;
  // The event functions at (t, y). ydot is f(t, y) when the caller has it, else null. With only ≥ 0 the caller
  // needs g[only] alone and the others may be left unset.
  virtual int roots(double t, const double* y, const double* ydot, double* g, int only = -1) = 0;
  // q̇ = N(q) v.
  virtual void configuration_rate(const double* q, const double* v, double* qdot) = 0;
  // The components of y that event function i reads when evaluated alone (roots() with only = i); empty: all the
  // dynamic ones. The root finder then interpolates a handful of components instead of the whole state.
  virtual std::span<const int> root_inputs(int /*i*/) { return {}; }
  // Whether the method writes the buffers it hands rhs() as ydot through rhs() alone (never a copy or a sum of its
  // own into them; swapping two buffers is fine), so that rhs() may leave alone the entries it knows still hold its
  // own zeros. Set before the method's first rhs() call.
  virtual void set_private_rate_buffers(bool /*is_private*/) {}
  // With private rate buffers: the quadrature components (from dynamic_size(), in any order) whose rate may be nonzero
  // in a buffer rhs() has filled; every other one has a zero rate in every buffer, and a step leaves it as it is.
  // Null: any of them may. Valid until the next rhs() call.
  virtual const std::vector<int>* live_quadrature() { return nullptr; }
};

class Stepper {
 public:
  enum class Outcome { kStep, kRoot, kStop, kFailure };
  virtual ~Stepper() = default;
  // One step towards t_stop, never past it. kRoot: y holds the state at the earliest root in the step and
  // roots_found() says which functions fired. The caller then either changes nothing — neither the right-hand
  // side nor the event functions — and calls advance() again (the method goes on from where it was, looking for
  // further roots in the rest of the step), or changes the system or y and calls restart(). The quadratures a step
  // leaves as they are (OdeSystem::live_quadrature) are not written again: y must be the vector of the last
  // restart() or advance(), unchanged since (a changed y goes to restart()).
  virtual Outcome advance(double t_stop, double& t, double* y) = 0;
  virtual void roots_found(int* out) const = 0;             // after kRoot: ±1 per function that crossed
  virtual bool interpolate(double t, double* out) = 0;      // the state inside the last step
  // The listed components of it at least (a method may write the others too).
  virtual bool interpolate(double t, std::span<const int> components, double* out) {
    (void)components;
    return interpolate(t, out);
  }
  virtual void restart(double t, const double* y, double first_step) = 0;
  // Bounds the steps from here on to at most `step` [s] besides the options' max_step (infinite: no bound), as the
  // run's tunnelling bound asks after every step. The fixed-step methods keep their step.
  virtual void limit_step(double step) = 0;
  virtual double current_step() const = 0;  // the step being tried next [s]
  virtual double last_step() const = 0;     // the last step taken [s]
  virtual void add_statistics(IntegratorStats& stats) const = 0;  // attempts, error-test failures, root evaluations
  virtual std::string message() const = 0;  // the method's own account of a failure
};

// The method options.method names, from (t0, y0); the adaptive ones take their tolerances from `options`
// (relative_tolerance, and absolute_tolerance for every dynamic component).
std::unique_ptr<Stepper> make_stepper(OdeSystem& system, const IntegratorOptions& options, double t0, const double* y0,
                                      double t_stop);

// One factory per family of methods (engine/stepper_*.cc); make_stepper chooses.
std::unique_ptr<Stepper> make_dormand_prince_stepper(OdeSystem& system, const IntegratorOptions& options, double t0,
                                                     const double* y0);
std::unique_ptr<Stepper> make_sundials_stepper(OdeSystem& system, const IntegratorOptions& options, double t0,
                                               const double* y0, double t_stop);
// The fixed-step methods step by options.step and ignore the tolerances.
std::unique_ptr<Stepper> make_fixed_stepper(OdeSystem& system, const IntegratorOptions& options, double t0,
                                            const double* y0);

}  // namespace contactlab
