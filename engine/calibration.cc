// SPDX-License-Identifier: MIT
#include "engine/calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "contact/material_mixing.h"
#include "engine/data.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {
namespace {

// Undamped maximum indentation x_H = [(n+1) m v²/(2K)]^{1/(n+1)} and compression time
// t_H = Γ(1/2)Γ(1/(n+1))/[(n+1)Γ(1/2 + 1/(n+1))] · x_H/v (models.md §2.3).
double undamped_max_indentation(double stiffness, double exponent, double mass, double velocity) {
  return std::pow((exponent + 1.0) * mass * velocity * velocity / (2.0 * stiffness), 1.0 / (exponent + 1.0));
}

double undamped_compression_time(double stiffness, double exponent, double mass, double velocity) {
  const double a = 1.0 / (exponent + 1.0);
  const double coefficient = a * std::tgamma(0.5) * std::tgamma(a) / std::tgamma(0.5 + a);
  return coefficient * undamped_max_indentation(stiffness, exponent, mass, velocity) / velocity;
}

}  // namespace

ContactPairModel isolated_impact_pair(LawIndex law, std::span<const NamedValue> values,
                                      const IsolatedImpactSetup& setup) {
  ContactPairModel pair;
  pair.name = "wall/body";
  pair.shape_a = 0;
  pair.shape_b = 1;
  pair.body_a = 0;
  pair.body_b = 1;
  pair.law = law;
  pair.law_info = &law_info(law);
  pair.parameters = compile_law_parameters(*pair.law_info, values);
  pair.effective_radius = setup.effective_radius;
  pair.effective_modulus = setup.effective_modulus;
  if (pair.law_info->requires_linear_stiffness) {
    pair.stiffness = setup.linear_stiffness;
    pair.exponent = 1.0;
  } else {
    pair.stiffness = hertz_stiffness(setup.effective_modulus, setup.effective_radius);
    pair.exponent = 1.5;
  }
  pair.mass_rule = MassRule::kReduced;
  pair.reduced_mass = setup.effective_mass;
  return pair;
}

IsolatedImpactResult simulate_isolated_impact(const ContactPairModel& pair, double effective_mass,
                                              double impact_velocity, const IsolatedImpactOptions& options,
                                              const SampleObserver& observer) {
  if (!(effective_mass > 0.0) || !std::isfinite(effective_mass)) {
    throw std::invalid_argument("isolated impact: the effective mass must be positive and finite");
  }
  if (!(impact_velocity > 0.0) || !std::isfinite(impact_velocity)) {
    throw std::invalid_argument("isolated impact: the impact velocity must be positive and finite");
  }
  if (!(pair.stiffness > 0.0) || !(pair.exponent > 0.0)) {
    throw std::invalid_argument("isolated impact: the pair needs a positive stiffness and exponent");
  }
  const double radius = std::isfinite(pair.effective_radius) && pair.effective_radius != 0.0
                            ? std::abs(pair.effective_radius)
                            : 1.0;

  Model model = make_model();
  model.gravity = Vec3::Zero();
  Body body;
  body.name = "body";
  body.parent = 0;
  body.joint.type = JointType::kPrismatic;
  body.joint.axis = Vec3::UnitZ();
  body.mass = effective_mass;
  body.inertia = Mat3::Identity() * 0.4 * effective_mass * radius * radius;  // irrelevant: the body cannot turn
  add_body(model, body);
  finalize(model);

  // The wall's surface is put at z = −R, so the joint coordinate q is the gap itself: the absolute tolerance
  // then acts on the indentation at its own scale instead of on a position of order R.
  Shape wall;
  wall.name = "wall";
  wall.type = ShapeType::kHalfspace;
  wall.body = 0;
  wall.pose.translation() = Eigen::Vector3d(0.0, 0.0, -radius);
  Shape ball;
  ball.name = "body";
  ball.type = ShapeType::kSphere;
  ball.body = 1;
  ball.radius = radius;
  model.contact.shapes = {wall, ball};
  ContactPairModel contact = pair;
  contact.shape_a = 0;
  contact.shape_b = 1;
  contact.body_a = 0;
  contact.body_b = 1;
  contact.name = "wall/body";
  // m_eff is the body's mass (a prismatic joint along the normal); MassRule::kReduced makes it exactly so.
  contact.mass_rule = MassRule::kReduced;
  contact.reduced_mass = effective_mass;
  model.contact.pairs = {contact};

  const double x_h = undamped_max_indentation(pair.stiffness, pair.exponent, effective_mass, impact_velocity);
  const double t_h = undamped_compression_time(pair.stiffness, pair.exponent, effective_mass, impact_velocity);
  const double gap = 0.5 * x_h;

  State state = make_state(model);
  state.q[0] = gap;
  state.v[0] = -impact_velocity;

  SimulationOptions simulation;
  simulation.duration = gap / impact_velocity + options.contact_times * 2.0 * t_h;
  simulation.output_interval = options.output_interval;
  simulation.integrator.method = IntegratorMethod::kDormandPrince;
  simulation.integrator.relative_tolerance = options.relative_tolerance;
  simulation.integrator.absolute_tolerance = options.absolute_tolerance_ratio * x_h;
  simulation.integrator.max_steps = options.max_steps;
  simulation.integrator.locate_force_peaks = options.locate_force_peaks;
  simulation.max_indentation_ratio = options.max_indentation_ratio;

  Data data(model);
  IsolatedImpactResult result;
  result.impact_energy = 0.5 * effective_mass * impact_velocity * impact_velocity;
  result.simulation = simulate(model, state, data, simulation, observer);
  if (!result.simulation.impacts.empty()) result.impact = result.simulation.impacts.front();
  // A contact that "ends" with the bodies still approaching is not a rebound (a law far outside its range).
  result.separated = result.simulation.status == SimulationStatus::kCompleted &&
                     result.simulation.impacts.size() == 1 && !result.impact.open &&
                     result.impact.separation_velocity > 0.0;
  result.restitution = result.separated ? result.impact.restitution : 0.0;
  result.final_velocity = state.v[0];
  return result;
}

namespace {

// The search variable x ↦ parameter value: min + e^x for a range open above, the logistic image of x in
// (min, max) for a bounded range. Either map is monotonic and never reaches a bound.
struct SearchVariable {
  double min = 0.0;
  double max = 0.0;
  bool bounded = false;

  double value(double x) const {
    if (bounded) return min + (max - min) / (1.0 + std::exp(-x));
    return min + std::exp(x);
  }
  double variable(double value) const {
    if (bounded) return std::log((value - min) / (max - value));
    return std::log(value - min);
  }
  bool interior(double value) const { return std::isfinite(value) && value > min && (!bounded || value < max); }
};

class Calibrator {
 public:
  Calibrator(const ContactPairModel& pair, std::size_t index, double mass, double velocity,
             const CalibrationOptions& options)
      : pair_(pair), index_(index), mass_(mass), velocity_(velocity), options_(options) {
    values_ = given_values(*pair.law_info, pair.parameters);
    const LawInfo& law = *pair.law_info;
    if (values_[index].name == law.dissipation_parameter && !law.dissipation_twin.empty()) {
      twin_ = parameter_index(law, law.dissipation_twin);
    }
  }

  // Restitution of the isolated impact with the parameter at `value`.
  double restitution(double value) {
    if (simulations_ >= options_.max_simulations) {
      std::ostringstream message;
      message << prefix() << "no convergence within " << options_.max_simulations << " simulations";
      throw std::runtime_error(message.str());
    }
    ++simulations_;
    set(value);
    ContactPairModel trial = pair_;
    trial.parameters = compile_law_parameters(*pair_.law_info, values_);
    const IsolatedImpactResult run = simulate_isolated_impact(trial, mass_, velocity_, options_.impact);
    if (run.simulation.status != SimulationStatus::kCompleted) {
      std::ostringstream message;
      message << prefix() << "the isolated impact with " << values_[index_].name << " = " << value
              << " failed: " << run.simulation.message;
      throw std::runtime_error(message.str());
    }
    return run.restitution;
  }

  // Damping-to-elastic force ratio of the law at the undamped maximum indentation x_H and speed δ̇⁻ with the
  // parameter at `value`: |F(x_H, δ̇⁻) − F(x_H, 0)| / F(x_H, 0), from the force function alone (no simulation).
  // NaN where it is undefined (bad value, no elastic force).
  double damping_ratio(double value) {
    set(value);
    LawParameters parameters;
    try {
      parameters = compile_law_parameters(*pair_.law_info, values_);
    } catch (const std::invalid_argument&) {
      return std::numeric_limits<double>::quiet_NaN();
    }
    const LawInfo& law = *pair_.law_info;
    ContactInput input;
    input.indentation = undamped_max_indentation(pair_.stiffness, pair_.exponent, mass_, velocity_);
    input.impact_velocity = velocity_;
    input.effective_mass = mass_;
    input.effective_radius = pair_.effective_radius;
    input.effective_modulus = pair_.effective_modulus;
    input.stiffness = pair_.stiffness;
    input.exponent = pair_.exponent;
    input.time_since_onset = undamped_compression_time(pair_.stiffness, pair_.exponent, mass_, velocity_);
    double state[kMaxLawState] = {};
    if (law.event) law.event(ContactEvent::kOnset, input, parameters.values, state);
    input.normal_velocity = 0.0;
    const double elastic = law.force(input, parameters.values, state).force;
    input.normal_velocity = velocity_;
    const double damped = law.force(input, parameters.values, state).force;
    if (!(elastic > 0.0) || !std::isfinite(damped)) return std::numeric_limits<double>::quiet_NaN();
    return std::abs(damped - elastic) / elastic;
  }

  LawParameters compiled(double value) {
    set(value);
    return compile_law_parameters(*pair_.law_info, values_);
  }

  int simulations() const { return simulations_; }

  // The parameter, and its twin (LawInfo::dissipation_twin) when it has one.
  void set(double value) {
    values_[index_].value = value;
    if (twin_ >= 0) values_[static_cast<std::size_t>(twin_)].value = value;
  }

  std::string prefix() const {
    std::ostringstream text;
    text << "calibrating '" << values_[index_].name << "' of law '" << pair_.law_info->id << "': ";
    return text.str();
  }

 private:
  const ContactPairModel& pair_;
  std::size_t index_;
  int twin_ = -1;  // the twin parameter's index, or -1
  double mass_;
  double velocity_;
  const CalibrationOptions& options_;
  std::vector<NamedValue> values_;
  int simulations_ = 0;
};

}  // namespace

double calibration_start_value(const LawParameter& parameter) {
  const SearchVariable map{parameter.min, parameter.max, std::isfinite(parameter.max)};
  if (map.interior(parameter.default_value)) return parameter.default_value;
  return map.bounded ? 0.5 * (parameter.min + parameter.max) : parameter.min + 1.0;
}

RestitutionCalibration calibrate_restitution(const ContactPairModel& pair, std::string_view parameter,
                                             double effective_mass, double impact_velocity,
                                             double target_restitution, const CalibrationOptions& options) {
  if (pair.law_info == nullptr) throw std::invalid_argument("calibration: the pair has no law");
  const LawInfo& law = *pair.law_info;
  const LawParameter* spec = find_parameter(law, parameter);
  if (spec == nullptr) throw std::invalid_argument("calibration: " + unknown_parameter_message(law, parameter));
  if (!(target_restitution > 0.0 && target_restitution < 1.0)) {
    std::ostringstream message;
    message << "calibration: the target restitution must be in (0, 1), found " << target_restitution;
    throw std::invalid_argument(message.str());
  }
  const auto index = static_cast<std::size_t>(parameter_index(law, parameter));
  // A rigid impact returns its Newton restitution exactly (models/impulse.cc): nothing to search, nor to simulate.
  if (law.impulsive && spec->role == ParameterRole::kNewtonRestitution) {
    std::vector<NamedValue> values = given_values(law, pair.parameters);
    values[index].value = target_restitution;
    return {target_restitution, target_restitution, compile_law_parameters(law, values), 0};
  }
  SearchVariable map{spec->min, spec->max, std::isfinite(spec->max)};
  if (!std::isfinite(spec->min)) {
    std::ostringstream message;
    message << "calibration: parameter '" << parameter << "' has no lower bound; only ranges bounded below can be searched";
    throw std::invalid_argument(message.str());
  }
  Calibrator calibrator(pair, index, effective_mass, impact_velocity, options);

  double start = options.initial_value;
  if (!map.interior(start)) start = pair.parameters.values[index];
  if (!map.interior(start)) start = calibration_start_value(*spec);
  if (!(options.initial_value > 0.0) && !map.bounded) {
    // Rescale towards a damping force of half the elastic one; a damping coefficient enters the force
    // linearly, so one or two rescalings usually land within a factor of a few.
    // A parameter that does not act on the damping force (the ratio stays put) keeps its start value.
    constexpr double kWantedRatio = 0.5;
    double ratio = calibrator.damping_ratio(start);
    for (int i = 0; i < 8; ++i) {
      if (!(ratio > 0.0) || !std::isfinite(ratio) || std::abs(std::log(ratio / kWantedRatio)) < std::log(2.0)) break;
      const double rescaled = spec->min + (start - spec->min) * kWantedRatio / ratio;
      if (!map.interior(rescaled)) break;
      const double new_ratio = calibrator.damping_ratio(rescaled);
      if (!(std::abs(new_ratio / ratio - 1.0) > 0.01)) break;
      start = rescaled;
      ratio = new_ratio;
    }
  }
  const double tolerance = options.restitution_tolerance;
  // Changes of c below the integration noise (≈ 1e-9 at the default tolerances) mean: no effect.
  const double sensitivity = std::max(100.0 * tolerance, 1e-7);
  // Bracketing and the elastic-side walk: a factor of 10 per step for a coefficient, e-fold odds for a bounded one.
  const double step = map.bounded ? 1.0 : std::log(10.0);
  auto residual = [&](double x) { return calibrator.restitution(map.value(x)) - target_restitution; };
  auto found = [&](double x, double f) {
    RestitutionCalibration out;
    out.value = map.value(x);
    out.restitution = f + target_restitution;
    out.parameters = calibrator.compiled(out.value);
    out.simulations = calibrator.simulations();
    return out;
  };

  // Brent's method (zeroin) on a bracket [xa, xb] whose residuals have opposite signs: inverse quadratic / secant
  // steps guarded by bisection. Returns the root x and its residual.
  auto solve = [&](double a, double fa_, double b, double fb_) -> std::pair<double, double> {
    if (std::abs(fa_) <= tolerance) return {a, fa_};
    if (std::abs(fb_) <= tolerance) return {b, fb_};
    double c = a, fc = fa_, d = b - a, e = d;
    while (true) {
      if ((fb_ > 0.0) == (fc > 0.0)) {
        c = a;
        fc = fa_;
        d = b - a;
        e = d;
      }
      if (std::abs(fc) < std::abs(fb_)) {
        a = b;
        b = c;
        c = a;
        fa_ = fb_;
        fb_ = fc;
        fc = fa_;
      }
      const double x_tolerance = 2.0 * std::numeric_limits<double>::epsilon() * std::abs(b) + 1e-13;
      const double half = 0.5 * (c - b);
      if (std::abs(fb_) <= tolerance) return {b, fb_};
      if (std::abs(half) <= x_tolerance) {
        // The bracket has shrunk to a point: c is continuous there only if it meets the target.
        if (std::abs(fb_) <= sensitivity) return {b, fb_};
        std::ostringstream message;
        message << calibrator.prefix() << "the restitution jumps across the target " << target_restitution << " near "
                << map.value(b) << " (from " << fb_ + target_restitution << " to " << fc + target_restitution
                << "): no value gives it";
        throw std::invalid_argument(message.str());
      }
      if (std::abs(e) >= x_tolerance && std::abs(fa_) > std::abs(fb_)) {
        const double s = fb_ / fa_;
        double p, q;
        if (a == c) {
          p = 2.0 * half * s;
          q = 1.0 - s;
        } else {
          const double r = fb_ / fc;
          const double t = fa_ / fc;
          p = s * (2.0 * half * t * (t - r) - (b - a) * (r - 1.0));
          q = (t - 1.0) * (r - 1.0) * (s - 1.0);
        }
        if (p > 0.0) q = -q; else p = -p;
        if (2.0 * p < std::min(3.0 * half * q - std::abs(x_tolerance * q), std::abs(e * q))) {
          e = d;
          d = p / q;
        } else {
          d = half;
          e = d;
        }
      } else {
        d = half;
        e = d;
      }
      a = b;
      fa_ = fb_;
      b += std::abs(d) > x_tolerance ? d : (half > 0.0 ? x_tolerance : -x_tolerance);
      fb_ = residual(b);
    }
  };

  constexpr int kMaxExpansions = 60;   // steps of the bracketing (60 decades for a coefficient)
  constexpr int kMaxStalledSteps = 3;  // steps without a change of c beyond the noise: saturated
  auto out_of_reach = [&](double lowest, double highest, double from, double to) {
    std::ostringstream message;
    if (highest - lowest <= 10.0 * sensitivity) {
      message << calibrator.prefix() << "the restitution (" << lowest << ") does not change with this parameter";
    } else {
      message << calibrator.prefix() << "the target " << target_restitution << " is out of reach: the restitution "
              << "ranged over [" << lowest << ", " << highest << "] for values from " << from << " to " << to;
    }
    return std::invalid_argument(message.str());
  };
  auto turns_back = [&](double closest, double near) {
    std::ostringstream message;
    message << calibrator.prefix() << "the target " << target_restitution << " is out of reach: the restitution "
            << "comes closest, " << closest << ", near " << near << " and turns back";
    return std::invalid_argument(message.str());
  };

  // The law's dissipation parameter with a range open above (a damping coefficient; calibration.h): its lower bound
  // is the law without that dissipation, and the value returned is the first crossing of the target met walking up
  // from there. A law whose c is not monotonic in it (Xiong's β1: past a minimum of c the dashpot arm stiffens the
  // contact and c rises again) would otherwise give whichever crossing the start value happens to be nearest.
  if (!map.bounded && !law.dissipation_parameter.empty() && parameter == law.dissipation_parameter) {
    // A grid x_k = x_0 + k·step (a decade a step), its runs memoised: the walk down and the walk up share them.
    const double x0 = map.variable(start);
    std::map<int, double> grid;
    auto x_of = [&](int k) { return x0 + k * step; };
    auto at = [&](int k) {
      if (auto it = grid.find(k); it != grid.end()) return it->second;
      const double f = residual(x_of(k));
      grid.emplace(k, f);
      return f;
    };
    auto levelled = [&](double f_new, double f_old) {
      return std::abs(f_new - f_old) <= std::max(sensitivity, 0.01 * std::abs(f_new));
    };
    // 1. The elastic side: walk down until c is at or above the target and a step changes it by less than 1 % of
    //    its margin over the target (or less than the noise), i.e. c has levelled off towards the elastic end.
    int k = 0;
    double f = at(0);
    int stalled = 0;
    for (int i = 1;; ++i) {
      const double fn = at(k - 1);
      const bool levels = levelled(fn, f);
      --k;
      f = fn;
      if (f >= -tolerance && levels) break;
      stalled = f < -tolerance && std::abs(fn - at(k + 1)) <= sensitivity ? stalled + 1 : 0;
      if (stalled >= kMaxStalledSteps || i >= kMaxExpansions) {
        if (f >= -tolerance) break;  // still moving after 60 decades, but above the target: start up from here
        std::ostringstream message;
        message << calibrator.prefix() << "the target " << target_restitution << " is out of reach from the elastic "
                << "end: the restitution is already below it there (" << f + target_restitution << " at "
                << map.value(x_of(k)) << "); a value reaching it would lie where c rises with the dissipation "
                << "parameter, which the calibration does not take";
        throw std::invalid_argument(message.str());
      }
    }
    // 2. Walk up to the first grid point below the target and solve between it and the one before. Where c turns
    //    back upwards still above the target, its minimum (between the last three points) is located by golden
    //    section: if that dips below the target the crossing before it is the one; else the target is out of reach.
    double lowest = f + target_restitution;
    double highest = lowest;
    stalled = 0;
    for (int i = 1;; ++i) {
      if (std::abs(f) <= tolerance) return found(x_of(k), f);
      const double fn = at(k + 1);
      lowest = std::min(lowest, fn + target_restitution);
      highest = std::max(highest, fn + target_restitution);
      if (fn < -tolerance) {
        const auto [x, fx] = solve(x_of(k), f, x_of(k + 1), fn);
        return found(x, fx);
      }
      if (fn > f + sensitivity && grid.count(k - 1) && at(k - 1) > f) {
        // Golden section for the minimum of c on [x_{k−1}, x_{k+1}], f(x_k) below both ends.
        constexpr double kGolden = 0.3819660112501051;  // (3 − √5)/2
        double a = x_of(k - 1), f_a = at(k - 1), b = x_of(k + 1), xm = x_of(k), fm = f;
        while (b - a > 1e-3 * step) {
          const bool right = (b - xm) > (xm - a);
          const double xt = right ? xm + kGolden * (b - xm) : xm - kGolden * (xm - a);
          const double ft = residual(xt);
          if (std::abs(ft) <= tolerance) return found(xt, ft);
          if (ft < 0.0) {  // below the target: the first crossing is between xt and the evaluated point before it
            const auto [x, fx] = right ? solve(xm, fm, xt, ft) : solve(a, f_a, xt, ft);
            return found(x, fx);
          }
          if (ft < fm) {
            if (right) {
              a = xm;
              f_a = fm;
            } else {
              b = xm;
            }
            xm = xt;
            fm = ft;
          } else if (right) {
            b = xt;
          } else {
            a = xt;
            f_a = ft;
          }
        }
        throw turns_back(fm + target_restitution, map.value(xm));
      }
      stalled = std::abs(fn - f) <= sensitivity ? stalled + 1 : 0;
      if (stalled >= kMaxStalledSteps || i >= kMaxExpansions) {
        throw out_of_reach(lowest, highest, map.value(x_of(k + 1 - i)), map.value(x_of(k + 1)));
      }
      ++k;
      f = fn;
    }
  }

  // Bracketing.
  double xa = map.variable(start);
  double fa = residual(xa);
  if (std::abs(fa) <= tolerance) return found(xa, fa);
  double xb = xa + step;
  double fb = residual(xb);
  if (std::abs(fb - fa) <= sensitivity) {  // insensitive upwards (e.g. saturated): look downwards before giving up
    xb = xa - step;
    fb = residual(xb);
    if (std::abs(fb - fa) <= sensitivity) {
      std::ostringstream message;
      message << calibrator.prefix() << "the restitution (" << fa + target_restitution
              << ") does not change with this parameter around " << start;
      throw std::invalid_argument(message.str());
    }
  }
  double lowest = std::min(fa, fb) + target_restitution;
  double highest = std::max(fa, fb) + target_restitution;
  // Walk from the better point in the direction that moves c towards the target, until the sign changes.
  const double slope = (fb - fa) / (xb - xa);
  if (std::abs(fb) < std::abs(fa) || (fa > 0.0) != (fb > 0.0)) {
    std::swap(xa, xb);
    std::swap(fa, fb);
  }
  // Now (xa, fa) is the point nearer the target or the pair brackets it.
  // Give up after 60 steps (60 decades for a coefficient), or once c has stopped moving for 3 steps (saturated).
  int expansions = 0;
  int stalled = 0;
  while ((fa > 0.0) == (fb > 0.0)) {
    if (std::abs(fa) <= tolerance) return found(xa, fa);
    stalled = std::abs(fa - fb) <= sensitivity ? stalled + 1 : 0;
    if (++expansions > kMaxExpansions || stalled >= kMaxStalledSteps) {
      throw out_of_reach(lowest, highest, map.value(std::min(xa, xb)), map.value(std::max(xa, xb)));
    }
    const double direction = (fa > 0.0) == (slope < 0.0) ? 1.0 : -1.0;
    xb = xa;
    fb = fa;
    xa = xb + direction * step;
    fa = residual(xa);
    lowest = std::min(lowest, fa + target_restitution);
    highest = std::max(highest, fa + target_restitution);
    if ((fa > 0.0) == (fb > 0.0) && std::abs(fa) > std::abs(fb) + sensitivity) {
      // c turned back before reaching the target: it has an extremum short of it.
      throw turns_back(fb + target_restitution, map.value(xb));
    }
  }
  const auto [x, f] = solve(xa, fa, xb, fb);
  return found(x, f);
}

}  // namespace contactlab
