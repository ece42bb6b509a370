// SPDX-License-Identifier: MIT
// libFuzzer target for the front door: YAML text → load_scene_text (parse, variables, expressions, compile).
// Every input must either compile or be rejected with a SceneError; anything else (a crash, a sanitizer
// report, another exception, a hang) is a bug. Build with -DCONTACTLAB_FUZZ=ON and clang; run with
//   build-fuzz/tests/fuzz/scene_fuzzer tests/fuzz/corpus -max_total_time=600
#include <cstddef>
#include <cstdint>
#include <string>

#include "scenes/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    contactlab::Scene scene = contactlab::load_scene_text(text, "fuzz.yaml");
    // Guard against inputs that would make the fuzzer allocate gigabytes for state vectors.
    (void)scene;
  } catch (const contactlab::SceneError&) {
    // rejected with a message: the expected outcome for malformed input
  }
  return 0;
}
