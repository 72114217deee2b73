#include "halite3/game.h"

#include <array>
#include <chrono>
#include <random>

#include "halite3/replay_writer.h"

namespace halite3 {

std::vector<int64_t> tie_break_ids(uint32_t map_seed, int players) {
  std::mt19937 rng(map_seed);
  std::vector<int64_t> ids;
  for (int p = 0; p < players; ++p) ids.push_back(rng());
  return ids;
}

int default_map_side(uint32_t map_seed) {
  // main.cpp's choice, by a generator of its own seeded the same way.
  constexpr std::array<int, 5> kSides = {32, 40, 48, 56, 64};
  std::mt19937 rng(map_seed);
  return kSides[rng() % kSides.size()];
}

GameOutcome play_game(const State& start, const Constants& constants, uint32_t map_seed, const TurnCommands& decide,
                      ReplayRecorder* recorder) {
  const auto started = std::chrono::steady_clock::now();
  GameOutcome outcome{start, {}, {}, tie_break_ids(map_seed, start.player_count), 0};
  State& s = outcome.final_state;
  BankHistory history;
  history.record(s);
  if (recorder) recorder->start(s);
  while (s.turn < constants.max_turns) {
    update_inspiration(s, constants);
    const std::vector<PlayerCommands> commands = decide(s);
    const State before = s;
    for (Removal& removal : resolve_turn(s, constants, commands))
      outcome.removals.push_back({s.turn, std::move(removal)});
    history.record(s);
    if (recorder) recorder->turn(before, commands, s);
    if (check_game_end(s, constants)) break;
  }
  finish_game(s, constants);
  history.record(s);
  outcome.ranks = rank_players(s, history, outcome.random_ids);
  outcome.execution_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
  if (recorder) recorder->finish(s, outcome.ranks, outcome.execution_ms);
  return outcome;
}

}  // namespace halite3
