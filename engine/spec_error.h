// SPDX-License-Identifier: MIT
// A scene specification that cannot be compiled (engine/scene_spec.h): where, as the key path of a scene file
// (`bodies[0].mass`, `contacts.pairs[1].shapes[0]`, `materials.steel`), and what is wrong. A scene file's loader
// reports it at that key's line and column (scenes/).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace contactlab {

// What at the key path is wrong: its value; the key itself, a name a scene file writes as a key (a material's, a
// law parameter's); or nothing, a value that should be given is not (a scene file reports it at the enclosing map).
enum class SpecProblemAt : std::uint8_t { kValue, kKey, kMissing };

class SpecError : public std::invalid_argument {
 public:
  SpecError(std::string key_path, std::string problem, SpecProblemAt at = SpecProblemAt::kValue);
  const std::string& key_path() const { return key_path_; }
  const std::string& problem() const { return problem_; }
  SpecProblemAt at() const { return at_; }

 private:
  std::string key_path_;
  std::string problem_;
  SpecProblemAt at_;
};

}  // namespace contactlab
