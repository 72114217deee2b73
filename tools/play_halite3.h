// `halite play --game halite3`: one Halite III game on this project's engine
// (engine3/) between seats of the greedy Halite III policy (search3/),
// written as an official-format .hlt replay (replay_writer.h).
#pragma once

#include "command.h"

namespace halite::tools {

// The flags every `halite play` takes; those of Halite IV alone are refused
// here with a UsageError naming them.
int play_halite3(const Flags& flags);

// The usage lines `halite play --help` adds for --game halite3.
extern const char* const kPlayHalite3Usage;

}  // namespace halite::tools
