// SPDX-License-Identifier: MIT
// comparison.csv / comparison.md layout (apps/comparison.h) from hand-made law runs, without the engine:
// impacts grouped per pair, rows padded to the header, law × impact tables, law × pair tables for scenes with
// many pairs, reasons of the laws that did not complete.
#include "apps/comparison.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

ImpactRecord impact(const std::string& pair, double t_start, double restitution, double max_force) {
  ImpactRecord record;
  record.pair = pair;
  record.t_start = t_start;
  record.t_end = t_start + 1e-4;
  record.impact_velocity = 2.0;
  record.separation_velocity = 2.0 * restitution;
  record.restitution = restitution;
  record.max_indentation = 5e-5;
  record.max_force = max_force;
  record.dissipated_energy = 0.1;
  return record;
}

LawRun completed(const std::string& law, std::vector<ImpactRecord> impacts) {
  LawRun run;
  run.law = law;
  run.status = LawRunStatus::kCompleted;
  run.parameters = "restitution=0.8";
  run.result.impacts = std::move(impacts);
  run.result.end_time = 1.0;
  return run;
}

LawRun not_run(const std::string& law, const std::string& reason) {
  LawRun run;
  run.law = law;
  run.status = LawRunStatus::kNotRun;
  run.reason = reason;
  return run;
}

Scene scene_named(const std::string& name) {
  Scene scene;
  scene.name = name;
  scene.file = name + ".yaml";
  scene.simulation.duration = 1.0;
  return scene;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

// Fields of a CSV line (quoted fields may hold commas).
std::size_t field_count(const std::string& line) {
  std::size_t count = 1;
  bool quoted = false;
  for (const char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) ++count;
  }
  return count;
}

TEST(Comparison, CsvRowsArePaddedToTheHeaderAndGroupedByPair) {
  const Scene scene = scene_named("two_pairs");
  const std::vector<LawRun> runs = {
      completed("first", {impact("a/b", 0.1, 0.8, 1000.0), impact("c/d", 0.2, 0.7, 2000.0), impact("a/b", 0.3, 0.75, 900.0)}),
      completed("second", {impact("c/d", 0.15, 0.6, 2500.0)}),
      not_run("third", "contacts.law: needs a \"linear\" stiffness, exponent 1"),
  };
  const std::vector<std::string> csv = lines(comparison_csv(scene, runs));
  ASSERT_EQ(csv.size(), 4u);
  const std::size_t columns = field_count(csv[0]);
  for (const std::string& line : csv) EXPECT_EQ(field_count(line), columns) << line;
  // Pairs in order of first appearance; a/b had two impacts (first law), c/d one.
  EXPECT_NE(csv[0].find("a/b.impacts,a/b.impact1.impact_velocity"), std::string::npos);
  EXPECT_NE(csv[0].find("a/b.impact2.open,c/d.impacts,c/d.impact1.impact_velocity"), std::string::npos);
  EXPECT_EQ(csv[0].find("c/d.impact2"), std::string::npos);
  EXPECT_EQ(csv[1].rfind("first,,completed,,restitution=0.8,", 0), 0u);
  EXPECT_NE(csv[1].find(",2,2,0.8,1000,5e-05,"), std::string::npos) << csv[1];  // a/b: 2 impacts, the first
  EXPECT_NE(csv[2].find(",0,"), std::string::npos);                              // second: no a/b impact
  EXPECT_EQ(csv[3].rfind("third,,not_run,\"contacts.law: needs a \"\"linear\"\" stiffness, exponent 1\",", 0), 0u) << csv[3];
}

TEST(Comparison, MarkdownHasFirstImpactAndPerImpactTables) {
  const Scene scene = scene_named("ball");
  const std::vector<LawRun> runs = {
      completed("first", {impact("g/b", 0.1, 0.8, 118000.0), impact("g/b", 0.9, 0.79, 103000.0)}),
      not_run("hooke", "contacts.law: law 'hooke' needs a linear stiffness"),
  };
  const std::string markdown = comparison_markdown(scene, runs);
  EXPECT_NE(markdown.find("# Force-law comparison: ball"), std::string::npos);
  EXPECT_NE(markdown.find("## First impact of g/b"), std::string::npos);
  EXPECT_NE(markdown.find("Maximum force [kN]"), std::string::npos);  // units scaled to the values
  EXPECT_NE(markdown.find("| first | restitution=0.8 | 2 | 2.0000 | 0.80000 | 118.00 |"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("### Restitution per impact of g/b"), std::string::npos);
  EXPECT_NE(markdown.find("| first | 0.80000 | 0.79000 |"), std::string::npos);
  EXPECT_NE(markdown.find("| hooke | not run | contacts.law: law 'hooke' needs a linear stiffness |"), std::string::npos);
}

TEST(Comparison, ManyPairsGetLawByPairTables) {
  const Scene scene = scene_named("chain");
  std::vector<ImpactRecord> impacts;
  for (int k = 0; k < 20; ++k) impacts.push_back(impact("bead_" + std::to_string(k) + "/bead_" + std::to_string(k + 1), 1e-5 * k, 0.9, 30.0 + k));
  const std::vector<LawRun> runs = {completed("first", impacts), completed("second", impacts)};
  const std::string markdown = comparison_markdown(scene, runs);
  EXPECT_EQ(markdown.find("## First impact of"), std::string::npos);
  EXPECT_NE(markdown.find("## Impacts per pair (first 12 of 20 pairs with impacts)"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("## Maximum force [N], first impact on each pair"), std::string::npos);
  EXPECT_NE(markdown.find("| bead_11/bead_12 |"), std::string::npos);
  EXPECT_EQ(markdown.find("| bead_12/bead_13 |"), std::string::npos);
}

}  // namespace
}  // namespace contactlab
