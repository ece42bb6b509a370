// SPDX-License-Identifier: MIT
// The friction columns of contacts.csv (docs/output.md, which gives their units), each described once: its name in
// the header and how to read it from one contact point's tangential kinematics. Written for every point in contact when the
// scene has friction, after the columns every scene has (time, pair, point, indentation, normal_velocity, force).
#pragma once

#include <string_view>

#include "engine/spatial.h"

namespace contactlab {

// One contact point's tangential kinematics and friction at a sample (zero for a pair without a friction law).
struct ContactFriction {
  Vec3 slip = Vec3::Zero();      // v_t: B's contact point relative to A's, in the contact plane, world components [m/s]
  Vec3 friction = Vec3::Zero();  // the friction force on B, world components [N]
  bool sticking = false;         // the engine holds the point (exact stiction sticking, or a band law in its band)
  double spin = 0.0;             // (ω_B − ω_A)·n [rad/s]
  Vec3 rolling = Vec3::Zero();   // ω_B − ω_A in the contact plane, world components [rad/s]
};

struct ContactColumn {
  std::string_view name;  // CSV header
  double (*value)(const ContactFriction&);
};

inline constexpr ContactColumn kFrictionContactColumns[] = {
    {"slip_speed", [](const ContactFriction& c) { return c.slip.norm(); }},
    {"slip_x", [](const ContactFriction& c) { return c.slip.x(); }},
    {"slip_y", [](const ContactFriction& c) { return c.slip.y(); }},
    {"slip_z", [](const ContactFriction& c) { return c.slip.z(); }},
    {"friction_x", [](const ContactFriction& c) { return c.friction.x(); }},
    {"friction_y", [](const ContactFriction& c) { return c.friction.y(); }},
    {"friction_z", [](const ContactFriction& c) { return c.friction.z(); }},
    {"sticking", [](const ContactFriction& c) { return c.sticking ? 1.0 : 0.0; }},
    {"spin", [](const ContactFriction& c) { return c.spin; }},
    {"rolling_x", [](const ContactFriction& c) { return c.rolling.x(); }},
    {"rolling_y", [](const ContactFriction& c) { return c.rolling.y(); }},
    {"rolling_z", [](const ContactFriction& c) { return c.rolling.z(); }},
};

}  // namespace contactlab
