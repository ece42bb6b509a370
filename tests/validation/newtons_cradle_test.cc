// SPDX-License-Identifier: MIT
// The touching Newton's cradle (scenes/newtons_cradle.yaml) against an independent solution computed at test time:
// tests/validation/newtons_cradle_reference.py integrates the same N pendulums with Hertz forces between neighbours
// from scratch with SciPy (DOP853, rtol 1e-12, restarted at every onset and separation), and prints its numbers;
// nothing here is typed in from an earlier run.
//
// Compared, for N = 5 with 1 and 2 strikers and N = 7 with 3 (the middle ball is struck and strikes at once):
//  - the first impact's onset: the strikers' descent time from rest at θ₀, K(k)/ω_p (elliptic integral, closed
//    form in the script; 0.160 129 s). Tolerance 1e-10 s; measured ≤ 6e-13 s.
//  - when each pair's contact ends (each pair touches once: N − 1 contacts). Tolerance 1e-10 s, 1e-6 of the
//    ~0.1 ms contacts: the contact times scale as K^(−2/5), so this sees K off by a few 1e-6, which the velocity
//    ratios cannot (they do not depend on K). Measured ≤ 6e-13 s.
//  - every ball's velocity L q̇ at the end of the run (10 ms after the impacts, free swing since), against the
//    script's at the same time. Tolerance 1e-6 of the impact speed v₀ = 0.343 m/s. Both solve the same equations
//    with located events; the script's own error, measured as the change of these velocities between rtol 1e-10
//    and 1e-12, is ≤ 6e-9 v₀ (required below 1e-7 v₀, a tenth of the tolerance), and contactlab at the scene's
//    rtol 1e-10 agrees with it to ≤ 4e-9 v₀. 1e-6 v₀ leaves a factor 250 for other compilers and
//    platforms while still seeing the physics that the velocities carry: gravity and the strings act on them by
//    up to ~1e-5 v₀ during the impacts and by ~5e-3 over the 10 ms swing, and v₀ itself depends on the balls' rotary
//    inertia (2/5 R²) at 2e-3.
// The script also checks itself against the 1-D chain of free Hertz balls, whose v_k/v₀ are pure numbers: the
// pendulums must agree with it within the gravity-and-arc bound 2(g t²/L + (v₀ t/L)²) over the contact time t
// (8e-6 to 2e-5; measured ≤ 2.2e-6), else it exits 1.
// And a closed form that needs no reference: two balls exchange their velocities, so the struck ball of a two-ball
// cradle swings up to the release angle (its energy equals the striker's at release within 1e-6).
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numbers>
#include <stdexcept>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <sys/wait.h>

#include <gtest/gtest.h>

#include "scene_run.h"

namespace contactlab::validation {
namespace {

constexpr char kCradle[] = "newtons_cradle.yaml";

// An interpreter that imports numpy and scipy: $CONTACTLAB_PYTHON, else python3 on PATH, else /usr/bin/python3
// (a python3 earlier on PATH, a venv say, often lacks Debian's python3-scipy). Empty if none.
std::string find_python() {
  std::vector<std::string> candidates = {"python3", "/usr/bin/python3"};
  if (const char* chosen = std::getenv("CONTACTLAB_PYTHON"); chosen != nullptr && *chosen != '\0') {
    candidates.insert(candidates.begin(), chosen);
  }
  for (const std::string& python : candidates) {
    const std::string command = "'" + python + "' -c 'import numpy, scipy' >/dev/null 2>&1";
    if (std::system(command.c_str()) == 0) return python;
  }
  return "";
}

std::string number(double x) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.17g", x);
  return text.data();
}

// The reference's output: each line `name value …`.
struct Reference {
  int exit_code = -1;
  std::string text;
  std::map<std::string, std::vector<double>> values;

  double at(const std::string& name) const { return list(name).at(0); }
  const std::vector<double>& list(const std::string& name) const {
    auto found = values.find(name);
    if (found == values.end()) throw std::runtime_error("the reference printed no " + name + ":\n" + text);
    return found->second;
  }
};

// Runs the reference for the scene's values (radius, length, angle, materials, gravity, gap), reporting the
// velocities at `time` after the release.
Reference run_reference(const Scene& scene, double time) {
  Reference reference;
  const std::string python = find_python();
  if (python.empty()) {
    ADD_FAILURE() << "no python3 with numpy and scipy (Debian: python3-scipy, installed by scripts/install-deps.sh; "
                     "or point CONTACTLAB_PYTHON at one)";
    return reference;
  }
  const auto& v = scene.variables;
  std::string command = "'" + python + "' '" + CONTACTLAB_SOURCE_DIR + "/tests/validation/newtons_cradle_reference.py'";
  const std::vector<std::pair<const char*, std::string>> arguments = {
      {"--count", number(v.at("count"))},
      {"--strikers", number(v.at("strikers"))},
      {"--radius", number(v.at("radius"))},
      {"--length", number(v.at("length"))},
      {"--release-angle", number(v.at("release_angle"))},
      {"--gap", number(v.at("gap"))},
      {"--youngs-modulus", number(v.at("youngs_modulus"))},
      {"--poisson-ratio", number(v.at("poisson_ratio"))},
      {"--density", number(v.at("density"))},
      {"--g", number(v.at("g"))},
      {"--time", number(time)},
  };
  for (const auto& [flag, value] : arguments) command += std::string(" ") + flag + " " + value;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) {
    ADD_FAILURE() << "cannot run " << command;
    return reference;
  }
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) reference.text += buffer.data();
  const int status = ::pclose(pipe);
  reference.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::istringstream lines(reference.text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name;
    fields >> name;
    std::vector<double>& values = reference.values[name];
    for (std::string field; fields >> field;) values.push_back(std::stod(field));
  }
  return reference;
}

std::vector<std::pair<std::string, std::string>> cradle(int count, int strikers) {
  return {{"count", std::to_string(count)}, {"strikers", std::to_string(strikers)}};
}

class ValidationNewtonsCradle : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(ValidationNewtonsCradle, MatchesTheIndependentSciPySolution) {
  const auto [count, strikers] = GetParam();
  const SceneRun run = run_scene(kCradle, "", cradle(count, strikers));
  ASSERT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  EXPECT_LT(run.relative_energy_error(), 1e-6);  // elastic: the energy balance holds to the integration error
  const Reference reference = run_reference(run.scene, run.final_state.time);
  ASSERT_EQ(reference.exit_code, 0) << reference.text;  // non-zero: the pendulums left the 1-D chain's bound
  SCOPED_TRACE(reference.text);

  const double v0 = reference.at("impact_speed");
  EXPECT_LT(reference.at("rtol_change"), 1e-7);  // the reference's own error: a tenth of the tolerance below at most
  EXPECT_LE(reference.at("chain_deviation"), reference.at("chain_bound"));

  // One contact per pair, none open at the end, the first one the strikers' at the end of their descent.
  EXPECT_EQ(run.result.impacts.size(), static_cast<std::size_t>(reference.at("contacts")));
  EXPECT_EQ(run.result.impacts.size(), static_cast<std::size_t>(count - 1));
  ASSERT_FALSE(run.result.impacts.empty());
  const ImpactRecord& first = run.result.impacts.front();
  EXPECT_EQ(first.pair, "ball_" + std::to_string(strikers - 1) + "/ball_" + std::to_string(strikers));
  EXPECT_NEAR(first.t_start, reference.at("first_contact_time"), 1e-10);
  const std::vector<double>& separations = reference.list("separation_times");
  for (const ImpactRecord& impact : run.result.impacts) {
    SCOPED_TRACE(impact.pair);
    EXPECT_FALSE(impact.open);
    const int k = impact.shape_a;  // shape k is ball_k's sphere; pairs are neighbours k, k + 1
    EXPECT_EQ(impact.shape_b, k + 1);
    if (impact.shape_b != k + 1 || k < 0 || k >= count - 1) continue;
    EXPECT_NEAR(impact.t_end, separations[static_cast<std::size_t>(k)], 1e-10);
  }

  // Every ball's velocity along its arc, L q̇.
  const double length = run.scene.variables.at("length");
  const std::vector<double>& velocities = reference.list("velocities");
  ASSERT_EQ(velocities.size(), static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) {
    const int v_index = run.scene.model.bodies[static_cast<std::size_t>(k + 1)].joint.v_index;
    const double ours = length * run.final_state.v[v_index];
    EXPECT_NEAR(ours / v0, velocities[static_cast<std::size_t>(k)] / v0, 1e-6) << "ball_" << k;
  }
}

INSTANTIATE_TEST_SUITE_P(Strikers, ValidationNewtonsCradle,
                         ::testing::Values(std::pair{5, 1}, std::pair{5, 2}, std::pair{7, 3}),
                         [](const auto& info) {
                           return std::to_string(info.param.first) + "Balls" + std::to_string(info.param.second) +
                                  "Strikers";
                         });

// A closed form: two equal balls exchange their velocities in an elastic impact (momentum and energy), whatever the
// contact law, so the struck ball takes all of the striker's energy m g L (1 − cos θ₀) and swings up to θ₀.
// What gravity and the arcs do during the 74 µs contact leaves ~1e-7 of it with the striker (the reference: at the
// separation the striker is left at −1.3e-7 v₀, displaced by 1.3e-4 rad, which holds 1.3e-7 of the energy); 1e-6
// bounds that. Measured: E/E₀ − 1 = −1.35e-7.
TEST(ValidationNewtonsCradleTwoBalls, TheStruckBallRisesToTheReleaseAngle) {
  const SceneRun run = run_scene(kCradle, "", cradle(2, 1));
  ASSERT_EQ(run.result.status, SimulationStatus::kCompleted) << run.result.message;
  ASSERT_EQ(run.result.impacts.size(), 1u);
  const auto& v = run.scene.variables;
  const double g = v.at("g"), length = v.at("length"), theta0 = v.at("release_angle");
  const Body& ball = run.scene.model.bodies[2];
  // Pendulum about its pivot: I = I_com about the axis + m d² (the centre of mass at distance L from the axis).
  const Vec3 axis = ball.joint.axis;
  const double inertia = axis.dot(ball.inertia * axis) + ball.mass * axis.cross(ball.com).squaredNorm();
  EXPECT_NEAR(ball.mass, v.at("density") * 4.0 / 3.0 * std::numbers::pi * std::pow(v.at("radius"), 3), 1e-15);
  EXPECT_NEAR(inertia, ball.mass * (length * length + 0.4 * std::pow(v.at("radius"), 2)), 1e-15);
  const double q = run.final_state.q[ball.joint.q_index], w = run.final_state.v[ball.joint.v_index];
  const double energy = 0.5 * inertia * w * w + ball.mass * g * length * (1.0 - std::cos(q));
  const double released = ball.mass * g * length * (1.0 - std::cos(theta0));
  EXPECT_NEAR(energy / released, 1.0, 1e-6);
}

}  // namespace
}  // namespace contactlab::validation
