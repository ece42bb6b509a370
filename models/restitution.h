// SPDX-License-Identifier: MIT
// Closed-form restitution of the Hunt–Crossley-type impact F = K δ^n (1 + z δ̇/δ̇⁻), for any n, K, m_eff, δ̇⁻
// (models.md §2.5; Alaci et al. 2021 §3.2–3.4, first integral of the impact).
#pragma once

namespace contactlab {

// Principal branch W₀ of the Lambert W function, x ≥ -1/e.
double lambert_w0(double x);

// Achieved coefficient of restitution for normalised damping z = χ δ̇⁻ / K ≥ 0:
//   c_out(z) = [1 + W₀(−(1+z) e^{−(1+z)})] / z   (models.md §2.5 item 3),
// evaluated through u = c_out·z, the root in (0, 1) of −u − ln(1−u) = z − ln(1+z), which avoids the
// cancellation of the W₀ form as z → 0.
double hunt_crossley_restitution(double normalised_damping);

// Exact normalised damping for a target restitution c ∈ (0, 1]: the root of
//   z(1 + c) + ln[(1 − c z)/(1 + z)] = 0 on ((1−c)/c, 1/c)   (models.md §2.5 item 2; Zhang–Sharf, Khatiwada,
// Alaci Eq (30)); z(1) = 0.
double hunt_crossley_exact_damping(double restitution);

}  // namespace contactlab
