// SPDX-License-Identifier: MIT
#include "engine/dormand_prince.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {
namespace {

// Dormand & Prince (1980), RK5(4)7FM; Hairer–Nørsett–Wanner Table II.5.2. Row 7 is the 5th-order solution (FSAL).
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                 a65 = -5103.0 / 18656;
constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
// 5th- minus 4th-order weights: the local error estimate.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                 e6 = 22.0 / 525, e7 = -1.0 / 40;
// Continuous extension of order 4 (Hairer–Nørsett–Wanner Eq. II.6.12, as in their code DOPRI5).
constexpr double d1 = -12715105075.0 / 11282082432, d3 = 87487479700.0 / 32700410799,
                 d4 = -10690763975.0 / 1880347072, d5 = 701980252875.0 / 199316789632,
                 d6 = -1453857185.0 / 822651844, d7 = 69997945.0 / 29380423;

// Step-size controller (Hairer–Nørsett–Wanner §II.4, Eq. 4.13 with the PI stabilisation of their DOPRI5):
// h_new = h · clamp(safety · err^(−α) · err_old^β, 1/5 … 10).
constexpr double kSafety = 0.9;
constexpr double kBeta = 0.04;
constexpr double kAlpha = 0.2 - 0.75 * kBeta;
constexpr double kMinFactor = 0.2;
constexpr double kMaxFactor = 10.0;
constexpr double kSmallestError = 1e-4;  // the error the controller remembers at least (Hairer's facold floor)
const double kSmallestErrorPower = std::pow(kSmallestError, kBeta);

}  // namespace

DormandPrince::DormandPrince(int size, int dynamic_size)
    : size_(size),
      dynamic_size_(dynamic_size),
      absolute_tolerance_(static_cast<std::size_t>(dynamic_size), 1e-6),
      previous_error_power_(kSmallestErrorPower),
      y_(static_cast<std::size_t>(size)),
      y_previous_(static_cast<std::size_t>(size)),
      y_stage_(static_cast<std::size_t>(size)),
      error_(static_cast<std::size_t>(size)) {
  for (auto& k : k_) k.assign(static_cast<std::size_t>(size), 0.0);
}

void DormandPrince::set_tolerances(double relative, std::span<const double> absolute) {
  relative_tolerance_ = relative;
  std::copy(absolute.begin(), absolute.begin() + dynamic_size_, absolute_tolerance_.begin());
}

double DormandPrince::error_norm(const double* y_new) const {
  const double* y = y_.data();
  const double* e = error_.data();
  const double* atol = absolute_tolerance_.data();
  double sum = 0.0;
  for (int i = 0; i < dynamic_size_; ++i) {
    const double scale = atol[i] + relative_tolerance_ * std::max(std::abs(y[i]), std::abs(y_new[i]));
    const double r = e[i] / scale;
    sum += r * r;
  }
  return dynamic_size_ > 0 ? std::sqrt(sum / dynamic_size_) : 0.0;
}

// Hairer–Nørsett–Wanner §II.4 "Starting step size": h₀ from ‖y₀‖/‖f₀‖, refined by one explicit Euler step's
// estimate of ‖y''‖ so that h^5 · max(‖f‖, ‖y''‖) ≈ 0.01.
double DormandPrince::starting_step(Function& f) {
  const double* y = y_.data();
  const double* f0 = k_[kEnd].data();
  const double* atol = absolute_tolerance_.data();
  double norm_f = 0.0, norm_y = 0.0;
  for (int i = 0; i < dynamic_size_; ++i) {
    const double scale = atol[i] + relative_tolerance_ * std::abs(y[i]);
    norm_f += (f0[i] / scale) * (f0[i] / scale);
    norm_y += (y[i] / scale) * (y[i] / scale);
  }
  double h = (norm_f <= 1e-10 || norm_y <= 1e-10) ? 1e-6 : 0.01 * std::sqrt(norm_y / norm_f);
  if (max_step_ > 0.0) h = std::min(h, max_step_);
  double* probe = y_stage_.data();
  for (int i = 0; i < size_; ++i) probe[i] = y[i] + h * f0[i];
  double* f1 = k_[1].data();
  ++evaluations_;
  if (f(t_ + h, probe, f1) != 0) return h;
  double second = 0.0;
  for (int i = 0; i < dynamic_size_; ++i) {
    const double scale = atol[i] + relative_tolerance_ * std::abs(y[i]);
    const double r = (f1[i] - f0[i]) / scale;
    second += r * r;
  }
  second = std::sqrt(second) / h;
  const double largest = std::max(second, std::sqrt(norm_f));
  const double h1 = largest <= 1e-15 ? std::max(1e-6, 1e-3 * h) : std::pow(0.01 / largest, 0.2);
  h = std::min(100.0 * h, h1);
  if (max_step_ > 0.0) h = std::min(h, max_step_);
  return h;
}

DormandPrince::Status DormandPrince::reset(double t, const double* y, double first_step, Function& f) {
  t_ = t;
  t_previous_ = t;
  std::copy(y, y + size_, y_.begin());
  std::copy(y, y + size_, y_previous_.begin());
  last_rejected_ = false;
  if (!(first_step > 0.0)) previous_error_power_ = kSmallestErrorPower;  // a fresh start; a restart goes on
  full_copies_ = 2;  // the stage vector's quadratures are not y's
  ++evaluations_;
  // f(t, y) where derivative() and the next step's first stage find it; swapped there, not copied, so that every rate
  // buffer holds only what the right-hand side wrote into it (OdeSystem::set_private_rate_buffers).
  if (f(t, y_.data(), k_[0].data()) != 0) return Status::kFunctionFailure;
  std::swap(k_[0], k_[kEnd]);
  h_ = first_step > 0.0 ? first_step : starting_step(f);
  if (max_step_ > 0.0) h_ = std::min(h_, max_step_);
  return Status::kSuccess;
}

DormandPrince::Status DormandPrince::step(double t_stop, Function& f) {
  // FSAL: the last stage of the previous step is f at this step's start.
  std::swap(k_[0], k_[kEnd]);
  const int n = size_;
  const int m = dynamic_size_;
  double* k1 = k_[0].data();
  double* k2 = k_[1].data();
  double* k3 = k_[2].data();
  double* k4 = k_[3].data();
  double* k5 = k_[4].data();
  double* k6 = k_[5].data();
  double* k7 = k_[kEnd].data();
  const double* y = y_.data();
  double* s = y_stage_.data();
  double* e = error_.data();
  // The stages leave the quadrature components of s alone (f never reads them); they hold the last state's, or
  // the constructor's zeros, and are finite.
  while (true) {
    double h = std::min(h_, step_limit_);
    if (max_step_ > 0.0) h = std::min(h, max_step_);
    const double remaining = t_stop - t_;
    const bool last = h >= remaining || t_ + h >= t_stop;
    if (last) h = remaining;
    if (!(h > 0.0) || (!last && !(h > 16.0 * std::numeric_limits<double>::epsilon() * std::abs(t_)))) {
      std::swap(k_[0], k_[kEnd]);  // leave f(t, y) where derivative() finds it
      return Status::kStepCollapsed;
    }
    auto fail = [&] {
      std::swap(k_[0], k_[kEnd]);
      return Status::kFunctionFailure;
    };
    for (int i = 0; i < m; ++i) s[i] = y[i] + h * a21 * k1[i];
    ++evaluations_;
    if (f(t_ + c2 * h, s, k2) != 0) return fail();
    for (int i = 0; i < m; ++i) s[i] = y[i] + h * (a31 * k1[i] + a32 * k2[i]);
    ++evaluations_;
    if (f(t_ + c3 * h, s, k3) != 0) return fail();
    for (int i = 0; i < m; ++i) s[i] = y[i] + h * (a41 * k1[i] + a42 * k2[i] + a43 * k3[i]);
    ++evaluations_;
    if (f(t_ + c4 * h, s, k4) != 0) return fail();
    for (int i = 0; i < m; ++i) s[i] = y[i] + h * (a51 * k1[i] + a52 * k2[i] + a53 * k3[i] + a54 * k4[i]);
    ++evaluations_;
    if (f(t_ + c5 * h, s, k5) != 0) return fail();
    for (int i = 0; i < m; ++i) {
      s[i] = y[i] + h * (a61 * k1[i] + a62 * k2[i] + a63 * k3[i] + a64 * k4[i] + a65 * k5[i]);
    }
    ++evaluations_;
    if (f(t_ + h, s, k6) != 0) return fail();
    auto solution = [&](int i) { s[i] = y[i] + h * (b1 * k1[i] + b3 * k3[i] + b4 * k4[i] + b5 * k5[i] + b6 * k6[i]); };
    for (int i = 0; i < m; ++i) solution(i);
    // The quadratures: where every rate is zero the sum is y itself (a long chain's ledger, but for its few contacts,
    // is not read through five stages at every step). s is the state of two steps back, so only what changed in those
    // two steps is copied; the whole after a restart, a step that summed everything, or a rejected attempt.
    const std::vector<int>* live = f.live_quadrature();
    if (live != nullptr) {
      if (full_copies_ > 0) {
        std::copy(y + m, y + n, s + m);
      } else {
        for (const std::vector<int>& changed : live_before_) {
          for (int i : changed) s[i] = y[i];
        }
      }
      for (int i : *live) solution(i);
      attempt_live_ = *live;  // (f's list may change with the next evaluation)
    } else {
      for (int i = m; i < n; ++i) solution(i);
    }
    ++evaluations_;
    if (f(t_ + h, s, k7) != 0) return fail();
    for (int i = 0; i < m; ++i) {
      e[i] = h * (e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * k7[i]);
    }
    const double err = error_norm(s);
    // err^α and, for the next step, max(err, 1e-4)^β from one logarithm (two std::pow cost as much again).
    const double log_error = std::log(err);
    const double growth = std::exp(kAlpha * log_error);
    if (err <= 1.0) {
      double factor = growth / previous_error_power_ / kSafety;
      factor = std::clamp(factor, 1.0 / kMaxFactor, 1.0 / kMinFactor);
      double h_next = h / factor;
      if (last_rejected_) h_next = std::min(h_next, h);
      previous_error_power_ = err >= kSmallestError ? std::exp(kBeta * log_error) : kSmallestErrorPower;
      last_rejected_ = false;
      std::swap(y_previous_, y_);
      std::swap(y_, y_stage_);
      // What this step changed of the quadratures, for the copies of the next two.
      if (live != nullptr) {
        std::swap(live_before_[1], live_before_[0]);
        std::swap(live_before_[0], attempt_live_);
        if (full_copies_ > 0) --full_copies_;
      } else {
        full_copies_ = 2;
      }
      t_previous_ = t_;
      t_ = last ? t_stop : t_ + h;
      // A step shortened to land on t_stop says nothing about the step the solution allows.
      if (!last || h_next < h_) h_ = h_next;
      ++steps_;
      return Status::kSuccess;
    }
    ++rejected_;
    last_rejected_ = true;
    full_copies_ = std::max(full_copies_, 1);  // the attempt wrote its live quadratures into s
    h_ = h / std::min(1.0 / kMinFactor, growth / kSafety);
  }
}

// The continuous extension of the last step at θ = (t − t₀)/h for component i (Hairer–Nørsett–Wanner, DOPRI5's
// CONTD5): y₀ + θ(r₂ + (1−θ)(r₃ + θ(r₄ + (1−θ) r₅))). Evaluated where asked, without storing the coefficients of
// the whole state: a step is interpolated at most a few times (a root, a sample), most steps never.
double DormandPrince::dense_output(std::size_t i, double h, double theta) const {
  const double r1 = y_previous_[i];
  const double r2 = y_[i] - r1;
  const double r3 = h * k_[0][i] - r2;
  const double r4 = r2 - h * k_[kEnd][i] - r3;
  const double r5 =
      h * (d1 * k_[0][i] + d3 * k_[2][i] + d4 * k_[3][i] + d5 * k_[4][i] + d6 * k_[5][i] + d7 * k_[kEnd][i]);
  const double rest = 1.0 - theta;
  return r1 + theta * (r2 + rest * (r3 + theta * (r4 + rest * r5)));
}

void DormandPrince::interpolate(double t, double* out, int count) const {
  const int n = count < 0 ? size_ : std::min(count, size_);
  const double h = t_ - t_previous_;
  if (!(h > 0.0)) {
    std::copy(y_.begin(), y_.begin() + n, out);
    return;
  }
  const double theta = (t - t_previous_) / h;
  for (int i = 0; i < n; ++i) out[i] = dense_output(static_cast<std::size_t>(i), h, theta);
}

void DormandPrince::interpolate(double t, std::span<const int> components, double* out) const {
  const double h = t_ - t_previous_;
  if (!(h > 0.0)) {
    for (int i : components) out[i] = y_[static_cast<std::size_t>(i)];
    return;
  }
  const double theta = (t - t_previous_) / h;
  for (int i : components) out[i] = dense_output(static_cast<std::size_t>(i), h, theta);
}

}  // namespace contactlab
