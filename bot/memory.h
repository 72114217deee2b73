// What the bot remembers across the turns of one game: per-player
// statistics read off consecutive observations, and its own previous plan.
//
// Observations carry no statuses and no history; memory compares each
// observation with the previous one (when it is the very next step) to count
// spawns, conversions and losses, and counts how often each opponent's ships
// stand next to ours. Planners do not read it yet; it is the place for
// opponent modelling to grow, and its summary goes to stderr at game end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "halite/state.h"

namespace halite::bot {

struct PlayerStats {
  int turns_seen = 0;
  int ships_spawned = 0;
  int ships_converted = 0;
  int ships_lost = 0;           // vanished without converting (collisions, shipyard hits)
  int shipyards_lost = 0;
  int64_t ship_turns = 0;       // sum over observed turns of the player's ship count
  int64_t adjacent_ship_turns = 0;  // of those, ships standing next to (or on) one of ours
  int max_ships = 0;
  double last_bank = 0;
  // How often an opponent ship is next to one of ours (0 for ourselves).
  double adjacency_rate() const { return ship_turns ? static_cast<double>(adjacent_ship_turns) / static_cast<double>(ship_turns) : 0; }
};

class GameMemory {
 public:
  void reset(int num_players, int me);
  // Reads the observation of a new turn (call before planning).
  void observe(const State& state);
  // Remembers what the bot answered this turn.
  void record_plan(int step, const State::Orders& orders, const std::string& planner);

  int me() const { return me_; }
  int num_players() const { return static_cast<int>(stats_.size()); }
  const PlayerStats& stats(int player) const { return stats_[static_cast<size_t>(player)]; }
  const State::Orders& previous_plan() const { return plan_; }
  int previous_plan_step() const { return plan_step_; }
  const std::string& previous_planner() const { return plan_planner_; }
  // Turns in which the observation did not follow the previous one (a gap).
  int gaps() const { return gaps_; }
  std::string summary() const;

 private:
  int me_ = 0;
  std::vector<PlayerStats> stats_;
  std::optional<State> previous_;  // the last observation (heap: State is large)
  State::Orders plan_;
  int plan_step_ = -1;
  std::string plan_planner_;
  int gaps_ = 0;
};

}  // namespace halite::bot
