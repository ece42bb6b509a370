// SPDX-License-Identifier: MIT
// A joint that closes a kinematic loop: a constraint between a frame on body A and a frame on body B, beside the
// tree (a slider-crank's rod–slider pin, a four-bar's coupler–rocker pin). What each type constrains is its row of
// one table (kLoopTraits): the translations along the frame's axes and the rotations about them, or the distance
// between two points. The frame on A (`frame_a`, in A's body frame) carries the axis as its z: a revolute turns
// about it, a prismatic slides along it. The constraint's equations, forces and stabilisation are
// engine/loop_closure.h's.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/spatial.h"

namespace contactlab {

enum class LoopType : std::uint8_t { kRevolute, kPrismatic, kSpherical, kWeld, kDistance };
inline constexpr int kLoopTypeCount = 5;
inline constexpr int kMaxLoopRows = 6;

struct LoopTraits {
  const char* name = nullptr;  // the scene's `type:`
  // Which of frame A's axes B's frame origin may not move along, and which rotations about them B may not make
  // relative to A (x, y, z).
  std::array<bool, 3> translation{};
  std::array<bool, 3> rotation{};
  bool distance = false;  // one row: |p_B − p_A| = length
  const char* holds = "";  // what it holds, as docs and messages say it
};

// One row per LoopType, in its order.
extern const std::array<LoopTraits, kLoopTypeCount> kLoopTraits;

inline const LoopTraits& loop_traits(LoopType type) { return kLoopTraits[static_cast<std::size_t>(type)]; }

// The type a scene names, if any; every type's name.
std::optional<LoopType> find_loop_type(std::string_view name);
std::vector<std::string_view> loop_type_names();

// A row of a loop constraint: one scalar equation φ(q) = 0.
enum class LoopRowKind : std::uint8_t {
  kTranslation,  // φ = d·(p_B − p_A), d frame A's axis `axis`: a force along d at p_B
  kRotation,     // φ = u·w, u frame A's axis (axis + 1) % 3, w frame B's axis (axis + 2) % 3: a torque about ≈ axis
  kDistance,     // φ = |p_B − p_A| − length: a force along the line at both points
};

struct LoopRow {
  LoopRowKind kind = LoopRowKind::kTranslation;
  int axis = 0;  // of frame A: x, y, z
};

struct LoopConstraint {
  std::string name;
  LoopType type = LoopType::kRevolute;
  int body_a = 0;                    // 0: the world
  int body_b = 0;
  Pose frame_a = Pose::Identity();   // in A's body frame; z is the axis
  Pose frame_b = Pose::Identity();   // in B's body frame; coincides with frame_a when the loop is closed
  double length = 0.0;               // distance [m]
  // The rows the tree can violate: the others hold by the tree's own structure (a planar mechanism's out-of-plane
  // rows), their multipliers indeterminate and left zero (engine/loop_closure.h, classify_loop_rows). Every row
  // until classified.
  std::vector<LoopRow> rows;
  std::vector<LoopRow> inert_rows;
};

// A row at one instant (engine/loop_closure.cc): where its force acts and how it moves. Its acceleration is
// direction·(a_B(point_b) − a_A(point_a)) for a force row, direction·(α_B − α_A) for a torque row, plus
// velocity_term (the J̇q̇ part).
struct LoopRowGeometry {
  int constraint = 0;
  LoopRowKind kind = LoopRowKind::kTranslation;
  int body_a = 0;
  int body_b = 0;
  Vec3 point_a = Vec3::Zero();    // world [m]
  Vec3 point_b = Vec3::Zero();
  Vec3 direction = Vec3::Zero();  // of the force (translation, distance) or the torque (rotation), world, unit
  double error = 0.0;             // φ [m or rad]
  double rate = 0.0;              // φ̇
  double velocity_term = 0.0;     // φ̈ less its part linear in the accelerations [m/s² or rad/s²]
};

// Every row a constraint of this type has, in order: translations along x, y, z, then rotations about x, y, z.
std::vector<LoopRow> loop_rows(LoopType type);

// "translation along x", "rotation about y", "distance": a row as messages name it.
std::string loop_row_name(const LoopRow& row);

}  // namespace contactlab
