// Halite III games in the lab: seats of the Halite III planners (search3/),
// named by the player specs Halite IV's planners take (arena.h's
// PlayerSpec, `greedy:k=v,...`), one game played on the project's engine
// (engine3/'s play_game) with each seat's time per turn, its result a
// MatchResult that the arena sums up as it sums up a Halite IV game.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "halite3/constants.h"
#include "halite3/game.h"
#include "halite3/search/planner.h"
#include "halite3/search/policy_params.h"
#include "halite3/state.h"

namespace halite3 {
class ReplayRecorder;
}

namespace halite::lab {

// The default Halite III planner: the greedy cell-scoring policy (the
// others: halite3::search::planner_names()).
inline constexpr std::string_view kHalite3Greedy = halite3::search::kGreedyPlanner;
// The official map sides, which an arena without a fixed size plays in turn.
inline constexpr std::array<int, 5> kHalite3Sides = {32, 40, 48, 56, 64};
// The most turns a Halite III game is given (--turns): far past any
// official game (500).
inline constexpr int64_t kHalite3MaxTurns = 100'000;

// A Halite III seat: the planner a spec names, its parameters, and the
// seed its randomness is drawn from.
struct Halite3Seat {
  std::string planner;
  search::Params params;
  uint64_t seed = 0;
};

// The seat a Halite III spec (PlayerSpec::parse with Game::Halite3) gives,
// seeded with the spec's `seed=N` or else `seed`. Throws search::ParamError
// naming the spec for an unknown planner, an unknown parameter or a value out
// of its range.
Halite3Seat halite3_seat(const PlayerSpec& spec, uint64_t seed = 0);
// The greedy policy's parameters of a spec's seat: the greedy planner's own,
// or those of the policy a search planner is anchored on.
halite3::search::PolicyParams halite3_policy_params(const PlayerSpec& spec);

// A game's start: the official constants for the map (its turn count
// `turns` unless 0) and the generated map. Throws std::invalid_argument
// naming the size when the map generator refuses it (a side it does not
// split into tiles for that many players, or past 64).
struct Halite3Start {
  halite3::Constants constants;
  halite3::State state;
};
Halite3Start halite3_start(uint32_t map_seed, int size, int players, int64_t turns);
// Checks that a map side (0: the official sides in turn, which every
// player count splits) and a turn count (0: the official count) make games
// for `players`: throws std::invalid_argument naming what is wrong.
void check_halite3_map(uint32_t map_seed, int size, int players, int64_t turns);

struct Halite3Match {
  // rewards: each bank at the end (a removed player's: -inf, as a failed
  // Halite IV seat's); ranks: the engine's, from 0; banks; states: the turns
  // played; turn_ms: each seat's decide() in ms; errors: why the engine
  // removed a seat ("turn T: ..."), else ""; aborted: the turn the engine
  // refused (CapacityError), after which the rest is the last state's.
  MatchResult result;
  halite3::State final_state;  // after finish_game(), or the last state of an aborted game
};

// What play_halite3_match shows of each turn: the state the players saw
// (inspiration set) and every player's commands for it.
using Halite3TurnObserver =
    std::function<void(const halite3::State& state, const std::vector<halite3::PlayerCommands>& commands)>;

// Plays one game from `start` (drawn from `map_seed`, which also draws the
// engine's tie-break ids), seat p the planner of seats[p], made for this
// game, each turn within `budget` (a search planner with neither deadline
// nor cap uses its default_iterations). A planner that throws is a bot
// error (its seat removed, the exception's message kept). With a recorder,
// every turn is recorded and, unless the game is aborted, the recorder
// finished; with on_turn, it sees every turn.
Halite3Match play_halite3_match(const Halite3Start& start, uint32_t map_seed, const std::vector<Halite3Seat>& seats,
                                const TurnBudget& budget = {}, halite3::ReplayRecorder* recorder = nullptr,
                                const Halite3TurnObserver& on_turn = {});

}  // namespace halite::lab
