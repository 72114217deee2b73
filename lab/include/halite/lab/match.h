// Playing whole games: the one game loop that `halite play`, `halite arena`,
// `halite tune`, the bot's local referee (`halite_bot --vs`) and the tests
// share. Seats are Agents: a planner at a per-turn budget, or anything else
// that answers for a player each turn (the bot as a child process).
#pragma once

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "halite/json_codec.h"
#include "halite/search/planner.h"
#include "halite/value.h"

namespace halite::lab {

// How much each planner may spend per turn. Milliseconds set a deadline;
// iterations set a cap (deterministic with a seed). Both may be given.
struct TurnBudget {
  double milliseconds = 0;       // 0: no deadline
  int64_t iterations = 0;        // 0: no cap
  search::Budget start() const;  // a search::Budget starting now
};

struct MatchOptions {
  Config config;        // random_seed chooses the board
  TurnBudget budget;    // for the planner overload of play_match
  bool record = false;  // keep every state and action (for replays)
};

// One seat's answer for one turn, as Kaggle's runner sees it.
struct AgentAnswer {
  State::Orders orders;  // the player's orders (used when status is Active)
  // The answer as the agent gave it, recorded as it is in replays (Kaggle keeps
  // the raw answer, ignored keys included). Empty: the staged orders are written.
  std::optional<Json> action;
  Status status = Status::Active;  // Error / Invalid / Timeout: the agent failed this turn
  std::string why;                 // what failed, for the log
};

// One seat of a game. The match loop asks each active seat in player order,
// times the answer, and applies a failure as Kaggle's runner does: the
// player's units act with no orders that turn, then are removed.
class Agent {
 public:
  virtual ~Agent() = default;
  // A game starts; the agent plays `player` under `config`.
  virtual void new_game(const Config& config, int player) = 0;
  virtual AgentAnswer act(const State& state, int player) = 0;
};

// A trace file being written (docs/viewer.md, The trace format): one JSON
// line per plan() of every seat that writes to it, as `halite view --trace`
// reads it.
class TraceFile {
 public:
  // Creates (truncates) `path`; throws std::runtime_error naming it when it cannot.
  explicit TraceFile(const std::string& path);
  // One line; throws std::runtime_error naming the file when the write fails.
  void write(const search::TurnReasons& reasons);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::ofstream out_;
};

// A planner at a fixed per-turn budget (a planner that throws fails with
// ERROR). With a trace, the planner explains every turn (set_explaining)
// and its reasons are written there; its orders are the same either way.
class PlannerAgent final : public Agent {
 public:
  PlannerAgent(search::Planner& planner, TurnBudget budget, TraceFile* trace = nullptr)
      : planner_(planner), budget_(budget), trace_(trace) {
    planner_.set_explaining(trace != nullptr);
  }
  void new_game(const Config&, int) override { planner_.reset(); }
  // A trace that cannot be written throws (out of play_match): lost reasons
  // are not a move the seat failed to make.
  AgentAnswer act(const State& state, int player) override;

 private:
  search::Planner& planner_;
  TurnBudget budget_;
  TraceFile* trace_;
};

struct MatchResult {
  std::vector<double> rewards;  // Kaggle's final reward per player (failures: -inf)
  std::vector<Status> statuses;
  std::vector<int> ranks;                    // 0 = first; equal rewards share a rank (halite::rank_players)
  std::vector<double> banks;                 // final bank per player
  int states = 0;                            // len(steps) in the replay
  std::vector<std::vector<double>> turn_ms;  // per player: wall time of each plan()
  std::vector<std::string> errors;           // per player: why it failed (ERROR / INVALID / TIMEOUT), else ""
  // Why the game stopped before its end, else "": the engine refused a turn
  // (its capacity, CapacityError). Rewards, ranks and banks are then those
  // of the last state, and the arena does not count the game.
  std::string aborted;
  // With record: states[t] and actions[t][p] (what p answered to t - 1).
  std::vector<State> recorded_states;
  std::vector<std::vector<Json>> recorded_actions;
  Json replay(const std::vector<std::string>& team_names, const std::string& id) const;
};

// Plays one game from State::initial(options.config, agents.size()), after
// calling new_game on every agent. agents.size() must be 1, 2 or 4. Never
// throws for what happens in the game (failed agents, an aborted game): those
// are in the result. A trace that cannot be written throws.
MatchResult play_match(const std::vector<Agent*>& agents, const MatchOptions& options);
// The same with every seat a PlannerAgent at options.budget.
MatchResult play_match(const std::vector<search::Planner*>& planners, const MatchOptions& options);

}  // namespace halite::lab
