// SPDX-License-Identifier: MIT
// The workspace: everything computed from (Model, State), sized once per model so that the step loop does
// not allocate. Stage functions take (const Model&, const State&, Data&) and write only here.
#pragma once

#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <vector>

#include "contact/contact_model.h"
#include "contact/fcl_bridge.h"
#include "engine/model.h"
#include "engine/state.h"

namespace contactlab {

// A pair of spheres, or a halfspace and a sphere, each on a slider or on the world: the right-hand side takes its
// geometry from the coordinates directly (engine/forward.cc), without the bodies' motion.
struct DirectPair {
  bool applies = false;
  bool halfspace = false;        // shape a is a halfspace
  int slider_a = -1;             // index into Model::sliders; −1: on the world
  int slider_b = -1;
  double radius_a = 0.0;         // [m]
  double radius_b = 0.0;
  Vec3 centre_a = Vec3::Zero();  // world centre at q = 0 (a halfspace: a point of its boundary) [m]
  Vec3 centre_b = Vec3::Zero();
  Vec3 normal_a = Vec3::Zero();  // a halfspace's outward normal
};

// The direct pairs of two spheres whose centres stay on one line (sliders along it, either way round, or the world),
// in structure-of-arrays form, one entry per pair of the table (the others' entries are unused): the event
// functions read every inactive pair's gap at every step, and a granular chain has one pair per bead. The
// separation along the line's unit direction u is x = offset + sign_b q[q_b] − sign_a q[q_a], the distance |x| (no
// square root) and the gap |x| − reach; a shape on the world has sign 0 (and index 0).
struct LinePairs {
  std::vector<char> line;  // the pair takes the line path
  std::vector<Vec3> direction;  // u
  std::vector<int> q_a;
  std::vector<int> q_b;
  std::vector<int> v_a;
  std::vector<int> v_b;
  std::vector<int> slider_a;   // index into Model::sliders; −1: on the world
  std::vector<int> slider_b;
  std::vector<double> offset;  // u · (centre_b − centre_a) at q = 0 [m]
  std::vector<double> sign_a;  // u · axis of slider a (±1; 0 on the world)
  std::vector<double> sign_b;
  std::vector<double> reach;  // radius_a + radius_b [m]
  std::vector<double> side;   // sign of x at the last contact_geometry(): the normal is side·u
  std::size_t count = 0;      // pairs on the line path
  // A chain's beads numbered along it: the pairs first … first + count − 1 between consecutive sliders along u,
  // x = offset + q[q_a + 1] − q[q_a] with q_a = q_first + i, so that their gaps are one vectorised pass over q
  // without gathers. The line pairs outside every run are listed in `scattered`.
  struct Run {
    std::size_t first = 0;
    std::size_t count = 0;
    int q_first = 0;
  };
  std::vector<Run> runs;
  std::vector<int> scattered;
};

struct Data {
  explicit Data(const Model& model);

  // Kinematics, per body (index 0 is the world).
  std::vector<Pose> parent_to_body;      // X_{parent,i}
  std::vector<BodyMotion> motion;        // world pose and velocity
  std::vector<Vec6> velocity;            // spatial velocity in the body frame
  std::vector<Vec6> bias_acceleration;   // c_i = v_i × S q̇_i
  std::vector<Vec6> acceleration;        // spatial acceleration in the body frame
  std::vector<Vec6> external_force;      // spatial force on the body, body frame

  // Articulated-body algorithm scratch.
  std::vector<Mat6> articulated_inertia;
  std::vector<Vec6> articulated_bias;
  std::vector<Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>> U;
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>> D_inverse;
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>> u;

  Eigen::VectorXd tau;   // generalized forces from force elements [N or N·m]
  // Contact forces on the sliders along their axes, at their generalized velocities (zero at the others) [N]: the
  // right-hand side's sliders are then one vectorised pass over q̈ (dynamics.cc), without a list of the loaded ones.
  Eigen::VectorXd slider_force;
  // q̈ of free sliders, a·g (zero for the other coordinates), for the gravity in gravity_qdd_of.
  Eigen::VectorXd gravity_qdd;
  Vec3 gravity_qdd_of = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
  Eigen::VectorXd qdd;   // generalized accelerations

  // Scratch of effective_mass (a unit-force probe through the articulated-body algorithm).
  std::vector<Vec6> probe_force;
  std::vector<Vec6> probe_acceleration;
  Eigen::VectorXd probe_slider_force;
  Eigen::VectorXd probe_qdd;

  // The run's table of contact elements (bind_pairs): each contact point of the model's compiled pairs, then of
  // the State's dynamic ones. A pair with several points (a box on the ground: its corners) has one entry per
  // point, consecutive; everything per contact (state, events, ledger, geometry, force) is per entry.
  std::vector<const ContactPairModel*> pairs;  // the entry's pair
  std::vector<int> point;                       // which of the pair's contact points (contact_point_count)
  std::size_t compiled_entries = 0;             // entries of the model's compiled pairs (they come first)
  std::deque<ContactPairModel> dynamic_pair_models;  // compiled once per key (deque: stable addresses)
  std::map<PairKey, std::size_t> dynamic_pair_index;
  std::vector<PairKey> bound_dynamic_pairs;

  // Contacts, per pair of the table.
  std::vector<DirectPair> direct_pairs;
  LinePairs line_pairs;  // which of them lie on a line
  std::vector<PairGeometry> geometry;
  std::vector<ContactInput> contact_input;
  std::vector<ContactForce> contact_force;

  std::unique_ptr<FclShapes> fcl;  // FCL geometry, for pairs without a closed form
  std::unique_ptr<FclBroadphase> broadphase;       // when model.contact.broadphase
  std::vector<Eigen::Isometry3d> shape_poses;      // X_WS per shape
  std::vector<int> pair_list;                      // scratch of forward() and evaluate(): pair indices
};

// Whether, and how, a pair takes the direct path (DirectPair).
DirectPair make_direct_pair(const Model& model, const ContactPairModel& pair);

// Makes data's table of contact elements match the state's (the points of the model's pairs, then of
// state.dynamic_pairs), compiling new dynamic pairs and sizing the per-entry workspace. Cheap when nothing changed.
void bind_pairs(const Model& model, const State& state, Data& data);

// The number of contact elements of the model's compiled pairs (the Σ of their contact points).
std::size_t contact_entries(const Model& model);

// World poses of all shapes (after forward_kinematics).
void update_shape_poses(const Model& model, Data& data);

}  // namespace contactlab
