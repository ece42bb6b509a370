// SPDX-License-Identifier: MIT
// libFuzzer target for the front door: YAML text → load_scene_text (parse, duplicate keys, variables,
// expressions, size estimate, compile). Every input must either compile or be rejected with a SceneError;
// anything else (a crash, a sanitizer report, another exception, a leak, a hang) is a bug. Also built with a
// plain driver (replay_main.cc) that replays the corpus as a CTest. Build with -DCONTACTLAB_FUZZ=ON and clang;
// docs/scenes.md ("Robustness") gives the commands.
#include <cstddef>
#include <cstdint>
#include <string>

#include "scenes/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  contactlab::SceneOptions options;
  // However high a scene sets its own limits: a fuzzer's process has a few hundred MB.
  options.ceiling.memory_bytes = 2e8;
  options.ceiling.output_bytes = 1e9;
  options.load_plugins = false;  // a scene must not make the fuzzer load libraries
  try {
    const contactlab::Scene scene = contactlab::load_scene_text(text, "fuzz.yaml", options);
    (void)scene;
  } catch (const contactlab::SceneError&) {
    // rejected with a message: the expected outcome for malformed input
  }
  return 0;
}
