// SPDX-License-Identifier: MIT
#include "engine/stick_force.h"

#include <Eigen/QR>

#include "engine/dynamics.h"

namespace contactlab {
namespace {

// The tangential relative acceleration of element e's points, (a_PB − a_PA) along t₁ and t₂, from the accelerations
// in qdd and `acceleration`.
Eigen::Vector2d tangential_acceleration(const Model& model, const Data& data, std::size_t e, const double* qdd,
                                        const std::vector<Vec6>& acceleration, bool with_velocity) {
  const ContactPairModel& pair = *data.elements[e].pair;
  const PairGeometry& geometry = data.geometry[e];
  const Vec3 relative =
      point_acceleration(model, data, qdd, acceleration, pair.body_b, geometry.point_b, with_velocity) -
      point_acceleration(model, data, qdd, acceleration, pair.body_a, geometry.point_a, with_velocity);
  const ContactFrame& frame = data.frames[e];
  return {frame.tangent_1.dot(relative), frame.tangent_2.dot(relative)};
}

}  // namespace

bool holds_contact(const ContactElement& element, const PairState& state, const FrictionInput& input) {
  const FrictionLawInfo& law = *element.tangential_law;
  if (law.stiction == Stiction::kExact) return state.sticking;
  if (law.stiction == Stiction::kBand) return input.slip_speed < law.stick_band(element.pair->friction_parameters.values);
  return false;
}

void hold_contacts(const Model& model, std::span<const PairState> contacts, Data& data, double* qdd) {
  const auto held = static_cast<Eigen::Index>(data.held.size());
  const Eigen::Index n = 2 * held;
  data.hold_response.resize(model.nv, n);
  data.hold_operator.resize(n, n);
  data.hold_acceleration.resize(n);
  const bool driven = !model.driven_bodies.empty();
  if (driven) data.hold_drive_response.resize(model.nv, n);
  for (Eigen::Index j = 0; j < held; ++j) {
    const auto e = static_cast<std::size_t>(data.held[static_cast<std::size_t>(j)]);
    const bool exact = data.elements[e].tangential_law->stiction == Stiction::kExact;
    const Vec3& slip = data.frames[e].slip_velocity;
    const Eigen::Vector2d drift = exact ? Eigen::Vector2d(data.frames[e].tangent_1.dot(slip) / kStickDriftTime,
                                                          data.frames[e].tangent_2.dot(slip) / kStickDriftTime)
                                        : Eigen::Vector2d::Zero();
    data.hold_acceleration.segment<2>(2 * j) =
        tangential_acceleration(model, data, e, qdd, data.acceleration, true) + drift;
  }
  for (Eigen::Index j = 0; j < held; ++j) {
    const auto e = static_cast<std::size_t>(data.held[static_cast<std::size_t>(j)]);
    const ContactPairModel& pair = *data.elements[e].pair;
    const PairGeometry& geometry = data.geometry[e];
    for (int k = 0; k < 2; ++k) {
      const Vec3& tangent = k == 0 ? data.frames[e].tangent_1 : data.frames[e].tangent_2;
      unit_force_response(model, data, pair.body_a, geometry.point_a, pair.body_b, geometry.point_b, tangent);
      data.hold_response.col(2 * j + k) = data.probe_qdd;
      if (driven) data.hold_drive_response.col(2 * j + k) = data.probe_drive_force;
      for (Eigen::Index i = 0; i < held; ++i) {
        const auto other = static_cast<std::size_t>(data.held[static_cast<std::size_t>(i)]);
        data.hold_operator.block<2, 1>(2 * i, 2 * j + k) =
            tangential_acceleration(model, data, other, data.probe_qdd.data(), data.probe_acceleration, false);
      }
    }
  }
  // The minimum-norm solution: rank-revealing, so that redundant points (W singular) share the load evenly.
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> decomposition;
  const double scale = data.hold_operator.diagonal().cwiseAbs().maxCoeff();
  decomposition.setThreshold(1e-10);
  decomposition.compute(data.hold_operator);
  data.hold_force = scale > 0.0 ? Eigen::VectorXd(-decomposition.solve(data.hold_acceleration))
                                : Eigen::VectorXd::Zero(n);
  for (Eigen::Index j = 0; j < held; ++j) {
    const auto e = static_cast<std::size_t>(data.held[static_cast<std::size_t>(j)]);
    const ContactElement& element = data.elements[e];
    FrictionInput& input = data.friction_input[e];
    const Vec3 hold = data.hold_force[2 * j] * data.frames[e].tangent_1 + data.hold_force[2 * j + 1] * data.frames[e].tangent_2;
    for (int k = 0; k < 3; ++k) input.stick_force[k] = hold[k];
    Vec3 force = hold;
    if (element.tangential_law->stiction == Stiction::kBand) {
      // The band law's force of its stick force (clamped to its static limit).
      const FrictionForce out = element.tangential_law->force(input, element.pair->friction_parameters.values,
                                                              contacts[e].friction_state);
      force = Vec3(out.force[0], out.force[1], out.force[2]);
      const Eigen::Vector2d applied(data.frames[e].tangent_1.dot(force), data.frames[e].tangent_2.dot(force));
      data.hold_force.segment<2>(2 * j) = applied;
    }
    data.friction_force[e] = force;
    data.contact_power[e] -= force.dot(data.frames[e].slip_velocity);
  }
  Eigen::Map<Eigen::VectorXd>(qdd, model.nv).noalias() += data.hold_response * data.hold_force;
  if (driven) data.drive_force.noalias() += data.hold_drive_response * data.hold_force;  // the drives hold them too
}

}  // namespace contactlab
