// SPDX-License-Identifier: MIT
#pragma once

#include <cmath>

namespace contactlab {

// δ^n for the elastic terms of the laws, their stiffness n δ^{n−1}, their dashpots' weights δ^m and their energies.
// The exponents the papers use most (3/2 for Hertz, 1 for a linear spring, 5/2 and 2 in their energies, 1/2 and 0 in
// their stiffness, 1/4 and 1/2 in their dashpots) are taken without std::pow, which costs more than the rest of a
// Hertz contact evaluation: square roots are correctly rounded, so each of these is within an ulp or two of pow's.
// Other exponents go through std::pow, except one a law fixes, which it prepares once as a FixedPower
// (models/fixed_power.h).
inline double indentation_power(double indentation, double exponent) {
  if (exponent == 1.5) return indentation * std::sqrt(indentation);
  if (exponent == 0.5) return std::sqrt(indentation);
  if (exponent == 1.0) return indentation;
  if (exponent == 0.0) return 1.0;
  if (exponent == 2.5) return indentation * indentation * std::sqrt(indentation);
  if (exponent == 2.0) return indentation * indentation;
  if (exponent == 0.25) return std::sqrt(std::sqrt(indentation));
  return std::pow(indentation, exponent);
}

}  // namespace contactlab
