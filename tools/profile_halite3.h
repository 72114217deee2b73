// `halite profile --game halite3`: one Halite III game between greedy seats
// on this project's engine, and what its turns cost: each seat's decide(),
// a copy of the engine's state and the turn's resolution.
#pragma once

#include "command.h"

namespace halite::tools {

int profile_halite3(const Flags& flags);

// The usage lines `halite profile --help` adds for --game halite3.
extern const char* const kProfileHalite3Usage;

}  // namespace halite::tools
