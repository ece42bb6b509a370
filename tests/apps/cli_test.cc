// SPDX-License-Identifier: MIT
// The runner's contract (docs/output.md): files and keys of `contactlab run`, exit codes, no partial output
// on bad input, deterministic output.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>
#include <csignal>
#include <thread>
#include <algorithm>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/apps/cli_support.h"
#include "tests/apps/scratch_directory.h"

namespace {

namespace fs = std::filesystem;
using contactlab::test::kContactlab;
using contactlab::test::without_wall_time;

int run(const std::string& arguments, const fs::path& log) { return contactlab::test::run_contactlab(arguments, log); }
std::string read(const fs::path& path) { return contactlab::test::read_file(path); }

const std::string kScenes = std::string(CONTACTLAB_SOURCE_DIR) + "/scenes/";




class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = contactlab::test::fresh_test_directory("contactlab_cli_test");
  }
  void TearDown() override { fs::remove_all(directory_); }
  fs::path directory_;
};

TEST_F(Cli, RunWritesTheOutputContract) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + out.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const std::string summary = read(out / "summary.json");
  for (const char* key : {"\"scene\": \"bouncing_ball\"", "\"model\": \"flores\"", "\"integrator\"", "\"method\"",
                          "\"relative_tolerance\"", "\"steps\"", "\"rhs_evaluations\"", "\"wall_time_s\"", "\"impacts\"",
                          "\"pair\"", "\"t_start\"", "\"t_end\"", "\"impact_velocity\"", "\"separation_velocity\"",
                          "\"restitution\"", "\"max_indentation\"", "\"max_force\"", "\"dissipated_energy\""}) {
    EXPECT_NE(summary.find(key), std::string::npos) << key;
  }
  const std::string impacts = read(out / "impacts.csv");
  EXPECT_EQ(impacts.rfind("pair,point,t_start,t_end,", 0), 0u);
  // Four bounces in 3 s (models.md §5.5 set-up; flight times shrink by the restitution 0.894 each bounce).
  EXPECT_EQ(std::count(impacts.begin(), impacts.end(), '\n'), 5);
  const std::string timeseries = read(out / "timeseries.csv");
  EXPECT_EQ(timeseries.rfind("time,q_ball,v_ball,kinetic_energy", 0), 0u);
  EXPECT_NE(timeseries.find("ground/ball.indentation,ground/ball.normal_velocity,ground/ball.force"), std::string::npos);
  // The per-impact table on stdout.
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("restitution"), std::string::npos);
  EXPECT_NE(log.find("ground/ball"), std::string::npos);
  // No temporary file is left behind.
  for (const auto& entry : fs::directory_iterator(out)) {
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << entry.path();
  }
}

TEST_F(Cli, BadSceneExitsTwoAndWritesNothing) {
  const fs::path scene = directory_ / "bad.yaml";
  std::ofstream(scene) << read(kScenes + "bouncing_ball.yaml") + "\nduraton: 2\n";
  const fs::path out = directory_ / "out";
  EXPECT_EQ(run("run " + scene.string() + " --out " + out.string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(out));
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("bad.yaml:"), std::string::npos) << log;
  EXPECT_NE(log.find("did you mean 'duration'?"), std::string::npos) << log;
}

// output.format (docs/output.md): hdf5 writes results.h5 and summary.json instead of the CSV files, as --format hdf5
// does for a scene that says csv; an unknown format is bad input at its key, and --plot (which reads the CSV files)
// is refused with hdf5 before anything runs.
TEST_F(Cli, OutputFormatChoosesTheFiles) {
  const std::string ball = read(kScenes + "bouncing_ball.yaml");
  // The scene's output block with a format added.
  auto with_format = [&](const std::string& format) {
    std::string text = ball;
    const std::size_t output = text.find("\noutput:\n");
    return text.insert(output + 9, "  format: " + format + "\n");
  };
  const fs::path scene = directory_ / "hdf5.yaml";
  std::ofstream(scene) << with_format("hdf5");
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + scene.string() + " --out " + out.string(), directory_ / "log"), 0) << read(directory_ / "log");
  EXPECT_TRUE(fs::exists(out / "results.h5"));
  EXPECT_TRUE(fs::exists(out / "summary.json"));
  EXPECT_FALSE(fs::exists(out / "timeseries.csv"));
  EXPECT_FALSE(fs::exists(out / "impacts.csv"));
  const fs::path by_option = directory_ / "by_option";
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --format hdf5 --out " + by_option.string(), directory_ / "log"), 0);
  EXPECT_TRUE(fs::exists(by_option / "results.h5"));
  EXPECT_FALSE(fs::exists(by_option / "contacts.csv"));

  const fs::path bad = directory_ / "bad.yaml";
  std::ofstream(bad) << with_format("netcdf");
  const fs::path nothing = directory_ / "nothing";
  EXPECT_EQ(run("run " + bad.string() + " --out " + nothing.string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(nothing));
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("bad.yaml:"), std::string::npos) << log;
  EXPECT_NE(log.find("output.format: expected csv or hdf5, found netcdf"), std::string::npos) << log;
  EXPECT_EQ(run("run " + scene.string() + " --plot --out " + nothing.string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(nothing));
}

// A scene's measures (docs/scenes.md "Measures"): in summary.json and on stdout for `run`, one column each in
// comparison.csv and a table in comparison.md for `compare`; a measure of a column the scene does not have is bad
// input for every command, at its line and column, and nothing is written.
TEST_F(Cli, MeasuresAreReportedAndBadOnesExitTwo) {
  const std::string ball = read(kScenes + "bouncing_ball.yaml");
  const fs::path scene = directory_ / "measured.yaml";
  std::ofstream(scene) << ball + "measures:\n  bounces: {of: impacts, reduce: count}\n"
                                 "  peak_acceleration: {of: a_ball, reduce: max}\n";
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + scene.string() + " --out " + out.string(), directory_ / "log"), 0) << read(directory_ / "log");
  const std::string summary = read(out / "summary.json");
  // Four bounces (RunWritesTheOutputContract); the count is an integer, the acceleration has its unit.
  EXPECT_NE(summary.find("\"measures\": {\n    \"bounces\": {\n      \"value\": 4\n    },"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"unit\": \"m/s^2\""), std::string::npos) << summary;
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("measures:\n  bounces           = 4\n  peak_acceleration = "), std::string::npos) << log;
  // A scene without measures has no "measures" member.
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + (directory_ / "plain").string(), directory_ / "log"), 0);
  EXPECT_EQ(read(directory_ / "plain" / "summary.json").find("\"measures\""), std::string::npos);

  ASSERT_EQ(run("compare " + scene.string() + " --models flores,hertz --out " + (directory_ / "compare").string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const std::string csv = read(directory_ / "compare" / "comparison.csv");
  EXPECT_NE(csv.find(",measure.bounces,measure.peak_acceleration\n"), std::string::npos) << csv;
  EXPECT_NE(read(directory_ / "compare" / "comparison.md").find("## Measures"), std::string::npos);

  const fs::path bad = directory_ / "bad.yaml";
  std::ofstream(bad) << ball + "measures:\n  moment: {of: drive_ball, reduce: rms}\n";
  const int line = static_cast<int>(std::count(ball.begin(), ball.end(), '\n')) + 2;
  const std::string where = "bad.yaml:" + std::to_string(line) + ":16: measures.moment.of: the scene has no driven joint";
  for (const auto& [command, options] : {std::pair<std::string, std::string>{"run", ""}, {"compare", "--models hertz"},
                                         {"sweep", "--vary restitution=0.5,0.6"}}) {
    const fs::path target = directory_ / "bad_out";
    EXPECT_EQ(run(command + " " + bad.string() + " " + options + " --out " + target.string(), directory_ / "log"), 2) << command;
    EXPECT_NE(read(directory_ / "log").find(where), std::string::npos) << command << "\n" << read(directory_ / "log");
    EXPECT_FALSE(fs::exists(target)) << command;
  }
}

TEST_F(Cli, UnknownModelAndBadSetExitTwo) {
  EXPECT_EQ(run("run " + kScenes + "bouncing_ball.yaml --model florez --out " + (directory_ / "a").string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("did you mean 'flores'?"), std::string::npos);
  EXPECT_EQ(run("run " + kScenes + "bouncing_ball.yaml --set nonsense --out " + (directory_ / "b").string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(directory_ / "a"));
  EXPECT_FALSE(fs::exists(directory_ / "b"));
}

// The JSON outputs are written by a JSON library: they parse, whatever text they carry.
// A joint with clearance: summary.json lists it with its pairs and clearance, timeseries.csv has the journal's place
// in its bearing (centred at the start), and a journal as large as its bearing is bad input at its key.
TEST_F(Cli, ClearanceJointsAreRecordedAndNonsenseIsRefused) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "four_bar_clearance.yaml --set duration=0.002 --out " + out.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const nlohmann::json joint = nlohmann::json::parse(read(out / "summary.json")).at("clearances").at(0);
  EXPECT_EQ(joint.at("name"), "pin_b");
  EXPECT_EQ(joint.at("type"), "revolute");
  EXPECT_EQ(joint.at("body_a"), "coupler");
  EXPECT_EQ(joint.at("body_b"), "rocker");
  EXPECT_DOUBLE_EQ(joint.at("clearance").get<double>(), 1e-4);
  EXPECT_EQ(joint.at("pairs"), nlohmann::json::array({"pin_b_journal/pin_b_bearing"}));
  const std::string timeseries = read(out / "timeseries.csv");
  const std::string header = timeseries.substr(0, timeseries.find('\n'));
  EXPECT_NE(header.find(",pin_b.x,pin_b.y,pin_b.angle,"), std::string::npos) << header;
  EXPECT_EQ(run("run " + kScenes + "four_bar_clearance.yaml --set clearance=bearing --out " + (directory_ / "bad").string(),
                directory_ / "bad.log"),
            2);
  EXPECT_NE(read(directory_ / "bad.log").find("clearances[0].clearance: --set clearance=bearing: the clearance (0.005 m) leaves no journal"),
            std::string::npos)
      << read(directory_ / "bad.log");
  EXPECT_FALSE(fs::exists(directory_ / "bad"));
}

TEST_F(Cli, JsonOutputsParse) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + out.string(), directory_ / "log"), 0);
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_EQ(summary.at("scene"), "bouncing_ball");
  EXPECT_EQ(summary.at("impacts").size(), 4u);
  ASSERT_EQ(run("models --json", directory_ / "models.json"), 0);
  EXPECT_GT(nlohmann::json::parse(read(directory_ / "models.json")).size(), 20u);
  ASSERT_EQ(run("models flores --json", directory_ / "flores.json"), 0);
  const nlohmann::json flores = nlohmann::json::parse(read(directory_ / "flores.json"));
  EXPECT_EQ(flores.at("id"), "flores");
  EXPECT_EQ(flores.at("peak_at_max_indentation"), false) << "a damped law's force peaks before δ does";
  ASSERT_EQ(run("models thornton --json", directory_ / "thornton.json"), 0);
  EXPECT_EQ(nlohmann::json::parse(read(directory_ / "thornton.json")).at("peak_at_max_indentation"), true);
}

// A scene with friction: summary.json names each pair's friction law with its compiled parameters (the coefficient
// set from the command line), the time series and contacts.csv carry the friction force, and a friction law swapped
// in without its parameters is bad input (exit 2) at the parameter it does not have, with nothing written.
TEST_F(Cli, FrictionIsRecordedInTheOutputsAndALawWithoutItsParametersIsRefused) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "rolling_ball.yaml --set friction=0.25 --set duration=0.05 --out " + out.string(),
                directory_ / "log"), 0)
      << read(directory_ / "log");
  const nlohmann::json contact = nlohmann::json::parse(read(out / "summary.json")).at("contacts").at(0);
  EXPECT_EQ(contact.at("friction").at("law"), "coulomb_tanh");
  EXPECT_EQ(contact.at("friction").at("parameters").at("friction"), 0.25);
  EXPECT_NE(read(out / "timeseries.csv").find("ground/ball.friction_x"), std::string::npos);
  EXPECT_EQ(read(out / "contacts.csv").rfind("time,pair,point,indentation,normal_velocity,force,slip_speed,", 0), 0u);
  const fs::path refused = directory_ / "refused";
  EXPECT_EQ(run("run " + kScenes + "rolling_ball.yaml --set contacts.friction.law=coulomb --out " + refused.string(),
                directory_ / "refused.log"), 2);
  EXPECT_NE(read(directory_ / "refused.log").find("contacts.friction.parameters.friction: law 'coulomb' has no parameter"),
            std::string::npos)
      << read(directory_ / "refused.log");
  EXPECT_FALSE(fs::exists(refused));
}

// contacts.csv's relative spin and rolling velocity (ω_B − ω_A about the normal and in the plane): a ball that has
// come to roll at v = 5v₀/7 (rolling_ball, v₀ = 1 m/s, r = 50 mm) rolls at v/r = 14.2857 rad/s about y, to the
// tanh law's creep (1e-4 m/s over r: 2e-3 rad/s); a ball spinning about the vertical at 20 rad/s on the spot keeps
// its spin (a point contact has no torsional friction), all of it about the normal.
TEST_F(Cli, ContactsRecordTheRelativeSpinAndRollingVelocity) {
  auto last_row = [&](const fs::path& directory) {
    const auto rows = contactlab::test::csv_rows(directory / "contacts.csv");
    return rows.back();
  };
  const fs::path rolling = directory_ / "rolling";
  ASSERT_EQ(run("run " + kScenes + "rolling_ball.yaml --out " + rolling.string(), directory_ / "log"), 0);
  const auto rolls = last_row(rolling);
  EXPECT_NEAR(std::stod(rolls.at("rolling_y")), 5.0 / 7.0 / 0.05, 2e-3);
  EXPECT_NEAR(std::stod(rolls.at("rolling_x")), 0.0, 1e-9);
  EXPECT_NEAR(std::stod(rolls.at("spin")), 0.0, 1e-9);
  const fs::path spinning = directory_ / "spinning";
  ASSERT_EQ(run("run " + kScenes + "rolling_ball.yaml --set speed=0 --set 'bodies.ball.initial.angular_velocity=[0, 0, 20]' " +
                    "--set duration=0.05 --out " + spinning.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  const auto spins = last_row(spinning);
  EXPECT_NEAR(std::stod(spins.at("spin")), 20.0, 1e-9);
  EXPECT_NEAR(std::stod(spins.at("rolling_x")), 0.0, 1e-9);
  EXPECT_NEAR(std::stod(spins.at("rolling_y")), 0.0, 1e-9);
}

// contacts.csv's slip vector and stick flag on the stick–slip oscillator with exact Coulomb friction (stick_slip.yaml:
// m = 1 kg, k = 2 N/m, v_b = 0.1 m/s, F_s = 1.5 N, F_c = 1 N). Coulomb's closed form: each stick phase lasts
// 2(F_s − F_c)/(k v_b) = 5 s and each slip phase (π + 2 atan(v_b k/(ω (F_s − F_c))))/ω = 2.6113 s, ω = √(k/m); the
// engine locates both transitions as events, so the phases read from the samples are the closed form's to within one
// output interval (1 ms). While slipping, the friction is μ_k N against the slip (to round-off); while sticking, the
// slip is round-off and the holding force at most μ_s N. Karnopp's band law is held exactly while it slips slower
// than its band D_v (1e-4 m/s here; the band's edges are events); a bristle law (the scene's LuGre) is never held by
// the engine: its sticking column stays 0.
TEST_F(Cli, ContactsRecordTheSlipAndTheStickPhases) {
  const fs::path out = directory_ / "coulomb";
  ASSERT_EQ(run("run " + kScenes + "stick_slip.yaml --set duration=13 --set 'contacts.friction={law: coulomb, parameters: " +
                    "{static_friction: static_force/weight, kinetic_friction: kinetic_force/weight}}' --out " + out.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_EQ(summary.at("contacts").at(0).at("friction").at("stiction"), "exact");
  EXPECT_EQ(summary.at("stick_speed"), 1e-3);
  const double weight = 0.999 * 9.81;
  const double static_friction = 1.5 / weight;
  const double kinetic_friction = 1.0 / weight;
  const auto rows = contactlab::test::csv_rows(out / "contacts.csv");
  std::vector<double> stick_starts, stick_ends;  // times of the first and last sticking sample of each phase
  bool sticking = false;
  double last_time = 0.0;
  for (const auto& row : rows) {
    const double time = std::stod(row.at("time"));
    const double slip_x = std::stod(row.at("slip_x"));
    const double friction_x = std::stod(row.at("friction_x"));
    const double normal = std::stod(row.at("force"));
    EXPECT_EQ(std::stod(row.at("slip_y")), 0.0);
    EXPECT_EQ(std::stod(row.at("slip_z")), 0.0);
    EXPECT_DOUBLE_EQ(std::stod(row.at("slip_speed")), std::abs(slip_x));
    const bool sticks = row.at("sticking") == "1";
    if (sticks) {
      EXPECT_LT(std::abs(slip_x), 1e-9) << time;
      EXPECT_LE(std::abs(friction_x), static_friction * normal * (1.0 + 1e-9)) << time;
    } else {
      EXPECT_EQ(row.at("sticking"), "0");
      EXPECT_NEAR(std::abs(friction_x), kinetic_friction * normal, 1e-12 * normal) << time;
      if (std::abs(slip_x) > 1e-9) {
        EXPECT_LT(friction_x * slip_x, 0.0) << time;
      }
    }
    if (sticks && !sticking) stick_starts.push_back(time);
    if (!sticks && sticking) stick_ends.push_back(last_time);
    sticking = sticks;
    last_time = time;
  }
  // Sticking from just after the onset to 5 s, slipping, sticking from 7.611 s to 12.611 s, slipping at the end.
  ASSERT_EQ(stick_starts.size(), 2u);
  ASSERT_EQ(stick_ends.size(), 2u);
  const double stick = 2.0 * (1.5 - 1.0) / (2.0 * 0.1);
  const double omega = std::sqrt(2.0 / 1.0);
  const double slip = (std::numbers::pi + 2.0 * std::atan(0.1 * 2.0 / (omega * (1.5 - 1.0)))) / omega;
  for (std::size_t k = 0; k < 2; ++k) EXPECT_NEAR(stick_ends[k] - stick_starts[k], stick, 1e-3) << "stick phase " << k;
  EXPECT_NEAR(stick_starts[1] - stick_ends[0], slip, 1e-3);

  const fs::path karnopp = directory_ / "karnopp";
  ASSERT_EQ(run("run " + kScenes + "stick_slip.yaml --set duration=6 --set 'contacts.friction={law: karnopp, parameters: " +
                    "{static_friction: static_force/weight, kinetic_friction: kinetic_force/weight, band: 1e-4}}' --out " +
                    karnopp.string(),
                directory_ / "log"),
            0)
      << read(directory_ / "log");
  EXPECT_EQ(nlohmann::json::parse(read(karnopp / "summary.json")).at("contacts").at(0).at("friction").at("stiction"), "band");
  int held = 0, slipping = 0;
  for (const auto& row : contactlab::test::csv_rows(karnopp / "contacts.csv")) {
    const double speed = std::stod(row.at("slip_speed"));
    if (std::abs(speed - 1e-4) < 1e-12) continue;  // at a band edge, either side
    EXPECT_EQ(row.at("sticking"), speed < 1e-4 ? "1" : "0") << row.at("time");
    ++(speed < 1e-4 ? held : slipping);
  }
  EXPECT_GT(held, 4000);      // about 5 s at 1 ms
  EXPECT_GT(slipping, 500);   // from 5.03 s on

  const fs::path lugre = directory_ / "lugre";
  ASSERT_EQ(run("run " + kScenes + "stick_slip.yaml --set duration=1 --out " + lugre.string(), directory_ / "log"), 0);
  EXPECT_EQ(nlohmann::json::parse(read(lugre / "summary.json")).at("contacts").at(0).at("friction").at("stiction"), "elastic");
  const auto bristles = contactlab::test::csv_rows(lugre / "contacts.csv");
  ASSERT_FALSE(bristles.empty());
  for (const auto& row : bristles) EXPECT_EQ(row.at("sticking"), "0") << row.at("time");
}

// A scene name is a name: a path or bytes that are not UTF-8 are refused before anything is written.
TEST_F(Cli, SceneNamesThatArePathsOrNotTextAreRefused) {
  fs::remove_all("/tmp/contactlab_escape");  // where both paths below would lead (work is two levels below /tmp)
  for (const std::string name : {"/tmp/contactlab_escape", "../../contactlab_escape", "bad\xff"}) {
    const fs::path scene = directory_ / "bad.yaml";
    std::string text = read(kScenes + "bouncing_ball.yaml");
    text.replace(text.find("scene: bouncing_ball"), 20, "scene: " + (name == "bad\xff" ? std::string("bad\xff") : name));
    std::ofstream(scene) << text;
    const fs::path work = directory_ / "work";
    fs::create_directories(work);
    // The default output directory, results/<name>, relative to the working directory.
    EXPECT_EQ(run("run " + scene.string() + " > /dev/null; cd " + work.string() + " && " + kContactlab + " run " + scene.string(),
                  directory_ / "log"),
              2) << name;
    EXPECT_TRUE(fs::is_empty(work)) << name;
    EXPECT_FALSE(fs::exists("/tmp/contactlab_escape")) << name;
    EXPECT_NE(read(directory_ / "log").find("bad.yaml:8:"), std::string::npos) << read(directory_ / "log");
  }
}

// A short file asking for ten million bodies is refused at once with what it would take (it used to end in
// std::bad_alloc after a minute); an infinite duration is bad input, not a run that never ends.
TEST_F(Cli, OversizedOrEndlessScenesAreRefusedAtOnce) {
  const fs::path scene = directory_ / "big.yaml";
  std::ofstream(scene) << "scene: big\nbodies:\n  - name: bead\n    count: 1e7\n    mass: 1\n    joint: {type: prismatic}\n"
                          "    shapes: [{type: sphere, radius: 0.01, material: steel}]\n"
                          "materials: {steel: {youngs_modulus: 2e11}}\nduration: 1\n";
  const fs::path out = directory_ / "out";
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(run("run " + scene.string() + " --out " + out.string(), directory_ / "log"), 2);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  EXPECT_NE(read(directory_ / "log").find("big.yaml:4:12: bodies[0].count: the scene would need about"), std::string::npos)
      << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(run("run " + kScenes + "bouncing_ball.yaml --set 'impact_speed=1/0' --out " + out.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("--set impact_speed=1/0: division by zero"), std::string::npos) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(out));
}

// A result can be traced and rerun: version, scene file and its SHA-256, overrides, command line, variables.
TEST_F(Cli, SummaryRecordsProvenance) {
  const fs::path out = directory_ / "out";
  const std::string scene = kScenes + "bouncing_ball.yaml";
  ASSERT_EQ(run("run " + scene + " --set restitution=0.8 --model hunt_crossley --out " + out.string(), directory_ / "log"), 0);
  const nlohmann::json provenance = nlohmann::json::parse(read(out / "summary.json")).at("provenance");
  EXPECT_FALSE(provenance.at("contactlab_version").get<std::string>().empty());
  EXPECT_EQ(provenance.at("scene_file"), scene);
  // sha256sum of the file, computed here independently.
  ASSERT_EQ(std::system(("sha256sum " + scene + " | cut -c1-64 > " + (directory_ / "sha").string()).c_str()), 0);
  EXPECT_EQ(provenance.at("scene_sha256").get<std::string>() + "\n", read(directory_ / "sha"));
  EXPECT_EQ(provenance.at("overrides"), nlohmann::json::array({"--model hunt_crossley", "--set restitution=0.8"}));
  EXPECT_NE(provenance.at("command_line").get<std::string>().find("run " + scene + " --set restitution=0.8 --model hunt_crossley --out"),
            std::string::npos);
  EXPECT_EQ(provenance.at("variables").at("restitution"), 0.8);
  EXPECT_EQ(provenance.at("variables").at("impact_speed"), 5.0);
}

TEST_F(Cli, RunsAreDeterministic) {
  for (const char* name : {"one", "two"}) {
    ASSERT_EQ(run("run " + kScenes + "bouncing_ball.yaml --out " + (directory_ / name).string(), directory_ / "log"), 0);
  }
  EXPECT_EQ(without_wall_time(read(directory_ / "one" / "summary.json")),
            without_wall_time(read(directory_ / "two" / "summary.json")));
  EXPECT_EQ(read(directory_ / "one" / "timeseries.csv"), read(directory_ / "two" / "timeseries.csv"));
  EXPECT_EQ(read(directory_ / "one" / "impacts.csv"), read(directory_ / "two" / "impacts.csv"));
}

TEST_F(Cli, CheckAndModels) {
  EXPECT_EQ(run("check " + kScenes + "bouncing_ball.yaml", directory_ / "log"), 0);
  EXPECT_NE(read(directory_ / "log").find("ok"), std::string::npos);
  EXPECT_EQ(run("models", directory_ / "log"), 0);
  EXPECT_NE(read(directory_ / "log").find("zhang_sharf_exact"), std::string::npos);
  EXPECT_EQ(run("models ye", directory_ / "log"), 0);  // an alias shows its law
  EXPECT_NE(read(directory_ / "log").find("flores"), std::string::npos);
  EXPECT_EQ(run("models --json", directory_ / "log"), 0);
  EXPECT_EQ(read(directory_ / "log").front(), '[');
  EXPECT_EQ(run("models no_such_law", directory_ / "log"), 2);
}

// check runs the run's own start (engine check_start): scenes/impact_1dof.yaml under RK4 at a 1 ms step, which `run`
// refuses at t = 0 (the tunnelling bound there is 0.536 ms), is numerical trouble (exit 3) with run's message, not ok;
// 1 mm into the wall (gap −1e-3), run's warning of the overlap is check's too, and the scene is ok (run starts).
TEST_F(Cli, CheckReportsWhatTheRunWouldRefuseOrWarnAboutAtItsStart) {
  const std::string scene = kScenes + "impact_1dof.yaml";
  const std::string step = " --set integrator.method=rk4 --set integrator.step=1e-3";
  EXPECT_EQ(run("check " + scene + step, directory_ / "check"), 3) << read(directory_ / "check");
  EXPECT_EQ(run("run " + scene + step + " --out " + (directory_ / "out").string(), directory_ / "run"), 3);
  const std::string said = "the fixed step 0.001 s is longer than the 0.000536071 s";
  EXPECT_NE(read(directory_ / "check").find(said), std::string::npos) << read(directory_ / "check");
  EXPECT_NE(read(directory_ / "run").find(said), std::string::npos) << read(directory_ / "run");
  EXPECT_EQ(read(directory_ / "check").find(": ok ("), std::string::npos) << read(directory_ / "check");

  EXPECT_EQ(run("check " + scene + " --set gap=-1e-3", directory_ / "check"), 0) << read(directory_ / "check");
  EXPECT_NE(read(directory_ / "check").find("m at the start; the contact starts active"), std::string::npos)
      << read(directory_ / "check");
  EXPECT_NE(read(directory_ / "check").find(": ok ("), std::string::npos) << read(directory_ / "check");
}

// A run stopped (exit 3) before any step was accepted — RK4 at 20 µs steps over a contact of 8.1 µs, every step ending
// at an event — reported the energy scale as 0 ("0 of 0 J") and the impact's largest force as 0. Its scale is E(0) =
// ½ · 1 kg · (1 m/s)² = 0.5 J; its largest balance error covers the samples; its maximum force is K δ^1.5 at the
// deepest indentation located. With symplectic Euler the run stops on a rise of 71.6 J with the balance closed (the
// contact's work booked as a negative dissipation): summary.json's `max_rise` and the stdout say the rise.
TEST_F(Cli, ARunStoppedByAStepTooLongCarriesItsEnergyScaleRiseAndForce) {
  const std::string stiff = kScenes + "impact_1dof.yaml --model hertz --set mass=1 --set stiffness=1e14 "
                            "--set impact_velocity=1 --set integrator.step=2e-5";
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + stiff + " --set integrator.method=rk4 --out " + out.string(), directory_ / "log"), 3)
      << read(directory_ / "log");
  EXPECT_NE(read(directory_ / "log").find("less than one fixed step of 2e-05 s"), std::string::npos) << read(directory_ / "log");
  EXPECT_EQ(read(directory_ / "log").find("handover"), std::string::npos) << read(directory_ / "log");
  nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_EQ(summary["energy"]["scale"].get<double>(), 0.5);
  const double balance = summary["energy"]["max_balance_error"].get<double>();
  EXPECT_GT(balance, 0.05);  // at least the 0.079 J the contact made, less what the samples show of it
  EXPECT_EQ(summary["energy"]["max_relative_balance_error"].get<double>(), balance / 0.5);
  const double depth = summary["impacts"][0]["max_indentation"].get<double>();
  EXPECT_NEAR(summary["impacts"][0]["max_force"].get<double>(), 1e14 * std::pow(depth, 1.5), 1e-9 * 1e14 * std::pow(depth, 1.5));
  EXPECT_NE(read(directory_ / "log").find("of 0.5 J)"), std::string::npos) << read(directory_ / "log");

  ASSERT_EQ(run("run " + stiff + " --set integrator.method=symplectic_euler --out " + out.string(), directory_ / "log"), 3)
      << read(directory_ / "log");
  summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_EQ(summary["energy"]["scale"].get<double>(), 0.5);
  EXPECT_NEAR(summary["energy"]["max_rise"].get<double>(), 71.55, 0.01);
  EXPECT_NE(read(directory_ / "log").find("energy rise: max E - W_joints - E(0) = 7.155e+01 J (1.431e+02 of 0.5 J)"),
            std::string::npos)
      << read(directory_ / "log");
}

// A force-law plugin (examples/law_plugin): --plugin makes its law usable by name in run, compare and models, and
// summary.json's provenance records the library with its SHA-256; a library that cannot be loaded is bad input.
TEST_F(Cli, APluginsLawRunsAndComparesByName) {
  const std::string plugin = std::string("--plugin ") + WALTON_BRAUN_PLUGIN;
  const std::string scene = std::string(CONTACTLAB_SOURCE_DIR) + "/examples/law_plugin/walton_braun.yaml";
  const fs::path out = directory_ / "run";
  ASSERT_EQ(run(plugin + " run " + scene + " --out " + out.string(), directory_ / "log"), 0) << read(directory_ / "log");
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  ASSERT_EQ(summary["impacts"].size(), 1u);
  // e = 0.6 exactly (examples/law_plugin/walton_braun.yaml), to the integrator's tolerance.
  EXPECT_NEAR(summary["impacts"][0]["restitution"].get<double>(), 0.6, 1e-8);
  ASSERT_EQ(summary["provenance"]["plugins"].size(), 1u);
  EXPECT_EQ(summary["provenance"]["plugins"][0]["path"], fs::canonical(WALTON_BRAUN_PLUGIN).string());
  EXPECT_EQ(summary["provenance"]["plugins"][0]["sha256"].get<std::string>().size(), 64u);

  const fs::path compared = directory_ / "compare";
  ASSERT_EQ(run("compare " + scene + " --models walton_braun,hooke --threads 2 --out " + compared.string() + " " + plugin,
                directory_ / "log"), 0) << read(directory_ / "log");
  const std::string table = read(compared / "comparison.csv");
  EXPECT_NE(table.find("walton_braun"), std::string::npos) << table;
  EXPECT_NE(table.find("hooke"), std::string::npos) << table;

  ASSERT_EQ(run(plugin + " models walton_braun", directory_ / "log"), 0);
  EXPECT_NE(read(directory_ / "log").find("Walton & Braun"), std::string::npos) << read(directory_ / "log");

  EXPECT_EQ(run("--plugin /nonexistent/libnothing.so run " + scene + " --out " + (directory_ / "bad").string(),
                directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("libnothing.so"), std::string::npos) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(directory_ / "bad"));
}

// compare --models runs every law in place of each pair's: a --set of contacts.law beside it changed nothing and was
// accepted. It is refused (exit 2, nothing written), naming the override and the option that replaces it; a --set of
// anything else (a law parameter) is still taken.
TEST_F(Cli, CompareRefusesAnOverrideOfTheLawItReplaces) {
  const std::string scene = (fs::path(CONTACTLAB_SOURCE_DIR) / "scenes" / "impact_1dof.yaml").string();
  const fs::path out = directory_ / "compare";
  EXPECT_EQ(run("compare " + scene + " --models flores,hertz --set contacts.law=hunt_crossley --out " + out.string(),
                directory_ / "log"), 2);
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("--set contacts.law=hunt_crossley: --models replaces every pair's law"), std::string::npos) << log;
  EXPECT_FALSE(fs::exists(out));
  // A clearance joint named in the path, as docs/scenes.md writes it.
  const std::string clearance = (fs::path(CONTACTLAB_SOURCE_DIR) / "scenes" / "slider_crank_revolute_clearance.yaml").string();
  EXPECT_EQ(run("compare " + clearance + " --models flores,lankarani_nikravesh --set clearances.pin.law=hunt_crossley --out " +
                    out.string(), directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("--models replaces every pair's law"), std::string::npos) << read(directory_ / "log");
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(run("compare " + scene + " --models flores,hertz --set contacts.parameters.restitution=0.5 --out " +
                    out.string(), directory_ / "log"), 0) << read(directory_ / "log");
}

// `models --friction`: every friction law listed, one shown in full, JSON that parses; an unknown one is bad input.
TEST_F(Cli, ModelsListsTheFrictionLaws) {
  ASSERT_EQ(run("models --friction", directory_ / "log"), 0);
  const std::string list = read(directory_ / "log");
  for (const char* id : {"coulomb", "stribeck", "karnopp", "coulomb_tanh", "brown_mcphee", "lugre", "elastoplastic"}) {
    EXPECT_NE(list.find(std::string(id) + " "), std::string::npos) << id;
  }
  ASSERT_EQ(run("models --friction lugre", directory_ / "log"), 0);
  EXPECT_NE(read(directory_ / "log").find("Canudas de Wit"), std::string::npos);
  ASSERT_EQ(run("models --friction --json", directory_ / "log"), 0);
  EXPECT_GE(nlohmann::json::parse(read(directory_ / "log")).size(), 14u);
  EXPECT_EQ(run("models --friction no_such_law", directory_ / "log"), 2);
}

// A law whose formula fixes the exponent (tsuji's K δ^{3/2}) refuses another one given with --set, at the scene's key
// and naming the override and the law's n: it would have run with 3/2 and reported 1. Left as the scene gives it, the
// run reports the exponent it used.
TEST_F(Cli, AnExponentTheLawDoesNotUseIsRefused) {
  const fs::path out = directory_ / "out";
  EXPECT_EQ(run("run " + kScenes + "impact_1dof.yaml --model tsuji --set exponent=1 --out " + out.string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(out));
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("impact_1dof.yaml:"), std::string::npos) << log;
  EXPECT_NE(log.find("contacts.exponent: --set exponent=1: law 'tsuji' fixes the exponent at n = 1.5"), std::string::npos) << log;
  ASSERT_EQ(run("run " + kScenes + "impact_1dof.yaml --model edem_hertz_mindlin --out " + out.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_EQ(summary["contacts"][0]["exponent"], 1.5);
}

// A law that does not read the pair's stiffness or exponent (luo_nahon's k_v = γπE*A0/s′_max) refuses those a scene gives
// it, at the key: the run would report them and not use them. With --model the scene's values were written for its own
// law (flores): they are dropped with a note, and summary.json reports no stiffness or exponent for the pair.
TEST_F(Cli, AStiffnessTheLawDoesNotReadIsRefusedAndDroppedUnderAnOverride) {
  std::string text = read(kScenes + "bouncing_ball.yaml");
  const std::string law = "  law: flores\n";
  ASSERT_NE(text.find(law), std::string::npos);
  text.replace(text.find(law), law.size(), law + "  stiffness: 3e10\n  exponent: 1.5\n");
  const fs::path scene = directory_ / "stiff_ball.yaml";
  std::ofstream(scene) << text;
  const fs::path out = directory_ / "out";
  EXPECT_EQ(run("run " + scene.string() + " --set contacts.law=luo_nahon --out " + out.string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(out));
  std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("stiff_ball.yaml:35:"), std::string::npos) << log;
  EXPECT_NE(log.find("contacts.stiffness: law 'luo_nahon' does not read the pair's stiffness"), std::string::npos) << log;
  ASSERT_EQ(run("run " + scene.string() + " --model luo_nahon --out " + out.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  log = read(directory_ / "log");
  EXPECT_NE(log.find("--model luo_nahon: 'contacts.stiffness' does not apply"), std::string::npos) << log;
  EXPECT_NE(log.find("--model luo_nahon: 'contacts.exponent' does not apply"), std::string::npos) << log;
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_TRUE(summary["contacts"][0]["stiffness"].is_null()) << summary["contacts"][0];
  EXPECT_TRUE(summary["contacts"][0]["exponent"].is_null()) << summary["contacts"][0];
  ASSERT_EQ(run("models luo_nahon --json", directory_ / "log"), 0);
  EXPECT_EQ(nlohmann::json::parse(read(directory_ / "log"))["ignores"], nlohmann::json({"stiffness", "exponent"}));
}

// goldsmith_modified_hertz with a permanent indentation (1 mm) beyond the ball's maximum indentation (0.25 mm at 5 m/s)
// has no unloading curve: the run stops at the first maximum indentation, t = 0.273317 s (touch at 0.273243 s, Hertz
// compression t_H = 1.4716 δ_max/v = 73.5 µs), with exit 3 naming the time, the pair, the law and why — not after the ball has been dropped and
// reloaded at every step until the step budget ran out (26 s of wall time, 3.4 million steps, before).
TEST_F(Cli, APermanentIndentationBeyondTheImpactsDepthStopsTheRunAtOnce) {
  const fs::path out = directory_ / "out";
  EXPECT_EQ(run("run " + kScenes + "bouncing_ball.yaml --model goldsmith_modified_hertz --set restitution=1 "
                "--set contacts.laws.goldsmith_modified_hertz.permanent_indentation=1e-3 --out " + out.string(),
                directory_ / "log"),
            3);
  const std::string log = read(directory_ / "log");
  for (const std::string part : {"numerical trouble: t = 0.2733168", "contact ground/ball (law goldsmith_modified_hertz)",
                                 "permanent_indentation δ_p = 0.001 m", "maximum indentation δ_max = 0.000249769 m",
                                 "would be vertical"}) {
    EXPECT_NE(log.find(part), std::string::npos) << part << " in: " << log;
  }
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_LT(summary["integrator"]["steps"].get<long>(), 10000);
}

// docs/output.md: the restitution is null only below the impact-velocity floor; at the floor itself it is reported.
TEST_F(Cli, AnImpactAtTheVelocityFloorReportsItsRestitution) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "impact_1dof.yaml --model hertz --set impact_velocity=1e-4 --out " + out.string(), directory_ / "log"), 0)
      << read(directory_ / "log");
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  ASSERT_EQ(summary["impacts"].size(), 1u);
  ASSERT_TRUE(summary["impacts"][0]["restitution"].is_number()) << summary["impacts"][0];
  EXPECT_NEAR(summary["impacts"][0]["restitution"].get<double>(), 1.0, 1e-4);
}

// summary.json's largest balance error covers the samples written: the slider-crank's time series (interpolated on the
// output grid between the steps' ends) shows errors up to 3.3e-5 J where the steps' ends reached 9e-7 J. Its maximum
// over the rows, (total + dissipated) − joint_work − E(0) as the columns give it, is the summary's, to the last bit.
TEST_F(Cli, TheLargestBalanceErrorCoversTheSamplesWritten) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "slider_crank_ideal.yaml --out " + out.string(), directory_ / "log"), 0) << read(directory_ / "log");
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  const double e0 = summary["energy"]["initial"].get<double>();
  double largest = 0.0;
  for (const auto& row : contactlab::test::csv_rows(out / "timeseries.csv")) {
    const double balance = std::stod(row.at("total_energy")) + std::stod(row.at("dissipated_energy")) - std::stod(row.at("joint_work"));
    largest = std::max(largest, std::abs(balance - e0));
  }
  EXPECT_GT(largest, 1e-5);  // the samples' error this scene shows: well above the steps' ends'
  EXPECT_EQ(summary["energy"]["max_balance_error"].get<double>(), largest);
}

// A run stopped by numerical trouble (exit 3) writes one state: its time series ends at summary.json's end_time, the
// state its impacts describe; the impact, open there, has no restitution (it was 0.2409 before: the ratio of the
// speeds at the moment the run stopped).
TEST_F(Cli, ARunStoppedByNumericalTroubleWritesOneState) {
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("run " + kScenes + "impact_1dof.yaml --set impact_velocity=300 --set restitution=0.5 --out " + out.string(),
                directory_ / "log"), 3) << read(directory_ / "log");
  const nlohmann::json summary = nlohmann::json::parse(read(out / "summary.json"));
  EXPECT_EQ(summary["status"], "numerical_error");
  const auto rows = contactlab::test::csv_rows(out / "timeseries.csv");
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(std::stod(rows.back().at("time")), summary["end_time"].get<double>());
  ASSERT_EQ(summary["impacts"].size(), 1u);
  const nlohmann::json& impact = summary["impacts"][0];
  EXPECT_TRUE(impact["open"].get<bool>());
  EXPECT_EQ(impact["t_end"].get<double>(), summary["end_time"].get<double>());
  EXPECT_TRUE(impact["restitution"].is_null()) << impact;
  EXPECT_TRUE(impact["separation_velocity"].is_null()) << impact;
  const auto impacts = contactlab::test::csv_rows(out / "impacts.csv");
  ASSERT_EQ(impacts.size(), 1u);
  EXPECT_EQ(impacts[0].at("restitution"), "nan");
  EXPECT_EQ(impacts[0].at("separation_velocity"), "nan");
  // The deepest indentation reported is the last sample's (the mass was still sinking when the run stopped).
  EXPECT_EQ(std::stod(rows.back().at("wall/body.indentation")), impact["max_indentation"].get<double>());
}

// An override that no contact pair reads changes nothing: bad input naming the key and where the pairs take it from.
TEST_F(Cli, AnOverrideNoPairReadsIsRefused) {
  const fs::path out = directory_ / "out";
  EXPECT_EQ(run("run " + kScenes + "slider_crank_revolute_clearance.yaml --set contacts.law=hertz --out " + out.string(),
                directory_ / "log"), 2);
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("contacts.law: --set contacts.law=hertz: no contact pair reads it"), std::string::npos) << log;
  EXPECT_NE(log.find("clearances.pin.law"), std::string::npos) << log;
  EXPECT_FALSE(fs::exists(out));
}

// Lenient arguments are bad input naming the argument: one --set given twice, an empty or repeated law in --models.
TEST_F(Cli, RepeatedOrEmptyArgumentsAreRefused) {
  const fs::path out = directory_ / "out";
  const std::string ball = kScenes + "bouncing_ball.yaml";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"run " + ball + " --set restitution=0.5 --set restitution=0.6", "'restitution' is given twice (--set restitution=0.5 before it)"},
      {"run " + ball + " --set bodies.ball.mass=1 --set bodies[0].mass=2", "the key is given twice"},
      {"compare " + ball + " --models flores,,hertz", "--models flores,,hertz: an empty item in the list"},
      {"compare " + ball + " --models flores,", "an empty item in the list"},
      {"compare " + ball + " --models flores,flores", "law 'flores' is listed twice (flores and flores)"},
      {"compare " + ball + " --models all,hertz", "law 'hertz' is listed twice (all and hertz)"},
      {"compare " + ball + " --models hertz --friction-models coulomb,,dahl", "--friction-models coulomb,,dahl: an empty item"},
  };
  for (const auto& [arguments, message] : cases) {
    EXPECT_EQ(run(arguments + " --out " + out.string(), directory_ / "log"), 2) << arguments;
    EXPECT_FALSE(fs::exists(out)) << arguments;
    EXPECT_NE(read(directory_ / "log").find(message), std::string::npos) << arguments << "\n" << read(directory_ / "log");
  }
}

// A --set variable that makes a key's value bad is named with the problem at the key's line.
TEST_F(Cli, AValueMadeBadByASetNamesTheSet) {
  const fs::path scene = directory_ / "m.yaml";
  std::ofstream(scene) << "scene: m\n"
                          "variables: {m: 1}\n"
                          "bodies:\n"
                          "  - name: ball\n"
                          "    mass: m\n"
                          "    inertia: [1, 1, 1]\n"
                          "    joint: {type: prismatic, axis: [0, 0, 1]}\n"
                          "duration: 1\n";
  const fs::path out = directory_ / "out";
  ASSERT_EQ(run("check " + scene.string(), directory_ / "log"), 0) << read(directory_ / "log");
  EXPECT_EQ(run("run " + scene.string() + " --set m=-1 --out " + out.string(), directory_ / "log"), 2);
  EXPECT_FALSE(fs::exists(out));
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("m.yaml:5:11: bodies[0].mass: --set m=-1: expected a positive mass [kg], found -1"), std::string::npos) << log;
}

// A first word that names no command says so, with the commands there are.
TEST_F(Cli, AnUnknownCommandIsNamed) {
  EXPECT_EQ(run("bogus", directory_ / "log"), 2);
  const std::string log = read(directory_ / "log");
  EXPECT_NE(log.find("unknown command 'bogus'"), std::string::npos) << log;
  EXPECT_NE(log.find("run"), std::string::npos) << log;
  EXPECT_EQ(run("chek scenes/x.yaml", directory_ / "log"), 2);
  EXPECT_NE(read(directory_ / "log").find("unknown command 'chek' (did you mean 'check'?)"), std::string::npos) << read(directory_ / "log");
  EXPECT_EQ(run("", directory_ / "log"), 2);  // no command at all: CLI11's own message
  EXPECT_NE(read(directory_ / "log").find("subcommand is required"), std::string::npos) << read(directory_ / "log");
}

// `check` writes nothing: interrupted, it says so without claiming to have removed partial output. (A scene with
// thousands of variables, to be interrupted while it is read.)
TEST_F(Cli, AnInterruptedCheckClaimsNoOutputRemoved) {
  const fs::path scene = directory_ / "slow.yaml";
  {
    std::ofstream text(scene);
    text << "scene: slow\nvariables: {v0: 0";
    for (int i = 1; i < 5000; ++i) text << ", v" << i << ": " << i;
    text << "}\nbodies:\n  - {name: b, mass: 1, inertia: [1, 1, 1], joint: {type: prismatic, axis: [0, 0, 1]}}\nduration: 1\n";
  }
  const fs::path log = directory_ / "log";
  const pid_t child = ::fork();
  if (child == 0) {
    std::freopen(log.c_str(), "w", stderr);
    std::freopen("/dev/null", "w", stdout);
    ::execl(kContactlab.c_str(), kContactlab.c_str(), "check", scene.c_str(), nullptr);
    ::_exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(child, SIGTERM);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 128 + SIGTERM) << "check ended before it was interrupted: " << read(log);
  EXPECT_NE(read(log).find("contactlab: interrupted"), std::string::npos) << read(log);
  EXPECT_EQ(read(log).find("partial output removed"), std::string::npos) << read(log);
}

}  // namespace
