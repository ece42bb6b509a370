// SPDX-License-Identifier: MIT
// apps/law_reduction: a law whose compiled parameters make it the elastic law is found as such, from its force
// over a loading and an unloading; a law that dissipates, or is itself elastic, is not. And a comparison labels
// such a row instead of presenting the elastic law's numbers as the law's own.
#include "apps/law_reduction.h"

#include <gtest/gtest.h>

#include "apps/comparison.h"

namespace contactlab {
namespace {

std::string equivalent_of(const std::string& law, const std::string& parameters, const std::string& extra = "") {
  const std::string text = "scene: t\n"
                           "materials: {steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}}\n"
                           "world: {shapes: [{name: ground, type: halfspace, material: steel}]}\n"
                           "bodies:\n"
                           "  - {name: ball, mass: 1, joint: {type: prismatic}, initial: {q: 1, v: -1},\n"
                           "     shapes: [{type: sphere, radius: 0.1, material: steel}]}\n"
                           "contacts: {law: " + law + ", parameters: " + parameters + extra + "}\n"
                           "duration: 1\n";
  return elastic_equivalent(load_scene_text(text, "t.yaml"));
}

TEST(LawReduction, UndampedLawsAreTheElasticLaw) {
  // The three laws that used to present hertz's numbers as their own under `compare --models all`.
  EXPECT_EQ(equivalent_of("kuwabara_kono", "{}"), "hertz");
  EXPECT_EQ(equivalent_of("brilliantov_1996", "{}"), "hertz");
  EXPECT_EQ(equivalent_of("brilliantov_updated", "{}"), "hertz");
  // The class, not a list of names: any damping parameter at zero.
  EXPECT_EQ(equivalent_of("kuwabara_kono", "{damping: 0}"), "hertz");
  EXPECT_EQ(equivalent_of("tsuji", "{alpha: 0}"), "hertz");
  EXPECT_EQ(equivalent_of("goldsmith_modified_hertz", "{restitution: 1}"), "hertz");
  // A linear-stiffness law with no damping is Hooke's.
  EXPECT_EQ(equivalent_of("kelvin_voigt", "{damping: 0}", ", stiffness: 1e6, exponent: 1"), "hooke");
}

TEST(LawReduction, DissipatingOrElasticLawsAreThemselves) {
  EXPECT_EQ(equivalent_of("kuwabara_kono", "{damping: 1e3}"), "");
  EXPECT_EQ(equivalent_of("tsuji", "{alpha: 0.2}"), "");
  EXPECT_EQ(equivalent_of("flores", "{restitution: 0.9}"), "");
  EXPECT_EQ(equivalent_of("flores", "{restitution: 1}"), "hertz");
  // Loading like Hertz, unloading with a permanent indentation: not elastic.
  EXPECT_EQ(equivalent_of("goldsmith_modified_hertz", "{restitution: 0.5}"), "");
  EXPECT_EQ(equivalent_of("hertz", "{}"), "");
}

TEST(LawReduction, ComparisonRowsSaySo) {
  LawRun run;
  run.law = "kuwabara_kono";
  run.parameters = "damping=0 internal_friction=0";
  run.same_as = "hertz";
  EXPECT_EQ(law_label(run), "kuwabara_kono (= hertz: damping=0 internal_friction=0)");
  run.status = LawRunStatus::kCompleted;
  Scene scene;
  scene.name = "s";
  const std::string csv = comparison_csv(scene, {run});
  EXPECT_EQ(csv.rfind("law,same_as,status,", 0), 0u) << csv;
  EXPECT_NE(csv.find("\nkuwabara_kono,hertz,completed,"), std::string::npos) << csv;
  EXPECT_NE(comparison_markdown(scene, {run}).find("| kuwabara_kono (= hertz: damping=0 internal_friction=0) |"), std::string::npos);
  run.same_as.clear();
  EXPECT_EQ(law_label(run), "kuwabara_kono");
}

// A chain whose pairs the broadphase finds at run time, its restitution left to the beads' material: the contact
// settings hold a placeholder there (1), so probing them called a damped law the elastic law, and the comparison's
// row read "hunt_crossley (= hertz: restitution=1)" over a run that dissipated (the library's horizontal chain).
Scene chain_of_material_restitution(const std::string& restitution) {
  const std::string text = "scene: t\n"
                           "materials: {steel: {youngs_modulus: 2e11, poisson_ratio: 0.3, restitution: " + restitution + "}}\n"
                           "bodies:\n"
                           "  - {name: a, mass: 1e-3, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0, v: 1},\n"
                           "     shapes: [{type: sphere, radius: 0.005, material: steel}]}\n"
                           "  - {name: b, mass: 1e-3, joint: {type: prismatic, axis: [1, 0, 0]}, initial: {q: 0.01},\n"
                           "     shapes: [{type: sphere, radius: 0.005, material: steel}]}\n"
                           "contacts: {law: hunt_crossley, broadphase: on}\n"
                           "duration: 1e-3\n";
  return load_scene_text(text, "t.yaml");
}

TEST(LawReduction, PairsFoundAtRunTimeAreProbedWithTheirMaterialsParameters) {
  EXPECT_EQ(elastic_equivalent(chain_of_material_restitution("0.7")), "");
  EXPECT_EQ(law_parameter_text(chain_of_material_restitution("0.7")), "restitution=0.7");
  EXPECT_EQ(elastic_equivalent(chain_of_material_restitution("1")), "hertz");  // the materials make it elastic
}

}  // namespace
}  // namespace contactlab
