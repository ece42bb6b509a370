// SPDX-License-Identifier: MIT
// The compile stage's loop constraints: each `constraints[i]` resolved into a LoopConstraint, the rows sorted into
// those the tree can violate and those it cannot (a redundant row refused), and the initial state assembled onto
// the constraints.
#include <algorithm>
#include <cmath>

#include "engine/kinematics.h"
#include "engine/loop_closure.h"
#include "engine/names.h"
#include "engine/scene_compiler.h"

namespace contactlab::compile {

LoopConstraint SceneCompiler::compile_constraint(const ConstraintSpec& spec, const std::string& path,
                                                 const Data& initial) {
  LoopConstraint loop;
  const std::vector<std::string_view> types = loop_type_names();
  loop.type = *find_loop_type(choice(Key{path, "type"}, spec.type.empty() ? std::nullopt : std::optional(spec.type), "", types));
  loop.body_a = body_named(Key{path, "body_a"}, spec.body_a);
  loop.body_b = body_named(Key{path, "body_b"}, spec.body_b);
  if (loop.body_a == loop.body_b) refuse(Key{path, "body_b"}, "a constraint joins two different bodies");
  loop.name = spec.name ? *spec.name : *spec.body_a + "_" + *spec.body_b;
  if (std::string problem = name_problem(loop.name); !problem.empty()) refuse(Key{path, "name"}, problem);
  // Frame A: its z along the axis. Frame B: the same orientation in the world at the initial configuration (the
  // configuration's positions may still be assembled; its orientations are taken as given).
  const Vec3 axis = direction(Key{path, "axis"}, spec.axis);
  loop.frame_a.linear() = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), axis).toRotationMatrix();
  loop.frame_a.translation() = finite(Key{path, "position_a"}, spec.position_a);
  loop.frame_b.translation() = finite(Key{path, "position_b"}, spec.position_b);
  const Pose& pose_a = initial.motion[static_cast<std::size_t>(loop.body_a)].pose;
  const Pose& pose_b = initial.motion[static_cast<std::size_t>(loop.body_b)].pose;
  loop.frame_b.linear() = pose_b.linear().transpose() * pose_a.linear() * loop.frame_a.linear();
  if (loop_traits(loop.type).distance) {
    const double gap = ((pose_b * loop.frame_b.translation()) - (pose_a * loop.frame_a.translation())).norm();
    loop.length = checked(Key{path, "length"}, spec.length, gap, "a positive distance [m]", [](double x) { return x > 0.0; });
  } else if (spec.length) {
    refuse(Key{path, "length"}, "only a distance constraint takes a length");
  }
  loop.rows = loop_rows(loop.type);
  return loop;
}

void SceneCompiler::compile_constraints() {
  if (spec_.constraints.empty()) return;
  Model& model = scene_.model;
  State& state = scene_.initial_state;
  {
    Data initial(model);
    forward_kinematics(model, state.q, state.v, initial);
    for (std::size_t i = 0; i < spec_.constraints.size(); ++i) {
      const std::string path = "constraints[" + std::to_string(i) + "]";
      LoopConstraint loop = compile_constraint(spec_.constraints[i], path, initial);
      for (const LoopConstraint& other : model.loops) {
        if (other.name == loop.name) refuse(Key{path, "name"}, "a constraint named '" + loop.name + "' already exists");
      }
      model.loops.push_back(std::move(loop));
    }
  }
  auto blame = [](int constraint) { return "constraints[" + std::to_string(constraint) + "]"; };
  if (const auto problem = classify_loop_rows(model, state)) refuse(Key{blame(problem->constraint), "type"}, problem->message);
  // Exact stiction's hold solve does not see the loops' multipliers: the two are not solved together.
  auto holds = [](const FrictionLawInfo* law) { return law != nullptr && law->stiction != Stiction::kNone; };
  std::vector<const FrictionLawInfo*> laws;
  for (const ContactPairModel& pair : model.contact.pairs) laws.push_back(pair.friction_law);
  if (model.contact.broadphase) laws.push_back(model.contact.settings.friction_law);
  for (const FrictionLawInfo* law : laws) {
    if (holds(law)) {
      refuse(Key{"contacts", "friction"}, "friction law '" + std::string(law->id) + "' holds sticking contacts, which "
                                          "scenes with loop constraints do not support yet: use a regularised law "
                                          "(e.g. ambrosio, tanh, lugre)");
    }
  }
  // Assembled: the positions onto the constraints (the drives held), then the velocities.
  Data data(model);
  const Eigen::VectorXd given = state.q;
  const Eigen::VectorXd given_rates = state.v;
  if (!project_loops(model, data, state.q, state.v, model.loop_settings.tolerance)) {
    refuse(Key{"constraints", ""}, "the initial configuration cannot be assembled onto the constraints (the bodies' "
                                   "initial joint values are too far from a closed configuration, or it is singular)");
  }
  const LoopDrift drift = loop_drift(model, data, state.q.data(), state.v.data());
  if (drift.position > model.loop_settings.tolerance) {
    refuse(Key{blame(drift.constraint), "position_b"},
           "the frames are " + number_text(drift.position) + " apart along a direction no free joint can move them "
           "(e.g. out of a planar mechanism's plane): place them where they meet");
  }
  if ((state.q - given).cwiseAbs().maxCoeff() > model.loop_settings.tolerance) {
    std::ostringstream text;
    text << "constraints: the initial configuration was assembled (joint coordinates moved by up to "
         << (state.q - given).cwiseAbs().maxCoeff() << ")";
    note(text.str());
  }
  // The joint rates too: given ones that break the constraints' velocity rows are projected onto them, which changes
  // the motion the user asked for (a crank's rate with the coupler and rocker at rest: all three change).
  const double rate_scale = std::max(1.0, given_rates.cwiseAbs().maxCoeff());
  const double rate_change = (state.v - given_rates).cwiseAbs().maxCoeff();
  if (rate_change > model.loop_settings.tolerance * rate_scale) {
    std::ostringstream text;
    text << "constraints: the initial joint rates were projected onto the constraints (changed by up to "
         << rate_change << "; give rates that satisfy the loops to keep them)";
    note(text.str());
  }
}

}  // namespace contactlab::compile
