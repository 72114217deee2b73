#include "halite/lab/halite3_match.h"

#include <chrono>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "halite/value.h"
#include "halite3/mapgen.h"
#include "halite3/replay_writer.h"

namespace halite::lab {

Halite3Seat halite3_seat(const PlayerSpec& spec, uint64_t seed) {
  Halite3Seat seat{spec.planner, {}, spec.seed ? *spec.seed : seed};
  try {
    seat.params = halite3::search::planner_params(spec.planner);
    for (const std::string& assignment : spec.overrides) seat.params.set_from_string(assignment);
  } catch (const search::ParamError& e) {
    throw search::ParamError("player '" + spec.label + "': " + e.what());
  }
  return seat;
}

halite3::search::PolicyParams halite3_policy_params(const PlayerSpec& spec) {
  return halite3::search::PolicyParams::from(halite3_seat(spec).params);
}

Halite3Start halite3_start(uint32_t map_seed, int size, int players, int64_t turns) {
  Halite3Start start{halite3::Constants::for_map(size, size), {}};
  if (turns > 0) start.constants.max_turns = turns;
  try {
    start.state = halite3::generate_game(map_seed, size, size, players, start.constants);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("--size " + std::to_string(size) + ": " + e.what());
  }
  return start;
}

void check_halite3_map(uint32_t map_seed, int size, int players, int64_t turns) {
  if (size < 0 || size > halite3::kMaxSide)
    throw std::invalid_argument("Halite III map side must be 1 to " + std::to_string(halite3::kMaxSide) +
                                " (0: the official sides in turn)");
  if (turns < 0 || turns > kHalite3MaxTurns)
    throw std::invalid_argument("Halite III turns must be 1 to " + std::to_string(kHalite3MaxTurns) +
                                " (0: the official count)");
  if (size != 0) halite3_start(map_seed, size, players, turns);
}

namespace {

// The result's per-player figures from a state: each bank, a removed
// player's reward -inf.
void set_banks(MatchResult& result, const halite3::State& s) {
  for (int p = 0; p < s.player_count; ++p) {
    const double bank = static_cast<double>(s.players[p].halite);
    result.banks.push_back(bank);
    result.rewards.push_back(s.players[p].removed ? -std::numeric_limits<double>::infinity() : bank);
    result.statuses.push_back(s.players[p].removed ? Status::Error : Status::Done);
  }
}

}  // namespace

Halite3Match play_halite3_match(const Halite3Start& start, uint32_t map_seed, const std::vector<Halite3Seat>& seats,
                                const TurnBudget& budget, halite3::ReplayRecorder* recorder,
                                const Halite3TurnObserver& on_turn) {
  const int players = start.state.player_count;
  if (static_cast<int>(seats.size()) != players)
    throw std::invalid_argument(std::to_string(seats.size()) + " seats for " + std::to_string(players) + " players");
  std::vector<std::unique_ptr<halite3::search::Planner>> planners;
  for (const Halite3Seat& seat : seats)
    planners.push_back(halite3::search::make_planner(seat.planner, seat.params, seat.seed));
  Halite3Match match;
  MatchResult& result = match.result;
  result.turn_ms.assign(static_cast<size_t>(players), {});
  result.errors.assign(static_cast<size_t>(players), "");
  std::vector<std::string> thrown(static_cast<size_t>(players));
  halite3::State last = start.state;  // the state of the turn being played, kept if the engine refuses it
  const auto decide = [&](const halite3::State& state) {
    last = state;
    std::vector<halite3::PlayerCommands> commands(static_cast<size_t>(players));
    for (int p = 0; p < players; ++p) {
      if (state.players[p].removed) continue;
      const auto t0 = std::chrono::steady_clock::now();
      try {
        commands[p].commands = planners[p]->decide(state, start.constants, p, budget.start());
      } catch (const std::exception& e) {
        commands[p].bot_error = true;
        thrown[p] = e.what();
      }
      result.turn_ms[p].push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    if (on_turn) on_turn(state, commands);
    return commands;
  };
  try {
    halite3::GameOutcome outcome = halite3::play_game(start.state, start.constants, map_seed, decide, recorder);
    match.final_state = outcome.final_state;
    set_banks(result, match.final_state);
    for (const int rank : outcome.ranks) result.ranks.push_back(rank - 1);
    for (const halite3::GameRemoval& r : outcome.removals) {
      const std::string& why = thrown[r.removal.player].empty() ? r.removal.reason : thrown[r.removal.player];
      result.errors[r.removal.player] = "turn " + std::to_string(r.turn) + ": " + why;
    }
  } catch (const halite3::CapacityError& e) {
    match.final_state = last;
    result.aborted = "turn " + std::to_string(last.turn + 1) + ": " + e.what();
    set_banks(result, last);
    result.ranks = halite::rank_players(result.rewards);
  }
  result.states = match.final_state.turn;
  return match;
}

}  // namespace halite::lab
