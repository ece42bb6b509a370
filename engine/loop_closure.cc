// SPDX-License-Identifier: MIT
#include "engine/loop_closure.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/QR>

#include "engine/dynamics.h"
#include "engine/kinematics.h"

namespace contactlab {
namespace {

// A body's world angular acceleration from spatial accelerations in body frames (zero on the world and sliders,
// which do not turn).
Vec3 angular_acceleration(const Model& model, const Data& data, const std::vector<Vec6>& acceleration, int body) {
  if (body == 0 || model.slider_of_body[static_cast<std::size_t>(body)] >= 0) return Vec3::Zero();
  return data.motion[static_cast<std::size_t>(body)].pose.linear() * acceleration[static_cast<std::size_t>(body)].head<3>();
}

// The velocity at a world point of body b's material point there.
Vec3 material_velocity(const BodyMotion& motion, const Vec3& point) {
  return motion.linear_velocity + motion.angular_velocity.cross(point - motion.pose.translation());
}

// Row `row` of constraint c at (q, v), after tree_kinematics there.
LoopRowGeometry row_geometry(const Model& model, const Data& data, const double* q, const double* v, int c,
                             const LoopRow& row) {
  const LoopConstraint& loop = model.loops[static_cast<std::size_t>(c)];
  BodyMotion scratch_a;
  BodyMotion scratch_b;
  const BodyMotion& a = loop.body_a == 0 ? scratch_a : body_motion(model, data, q, v, loop.body_a, scratch_a);
  const BodyMotion& b = loop.body_b == 0 ? scratch_b : body_motion(model, data, q, v, loop.body_b, scratch_b);
  const Pose frame_a = a.pose * loop.frame_a;
  const Pose frame_b = b.pose * loop.frame_b;
  LoopRowGeometry out;
  out.constraint = c;
  out.kind = row.kind;
  out.body_a = loop.body_a;
  out.body_b = loop.body_b;
  switch (row.kind) {
    case LoopRowKind::kTranslation: {
      // φ = d·(p_B − p_A) with d and p_A fixed on A: φ̇ = d·(v_B(p_B) − v_A(p_B)), A's material velocity taken at
      // p_B, so the force pair acts at p_B on both bodies; φ̈ = d·(a_B(p_B) − a_A(p_B)) + 2(ω_A × d)·Δv.
      const Vec3 d = frame_a.linear().col(row.axis);
      const Vec3 p_b = frame_b.translation();
      const Vec3 slip = material_velocity(b, p_b) - material_velocity(a, p_b);
      out.point_a = p_b;
      out.point_b = p_b;
      out.direction = d;
      out.error = d.dot(p_b - frame_a.translation());
      out.rate = d.dot(slip);
      out.velocity_term = 2.0 * a.angular_velocity.cross(d).dot(slip);
      break;
    }
    case LoopRowKind::kRotation: {
      // φ = u·w, u on A, w on B: φ̇ = n·(ω_B − ω_A) with n = w × u (a torque pair about n);
      // φ̈ = n·(α_B − α_A) + ṅ·(ω_B − ω_A), ṅ = (ω_B × w) × u + w × (ω_A × u).
      const Vec3 u = frame_a.linear().col((row.axis + 1) % 3);
      const Vec3 w = frame_b.linear().col((row.axis + 2) % 3);
      const Vec3 n = w.cross(u);
      const Vec3 relative = b.angular_velocity - a.angular_velocity;
      out.point_a = frame_a.translation();
      out.point_b = frame_b.translation();
      out.direction = n;
      out.error = u.dot(w);
      out.rate = n.dot(relative);
      out.velocity_term =
          (b.angular_velocity.cross(w).cross(u) + w.cross(a.angular_velocity.cross(u))).dot(relative);
      break;
    }
    case LoopRowKind::kDistance: {
      // φ = |r| − L, r = p_B − p_A: φ̇ = e·Δv, φ̈ = e·(a_B − a_A) + (|Δv|² − (e·Δv)²)/|r|.
      const Vec3 r = frame_b.translation() - frame_a.translation();
      const double length = r.norm();
      const Vec3 e = length > 0.0 ? Vec3(r / length) : Vec3(frame_a.linear().col(2));
      const Vec3 slip = material_velocity(b, frame_b.translation()) - material_velocity(a, frame_a.translation());
      out.point_a = frame_a.translation();
      out.point_b = frame_b.translation();
      out.direction = e;
      out.error = length - loop.length;
      out.rate = e.dot(slip);
      out.velocity_term = length > 0.0 ? (slip.squaredNorm() - out.rate * out.rate) / length : 0.0;
      break;
    }
  }
  return out;
}

// The row's acceleration part linear in q̈ for the accelerations (q̈, spatial) given: with_velocity, the classical
// accelerations of forward_dynamics (add velocity_term for φ̈); without, a response at q̇ = 0.
double row_acceleration(const Model& model, const Data& data, const LoopRowGeometry& row, const double* qdd,
                        const std::vector<Vec6>& acceleration, bool with_velocity) {
  if (row.kind == LoopRowKind::kRotation) {
    return row.direction.dot(angular_acceleration(model, data, acceleration, row.body_b) -
                             angular_acceleration(model, data, acceleration, row.body_a));
  }
  return row.direction.dot(point_acceleration(model, data, qdd, acceleration, row.body_b, row.point_b, with_velocity) -
                           point_acceleration(model, data, qdd, acceleration, row.body_a, row.point_a, with_velocity));
}

// The response to the row's unit force or torque pair (+ on B, − on A) into data's probe.
void row_response(const Model& model, Data& data, const LoopRowGeometry& row) {
  if (row.kind != LoopRowKind::kRotation) {
    unit_force_response(model, data, row.body_a, row.point_a, row.body_b, row.point_b, row.direction);
    return;
  }
  unit_torque_response(model, data, row.body_a, row.body_b, row.direction);
}

// Every active row's geometry into data.loop_rows.
void active_rows(const Model& model, Data& data, const double* q, const double* v) {
  std::size_t k = 0;
  for (std::size_t c = 0; c < model.loops.size(); ++c) {
    for (const LoopRow& row : model.loops[c].rows) data.loop_rows[k++] = row_geometry(model, data, q, v, static_cast<int>(c), row);
  }
}

// M⁻¹Jᵀ (and the drives' share) by columns and J M⁻¹ Jᵀ of the active rows in data.loop_rows; false when singular.
bool factor_rows(const Model& model, Data& data) {
  const auto m = static_cast<Eigen::Index>(data.loop_rows.size());
  for (Eigen::Index j = 0; j < m; ++j) {
    row_response(model, data, data.loop_rows[static_cast<std::size_t>(j)]);
    data.loop_response.col(j) = data.probe_qdd;
    if (!model.driven_bodies.empty()) data.loop_drive_response.col(j) = data.probe_drive_force;
    for (Eigen::Index i = 0; i < m; ++i) {
      data.loop_operator(i, j) = row_acceleration(model, data, data.loop_rows[static_cast<std::size_t>(i)],
                                                  data.probe_qdd.data(), data.probe_acceleration, false);
    }
  }
  // Symmetric in exact arithmetic; its round-off asymmetry averaged out (in place: the right-hand side allocates
  // nothing) before the Cholesky factorisation.
  for (Eigen::Index j = 0; j < m; ++j) {
    for (Eigen::Index i = j + 1; i < m; ++i) {
      const double mean = 0.5 * (data.loop_operator(i, j) + data.loop_operator(j, i));
      data.loop_operator(i, j) = mean;
      data.loop_operator(j, i) = mean;
    }
  }
  data.loop_factor.compute(data.loop_operator);
  if (data.loop_factor.info() != Eigen::Success) return false;
  // A pivot at round-off of the largest: singular in all but name.
  const double largest = data.loop_operator.diagonal().maxCoeff();
  const double smallest = data.loop_factor.matrixLLT().diagonal().array().square().minCoeff();
  return smallest > 1e-12 * largest;
}

// The tree bodies' spatial accelerations caused by a change dq̈ of the generalized accelerations (at any velocity:
// the velocity-product terms do not depend on q̈), added to `acceleration`.
void add_acceleration_change(const Model& model, const Data& data, const Eigen::VectorXd& change,
                             std::vector<Vec6>& acceleration, std::vector<Vec6>& scratch) {
  scratch[0].setZero();
  for (int body : model.tree_bodies) {
    const auto i = static_cast<std::size_t>(body);
    const Body& b = model.bodies[i];
    Vec6 delta = motion_to_child(data.parent_to_body[i], scratch[static_cast<std::size_t>(b.parent)]);
    if (b.joint.nv > 0) delta += b.joint.subspace * change.segment(b.joint.v_index, b.joint.nv);
    scratch[i] = delta;
    acceleration[i] += delta;
  }
}

}  // namespace

bool close_loops(const Model& model, Data& data, const double* q, const double* v, double* qdd) {
  active_rows(model, data, q, v);
  const auto m = static_cast<Eigen::Index>(data.loop_rows.size());
  if (m == 0) return true;
  // φ̈₀ under the tree's own accelerations, before the probes overwrite nothing of them (they use their own).
  const double omega = model.loop_settings.baumgarte_frequency;
  for (Eigen::Index i = 0; i < m; ++i) {
    const LoopRowGeometry& row = data.loop_rows[static_cast<std::size_t>(i)];
    const double free = row_acceleration(model, data, row, qdd, data.acceleration, true) + row.velocity_term;
    data.loop_bias[i] = -(free + 2.0 * omega * row.rate + omega * omega * row.error);
  }
  if (!factor_rows(model, data)) return false;
  data.loop_multiplier = data.loop_factor.solve(data.loop_bias);
  Eigen::Map<Eigen::VectorXd> accelerations(qdd, model.nv);
  data.probe_qdd.noalias() = data.loop_response * data.loop_multiplier;
  accelerations += data.probe_qdd;
  if (!model.driven_bodies.empty()) data.drive_force.noalias() += data.loop_drive_response * data.loop_multiplier;
  add_acceleration_change(model, data, data.probe_qdd, data.acceleration, data.probe_acceleration);
  data.loop_power = 0.0;
  for (Eigen::Index i = 0; i < m; ++i) data.loop_power += data.loop_multiplier[i] * data.loop_rows[static_cast<std::size_t>(i)].rate;
  return true;
}

LoopDrift loop_drift(const Model& model, const Data& data, const double* q, const double* v) {
  LoopDrift drift;
  for (std::size_t c = 0; c < model.loops.size(); ++c) {
    const LoopConstraint& loop = model.loops[c];
    for (const std::vector<LoopRow>* rows : {&loop.rows, &loop.inert_rows}) {
      for (const LoopRow& row : *rows) {
        const LoopRowGeometry g = row_geometry(model, data, q, v, static_cast<int>(c), row);
        if (std::abs(g.error) > drift.position || std::abs(g.rate) > drift.velocity) drift.constraint = static_cast<int>(c);
        drift.position = std::max(drift.position, std::abs(g.error));
        drift.velocity = std::max(drift.velocity, std::abs(g.rate));
      }
    }
  }
  return drift;
}

bool project_loops(const Model& model, Data& data, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> v,
                   double tolerance) {
  const auto m = static_cast<Eigen::Index>(data.loop_rows.size());
  Eigen::VectorXd correction(model.nv);
  Eigen::VectorXd step(model.nq);
  Eigen::VectorXd residual(m);
  constexpr int kIterations = 50;
  bool converged = false;
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    tree_kinematics(model, q, v, data);
    active_rows(model, data, q.data(), v.data());
    double largest = 0.0;
    for (Eigen::Index i = 0; i < m; ++i) {
      residual[i] = data.loop_rows[static_cast<std::size_t>(i)].error;
      largest = std::max(largest, std::abs(residual[i]));
    }
    if (largest <= 1e-3 * tolerance) {
      converged = true;
      break;
    }
    if (!factor_rows(model, data)) return false;
    correction.noalias() = -(data.loop_response * data.loop_factor.solve(residual));
    configuration_derivative(model, q, correction, step);
    q += step;
    normalize_configuration(model, q);
  }
  if (!converged) return false;
  if (m == 0) return true;
  // φ̇ = J v is linear in v: one projection clears it.
  if (!factor_rows(model, data)) return false;
  for (Eigen::Index i = 0; i < m; ++i) residual[i] = data.loop_rows[static_cast<std::size_t>(i)].rate;
  v.noalias() -= data.loop_response * data.loop_factor.solve(residual);
  tree_kinematics(model, q, v, data);
  active_rows(model, data, q.data(), v.data());
  return true;
}

std::optional<LoopProblem> classify_loop_rows(Model& model, const State& state) {
  Data data(model);
  // The rows' Jacobian, column by column: φ̇ at a unit velocity of each joint coordinate in turn.
  std::vector<std::pair<int, LoopRow>> all;
  for (std::size_t c = 0; c < model.loops.size(); ++c) {
    for (const LoopRow& row : loop_rows(model.loops[c].type)) all.emplace_back(static_cast<int>(c), row);
  }
  std::vector<bool> driven(static_cast<std::size_t>(model.nv), false);
  for (int body : model.driven_bodies) driven[static_cast<std::size_t>(model.bodies[static_cast<std::size_t>(body)].joint.v_index)] = true;
  Eigen::MatrixXd jacobian = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(all.size()), model.nv);
  Eigen::VectorXd unit = Eigen::VectorXd::Zero(model.nv);
  for (int k = 0; k < model.nv; ++k) {
    unit.setZero();
    unit[k] = 1.0;
    tree_kinematics(model, state.q, unit, data);
    for (std::size_t r = 0; r < all.size(); ++r) {
      jacobian(static_cast<Eigen::Index>(r), k) =
          row_geometry(model, data, state.q.data(), unit.data(), all[r].first, all[r].second).rate;
    }
  }
  // Inert: no velocity of the free joints moves the row (round-off of the Jacobian's largest entry aside).
  const double scale = std::max(1.0, jacobian.cwiseAbs().maxCoeff());
  for (LoopConstraint& loop : model.loops) {
    loop.rows.clear();
    loop.inert_rows.clear();
  }
  Eigen::MatrixXd kept(0, model.nv);
  for (std::size_t r = 0; r < all.size(); ++r) {
    const auto [c, row] = all[r];
    LoopConstraint& loop = model.loops[static_cast<std::size_t>(c)];
    Eigen::VectorXd free_part = jacobian.row(static_cast<Eigen::Index>(r)).transpose();
    double driven_part = 0.0;
    for (int k = 0; k < model.nv; ++k) {
      if (!driven[static_cast<std::size_t>(k)]) continue;
      driven_part = std::max(driven_part, std::abs(free_part[k]));
      free_part[k] = 0.0;
    }
    if (free_part.cwiseAbs().maxCoeff() <= 1e-10 * scale) {
      if (driven_part > 1e-10 * scale) {
        return LoopProblem{c, "its " + loop_row_name(row) + " is moved by a drive and by no free joint: the drive and the "
                              "constraint fix the same freedom"};
      }
      loop.inert_rows.push_back(row);
      continue;
    }
    // Redundant: the row adds no rank to the rows kept before it (each row scaled to unit length).
    Eigen::MatrixXd trial(kept.rows() + 1, model.nv);
    trial << kept, free_part.transpose() / free_part.norm();
    Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(trial);
    qr.setThreshold(1e-9);
    if (qr.rank() <= kept.rows()) {
      return LoopProblem{c, "its " + loop_row_name(row) + " fixes a freedom that other loop rows already fix (redundant "
                            "constraints: remove one, or use a joint that holds less, e.g. spherical or distance)"};
    }
    kept = trial;
    loop.rows.push_back(row);
  }
  return std::nullopt;
}

double constrained_effective_mass(const Model& model, Data& data, const double* q, const double* v, int body_a,
                                  const Vec3& point_a, int body_b, const Vec3& point_b, const Vec3& normal) {
  const double free_mass = effective_mass(model, data, body_a, point_a, body_b, point_b, normal);
  if (data.loop_rows.empty()) return free_mass;
  // The free response r and the rows' accelerations under it, G r; then (after the rows' own responses, which use
  // the probe) r − M⁻¹Gᵀ μ with (G M⁻¹ Gᵀ) μ = G r.
  active_rows(model, data, q, v);
  const auto m = static_cast<Eigen::Index>(data.loop_rows.size());
  Eigen::VectorXd rows(m);
  for (Eigen::Index i = 0; i < m; ++i) {
    rows[i] = row_acceleration(model, data, data.loop_rows[static_cast<std::size_t>(i)], data.probe_qdd.data(),
                               data.probe_acceleration, false);
  }
  const Eigen::VectorXd response = data.probe_qdd;
  const Eigen::VectorXd drive_share = data.probe_drive_force;
  const std::vector<Vec6> acceleration = data.probe_acceleration;
  if (!factor_rows(model, data)) return free_mass;  // singular here: the run's next evaluation says so
  const Eigen::VectorXd multipliers = data.loop_factor.solve(rows);
  const Eigen::VectorXd correction = -(data.loop_response * multipliers);
  data.probe_qdd = response + correction;
  data.probe_drive_force = drive_share - data.loop_drive_response * multipliers;
  data.probe_acceleration = acceleration;
  std::vector<Vec6> scratch(model.bodies.size(), Vec6::Zero());
  add_acceleration_change(model, data, correction, data.probe_acceleration, scratch);
  const double inverse_mass =
      normal.dot(point_acceleration(model, data, data.probe_qdd.data(), data.probe_acceleration, body_b, point_b, false) -
                 point_acceleration(model, data, data.probe_qdd.data(), data.probe_acceleration, body_a, point_a, false));
  return inverse_mass > 0.0 ? 1.0 / inverse_mass : std::numeric_limits<double>::infinity();
}

LoopReaction loop_reaction(const Data& data, int c) {
  LoopReaction reaction;
  for (std::size_t i = 0; i < data.loop_rows.size(); ++i) {
    const LoopRowGeometry& row = data.loop_rows[i];
    if (row.constraint != c) continue;
    const Vec3 load = data.loop_multiplier[static_cast<Eigen::Index>(i)] * row.direction;
    // Force rows act on B at its frame's origin (translation rows at p_B, a distance row at B's point).
    (row.kind == LoopRowKind::kRotation ? reaction.torque : reaction.force) += load;
  }
  return reaction;
}

}  // namespace contactlab
