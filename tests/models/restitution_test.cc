// SPDX-License-Identifier: MIT
// Tests of models/restitution: Lambert W₀, the achieved restitution c_out(z) of a Hunt–Crossley-type impact
// and its inverse, the exact normalised damping z(c) (models.md §2.5, oracle tables §5.7 and §5.8).
#include "models/restitution.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace contactlab {
namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// The c_r columns of the models.md §5.8 tables.
constexpr double kTableRestitution[] = {0.10, 0.20, 0.30, 0.40, 0.50, 0.60, 0.70, 0.80, 0.90, 0.95, 0.99};
// The §5.8 tables are rounded to 4 decimals: half a unit (5e-5) plus a margin for the rounding of the table's
// own computation.
constexpr double kFourDecimalTolerance = 6e-5;
// The corrected §5.7 table gives 5 decimals: half a unit (5e-6) plus margin.
constexpr double kFiveDecimalTolerance = 6e-6;

// ---------------------------------------------------------------------------------------------------------
// lambert_w0

TEST(LambertW0, OmegaConstant) {
  // W₀(1) = Ω, the omega constant 0.5671432904097838… (defined by Ω e^Ω = 1).
  EXPECT_NEAR(lambert_w0(1.0), 0.5671432904097838, 4 * kEps);
}

TEST(LambertW0, ValueAtEIsOne) {
  // 1 · e¹ = e, so W₀(e) = 1. W₀ is well conditioned here (relative condition 1/(1+W) = 1/2).
  EXPECT_NEAR(lambert_w0(std::numbers::e), 1.0, 4 * kEps);
}

TEST(LambertW0, ZeroMapsToZero) { EXPECT_EQ(lambert_w0(0.0), 0.0); }

TEST(LambertW0, BranchPointIsMinusOne) {
  // (−1) e^{−1} = −1/e, so W₀(−1/e) = −1. Near the branch point W₀ ≈ −1 + √(2(e x + 1)), so one rounding of the
  // argument (≈ 6e-17) can move W₀ by up to √(2e·6e-17) ≈ 2e-8: that bounds any achievable accuracy.
  EXPECT_NEAR(lambert_w0(-std::exp(-1.0)), -1.0, 2e-8);
  EXPECT_NEAR(lambert_w0(-1.0 / std::numbers::e), -1.0, 2e-8);
}

TEST(LambertW0, KnownValuesFromTheDefiningIdentity) {
  // W₀(x e^x) = x for x ≥ −1: with x = −ln 2, x e^x = −ln2/2 (the branch-point series region x < −0.3);
  // x = ln 2 gives 2 ln 2 (middle region); x = 3 gives 3e³ (asymptotic region).
  const double ln2 = std::numbers::ln2;
  // Condition 1/(1+W) ≈ 3.3 at W = −ln 2, so allow a few more ulps there.
  EXPECT_NEAR(lambert_w0(-ln2 / 2.0), -ln2, 16 * kEps);
  EXPECT_NEAR(lambert_w0(2.0 * ln2), ln2, 4 * kEps);
  EXPECT_NEAR(lambert_w0(3.0 * std::exp(3.0)), 3.0, 3.0 * 4 * kEps);
}

TEST(LambertW0, SatisfiesDefiningIdentity) {
  // W₀(x) is the w ≥ −1 with w e^w = x; the residual is checked to the precision of the product itself.
  {
    const double x = -0.2;
    const double w = lambert_w0(x);
    EXPECT_GT(w, -1.0);
    EXPECT_LT(w, 0.0);
    EXPECT_NEAR(w * std::exp(w), x, 1e-15);
  }
  for (double x : {-0.36, -0.3, -0.1, -1e-6, 1e-6, 0.5, 2.0, 2.9999, 3.0, 10.0, 1e3, 1e6}) {
    const double w = lambert_w0(x);
    EXPECT_GE(w, -1.0) << "x = " << x;
    EXPECT_NEAR(w * std::exp(w) / x, 1.0, 1e-14) << "x = " << x;
  }
}

TEST(LambertW0, RejectsArgumentsBelowBranchPoint) {
  // W₀ is real only for x ≥ −1/e; a value within round-off of −1/e is accepted as the branch point.
  EXPECT_THROW(lambert_w0(-0.4), std::domain_error);
  EXPECT_THROW(lambert_w0(-1.0), std::domain_error);
  EXPECT_THROW(lambert_w0(std::numeric_limits<double>::quiet_NaN()), std::domain_error);
  EXPECT_NEAR(lambert_w0(-std::exp(-1.0) - 1e-16), -1.0, 2e-8);
}

// ---------------------------------------------------------------------------------------------------------
// hunt_crossley_restitution: c_out(z)

// c_out from the Lambert-W closed form of models.md §2.5 item 3, evaluated literally.
double restitution_from_lambert_w(double z) {
  return (1.0 + lambert_w0(-(1.0 + z) * std::exp(-(1.0 + z)))) / z;
}

// One row of the §5.8 c_out table, with the law's damping formula z(c_r) from models.md §3.D.
struct CoutRow {
  const char* law;
  double (*normalised_damping)(double c);
  double c_out[11];
};

const CoutRow kCoutTable[] = {
    {"hunt_crossley (D1: 3(1−c)/2)", [](double c) { return 1.5 * (1.0 - c); },
     {0.5158, 0.5469, 0.5813, 0.6197, 0.6630, 0.7120, 0.7680, 0.8329, 0.9090, 0.9524, 0.9901}},
    {"herbert_mcwhannell (D2: 6(1−c)/((2c−1)²+3))",
     [](double c) { return 6.0 * (1.0 - c) / ((2.0 * c - 1.0) * (2.0 * c - 1.0) + 3.0); },
     {0.4907, 0.5008, 0.5200, 0.5503, 0.5936, 0.6511, 0.7227, 0.8070, 0.9009, 0.9501, 0.9900}},
    {"lee_wang (D3: 3(1−c)/4)", [](double c) { return 0.75 * (1.0 - c); },
     {0.6867, 0.7120, 0.7390, 0.7680, 0.7992, 0.8329, 0.8693, 0.9090, 0.9524, 0.9756, 0.9950}},
    {"lankarani_nikravesh (D4: 3(1−c²)/4)", [](double c) { return 0.75 * (1.0 - c * c); },
     {0.6653, 0.6723, 0.6842, 0.7016, 0.7252, 0.7561, 0.7960, 0.8471, 0.9132, 0.9535, 0.9901}},
    {"gonthier (D5: (1−c²)/c)", [](double c) { return (1.0 - c * c) / c; },
     {0.1010, 0.2046, 0.3042, 0.3978, 0.4877, 0.5773, 0.6696, 0.7680, 0.8764, 0.9359, 0.9868}},
    {"zhiying_qishao (D8: 3(1−c²)e^{2(1−c)}/4)",
     [](double c) { return 0.75 * (1.0 - c * c) * std::exp(2.0 * (1.0 - c)); },
     {0.2175, 0.2664, 0.3267, 0.3988, 0.4826, 0.5769, 0.6796, 0.7874, 0.8959, 0.9489, 0.9900}},
    {"flores (D11: 8(1−c)/(5c))", [](double c) { return 8.0 * (1.0 - c) / (5.0 * c); },
     {0.0694, 0.1555, 0.2562, 0.3629, 0.4704, 0.5773, 0.6832, 0.7885, 0.8939, 0.9468, 0.9893}},
    {"gharib_hurmuzlu (D10: 1/c)", [](double c) { return 1.0 / c; },
     {0.1000, 0.1970, 0.2819, 0.3524, 0.4107, 0.4595, 0.5008, 0.5362, 0.5668, 0.5807, 0.5911}},
    {"hu_guo (D12: 3(1−c)/(2c))", [](double c) { return 1.5 * (1.0 - c) / c; },
     {0.0741, 0.1656, 0.2707, 0.3796, 0.4877, 0.5936, 0.6973, 0.7992, 0.8999, 0.9500, 0.9900}},
    {"zhang_2020 (D13: 249(1−c)/(6+160c))", [](double c) { return 249.0 * (1.0 - c) / (6.0 + 160.0 * c); },
     {0.0982, 0.1884, 0.2894, 0.3935, 0.4972, 0.5996, 0.7006, 0.8007, 0.9003, 0.9501, 0.9900}},
    {"safaeifar_farshidianfar (D14: 5(1−c)/(4c))", [](double c) { return 1.25 * (1.0 - c) / c; },
     {0.0889, 0.1970, 0.3138, 0.4279, 0.5362, 0.6383, 0.7350, 0.8271, 0.9152, 0.9580, 0.9917}},
};

TEST(HuntCrossleyRestitution, MatchesCoutTableOfModelsMdSection5_8) {
  // Each explicit z(c) formula of §3.D fed through c_out(z) must reproduce the 4-decimal c_out table of §5.8.
  for (const CoutRow& row : kCoutTable) {
    for (int i = 0; i < 11; ++i) {
      const double c = kTableRestitution[i];
      EXPECT_NEAR(hunt_crossley_restitution(row.normalised_damping(c)), row.c_out[i], kFourDecimalTolerance)
          << row.law << ", c_r = " << c;
    }
  }
}

TEST(HuntCrossleyRestitution, MatchesLambertWClosedForm) {
  // models.md §2.5 item 3: c_out(z) = [1 + W₀(−(1+z) e^{−(1+z)})]/z. For moderate z the W₀ form has no
  // cancellation worth mentioning (1 + W₀ = z c_out ≥ 0.16 here), so both must agree to round-off level.
  for (double z : {0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0}) {
    EXPECT_NEAR(hunt_crossley_restitution(z), restitution_from_lambert_w(z), 1e-12) << "z = " << z;
  }
}

TEST(HuntCrossleyRestitution, SmallDampingLimit) {
  // §2.5 item 2: z ≈ 3(1−c²)/(2(1+c³)) as c → 1; inverting gives c = 1 − 2z/3 + 4z²/9 + O(z³). The first-order
  // form is therefore off by ≈ 4z²/9: 4.4e-13 at z = 1e-6, well inside the 1e-11 relative tolerance.
  for (double z : {1e-6, 1e-7, 1e-9, 1e-12}) {
    const double expected = 1.0 - 2.0 * z / 3.0;
    EXPECT_NEAR(hunt_crossley_restitution(z) / expected, 1.0, 1e-11) << "z = " << z;
  }
  // With the second-order term the remainder is O(z³) ≈ 1e-15 at z = 1e-5: a check that the small-z evaluation
  // path (which avoids the W₀ cancellation) keeps full precision.
  const double z = 1e-5;
  EXPECT_NEAR(hunt_crossley_restitution(z), 1.0 - 2.0 * z / 3.0 + 4.0 * z * z / 9.0, 1e-14);
}

TEST(HuntCrossleyRestitution, ZeroDampingIsElastic) {
  // F = K δ^n with no damping conserves energy: c_out(0) = 1 (§3.A2).
  EXPECT_EQ(hunt_crossley_restitution(0.0), 1.0);
}

TEST(HuntCrossleyRestitution, DecreasesMonotonicallyTowardZero) {
  // §2.5 item 2 (exact_damping's bracket relies on it): c_out decreases from 1 to 0 as z grows; for large z,
  // w = 1 − c z is exponentially small (ln w − w = ln(1+z) − z − 1), so c_out → 1/z.
  double previous = 1.0;
  for (double z = 0.01; z < 200.0; z *= 1.1) {
    const double c = hunt_crossley_restitution(z);
    EXPECT_LT(c, previous) << "z = " << z;
    EXPECT_GT(c, 0.0) << "z = " << z;
    previous = c;
  }
  EXPECT_NEAR(hunt_crossley_restitution(1000.0) * 1000.0, 1.0, 1e-12);
}

TEST(HuntCrossleyRestitution, RejectsNegativeOrNanDamping) {
  EXPECT_THROW(hunt_crossley_restitution(-1e-3), std::domain_error);
  EXPECT_THROW(hunt_crossley_restitution(std::numeric_limits<double>::quiet_NaN()), std::domain_error);
}

// ---------------------------------------------------------------------------------------------------------
// hunt_crossley_exact_damping: z(c)

TEST(HuntCrossleyExactDamping, MatchesZhangSharfExactRowOfSection5_8) {
  // The zhang_sharf_exact z row of the §5.8 table (4 decimals).
  constexpr double kExactZ[] = {9.9982, 4.9192, 3.0871, 2.0825, 1.4328, 0.9749,
                                0.6348, 0.3731, 0.1665, 0.0789, 0.0152};
  for (int i = 0; i < 11; ++i) {
    EXPECT_NEAR(hunt_crossley_exact_damping(kTableRestitution[i]), kExactZ[i], kFourDecimalTolerance)
        << "c_r = " << kTableRestitution[i];
  }
}

TEST(HuntCrossleyExactDamping, MatchesCorrectedTableOfSection5_7) {
  // The corrected ("exact") z = γ0 v0/κ row of §5.7 (S004 Table 1 recomputed), 5 decimals.
  constexpr double kRestitution[] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99};
  constexpr double kExactZ[] = {9.99816, 4.91917, 3.08708, 2.08250, 1.43275,
                                0.97487, 0.63483, 0.37315, 0.16648, 0.01515};
  for (int i = 0; i < 10; ++i) {
    EXPECT_NEAR(hunt_crossley_exact_damping(kRestitution[i]), kExactZ[i], kFiveDecimalTolerance)
        << "c_r = " << kRestitution[i];
  }
  // §5.7 example: "For c_r = 0.4: z = γ0 v0/κ = 2.0824982" (8 significant digits).
  EXPECT_NEAR(hunt_crossley_exact_damping(0.4), 2.0824982, 6e-8);
  // §5.7: "For c_r = 0.999 exactly: z = 0.00150"; and the mislabelled 0.99 column is c_r = 0.995, z = 0.0075.
  EXPECT_NEAR(hunt_crossley_exact_damping(0.999), 0.00150, kFiveDecimalTolerance);
  EXPECT_NEAR(hunt_crossley_exact_damping(0.995), 0.0075, kFourDecimalTolerance);
}

TEST(HuntCrossleyExactDamping, SolvesTheEndOfImpactCondition) {
  // §2.5 item 1: z(1 + c) + ln[(1 − c z)/(1 + z)] = 0, with the physical root in ((1−c)/c, 1/c) (item 2).
  for (double c : {0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99}) {
    const double z = hunt_crossley_exact_damping(c);
    EXPECT_GT(z, (1.0 - c) / c) << "c = " << c;
    EXPECT_LT(z, 1.0 / c) << "c = " << c;
    // The residual is ill-conditioned for small c: w = 1 − cz is then exponentially small (≈ 1.6e-8 at c = 0.05),
    // so f'(z) = (1+c) − c/w − 1/(1+z) is huge and even the rounding of 1 − cz moves ln w by ≈ ε/w. Allow the
    // residual of a z that is correct to a few ulps: |f'(z)|·8εz, plus the evaluation error 4ε/w and 1e-13.
    const double w = 1.0 - c * z;
    const double slope = (1.0 + c) - c / w - 1.0 / (1.0 + z);
    const double tolerance = 1e-13 + std::abs(slope) * 8.0 * kEps * z + 4.0 * kEps / w;
    EXPECT_NEAR(z * (1.0 + c) + std::log(w / (1.0 + z)), 0.0, tolerance) << "c = " << c;
  }
}

TEST(HuntCrossleyExactDamping, RoundTripReproducesTargetRestitution) {
  // z(c) is the inverse of c_out(z): c_out(z(c)) = c up to the bisection tolerance (a few ulps in z).
  for (double c : {0.01, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99, 0.999}) {
    EXPECT_NEAR(hunt_crossley_restitution(hunt_crossley_exact_damping(c)), c, 1e-12) << "c = " << c;
  }
}

TEST(HuntCrossleyExactDamping, NoDampingForPerfectRestitution) {
  // c = 1 is the elastic impact: z(1) = 0 (f(z) = 0 has only the root z = 0 when c = 1).
  EXPECT_EQ(hunt_crossley_exact_damping(1.0), 0.0);
}

TEST(HuntCrossleyExactDamping, FirstOrderAsymptoteNearOne) {
  // §2.5 item 2: z ≈ 3(1−c²)/(2(1+c³)) → 1.5(1−c) as c → 1; the asymptote is second-order accurate in (1−c),
  // so its relative error at 1−c = 1e-4 is O(1e-8).
  const double c = 1.0 - 1e-4;
  const double asymptote = 3.0 * (1.0 - c * c) / (2.0 * (1.0 + c * c * c));
  EXPECT_NEAR(hunt_crossley_exact_damping(c) / asymptote, 1.0, 1e-7);
}

TEST(HuntCrossleyExactDamping, RejectsRestitutionOutsideUnitInterval) {
  EXPECT_THROW(hunt_crossley_exact_damping(0.0), std::domain_error);
  EXPECT_THROW(hunt_crossley_exact_damping(-0.5), std::domain_error);
  EXPECT_THROW(hunt_crossley_exact_damping(1.0 + 1e-12), std::domain_error);
  EXPECT_THROW(hunt_crossley_exact_damping(1.5), std::domain_error);
  EXPECT_THROW(hunt_crossley_exact_damping(std::numeric_limits<double>::quiet_NaN()), std::domain_error);
}

}  // namespace
}  // namespace contactlab
