// SPDX-License-Identifier: MIT
// A contact element, the unit everything per contact is counted in: one contact point of a pair (docs/contact.md,
// "Contact points"). When the run's table is bound (bind_pairs, engine/data.h) each element is resolved once into
// what evaluating it takes — the kernel that computes its geometry, its normal law, a slot for a tangential law,
// the kernel that applies its force to the bodies — so that the stages never decide it again
// (engine/element_kernels.h holds the kernels).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "contact/contact_model.h"
#include "engine/model.h"
#include "engine/spatial.h"
#include "models/friction_law.h"

namespace contactlab {

// The rows of the kernel table (engine/element_kernels.h). An element takes the first whose conditions its pair
// meets, decided from the model alone when the table is bound (bind_element).
enum class ElementKernel : std::uint8_t {
  kLine,     // two spheres whose centres can only move along one line (sliders along it, either way round, or the
             // world): scalars along the line, no square root (every 1-D granular chain)
  kDirect,   // two spheres, or a halfspace and a sphere, each on a slider or the world: from the coordinates, without
             // the bodies' motion
  kGeneral,  // any pair: the narrowphase on the bodies' world motion
};

// Where the line and direct kernels find an element's two shapes: each on a slider or on the world, at its place
// at q = 0, moved along the slider's axis by its coordinate (a slider does not turn).
struct SliderShapes {
  bool halfspace = false;        // shape a is a halfspace
  int slider_a = -1;             // index into Model::sliders; −1: on the world
  int slider_b = -1;
  double radius_a = 0.0;         // [m]
  double radius_b = 0.0;
  Vec3 centre_a = Vec3::Zero();  // world centre at q = 0 (a halfspace: a point of its boundary) [m]
  Vec3 centre_b = Vec3::Zero();
  Vec3 normal_a = Vec3::Zero();  // a halfspace's outward normal
};

// What a kernel gives beside PairGeometry for an element with a tangential law: the contact frame — the normal
// (PairGeometry::normal) and two unit tangents completing it to a right-handed orthonormal basis — and the slip
// velocity v_t, the velocity of B's contact point relative to A's in the contact plane, as models/friction_law.h has
// it (δ̇ is the normal part of the opposite, v_PA − v_PB) [m/s].
struct ContactFrame {
  Vec3 tangent_1 = Vec3::UnitX();
  Vec3 tangent_2 = Vec3::UnitY();
  Vec3 slip_velocity = Vec3::Zero();
};

struct ContactElement {
  const ContactPairModel* pair = nullptr;  // its pair: shapes, bodies, stiffness, mass and tension rules
  int point = 0;                           // which of the pair's contact points (contact_point_count)
  // Computes its gap, normal, contact points, normal velocity and, with a tangential law, the contact frame's
  // tangents and the slip velocity.
  ElementKernel geometry = ElementKernel::kGeneral;
  // Maps its force at the contact points onto the generalized forces (Jᵀ f). Today the same row as `geometry`.
  ElementKernel wrench = ElementKernel::kGeneral;
  // The normal law, resolved when the pair was compiled: what the law is and its compiled parameters.
  const LawInfo* normal_law = nullptr;
  const LawParameters* normal_parameters = nullptr;
  // The pair's friction law (models/friction_law.h) for its tangential force. Null: no tangential force, and the
  // kernels compute neither the tangents nor the slip velocity.
  const FrictionLawInfo* tangential_law = nullptr;
  SliderShapes shapes;  // for the line and direct kernels
};

// The elements of a pair's contact point `point`, resolved from the model (its shapes' types, whether their bodies
// are sliders or the world, and the sliders' axes).
ContactElement bind_element(const Model& model, const ContactPairModel& pair, int point);

// The line kernel's data, one entry per element of the table (the others' entries are unused). The separation along
// the line's unit direction u is x = offset + sign_b q[q_b] − sign_a q[q_a], the distance |x| (no square root) and
// the gap |x| − reach; a shape on the world has sign 0 (and index 0).
struct LineElements {
  // What the right-hand side reads of an element, in one record of a cache line: a dissipative chain evaluates some
  // forty contacts per right-hand side, and eight arrays and the element read apart cost each a pointer and an index.
  struct Row {
    double offset = 0.0;  // u · (centre_b − centre_a) at q = 0 [m]
    double reach = 0.0;   // radius_a + radius_b [m]
    double sign_a = 0.0;  // u · axis of slider a (±1; 0 on the world: no load)
    double sign_b = 0.0;
    int q_a = 0;
    int q_b = 0;
    int v_a = 0;
    int v_b = 0;
    const ContactPairModel* pair = nullptr;  // the element's pair (ContactElement::pair)
    // The element's contact stage is this kernel's alone: no tangential law, and its wrench row is its geometry's
    // (false for every element off the line).
    bool whole = false;
  };
  std::vector<Row> rows;
  // The event functions read every inactive element's gap at every step, and a granular chain has one element per
  // bead: offset and reach again as arrays, for the vectorised sweep of `runs`.
  std::vector<double> offset;
  std::vector<double> reach;
  std::vector<Vec3> direction;  // u
  // Sign of x at the last evaluation of the geometry, for LineKernel::apply: the normal is side·u. Not written by the
  // stage of whole elements, which applies their loads itself.
  std::vector<double> side;
  std::size_t count = 0;      // elements taking the line kernel
  // A chain's beads numbered along it: the elements first … first + count − 1 between consecutive sliders along u,
  // x = offset + q[q_a + 1] − q[q_a] with q_a = q_first + i, so that their gaps are one vectorised pass over q
  // without gathers. The line elements outside every run are listed in `scattered`.
  struct Run {
    std::size_t first = 0;
    std::size_t count = 0;
    int q_first = 0;
  };
  std::vector<Run> runs;
  std::vector<int> scattered;
};

// The line kernel's arrays for the table's elements (those whose geometry kernel is kLine).
void index_line_elements(const Model& model, const std::vector<ContactElement>& elements, LineElements& lines);

}  // namespace contactlab
