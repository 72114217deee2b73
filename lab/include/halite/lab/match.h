// Playing whole games between planners: the one game loop that `halite play`,
// `halite arena`, `halite tune` and the tests share.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "halite/json_codec.h"
#include "halite/search/planner.h"

namespace halite::lab {

// How much each planner may spend per turn. Milliseconds set a deadline;
// iterations set a cap (deterministic with a seed). Both may be given.
struct TurnBudget {
  double milliseconds = 0;  // 0: no deadline
  int64_t iterations = 0;   // 0: no cap
  search::Budget start() const;     // a search::Budget starting now
};

struct MatchOptions {
  Config config;            // random_seed chooses the board
  TurnBudget budget;
  bool record = false;      // keep every state and action (for replays)
};

struct MatchResult {
  std::vector<double> rewards;      // Kaggle's final reward per player (failures: -inf)
  std::vector<Status> statuses;
  std::vector<int> ranks;           // 0 = first; equal rewards share a rank
  std::vector<double> banks;        // final bank per player
  int states = 0;                   // len(steps) in the replay
  std::vector<std::vector<double>> turn_ms;  // per player: wall time of each plan()
  std::vector<std::string> errors;  // per player: what a planner threw (then ERROR), else ""
  // With record: states[t] and actions[t][p] (what p answered to t - 1).
  std::vector<State> recorded_states;
  std::vector<std::vector<Json>> recorded_actions;
  Json replay(const std::vector<std::string>& team_names, const std::string& id) const;
};

// Plays one game from State::initial(options.config, planners.size()). A
// planner that throws gets ERROR, as Kaggle treats an agent that raises.
// planners.size() must be 1, 2 or 4. Planners are reset() first.
MatchResult play_match(const std::vector<search::Planner*>& planners, const MatchOptions& options);

// Ranks by reward, higher first; failures last. Equal rewards share a rank.
std::vector<int> rank_players(const std::vector<double>& rewards);

}  // namespace halite::lab
