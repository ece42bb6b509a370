// SPDX-License-Identifier: MIT
// Hunt–Crossley family: F = K δ^n (1 + z δ̇/δ̇⁻), i.e. hysteresis damping χ = z K / δ̇⁻ with the normalised
// damping z = z(c_r) each paper derives from the target restitution c_r (models.md §3.D, §2.5).
// The laws differ only in z(c_r); adding one is one row in append_hunt_crossley_family.
#include <cmath>

#include "models/laws.h"
#include "models/restitution.h"

namespace contactlab {
namespace {

// Parameter 0: the target restitution; slot 1 receives z at compile time.
constexpr LawParameter kTargetRestitution[] = {
    {"restitution", "-", "target coefficient of restitution c_r", 0.0, true, 0.0, 1.0, true, false},
};
constexpr int kDampingSlot = 1;

// Hunt–Crossley: z = 3(1−c)/2 — Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.12).
double z_hunt_crossley(double c) { return 1.5 * (1.0 - c); }
// Herbert–McWhannell: z = 6(1−c)/[(2c−1)²+3] — S000 Table 1; S001 Eq (5.19).
double z_herbert_mcwhannell(double c) { return 6.0 * (1.0 - c) / ((2.0 * c - 1.0) * (2.0 * c - 1.0) + 3.0); }
// Lee–Wang: z = 3(1−c)/4 — S000 Table 1; S001 Eq (5.35).
double z_lee_wang(double c) { return 0.75 * (1.0 - c); }
// Lankarani–Nikravesh: z = 3(1−c²)/4 — S000 Table 1; S001 Eq (5.43); S002 Eq (14).
double z_lankarani_nikravesh(double c) { return 0.75 * (1.0 - c * c); }
// Gonthier et al. (approximate): z = (1−c²)/c — S000 Table 1; S001 Eq (5.26).
double z_gonthier(double c) { return (1.0 - c * c) / c; }
// Zhang–Sharf exact: root of z(1+c) + ln[(1−cz)/(1+z)] = 0 — S001 Eq (5.23)–(5.25); Alaci et al. (S004) Eq (30).
double z_exact(double c) { return hunt_crossley_exact_damping(c); }
// Yu: z = d(c)/c with a piecewise cubic d — S001 Eq (5.33)–(5.34).
double z_yu(double c) {
  double d;
  if (c <= 0.25) d = 1.0;
  else if (c <= 0.4) d = ((2.1663 * c - 3.7216) * c + 0.8724) * c + 0.9409;
  else if (c <= 0.6) d = ((1.1664 * c - 2.4893) * c + 0.3625) * c + 1.0117;
  else if (c <= 0.8) d = ((0.5048 * c - 1.3255) * c - 0.3236) * c + 1.1472;
  else d = ((0.2256 * c - 0.6663) * c - 0.8437) * c + 1.2844;
  return d / c;
}
// Zhiying–Qishao: z = 3(1−c²) e^{2(1−c)}/4 — S000 Table 1; S001 Eq (5.56).
double z_zhiying_qishao(double c) { return 0.75 * (1.0 - c * c) * std::exp(2.0 * (1.0 - c)); }
// Gharib–Hurmuzlu: z = 1/c — S000 Table 1; S001 Eq (5.57).
double z_gharib_hurmuzlu(double c) { return 1.0 / c; }
// Flores et al. / Ye et al.: z = 8(1−c)/(5c) — S000 Table 1; S001 Eq (5.61); S002 Eq (16).
double z_flores(double c) { return 8.0 * (1.0 - c) / (5.0 * c); }
// Hu–Guo: z = 3(1−c)/(2c) — S001 Eq (5.63); S002 Eq (15).
double z_hu_guo(double c) { return 1.5 * (1.0 - c) / c; }
// Zhang et al. 2020: z = 249(1−c)/(6+160c) — S001 Eq (5.64).
double z_zhang_2020(double c) { return 249.0 * (1.0 - c) / (6.0 + 160.0 * c); }
// Safaei-far–Farshidianfar: z = 5(1−c)/(4c) — S001 Eq (5.66).
double z_safaeifar_farshidianfar(double c) { return 1.25 * (1.0 - c) / c; }

template <double (*NormalisedDamping)(double)>
void prepare(double* parameters) {
  parameters[kDampingSlot] = NormalisedDamping(parameters[0]);
}

ContactForce force(const ContactInput& in, const double* parameters, const double*) {
  if (in.indentation <= 0.0) return {};
  const double z = parameters[kDampingSlot];
  const double elastic = in.stiffness * std::pow(in.indentation, in.exponent);
  const double damping_factor = 1.0 + z * in.normal_velocity / in.impact_velocity;
  return {elastic * damping_factor, in.exponent * elastic / in.indentation * damping_factor,
          elastic * z / in.impact_velocity};
}

double potential(const ContactInput& in, const double*, const double*) {
  if (in.indentation <= 0.0) return 0.0;
  return in.stiffness * std::pow(in.indentation, in.exponent + 1.0) / (in.exponent + 1.0);
}

constexpr std::string_view kNoAliases[] = {""};
constexpr std::string_view kHuntCrossleyAliases[] = {"marhefka_orin"};
constexpr std::string_view kExactAliases[] = {"khatiwada", "alaci_exact"};
constexpr std::string_view kFloresAliases[] = {"ye"};

LawInfo member(std::string_view id, std::span<const std::string_view> aliases, std::string_view formula,
               std::string_view source, PrepareFunction prepare_damping, double accurate_min,
               double accurate_max = 1.0) {
  LawInfo law;
  law.id = id;
  law.aliases = aliases.front().empty() ? std::span<const std::string_view>{} : aliases;
  law.family = "hunt_crossley";
  law.formula = formula;
  law.source = source;
  law.parameters = kTargetRestitution;
  law.needs = kNeedsImpactVelocity;
  law.accurate_restitution_min = accurate_min;
  law.accurate_restitution_max = accurate_max;
  law.force = force;
  law.prepare = prepare_damping;
  law.potential = potential;
  return law;
}

}  // namespace

void append_hunt_crossley_family(std::vector<LawInfo>& laws) {
  // Accurate ranges: |c_out − c_r| ≤ 0.01 from the exact c_out(z) (models.md §1; tests/models check them).
  laws.push_back(member("hunt_crossley", kHuntCrossleyAliases, "F = K δ^n [1 + 3(1−c)/2 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.12); Poursina–Nikravesh (S002) Eq (13)",
                        prepare<z_hunt_crossley>, 0.895));
  laws.push_back(member("herbert_mcwhannell", kNoAliases, "F = K δ^n [1 + 6(1−c)/((2c−1)²+3) · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.19)",
                        prepare<z_herbert_mcwhannell>, 0.774));
  laws.push_back(member("lee_wang", kNoAliases, "F = K δ^n [1 + 3(1−c)/4 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.35)", prepare<z_lee_wang>, 0.981));
  laws.push_back(member("lankarani_nikravesh", kNoAliases, "F = K δ^n [1 + 3(1−c²)/4 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.43); Poursina–Nikravesh (S002) Eq (14)",
                        prepare<z_lankarani_nikravesh>, 0.914));
  laws.push_back(member("gonthier", kNoAliases, "F = K δ^n [1 + (1−c²)/c · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.26)", prepare<z_gonthier>, 0.967));
  laws.push_back(member("zhang_sharf_exact", kExactAliases,
                        "F = K δ^n (1 + z δ̇/δ̇⁻), z: root of z(1+c) + ln[(1−cz)/(1+z)] = 0",
                        "Corral et al. (S001) Eq (5.23)–(5.25), (5.31); Poursina–Nikravesh (S002) Eq (18)–(19); "
                        "Alaci et al. (S004) Eq (30)",
                        prepare<z_exact>, 0.0));
  laws.push_back(member("yu", kNoAliases, "F = K δ^n [1 + d(c)/c · δ̇/δ̇⁻], d piecewise cubic",
                        "Corral et al. (S001) Eq (5.33)–(5.34)", prepare<z_yu>, 0.0));
  laws.push_back(member("zhiying_qishao", kNoAliases, "F = K δ^n [1 + 3(1−c²)e^{2(1−c)}/4 · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.56)", prepare<z_zhiying_qishao>,
                        0.830));
  laws.push_back(member("gharib_hurmuzlu", kNoAliases, "F = K δ^n [1 + (1/c) · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.57)", prepare<z_gharib_hurmuzlu>,
                        0.0, 0.258));
  laws.push_back(member("flores", kFloresAliases, "F = K δ^n [1 + 8(1−c)/(5c) · δ̇/δ̇⁻]",
                        "Alves et al. (S000) Table 1; Corral et al. (S001) Eq (5.61); Poursina–Nikravesh (S002) Eq (16)",
                        prepare<z_flores>, 0.828));
  laws.push_back(member("hu_guo", kNoAliases, "F = K δ^n [1 + 3(1−c)/(2c) · δ̇/δ̇⁻]",
                        "Corral et al. (S001) Eq (5.63); Poursina–Nikravesh (S002) Eq (15)", prepare<z_hu_guo>, 0.534));
  laws.push_back(member("zhang_2020", kNoAliases, "F = K δ^n [1 + 249(1−c)/(6+160c) · δ̇/δ̇⁻]",
                        "Corral et al. (S001) Eq (5.64)", prepare<z_zhang_2020>, 0.317));
  laws.push_back(member("safaeifar_farshidianfar", kNoAliases, "F = K δ^n [1 + 5(1−c)/(4c) · δ̇/δ̇⁻]",
                        "Corral et al. (S001) Eq (5.66)", prepare<z_safaeifar_farshidianfar>, 0.937));
}

}  // namespace contactlab
