// `halite play --game halite3`: one Halite III game on this project's engine
// (engine3/) between seats of the greedy Halite III policy (search3/),
// written as an official-format .hlt replay (replay_writer.h); and the
// `--game` flag the commands that play either game share.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "command.h"
#include "halite/lab/halite3_match.h"

namespace halite::tools {

// --game: halite4 (the default) or halite3; anything else a UsageError.
lab::Game game_flag(const Flags& flags);
// With --game halite3: the flags that mean something in Halite IV alone (a
// planner's budget, episode steps, the Python agents' clock, traces, the
// viewer) refused with a UsageError naming the first one given.
void refuse_halite4_flags(const Flags& flags);
// With --game halite4: --turns (Halite III's turn count) refused.
void refuse_halite3_flags(const Flags& flags);
// `specs` parsed as Halite III seats of games of `players` (parse_player_spec
// with Game::Halite3: NAME[:k=v,...] or NAME@FILE[:k=v,...]); a bad one is a
// UsageError naming it after `flag`.
std::vector<lab::PlayerSpec> parse_halite3_specs(const std::vector<std::string>& specs, const std::string& flag,
                                                 int players);

// --size and --turns of the commands that play many Halite III games
// (`halite arena`, `halite tune`): a map side, or 0 for the official sides
// in turn; a turn count, or 0 for each size's official count. A value out
// of range is a UsageError naming the flag.
struct Halite3MapFlags {
  int size = 0;
  int64_t turns = 0;
};
Halite3MapFlags halite3_map_flags(const Flags& flags);
// Those games in words: "40x40, 300 turns", or "sizes 32 to 64 in turn,
// official turns".
std::string halite3_map_text(int size, int64_t turns);

// The planners' budget a turn: --budget-ms (a deadline) and --iterations (a
// cap), each 0 (none) when absent.
lab::TurnBudget turn_budget_flags(const Flags& flags);

// One Halite III game as --players, --size, --seed, --turns, --agents,
// --budget-ms and --iterations give it (`halite play` and `halite profile` with --game halite3); a bad
// value is a UsageError naming it.
struct Halite3GameFlags {
  uint32_t seed = 1;
  int size = 32;
  lab::Halite3Start start;
  std::vector<std::string> names;  // the seats' specs
  std::vector<lab::Halite3Seat> seats;
  lab::TurnBudget budget;  // --iterations, --budget-ms
};
Halite3GameFlags halite3_game_from_flags(const Flags& flags);

// The flags every `halite play` takes; those of Halite IV alone are refused
// here with a UsageError naming them.
int play_halite3(const Flags& flags);

// The usage lines `halite play --help` adds for --game halite3.
extern const char* const kPlayHalite3Usage;

}  // namespace halite::tools
