// SPDX-License-Identifier: MIT
// The compile stage's joints with clearance: each `clearances[i]` becomes shapes on its two bodies (compiled as a
// body's `shapes:` entries are) and contact pairs between them (compiled as a listed pair is, its settings over the
// contacts block's), and a ClearanceJoint that records them. The shapes are in no collision group, so they touch
// nothing but each other through these pairs.
#include <cmath>

#include "engine/names.h"
#include "engine/scene_compiler.h"

namespace contactlab::compile {
namespace {

auto positive = [](double x) { return x > 0.0; };

// The guides' normal must lie across the sliding direction.
constexpr double kPerpendicularTolerance = 1e-9;

ShapeSpec clearance_shape(const std::string& name, const std::string& type, const Vec3& position, const std::string& material) {
  ShapeSpec shape;
  shape.name = name;
  shape.type = type;
  shape.position = position;
  shape.material = material;
  shape.group = 0;  // touches nothing but through the joint's own pairs
  return shape;
}

// `rotation` for a ShapeSpec: the rotation taking the shape's x, y, z to `frame`'s columns.
RotationSpec rotation_spec(const Mat3& frame) {
  const Eigen::AngleAxisd rotation(frame);
  return RotationSpec{rotation.axis(), rotation.angle()};
}

}  // namespace

void SceneCompiler::compile_clearance_shapes() {
  for (std::size_t i = 0; i < spec_.clearances.size(); ++i) {
    const ClearanceSpec& spec = spec_.clearances[i];
    const std::string path = "clearances[" + std::to_string(i) + "]";
    ClearanceJoint joint;
    if (!spec.name) refuse(Key{path, "name"}, "missing required key: expected the joint's name", SpecProblemAt::kMissing);
    joint.name = *spec.name;
    if (std::string problem = name_problem(joint.name); !problem.empty()) refuse(Key{path, "name"}, problem);
    for (const ClearanceJoint& other : scene_.clearances) {
      if (other.name == joint.name) refuse(Key{path, "name"}, "a clearance joint named '" + joint.name + "' already exists");
    }
    const std::string type = choice(Key{path, "type"}, spec.type.empty() ? std::nullopt : std::optional(spec.type), "",
                                    {"revolute", "translational"});
    joint.type = type == "revolute" ? ClearanceType::kRevolute : ClearanceType::kTranslational;
    const bool revolute = joint.type == ClearanceType::kRevolute;
    const char* key_a = revolute ? "journal" : "slider";
    const char* key_b = revolute ? "bearing" : "guide";
    joint.body_a = body_named(Key{path, key_a}, spec.body_a);
    joint.body_b = body_named(Key{path, key_b}, spec.body_b);
    if (joint.body_a == joint.body_b) refuse(Key{path, key_b}, "a clearance joint joins two different bodies");
    const std::string position_a = std::string("position_") + key_a;
    const std::string position_b = std::string("position_") + key_b;
    joint.frame_a.translation() = finite(Key{path, position_a}, spec.position_a);
    joint.frame_b.translation() = finite(Key{path, position_b}, spec.position_b);
    const Vec3 axis = direction(Key{path, "axis"}, spec.axis);
    auto refuse_key = [&](const char* key, bool given, const char* why) {
      if (given) refuse(Key{path, key}, std::string("a ") + type + " clearance joint takes no " + key + why);
    };
    // A shape's problem (its material unknown) is the joint's.
    auto shape = [&](const ShapeSpec& shape_spec, int body_index) {
      return compile_shape(shape_spec, path, body_index, *shape_spec.name);
    };
    std::vector<int>& shapes = clearance_shapes_.emplace_back();
    if (revolute) {
      refuse_key("normal", spec.normal.has_value(), " (that is the translational joint's)");
      refuse_key("half_length", spec.half_length.has_value(), " (the journal is a sphere: give its radius or the clearance)");
      refuse_key("half_height", spec.half_height.has_value(), "");
      refuse_key("half_width", spec.half_width.has_value(), "");
      const double bearing = checked(Key{path, "bearing_radius"}, spec.bearing_radius, std::nullopt, "a positive bearing radius [m]", positive);
      if (spec.journal_radius && spec.clearance) refuse(Key{path, "clearance"}, "give either journal_radius or clearance, not both");
      double journal = 0.0;
      if (spec.journal_radius) {
        journal = checked(Key{path, "journal_radius"}, spec.journal_radius, std::nullopt, "a positive journal radius [m]", positive);
        if (!(journal < bearing)) {
          refuse(Key{path, "journal_radius"}, "the journal (" + number_text(journal) + " m) must be smaller than the bearing (" +
                                                  number_text(bearing) + " m): their difference is the clearance");
        }
      } else {
        const double c = checked(Key{path, "clearance"}, spec.clearance, std::nullopt,
                                 "a positive radial clearance [m] (or journal_radius)", positive);
        if (!(c < bearing)) {
          refuse(Key{path, "clearance"}, "the clearance (" + number_text(c) + " m) leaves no journal in a bearing of radius " +
                                             number_text(bearing) + " m");
        }
        journal = bearing - c;
        joint.clearance = c;  // as given, not bearing − journal's round-off
      }
      if (spec.journal_radius) joint.clearance = bearing - journal;
      const double length = checked(Key{path, "length"}, spec.length, std::nullopt, "the bearing's positive length [m]", positive);
      ShapeSpec journal_shape = clearance_shape(joint.name + "_journal", "sphere", joint.frame_a.translation(), spec.material);
      journal_shape.radius = journal;
      ShapeSpec bearing_shape = clearance_shape(joint.name + "_bearing", "hole", joint.frame_b.translation(), spec.material);
      bearing_shape.radius = bearing;
      bearing_shape.length = length;
      bearing_shape.axis = axis;
      shapes = {shape(journal_shape, joint.body_a), shape(bearing_shape, joint.body_b)};
      joint.frame_b.linear() = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), axis).toRotationMatrix();
    } else {
      refuse_key("bearing_radius", spec.bearing_radius.has_value(), "");
      refuse_key("journal_radius", spec.journal_radius.has_value(), "");
      refuse_key("length", spec.length.has_value(), " (give half_length)");
      if (!spec.normal) refuse(Key{path, "normal"}, "missing required key: expected the guides' normal, across the sliding axis", SpecProblemAt::kMissing);
      const Vec3 normal = direction(Key{path, "normal"}, *spec.normal);
      if (std::abs(normal.dot(axis)) > kPerpendicularTolerance) {
        refuse(Key{path, "normal"}, "the guides' normal must be perpendicular to the sliding axis (their cosine is " +
                                        number_text(normal.dot(axis)) + ")");
      }
      const double half_length = checked(Key{path, "half_length"}, spec.half_length, std::nullopt, "a positive half-length [m]", positive);
      const double half_height = checked(Key{path, "half_height"}, spec.half_height, std::nullopt, "a positive half-height [m]", positive);
      const double half_width = checked(Key{path, "half_width"}, spec.half_width, half_height, "a positive half-width [m]", positive);
      joint.clearance = checked(Key{path, "clearance"}, spec.clearance, std::nullopt,
                                "a positive clearance [m] (the guides' gap less the slider's height)", positive);
      Mat3 frame;
      frame << axis, normal, axis.cross(normal);
      joint.frame_b.linear() = frame;
      joint.frame_a.linear() = frame;  // the slider's frame taken parallel to the guide's where the box is placed
      ShapeSpec box = clearance_shape(joint.name + "_slider", "box", joint.frame_a.translation(), spec.material);
      box.half_extents = Vec3(half_length, half_height, half_width);
      box.rotation = rotation_spec(frame);
      // The guides: halfspaces whose boundaries are half the gap from the mid-line, each solid on the far side.
      const double half_gap = half_height + 0.5 * joint.clearance;
      ShapeSpec upper = clearance_shape(joint.name + "_upper_guide", "halfspace",
                                        joint.frame_b.translation() + half_gap * normal, spec.material);
      upper.normal = -normal;
      ShapeSpec lower = clearance_shape(joint.name + "_lower_guide", "halfspace",
                                        joint.frame_b.translation() - half_gap * normal, spec.material);
      lower.normal = normal;
      shapes = {shape(box, joint.body_a), shape(upper, joint.body_b), shape(lower, joint.body_b)};
    }
    scene_.clearances.push_back(std::move(joint));
  }
}

void SceneCompiler::compile_clearance_pairs() {
  for (std::size_t i = 0; i < scene_.clearances.size(); ++i) {
    const std::string path = "clearances[" + std::to_string(i) + "]";
    const PairSpec& contact = spec_.clearances[i].contact;
    const BlockSettings settings = compile_settings(&contact, path);
    const std::vector<int>& shapes = clearance_shapes_[i];
    for (std::size_t k = 1; k < shapes.size(); ++k) {
      scene_.clearances[i].pairs.push_back(scene_.model.contact.pairs.size());
      compile_pair(shapes[0], shapes[k], settings, path);
      request_calibration(&contact, path);
    }
  }
}

}  // namespace contactlab::compile
