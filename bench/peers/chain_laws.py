"""The contact laws of the horizontal chain's SciPy peer (granular_chain.py --law NAME), written from their papers'
formulas as a researcher writes them, with the parameters scenes/granular_chain_horizontal.yaml gives contactlab:
steel beads (E = 193 GPa, ν = 0.3, R = 2.38 mm, 0.45 g), restitution 0.70 from the material, the scene's `laws`
entries, and the reduced mass m/2 (`mass: reduced`).

Two kinds:
- wang_kv_granular, the scene's own law (Wang et al. S003 Eq (25)): Hertz with a δ^¼ dashpot up to the yield
  indentation, linear with a linear dashpot beyond. Its constants depend on the materials and the mass only, so
  the force is a function of (δ, δ̇) and needs no onset data.
- the Hunt–Crossley family F = K δ^n (1 + z δ̇/δ̇⁻): every law of the registry of that form. z follows from the
  restitution (or, for wang_yield, from the yield strengths and δ̇⁻), and δ̇⁻ is each pair's approach speed at its
  onset, so the solve stops at every onset to record it (and at every separation, after which the next onset
  records a new one).
"""
import math

from scipy.optimize import brentq

R, M, E, NU = 2.38e-3, 0.45e-3, 193e9, 0.3
E_STAR = E / (2.0 * (1.0 - NU * NU))  # two equal spheres
R_STAR = R / 2.0
K_HERTZ = 4.0 / 3.0 * E_STAR * math.sqrt(R_STAR)
M_REDUCED = M / 2.0
RESTITUTION = 0.70  # the material's restitution: plastic_restitution
YIELD_STRENGTH = 940e6  # [Pa], both beads
TOUCH_TOLERANCE = 1e-9 * R  # [m]: contactlab's touch tolerance, checks.overlap_tolerance 1e-9 × the bead's size R
IMPACT_VELOCITY_FLOOR = 1e-4  # [m/s]: contactlab's default floor of δ̇⁻ for laws normalised by it


def exact_z(c):
    """Zhang–Sharf: the root z of z(1 + c) + ln[(1 − cz)/(1 + z)] = 0 (S001 Eq (5.23)–(5.25)), between (1 − c)/2
    (the function is positive there: z²(1 − c²)/2 + O(z³), and the root is near 3(1 − c)/2 for c near 1) and 1/c."""
    return brentq(lambda z: z * (1.0 + c) + math.log((1.0 - c * z) / (1.0 + z)), 0.5 * (1.0 - c), (1.0 - 1e-15) / c,
                  xtol=1e-15, rtol=1e-15)


def yu_z(c):
    """Yu: z = d(c)/c, d piecewise cubic (S001 Eq (5.33)–(5.34))."""
    if c <= 0.25:
        d = 1.0
    elif c <= 0.4:
        d = ((2.1663 * c - 3.7216) * c + 0.8724) * c + 0.9409
    elif c <= 0.6:
        d = ((1.1664 * c - 2.4893) * c + 0.3625) * c + 1.0117
    elif c <= 0.8:
        d = ((0.5048 * c - 1.3255) * c - 0.3236) * c + 1.1472
    else:
        d = ((0.2256 * c - 0.6663) * c - 0.8437) * c + 1.2844
    return d / c


def zhiying_qishao_z(c):
    return 0.75 * (1.0 - c * c) * math.exp(2.0 * (1.0 - c))


# z(c) of each member whose damping follows from a target restitution (Alves et al. S000 Table 1; Corral et al.
# S001 §5).
Z_OF_RESTITUTION = {
    "hunt_crossley": lambda c: 1.5 * (1.0 - c),
    "herbert_mcwhannell": lambda c: 6.0 * (1.0 - c) / ((2.0 * c - 1.0) ** 2 + 3.0),
    "lee_wang": lambda c: 0.75 * (1.0 - c),
    "lankarani_nikravesh": lambda c: 0.75 * (1.0 - c * c),
    "gonthier": lambda c: (1.0 - c * c) / c,
    "zhang_sharf_exact": exact_z,
    "yu": yu_z,
    "zhiying_qishao": zhiying_qishao_z,
    "gharib_hurmuzlu": lambda c: 1.0 / c,
    "flores": lambda c: 8.0 * (1.0 - c) / (5.0 * c),
    "hu_guo": lambda c: 1.5 * (1.0 - c) / c,
    "zhang_2020": lambda c: 249.0 * (1.0 - c) / (6.0 + 160.0 * c),
    "safaeifar_farshidianfar": lambda c: 1.25 * (1.0 - c) / c,
}
# wang_yield (S001 Eq (5.58)–(5.60)): c* = 1 − 0.26 K* δ̇⁻^{1/3}, K* = σ1/σ2 = 1 for two beads of one steel.
WANG_YIELD_SLOPE = 0.26 * 1.0
# luo_nahon (S001 Eq (5.27)–(5.30)): linear k_v = γπE*A0/s′_max with the scene's A0 and s′_max, γ = 1; exact z.
LUO_NAHON_STIFFNESS = math.pi * E_STAR * 3.94e-08 / 0.00119

HUNT_CROSSLEY_FAMILY = list(Z_OF_RESTITUTION) + ["wang_yield", "luo_nahon"]
LAWS = ["hertz", "wang_kv_granular"] + HUNT_CROSSLEY_FAMILY


def family_member(law):
    """(K, n, z(δ̇⁻)) of a Hunt–Crossley member: F = K δ^n (1 + z δ̇/δ̇⁻)."""
    if law == "wang_yield":
        def z_of(impact_velocity):
            c = min(max(1.0 - WANG_YIELD_SLOPE * impact_velocity ** (1.0 / 3.0), 0.0), 1.0)
            return zhiying_qishao_z(c)
        return K_HERTZ, 1.5, z_of
    if law == "luo_nahon":
        z = exact_z(RESTITUTION)
        return LUO_NAHON_STIFFNESS, 1.0, lambda impact_velocity: z
    z = Z_OF_RESTITUTION[law](RESTITUTION)
    return K_HERTZ, 1.5, lambda impact_velocity: z


def wang_kv_constants(elastic_restitution=0.89, plastic_restitution=0.70, yield_strength=YIELD_STRENGTH,
                      hardness_ratio=2.84, epsilon=13.0):
    """The constants of wang_kv_granular for a bead pair: the Ma–Liu loading curve (S003 Eq (1)–(2)), K_p of Eq (12),
    the loss factors g2 (Eq (23), corrected: models.md erratum 24) and g1 (Eq (11)), with M = m/2."""
    p_y = 1.61 * yield_strength
    log_half_eps2 = math.log(0.5 * epsilon * epsilon)
    k_h = K_HERTZ
    d_y = R_STAR * (math.pi * p_y / (2.0 * E_STAR)) ** 2
    f_y = math.pi ** 3 * R_STAR ** 2 * p_y ** 3 / (6.0 * E_STAR ** 2)
    d_p = 0.5 * epsilon * epsilon * d_y
    c1 = (p_y * (1.0 + log_half_eps2) - 2.0 * hardness_ratio * yield_strength) / log_half_eps2 * math.pi * R_STAR
    c2 = (2.0 * hardness_ratio * yield_strength - p_y) / log_half_eps2 * math.pi * R_STAR
    c3 = f_y - c1 * d_y
    f_p = d_p * (c1 + c2 * log_half_eps2) + c3
    k_p = (f_p - f_y) / (d_p - d_y)
    c = elastic_restitution
    g2 = 9.0 * math.sqrt(5.0) * (1.0 - c * c) / (c * ((9.0 * math.pi - 16.0) * c + 16.0))
    log_cp = math.log(plastic_restitution)
    g1 = 2.0 * abs(log_cp) / math.sqrt(math.pi ** 2 + log_cp ** 2)
    return {"hertz_stiffness": k_h, "yield_indentation": d_y, "plastic_stiffness": k_p,
            "elastic_damping": g2 * math.sqrt(k_h * M_REDUCED), "plastic_damping": g1 * math.sqrt(k_p * M_REDUCED)}


if __name__ == "__main__":
    print(*[law for law in LAWS if law != "hertz"])  # the damped laws, for scripts/bench.sh
