// A whole Halite III game on this engine: the turn loop the reference's
// HaliteImpl::run_game plays (inspiration, the players' commands, the turn,
// the end check; after the last turn finish_game() and the ranking), with
// the commands from any source (bots, a recorded replay) and, optionally,
// the game written as a replay (replay_writer.h).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3 {

class ReplayRecorder;

// Every player's commands for the turn `state` is at (state.turn turns
// resolved, ships' inspiration set); one entry per player, removed players'
// ignored.
using TurnCommands = std::function<std::vector<PlayerCommands>(const State& state)>;

// A player the engine removed during a game (its bot errored, or a command
// was invalid), and the turn it was removed in (1 = the first turn).
struct GameRemoval {
  int turn = 0;
  Removal removal;
};

struct GameOutcome {
  State final_state;                  // after finish_game()
  std::vector<int> ranks;             // per player, 1 = first
  std::vector<GameRemoval> removals;  // in turn order
  std::vector<int64_t> random_ids;
  int64_t execution_ms = 0;  // wall-clock time of the game
};

// Plays from `start` until the game ends (constants.max_turns turns, or
// check_game_end()). `map_seed` draws the tie-break ids as the reference
// draws them. With a recorder, every turn is recorded and the recorder
// finished.
GameOutcome play_game(const State& start, const Constants& constants, uint32_t map_seed, const TurnCommands& decide,
                      ReplayRecorder* recorder = nullptr);

// The reference's tie-break ids (game_statistics' random_id): the first
// draws of a std::mt19937 seeded with the map seed, one per player in
// player order.
std::vector<int64_t> tie_break_ids(uint32_t map_seed, int players);

// The reference's DEFAULT_MAP_WIDTH and _HEIGHT for a seed (written in every
// replay's constants, whatever the size played): one of 32, 40, 48, 56 and
// 64, by the first draw of a std::mt19937 seeded with it.
int default_map_side(uint32_t map_seed);

}  // namespace halite3
