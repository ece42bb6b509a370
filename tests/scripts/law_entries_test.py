#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""scripts/law_entries.py: the calibrated entries are those of the pair asked for (--pair), read from comparison.csv's
calibration cell, whose two forms (apps/comparison.cc) are "name=value (restitution c)" when every pair got the same
value and "pair: name=value (restitution c); pair: …" when they differ.

    law_entries_test.py CONTACTLAB

A scene of two steel balls of 1 kg and 8 kg dropped on a rigid ground makes the second form: each pair's damping is
calibrated at its own reduced mass (the ball's), and Kelvin–Voigt's d = 2ζ√(k m) at one restitution differs between
them (k the equivalent linear stiffness of each, itself mass-dependent). The script run with --pair ground/heavy must
print the heavy pair's value, not the first listed pair's.
"""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import law_entries  # noqa: E402

CONTACTLAB = None

SCENE = """scene: two_balls
gravity: [0, 0, -9.81]
materials:
  steel: {youngs_modulus: 2e11, poisson_ratio: 0.3}
  ground: {rigid: true}
world:
  shapes: [{name: ground, type: halfspace, material: ground}]
bodies:
  - {name: light, mass: 1, joint: {type: prismatic, axis: [0, 0, 1]}, initial: {q: 0.06, v: -1},
     shapes: [{name: light, type: sphere, radius: 0.05, material: steel}]}
  - {name: heavy, mass: 8, joint: {type: prismatic, axis: [0, 0, 1], position: [1, 0, 0]}, initial: {q: 0.11, v: -1},
     shapes: [{name: heavy, type: sphere, radius: 0.1, material: steel}]}
contacts:
  law: hertz
  pairs: [{shapes: [ground, light]}, {shapes: [ground, heavy]}]
duration: 0.02
"""


class CalibratedValue(unittest.TestCase):
    def test_one_value_for_every_pair(self):
        self.assertEqual(law_entries.calibrated_value("damping=1234.5 (restitution 0.7)", "ground/ball"), 1234.5)
        self.assertEqual(law_entries.calibrated_value("damping_1=damping_2=5e+03 (restitution 0.7)", "a/b"), 5000.0)

    def test_the_pair_asked_for(self):
        cell = "ground/light: damping=1.5 (restitution 0.7); ground/heavy: damping=2.5e+03 (restitution 0.7)"
        self.assertEqual(law_entries.calibrated_value(cell, "ground/light"), 1.5)
        self.assertEqual(law_entries.calibrated_value(cell, "ground/heavy"), 2500.0)
        self.assertIsNone(law_entries.calibrated_value(cell, "ground/other"))
        self.assertIsNone(law_entries.calibrated_value("", "ground/light"))


class PairAskedFor(unittest.TestCase):
    def test_the_entries_are_the_pairs_asked_for(self):
        with tempfile.TemporaryDirectory() as work:
            scene = os.path.join(work, "two_balls.yaml")
            with open(scene, "w") as f:
                f.write(SCENE)
            # The comparison's own cell: a value per pair, the two different.
            rows = law_entries.compare(CONTACTLAB, scene, ["kelvin_voigt"], 0.7, 1.0, [], os.path.join(work, "c"))
            cell = rows["kelvin_voigt"]["calibration"]
            light = law_entries.calibrated_value(cell, "ground/light")
            heavy = law_entries.calibrated_value(cell, "ground/heavy")
            self.assertIsNotNone(light, cell)
            self.assertIsNotNone(heavy, cell)
            self.assertGreater(abs(heavy / light - 1), 0.1, cell)
            for pair, value in (("ground/heavy", heavy), ("ground/light", light)):
                done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "law_entries.py"), scene,
                                       "--restitution", "0.7", "--speed", "1.0", "--pair", pair,
                                       "--contactlab", CONTACTLAB], capture_output=True, text=True)
                self.assertEqual(done.returncode, 0, done.stderr)
                self.assertIn(f"(pair {pair}:", done.stdout)
                self.assertIn(f"    kelvin_voigt: {{damping: {law_entries.text(value)}}}", done.stdout)


if __name__ == "__main__":
    CONTACTLAB = sys.argv.pop(1)
    unittest.main()
