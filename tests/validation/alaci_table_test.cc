// SPDX-License-Identifier: MIT
// Validation item 2 (docs/validation.md §2): the exact Hunt–Crossley impact of Alaci et al. (S004) Table 1,
// normalised impact parameters for c = 0.1 … 0.9 and 0.99, measured on scenes/impact_1dof.yaml (S004 §3.1's
// example: m = 0.11 kg, K = 1.88377e10 N/m^1.5, v0 = 2.8 m/s) with zhang_sharf_exact, exactly as
// `contactlab run scenes/impact_1dof.yaml --model zhang_sharf_exact --set restitution=c`.
//
// Published: S004 Table 1, as corrected in models.md §5.7 ("Corrected / exact values [verified]": the printed
// column 0.99 was computed for c = 0.995, erratum 35; L_r/L_t are wrong at low c, erratum 36). The corrected
// values are exact to their five printed digits. Tolerance ±0.5 % (the item's tolerance); the runs (relative
// tolerance 1e-11) agree with the corrected digits to their rounding, ≤ 0.02 % (the c = 0.99 entries are the
// smallest numbers, so rounding weighs most there). x_H, F_H, t_H are the closed forms of models.md §2.3 with
// the scene's own K, m, v0.
#include <array>
#include <functional>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "scene_run.h"

namespace contactlab::validation {
namespace {

constexpr std::array<double, 10> kRestitution{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99};

struct Corrected {  // models.md §5.7, corrected/exact Table 1
  std::array<double, 10> z, t_c, t_f, v_f, x_f, x_m, f_max;
};

constexpr Corrected kTable{
    {9.99816, 4.91917, 3.08708, 2.08250, 1.43275, 0.97487, 0.63483, 0.37315, 0.16648, 0.01515},
    {0.63795, 0.72553, 0.78034, 0.82312, 0.85961, 0.89213, 0.92185, 0.94947, 0.97542, 0.99760},
    {4.01331, 2.96440, 2.57207, 2.36580, 2.23958, 2.15563, 2.09690, 2.05448, 2.02324, 2.00203},
    {0.59643, 0.56859, 0.53814, 0.50187, 0.45683, 0.39967, 0.32654, 0.23419, 0.12297, 0.01250},
    {0.34828, 0.45377, 0.53483, 0.60880, 0.68094, 0.75296, 0.82449, 0.89279, 0.95288, 0.99593},
    {0.47077, 0.58307, 0.65890, 0.72088, 0.77558, 0.82568, 0.87252, 0.91688, 0.95926, 0.99599},
    {1.43119, 1.16063, 1.04090, 0.97148, 0.92968, 0.90795, 0.90384, 0.91729, 0.94920, 0.99409},
};

constexpr double kTolerance = 0.005;
constexpr char kScene[] = "impact_1dof.yaml";

TEST(ValidationAlaciTable1, NormalisedImpactParametersMatchTheCorrectedTable) {
  const Scene defaults = load_scene(scene_path(kScene));
  const double stiffness = defaults.variables.at("stiffness");
  const double exponent = defaults.variables.at("exponent");
  const double mass = defaults.variables.at("mass");
  const double v0 = defaults.variables.at("impact_velocity");
  const HertzReference h = hertz_reference(stiffness, exponent, mass, v0);
  for (std::size_t i = 0; i < kRestitution.size(); ++i) {
    std::ostringstream text;
    text << kRestitution[i];
    const std::string c = text.str();
    SCOPED_TRACE("contactlab run scenes/impact_1dof.yaml --model zhang_sharf_exact --set restitution=" + c);
    HuntCrossleyZ z(stiffness, exponent, v0);
    const SceneRun run = run_scene(kScene, "zhang_sharf_exact", {{"restitution", c}}, std::ref(z));
    ASSERT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
    ASSERT_EQ(run.result.impacts.size(), 1u);
    const ImpactRecord& r = run.impact();
    ASSERT_FALSE(r.open);
    ASSERT_GT(z.samples(), 10);
    EXPECT_NEAR(z.max() - z.min(), 0.0, 1e-9 * z.max());  // F = K δ^n (1 + z δ̇/δ̇⁻) exactly
    EXPECT_NEAR(z.max() / kTable.z[i], 1.0, kTolerance) << "z, corrected " << kTable.z[i];
    EXPECT_NEAR(r.compression_time / h.compression_time / kTable.t_c[i], 1.0, kTolerance) << "t_C/t_H";
    EXPECT_NEAR((r.t_end - r.t_start) / h.compression_time / kTable.t_f[i], 1.0, kTolerance) << "t_f/t_H";
    EXPECT_NEAR(r.velocity_at_max_force / v0 / kTable.v_f[i], 1.0, kTolerance) << "v_Fmx/v0";
    EXPECT_NEAR(r.indentation_at_max_force / h.max_indentation / kTable.x_f[i], 1.0, kTolerance) << "x_Fmx/x_H";
    EXPECT_NEAR(r.max_indentation / h.max_indentation / kTable.x_m[i], 1.0, kTolerance) << "x_m/x_H";
    EXPECT_NEAR(r.max_force / h.max_force / kTable.f_max[i], 1.0, kTolerance) << "F_max/F_H";
    // The column's c itself, and L_t/L_H = 1 − c² (energy balance; erratum 36 corrects the printed low-c values).
    EXPECT_NEAR(r.restitution, kRestitution[i], 1e-8);
    EXPECT_NEAR(r.dissipated_energy / h.energy, 1.0 - kRestitution[i] * kRestitution[i], 1e-8);
    EXPECT_LT(run.relative_energy_error(), 1e-6);
  }
}

TEST(ValidationAlaciTable1, UndampedReferencesMatchS004) {
  // S004 §3.1 prints x_H = 8.00032e-5 m, F_H = 1.347e4 N, t_H = 4.20467e-5 s, L_H = 0.4312 J for the example;
  // models.md §5.7 attributes the ≤ 0.05 % differences to m ≈ 0.110045 kg and the coefficient 1.471577
  // (erratum 38) and allows 1e-3. The Hertz run reaches the closed forms to 1e-6.
  const SceneRun run = run_scene(kScene, "hertz");
  ASSERT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  const auto& v = run.scene.variables;
  const HertzReference h = hertz_reference(v.at("stiffness"), v.at("exponent"), v.at("mass"), v.at("impact_velocity"));
  EXPECT_NEAR(h.max_indentation / 8.00032e-5, 1.0, 1e-3);
  EXPECT_NEAR(h.max_force / 1.347e4, 1.0, 1e-3);
  EXPECT_NEAR(h.compression_time / 4.20467e-5, 1.0, 1e-3);
  EXPECT_NEAR(h.energy / 0.4312, 1.0, 1e-3);
  const ImpactRecord& r = run.impact();
  EXPECT_NEAR(r.max_indentation / h.max_indentation, 1.0, 1e-6);
  EXPECT_NEAR(r.max_force / h.max_force, 1.0, 1e-6);
  EXPECT_NEAR(r.compression_time / h.compression_time, 1.0, 1e-6);
  EXPECT_NEAR((r.t_end - r.t_start) / h.compression_time, 2.0, 2e-6);
}

}  // namespace
}  // namespace contactlab::validation
