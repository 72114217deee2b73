// The state-free fallback: an answer computed straight from an observation's
// JSON, for the turns on which the engine cannot hold the position (more
// units than its caps, a board the configuration does not describe, ...).
// Without a State it cannot simulate; it plays a plain miner that never
// collides its own ships, so that such a turn costs a turn, not the game.
#pragma once

#include <string>

#include "halite/json_codec.h"

namespace halite::bot {

// The answer line ({"<unit id>": "<action>", ...}) for `observation` (whose
// "player" is an integer) under `config`. Never throws: anything it cannot
// read is skipped, and in the worst case the answer is "{}".
std::string stateless_fallback(const Json& observation, const Config& config);

}  // namespace halite::bot
