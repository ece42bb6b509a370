// SPDX-License-Identifier: MIT
// Whether a law, with the parameters a scene compiled for it, is another law in disguise: a damped law whose
// damping parameters are all zero is the elastic law of its stiffness, and a comparison must say so rather than
// present the elastic law's numbers as the damped law's own (docs/output.md, "compare").
#pragma once

#include <string>

#include "scenes/scene.h"

namespace contactlab {

// The elastic law (registry family "elastic") that every contact of `scene` reduces to, or "" when some contact
// dissipates, its law is itself elastic, or the law's force cannot be probed without a simulation (continuous
// internal states). Decided from the compiled parameters alone: the law's force is evaluated over loading and
// unloading at several impact velocities and must equal the elastic law's at every probe.
std::string elastic_equivalent(const Scene& scene);

}  // namespace contactlab
