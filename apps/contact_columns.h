// SPDX-License-Identifier: MIT
// The value columns of contacts.csv (and of results.h5's contacts), each described once: its name in the header, its
// SI unit and how to read it from one contact point at a sample. Every row starts with time, pair and point; the
// columns every scene has follow, then, when the scene has friction, the friction columns (docs/output.md).
#pragma once

#include <string_view>

#include "engine/spatial.h"

namespace contactlab {

// One contact point at a sample; the tangential part is zero for a pair without a friction law.
struct ContactPoint {
  double indentation = 0.0;      // −gap [m]
  double normal_velocity = 0.0;  // δ̇ [m/s]
  double force = 0.0;            // normal force [N]
  Vec3 slip = Vec3::Zero();      // v_t: B's contact point relative to A's, in the contact plane, world components [m/s]
  Vec3 friction = Vec3::Zero();  // the friction force on B, world components [N]
  bool sticking = false;         // the engine holds the point (exact stiction sticking, or a band law in its band)
  double spin = 0.0;             // (ω_B − ω_A)·n [rad/s]
  Vec3 rolling = Vec3::Zero();   // ω_B − ω_A in the contact plane, world components [rad/s]
};

struct ContactColumn {
  std::string_view name;  // CSV header
  std::string_view unit;  // SI; "1" for a flag
  double (*value)(const ContactPoint&);
};

inline constexpr ContactColumn kContactColumns[] = {
    {"indentation", "m", [](const ContactPoint& c) { return c.indentation; }},
    {"normal_velocity", "m/s", [](const ContactPoint& c) { return c.normal_velocity; }},
    {"force", "N", [](const ContactPoint& c) { return c.force; }},
};

inline constexpr ContactColumn kFrictionContactColumns[] = {
    {"slip_speed", "m/s", [](const ContactPoint& c) { return c.slip.norm(); }},
    {"slip_x", "m/s", [](const ContactPoint& c) { return c.slip.x(); }},
    {"slip_y", "m/s", [](const ContactPoint& c) { return c.slip.y(); }},
    {"slip_z", "m/s", [](const ContactPoint& c) { return c.slip.z(); }},
    {"friction_x", "N", [](const ContactPoint& c) { return c.friction.x(); }},
    {"friction_y", "N", [](const ContactPoint& c) { return c.friction.y(); }},
    {"friction_z", "N", [](const ContactPoint& c) { return c.friction.z(); }},
    {"sticking", "1", [](const ContactPoint& c) { return c.sticking ? 1.0 : 0.0; }},
    {"spin", "rad/s", [](const ContactPoint& c) { return c.spin; }},
    {"rolling_x", "rad/s", [](const ContactPoint& c) { return c.rolling.x(); }},
    {"rolling_y", "rad/s", [](const ContactPoint& c) { return c.rolling.y(); }},
    {"rolling_z", "rad/s", [](const ContactPoint& c) { return c.rolling.z(); }},
};

}  // namespace contactlab
